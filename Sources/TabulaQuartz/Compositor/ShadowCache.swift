/// What casts a layer's shadow and how, as the ``Compositor`` hands it to a renderer.
package struct LayerShadow {
    /// The shape whose alpha is blurred.
    package enum Shape {
        /// A path in the layer's coordinates (the shadow path, or the rounded bounds).
        case path(Path)
        /// The layer's contents placed in `rect`; `version` changes whenever they do.
        case contents(Bitmap, rect: CGRect, version: Int)
    }
    /// What is blurred.
    package var shape: Shape
    /// How far the shadow is moved, in the layer's coordinates.
    package var offset: CGSize
    /// The standard deviation of the blur, in the layer's coordinates (≥ 0).
    package var radius: CGFloat
    /// The shadow's colour (its alpha multiplies ``opacity``).
    package var color: Color
    /// The shadow's opacity, 0…1 (the layer's own opacity is applied on top).
    package var opacity: Double
}

/// Blurred shadows kept between frames, so that a frame in which nothing about a shadow
/// changed composites the cached pixels instead of blurring again.
///
/// A shadow is keyed by what decides its pixels: its shape as mapped to device pixels
/// (the linear part of the layer's map only — the translation is snapped to whole
/// pixels where it is drawn, so a scrolled shadow is reused), its blur radius in device
/// pixels, and for contents the bitmap and its version. Identical shadows (ten equal
/// cards) share one entry. The colour is applied to the cached blur, so animating the
/// colour recolours without blurring. Entries not used for ``maximumIdleFrames`` frames
/// are dropped.
@MainActor
package final class ShadowCache {
    struct Key: Hashable {
        var path: Path?
        var contents: ObjectIdentifier?
        var contentsVersion = 0
        var contentRect = CGRect.zero
        var a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat
        var sigma: CGFloat
    }

    final class Entry {
        /// The blurred coverage, row by row, `width × height`.
        let alpha: [Float]
        let width: Int, height: Int
        /// Where the top-left pixel sits relative to the layer's origin, in device pixels.
        let origin: CGPoint
        /// The blur in ``color``, cut to the pixels it does not leave transparent.
        var colored: Bitmap?
        /// Where ``colored``'s top-left pixel sits relative to the layer's origin.
        var coloredOrigin = CGPoint.zero
        var color: Color?
        var lastUsed: Int
        init(alpha: [Float], width: Int, height: Int, origin: CGPoint, frame: Int) {
            self.alpha = alpha; self.width = width; self.height = height; self.origin = origin; lastUsed = frame
        }
    }

    private var entries: [Key: Entry] = [:]
    private var frame = 0
    /// Blurs computed so far (for statistics and tests: a frame that blurs nothing adds 0).
    package private(set) var blursComputed = 0
    /// How many frames an unused shadow is kept.
    static let maximumIdleFrames = 30
    /// The largest shadow bitmap drawn, in pixels; larger shadows are left out.
    static let maximumPixels = 4096 * 4096

    /// An empty cache.
    package nonisolated init() {}

    /// Starts a frame: entries used from now on count as used in it.
    package func beginFrame() { frame += 1 }

    /// Drops the entries no frame used for a while.
    package func endFrame() {
        entries = entries.filter { frame - $0.value.lastUsed <= Self.maximumIdleFrames }
    }

    /// Number of shadows held.
    package var count: Int { entries.count }

    /// The shadow's pixels (premultiplied, coloured) and where their top-left pixel goes
    /// relative to the layer's origin in device pixels, before the shadow offset; nil when
    /// there is nothing to draw.
    func bitmap(for shadow: LayerShadow, linear m: CGAffineTransform) -> (Bitmap, origin: CGPoint)? {
        let scale = sqrt(abs(m.a * m.d - m.b * m.c))
        let sigma = (shadow.radius * scale * 64).rounded() / 64
        var key = Key(a: m.a, b: m.b, c: m.c, d: m.d, sigma: sigma)
        switch shadow.shape {
        case .path(let p): key.path = p
        case .contents(let bitmap, let rect, let version):
            key.contents = ObjectIdentifier(bitmap)
            key.contentsVersion = version
            key.contentRect = rect
        }
        let entry: Entry
        if let cached = entries[key] {
            entry = cached
        } else {
            guard let made = Self.blur(shadow.shape, linear: m, sigma: sigma, frame: frame) else { return nil }
            blursComputed += 1
            entries[key] = made
            entry = made
        }
        entry.lastUsed = frame
        if entry.color != shadow.color {
            let made = Self.colorize(entry, shadow.color)
            entry.colored = made?.bitmap
            entry.coloredOrigin = CGPoint(x: entry.origin.x + CGFloat(made?.x ?? 0),
                                          y: entry.origin.y + CGFloat(made?.y ?? 0))
            entry.color = shadow.color
        }
        guard let colored = entry.colored else { return nil }
        return (colored, entry.coloredOrigin)
    }

    /// Rasterizes the shape's coverage in device pixels (with room for the blur) and blurs it.
    private static func blur(_ shape: LayerShadow.Shape, linear m: CGAffineTransform, sigma: CGFloat,
                             frame: Int) -> Entry? {
        let extent: CGRect
        switch shape {
        case .path(let p): extent = p.boundingBox
        case .contents(_, let rect, _): extent = rect
        }
        guard !extent.isNull else { return nil }
        let device = extent.applying(m)
        guard device.minX.isFinite, device.minY.isFinite, device.maxX.isFinite, device.maxY.isFinite else { return nil }
        let pad = Int((3 * sigma).rounded(.up)) + 1
        let x0 = Int(device.minX.rounded(.down)) - pad, y0 = Int(device.minY.rounded(.down)) - pad
        let width = Int(device.maxX.rounded(.up)) + pad - x0, height = Int(device.maxY.rounded(.up)) + pad - y0
        guard width > 0, height > 0, width * height <= maximumPixels else { return nil }

        let mask = Bitmap(width: width, height: height)
        let ctx = GraphicsContext(bitmap: mask)
        ctx.concatenate(CGAffineTransform(a: m.a, b: m.b, c: m.c, d: m.d, tx: -CGFloat(x0), ty: -CGFloat(y0)))
        switch shape {
        case .path(let p):
            ctx.setFillColor(.black)
            ctx.fill(p)
        case .contents(let bitmap, let rect, _):
            ctx.composite(bitmap, transform: CGAffineTransform(
                a: rect.width / CGFloat(max(bitmap.width, 1)), b: 0, c: 0, d: rect.height / CGFloat(max(bitmap.height, 1)),
                tx: rect.minX, ty: rect.minY), interpolation: .low)
        }
        var alpha = [Float](repeating: 0, count: width * height)
        mask.withUnsafePixels { p, stride in
            for y in 0..<height {
                for x in 0..<width { alpha[y * width + x] = Float(p[y * stride + x] >> 24) / 255 }
            }
        }
        GaussianBlur.apply(to: &alpha, width: width, height: height, sigma: Double(sigma))
        return Entry(alpha: alpha, width: width, height: height, origin: CGPoint(x: x0, y: y0), frame: frame)
    }

    /// The blurred coverage in `color`, premultiplied, cut to the pixels that are not
    /// transparent, and where the cut begins in the entry's pixels; nil when every pixel is.
    ///
    /// A faint shadow's tail rounds to zero well inside the blur's three standard
    /// deviations (at opacity 0.18, about a quarter of the margin): the cut keeps the
    /// frame from blending those pixels every time the shadow is drawn.
    private static func colorize(_ entry: Entry, _ color: Color) -> (bitmap: Bitmap, x: Int, y: Int)? {
        let ca = min(max(color.alpha, 0), 1)
        let r = min(max(color.red, 0), 1), g = min(max(color.green, 0), 1), b = min(max(color.blue, 0), 1)
        let w = entry.width
        // A pixel is transparent when its alpha rounds to zero (its colour, no larger, does too).
        func shows(_ coverage: Float) -> Bool { (Double(min(max(coverage, 0), 1)) * ca * 255).rounded() > 0 }
        var x0 = w, x1 = 0, y0 = entry.height, y1 = 0
        entry.alpha.withUnsafeBufferPointer { alpha in
            for y in 0..<entry.height {
                var first = -1, last = -1
                for x in 0..<w where shows(alpha[y * w + x]) {
                    if first < 0 { first = x }
                    last = x
                }
                guard first >= 0 else { continue }
                x0 = min(x0, first); x1 = max(x1, last + 1)
                y0 = min(y0, y); y1 = y + 1
            }
        }
        guard x1 > x0, y1 > y0 else { return nil }
        let bitmap = Bitmap(width: x1 - x0, height: y1 - y0)
        bitmap.withUnsafeMutablePixels { p, stride in
            entry.alpha.withUnsafeBufferPointer { alpha in
                for y in y0..<y1 {
                    let row = (y - y0) * stride - x0
                    for x in x0..<x1 {
                        let a = Double(min(max(alpha[y * w + x], 0), 1)) * ca
                        let a8 = UInt32((a * 255).rounded())
                        let r8 = UInt32((r * a * 255).rounded()), g8 = UInt32((g * a * 255).rounded())
                        let b8 = UInt32((b * a * 255).rounded())
                        p[row + x] = a8 << 24 | r8 << 16 | g8 << 8 | b8
                    }
                }
            }
        }
        return (bitmap, x0, y0)
    }
}

/// A Gaussian blur approximated by three box blurs (within a few percent of the true
/// kernel), each a running sum: the cost per pixel does not grow with the radius.
enum GaussianBlur {
    /// The widths (odd) of three boxes whose repeated average has standard deviation `sigma`.
    static func boxSizes(sigma: Double, count n: Int = 3) -> [Int] {
        let ideal = (12 * sigma * sigma / Double(n) + 1).squareRoot()
        var lower = Int(ideal.rounded(.down))
        if lower % 2 == 0 { lower -= 1 }
        lower = max(lower, 1)
        let upper = lower + 2
        let wl = Double(lower)
        let m = Int(((12 * sigma * sigma - Double(n) * wl * wl - 4 * Double(n) * wl - 3 * Double(n)) / (-4 * wl - 4)).rounded())
        return (0..<n).map { $0 < m ? lower : upper }
    }

    /// Blurs `values` (row-major, `width × height`) in place; outside counts as 0. The
    /// values are numbers, or pixels of four channels blurred together.
    static func apply<Value: BoxAveraged>(to values: inout [Value], width: Int, height: Int, sigma: Double) {
        guard sigma > 0.05, width > 0, height > 0, values.count >= width * height else { return }
        let sizes = boxSizes(sigma: sigma)
        let longest = max(width, height)
        let scratch = UnsafeMutablePointer<Value>.allocate(capacity: 2 * longest + 1)
        defer { scratch.deallocate() }
        let line = scratch + longest + 1
        values.withUnsafeMutableBufferPointer { buffer in
            let v = buffer.baseAddress!
            for size in sizes where size > 1 {
                let r = (size - 1) / 2
                let norm = 1 / Float(size)
                for y in 0..<height {
                    let row = v + y * width
                    line.update(from: row, count: width)
                    box(line, count: width, radius: r, norm: norm, prefix: scratch)
                    row.update(from: line, count: width)
                }
                for x in 0..<width {
                    for y in 0..<height { line[y] = v[y * width + x] }
                    box(line, count: height, radius: r, norm: norm, prefix: scratch)
                    for y in 0..<height { v[y * width + x] = line[y] }
                }
            }
        }
    }

    /// Blurs `values` as one line, in place; outside counts as 0: the blur along one axis
    /// of a picture that is the same in every row (or every column).
    static func applyAlongLine(to values: inout [Float], sigma: Double) {
        let count = values.count
        guard sigma > 0.05, count > 0 else { return }
        let prefix = UnsafeMutablePointer<Float>.allocate(capacity: count + 1)
        defer { prefix.deallocate() }
        values.withUnsafeMutableBufferPointer { line in
            for size in boxSizes(sigma: sigma) where size > 1 {
                box(line.baseAddress!, count: count, radius: (size - 1) / 2, norm: 1 / Float(size), prefix: prefix)
            }
        }
    }

    /// One box average of the first `count` values of `line`, through a prefix sum
    /// (`prefix` holds `count + 1` values).
    private static func box<Value: BoxAveraged>(_ line: UnsafeMutablePointer<Value>, count: Int, radius r: Int,
                                                norm: Float, prefix: UnsafeMutablePointer<Value>) {
        prefix[0] = .zero
        for i in 0..<count { prefix[i + 1] = prefix[i] + line[i] }
        for i in 0..<count {
            let lo = max(i - r, 0), hi = min(i + r + 1, count)
            line[i] = (prefix[hi] - prefix[lo]) * norm
        }
    }
}

/// What ``GaussianBlur`` averages: a number, or the four channels of a pixel at once
/// (one pass instead of four, each sum a vector addition).
protocol BoxAveraged {
    static var zero: Self { get }
    static func + (a: Self, b: Self) -> Self
    static func - (a: Self, b: Self) -> Self
    static func * (a: Self, b: Float) -> Self
}

extension Float: BoxAveraged {}
extension SIMD4: BoxAveraged where Scalar == Float {}
