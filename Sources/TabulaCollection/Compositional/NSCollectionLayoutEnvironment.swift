import Foundation
import TabulaUIKit

/// The space a compositional layout fills: the collection view's size and insets.
@preconcurrency @MainActor
public protocol NSCollectionLayoutContainer: AnyObject {
    /// The collection view's size.
    var contentSize: CGSize { get }
    /// The size inside ``effectiveContentInsets``.
    var effectiveContentSize: CGSize { get }
    /// Insets asked for the content.
    var contentInsets: NSDirectionalEdgeInsets { get }
    /// The insets in effect.
    var effectiveContentInsets: NSDirectionalEdgeInsets { get }
}

/// What a section provider is told: the container and the traits of the collection view.
@preconcurrency @MainActor
public protocol NSCollectionLayoutEnvironment: AnyObject {
    /// The space the layout fills.
    var container: any NSCollectionLayoutContainer { get }
    /// The collection view's traits.
    var traitCollection: UITraitCollection { get }
}

/// A snapshot of the collection view's size, made at each preparation.
@MainActor
final class LayoutContainer: NSCollectionLayoutContainer {
    let contentSize: CGSize
    let contentInsets: NSDirectionalEdgeInsets

    init(contentSize: CGSize, contentInsets: NSDirectionalEdgeInsets) {
        self.contentSize = contentSize
        self.contentInsets = contentInsets
    }

    var effectiveContentInsets: NSDirectionalEdgeInsets { contentInsets }
    var effectiveContentSize: CGSize {
        CGSize(width: max(0, contentSize.width - contentInsets.leading - contentInsets.trailing),
               height: max(0, contentSize.height - contentInsets.top - contentInsets.bottom))
    }
}

@MainActor
final class LayoutEnvironment: NSCollectionLayoutEnvironment {
    let container: any NSCollectionLayoutContainer
    let traitCollection: UITraitCollection

    init(container: any NSCollectionLayoutContainer, traitCollection: UITraitCollection) {
        self.container = container
        self.traitCollection = traitCollection
    }
}
