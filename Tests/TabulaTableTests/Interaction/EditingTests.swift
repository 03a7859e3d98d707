import Foundation
import Testing
@testable import TabulaUIKit
@testable import TabulaTable
import TabulaTestSupport

@Suite("Editing mode")
@MainActor
struct EditingTests {
    @Test("setEditing animated: the delete control slides in and the content shifts over 0.3 s; the accessory cross-fades")
    func enterEditing() {
        let source = InteractionSource.rows(10)
        let (screen, table) = interactionTable(source)
        defer { withExtendedLifetime(screen) {} }
        let cell = table.cellForRow(at: IndexPath(row: 0, section: 0))!
        cell.accessoryType = .disclosureIndicator
        cell.editingAccessoryType = .checkmark
        screen.advance(by: 1.0 / 60)
        let oldAccessory = cell.accessoryContainer!
        table.setEditing(true, animated: true)
        screen.advance(by: 0.1)
        if let dir = ProcessInfo.processInfo.environment["TABULA_PICTURES"] {
            try? screen.snapshot().pngData()!.write(to: URL(fileURLWithPath: dir + "/editing-midway.png"))
        }
        #expect(table.isEditing && cell.isEditing)
        let control = cell.editingControl!
        #expect(control.kind == .delete)
        #expect(cell.contentView.frame.minX == UITableViewCell.editingControlWidth, "the model is final at once")
        var xs: [CGFloat] = []
        for _ in 0 ..< 14 {
            screen.advance(by: 1.0 / 60)
            xs.append(cell.contentView.layer.presentation()!.frame.minX)
        }
        #expect(xs.first! > 10 && xs.first! < 40)
        #expect(xs == xs.sorted(), "slides steadily right")
        #expect(xs.last == 40)
        #expect(control.layer.presentation()!.frame.minX == 0)
        #expect(oldAccessory.superview == nil, "the old accessory faded out and left")
        #expect((cell.accessoryContainer as? AccessoryGlyphView)?.type == .checkmark)
        table.setEditing(false, animated: false)
        screen.advance(by: 1.0 / 60)
        #expect(cell.contentView.frame.minX == 0 && control.alpha == 0)
    }

    @Test("an editable row of style .none is indented while editing unless the delegate says not to; others are not")
    func noneStyleIndents() {
        let source = InteractionSource.rows(4)
        source.canEdit = { $0.row != 3 }
        source.editingStyle = { $0.row == 0 ? .delete : .none }
        source.shouldIndent = { $0.row != 2 }
        let (screen, table) = interactionTable(source)
        defer { withExtendedLifetime(screen) {} }
        table.setEditing(true, animated: false)
        screen.advance(by: 1.0 / 60)
        let minX = (0 ..< 4).map { table.cellForRow(at: IndexPath(row: $0, section: 0))!.contentView.frame.minX }
        #expect(minX == [UITableViewCell.editingControlWidth, UITableViewCell.editingControlWidth, 0, 0],
                "delete, .none (indented, blank), .none told not to indent, not editable")
        #expect(table.cellForRow(at: IndexPath(row: 1, section: 0))!.editingControlKind == .none)
    }

    @Test("rows that cannot be edited get no control; insert style shows a plus that commits an insert")
    func stylesAndInsert() {
        let source = InteractionSource.rows(6)
        source.canEdit = { $0.row != 0 }
        source.editingStyle = { $0.row == 5 ? .insert : .delete }
        let (screen, table) = interactionTable(source)
        defer { withExtendedLifetime(screen) {} }
        table.setEditing(true, animated: false)
        screen.advance(by: 1.0 / 60)
        #expect(table.cellForRow(at: IndexPath(row: 0, section: 0))!.editingControlKind == .none)
        #expect(table.cellForRow(at: IndexPath(row: 0, section: 0))!.contentView.frame.minX == 0)
        let plus = table.cellForRow(at: IndexPath(row: 5, section: 0))!
        #expect(plus.editingControlKind == .insert)
        screen.tap(at: plus.editingControl!.convert(CGPoint(x: 20, y: 22), to: nil))
        #expect(source.log.last == "commit insert [0, 5]")
        #expect(table.numberOfRows(inSection: 0) == 7)
    }

    @Test("delete with confirmation: the minus reveals the Delete button, tapping it commits, the row goes")
    func deleteWithConfirmation() {
        let source = InteractionSource.rows(6)
        source.deleteTitle = "Remove"
        let (screen, table) = interactionTable(source)
        defer { withExtendedLifetime(screen) {} }
        table.setEditing(true, animated: false)
        screen.advance(by: 1.0 / 60)
        let row = IndexPath(row: 2, section: 0)
        let cell = table.cellForRow(at: row)!
        screen.tap(at: cell.editingControl!.convert(CGPoint(x: 20, y: 22), to: nil))
        screen.advance(by: 0.4)
        let button = cell.deleteConfirmation!
        if let dir = ProcessInfo.processInfo.environment["TABULA_PICTURES"] {
            try? screen.snapshot().pngData()!.write(to: URL(fileURLWithPath: dir + "/delete-confirmation.png"))
        }
        #expect(button.titleLabel.text == "Remove")
        #expect(button.frame.maxX == cell.bounds.width)
        #expect(cell.editingControl!.isConfirming)
        #expect(source.log.isEmpty, "nothing is committed before the confirmation")
        screen.tap(at: button.convert(CGPoint(x: 20, y: 20), to: nil))
        #expect(source.log == ["commit delete [0, 2]"])
        screen.advance(by: 0.5)
        #expect(table.numberOfRows(inSection: 0) == 5)
        #expect(table.cellForRow(at: row)?.textLabel?.text == "Item 0.3")
    }

    @Test("a tap elsewhere hides the confirmation and selects nothing")
    func confirmationDismissed() {
        let source = InteractionSource.rows(6)
        let (screen, table) = interactionTable(source)
        defer { withExtendedLifetime(screen) {} }
        table.allowsSelectionDuringEditing = true
        table.setEditing(true, animated: false)
        screen.advance(by: 1.0 / 60)
        let cell = table.cellForRow(at: IndexPath(row: 1, section: 0))!
        screen.tap(at: cell.editingControl!.convert(CGPoint(x: 20, y: 22), to: nil))
        screen.advance(by: 0.4)
        #expect(cell.deleteConfirmation != nil)
        screen.tap(at: table.centerOfRow(IndexPath(row: 4, section: 0)))
        screen.advance(by: 0.4)
        #expect(cell.deleteConfirmation == nil)
        #expect(table.indexPathForSelectedRow == nil)
        #expect(source.log.isEmpty)
    }

    @Test("reordering by drag: rows step aside live, the delegate may redirect, moveRowAt on release")
    func reorder() {
        let source = InteractionSource.rows(8)
        source.canMove = { _ in true }
        let (screen, table) = interactionTable(source)
        defer { withExtendedLifetime(screen) {} }
        table.setEditing(true, animated: false)
        screen.advance(by: 1.0 / 60)
        let moving = table.cellForRow(at: IndexPath(row: 1, section: 0))!
        let passed = table.cellForRow(at: IndexPath(row: 2, section: 0))!
        let grip = moving.reorderControl!.convert(CGPoint(x: 22, y: 22), to: nil)
        let id = screen.touchDown(at: grip)
        for step in 1 ... 12 {
            screen.advance(by: 1.0 / 60)
            screen.moveTouch(id, to: CGPoint(x: grip.x, y: grip.y + CGFloat(step) * 10))
        }
        screen.advance(by: 0.3)
        #expect(abs(moving.frame.minY - (44 + 120)) < 0.5, "the row follows the finger")
        #expect(passed.frame.minY == 44, "row 2 stepped up into the gap")
        #expect(table.cellForRow(at: IndexPath(row: 5, section: 0))!.frame.minY == 220, "rows beyond stay")
        screen.liftTouch(id)
        #expect(source.log == ["move [0, 1] -> [0, 4]"])
        #expect(source.sections[0][4] == "Item 0.1")
        screen.advance(by: 0.5)
        #expect(table.cellForRow(at: IndexPath(row: 4, section: 0)) === moving)
        #expect(moving.frame.minY == 176)

        // Redirected: the delegate keeps rows out of the first two places.
        source.log = []
        source.moveTarget = { _, proposed in IndexPath(row: max(2, proposed.row), section: 0) }
        let last = table.cellForRow(at: IndexPath(row: 6, section: 0))!
        let grip2 = last.reorderControl!.convert(CGPoint(x: 22, y: 22), to: nil)
        screen.drag(from: grip2, to: CGPoint(x: grip2.x, y: 10), duration: 0.4)
        #expect(source.log == ["move [0, 6] -> [0, 2]"])
    }

    @Test("a row lifted by its reorder control casts a shadow on the rows around it while it moves, in every style, and the shadow leaves with the drop")
    func reorderLiftShadow() throws {
        for style in [UITableView.Style.plain, .insetGrouped] {
            let source = InteractionSource.rows(8)
            source.canMove = { _ in true }
            let (screen, table) = interactionTable(source, style: style)
            defer { withExtendedLifetime(screen) {} }
            table.setEditing(true, animated: false)
            screen.advance(by: 1.0 / 60)
            let moving = try #require(table.cellForRow(at: IndexPath(row: 2, section: 0)))
            // The rows' own colour, where the shadow will fall: just above and below the row.
            func brightness(_ y: CGFloat) -> Double {
                let point = table.convert(CGPoint(x: moving.frame.midX, y: y), to: nil)
                let c = screen.snapshot().cgImage!.color(x: Int(point.x), y: Int(point.y))
                return (c.red + c.green + c.blue) / 3
            }
            let above = brightness(moving.frame.minY - 3), below = brightness(moving.frame.maxY + 4)
            let grip = moving.reorderControl!.convert(CGPoint(x: 22, y: 22), to: nil)
            let id = screen.touchDown(at: grip)
            for step in 1 ... 6 {
                screen.advance(by: 1.0 / 60)
                screen.moveTouch(id, to: CGPoint(x: grip.x, y: grip.y + CGFloat(step) * 5))
            }
            screen.advance(by: 0.3)
            #expect(abs(moving.frame.minY - table.rectForRow(at: IndexPath(row: 2, section: 0)).minY - 30) < 0.5,
                    "\(style): the row follows the finger")
            // The rows around it are darker where its shadow falls on them.
            #expect(brightness(moving.frame.minY - 3) < above - 0.02, "\(style): a shadow above the lifted row")
            #expect(brightness(moving.frame.maxY + 4) < below - 0.02, "\(style): a shadow below the lifted row")
            screen.liftTouch(id)
            screen.advance(by: 0.6)
            #expect(!table.subviews.contains { $0.layer.shadowOpacity > 0 }, "\(style): the shadow left with the drop")
            #expect(abs(brightness(moving.frame.minY - 3) - above) < 0.01, "\(style): nothing dark is left above the row")
        }
    }

    @Test("Mail: rows selected while editing turn a dark blue in the dark appearance, under their light text, and back")
    func mailMultipleSelectionDark() throws {
        let source = InteractionSource.rows(8)
        let (screen, table) = interactionTable(source, scale: 2)
        defer { withExtendedLifetime(screen) {} }
        table.allowsMultipleSelectionDuringEditing = true
        table.setEditing(true, animated: false)
        screen.advance(by: 0.3)
        screen.tap(at: table.centerOfRow(IndexPath(row: 1, section: 0)))
        screen.advance(by: 0.3)
        func rowColor() -> (red: Double, green: Double, blue: Double) {
            let rect = table.rectForRow(at: IndexPath(row: 1, section: 0))
            let point = table.convert(CGPoint(x: rect.maxX - 30, y: rect.minY + 4), to: nil)
            let c = screen.snapshot().cgImage!.color(x: Int(point.x * 2), y: Int(point.y * 2))
            return (c.red, c.green, c.blue)
        }
        let light = rowColor()
        #expect(light.red > 0.8 && light.blue > light.red, "pale blue in light: \(light)")
        screen.userInterfaceStyle = .dark
        screen.advance(by: 0.1)
        let dark = rowColor()
        #expect(max(dark.red, dark.green, dark.blue) < 0.3 && dark.blue > dark.red,
                "a dark blue in dark, where the text is light (was the light pale blue): \(dark)")
        let label = try #require(table.cellForRow(at: IndexPath(row: 1, section: 0))?.textLabel)
        var (r, g, b, a) = (CGFloat(0), CGFloat(0), CGFloat(0), CGFloat(0))
        _ = label.textColor.resolvedColor(with: label.traitCollection).getRed(&r, green: &g, blue: &b, alpha: &a)
        #expect(min(r, g, b) > 0.7, "the text stays light")
        screen.userInterfaceStyle = .light
        screen.advance(by: 0.1)
        let back = rowColor()
        #expect(abs(back.red - light.red) < 0.02 && abs(back.blue - light.blue) < 0.02, "and pale again")
    }

    @Test("Mail: multiple selection while editing shows check circles and the editing background")
    func mailMultipleSelection() throws {
        let source = InteractionSource.rows(8)
        let (screen, table) = interactionTable(source, scale: 2)
        defer { withExtendedLifetime(screen) {} }
        table.allowsMultipleSelectionDuringEditing = true
        table.setEditing(true, animated: true)
        screen.advance(by: 0.5)
        let cells = (0 ..< 4).map { table.cellForRow(at: IndexPath(row: $0, section: 0))! }
        #expect(cells.allSatisfy { $0.editingControlKind == .multipleSelection })
        screen.tap(at: table.centerOfRow(IndexPath(row: 1, section: 0)))
        screen.advance(by: 0.3)
        screen.tap(at: table.centerOfRow(IndexPath(row: 3, section: 0)))
        screen.advance(by: 0.3)
        #expect(table.indexPathsForSelectedRows == [1, 3].map { IndexPath(row: $0, section: 0) })
        #expect(cells[1].currentSelectionBackground === cells[1].defaultEditingMultipleSelectionBackground)
        // Pixels: the selected row's circle is filled blue, the other's is an empty ring.
        let image = screen.snapshot()
        if let dir = ProcessInfo.processInfo.environment["TABULA_PICTURES"] {
            try image.pngData()!.write(to: URL(fileURLWithPath: dir + "/mail-multiple-selection.png"))
        }
        let filled = image.cgImage!.color(x: 2 * 20, y: 2 * Int(table.rectForRow(at: IndexPath(row: 1, section: 0)).midY))
        let empty = image.cgImage!.color(x: 2 * 20, y: 2 * Int(table.rectForRow(at: IndexPath(row: 2, section: 0)).midY))
        #expect(filled.blue > 0.9 && filled.red < 0.2)
        #expect(empty.red > 0.9 && empty.blue > 0.9, "white inside the ring")
        // Escape ends editing; the selection does not survive it.
        table.becomeFirstResponder()
        screen.pressKey(.keyboardEscape)
        #expect(!table.isEditing)
        #expect(table.indexPathsForSelectedRows == nil)
        table.resignFirstResponder()
    }

    @Test("setEditing inside an update block changes the cells with the update, and styles are asked again at endUpdates")
    func editingInsideUpdateBlock() {
        let source = InteractionSource.rows(6)
        let (screen, table) = interactionTable(source)
        defer { withExtendedLifetime(screen) {} }
        let cell = table.cellForRow(at: IndexPath(row: 0, section: 0))!
        table.beginUpdates()
        table.setEditing(true, animated: true)
        source.sections[0].insert("Add", at: 0)
        table.insertRows(at: [IndexPath(row: 0, section: 0)], with: .fade)
        #expect(!cell.isEditing, "nothing changes until endUpdates")
        source.editingStyle = { $0.row == 0 ? .insert : .delete }
        table.endUpdates()
        #expect(cell.isEditing && cell.editingControlKind == .delete)
        let added = table.cellForRow(at: IndexPath(row: 0, section: 0))!
        #expect(added.editingControlKind == .insert, "the inserted row's style was asked at endUpdates")
        screen.advance(by: 0.1)
        let midway = cell.contentView.layer.presentation()!.frame.minX
        #expect(midway > 0 && midway < 40, "animating with the update")
        // Styles asked again at the next update.
        source.editingStyle = { _ in .none }
        table.beginUpdates()
        table.endUpdates()
        screen.advance(by: 0.5)
        #expect(cell.editingControlKind == .none)
    }
}
