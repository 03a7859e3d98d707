import Foundation
import TabulaUIKit
import TabulaCore

/// The separators of empty rows under the last row of a plain table (UIKit's filler
/// rows): they continue the list to the bottom of the screen, so that a short list
/// reads as a list. Grouped tables, tables with a ``UITableView/tableFooterView``,
/// `separatorStyle == .none` and `fillerRowHeight == 0` have none.
///
/// One view draws them, behind the cells, from the end of the content down one screen;
/// it scrolls with the content, so a bounce past the end shows more of it. Its lines
/// stay put relative to the content, so it only redraws when the height, the inset,
/// the colour or the scale changes.
@MainActor
final class FillerRowsView: UIView {
    struct Lines: Equatable {
        var spacing: CGFloat
        var left: CGFloat
        var right: CGFloat
        var color: UIColor
    }
    var lines: Lines? { didSet { if lines != oldValue { setNeedsDisplay() } } }

    override init(frame: CGRect) {
        super.init(frame: frame)
        isOpaque = false
        isUserInteractionEnabled = false
        contentMode = .redraw
    }

    required init?(coder: NSCoder) { return nil }

    override func draw(_ rect: CGRect) {
        guard let lines, lines.spacing > 0, let ctx = UIGraphicsGetCurrentContext() else { return }
        let hairline = 1 / (window?.screenScale ?? 1)
        ctx.setFillColor(lines.color.cgColor)
        var y = lines.spacing
        while y - hairline < bounds.height {
            ctx.fill(CGRect(x: lines.left, y: y - hairline, width: max(0, bounds.width - lines.left - lines.right),
                            height: hairline))
            y += lines.spacing
        }
    }
}

extension UITableView {
    /// The spacing of the filler rows now, or nil when the table shows none.
    var fillerRowSpacing: CGFloat? {
        guard style == .plain, tableFooterView == nil, separatorStyle != .none, fillerRowHeight != 0 else { return nil }
        if fillerRowHeight > 0 { return fillerRowHeight }
        // automaticDimension: the height of the table's last row.
        for section in stride(from: geometry.numberOfSections - 1, through: 0, by: -1) {
            let rows = geometry.numberOfRows(inSection: section)
            if rows > 0 { return max(1, CGFloat(geometry.rowSpan(row: rows - 1, section: section).height)) }
        }
        return rowHeight > 0 ? rowHeight : 44
    }

    /// Places the filler rows under the content, or removes them.
    func layoutFillerRows() {
        guard let spacing = fillerRowSpacing, bounds.height > 0 else {
            fillerView?.removeFromSuperview()
            fillerView = nil
            return
        }
        let view = fillerView ?? FillerRowsView(frame: .zero)
        fillerView = view
        let automaticLeft = separatorInsetReference == .fromAutomaticInsets ? UITableViewCell.defaultMargin : 0
        // In landscape the rows' separators start past the side safe area, and so do these.
        let safeSides = insetsContentViewsToSafeArea ? (left: safeAreaInsets.left, right: safeAreaInsets.right) : (left: 0, right: 0)
        // With the cells' margins at the readable width, their separators start further in.
        let readable = readableInset(rowWidth: rowWidth, sides: safeSides)
        view.lines = .init(spacing: spacing, left: safeSides.left + readable + automaticLeft + separatorInset.left,
                           right: separatorInset.right + max(sectionIndexWidth, safeSides.right),
                           color: separatorColor ?? .separator)
        view.frame = CGRect(x: 0, y: CGFloat(geometry.contentHeight), width: bounds.width, height: bounds.height)
        if view.superview !== self {
            // Behind the cells (and above the background view), so that rows sliding
            // over the end of the content during an update cover the lines.
            if let backgroundView, backgroundView.superview === self {
                insertSubview(view, aboveSubview: backgroundView)
            } else {
                insertSubview(view, at: 0)
            }
        }
    }
}
