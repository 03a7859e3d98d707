import Foundation

extension UIListContentConfiguration {
    /// How a list content configuration draws its text or secondary text.
    public struct TextProperties: Hashable {
        /// How lines of text are aligned.
        public enum TextAlignment: Int, Hashable, Sendable {
            /// Aligned to the leading edge of the text's writing direction.
            case natural
            /// Centred.
            case center
            /// Justified; the last line is natural.
            case justified
        }

        /// A change of case applied to the text before it is shown.
        public enum TextTransform: Int, Hashable, Sendable {
            /// The text as given.
            case none
            /// Every character in upper case (grouped section headers).
            case uppercase
            /// Every character in lower case.
            case lowercase
            /// The first letter of each word in upper case.
            case capitalized
        }

        /// The font of the text.
        public var font: UIFont
        /// The colour of the text; setting it keeps it through state changes
        /// (``UIListContentConfiguration/updated(for:)`` no longer changes it).
        public var color: UIColor {
            get { storedColor }
            set { storedColor = newValue; colorIsCustomized = true }
        }
        /// A transformer applied to ``color`` when it is resolved; nil uses the colour as it is.
        public var colorTransformer: UIConfigurationColorTransformer?
        /// How lines are aligned; `.natural` by default.
        public var alignment = TextAlignment.natural
        /// How lines wrap and how text that does not fit is truncated.
        public var lineBreakMode = NSLineBreakMode.byTruncatingTail
        /// The maximum number of lines; 0, the default, means as many as the text needs
        /// (a row grows to fit them).
        public var numberOfLines = 0
        /// Whether a one-line text too wide for its space shrinks, down to ``minimumScaleFactor``.
        public var adjustsFontSizeToFitWidth = false
        /// The smallest multiplier of the font size that ``adjustsFontSizeToFitWidth`` may use.
        public var minimumScaleFactor: CGFloat = 0
        /// Whether the text is tightened before it is truncated (kept; Tabula does not tighten).
        public var allowsDefaultTighteningForTruncation = false
        /// Whether the font follows the content size category (true by default): the
        /// configurations' fonts follow text styles, so rows grow with the preferred text size.
        public var adjustsFontForContentSizeCategory = true
        /// Whether hovering a pointer over truncated text shows all of it (kept; no pointer hover here).
        public var showsExpansionTextWhenTruncated = false
        /// The change of case applied before the text is shown.
        public var transform = TextTransform.none

        var storedColor: UIColor
        /// Whether ``color`` was set by the app (then state changes leave it alone).
        var colorIsCustomized = false

        init(font: UIFont, color: UIColor) {
            self.font = font
            storedColor = color
        }

        /// The colour the text is drawn in: ``color`` through ``colorTransformer``.
        public func resolvedColor() -> UIColor { colorTransformer?(storedColor) ?? storedColor }

        /// `string` with ``transform`` applied.
        func transformed(_ string: String) -> String {
            switch transform {
            case .none: string
            case .uppercase: string.uppercased()
            case .lowercase: string.lowercased()
            case .capitalized: string.capitalized
            }
        }

        /// The label alignment for ``alignment``.
        var labelAlignment: NSTextAlignment {
            switch alignment {
            case .natural: .natural
            case .center: .center
            case .justified: .justified
            }
        }
    }

    /// How a list content configuration draws its image.
    public struct ImageProperties: Hashable {
        /// Put in ``reservedLayoutSize``'s width or height: the system's standard space for
        /// a symbol image in that dimension, even when the image is not a symbol.
        public static let standardDimension: CGFloat = -CGFloat.greatestFiniteMagnitude

        /// The standard reserved space (``standardDimension``) at the default text size:
        /// the 29-point square of a Settings icon.
        static let standardReservedSide: CGFloat = 29

        /// The tint of the image; nil uses the tint colour the view inherits. Setting it
        /// keeps it through state changes.
        public var tintColor: UIColor? {
            get { storedTintColor }
            set { storedTintColor = newValue; tintColorIsCustomized = true }
        }
        /// A transformer applied to the tint when it is resolved; nil uses it as it is.
        public var tintColorTransformer: UIConfigurationColorTransformer?
        /// The radius of the image's corners; 0 by default.
        public var cornerRadius: CGFloat = 0
        /// The largest size the image is drawn at; a larger image is scaled down, keeping its
        /// aspect ratio. Zero in a dimension (the default) leaves that dimension free.
        public var maximumSize: CGSize = .zero
        /// The space kept for the image, which is centred in it, so that images of different
        /// sizes line up in adjacent rows. Zero in a dimension uses the image's own size;
        /// ``standardDimension`` the standard space.
        public var reservedLayoutSize: CGSize = .zero
        /// Whether the image is exempt from Smart Invert (kept; Tabula does not invert colours).
        public var accessibilityIgnoresInvertColors = false
        /// The configuration a symbol image is drawn with (its point size, weight, scale,
        /// colours), under the image's own, as an image view's
        /// ``UIImageView/preferredSymbolConfiguration``; nil draws the symbol as it is.
        public var preferredSymbolConfiguration: UIImage.SymbolConfiguration?

        var storedTintColor: UIColor?
        /// Whether ``tintColor`` was set by the app.
        var tintColorIsCustomized = false

        init() {}

        /// The tint the image is drawn with when the view's inherited tint is `tintColor`.
        public func resolvedTintColor(for tintColor: UIColor) -> UIColor {
            let base = storedTintColor ?? tintColor
            return tintColorTransformer?(base) ?? base
        }

        /// `image` as it is shown: a symbol with ``preferredSymbolConfiguration`` under its own.
        func shown(_ image: UIImage) -> UIImage {
            guard image.isSymbolImage, let preferredSymbolConfiguration else { return image }
            return image.withConfiguration(preferredSymbolConfiguration.applying(image.symbolConfiguration))
        }

        /// The size the image is drawn at: its own (with ``preferredSymbolConfiguration``),
        /// scaled down to fit ``maximumSize``.
        func displayedSize(of image: UIImage) -> CGSize {
            var size = shown(image).size
            guard size.width > 0, size.height > 0 else { return .zero }
            var scale: CGFloat = 1
            if maximumSize.width > 0 { scale = min(scale, maximumSize.width / size.width) }
            if maximumSize.height > 0 { scale = min(scale, maximumSize.height / size.height) }
            size.width *= scale
            size.height *= scale
            return size
        }

        /// The space kept for an image drawn at `size`: ``reservedLayoutSize`` where it is set
        /// (never less than the image), the image's size elsewhere.
        func reservedSize(for size: CGSize) -> CGSize {
            func side(_ reserved: CGFloat, _ own: CGFloat) -> CGFloat {
                if reserved == Self.standardDimension { return max(own, Self.standardReservedSide) }
                return reserved > 0 ? max(own, reserved) : own
            }
            return CGSize(width: side(reservedLayoutSize.width, size.width),
                          height: side(reservedLayoutSize.height, size.height))
        }
    }
}
