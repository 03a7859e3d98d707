import Foundation
import TabulaUIKit
import TabulaCore

/// Rects, index paths and scrolling to a row. Every lookup is O(log n).
extension UITableView {
    private func validSection(_ section: Int, _ operation: String) -> Bool {
        loadIfNeeded()
        if section >= 0 && section < geometry.numberOfSections { return true }
        report(.init(.indexOutOfRange, "\(operation): section \(section) does not exist; the table has "
                     + "\(geometry.numberOfSections) sections."))
        return false
    }

    func validIndexPath(_ indexPath: IndexPath, _ operation: String) -> Bool {
        guard indexPath.count == 2 else {
            report(.init(.indexOutOfRange, "\(operation): \(indexPath) is not a table index path (section, row)."))
            return false
        }
        guard validSection(indexPath.section, operation) else { return false }
        let rows = geometry.numberOfRows(inSection: indexPath.section)
        if indexPath.row >= 0 && indexPath.row < rows { return true }
        report(.init(.indexOutOfRange, "\(operation): row \(indexPath.row) does not exist in section "
                     + "\(indexPath.section), which has \(rows) rows."))
        return false
    }

    private func rect(_ span: Span) -> CGRect {
        CGRect(x: 0, y: CGFloat(span.y), width: bounds.width, height: CGFloat(span.height))
    }

    /// The section from the top of its header to the bottom of its footer, in the table's
    /// coordinates (`.zero` and an error for a section that does not exist).
    public func rect(forSection section: Int) -> CGRect {
        validSection(section, "rect(forSection:)") ? rect(geometry.sectionSpan(section)) : .zero
    }

    /// The header of `section` at its place in the content, in the table's coordinates (height
    /// 0 when it has none; `.zero` and an error for a section that does not exist). A floating
    /// plain-style header can be drawn lower.
    ///
    /// - Complexity: O(1).
    public func rectForHeader(inSection section: Int) -> CGRect {
        validSection(section, "rectForHeader(inSection:)") ? rect(geometry.headerSpan(section)) : .zero
    }

    /// The footer of `section` at its place in the content, in the table's coordinates (height
    /// 0 when it has none; `.zero` and an error for a section that does not exist). A floating
    /// plain-style footer can be drawn higher.
    ///
    /// - Complexity: O(1).
    public func rectForFooter(inSection section: Int) -> CGRect {
        validSection(section, "rectForFooter(inSection:)") ? rect(geometry.footerSpan(section)) : .zero
    }

    /// The row's rect; with estimates, a row not yet shown has its estimated place.
    public func rectForRow(at indexPath: IndexPath) -> CGRect {
        guard validIndexPath(indexPath, "rectForRow(at:)") else { return .zero }
        return rect(geometry.rowSpan(row: indexPath.row, section: indexPath.section))
    }

    /// The row under `point` (table coordinates), or nil over a header, footer or nothing.
    public func indexPathForRow(at point: CGPoint) -> IndexPath? {
        loadIfNeeded()
        guard point.x >= 0, point.x < bounds.width,
              let (s, r) = geometry.rowLocation(atOffset: Double(point.y)) else { return nil }
        return IndexPath(row: r, section: s)
    }

    /// The rows `rect` crosses, in order.
    public func indexPathsForRows(in rect: CGRect) -> [IndexPath]? {
        loadIfNeeded()
        return geometry.items(from: Double(rect.minY), to: Double(rect.maxY)).rows
            .map { IndexPath(row: $0.row, section: $0.section) }
    }

    /// The row a cell on screen shows, or nil.
    public func indexPath(for cell: UITableViewCell) -> IndexPath? {
        // The row the books say the cell shows, if it shows it on screen.
        guard let path = store.owners[ObjectKey(cell)], store.visible[path] === cell else { return nil }
        return path
    }

    /// The cells on screen, top to bottom.
    public var visibleCells: [UITableViewCell] {
        store.visible.rowKeys.sorted().compactMap { store.visible[$0] }
    }

    /// The rows on screen, top to bottom.
    public var indexPathsForVisibleRows: [IndexPath]? {
        // Sorted as packed keys (one integer comparison each, in index path order), not
        // as index paths: an app that asks every frame pays for the sort.
        store.visible.rowKeys.sorted().map(\.indexPath)
    }

    /// The cell showing `indexPath`, or nil when that row is not on screen.
    public func cellForRow(at indexPath: IndexPath) -> UITableViewCell? {
        guard validIndexPath(indexPath, "cellForRow(at:)") else { return nil }
        return store.visible[indexPath]
    }

    /// The header view on screen for `section`, if it is a UITableViewHeaderFooterView.
    public func headerView(forSection section: Int) -> UITableViewHeaderFooterView? {
        store.header(section) as? UITableViewHeaderFooterView
    }

    /// The footer view on screen for `section`, if it is a UITableViewHeaderFooterView.
    public func footerView(forSection section: Int) -> UITableViewHeaderFooterView? {
        store.footer(section) as? UITableViewHeaderFooterView
    }

    /// Scrolls so that the row is at the top, middle or bottom (or, with `.none`, just
    /// visible). Without animation it lands exactly, also with estimated heights: the
    /// rows it lands on are measured and the offset set again until it holds. Animated,
    /// it follows the row as rows measured on the way (or a batch update) move it, and
    /// lands on it. O(log n).
    public func scrollToRow(at indexPath: IndexPath, at scrollPosition: ScrollPosition, animated: Bool) {
        guard validIndexPath(indexPath, "scrollToRow(at:at:animated:)") else { return }
        layoutIfNeeded()
        if animated {
            // What lies between is measured as it scrolls past (keeping the screen
            // still), and the target follows the row (UITableView+OffsetSettling.swift).
            let target = targetOffset(for: indexPath, scrollPosition)
            setContentOffset(target, animated: true)
            rowScrollTarget = animatedScrollTarget == target ? (indexPath, scrollPosition, target) : nil
            return
        }
        for _ in 0 ..< 4 {
            let target = targetOffset(for: indexPath, scrollPosition)
            if target == contentOffset { break }
            setContentOffset(target, animated: false)
            layoutIfNeeded()
        }
    }

    func targetOffset(for indexPath: IndexPath, _ position: ScrollPosition) -> CGPoint {
        let row = geometry.rowSpan(row: indexPath.row, section: indexPath.section)
        let inset = adjustedContentInset
        // In plain style the section header floats over the top of the rows.
        let floatingHeader = style == .plain ? geometry.sections[indexPath.section].headerHeight : 0
        let visibleHeight = Double(bounds.height - inset.vertical)
        var y: Double
        switch position {
        case .top: y = row.y - floatingHeader - Double(inset.top)
        case .middle: y = row.y + row.height / 2 - visibleHeight / 2 - Double(inset.top)
        case .bottom: y = row.maxY - visibleHeight - Double(inset.top)
        case .none:
            let top = Double(contentOffset.y + inset.top) + floatingHeader
            let bottom = Double(contentOffset.y) + Double(bounds.height - inset.bottom)
            if row.y < top { y = row.y - floatingHeader - Double(inset.top) }
            else if row.maxY > bottom { y = row.maxY - visibleHeight - Double(inset.top) }
            // Already visible: no scrolling, except back inside the content (from a bounce).
            else { return clampedContentOffset(contentOffset) }
        }
        return clampedContentOffset(CGPoint(x: contentOffset.x, y: CGFloat(y)))
    }
}
