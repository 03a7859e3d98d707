import Foundation
import Testing
@testable import TabulaUIKit
import TabulaUIKitTestSupport

/// Alerts and action sheets follow the preferred text size (Dynamic Type) as iOS's do: the
/// title, message, buttons and text fields grow and shrink with it, rows grow to hold their
/// titles, and the card is placed again at its new size, while it is up.
@MainActor
@Suite("UIAlertController: text size")
struct AlertTextSizeTests {
    let screen = HeadlessScreen(device: .iPhone15)

    func shownRoot() -> UIViewController { screen.showPlainRoot() }

    func labels(_ view: UIView) -> [UILabel] {
        view.subviews.flatMap { ($0 as? UILabel).map { [$0] } ?? [] + labels($0) }
    }

    func label(_ text: String, in alert: UIAlertController) throws -> UILabel {
        try #require(labels(alert.alertView).first { $0.text == text }, "a label showing \"\(text)\"")
    }

    func onScreen(_ view: UIView) -> CGRect { view.convert(view.bounds, to: nil) }

    /// Every button's title lies inside its button, whole: none is cut off by a row too short.
    func expectTitlesFit(_ alert: UIAlertController, _ titles: [String], _ context: String) throws {
        for title in titles {
            let button = try #require(alert.alertView.button(titled: title))
            let label = button.label
            let needed = label.sizeThatFits(CGSize(width: label.bounds.width, height: 0)).height
            #expect(needed <= label.bounds.height + 0.5,
                    "\(context): \"\(title)\" needs \(needed) points and has \(label.bounds.height)")
            #expect(button.bounds.insetBy(dx: -0.5, dy: -0.5).contains(label.frame), "\(context): \"\(title)\" inside its button")
        }
    }

    @Test("an alert that is up grows with the text size, keeps its buttons whole, and returns to its size")
    func alertFollowsTextSize() throws {
        let a = shownRoot()
        let alert = UIAlertController(title: "Reset All Settings?", message: "Every setting returns to its default.",
                                      preferredStyle: .alert)
        alert.addAction(UIAlertAction(title: "Cancel", style: .cancel))
        alert.addAction(UIAlertAction(title: "Reset", style: .destructive))
        a.present(alert, animated: true)
        screen.advance(by: 0.6)
        let before = onScreen(alert.alertView)
        let title = try label("Reset All Settings?", in: alert), message = try label("Every setting returns to its default.", in: alert)
        #expect(title.font.pointSize == 17 && message.font.pointSize == 13, "headline and footnote at the default size")
        let cancel = try #require(alert.alertView.button(titled: "Cancel"))
        let reset = try #require(alert.alertView.button(titled: "Reset"))
        #expect(cancel.frame.minY == reset.frame.minY, "two short titles sit side by side")
        #expect(cancel.label.font.pointSize == 17)

        screen.preferredContentSizeCategory = .accessibilityExtraExtraLarge
        screen.advance(by: 0.1)
        let grown = onScreen(alert.alertView)
        #expect(title.font.pointSize == 47 && message.font.pointSize == 38 && cancel.label.font.pointSize == 47,
                "the text follows: \(title.font.pointSize), \(message.font.pointSize), \(cancel.label.font.pointSize)")
        #expect(grown.height > before.height * 2, "the card grew from \(before.height) to \(grown.height)")
        let insets = screen.safeAreaInsets
        let safe = CGRect(x: 0, y: insets.top, width: screen.size.width, height: screen.size.height - insets.top - insets.bottom)
        #expect(safe.contains(grown), "the card \(grown) stays inside the safe area \(safe)")
        #expect(abs(grown.midX - screen.size.width / 2) < 0.5, "and centred")
        #expect(reset.frame.minY > cancel.frame.minY, "titles too wide for half the card stack")
        try expectTitlesFit(alert, ["Cancel", "Reset"], "at AX2")
        #expect(title.frame.height >= title.sizeThatFits(CGSize(width: title.bounds.width, height: 0)).height,
                "the title's label holds all of its lines")

        screen.preferredContentSizeCategory = .large
        screen.advance(by: 0.1)
        #expect(onScreen(alert.alertView) == before, "back at the default size, the card is as it was")
        #expect(cancel.frame.minY == reset.frame.minY, "side by side again")
    }

    @Test("an alert presented at a large text size is laid out for it from the first frame")
    func alertPresentedLarge() throws {
        let a = shownRoot()
        func present() -> UIAlertController {
            let alert = UIAlertController(title: "Sign In", message: "Enter your name and password.", preferredStyle: .alert)
            alert.addTextField { $0.placeholder = "Name" }
            alert.addTextField { $0.placeholder = "Password" }
            alert.addAction(UIAlertAction(title: "Cancel", style: .cancel))
            alert.addAction(UIAlertAction(title: "Sign In", style: .default))
            a.present(alert, animated: false)
            screen.advance(by: 0.1)
            return alert
        }
        let normal = present()
        let normalCard = onScreen(normal.alertView), normalField = try #require(normal.textFields?.first)
        normal.dismiss(animated: false)
        screen.advance(by: 0.1)

        screen.preferredContentSizeCategory = .extraExtraExtraLarge
        let large = present()
        let field = try #require(large.textFields?.first)
        #expect(field.font?.pointSize == 19 && normalField.font?.pointSize == 13, "the fields' text follows the footnote style")
        #expect(field.bounds.height > normalField.bounds.height, "and the fields' rows grow: \(field.bounds.height)")
        #expect(onScreen(large.alertView).height > normalCard.height, "the card is taller from the start")
        try expectTitlesFit(large, ["Cancel", "Sign In"], "at xxxL")
        // Laid out again from scratch at this size, the card is where it already is.
        let shown = onScreen(large.alertView)
        large.view.setNeedsLayout()
        large.view.layoutIfNeeded()
        #expect(onScreen(large.alertView) == shown)
    }

    @Test("an action sheet's rows grow with the text size, and its cancel button stays on screen")
    func actionSheetFollowsTextSize() throws {
        let a = shownRoot()
        let sheet = UIAlertController(title: "Share", message: nil, preferredStyle: .actionSheet)
        for name in ["Mail", "Messages", "Copy Link"] { sheet.addAction(UIAlertAction(title: name, style: .default)) }
        sheet.addAction(UIAlertAction(title: "Cancel", style: .cancel))
        a.present(sheet, animated: true)
        screen.advance(by: 0.6)
        let mail = try #require(sheet.alertView.button(titled: "Mail"))
        let rowBefore = mail.bounds.height
        #expect(rowBefore == 57 && mail.label.font.pointSize == 20)

        screen.preferredContentSizeCategory = .accessibilityExtraExtraExtraLarge
        screen.advance(by: 0.1)
        #expect(mail.label.font.pointSize == 55, "title 3 at AX5: \(mail.label.font.pointSize)")
        #expect(mail.bounds.height > rowBefore, "rows grow: \(mail.bounds.height)")
        try expectTitlesFit(sheet, ["Mail", "Messages", "Copy Link", "Cancel"], "at AX5")
        let cancel = try #require(sheet.alertView.button(titled: "Cancel"))
        let cancelOnScreen = onScreen(cancel)
        #expect(cancelOnScreen.maxY <= screen.size.height - screen.safeAreaInsets.bottom + 0.5 && cancelOnScreen.minY >= 0,
                "Cancel stays on screen: \(cancelOnScreen)")
        screen.tap(at: CGPoint(x: cancelOnScreen.midX, y: cancelOnScreen.midY))
        screen.advance(by: 0.6)
        #expect(a.presentedViewController == nil, "and it still cancels")
    }
}
