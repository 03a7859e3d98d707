import Foundation
import Testing
@testable import TabulaUIKit
@testable import TabulaTable
import TabulaGraphics
import TabulaTestSupport
import TabulaUIKitTestSupport

// What a nib gives a cell or a text view stays theirs on screen: registered by hand in the
// shape `tabula-port` generates.

@MainActor
final class TintedNibCell: UITableViewCell {}

@MainActor
final class NotesTextView: UITextView {
    var madeFromNib = false
    required init?(coder: NSCoder) {
        super.init(coder: coder)
        madeFromNib = true
    }
    override init(frame: CGRect) { super.init(frame: frame) }
}

/// Rows 0 and 3 from the nib (its own colour), row 1 coloured in `cellForRowAt`, row 2 a
/// plain cell that sets no colour.
@MainActor
final class TintedRowsSource: NSObject, UITableViewDataSource {
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 4 }
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        switch indexPath.row {
        case 1:
            let cell = tableView.dequeueReusableCell(withIdentifier: "Plain", for: indexPath)
            cell.backgroundColor = .systemYellow
            return cell
        case 2:
            let cell = UITableViewCell(style: .default, reuseIdentifier: nil)
            cell.textLabel?.text = "Default"
            return cell
        default:
            return tableView.dequeueReusableCell(withIdentifier: "Tinted", for: indexPath)
        }
    }
}

@Suite("Nibs: a cell's and a text view's own values from the file stay on screen")
@MainActor
struct NibOwnValuesTests {
    static let paper = UIColor(red: 245 / 255, green: 244 / 255, blue: 241 / 255, alpha: 1)

    static func register() {
        InterfaceBuilder.registerNib("TintedNibCell") { _, _ in
            let coder = InterfaceBuilder.coder(for: UITableViewCell.self, values: ["UIReuseIdentifier": "Tinted"]) { object in
                (object as! UITableViewCell).backgroundColor = paper
            }
            guard let cell = InterfaceBuilder.make(TintedNibCell.self, coder: coder, element: "TintedNibCell.xib:9 <tableViewCell>", {
                TintedNibCell(coder: $0)
            }) else { return [] }
            InterfaceBuilder.awake([cell])
            return [cell]
        }
        InterfaceBuilder.registerNib("NotesEditor") { _, _ in
            let coder = InterfaceBuilder.coder(for: UITextView.self,
                                               values: ["UIFrame": CGRect(x: 0, y: 0, width: 300, height: 200)]) { object in
                let view = object as! UITextView
                view.text = "From the nib"
                view.font = .systemFont(ofSize: 20)
                view.isEditable = false
            }
            guard let view = InterfaceBuilder.make(NotesTextView.self, coder: coder, element: "NotesEditor.xib:12 <textView>", {
                NotesTextView(coder: $0)
            }) else { return [] }
            InterfaceBuilder.awake([view])
            return [view]
        }
    }

    @Test("a nib cell's colour and one set in cellForRowAt are kept, in light and dark; a cell without one takes the table's")
    func cellColours() throws {
        Self.register()
        let table = UITableView(frame: CGRect(x: 0, y: 0, width: 200, height: 176), style: .plain)
        table.register(UINib(nibName: "TintedNibCell", bundle: nil), forCellReuseIdentifier: "Tinted")
        table.register(UITableViewCell.self, forCellReuseIdentifier: "Plain")
        let source = TintedRowsSource()
        table.dataSource = source
        let (screen, root) = makeScreen(width: 200, height: 176, scale: 1)
        root.addSubview(table)
        screen.advance(by: 0.1)
        func rowColour(_ row: Int) -> Pixel { screen.frame.pixel(x: 190, y: row * 44 + 10) }
        func expected(_ color: UIColor) -> Pixel {
            var r: CGFloat = 0, g: CGFloat = 0, b: CGFloat = 0, a: CGFloat = 0
            _ = color.resolvedColor(with: table.traitCollection).getRed(&r, green: &g, blue: &b, alpha: &a)
            return Pixel(red: UInt8((r * 255).rounded()), green: UInt8((g * 255).rounded()),
                         blue: UInt8((b * 255).rounded()), alpha: 255)
        }
        for style in [UIUserInterfaceStyle.light, .dark] {
            screen.userInterfaceStyle = style
            screen.advance(by: 0.1)
            screen.renderFrame()
            #expect(rowColour(0) == expected(Self.paper), "\(style): the nib cell's own colour")
            #expect(rowColour(1) == expected(.systemYellow), "\(style): the colour set in cellForRowAt")
            #expect(rowColour(2) == expected(.systemBackground), "\(style): the table's colour")
            #expect(rowColour(3) == expected(Self.paper))
        }
        let cell = try #require(table.cellForRow(at: IndexPath(row: 0, section: 0)))
        #expect(cell.backgroundColor == Self.paper)
        withExtendedLifetime(source) {}
    }

    @Test("a UITextView subclass in a nib is made, with the file's text, font and settings")
    func textViewFromNib() throws {
        Self.register()
        let objects = UINib(nibName: "NotesEditor", bundle: nil).instantiate(withOwner: nil)
        let view = try #require(objects.first as? NotesTextView)
        #expect(view.madeFromNib)
        #expect(view.text == "From the nib" && view.font?.pointSize == 20 && !view.isEditable)
        #expect(view.frame == CGRect(x: 0, y: 0, width: 300, height: 200))
        // Drawn like one made in code.
        let (screen, root) = makeScreen(width: 320, height: 220)
        root.addSubview(view)
        screen.advance(by: 0.1)
        screen.renderFrame()
        // Its text is drawn: dark pixels on the first line (20 pt text, 2x), none below the text.
        var inked = 0, below = 0
        for y in 0 ..< 40 { for x in 0 ..< 300 where screen.frame.pixel(x: x, y: y).red < 128 { inked += 1 } }
        for y in 200 ..< 400 { for x in 0 ..< 300 where screen.frame.pixel(x: x, y: y).red < 128 { below += 1 } }
        #expect(inked > 100 && below == 0, "inked \(inked), below \(below)")
    }
}

/// A nib cell whose file gives it no reuse identifier, counting how many are made.
@MainActor
final class UnnamedNibCell: UITableViewCell {
    nonisolated(unsafe) static var made = 0
    required init?(coder: NSCoder) {
        super.init(coder: coder)
        Self.made += 1
    }
    override init(style: CellStyle, reuseIdentifier: String?) { super.init(style: style, reuseIdentifier: reuseIdentifier) }
}

@MainActor
final class UnnamedNibSource: NSObject, UITableViewDataSource {
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 40 }
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "Task", for: indexPath)
        cell.textLabel?.text = "Task \(indexPath.row)"
        return cell
    }
}

@Suite("Nibs: cells registered from a nib are reused")
@MainActor
struct NibCellReuseTests {
    @Test("a nib cell without an identifier of its own takes the registered one and is reused by reloadData and scrolling")
    func reusedUnderTheRegisteredIdentifier() throws {
        InterfaceBuilder.registerNib("UnnamedNibCell") { _, _ in
            let coder = InterfaceBuilder.coder(for: UITableViewCell.self) { _ in }
            guard let cell = InterfaceBuilder.make(UnnamedNibCell.self, coder: coder, element: "UnnamedNibCell.xib:8 <tableViewCell>", {
                UnnamedNibCell(coder: $0)
            }) else { return [] }
            return [cell]
        }
        let table = UITableView(frame: CGRect(x: 0, y: 0, width: 320, height: 440), style: .plain)
        table.register(UINib(nibName: "UnnamedNibCell", bundle: nil), forCellReuseIdentifier: "Task")
        let source = UnnamedNibSource()
        table.dataSource = source
        let (screen, root) = makeScreen(width: 320, height: 440, scale: 1)
        root.addSubview(table)
        screen.advance(by: 0.1)
        let first = try #require(table.cellForRow(at: IndexPath(row: 0, section: 0)))
        #expect(first.reuseIdentifier == "Task")
        let shown = table.visibleCells.count
        UnnamedNibCell.made = 0
        table.reloadData()
        screen.advance(by: 0.1)
        #expect(UnnamedNibCell.made == 0, "reloadData reuses the cells on screen: \(UnnamedNibCell.made) made for \(shown) rows")
        table.setContentOffset(CGPoint(x: 0, y: 44 * 20), animated: false)
        screen.advance(by: 0.1)
        #expect(UnnamedNibCell.made <= 2, "scrolling a screenful reuses the cells that left: \(UnnamedNibCell.made) made")
        withExtendedLifetime(source) {}
    }
}
