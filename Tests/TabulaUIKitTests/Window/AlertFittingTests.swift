import Foundation
import Testing
@testable import TabulaUIKit
import TabulaUIKitTestSupport

/// Alerts and action sheets with more than fits on the screen: the card stays inside the
/// safe area and scrolls its message and actions, so that every action can be reached, as
/// on iOS.
@MainActor
@Suite("UIAlertController: cards that do not fit")
struct AlertFittingTests {
    let screen = HeadlessScreen(device: .iPhone15)

    func shownRoot() -> UIViewController { screen.showPlainRoot() }

    func center(_ view: UIView) -> CGPoint { view.convert(CGPoint(x: view.bounds.midX, y: view.bounds.midY), to: nil) }

    /// The card's frame on screen, and the screen's safe rectangle.
    func cardAndSafeArea(_ alert: UIAlertController) -> (card: CGRect, safe: CGRect) {
        let card = alert.alertView.convert(alert.alertView.bounds, to: nil)
        let insets = screen.safeAreaInsets
        let safe = CGRect(x: 0, y: insets.top, width: screen.size.width, height: screen.size.height - insets.top - insets.bottom)
        return (card, safe)
    }

    /// Drags the content of the scroll view holding `button` until the button is in view.
    func scrollIntoView(_ button: UIView, in alert: UIAlertController) {
        let (card, _) = cardAndSafeArea(alert)
        for _ in 0 ..< 40 where !card.insetBy(dx: 0, dy: 4).contains(center(button)) {
            let x = card.midX
            let from = CGPoint(x: x, y: card.maxY - 30), to = CGPoint(x: x, y: card.maxY - 330)
            if center(button).y > card.maxY { screen.drag(from: from, to: to, duration: 0.4) }
            else { screen.drag(from: to, to: from, duration: 0.4) }
            screen.advance(by: 1.5)
        }
    }

    @Test("an alert with 50 actions fits the screen, and the 50th can be scrolled to and tapped")
    func fiftyActionAlert() throws {
        let a = shownRoot()
        var chosen: [String] = []
        let alert = UIAlertController(title: "Move to", message: "Choose a folder.", preferredStyle: .alert)
        for i in 1 ... 50 { alert.addAction(UIAlertAction(title: "Folder \(i)", style: .default) { chosen.append($0.title!) }) }
        a.present(alert, animated: true)
        screen.advance(by: 0.6)
        let (card, safe) = cardAndSafeArea(alert)
        #expect(safe.contains(card), "the card \(card) lies inside the safe area \(safe)")
        #expect(card.height > 400, "it uses the height there is: \(card.height)")
        writeForLooking(screen.snapshot(), "alert-50-actions")
        let last = try #require(alert.alertView.button(titled: "Folder 50"))
        #expect(!card.contains(center(last)), "at first the 50th action is below the card's end")
        scrollIntoView(last, in: alert)
        #expect(card.contains(center(last)), "scrolled into the card")
        writeForLooking(screen.snapshot(), "alert-50-actions-scrolled")
        screen.tap(at: center(last))
        screen.advance(by: 0.6)
        #expect(chosen == ["Folder 50"])
    }

    @Test("an action sheet with 50 actions keeps its first actions and its cancel button on screen")
    func fiftyActionSheet() throws {
        let a = shownRoot()
        var chosen: [String] = []
        let sheet = UIAlertController(title: "Share", message: nil, preferredStyle: .actionSheet)
        for i in 1 ... 50 { sheet.addAction(UIAlertAction(title: "Target \(i)", style: .default) { chosen.append($0.title!) }) }
        sheet.addAction(UIAlertAction(title: "Cancel", style: .cancel) { _ in chosen.append("cancel") })
        a.present(sheet, animated: true)
        screen.advance(by: 0.8)
        let (card, safe) = cardAndSafeArea(sheet)
        #expect(safe.contains(card), "\(card) in \(safe)")
        let first = try #require(sheet.alertView.button(titled: "Target 1"))
        let cancel = try #require(sheet.alertView.button(titled: "Cancel"))
        #expect(card.contains(center(first)) && card.contains(center(cancel)))
        writeForLooking(screen.snapshot(), "sheet-50-actions")
        screen.tap(at: center(first))
        screen.advance(by: 0.8)
        #expect(chosen == ["Target 1"])
    }

    @Test("a 10,000-character message scrolls inside the card; OK stays in view and works")
    func hugeMessage() throws {
        let a = shownRoot()
        var chosen: [String] = []
        let text = String(repeating: "All work and no play makes a long message. ", count: 240)
        #expect(text.count > 10_000)
        let alert = UIAlertController(title: "Terms", message: text, preferredStyle: .alert)
        alert.addAction(UIAlertAction(title: "OK", style: .default) { chosen.append($0.title!) })
        a.present(alert, animated: false)
        screen.advance(by: 0.2)
        let (card, safe) = cardAndSafeArea(alert)
        #expect(safe.contains(card), "\(card) in \(safe)")
        let ok = try #require(alert.alertView.button(titled: "OK"))
        #expect(card.contains(center(ok)))
        writeForLooking(screen.snapshot(), "alert-long-message")
        screen.tap(at: center(ok))
        screen.advance(by: 0.6)
        #expect(chosen == ["OK"])
    }

    @Test("sharing the height: what fits in half keeps its height, the rest scrolls", arguments: [
        (100.0, 200.0, 500.0, 100.0, 200.0), (100.0, 2000.0, 500.0, 100.0, 400.0), (2000.0, 44.0, 500.0, 456.0, 44.0),
        (2000.0, 2000.0, 500.0, 250.0, 250.0),
    ])
    func allotment(header: Double, actions: Double, available: Double, shownHeader: Double, shownActions: Double) {
        let shown = AlertView.allot(header: header, actions: actions, available: available)
        #expect(shown.header == shownHeader && shown.actions == shownActions)
    }
}
