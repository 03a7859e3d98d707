import Foundation
import Testing
import TabulaCore
@testable import TabulaGraphics

@Suite("Animated PNG")
struct AnimatedPNGTests {
    private func frame(_ x: CGFloat) -> Bitmap {
        let bitmap = Bitmap(width: 24, height: 16, opaque: true)
        bitmap.clear(to: .white)
        let ctx = GraphicsContext(bitmap: bitmap)
        ctx.setFillColor(Color(rgb: 0x007AFF))
        ctx.fill(CGRect(x: x, y: 4, width: 6, height: 8))
        return bitmap
    }

    @Test("frames become an APNG that a PNG reader opens as its first frame, with a valid chunk sequence")
    func encodesFrames() throws {
        let frames = [frame(0), frame(6), frame(12)]
        let data = AnimatedPNG.data(frames: frames, frameDuration: 0.05)
        let chunks = PNGChunks.parse(data)
        #expect(chunks.map(\.type).first == "IHDR")
        #expect(chunks.map(\.type).last == "IEND")
        let control = try #require(chunks.first { $0.type == "acTL" })
        #expect([UInt8](control.data) == [0, 0, 0, 3, 0, 0, 0, 0], "3 frames, looping forever")
        let frameControls = chunks.filter { $0.type == "fcTL" }
        #expect(frameControls.count == 3)
        // Sequence numbers run 0, 1, 2, … across fcTL and fdAT chunks.
        let sequence = chunks.filter { $0.type == "fcTL" || $0.type == "fdAT" }
            .map { [UInt8]($0.data.prefix(4)).reduce(0) { $0 << 8 | Int($1) } }
        #expect(sequence == Array(0 ..< sequence.count))
        // Delay: 50/1000 s.
        let delay = [UInt8](frameControls[1].data[20 ..< 24])
        #expect(delay == [0, 50, 3, 232])
        // Every chunk's CRC is right: re-encoding the parsed chunks gives the same bytes.
        var rebuilt = Data(PNGChunks.signature)
        for chunk in chunks { PNGChunks.append(chunk.type, chunk.data, to: &rebuilt) }
        #expect(rebuilt == data)
        #expect(PNGChunks.crc32(Data("IEND".utf8)) == 0xAE42_6082, "the standard IEND CRC")

        let decoded = try Bitmap(pngData: data)
        #expect(decoded.difference(from: frames[0]).differingPixels == 0, "the default image is the first frame")
    }
}
