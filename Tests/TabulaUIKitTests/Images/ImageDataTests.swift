import Foundation
import Synchronization
import Testing
@testable import TabulaUIKit
import TabulaUIKitTestSupport

/// A `width` × `height` opaque picture at scale 1: a horizontal red-to-blue gradient
/// over a vertical green ramp, with a white square in the middle — smooth areas and
/// sharp edges, as photographs have.
func photoLikeBitmap(width: Int = 64, height: Int = 48) -> Bitmap {
    let bitmap = Bitmap(width: width, height: height, opaque: true)
    bitmap.withUnsafeMutablePixels { pixels, stride in
        for y in 0 ..< height {
            for x in 0 ..< width {
                let r = UInt32(255 * x / max(1, width - 1)), g = UInt32(255 * y / max(1, height - 1)), b = 255 - r
                pixels[y * stride + x] = 0xFF00_0000 | r << 16 | g << 8 | b
            }
        }
    }
    let ctx = CGContext(bitmap: bitmap)
    ctx.setFillColor(.white)
    ctx.fill(CGRect(x: width / 2 - 6, y: height / 2 - 6, width: 12, height: 12))
    return bitmap
}

/// The mean absolute difference of the colour channels of two bitmaps of one size, 0…255.
func meanDifference(_ a: Bitmap, _ b: Bitmap) -> Double {
    var total = 0.0
    for y in 0 ..< a.height {
        for x in 0 ..< a.width {
            let p = a.pixel(x: x, y: y), q = b.pixel(x: x, y: y)
            total += abs(Double(p.red) - Double(q.red)) + abs(Double(p.green) - Double(q.green))
                + abs(Double(p.blue) - Double(q.blue))
        }
    }
    return total / Double(a.width * a.height * 3)
}

/// `jpeg` with an EXIF APP1 segment, holding only an orientation tag of `value`, after its SOI marker.
func withEXIFOrientation(_ jpeg: Data, _ value: UInt8, bigEndian: Bool = true) -> Data {
    // TIFF header, one IFD entry (tag 0x0112, type SHORT, count 1, the value), no next IFD.
    let tiff: [UInt8] = bigEndian
        ? [0x4D, 0x4D, 0, 0x2A, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, value, 0, 0, 0, 0, 0, 0]
        : [0x49, 0x49, 0x2A, 0, 8, 0, 0, 0, 1, 0, 0x12, 0x01, 3, 0, 1, 0, 0, 0, value, 0, 0, 0, 0, 0, 0, 0]
    let payload = Array("Exif".utf8) + [0, 0] + tiff
    let length = payload.count + 2
    let segment: [UInt8] = [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
    var bytes = [UInt8](jpeg)
    bytes.insert(contentsOf: segment, at: 2)
    return Data(bytes)
}

@Suite("UIImage JPEG data")
@MainActor
struct ImageJPEGTests {
    @Test("jpegData round-trips through UIImage(data:): same size, pixels close to the original")
    func roundTrip() throws {
        let original = photoLikeBitmap()
        let image = UIImage(cgImage: original, scale: 2)
        let data = try #require(image.jpegData(compressionQuality: 0.9))
        #expect(data.starts(with: [0xFF, 0xD8]) && data.suffix(2) == Data([0xFF, 0xD9]))
        let decoded = try #require(UIImage(data: data, scale: 2))
        #expect(decoded.size == image.size && decoded.imageOrientation == .up)
        let pixels = try #require(decoded.cgImage)
        #expect(pixels.width == 64 && pixels.height == 48 && pixels.isOpaque)
        let difference = meanDifference(original, pixels)
        #expect(difference < 4, "mean difference \(difference) of 255")
        // The white square stays white, the corners keep their colours.
        #expect(isClose(pixels.color(x: 32, y: 24), .white, tolerance: 0.06))
        #expect(isClose(pixels.color(x: 2, y: 2), original.color(x: 2, y: 2), tolerance: 0.08))
        #expect(isClose(pixels.color(x: 61, y: 45), original.color(x: 61, y: 45), tolerance: 0.08))
    }

    @Test("a lower quality makes smaller data that differs more; out-of-range qualities are clamped")
    func qualityChangesSize() throws {
        let image = UIImage(cgImage: photoLikeBitmap(width: 160, height: 120))
        let high = try #require(image.jpegData(compressionQuality: 0.95))
        let low = try #require(image.jpegData(compressionQuality: 0.1))
        #expect(low.count < high.count / 2, "\(low.count) bytes at 0.1, \(high.count) at 0.95")
        let original = try #require(image.cgImage)
        let lowPixels = try #require(UIImage(data: low)?.cgImage), highPixels = try #require(UIImage(data: high)?.cgImage)
        #expect(meanDifference(original, lowPixels) > meanDifference(original, highPixels))
        #expect(image.jpegData(compressionQuality: 7) == image.jpegData(compressionQuality: 1))
        #expect(image.jpegData(compressionQuality: -3) == image.jpegData(compressionQuality: 0))
        #expect(image.jpegData(compressionQuality: .nan) == image.jpegData(compressionQuality: 1))
    }

    @Test("transparent pixels become black; an oriented image is written as shown; empty images give nil")
    func transparencyAndOrientation() throws {
        let clear = Bitmap(width: 16, height: 16)
        let data = try #require(UIImage(cgImage: clear).jpegData(compressionQuality: 1))
        let black = try #require(UIImage(data: data)?.cgImage).color(x: 8, y: 8)
        #expect(black.red < 0.05 && black.green < 0.05 && black.blue < 0.05)
        let turned = UIImage(cgImage: markerBitmap(), scale: 1, orientation: .left)
        let turnedData = try #require(turned.jpegData(compressionQuality: 1))
        let written = try #require(UIImage(data: turnedData))
        #expect(written.size == CGSize(width: 20, height: 40))
        let corners = markerCorners(try #require(written.cgImage))
        #expect(corners.red == .bottomLeft && corners.blue == .topLeft)
        #expect(UIImage(cgImage: Bitmap(width: 0, height: 0)).jpegData(compressionQuality: 1) == nil)
    }

    @Test("UIImage(data:) reads a JPEG's EXIF orientation (both byte orders) and refuses damaged data")
    func exifAndDamage() throws {
        let jpeg = try #require(UIImage(cgImage: markerBitmap()).jpegData(compressionQuality: 1))
        let right = try #require(UIImage(data: withEXIFOrientation(jpeg, 6)))
        #expect(right.imageOrientation == .right && right.size == CGSize(width: 20, height: 40))
        let corners = markerCorners(drawn(right))
        #expect(corners.red == .topRight && corners.blue == .bottomRight)
        #expect(UIImage(data: withEXIFOrientation(jpeg, 8, bigEndian: false))?.imageOrientation == .left)
        #expect(UIImage(data: withEXIFOrientation(jpeg, 42))?.imageOrientation == .up, "an invalid value is ignored")
        #expect(UIImage(data: Data([0xFF, 0xD8, 0xFF, 0x00, 1, 2, 3, 4, 5])) == nil)
        #expect(UIImage(data: Data("not an image".utf8)) == nil)
        #expect(UIImage(data: Data()) == nil)
        // A file cut short: libjpeg fills the missing rows, as other decoders do, and reports nothing fatal.
        let photo = try #require(UIImage(cgImage: photoLikeBitmap()).jpegData(compressionQuality: 1))
        #expect(UIImage(data: photo.prefix(photo.count * 3 / 4))?.size == CGSize(width: 64, height: 48))
    }

    @Test("UIGraphicsImageRenderer.jpegData draws and encodes")
    func rendererJPEG() throws {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        let data = UIGraphicsImageRenderer(size: CGSize(width: 16, height: 8), format: format).jpegData(withCompressionQuality: 0.9) { _ in
            UIColor.red.setFill()
            UIRectFill(CGRect(x: 0, y: 0, width: 16, height: 8))
        }
        let pixels = try #require(UIImage(data: data)?.cgImage)
        #expect(pixels.width == 16 && isClose(pixels.color(x: 8, y: 4), Color(red: 1, green: 0, blue: 0), tolerance: 0.05))
    }

    @Test("UIImage(contentsOfFile:) reads JPEG files too")
    func jpegFile() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("tabula-\(UUID().uuidString)@2x.jpg")
        defer { try? FileManager.default.removeItem(at: url) }
        try #require(UIImage(cgImage: photoLikeBitmap()).jpegData(compressionQuality: 0.8)).write(to: url)
        let image = try #require(UIImage(contentsOfFile: url.path))
        #expect(image.scale == 2 && image.size == CGSize(width: 32, height: 24))
    }
}

@Suite("UIImage thumbnails and preparing for display")
@MainActor
struct ImagePreparingTests {
    /// 400 × 200 points at scale 1: red left half, blue right half.
    func halves() -> UIImage {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        return UIGraphicsImageRenderer(size: CGSize(width: 400, height: 200), format: format).image { _ in
            UIColor.red.setFill()
            UIRectFill(CGRect(x: 0, y: 0, width: 200, height: 200))
            UIColor.blue.setFill()
            UIRectFill(CGRect(x: 200, y: 0, width: 200, height: 200))
        }
    }

    @Test("a thumbnail keeps the aspect ratio and covers the size asked for; upright; nil for symbols and bad sizes")
    func thumbnail() throws {
        let image = halves()
        let square = try #require(image.preparingThumbnail(of: CGSize(width: 100, height: 100)))
        #expect(square.size == CGSize(width: 200, height: 100))
        let pixels = try #require(square.cgImage)
        #expect(pixels.width == 200 && pixels.height == 100)
        #expect(isClose(pixels.color(x: 50, y: 50), Color(red: 1, green: 0, blue: 0)))
        #expect(isClose(pixels.color(x: 150, y: 50), Color(red: 0, green: 0, blue: 1)))
        #expect(try #require(image.preparingThumbnail(of: CGSize(width: 80, height: 10))).size == CGSize(width: 80, height: 40))
        let turned = UIImage(cgImage: markerBitmap(), scale: 1, orientation: .right)
        let small = try #require(turned.preparingThumbnail(of: CGSize(width: 10, height: 20)))
        #expect(small.size == CGSize(width: 10, height: 20) && small.imageOrientation == .up)
        #expect(UIImage(systemName: "gear")?.preparingThumbnail(of: CGSize(width: 10, height: 10)) == nil)
        #expect(image.preparingThumbnail(of: .zero) == nil)
        #expect(image.preparingThumbnail(of: CGSize(width: CGFloat.nan, height: 10)) == nil)
    }

    @Test("prepareThumbnail and prepareForDisplay call back on a background thread with the prepared image")
    func completionHandlers() async throws {
        let image = halves()
        let (thumbnail, onMain) = await withCheckedContinuation { continuation in
            image.prepareThumbnail(of: CGSize(width: 50, height: 50)) { continuation.resume(returning: ($0, Thread.isMainThread)) }
        }
        #expect(thumbnail?.size == CGSize(width: 100, height: 50) && !onMain)
        let (prepared, preparedOnMain) = await withCheckedContinuation { continuation in
            image.prepareForDisplay { continuation.resume(returning: ($0, Thread.isMainThread)) }
        }
        let copy = try #require(prepared)
        #expect(copy !== image && copy.size == image.size && !preparedOnMain)
        #expect(copy.cgImage.map { meanDifference($0, image.cgImage!) } == 0)
        let symbolResult = await withCheckedContinuation { continuation in
            UIImage(systemName: "gear")!.prepareForDisplay { continuation.resume(returning: $0 == nil) }
        }
        #expect(symbolResult)
    }

    @Test("preparingForDisplay keeps the orientation and attributes")
    func preparedKeepsAttributes() throws {
        let image = UIImage(cgImage: markerBitmap(), scale: 1, orientation: .down).withBaselineOffset(fromBottom: 3)
        let prepared = try #require(image.preparingForDisplay())
        #expect(prepared.imageOrientation == .down && prepared.baselineOffsetFromBottom == 3)
        #expect(markerCorners(drawn(prepared)).red == .bottomRight)
    }
}
