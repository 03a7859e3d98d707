import Foundation

/// An sRGB colour with straight (not premultiplied) alpha, each component in 0…1.
///
/// A value type so that it can be animated, compared and sent across actors.
/// UIKit's `UIColor.cgColor` returns one.
public struct Color: Hashable, Sendable, CustomStringConvertible {
    /// The red component, from 0 to 1.
    public var red: Double
    /// The green component, from 0 to 1.
    public var green: Double
    /// The blue component, from 0 to 1.
    public var blue: Double
    /// The opacity, from 0 (transparent) to 1 (opaque).
    public var alpha: Double

    /// Creates a colour from sRGB components; each is clamped to 0…1, and NaN becomes 0.
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red.clamped01
        self.green = green.clamped01
        self.blue = blue.clamped01
        self.alpha = alpha.clamped01
    }

    /// Creates a grey, from 0 (black) to 1 (white).
    public init(white: Double, alpha: Double = 1) {
        self.init(red: white, green: white, blue: white, alpha: alpha)
    }

    /// A colour from a 24-bit `0xRRGGBB` value.
    public init(rgb: UInt32, alpha: Double = 1) {
        self.init(
            red: Double((rgb >> 16) & 0xFF) / 255, green: Double((rgb >> 8) & 0xFF) / 255,
            blue: Double(rgb & 0xFF) / 255, alpha: alpha)
    }

    /// Opaque black.
    public static let black = Color(white: 0)
    /// Opaque white.
    public static let white = Color(white: 1)
    /// Fully transparent.
    public static let clear = Color(white: 0, alpha: 0)

    /// True when the colour hides whatever is behind it.
    public var isOpaque: Bool { alpha >= 1 }

    /// The same colour with `alpha` (clamped to 0…1) instead of its own.
    public func withAlpha(_ alpha: Double) -> Color {
        Color(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// Linear interpolation in premultiplied space, so that fading to `.clear`
    /// does not darken the colour on the way.
    public func interpolated(to other: Color, fraction t: Double) -> Color {
        let a = alpha + (other.alpha - alpha) * t
        guard a > 0 else { return .clear }
        func mix(_ x: Double, _ y: Double) -> Double {
            (x * alpha + (y * other.alpha - x * alpha) * t) / a
        }
        return Color(
            red: mix(red, other.red), green: mix(green, other.green), blue: mix(blue, other.blue),
            alpha: a)
    }

    /// The components to three decimals, as `Color(r: …, g: …, b: …, a: …)`.
    public var description: String {
        String(format: "Color(r: %.3f, g: %.3f, b: %.3f, a: %.3f)", red, green, blue, alpha)
    }
}

extension Double {
    var clamped01: Double { self.isNaN ? 0 : Swift.min(1, Swift.max(0, self)) }
}

extension Color {
    /// The components as Core Graphics' `CGColor.components` gives them in its RGB colour
    /// space: red, green, blue and alpha, each 0…1. Never nil (every colour is RGB here).
    public var components: [CGFloat]? { [CGFloat(red), CGFloat(green), CGFloat(blue), CGFloat(alpha)] }
    /// The number of ``components``: 4 (`CGColor.numberOfComponents`).
    public var numberOfComponents: Int { 4 }
}
