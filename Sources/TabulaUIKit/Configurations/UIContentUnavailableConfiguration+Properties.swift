import Foundation

extension UIContentUnavailableConfiguration {
    /// How the image, text and buttons line up across the view.
    public enum Alignment: Int, Hashable, Sendable {
        /// Each piece centred, the text centred line by line (the default).
        case center = 0
        /// Each piece against the leading edge, the text aligned by its writing direction.
        case natural = 1
    }

    /// How a content-unavailable configuration draws its text or secondary text.
    public struct TextProperties: Hashable {
        /// The font of the text.
        public var font: UIFont
        /// The colour of the text.
        public var color: UIColor
        /// How lines wrap and how text that does not fit is truncated.
        public var lineBreakMode = NSLineBreakMode.byWordWrapping
        /// The maximum number of lines; 0, the default, means as many as the text needs.
        public var numberOfLines = 0
        /// Whether a one-line text too wide for the view shrinks, down to ``minimumScaleFactor``.
        public var adjustsFontSizeToFitWidth = false
        /// The smallest multiplier of the font size that ``adjustsFontSizeToFitWidth`` may use.
        public var minimumScaleFactor: CGFloat = 0
        /// Whether the text is tightened before it is truncated (kept; Tabula does not tighten).
        public var allowsDefaultTighteningForTruncation = false

        init(font: UIFont, color: UIColor) {
            self.font = font
            self.color = color
        }
    }

    /// How a content-unavailable configuration draws its image — or, in a
    /// ``UIContentUnavailableConfiguration/loading()`` configuration without an image, its
    /// activity indicator, whose spokes take ``tintColor``.
    public struct ImageProperties: Hashable {
        /// The configuration a symbol image is drawn with, over the view's own (a size
        /// that follows the text size): what you set here wins, the rest is the view's.
        /// Nil, the default, draws the symbol at the view's size.
        public var preferredSymbolConfiguration: UIImage.SymbolConfiguration?
        /// The colour a template image (a symbol) and the activity indicator are drawn in;
        /// nil uses the tint colour the view inherits.
        public var tintColor: UIColor?
        /// The radius of the image's corners; 0 by default.
        public var cornerRadius: CGFloat = 0
        /// The largest size the image is drawn at; a larger image is scaled down, keeping
        /// its aspect ratio. Zero in a dimension (the default) leaves that dimension free.
        public var maximumSize: CGSize = .zero
        /// Whether the image is exempt from Smart Invert (kept; Tabula does not invert colours).
        public var accessibilityIgnoresInvertColors = false

        init() {}

        /// The size an image of `size` is drawn at: scaled down to fit ``maximumSize``.
        func displayedSize(for size: CGSize) -> CGSize {
            guard size.width > 0, size.height > 0 else { return .zero }
            var scale: CGFloat = 1
            if maximumSize.width > 0 { scale = min(scale, maximumSize.width / size.width) }
            if maximumSize.height > 0 { scale = min(scale, maximumSize.height / size.height) }
            return CGSize(width: size.width * scale, height: size.height * scale)
        }
    }

    /// What a button of a content-unavailable configuration does when tapped, and whether
    /// it can be.
    public struct ButtonProperties: Hashable {
        /// The action run when the button is tapped (for `.primaryActionTriggered`); its
        /// title becomes the button's when the button's configuration has none.
        public var primaryAction: UIAction?
        /// A menu the button shows when tapped, when it has no ``primaryAction``.
        public var menu: UIMenu?
        /// Whether the button can be tapped; true by default.
        public var isEnabled = true
        /// The button's role (see ``UIButton/role``); `.normal` by default.
        public var role = UIButton.Role.normal

        init() {}

        /// Equal when they hold the same action and menu objects and the same flags.
        public static func == (a: Self, b: Self) -> Bool {
            a.primaryAction === b.primaryAction && a.menu === b.menu && a.isEnabled == b.isEnabled && a.role == b.role
        }

        /// Hashes the action's and menu's identities and the flags.
        public func hash(into hasher: inout Hasher) {
            hasher.combine(primaryAction.map(ObjectIdentifier.init))
            hasher.combine(menu.map(ObjectIdentifier.init))
            hasher.combine(isEnabled)
            hasher.combine(role)
        }
    }
}
