import Foundation
import Testing
@testable import TabulaCollection
import Tabula
import TabulaUIKitTestSupport

/// A plain list of titled rows, each with its own accessories, on a 320 × 480 screen at 2x;
/// selections are logged.
@MainActor
final class AccessoryRowsFixture: NSObject, UICollectionViewDataSource, UICollectionViewDelegate {
    let rows: [(title: String, accessories: [UICellAccessory])]
    let view: UICollectionView
    let screen: HeadlessScreen
    var log: [String] = []

    init(_ rows: [(title: String, accessories: [UICellAccessory])], appearance: UICollectionLayoutListConfiguration.Appearance = .plain,
         style: UIUserInterfaceStyle = .light) {
        self.rows = rows
        view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 320, height: 480),
                                collectionViewLayout: UICollectionViewCompositionalLayout.list(using: .init(appearance: appearance)))
        view.contentInsetAdjustmentBehavior = .never
        view.register(UICollectionViewListCell.self, forCellWithReuseIdentifier: "row")
        let (screen, root) = makeScreen(width: 320, height: 480, scale: 2)
        self.screen = screen
        screen.userInterfaceStyle = style
        root.addSubview(view)
        super.init()
        view.dataSource = self
        view.delegate = self
        screen.advance(by: 1.0 / 60)
    }

    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { rows.count }
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "row", for: indexPath) as! UICollectionViewListCell
        var content = cell.defaultContentConfiguration()
        content.text = rows[indexPath.item].title
        cell.contentConfiguration = content
        cell.accessories = rows[indexPath.item].accessories
        return cell
    }
    func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
        log.append("select \(rows[indexPath.item].title)")
    }
    func collectionView(_ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath) {
        log.append("deselect \(rows[indexPath.item].title)")
    }

    func cell(_ item: Int) throws -> UICollectionViewListCell {
        try #require(view.cellForItem(at: IndexPath(item: item, section: 0)) as? UICollectionViewListCell)
    }

    /// The view of the accessory of `type` on screen in row `item`.
    func accessory(_ type: UICellAccessory.AccessoryType, _ item: Int) throws -> UIView {
        try #require(try cell(item).accessoryViews.first { $0.accessory.accessoryType == type }?.view, "no \(type) in row \(item)")
    }

    func shows(_ type: UICellAccessory.AccessoryType, _ item: Int) throws -> Bool {
        try cell(item).accessoryViews.contains { $0.accessory.accessoryType == type }
    }

    /// The frame, in the row's cell, of the label showing the row's title.
    func textFrame(_ item: Int) throws -> CGRect {
        func find(_ view: UIView) -> UILabel? {
            if let label = view as? UILabel, label.text == rows[item].title { return label }
            return view.subviews.lazy.compactMap(find).first
        }
        let cell = try cell(item)
        let label = try #require(find(cell.contentView))
        return label.convert(label.bounds, to: cell)
    }

    /// Taps at `point` in `view`'s coordinates.
    func tap(_ view: UIView, at point: CGPoint? = nil) {
        screen.tap(at: view.convert(point ?? CGPoint(x: view.bounds.midX, y: view.bounds.midY), to: nil))
        screen.advance(by: 1.0 / 60)
    }

    /// The pixel drawn now at `point` in `view`'s coordinates.
    func pixel(_ view: UIView, at point: CGPoint) -> Pixel {
        let p = view.convert(point, to: nil)
        return screen.snapshot().cgImage!.pixel(x: Int(p.x * screen.scale), y: Int(p.y * screen.scale))
    }

    /// The pixels drawn now over `view`.
    func pixels(of view: UIView) -> [Pixel] {
        let image = screen.snapshot().cgImage!
        let r = view.convert(view.bounds, to: nil)
        let s = screen.scale
        return (Int(r.minY * s) ..< Int(r.maxY * s)).flatMap { y in (Int(r.minX * s) ..< Int(r.maxX * s)).map { image.pixel(x: $0, y: y) } }
    }
}

extension Pixel {
    /// Blue well above red and green: the default tint.
    var isBlue: Bool { Int(blue) > Int(red) + 80 && Int(blue) > Int(green) + 30 }
    /// Green well above red and blue: the insert control.
    var isGreen: Bool { Int(green) > Int(red) + 80 && Int(green) > Int(blue) + 50 }
    /// Within a few levels of `other` in every channel.
    func isNear(_ other: Pixel) -> Bool {
        abs(Int(red) - Int(other.red)) < 8 && abs(Int(green) - Int(other.green)) < 8 && abs(Int(blue) - Int(other.blue)) < 8
    }
}

@MainActor
@Suite("The multiselect circle, the detail button and the insert control of list cells")
struct SelectionDetailInsertAccessoryTests {
    @Test("the multiselect circle stands at the leading edge only while editing: an empty ring, filled with the tint around a white check once the row is selected")
    func multiselectFollowsEditingAndSelection() throws {
        let fixture = AccessoryRowsFixture([("Inbox", [.multiselect()]), ("Drafts", [.multiselect()]), ("Sent", [.multiselect()])])
        fixture.view.allowsMultipleSelectionDuringEditing = true
        #expect(try !fixture.shows(.multiselect, 1), "not while the list is not editing")
        #expect(try fixture.textFrame(1).minX == 16)

        fixture.view.isEditing = true
        fixture.screen.advance(by: 0.5)
        let circle = try fixture.accessory(.multiselect, 1)
        #expect(circle.frame.minX == 16 && circle.frame.width == 22)
        #expect(abs(circle.frame.midY - (try fixture.cell(1)).bounds.midY) <= 0.5, "centred on the row")
        #expect(try fixture.textFrame(1).minX >= circle.frame.maxX + 8, "the text moves over to make room")
        let background = fixture.pixel(try fixture.cell(1), at: CGPoint(x: 200, y: 4))
        #expect(fixture.pixel(circle, at: CGPoint(x: 11, y: 11)).isNear(background), "empty inside")
        #expect(fixture.pixels(of: circle).contains { !$0.isNear(background) }, "a ring is drawn")
        #expect(!fixture.pixels(of: circle).contains { $0.isBlue })

        // A tap on the circle (or anywhere on the row) selects the row; the circle fills.
        fixture.tap(circle)
        #expect(fixture.log == ["select Drafts"])
        #expect(fixture.view.indexPathsForSelectedItems == [IndexPath(item: 1, section: 0)])
        #expect(fixture.pixel(circle, at: CGPoint(x: 11, y: 5)).isBlue, "filled with the tint")
        let inside = fixture.pixels(of: circle)
        #expect(inside.contains { $0.red > 240 && $0.green > 240 && $0.blue > 240 && $0.alpha == 255 }, "a white checkmark")
        let other = try fixture.accessory(.multiselect, 2)
        #expect(!fixture.pixels(of: other).contains { $0.isBlue }, "the other rows stay empty")

        // A second tap on the row empties the circle; selecting from code fills another.
        fixture.tap(try fixture.cell(1), at: CGPoint(x: 200, y: 22))
        #expect(fixture.log == ["select Drafts", "deselect Drafts"])
        #expect(!fixture.pixels(of: circle).contains { $0.isBlue })
        fixture.view.selectItem(at: IndexPath(item: 2, section: 0), animated: false, scrollPosition: [])
        fixture.screen.advance(by: 1.0 / 60)
        #expect(fixture.pixel(other, at: CGPoint(x: 11, y: 5)).isBlue)

        // Out of editing the circle leaves and the text comes back to the margin.
        fixture.view.isEditing = false
        fixture.screen.advance(by: 0.5)
        #expect(try !fixture.shows(.multiselect, 1))
        #expect(try fixture.textFrame(1).minX == 16)
    }

    @Test("a tap on the detail button runs its handler and leaves the selection as it was; it stands before the chevron")
    func detailTapDoesNotSelect() throws {
        var taps = 0
        let fixture = AccessoryRowsFixture([
            ("Wi-Fi", [.disclosureIndicator(), .detail(actionHandler: { taps += 1 })]),
            ("Bluetooth", [.detail()]),
        ])
        let detail = try fixture.accessory(.detail, 0)
        let chevron = try fixture.accessory(.disclosureIndicator, 0)
        #expect(detail.frame.size == CGSize(width: 22, height: 22))
        #expect(detail.frame.maxX <= chevron.frame.minX, "the detail button stands before the chevron")
        #expect(try fixture.textFrame(0).maxX <= detail.frame.minX)
        #expect(fixture.pixels(of: detail).contains { $0.isBlue }, "drawn in the tint")

        fixture.tap(detail)
        #expect(taps == 1)
        #expect(fixture.view.indexPathsForSelectedItems == nil && fixture.log.isEmpty, "the row is not selected")

        // With a row selected, the detail button of another row leaves it selected.
        fixture.tap(try fixture.cell(1), at: CGPoint(x: 100, y: 22))
        #expect(fixture.log == ["select Bluetooth"])
        fixture.tap(detail)
        #expect(taps == 2)
        #expect(fixture.view.indexPathsForSelectedItems == [IndexPath(item: 1, section: 0)])
        #expect(fixture.log == ["select Bluetooth"])
        // A detail button without a handler takes the tap too.
        fixture.tap(try fixture.accessory(.detail, 1))
        #expect(fixture.log == ["select Bluetooth"])
        #expect(fixture.view.indexPathsForSelectedItems == [IndexPath(item: 1, section: 0)])
    }

    @Test("the insert control shows at the leading edge while editing; a tap runs its handler and selects nothing")
    func insertWhileEditing() throws {
        var inserted: [String] = []
        let fixture = AccessoryRowsFixture([("Add a stop", [.insert(actionHandler: { inserted.append("stop") })])])
        fixture.view.allowsSelectionDuringEditing = true
        #expect(try !fixture.shows(.insert, 0))
        fixture.view.isEditing = true
        fixture.screen.advance(by: 0.1)
        let insert = try fixture.accessory(.insert, 0)
        #expect(insert.presentedFrame.minX < 16, "sliding in from the leading edge")
        fixture.screen.advance(by: 0.4)
        #expect(insert.frame.minX == 16 && insert.frame.width == 22)
        #expect(try fixture.textFrame(0).minX >= insert.frame.maxX + 8)
        #expect(fixture.pixel(insert, at: CGPoint(x: 4, y: 11)).isGreen, "a green circle")
        let plus = fixture.pixel(insert, at: CGPoint(x: 11, y: 11))
        #expect(plus.red > 240 && plus.green > 240 && plus.blue > 240, "with a white plus")

        fixture.tap(insert)
        #expect(inserted == ["stop"])
        #expect(fixture.view.indexPathsForSelectedItems == nil && fixture.log.isEmpty)

        fixture.view.isEditing = false
        fixture.screen.advance(by: 0.5)
        #expect(try !fixture.shows(.insert, 0))
    }

    @Test("the leading and trailing accessories never cover the text, in each appearance; each kind keeps its fixed place")
    func framesKeepClearOfText() throws {
        let all: [UICellAccessory] = [.detail(), .insert(), .disclosureIndicator(), .multiselect(), .checkmark(), .delete()]
        for appearance in [UICollectionLayoutListConfiguration.Appearance.plain, .insetGrouped] {
            let fixture = AccessoryRowsFixture([("A long title that runs on and on past the accessories", all)], appearance: appearance)
            for editing in [false, true] {
                fixture.view.isEditing = editing
                fixture.screen.advance(by: 0.5)
                let cell = try fixture.cell(0)
                let text = try fixture.textFrame(0)
                for shown in cell.accessoryViews {
                    #expect(!shown.view.frame.intersects(text), "\(shown.accessory.accessoryType) covers the text (\(appearance), editing \(editing))")
                    #expect(cell.bounds.contains(shown.view.frame))
                }
                let leading = cell.accessoryViews.filter { $0.accessory.isLeading }.sorted { $0.view.frame.minX < $1.view.frame.minX }
                #expect(leading.map(\.accessory.accessoryType) == (editing ? [.multiselect, .delete, .insert] : []))
                let trailing = cell.accessoryViews.filter { !$0.accessory.isLeading }.sorted { $0.view.frame.minX < $1.view.frame.minX }
                #expect(trailing.map(\.accessory.accessoryType) == [.checkmark, .detail, .disclosureIndicator])
            }
        }
    }

    @Test("accessoryType names each kind; a custom view's carries the view")
    func accessoryTypes() {
        let view = UIView()
        #expect(UICellAccessory.multiselect().accessoryType == .multiselect)
        #expect(UICellAccessory.detail().accessoryType == .detail)
        #expect(UICellAccessory.insert().accessoryType == .insert)
        #expect(UICellAccessory.delete().accessoryType == .delete)
        #expect(UICellAccessory.label(text: "3").accessoryType == .label)
        #expect(UICellAccessory.customView(configuration: .init(customView: view, placement: .trailing())).accessoryType == .customView(view))
        #expect(UICellAccessory.customView(configuration: .init(customView: view, placement: .trailing())).accessoryType != .customView(UIView()))
        // Options: nil keeps each default.
        let options = UICellAccessory.MultiselectOptions()
        #expect(!options.isHidden && options.reservedLayoutWidth == .standard && options.tintColor == nil && options.backgroundColor == nil)
        #expect(UICellAccessory.DetailOptions(isHidden: true).isHidden)
        #expect(UICellAccessory.InsertOptions(reservedLayoutWidth: .custom(40)).reservedLayoutWidth == .custom(40))
        // The older kinds' options have Apple's shape too.
        #expect(!UICellAccessory.DisclosureIndicatorOptions().isHidden && UICellAccessory.CheckmarkOptions().reservedLayoutWidth == .standard)
        #expect(UICellAccessory.DeleteOptions(backgroundColor: .systemBlue).backgroundColor == .systemBlue)
        #expect(UICellAccessory.ReorderOptions().showsVerticalSeparator)
        #expect(UICellAccessory.OutlineDisclosureOptions().style == .automatic)
        let label = UICellAccessory.LabelOptions()
        #expect(label.font == .preferredFont(forTextStyle: .body) && label.adjustsFontForContentSizeCategory)
        let custom = UICellAccessory.CustomViewConfiguration(customView: view, placement: .leading())
        #expect(!custom.isHidden && custom.reservedLayoutWidth == .standard && !custom.maintainsFixedSize)
    }

    @Test("a hidden detail button keeps its room but is not drawn and does nothing; a reserved width centres the control in it")
    func hiddenAndReservedWidth() throws {
        var taps = 0
        let fixture = AccessoryRowsFixture([
            ("Hidden", [.disclosureIndicator(), .detail(options: .init(isHidden: true), actionHandler: { taps += 1 })]),
            ("Shown", [.disclosureIndicator(), .detail()]),
            ("Wide", [.insert(displayed: .always, options: .init(reservedLayoutWidth: .custom(44)))]),
        ])
        let hidden = try fixture.accessory(.detail, 0), shown = try fixture.accessory(.detail, 1)
        #expect(hidden.frame == shown.frame, "the same room")
        #expect(try fixture.textFrame(0).maxX == (try fixture.textFrame(1)).maxX)
        let background = fixture.pixel(try fixture.cell(0), at: CGPoint(x: 200, y: 4))
        #expect(fixture.pixels(of: hidden).allSatisfy { $0.isNear(background) }, "nothing drawn")
        fixture.tap(hidden)
        #expect(taps == 0)
        #expect(fixture.log == ["select Hidden"], "a tap there is a tap on the row")

        let wide = try fixture.accessory(.insert, 2)
        #expect(wide.frame.midX == 38, "centred in its 44 points, 16 in")
        #expect(try fixture.cell(2).contentView.frame.minX == 60)
    }

    @Test("tint and background colours of the options colour the controls")
    func optionColours() throws {
        let fixture = AccessoryRowsFixture([
            ("Tinted", [.multiselect(displayed: .always, options: .init(tintColor: .systemGreen)),
                        .detail(options: .init(tintColor: .systemGreen))]),
            ("Filled", [.multiselect(displayed: .always, options: .init(backgroundColor: .systemBlue)),
                        .insert(displayed: .always, options: .init(tintColor: .black, backgroundColor: .systemBlue))]),
            ("Delete", [.delete(displayed: .always, options: .init(tintColor: .black, backgroundColor: .systemBlue))]),
        ])
        fixture.view.selectItem(at: IndexPath(item: 0, section: 0), animated: false, scrollPosition: [])
        fixture.screen.advance(by: 1.0 / 60)
        #expect(fixture.pixel(try fixture.accessory(.multiselect, 0), at: CGPoint(x: 11, y: 5)).isGreen, "selected: filled with its tint")
        #expect(fixture.pixels(of: try fixture.accessory(.detail, 0)).contains { $0.isGreen })
        #expect(fixture.pixel(try fixture.accessory(.multiselect, 1), at: CGPoint(x: 11, y: 11)).isBlue, "not selected: its background inside the ring")
        let insert = try fixture.accessory(.insert, 1)
        #expect(fixture.pixel(insert, at: CGPoint(x: 4, y: 11)).isBlue)
        let plus = fixture.pixel(insert, at: CGPoint(x: 11, y: 11))
        #expect(plus.red < 30 && plus.green < 30 && plus.blue < 30, "a black plus")
        let delete = try fixture.accessory(.delete, 2)
        #expect(fixture.pixel(delete, at: CGPoint(x: 4, y: 11)).isBlue)
        let minus = fixture.pixel(delete, at: CGPoint(x: 11, y: 11))
        #expect(minus.red < 30 && minus.green < 30 && minus.blue < 30, "a black minus")
    }

    @Test("a list with the new accessories, in light and dark, for looking")
    func picture() throws {
        for style in [UIUserInterfaceStyle.light, .dark] {
            let fixture = AccessoryRowsFixture([
                ("Selected", [.multiselect(), .detail(), .disclosureIndicator()]),
                ("Not selected", [.multiselect(), .detail()]),
                ("Insert here", [.insert(), .checkmark()]),
                ("Delete", [.delete(), .reorder()]),
            ], appearance: .insetGrouped, style: style)
            fixture.view.allowsMultipleSelectionDuringEditing = true
            fixture.view.isEditing = true
            fixture.screen.advance(by: 0.5)
            fixture.tap(try fixture.cell(0), at: CGPoint(x: 150, y: 22))
            fixture.screen.advance(by: 0.5)
            let ring = try fixture.accessory(.multiselect, 1)
            let background = fixture.pixel(try fixture.cell(1), at: CGPoint(x: 200, y: 4))
            #expect(fixture.pixels(of: ring).contains { abs(Int($0.green) - Int(background.green)) > 40 }, "the ring shows in \(style)")
            #expect(fixture.pixels(of: try fixture.accessory(.detail, 1)).contains { $0.isBlue }, "the detail button shows in \(style)")
            writeForLooking(fixture.screen.snapshot(), "list-multiselect-detail-insert-\(style == .dark ? "dark" : "light")")
        }
    }
}
