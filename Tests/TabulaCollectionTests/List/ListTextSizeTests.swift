import Foundation
import Testing
@testable import TabulaCollection
import Tabula
import TabulaUIKitTestSupport

/// A cell whose one label, pinned to the content view's margins, sizes it (a flow
/// layout's self-sizing cell).
private final class SizingNoteCell: UICollectionViewCell {
    let label = UILabel()
    override init(frame: CGRect) {
        super.init(frame: frame)
        label.font = .preferredFont(forTextStyle: .body)
        label.adjustsFontForContentSizeCategory = true
        label.numberOfLines = 0
        label.translatesAutoresizingMaskIntoConstraints = false
        contentView.addSubview(label)
        NSLayoutConstraint.activate([
            label.topAnchor.constraint(equalTo: contentView.topAnchor, constant: 8),
            label.bottomAnchor.constraint(equalTo: contentView.bottomAnchor, constant: -8),
            label.leadingAnchor.constraint(equalTo: contentView.leadingAnchor, constant: 8),
            label.trailingAnchor.constraint(equalTo: contentView.trailingAnchor, constant: -8),
            contentView.widthAnchor.constraint(equalToConstant: 280),
        ])
    }
    required init?(coder: NSCoder) { return nil }
}

@MainActor
private final class SizingNoteSource: NSObject, UICollectionViewDataSource {
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 60 }
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "note", for: indexPath) as! SizingNoteCell
        cell.label.text = "Note \(indexPath.item)"
        return cell
    }
}

/// Self-sizing cells follow the text size (found in the window: after a change of text
/// size the list rows on screen kept their old height with the larger text, and the rows
/// that scrolled in later were measured at the new one, so the list showed uneven rows).
/// In UIKit a change of the preferred content size category has every self-sizing cell
/// measured again.
@MainActor
@Suite("Self-sizing cells and text size")
struct ListTextSizeTests {
    /// The cells on screen, top to bottom.
    private func shownCells(_ view: UICollectionView) -> [UICollectionViewCell] {
        view.visibleCells.filter { !$0.isHidden }.sorted { $0.frame.minY < $1.frame.minY }
    }

    /// Every row on screen has `height`, the rows touch, and each row's text lies inside it.
    private func expectEvenRows(_ view: UICollectionView, height: ClosedRange<CGFloat>, _ when: String) {
        let cells = shownCells(view)
        #expect(cells.count > 5, "\(when): rows on screen")
        let heights = Set(cells.map(\.frame.height))
        #expect(heights.count == 1, "\(when): every row the same height, not \(heights.sorted())")
        for cell in cells {
            #expect(height.contains(cell.frame.height), "\(when): row at \(cell.frame.minY) is \(cell.frame.height) high")
            let label = cell.contentView.subviews.compactMap { $0 as? UILabel }.first
                ?? cell.contentView.subviews.flatMap(\.subviews).compactMap { $0 as? UILabel }.first
            if let label {
                let box = label.convert(label.bounds, to: cell)
                #expect(box.minY >= -0.5 && box.maxY <= cell.bounds.height + 0.5,
                        "\(when): the text (\(box)) lies inside its row (\(cell.bounds.height) high)")
            }
        }
        for (above, below) in zip(cells, cells.dropFirst()) {
            #expect(abs(below.frame.minY - above.frame.maxY) < 0.5, "\(when): rows touch at \(above.frame.maxY)")
        }
    }

    @Test("a list's rows on screen are measured again when the text size changes, and again when it changes back")
    func listRowsFollowTextSize() {
        let (list, screen) = showList(ListSource([200]), UICollectionLayoutListConfiguration(appearance: .plain))
        expectEvenRows(list, height: 44 ... 44, "at the default size")

        screen.preferredContentSizeCategory = .accessibilityExtraLarge
        screen.advance(by: 0.1)
        screen.advance(by: 0.1)
        expectEvenRows(list, height: 60 ... 200, "after the change")
        let grown = shownCells(list)[0].frame.height

        // Down and back up: the rows that come in are measured alike.
        list.setContentOffset(CGPoint(x: 0, y: 2000), animated: false)
        screen.advance(by: 0.1)
        expectEvenRows(list, height: grown ... grown, "scrolled down")
        list.setContentOffset(.zero, animated: false)
        screen.advance(by: 0.1)
        expectEvenRows(list, height: grown ... grown, "scrolled back")

        screen.preferredContentSizeCategory = .large
        screen.advance(by: 0.1)
        screen.advance(by: 0.1)
        expectEvenRows(list, height: 44 ... 44, "back at the default size")
    }

    @Test("a flow layout's self-sizing cells are measured again when the text size changes")
    func flowCellsFollowTextSize() {
        let layout = UICollectionViewFlowLayout()
        layout.estimatedItemSize = CGSize(width: 280, height: 40)
        layout.minimumLineSpacing = 0
        let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: layout)
        view.contentInsetAdjustmentBehavior = .never
        view.register(SizingNoteCell.self, forCellWithReuseIdentifier: "note")
        let source = SizingNoteSource()
        view.dataSource = source
        let (screen, root) = makeScreen(width: 320, height: 480, scale: 1)
        root.addSubview(view)
        screen.advance(by: 0.1)
        screen.advance(by: 0.1)
        let before = shownCells(view)[0].frame.height
        expectEvenRows(view, height: before ... before, "at the default size")

        screen.preferredContentSizeCategory = .accessibilityExtraLarge
        screen.advance(by: 0.1)
        screen.advance(by: 0.1)
        let after = shownCells(view)[0].frame.height
        #expect(after > before + 20, "the cells grow with their text (\(before) → \(after))")
        expectEvenRows(view, height: after ... after, "after the change")
        view.setContentOffset(CGPoint(x: 0, y: 1500), animated: false)
        screen.advance(by: 0.1)
        expectEvenRows(view, height: after ... after, "scrolled down")
        withExtendedLifetime(source) {}
    }

    @Test("the text size changes in the middle of an animated update and of a fling: the rows end even, every one measured at the new size")
    func textSizeChangesMidUpdate() {
        let source = ListSource([200])
        let (list, screen) = showList(source, UICollectionLayoutListConfiguration(appearance: .plain))
        list.performBatchUpdates({
            source.rows = [198]
            list.deleteItems(at: [IndexPath(item: 1, section: 0), IndexPath(item: 3, section: 0)])
        })
        screen.advance(by: 0.05)
        screen.preferredContentSizeCategory = .accessibilityExtraExtraLarge
        screen.advance(by: 0.05)
        list.fling(velocity: CGPoint(x: 0, y: 3000))
        screen.advance(by: 0.05)
        screen.preferredContentSizeCategory = .extraSmall
        screen.advance(by: 0.05)
        screen.preferredContentSizeCategory = .accessibilityLarge
        for _ in 0 ..< 120 { screen.advance(by: 1.0 / 60) }
        let grown = shownCells(list).first?.frame.height ?? 0
        #expect(grown > 50, "measured at the last size (\(grown))")
        expectEvenRows(list, height: grown ... grown, "after the fling")
        list.setContentOffset(.zero, animated: false)
        screen.advance(by: 0.1)
        expectEvenRows(list, height: grown ... grown, "back at the top")
    }

    @Test("at the smallest text size the rows are 44 points from the first frame on, never their shorter measured height")
    func smallTextKeepsMinimumFromFirstFrame() {
        let source = ListSource([60])
        keptListSources.append(source)
        let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 320, height: 480),
                                    collectionViewLayout: UICollectionViewCompositionalLayout.list(using: .init(appearance: .plain)))
        view.contentInsetAdjustmentBehavior = .never
        view.register(UICollectionViewListCell.self, forCellWithReuseIdentifier: "row")
        view.dataSource = source
        let (screen, root) = makeScreen(width: 320, height: 480, scale: 1)
        screen.preferredContentSizeCategory = .extraSmall
        root.addSubview(view)
        for frame in 0 ..< 4 {
            screen.advance(by: 1.0 / 60)
            let heights = Set(shownCells(view).map(\.frame.height))
            #expect(heights == [44], "frame \(frame): rows \(heights.sorted()) high")
        }
        view.setContentOffset(CGPoint(x: 0, y: 900), animated: false)
        screen.advance(by: 1.0 / 60)
        #expect(Set(shownCells(view).map(\.frame.height)) == [44], "rows scrolled in")
    }

    @Test("a list cell whose own content is 20 points tall shows at 44 from the first frame on")
    func shortCustomContentKeepsMinimum() {
        let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 320, height: 480),
                                    collectionViewLayout: UICollectionViewCompositionalLayout.list(using: .init(appearance: .insetGrouped)))
        view.contentInsetAdjustmentBehavior = .never
        view.register(ShortListCell.self, forCellWithReuseIdentifier: "short")
        let source = ShortSource()
        view.dataSource = source
        let (screen, root) = makeScreen(width: 320, height: 480, scale: 1)
        root.addSubview(view)
        defer { withExtendedLifetime(source) {} }
        for frame in 0 ..< 4 {
            screen.advance(by: 1.0 / 60)
            let heights = Set(shownCells(view).map(\.frame.height))
            #expect(heights == [44], "frame \(frame): rows \(heights.sorted()) high")
        }
    }
}

/// A list cell whose content is a 20-point bar pinned to its content view's edges.
private final class ShortListCell: UICollectionViewListCell {
    override init(frame: CGRect) {
        super.init(frame: frame)
        let bar = UIView()
        bar.backgroundColor = .systemOrange
        bar.translatesAutoresizingMaskIntoConstraints = false
        contentView.addSubview(bar)
        NSLayoutConstraint.activate([
            bar.topAnchor.constraint(equalTo: contentView.topAnchor),
            bar.bottomAnchor.constraint(equalTo: contentView.bottomAnchor),
            bar.leadingAnchor.constraint(equalTo: contentView.leadingAnchor, constant: 16),
            bar.trailingAnchor.constraint(equalTo: contentView.trailingAnchor, constant: -16),
            bar.heightAnchor.constraint(equalToConstant: 20),
        ])
    }
    required init?(coder: NSCoder) { return nil }
}

@MainActor
private final class ShortSource: NSObject, UICollectionViewDataSource {
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 30 }
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        collectionView.dequeueReusableCell(withReuseIdentifier: "short", for: indexPath)
    }
}
