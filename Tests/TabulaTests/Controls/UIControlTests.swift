import Foundation
import Testing
@testable import TabulaUIKit
import TabulaTestSupport
@testable import TabulaTable

/// A control that records its tracking callbacks.
@MainActor
final class TrackingControl: UIControl {
    var calls: [String] = []
    var keepTracking = true
    override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool { calls.append("begin"); return keepTracking }
    override func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool { calls.append("continue"); return keepTracking }
    override func endTracking(_ touch: UITouch?, with event: UIEvent?) { calls.append("end") }
    override func cancelTracking(with event: UIEvent?) { calls.append("cancel") }
}

@MainActor
@Suite("UIControl: tracking, events, actions")
struct UIControlTests {
    let screen = HeadlessScreen(size: CGSize(width: 320, height: 480))

    func shown(_ control: UIControl) -> UIWindow {
        let window = UIWindow(frame: .zero)
        window.addSubview(control)
        screen.show(window)
        return window
    }

    /// Records every event the control sends, by name.
    func record(_ control: UIControl) -> () -> [String] {
        var log: [String] = []
        let names: [(UIControl.Event, String)] = [
            (.touchDown, "down"), (.touchDownRepeat, "downRepeat"), (.touchDragInside, "dragInside"),
            (.touchDragOutside, "dragOutside"), (.touchDragEnter, "enter"), (.touchDragExit, "exit"),
            (.touchUpInside, "upInside"), (.touchUpOutside, "upOutside"), (.touchCancel, "cancel"),
            (.valueChanged, "valueChanged"), (.primaryActionTriggered, "primary"),
        ]
        for (event, name) in names {
            control.addAction(UIAction(identifier: UIAction.Identifier(name)) { _ in log.append(name) }, for: event)
        }
        return { log }
    }

    @Test("a tap sends touchDown then touchUpInside, highlighting while the finger is down")
    func tap() {
        let control = TrackingControl(frame: CGRect(x: 100, y: 100, width: 80, height: 44))
        _ = shown(control)
        let events = record(control)
        let finger = screen.touchDown(at: CGPoint(x: 140, y: 120))
        screen.advance(by: 1.0 / 60)
        #expect(control.isHighlighted && control.isTracking && control.isTouchInside)
        #expect(control.state == .highlighted)
        screen.liftTouch(finger)
        screen.advance(by: 1.0 / 60)
        #expect(!control.isHighlighted && !control.isTracking)
        #expect(events() == ["down", "upInside"])
        #expect(control.calls == ["begin", "end"])
    }

    @Test("dragging out past 70 points exits, back in enters; lifting outside is touchUpOutside")
    func dragOutAndIn() {
        let control = TrackingControl(frame: CGRect(x: 100, y: 100, width: 80, height: 44))
        _ = shown(control)
        let events = record(control)
        let finger = screen.touchDown(at: CGPoint(x: 140, y: 120))
        screen.advance(by: 1.0 / 60)
        screen.moveTouch(finger, to: CGPoint(x: 140, y: 200))   // 36 pt below: still inside the slop
        screen.advance(by: 1.0 / 60)
        screen.moveTouch(finger, to: CGPoint(x: 140, y: 260))   // 96 pt below: outside
        screen.advance(by: 1.0 / 60)
        #expect(!control.isHighlighted && !control.isTouchInside)
        screen.moveTouch(finger, to: CGPoint(x: 140, y: 130))
        screen.advance(by: 1.0 / 60)
        #expect(control.isHighlighted)
        screen.moveTouch(finger, to: CGPoint(x: 300, y: 400))
        screen.advance(by: 1.0 / 60)
        screen.liftTouch(finger)
        screen.advance(by: 1.0 / 60)
        #expect(events() == ["down", "dragInside", "dragOutside", "exit", "dragInside", "enter", "dragOutside", "exit", "upOutside"])
        #expect(control.calls == ["begin", "continue", "continue", "continue", "continue", "end"])
    }

    @Test("a disabled control tracks nothing and sends nothing")
    func disabled() {
        let control = TrackingControl(frame: CGRect(x: 100, y: 100, width: 80, height: 44))
        control.isEnabled = false
        _ = shown(control)
        let events = record(control)
        screen.tap(at: CGPoint(x: 140, y: 120))
        screen.advance(by: 0.1)
        #expect(events().isEmpty && control.calls.isEmpty)
        #expect(control.state == .disabled)
    }

    @Test("actions: added per event, replaced by identifier, removed; closures with a target; sendActions")
    func actions() {
        let control = UIControl(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        var log: [String] = []
        let a = UIAction(identifier: UIAction.Identifier("a")) { action in
            log.append("a from \(action.sender is UIControl ? "control" : "?")")
        }
        control.addAction(a, for: [.valueChanged, .touchUpInside])
        control.addAction(UIAction(identifier: UIAction.Identifier("a")) { _ in log.append("a2") }, for: .valueChanged)
        final class Owner {}
        var owner: Owner? = Owner()
        control.addTarget(owner, action: { sender in log.append("target \(sender === control)") }, for: .valueChanged)
        control.sendActions(for: .valueChanged)
        #expect(log == ["a2", "target true"], "the second action with identifier a replaced the first")
        #expect(control.allControlEvents == [.valueChanged, .touchUpInside])
        log = []
        owner = nil
        control.sendActions(for: .valueChanged)
        #expect(log == ["a2"], "a closure whose target is gone does not run")
        control.removeAction(identifiedBy: UIAction.Identifier("a"), for: .valueChanged)
        log = []
        control.sendActions(for: [.valueChanged, .touchUpInside])
        #expect(log == ["a2"], "still registered for touchUpInside")
        var seen: [UIControl.Event] = []
        control.enumerateEventHandlers { action, pair, events, stop in
            #expect(pair == nil)
            if action != nil { seen.append(events) }
        }
        #expect(seen == [.touchUpInside])
    }

    @Test("in a plain scroll view a drag that starts on a control it is tracking does not scroll; in a table it does")
    func controlsInScrollViews() {
        let window = UIWindow(frame: .zero)
        let scroll = UIScrollView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        scroll.contentSize = CGSize(width: 320, height: 2000)
        let control = TrackingControl(frame: CGRect(x: 50, y: 100, width: 220, height: 60))
        scroll.addSubview(control)
        window.addSubview(scroll)
        screen.show(window)
        let events = record(control)
        // Rest past the scroll view's delay, so the control has the touch, then drag.
        let finger = screen.touchDown(at: CGPoint(x: 160, y: 130))
        screen.advance(by: 0.3)
        for y in stride(from: CGFloat(120), through: 40, by: -10) {
            screen.moveTouch(finger, to: CGPoint(x: 160, y: y))
            screen.advance(by: 1.0 / 60)
        }
        screen.liftTouch(finger)
        screen.advance(by: 0.1)
        #expect(scroll.contentOffset.y == 0, "the control kept the touch")
        #expect(events().first == "down" && events().last == "upInside")

        let table = UITableView(frame: CGRect(x: 0, y: 0, width: 320, height: 480), style: .plain)
        #expect(table.touchesShouldCancel(in: control), "a table takes touches from controls")
        #expect(!scroll.touchesShouldCancel(in: control) && scroll.touchesShouldCancel(in: UIView()))
    }
}
