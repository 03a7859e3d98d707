import Foundation
import Testing
@testable import TabulaCollection
@testable import TabulaUIKit
import Tabula
import TabulaUIKitTestSupport

/// A menu of text sizes, "Medium" on; the actions' handlers log what they run.
@MainActor
private func sizes(_ ran: @escaping (String) -> Void) -> UIMenu {
    UIMenu(children: ["Small", "Medium", "Large"].map { title in
        UIAction(title: title, state: title == "Medium" ? .on : .off) { ran($0.title) }
    })
}

/// The label showing `text` in the window of `view`, if any: a row of a menu on screen.
@MainActor
private func menuRow(_ text: String, near view: UIView) -> UILabel? {
    func find(_ view: UIView) -> UILabel? {
        if let label = view as? UILabel, label.text == text, label.window != nil { return label }
        return view.subviews.lazy.compactMap(find).first
    }
    return view.window.flatMap(find)
}

@MainActor
@Suite("The pop-up menu accessory of list cells")
struct PopUpMenuAccessoryTests {
    @Test("up and down chevrons at the trailing edge; a tap anywhere on the row shows the menu instead of selecting it")
    func tapShowsMenu() throws {
        var ran: [String] = []
        var changes: [[String]] = []
        let menu = sizes { ran.append($0) }
        let fixture = AccessoryRowsFixture([
            ("Text Size", [.popUpMenu(menu, selectedElementDidChangeHandler: { changes.append($0.selectedElements.map(\.title)) }),
                           .label(text: "Medium")]),
            ("Other", []),
        ])
        let chevrons = try fixture.accessory(.popUpMenu, 0)
        let label = try fixture.accessory(.label, 0)
        #expect(chevrons.frame.maxX == 304, "at the trailing edge, 16 points in")
        #expect(label.frame.maxX <= chevrons.frame.minX, "after the label that shows the value")
        #expect(try fixture.textFrame(0).maxX <= label.frame.minX)
        let background = fixture.pixel(try fixture.cell(0), at: CGPoint(x: 200, y: 4))
        #expect(fixture.pixels(of: chevrons).contains { Int($0.red) < Int(background.red) - 60 }, "grey chevrons are drawn")

        fixture.tap(try fixture.cell(0), at: CGPoint(x: 60, y: 22))
        fixture.screen.advance(by: 0.5)
        #expect(fixture.screen.menuOnScreen?.rowTitles == ["Small", "Medium", "Large"])
        #expect(fixture.view.indexPathsForSelectedItems == nil && fixture.log.isEmpty, "the row is not selected")
        writeForLooking(fixture.screen.snapshot(), "list-pop-up-menu")

        // Choosing another action turns it on and the others off, tells the handler, runs it.
        fixture.tap(try #require(menuRow("Large", near: fixture.view)))
        fixture.screen.advance(by: 0.5)
        #expect(fixture.screen.menuOnScreen == nil, "the menu closes")
        #expect(ran == ["Large"])
        #expect(changes == [["Large"]])
        #expect(menu.selectedElements.map(\.title) == ["Large"])

        // Choosing the action that is on runs it but changes nothing.
        fixture.tap(chevrons)
        fixture.screen.advance(by: 0.5)
        fixture.tap(try #require(menuRow("Large", near: fixture.view)))
        fixture.screen.advance(by: 0.5)
        #expect(ran == ["Large", "Large"])
        #expect(changes == [["Large"]])
        #expect(fixture.log.isEmpty)

        // Other rows still select.
        fixture.tap(try fixture.cell(1), at: CGPoint(x: 60, y: 22))
        #expect(fixture.log == ["select Other"])
        #expect(fixture.screen.menuOnScreen == nil)
    }

    @Test("a hidden pop-up menu keeps its room, shows no menu, and the row selects as usual")
    func hiddenPopUpMenu() throws {
        let fixture = AccessoryRowsFixture([("Text Size", [.popUpMenu(sizes { _ in }, options: .init(isHidden: true))])])
        let chevrons = try fixture.accessory(.popUpMenu, 0)
        #expect(chevrons.isHidden && chevrons.frame.maxX == 304)
        #expect(UICellAccessory.popUpMenu(UIMenu()).accessoryType == .popUpMenu)
        fixture.tap(try fixture.cell(0), at: CGPoint(x: 60, y: 22))
        fixture.screen.advance(by: 0.5)
        #expect(fixture.screen.menuOnScreen == nil)
        #expect(fixture.log == ["select Text Size"])
    }
}
