import Foundation
import TabulaUIKit
import TabulaCore

/// Calls back into the collection view while it is between two consistent states.
///
/// While the collection view asks its data source for counts, cells or supplementary
/// views, or lays out its items (the layout's visible items handlers run then), a reload
/// or a batch update would change the items out from under the loop asking for them: a
/// batch update from `cellForItemAt` showed a cell in two places and trapped. Such a call
/// is reported (`.reloadDuringLayout`) and turned into a reload at the next layout, which
/// asks everything again: the collection view ends showing what the data source says,
/// and nothing is applied halfway. A batch update's block still runs (the app's model
/// changes in it); its completion gets `false`. The table view does the same.
extension UICollectionView {
    /// Runs `body` as a call into the data source or a layout pass: reloads and updates
    /// asked for inside wait for the next layout.
    func whileBusy<T>(_ body: () -> T) -> T {
        busyDepth += 1
        defer { busyDepth -= 1 }
        return body()
    }

    /// Whether the collection view is asking its data source or laying out its items.
    var isBusy: Bool { busyDepth > 0 }

    /// Reports a reload or update asked for while busy, and owes a reload to the next layout.
    func deferReload(because what: String) {
        reportUpdate(TableUpdateError(.reloadDuringLayout,
            "\(what) while the collection view was asking its data source for counts, cells or supplementary views, "
            + "or laying out its items (from inside numberOfItemsInSection, cellForItemAt, "
            + "viewForSupplementaryElementOfKind or a visible items handler); the collection view reloads from its data "
            + "source at the next layout instead."))
        owesReload = true
        setNeedsLayout()
    }

    /// Makes the reload owed since a call made while busy, before a layout pass.
    func payOwedReload() {
        guard owesReload, !isBusy else { return }
        owesReload = false
        reloadData()
    }
}
