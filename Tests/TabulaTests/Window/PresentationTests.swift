import Foundation
import Testing
@testable import TabulaUIKit
@testable import TabulaTable
import TabulaTestSupport

@MainActor
@Suite("Presentation: sheets, full screen, dismissal, the swipe down")
struct PresentationTests {
    let log = CallbackLog()
    let screen = HeadlessScreen(device: .iPhone15)

    /// A on screen as the window's root (log cleared).
    func shownRoot() -> StackController {
        let a = StackController("A", log: log)
        a.view.backgroundColor = .systemYellow
        let window = UIWindow(frame: .zero)
        window.rootViewController = a
        screen.show(window)
        screen.advance(by: 0.1)
        log.entries = []
        return a
    }

    func captureReports() -> (() -> [String], () -> Void) {
        var reports: [String] = []
        let saved = UIViewController.onInvalidUse
        UIViewController.onInvalidUse = { reports.append($0) }
        return ({ reports }, { UIViewController.onInvalidUse = saved })
    }

    @Test("a sheet slides up over the presenter, which stays and is pushed back; callbacks only for the sheet")
    func sheet() throws {
        let a = shownRoot()
        let b = StackController("B", log: log)
        var completed = false
        a.present(b, animated: true) { completed = true }
        #expect(a.presentedViewController === b && b.presentingViewController === a)
        #expect(b.isBeingPresented)
        #expect(log.entries == ["B.viewDidLoad", "B.viewWillAppear", "B.viewIsAppearing"], "the presenter hears nothing for a sheet")
        screen.advance(by: 0.15)
        let midway = try #require(b.view.superview).layer.presentation()!.frame.minY
        #expect(midway > 69 && midway < 852, "on its way up: \(midway)")
        writeForLooking(screen.snapshot(), "sheet-mid")
        screen.advance(by: 0.6)
        #expect(completed && !b.isBeingPresented)
        #expect(log.entries.suffix(1) == ["B.viewDidAppear"])
        let card = try #require(b.view.superview)
        #expect(card.frame == CGRect(x: 0, y: 69, width: 393, height: 852 - 69), "10 points below the safe area's top")
        #expect(a.view.transform.a < 1 && a.view.layer.cornerRadius == 10, "the presenter is pushed back")
        #expect(a.view.window != nil)
        writeForLooking(screen.snapshot(), "sheet-rest")
        // The status bar over the black behind the pushed-back screen is light.
        #expect(a.view.window?.statusBarStyle == .lightContent)

        log.entries = []
        b.dismiss(animated: true)
        #expect(b.isBeingDismissed)
        #expect(log.entries == ["B.viewWillDisappear"])
        screen.advance(by: 0.6)
        #expect(log.entries == ["B.viewWillDisappear", "B.viewDidDisappear"])
        #expect(a.presentedViewController == nil && b.presentingViewController == nil)
        #expect(a.view.transform.isIdentity && a.view.layer.cornerRadius == 0)
        #expect(b.view.window == nil)
    }

    @Test("full screen: the presenter disappears and its view leaves the window; dismissing brings it back")
    func fullScreen() {
        let a = shownRoot()
        let b = StackController("B", log: log)
        b.modalPresentationStyle = .fullScreen
        a.present(b, animated: true)
        screen.advance(by: 0.6)
        #expect(log.entries == ["B.viewDidLoad", "A.viewWillDisappear", "B.viewWillAppear", "B.viewIsAppearing",
                                "A.viewDidDisappear", "B.viewDidAppear"])
        #expect(a.view.window == nil, "covered: out of the window")
        #expect(b.view.frame == CGRect(x: 0, y: 0, width: 393, height: 852))
        log.entries = []
        a.dismiss(animated: true)
        #expect(a.view.window != nil, "back before the slide down")
        screen.advance(by: 0.6)
        #expect(log.entries == ["B.viewWillDisappear", "A.viewWillAppear", "A.viewIsAppearing", "B.viewDidDisappear", "A.viewDidAppear"])
    }

    @Test("cross dissolve fades a full-screen presentation in")
    func crossDissolve() {
        let a = shownRoot()
        let b = UIViewController()
        b.modalPresentationStyle = .overFullScreen
        b.modalTransitionStyle = .crossDissolve
        a.present(b, animated: true)
        screen.advance(by: 0.1)
        let alpha = CGFloat(b.view.layer.presentation()?.opacity ?? 1)
        #expect(alpha > 0.05 && alpha < 0.95, "\(alpha)")
        #expect(b.view.frame.minY == 0, "it does not slide")
        screen.advance(by: 0.5)
        #expect(a.view.window != nil, "over full screen keeps the presenter")
    }

    @Test("swiped down past 40 % the sheet is dismissed; a short slow swipe springs back, and the callbacks say so")
    func swipeDown() throws {
        let a = shownRoot()
        let b = StackController("B", log: log)
        a.present(b, animated: false)
        screen.advance(by: 0.1)
        log.entries = []
        // A short slow drag: back up.
        var finger = screen.touchDown(at: CGPoint(x: 200, y: 300))
        for y in stride(from: CGFloat(310), through: 400, by: 10) {
            screen.moveTouch(finger, to: CGPoint(x: 200, y: y))
            screen.advance(by: 1.0 / 60)
        }
        let card = try #require(b.view.superview)
        #expect(abs(card.frame.minY - (69 + 90)) < 12, "the sheet follows the finger: \(card.frame.minY)")
        #expect(b.isBeingDismissed)
        screen.advance(by: 0.3)
        screen.liftTouch(finger)
        screen.advance(by: 0.6)
        #expect(card.frame.minY == 69)
        #expect(a.presentedViewController === b)
        #expect(log.entries == ["B.viewWillDisappear", "B.viewWillAppear", "B.viewIsAppearing", "B.viewDidAppear"])
        log.entries = []
        // A long drag: dismissed.
        finger = screen.touchDown(at: CGPoint(x: 200, y: 300))
        for y in stride(from: CGFloat(320), through: 700, by: 20) {
            screen.moveTouch(finger, to: CGPoint(x: 200, y: y))
            screen.advance(by: 1.0 / 60)
        }
        screen.advance(by: 0.3)
        screen.liftTouch(finger)
        screen.advance(by: 0.6)
        #expect(a.presentedViewController == nil)
        #expect(log.entries == ["B.viewWillDisappear", "B.viewDidDisappear"])
    }

    @Test("isModalInPresentation: the sheet resists and always comes back")
    func modalInPresentation() throws {
        let a = shownRoot()
        let b = UIViewController()
        b.isModalInPresentation = true
        a.present(b, animated: false)
        let finger = screen.touchDown(at: CGPoint(x: 200, y: 300))
        for y in stride(from: CGFloat(320), through: 800, by: 40) {
            screen.moveTouch(finger, to: CGPoint(x: 200, y: y))
            screen.advance(by: 1.0 / 60)
        }
        let card = try #require(b.view.superview)
        #expect(card.frame.minY < 69 + 60, "resists: \(card.frame.minY)")
        screen.liftTouch(finger)
        screen.advance(by: 0.6)
        #expect(a.presentedViewController === b && card.frame.minY == 69)
    }

    @Test("a table in a sheet scrolls when it is not at its top; at its top a drag down moves the sheet")
    func tableInSheet() throws {
        let a = shownRoot()
        let table = NumberedTableController(style: .plain)
        a.present(table, animated: false)
        screen.advance(by: 0.1)
        table.tableView.setContentOffset(CGPoint(x: 0, y: 200), animated: false)
        screen.drag(from: CGPoint(x: 200, y: 300), to: CGPoint(x: 200, y: 400), duration: 0.3)
        screen.advance(by: 0.5)
        #expect(table.tableView.contentOffset.y < 200, "scrolled back up")
        #expect(a.presentedViewController === table, "the sheet stayed")
    }

    @Test("bad presentations are reported and change nothing")
    func badInput() {
        let (reports, restore) = captureReports()
        defer { restore() }
        let a = shownRoot()
        let b = UIViewController(), c = UIViewController()
        let offscreen = UIViewController()
        offscreen.present(b, animated: false)
        #expect(reports().last?.contains("not in the window hierarchy") == true)
        #expect(offscreen.presentedViewController == nil)
        a.present(b, animated: true)
        a.present(c, animated: false)
        #expect(reports().last?.contains("already presenting") == true)
        screen.advance(by: 0.6)
        b.present(a, animated: false)
        #expect(reports().last?.contains("already being presented or is in the hierarchy") == true)
        b.dismiss(animated: false)
        let before = reports().count
        a.dismiss(animated: false) { }
        #expect(reports().count == before + 1 && reports().last?.contains("presents nothing") == true)
        var completed = false
        c.dismiss(animated: false) { completed = true }
        #expect(completed, "the completion still runs")
    }

    @Test("dismissing a presenter dismisses the whole chain above it")
    func chain() {
        let a = shownRoot()
        let b = UIViewController(), c = UIViewController()
        a.present(b, animated: false)
        b.present(c, animated: false)
        #expect(b.presentedViewController === c && c.presentingViewController === b)
        a.dismiss(animated: true)
        screen.advance(by: 0.6)
        #expect(a.presentedViewController == nil && b.presentedViewController == nil)
        #expect(b.view.window == nil && c.view.window == nil)
    }

    @Test("show(_:sender:) pushes inside a navigation controller and presents otherwise")
    func show() {
        let a = shownRoot()
        let b = UIViewController()
        a.show(b, sender: nil)
        #expect(a.presentedViewController === b)
        screen.advance(by: 0.6)
        let root = UIViewController()
        let nav = UINavigationController(rootViewController: root)
        b.present(nav, animated: false)
        let detail = UIViewController()
        root.show(detail, sender: nil)
        screen.advance(by: 0.6)
        #expect(nav.topViewController === detail)
        #expect(root.presentingViewController === b, "a child asks its navigation controller")
    }
}

@MainActor
@Suite("UIAlertController")
struct AlertControllerTests {
    let screen = HeadlessScreen(device: .iPhone15)

    func shownRoot() -> UIViewController {
        let a = NumberedTableController(style: .plain)
        let window = UIWindow(frame: .zero)
        window.rootViewController = a
        screen.show(window)
        screen.advance(by: 0.1)
        return a
    }

    func center(_ view: UIView) -> CGPoint { view.convert(CGPoint(x: view.bounds.midX, y: view.bounds.midY), to: nil) }

    @Test("an alert zooms in from 1.2 while fading in, shows two actions side by side, and runs the tapped one's handler after it is gone")
    func alert() throws {
        let a = shownRoot()
        var chosen: [String] = []
        let alert = UIAlertController(title: "Delete Draft?", message: "This draft will be deleted.", preferredStyle: .alert)
        alert.addAction(UIAlertAction(title: "Delete", style: .destructive) { action in chosen.append(action.title ?? "") })
        alert.addAction(UIAlertAction(title: "Cancel", style: .cancel) { _ in chosen.append("cancel") })
        a.present(alert, animated: true)
        screen.advance(by: 0.05)
        let card = alert.view!
        let scale = card.layer.presentation()!.transform.m11
        #expect(scale > 1.02 && scale <= 1.2, "zooming in: \(scale)")
        screen.advance(by: 0.4)
        #expect(card.frame.width == 270)
        #expect(abs(card.frame.midY - 426) < 1, "centred")
        #expect(alert.alertView.buttonTitles == ["Cancel", "Delete"], "two actions: cancel on the left")
        let delete = try #require(alert.alertView.button(titled: "Delete"))
        let cancel = try #require(alert.alertView.button(titled: "Cancel"))
        #expect(delete.label.textColor == .systemRed)
        #expect(cancel.label.font.font.weight == .semibold, "the cancel action is bold when nothing is preferred")
        #expect(abs(delete.frame.minY - cancel.frame.minY) < 0.5 && delete.frame.minX > cancel.frame.minX)
        writeForLooking(screen.snapshot(), "alert")
        screen.tap(at: center(delete))
        #expect(chosen.isEmpty, "the handler waits for the alert to go")
        screen.advance(by: 0.5)
        #expect(chosen == ["Delete"])
        #expect(a.presentedViewController == nil)
    }

    @Test("three actions stack with cancel last; the preferred action is bold")
    func stacked() throws {
        let a = shownRoot()
        let alert = UIAlertController(title: "Sort", message: nil, preferredStyle: .alert)
        alert.addAction(UIAlertAction(title: "Cancel", style: .cancel))
        let name = UIAlertAction(title: "By Name", style: .default)
        alert.addAction(name)
        alert.addAction(UIAlertAction(title: "By Date", style: .default))
        alert.preferredAction = name
        a.present(alert, animated: false)
        screen.advance(by: 0.1)
        #expect(alert.alertView.buttonTitles == ["By Name", "By Date", "Cancel"])
        let byName = try #require(alert.alertView.button(titled: "By Name"))
        let cancel = try #require(alert.alertView.button(titled: "Cancel"))
        #expect(byName.label.font.font.weight == .semibold && cancel.label.font.font.weight == .regular)
        #expect(cancel.frame.minY > byName.frame.minY)
    }

    @Test("an action sheet slides up from the bottom with cancel apart; a tap outside cancels")
    func actionSheet() throws {
        let a = shownRoot()
        var chosen: [String] = []
        let sheet = UIAlertController(title: "Share Photo", message: nil, preferredStyle: .actionSheet)
        sheet.addAction(UIAlertAction(title: "Message", style: .default) { _ in chosen.append("message") })
        sheet.addAction(UIAlertAction(title: "Mail", style: .default) { _ in chosen.append("mail") })
        sheet.addAction(UIAlertAction(title: "Cancel", style: .cancel) { _ in chosen.append("cancel") })
        a.present(sheet, animated: true)
        screen.advance(by: 0.1)
        let y = sheet.view.layer.presentation()!.frame.minY
        screen.advance(by: 0.5)
        #expect(sheet.view.frame.minY < y, "slid up")
        #expect(sheet.view.frame.maxY == 818, "above the home indicator")
        let cancel = try #require(sheet.alertView.button(titled: "Cancel"))
        let mail = try #require(sheet.alertView.button(titled: "Mail"))
        #expect(cancel.convert(cancel.bounds, to: nil).minY - mail.convert(mail.bounds, to: nil).maxY == 8, "cancel in its own box, 8 points below")
        #expect(cancel.frame.height == 57)
        writeForLooking(screen.snapshot(), "action-sheet")
        screen.tap(at: CGPoint(x: 200, y: 200))
        screen.advance(by: 0.6)
        #expect(chosen == ["cancel"])
        #expect(a.presentedViewController == nil)
    }

    @Test("dismissing a sheet whose text field is being edited takes the keyboard down with it")
    func dismissTakesKeyboard() throws {
        let a = shownRoot()
        let sheet = UIViewController()
        let field = UITextField(frame: CGRect(x: 20, y: 80, width: 300, height: 34))
        sheet.view.addSubview(field)
        a.present(sheet, animated: true)
        screen.advance(by: 0.8)
        _ = field.becomeFirstResponder()
        screen.advance(by: 0.6)
        #expect(field.isFirstResponder && screen.keyboardFrame != nil)
        sheet.dismiss(animated: true)
        screen.advance(by: 0.8)
        #expect(!field.isFirstResponder)
        #expect(screen.keyboardFrame == nil)
    }

    @Test("an action sheet with no actions, and a second cancel action, are reported")
    func badAlerts() {
        var reports: [String] = []
        let saved = UIViewController.onInvalidUse
        UIViewController.onInvalidUse = { reports.append($0) }
        defer { UIViewController.onInvalidUse = saved }
        let a = shownRoot()
        let empty = UIAlertController(title: "Nothing", message: nil, preferredStyle: .actionSheet)
        a.present(empty, animated: false)
        #expect(a.presentedViewController == nil)
        #expect(reports.last?.contains("at least one action") == true)
        let alert = UIAlertController(title: "Two cancels", message: nil, preferredStyle: .alert)
        alert.addAction(UIAlertAction(title: "Cancel", style: .cancel))
        alert.addAction(UIAlertAction(title: "Also Cancel", style: .cancel))
        #expect(alert.actions.count == 1)
        #expect(reports.last?.contains("only have one action") == true)
    }
}

/// Records what a presentation controller's delegate hears; refuses dismissal when told to.
@MainActor
final class SheetDelegateLog: UIAdaptivePresentationControllerDelegate {
    var entries: [String] = []
    var allowsDismissal = true
    func presentationControllerShouldDismiss(_ presentationController: UIPresentationController) -> Bool {
        entries.append("should"); return allowsDismissal
    }
    func presentationControllerWillDismiss(_ presentationController: UIPresentationController) { entries.append("will") }
    func presentationControllerDidDismiss(_ presentationController: UIPresentationController) { entries.append("did") }
    func presentationControllerDidAttemptToDismiss(_ presentationController: UIPresentationController) { entries.append("attempt") }
}

@MainActor
@Suite("Presentation controllers: the sheet's delegate, detents, popovers")
struct PresentationControllerTests {
    let screen = HeadlessScreen(device: .iPhone15)

    func shownRoot() -> UIViewController {
        let a = UIViewController()
        let window = UIWindow(frame: .zero)
        window.rootViewController = a
        screen.show(window)
        screen.advance(by: 0.1)
        return a
    }

    func swipe(from y: CGFloat, to end: CGFloat) {
        let finger = screen.touchDown(at: CGPoint(x: 200, y: y))
        for step in 1 ... 10 {
            screen.moveTouch(finger, to: CGPoint(x: 200, y: y + (end - y) * CGFloat(step) / 10))
            screen.advance(by: 1.0 / 60)
        }
        screen.advance(by: 0.2)
        screen.liftTouch(finger)
        screen.advance(by: 0.6)
    }

    @Test("the delegate hears a swipe that dismisses, and can refuse one (attempt reported)")
    func delegate() {
        let a = shownRoot()
        let b = UIViewController()
        let log = SheetDelegateLog()
        b.presentationController?.delegate = log
        a.present(b, animated: false)
        log.allowsDismissal = false
        swipe(from: 300, to: 800)
        #expect(a.presentedViewController === b)
        #expect(log.entries == ["should", "attempt"])
        log.entries = []
        log.allowsDismissal = true
        swipe(from: 300, to: 800)
        #expect(a.presentedViewController == nil)
        #expect(log.entries == ["should", "will", "did"])
    }

    @Test("a medium detent rests the sheet half way; the grabber shows when asked for")
    func mediumDetent() throws {
        let a = shownRoot()
        let b = UIViewController()
        let sheet = try #require(b.sheetPresentationController)
        sheet.detents = [.medium(), .large()]
        sheet.prefersGrabberVisible = true
        a.present(b, animated: false)
        let card = try #require(b.view.superview)
        #expect(card.frame.minY == 426)
        #expect(card.subviews.contains { $0.frame.size == CGSize(width: 36, height: 5) })
        sheet.selectedDetentIdentifier = .large
        screen.advance(by: 0.6)
        #expect(card.frame.minY == 69)
    }

    @Test("an action sheet has a popover presentation controller (unused on iPhone); an alert has none")
    func popovers() {
        let sheet = UIAlertController(title: nil, message: nil, preferredStyle: .actionSheet)
        sheet.popoverPresentationController?.sourceView = UIView()
        #expect(sheet.popoverPresentationController?.sourceView != nil)
        let alert = UIAlertController(title: "A", message: nil, preferredStyle: .alert)
        #expect(alert.popoverPresentationController == nil)
        let popover = UIViewController()
        popover.modalPresentationStyle = .popover
        #expect(popover.popoverPresentationController != nil)
    }
}
