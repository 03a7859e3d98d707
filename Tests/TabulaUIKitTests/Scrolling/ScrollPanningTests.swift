import Foundation
import Testing
@testable import TabulaUIKit
import TabulaUIKitTestSupport

@Suite("UIScrollView panning")
@MainActor
struct ScrollPanningTests {
    @Test("a drag moves the content with the finger, less the pan's 10-point slop, then flings")
    func dragScrollsAndFlings() {
        let (screen, scroll, log) = makeScrollScreen()
        defer { withExtendedLifetime(screen) {} }
        screen.drag(from: CGPoint(x: 100, y: 300), to: CGPoint(x: 100, y: 100), duration: 0.5)
        // The pan began after the finger moved 10 points (at the 2nd frame: 13.3 points);
        // the content loses those 10 and follows the rest.
        #expect(abs(scroll.contentOffset.y - (200 - 10)) < 0.01)
        #expect(log.events.prefix(2) == ["willBeginDragging", "scroll"])
        #expect(log.events.contains("didEndDragging(true)"))
        #expect(scroll.isDecelerating)
        let released = scroll.contentOffset.y
        screen.advance(by: 0.5)
        #expect(scroll.contentOffset.y > released + 100, "the release velocity of 400 pt/s carries on")
        screen.advance(by: 5)
        #expect(!scroll.isDecelerating)
        #expect(log.events.last == "didEndDecelerating")
    }

    @Test("a coarse first movement (one 40-point event, as coalesced under load) loses only the 10-point slop")
    func coarseFirstMove() {
        let (screen, scroll, _) = makeScrollScreen()
        defer { withExtendedLifetime(screen) {} }
        let finger = screen.touchDown(at: CGPoint(x: 100, y: 390))
        screen.advance(by: 1.0 / 60)
        screen.moveTouch(finger, to: CGPoint(x: 100, y: 350))
        screen.advance(by: 1.0 / 60)
        #expect(abs(scroll.contentOffset.y - 30) < 0.01, "40 points moved, 10 of them the slop: \(scroll.contentOffset.y)")
        for y in [310, 270, 230, 190, 150, 110, 90] {
            screen.moveTouch(finger, to: CGPoint(x: 100, y: CGFloat(y)))
            screen.advance(by: 1.0 / 60)
        }
        screen.advance(by: 0.5)
        screen.liftTouch(finger)
        #expect(abs(scroll.contentOffset.y - 290) < 0.01, "300 points dragged and held: the content moved 290")
    }

    @Test("a finger on moving content stops it, and that touch does not reach the content")
    func catchStops() {
        let (screen, scroll, _) = makeScrollScreen()
        defer { withExtendedLifetime(screen) {} }
        let content = TouchLogView(frame: CGRect(x: 0, y: 0, width: 200, height: 2000))
        scroll.addSubview(content)
        scroll.fling(velocity: CGPoint(x: 0, y: 2000))
        screen.advance(by: 0.2)
        screen.tap(at: CGPoint(x: 100, y: 100))
        let caught = scroll.contentOffset.y
        #expect(!scroll.isDecelerating)
        screen.advance(by: 0.5)
        #expect(scroll.contentOffset.y == caught)
        #expect(content.log.isEmpty)
    }

    @Test("delaysContentTouches: a drag never reaches the content; a held finger does, and is cancelled by a later drag")
    func delayedContentTouches() {
        let (screen, scroll, _) = makeScrollScreen()
        defer { withExtendedLifetime(screen) {} }
        let content = TouchLogView(frame: CGRect(x: 0, y: 0, width: 200, height: 2000))
        scroll.addSubview(content)
        screen.drag(from: CGPoint(x: 100, y: 300), to: CGPoint(x: 100, y: 200), duration: 0.2)
        #expect(content.log.isEmpty)
        screen.advance(by: 6)
        #expect(!scroll.isDecelerating, "a touch on moving content would only stop it")

        let id = screen.touchDown(at: CGPoint(x: 100, y: 300))
        screen.advance(by: 0.1)
        #expect(content.log.isEmpty, "still within the 0.15 s delay")
        screen.advance(by: 0.1)
        #expect(content.log == ["began(1)"])
        for step in 1 ... 10 {
            screen.advance(by: 1.0 / 60)
            screen.moveTouch(id, to: CGPoint(x: 100, y: 300 - CGFloat(step) * 5))
        }
        screen.liftTouch(id)
        #expect(content.log == ["began(1)", "moved", "cancelled"], "moves within the slop reach it, then the drag takes it")

        screen.advance(by: 3)
        scroll.delaysContentTouches = false
        screen.touchDown(at: CGPoint(x: 100, y: 100))
        #expect(content.log.last == "began(1)", "delivered at once without the delay")
    }

    @Test("a sideways stroke drags a vertical scroll view (taking the touch) but moves it only vertically")
    func directional() {
        let (screen, scroll, log) = makeScrollScreen()
        defer { withExtendedLifetime(screen) {} }
        let content = TouchLogView(frame: CGRect(x: 0, y: 0, width: 200, height: 2000))
        scroll.addSubview(content)
        screen.drag(from: CGPoint(x: 20, y: 200), to: CGPoint(x: 180, y: 200), duration: 0.2)
        #expect(scroll.contentOffset == .zero)
        #expect(log.events.contains("willBeginDragging"))
        #expect(content.log.isEmpty)
        scroll.isScrollEnabled = false
        screen.advance(by: 1)
        screen.drag(from: CGPoint(x: 100, y: 300), to: CGPoint(x: 100, y: 100), duration: 0.2)
        #expect(scroll.contentOffset == .zero)
    }
}

@Suite("Pan release velocity")
@MainActor
struct PanReleaseVelocityTests {
    @Test("a finger that rests before lifting releases at rest: the scroll view does not fling")
    func restingFingerDoesNotFling() {
        let scroll = UIScrollView(frame: .zero)
        scroll.contentSize = CGSize(width: 200, height: 5000)
        let controller = UIViewController()
        controller.view = scroll
        let window = UIWindow(frame: .zero)
        window.rootViewController = controller
        let screen = HeadlessScreen(size: CGSize(width: 200, height: 400))
        screen.show(window)
        let finger = screen.touchDown(at: CGPoint(x: 100, y: 350))
        for step in 1 ... 10 {
            screen.advance(by: 1.0 / 60)
            screen.moveTouch(finger, to: CGPoint(x: 100, y: 350 - CGFloat(step) * 20))
        }
        screen.advance(by: 0.3)
        let held = scroll.contentOffset.y
        screen.liftTouch(finger)
        screen.advance(by: 1)
        #expect(!scroll.isDecelerating)
        #expect(scroll.contentOffset.y == held, "moved \(scroll.contentOffset.y - held) after a resting release")
    }
}
