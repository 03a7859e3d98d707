import Foundation

extension UIImage {
    /// The point size, weight and scale a symbol image is drawn at, and its colours:
    /// UIKit's `UIImage.SymbolConfiguration`.
    ///
    /// Each value may be left unspecified; `applying(_:)` lets another
    /// configuration's specified values replace this one's, and a symbol falls back to
    /// 17 points (body text), `.regular` and `.medium` for what is still unspecified.
    /// `.small` and `.large` draw a symbol at about 0.8 and 1.2 of its medium size.
    public final class SymbolConfiguration: Configuration, @unchecked Sendable {
        /// The point size; 0 when unspecified.
        let pointSize: CGFloat
        /// The weight; `.unspecified` when not given.
        let weight: SymbolWeight
        /// The scale; `.unspecified` when not given (`.default` is stored as `.medium`).
        let scale: SymbolScale
        /// The colour of hierarchical rendering, when asked for.
        let hierarchicalColor: UIColor?
        /// The colours of palette rendering, when asked for.
        let paletteColors: [UIColor]?
        /// A preference for the monochrome or the multicolor variant, when asked for
        /// (``preferringMonochrome()``, ``preferringMulticolor()``).
        let variantPreference: VariantPreference?

        /// The colour variants a configuration can prefer over the others.
        enum VariantPreference { case monochrome, multicolor }

        init(traitCollection: UITraitCollection?, pointSize: CGFloat, weight: SymbolWeight, scale: SymbolScale,
             hierarchicalColor: UIColor?, paletteColors: [UIColor]? = nil, variantPreference: VariantPreference? = nil) {
            self.pointSize = pointSize.isFinite && pointSize > 0 ? pointSize : 0
            self.weight = weight
            self.scale = scale == .default ? .medium : scale
            self.hierarchicalColor = hierarchicalColor
            self.paletteColors = paletteColors?.isEmpty == true ? nil : paletteColors
            self.variantPreference = variantPreference
            super.init(traitCollection: traitCollection)
        }

        /// A configuration with only `traitCollection`'s traits.
        public required convenience init(traitCollection: UITraitCollection?) {
            self.init(traitCollection: traitCollection, pointSize: 0, weight: .unspecified, scale: .unspecified,
                      hierarchicalColor: nil)
        }

        /// A configuration with every value unspecified.
        public static var unspecified: UIImage.SymbolConfiguration { SymbolConfiguration(traitCollection: nil) }

        /// A configuration of the given point size (not finite or not positive: unspecified).
        public convenience init(pointSize: CGFloat) {
            self.init(traitCollection: nil, pointSize: pointSize, weight: .unspecified, scale: .unspecified, hierarchicalColor: nil)
        }

        /// A configuration of the given point size and weight.
        public convenience init(pointSize: CGFloat, weight: UIImage.SymbolWeight) {
            self.init(traitCollection: nil, pointSize: pointSize, weight: weight, scale: .unspecified, hierarchicalColor: nil)
        }

        /// A configuration of the given point size, weight and scale.
        public convenience init(pointSize: CGFloat, weight: UIImage.SymbolWeight, scale: UIImage.SymbolScale) {
            self.init(traitCollection: nil, pointSize: pointSize, weight: weight, scale: scale, hierarchicalColor: nil)
        }

        /// A configuration of the given weight.
        public convenience init(weight: UIImage.SymbolWeight) {
            self.init(traitCollection: nil, pointSize: 0, weight: weight, scale: .unspecified, hierarchicalColor: nil)
        }

        /// A configuration of the given scale.
        public convenience init(scale: UIImage.SymbolScale) {
            self.init(traitCollection: nil, pointSize: 0, weight: .unspecified, scale: scale, hierarchicalColor: nil)
        }

        /// A configuration matching the text style's font at the current text size: its
        /// point size and weight (a symbol beside a `.headline` label is as heavy as it).
        public convenience init(textStyle: UIFont.TextStyle) {
            self.init(font: UIFont.preferredFont(forTextStyle: textStyle), scale: .unspecified)
        }

        /// A configuration matching the text style's font at the given scale.
        public convenience init(textStyle: UIFont.TextStyle, scale: UIImage.SymbolScale) {
            self.init(font: UIFont.preferredFont(forTextStyle: textStyle), scale: scale)
        }

        /// A configuration matching `font`: its point size and the nearest weight.
        public convenience init(font: UIFont) {
            self.init(font: font, scale: .unspecified)
        }

        /// A configuration matching `font` at the given scale.
        public convenience init(font: UIFont, scale: UIImage.SymbolScale) {
            self.init(traitCollection: nil, pointSize: font.pointSize, weight: SymbolWeight(font.font.weight), scale: scale,
                      hierarchicalColor: nil)
        }

        /// Hierarchical rendering in `hierarchicalColor`: the symbol's secondary layers
        /// (the disc of `xmark.circle.fill`) at reduced opacity, the rest at full; the
        /// colour is used instead of the tint.
        public convenience init(hierarchicalColor: UIColor) {
            self.init(traitCollection: nil, pointSize: 0, weight: .unspecified, scale: .unspecified,
                      hierarchicalColor: hierarchicalColor)
        }

        /// Palette rendering: the symbol's primary layers in the first colour, its
        /// secondary layers (the disc of `xmark.circle.fill`) in the second; Tabula's
        /// symbols have two layers, so a third colour is not used. The colours are used
        /// instead of the tint. An empty list asks for nothing.
        public convenience init(paletteColors: [UIColor]) {
            self.init(traitCollection: nil, pointSize: 0, weight: .unspecified, scale: .unspecified,
                      hierarchicalColor: nil, paletteColors: paletteColors)
        }

        /// A configuration asking for a symbol's multicolor variant, if it has one. Tabula's
        /// symbols have none (each is one drawing, in one colour or two layers), so a
        /// symbol draws as it does without it: in its tint, or monochrome, as UIKit draws a
        /// symbol without a multicolor variant. It replaces a hierarchical or palette
        /// colouring when applied over one.
        public static func preferringMulticolor() -> Self {
            SymbolConfiguration(traitCollection: nil, pointSize: 0, weight: .unspecified, scale: .unspecified,
                                hierarchicalColor: nil, variantPreference: .multicolor) as! Self
        }

        /// A configuration asking for a symbol's monochrome variant: in one colour, the
        /// tint, replacing a hierarchical or palette colouring when applied over one.
        public static func preferringMonochrome() -> Self {
            SymbolConfiguration(traitCollection: nil, pointSize: 0, weight: .unspecified, scale: .unspecified,
                                hierarchicalColor: nil, variantPreference: .monochrome) as! Self
        }

        /// A copy without point size and weight (both unspecified).
        public func configurationWithoutPointSizeAndWeight() -> Self {
            SymbolConfiguration(traitCollection: traitCollection, pointSize: 0, weight: .unspecified, scale: scale,
                                hierarchicalColor: hierarchicalColor, paletteColors: paletteColors,
                                variantPreference: variantPreference) as! Self
        }

        /// A copy without a scale.
        public func configurationWithoutScale() -> Self {
            SymbolConfiguration(traitCollection: traitCollection, pointSize: pointSize, weight: weight, scale: .unspecified,
                                hierarchicalColor: hierarchicalColor, paletteColors: paletteColors,
                                variantPreference: variantPreference) as! Self
        }

        /// A copy without a weight.
        public func configurationWithoutWeight() -> Self {
            SymbolConfiguration(traitCollection: traitCollection, pointSize: pointSize, weight: .unspecified, scale: scale,
                                hierarchicalColor: hierarchicalColor, paletteColors: paletteColors,
                                variantPreference: variantPreference) as! Self
        }

        /// Whether `otherConfiguration` specifies the same values.
        public func isEqual(to otherConfiguration: UIImage.SymbolConfiguration?) -> Bool {
            guard let otherConfiguration else { return false }
            return isEqual(otherConfiguration)
        }

        /// The specified values, for debugging.
        public override var description: String {
            var parts: [String] = []
            if pointSize > 0 { parts.append("pointSize \(String(format: "%g", Double(pointSize)))") }
            if weight != .unspecified { parts.append("weight \(weight)") }
            if scale != .unspecified { parts.append("scale \(scale)") }
            if hierarchicalColor != nil { parts.append("hierarchical") }
            if let paletteColors { parts.append("palette of \(paletteColors.count)") }
            if let variantPreference { parts.append("prefers \(variantPreference)") }
            if let scale = traitCollection?.displayScale, scale > 0 { parts.append(traitDescription) }
            return "<UIImageSymbolConfiguration: \(parts.isEmpty ? "unspecified" : parts.joined(separator: ", "))>"
        }

        override func copy(traits: UITraitCollection?) -> Self {
            SymbolConfiguration(traitCollection: traits, pointSize: pointSize, weight: weight, scale: scale,
                                hierarchicalColor: hierarchicalColor, paletteColors: paletteColors,
                                variantPreference: variantPreference) as! Self
        }

        override func merged(with other: Configuration) -> Self {
            let traits = Self.merge(traitCollection, other.traitCollection)
            guard let other = other as? SymbolConfiguration else { return copy(traits: traits) }
            // The colouring (hierarchical, palette, a variant preference) is one choice: the
            // other's replaces this one's when it makes one.
            let otherColours = other.hierarchicalColor != nil || other.paletteColors != nil || other.variantPreference != nil
            return SymbolConfiguration(
                traitCollection: traits,
                pointSize: other.pointSize > 0 ? other.pointSize : pointSize,
                weight: other.weight != .unspecified ? other.weight : weight,
                scale: other.scale != .unspecified ? other.scale : scale,
                hierarchicalColor: otherColours ? other.hierarchicalColor : hierarchicalColor,
                paletteColors: otherColours ? other.paletteColors : paletteColors,
                variantPreference: otherColours ? other.variantPreference : variantPreference) as! Self
        }

        override func isEqual(_ other: Configuration) -> Bool {
            guard let other = other as? SymbolConfiguration else { return false }
            return traitCollection == other.traitCollection && pointSize == other.pointSize && weight == other.weight
                && scale == other.scale && hierarchicalColor == other.hierarchicalColor && paletteColors == other.paletteColors
                && variantPreference == other.variantPreference
        }
    }
}
