import Foundation
import Testing
@testable import TabulaCollection
import Tabula
import TabulaUIKitTestSupport

/// A one-row plain list titled "Nature" with `accessories`, its cell and screen.
@MainActor
private func showRow(_ accessories: [UICellAccessory], editing: Bool = false) throws
    -> (cell: UICollectionViewListCell, screen: HeadlessScreen) {
    let source = ListSource([1])
    source.accessories = accessories
    let (list, screen) = showList(source, UICollectionLayoutListConfiguration(appearance: .plain))
    let cell = try #require(list.cellForItem(at: IndexPath(item: 0, section: 0)) as? UICollectionViewListCell)
    var content = cell.defaultContentConfiguration()
    content.text = "Nature"
    cell.contentConfiguration = content
    if editing { cell.isEditing = true }
    cell.setNeedsLayout()
    cell.layoutIfNeeded()
    screen.advance(by: 1.0 / 60)
    return (cell, screen)
}

/// The frame, in the cell, of the label showing `text`.
@MainActor
private func textFrame(_ text: String, in cell: UICollectionViewListCell) throws -> CGRect {
    func find(_ view: UIView) -> UILabel? {
        if let label = view as? UILabel, label.text == text { return label }
        for sub in view.subviews { if let found = find(sub) { return found } }
        return nil
    }
    let label = try #require(find(cell.contentView))
    return label.convert(label.bounds, to: cell)
}

/// The frame, in the cell, of the first accessory of the kind of `sample` on screen.
@MainActor
private func frame(of sample: UICellAccessory, in cell: UICollectionViewListCell) throws -> CGRect {
    try #require(cell.accessoryViews.first { $0.accessory.kindKey == sample.kindKey }).view.frame
}

@MainActor
private func star(_ placement: UICellAccessory.Placement) -> (UICellAccessory, UIView) {
    let view = UIImageView(image: UIImage(systemName: "star.fill"))
    return (.customView(configuration: .init(customView: view, placement: placement)), view)
}

@MainActor
@Suite("Where list cell accessories stand: system ones fixed, custom views at their placement's position")
struct AccessoryPlacementTests {
    @Test("a trailing custom view stands by default between the text and the disclosure indicator (Nature ★ ›)")
    func defaultTrailingNextToContent() throws {
        let (accessory, starView) = star(.trailing())
        let (cell, screen) = try showRow([.disclosureIndicator(), accessory])
        defer { withExtendedLifetime(screen) {} }
        let text = try textFrame("Nature", in: cell)
        let chevron = try frame(of: .disclosureIndicator(), in: cell)
        #expect(starView.superview === cell)
        #expect(text.maxX <= starView.frame.minX)
        #expect(starView.frame.maxX < chevron.minX)
        #expect(chevron.maxX == cell.bounds.width - 16, "the chevron keeps its place at the trailing edge")
        #expect(cell.contentView.frame.maxX <= starView.frame.minX, "the content gives the star room")
        writeForLooking(screen.snapshot(), "accessory-placement-default")
    }

    @Test("system accessories keep their fixed places whatever the array's order")
    func systemOrderFixed() throws {
        let (cell, screen) = try showRow([.disclosureIndicator(), .label(text: "On")])
        defer { withExtendedLifetime(screen) {} }
        let label = try frame(of: .label(text: ""), in: cell), chevron = try frame(of: .disclosureIndicator(), in: cell)
        #expect(label.maxX < chevron.minX)
        #expect(chevron.maxX == cell.bounds.width - 16)
    }

    @Test("a leading custom view stands next to the content, inside the delete control; an outline disclosure stays trailing")
    func leadingNextToContent() throws {
        let (accessory, starView) = star(.leading())
        let (cell, screen) = try showRow([accessory, .delete(), .outlineDisclosure()], editing: true)
        defer { withExtendedLifetime(screen) {} }
        let delete = try frame(of: .delete(), in: cell), outline = try frame(of: .outlineDisclosure(), in: cell)
        let text = try textFrame("Nature", in: cell)
        #expect(delete.minX == 16, "the delete control keeps the leading edge")
        #expect(delete.maxX < starView.frame.minX)
        #expect(starView.frame.maxX <= text.minX)
        #expect(text.maxX <= outline.minX)
        #expect(outline.maxX == cell.bounds.width - 16)
        writeForLooking(screen.snapshot(), "accessory-placement-leading")
    }

    @Test("position(after:) and position(before:) put the custom view on the side of the accessory asked for")
    func afterAndBefore() throws {
        let (after, afterView) = star(.trailing(at: UICellAccessory.Placement.position(after: .disclosureIndicator())))
        let (cell, screen) = try showRow([.disclosureIndicator(), after])
        defer { withExtendedLifetime(screen) {} }
        let chevron = try frame(of: .disclosureIndicator(), in: cell)
        #expect(chevron.maxX < afterView.frame.minX)
        #expect(afterView.frame.maxX == cell.bounds.width - 16, "after the chevron is the trailing edge")

        let (before, beforeView) = star(.trailing(at: UICellAccessory.Placement.position(before: .disclosureIndicator())))
        let (other, otherScreen) = try showRow([.label(text: "On"), before, .disclosureIndicator()])
        defer { withExtendedLifetime(otherScreen) {} }
        let label = try frame(of: .label(text: ""), in: other), otherChevron = try frame(of: .disclosureIndicator(), in: other)
        #expect(label.maxX < beforeView.frame.minX)
        #expect(beforeView.frame.maxX < otherChevron.minX)

        // Matching is by kind, whatever the options: after any label; none of the kind: the end.
        let (afterLabel, afterLabelView) = star(.trailing(at: UICellAccessory.Placement.position(after: .label(text: "x"))))
        let (missing, missingView) = star(.leading(at: UICellAccessory.Placement.position(after: .checkmark())))
        let (third, thirdScreen) = try showRow([.disclosureIndicator(), .label(text: "On"), afterLabel, missing])
        defer { withExtendedLifetime(thirdScreen) {} }
        let thirdLabel = try frame(of: .label(text: ""), in: third), thirdChevron = try frame(of: .disclosureIndicator(), in: third)
        #expect(thirdLabel.maxX < afterLabelView.frame.minX && afterLabelView.frame.maxX < thirdChevron.minX)
        #expect(missingView.frame.minX == 16, "no checkmark on the leading side: at the end, the only one there")
    }

    @Test("a position closure sees its side's accessories, leading to trailing; an index out of range is clamped")
    func clampedAndSeen() throws {
        var seen: [[Int]] = []
        let (outer, outerView) = star(.trailing(at: { accessories in seen.append(accessories.map(\.kindKey)); return Int.max }))
        let (inner, innerView) = star(.trailing(at: { accessories in seen.append(accessories.map(\.kindKey)); return -5 }))
        let (lead, leadView) = star(.leading(at: { _ in Int.max }))
        let (cell, screen) = try showRow([outer, .disclosureIndicator(), inner, lead, .label(text: "On")])
        defer { withExtendedLifetime(screen) {} }
        let label = try frame(of: .label(text: ""), in: cell), chevron = try frame(of: .disclosureIndicator(), in: cell)
        let custom = UICellAccessory.customView(configuration: .init(customView: UIView(), placement: .trailing())).kindKey
        #expect(seen.first == [UICellAccessory.label(text: "").kindKey, UICellAccessory.disclosureIndicator().kindKey])
        #expect(seen.dropFirst().first == [UICellAccessory.label(text: "").kindKey, UICellAccessory.disclosureIndicator().kindKey, custom])
        #expect(innerView.frame.maxX < label.minX, "-5 is the first place, next to the content")
        #expect(label.maxX < chevron.minX)
        #expect(chevron.maxX < outerView.frame.minX && outerView.frame.maxX == cell.bounds.width - 16, "Int.max is the last place")
        #expect(leadView.frame.minX == 16)
        #expect(leadView.frame.maxX <= (try textFrame("Nature", in: cell)).minX)
        writeForLooking(screen.snapshot(), "accessory-placement-clamped")
    }
}

/// A controller that keeps an accessory's position in a constant before using it, reading
/// its own state inside: this compiles in Swift 6 with warnings as errors only with Apple's
/// `Position` type, without an actor.
@MainActor
final class PositionKeepingController: UIViewController {
    var wantsOutermost = true

    func starAccessory() -> UICellAccessory {
        let position = { (accessories: [UICellAccessory]) -> Int in
            self.wantsOutermost ? accessories.count : 0
        }
        let star = UIImageView(image: UIImage(systemName: "star.fill"))
        return .customView(configuration: .init(customView: star, placement: .trailing(at: position)))
    }
}
