import Foundation
import Testing
@testable import TabulaUIKit

/// A window that notes what it is told of its key status.
private final class RecordingWindow: UIWindow {
    var told: [String] = []
    override func becomeKey() { told.append("becomeKey") }
    override func resignKey() { told.append("resignKey") }
}

/// The key window of a screen: becomeKey(), resignKey(), makeKey() and their notifications
/// (port trial S's coordinator swapped windows and called resignKey() on the old one).
@MainActor
@Suite("Key windows")
struct KeyWindowTests {
    @Test("showing a window makes it key and the one before resigns, each told once with UIKit's notifications")
    func swapWindows() {
        let screen = HeadlessScreen(device: .iPhone15)
        let first = RecordingWindow(frame: .zero), second = RecordingWindow(frame: .zero)
        var posted: [(String, ObjectIdentifier?)] = []
        let center = NotificationCenter.default
        let observers = [UIWindow.didBecomeKeyNotification, UIWindow.didResignKeyNotification].map { name in
            center.addObserver(forName: name, object: nil, queue: nil) { note in
                let entry = (note.name.rawValue, (note.object as AnyObject?).map(ObjectIdentifier.init))
                MainActor.assumeIsolated { posted.append(entry) }
            }
        }
        defer { observers.forEach(center.removeObserver) }
        screen.show(first)
        #expect(first.isKeyWindow && first.told == ["becomeKey"])
        screen.show(second)
        #expect(!first.isKeyWindow && first.told == ["becomeKey", "resignKey"])
        #expect(second.isKeyWindow && second.told == ["becomeKey"])
        #expect(posted.map(\.0) == ["UIWindowDidBecomeKeyNotification", "UIWindowDidResignKeyNotification",
                                    "UIWindowDidBecomeKeyNotification"])
        #expect(posted.map(\.1) == [first, first, second].map(ObjectIdentifier.init))
        // Showing it again, or calling makeKeyAndVisible() on the key window, tells nothing new.
        second.makeKeyAndVisible()
        screen.show(second)
        #expect(second.told == ["becomeKey"] && posted.count == 3)
        // The app calling resignKey() itself (UIKit says never to) changes nothing.
        second.resignKey()
        #expect(second.isKeyWindow)
    }

    @Test("makeKey() on a hidden window of a launched app's screen makes it key and leaves it hidden")
    func makeKeyKeepsHidden() {
        let screen = HeadlessScreen(device: .iPhone15)
        let shown = UIWindow(frame: .zero)
        screen.show(shown)
        let other = UIWindow(windowScene: screen.windowScene)
        other.isHidden = true
        other.makeKey()
        #expect(other.isKeyWindow && other.isHidden && !shown.isKeyWindow)
        #expect(screen.window === other)
    }
}
