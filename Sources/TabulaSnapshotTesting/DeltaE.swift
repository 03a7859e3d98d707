import Foundation

/// Colour difference as a person sees it: CIE 1994 ΔE between two sRGB colours, computed
/// in CIE L*a*b* (D65 white), the measure swift-snapshot-testing's `perceptualPrecision`
/// is defined in (on Apple's platforms it runs Core Image's `CILabDeltaE`, which Linux
/// does not have; this is the same formula written out).
///
/// ΔE runs from 0 (the same colour) to about 100 (black against white); about 2 is the
/// smallest difference a person notices, so a `perceptualPrecision` of 0.98 (a tolerance
/// of ΔE 2) ignores what the eye cannot see.
enum DeltaE {
    /// A colour in CIE L*a*b*: lightness 0…100 and the two colour axes.
    struct Lab: Equatable {
        var l: Double, a: Double, b: Double
    }

    /// The L*a*b* value of an sRGB colour whose channels run 0…1.
    static func lab(red: Double, green: Double, blue: Double) -> Lab {
        // sRGB to linear light (IEC 61966-2-1).
        func linear(_ c: Double) -> Double { c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4) }
        let r = linear(red), g = linear(green), b = linear(blue)
        // Linear sRGB to CIE XYZ, divided by the D65 white point.
        let x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
        let y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
        let z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883
        // The cube root, with the linear segment near black.
        func f(_ t: Double) -> Double {
            let epsilon = 216.0 / 24389, kappa = 24389.0 / 27
            return t > epsilon ? cbrt(t) : (kappa * t + 16) / 116
        }
        let fx = f(x), fy = f(y), fz = f(z)
        return Lab(l: 116 * fy - 16, a: 500 * (fx - fy), b: 200 * (fy - fz))
    }

    /// CIE94 ΔE of `sample` from `reference`, with the graphic-arts weights
    /// (kL = kC = kH = 1, K1 = 0.045, K2 = 0.015). Not symmetric: the chroma weights use
    /// the reference's chroma, as the standard defines.
    static func cie94(_ reference: Lab, _ sample: Lab) -> Double {
        let dL = reference.l - sample.l
        let c1 = (reference.a * reference.a + reference.b * reference.b).squareRoot()
        let c2 = (sample.a * sample.a + sample.b * sample.b).squareRoot()
        let dC = c1 - c2
        let da = reference.a - sample.a, db = reference.b - sample.b
        let dH2 = max(0, da * da + db * db - dC * dC)
        let sC = 1 + 0.045 * c1, sH = 1 + 0.015 * c1
        return (dL * dL + (dC / sC) * (dC / sC) + dH2 / (sH * sH)).squareRoot()
    }

    /// ΔE between two premultiplied 8-bit pixels. Transparency counts: each pixel is
    /// composited over black and over white, and the larger of the two differences is
    /// the answer, so that a colour that only differs in alpha is a difference too.
    static func between(_ p: RGBA, _ q: RGBA) -> Double {
        if p == q { return 0 }
        func over(_ x: RGBA, white: Bool) -> Lab {
            let back = white ? 255 - Double(x.a) : 0
            return lab(red: (Double(x.r) + back) / 255, green: (Double(x.g) + back) / 255,
                       blue: (Double(x.b) + back) / 255)
        }
        let overBlack = cie94(over(p, white: false), over(q, white: false))
        if p.a == 255 && q.a == 255 { return overBlack }
        return max(overBlack, cie94(over(p, white: true), over(q, white: true)))
    }
}

/// One premultiplied pixel, 0…255 a channel.
struct RGBA: Equatable {
    var r: UInt8, g: UInt8, b: UInt8, a: UInt8

    /// A Cairo pixel word (0xAARRGGBB); an opaque bitmap's words have an undefined alpha byte.
    init(word: UInt32, opaque: Bool) {
        a = opaque ? 255 : UInt8(word >> 24)
        r = UInt8((word >> 16) & 0xFF)
        g = UInt8((word >> 8) & 0xFF)
        b = UInt8(word & 0xFF)
    }

    init(r: UInt8, g: UInt8, b: UInt8, a: UInt8 = 255) {
        (self.r, self.g, self.b, self.a) = (r, g, b, a)
    }

    /// The Cairo pixel word.
    var word: UInt32 { UInt32(a) << 24 | UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b) }
}
