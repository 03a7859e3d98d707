import Foundation
import Testing
@testable import TabulaUIKit
import TabulaTestSupport

/// Hears what the sheet's delegate is told.
@MainActor
private final class SheetLog: UISheetPresentationControllerDelegate {
    var entries: [String] = []
    var selected: [UISheetPresentationController.Detent.Identifier?] = []
    func sheetPresentationControllerDidChangeSelectedDetentIdentifier(_ sheetPresentationController: UISheetPresentationController) {
        entries.append("detent")
        selected.append(sheetPresentationController.selectedDetentIdentifier)
    }
    func presentationControllerWillDismiss(_ presentationController: UIPresentationController) { entries.append("will") }
    func presentationControllerDidDismiss(_ presentationController: UIPresentationController) { entries.append("did") }
}

@MainActor
@Suite("Sheet detents: dragging between them, what is behind, custom heights, landscape")
struct SheetDetentTests {
    let screen = HeadlessScreen(device: .iPhone15)
    fileprivate let log = SheetLog()

    /// A yellow screen with a button, and a sheet presented over it with `detents`.
    private func presented(_ detents: [UISheetPresentationController.Detent],
                           configure: (UISheetPresentationController) -> Void = { _ in })
        -> (root: UIViewController, sheet: UIViewController, button: UIButton, taps: () -> Int) {
        let root = UIViewController()
        root.view.backgroundColor = .systemYellow
        var taps = 0
        let button = UIButton(type: .system, primaryAction: UIAction(title: "Behind") { _ in taps += 1 })
        button.frame = CGRect(x: 20, y: 120, width: 200, height: 44)
        root.view.addSubview(button)
        let window = UIWindow(frame: .zero)
        window.rootViewController = root
        screen.show(window)
        let content = UIViewController()
        content.view.backgroundColor = .systemBlue
        let sheet = content.sheetPresentationController!
        sheet.detents = detents
        sheet.delegate = log
        configure(sheet)
        root.present(content, animated: true)
        screen.advance(by: 0.8)
        return (root, content, button, { taps })
    }

    private func drag(from y: CGFloat, to end: CGFloat, steps: Int = 12) {
        let finger = screen.touchDown(at: CGPoint(x: 200, y: y))
        for step in 1 ... steps {
            screen.moveTouch(finger, to: CGPoint(x: 200, y: y + (end - y) * CGFloat(step) / CGFloat(steps)))
            screen.advance(by: 1.0 / 60)
        }
        // Hold still before lifting: no fling.
        screen.advance(by: 0.15)
        screen.liftTouch(finger)
        screen.advance(by: 0.8)
    }

    private func sheetTop(_ sheet: UIViewController) -> CGFloat { sheet.view.convert(sheet.view.bounds, to: nil).minY }

    @Test("at the medium detent the screen behind stays full size (dimmed); at the large one it is pushed back")
    func pushBackOnlyAtLarge() {
        let (root, sheet, _, _) = presented([.medium(), .large()])
        #expect(sheetTop(sheet) == 426, "the smallest detent first")
        #expect(root.view.transform.isIdentity, "full size behind a medium sheet: \(root.view.transform)")
        sheet.sheetPresentationController!.animateChanges {
            sheet.sheetPresentationController!.selectedDetentIdentifier = .large
        }
        screen.advance(by: 0.6)
        #expect(sheetTop(sheet) == 69)
        #expect(root.view.transform.a < 0.95, "pushed back behind a large sheet")
        #expect(root.view.window?.statusBarStyle == .lightContent, "light over the black around the pushed-back screen")
        sheet.sheetPresentationController!.selectedDetentIdentifier = .medium
        screen.advance(by: 0.1)
        #expect(root.view.window?.statusBarStyle != .lightContent, "the screen behind's own at the medium detent")
    }

    @Test("a drag moves the sheet between detents, following the finger, and the delegate hears where it settles")
    func dragBetweenDetents() {
        let (root, sheet, _, _) = presented([.medium(), .large()])
        drag(from: 500, to: 150)
        #expect(sheet.sheetPresentationController?.selectedDetentIdentifier == .large)
        #expect(sheetTop(sheet) == 69)
        #expect(log.entries == ["detent"] && log.selected == [.large])
        #expect(root.view.transform.a < 0.95)
        // Midway down, the sheet is where the finger put it, between the two.
        let finger = screen.touchDown(at: CGPoint(x: 200, y: 200))
        for step in 1 ... 6 {
            screen.moveTouch(finger, to: CGPoint(x: 200, y: 200 + CGFloat(step) * 45))
            screen.advance(by: 1.0 / 60)
        }
        let midway = sheetTop(sheet)
        #expect(midway > 69 + 100 && midway < 426, "following the finger: \(midway)")
        #expect(root.view.transform.a > 0.92 && root.view.transform.a < 1, "the screen behind grows back as it goes")
        screen.advance(by: 0.15)
        screen.liftTouch(finger)
        screen.advance(by: 0.8)
        #expect(sheet.sheetPresentationController?.selectedDetentIdentifier == .medium)
        #expect(sheetTop(sheet) == 426)
        #expect(root.view.transform.isIdentity)
        // Well below the smallest: dismissed.
        drag(from: 500, to: 820)
        #expect(root.presentedViewController == nil)
        #expect(log.entries.suffix(2) == ["will", "did"])
    }

    @Test("below the largest undimmed detent, nothing is dimmed and a tap reaches the screen behind")
    func undimmedDetent() {
        let (root, sheet, button, taps) = presented([.medium(), .large()]) { $0.largestUndimmedDetentIdentifier = .medium }
        screen.tap(at: CGPoint(x: button.frame.midX, y: button.frame.midY))
        screen.advance(by: 0.3)
        #expect(taps() == 1, "the button behind the medium sheet was tapped")
        #expect(root.presentedViewController === sheet, "the sheet stays")
        #expect(!screen.elements(labelled: "Behind").isEmpty, "VoiceOver reaches the screen behind an undimmed sheet")
        sheet.sheetPresentationController!.animateChanges {
            sheet.sheetPresentationController!.selectedDetentIdentifier = .large
        }
        screen.advance(by: 0.6)
        screen.tap(at: CGPoint(x: 200, y: 30))
        screen.advance(by: 0.3)
        #expect(taps() == 1, "at the large detent the screen behind is covered")
        #expect(screen.elements(labelled: "Behind").isEmpty, "and hidden from VoiceOver")
    }

    @Test("a custom detent rests at its resolver's height above the bottom safe area; nil leaves it out")
    func customDetent() {
        var maximum: CGFloat = 0
        let small = UISheetPresentationController.Detent.custom(identifier: .init("small")) { context in
            maximum = context.maximumDetentValue
            return 200
        }
        let missing = UISheetPresentationController.Detent.custom { _ in nil }
        let (_, sheet, _, _) = presented([missing, small, .large()])
        #expect(abs(maximum - (852 - 69 - 34)) < 0.001, "\(maximum)")
        #expect(abs(sheetTop(sheet) - (852 - 34 - 200)) < 0.001, "200 points above the home indicator's area: \(sheetTop(sheet))")
        #expect(UISheetPresentationController.Detent.custom { _ in 5000 }.resolvedValue(in: SheetDetentContext(
            containerTraitCollection: UITraitCollection(), maximumDetentValue: 700, halfScreenAllowance: 0)) == 700)
        #expect(UISheetPresentationController.Detent.custom { _ in .nan }.resolvedValue(in: SheetDetentContext(
            containerTraitCollection: UITraitCollection(), maximumDetentValue: 700, halfScreenAllowance: 0)) == nil)
    }

    @Test("in landscape a sheet covers the screen; attached to the edge when it prefers, at its detent")
    func landscape() {
        let (_, sheet, _, _) = presented([.medium(), .large()])
        screen.rotate(to: .landscapeLeft)
        screen.advance(by: 1)
        #expect(sheetTop(sheet) == 0, "covering the landscape screen")
        #expect(sheet.view.bounds.width == 852)
        sheet.sheetPresentationController?.prefersEdgeAttachedInCompactHeight = true
        screen.advance(by: 0.1)
        let frame = sheet.view.convert(sheet.view.bounds, to: nil)
        #expect(frame.minY > 100, "at the medium detent, attached to the bottom edge: \(frame)")
        #expect(frame.width == 393, "as wide as the screen is in portrait")
        screen.rotate(to: .portrait)
        screen.advance(by: 1)
        #expect(sheetTop(sheet) == 426)
    }

    @Test("changes outside animateChanges apply at once; inside, the sheet moves there over a few frames")
    func animateChanges() {
        let (_, sheet, _, _) = presented([.medium(), .large()])
        let controller = sheet.sheetPresentationController!
        controller.selectedDetentIdentifier = .large
        screen.advance(by: 1.0 / 60)
        #expect(sheetTop(sheet) == 69, "at once")
        controller.animateChanges { controller.selectedDetentIdentifier = .medium }
        screen.advance(by: 0.1)
        // What is on screen: the card's presentation, not its model.
        let midway = sheet.view.superview!.layer.presentation()!.frame.minY
        #expect(midway > 69 && midway < 426, "moving: \(midway)")
        screen.advance(by: 0.6)
        #expect(sheetTop(sheet) == 426)
        #expect(log.entries.isEmpty, "code's changes are not the delegate's news")
    }

    @Test("a popover is a sheet on iPhone: its adaptive sheet's detents decide where it rests")
    func popoverAdaptiveSheet() throws {
        let root = UIViewController()
        let window = UIWindow(frame: .zero)
        window.rootViewController = root
        screen.show(window)
        let popover = UIViewController()
        popover.modalPresentationStyle = .popover
        let adaptive = try #require(popover.popoverPresentationController?.adaptiveSheetPresentationController)
        adaptive.detents = [.medium(), .large()]
        #expect(popover.popoverPresentationController?.adaptiveSheetPresentationController === adaptive)
        root.present(popover, animated: false)
        screen.advance(by: 0.1)
        #expect(sheetTop(popover) == 426)
    }
}
