import Foundation
import TabulaUIKit
import TabulaCore

/// Reloading: counts, heights and the geometry built from them.
extension UITableView {
    /// Bytes the height index holds: 8 per measured row plus a little per run of them
    /// (for measurements and benchmarks; nothing grows with unmeasured rows).
    public var heightIndexByteCount: Int {
        geometry.sections.reduce(0) { $0 + $1.rows.byteCount } + geometry.sections.count * 64
    }

    /// The number of sections, as of the last reload.
    public var numberOfSections: Int {
        loadIfNeeded()
        return geometry.numberOfSections
    }

    /// The number of rows in `section`, as of the last reload (0 and an error for a
    /// section that does not exist).
    public func numberOfRows(inSection section: Int) -> Int {
        loadIfNeeded()
        guard section >= 0 && section < geometry.numberOfSections else {
            report(.init(.indexOutOfRange, "numberOfRows(inSection: \(section)): section \(section) does not exist; "
                         + "the table has \(geometry.numberOfSections) sections."))
            return 0
        }
        return geometry.numberOfRows(inSection: section)
    }

    func loadIfNeeded() {
        if phase.pendingLoad > .none { loadData() }
    }

    /// The estimate `estimatedRowHeight` stands for: 44 for ``automaticDimension`` and for
    /// a value the table cannot use (reported when it was set), at most the largest height.
    var defaultEstimate: Double {
        let e = Double(estimatedRowHeight)
        guard estimatedRowHeight != UITableView.automaticDimension, e.isFinite, e >= 0 else { return 44 }
        return min(e, Double(UITableView.maximumRowHeight))
    }

    /// How far the rows are inset from the table's left and right edges: the style's
    /// ``groupInset``, and in `.insetGrouped` the side safe areas too, so that the cards
    /// stay clear of a landscape iPhone's sensor housing as iOS's do (the full-width
    /// styles keep their rows edge to edge and inset only their content).
    var rowInsets: (left: CGFloat, right: CGFloat) {
        guard style == .insetGrouped, insetsContentViewsToSafeArea else { return (groupInset, groupInset) }
        let safe = safeAreaInsets
        return (groupInset + safe.left, groupInset + safe.right)
    }

    /// Width the rows of a section are laid out at.
    var rowWidth: CGFloat {
        let insets = rowInsets
        return max(0, bounds.width - insets.left - insets.right)
    }

    /// Rebuilds the geometry from the data source and delegate.
    func loadData() {
        collectingHeightProblems {
            inPhase(.loading) { loadDataNow() }
        }
    }

    private func loadDataNow() {
        let dataChanged = phase.takePendingLoad() == .data
        if dataChanged {
            recycleAllVisibleViews()
            selectedRows = []
            // Its row may be gone; the lift selects nothing.
            touchedRow = nil
        } else {
            // Heights change; the cells on screen stay, their rows' heights are asked again.
            for indexPath in Array(store.prepared.keys) {
                if let cell = store.takePrepared(indexPath) { enqueue(cell, notifying: nil, indexPath) }
            }
        }
        geometry.forgetMeasuredHeights()
        store.forgetProvided()

        guard let dataSource else {
            geometry = TableGeometry(tableHeaderHeight: Double(tableHeaderView?.frame.height ?? 0), sections: [],
                                     tableFooterHeight: Double(tableFooterView?.frame.height ?? 0))
            sectionEstimates = []
            return
        }
        let sectionCount = checkedSectionCount(dataSource)
        var rowsLeft = Self.maximumNumberOfRows
        var sections: [TableGeometry.Section] = []
        sections.reserveCapacity(sectionCount)
        // Built in locals and stored once: a class property touched per section pays a
        // dynamic exclusivity check each time.
        var estimates: [Double] = []
        estimates.reserveCapacity(sectionCount)
        let delegate = tableDelegate
        for s in 0 ..< sectionCount {
            let count = checkedRowCount(dataSource, section: s, rowsLeft: rowsLeft)
            rowsLeft -= count
            let (section, estimate) = makeSection(s, count: count, dataSource, delegate, carrying: nil)
            estimates.append(estimate)
            sections.append(section)
        }
        sectionEstimates = estimates
        geometry = TableGeometry(tableHeaderHeight: Double(tableHeaderView?.frame.height ?? 0), sections: sections,
                                 tableFooterHeight: Double(tableFooterView?.frame.height ?? 0))
        indexTitles = dataSource.sectionIndexTitles(for: self) ?? []
        // The rows on screen keep their cells; their heights are measured again in tiling.
    }

    /// `numberOfSections(in:)`, a count out of range reported and brought inside it.
    private func checkedSectionCount(_ dataSource: UITableViewDataSource) -> Int {
        let count = dataSource.numberOfSections(in: self)
        if count < 0 {
            report(.init(.invalidCount, "numberOfSections(in:) returned \(count); the table shows 0 sections."))
            return 0
        }
        if count > Self.maximumNumberOfSections {
            report(.init(.invalidCount, "numberOfSections(in:) returned \(count); a table holds at most "
                         + "\(Self.maximumNumberOfSections) sections, so it shows that many."))
            return Self.maximumNumberOfSections
        }
        return count
    }

    /// Section `s`'s `numberOfRowsInSection`, a count out of range (below 0, or past the
    /// `rowsLeft` the table still holds) reported and brought inside it.
    private func checkedRowCount(_ dataSource: UITableViewDataSource, section s: Int, rowsLeft: Int) -> Int {
        let count = dataSource.tableView(self, numberOfRowsInSection: s)
        if count < 0 {
            report(.init(.invalidCount,
                         "tableView(_:numberOfRowsInSection:) returned \(count) for section \(s); the table shows 0 rows."))
            return 0
        }
        if count > rowsLeft {
            report(.init(.invalidCount,
                         "tableView(_:numberOfRowsInSection:) returned \(count) for section \(s); a table holds at "
                         + "most \(Self.maximumNumberOfRows) rows in all, so the section shows \(rowsLeft)."))
            return rowsLeft
        }
        return count
    }

    /// Section `s`'s heights: its estimate, its rows (every height asked at once when
    /// estimates are off), its header and footer.
    ///
    /// - Parameter carrying: for a section that persists through a batch update, copies
    ///   the measured heights of its surviving rows into a fresh index (estimates only).
    func makeSection(_ s: Int, count: Int, _ dataSource: UITableViewDataSource, _ delegate: UITableViewDelegate?,
                     carrying: ((inout RowHeightIndex) -> Void)?) -> (TableGeometry.Section, estimate: Double) {
        // With no delegate and a fixed rowHeight the "estimate" is exact.
        var estimate = delegate == nil && rowHeight != UITableView.automaticDimension ? fixedRowHeight : defaultEstimate
        // (Optional chaining, not `if let`: see `sectionSupplementHeight`.)
        if count > 0, let asked = delegate?.tableView(self, estimatedHeightForRowAt: IndexPath(row: 0, section: s)) {
            estimate = asked == UITableView.automaticDimension ? defaultEstimate
                : validatedHeight(Double(asked), what: "estimated height of row 0 in section \(s)", fallback: 44)
        }
        var rows: RowHeightIndex
        if estimate > 0 || count == 0 {
            rows = RowHeightIndex(count: count, estimatedHeight: estimate)
            carrying?(&rows)
        } else if let delegate {
            // Estimates off: every row's height, once, as UIKit does.
            // One index path, its row changed in place: building a new IndexPath per row
            // costs as much as a delegate call (two calls into Foundation).
            var indexPath = IndexPath(row: 0, section: s)
            let automatic = UITableView.automaticDimension, maximum = Double(UITableView.maximumRowHeight)
            rows = RowHeightIndex(count: count) { r in
                indexPath.row = r
                let asked = delegate.tableView(self, heightForRowAt: indexPath)
                let h = asked == automatic ? 44 : Double(asked)
                if h >= 0 && h <= maximum { return h } // the common case, without building the message (NaN fails)
                return self.validatedHeight(h, what: "height of row \(r) in section \(s)", row: indexPath, fallback: 0)
            }
        } else {
            rows = RowHeightIndex(count: count, estimatedHeight: fixedRowHeight)
        }
        let section = TableGeometry.Section(headerHeight: headerHeight(for: s, dataSource, delegate), rows: rows,
                                            footerHeight: footerHeight(for: s, dataSource, delegate))
        return (section, estimate)
    }

    /// The row height when nobody computes one per row: 44 for ``automaticDimension`` and
    /// for a non-finite value, 0 for a negative one (each reported when it was set), at
    /// most the largest height.
    var fixedRowHeight: Double {
        let h = Double(rowHeight)
        guard rowHeight != UITableView.automaticDimension, h.isFinite else { return 44 }
        return min(max(0, h), Double(UITableView.maximumRowHeight))
    }

    /// Whether the rows of `section` are measured as they come on screen (they count at an
    /// estimate until then, and someone can tell their heights); otherwise the geometry is exact.
    func sectionIsMeasured(_ section: Int) -> Bool {
        guard sectionEstimates[section] > 0 else { return false }
        return tableDelegate != nil || rowHeight == UITableView.automaticDimension
    }

    /// The height of a row about to be shown in `cell`.
    func measuredHeight(of indexPath: IndexPath, cell: UITableViewCell) -> Double {
        var h = tableDelegate?.tableView(self, heightForRowAt: indexPath) ?? rowHeight
        if h == UITableView.automaticDimension {
            // Constraints in the content view size the cell (UIKit's self-sizing cells);
            // otherwise the cell's sizeThatFits does. A pending configuration update
            // comes first: it may install the content view that is measured.
            cell.updateConfigurationIfNeeded()
            if cell.window == nil { cell.adoptContentSizeCategory(traitCollection.preferredContentSizeCategory) }
            if cell.contentView.constraintsInSubtree > 0 {
                h = cell.systemLayoutSizeFitting(CGSize(width: rowWidth, height: UIView.layoutFittingCompressedSize.height),
                                                 withHorizontalFittingPriority: .required,
                                                 verticalFittingPriority: .fittingSizeLevel).height
                h = standardHeightIfCollapsed(h, cell: cell)
            } else {
                h = cell.sizeThatFits(CGSize(width: rowWidth, height: 0)).height
            }
        }
        return validatedHeight(Double(h), what: "height of row \(indexPath.row) in section \(indexPath.section)",
                               row: indexPath, fallback: sectionEstimates[indexPath.section])
    }

    /// A self-sized height whose content view's constraints make it zero tall (labels
    /// centred with nothing pinning the top and bottom, common in storyboard cells): UIKit
    /// takes that for a mistake and uses the standard 44 points, warning once per process;
    /// so does Tabula, through ``UITableView/onInvalidUpdate`` (`.invalidHeight`).
    private func standardHeightIfCollapsed(_ height: CGFloat, cell: UITableViewCell) -> CGFloat {
        let content = height - (cell.bounds.height - cell.contentView.bounds.height)
        guard content <= 0.5 else { return height }
        if !Self.reportedCollapsedContentView {
            Self.reportedCollapsedContentView = true
            report(TableUpdateError(.invalidHeight, "constraints ambiguously suggest a height of zero for a table view cell's "
                + "content view (\(type(of: cell)) \(cell.reuseIdentifier.map { "\"\($0)\"" } ?? "without a reuse identifier")); "
                + "the standard height, 44 points, is used instead. Pin the content to the content view's top and bottom "
                + "for the cell to size itself (reported once)"))
        }
        return 44
    }

    /// Whether a collapsed self-sizing content view was reported (once per process, as UIKit warns).
    private static var reportedCollapsedContentView = false

    /// A usable height: negative becomes 0, one over ``UITableView/maximumRowHeight`` the
    /// maximum, and non-finite the fallback, each reported. A row's bad height (`row` set)
    /// joins the others found in the same pass, reported once as ranges of rows.
    func validatedHeight(_ h: Double, what: @autoclosure () -> String, row: IndexPath? = nil,
                         fallback: Double) -> Double {
        let maximum = Double(UITableView.maximumRowHeight)
        if h >= 0 && h <= maximum { return h }
        let used = !h.isFinite ? fallback : (h < 0 ? 0 : maximum)
        if let row, heightProblems.isCollecting {
            heightProblems.add(section: row.section, row: row.row, height: h, used: used)
        } else {
            report(.init(.invalidHeight, "The \(what()) is \(h); heights must be finite, ≥ 0 and at most "
                         + "\(maximum). The table uses \(used)."))
        }
        return used
    }

    /// Runs `body`, collecting the bad row heights it finds into one report at the end.
    func collectingHeightProblems<T>(_ body: () -> T) -> T {
        heightProblems.depth += 1
        defer {
            heightProblems.depth -= 1
            if heightProblems.depth == 0, let message = heightProblems.takeMessage() {
                report(.init(.invalidHeight, message))
            }
        }
        return body()
    }
}
