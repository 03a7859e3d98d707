import Foundation
import Testing
@testable import TabulaCollection
import Tabula
import TabulaUIKitTestSupport

/// A tag: one line of text with 12 points either side, as wide as its text.
final class ChipCell: UICollectionViewCell {
    let label = UILabel()
    override init(frame: CGRect) {
        super.init(frame: frame)
        label.font = .systemFont(ofSize: 15)
        contentView.backgroundColor = .secondarySystemBackground
        contentView.layer.cornerRadius = 16
        label.translatesAutoresizingMaskIntoConstraints = false
        contentView.addSubview(label)
        NSLayoutConstraint.activate([
            label.leadingAnchor.constraint(equalTo: contentView.leadingAnchor, constant: 12),
            label.trailingAnchor.constraint(equalTo: contentView.trailingAnchor, constant: -12),
            label.centerYAnchor.constraint(equalTo: contentView.centerYAnchor),
        ])
    }
    required init?(coder: NSCoder) { return nil }
}

@MainActor
final class ChipSource: NSObject, UICollectionViewDataSource {
    let tags: [String]
    init(_ tags: [String]) { self.tags = tags }
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { tags.count }
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "chip", for: indexPath) as! ChipCell
        cell.label.text = tags[indexPath.item]
        return cell
    }
}

@MainActor
@Suite("Self-sizing in orthogonal sections")
struct OrthogonalSelfSizingTests {
    static let tags = ["A", "Swift", "Concurrency and actors", "UI", "Layout", "Collection views", "Diffable", "Go",
                       "Accessibility in depth", "Dark", "Text", "Animations that feel right", "Cairo", "Pango", "SDL"]

    func show(_ behavior: UICollectionLayoutSectionOrthogonalScrollingBehavior)
        -> (UICollectionView, UICollectionViewCompositionalLayout, HeadlessScreen, ChipSource) {
        let layout = UICollectionViewCompositionalLayout { _, _ in
            let item = NSCollectionLayoutItem(layoutSize: size(.estimated(60), .fractionalHeight(1)))
            let group = NSCollectionLayoutGroup.horizontal(layoutSize: size(.estimated(60), .absolute(32)), subitems: [item])
            let section = NSCollectionLayoutSection(group: group)
            section.orthogonalScrollingBehavior = behavior
            section.interGroupSpacing = 8
            section.contentInsets = NSDirectionalEdgeInsets(top: 10, leading: 16, bottom: 10, trailing: 16)
            return section
        }
        let source = ChipSource(Self.tags)
        let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 320, height: 200), collectionViewLayout: layout)
        view.contentInsetAdjustmentBehavior = .never
        view.register(ChipCell.self, forCellWithReuseIdentifier: "chip")
        view.dataSource = source
        let (screen, root) = makeScreen(width: 320, height: 200, scale: 1)
        root.addSubview(view)
        screen.advance(by: 1.0 / 60)
        return (view, layout, screen, source)
    }

    /// The frames of the chips on screen, by item, in the collection view's content.
    func chips(_ view: UICollectionView) -> [(item: Int, frame: CGRect, text: String)] {
        view.indexPathsForVisibleItems.sorted().map { path in
            let cell = view.cellForItem(at: path) as! ChipCell
            return (path.item, cell.frame, cell.label.text ?? "")
        }
    }

    @Test("Tags of estimated width take their text's width, one after another 8 points apart; scrolling sideways measures the rest and the scroll width follows")
    func chipsTakeTheirWidths() throws {
        let (view, layout, screen, source) = show(.continuous)
        defer { withExtendedLifetime(source) {} }
        let shown = chips(view)
        writeForLooking(screen.snapshot(), "orthogonal-chips")
        #expect(shown.count >= 3)
        for chip in shown {
            let text = chip.text.size(withAttributes: [.font: UIFont.systemFont(ofSize: 15)]).width
            #expect(abs(chip.frame.width - (text + 24).rounded(.up)) <= 1, "\(chip.text): \(chip.frame.width) for text \(text)")
            #expect(chip.frame.height == 32 && chip.frame.minY == 10)
        }
        #expect(shown.first?.frame.minX == 16)
        for (a, b) in zip(shown, shown.dropFirst()) where b.item == a.item + 1 {
            #expect(abs(b.frame.minX - (a.frame.maxX + 8)) < 0.01, "\(b.text) starts 8 points after \(a.text)")
        }
        #expect(abs(shown.first { $0.text == "Concurrency and actors" }!.frame.width - 60) > 40, "not the estimate")

        let scroller = try #require(layout.orthogonalScrollers[0])
        for step in 1 ... 30 {
            scroller.contentOffset.x = min(CGFloat(step) * 60, max(0, scroller.contentSize.width - scroller.bounds.width))
            screen.advance(by: 1.0 / 60)
        }
        let last = try #require(view.cellForItem(at: IndexPath(item: Self.tags.count - 1, section: 0)))
        _ = last
        let lastInContent = try #require(view.layoutAttributesForItem(at: IndexPath(item: Self.tags.count - 1, section: 0))).frame
        #expect(abs(scroller.contentSize.width - (lastInContent.maxX + scroller.contentOffset.x + 16)) < 0.5,
                "the scroll width ends 16 points after the last tag: \(scroller.contentSize.width) vs \(lastInContent.maxX) + \(scroller.contentOffset.x)")
        let all = (0 ..< Self.tags.count).map { view.layoutAttributesForItem(at: IndexPath(item: $0, section: 0))!.frame }
        for (a, b) in zip(all, all.dropFirst()) { #expect(abs(b.minX - (a.maxX + 8)) < 0.01) }
        #expect(Set(all.map(\.width)).count > 8, "each tag its own width: \(all.map(\.width))")
    }

    @Test("Centred group paging stops with each measured tag in the middle")
    func centredPagingUsesMeasuredWidths() throws {
        let (view, layout, screen, source) = show(.groupPagingCentered)
        defer { withExtendedLifetime(source) {} }
        let scroller = try #require(layout.orthogonalScrollers[0])
        // Paging moves a group at a time; the first two tags' centres are clamped to the start.
        for _ in 0 ..< 3 {
            screen.drag(from: CGPoint(x: 250, y: 26), to: CGPoint(x: 150, y: 26), duration: 0.3)
            screen.advance(by: 1.5)
        }
        let middle = scroller.contentOffset.x + 160
        let centres = (0 ..< Self.tags.count).map { view.layoutAttributesForItem(at: IndexPath(item: $0, section: 0))!.frame }
            .map { $0.midX + scroller.contentOffset.x }
        #expect(scroller.contentOffset.x > 0, "the drag moved the tags")
        #expect(centres.contains { abs($0 - middle) < 1 }, "a tag's centre rests at the middle: offset \(scroller.contentOffset.x)")
    }

    @Test("Cards of estimated height scrolling sideways take their text's height; the section is as tall as the tallest card measured, and the section below moves down")
    func cardsTakeTheirHeights() throws {
        let layout = UICollectionViewCompositionalLayout { _, _ in
            let item = NSCollectionLayoutItem(layoutSize: size(.fractionalWidth(1), .estimated(50)))
            let group = NSCollectionLayoutGroup.horizontal(layoutSize: size(.absolute(200), .estimated(50)), subitems: [item])
            let section = NSCollectionLayoutSection(group: group)
            section.orthogonalScrollingBehavior = .continuous
            section.interGroupSpacing = 10
            section.contentInsets = NSDirectionalEdgeInsets(top: 0, leading: 16, bottom: 20, trailing: 16)
            return section
        }
        let notes = [["Short", "A note long enough to wrap onto three or four lines in a card two hundred points wide, or more",
                      "Two lines of text in a card of this width, perhaps", "Tiny", "Another short one", "The end"],
                     ["Below", "Below too"]]
        let source = NotesSource(notes)
        let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: layout)
        view.contentInsetAdjustmentBehavior = .never
        view.register(NoteCell.self, forCellWithReuseIdentifier: "note")
        view.dataSource = source
        let (screen, root) = makeScreen(width: 320, height: 480, scale: 1)
        root.addSubview(view)
        screen.advance(by: 1.0 / 60)
        defer { withExtendedLifetime(source) {} }

        let heights = (0 ..< 2).map { view.cellForItem(at: IndexPath(item: $0, section: 0))!.frame.height }
        let label = UILabel()
        label.numberOfLines = 0
        label.font = .systemFont(ofSize: 17)
        for (item, height) in heights.enumerated() {
            label.text = notes[0][item]
            let text = label.sizeThatFits(CGSize(width: 200 - 32, height: CGFloat.greatestFiniteMagnitude)).height
            #expect(abs(height - (text + 20)) <= 1, "card \(item): \(height) for text \(text)")
        }
        #expect(heights[1] > heights[0] + 40, "the long note's card is taller")
        let tallest = view.visibleCells.filter { view.indexPath(for: $0)?.section == 0 }.map(\.frame.height).max()!
        let below = try #require(view.layoutAttributesForItem(at: IndexPath(item: 0, section: 1)))
        #expect(abs(below.frame.minY - (tallest + 20)) < 0.5, "the next section starts under the tallest card: \(below.frame.minY) vs \(tallest)")
        let scroller = try #require(layout.orthogonalScrollers[0])
        #expect(abs(scroller.frame.height - (tallest + 20)) < 0.5, "the scroller covers the whole section")
        writeForLooking(screen.snapshot(), "orthogonal-cards")
    }
}
