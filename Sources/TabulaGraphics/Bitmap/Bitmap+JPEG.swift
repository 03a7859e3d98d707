import CJPEG
import Foundation

/// A decoded JPEG: its pixels, and the orientation its EXIF metadata gives them.
public struct DecodedJPEG {
    /// The pixels as stored in the file (an opaque bitmap; JPEG has no transparency).
    public let bitmap: Bitmap
    /// The EXIF orientation, 1 to 8 in TIFF's numbering (1: upright, as stored); 1
    /// when the file has none.
    public let exifOrientation: Int
}

extension Bitmap {
    /// Decodes JPEG data (baseline or progressive, colour or greyscale) with libjpeg.
    ///
    /// - Throws: ``ImageDecodingError`` when the data is not a JPEG libjpeg can read
    ///   (CMYK files are refused), or is larger than 32,767 pixels a side.
    public static func decodeJPEG(_ data: Data) throws -> DecodedJPEG {
        guard data.starts(with: [0xFF, 0xD8]) else {
            throw ImageDecodingError(description: "not a JPEG: the \(data.count) bytes do not start with FF D8")
        }
        var rgb: UnsafeMutablePointer<UInt8>?
        var width: Int32 = 0, height: Int32 = 0, orientation: Int32 = 1
        var message = [CChar](repeating: 0, count: 256)
        let status = data.withUnsafeBytes { bytes in
            tabula_jpeg_decode(bytes.bindMemory(to: UInt8.self).baseAddress, UInt(bytes.count), 32767,
                               UInt64(Bitmap.maximumDecodedPixelCount),
                               &rgb, &width, &height, &orientation, &message, Int32(message.count))
        }
        guard status == 0, let rgb else {
            let reason = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw ImageDecodingError(description: "JPEG decoding failed: \(reason)")
        }
        defer { free(rgb) }
        let bitmap = Bitmap(width: Int(width), height: Int(height), opaque: true)
        bitmap.withUnsafeMutablePixels { pixels, wordsPerRow in
            for y in 0 ..< Int(height) {
                let row = rgb + y * Int(width) * 3
                for x in 0 ..< Int(width) {
                    let r = UInt32(row[x * 3]), g = UInt32(row[x * 3 + 1]), b = UInt32(row[x * 3 + 2])
                    pixels[y * wordsPerRow + x] = 0xFF00_0000 | r << 16 | g << 8 | b
                }
            }
        }
        return DecodedJPEG(bitmap: bitmap, exifOrientation: Int(orientation))
    }

    /// The bitmap encoded as a baseline JPEG by libjpeg at `quality`, 1 (smallest) to 100
    /// (best; out-of-range values are clamped). JPEG has no transparency: the colours
    /// are written as if drawn over black, so transparent pixels become black. Nil for
    /// an empty bitmap or when libjpeg fails.
    public func jpegData(quality: Int) -> Data? {
        guard width > 0, height > 0 else { return nil }
        var rgb = [UInt8](repeating: 0, count: width * height * 3)
        withUnsafePixels { pixels, wordsPerRow in
            for y in 0 ..< height {
                for x in 0 ..< width {
                    let word = pixels[y * wordsPerRow + x]
                    let i = (y * width + x) * 3
                    // Premultiplied components are the colour over black.
                    rgb[i] = UInt8((word >> 16) & 0xFF)
                    rgb[i + 1] = UInt8((word >> 8) & 0xFF)
                    rgb[i + 2] = UInt8(word & 0xFF)
                }
            }
        }
        var out: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        var message = [CChar](repeating: 0, count: 256)
        let status = tabula_jpeg_encode(rgb, Int32(width), Int32(height), Int32(min(100, max(1, quality))),
                                        &out, &size, &message, Int32(message.count))
        guard status == 0, let out else { return nil }
        defer { free(out) }
        return Data(bytes: out, count: Int(size))
    }
}
