import Foundation
import Testing
@testable import TabulaUIKit

/// A navigation bar of the app's own, as apps give one to a navigation controller.
private final class TintedBar: UINavigationBar, ConstructibleView {
    override init(frame: CGRect) {
        super.init(frame: frame)
        tintColor = .systemPink
    }
    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
}

private final class ThinToolbar: UIToolbar, ConstructibleView {}

/// A bar class that does not say it can be made from its class.
private class PlainBar: UINavigationBar {}

/// `UINavigationController(navigationBarClass:toolbarClass:)` (port trial S, MVCTodo).
@MainActor
@Suite("Custom bar classes")
struct CustomBarClassTests {
    @Test("the bars are of the classes given, set up by their init(frame:), and show the stack's titles; nil gives the standard bars")
    func customBars() throws {
        let screen = HeadlessScreen(device: .iPhone15)
        let navigation = UINavigationController(navigationBarClass: TintedBar.self, toolbarClass: ThinToolbar.self)
        #expect(navigation.navigationBar is TintedBar && navigation.toolbar is ThinToolbar)
        #expect(navigation.navigationBar.tintColor == .systemPink)
        let list = UIViewController()
        list.title = "Lists"
        navigation.pushViewController(list, animated: false)
        let window = UIWindow(frame: .zero)
        window.rootViewController = navigation
        screen.show(window)
        screen.advance(by: 0.1)
        #expect(navigation.topViewController === list)
        #expect(try screen.headers["Lists"].frame.maxY <= navigation.navigationBar.frame.maxY)
        let standard = UINavigationController(navigationBarClass: nil, toolbarClass: nil)
        #expect(type(of: standard.navigationBar) == UINavigationBar.self && type(of: standard.toolbar!) == UIToolbar.self)
    }

    @Test("a class that cannot be made from its class, or is not a bar, is reported and the standard bar used")
    func unusableClasses() {
        var reports: [String] = []
        let saved = UIViewController.onInvalidUse
        UIViewController.onInvalidUse = { reports.append($0) }
        defer { UIViewController.onInvalidUse = saved }
        let plain = UINavigationController(navigationBarClass: PlainBar.self, toolbarClass: UILabel.self)
        #expect(type(of: plain.navigationBar) == UINavigationBar.self && type(of: plain.toolbar!) == UIToolbar.self)
        #expect(reports.count == 2)
        #expect(reports.first?.contains("PlainBar cannot be made from its class without the Objective-C runtime") == true)
        #expect(reports.last?.contains("toolbarClass") == true && reports.last?.contains("is not a subclass of UIToolbar") == true)
    }
}
