/// A vertical extent in a table's content: where something starts and how tall it is.
public struct Span: Sendable, Equatable, CustomStringConvertible {
    /// The top, in points from the top of the content.
    public var y: Double
    /// The height, in points.
    public var height: Double
    /// An extent starting at `y` and `height` points tall.
    public init(y: Double, height: Double) { self.y = y; self.height = height }
    /// The bottom: `y + height`.
    public var maxY: Double { y + height }
    /// The extent as `y+height`.
    public var description: String { "\(y)+\(height)" }
}

/// Where every part of a table sits vertically: the table header, then for each section
/// its header, its rows and its footer, then the table footer.
///
/// Layout in, geometry out: UITableView owns one, fills it from its data source and
/// delegate, and asks it which rows, headers and footers a viewport shows. Every query
/// is O(log sections + log runs), independent of the number of rows.
///
/// Invariant: `sectionStarts[k]` is the top of section `k`'s header, and
/// `sectionStarts[sections.count]` the bottom of the last footer; it is rebuilt from the
/// first changed section after every change (O(sections)).
public struct TableGeometry: Sendable, Equatable {
    /// One section's header, rows and footer.
    public struct Section: Sendable, Equatable {
        /// The height of the section header; 0 when it has none.
        public var headerHeight: Double
        /// The heights of the section's rows, measured or estimated.
        public var rows: RowHeightIndex
        /// The height of the section footer; 0 when it has none.
        public var footerHeight: Double
        /// A section with the given header height, rows and footer height.
        public init(headerHeight: Double, rows: RowHeightIndex, footerHeight: Double) {
            self.headerHeight = headerHeight
            self.rows = rows
            self.footerHeight = footerHeight
        }
        /// Header, rows and footer together.
        public var height: Double { headerHeight + rows.totalHeight + footerHeight }
    }

    /// The sections, in order.
    public private(set) var sections: [Section]
    /// The height of the table header view; 0 when there is none.
    public private(set) var tableHeaderHeight: Double
    /// The height of the table footer view; 0 when there is none.
    public private(set) var tableFooterHeight: Double
    private var sectionStarts: [Double]

    /// An empty table (no sections, no header or footer).
    public init() { self.init(tableHeaderHeight: 0, sections: [], tableFooterHeight: 0) }

    /// A table with the given header height, sections and footer height.
    ///
    /// - Complexity: O(sections).
    public init(tableHeaderHeight: Double, sections: [Section], tableFooterHeight: Double) {
        self.tableHeaderHeight = tableHeaderHeight
        self.sections = sections
        self.tableFooterHeight = tableFooterHeight
        sectionStarts = [Double](repeating: 0, count: sections.count + 1)
        rebuildStarts(from: 0)
    }

    // MARK: Extents

    /// The height of everything: table header, sections, table footer.
    public var contentHeight: Double { sectionStarts[sections.count] + tableFooterHeight }

    /// The number of sections.
    public var numberOfSections: Int { sections.count }

    /// The number of rows in `section`, which must be a valid section index.
    public func numberOfRows(inSection section: Int) -> Int { sections[section].rows.count }

    /// The table header's extent (at the top).
    public var tableHeaderSpan: Span { Span(y: 0, height: tableHeaderHeight) }

    /// The table footer's extent (after the last section).
    public var tableFooterSpan: Span { Span(y: sectionStarts[sections.count], height: tableFooterHeight) }

    /// Section `section` from the top of its header to the bottom of its footer.
    public func sectionSpan(_ section: Int) -> Span {
        Span(y: sectionStarts[section], height: sectionStarts[section + 1] - sectionStarts[section])
    }

    /// The extent of the header of `section` (height 0 when it has none).
    ///
    /// - Complexity: O(1).
    public func headerSpan(_ section: Int) -> Span {
        Span(y: sectionStarts[section], height: sections[section].headerHeight)
    }

    /// The extent of the footer of `section`, which ends where the section does.
    ///
    /// - Complexity: O(1).
    public func footerSpan(_ section: Int) -> Span {
        let s = sections[section]
        return Span(y: sectionStarts[section + 1] - s.footerHeight, height: s.footerHeight)
    }

    /// The extent of row `row` of `section`.
    public func rowSpan(row: Int, section: Int) -> Span {
        let s = sections[section]
        let top = sectionStarts[section] + s.headerHeight
        return Span(y: top + s.rows.offset(ofRow: row), height: s.rows.height(ofRow: row))
    }

    // MARK: Lookup

    /// The section whose extent (header to footer) contains `y`, clamped to the first and
    /// last section; nil when there are no sections.
    public func section(atOffset y: Double) -> Int? {
        guard !sections.isEmpty else { return nil }
        // The last section starting at or before y.
        var lo = 0, hi = sections.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if sectionStarts[mid] <= y { lo = mid + 1 } else { hi = mid }
        }
        var s = max(lo - 1, 0)
        // Skip empty sections ending at y.
        while s + 1 < sections.count && sectionStarts[s + 1] <= y { s += 1 }
        return s
    }

    /// The row (section, row) whose extent contains `y`, or nil when `y` falls on a header,
    /// a footer, the table header or footer, or outside the content.
    public func rowLocation(atOffset y: Double) -> (section: Int, row: Int)? {
        guard y >= 0, y < sectionStarts[sections.count], let s = section(atOffset: y) else { return nil }
        let rowsTop = sectionStarts[s] + sections[s].headerHeight
        let local = y - rowsTop
        guard local >= 0, local < sections[s].rows.totalHeight,
              let r = sections[s].rows.row(atOffset: local) else { return nil }
        return (s, r)
    }

    /// What a viewport from `minY` to `maxY` shows, in order from the top.
    ///
    /// - Complexity: O(log n + number of items shown + sections crossed).
    public func items(from minY: Double, to maxY: Double) -> VisibleItems {
        var result = VisibleItems()
        guard maxY > minY, !sections.isEmpty, let first = section(atOffset: minY) else { return result }
        var s = first
        while s < sections.count && sectionStarts[s] < maxY {
            let header = headerSpan(s)
            if header.height > 0 && header.maxY > minY && header.y < maxY { result.headers.append(s) }
            let rows = sections[s].rows
            if rows.count > 0 {
                let rowsTop = header.maxY
                if rowsTop < maxY, rowsTop + rows.totalHeight > minY, let first = rows.row(atOffset: minY - rowsTop) {
                    // Rows of zero height show nothing and are left out; a stretch of them
                    // is stepped over in one search, so that twenty thousand of them
                    // between two rows cost no more than two rows. From row to row, a
                    // cursor gives the next offset and height without searching.
                    var at = rows.cursor(at: first)
                    var height = rows.height(at: at)
                    if result.rows.isEmpty {
                        // Room for the rows a viewport of this height shows at the first
                        // row's height, so that the array grows once, not at every power of two.
                        let estimate = (maxY - minY) / max(height, 1)
                        result.rows.reserveCapacity(estimate < 1024 ? Int(estimate) + 2 : 1024)
                    }
                    while at.row < rows.count {
                        let top = rows.offset(at: at)
                        if rowsTop + top >= maxY { break }
                        if height > 0 { result.rows.append((s, at.row)) }
                        rows.advance(&at)
                        var nextHeight = at.row < rows.count ? rows.height(at: at) : 0
                        if at.row < rows.count, nextHeight == 0 {
                            // The next row with a height (row(atOffset:) skips those without).
                            let next = rows.row(atOffset: top + height) ?? rows.count
                            if next > at.row { at = rows.cursor(at: next) }
                            nextHeight = at.row < rows.count ? rows.height(at: at) : 0
                        }
                        height = nextHeight
                    }
                }
            }
            let footer = footerSpan(s)
            if footer.height > 0 && footer.maxY > minY && footer.y < maxY { result.footers.append(s) }
            s += 1
        }
        return result
    }

    /// The rows, section headers and section footers a viewport shows.
    public struct VisibleItems: Sendable {
        /// The rows shown, as (section, row), from the top.
        public var rows: [(section: Int, row: Int)] = []
        /// The sections whose header (of nonzero height) is shown, from the top.
        public var headers: [Int] = []
        /// The sections whose footer (of nonzero height) is shown, from the top.
        public var footers: [Int] = []
        /// Nothing shown.
        public init() {}
    }

    // MARK: Changes

    /// Changes the table header's height, moving every section.
    ///
    /// - Complexity: O(sections).
    public mutating func setTableHeaderHeight(_ height: Double) {
        tableHeaderHeight = height
        rebuildStarts(from: 0)
    }

    /// Changes the table footer's height; nothing above it moves.
    ///
    /// - Complexity: O(1).
    public mutating func setTableFooterHeight(_ height: Double) { tableFooterHeight = height }

    /// Changes the header height of `section`, moving the sections below it.
    ///
    /// - Complexity: O(sections after `section`); O(1) when the height is unchanged.
    public mutating func setHeaderHeight(_ height: Double, forSection section: Int) {
        guard sections[section].headerHeight != height else { return }
        sections[section].headerHeight = height
        rebuildStarts(from: section)
    }

    /// Changes the footer height of `section`, moving the sections below it.
    ///
    /// - Complexity: O(sections after `section`); O(1) when the height is unchanged.
    public mutating func setFooterHeight(_ height: Double, forSection section: Int) {
        guard sections[section].footerHeight != height else { return }
        sections[section].footerHeight = height
        rebuildStarts(from: section)
    }

    /// Records the measured height of a row (replacing its estimate).
    public mutating func setRowHeight(_ height: Double, row: Int, section: Int) {
        let before = sections[section].rows.totalHeight
        sections[section].rows.setHeight(height, forRow: row)
        if sections[section].rows.totalHeight != before { rebuildStarts(from: section) }
    }

    /// Forgets every measured row height, keeping the sections and their row counts:
    /// rows count at their section's estimate again.
    ///
    /// A reload calls this before it asks for heights anew, so that the memory of the old
    /// measurements goes back to the allocator and is reused for the new ones, instead of
    /// both being held at once (160 MB, and a page fault per 4 KB, at 10,000,000 rows).
    ///
    /// - Complexity: O(sections + runs of measured rows).
    public mutating func forgetMeasuredHeights() {
        for k in sections.indices where sections[k].rows.measuredCount > 0 {
            let rows = sections[k].rows
            sections[k].rows = RowHeightIndex(count: rows.count, estimatedHeight: rows.estimatedHeight)
        }
        rebuildStarts(from: 0)
    }

    private mutating func rebuildStarts(from section: Int) {
        if section == 0 { sectionStarts[0] = tableHeaderHeight }
        var y = sectionStarts[section]
        for k in section ..< sections.count {
            sectionStarts[k] = y
            y += sections[k].height
        }
        sectionStarts[sections.count] = y
    }
}
