import Foundation
import TabulaUIKit

/// Hears which items are about to come on screen, so that their data (an image, a record)
/// can be loaded before their cells are asked for, as UIKit's
/// `UICollectionViewDataSourcePrefetching`.
///
/// The collection view asks for the items just beyond the visible rect in the direction
/// of scrolling, further ahead the faster it scrolls (the table's reach: see
/// `PrefetchMotion`). Items it asked for that then leave that range without coming on
/// screen — the scroll turned back — are cancelled. An item that comes on screen is not
/// cancelled: its cell is asked for as usual.
@preconcurrency @MainActor
public protocol UICollectionViewDataSourcePrefetching: AnyObject {
    /// Start loading what the items at `indexPaths` need; nearest to the screen first.
    func collectionView(_ collectionView: UICollectionView, prefetchItemsAt indexPaths: [IndexPath])
    /// Stop loading for items that are no longer expected to come on screen. The default does nothing.
    func collectionView(_ collectionView: UICollectionView, cancelPrefetchingForItemsAt indexPaths: [IndexPath])
}

extension UICollectionViewDataSourcePrefetching {
    /// Does nothing.
    public func collectionView(_ collectionView: UICollectionView, cancelPrefetchingForItemsAt indexPaths: [IndexPath]) {}
}
