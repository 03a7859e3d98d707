import Foundation
import TabulaUIKit
import TabulaCore

/// Batch updates: the operations a `performBatchUpdates` block collects, checked by the
/// table's planner (`UpdatePlan`) against the data source's new counts.
///
/// As in UIKit, deletes and reloads name items and sections *before* the update, inserts
/// *after* it, and moves go from before to after; the order of the calls does not matter.
/// An inconsistent batch is never half applied: it is reported with UIKit's message (to
/// ``onInvalidUpdate``, or else the screen's report handler) and the collection view
/// reloads from the data source, so that what it shows matches the data.
extension UICollectionView {
    /// The seconds an animated batch update takes.
    public static let updateAnimationDuration: TimeInterval = 0.3

    /// Makes the changes of `updates` as one animated update; `completion` gets whether
    /// the animations ran to their end (false when a reload or another update cut them
    /// short, or when the batch was inconsistent).
    public func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        // The counts before the update are the data source's before the block changes it.
        if pendingBatch.depth == 0, !isBusy {
            abandonInteractiveMovement(for: "performBatchUpdates(_:completion:)")
            loadCountsIfNeeded()
        }
        pendingBatch.depth += 1
        updates?()
        if let completion { pendingBatch.completions.append(completion) }
        pendingBatch.depth -= 1
        guard pendingBatch.depth == 0 else { return }
        let batch = pendingBatch
        pendingBatch = PendingBatch()
        if isBusy {
            deferReload(because: "A batch update (\(batch.operations)) was made")
            batch.completions.forEach { $0(false) }
            return
        }
        apply(batch)
    }

    /// Inserts items, named by their index paths after the update.
    public func insertItems(at indexPaths: [IndexPath]) { record { $0.insertedRows += indexPaths } }
    /// Deletes items, named by their index paths before the update.
    public func deleteItems(at indexPaths: [IndexPath]) { record { $0.deletedRows += indexPaths } }
    /// Replaces items' cells (index paths before the update): the data source is asked
    /// for new cells, which cross-fade with the old.
    public func reloadItems(at indexPaths: [IndexPath]) { record { $0.reloadedRows += indexPaths } }
    /// Moves an item from `indexPath` (before the update) to `newIndexPath` (after).
    public func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) {
        record { $0.movedRows.append(RowMove(from: indexPath, to: newIndexPath)) }
    }
    /// Inserts sections (indexes after the update).
    public func insertSections(_ sections: IndexSet) { record { $0.insertedSections += sections } }
    /// Deletes sections (indexes before the update).
    public func deleteSections(_ sections: IndexSet) { record { $0.deletedSections += sections } }
    /// Replaces sections (indexes before the update) with all their items.
    public func reloadSections(_ sections: IndexSet) { record { $0.reloadedSections += sections } }
    /// Moves a section from `section` (before the update) to `newSection` (after).
    public func moveSection(_ section: Int, toSection newSection: Int) {
        record { $0.movedSections.append(SectionMove(from: section, to: newSection)) }
    }

    /// Asks the data source again for the cells of the items on screen at `indexPaths`,
    /// handing each its own cell back from the dequeue (no new cell, no animation).
    /// Items not on screen are skipped: they are asked when they come on screen.
    public func reconfigureItems(at indexPaths: [IndexPath]) {
        guard let dataSource else { return }
        layoutIfNeeded()
        for path in indexPaths where checkedItem(path, "reconfigureItems(at:)") {
            guard let cell = store.cells[path], let attributes = store.attributes[path] else { continue }
            reconfiguringCell = cell
            let answer = whileBusy { dataSource.collectionView(self, cellForItemAt: dataSourceIndexPath(forShown: path)) }
            reconfiguringCell = nil
            guard answer !== cell else { continue }
            // The data source made another cell (another identifier): it replaces the old one.
            store.takeCell(at: path)
            retire(cell, at: path)
            if answer.superview !== self { addSubview(answer) }
            answer.isSelected = selectedItems.contains(path)
            apply(attributes, to: answer)
            store.show(answer, at: path, attributes)
        }
        // New content may need another size: a self-sizing layout measures the cells again.
        currentLayout.itemsWereReconfigured(indexPaths.filter(isValid))
    }

    /// Adds to the batch being collected; a call outside `performBatchUpdates` is a batch of its own.
    private func record(_ change: (inout UpdateOperations) -> Void) {
        if pendingBatch.depth > 0 {
            change(&pendingBatch.operations)
        } else {
            withoutActuallyEscaping(change) { change in
                performBatchUpdates { change(&self.pendingBatch.operations) }
            }
        }
    }

    /// Checks the batch against the new counts and applies it, or reports it and reloads.
    private func apply(_ batch: PendingBatch) {
        guard dataSource != nil else { return batch.completions.forEach { $0(false) } }
        let old = itemCounts
        let new = askCounts()
        let plan: UpdatePlan
        do {
            plan = try UpdatePlan(oldRowCounts: old, operations: batch.operations, newRowCounts: new)
        } catch {
            reportUpdate(error)
            reloadData()
            layoutIfNeeded()
            batch.completions.forEach { $0(false) }
            return
        }
        // The layout's preparation and handlers, and the cells made, run inside: a reload
        // or update they ask for waits for the next layout.
        whileBusy { commit(plan, completions: batch.completions) }
    }
}
