import Foundation

extension UIImage {
    /// The traits an image is chosen and drawn for: UIKit's `UIImage.Configuration`.
    ///
    /// Configurations are immutable; ``applying(_:)`` and ``withTraitCollection(_:)``
    /// make new ones. A symbol image always has a ``UIImage/SymbolConfiguration``.
    public class Configuration: @unchecked Sendable, Hashable, CustomStringConvertible {
        /// The traits: Tabula's hold the display scale, which decides the `@2x`/`@3x`
        /// variant of a named image and the pixels of a symbol.
        public let traitCollection: UITraitCollection?

        /// A configuration with `traitCollection`'s traits.
        public required init(traitCollection: UITraitCollection?) {
            self.traitCollection = traitCollection
        }

        /// A copy whose traits are this configuration's overridden by the ones
        /// `traitCollection` specifies.
        public func withTraitCollection(_ traitCollection: UITraitCollection?) -> Self {
            copy(traits: Self.merge(self.traitCollection, traitCollection))
        }

        /// A copy with `otherConfiguration`'s specified values (traits, and for symbol
        /// configurations point size, weight, scale and colours) replacing this one's.
        public func applying(_ otherConfiguration: UIImage.Configuration?) -> Self {
            guard let otherConfiguration else { return self }
            return merged(with: otherConfiguration)
        }

        /// Whether two configurations specify the same values.
        public static func == (a: Configuration, b: Configuration) -> Bool { a.isEqual(b) }

        /// Hashes what equal configurations of every kind share: their display scale.
        public func hash(into hasher: inout Hasher) {
            hasher.combine(traitCollection?.displayScale)
        }

        /// The specified values, for debugging.
        public var description: String { "<UIImageConfiguration: \(traitDescription)>" }

        // MARK: For subclasses

        var traitDescription: String {
            guard let scale = traitCollection?.displayScale, scale > 0 else { return "traits unspecified" }
            return "displayScale \(String(format: "%g", Double(scale)))"
        }

        func copy(traits: UITraitCollection?) -> Self { Self(traitCollection: traits) }

        func merged(with other: Configuration) -> Self {
            copy(traits: Self.merge(traitCollection, other.traitCollection))
        }

        func isEqual(_ other: Configuration) -> Bool {
            type(of: self) == type(of: other) && traitCollection == other.traitCollection
        }

        static func merge(_ base: UITraitCollection?, _ over: UITraitCollection?) -> UITraitCollection? {
            guard let over else { return base }
            guard let base else { return over }
            return UITraitCollection(traitsFrom: [base, over])
        }
    }

    /// The weights of symbols, from ultralight to black (UIKit's values).
    public enum SymbolWeight: Int, Sendable, CaseIterable {
        /// No weight given: the symbol is drawn at `.regular`.
        case unspecified = 0
        /// The lightest weight.
        case ultraLight = 1
        /// Thin.
        case thin = 2
        /// Light.
        case light = 3
        /// The weight of body text.
        case regular = 4
        /// Medium.
        case medium = 5
        /// Semibold.
        case semibold = 6
        /// Bold.
        case bold = 7
        /// Heavy.
        case heavy = 8
        /// The heaviest weight.
        case black = 9

        /// The font weight that matches this symbol weight (`.regular` for `.unspecified`).
        public func fontWeight() -> UIFont.Weight {
            switch self {
            case .unspecified, .regular: .regular
            case .ultraLight: .ultraLight
            case .thin: .thin
            case .light: .light
            case .medium: .medium
            case .semibold: .semibold
            case .bold: .bold
            case .heavy: .heavy
            case .black: .black
            }
        }

        /// The symbol weight nearest to a font weight.
        init(_ fontWeight: UIFont.Weight) {
            self = Self.allCases.dropFirst().min { abs($0.fontWeight().rawValue - fontWeight.rawValue)
                < abs($1.fontWeight().rawValue - fontWeight.rawValue) } ?? .regular
        }
    }

    /// How large a symbol is drawn relative to its point size (UIKit's values).
    public enum SymbolScale: Int, Sendable {
        /// The default scale: `.medium`.
        case `default` = -1
        /// No scale given: `.medium`.
        case unspecified = 0
        /// About 0.8 of the medium size.
        case small = 1
        /// The size that matches text of the point size.
        case medium = 2
        /// About 1.2 of the medium size.
        case large = 3
    }

    /// How an image's colours are used: UIKit's `UIImage.RenderingMode`.
    public enum RenderingMode: Int, Sendable {
        /// As the place that shows it decides: symbols are templates, other images originals.
        case automatic = 0
        /// The image's own colours, never tinted.
        case alwaysOriginal = 1
        /// A template: only the image's coverage counts, painted in the tint colour
        /// of the image view (or button, or bar) that shows it.
        case alwaysTemplate = 2
    }
}
