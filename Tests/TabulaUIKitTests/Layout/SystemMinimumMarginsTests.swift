import Foundation
import Testing
@testable import TabulaUIKit
import TabulaUIKitTestSupport

/// A controller that counts what it is told about its root view's margins.
@MainActor
private final class MarginsController: UIViewController {
    var loaded = false
    var marginChanges: [UIEdgeInsets] = []
    var changesBeforeLoad = 0

    override func viewDidLoad() {
        super.viewDidLoad()
        loaded = true
    }

    override func viewLayoutMarginsDidChange() {
        super.viewLayoutMarginsDidChange()
        if !loaded { changesBeforeLoad += 1 }
        marginChanges.append(view.layoutMargins)
    }
}

@MainActor
@Suite("A view controller's root view keeps the system's minimum margins, as in UIKit")
struct SystemMinimumMarginsTests {
    /// A window on `screen` showing `controller`, with a label pinned to the root view's
    /// margins guide at the top.
    private func show(_ controller: UIViewController, on screen: HeadlessScreen) -> UILabel {
        let window = UIWindow(frame: .zero)
        window.rootViewController = controller
        screen.show(window)
        let label = UILabel()
        label.text = "Title"
        label.translatesAutoresizingMaskIntoConstraints = false
        controller.view.addSubview(label)
        NSLayoutConstraint.activate([
            label.leadingAnchor.constraint(equalTo: controller.view.layoutMarginsGuide.leadingAnchor),
            label.trailingAnchor.constraint(equalTo: controller.view.layoutMarginsGuide.trailingAnchor),
            label.topAnchor.constraint(equalTo: controller.view.layoutMarginsGuide.topAnchor),
        ])
        screen.advance(by: 0.05)
        return label
    }

    @Test("on an iPhone the root view's margins are 16 points at the sides and none above and below; its subviews keep 8")
    func iPhoneRootMargins() {
        let screen = HeadlessScreen(device: .iPhone15)
        let controller = MarginsController()
        let label = show(controller, on: screen)
        #expect(controller.systemMinimumLayoutMargins == NSDirectionalEdgeInsets(top: 0, leading: 16, bottom: 0, trailing: 16))
        #expect(controller.view.directionalLayoutMargins == NSDirectionalEdgeInsets(top: 0, leading: 16, bottom: 0, trailing: 16))
        #expect(label.frame.minX == 16 && label.frame.maxX == 393 - 16, "the label lines up with a large title's 16 points")
        #expect(label.frame.minY == 59, "the margins guide's top is the safe area's")
        let inner = UIView(frame: CGRect(x: 0, y: 100, width: 200, height: 100))
        controller.view.addSubview(inner)
        #expect(inner.layoutMargins == UIEdgeInsets(top: 8, left: 8, bottom: 8, right: 8))
        #expect(controller.changesBeforeLoad == 0, "the controller hears of its margins only once its view has loaded")
    }

    @Test("margins assigned to the root view are raised to the minimum, edge by edge, until the controller stops respecting it")
    func assignedMargins() {
        let screen = HeadlessScreen(device: .iPhone15)
        let controller = MarginsController()
        let label = show(controller, on: screen)
        controller.marginChanges = []
        controller.view.directionalLayoutMargins = NSDirectionalEdgeInsets(top: 4, leading: 4, bottom: 4, trailing: 30)
        #expect(controller.view.layoutMargins == UIEdgeInsets(top: 4, left: 16, bottom: 4, right: 30))
        screen.advance(by: 0.05)
        #expect(label.frame.minX == 16 && label.frame.maxX == 393 - 30 && label.frame.minY == 59 + 4)

        controller.viewRespectsSystemMinimumLayoutMargins = false
        #expect(controller.view.layoutMargins == UIEdgeInsets(top: 4, left: 4, bottom: 4, right: 30))
        screen.advance(by: 0.05)
        #expect(label.frame.minX == 4, "without the minimum, the assigned margins hold")
        controller.view.layoutMargins = .zero
        screen.advance(by: 0.05)
        #expect(label.frame.minX == 0 && label.frame.maxX == 393, "zero margins put the label at the safe area's edges")
        #expect(controller.marginChanges == [
            UIEdgeInsets(top: 4, left: 16, bottom: 4, right: 30),
            UIEdgeInsets(top: 4, left: 4, bottom: 4, right: 30),
            .zero,
        ], "viewLayoutMarginsDidChange once for each change, with the margins in effect")

        controller.viewRespectsSystemMinimumLayoutMargins = true
        #expect(controller.view.layoutMargins == UIEdgeInsets(top: 0, left: 16, bottom: 0, right: 16))
    }

    @Test("an iPad's regular width gives 20 points; a view that stops being a root view gets its own margins back")
    func regularWidthAndLeavingController() {
        let screen = HeadlessScreen(device: .iPadPro11)
        let controller = UIViewController()
        let label = show(controller, on: screen)
        #expect(controller.traitCollection.horizontalSizeClass == .regular)
        #expect(controller.view.directionalLayoutMargins.leading == 20)
        #expect(label.frame.minX == 20)

        let view = controller.view!
        controller.view = UIView()
        #expect(view.layoutMargins == UIEdgeInsets(top: 8, left: 8, bottom: 8, right: 8),
                "no longer a root view, it has a plain view's margins")
        #expect(controller.view.directionalLayoutMargins == controller.systemMinimumLayoutMargins,
                "the new root view takes the minimum")
    }

    @Test("setting viewRespectsSystemMinimumLayoutMargins before the view loads does not load it, and counts when it does")
    func beforeLoading() {
        let controller = MarginsController()
        controller.viewRespectsSystemMinimumLayoutMargins = false
        #expect(!controller.isViewLoaded)
        _ = controller.systemMinimumLayoutMargins
        #expect(!controller.isViewLoaded, "reading the minimum does not load the view either")
        controller.view.layoutMargins = UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4)
        #expect(controller.view.layoutMargins == UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4))
        #expect(controller.changesBeforeLoad == 0)
    }
}
