import Foundation
import Testing
@testable import TabulaUIKit
import TabulaUIKitTestSupport

/// Image input as a hostile or careless source gives it: a tiny file whose header
/// promises a gigantic picture, an asset catalog whose folders link back to themselves.
@MainActor
@Suite("Images: hostile input")
struct HostileImageTests {
    /// A baseline JPEG header (SOI, a DQT, an SOF0 that says `width`×`height`, a DHT, an
    /// SOS) followed by a few bytes of scan data: what a "decompression bomb" looks like.
    static func jpegHeader(width: Int, height: Int) -> Data {
        var d: [UInt8] = [0xFF, 0xD8]
        d += [0xFF, 0xDB, 0x00, 0x43, 0x00] + [UInt8](repeating: 1, count: 64)
        d += [0xFF, 0xC0, 0x00, 0x0B, 0x08, UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8),
              UInt8(width & 0xFF), 0x01, 0x01, 0x11, 0x00]
        d += [0xFF, 0xC4, 0x00, 0x14, 0x00, 0x01] + [UInt8](repeating: 0, count: 15) + [0x00]
        d += [0xFF, 0xDA, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3F, 0x00]
        d += [UInt8](repeating: 0, count: 1000) + [0xFF, 0xD9]
        return Data(d)
    }

    @Test("a 1 KB JPEG that says 30,000 × 30,000 pixels is refused at once, naming the size and the limit")
    func jpegBomb() {
        let data = Self.jpegHeader(width: 30_000, height: 30_000)
        #expect(data.count < 1200)
        #expect(UIImage(data: data) == nil)
        #expect {
            _ = try Bitmap.decodeJPEG(data)
        } throws: { error in
            "\(error)".contains("30000 × 30000") && "\(error)".contains("\(Bitmap.maximumDecodedPixelCount)")
        }
    }

    @Test("a PNG whose header says 20,000 × 20,000 pixels is refused before decoding")
    func pngBomb() {
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]
        bytes += [0x00, 0x00, 0x4E, 0x20, 0x00, 0x00, 0x4E, 0x20, 8, 6, 0, 0, 0, 0, 0, 0, 0]
        #expect {
            _ = try Bitmap(pngData: Data(bytes))
        } throws: { error in "\(error)".contains("20000 × 20000") }
    }

    @Test("an image that fits the limit still decodes")
    func ordinaryImagesDecode() throws {
        let bitmap = Bitmap(width: 64, height: 48)
        bitmap.clear(to: Color(red: 0, green: 0.5, blue: 1))
        #expect(UIImage(data: bitmap.pngData())?.size == CGSize(width: 64, height: 48))
        #expect(UIImage(data: try #require(bitmap.jpegData(quality: 80)))?.size == CGSize(width: 64, height: 48))
    }

    @Test("an asset catalog folder that links to itself neither hangs UIImage(named:) nor UIColor(named:)")
    func catalogLinkCycle() throws {
        let folder = try ResourceFolder()
        try folder.json("Assets.xcassets/Contents.json", #"{"info": {"version": 1}}"#)
        try folder.imageSet("Assets.xcassets/Group/star.imageset", [("star.png", "1x")])
        try folder.png("Assets.xcassets/Group/star.imageset/star.png", width: 4, height: 4,
                       color: Color(red: 1, green: 0, blue: 0))
        let group = folder.url.appendingPathComponent("Assets.xcassets/Group")
        try FileManager.default.createSymbolicLink(at: group.appendingPathComponent("Loop"), withDestinationURL: group)
        try FileManager.default.createSymbolicLink(at: group.appendingPathComponent("Up"),
                                                   withDestinationURL: group.deletingLastPathComponent())
        var image: UIImage?
        let errors = collectingAssetErrors {
            image = UIImage(named: "star", in: folder.bundle, compatibleWith: nil)
            _ = UIColor(named: "missing", in: folder.bundle, compatibleWith: nil)
        }
        #expect(image?.size == CGSize(width: 4, height: 4))
        #expect(errors.contains { $0.reason.contains("cycle of links") })
    }
}
