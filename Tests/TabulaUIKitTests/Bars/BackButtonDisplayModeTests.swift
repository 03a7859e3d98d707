import Foundation
import Testing
@testable import TabulaUIKit
import TabulaUIKitTestSupport

@MainActor
@Suite("The back button's title: backButtonDisplayMode, and room beside the title")
struct BackButtonDisplayModeTests {
    /// A navigation controller on an iPhone 15 showing a screen titled `rootTitle`, with a
    /// screen titled `topTitle` pushed on it; returns the back button and the root's item.
    private func pushed(rootTitle: String, topTitle: String, configure: (UINavigationItem) -> Void = { _ in })
        -> (HeadlessScreen, UINavigationController, UIViewController) {
        let screen = HeadlessScreen(device: .iPhone15)
        let root = UIViewController()
        root.title = rootTitle
        configure(root.navigationItem)
        let nav = UINavigationController(rootViewController: root)
        let window = UIWindow(frame: .zero)
        window.rootViewController = nav
        screen.show(window)
        let top = UIViewController()
        top.title = topTitle
        nav.pushViewController(top, animated: true)
        screen.advance(by: 0.6)
        return (screen, nav, root)
    }

    private func backButton(_ nav: UINavigationController) -> BarButtonView? {
        nav.navigationBar.subviews.compactMap { $0 as? UINavigationBar.ContentView }.last?.backButton
    }

    @Test("by default the previous title shows; one too long for the room beside the title becomes Back")
    func defaultModeFallsBack() throws {
        let (_, nav, _) = pushed(rootTitle: "Mail", topTitle: "Inbox")
        #expect(backButton(nav)?.label.text == "Mail")
        let (_, longNav, _) = pushed(rootTitle: "All the Mailboxes of Every Account", topTitle: "Inbox")
        let back = try #require(backButton(longNav))
        #expect(back.label.text == "Back")
        let title = try #require(longNav.navigationBar.subviews.compactMap { $0 as? UINavigationBar.ContentView }.last?.titleLabel)
        #expect(back.frame.maxX + 8 <= title.frame.minX, "the back button ends before the title: \(back.frame) \(title.frame)")
    }

    @Test("generic shows Back whatever the titles; minimal shows the chevron alone, still a button named Back")
    func genericAndMinimal() throws {
        let (_, nav, _) = pushed(rootTitle: "Mail", topTitle: "Inbox") { $0.backButtonDisplayMode = .generic }
        #expect(backButton(nav)?.label.text == "Back")
        let (screen, minimalNav, _) = pushed(rootTitle: "Mail", topTitle: "Inbox") {
            $0.backButtonDisplayMode = .minimal
            $0.backButtonTitle = "Ignored"
        }
        let back = try #require(backButton(minimalNav))
        #expect(back.label.text == "")
        #expect(back.frame.width == BarButtonView.chevronWidth)
        try screen.element(labelled: "Back").tap()
        screen.advance(by: 0.6)
        #expect(minimalNav.viewControllers.count == 1, "the chevron alone still goes back")
    }

    @Test("a back bar button item's title wins over the display mode")
    func backBarButtonItemWins() {
        let (_, nav, _) = pushed(rootTitle: "Mail", topTitle: "Inbox") {
            $0.backButtonDisplayMode = .minimal
            $0.backBarButtonItem = UIBarButtonItem(title: "Boxes")
        }
        #expect(backButton(nav)?.label.text == "Boxes")
    }

    @Test("changing the mode of the item below updates the bar")
    func changeUpdatesBar() {
        let (screen, nav, root) = pushed(rootTitle: "Mail", topTitle: "Inbox")
        #expect(backButton(nav)?.label.text == "Mail")
        root.navigationItem.backButtonDisplayMode = .generic
        screen.advance(by: 0.1)
        #expect(backButton(nav)?.label.text == "Back")
    }
}
