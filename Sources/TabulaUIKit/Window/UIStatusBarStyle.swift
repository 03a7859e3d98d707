/// The look of the status bar's text and symbols.
public enum UIStatusBarStyle: Int, Sendable {
    /// Dark or light to contrast with the interface style (dark content in light mode).
    case `default` = 0
    /// Light content, for dark backgrounds.
    case lightContent = 1
    /// Dark content, for light backgrounds.
    case darkContent = 3
}
