import Foundation

extension UIButton {
    /// How a button looks (iOS 15 and later): its content, colours, insets and corners.
    /// Start from one of the styles and change what you need:
    ///
    /// ```swift
    /// var configuration = UIButton.Configuration.filled()
    /// configuration.title = "Buy"
    /// configuration.subtitle = "$0.99"
    /// configuration.cornerStyle = .capsule
    /// let button = UIButton(configuration: configuration, primaryAction: UIAction { _ in buy() })
    /// ```
    ///
    /// A value: two configurations are equal when every property is (images by their
    /// equality, colours by value).
    public struct Configuration: Hashable {
        /// The shape of the button's corners (UIKit's raw values).
        public enum CornerStyle: Int, Sendable {
            /// The background's corner radius (``UIBackgroundConfiguration/cornerRadius``)
            /// as it is.
            case fixed = -1
            /// The background's corner radius scaled with the preferred text size (Dynamic
            /// Type) as body text scales: as it is at the default size (`.large`), 53/17 of
            /// it at the largest accessibility size; never more than half the button's
            /// height (a capsule).
            case dynamic = 0
            /// 4 points, whatever the background's radius.
            case small = 1
            /// 8 points.
            case medium = 2
            /// 12 points.
            case large = 3
            /// Half the height: a pill.
            case capsule = 4
        }

        /// The size class of the button's content and insets.
        public enum Size: Int, Sendable {
            /// 17-point title (the default).
            case medium = 0
            /// 15-point title.
            case small = 1
            /// The smallest: 12-point title.
            case mini = 2
            /// 17-point title with more room.
            case large = 3
        }

        /// The style a configuration starts from.
        enum Style: Hashable, Sendable { case plain, tinted, gray, filled, borderless, bordered, borderedProminent, borderedTinted }
        let style: Style

        /// The title.
        public var title: String?
        /// A second, smaller line under the title.
        public var subtitle: String?
        /// An image before the title.
        public var image: UIImage?
        /// Space between the image and the title (default 4).
        public var imagePadding: CGFloat = 4
        /// Which side of the title the image is on: `.leading` (the default), `.trailing`,
        /// `.top` or `.bottom`.
        public var imagePlacement: NSDirectionalRectEdge = .leading
        /// The size, weight and scale of a symbol image; nil to match the title's font.
        public var preferredSymbolConfigurationForImage: UIImage.SymbolConfiguration?
        /// Space between the title and the subtitle (default 2).
        public var titlePadding: CGFloat = 2
        /// How the title breaks its lines: word and character wrapping give as many lines
        /// as the button's width needs (the default, `.byWordWrapping`); the other modes
        /// keep one line, clipped or truncated.
        public var titleLineBreakMode: NSLineBreakMode = .byWordWrapping
        /// How the subtitle breaks its lines (default `.byWordWrapping`), as
        /// ``titleLineBreakMode`` does the title's.
        public var subtitleLineBreakMode: NSLineBreakMode = .byWordWrapping
        /// Space around the content.
        public var contentInsets: NSDirectionalEdgeInsets
        /// How the corners use ``background``'s corner radius (default `.dynamic`: 8 points
        /// in every style unless you change it, growing with the preferred text size).
        public var cornerStyle: CornerStyle = .dynamic
        /// The content's size class (default `.medium`).
        public var buttonSize: Size = .medium
        /// The colour of the title, subtitle and image; nil for the style's (the tint colour,
        /// or white on a filled background; system grey while the button is disabled).
        /// A colour you set is kept in every state.
        public var baseForegroundColor: UIColor? {
            get { storedBaseForegroundColor }
            set { storedBaseForegroundColor = newValue; foregroundIsStateDefault = false }
        }
        var storedBaseForegroundColor: UIColor?
        /// Whether ``baseForegroundColor`` is the style's colour for a state, filled in by
        /// `updated(for:)`, rather than the app's: the next update replaces it.
        var foregroundIsStateDefault = false
        /// The colour the style makes its background from (the filled styles use it as it
        /// is, the tinted ones faintly); nil for the tint colour. A non-nil
        /// `background.backgroundColor` wins over it; the plain and grey styles ignore it.
        public var baseBackgroundColor: UIColor?
        /// The button's background, drawn under the title and image: its colour (nil, the
        /// default, for the style's, made from ``baseBackgroundColor``), stroke, image, custom
        /// view and corner radius (used as ``cornerStyle`` says).
        public var background = UIBackgroundConfiguration.buttonBackground()
        /// Whether the button shows a spinning activity indicator instead of its image, where
        /// ``imagePlacement`` puts the image (before the title when there is no image). The
        /// title and subtitle stay. Default false.
        public var showsActivityIndicator = false
        /// Turns the foreground colour (the title's) into the activity indicator's; nil to
        /// use the foreground colour as it is.
        public var activityIndicatorColorTransformer: UIConfigurationColorTransformer?

        init(style: Style) {
            self.style = style
            contentInsets = style == .plain || style == .borderless
                ? NSDirectionalEdgeInsets(top: 7, leading: 12, bottom: 7, trailing: 12)
                : NSDirectionalEdgeInsets(top: 7, leading: 14, bottom: 7, trailing: 14)
        }

        /// No background; tint-coloured content.
        public static func plain() -> Configuration { Configuration(style: .plain) }
        /// A light tint-coloured background with tint-coloured content.
        public static func tinted() -> Configuration { Configuration(style: .tinted) }
        /// A grey background with tint-coloured content.
        public static func gray() -> Configuration { Configuration(style: .gray) }
        /// A tint-coloured background with white content.
        public static func filled() -> Configuration { Configuration(style: .filled) }
        /// No background; tint-coloured content (the plain look, for borderless buttons).
        public static func borderless() -> Configuration { Configuration(style: .borderless) }
        /// A grey background (as `.gray()`).
        public static func bordered() -> Configuration { Configuration(style: .bordered) }
        /// A tint-coloured background with white content (as `.filled()`).
        public static func borderedProminent() -> Configuration { Configuration(style: .borderedProminent) }
        /// A light tint-coloured background (as `.tinted()`).
        public static func borderedTinted() -> Configuration { Configuration(style: .borderedTinted) }

        /// The title's font for the size class.
        var titleFont: UIFont {
            switch buttonSize {
            case .mini: .systemFont(ofSize: 12)
            case .small: .systemFont(ofSize: 15)
            case .medium, .large: .systemFont(ofSize: 17)
            }
        }

        /// ``titleFont`` at the text size `traits` prefer: configured buttons follow
        /// Dynamic Type without any work from the app, as UIKit's do (a mini button's title
        /// as a caption, a small one's as a subheadline, the others' as body text).
        func titleFont(for traits: UITraitCollection) -> UIFont {
            let style: UIFont.TextStyle = switch buttonSize {
            case .mini: .caption1
            case .small: .subheadline
            case .medium, .large: .body
            }
            return UIFontMetrics(forTextStyle: style).scaledFont(for: titleFont, compatibleWith: traits)
        }

        /// The subtitle's font at the text size `traits` prefer (13 points at the default
        /// size, scaled as a footnote).
        static func subtitleFont(for traits: UITraitCollection) -> UIFont {
            UIFontMetrics(forTextStyle: .footnote).scaledFont(for: .systemFont(ofSize: 13), compatibleWith: traits)
        }

        private var isFilled: Bool { style == .filled || style == .borderedProminent }

        /// Whether the style has a background of its own (the plain ones have none, and
        /// dim their content while pressed instead).
        var hasStyleBackground: Bool { style != .plain && style != .borderless }

        /// The style's foreground colour: the tint colour, white on a filled background,
        /// system grey while disabled.
        func styleForegroundColor(tint: UIColor, enabled: Bool) -> UIColor {
            if !enabled { return .systemGray }
            return isFilled ? .white : tint
        }

        /// The colour the style draws its background in, where `background` has none.
        func styleBackgroundColor(tint: UIColor, enabled: Bool) -> UIColor {
            let base = baseBackgroundColor ?? tint
            switch style {
            case .plain, .borderless:
                return .clear
            case .gray, .bordered:
                return enabled ? UIColor(white: 0.46, alpha: 0.12) : UIColor(white: 0.46, alpha: 0.08)
            case .tinted, .borderedTinted:
                return enabled ? base.withAlphaComponent(0.15) : UIColor(white: 0.46, alpha: 0.08)
            case .filled, .borderedProminent:
                return enabled ? base : UIColor(white: 0.46, alpha: 0.12)
            }
        }

        /// The radius the corners get on a button `height` points high at the text size
        /// `category`: the background's (never negative nor NaN) for `.fixed`, scaled as
        /// body text for `.dynamic` (at most half the height), else the style's own.
        func resolvedCornerRadius(height: CGFloat, contentSizeCategory category: UIContentSizeCategory = .large) -> CGFloat {
            let radius = background.cornerRadius.isFinite ? max(0, background.cornerRadius) : 0
            switch cornerStyle {
            case .fixed:
                return radius
            case .dynamic:
                let scaled = radius * DynamicTypeScaling.factor(.body, category)
                return height.isFinite && height > 0 ? min(scaled, height / 2) : scaled
            case .small: return 4
            case .medium: return 8
            case .large: return 12
            case .capsule: return height.isFinite ? max(0, height / 2) : 0
            }
        }

        /// ``background`` as the button draws it, from a configuration already updated for
        /// the button's state: the corner radius as ``cornerStyle`` says, the stroke width
        /// never negative nor NaN.
        func resolvedBackground(height: CGFloat, contentSizeCategory: UIContentSizeCategory) -> UIBackgroundConfiguration {
            var resolved = background
            resolved.cornerRadius = resolvedCornerRadius(height: height, contentSizeCategory: contentSizeCategory)
            resolved.strokeWidth = resolved.strokeWidth.isFinite ? max(0, resolved.strokeWidth) : 0
            return resolved
        }

        /// The activity indicator's colour for `foreground`, the title's.
        func resolvedActivityIndicatorColor(foreground: UIColor) -> UIColor {
            activityIndicatorColorTransformer?(foreground) ?? foreground
        }
    }
}

extension UIBackgroundConfiguration {
    /// A button configuration's background: no colour of its own (the style supplies one),
    /// 8-point corners, no stroke.
    static func buttonBackground() -> UIBackgroundConfiguration {
        var background = UIBackgroundConfiguration(base: .clear, color: nil)
        background.cornerRadius = 8
        return background
    }
}
