import Foundation
import Testing
@testable import TabulaCollection
import Tabula
import TabulaUIKitTestSupport

/// A person: a 56-point round avatar above their name (up to three lines), in a vertical
/// stack view pinned 8 points inside the content view by Auto Layout.
class PersonCell: UICollectionViewCell {
    let avatar = UIImageView()
    let name = UILabel()
    override init(frame: CGRect) {
        super.init(frame: frame)
        avatar.backgroundColor = .systemTeal
        avatar.layer.cornerRadius = 28
        avatar.clipsToBounds = true
        name.font = .systemFont(ofSize: 15)
        name.numberOfLines = 3
        name.textAlignment = .center
        let stack = UIStackView(arrangedSubviews: [avatar, name])
        stack.axis = .vertical
        stack.alignment = .center
        stack.spacing = 6
        stack.translatesAutoresizingMaskIntoConstraints = false
        contentView.addSubview(stack)
        contentView.backgroundColor = .secondarySystemBackground
        contentView.layer.cornerRadius = 12
        NSLayoutConstraint.activate([
            avatar.widthAnchor.constraint(equalToConstant: 56),
            avatar.heightAnchor.constraint(equalToConstant: 56),
            stack.topAnchor.constraint(equalTo: contentView.topAnchor, constant: 8),
            stack.leadingAnchor.constraint(equalTo: contentView.leadingAnchor, constant: 8),
            stack.trailingAnchor.constraint(equalTo: contentView.trailingAnchor, constant: -8),
            stack.bottomAnchor.constraint(equalTo: contentView.bottomAnchor, constant: -8),
            name.widthAnchor.constraint(lessThanOrEqualTo: stack.widthAnchor),
        ])
    }
    required init?(coder: NSCoder) { return nil }

    /// The height the cell needs at `width`: the avatar, the spacing and the name wrapped.
    static func neededHeight(for text: String, width: CGFloat) -> CGFloat {
        let label = UILabel()
        label.font = .systemFont(ofSize: 15)
        label.numberOfLines = 3
        label.text = text
        let name = label.sizeThatFits(CGSize(width: width - 16, height: .greatestFiniteMagnitude)).height
        return 8 + 56 + 6 + name + 8
    }
}

/// People in section 0 (scrolling sideways) and a few plain rows in section 1, below.
@MainActor
final class PeopleSource: NSObject, UICollectionViewDataSource {
    static let people = ["Ann", "Bartholomew Featherstonehaugh-Smythe", "Li", "Oluwaseun Adebayo", "Mo",
                         "Maximilian von Habsburg", "Jo\nAnne", "Zo"]
    func numberOfSections(in collectionView: UICollectionView) -> Int { 2 }
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
        section == 0 ? Self.people.count : 3
    }
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        guard indexPath.section == 0 else { return collectionView.dequeueReusableCell(withReuseIdentifier: "row", for: indexPath) }
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "person", for: indexPath) as! PersonCell
        cell.name.text = Self.people[indexPath.item]
        return cell
    }
}

/// How a section of people is described: the shapes apps write.
enum PeopleShape: String, CaseIterable, CustomTestStringConvertible {
    /// Item as wide as its group, both of estimated height; the group 96 points wide.
    case oneItemFixedWidth
    /// Item and group estimated in both width and height.
    case estimatedBothWays
    /// Three items of a third in a group of 90 % of the width, paging by group.
    case threeToAGroup
    /// Item as wide as its group, which is 30 % of the width, centred paging.
    case centredPaging

    var testDescription: String { rawValue }

    /// How many people a group holds.
    var perGroup: Int { self == .threeToAGroup ? 3 : 1 }

    @MainActor
    func section(estimate: CGFloat = 80) -> NSCollectionLayoutSection {
        let group: NSCollectionLayoutGroup
        let section: NSCollectionLayoutSection
        switch self {
        case .oneItemFixedWidth:
            let item = NSCollectionLayoutItem(layoutSize: size(.fractionalWidth(1), .estimated(estimate)))
            group = .horizontal(layoutSize: size(.absolute(96), .estimated(estimate)), subitems: [item])
        case .estimatedBothWays:
            let item = NSCollectionLayoutItem(layoutSize: size(.estimated(96), .estimated(estimate)))
            group = .horizontal(layoutSize: size(.estimated(96), .estimated(estimate)), subitems: [item])
        case .threeToAGroup:
            let item = NSCollectionLayoutItem(layoutSize: size(.fractionalWidth(1.0 / 3), .estimated(estimate)))
            group = .horizontal(layoutSize: size(.fractionalWidth(0.9), .estimated(estimate)), repeatingSubitem: item, count: 3)
        case .centredPaging:
            let item = NSCollectionLayoutItem(layoutSize: size(.fractionalWidth(1), .estimated(estimate)))
            group = .horizontal(layoutSize: size(.fractionalWidth(0.3), .estimated(estimate)), subitems: [item])
        }
        section = NSCollectionLayoutSection(group: group)
        section.orthogonalScrollingBehavior = switch self {
        case .oneItemFixedWidth, .estimatedBothWays: .continuous
        case .threeToAGroup: .groupPaging
        case .centredPaging: .groupPagingCentered
        }
        section.interGroupSpacing = 8
        section.contentInsets = NSDirectionalEdgeInsets(top: 12, leading: 16, bottom: 12, trailing: 16)
        return section
    }
}

@MainActor
@Suite("Self-sizing avatars in orthogonal sections")
struct OrthogonalAvatarTests {
    /// A 390 × 600 collection view: section 0 of people as `shape` says, section 1 of
    /// 50-point rows; `estimate` is the people's estimated height.
    func show(_ shape: PeopleShape, estimate: CGFloat = 80)
        -> (UICollectionView, UICollectionViewCompositionalLayout, HeadlessScreen, PeopleSource, [String]) {
        let layout = UICollectionViewCompositionalLayout { index, _ in
            if index == 0 { return shape.section(estimate: estimate) }
            let item = NSCollectionLayoutItem(layoutSize: size(.fractionalWidth(1), .absolute(50)))
            return NSCollectionLayoutSection(group: .vertical(layoutSize: size(.fractionalWidth(1), .absolute(50)), subitems: [item]))
        }
        let (view, screen, source, reports) = host(layout, people: PersonCell.self)
        return (view, layout, screen, source, reports)
    }

    /// A 390 × 600 collection view of `layout` showing people in `people` cells, after two
    /// frames, with what those frames reported.
    func host(_ layout: UICollectionViewLayout, people: PersonCell.Type)
        -> (UICollectionView, HeadlessScreen, PeopleSource, [String]) {
        let source = PeopleSource()
        let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 390, height: 600), collectionViewLayout: layout)
        view.contentInsetAdjustmentBehavior = .never
        view.register(people, forCellWithReuseIdentifier: "person")
        view.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "row")
        view.dataSource = source
        let (screen, root) = makeScreen(width: 390, height: 600, scale: 1)
        var reports: [String] = []
        screen.onReport = { reports.append($0) }
        root.addSubview(view)
        screen.advance(by: 1.0 / 60)
        screen.advance(by: 1.0 / 60)
        return (view, screen, source, reports)
    }

    /// The people's cells on screen, by item.
    func people(_ view: UICollectionView) -> [(item: Int, cell: PersonCell)] {
        view.indexPathsForVisibleItems.filter { $0.section == 0 }.sorted().map { ($0.item, view.cellForItem(at: $0) as! PersonCell) }
    }

    @Test("Each person's cell is as tall as its avatar and its whole name; the section is as tall as the tallest, and the rows below start under it",
          arguments: PeopleShape.allCases)
    func namesAreNotCutOff(shape: PeopleShape) throws {
        let (view, _, screen, source, _) = show(shape)
        defer { withExtendedLifetime(source) {} }
        writeForLooking(screen.snapshot(), "orthogonal-avatars-\(shape.rawValue)")
        let shown = people(view)
        // Measured both ways, the long name is one line as wide as it needs: two people show.
        #expect(shown.count >= (shape == .estimatedBothWays ? 2 : 3))
        // A horizontal group is as tall as the tallest of its items, and they all take its height.
        let needed = shown.map { PersonCell.neededHeight(for: PeopleSource.people[$0.item], width: $0.cell.bounds.width) }
        var groupHeights: [Int: CGFloat] = [:]
        for (person, height) in zip(shown, needed) { groupHeights[person.item / shape.perGroup] = max(groupHeights[person.item / shape.perGroup] ?? 0, height) }
        for (item, cell) in shown {
            let group = groupHeights[item / shape.perGroup]!
            #expect(abs(cell.bounds.height - group) <= 1, "\(PeopleSource.people[item]): \(cell.bounds.height) tall, its group needs \(group)")
            let name = cell.name.convert(cell.name.bounds, to: cell)
            #expect(name.maxY <= cell.bounds.height - 8 + 0.5, "the name ends inside the cell")
            #expect(cell.name.bounds.height >= cell.name.sizeThatFits(CGSize(width: cell.name.bounds.width, height: 1000)).height - 0.5,
                    "\(PeopleSource.people[item]): the label shows its whole text")
        }
        // Rows of one group share its height (horizontal groups: the tallest measured item's).
        let tallest = try #require(shown.map(\.cell.bounds.height).max())
        #expect(tallest > 80 + 10, "the long names' cells grew past the estimate")
        let below = try #require(view.layoutAttributesForItem(at: IndexPath(item: 0, section: 1)))
        #expect(abs(below.frame.minY - (12 + tallest + 12)) < 0.5, "the rows start under the section: \(below.frame.minY), tallest \(tallest)")
        #expect(abs(view.contentSize.height - (12 + tallest + 12 + 150)) < 0.5)
    }

    @Test("Estimated both ways: scrolling sideways measures everyone; the section grows to the tallest (a name of two lines) and the rows below follow; the scroll width ends 16 points after the last")
    func bothWaysScrolledThrough() throws {
        let (view, layout, screen, source, _) = show(.estimatedBothWays)
        defer { withExtendedLifetime(source) {} }
        let scroller = try #require(layout.orthogonalScrollers[0])
        let heightBefore = view.contentSize.height
        for step in 1 ... 40 {
            scroller.contentOffset.x = min(CGFloat(step) * 50, max(0, scroller.contentSize.width - scroller.bounds.width))
            screen.advance(by: 1.0 / 60)
        }
        let count = PeopleSource.people.count
        let frames = (0 ..< count).map { view.layoutAttributesForItem(at: IndexPath(item: $0, section: 0))!.frame }
        for (item, frame) in frames.enumerated() {
            let needed = PersonCell.neededHeight(for: PeopleSource.people[item], width: frame.width)
            #expect(abs(frame.height - needed) <= 1, "\(PeopleSource.people[item]): \(frame.height), needs \(needed)")
        }
        for (a, b) in zip(frames, frames.dropFirst()) { #expect(abs(b.minX - (a.maxX + 8)) < 0.01) }
        #expect(frames[1].width > 3 * frames[0].width, "each as wide as its name: \(frames.map(\.width))")
        let tallest = frames.map(\.height).max()!
        #expect(tallest > frames[0].height + 10, "the two-line name is the tallest")
        let below = try #require(view.layoutAttributesForItem(at: IndexPath(item: 0, section: 1)))
        #expect(abs(below.frame.minY - (12 + tallest + 12)) < 0.5)
        #expect(view.contentSize.height > heightBefore)
        #expect(abs(scroller.frame.height - (12 + tallest + 12)) < 0.5, "the scroller covers the section")
        #expect(abs(scroller.contentSize.width - (frames[count - 1].maxX + scroller.contentOffset.x + 16)) < 0.5)
        writeForLooking(screen.snapshot(), "orthogonal-avatars-both-ways-scrolled")
        // A reused cell lays its name out at the new name's width: it laid it out at the
        // width of the name it showed before ("Jo" hyphenated in the width "Li" had), as
        // Auto Layout kept a wrapping label's last width as its wrap width where constraints
        // leave the width free (a centre-aligned stack view).
        for (item, cell) in people(view) {
            let fits = cell.name.sizeThatFits(CGSize(width: cell.name.bounds.width, height: 1000)).height
            #expect(fits <= cell.name.bounds.height + 0.5, "\(PeopleSource.people[item]) fits its label: \(cell.name.bounds)")
        }
    }

    @Test("An estimate of 0 or NaN, or 10 million points: reported, and the cells still take their measured heights",
          arguments: [CGFloat(0), .nan, 10_000_000])
    func carelessEstimates(estimate: CGFloat) throws {
        let (view, _, screen, source, reports) = show(.oneItemFixedWidth, estimate: estimate)
        defer { withExtendedLifetime(source) {} }
        screen.advance(by: 1.0 / 60)
        if estimate != 0 { #expect(!reports.isEmpty, "the estimate \(estimate) is reported") }
        for (item, cell) in people(view) {
            let needed = PersonCell.neededHeight(for: PeopleSource.people[item], width: cell.bounds.width)
            #expect(abs(cell.bounds.height - needed) <= 1, "\(PeopleSource.people[item]): \(cell.bounds.height), needs \(needed)")
        }
        #expect(view.contentSize.height.isFinite && view.contentSize.height < 1000)
    }

    @Test("A cell whose fitting size is infinite keeps the estimate, reported; the others size themselves, and nothing hangs")
    func infiniteFittingSize() throws {
        let layout = UICollectionViewCompositionalLayout { _, _ in PeopleShape.oneItemFixedWidth.section() }
        let (view, screen, source, reports) = host(layout, people: EndlessPersonCell.self)
        defer { withExtendedLifetime((screen, source)) {} }
        let cells = people(view)
        #expect(cells.count >= 3)
        let endless = try #require(cells.first { $0.item == 1 })
        #expect(endless.cell.bounds.height == 80, "the endless cell keeps the estimate")
        #expect(reports.contains { $0.contains("inf") && $0.contains("[0, 1]") }, "\(reports)")
        let ann = try #require(cells.first { $0.item == 0 })
        #expect(abs(ann.cell.bounds.height - PersonCell.neededHeight(for: "Ann", width: 96)) <= 1)
        #expect(view.contentSize.height.isFinite)
    }
}

/// A person cell whose second item answers an infinite height when measured.
final class EndlessPersonCell: PersonCell {
    override func preferredLayoutAttributesFitting(_ layoutAttributes: UICollectionViewLayoutAttributes)
        -> UICollectionViewLayoutAttributes {
        let attributes = super.preferredLayoutAttributesFitting(layoutAttributes)
        if layoutAttributes.indexPath.item == 1 && layoutAttributes.indexPath.section == 0 { attributes.size.height = .infinity }
        return attributes
    }
}
