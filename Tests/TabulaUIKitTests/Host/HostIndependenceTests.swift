import Foundation
import Testing
@testable import TabulaUIKit
import TabulaUIKitTestSupport

/// Each host owns its clock, its frame work and its callbacks (DESIGN: "time is
/// injected, per host"): two screens in one test never move each other.
@MainActor
@Suite("Host: two screens are independent")
struct HostIndependenceTests {
    /// A linear fade of `view` from 1 to 0 over `duration`.
    func fade(_ view: UIView, duration: TimeInterval, completion: ((Bool) -> Void)? = nil) {
        UIView.animate(withDuration: duration, delay: 0, options: [.curveLinear],
                       animations: { view.alpha = 0 }, completion: completion)
    }

    @Test("advancing one screen leaves the other's animation, clock and completion where they were")
    func animationsAreIndependent() {
        let (a, viewA) = makeAnimationScreen()
        let (b, viewB) = makeAnimationScreen()
        var finishedB = false
        fade(viewA, duration: 1)
        fade(viewB, duration: 1) { finishedB = $0 }
        a.advance(by: 0.5)
        #expect(approx(Double(viewA.shown.opacity), 0.5, 1e-6))
        #expect(approx(Double(viewB.shown.opacity), 1, 1e-6), "B's clock did not move")
        #expect(b.frameIndex == 1)
        a.advance(by: 2)
        #expect(approx(Double(viewB.shown.opacity), 1, 1e-6))
        #expect(!finishedB, "B's completion waits for B's frames")
        b.advance(by: 0.25)
        #expect(approx(Double(viewB.shown.opacity), 0.75, 1e-6))
        b.advance(by: 1)
        #expect(finishedB)
    }

    @Test("a fade made on screen B after screen A ran 10 s animates on B's clock")
    func fadeAfterOtherScreenRan() {
        let (a, _) = makeAnimationScreen()
        a.advance(by: 10)
        let (b, viewB) = makeAnimationScreen()
        fade(viewB, duration: 0.5)
        b.advance(by: 0.25)
        #expect(approx(Double(viewB.shown.opacity), 0.5, 1e-6))
        // Driving A again does not change what B's layers show.
        a.advance(by: 1.0 / 60)
        #expect(approx(Double(viewB.shown.opacity), 0.5, 1e-6))
    }

    @Test("a fling on one screen does not move when the other screen runs frames")
    func flingsAreIndependent() {
        let (a, scrollA, _) = makeScrollScreen(contentHeight: 20_000)
        let (b, scrollB, _) = makeScrollScreen(contentHeight: 20_000)
        scrollA.fling(velocity: CGPoint(x: 0, y: 1500))
        scrollB.fling(velocity: CGPoint(x: 0, y: 1500))
        a.advance(by: 0.5)
        #expect(scrollA.contentOffset.y > 100)
        #expect(scrollB.contentOffset.y == 0, "B's deceleration waits for B's frames")
        #expect(scrollB.isDecelerating)
        b.advance(by: 0.5)
        #expect(abs(scrollB.contentOffset.y - scrollA.contentOffset.y) < 0.5, "the same fling, frame for frame")
    }

    @Test("an animation added before show starts when the view appears on the screen")
    func animationBeforeShow() {
        let (a, _) = makeAnimationScreen()
        a.advance(by: 5)
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        fade(view, duration: 0.5)
        let b = HeadlessScreen(size: CGSize(width: 100, height: 100))
        let window = UIWindow(frame: .zero)
        window.rootViewController = UIViewController()
        window.rootViewController!.view.addSubview(view)
        b.show(window)
        #expect(approx(Double(view.shown.opacity), 1, 1e-6), "it starts as the view appears at B's time 0")
        b.advance(by: 0.25)
        #expect(approx(Double(view.shown.opacity), 0.5, 1e-6))
    }

    @Test("a view moved to another screen mid-animation continues from where it was")
    func movedBetweenScreens() {
        let (a, view) = makeAnimationScreen()
        let (b, rootB) = makeScreen(width: 200, height: 200, scale: 1)
        b.advance(by: 3)
        fade(view, duration: 1)
        a.advance(by: 0.5)
        rootB.addSubview(view)
        #expect(approx(Double(view.shown.opacity), 0.5, 1e-6), "no jump to B's clock")
        a.advance(by: 1)
        #expect(approx(Double(view.shown.opacity), 0.5, 1e-6), "A's frames no longer move it")
        b.advance(by: 0.25)
        #expect(approx(Double(view.shown.opacity), 0.25, 1e-6))
        b.advance(by: 1)
        #expect(view.layer.animationKeys() == nil)
        #expect(view.shown.opacity == 0)
    }

    @Test("a display link added from code belongs to the next screen that runs a frame")
    func displayLinkJoinsNextScreen() {
        let (a, _) = makeAnimationScreen()
        let (b, _) = makeAnimationScreen()
        b.advance(by: 1)
        var stamps: [TimeInterval] = []
        let link = CADisplayLink { stamps.append($0.timestamp) }
        link.add(to: .main, forMode: .common)
        defer { link.invalidate() }
        b.advance(by: 2.0 / 60)
        #expect(stamps.count == 2)
        #expect(approx(stamps.last!, b.currentTime, 1e-9))
        a.advance(by: 0.5)
        #expect(stamps.count == 2, "A's frames do not fire B's link")
    }

    // MARK: First responder, keyboard and menus (DESIGN: "per host, not per process")

    /// A screen showing a text field, one frame run.
    func makeFieldScreen() -> (HeadlessScreen, UITextField) {
        let screen = HeadlessScreen(device: .iPhone15)
        let window = UIWindow(frame: .zero)
        window.rootViewController = UIViewController()
        let field = UITextField(frame: CGRect(x: 16, y: 100, width: 300, height: 44))
        window.rootViewController!.view.addSubview(field)
        screen.show(window)
        return (screen, field)
    }

    @Test("a field becoming first responder on one screen never resigns the other's; each keyboard and typing stay on their screen")
    func firstRespondersAreIndependent() {
        let (a, fieldA) = makeFieldScreen()
        let (b, fieldB) = makeFieldScreen()
        #expect(fieldA.becomeFirstResponder())
        a.advance(by: 0.5)
        #expect(fieldB.becomeFirstResponder())
        b.advance(by: 0.5)
        #expect(fieldA.isFirstResponder, "B's field did not resign A's")
        #expect(fieldB.isFirstResponder)
        #expect(a.firstResponder === fieldA && b.firstResponder === fieldB)
        #expect(a.keyboardFrame != nil && b.keyboardFrame != nil, "each screen's keyboard is up")
        a.typeText("left")
        b.typeText("right")
        #expect(fieldA.text == "left" && fieldB.text == "right")
        #expect(fieldB.resignFirstResponder())
        b.advance(by: 0.5)
        a.advance(by: 0.5)
        #expect(b.keyboardFrame == nil, "B's keyboard went down")
        #expect(a.keyboardFrame != nil, "A's stayed up")
        #expect(fieldA.isFirstResponder && a.firstResponder === fieldA)
    }

    /// Gives every long press the same one-action menu.
    final class MenuGiver: UIContextMenuInteractionDelegate {
        func contextMenuInteraction(_ interaction: UIContextMenuInteraction,
                                    configurationForMenuAtLocation location: CGPoint) -> UIContextMenuConfiguration? {
            UIContextMenuConfiguration(actionProvider: { _ in UIMenu(children: [UIAction(title: "Copy") { _ in }]) })
        }
    }

    @Test("a context menu showing on one screen does not show on the other, and opening the other's does not close it")
    func contextMenusAreIndependent() {
        let giver = MenuGiver()
        let (a, viewA) = makeAnimationScreen()
        let (b, viewB) = makeAnimationScreen()
        viewA.addInteraction(UIContextMenuInteraction(delegate: giver))
        viewB.addInteraction(UIContextMenuInteraction(delegate: giver))
        a.longPress(at: CGPoint(x: 50, y: 50), duration: 1)
        a.advance(by: 0.5)
        #expect(a.contextMenuOnScreen != nil)
        #expect(b.contextMenuOnScreen == nil, "A's menu is not on B")
        b.longPress(at: CGPoint(x: 50, y: 50), duration: 1)
        b.advance(by: 0.5)
        #expect(b.contextMenuOnScreen != nil)
        #expect(a.contextMenuOnScreen != nil, "B's menu did not close A's")
        #expect(a.contextMenuOnScreen !== b.contextMenuOnScreen)
    }

    @Test("each screen's clock advances alone: frames and time follow the screen being advanced")
    func clocksAdvanceAlone() {
        let a = HeadlessScreen(size: CGSize(width: 100, height: 100))
        let b = HeadlessScreen(size: CGSize(width: 100, height: 100), framesPerSecond: 120)
        a.show(UIWindow(frame: .zero))
        b.show(UIWindow(frame: .zero))
        a.advance(by: 1)
        #expect(a.frameIndex == 60 && a.currentTime == 1)
        #expect(b.frameIndex == 0 && b.currentTime == 0, "B did not move")
        b.advance(by: 0.25)
        #expect(b.frameIndex == 30)
        #expect(a.frameIndex == 60, "A did not move")
    }

    @Test("CACurrentMediaTime is the clock of the screen doing its work — in a completion, a touch handler — and 0 outside every screen's work")
    func currentMediaTimeFollowsTheWorkingScreen() {
        let (a, viewA) = makeAnimationScreen()
        let (b, viewB) = makeAnimationScreen()
        a.advance(by: 10)
        var seenA: [Double] = [], seenB: [Double] = [], tapped: [Double] = []
        fade(viewA, duration: 0.5) { _ in seenA.append(CACurrentMediaTime()) }
        fade(viewB, duration: 0.25) { _ in seenB.append(CACurrentMediaTime()) }
        #expect(CACurrentMediaTime() == 0, "a test's own statements are no screen's work: read screen.currentTime")
        a.advance(by: 1)
        b.advance(by: 1)
        #expect(seenA.count == 1 && approx(seenA[0], 10 + 1.0 / 60 + 0.5, 0.02), "A's time when the fade ended")
        #expect(seenB.count == 1 && approx(seenB[0], 1.0 / 60 + 0.25, 0.02), "B's time when the fade ended")
        let button = UIButton(frame: CGRect(x: 0, y: 120, width: 60, height: 40))
        button.addAction(UIAction { _ in tapped.append(CACurrentMediaTime()) }, for: .touchUpInside)
        b.window!.rootViewController!.view.addSubview(button)
        b.advance(by: 1.0 / 60)
        b.tap(at: CGPoint(x: 30, y: 140))
        #expect(tapped.count == 1 && approx(tapped[0], b.currentTime, 0.2), "B's time, not A's (\(a.currentTime))")
    }

    /// A screen showing a navigation controller whose root view holds a segmented
    /// control and a plain view, one frame run.
    func makeReportingScreen() -> (HeadlessScreen, UINavigationController, UISegmentedControl, UIView) {
        let screen = HeadlessScreen(size: CGSize(width: 320, height: 480), scale: 1)
        let window = UIWindow(frame: .zero)
        let root = UIViewController()
        let nav = UINavigationController(rootViewController: root)
        window.rootViewController = nav
        screen.show(window)
        let segments = UISegmentedControl(items: ["One", "Two"])
        let box = UIView(frame: CGRect(x: 0, y: 200, width: 50, height: 50))
        root.view.addSubview(segments)
        root.view.addSubview(box)
        screen.advance(by: 1.0 / 60)
        return (screen, nav, segments, box)
    }

    @Test("two screens, a bad call on each: each screen's handler hears only its own, the process-wide handlers only what is on no screen")
    func reportsGoToTheirScreen() {
        let (a, navA, segmentsA, boxA) = makeReportingScreen()
        let (b, _, segmentsB, boxB) = makeReportingScreen()
        var heardA: [String] = [], heardB: [String] = [], processWide: [String] = []
        a.onReport = { heardA.append($0) }
        b.onReport = { heardB.append($0) }
        let saved = (UIViewController.onInvalidUse, NSLayoutConstraint.reportHandler, CALayer.onInvalidValue, CALayer.onInvalidAnimation)
        UIViewController.onInvalidUse = { processWide.append($0) }
        NSLayoutConstraint.reportHandler = { processWide.append($0) }
        CALayer.onInvalidValue = { processWide.append($0) }
        CALayer.onInvalidAnimation = { processWide.append($0.description) }
        defer {
            (UIViewController.onInvalidUse, NSLayoutConstraint.reportHandler, CALayer.onInvalidValue, CALayer.onInvalidAnimation) = saved
        }

        navA.popViewController(animated: false)
        segmentsA.selectedSegmentIndex = 7
        let width = boxA.widthAnchor.constraint(equalToConstant: 50)
        width.isActive = true
        width.constant = .nan
        boxA.layer.position = CGPoint(x: CGFloat.nan, y: 0)
        boxA.layer.add(CABasicAnimation(keyPath: "nonsense"), forKey: "bad")
        a.typeText("nobody listens")

        segmentsB.selectedSegmentIndex = -5
        b.setMarkedText("か")
        UIView.transition(from: UIView(), to: boxB, duration: 0)

        #expect(heardA.count == 6, "\(heardA)")
        #expect(heardA.contains { $0.contains("popViewController") })
        #expect(heardA.contains { $0.contains("selectedSegmentIndex 7") })
        #expect(heardA.contains { $0.contains("constant nan") })
        #expect(heardA.contains { $0.contains("CALayer.position") })
        #expect(heardA.contains { $0.contains("nonsense") })
        #expect(heardA.contains { $0.contains("typeText") })
        #expect(heardB.count == 2, "\(heardB)")
        #expect(heardB.contains { $0.contains("selectedSegmentIndex -5") })
        #expect(heardB.contains { $0.contains("setMarkedText") })
        #expect(processWide.count == 1, "\(processWide)")
        #expect(processWide.first?.contains("transition(from:to:)") == true, "a view on no screen has no screen to hear it")
    }

    @Test("a field made first responder before its window is shown is that screen's first responder once shown, without the keyboard")
    func firstResponderBeforeShow() {
        let screen = HeadlessScreen(device: .iPhone15)
        let window = UIWindow(frame: .zero)
        window.rootViewController = UIViewController()
        let field = UITextField(frame: CGRect(x: 16, y: 100, width: 300, height: 44))
        #expect(field.becomeFirstResponder())
        window.rootViewController!.view.addSubview(field)
        screen.show(window)
        #expect(screen.firstResponder === field)
        #expect(screen.keyboardFrame == nil, "UIKit would have refused; no keyboard comes up")
        screen.typeText("early")
        #expect(field.text == "early")
        #expect(field.resignFirstResponder())
        #expect(screen.firstResponder == nil)
    }
}
