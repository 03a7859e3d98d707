import Foundation
import TabulaUIKit

/// A window on a small screen with a white root view, ready for subviews.
@MainActor
package func makeScreen(width: CGFloat = 160, height: CGFloat = 120, scale: CGFloat = 2) -> (HeadlessScreen, UIView) {
    let screen = HeadlessScreen(size: CGSize(width: width, height: height), scale: scale)
    let window = UIWindow(frame: .zero)
    let root = UIViewController()
    window.rootViewController = root
    screen.show(window)
    root.view.backgroundColor = .white
    return (screen, root.view)
}

extension HeadlessScreen {
    /// Shows a window whose root is a plain view controller with the system background,
    /// runs the first frames, and returns the controller (to present from, or add views to).
    @discardableResult
    package func showPlainRoot() -> UIViewController {
        let root = UIViewController()
        root.view.backgroundColor = .systemBackground
        let window = UIWindow(frame: .zero)
        window.rootViewController = root
        show(window)
        advance(by: 0.1)
        return root
    }

    /// Shows `views` directly in a window with the system background, and returns the
    /// window (frames run as the test advances the screen).
    @discardableResult
    package func showInWindow(_ views: [UIView]) -> UIWindow {
        let window = UIWindow(frame: .zero)
        window.backgroundColor = .systemBackground
        for view in views { window.addSubview(view) }
        show(window)
        return window
    }
}
