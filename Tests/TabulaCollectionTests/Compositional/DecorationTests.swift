import Foundation
import Testing
@testable import TabulaCollection
import Tabula
import TabulaUIKitTestSupport

/// An inset-grouped-style card: white with rounded corners.
final class CardBackground: UICollectionReusableView {
    nonisolated(unsafe) static var made = 0
    override init(frame: CGRect) {
        super.init(frame: frame)
        CardBackground.made += 1
        backgroundColor = .secondarySystemGroupedBackground
        layer.cornerRadius = 10
    }
    required init?(coder: NSCoder) { return nil }
}

@MainActor
@Suite("Decoration items: section backgrounds")
struct DecorationTests {
    /// Sections of 60-point rows, 16 points in from the sides and 20 from the top and bottom,
    /// each on a card inset 8 points from the section's edges.
    func cardLayout(kind: String = "card", register: AnyClass? = CardBackground.self) -> UICollectionViewCompositionalLayout {
        let row = NSCollectionLayoutItem(layoutSize: size(.fractionalWidth(1), .fractionalHeight(1)))
        let group = NSCollectionLayoutGroup.vertical(layoutSize: size(.fractionalWidth(1), .absolute(60)), subitems: [row])
        let section = NSCollectionLayoutSection(group: group)
        section.contentInsets = NSDirectionalEdgeInsets(top: 20, leading: 16, bottom: 20, trailing: 16)
        let card = NSCollectionLayoutDecorationItem.background(elementKind: "card")
        card.contentInsets = NSDirectionalEdgeInsets(top: 8, leading: 8, bottom: 8, trailing: 8)
        section.decorationItems = [card]
        let layout = UICollectionViewCompositionalLayout(section: section)
        if let register { layout.register(register, forDecorationViewOfKind: kind) }
        return layout
    }

    func cards(in view: UICollectionView) -> [UIView] {
        view.subviews.filter { $0 is CardBackground }.sorted { $0.frame.minY < $1.frame.minY }
    }

    @Test("each section on screen has its card behind its items, the section's frame inset by the decoration's insets")
    func backgroundsBehindSections() throws {
        let (view, _, screen) = showLayout([numbers(3), numbers(2), numbers(8)], layout: cardLayout(), size: CGSize(width: 320, height: 480))
        // Section 0: 20 + 3 × 60 + 20 = 220 high; section 1 from 220, 160 high; section 2 from 380.
        let shown = cards(in: view)
        #expect(shown.count == 3)
        #expect(close(shown[0].frame, CGRect(x: 8, y: 8, width: 304, height: 204)))
        #expect(close(shown[1].frame, CGRect(x: 8, y: 228, width: 304, height: 144)))
        #expect(close(shown[2].frame, CGRect(x: 8, y: 388, width: 304, height: 20 + 8 * 60 + 20 - 16)))
        // Behind every cell: earlier among the subviews, and at a lower z.
        let cells = view.subviews.filter { $0 is UICollectionViewCell }
        let lastCard = shown.compactMap { view.subviews.firstIndex(of: $0) }.max()!
        let firstCell = cells.compactMap { view.subviews.firstIndex(of: $0) }.min()!
        #expect(lastCard < firstCell)
        #expect(shown.allSatisfy { $0.layer.zPosition < 0 })
        let attributes = try #require(view.collectionViewLayout.layoutAttributesForDecorationView(ofKind: "card", at: IndexPath(item: 0, section: 1)))
        #expect(attributes.representedElementCategory == .decorationView && close(attributes.frame, shown[1].frame))
        // The card shows: its colour between the rows' edges and the section's.
        screen.userInterfaceStyle = .dark
        for cell in view.visibleCells { cell.backgroundColor = .systemBlue.withAlphaComponent(0.5) }
        screen.advance(by: 1.0 / 60)
        let image = screen.snapshot().cgImage!
        let card = image.pixel(x: 10, y: 100), between = image.pixel(x: 4, y: 100), row = image.pixel(x: 100, y: 50)
        #expect(card.red > between.red + 10, "the card is lighter than the dark background around it")
        #expect(row.blue > card.blue + 40, "the rows are drawn over the card")
        writeForLooking(screen.snapshot(), "decoration-cards")
    }

    @Test("cards scroll with their sections; those that leave are reused")
    func cardsReused() {
        let (view, _, screen) = showLayout(Array(repeating: numbers(3), count: 30), layout: cardLayout())
        let before = CardBackground.made
        for step in 1 ... 20 {
            view.contentOffset = CGPoint(x: 0, y: CGFloat(step) * 220)
            screen.advance(by: 1.0 / 60)
            let shown = cards(in: view)
            #expect(shown.count == 3 || shown.count == 4, "step \(step)")
            #expect(shown.allSatisfy { $0.frame.intersects(view.bounds) })
        }
        #expect(CardBackground.made - before <= 2, "cards come back from the pool")
    }

    @Test("an unregistered kind, or a class that is not a reusable view, is reported once and shows no view")
    func unregisteredKind() {
        for register in [nil, NSObject.self] as [AnyClass?] {
            let source = NumbersSource([numbers(3), numbers(3)])
            let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: cardLayout(register: register))
            view.register(NumberCell.self, forCellWithReuseIdentifier: "number")
            view.dataSource = source
            let (screen, root) = makeScreen(width: 320, height: 480, scale: 1)
            var reports: [String] = []
            screen.onReport = { reports.append($0) }
            root.addSubview(view)
            for offset in [0.0, 100, 0, 50] {
                view.contentOffset = CGPoint(x: 0, y: offset)
                screen.advance(by: 1.0 / 60)
            }
            #expect(view.subviews.allSatisfy { !($0 is CardBackground) })
            #expect(view.visibleCells.count == 6, "the items show")
            #expect(reports.count == 1, "\(reports)")
            #expect(reports.first?.contains(register == nil ? "no class is registered" : "NSObject") == true, "\(reports)")
            withExtendedLifetime(source) {}
        }
    }
}
