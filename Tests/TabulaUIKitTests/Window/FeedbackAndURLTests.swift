import Foundation
import Testing
@testable import TabulaUIKit
import TabulaUIKitTestSupport

@Suite("Haptic feedback and opening URLs, recorded on the screen")
@MainActor
struct FeedbackAndURLTests {
    private func shownScreen() -> (HeadlessScreen, UIViewController) {
        let screen = HeadlessScreen(size: CGSize(width: 320, height: 480))
        let window = UIWindow(frame: .zero)
        let controller = UIViewController()
        window.rootViewController = controller
        screen.show(window)
        return (screen, controller)
    }

    @Test("impacts, outcomes and selection ticks are kept in order on the view's screen, with the screen's time; intensities are clamped")
    func feedbackIsRecorded() {
        let (screen, controller) = shownScreen()
        let (other, _) = shownScreen()
        let impact = UIImpactFeedbackGenerator(style: .rigid, view: controller.view)
        impact.prepare()
        impact.impactOccurred()
        screen.advance(by: 0.5)
        impact.impactOccurred(intensity: 3)
        impact.impactOccurred(intensity: .nan, at: CGPoint(x: 4, y: 5))
        UINotificationFeedbackGenerator(view: controller.view).notificationOccurred(.warning)
        UISelectionFeedbackGenerator(view: controller.view).selectionChanged()
        #expect(screen.feedbackRequests.map(\.kind) == [
            .prepare, .impact(.rigid, intensity: 1), .impact(.rigid, intensity: 1), .impact(.rigid, intensity: 1),
            .notification(.warning), .selection,
        ])
        #expect(screen.feedbackRequests[2].time >= 0.5 && screen.feedbackRequests[1].time < 0.5)
        #expect(screen.feedbackRequests[3].location == CGPoint(x: 4, y: 5))
        #expect(other.feedbackRequests.isEmpty, "another screen hears none of it")
        UIImpactFeedbackGenerator(style: .light).impactOccurred(intensity: -1)
        #expect(other.feedbackRequests.map(\.kind) == [.impact(.light, intensity: 0)],
                "a generator without a view belongs to the screen that showed a window last")
        #expect(UIImpactFeedbackGenerator().style == .medium)
    }

    @Test("open(_:) keeps the URL on the screen and succeeds for the schemes an iPhone has apps for; the opener can be replaced")
    func openingURLs() throws {
        let (screen, _) = shownScreen()
        let web = try #require(URL(string: "https://example.org/story"))
        let custom = try #require(URL(string: "myapp://settings"))
        var outcomes: [Bool] = []
        UIApplication.shared.open(web) { outcomes.append($0) }
        UIApplication.shared.open(custom, options: [:]) { outcomes.append($0) }
        UIApplication.shared.open(web, options: [.universalLinksOnly: true]) { outcomes.append($0) }
        #expect(outcomes == [true, false, false])
        #expect(screen.openedURLs == [web, custom])
        #expect(UIApplication.shared.canOpenURL(web) && !UIApplication.shared.canOpenURL(custom))
        var handed: [URL] = []
        screen.urlOpener = { handed.append($0); return true }
        UIApplication.shared.open(custom) { outcomes.append($0) }
        #expect(handed == [custom] && outcomes.last == true)
    }
}
