import Foundation

/// A flow layout's sections one after another along the main axis: where each starts,
/// and which sections and items meet a range of offsets.
///
/// Invariants: `starts[s + 1] == starts[s] + sections[s].extent`; `contentMain` is the
/// end of the last section. A query is a binary search over the sections' starts, then
/// one over the lines of each section it meets (arithmetic for a uniform section), so
/// its cost follows what is in the range, not how many items there are.
struct FlowGeometry {
    private(set) var sections: [FlowSection] = []
    private(set) var starts: [Double] = []
    /// The total extent along the main axis.
    private(set) var contentMain = 0.0
    /// The extent across it (the collection view's, less its insets).
    let crossExtent: Double

    init(crossExtent: Double) { self.crossExtent = crossExtent }

    init(_ metrics: [FlowSectionMetrics], crossExtent: Double) {
        self.crossExtent = crossExtent
        sections = metrics.map { FlowSection($0, crossExtent: crossExtent) }
        restack()
    }

    /// Lays out section `index` again from `metrics` and moves the sections after it.
    mutating func replaceSection(_ index: Int, with metrics: FlowSectionMetrics) {
        sections[index] = FlowSection(metrics, crossExtent: crossExtent)
        restack()
    }

    private mutating func restack() {
        starts = []
        starts.reserveCapacity(sections.count)
        var main = 0.0
        for section in sections {
            starts.append(main)
            main += section.extent
        }
        contentMain = main
    }

    /// Item `item` of section `section`, in content coordinates.
    func rect(ofItem item: Int, section: Int) -> FlowRect {
        var r = sections[section].rect(ofItem: item)
        r.main += starts[section]
        return r
    }

    /// The header's rect of `section` (before pinning).
    func headerRect(_ section: Int) -> FlowRect {
        FlowRect(main: starts[section], cross: 0, mainSize: sections[section].headerMain, crossSize: crossExtent)
    }

    /// The footer's rect of `section`.
    func footerRect(_ section: Int) -> FlowRect {
        let s = sections[section]
        return FlowRect(main: starts[section] + s.footerStart, cross: 0, mainSize: s.footerMain, crossSize: crossExtent)
    }

    /// Where the items of `section` end (before its inset and footer), in content coordinates.
    func itemsEnd(_ section: Int) -> Double {
        starts[section] + sections[section].itemsStart + sections[section].itemsExtent
    }

    /// The sections that meet main offsets `low ..< high`.
    ///
    /// - Complexity: O(log sections).
    func sections(meetingMain low: Double, _ high: Double) -> Range<Int> {
        var lo = 0, hi = sections.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if starts[mid] + sections[mid].extent <= low { lo = mid + 1 } else { hi = mid }
        }
        var a = lo, b = sections.count
        while a < b {
            let mid = (a + b) / 2
            if starts[mid] < high { a = mid + 1 } else { b = mid }
        }
        return lo ..< max(lo, a)
    }

    /// The items of `section` whose lines meet main offsets `low ..< high`.
    func items(ofSection section: Int, meetingMain low: Double, _ high: Double) -> Range<Int> {
        sections[section].items(meetingMain: low - starts[section], high - starts[section])
    }
}
