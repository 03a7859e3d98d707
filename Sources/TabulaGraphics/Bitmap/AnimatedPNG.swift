import Foundation

/// Animated PNG (APNG): frames of equal size in one file that browsers play and
/// other viewers show as its first frame.
///
/// Each frame is encoded as a PNG, and its image data is repackaged as an APNG frame
/// (`fcTL` + `fdAT` chunks); nothing is decoded or compressed twice.
///
/// ```swift
/// let frames = screen.record(duration: 1, fps: 20).compactMap(\.cgImage)
/// try AnimatedPNG.data(frames: frames, frameDuration: 1.0 / 20).write(to: url)
/// ```
public enum AnimatedPNG {
    /// Encodes `frames` shown `frameDuration` seconds each, repeating `loops` times (0: forever).
    ///
    /// - Precondition: at least one frame; all frames have the first one's size and opacity.
    public static func data(frames: [Bitmap], frameDuration: TimeInterval, loops: Int = 0) -> Data {
        precondition(!frames.isEmpty, "AnimatedPNG needs at least one frame")
        let first = frames[0]
        for (i, frame) in frames.enumerated() {
            precondition(frame.width == first.width && frame.height == first.height && frame.isOpaque == first.isOpaque,
                         "AnimatedPNG frame \(i) is \(frame.width)×\(frame.height); frame 0 is \(first.width)×\(first.height)")
        }
        var out = Data(PNGChunks.signature)
        var sequence: UInt32 = 0
        // The delay as a fraction: milliseconds over 1000.
        let delay = UInt16(clamping: Int((frameDuration * 1000).rounded()))
        for (index, frame) in frames.enumerated() {
            let chunks = PNGChunks.parse(frame.pngData())
            if index == 0 {
                guard let header = chunks.first(where: { $0.type == "IHDR" }) else { preconditionFailure("PNG without IHDR") }
                PNGChunks.append("IHDR", header.data, to: &out)
                PNGChunks.append("acTL", bigEndian(UInt32(frames.count)) + bigEndian(UInt32(max(0, loops))), to: &out)
            }
            var control = bigEndian(sequence) + bigEndian(UInt32(frame.width)) + bigEndian(UInt32(frame.height))
            control += bigEndian(UInt32(0)) + bigEndian(UInt32(0))      // x and y offsets
            control += bigEndian(delay) + bigEndian(UInt16(1000))       // delay numerator and denominator
            control += Data([0, 0])                                     // dispose: none; blend: source
            PNGChunks.append("fcTL", control, to: &out)
            sequence += 1
            for chunk in chunks where chunk.type == "IDAT" {
                if index == 0 {
                    PNGChunks.append("IDAT", chunk.data, to: &out)
                } else {
                    PNGChunks.append("fdAT", bigEndian(sequence) + chunk.data, to: &out)
                    sequence += 1
                }
            }
        }
        PNGChunks.append("IEND", Data(), to: &out)
        return out
    }

    private static func bigEndian<T: FixedWidthInteger>(_ value: T) -> Data {
        withUnsafeBytes(of: value.bigEndian) { Data($0) }
    }
}

/// Reading and writing PNG chunks (length, type, data, CRC-32).
enum PNGChunks {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    struct Chunk {
        var type: String
        var data: Data
    }

    /// The chunks of a PNG file in order (an empty list if it is not one).
    static func parse(_ png: Data) -> [Chunk] {
        let bytes = [UInt8](png)
        guard bytes.starts(with: signature) else { return [] }
        var chunks: [Chunk] = []
        var offset = signature.count
        while offset + 12 <= bytes.count {
            let length = bytes[offset ..< offset + 4].reduce(0) { $0 << 8 | Int($1) }
            let type = String(decoding: bytes[offset + 4 ..< offset + 8], as: UTF8.self)
            guard offset + 12 + length <= bytes.count else { break }
            chunks.append(Chunk(type: type, data: Data(bytes[offset + 8 ..< offset + 8 + length])))
            offset += 12 + length
        }
        return chunks
    }

    static func append(_ type: String, _ data: Data, to out: inout Data) {
        let length = UInt32(data.count).bigEndian
        withUnsafeBytes(of: length) { out.append(contentsOf: $0) }
        let typeAndData = Data(type.utf8) + data
        out.append(typeAndData)
        let crc = crc32(typeAndData).bigEndian
        withUnsafeBytes(of: crc) { out.append(contentsOf: $0) }
    }

    private static let crcTable: [UInt32] = (0 ..< 256).map { n in
        var c = UInt32(n)
        for _ in 0 ..< 8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    /// The CRC-32 that PNG uses (ISO 3309).
    static func crc32(_ data: Data) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for byte in data { c = crcTable[Int((c ^ UInt32(byte)) & 0xFF)] ^ (c >> 8) }
        return c ^ 0xFFFF_FFFF
    }
}
