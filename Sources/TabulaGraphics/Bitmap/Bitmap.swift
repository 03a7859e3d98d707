import CCairo
import CTabulaPixels
import Foundation
import TabulaCore

/// A grid of pixels in premultiplied ARGB, 32 bits each, in native byte order
/// (Cairo's `ARGB32`; `RGB24` when opaque, whose alpha byte is ignored and read as 255).
///
/// Bitmaps back layers, hold decoded images and receive composited frames.
/// They are reference types because a backing store is shared between a layer
/// and the frames that show it; they are not `Sendable`.
///
/// See also: ``GraphicsContext``, ``PixelDifference``.
public final class Bitmap {
    /// The Cairo surface; never escapes this module.
    let surface: OpaquePointer

    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// True when every pixel is opaque: compositing such a bitmap is a copy, not a blend.
    public let isOpaque: Bool
    /// For a band (``band(rows:)``), the y of its top row in drawing coordinates (the row
    /// of its owner it shows); 0 for any other bitmap.
    package let firstRow: Int
    /// The bitmap whose pixels a band shows, kept alive while the band is.
    private let owner: Bitmap?
    /// Counts the times the pixels may have changed: a context made on the bitmap or let
    /// go, a clear, a write through ``withUnsafeMutablePixels(_:)``, bands ended. A
    /// renderer that keeps a copy of the pixels (a GPU texture) makes a new copy when this
    /// moves on.
    package private(set) var generation = 0

    /// Notes that the pixels may have changed (see ``generation``).
    package func noteChanged() { generation &+= 1 }

    /// A new bitmap cleared to transparent black (or opaque black when `opaque`).
    ///
    /// - Precondition: both dimensions are non-negative and at most 32,767 (Cairo's limit).
    public init(width: Int, height: Int, opaque: Bool = false) {
        precondition(width >= 0 && height >= 0 && width <= 32767 && height <= 32767,
                     "Bitmap size \(width)×\(height) is out of range (0…32767)")
        self.width = width
        self.height = height
        self.isOpaque = opaque
        firstRow = 0
        owner = nil
        surface = cairo_image_surface_create(opaque ? CAIRO_FORMAT_RGB24 : CAIRO_FORMAT_ARGB32,
                                             Int32(width), Int32(height))
        if opaque { clear(to: .black) }
    }

    init(adopting surface: OpaquePointer) {
        self.surface = surface
        width = Int(cairo_image_surface_get_width(surface))
        height = Int(cairo_image_surface_get_height(surface))
        isOpaque = cairo_image_surface_get_format(surface) == CAIRO_FORMAT_RGB24
        firstRow = 0
        owner = nil
    }

    /// A band of `rows` of `owner`'s pixels, drawn in `owner`'s coordinates.
    private init(band rows: Range<Int>, of owner: Bitmap) {
        let stride = owner.bytesPerRow
        let data = cairo_image_surface_get_data(owner.surface)! + rows.lowerBound * stride
        surface = cairo_image_surface_create_for_data(data, owner.isOpaque ? CAIRO_FORMAT_RGB24 : CAIRO_FORMAT_ARGB32,
                                                      Int32(owner.width), Int32(rows.count), Int32(stride))
        cairo_surface_set_device_offset(surface, 0, -Double(rows.lowerBound))
        width = owner.width
        height = rows.count
        isOpaque = owner.isOpaque
        firstRow = rows.lowerBound
        self.owner = owner
    }

    /// A bitmap over `rows` of this one, sharing its pixels, in this bitmap's coordinates:
    /// drawing at y = `rows.lowerBound` draws into its top row, and whatever falls outside
    /// the rows is cut off. Bands of disjoint rows can be drawn into on different threads
    /// at once (each through its own context); the owner is flushed first, and must not be
    /// drawn into until ``endBands()`` is called on it.
    ///
    /// - Precondition: `rows` lies within the bitmap.
    package func band(rows: Range<Int>) -> Bitmap {
        precondition(rows.lowerBound >= 0 && rows.upperBound <= height, "band \(rows) is outside \(height) rows")
        cairo_surface_flush(surface)
        return Bitmap(band: rows, of: self)
    }

    /// Whether this bitmap is a band of another (``band(rows:)``).
    package var isBand: Bool { owner != nil }

    /// Tells Cairo that the bands of this bitmap changed its pixels.
    package func endBands() {
        cairo_surface_mark_dirty(surface)
        noteChanged()
    }

    deinit { cairo_surface_destroy(surface) }

    /// Why the bitmap no longer takes drawing, or nil while it does.
    ///
    /// Cairo's errors are sticky: once a drawing operation fails on a surface, every
    /// later operation on it does nothing. A host that reuses a bitmap frame after frame
    /// checks this and replaces a failed bitmap, instead of showing black from then on.
    public var drawingFailure: String? {
        let status = cairo_surface_status(surface)
        return status == CAIRO_STATUS_SUCCESS ? nil : String(cString: cairo_status_to_string(status))
    }

    /// Puts the surface into Cairo's "finished" state, in which it takes no more drawing:
    /// lets tests check that hosts recover from a failed bitmap.
    func finishSurfaceForTesting() { cairo_surface_finish(surface) }

    /// Bytes per row, which may exceed `4 × width`.
    public var bytesPerRow: Int { Int(cairo_image_surface_get_stride(surface)) }

    /// Fills every pixel with `color`.
    public func clear(to color: Color) {
        noteChanged()
        let cr = cairo_create(surface)!
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha)
        cairo_paint(cr)
        cairo_destroy(cr)
    }

    /// Reads and writes the raw pixels. No call to mark the surface dirty is needed: it
    /// is flushed before and marked dirty after.
    public func withUnsafeMutablePixels<R>(_ body: (UnsafeMutablePointer<UInt32>, _ wordsPerRow: Int) throws -> R) rethrows -> R {
        cairo_surface_flush(surface)
        noteChanged()
        defer { cairo_surface_mark_dirty(surface) }
        let data = cairo_image_surface_get_data(surface)!
        return try data.withMemoryRebound(to: UInt32.self, capacity: bytesPerRow / 4 * height) {
            try body($0, bytesPerRow / 4)
        }
    }

    /// Reads the raw pixels.
    public func withUnsafePixels<R>(_ body: (UnsafePointer<UInt32>, _ wordsPerRow: Int) throws -> R) rethrows -> R {
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else {
            let empty = [UInt32](repeating: 0, count: 1)
            return try empty.withUnsafeBufferPointer { try body($0.baseAddress!, 0) }
        }
        return try data.withMemoryRebound(to: UInt32.self, capacity: bytesPerRow / 4 * height) {
            try body(UnsafePointer($0), bytesPerRow / 4)
        }
    }

    /// The premultiplied pixel at `(x, y)`, each component 0…255.
    public func pixel(x: Int, y: Int) -> Pixel {
        precondition(x >= 0 && y >= 0 && x < width && y < height,
                     "pixel (\(x), \(y)) is outside the \(width)×\(height) bitmap")
        let word = withUnsafePixels { p, stride in p[y * stride + x] }
        return Pixel(word: word, opaque: isOpaque)
    }

    /// The pixel at `(x, y)` as an un-premultiplied colour.
    public func color(x: Int, y: Int) -> Color {
        let p = pixel(x: x, y: y)
        guard p.alpha > 0 else { return .clear }
        let a = Double(p.alpha)
        return Color(red: Double(p.red) / a, green: Double(p.green) / a, blue: Double(p.blue) / a,
                     alpha: a / 255)
    }

    /// An independent copy.
    public func copy() -> Bitmap {
        let result = Bitmap(width: width, height: height, opaque: isOpaque)
        let cr = cairo_create(result.surface)!
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        cairo_set_source_surface(cr, surface, 0, 0)
        cairo_paint(cr)
        cairo_destroy(cr)
        return result
    }

    /// The region `rect` (in pixels, clipped to the bitmap) as a new bitmap.
    public func cropped(to rect: CGRect) -> Bitmap {
        let r = rect.integral.intersection(CGRect(x: 0, y: 0, width: width, height: height))
        guard !r.isNull, r.width > 0, r.height > 0 else { return Bitmap(width: 0, height: 0) }
        let result = Bitmap(width: Int(r.width), height: Int(r.height), opaque: isOpaque)
        let cr = cairo_create(result.surface)!
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        cairo_set_source_surface(cr, surface, -Double(r.minX), -Double(r.minY))
        cairo_paint(cr)
        cairo_destroy(cr)
        return result
    }
}

/// One premultiplied pixel.
public struct Pixel: Hashable, Sendable, CustomStringConvertible {
    /// The red, green, blue and alpha channels, 0…255; the colour channels are premultiplied by alpha.
    public var red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8

    /// Creates a pixel from premultiplied channels (each colour channel no greater than `alpha`).
    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
        (self.red, self.green, self.blue, self.alpha) = (red, green, blue, alpha)
    }

    init(word: UInt32, opaque: Bool) {
        alpha = opaque ? 255 : UInt8(word >> 24)
        red = UInt8((word >> 16) & 0xFF)
        green = UInt8((word >> 8) & 0xFF)
        blue = UInt8(word & 0xFF)
    }

    /// The four channels, as `Pixel(r: …, g: …, b: …, a: …)`.
    public var description: String { "Pixel(r: \(red), g: \(green), b: \(blue), a: \(alpha))" }
}

extension Bitmap {
    /// The pixels of `x ..< x + width`, `y ..< y + height` (cut to the bitmap) reduced
    /// `factor` times in each direction (1…32): each pixel of the result is the average
    /// of a `factor` × `factor` block, and a block cut by the area's right or bottom edge
    /// averages the pixels it holds, so nothing outside the area darkens the edge. Nil
    /// when the area holds no pixel or `factor` is out of range.
    ///
    /// Each pixel is read once: a wide backdrop blur starts from this.
    package func reduced(x: Int, y: Int, width: Int, height: Int, by factor: Int) -> Bitmap? {
        let x0 = max(0, x), y0 = max(0, y)
        let (right, pastRight) = x.addingReportingOverflow(max(0, width))
        let (bottom, pastBottom) = y.addingReportingOverflow(max(0, height))
        let x1 = pastRight ? self.width : min(self.width, right), y1 = pastBottom ? self.height : min(self.height, bottom)
        guard x1 > x0, y1 > y0, (1...32).contains(factor) else { return nil }
        let result = Bitmap(width: (x1 - x0 + factor - 1) / factor, height: (y1 - y0 + factor - 1) / factor, opaque: false)
        // A large area is shared out by rows of blocks between the cores, each reading its
        // own rows and writing its own reduced rows.
        let parts = (x1 - x0) * (y1 - y0) >= 1 << 18 ? min(Self.cores, result.height) : 1
        let opaque = isOpaque, reducedHeight = result.height
        withUnsafePixels { source, sourceStride in
            result.withUnsafeMutablePixels { destination, destinationStride in
                let pixels = Pointers(source: source + y0 * sourceStride + x0, destination: destination)
                DispatchQueue.concurrentPerform(iterations: max(parts, 1)) { part in
                    let first = reducedHeight * part / parts, last = reducedHeight * (part + 1) / parts
                    let rows = min(last * factor, y1 - y0) - first * factor
                    guard rows > 0 else { return }
                    tabula_reduce_box(pixels.source + first * factor * sourceStride, sourceStride, Int32(x1 - x0),
                                      Int32(rows), Int32(factor), opaque, pixels.destination + first * destinationStride,
                                      destinationStride)
                }
            }
        }
        return result
    }
}

extension Bitmap {
    /// The active cores, at most four: the threads a large reduction is shared between.
    /// (Asking the system costs a file read each time.)
    private static let cores = min(max(ProcessInfo.processInfo.activeProcessorCount, 1), 4)
}

/// The two ends of a reduction, handed to the threads that share it: each reads and
/// writes only its own rows.
private struct Pointers: @unchecked Sendable {
    let source: UnsafePointer<UInt32>
    let destination: UnsafeMutablePointer<UInt32>
}
