import Foundation
import Testing
@testable import TabulaUIKit
@testable import TabulaTable
import TabulaTestSupport

@MainActor
@Suite("Alerts with text fields, memory warnings and nib-era API")
struct AlertTextFieldTests {
    let screen = HeadlessScreen(device: .iPhone15)

    func shownRoot() -> UIViewController {
        let root = UIViewController()
        let window = UIWindow(frame: .zero)
        window.rootViewController = root
        screen.show(window)
        screen.advance(by: 0.1)
        return root
    }

    @Test("An alert's text fields sit under the message, the first has the keyboard, the card rises above it, and the action reads the typed text")
    func textFields() throws {
        let root = shownRoot()
        let alert = UIAlertController(title: "New Book", message: "Give it a title.", preferredStyle: .alert)
        #expect(alert.textFields == nil, "no fields: nil, as in UIKit")
        var configured: [String] = []
        alert.addTextField { field in
            field.placeholder = "Title"
            configured.append("title")
        }
        alert.addTextField { field in field.placeholder = "Author" }
        var added: [String] = []
        alert.addAction(UIAlertAction(title: "Cancel", style: .cancel))
        alert.addAction(UIAlertAction(title: "Add", style: .default) { [weak alert] _ in
            added = alert?.textFields?.map { $0.text ?? "" } ?? []
        })
        #expect(configured == ["title"], "the handler runs when the field is added")
        #expect(alert.textFields?.map(\.placeholder) == ["Title", "Author"])
        root.present(alert, animated: true)
        var frames: [UIImage] = []
        for _ in 0..<8 {
            screen.advance(by: 0.0625)
            if ProcessInfo.processInfo.environment["TABULA_LOOK_DIR"] != nil { frames.append(screen.snapshot()) }
        }
        if !frames.isEmpty { writeForLooking(HeadlessScreen.filmstrip(frames, columns: 8), "alert-text-fields-film") }
        let fields = try #require(alert.textFields)
        #expect(fields[0].isFirstResponder)
        let keyboard = try #require(screen.keyboardFrame)
        let card = alert.view.convert(alert.view.bounds, to: nil)
        #expect(card.maxY <= keyboard.minY, "the card is above the keyboard: \(card) vs \(keyboard)")
        func descendants(_ view: UIView) -> [UIView] { view.subviews + view.subviews.flatMap(descendants) }
        let message = descendants(alert.alertView).compactMap { $0 as? UILabel }.first { $0.text == "Give it a title." }
        let messageBottom = try #require(message).convert(message!.bounds, to: nil).maxY
        let firstField = fields[0].convert(fields[0].bounds, to: nil)
        #expect(firstField.minY > messageBottom, "the fields are under the message")
        #expect(fields[1].convert(fields[1].bounds, to: nil).minY >= firstField.maxY, "one under the other")
        screen.advance(by: 0.5)   // the card has risen with the keyboard
        let picture = screen.snapshot()
        writeForLooking(picture, "alert-text-fields")
        // A hairline between the two fields, darker than the field box above and below it.
        let bitmap = try #require(picture.cgImage)
        let scale = screen.scale
        let x = Int((firstField.minX + 40) * scale)
        func luma(_ y: CGFloat) -> Double {
            let c = bitmap.color(x: x, y: Int(y * scale))
            return 0.2126 * c.red + 0.7152 * c.green + 0.0722 * c.blue
        }
        // The darkest pixel row within 3 points of the boundary, against the middle of a field.
        let darkest = stride(from: firstField.maxY - 3, through: firstField.maxY + 3, by: 1 / scale).map(luma).min() ?? 1
        #expect(darkest < luma(firstField.midY + 8) - 0.1, "a hairline separates the fields: \(firstField), x \(x)")

        screen.typeText("Emma")
        _ = fields[1].becomeFirstResponder()
        screen.typeText("Austen")
        try screen.buttons["Add"].tap()
        screen.advance(by: 0.6)
        #expect(added == ["Emma", "Austen"])
        #expect(screen.keyboardFrame == nil, "the keyboard goes with the alert")
    }

    @Test("An action sheet refuses text fields with a report and adds none")
    func actionSheetRefuses() {
        var reports: [String] = []
        let saved = UIViewController.onInvalidUse
        UIViewController.onInvalidUse = { reports.append($0) }
        defer { UIViewController.onInvalidUse = saved }
        let sheet = UIAlertController(title: nil, message: nil, preferredStyle: .actionSheet)
        sheet.addTextField()
        #expect(sheet.textFields == nil)
        #expect(reports.count == 1)
        #expect(reports.first?.contains("Text fields can only be added to an alert controller of style") == true)
    }

    @Test("A simulated memory warning reaches every controller on screen, children and presented ones, and posts the notification")
    func memoryWarning() {
        final class Recorder: UIViewController {
            var warnings = 0
            override func didReceiveMemoryWarning() { warnings += 1 }
        }
        let parent = Recorder(), child = Recorder(), presented = Recorder(), offScreen = Recorder()
        let window = UIWindow(frame: .zero)
        window.rootViewController = parent
        screen.show(window)
        parent.addChild(child)
        parent.view.addSubview(child.view)
        child.didMove(toParent: parent)
        parent.present(presented, animated: false)
        final class Count: @unchecked Sendable { var value = 0 }
        let posted = Count()
        let observer = NotificationCenter.default.addObserver(
            forName: UIApplication.didReceiveMemoryWarningNotification, object: nil, queue: nil) { _ in posted.value += 1 }
        defer { NotificationCenter.default.removeObserver(observer) }
        screen.simulateMemoryWarning()
        let warnings = [parent.warnings, child.warnings, presented.warnings, offScreen.warnings]
        #expect(warnings == [1, 1, 1, 0])
        #expect(posted.value == 1)
    }

    @Test("awakeFromNib and groupTableViewBackground are there for UIKit code: Tabula never calls the one, the other is the grouped background")
    func nibEraNames() {
        final class Cell: UITableViewCell {
            var awoke = false
            override func awakeFromNib() {
                super.awakeFromNib()
                awoke = true
            }
        }
        let cell = Cell(style: .default, reuseIdentifier: "c")
        #expect(!cell.awoke, "cells made from a class are not loaded from a nib")
        #expect(UIColor.groupTableViewBackground == UIColor.systemGroupedBackground)
    }
}
