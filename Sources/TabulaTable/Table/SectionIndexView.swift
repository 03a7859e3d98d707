import Foundation
import TabulaUIKit
import TabulaCore

/// The section index bar at the right edge (A–Z in English). It stays put while the
/// content scrolls; touching or dragging along it steps through the titles, scrolling to
/// each one's section. It is as wide as its widest title, and the rows keep clear of it.
@MainActor
/// A drag along the bar is the bar's: it steps through the titles, and the table's pan,
/// swipe and long-press recognizers never see it (UIKit's index is a control).
final class SectionIndexView: UIView, KeepsTouchesFromAncestorRecognizers {
    weak var tableView: UITableView?
    var titles: [String] = [] { didSet { if titles != oldValue { setNeedsDisplay() } } }
    /// The narrowest the bar gets: room for one capital letter and a margin either side.
    static let minimumWidth: CGFloat = 16
    /// Room on each side of the widest title.
    static let titleMargin: CGFloat = 3
    static let font = UIFont.systemFont(ofSize: 11, weight: .semibold)
    /// The last index touched (for tests and to avoid scrolling twice to one title).
    private(set) var lastTouchedIndex: Int?

    override init(frame: CGRect) {
        super.init(frame: frame)
        isOpaque = false
        contentMode = .redraw
    }

    required init?(coder: NSCoder) { return nil }

    /// The bar's width for `titles`: the widest title with its margins, at least
    /// ``minimumWidth``. The last answer is kept, as the titles rarely change.
    static func width(for titles: [String]) -> CGFloat {
        guard !titles.isEmpty else { return 0 }
        if let cached = widthCache, cached.titles == titles { return cached.width }
        let widest = titles.map { TextLayout(text: $0, font: font.font, maximumNumberOfLines: 1).size.width }.max() ?? 0
        let width = max(minimumWidth, (widest + 2 * titleMargin).rounded(.up))
        widthCache = (titles, width)
        return width
    }
    private static var widthCache: (titles: [String], width: CGFloat)?

    /// Height of one title's line: the titles are spread over the bar, at most 15 points apart.
    var lineHeight: CGFloat {
        guard !titles.isEmpty else { return 0 }
        return min(15, bounds.height / CGFloat(titles.count))
    }

    private var firstLineY: CGFloat { (bounds.height - lineHeight * CGFloat(titles.count)) / 2 }

    /// The title index at `y` in the bar, clamped to the first and last.
    func titleIndex(atY y: CGFloat) -> Int? {
        guard !titles.isEmpty, lineHeight > 0 else { return nil }
        let i = Int(((y - firstLineY) / lineHeight).rounded(.down))
        return min(max(i, 0), titles.count - 1)
    }

    /// Scrolls the table to the section of the title at `y`.
    func touch(atY y: CGFloat) {
        guard let index = titleIndex(atY: y), index != lastTouchedIndex, let table = tableView else { return }
        lastTouchedIndex = index
        table.scrollToSectionIndexTitle(at: index)
    }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        lastTouchedIndex = nil
        if let tracking = tableView?.sectionIndexTrackingBackgroundColor { backgroundColor = tracking }
        if let first = touches.first { touch(atY: first.location(in: self).y) }
    }

    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        if let first = touches.first { touch(atY: first.location(in: self).y) }
    }

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { endTracking() }

    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { endTracking() }

    private func endTracking() {
        lastTouchedIndex = nil
        backgroundColor = tableView?.sectionIndexBackgroundColor
    }

    override func draw(_ rect: CGRect) {
        guard let ctx = UIGraphicsGetCurrentContext() else { return }
        let color = (tableView?.sectionIndexColor ?? tintColor ?? .systemBlue).cgColor
        for (i, title) in titles.enumerated() {
            // Clipping, not truncating: the bar is as wide as the widest title.
            let layout = TextLayout(text: title, font: Self.font.font, width: bounds.width, maximumNumberOfLines: 1,
                                    lineBreakMode: .byClipping, alignment: .center)
            if title == UITableView.indexSearch {
                let center = CGPoint(x: bounds.midX, y: firstLineY + (CGFloat(i) + 0.5) * lineHeight)
                let symbol = UIImage(systemName: "magnifyingglass",
                                     withConfiguration: UIImage.SymbolConfiguration(pointSize: 9, weight: .semibold))
                if let symbol {
                    let size = symbol.size
                    symbol.withTintColor(UIColor(cgColor: color)).draw(in: CGRect(
                        x: center.x - size.width / 2, y: center.y - size.height / 2, width: size.width, height: size.height))
                }
                continue
            }
            let y = firstLineY + CGFloat(i) * lineHeight + (lineHeight - layout.size.height) / 2
            ctx.draw(layout, at: CGPoint(x: 0, y: y), color: color)
        }
    }
}

extension UITableView {
    /// Shows, hides and pins the index bar.
    func layoutSectionIndex() {
        let rows = (0..<geometry.numberOfSections).reduce(0) { $0 + geometry.numberOfRows(inSection: $1) }
        guard !indexTitles.isEmpty, rows >= sectionIndexMinimumDisplayRowCount else {
            indexView?.removeFromSuperview()
            indexView = nil
            return
        }
        let view = indexView ?? {
            let view = SectionIndexView(frame: .zero)
            view.tableView = self
            view.backgroundColor = sectionIndexBackgroundColor
            indexView = view
            return view
        }()
        view.titles = indexTitles
        let inset = adjustedContentInset
        let width = sectionIndexWidth
        // Inside the right safe area (a landscape iPhone's sensor housing), where the
        // rows' content stops short of it too.
        view.frame = CGRect(x: contentOffset.x + bounds.width - width - safeAreaInsets.right,
                            y: contentOffset.y + inset.top, width: width,
                            height: max(0, bounds.height - inset.vertical))
        if view.superview !== self || subviews.last !== view { addSubview(view) }
    }

    /// The index bar (for tests); nil when there are no titles.
    var sectionIndexView: SectionIndexView? { indexView }

    /// The room the index bar takes at the right edge (0 without titles); the rows'
    /// content and separators stop short of it.
    var sectionIndexWidth: CGFloat { SectionIndexView.width(for: indexTitles) }

    /// Scrolls so that the section the data source names for title `index` is at the top.
    func scrollToSectionIndexTitle(at index: Int) {
        guard let dataSource, index < indexTitles.count else { return }
        if indexTitles[index] == UITableView.indexSearch {
            setContentOffset(CGPoint(x: contentOffset.x, y: -adjustedContentInset.top), animated: false)
            return
        }
        let section = dataSource.tableView(self, sectionForSectionIndexTitle: indexTitles[index], at: index)
        guard section >= 0 && section < geometry.numberOfSections else {
            report(.init(.indexOutOfRange, "tableView(_:sectionForSectionIndexTitle:at:) returned section \(section) "
                         + "for \"\(indexTitles[index])\"; the table has \(geometry.numberOfSections) sections."))
            return
        }
        let y = geometry.sectionSpan(section).y - Double(adjustedContentInset.top)
        setContentOffset(clampedContentOffset(CGPoint(x: contentOffset.x, y: CGFloat(y))), animated: false)
    }
}

extension UITableView {
    /// Asks the data source for its section index titles again and redraws the index bar
    /// (without reloading any row), as when the titles change while the sections do not.
    public func reloadSectionIndexTitles() {
        indexTitles = dataSource?.sectionIndexTitles(for: self) ?? []
        setNeedsLayout()
    }

    /// Scrolls so that the selected row nearest to `scrollPosition`'s place on screen (the
    /// top, middle or bottom of the visible area) is there; nothing when no row is
    /// selected. `.none` scrolls as little as makes that row visible.
    public func scrollToNearestSelectedRow(at scrollPosition: ScrollPosition, animated: Bool) {
        guard let selected = indexPathsForSelectedRows, !selected.isEmpty else { return }
        let visible = bounds.inset(by: adjustedContentInset)
        let target: CGFloat = switch scrollPosition {
        case .top: visible.minY
        case .bottom: visible.maxY
        case .middle, .none: visible.midY
        }
        let nearest = selected.min { a, b in
            abs(rectForRow(at: a).midY - target) < abs(rectForRow(at: b).midY - target)
        }!
        scrollToRow(at: nearest, at: scrollPosition, animated: animated)
    }
}
