import Foundation

// Misuse of configurations — a configuration of the wrong type for a content view,
// margins or paddings that are negative or not finite — is reported by the content view
// (`reportProblem`): to its screen, or, on no screen, to the handler of reports that
// belong to no screen. The view goes on with a usable value and says so once, naming the
// property and the value.

/// Replaces `value` with `fallback` when it is not finite or is negative, noting a
/// sentence that names `name` and the value.
func replaceUnusable(_ value: inout CGFloat, _ name: String, fallback: CGFloat, noting problems: inout [String]) {
    guard !value.isFinite || value < 0 else { return }
    problems.append("\(name) is \(value); it must be finite and at least 0. \(fallback) is used.")
    value = fallback
}

extension UIListContentConfiguration {
    /// This configuration with every unusable number replaced by a usable one, and a
    /// sentence for each replacement.
    func sanitized() -> (UIListContentConfiguration, [String]) {
        var c = self
        var problems: [String] = []
        func fix(_ value: inout CGFloat, _ name: String, fallback: CGFloat) {
            replaceUnusable(&value, "UIListContentConfiguration.\(name)", fallback: fallback, noting: &problems)
        }
        fix(&c.directionalLayoutMargins.top, "directionalLayoutMargins.top", fallback: 0)
        fix(&c.directionalLayoutMargins.leading, "directionalLayoutMargins.leading", fallback: 0)
        fix(&c.directionalLayoutMargins.bottom, "directionalLayoutMargins.bottom", fallback: 0)
        fix(&c.directionalLayoutMargins.trailing, "directionalLayoutMargins.trailing", fallback: 0)
        fix(&c.imageToTextPadding, "imageToTextPadding", fallback: 0)
        fix(&c.textToSecondaryTextHorizontalPadding, "textToSecondaryTextHorizontalPadding", fallback: 0)
        fix(&c.textToSecondaryTextVerticalPadding, "textToSecondaryTextVerticalPadding", fallback: 0)
        fix(&c.imageProperties.cornerRadius, "imageProperties.cornerRadius", fallback: 0)
        fix(&c.imageProperties.maximumSize.width, "imageProperties.maximumSize.width", fallback: 0)
        fix(&c.imageProperties.maximumSize.height, "imageProperties.maximumSize.height", fallback: 0)
        if !c.alpha.isFinite || c.alpha < 0 || c.alpha > 1 {
            let used: CGFloat = c.alpha.isFinite ? min(max(c.alpha, 0), 1) : 1
            problems.append("UIListContentConfiguration.alpha is \(c.alpha); it must be between 0 and 1. \(used) is used.")
            c.alpha = used
        }
        for (keyPath, name) in [(\UIListContentConfiguration.textProperties, "textProperties"),
                                (\UIListContentConfiguration.secondaryTextProperties, "secondaryTextProperties")] {
            if c[keyPath: keyPath].numberOfLines < 0 {
                problems.append("UIListContentConfiguration.\(name).numberOfLines is \(c[keyPath: keyPath].numberOfLines); "
                                + "it must be at least 0 (0: no limit). 0 is used.")
                c[keyPath: keyPath].numberOfLines = 0
            }
        }
        return (c, problems)
    }
}

extension UIContentUnavailableConfiguration {
    /// This configuration with every unusable number replaced by a usable one (margins,
    /// paddings, the image's corner radius and maximum size: 0; a negative number of
    /// lines: 0, no limit), and a sentence for each replacement.
    func sanitized() -> (UIContentUnavailableConfiguration, [String]) {
        var c = self
        var problems: [String] = []
        func fix(_ value: inout CGFloat, _ name: String) {
            replaceUnusable(&value, "UIContentUnavailableConfiguration.\(name)", fallback: 0, noting: &problems)
        }
        fix(&c.directionalLayoutMargins.top, "directionalLayoutMargins.top")
        fix(&c.directionalLayoutMargins.leading, "directionalLayoutMargins.leading")
        fix(&c.directionalLayoutMargins.bottom, "directionalLayoutMargins.bottom")
        fix(&c.directionalLayoutMargins.trailing, "directionalLayoutMargins.trailing")
        fix(&c.imageToTextPadding, "imageToTextPadding")
        fix(&c.textToSecondaryTextPadding, "textToSecondaryTextPadding")
        fix(&c.textToButtonPadding, "textToButtonPadding")
        fix(&c.buttonToSecondaryButtonPadding, "buttonToSecondaryButtonPadding")
        fix(&c.imageProperties.cornerRadius, "imageProperties.cornerRadius")
        fix(&c.imageProperties.maximumSize.width, "imageProperties.maximumSize.width")
        fix(&c.imageProperties.maximumSize.height, "imageProperties.maximumSize.height")
        for (keyPath, name) in [(\UIContentUnavailableConfiguration.textProperties, "textProperties"),
                                (\UIContentUnavailableConfiguration.secondaryTextProperties, "secondaryTextProperties")] {
            if c[keyPath: keyPath].numberOfLines < 0 {
                problems.append("UIContentUnavailableConfiguration.\(name).numberOfLines is \(c[keyPath: keyPath].numberOfLines); "
                                + "it must be at least 0 (0: no limit). 0 is used.")
                c[keyPath: keyPath].numberOfLines = 0
            }
        }
        return (c, problems)
    }
}
