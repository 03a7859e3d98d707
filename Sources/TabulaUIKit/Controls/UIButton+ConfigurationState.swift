import Foundation

extension UIButton.Configuration {
    /// Returns a copy of the configuration updated for `button`'s state: the values the
    /// button draws with. As Apple documents, values you set are kept and default values
    /// follow the state:
    ///
    /// - ``baseForegroundColor``, when you left it nil, becomes the style's foreground
    ///   colour for the state: the tint colour (white on a filled background), system grey
    ///   while disabled, and for the plain styles at 20% opacity while highlighted.
    /// - `background.backgroundColor`, when you set none, becomes the style's background
    ///   colour for the state (made from ``baseBackgroundColor``; a faint grey while
    ///   disabled, whatever the base colour).
    /// - While the button is highlighted, the background's colour, yours or the style's,
    ///   is darkened (lightened in the dark appearance) through
    ///   `background.backgroundColorTransformer`, unless you set a transformer of your
    ///   own. Read the colour drawn with
    ///   `background.resolvedBackgroundColor(for: button.tintColor)`.
    ///
    /// Updating the result again for another state replaces these defaults, so storing it
    /// in ``UIButton/configuration`` does not fix the button in one state. The corner
    /// radius is left as you set it; ``cornerStyle`` applies when the button draws.
    ///
    /// - Parameter button: The button whose state, tint colour and traits to use.
    /// - Returns: The configuration for `button`'s current state.
    @MainActor
    public func updated(for button: UIButton) -> UIButton.Configuration {
        updated(highlighted: button.isHighlighted, enabled: button.isEnabled, tint: button.tintColor,
                dimsForegroundColor: true)
    }

    /// How much a highlighted background changes. Apple gives no number; this is close to
    /// how pressed iOS 17 buttons look: see ``highlightTransformer``.
    static let highlightAmount: CGFloat = 0.15

    /// A highlighted background: more opaque (by 15% of the transparency left) and darker
    /// (lighter in the dark appearance: 15% of the way towards black or white, in
    /// proportion to its opacity). A filled background becomes a deeper shade, a tinted
    /// or grey one a stronger tint rather than a muddy grey. A clear colour stays clear
    /// (a plain button shows no pressed background). Resolved per appearance.
    static let highlightTransformer = UIConfigurationColorTransformer(named: "button-highlight") { color in
        UIColor { traits in
            let c = color.resolvedColor(with: traits).cgColor
            guard c.alpha > 0 else { return UIColor(cgColor: c) }
            let target: Double = traits.userInterfaceStyle == .dark ? 1 : 0
            let amount = Double(UIButton.Configuration.highlightAmount)
            let shift = amount * c.alpha
            func shade(_ v: Double) -> CGFloat { CGFloat(v + (target - v) * shift) }
            return UIColor(red: shade(c.red), green: shade(c.green), blue: shade(c.blue),
                           alpha: CGFloat(c.alpha + (1 - c.alpha) * amount))
        }
    }

    /// This configuration for a button in the given state with tint colour `tint`; see
    /// `updated(for:)`. The button itself passes `dimsForegroundColor: false`: it dims a
    /// plain button's content by opacity, so that it can fade back when released.
    func updated(highlighted: Bool, enabled: Bool, tint: UIColor, dimsForegroundColor: Bool) -> Self {
        var copy = self
        if storedBaseForegroundColor == nil || foregroundIsStateDefault {
            var foreground = styleForegroundColor(tint: tint, enabled: enabled)
            if highlighted && enabled && dimsForegroundColor && !hasStyleBackground {
                foreground = foreground.withAlphaComponent(UIButton.highlightedAlpha)
            }
            copy.storedBaseForegroundColor = foreground
            copy.foregroundIsStateDefault = true
        }
        if !background.hasCustomBackgroundColor {
            // Not `backgroundColor`'s setter: the style's colour stays a default.
            copy.background.storedBackgroundColor = styleBackgroundColor(tint: tint, enabled: enabled)
        }
        let transformer = background.backgroundColorTransformer
        if transformer == nil || transformer == Self.highlightTransformer {
            copy.background.backgroundColorTransformer = highlighted && enabled ? Self.highlightTransformer : nil
        }
        return copy
    }
}

extension UIBackgroundConfiguration {
    /// Whether the app set a background colour (a nil one asks for the default).
    var hasCustomBackgroundColor: Bool { backgroundColorIsCustomized && storedBackgroundColor != nil }
}
