/// A Gaussian blur of a whole picture (the frosted backdrop behind a context menu), made
/// of the shadow blur (``GaussianBlur``) applied to each premultiplied channel.
///
/// Edges do not darken: each channel is divided by the blur of a plane of ones, so the
/// pixels outside the picture do not count instead of counting as transparent.
package enum BackdropBlur {
    /// A blurred copy of `bitmap`, with standard deviation `sigma` in pixels. A sigma of
    /// 0 or less (or not finite) gives an unblurred copy.
    package static func blurred(_ bitmap: Bitmap, sigma: Double) -> Bitmap {
        let result = Bitmap(width: bitmap.width, height: bitmap.height, opaque: false)
        guard bitmap.width > 0, bitmap.height > 0 else { return result }
        blur(bitmap, into: result, sigma: sigma, saturation: 1)
        return result
    }

    /// Blurs `picture` with standard deviation `sigma` pixels (none when it is 0 or less,
    /// or not finite), saturates it by `saturation` about each pixel's luminance (Rec. 709
    /// weights), and writes the result into `result`, a bitmap of the same size (it may be
    /// `picture` itself). Pixels outside the picture do not count.
    static func blur(_ picture: Bitmap, into result: Bitmap, sigma: Double, saturation: Float) {
        let width = picture.width, height = picture.height, count = width * height
        // Alpha, red, green, blue: the four channels blurred together.
        var pixels = [SIMD4<Float>](repeating: .zero, count: count)
        picture.withUnsafePixels { p, stride in
            for y in 0..<height {
                for x in 0..<width {
                    let v = p[y * stride + x]
                    pixels[y * width + x] = SIMD4(Float(v >> 24 & 0xFF), Float(v >> 16 & 0xFF), Float(v >> 8 & 0xFF),
                                                  Float(v & 0xFF))
                }
            }
        }
        // A plane of ones blurred is the product of a row of ones and a column of ones,
        // each blurred: the box averages go along one axis at a time.
        var across = [Float](repeating: 1, count: width), down = [Float](repeating: 1, count: height)
        if sigma.isFinite && sigma > 0 {
            GaussianBlur.apply(to: &pixels, width: width, height: height, sigma: sigma)
            GaussianBlur.applyAlongLine(to: &across, sigma: sigma)
            GaussianBlur.applyAlongLine(to: &down, sigma: sigma)
        }
        let s = saturation
        result.withUnsafeMutablePixels { p, stride in
            for y in 0..<height {
                for x in 0..<width {
                    let value = pixels[y * width + x] / max(across[x] * down[y], 1e-6)
                    let a = min(max(value[0], 0), 255).rounded()
                    var r = value[1], g = value[2], b = value[3]
                    if s != 1 {
                        let luma = 0.2126 * r + 0.7152 * g + 0.0722 * b
                        r = luma + (r - luma) * s
                        g = luma + (g - luma) * s
                        b = luma + (b - luma) * s
                    }
                    // Premultiplied: no colour channel may exceed alpha.
                    func byte(_ v: Float) -> UInt32 { UInt32(min(max(v.rounded(), 0), a)) }
                    p[y * stride + x] = UInt32(a) << 24 | byte(r) << 16 | byte(g) << 8 | byte(b)
                }
            }
        }
    }
}

/// What a layer shows of what lies behind it: the pixels under its shape, blurred and
/// their colours saturated, drawn before the layer's own background (which tints them).
/// `UIVisualEffectView` with a `UIBlurEffect` is made of it; Core Animation keeps the
/// equivalent private (a backdrop layer).
package struct BackdropMaterial: Hashable, Sendable {
    /// The standard deviation of the Gaussian blur, in points.
    package var blurRadius: CGFloat
    /// How much the colours are saturated: 1 leaves them, 0 makes them grey.
    package var saturation: Double

    package init(blurRadius: CGFloat, saturation: Double = 1) {
        self.blurRadius = blurRadius
        self.saturation = saturation
    }

    /// Whether there is anything to do: a finite, positive radius or a saturation other
    /// than 1. Anything else draws no backdrop (the tint alone shows).
    var isDrawable: Bool {
        blurRadius.isFinite && blurRadius >= 0 && saturation.isFinite && (blurRadius > 0 || saturation != 1)
    }
}

extension BackdropBlur {
    /// The backdrop of `region` (device pixels, inside `source`), blurred with standard
    /// deviation `sigma` pixels and saturated by `saturation`, at a reduced resolution:
    /// a wide blur is computed on a picture `factor` times smaller in each direction
    /// (each of its pixels the average of a block: ``Bitmap/reduced(x:y:width:height:by:)``),
    /// so the blur's cost follows the area divided by `factor²`, whatever the radius, and
    /// the reduction reads each pixel once. Draw the result scaled up by `factor` with bilinear filtering
    /// at the region's origin (clamped to `source`).
    ///
    /// Pixels beyond `source`'s edges do not count, so the edges do not darken.
    package static func backdrop(of source: Bitmap, region: CGRect, sigma: Double,
                                 saturation: Double) -> (bitmap: Bitmap, factor: Int)? {
        let x0 = max(0, Int(region.minX.rounded(.down))), y0 = max(0, Int(region.minY.rounded(.down)))
        let x1 = min(source.width, Int(region.maxX.rounded(.up))), y1 = min(source.height, Int(region.maxY.rounded(.up)))
        guard x1 > x0, y1 > y0 else { return nil }
        let sigma = sigma.isFinite ? max(sigma, 0) : 0
        // About 2.5 pixels of blur remain at the reduced size: enough that the box
        // average of the reduction and the bilinear enlargement do not show.
        let factor = max(1, min(Int(sigma / 2.5), 32))
        guard let reducedPicture = source.reduced(x: x0, y: y0, width: x1 - x0, height: y1 - y0, by: factor) else {
            return nil
        }
        blur(reducedPicture, into: reducedPicture, sigma: sigma / Double(factor),
             saturation: Float(saturation.isFinite ? max(saturation, 0) : 1))
        return (reducedPicture, factor)
    }
}
