/// A set of disjoint, axis-aligned rectangles: what remains of a layer's area
/// after opaque layers in front of it are cut away.
struct PixelRegion {
    private(set) var rects: [CGRect]

    init(_ rect: CGRect) { rects = rect.isEmpty || rect.isNull ? [] : [rect] }

    var isEmpty: Bool { rects.isEmpty }

    /// Removes `cut`. Each rectangle it overlaps splits into at most four.
    mutating func subtract(_ cut: CGRect) {
        guard !cut.isNull, !cut.isEmpty else { return }
        let cut = cut.standardized
        // Most cuts miss: find the first rectangle they touch before building a new list.
        guard let first = rects.firstIndex(where: { Self.overlap($0, cut) }) else { return }
        var result: [CGRect] = []
        result.reserveCapacity(rects.count + 3)
        result.append(contentsOf: rects[..<first])
        for r in rects[first...] {
            guard Self.overlap(r, cut) else { result.append(r); continue }
            let i = r.intersection(cut)
            if i.minY > r.minY { result.append(CGRect(x: r.minX, y: r.minY, width: r.width, height: i.minY - r.minY)) }
            if i.maxY < r.maxY { result.append(CGRect(x: r.minX, y: i.maxY, width: r.width, height: r.maxY - i.maxY)) }
            if i.minX > r.minX { result.append(CGRect(x: r.minX, y: i.minY, width: i.minX - r.minX, height: i.height)) }
            if i.maxX < r.maxX { result.append(CGRect(x: i.maxX, y: i.minY, width: r.maxX - i.maxX, height: i.height)) }
        }
        rects = result
    }

    /// Whether two rectangles of positive width and height share any area: four
    /// comparisons, without the standardizing `CGRect.intersects` and `intersection` do.
    @inline(__always)
    static func overlap(_ a: CGRect, _ b: CGRect) -> Bool {
        a.origin.x < b.origin.x + b.size.width && b.origin.x < a.origin.x + a.size.width
            && a.origin.y < b.origin.y + b.size.height && b.origin.y < a.origin.y + a.size.height
    }
}
