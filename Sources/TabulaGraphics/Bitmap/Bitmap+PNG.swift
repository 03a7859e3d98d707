import CCairo
import Foundation

/// Why an image could not be read.
public struct ImageDecodingError: Error, CustomStringConvertible {
    /// What was wrong with the data.
    public let description: String
}

private final class ByteSink { var data = Data() }
private final class ByteSource {
    let data: Data
    var offset = 0
    init(_ data: Data) { self.data = data }
}

extension Bitmap {
    /// The most pixels a PNG or JPEG may have to be decoded: 100 million (400 MB of
    /// pixels; a 48-megapixel photo has 48 million). A file whose header promises more —
    /// a "decompression bomb" of a thousand bytes that says 30,000 × 30,000 — is refused
    /// before any pixel is decoded, so a hostile image costs neither time nor memory.
    public static let maximumDecodedPixelCount = 100_000_000

    /// Decodes a PNG. Pixels come out premultiplied; a PNG without alpha gives an opaque bitmap.
    ///
    /// - Throws: ``ImageDecodingError`` naming what was wrong with the data, or that the
    ///   image has more than ``maximumDecodedPixelCount`` pixels.
    public convenience init(pngData: Data) throws {
        guard pngData.starts(with: [0x89, 0x50, 0x4E, 0x47]) else {
            throw ImageDecodingError(description: "not a PNG: the \(pngData.count) bytes do not start with the PNG signature")
        }
        // The header chunk (IHDR) comes first: width and height, big-endian, at bytes 16 and 20.
        if pngData.count >= 24 {
            let bytes = [UInt8](pngData.prefix(24))
            let width = bytes[16 ..< 20].reduce(0) { $0 << 8 | Int($1) }
            let height = bytes[20 ..< 24].reduce(0) { $0 << 8 | Int($1) }
            if width.multipliedReportingOverflow(by: height).partialValue > Self.maximumDecodedPixelCount {
                throw ImageDecodingError(description: "the PNG is \(width) × \(height) pixels, more than "
                                         + "\(Self.maximumDecodedPixelCount) in all; not decoded")
            }
        }
        let source = ByteSource(pngData)
        let box = Unmanaged.passRetained(source)
        defer { box.release() }
        let surface = cairo_image_surface_create_from_png_stream({ closure, buffer, length in
            let source = Unmanaged<ByteSource>.fromOpaque(closure!).takeUnretainedValue()
            let n = Int(length)
            guard source.offset + n <= source.data.count else { return CAIRO_STATUS_READ_ERROR }
            source.data.copyBytes(to: buffer!, from: source.offset ..< source.offset + n)
            source.offset += n
            return CAIRO_STATUS_SUCCESS
        }, box.toOpaque())!
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            throw ImageDecodingError(description: "PNG decoding failed: \(String(cString: cairo_status_to_string(status)))")
        }
        self.init(adopting: surface)
    }

    /// Reads a PNG file.
    public convenience init(contentsOfFile path: String) throws {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ImageDecodingError(description: "cannot read the file '\(path)'")
        }
        try self.init(pngData: data)
    }

    /// The bitmap encoded as PNG.
    public func pngData() -> Data {
        let sink = ByteSink()
        let box = Unmanaged.passRetained(sink)
        defer { box.release() }
        cairo_surface_write_to_png_stream(surface, { closure, bytes, length in
            let sink = Unmanaged<ByteSink>.fromOpaque(closure!).takeUnretainedValue()
            sink.data.append(bytes!, count: Int(length))
            return CAIRO_STATUS_SUCCESS
        }, box.toOpaque())
        return sink.data
    }

    /// Writes the bitmap as a PNG file.
    public func writePNG(to url: URL) throws {
        try pngData().write(to: url)
    }
}
