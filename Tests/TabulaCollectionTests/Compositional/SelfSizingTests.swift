import Foundation
import Testing
@testable import TabulaCollection
import Tabula
import TabulaUIKitTestSupport

/// A cell whose multi-line label is pinned to its content view's edges by Auto Layout.
final class NoteCell: UICollectionViewCell {
    let label = UILabel()
    override init(frame: CGRect) {
        super.init(frame: frame)
        label.numberOfLines = 0
        label.font = .systemFont(ofSize: 17)
        label.translatesAutoresizingMaskIntoConstraints = false
        contentView.addSubview(label)
        NSLayoutConstraint.activate([
            label.topAnchor.constraint(equalTo: contentView.topAnchor, constant: 10),
            label.leadingAnchor.constraint(equalTo: contentView.leadingAnchor, constant: 16),
            label.trailingAnchor.constraint(equalTo: contentView.trailingAnchor, constant: -16),
            label.bottomAnchor.constraint(equalTo: contentView.bottomAnchor, constant: -10),
        ])
    }
    required init?(coder: NSCoder) { return nil }
}

/// A header whose label sets its height.
final class NoteHeader: UICollectionReusableView {
    let label = UILabel()
    override init(frame: CGRect) {
        super.init(frame: frame)
        label.numberOfLines = 0
        label.translatesAutoresizingMaskIntoConstraints = false
        addSubview(label)
        NSLayoutConstraint.activate([
            label.topAnchor.constraint(equalTo: topAnchor, constant: 8),
            label.leadingAnchor.constraint(equalTo: leadingAnchor, constant: 16),
            label.trailingAnchor.constraint(equalTo: trailingAnchor, constant: -16),
            label.bottomAnchor.constraint(equalTo: bottomAnchor, constant: -8),
        ])
    }
    required init?(coder: NSCoder) { return nil }
}

/// Notes of different lengths, with estimated-height headers.
@MainActor
final class NotesSource: NSObject, UICollectionViewDataSource {
    var notes: [[String]]
    var cellsMade = 0
    init(_ notes: [[String]]) { self.notes = notes }
    func numberOfSections(in collectionView: UICollectionView) -> Int { notes.count }
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { notes[section].count }
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "note", for: indexPath) as! NoteCell
        cell.label.text = notes[indexPath.section][indexPath.item]
        return cell
    }
    func collectionView(_ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String,
                        at indexPath: IndexPath) -> UICollectionReusableView {
        let header = collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: "header", for: indexPath) as! NoteHeader
        header.label.text = indexPath.section == 0 ? "A header long enough to wrap onto a second line in a narrow list" : "Short"
        return header
    }
}

@MainActor
@Suite("Self-sizing in the compositional layout")
struct SelfSizingTests {
    static let long = "A note long enough to wrap over several lines in a list three hundred and twenty points wide, "
        + "so that its row must grow well past the estimate to show all of it."

    func notesLayout(headers: Bool = false) -> UICollectionViewCompositionalLayout {
        let item = NSCollectionLayoutItem(layoutSize: size(.fractionalWidth(1), .estimated(44)))
        let group = NSCollectionLayoutGroup.vertical(layoutSize: size(.fractionalWidth(1), .estimated(44)), subitems: [item])
        let section = NSCollectionLayoutSection(group: group)
        section.interGroupSpacing = 2
        if headers {
            section.boundarySupplementaryItems = [NSCollectionLayoutBoundarySupplementaryItem(
                layoutSize: size(.fractionalWidth(1), .estimated(30)), elementKind: UICollectionView.elementKindSectionHeader, alignment: .top)]
        }
        return UICollectionViewCompositionalLayout(section: section)
    }

    func show(_ source: NotesSource, _ layout: UICollectionViewLayout) -> (UICollectionView, HeadlessScreen) {
        let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: layout)
        view.contentInsetAdjustmentBehavior = .never
        view.register(NoteCell.self, forCellWithReuseIdentifier: "note")
        view.register(NoteHeader.self, forSupplementaryViewOfKind: UICollectionView.elementKindSectionHeader, withReuseIdentifier: "header")
        view.dataSource = source
        let (screen, root) = makeScreen(width: 320, height: 480, scale: 1)
        root.addSubview(view)
        screen.advance(by: 1.0 / 60)
        return (view, screen)
    }

    /// The height a 17-point label needs at `width`, plus the cell's 20 points of margins.
    func expectedHeight(_ text: String, width: CGFloat = 288) -> CGFloat {
        let label = UILabel()
        label.numberOfLines = 0
        label.font = .systemFont(ofSize: 17)
        label.text = text
        return label.sizeThatFits(CGSize(width: width, height: .greatestFiniteMagnitude)).height + 20
    }

    @Test("cells with a multi-line label take the height Auto Layout gives them; rows stack without gaps or overlaps")
    func multiLineCells() throws {
        let source = NotesSource([["Short", Self.long, "Short again", Self.long + " " + Self.long]])
        let (view, screen) = show(source, notesLayout())
        let frames = (0 ..< 4).map { view.frameOfItem($0) ?? .null }
        let tall = expectedHeight(Self.long)
        #expect(tall > 80, "the long note wraps: \(tall)")
        #expect(abs(frames[1].height - tall) <= 1, "\(frames[1]) vs \(tall)")
        #expect(frames[3].height > frames[1].height + 40, "twice the text, taller")
        #expect(abs(frames[0].height - expectedHeight("Short")) <= 1)
        for i in 1 ..< 4 { #expect(frames[i].minY == frames[i - 1].maxY + 2, "row \(i) follows row \(i - 1) after the spacing") }
        #expect(frames.allSatisfy { $0.width == 320 }, "the width is kept")
        #expect(view.contentSize.height == frames[3].maxY)
        // The label inside is laid out to the measured height: nothing clipped.
        let cell = try #require(view.cellForItem(at: IndexPath(item: 1, section: 0)) as? NoteCell)
        screen.advance(by: 1.0 / 60)
        #expect(abs(cell.label.frame.maxY - (cell.bounds.height - 10)) <= 1)
        writeForLooking(screen.snapshot(), "self-sizing-notes")
    }

    @Test("estimated headers are measured too")
    func headers() throws {
        let (view, _) = show(NotesSource([["Short", "Short"], ["Short"]]), notesLayout(headers: true))
        let first = try #require(view.supplementaryView(forElementKind: UICollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: 0)))
        #expect(first.frame.height > 50, "two lines and margins: \(first.frame)")
        #expect(view.frameOfItem(0)?.minY == first.frame.maxY)
        let second = try #require(view.supplementaryView(forElementKind: UICollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: 1)))
        #expect(second.frame.height < 45 && second.frame.height > 30, "one line: \(second.frame)")
    }

    @Test("a list's rows grow with their text; short rows keep the list's 44 points")
    func listRows() throws {
        final class Long: NSObject, UICollectionViewDataSource {
            func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 3 }
            func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
                let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "row", for: indexPath) as! UICollectionViewListCell
                var content = cell.defaultContentConfiguration()
                content.text = indexPath.item == 1 ? SelfSizingTests.long : "Row"
                cell.contentConfiguration = content
                cell.accessories = [.disclosureIndicator()]
                return cell
            }
        }
        let source = Long()
        let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 320, height: 480),
                                    collectionViewLayout: UICollectionViewCompositionalLayout.list(using: .init(appearance: .plain)))
        view.register(UICollectionViewListCell.self, forCellWithReuseIdentifier: "row")
        view.dataSource = source
        let (screen, root) = makeScreen(width: 320, height: 480, scale: 1)
        root.addSubview(view)
        screen.advance(by: 1.0 / 60)
        #expect(view.frameOfItem(0)?.height == 44)
        let tall = try #require(view.frameOfItem(1))
        #expect(tall.height > 88, "\(tall)")
        #expect(view.frameOfItem(2)?.minY == tall.maxY)
        writeForLooking(screen.snapshot(), "self-sizing-list")
        withExtendedLifetime(source) {}
    }

    @Test("cost: scrolling a hundred thousand estimated rows measures only the rows shown, and never asks the provider again")
    func costFollowsTheScreen() {
        let notes = (0 ..< 100_000).map { $0 % 7 == 0 ? Self.long : "Note \($0)" }
        var asked = 0
        let item = NSCollectionLayoutItem(layoutSize: size(.fractionalWidth(1), .estimated(44)))
        let group = NSCollectionLayoutGroup.vertical(layoutSize: size(.fractionalWidth(1), .estimated(44)), subitems: [item])
        let section = NSCollectionLayoutSection(group: group)
        let layout = UICollectionViewCompositionalLayout { _, _ in asked += 1; return section }
        let source = NotesSource([notes])
        let (view, screen) = show(source, layout)
        let askedAfterFirst = asked
        let madeBefore = layout.attributesMade
        for step in 1 ... 30 {
            view.contentOffset = CGPoint(x: 0, y: CGFloat(step) * 300)
            screen.advance(by: 1.0 / 60)
        }
        #expect(asked == askedAfterFirst, "measurements restack; the provider is not asked again")
        let measured = layout.sizings[0]?.itemLengths.count ?? 0
        #expect(measured > 100 && measured < 400, "only the rows shown are measured: \(measured)")
        #expect(layout.attributesMade - madeBefore < 30 * 200, "attributes for what is on screen: \(layout.attributesMade - madeBefore)")
        // Far below, unmeasured rows are at the estimate, right after the measured ones.
        let last = view.collectionViewLayout.layoutAttributesForItem(at: IndexPath(item: 99_999, section: 0))
        #expect(last?.frame.height == 44)
        #expect(view.contentSize.height == last?.frame.maxY)
        withExtendedLifetime(source) {}
    }

    @Test("a measurement that is not a length is reported once and the estimate kept")
    func badMeasurement() {
        final class Broken: UICollectionViewCell {
            override func preferredLayoutAttributesFitting(_ layoutAttributes: UICollectionViewLayoutAttributes) -> UICollectionViewLayoutAttributes {
                let attributes = super.preferredLayoutAttributesFitting(layoutAttributes)
                attributes.size.height = .nan
                return attributes
            }
        }
        final class Source: NSObject, UICollectionViewDataSource {
            func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 3 }
            func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
                collectionView.dequeueReusableCell(withReuseIdentifier: "broken", for: indexPath)
            }
        }
        let source = Source()
        let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: notesLayout())
        view.register(Broken.self, forCellWithReuseIdentifier: "broken")
        view.dataSource = source
        let (screen, root) = makeScreen(width: 320, height: 480, scale: 1)
        var reports: [String] = []
        screen.onReport = { reports.append($0) }
        root.addSubview(view)
        screen.advance(by: 1.0 / 60)
        screen.advance(by: 1.0 / 60)
        #expect(view.frameOfItem(2) == CGRect(x: 0, y: 92, width: 320, height: 44))
        #expect(reports.count == 3, "one report per item, each once: \(reports)")
        withExtendedLifetime(source) {}
    }
}

@MainActor
@Suite("Self-sizing follows content changes")
struct SelfSizingChangeTests {
    @Test("a reconfigured cell is measured again")
    func reconfigureMeasuresAgain() {
        let source = NotesSource([["Short", "Short", "Short"]])
        let (view, screen) = SelfSizingTests().show(source, SelfSizingTests().notesLayout())
        let before = view.frameOfItem(0)?.height ?? 0
        source.notes[0][0] = SelfSizingTests.long
        view.reconfigureItems(at: [IndexPath(item: 0, section: 0)])
        screen.advance(by: 1.0 / 60)
        let after = view.frameOfItem(0)?.height ?? 0
        #expect(after > before + 40, "\(before) → \(after)")
        #expect(view.frameOfItem(1)?.minY == (view.frameOfItem(0)?.maxY ?? 0) + 2)
    }

    @Test("editing narrows a list's rows: they are measured again at the new width")
    func editingMeasuresAgain() throws {
        final class Rows: NSObject, UICollectionViewDataSource {
            func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 2 }
            func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
                let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "row", for: indexPath) as! UICollectionViewListCell
                var content = cell.defaultContentConfiguration()
                content.text = SelfSizingTests.long
                cell.contentConfiguration = content
                cell.accessories = [.delete(), .reorder()]
                return cell
            }
        }
        let source = Rows()
        let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 320, height: 480),
                                    collectionViewLayout: UICollectionViewCompositionalLayout.list(using: .init(appearance: .plain)))
        view.register(UICollectionViewListCell.self, forCellWithReuseIdentifier: "row")
        view.dataSource = source
        let (screen, root) = makeScreen(width: 320, height: 480, scale: 1)
        root.addSubview(view)
        screen.advance(by: 1.0 / 60)
        let wide = try #require(view.frameOfItem(0)).height
        view.isEditing = true
        screen.advance(by: 0.5)
        let cell = try #require(view.cellForItem(at: IndexPath(item: 0, section: 0)))
        let needed = cell.contentView.sizeThatFits(CGSize(width: cell.contentView.bounds.width, height: 0)).height
        #expect(cell.contentView.bounds.width < 260, "the controls take room")
        #expect(abs(cell.frame.height - needed) <= 1, "measured at the narrower width: \(cell.frame.height) vs \(needed)")
        #expect(cell.frame.height > wide, "more lines: \(wide) → \(cell.frame.height)")
        withExtendedLifetime(source) {}
    }
}

@MainActor
@Suite("Self-sizing across")
struct HorizontalSelfSizingTests {
    @Test("in a horizontal layout, estimated widths are measured: each item as wide as its label")
    func estimatedWidths() throws {
        let item = NSCollectionLayoutItem(layoutSize: size(.estimated(80), .fractionalHeight(1)))
        let group = NSCollectionLayoutGroup.horizontal(layoutSize: size(.estimated(80), .absolute(60)), subitems: [item])
        let section = NSCollectionLayoutSection(group: group)
        section.interGroupSpacing = 8
        let configuration = UICollectionViewCompositionalLayoutConfiguration()
        configuration.scrollDirection = .horizontal
        let layout = UICollectionViewCompositionalLayout(section: section, configuration: configuration)
        let source = NotesSource([["Hi", "A much longer tag", "Mid tag"]])
        let (view, _) = SelfSizingTests().show(source, layout)
        let frames = try (0 ..< 3).map { try #require(view.frameOfItem($0)) }
        let label = UILabel()
        label.font = .systemFont(ofSize: 17)
        func width(_ text: String) -> CGFloat {
            label.text = text
            return label.intrinsicContentSize.width + 32
        }
        for (i, text) in ["Hi", "A much longer tag", "Mid tag"].enumerated() {
            #expect(abs(frames[i].width - width(text)) <= 1, "\(text): \(frames[i].width) vs \(width(text))")
            #expect(frames[i].height == 60, "the height is kept")
        }
        #expect(frames[1].minX == frames[0].maxX + 8 && frames[2].minX == frames[1].maxX + 8)
    }
}

/// A note cell that counts how often it is measured.
final class CountingNoteCell: UICollectionViewCell {
    nonisolated(unsafe) static var measured = 0
    let label = UILabel()
    override init(frame: CGRect) {
        super.init(frame: frame)
        label.numberOfLines = 0
        label.translatesAutoresizingMaskIntoConstraints = false
        contentView.addSubview(label)
        NSLayoutConstraint.activate([
            label.topAnchor.constraint(equalTo: contentView.topAnchor, constant: 10),
            label.leadingAnchor.constraint(equalTo: contentView.leadingAnchor, constant: 16),
            label.trailingAnchor.constraint(equalTo: contentView.trailingAnchor, constant: -16),
            label.bottomAnchor.constraint(equalTo: contentView.bottomAnchor, constant: -10),
        ])
    }
    required init?(coder: NSCoder) { return nil }
    override func preferredLayoutAttributesFitting(_ layoutAttributes: UICollectionViewLayoutAttributes) -> UICollectionViewLayoutAttributes {
        CountingNoteCell.measured += 1
        return super.preferredLayoutAttributesFitting(layoutAttributes)
    }
}

@MainActor
@Suite("Self-sizing through batch updates")
struct SelfSizingUpdateTests {
    @Test("an insertion keeps the measured rows' heights at their new places; only the new row is measured")
    func measurementsFollowTheirItems() throws {
        final class Source: NSObject, UICollectionViewDataSource {
            var notes = ["Short", SelfSizingTests.long, "Short again"]
            func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { notes.count }
            func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
                let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "note", for: indexPath) as! CountingNoteCell
                cell.label.text = notes[indexPath.item]
                return cell
            }
        }
        let source = Source()
        let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: SelfSizingTests().notesLayout())
        view.register(CountingNoteCell.self, forCellWithReuseIdentifier: "note")
        view.dataSource = source
        let (screen, root) = makeScreen(width: 320, height: 480, scale: 1)
        root.addSubview(view)
        screen.advance(by: 1.0 / 60)
        let tall = try #require(view.frameOfItem(1)).height
        #expect(tall > 80)
        let measuredBefore = CountingNoteCell.measured
        view.performBatchUpdates {
            source.notes.insert("New", at: 0)
            view.insertItems(at: [IndexPath(item: 0, section: 0)])
        }
        // At once, before any new measurement: the tall row keeps its height in its new place.
        let moved = try #require(view.collectionViewLayout.layoutAttributesForItem(at: IndexPath(item: 2, section: 0)))
        #expect(moved.frame.height == tall)
        screen.advance(by: 0.6)
        #expect(view.frameOfItem(2)?.height == tall)
        #expect(CountingNoteCell.measured - measuredBefore == 1, "only the new row")
        #expect(view.frameOfItem(1)?.minY == (view.frameOfItem(0)?.maxY ?? 0) + 2)
        withExtendedLifetime(source) {}
    }
}

@MainActor
@Suite("Self-sizing layout-wide headers")
struct LayoutWideHeaderSizingTests {
    @Test("A layout-wide header of estimated height takes its text's height, and the sections start under it; it keeps it through an insertion")
    func layoutHeaderMeasured() throws {
        let item = NSCollectionLayoutItem(layoutSize: size(.fractionalWidth(1), .absolute(44)))
        let group = NSCollectionLayoutGroup.vertical(layoutSize: size(.fractionalWidth(1), .absolute(44)), subitems: [item])
        let configuration = UICollectionViewCompositionalLayoutConfiguration()
        configuration.boundarySupplementaryItems = [NSCollectionLayoutBoundarySupplementaryItem(
            layoutSize: size(.fractionalWidth(1), .estimated(30)), elementKind: "layout-header", alignment: .top)]
        let layout = UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: group), configuration: configuration)
        let source = NotesSource([["One", "Two"], ["Three"]])
        let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: layout)
        view.contentInsetAdjustmentBehavior = .never
        view.register(NoteCell.self, forCellWithReuseIdentifier: "note")
        view.register(NoteHeader.self, forSupplementaryViewOfKind: "layout-header", withReuseIdentifier: "header")
        view.dataSource = source
        let (screen, root) = makeScreen(width: 320, height: 480, scale: 1)
        root.addSubview(view)
        screen.advance(by: 1.0 / 60)
        let header = try #require(view.supplementaryView(forElementKind: "layout-header", at: IndexPath(item: 0, section: 0)))
        #expect(header.frame.height > 50, "two lines and margins, not the 30-point estimate: \(header.frame)")
        #expect(header.frame.minY == 0)
        #expect(view.frameOfItem(0)?.minY == header.frame.maxY, "the first section starts under it")
        #expect(view.contentSize.height == header.frame.maxY + 3 * 44)
        let measured = header.frame.height

        source.notes[0].insert("Zero", at: 0)
        view.insertItems(at: [IndexPath(item: 0, section: 0)])
        screen.advance(by: 0.5)
        let after = try #require(view.supplementaryView(forElementKind: "layout-header", at: IndexPath(item: 0, section: 0)))
        #expect(after.frame.height == measured, "kept through the update")
        #expect(view.frameOfItem(0)?.minY == measured)
    }
}

@MainActor
@Suite("Self-sizing stacked groups")
struct StackedGroupSizingTests {
    @Test("A vertical group of a title and a note, each of estimated height, is as tall as both measured; the note starts where the title ends")
    func titleOverNote() throws {
        let title = NSCollectionLayoutItem(layoutSize: size(.fractionalWidth(1), .estimated(30)))
        let note = NSCollectionLayoutItem(layoutSize: size(.fractionalWidth(1), .estimated(30)))
        let group = NSCollectionLayoutGroup.vertical(layoutSize: size(.fractionalWidth(1), .estimated(60)), subitems: [title, note])
        let section = NSCollectionLayoutSection(group: group)
        section.interGroupSpacing = 8
        let layout = UICollectionViewCompositionalLayout(section: section)
        let long = "A note long enough to wrap over several lines in a list three hundred and twenty points wide."
        let source = NotesSource([["Title one", long, "Title two", "Short"]])
        let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: layout)
        view.contentInsetAdjustmentBehavior = .never
        view.register(NoteCell.self, forCellWithReuseIdentifier: "note")
        view.dataSource = source
        let (screen, root) = makeScreen(width: 320, height: 480, scale: 1)
        root.addSubview(view)
        screen.advance(by: 1.0 / 60)
        defer { withExtendedLifetime(source) {} }

        let frames = (0 ..< 4).map { view.frameOfItem($0) ?? .null }
        let label = UILabel()
        label.numberOfLines = 0
        label.font = .systemFont(ofSize: 17)
        for (item, frame) in frames.enumerated() {
            label.text = source.notes[0][item]
            let text = label.sizeThatFits(CGSize(width: 288, height: CGFloat.greatestFiniteMagnitude)).height
            #expect(abs(frame.height - (text + 20)) <= 1, "item \(item): \(frame.height) for text \(text)")
        }
        #expect(frames[1].height > frames[0].height + 30, "the long note is taller than its title")
        #expect(frames[1].minY == frames[0].maxY, "the note starts where its title ends")
        #expect(frames[2].minY == frames[1].maxY + 8, "the next group starts after the spacing")
        #expect(frames[3].minY == frames[2].maxY)
        #expect(view.contentSize.height == frames[3].maxY)
    }
}

@MainActor
@Suite("Self-sizing while views leave")
struct SelfSizingLeavingTests {
    /// The top of a view as drawn now, in the collection view's visible rect.
    func onScreenY(_ view: UIView, in collection: UICollectionView) -> CGFloat {
        view.presentedFrame.minY - (collection.layer.presentation()?.bounds.minY ?? collection.contentOffset.y)
    }

    /// An inserted note at the top of the screen grows past its estimate; the content
    /// offset is corrected so the notes below it stay. A deleted note fading out further
    /// down stays where it is on screen too (before, it jumped up by the correction).
    @Test("a deleted note fading out stays where it is on screen when an inserted note above it is measured")
    func fadingNoteStays() throws {
        let notes = (0 ..< 60).map { $0 % 2 == 0 ? "Short \($0)" : "\(SelfSizingTests.long) \($0)" }
        let source = NotesSource([notes])
        let (view, screen) = SelfSizingTests().show(source, SelfSizingTests().notesLayout())
        view.scrollToItem(at: IndexPath(item: 20, section: 0), at: .top, animated: false)
        screen.advance(by: 1.0 / 60)
        let deletedPath = try #require(view.indexPathsForVisibleItems.sorted().dropFirst(2).first)
        let deleted = try #require(view.cellForItem(at: deletedPath))
        let fadingBefore = onScreenY(deleted, in: view)
        let offsetBefore = view.contentOffset.y
        view.performBatchUpdates {
            source.notes[0].remove(at: deletedPath.item)
            source.notes[0].insert(SelfSizingTests.long + " new", at: 20)
            view.deleteItems(at: [deletedPath])
            view.insertItems(at: [IndexPath(item: 20, section: 0)])
        }
        screen.advance(by: 1.0 / 60)
        #expect(view.contentOffset.y > offsetBefore + 20, "the inserted note was measured and the offset corrected: \(offsetBefore) → \(view.contentOffset.y)")
        #expect(deleted.superview === view && deleted.presentedAlpha < 1, "still fading out")
        #expect(abs(onScreenY(deleted, in: view) - fadingBefore) < 0.5,
                "the note fading out stays where it was on screen: \(fadingBefore) → \(onScreenY(deleted, in: view))")
        screen.advance(by: 0.5)
        #expect(deleted.superview !== view, "let go when its fade ends")
    }
}
