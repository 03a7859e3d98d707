import Foundation
import SnapshotTesting
import Tabula
@testable import TabulaSnapshotTesting
import Testing

@Suite("Text snapshots of the view and controller hierarchy")
@MainActor
struct RecursiveDescriptionTests {
    private func card() -> UIView {
        let card = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        let title = UILabel(frame: CGRect(x: 16, y: 10, width: 168, height: 20.5))
        title.text = "Hello"
        card.addSubview(title)
        let button = UIButton(type: .system)
        button.setTitle("Open", for: .normal)
        button.frame = CGRect(x: 16, y: 50, width: 80, height: 44)
        button.tag = 7
        card.addSubview(button)
        let hidden = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        hidden.isHidden = true
        hidden.alpha = 0.5
        card.addSubview(hidden)
        return card
    }

    @Test("recursiveDescription lists each view with its class, frame and key properties, and is stable")
    func recursiveDescription() throws {
        let first = try describe(card(), as: .recursiveDescription)
        let second = try describe(card(), as: .recursiveDescription)
        #expect(first == second)
        let lines = first.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("<UIView; frame = (0 0; 200 100);") == true, "\(first)")
        #expect(lines.contains { $0.hasPrefix("   | <UILabel; frame = (16 10; 168 20.5);") && $0.contains("text = 'Hello'") },
                "\(first)")
        #expect(lines.contains { $0.hasPrefix("   | <UIButton; frame = (16 50; 80 44);") && $0.contains("title = 'Open'")
                && $0.contains("tag = 7") }, "\(first)")
        #expect(lines.contains { $0.hasPrefix("   | <UIView; frame = (0 0; 10 10); hidden = YES; alpha = 0.5;") }, "\(first)")
        #expect(!first.contains("0x"), "no addresses")
        // Deeper levels are indented once more per level (the button's own subviews).
        #expect(lines.allSatisfy { $0.hasPrefix("<") || $0.hasPrefix("   | ") })
    }

    /// The committed reference in `__Snapshots__`: a change to the format shows up as a diff.
    @Test func cardRecursiveDescription() {
        assertSnapshot(of: card(), as: .recursiveDescription)
    }

    @Test("a size override lays the view out at that size")
    func sizeOverride() throws {
        let text = try describe(card(), as: .recursiveDescription(size: CGSize(width: 300, height: 120)))
        #expect(text.hasPrefix("<UIView; frame = (0 0; 300 120);"))
    }

    @Test("hierarchy lists the controller tree with each controller's state")
    func hierarchy() throws {
        let list = FruitController(style: .plain)
        let navigation = UINavigationController(rootViewController: list)
        let text = try describe(navigation, as: .hierarchy)
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.count == 2, "\(text)")
        #expect(lines.first?.hasPrefix("<UINavigationController>, state: appeared, view: <") == true, "\(text)")
        #expect(lines.last == "   | <FruitController>, state: appeared, view: <UITableView>", "\(text)")
    }

    @Test("a view controller's recursiveDescription describes its view laid out on the configuration's screen")
    func controllerRecursiveDescription() throws {
        let text = try describe(FruitController(style: .plain) as UIViewController,
                                as: .recursiveDescription(on: .iPhoneSe))
        #expect(text.hasPrefix("<UITableView; frame = (0 0; 320 568);"), "\(text)")
        #expect(text.contains("text = 'Apples'"))
    }

    private func describe<Value>(_ value: Value, as strategy: Snapshotting<Value, String>) throws -> String {
        var text: String?
        strategy.snapshot(value).run { text = $0 }
        return try #require(text)
    }
}
