import Foundation
import Tabula

/// How two images of the same size differ, pixel by pixel: the arithmetic behind
/// `precision` and `perceptualPrecision`.
///
/// A pixel matches when it is identical, or — with a `perceptualPrecision` below 1 — when
/// its CIE94 ΔE from the reference pixel is at most `(1 - perceptualPrecision) × 100`
/// (the threshold swift-snapshot-testing uses). The image matches when the fraction of
/// matching pixels is at least `precision`. (On Apple's platforms the library counts
/// differing bytes rather than pixels when `perceptualPrecision` is 1; Tabula counts
/// pixels in both cases, as the parameter's documentation says.)
struct ImageComparison {
    /// The images' size in pixels.
    let width: Int, height: Int
    /// Per pixel: 0 identical, 1 different within the tolerance, 2 failing.
    private(set) var verdicts: [UInt8]
    /// How many pixels fail.
    private(set) var failingPixels = 0
    /// How many pixels differ at all.
    private(set) var differentPixels = 0
    /// The largest ΔE of a failing pixel (0 when none fails or no ΔE was computed).
    private(set) var maximumDeltaE = 0.0

    /// Compares two bitmaps of the same size.
    init(reference: Bitmap, new: Bitmap, perceptualPrecision: Float) {
        precondition(reference.width == new.width && reference.height == new.height)
        width = reference.width
        height = reference.height
        verdicts = [UInt8](repeating: 0, count: width * height)
        let threshold = Double(1 - perceptualPrecision) * 100
        let perceptual = perceptualPrecision < 1
        let (w, h) = (width, height)
        let (refOpaque, newOpaque) = (reference.isOpaque, new.isOpaque)
        reference.withUnsafePixels { ref, refStride in
            new.withUnsafePixels { cur, curStride in
                var y = 0
                while y < h {
                    var x = 0
                    while x < w {
                        let p = RGBA(word: ref[y * refStride + x], opaque: refOpaque)
                        let q = RGBA(word: cur[y * curStride + x], opaque: newOpaque)
                        if p != q {
                            differentPixels += 1
                            var fails = true
                            if perceptual {
                                let delta = DeltaE.between(p, q)
                                fails = delta > threshold
                                if fails { maximumDeltaE = max(maximumDeltaE, delta) }
                            }
                            verdicts[y * w + x] = fails ? 2 : 1
                            if fails { failingPixels += 1 }
                        }
                        x += 1
                    }
                    y += 1
                }
            }
        }
    }

    /// The fraction of pixels that match, 0…1.
    var actualPrecision: Float {
        width * height == 0 ? 1 : 1 - Float(failingPixels) / Float(width * height)
    }

    /// The failure message for `precision` and `perceptualPrecision`, or nil when the images match.
    func failure(precision: Float, perceptualPrecision: Float) -> String? {
        guard failingPixels > 0 else { return nil }
        if precision >= 1 && perceptualPrecision >= 1 {
            return "Newly-taken snapshot does not match reference: \(failingPixels) of \(width * height) pixels differ."
        }
        guard actualPrecision < precision else { return nil }
        if perceptualPrecision < 1 {
            let lowest = 1 - min(Float(maximumDeltaE) / 100, 1)
            return """
                The percentage of pixels that match \(actualPrecision) is less than required \(precision)
                The lowest perceptual color precision \(lowest) is less than required \(perceptualPrecision)
                """
        }
        return "Actual image precision \(actualPrecision) is less than required \(precision)"
    }

    /// A picture of the difference at the images' size: the reference washed out to a
    /// pale grey, pixels that fail in solid red, pixels that differ within the tolerance
    /// in yellow.
    func differenceImage(reference: Bitmap) -> Bitmap {
        let image = Bitmap(width: width, height: height, opaque: true)
        let opaque = reference.isOpaque
        reference.withUnsafePixels { ref, refStride in
            image.withUnsafeMutablePixels { out, outStride in
                for y in 0 ..< height {
                    for x in 0 ..< width {
                        let marked: RGBA
                        switch verdicts[y * width + x] {
                        case 2: marked = RGBA(r: 255, g: 0, b: 0)
                        case 1: marked = RGBA(r: 255, g: 204, b: 0)
                        default: marked = Self.washedOut(RGBA(word: ref[y * refStride + x], opaque: opaque))
                        }
                        out[y * outStride + x] = marked.word
                    }
                }
            }
        }
        return image
    }

    /// A pale grey of the pixel's lightness (over white), so that the marks stand out.
    private static func washedOut(_ p: RGBA) -> RGBA {
        let back = 255 - Int(p.a)
        let luma = (299 * (Int(p.r) + back) + 587 * (Int(p.g) + back) + 114 * (Int(p.b) + back)) / 1000
        let grey = UInt8(255 - (255 - min(luma, 255)) * 3 / 10)
        return RGBA(r: grey, g: grey, b: grey)
    }

    /// A picture for images of different sizes: the larger size, where the two overlap the
    /// reference washed out, elsewhere red.
    static func sizeMismatchImage(reference: Bitmap, new: Bitmap) -> Bitmap {
        let width = max(reference.width, new.width), height = max(reference.height, new.height)
        let image = Bitmap(width: max(width, 1), height: max(height, 1), opaque: true)
        let opaque = reference.isOpaque
        let overlapW = min(reference.width, new.width), overlapH = min(reference.height, new.height)
        reference.withUnsafePixels { ref, refStride in
            image.withUnsafeMutablePixels { out, outStride in
                for y in 0 ..< height {
                    for x in 0 ..< width {
                        let inside = x < overlapW && y < overlapH
                        out[y * outStride + x] = (inside ? washedOut(RGBA(word: ref[y * refStride + x], opaque: opaque))
                                                         : RGBA(r: 255, g: 0, b: 0)).word
                    }
                }
            }
        }
        return image
    }
}
