import Foundation
import Testing
@testable import TabulaUIKit
import TabulaUIKitTestSupport
import TabulaUIKit

/// An app's own activity: acts on strings only, records what the sheet asks of it.
@MainActor
private final class ShoutActivity: UIActivity {
    var log: [String] = []
    var screen: UIViewController?
    override var activityType: UIActivity.ActivityType? { UIActivity.ActivityType("org.tabula.shout") }
    override var activityTitle: String? { "Shout" }
    override var activityImage: UIImage? { UIImage(systemName: "megaphone") }
    override func canPerform(withActivityItems activityItems: [Any]) -> Bool { activityItems.contains { $0 is String } }
    override func prepare(withActivityItems activityItems: [Any]) { log.append("prepare \(activityItems.count)") }
    override var activityViewController: UIViewController? { screen }
    override func perform() {
        log.append("perform")
        activityDidFinish(true)
    }
}

@Suite("The share sheet: Copy, the app's activities, the completion handler")
@MainActor
struct ActivityViewControllerTests {
    let screen = HeadlessScreen(device: .iPhone15)
    let root = UIViewController()

    init() {
        let window = UIWindow(frame: .zero)
        window.rootViewController = root
        screen.show(window)
    }

    /// Presents a share sheet for `items` and lets it settle; returns the handler's calls.
    func share(_ items: [Any], activities: [UIActivity]? = nil, excluding excluded: [UIActivity.ActivityType]? = nil)
        -> (UIActivityViewController, Calls) {
        let sheet = UIActivityViewController(activityItems: items, applicationActivities: activities)
        sheet.excludedActivityTypes = excluded
        let calls = Calls()
        sheet.completionWithItemsHandler = { type, completed, returned, error in
            calls.entries.append("\(type?.rawValue ?? "nil") \(completed) \(returned == nil) \(error == nil)")
        }
        root.present(sheet, animated: true)
        screen.advance(by: 0.6)
        return (sheet, calls)
    }

    final class Calls { var entries: [String] = [] }

    @Test("Copy puts the strings and URLs on the pasteboard, closes the sheet, and tells the handler once")
    func copy() throws {
        let link = try #require(URL(string: "https://example.org/tables"))
        let (sheet, calls) = share(["Tables on Linux", link, 42])
        #expect(root.presentedViewController === sheet)
        #expect(sheet.sheetPresentationController?.detents.map(\.identifier) == [.medium, .large])
        try screen.element(labelled: "Copy").tap()
        screen.advance(by: 0.6)
        #expect(UIPasteboard.general.strings == ["Tables on Linux", "https://example.org/tables"])
        #expect(root.presentedViewController == nil, "the sheet closed")
        #expect(calls.entries == ["com.apple.UIKit.activity.CopyToPasteboard true true true"])
    }

    @Test("the app's activity is listed when it can act on the items, not when excluded; picked, it is prepared, performed and reported")
    func applicationActivity() throws {
        let shout = ShoutActivity()
        var (sheet, calls) = share(["hello"], activities: [shout])
        #expect(sheet.offered.map(\.title) == ["Copy", "Shout"])
        try screen.element(labelled: "Shout").tap()
        screen.advance(by: 0.8)
        #expect(shout.log == ["prepare 1", "perform"])
        #expect(root.presentedViewController == nil)
        #expect(calls.entries == ["org.tabula.shout true true true"])

        (sheet, calls) = share([URL(string: "https://example.org")!], activities: [shout])
        #expect(sheet.offered.map(\.title) == ["Copy"], "Shout cannot act on a URL")
        sheet.excludedActivityTypes = [.copyToPasteboard]
        #expect(sheet.offered.isEmpty)
        #expect(screen.elements(labelled: "Copy").isEmpty, "the rows follow the exclusions")
    }

    @Test("an activity with a screen of its own: the sheet presents it, and both close when the activity finishes")
    func activityWithItsOwnScreen() throws {
        let shout = ShoutActivity()
        let compose = UIViewController()
        shout.screen = compose
        let (sheet, calls) = share(["hello"], activities: [shout])
        try screen.element(labelled: "Shout").tap()
        screen.advance(by: 0.8)
        #expect(sheet.presentedViewController === compose)
        #expect(calls.entries.isEmpty)
        shout.activityDidFinish(false)
        screen.advance(by: 0.8)
        #expect(root.presentedViewController == nil)
        #expect(calls.entries == ["org.tabula.shout false true true"])
        shout.activityDidFinish(true)
        #expect(calls.entries.count == 1, "a second finish is ignored")
    }

    @Test("careless items: none, 10,000 strings, an image of no size; an activity finishing before it was picked is ignored")
    func carelessItems() throws {
        var (sheet, calls) = share([])
        #expect(sheet.offered.isEmpty, "nothing to copy: no Copy")
        try screen.element(labelled: "Close").tap()
        screen.advance(by: 0.8)
        #expect(calls.entries == ["nil false true true"])

        let many = (0 ..< 10_000).map { "line \($0)" }
        (sheet, calls) = share(many)
        try screen.element(labelled: "Copy").tap()
        screen.advance(by: 0.8)
        #expect(UIPasteboard.general.strings?.count == 10_000)
        #expect(calls.entries.count == 1)

        let stray = ShoutActivity()
        stray.activityDidFinish(true)
        (sheet, calls) = share([UIImage()], activities: [stray])
        #expect(sheet.offered.isEmpty, "an image alone: nothing to copy, and Shout wants a string")
        #expect(calls.entries.isEmpty, "the stray finish reached no sheet")
        #expect(sheet.view.subviews.allSatisfy { $0.frame.minX.isFinite && $0.frame.width.isFinite })
    }

    @Test("closed with its button or swiped down, the sheet tells the handler nil and false, once")
    func closeAndSwipeDown() throws {
        var (_, calls) = share(["hello"])
        try screen.element(labelled: "Close").tap()
        screen.advance(by: 0.8)
        #expect(root.presentedViewController == nil)
        #expect(calls.entries == ["nil false true true"])

        (_, calls) = share(["hello"])
        let finger = screen.touchDown(at: CGPoint(x: 196, y: 470))
        for y in stride(from: CGFloat(490), through: 840, by: 25) {
            screen.moveTouch(finger, to: CGPoint(x: 196, y: y))
            screen.advance(by: 1.0 / 60)
        }
        screen.liftTouch(finger)
        screen.advance(by: 0.8)
        #expect(root.presentedViewController == nil)
        #expect(calls.entries == ["nil false true true"])
    }
}
