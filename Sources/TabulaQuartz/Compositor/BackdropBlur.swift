/// A Gaussian blur of a whole picture (the frosted backdrop behind a context menu), made
/// of the shadow blur (``GaussianBlur``) applied to each premultiplied channel.
///
/// Edges do not darken: each channel is divided by the blur of a plane of ones, so the
/// pixels outside the picture do not count instead of counting as transparent.
package enum BackdropBlur {
    /// A blurred copy of `bitmap`, with standard deviation `sigma` in pixels. A sigma of
    /// 0 or less (or not finite) gives an unblurred copy.
    package static func blurred(_ bitmap: Bitmap, sigma: Double) -> Bitmap {
        let width = bitmap.width, height = bitmap.height
        let result = Bitmap(width: width, height: height, opaque: false)
        guard width > 0, height > 0 else { return result }
        let count = width * height
        var channels = [[Float]](repeating: [Float](repeating: 0, count: count), count: 4)
        bitmap.withUnsafePixels { p, stride in
            for y in 0..<height {
                for x in 0..<width {
                    let v = p[y * stride + x], i = y * width + x
                    channels[0][i] = Float(v >> 24 & 0xFF)
                    channels[1][i] = Float(v >> 16 & 0xFF)
                    channels[2][i] = Float(v >> 8 & 0xFF)
                    channels[3][i] = Float(v & 0xFF)
                }
            }
        }
        let blurs = sigma.isFinite && sigma > 0
        var weight = [Float](repeating: 1, count: count)
        if blurs {
            for c in 0..<4 { GaussianBlur.apply(to: &channels[c], width: width, height: height, sigma: sigma) }
            GaussianBlur.apply(to: &weight, width: width, height: height, sigma: sigma)
        }
        result.withUnsafeMutablePixels { p, stride in
            for y in 0..<height {
                for x in 0..<width {
                    let i = y * width + x
                    let w = max(weight[i], 1e-6)
                    func byte(_ c: Int) -> UInt32 { UInt32(min(max((channels[c][i] / w).rounded(), 0), 255)) }
                    let a = byte(0)
                    // Premultiplied: no colour channel may exceed alpha.
                    p[y * stride + x] = a << 24 | min(byte(1), a) << 16 | min(byte(2), a) << 8 | min(byte(3), a)
                }
            }
        }
        return result
    }
}
