import Foundation

/// A visual effect: a ``UIBlurEffect`` or a ``UIVibrancyEffect``, given to a
/// ``UIVisualEffectView``.
@preconcurrency @MainActor
open class UIVisualEffect: NSObject, NSCopying {
    public override init() { super.init() }

    /// Effects are immutable: a copy is the effect itself.
    nonisolated public func copy(with zone: NSZone? = nil) -> Any { self }
}

/// A blur of what lies behind a ``UIVisualEffectView``, tinted by a material.
///
/// Tabula blurs the pixels behind the view for real (a Gaussian blur, computed at a
/// reduced resolution so that its cost does not grow with the radius), saturates their
/// colours, and lays the style's tint over them. The radius and tint of each style are
/// Tabula's own estimates of iOS 17's look, not Apple's values.
@preconcurrency @MainActor
open class UIBlurEffect: UIVisualEffect {
    /// The styles of blur: adaptable materials that follow the light or dark appearance,
    /// the same materials always light or always dark, and the older styles.
    public enum Style: Int, Sendable, CaseIterable {
        /// Much lighter than what lies behind: always light.
        case extraLight = 0
        /// About as light as what lies behind: a thin light material.
        case light = 1
        /// Darker than what lies behind: always dark.
        case dark = 2
        /// The regular material, light or dark with the appearance.
        case regular = 4
        /// A thicker material, light or dark with the appearance.
        case prominent = 5
        /// The thinnest material: the most of the backdrop shows; follows the appearance.
        case systemUltraThinMaterial = 6
        /// A thin material; follows the appearance.
        case systemThinMaterial = 7
        /// The material of normal thickness; follows the appearance.
        case systemMaterial = 8
        /// A thick material: the least of the backdrop shows; follows the appearance.
        case systemThickMaterial = 9
        /// The material of the system's chrome (bars); follows the appearance.
        case systemChromeMaterial = 10
        /// The thinnest material: the most of the backdrop shows; always light.
        case systemUltraThinMaterialLight = 11
        /// A thin material; always light.
        case systemThinMaterialLight = 12
        /// The material of normal thickness; always light.
        case systemMaterialLight = 13
        /// A thick material: the least of the backdrop shows; always light.
        case systemThickMaterialLight = 14
        /// The material of the system's chrome (bars); always light.
        case systemChromeMaterialLight = 15
        /// The thinnest material: the most of the backdrop shows; always dark.
        case systemUltraThinMaterialDark = 16
        /// A thin material; always dark.
        case systemThinMaterialDark = 17
        /// The material of normal thickness; always dark.
        case systemMaterialDark = 18
        /// A thick material: the least of the backdrop shows; always dark.
        case systemThickMaterialDark = 19
        /// The material of the system's chrome (bars); always dark.
        case systemChromeMaterialDark = 20
    }

    /// The style this effect was made with.
    let style: Style

    /// A blur effect of `style`.
    public init(style: Style) {
        self.style = style
        super.init()
    }

    /// The material's thickness and its pinned appearance (nil: follows the traits).
    private var material: (thickness: Thickness, pinned: UIUserInterfaceStyle?) {
        switch style {
        case .extraLight: (.extraLight, .light)
        case .light: (.thin, .light)
        case .dark: (.regular, .dark)
        case .regular: (.regular, nil)
        case .prominent: (.thick, nil)
        case .systemUltraThinMaterial: (.ultraThin, nil)
        case .systemThinMaterial: (.thin, nil)
        case .systemMaterial: (.regular, nil)
        case .systemThickMaterial: (.thick, nil)
        case .systemChromeMaterial: (.chrome, nil)
        case .systemUltraThinMaterialLight: (.ultraThin, .light)
        case .systemThinMaterialLight: (.thin, .light)
        case .systemMaterialLight: (.regular, .light)
        case .systemThickMaterialLight: (.thick, .light)
        case .systemChromeMaterialLight: (.chrome, .light)
        case .systemUltraThinMaterialDark: (.ultraThin, .dark)
        case .systemThinMaterialDark: (.thin, .dark)
        case .systemMaterialDark: (.regular, .dark)
        case .systemThickMaterialDark: (.thick, .dark)
        case .systemChromeMaterialDark: (.chrome, .dark)
        }
    }

    private enum Thickness {
        case ultraThin, thin, regular, thick, chrome, extraLight

        /// The blur's standard deviation, in points.
        var radius: CGFloat {
            switch self {
            case .ultraThin: 10
            case .thin: 14
            case .regular, .chrome, .extraLight: 18
            case .thick: 22
            }
        }

        /// How much of the tint lies over the blurred backdrop, light and dark.
        var coverage: (light: CGFloat, dark: CGFloat) {
            switch self {
            case .ultraThin: (0.32, 0.38)
            case .thin: (0.55, 0.6)
            case .regular: (0.72, 0.72)
            case .thick: (0.86, 0.86)
            case .chrome: (0.78, 0.8)
            case .extraLight: (0.82, 0.72)
            }
        }
    }

    /// What the compositor draws behind the tint.
    var backdrop: BackdropMaterial {
        BackdropMaterial(blurRadius: material.thickness.radius, saturation: 1.8)
    }

    /// The tint laid over the blur, resolved for the traits (or the pinned appearance).
    var tint: UIColor {
        let (thickness, pinned) = material
        return UIColor { traits in
            let dark = (pinned ?? traits.userInterfaceStyle) == .dark
            let coverage = thickness.coverage
            return dark ? UIColor(white: 0.11, alpha: coverage.dark)
                : UIColor(red: 0.98, green: 0.98, blue: 0.98, alpha: coverage.light)
        }
    }
}

/// How strongly vibrant content in a ``UIVisualEffectView`` shows, as the label and fill
/// colours of the system rank it.
public enum UIVibrancyEffectStyle: Int, Sendable, CaseIterable {
    /// The strength of primary text.
    case label
    /// The strength of secondary text.
    case secondaryLabel
    /// The strength of tertiary text.
    case tertiaryLabel
    /// The strength of quaternary text.
    case quaternaryLabel
    /// The strength of a fill for thin shapes.
    case fill
    /// The strength of a fill for medium shapes.
    case secondaryFill
    /// The strength of a fill for large shapes.
    case tertiaryFill
    /// The strength of a separator.
    case separator
}

/// Vibrancy for content laid over a blur: the content of the effect view's
/// ``UIVisualEffectView/contentView`` shows through at the style's strength.
///
/// A difference from iOS: Tabula does not mix the content's colours with the backdrop;
/// it draws the content at the style's opacity (label 1, secondary label 0.6, tertiary
/// 0.3, quaternary 0.18, fills 0.2–0.12, separator 0.3).
@preconcurrency @MainActor
open class UIVibrancyEffect: UIVisualEffect {
    /// The blur the vibrant content sits on.
    let blurEffect: UIBlurEffect
    /// How strongly the content shows.
    let style: UIVibrancyEffectStyle

    /// Vibrancy for content over `blurEffect`, at the label's strength.
    public convenience init(blurEffect: UIBlurEffect) {
        self.init(blurEffect: blurEffect, style: .label)
    }

    /// Vibrancy for content over `blurEffect`, at the strength of `style`.
    public init(blurEffect: UIBlurEffect, style: UIVibrancyEffectStyle) {
        self.blurEffect = blurEffect
        self.style = style
        super.init()
    }

    /// The opacity of the content.
    var contentAlpha: CGFloat {
        switch style {
        case .label: 1
        case .secondaryLabel: 0.6
        case .tertiaryLabel, .separator: 0.3
        case .quaternaryLabel: 0.18
        case .fill: 0.2
        case .secondaryFill: 0.16
        case .tertiaryFill: 0.12
        }
    }
}

/// A view that blurs what lies behind it (``UIBlurEffect``) or shows its content vibrantly
/// over a blur (``UIVibrancyEffect``). Add subviews to ``contentView``, not to the effect
/// view itself.
///
/// The blur is real: the compositor reads back what was drawn behind the view in the
/// frame, blurs it with the style's radius, saturates it and lays the style's tint over
/// it, every frame, so it follows scrolling and animation behind it. Dark mode changes the
/// tint of the adaptable styles. As in UIKit, an alpha below 1 fades the whole effect.
@preconcurrency @MainActor
open class UIVisualEffectView: UIView {
    /// The view holding what is shown over the effect.
    public let contentView = UIView(frame: .zero)
    /// The blurred backdrop and tint, under ``contentView``.
    private let backdropView = UIView(frame: .zero)

    /// The effect: a ``UIBlurEffect``, a ``UIVibrancyEffect``, or nil for none (the
    /// content alone shows).
    @NSCopying open var effect: UIVisualEffect? {
        didSet { applyEffect() }
    }

    /// A view with `effect`.
    public init(effect: UIVisualEffect?) {
        self.effect = effect
        super.init(frame: .zero)
        setUpLayers()
    }

    private func setUpLayers() {
        for view in [backdropView, contentView] {
            view.frame = bounds
            view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            addSubview(view)
        }
        backdropView.isUserInteractionEnabled = false
        applyEffect()
    }

    /// A view with no effect in `frame`, as UIKit's inherited `init(frame:)` makes one; set
    /// ``effect`` later.
    public override convenience init(frame: CGRect) {
        self.init(effect: nil)
        self.frame = frame
    }

    /// Creates the view from a storyboard or nib, as ``UIView/init(coder:)`` does: the file's
    /// effect (none unless it names one) and properties are set before it returns, so that a
    /// subclass in a file is made.
    public required init?(coder: NSCoder) {
        effect = nil
        super.init(coder: coder)
        setUpLayers()
        InterfaceBuilderCoder.decode(coder, into: self, at: UIVisualEffectView.self)
    }

    /// Shows the effect: the blur and tint of a blur effect on the backdrop view, the
    /// strength of a vibrancy effect on the content.
    private func applyEffect() {
        switch effect {
        case let blur as UIBlurEffect:
            backdropView.layer.backdropMaterial = blur.backdrop
            backdropView.backgroundColor = blur.tint
            contentView.alpha = 1
        case let vibrancy as UIVibrancyEffect:
            backdropView.layer.backdropMaterial = nil
            backdropView.backgroundColor = nil
            contentView.alpha = vibrancy.contentAlpha
        default:
            backdropView.layer.backdropMaterial = nil
            backdropView.backgroundColor = nil
            contentView.alpha = 1
        }
    }

    /// Keeps the effect's views at the back, so subviews added to the effect view itself
    /// (against the advice) still show over the blur.
    open override func didAddSubview(_ subview: UIView) {
        super.didAddSubview(subview)
        if subview !== backdropView, subview !== contentView, backdropView.superview === self {
            sendSubviewToBack(backdropView)
        }
    }
}
