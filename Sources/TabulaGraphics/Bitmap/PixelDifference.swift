import Foundation

/// How two bitmaps differ, for golden-image tests that tolerate antialiasing noise.
public struct PixelDifference: Sendable, CustomStringConvertible {
    /// The number of pixels compared (zero when the sizes differ).
    public let pixelCount: Int
    /// Pixels whose largest channel difference exceeds the tolerance.
    public let differingPixels: Int
    /// The largest difference of any channel of any pixel, 0…255.
    public let maximumChannelDifference: Int
    /// True when the sizes differ; nothing else was compared.
    public let sizeMismatch: Bool

    /// The share of pixels that differ beyond the tolerance, 0…1.
    public var differingFraction: Double {
        pixelCount == 0 ? (sizeMismatch ? 1 : 0) : Double(differingPixels) / Double(pixelCount)
    }

    /// A one-line summary: how many pixels differ and by how much, or that the sizes differ.
    public var description: String {
        sizeMismatch
            ? "the bitmaps have different sizes"
            : "\(differingPixels) of \(pixelCount) pixels differ (largest channel difference \(maximumChannelDifference))"
    }
}

extension Bitmap {
    /// Compares premultiplied pixels channel by channel.
    ///
    /// - Parameters:
    ///   - other: the bitmap to compare with.
    ///   - tolerance: a pixel counts as different when any channel differs by more.
    /// - Complexity: O(width × height).
    public func difference(from other: Bitmap, tolerance: Int = 0) -> PixelDifference {
        guard width == other.width, height == other.height else {
            return PixelDifference(pixelCount: 0, differingPixels: 0, maximumChannelDifference: 255, sizeMismatch: true)
        }
        let alphaA: UInt32 = isOpaque ? 0xFF00_0000 : 0
        let alphaB: UInt32 = other.isOpaque ? 0xFF00_0000 : 0
        var differing = 0, largest = 0
        withUnsafePixels { a, strideA in
            other.withUnsafePixels { b, strideB in
                for y in 0 ..< height {
                    for x in 0 ..< width {
                        let p = a[y * strideA + x] | alphaA, q = b[y * strideB + x] | alphaB
                        if p == q { continue }
                        var worst = 0
                        for shift in stride(from: 0, to: 32, by: 8) {
                            let d = abs(Int((p >> UInt32(shift)) & 0xFF) - Int((q >> UInt32(shift)) & 0xFF))
                            worst = max(worst, d)
                        }
                        largest = max(largest, worst)
                        if worst > tolerance { differing += 1 }
                    }
                }
            }
        }
        return PixelDifference(pixelCount: width * height, differingPixels: differing,
                               maximumChannelDifference: largest, sizeMismatch: false)
    }
}
