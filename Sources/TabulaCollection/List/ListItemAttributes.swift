import Foundation
import TabulaUIKit

/// The attributes of a row in a list section: where in its section it is, so that a
/// ``UICollectionViewListCell`` rounds the ends of an inset-grouped card and leaves out
/// the separator under the last row, as the table does.
final class ListItemAttributes: UICollectionViewLayoutAttributes {
    var appearance: UICollectionLayoutListConfiguration.Appearance = .plain
    var isFirstInSection = false
    var isLastInSection = false
    var showsSeparators = true
    var leadingSwipeProvider: UICollectionLayoutListConfiguration.SwipeActionsConfigurationProvider?
    var trailingSwipeProvider: UICollectionLayoutListConfiguration.SwipeActionsConfigurationProvider?

    override func copy(with zone: NSZone? = nil) -> Any {
        let copy = super.copy(with: zone)
        if let copy = copy as? ListItemAttributes {
            copy.appearance = appearance
            copy.isFirstInSection = isFirstInSection
            copy.isLastInSection = isLastInSection
            copy.showsSeparators = showsSeparators
            copy.leadingSwipeProvider = leadingSwipeProvider
            copy.trailingSwipeProvider = trailingSwipeProvider
        }
        return copy
    }

    override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? ListItemAttributes, super.isEqual(object) else { return false }
        return other.appearance == appearance && other.isFirstInSection == isFirstInSection
            && other.isLastInSection == isLastInSection && other.showsSeparators == showsSeparators
    }
}
