import Foundation

/// A rectangle in a flow layout's own axes: `main` runs along the scroll direction,
/// `cross` across it (for a vertical flow, y and x).
struct FlowRect: Equatable {
    var main: Double
    var cross: Double
    var mainSize: Double
    var crossSize: Double

    var mainEnd: Double { main + mainSize }
    var crossEnd: Double { cross + crossSize }
}

/// What a flow layout needs to know about one section, in its own axes, with every
/// number already checked (finite, ≥ 0).
struct FlowSectionMetrics {
    var count: Int
    var insetMainBefore = 0.0, insetMainAfter = 0.0, insetCrossBefore = 0.0, insetCrossAfter = 0.0
    var lineSpacing = 0.0
    var interitemSpacing = 0.0
    var headerMain = 0.0
    var footerMain = 0.0
    /// The size of every item (main, cross) when they are all alike; nil when ``sizes`` says.
    var uniform: (main: Double, cross: Double)?
    /// Each item's size (main, cross), when they are not all alike.
    var sizes: [(main: Double, cross: Double)] = []
}

/// One section of a flow layout, laid out from its own start (main offset 0): the header,
/// the items in lines, the footer.
///
/// Invariants: lines follow one another along the main axis with `lineSpacing` between
/// them, in item order; an item's rect lies inside its line; ``extent`` is the header,
/// the insets, the lines and the footer added up. A uniform section stores no line and
/// no item: each is arithmetic on its index, so ten million items cost what ten do.
struct FlowSection {
    let count: Int
    let headerMain: Double
    let footerMain: Double
    /// Where the first line starts (after the header and the inset).
    let itemsStart: Double
    /// From the first line's start to the last one's end.
    let itemsExtent: Double
    /// The section's whole main extent.
    let extent: Double
    private let items: Items

    private enum Items {
        case uniform(UniformGrid)
        case varied(VariedLines)
    }

    init(_ m: FlowSectionMetrics, crossExtent: Double) {
        count = m.count
        headerMain = m.headerMain
        footerMain = m.footerMain
        itemsStart = m.headerMain + m.insetMainBefore
        let available = max(0, crossExtent - m.insetCrossBefore - m.insetCrossAfter)
        if let size = m.uniform {
            let grid = UniformGrid(count: m.count, item: size, available: available, crossStart: m.insetCrossBefore,
                                   lineSpacing: m.lineSpacing, interitem: m.interitemSpacing, start: itemsStart)
            items = .uniform(grid)
            itemsExtent = grid.extent
        } else {
            let lines = VariedLines(sizes: m.sizes, available: available, crossStart: m.insetCrossBefore,
                                    lineSpacing: m.lineSpacing, interitem: m.interitemSpacing, start: itemsStart)
            items = .varied(lines)
            itemsExtent = lines.extent
        }
        extent = itemsStart + itemsExtent + m.insetMainAfter + m.footerMain
    }

    /// Where the footer starts.
    var footerStart: Double { extent - footerMain }

    /// The rect of item `item`, from the section's start.
    func rect(ofItem item: Int) -> FlowRect {
        switch items {
        case .uniform(let grid): grid.rect(of: item)
        case .varied(let lines): lines.rects[item]
        }
    }

    /// The items whose lines meet main offsets `low ..< high` (from the section's start).
    ///
    /// - Complexity: O(1) for a uniform section, O(log lines) otherwise.
    func items(meetingMain low: Double, _ high: Double) -> Range<Int> {
        switch items {
        case .uniform(let grid): grid.items(meetingMain: low, high)
        case .varied(let lines): lines.items(meetingMain: low, high)
        }
    }
}

/// Items all of one size: `columns` to a line (rows in a vertical flow), the lines
/// justified across the available extent (a line of one item is centred).
private struct UniformGrid {
    let count: Int, columns: Int, lines: Int
    let item: (main: Double, cross: Double)
    let pitch: Double, crossStep: Double, crossOrigin: Double, start: Double

    init(count: Int, item: (main: Double, cross: Double), available: Double, crossStart: Double,
         lineSpacing: Double, interitem: Double, start: Double) {
        self.count = count
        self.start = start
        let cross = min(item.cross, available)
        self.item = (item.main, cross)
        // As many as fit with the minimum spacing; every line is spaced as a full one, so
        // that the last line's items stand under the columns above.
        let fit = cross + interitem > 0 ? clampedInt((available + interitem) / (cross + interitem), 1, 1 << 40) : max(count, 1)
        columns = max(1, fit)
        lines = count == 0 ? 0 : (count - 1) / columns + 1
        pitch = item.main + lineSpacing
        if columns == 1 || count == 1 {
            crossStep = 0
            crossOrigin = crossStart + (available - cross) / 2
        } else {
            crossStep = cross + (available - Double(columns) * cross) / Double(columns - 1)
            crossOrigin = crossStart
        }
    }

    var extent: Double { lines == 0 ? 0 : Double(lines) * pitch - (pitch - item.main) }

    func rect(of index: Int) -> FlowRect {
        let line = index / columns, column = index % columns
        return FlowRect(main: start + Double(line) * pitch, cross: crossOrigin + Double(column) * crossStep,
                        mainSize: item.main, crossSize: item.cross)
    }

    /// Arithmetic on the pitch; it may name a line more at either end, which the layout
    /// leaves out when it tests the rects.
    func items(meetingMain low: Double, _ high: Double) -> Range<Int> {
        guard lines > 0, high > start else { return 0 ..< 0 }
        guard pitch > 0 else { return 0 ..< count }
        let first = clampedInt((low - start - item.main) / pitch, 0, lines)
        let last = clampedInt(((high - start) / pitch).rounded(.up), -1, lines - 1)
        guard first <= last else { return 0 ..< 0 }
        return (first * columns) ..< min(count, (last + 1) * columns)
    }
}

/// `x` rounded down and kept within `low ... high` (NaN gives `low`): never a trap on conversion.
func clampedInt(_ x: Double, _ low: Int, _ high: Int) -> Int {
    guard x.isFinite else { return x == .infinity ? high : low }
    if x <= Double(low) { return low }
    if x >= Double(high) { return high }
    return Int(x.rounded(.down))
}

/// Items of their own sizes, filled into lines in order: each line takes items while
/// they fit with the minimum spacing between them, is as thick as its thickest item
/// (the others centred in it), and is spread as ``LineShape`` says.
private struct VariedLines {
    /// The first item of each line, its main offset and its thickness.
    var firstItem: [Int] = [], lineStart: [Double] = [], lineThickness: [Double] = []
    var rects: [FlowRect] = []
    var extent = 0.0

    init(sizes: [(main: Double, cross: Double)], available: Double, crossStart: Double,
         lineSpacing: Double, interitem: Double, start: Double) {
        rects.reserveCapacity(sizes.count)
        var index = 0, main = start
        var gap: Double?, previousCount = 0
        while index < sizes.count {
            var end = index + 1, used = min(sizes[index].cross, available)
            while end < sizes.count, used + interitem + sizes[end].cross <= available + 1e-9 {
                used += interitem + sizes[end].cross
                end += 1
            }
            let thickness = sizes[index ..< end].map(\.main).max() ?? 0
            firstItem.append(index); lineStart.append(main); lineThickness.append(thickness)
            let line = LineShape(count: end - index, used: used, available: available, interitem: interitem,
                                 isOnly: index == 0 && end == sizes.count, isLast: end == sizes.count, previousGap: gap,
                                 previousCount: previousCount)
            place(sizes[index ..< end], line: main, thickness: thickness, shape: line, crossStart: crossStart, available: available)
            gap = line.gap
            previousCount = end - index
            main += thickness + lineSpacing
            index = end
        }
        extent = firstItem.isEmpty ? 0 : main - lineSpacing - start
    }

    /// How a line's items are spread: a lone item is centred (unless it ends a section of
    /// fuller lines);
    /// a full line is justified; the last line keeps the spacing of the line above (as
    /// far as it fits), so that items of one size stand in columns.
    private struct LineShape {
        var offset = 0.0, gap: Double
        init(count: Int, used: Double, available: Double, interitem: Double, isOnly: Bool, isLast: Bool, previousGap: Double?,
             previousCount: Int) {
            let spare = max(0, available - used)
            let justified = count > 1 ? interitem + spare / Double(count - 1) : interitem
            if count == 1 && (isOnly || !isLast || previousCount == 1) {
                gap = interitem
                offset = spare / 2
            } else if isLast {
                gap = min(previousGap ?? interitem, justified)
            } else {
                gap = justified
            }
        }
    }

    private mutating func place(_ line: ArraySlice<(main: Double, cross: Double)>, line main: Double, thickness: Double,
                                shape: LineShape, crossStart: Double, available: Double) {
        var cross = crossStart + shape.offset
        for size in line {
            let c = min(size.cross, available)
            rects.append(FlowRect(main: main + (thickness - size.main) / 2, cross: cross, mainSize: size.main, crossSize: c))
            cross += c + shape.gap
        }
    }

    func items(meetingMain low: Double, _ high: Double) -> Range<Int> {
        // The first line that ends after `low`, then every line that starts before `high`.
        var lo = 0, hi = lineStart.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if lineStart[mid] + lineThickness[mid] <= low { lo = mid + 1 } else { hi = mid }
        }
        guard lo < lineStart.count, lineStart[lo] < high else { return 0 ..< 0 }
        var end = lo
        var a = lo, b = lineStart.count
        while a < b {
            let mid = (a + b) / 2
            if lineStart[mid] < high { a = mid + 1 } else { b = mid }
        }
        end = a
        let last = end < firstItem.count ? firstItem[end] : rects.count
        return firstItem[lo] ..< last
    }
}
