import Foundation
import Testing
@testable import TabulaUIKit
import TabulaUIKitTestSupport

/// Careless app code against navigation controllers mid-transition: a call made while a
/// push or pop is still sliding gets a defined outcome, and only real misuse is reported.
@MainActor
@Suite("Careless code: navigation mid-transition", .serialized)
struct CarelessNavigationTests {
    @Test("pushing again the controller a presented navigation controller is popping ends with it on top, unreported",
          arguments: [true, false])
    func pushWhilePopping(presented: Bool) {
        let screen = HeadlessScreen(size: CGSize(width: 320, height: 480))
        var reports: [String] = []
        screen.onReport = { reports.append($0) }
        let host = screen.showPlainRoot()
        let root = UIViewController(), page = UIViewController()
        let nav = UINavigationController(rootViewController: root)
        if presented {
            host.present(nav, animated: false)
        } else {
            host.addChild(nav)
            host.view.addSubview(nav.view)
            nav.view.frame = host.view.bounds
            nav.didMove(toParent: host)
        }
        screen.advance(by: 0.5)
        nav.pushViewController(page, animated: true)
        screen.advance(by: 0.5)
        nav.popViewController(animated: true)
        screen.advance(by: 0.1)
        nav.pushViewController(page, animated: true)
        screen.advance(by: 1)
        #expect(nav.viewControllers == [root, page])
        #expect(nav.topViewController?.view.window != nil)
        #expect(reports.isEmpty, "\(reports)")
    }
}
