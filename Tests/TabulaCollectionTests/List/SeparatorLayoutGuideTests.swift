import Foundation
import Testing
@testable import TabulaCollection
import Tabula
import TabulaUIKitTestSupport

/// `UICollectionViewListCell.separatorLayoutGuide`. UIKit: "The separator layout guide
/// represents the frame of the separator … For custom subviews in the cell, you need to add a
/// constraint to this layout guide that connects it to the leading edge of the cell's
/// primary content."
@MainActor
@Suite("List cells' separator layout guide")
struct SeparatorLayoutGuideTests {
    func cell(_ list: UICollectionView, _ item: Int) throws -> UICollectionViewListCell {
        try #require(list.cellForItem(at: IndexPath(item: item, section: 0)) as? UICollectionViewListCell)
    }

    /// Adds a label at 72 points in `cell`'s content view, placed by constraints.
    func addLabel(to cell: UICollectionViewListCell) -> UILabel {
        let label = UILabel()
        label.text = "Custom"
        label.translatesAutoresizingMaskIntoConstraints = false
        cell.contentView.addSubview(label)
        NSLayoutConstraint.activate([
            label.leadingAnchor.constraint(equalTo: cell.contentView.leadingAnchor, constant: 72),
            label.topAnchor.constraint(equalTo: cell.contentView.topAnchor, constant: 2),
        ])
        return label
    }

    @Test("constraining the guide's leading edge to a label's moves the separator line there")
    func separatorFollowsLabel() throws {
        let (list, screen) = showList(ListSource([4]), UICollectionLayoutListConfiguration(appearance: .plain))
        let cells = try (0 ..< 3).map { try cell(list, $0) }
        for cell in cells {
            let label = addLabel(to: cell)
            cell.separatorLayoutGuide.leadingAnchor.constraint(equalTo: label.leadingAnchor).isActive = true
        }
        screen.advance(by: 1.0 / 60)
        for cell in cells {
            let label = try #require(cell.contentView.subviews.last as? UILabel)
            let labelX = label.convert(CGPoint.zero, to: cell).x
            #expect(labelX == 72, "the label: \(labelX)")
            #expect(cell.separatorView.frame.minX == 72, "the separator starts under the label: \(cell.separatorView.frame)")
            #expect(cell.separatorView.frame.maxX == cell.bounds.width)
            #expect(cell.separatorLayoutGuide.layoutFrame == cell.separatorView.frame, "the guide is the separator's frame")
        }
        writeForLooking(screen.snapshot(), "list-moved-separator")
        // On screen: the line starts at 72, not at the text's 16.
        let image = try #require(screen.snapshot().cgImage)
        let row = cells[0].convert(CGPoint(x: 0, y: cells[0].bounds.height - 0.5), to: nil)
        let before = image.color(x: 40, y: Int(row.y)), after = image.color(x: 100, y: Int(row.y))
        #expect(before.red > 0.99 && before.green > 0.99, "no line before the label: \(before)")
        #expect(after.red < 0.9 && after.green < 0.9, "the line under the label: \(after)")
    }

    @Test("tied to the content view's text guide with an offset, the separator follows the text")
    func separatorFollowsTextGuide() throws {
        let (list, screen) = showList(ListSource([3]), UICollectionLayoutListConfiguration(appearance: .plain))
        let first = try cell(list, 0)
        let content = try #require(first.contentView as? UIListContentView)
        let text = try #require(content.textLayoutGuide)
        first.separatorLayoutGuide.leadingAnchor.constraint(equalTo: text.leadingAnchor, constant: 30).isActive = true
        screen.advance(by: 1.0 / 60)
        let textX = try #require(content.textFrame).minX + content.frame.minX
        #expect(first.separatorView.frame.minX == textX + 30, "\(first.separatorView.frame), text at \(textX)")
        // The other rows keep the default.
        #expect(try cell(list, 1).separatorView.frame.minX == textX)
    }

    @Test("a guide read but not constrained leaves the separator where it was, and reading it early does not trap")
    func defaultUnchanged() throws {
        let (list, screen) = showList(ListSource([3]), UICollectionLayoutListConfiguration(appearance: .plain))
        let plain = try cell(list, 1)
        let before = plain.separatorView.frame
        let read = try cell(list, 0)
        let guide = read.separatorLayoutGuide
        screen.advance(by: 1.0 / 60)
        #expect(read.separatorView.frame == before, "\(read.separatorView.frame) vs \(before)")
        #expect(guide.layoutFrame == before)
        #expect(read.separatorLayoutGuide === guide)
        // A cell that was never laid out.
        let fresh = UICollectionViewListCell(frame: .zero)
        #expect(fresh.separatorLayoutGuide.layoutFrame == .zero)
        fresh.frame = CGRect(x: 0, y: 0, width: 300, height: 44)
        fresh.layoutIfNeeded()
        #expect(fresh.separatorLayoutGuide.layoutFrame == fresh.separatorView.frame)
        #expect(fresh.separatorView.frame.minX == 16)
    }
}
