import Foundation
import TabulaCore

/// Zooming: a pinch (or code) scales the delegate's `viewForZooming(in:)` with a scale
/// transform, and the content size follows the view's scaled frame, as in UIKit.
///
/// The zoomed view's frame origin stays where it was; the point of the content under the
/// fingers stays under them (and follows them when they move together). Past the limits
/// the scale follows the fingers less and less (when ``bouncesZoom``) and springs back
/// to the limit when they lift, in ``zoomBounceDuration``.
extension UIScrollView {
    /// How long a zoom takes to spring back to a limit, and an animated zoom takes.
    static let zoomBounceDuration: TimeInterval = 0.3

    /// ``setZoomScale(_:animated:)``.
    func zoomScaleRequested(_ scale: CGFloat, animated: Bool) {
        guard scale.isFinite, scale > 0 else {
            return reportProblem("\(type(of: self)).setZoomScale(_:animated:): \(scale) is not a positive finite "
                                 + "scale; the zoom was not changed")
        }
        guard let view = zoomView else { return }
        let target = min(max(scale, minimumZoomScale), maximumZoomScale)
        let focus = CGPoint(x: bounds.width / 2, y: bounds.height / 2)
        let anchor = zoomAnchor(atVisible: focus, in: view)
        let offset = clampedOffset(zoomedOffset(anchor: anchor, visible: focus, scale: target, in: view),
                                   scale: target, in: view)
        zoom(view, to: target, offset: offset, animated: animated)
    }

    /// ``zoom(to:animated:)``.
    /// A rectangle of no width or height zooms in as far as the maximum allows, about its
    /// middle; a null one, or one with a NaN or infinite number, is reported and ignored.
    func zoomRequested(to rect: CGRect, animated: Bool) {
        guard !rect.isNull, rect.origin.x.isFinite, rect.origin.y.isFinite, rect.width.isFinite,
              rect.height.isFinite else {
            return reportProblem("\(type(of: self)).zoom(to:animated:): \(rect) is not a finite rectangle; the zoom "
                                 + "was not changed")
        }
        guard let view = zoomView else { return }
        let rect = rect.standardized
        // Division by a width or height of 0 gives infinity: as far in as the maximum allows.
        let fit = min(bounds.width / rect.width, bounds.height / rect.height)
        guard !fit.isNaN else { return }  // a view of no size, asked to show a rectangle of no size
        let scale = min(max(fit, minimumZoomScale), maximumZoomScale)
        let origin = zoomOrigin(of: view)
        let centre = CGPoint(x: origin.x + rect.midX * scale, y: origin.y + rect.midY * scale)
        let offset = clampedOffset(CGPoint(x: centre.x - bounds.width / 2, y: centre.y - bounds.height / 2),
                                   scale: scale, in: view)
        zoom(view, to: scale, offset: offset, animated: animated)
    }

    var zoomView: UIView? { delegate?.viewForZooming(in: self) }

    /// Whether `limit` can be a zoom limit (a positive finite scale); reports it when not.
    func checkedZoomLimit(_ limit: CGFloat, _ property: String) -> Bool {
        guard !(limit.isFinite && limit > 0) else { return true }
        reportProblem("\(type(of: self)).\(property) cannot be \(limit): a zoom limit is a positive finite scale; "
                      + "the limit was not changed")
        return false
    }

    private func zoom(_ view: UIView, to scale: CGFloat, offset: CGPoint, animated: Bool) {
        zoomAnimation?.cancel()
        zoomAnimation = nil
        if animated, window != nil, scale != currentZoomScale || offset != contentOffset {
            let animation = ZoomAnimation(from: (currentZoomScale, contentOffset), to: (scale, offset),
                                          start: FrameEngine.clock(of: layer).now, duration: Self.zoomBounceDuration)
            zoomAnimation = animation
            animation.run(on: self)
        } else {
            applyZoom(scale, to: view)
            applyContentOffset(offset)
        }
    }

    // MARK: Geometry

    /// Where the zoom view's frame begins: it stays there at every scale.
    func zoomOrigin(of view: UIView) -> CGPoint { view.frame.origin }

    /// Scales `view` to `scale` about its frame origin, sets the content size to its frame
    /// and tells the delegate.
    func applyZoom(_ scale: CGFloat, to view: UIView) {
        let origin = zoomOrigin(of: view)
        let size = view.bounds.size
        view.transform = CGAffineTransform(scaleX: scale, y: scale)
        let anchor = view.layer.anchorPoint
        view.center = CGPoint(x: origin.x + size.width * scale * anchor.x, y: origin.y + size.height * scale * anchor.y)
        currentZoomScale = scale
        contentSize = view.frame.size
        delegate?.scrollViewDidZoom(self)
    }

    /// The zoom view's own point (unscaled) shown at `visible` (a point of the scroll view's frame).
    func zoomAnchor(atVisible visible: CGPoint, in view: UIView) -> CGPoint {
        let origin = zoomOrigin(of: view)
        return CGPoint(x: (contentOffset.x + visible.x - origin.x) / currentZoomScale,
                       y: (contentOffset.y + visible.y - origin.y) / currentZoomScale)
    }

    /// The offset that shows the zoom view's `anchor` at `visible` when zoomed to `scale`.
    func zoomedOffset(anchor: CGPoint, visible: CGPoint, scale: CGFloat, in view: UIView) -> CGPoint {
        let origin = zoomOrigin(of: view)
        return CGPoint(x: origin.x + anchor.x * scale - visible.x, y: origin.y + anchor.y * scale - visible.y)
    }

    /// `offset` clamped to the scroll range the content has at `scale`.
    func clampedOffset(_ offset: CGPoint, scale: CGFloat, in view: UIView) -> CGPoint {
        let size = CGSize(width: view.bounds.width * scale, height: view.bounds.height * scale)
        let inset = adjustedContentInset
        let lo = CGPoint(x: -inset.left, y: -inset.top)
        let hi = CGPoint(x: max(lo.x, size.width + inset.right - bounds.width),
                         y: max(lo.y, size.height + inset.bottom - bounds.height))
        return CGPoint(x: min(max(offset.x, lo.x), hi.x), y: min(max(offset.y, lo.y), hi.y))
    }

    // MARK: Pinching

    /// Adds the pinch recognizer once zooming is possible (maximum above minimum).
    func updatePinchRecognizer() {
        guard pinchGestureRecognizer == nil, maximumZoomScale > minimumZoomScale else { return }
        let pinch = UIPinchGestureRecognizer()
        pinch.addTarget { [unowned self] recognizer in self.handlePinch(recognizer as! UIPinchGestureRecognizer) }
        pinchGestureRecognizer = pinch
        addGestureRecognizer(pinch)
    }

    private func handlePinch(_ pinch: UIPinchGestureRecognizer) {
        guard let view = zoomView else { return }
        let fingers = pinch.location(in: self)
        let visible = CGPoint(x: fingers.x - contentOffset.x, y: fingers.y - contentOffset.y)
        switch pinch.state {
        case .began:
            zoomAnimation?.cancel()
            zoomAnimation = nil
            if motion != nil { stopMotion(notify: false) }
            isZooming = true
            isZoomBouncing = false
            delegate?.scrollViewWillBeginZooming(self, with: view)
            pinchAnchor = (zoomAnchor(atVisible: visible, in: view), currentZoomScale)
            fallthrough
        case .changed:
            guard let start = pinchAnchor else { return }
            let scale = bandedZoomScale(start.scale * pinch.scale)
            applyZoom(scale, to: view)
            applyContentOffset(clampedOffset(zoomedOffset(anchor: start.point, visible: visible, scale: scale, in: view),
                                             scale: scale, in: view))
        case .ended, .cancelled:
            pinchAnchor = nil
            endZooming(view, focus: visible)
        default:
            break
        }
    }

    /// The scale a pinch to `raw` shows: past a limit it follows a quarter of the way in
    /// ratio terms when ``bouncesZoom``, or stops at the limit.
    private func bandedZoomScale(_ raw: CGFloat) -> CGFloat {
        let lo = minimumZoomScale, hi = maximumZoomScale
        guard raw.isFinite, raw > 0 else { return currentZoomScale }
        if raw > hi { return bouncesZoom ? hi * CGFloat(Foundation.pow(Double(raw / hi), 0.25)) : hi }
        if raw < lo { return bouncesZoom ? lo * CGFloat(Foundation.pow(Double(raw / lo), 0.25)) : lo }
        return raw
    }

    /// The fingers lifted: springs back inside the limits if needed, then tells the delegate.
    private func endZooming(_ view: UIView, focus: CGPoint) {
        let limit = min(max(currentZoomScale, minimumZoomScale), maximumZoomScale)
        guard limit != currentZoomScale else {
            isZooming = false
            delegate?.scrollViewDidEndZooming(self, with: view, atScale: currentZoomScale)
            return
        }
        isZoomBouncing = true
        let anchor = zoomAnchor(atVisible: focus, in: view)
        let offset = clampedOffset(zoomedOffset(anchor: anchor, visible: focus, scale: limit, in: view),
                                   scale: limit, in: view)
        let animation = ZoomAnimation(from: (currentZoomScale, contentOffset), to: (limit, offset),
                                      start: FrameEngine.clock(of: layer).now, duration: Self.zoomBounceDuration)
        animation.onEnd = { [unowned self] in
            isZoomBouncing = false
            isZooming = false
            delegate?.scrollViewDidEndZooming(self, with: view, atScale: limit)
        }
        zoomAnimation = animation
        animation.run(on: self)
    }
}

/// An animated zoom: scale and offset move together, eased out, frame by frame on the
/// scroll view's host clock. It is its own frame-ticker owner, apart from the scroll
/// view's deceleration.
@MainActor
final class ZoomAnimation {
    let from: (scale: CGFloat, offset: CGPoint)
    let to: (scale: CGFloat, offset: CGPoint)
    let start: TimeInterval
    let duration: TimeInterval
    var onEnd: (() -> Void)?

    init(from: (CGFloat, CGPoint), to: (CGFloat, CGPoint), start: TimeInterval, duration: TimeInterval) {
        self.from = from
        self.to = to
        self.start = start
        self.duration = duration
    }

    func run(on scrollView: UIScrollView) {
        FrameEngine.of(scrollView.layer).ticker.add(self) { [weak self, weak scrollView] t in
            guard let self, let scrollView else { return false }
            return self.step(scrollView, at: t)
        }
    }

    func cancel() { FrameEngine.removeFrameWork(of: self) }

    private func step(_ scrollView: UIScrollView, at t: TimeInterval) -> Bool {
        guard let view = scrollView.zoomView else { return false }
        let f = duration > 0 ? min(max((t - start) / duration, 0), 1) : 1
        let x = CGFloat(TimingCurve.easeOut.value(at: f))
        scrollView.applyZoom(from.scale + (to.scale - from.scale) * x, to: view)
        scrollView.applyContentOffset(CGPoint(x: from.offset.x + (to.offset.x - from.offset.x) * x,
                                              y: from.offset.y + (to.offset.y - from.offset.y) * x))
        guard f >= 1 else { return true }
        if scrollView.zoomAnimation === self { scrollView.zoomAnimation = nil }
        onEnd?()
        return false
    }
}
