import Foundation
import Testing
import TabulaCore
@testable import TabulaGraphics

/// A small picture with hard edges, antialiased curves and translucent pixels.
private func samplePicture(opaque: Bool) -> Bitmap {
    let bitmap = Bitmap(width: 40, height: 30, opaque: opaque)
    bitmap.clear(to: opaque ? .white : .clear)
    let ctx = GraphicsContext(bitmap: bitmap)
    ctx.setFillColor(Color(rgb: 0x007AFF))
    ctx.fill(CGRect(x: 3, y: 4, width: 20, height: 12))
    ctx.setFillColor(Color(red: 1, green: 0.2, blue: 0.1, alpha: 0.6))
    ctx.fill(Path(ellipseIn: CGRect(x: 12.3, y: 8.7, width: 25, height: 19)))
    ctx.setStrokeColor(Color(rgb: 0x34C759, alpha: 0.8))
    ctx.setLineWidth(1.5)
    ctx.stroke(Path(roundedRect: CGRect(x: 1.5, y: 1.5, width: 36, height: 26), cornerRadius: 6))
    return bitmap
}

/// Overwrites one pixel with a raw premultiplied ARGB word.
private func poke(_ bitmap: Bitmap, x: Int, y: Int, _ word: UInt32) {
    bitmap.withUnsafeMutablePixels { p, stride in p[y * stride + x] = word }
}

@Suite("Bitmap")
struct BitmapTests {
    // MARK: PNG

    @Test("a translucent bitmap survives a PNG round trip pixel for pixel", arguments: [false, true])
    func pngRoundTrip(opaque: Bool) throws {
        let original = samplePicture(opaque: opaque)
        let data = original.pngData()
        #expect(data.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        let decoded = try Bitmap(pngData: data)
        #expect(decoded.width == 40 && decoded.height == 30)
        #expect(decoded.isOpaque == opaque)
        let diff = decoded.difference(from: original)
        #expect(!diff.sizeMismatch)
        #expect(diff.differingPixels == 0, "\(diff)")
        #expect(diff.maximumChannelDifference == 0)
        // The picture is not trivially empty: the round trip compared something.
        #expect(original.pixel(x: 10, y: 10) != original.pixel(x: 0, y: 29))
    }

    @Test("an opaque bitmap decodes with every alpha at 255")
    func opaquePNGDecodesOpaque() throws {
        let decoded = try Bitmap(pngData: samplePicture(opaque: true).pngData())
        #expect(decoded.isOpaque)
        for (x, y) in [(0, 0), (10, 10), (39, 29), (25, 20)] {
            #expect(decoded.pixel(x: x, y: y).alpha == 255)
        }
    }

    @Test("writePNG and init(contentsOfFile:) round trip through the file system")
    func fileRoundTrip() throws {
        let original = samplePicture(opaque: false)
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("tabula-bitmap-test-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: url) }
        try original.writePNG(to: url)
        let decoded = try Bitmap(contentsOfFile: url.path)
        #expect(decoded.difference(from: original).differingPixels == 0)
    }

    @Test("data that is not a PNG is rejected with a message about the signature")
    func garbageThrows() {
        let garbage = Data("GIF89a, or rather not an image at all".utf8)
        #expect {
            _ = try Bitmap(pngData: garbage)
        } throws: { error in
            guard let error = error as? ImageDecodingError else { return false }
            return error.description.contains("PNG signature")
        }
        #expect(throws: ImageDecodingError.self) { _ = try Bitmap(pngData: Data()) }
    }

    @Test("a PNG cut short is rejected rather than decoded into garbage")
    func truncatedPNGThrows() {
        let data = samplePicture(opaque: false).pngData()
        #expect(throws: ImageDecodingError.self) { _ = try Bitmap(pngData: data.prefix(40)) }
    }

    @Test("a missing file is an ImageDecodingError naming the path")
    func missingFileThrows() {
        let path = "/nonexistent/tabula/\(UUID().uuidString).png"
        #expect {
            _ = try Bitmap(contentsOfFile: path)
        } throws: { error in
            (error as? ImageDecodingError)?.description.contains(path) == true
        }
    }

    // MARK: Pixels

    @Test("a new bitmap is transparent black, or opaque black when opaque")
    func initialContents() {
        #expect(Bitmap(width: 3, height: 2).pixel(x: 2, y: 1) == Pixel(red: 0, green: 0, blue: 0, alpha: 0))
        #expect(Bitmap(width: 3, height: 2, opaque: true).pixel(x: 2, y: 1)
            == Pixel(red: 0, green: 0, blue: 0, alpha: 255))
    }

    @Test("pixel(x:y:) reads premultiplied components")
    func premultipliedPixel() {
        let bitmap = Bitmap(width: 4, height: 4)
        bitmap.clear(to: Color(red: 1, green: 0.5, blue: 0, alpha: 0.5))
        let p = bitmap.pixel(x: 3, y: 2)
        #expect((127 ... 128).contains(p.alpha))
        #expect(p.red == p.alpha, "full red is premultiplied down to alpha")
        #expect(abs(Int(p.green) - Int(p.alpha) / 2) <= 1)
        #expect(p.blue == 0)
    }

    @Test("color(x:y:) un-premultiplies")
    func unpremultipliedColor() {
        let bitmap = Bitmap(width: 4, height: 4)
        bitmap.clear(to: Color(red: 1, green: 0.5, blue: 0.25, alpha: 0.5))
        let c = bitmap.color(x: 0, y: 0)
        #expect(abs(c.red - 1) < 0.01)
        #expect(abs(c.green - 0.5) < 0.01)
        #expect(abs(c.blue - 0.25) < 0.015)
        #expect(abs(c.alpha - 0.5) < 0.01)
        // A fully transparent pixel is clear, not a division by zero.
        bitmap.clear(to: .clear)
        #expect(bitmap.color(x: 1, y: 1) == .clear)
    }

    @Test("an opaque bitmap reads opaque colours")
    func opaqueColor() {
        let bitmap = Bitmap(width: 2, height: 2, opaque: true)
        bitmap.clear(to: Color(rgb: 0x336699))
        #expect(bitmap.pixel(x: 1, y: 1) == Pixel(red: 0x33, green: 0x66, blue: 0x99, alpha: 255))
        #expect(bitmap.color(x: 0, y: 1).alpha == 1)
    }

    // MARK: Copies

    @Test("copy() is equal at first and independent afterwards")
    func copyIsIndependent() {
        let original = samplePicture(opaque: false)
        let copy = original.copy()
        #expect(copy.isOpaque == original.isOpaque)
        #expect(copy.difference(from: original).differingPixels == 0)

        original.clear(to: Color(rgb: 0xFF0000))
        #expect(copy.pixel(x: 10, y: 10) != original.pixel(x: 10, y: 10))
        #expect(copy.pixel(x: 0, y: 29) == Pixel(red: 0, green: 0, blue: 0, alpha: 0))

        poke(copy, x: 5, y: 5, 0xFF00_FF00)
        #expect(original.pixel(x: 5, y: 5) == Pixel(red: 255, green: 0, blue: 0, alpha: 255))
    }

    @Test("cropped(to:) moves the region to the origin and clips it to the bitmap")
    func cropped() {
        let bitmap = Bitmap(width: 10, height: 8)
        poke(bitmap, x: 6, y: 5, 0xFF11_2233)
        let crop = bitmap.cropped(to: CGRect(x: 4, y: 3, width: 5, height: 4))
        #expect(crop.width == 5 && crop.height == 4)
        #expect(crop.pixel(x: 2, y: 2) == Pixel(red: 0x11, green: 0x22, blue: 0x33, alpha: 255))
        #expect(crop.pixel(x: 0, y: 0).alpha == 0)

        // Partly outside: clipped to the bitmap.
        let edge = bitmap.cropped(to: CGRect(x: 6, y: 5, width: 100, height: 100))
        #expect(edge.width == 4 && edge.height == 3)
        #expect(edge.pixel(x: 0, y: 0) == Pixel(red: 0x11, green: 0x22, blue: 0x33, alpha: 255))

        // Fractional rectangles grow to whole pixels.
        let fractional = bitmap.cropped(to: CGRect(x: 5.5, y: 4.5, width: 1, height: 1))
        #expect(fractional.width == 2 && fractional.height == 2)
        #expect(fractional.pixel(x: 1, y: 1).alpha == 255)

        // Entirely outside: empty.
        let outside = bitmap.cropped(to: CGRect(x: 20, y: 20, width: 5, height: 5))
        #expect(outside.width == 0 && outside.height == 0)
    }

    @Test("a crop is independent of its source and keeps opacity")
    func croppedIsIndependent() {
        let bitmap = Bitmap(width: 6, height: 6, opaque: true)
        bitmap.clear(to: .white)
        let crop = bitmap.cropped(to: CGRect(x: 1, y: 1, width: 3, height: 3))
        #expect(crop.isOpaque)
        bitmap.clear(to: .black)
        #expect(crop.pixel(x: 1, y: 1) == Pixel(red: 255, green: 255, blue: 255, alpha: 255))
    }

    // MARK: Differences

    @Test("difference counts pixels beyond the tolerance and reports the largest channel difference")
    func differenceCounts() {
        let a = Bitmap(width: 8, height: 5)
        a.clear(to: Color(white: 0.5))
        let b = a.copy()
        #expect(a.difference(from: b).differingPixels == 0)
        #expect(a.difference(from: b).maximumChannelDifference == 0)

        let base = a.pixel(x: 0, y: 0)
        func word(_ p: Pixel, redOffset: Int) -> UInt32 {
            UInt32(p.alpha) << 24 | UInt32(Int(p.red) + redOffset) << 16 | UInt32(p.green) << 8 | UInt32(p.blue)
        }
        poke(b, x: 1, y: 1, word(base, redOffset: 3))
        poke(b, x: 2, y: 1, word(base, redOffset: 10))
        poke(b, x: 7, y: 4, word(base, redOffset: -40))

        let exact = a.difference(from: b)
        #expect(exact.pixelCount == 40)
        #expect(exact.differingPixels == 3)
        #expect(exact.maximumChannelDifference == 40)
        #expect(abs(exact.differingFraction - 3.0 / 40) < 1e-12)
        #expect(!exact.sizeMismatch)

        #expect(a.difference(from: b, tolerance: 3).differingPixels == 2)
        #expect(a.difference(from: b, tolerance: 10).differingPixels == 1)
        #expect(a.difference(from: b, tolerance: 40).differingPixels == 0)
        #expect(a.difference(from: b, tolerance: 40).maximumChannelDifference == 40)
        // Symmetric.
        #expect(b.difference(from: a, tolerance: 3).differingPixels == 2)
        #expect(exact.description.contains("3 of 40"))
    }

    @Test("difference compares alpha too")
    func differenceSeesAlpha() {
        let a = Bitmap(width: 2, height: 2)
        let b = Bitmap(width: 2, height: 2)
        poke(b, x: 0, y: 0, 0x8000_0000)
        let diff = a.difference(from: b)
        #expect(diff.differingPixels == 1)
        #expect(diff.maximumChannelDifference == 0x80)
    }

    @Test("an opaque bitmap equals a translucent one holding the same opaque pixels")
    func differenceIgnoresOpaqueAlphaByte() {
        let opaque = Bitmap(width: 5, height: 5, opaque: true)
        opaque.clear(to: Color(rgb: 0x4080C0))
        let translucent = Bitmap(width: 5, height: 5)
        translucent.clear(to: Color(rgb: 0x4080C0))
        #expect(opaque.difference(from: translucent).differingPixels == 0)
        #expect(translucent.difference(from: opaque).differingPixels == 0)
    }

    @Test("bitmaps of different sizes are reported as a size mismatch, not compared")
    func differenceSizeMismatch() {
        let diff = Bitmap(width: 4, height: 4).difference(from: Bitmap(width: 4, height: 5))
        #expect(diff.sizeMismatch)
        #expect(diff.pixelCount == 0)
        #expect(diff.differingFraction == 1)
        #expect(diff.description.contains("different sizes"))
        #expect(Bitmap(width: 0, height: 0).difference(from: Bitmap(width: 0, height: 0)).differingFraction == 0)
    }
}
