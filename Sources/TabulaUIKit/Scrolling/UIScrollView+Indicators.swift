import Foundation
import TabulaCore

/// A thin rounded bar showing which part of the content is on screen.
@MainActor
package final class ScrollIndicator: UIView {
    enum Axis { case vertical, horizontal }
    let axis: Axis
    static let thickness: CGFloat = 3
    static let margin: CGFloat = 3
    static let minimumLength: CGFloat = 36

    init(axis: Axis) {
        self.axis = axis
        super.init(frame: .zero)
        backgroundColor = UIColor(white: 0, alpha: 0.35)
        layer.cornerRadius = Self.thickness / 2
        isUserInteractionEnabled = false
        alpha = 0
    }

    required init?(coder: NSCoder) { return nil }
}

/// Scroll indicators appear while the content moves and fade out 0.5 s after it stops.
extension UIScrollView {
    static let indicatorFadeDelay: TimeInterval = 0.5
    static let indicatorFadeDuration: TimeInterval = 0.25

    func installIndicators() {
        addSubview(verticalIndicator)
        addSubview(horizontalIndicator)
    }

    /// Whether an indicator is shown (or fading) now.
    public var isShowingScrollIndicators: Bool {
        verticalIndicator.alpha > 0 || horizontalIndicator.alpha > 0
    }

    /// Shows the indicators briefly, as UIKit's `flashScrollIndicators()`.
    public func flashScrollIndicators() {
        showIndicators()
        hideIndicators()
    }

    /// Shows the indicators of the axes asked for that scroll and are shown.
    func showIndicators(horizontal: Bool = true, vertical: Bool = true) {
        for indicator in [verticalIndicator, horizontalIndicator] {
            indicator.layer.removeAllAnimations()
            let wanted = indicator.axis == .vertical
                ? vertical && showsVerticalScrollIndicator && maximumContentOffset.y > minimumContentOffset.y
                : horizontal && showsHorizontalScrollIndicator && maximumContentOffset.x > minimumContentOffset.x
            UIView.performWithoutAnimation { indicator.alpha = wanted ? 1 : 0 }
            if wanted && subviews.last !== indicator { bringSubviewToFront(indicator) }
        }
        layoutIndicators()
    }

    func hideIndicators() {
        for indicator in [verticalIndicator, horizontalIndicator] where indicator.alpha > 0 {
            UIView.animate(withDuration: Self.indicatorFadeDuration, delay: Self.indicatorFadeDelay,
                           options: [.beginFromCurrentState, .allowUserInteraction],
                           animations: { indicator.alpha = 0 })
        }
    }

    func updateIndicators() {
        if verticalIndicator.alpha > 0 || horizontalIndicator.alpha > 0 { layoutIndicators() }
    }

    /// Places the indicators in content coordinates so they appear fixed at the edges:
    /// length in proportion to the part of the content shown, shorter while bouncing.
    /// The insets of an indicator's track: the automatic part of the adjusted content
    /// inset (the safe area, the bars, a refresh control — not the content inset) when
    /// ``automaticallyAdjustsScrollIndicatorInsets``, plus the indicator's own insets.
    private func indicatorTrackInsets(_ own: UIEdgeInsets) -> UIEdgeInsets {
        let adjusted = adjustedContentInset, content = contentInset
        let automatic = automaticallyAdjustsScrollIndicatorInsets
            ? UIEdgeInsets(top: adjusted.top - content.top, left: adjusted.left - content.left,
                           bottom: adjusted.bottom - content.bottom, right: adjusted.right - content.right)
            : .zero
        return UIEdgeInsets(top: automatic.top + own.top, left: automatic.left + own.left,
                            bottom: automatic.bottom + own.bottom, right: automatic.right + own.right)
    }

    func layoutIndicators() {
        let inset = adjustedContentInset
        let vertical = indicatorTrackInsets(verticalScrollIndicatorInsets)
        let horizontal = indicatorTrackInsets(horizontalScrollIndicatorInsets)
        let t = ScrollIndicator.thickness, m = ScrollIndicator.margin
        UIView.performWithoutAnimation {
            if verticalIndicator.alpha > 0 {
                let frame = indicatorSpan(
                    offset: contentOffset.y, lo: minimumContentOffset.y, hi: maximumContentOffset.y,
                    viewport: bounds.height, content: contentSize.height + inset.vertical,
                    trackStart: vertical.top + m, trackLength: bounds.height - vertical.top - vertical.bottom - 2 * m - t)
                verticalIndicator.frame = CGRect(x: contentOffset.x + bounds.width - m - t - vertical.right,
                                                 y: contentOffset.y + frame.start, width: t, height: frame.length)
            }
            if horizontalIndicator.alpha > 0 {
                let frame = indicatorSpan(
                    offset: contentOffset.x, lo: minimumContentOffset.x, hi: maximumContentOffset.x,
                    viewport: bounds.width, content: contentSize.width + inset.horizontal,
                    trackStart: horizontal.left + m, trackLength: bounds.width - horizontal.left - horizontal.right - 2 * m - t)
                horizontalIndicator.frame = CGRect(x: contentOffset.x + frame.start,
                                                   y: contentOffset.y + bounds.height - m - t - horizontal.bottom,
                                                   width: frame.length, height: t)
            }
        }
    }

    private func indicatorSpan(offset: CGFloat, lo: CGFloat, hi: CGFloat, viewport: CGFloat, content: CGFloat,
                               trackStart: CGFloat, trackLength: CGFloat) -> (start: CGFloat, length: CGFloat) {
        guard trackLength > 0, content > 0 else { return (trackStart, 0) }
        var length = max(ScrollIndicator.minimumLength, trackLength * min(1, viewport / content))
        let overshoot = offset < lo ? lo - offset : (offset > hi ? offset - hi : 0)
        length = max(ScrollIndicator.thickness * 2, length - overshoot)
        let progress = hi > lo ? min(max((offset - lo) / (hi - lo), 0), 1) : 0
        return (trackStart + progress * (trackLength - length), min(length, trackLength))
    }
}
