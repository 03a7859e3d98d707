import Foundation
import TabulaUIKit
import TabulaTable

/// How a list section of a compositional layout looks: the table's styles for a
/// collection view (``NSCollectionLayoutSection/list(using:layoutEnvironment:)``,
/// ``UICollectionViewCompositionalLayout/list(using:)``).
@preconcurrency @MainActor
public struct UICollectionLayoutListConfiguration {
    /// The overall look of a list.
    public enum Appearance: Int, Sendable {
        /// Rows edge to edge, headers pinned at the top (a plain table).
        case plain
        /// Sections as bands on a grey background (a grouped table).
        case grouped
        /// Sections as rounded cards inset from the sides (an inset-grouped table).
        case insetGrouped
        /// A sidebar: rounded rows on a grey background.
        case sidebar
        /// A sidebar on a plain background.
        case sidebarPlain
    }

    /// What stands at the top of each section.
    public enum HeaderMode: Int, Sendable {
        /// No header.
        case none
        /// A supplementary view of kind `UICollectionView.elementKindSectionHeader`.
        case supplementary
        /// The section's first item is its header (styled by the cell).
        case firstItemInSection
    }

    /// What stands at the bottom of each section.
    public enum FooterMode: Int, Sendable {
        /// No footer.
        case none
        /// A supplementary view of kind `UICollectionView.elementKindSectionFooter`.
        case supplementary
    }

    /// Gives the swipe actions of the item at an index path (nil: none).
    public typealias SwipeActionsConfigurationProvider = @MainActor (IndexPath) -> UISwipeActionsConfiguration?

    /// The look.
    public let appearance: Appearance
    /// Whether rows have separators between them (true by default).
    public var showsSeparators = true
    /// The list's background colour; nil uses the appearance's (grouped background for
    /// the grouped looks, the system background otherwise).
    public var backgroundColor: UIColor?
    /// The header of each section.
    public var headerMode: HeaderMode = .none
    /// The footer of each section.
    public var footerMode: FooterMode = .none
    /// Extra space above each header (nil: the appearance's).
    public var headerTopPadding: CGFloat?
    /// The actions revealed by swiping an item to the right.
    public var leadingSwipeActionsConfigurationProvider: SwipeActionsConfigurationProvider?
    /// The actions revealed by swiping an item to the left.
    public var trailingSwipeActionsConfigurationProvider: SwipeActionsConfigurationProvider?

    /// A configuration of `appearance`.
    public init(appearance: Appearance) {
        self.appearance = appearance
    }

    var isGrouped: Bool { appearance == .grouped || appearance == .insetGrouped || appearance == .sidebar }

    /// The background the list shows behind its rows.
    var resolvedBackgroundColor: UIColor {
        backgroundColor ?? (isGrouped ? .systemGroupedBackground : .systemBackground)
    }

    /// The side inset of the rows (the table's group inset in inset-grouped style).
    var sideInset: CGFloat {
        switch appearance {
        case .insetGrouped: 16
        case .sidebar, .sidebarPlain: 10
        case .plain, .grouped: 0
        }
    }
}

extension NSCollectionLayoutSection {
    /// A section that lays its items out as a list of `configuration`'s look: full-width
    /// rows estimated at 44 points and sized to their content once shown (at least 44),
    /// with headers and footers as the configuration asks.
    public static func list(using configuration: UICollectionLayoutListConfiguration,
                            layoutEnvironment: any NSCollectionLayoutEnvironment) -> NSCollectionLayoutSection {
        let row = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(44)))
        let group = NSCollectionLayoutGroup.vertical(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1),
                                                                                        heightDimension: .estimated(44)),
                                                     subitems: [row])
        let section = NSCollectionLayoutSection(group: group)
        let side = configuration.sideInset
        let grouped = configuration.isGrouped
        // The table's spacing around untitled grouped sections: 35 above (the first
        // section; 18 + 18 between two), 18 below.
        let top: CGFloat = grouped && configuration.headerMode != .supplementary ? 18 : 0
        let bottom: CGFloat = grouped && configuration.footerMode != .supplementary ? 18 : 0
        section.contentInsets = NSDirectionalEdgeInsets(top: top, leading: side, bottom: bottom, trailing: side)
        // Plain and grouped rows reach the screen's sides (their content keeps clear of the
        // safe area inside them); inset-grouped cards and sidebar rows sit inside it.
        section.contentInsetsReference = side > 0 ? .safeArea : .none
        var boundaries: [NSCollectionLayoutBoundarySupplementaryItem] = []
        if configuration.headerMode == .supplementary {
            let header = NSCollectionLayoutBoundarySupplementaryItem(
                layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(grouped ? 38 : 28)),
                elementKind: UICollectionView.elementKindSectionHeader, alignment: .top)
            header.pinToVisibleBounds = configuration.appearance == .plain
            boundaries.append(header)
        }
        if configuration.footerMode == .supplementary {
            boundaries.append(NSCollectionLayoutBoundarySupplementaryItem(
                layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(grouped ? 34 : 28)),
                elementKind: UICollectionView.elementKindSectionFooter, alignment: .bottom))
        }
        section.boundarySupplementaryItems = boundaries
        section.listConfiguration = configuration
        return section
    }
}

extension UICollectionViewCompositionalLayout {
    /// A layout whose every section is a list of `configuration`'s look.
    public static func list(using configuration: UICollectionLayoutListConfiguration) -> UICollectionViewCompositionalLayout {
        UICollectionViewCompositionalLayout { _, environment in
            NSCollectionLayoutSection.list(using: configuration, layoutEnvironment: environment)
        }
    }
}
