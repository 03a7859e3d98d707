import Foundation

extension IndexPath {
    /// An index path naming a row of a table view section, as UIKit's `IndexPath(row:section:)`.
    public init(row: Int, section: Int) {
        // Built from one index and an append, IndexPath keeps both inline: no array is
        // allocated (it matters for ten million heightForRowAt calls).
        self.init(index: section)
        append(row)
    }

    /// An index path naming an item of a collection view section, as UIKit's
    /// `IndexPath(item:section:)`: the same two indexes as ``init(row:section:)``.
    public init(item: Int, section: Int) {
        self.init(row: item, section: section)
    }

    /// The section of a table view index path (its first index).
    ///
    /// - Precondition: the index path has exactly two indexes, as UIKit requires.
    public var section: Int {
        get { self[0] }
        set { self[0] = newValue }
    }

    /// The row of a table view index path (its second index).
    public var row: Int {
        get { self[1] }
        set { self[1] = newValue }
    }

    /// UICollectionView's name for ``row``, for code shared between the two.
    public var item: Int {
        get { self[1] }
        set { self[1] = newValue }
    }
}
