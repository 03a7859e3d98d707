/// An immutable colour with UIKit's names: a fixed sRGB `Color`, or a dynamic colour
/// that picks one for a trait collection (``init(dynamicProvider:)``).
///
/// The system colours are dynamic, with the light and dark values of Apple's palette.
/// A dynamic colour becomes pixels through ``resolvedColor(with:)``; its ``cgColor``
/// resolves with ``UITraitCollection/current``, which views set while they draw.
public final class UIColor: Hashable, Sendable, CustomStringConvertible {
    private enum Storage: Sendable {
        case fixed(CGColor)
        case dynamic(@Sendable (UITraitCollection) -> UIColor)
    }

    private let storage: Storage

    /// The colour as a value, for layers and drawing; a dynamic colour is resolved with
    /// ``UITraitCollection/current``, so the value does not follow later appearance changes.
    public var cgColor: CGColor {
        switch storage {
        case .fixed(let color): color
        case .dynamic: resolvedColor(with: .current).cgColor
        }
    }

    /// A colour wrapping `cgColor`.
    public init(cgColor: CGColor) { storage = .fixed(cgColor) }

    /// A dynamic colour: `dynamicProvider` picks the colour for each trait collection
    /// it is resolved with (it may run often, and should only read the traits).
    public init(dynamicProvider: @escaping @Sendable (UITraitCollection) -> UIColor) {
        storage = .dynamic(dynamicProvider)
    }

    /// A colour from sRGB components and an alpha, each clamped to 0…1 (UIKit's extended range is not supported).
    public convenience init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(cgColor: Color(red: Double(red), green: Double(green), blue: Double(blue), alpha: Double(alpha)))
    }

    /// A colour from Display P3 components and an alpha. Tabula draws in sRGB, so the
    /// colour is converted (same transfer curve, P3-to-sRGB primaries matrix) and
    /// components outside sRGB's gamut are clamped to 0…1.
    public convenience init(displayP3Red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        func linear(_ c: CGFloat) -> Double {
            let v = min(max(Double(c), 0), 1)
            return v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)
        }
        func encoded(_ v: Double) -> Double {
            let c = min(max(v, 0), 1)
            return c <= 0.0031308 ? c * 12.92 : 1.055 * pow(c, 1 / 2.4) - 0.055
        }
        let r = linear(displayP3Red), g = linear(green), b = linear(blue)
        self.init(cgColor: Color(red: encoded(1.2249 * r - 0.2247 * g),
                                 green: encoded(-0.0420 * r + 1.0419 * g),
                                 blue: encoded(-0.0197 * r - 0.0786 * g + 1.0979 * b),
                                 alpha: Double(alpha)))
    }

    /// A grey with red, green and blue all `white`, each clamped to 0…1.
    public convenience init(white: CGFloat, alpha: CGFloat) {
        self.init(cgColor: Color(white: Double(white), alpha: Double(alpha)))
    }

    /// A colour from hue, saturation and brightness (HSB), each 0…1 (clamped; a hue
    /// of 1 is red again), and an alpha.
    public convenience init(hue: CGFloat, saturation: CGFloat, brightness: CGFloat, alpha: CGFloat) {
        let h = Double(hue).isFinite ? Double(hue) - Double(hue).rounded(.down) : 0
        let s = min(max(Double(saturation), 0), 1), v = min(max(Double(brightness), 0), 1)
        let sector = h * 6, i = Int(sector) % 6, f = sector - sector.rounded(.down)
        let p = v * (1 - s), q = v * (1 - s * f), t = v * (1 - s * (1 - f))
        let (r, g, b): (Double, Double, Double) = switch i {
        case 0: (v, t, p)
        case 1: (q, v, p)
        case 2: (p, v, t)
        case 3: (p, q, v)
        case 4: (t, p, v)
        default: (v, p, q)
        }
        self.init(cgColor: Color(red: r, green: g, blue: b, alpha: Double(alpha)))
    }

    /// A colour from a `0xRRGGBB` value (a convenience UIKit lacks).
    public convenience init(rgb: UInt32, alpha: CGFloat = 1) {
        self.init(cgColor: Color(rgb: rgb, alpha: Double(alpha)))
    }

    /// The fixed colour this colour is for `traitCollection`: itself when fixed, else
    /// what its provider returns (resolved again, should that be dynamic too).
    public func resolvedColor(with traitCollection: UITraitCollection) -> UIColor {
        switch storage {
        case .fixed: self
        case .dynamic(let provider): provider(traitCollection).resolvedColor(with: traitCollection)
        }
    }

    /// Whether the colour is dynamic (it may resolve differently per trait collection).
    var isDynamic: Bool {
        if case .dynamic = storage { return true }
        return false
    }

    /// Reads the components (of the colour resolved with ``UITraitCollection/current``)
    /// into the places given (`&red`, as in UIKit; nil for a part not wanted); always
    /// succeeds, since every colour here is RGB.
    @discardableResult
    public func getRed(_ red: UnsafeMutablePointer<CGFloat>?, green: UnsafeMutablePointer<CGFloat>?,
                       blue: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?) -> Bool {
        let c = cgColor
        red?.pointee = CGFloat(c.red)
        green?.pointee = CGFloat(c.green)
        blue?.pointee = CGFloat(c.blue)
        alpha?.pointee = CGFloat(c.alpha)
        return true
    }

    /// Reads the brightness as a grey level (Rec. 709 luma) and alpha (nil for a part not wanted).
    @discardableResult
    public func getWhite(_ white: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?) -> Bool {
        let c = cgColor
        white?.pointee = CGFloat(0.2126 * c.red + 0.7152 * c.green + 0.0722 * c.blue)
        alpha?.pointee = CGFloat(c.alpha)
        return true
    }

    /// Reads hue, saturation and brightness (each 0…1; the hue of a grey is 0) and alpha
    /// (nil for a part not wanted).
    @discardableResult
    public func getHue(_ hue: UnsafeMutablePointer<CGFloat>?, saturation: UnsafeMutablePointer<CGFloat>?,
                       brightness: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?) -> Bool {
        let c = cgColor
        let maxC = max(c.red, c.green, c.blue), minC = min(c.red, c.green, c.blue), delta = maxC - minC
        var h = 0.0
        if delta > 0 {
            if maxC == c.red {
                h = (c.green - c.blue) / delta
            } else if maxC == c.green {
                h = 2 + (c.blue - c.red) / delta
            } else {
                h = 4 + (c.red - c.green) / delta
            }
            h /= 6
            if h < 0 { h += 1 }
        }
        hue?.pointee = CGFloat(h)
        saturation?.pointee = CGFloat(maxC > 0 ? delta / maxC : 0)
        brightness?.pointee = CGFloat(maxC)
        alpha?.pointee = CGFloat(c.alpha)
        return true
    }

    /// The same colour with its alpha replaced by `alpha` (clamped to 0…1); dynamic
    /// when this colour is.
    public func withAlphaComponent(_ alpha: CGFloat) -> UIColor {
        switch storage {
        case .fixed(let color): UIColor(cgColor: color.withAlpha(Double(alpha)))
        case .dynamic: UIColor { [self] traits in resolvedColor(with: traits).withAlphaComponent(alpha) }
        }
    }

    /// Whether the two colours are equal: fixed colours with equal components, or
    /// dynamic colours that resolve to equal colours in the light and dark appearances.
    public static func == (a: UIColor, b: UIColor) -> Bool {
        switch (a.storage, b.storage) {
        case (.fixed(let x), .fixed(let y)): x == y
        case (.dynamic, .dynamic): a === b || a.appearanceValues == b.appearanceValues
        default: false
        }
    }

    /// Hashes the components (a dynamic colour's light and dark ones), consistently with `==`.
    public func hash(into hasher: inout Hasher) {
        switch storage {
        case .fixed(let color): hasher.combine(color)
        case .dynamic:
            let values = appearanceValues
            hasher.combine(values.light)
            hasher.combine(values.dark)
        }
    }

    /// The colour resolved in the light and the dark appearance.
    private var appearanceValues: (light: CGColor, dark: CGColor) {
        (resolvedColor(with: UITraitCollection(userInterfaceStyle: .light)).cgColor,
         resolvedColor(with: UITraitCollection(userInterfaceStyle: .dark)).cgColor)
    }

    /// The colour's components, for debugging (a dynamic colour's light and dark values).
    public var description: String {
        switch storage {
        case .fixed(let color): "UIColor(\(color))"
        case .dynamic:
            "UIColor(dynamic: light \(resolvedColor(with: UITraitCollection(userInterfaceStyle: .light)).cgColor), "
                + "dark \(resolvedColor(with: UITraitCollection(userInterfaceStyle: .dark)).cgColor))"
        }
    }

    /// A colour that is `light` in the light appearance (and when unspecified) and `dark` in the dark one.
    static func appearance(light: UIColor, dark: UIColor) -> UIColor {
        UIColor { $0.userInterfaceStyle == .dark ? dark : light }
    }

    /// ``appearance(light:dark:)`` with `0xRRGGBB` values.
    static func appearance(light: UInt32, dark: UInt32) -> UIColor {
        appearance(light: UIColor(rgb: light), dark: UIColor(rgb: dark))
    }

    /// A colour from 0…255 components and an alpha.
    static func rgb255(_ r: Double, _ g: Double, _ b: Double, _ a: CGFloat) -> UIColor {
        UIColor(red: r / 255, green: g / 255, blue: b / 255, alpha: a)
    }
}

/// Lets animations take a `UIColor` wherever they take a colour (`fromValue`, `values`).
extension UIColor: CGColorConvertible {}

/// `#colorLiteral(red:green:blue:alpha:)`, as Xcode's colour picker writes it, makes a
/// `UIColor` (the components in sRGB, 0 to 1), as with UIKit.
extension UIColor: _ExpressibleByColorLiteral {
    /// The colour a colour literal names.
    public convenience init(_colorLiteralRed red: Float, green: Float, blue: Float, alpha: Float) {
        self.init(red: CGFloat(red), green: CGFloat(green), blue: CGFloat(blue), alpha: CGFloat(alpha))
    }
}
