import Foundation
import TabulaUIKit
import TabulaCore

/// Which rows, headers and footers are on screen, and the views that show them.
///
/// Each layout pass: (1) ask the geometry what the viewport shows; (2) measure the rows
/// in it that still count at their estimate, keeping the first already-measured row on
/// screen (the anchor) where it was (`ViewportSolver`: it measures what comes into view
/// until nothing changes, and returns one offset correction); (3) release the cells of
/// rows that left and place cells for rows that came, then the headers and footers,
/// floating in plain style.
extension UITableView {
    /// The content rows are placed against: the viewport in content coordinates.
    private var viewport: (top: Double, bottom: Double) {
        (Double(contentOffset.y), Double(contentOffset.y + bounds.height))
    }

    func layoutTableParts() {
        let width = bounds.width
        if let header = tableHeaderView {
            if geometry.tableHeaderHeight != Double(header.frame.height) {
                geometry.setTableHeaderHeight(Double(header.frame.height))
            }
            header.frame = CGRect(x: 0, y: 0, width: width, height: header.frame.height)
        }
        if let footer = tableFooterView {
            if geometry.tableFooterHeight != Double(footer.frame.height) {
                geometry.setTableFooterHeight(Double(footer.frame.height))
            }
            footer.frame = CGRect(x: 0, y: CGFloat(geometry.tableFooterSpan.y), width: width, height: footer.frame.height)
        }
        backgroundView?.frame = CGRect(origin: contentOffset, size: bounds.size)
        updateContentSize()
    }

    /// Sets the content size from the geometry. When the content shrinks under an offset
    /// that was inside it (rows measured shorter than their estimate, say) and nothing
    /// holds or moves it, the offset is brought back inside after this layout's tiling;
    /// an offset set past the end on purpose stays, as in UIKit.
    func updateContentSize() {
        let size = CGSize(width: bounds.width, height: CGFloat(geometry.contentHeight))
        guard contentSize != size else { return }
        let oldMaximum = maximumContentOffset.y
        contentSize = size
        if contentOffset.y > maximumContentOffset.y, contentOffset.y <= oldMaximum + 0.5 {
            phase.requestOffsetSettling()
            setNeedsLayout()
        }
    }

    /// Shows the rows, headers and footers in the viewport. `settling`: the offset also
    /// ends inside the content at the bottom (a reload's, see UITableView+OffsetSettling).
    ///
    /// The cells, headers and footers the tiling adds and removes do not ask for the
    /// table's layout again: the tiling has placed them (a second pass in the same frame
    /// found nothing to do, and cost as much as the first).
    func tile(settling: Bool = false) {
        layer.changingSublayersWithoutRelayout {
            collectingHeightProblems { tileNow(settling: settling) }
        }
    }

    private func tileNow(settling: Bool) {
        let previous = phase.enter(tilingActivity)
        defer { phase.leave(restoring: previous) }
        var items = geometry.items(from: viewport.top, to: viewport.bottom)
        // Cells that left go to the pool first, so the rows that came can reuse them.
        recycleCells(keeping: items.rows)
        // Measuring can bring more rows on screen (estimates too tall) or move the anchor.
        if let measured = measureRowsOnScreen(settling: settling, showing: items) { items = measured }
        placeRows(items.rows)
        store.raisePoolLimit(toHold: store.visible.count + 1)
        placeSupplements(items)
        // Measured but no longer on screen.
        for indexPath in Array(store.prepared.keys) {
            if let cell = store.takePrepared(indexPath) { enqueue(cell, notifying: nil, indexPath) }
        }
        store._checkInvariants()
        // The indicators showing stay over the rows, under the index (as in `chrome`: then
        // nothing moves when they already are).
        // (Loops, not `filter`: a main-actor closure handed to the standard library checks
        // its executor at each call, and this runs at every layout.)
        var front: [UIView] = []
        for indicator in [verticalIndicator as UIView, horizontalIndicator] where indicator.alpha > 0 { front.append(indicator) }
        if let indexView { front.append(indexView) }
        bringSubviewsToFront(front + viewsTheAppKeepsInFront())
    }

    /// Measures the rows on screen that count at their estimate. At the top the top stays
    /// put (rows below move); elsewhere the first measured row does, and rows above
    /// measured shorter cannot pull a resting offset past the top. Returns what the
    /// viewport shows then, or nil when nothing was measured. `items`: what it shows now.
    private func measureRowsOnScreen(settling: Bool, showing items: TableGeometry.VisibleItems) -> TableGeometry.VisibleItems? {
        let resting = !isTracking && motion == nil
        let solver = viewportSolver(anchor: .firstMeasuredRow(keepsTop: !isTracking),
                                    clamp: resting ? (settling ? .both : .top) : .none, measuring: .unmeasured)
        if solver.leavesUnchanged(geometry, visible: items, measures: sectionIsMeasured) { return nil }
        let solution = solver.solve(geometry, measures: sectionIsMeasured) { heightForMeasuring($0) }
        guard solution.passes > 0 || solution.correction != 0 else { return nil }
        apply(solution)
        if solution.passes > 0 { retargetScroll() }
        return Double(contentOffset.y) == solution.offset ? solution.visible
            : geometry.items(from: viewport.top, to: viewport.bottom)
    }

    /// A solver for the viewport as it is now (`ViewportSolver`).
    func viewportSolver(anchor: ViewportSolver.Anchor, clamp: ViewportSolver.Clamp,
                        measuring: ViewportSolver.Measuring) -> ViewportSolver {
        ViewportSolver(offset: Double(contentOffset.y), height: Double(bounds.height),
                       minimumOffset: Double(minimumContentOffset.y), bottomInset: Double(adjustedContentInset.bottom),
                       anchor: anchor, clamp: clamp, measuring: measuring)
    }

    /// Takes `solution`'s heights and applies its offset correction, once. Views still
    /// leaving from an update shift with the offset: they stay where they are on screen,
    /// as the rows around them do.
    func apply(_ solution: ViewportSolver.Solution) {
        if solution.passes > 0 {
            geometry = solution.geometry
            updateContentSize()
        }
        if solution.correction != 0 {
            shiftContentOffset(by: CGFloat(solution.correction))
            updateAnimator.shiftLeaving(by: CGFloat(solution.correction))
        }
    }

    /// The height of row `indexPath` measured in its cell (on screen, prepared, or asked
    /// for now), or nil without a data source.
    func heightForMeasuring(_ indexPath: IndexPath) -> Double? {
        guard let cell = store.visible[indexPath] ?? store.prepared[indexPath] ?? obtainCell(indexPath) else { return nil }
        return measuredHeight(of: indexPath, cell: cell)
    }

    /// Asks the data source for the cell of `indexPath`, checking it is not on screen for
    /// another row. Returns nil when there is no data source.
    func obtainCell(_ indexPath: IndexPath) -> UITableViewCell? {
        if let sliding = reclaimSlidingCell(for: indexPath) {
            // The row came back on screen while its cell was sliding off: that slide ends
            // and the cell goes to the pool, to be dequeued and filled like any other (the
            // row may have changed while its cell was off the books).
            store.endSliding(sliding)
            enqueue(sliding, notifying: tableDelegate, indexPath)
        }
        guard let dataSource else { return nil }
        var cell = inPhase(tilingActivity) { dataSource.tableView(self, cellForRowAt: indexPath) }
        if let other = takeReturnedCell(cell, for: indexPath) {
            report(.init(.cellReusedWhileVisible,
                "tableView(_:cellForRowAt:) returned for row \(indexPath.row) in section \(indexPath.section) the cell "
                + "already showing row \(other.row) in section \(other.section); a cell can show one row at a "
                + "time (dequeue a new one). An empty cell is shown instead."))
            cell = UITableViewCell(style: .default, reuseIdentifier: nil)
        }
        // Pulled from the pool by the app directly, it is in use now; in no view, it takes
        // the table's traits before it is measured.
        store.prepare(cell, for: indexPath)
        if cell.frame.width != rowWidth {
            // Not animated, even inside an animation block: the cell is not on screen yet.
            UIView.performWithoutAnimation { cell.frame.size.width = rowWidth }
        }
        return cell
    }

    /// The frame of a row's cell (inset in grouped styles).
    func cellFrame(row: Int, section: Int) -> CGRect {
        let span = geometry.rowSpan(row: row, section: section)
        return CGRect(x: rowInsets.left, y: CGFloat(span.y), width: rowWidth, height: CGFloat(span.height))
    }

    /// Where a row's cell is shown: its frame, moved aside while another row is dragged
    /// by its reorder control, or sideways while it is swiped open.
    func displayedFrame(of cell: UITableViewCell, row: Int, section: Int) -> CGRect {
        var frame = cellFrame(row: row, section: section)
        if interaction.reorder != nil { frame.origin.y += reorderShift(for: IndexPath(row: row, section: section)) }
        if dragAndDrop.target?.gap != nil { frame.origin.y += dropGapShift(for: IndexPath(row: row, section: section)) }
        if let swipe = interaction.swipe, swipe.cell === cell { frame.origin.x += swipe.offset }
        return frame
    }

    /// Takes the cells of rows not in `rows` off screen, into the pool.
    private func recycleCells(keeping rows: [(section: Int, row: Int)]) {
        let delegate = tableDelegate
        // The rows come in order (rows of no height left out): each shown row is looked
        // up by bisection, with no set of index paths hashed each frame.
        func wanted(_ indexPath: IndexPath) -> Bool {
            let key = (indexPath.section, indexPath.row)
            var low = 0, high = rows.count
            while low < high {
                let middle = (low + high) / 2
                if (rows[middle].section, rows[middle].row) < key { low = middle + 1 } else { high = middle }
            }
            return low < rows.count && rows[low].section == key.0 && rows[low].row == key.1
        }
        var leaving: [IndexPath] = []
        for indexPath in store.visible.keys where !wanted(indexPath) { leaving.append(indexPath) }
        // In row order: cells were added in row order, so each is found near the front.
        leaving.sort()
        for indexPath in leaving {
            guard let cell = store.takeVisible(indexPath) else { continue }
            enqueue(cell, notifying: delegate, indexPath)
        }
    }

    private func placeRows(_ rows: [(section: Int, row: Int)]) {
        let delegate = tableDelegate
        recycleCells(keeping: rows)
        // What must stay in front of the rows: the headers, footers and chrome, then the
        // views the app keeps in front of those. When it already is the front of the
        // subviews, in order, a new cell goes in just below it; otherwise cells are
        // appended and it is raised after. Either way the subviews end as the others, then it.
        // (Loops, not `filter` and `elementsEqual(_:by:)`: see `tileNow`.)
        var front: [UIView] = []
        for view in Array(store.shownSupplements) + chrome where view.superview === self { front.append(view) }
        front += viewsTheAppKeepsInFront(over: front)
        var frontInOrder = front.count <= subviews.count
        if frontInOrder {
            for (view, subview) in zip(front, subviews.suffix(front.count)) where view !== subview {
                frontInOrder = false
                break
            }
        }
        let below = frontInOrder ? front.first : nil
        var added = false
        for (s, r) in rows {
            let indexPath = IndexPath(row: r, section: s)
            let trailing = sectionIndexWidth
            if let cell = store.visible[indexPath] {
                cell.trailingInset = trailing
                if interaction.reorder?.cell !== cell {
                    // Most rows stand where they stood at the last tiling: setting a frame
                    // costs its bounds and centre setters (and their checks) for nothing.
                    let frame = displayedFrame(of: cell, row: r, section: s)
                    if cell.frame != frame { cell.frame = frame }
                }
                decorate(cell, row: r, section: s)
                continue
            }
            guard store.prepared[indexPath] != nil || obtainCell(indexPath) != nil else { continue }
            showPreparedCell(at: indexPath, notifying: delegate, below: below)
            added = true
        }
        if added { bringSupplementsToFront() }
    }

    /// Puts the cell prepared for `indexPath` on screen at its row, with the table's
    /// settings, and tells the delegate. It goes just below `below` when that is a
    /// subview, else in front of every subview (then headers, footers and indicators stay
    /// to be brought back in front of it).
    func showPreparedCell(at indexPath: IndexPath, notifying delegate: UITableViewDelegate?, below: UIView? = nil) {
        guard let cell = store.prepared[indexPath] else { return }
        let r = indexPath.row, s = indexPath.section
        // A cell that comes on screen during an animated layout (a rotation, an
        // animated scroll) appears in place; it does not fly in from wherever its
        // reused view was last, as in UIKit.
        UIView.performWithoutAnimation {
            // The table's own settings, before willDisplay so that it can override them.
            if cell.backgroundConfiguration == nil { cell.takeTableBackgroundColor(defaultCellBackgroundColor) }
            cell.separatorInset = separatorInset
            cell.separatorInsetIsFromAutomatic = separatorInsetReference == .fromAutomaticInsets
            cell.trailingInset = sectionIndexWidth
            cell.usesMultipleSelectionBackground = multipleSelectionNow
            if cell.isSelected != selectedRows.contains(indexPath) {
                cell.setSelected(selectedRows.contains(indexPath), animated: false)
            }
            if editingState || cell.isEditing { configureEditing(of: cell, at: indexPath, animated: false) }
            cell.frame = displayedFrame(of: cell, row: r, section: s)
            decorate(cell, row: r, section: s)
        }
        if let below, below.superview === self {
            insertSubview(cell, belowSubview: below)
        } else {
            addSubview(cell)
        }
        // Laid out once it is in the table (joining a view marks a view for layout, as in
        // UIKit; laid out before, it was laid out twice), and only the cell: the table may
        // be in the middle of its own layout.
        UIView.performWithoutAnimation { cell.layer.layoutSubtree() }
        store.show(indexPath)
        delegate?.tableView(self, willDisplay: cell, forRowAt: indexPath)
    }

    /// Separators, and the rounded ends of inset-grouped sections.
    private func decorate(_ cell: UITableViewCell, row: Int, section: Int) {
        if let hidden = dragHiddenRow {
            // The row being dragged inside its table: its picture is on the finger.
            cell.alpha = hidden == IndexPath(row: row, section: section) ? 0 : 1
        }
        let count = geometry.numberOfRows(inSection: section)
        let isLast = row == count - 1
        cell.separatorView.isHidden = separatorStyle == .none || (style != .plain && isLast)
        if let separatorColor, cell.separatorView.backgroundColor != separatorColor {
            cell.separatorView.backgroundColor = separatorColor
        }
        guard style == .insetGrouped else { return }
        var corners: CACornerMask = []
        if row == 0 { corners.formUnion([.layerMinXMinYCorner, .layerMaxXMinYCorner]) }
        if isLast { corners.formUnion([.layerMinXMaxYCorner, .layerMaxXMaxYCorner]) }
        cell.layer.cornerRadius = corners.isEmpty ? 0 : Self.groupCornerRadius
        cell.layer.maskedCorners = corners
        // Every cell of a rounded group clips: nothing it holds pokes out of the group,
        // also while its content slides sideways in an update.
        cell.layer.masksToBounds = true
    }

    /// Headers and footers: those the viewport crosses, plus in plain style the header
    /// floating at the top and the footer at the bottom.
    private func placeSupplements(_ items: TableGeometry.VisibleItems) {
        let top = Double(contentOffset.y + adjustedContentInset.top)
        let bottom = Double(contentOffset.y + bounds.height - adjustedContentInset.bottom)
        var headers = Set(items.headers), footers = Set(items.footers)
        if style == .plain && !items.rows.isEmpty {
            if let s = geometry.section(atOffset: top), geometry.sections[s].headerHeight > 0,
               geometry.sectionSpan(s).maxY > top { headers.insert(s) }
            if let s = geometry.section(atOffset: bottom), geometry.sections[s].footerHeight > 0,
               geometry.sectionSpan(s).y < bottom { footers.insert(s) }
        }
        place(headers, header: true, top: top, bottom: bottom)
        place(footers, header: false, top: top, bottom: bottom)
    }

    private func place(_ sections: Set<Int>, header: Bool, top: Double, bottom: Double) {
        func item(_ s: Int) -> TableItem { header ? .header(s) : .footer(s) }
        let gone = store.supplements.keys.compactMap { key -> Int? in
            switch key {
            case .header(let s) where header && !sections.contains(s): s
            case .footer(let s) where !header && !sections.contains(s): s
            default: nil
            }
        }
        for s in gone {
            guard let view = store.takeSupplement(item(s)) else { continue }
            if phase.activity == .updateTiling {
                // An update is laying out: the view slides off before it goes.
                store.beginLeaving(view, as: item(s))
            } else {
                enqueueHeaderFooter(view, header: header, section: s)
            }
        }
        for s in sections.sorted() {
            var span = header ? geometry.headerSpan(s) : geometry.footerSpan(s)
            if header, span.height > 0 {
                // The padding above a plain header is part of its slot, not of its view.
                let padding = min(headerTopPadding, span.height)
                span.y += padding
                span.height -= padding
            }
            let natural = span.y
            if style == .plain {
                let section = geometry.sectionSpan(s)
                if header {
                    span.y = min(max(span.y, top), section.maxY - span.height)
                } else {
                    span.y = max(min(span.y, bottom - span.height), geometry.headerSpan(s).maxY)
                }
            }
            let frame = CGRect(x: 0, y: CGFloat(span.y), width: bounds.width, height: CGFloat(span.height))
            let pinned = span.y != natural
            if let view = store.supplements[item(s)] {
                view.frame = frame
                (view as? UITableViewHeaderFooterView)?.isPinnedInTable = pinned
                continue
            }
            guard let view = supplementaryView(header: header, section: s) else { continue }
            reclaimLeavingSupplement(view)
            view.frame = frame
            (view as? UITableViewHeaderFooterView)?.isPinnedInTable = pinned
            addSubview(view)
            store.showSupplement(view, for: item(s))
            if header {
                tableDelegate?.tableView(self, willDisplayHeaderView: view, forSection: s)
            } else {
                tableDelegate?.tableView(self, willDisplayFooterView: view, forSection: s)
            }
        }
    }
}
