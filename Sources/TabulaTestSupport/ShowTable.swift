import Foundation
import Tabula

/// A headless screen of `size` points (390×844 by default) at `scale` showing `table`
/// full screen, in a window whose root view controller holds it, laid out and drawn
/// once (one frame advanced).
@MainActor
public func showTable(_ table: UITableView, scale: CGFloat = 1, size: CGSize = CGSize(width: 390, height: 844))
    -> HeadlessScreen {
    let screen = HeadlessScreen(size: size, scale: scale)
    let window = UIWindow(frame: .zero)
    let controller = UIViewController()
    window.rootViewController = controller
    screen.show(window)
    table.frame = CGRect(origin: .zero, size: size)
    controller.view.addSubview(table)
    screen.advance(by: 1.0 / 60)
    return screen
}
