import Foundation
@testable import TabulaUIKit
@testable import TabulaQuartz

/// Comparing a frame composited with kept bitmaps against the same frame drawn layer by
/// layer: what the tests of the compositor's caches check in every frame.
extension HeadlessScreen {
    /// The frame's pixels.
    func framePixels() -> [UInt32] {
        withFramePixels { base, _, height, wordsPerRow in Array(UnsafeBufferPointer(start: base, count: height * wordsPerRow)) }
    }

    /// How many pixels of `a` and `b` differ by more than `tolerance` in some channel.
    static func differing(_ a: [UInt32], _ b: [UInt32], tolerance: Int = 2) -> Int {
        // Equal frames (the usual case) are compared as bytes, fast even in a debug build.
        let equal = a.count == b.count && a.withUnsafeBytes { x in b.withUnsafeBytes { y in memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0 } }
        if equal { return 0 }
        return zip(a, b).reduce(0) { count, pair in
            let (p, q) = pair
            guard p != q else { return count }
            for shift: UInt32 in [0, 8, 16] where abs(Int((p >> shift) & 0xFF) - Int((q >> shift) & 0xFF)) > tolerance {
                return count + 1
            }
            return count
        }
    }

    /// Composites the frame as it stands with the caches and with every layer drawn, and
    /// returns how many pixels differ, the statistics of both (the caches are on again
    /// afterwards).
    func cachedAgainstDirect() -> (differing: Int, cached: FrameStatistics, direct: FrameStatistics) {
        let stats = renderFrame()
        let cached = framePixels()
        Compositor.cachesMovingSubtrees = false
        defer { Compositor.cachesMovingSubtrees = true }
        let direct = compositeAgain()
        return (Self.differing(cached, framePixels()), stats, direct)
    }
}
