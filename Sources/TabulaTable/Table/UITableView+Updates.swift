import Foundation
import TabulaUIKit
import TabulaCore

/// Batch updates: the operations an update block collects, and their execution.
///
/// Calls inside `beginUpdates()`/`endUpdates()` (or `performBatchUpdates`) only record
/// what the app says changed; the table's own state — its counts, index paths, cells —
/// stays as it was until the outermost `endUpdates()`. There the table asks the data
/// source for the new counts, has ``UpdatePlan`` (TabulaCore) check the operations
/// against them and map old rows to new, rebuilds its geometry (asking heights again),
/// and animates every visible row, header and footer from where it was to where it
/// goes (`UITableView+UpdateAnimation.swift`).
///
/// An inconsistent update is never half-applied: the error goes to ``onInvalidUpdate``
/// and the table reloads from the data source, so what it shows matches the data.
extension UITableView {
    /// The seconds an animated batch update takes (UIKit's is about the same).
    public static let updateAnimationDuration: TimeInterval = 0.3

    // MARK: Update blocks

    /// Opens an update block. Blocks nest; the outermost ``endUpdates()`` applies them.
    /// A block still open at the start of the next frame is reported
    /// (`.unbalancedUpdates`) and the table reloads.
    public func beginUpdates() {
        if updates.depth == 0 {
            FrameEngine.of(layer).ticker.add(updates.watch) { [weak self] _ in
                self?.checkUnbalancedBlock()
                return false
            }
        }
        updates.depth += 1
    }

    /// Closes an update block; the outermost one checks and applies every operation made
    /// since its ``beginUpdates()``, animating the change. Without an open block the
    /// call is reported (`.unbalancedUpdates`) and does nothing.
    public func endUpdates() {
        guard updates.depth > 0 else {
            report(.init(.unbalancedUpdates, "endUpdates() was called without a matching beginUpdates(); nothing was changed."))
            return
        }
        updates.depth -= 1
        guard updates.depth == 0 else { return }
        FrameEngine.removeFrameWork(of: updates.watch)
        let batch = updates.pending
        updates.pending = PendingBatch()
        if phase.isBusy {
            deferReload(because: "A batch update (\(batch.operations)) was made")
            finishCompletions(batch.completions, finished: false)
            return
        }
        collectingHeightProblems { apply(batch) }
    }

    /// Makes the changes of `updates` as one animated update; `completion` gets
    /// `finished` once the animations end (true) or are cut off by another update or a
    /// reload (false), on a later frame.
    public func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        beginUpdates()
        updates?()
        if let completion { self.updates.pending.completions.append(completion) }
        endUpdates()
    }

    // MARK: Operations

    /// Inserts rows, named by their index paths *after* the update.
    public func insertRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
        record { batch in
            batch.operations.insertedRows += indexPaths
            for p in indexPaths { batch.insertAnimations[p] = animation }
        }
    }

    /// Deletes rows, named by their index paths *before* the update.
    public func deleteRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
        record { batch in
            batch.operations.deletedRows += indexPaths
            for p in indexPaths { batch.deleteAnimations[p] = animation }
        }
    }

    /// Replaces rows' cells (index paths *before* the update): the old cell animates out
    /// and a new one, asked of the data source, animates in, both with `animation`.
    public func reloadRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
        record { batch in
            batch.operations.reloadedRows += indexPaths
            for p in indexPaths { batch.reloadAnimations[p] = animation }
        }
    }

    /// Moves a row from `indexPath` (before the update) to `newIndexPath` (after). It slides.
    public func moveRow(at indexPath: IndexPath, to newIndexPath: IndexPath) {
        record { $0.operations.movedRows.append(RowMove(from: indexPath, to: newIndexPath)) }
    }

    /// Inserts sections (indexes after the update).
    public func insertSections(_ sections: IndexSet, with animation: RowAnimation) {
        record { batch in
            batch.operations.insertedSections += sections
            for s in sections { batch.sectionInsertAnimations[s] = animation }
        }
    }

    /// Deletes sections (indexes before the update).
    public func deleteSections(_ sections: IndexSet, with animation: RowAnimation) {
        record { batch in
            batch.operations.deletedSections += sections
            for s in sections { batch.sectionDeleteAnimations[s] = animation }
        }
    }

    /// Replaces sections (indexes before the update): their header, rows and footer are
    /// asked again and animate out and in with `animation`.
    public func reloadSections(_ sections: IndexSet, with animation: RowAnimation) {
        record { batch in
            batch.operations.reloadedSections += sections
            for s in sections { batch.sectionReloadAnimations[s] = animation }
        }
    }

    /// Moves a section from `section` (before the update) to `newSection` (after), with its rows.
    public func moveSection(_ section: Int, toSection newSection: Int) {
        record { $0.operations.movedSections.append(SectionMove(from: section, to: newSection)) }
    }

    /// Refreshes the cells of visible rows in place: `cellForRowAt` is asked again and
    /// `dequeueReusableCell` hands it the row's existing cell (without `prepareForReuse`).
    /// Inside an update block, index paths name rows before the update and the rows are
    /// refreshed once it is applied. Rows off screen have no cell and need nothing.
    public func reconfigureRows(at indexPaths: [IndexPath]) {
        if updates.depth > 0 {
            updates.pending.reconfigured += indexPaths
            return
        }
        loadIfNeeded()
        for indexPath in indexPaths where validIndexPath(indexPath, "reconfigureRows(at:)") {
            reconfigure(indexPath)
        }
    }

    /// Records operations: inside a block they wait for its end; alone they are a block.
    private func record(_ change: (inout PendingBatch) -> Void) {
        if updates.depth > 0 {
            change(&updates.pending)
        } else {
            beginUpdates()
            change(&updates.pending)
            endUpdates()
        }
    }

    private func checkUnbalancedBlock() {
        guard updates.depth > 0 else { return }
        let batch = updates.pending
        updates.depth = 0
        updates.pending = PendingBatch()
        report(.init(.unbalancedUpdates,
            "beginUpdates() was still open at the end of the run loop turn (\(batch.operations)); "
            + "every beginUpdates() needs an endUpdates(). The table reloaded from its data source."))
        reloadData()
        finishCompletions(batch.completions, finished: false)
    }

    // MARK: Applying

    /// Checks `batch` against the data source and applies it, animated unless
    /// animations are disabled (`UIView.performWithoutAnimation`, `setAnimationsEnabled(false)`).
    private func apply(_ batch: PendingBatch) {
        guard let dataSource, phase.pendingLoad < .data else {
            // Nothing loaded yet: there is no "before" to animate from; just load.
            reloadData()
            finishCompletions(batch.completions, finished: true)
            return
        }
        let oldCounts = (0 ..< geometry.numberOfSections).map { geometry.numberOfRows(inSection: $0) }
        let plan: UpdatePlan
        do {
            let counts = try inPhase(.updating) { () throws(TableUpdateError) in try newCounts(from: dataSource) }
            plan = try UpdatePlan(oldRowCounts: oldCounts, operations: batch.operations, newRowCounts: counts)
        } catch {
            report(error)
            cancelUpdateAnimations()
            reloadData()
            finishCompletions(batch.completions, finished: false)
            return
        }
        animateUpdate(plan, batch)
        // Editing styles are asked again at every update while editing (and when the
        // block turned editing on or off), and the cells change with the rows.
        if isEditing || batch.editingChanged { refreshEditing(animated: UIView.areAnimationsEnabled) }
        if !batch.reconfigured.isEmpty {
            for old in batch.reconfigured {
                guard old.count == 2, old.section >= 0, old.section < oldCounts.count,
                      old.row >= 0, old.row < oldCounts[old.section] else {
                    report(.init(.indexOutOfRange, "reconfigureRows(at:): \(old.tableDescription) is not a row of the "
                                 + "table before the update (\(oldCounts.count) sections); it was not reconfigured."))
                    continue
                }
                guard let new = plan.fate(ofRow: old).newIndexPath else { continue }
                reconfigure(new)
            }
        }
    }

    /// The data source's counts now; a negative one is an inconsistency.
    private func newCounts(from dataSource: UITableViewDataSource) throws(TableUpdateError) -> [Int] {
        let sections = dataSource.numberOfSections(in: self)
        guard sections >= 0 && sections <= Self.maximumNumberOfSections else {
            throw TableUpdateError(.invalidUpdate, "Invalid update: numberOfSections(in:) returned \(sections); "
                                   + "a table holds 0 to \(Self.maximumNumberOfSections) sections.")
        }
        var rowsLeft = Self.maximumNumberOfRows
        return try (0 ..< sections).map { s throws(TableUpdateError) in
            let count = dataSource.tableView(self, numberOfRowsInSection: s)
            guard count >= 0 && count <= rowsLeft else {
                throw TableUpdateError(.invalidUpdate,
                    "Invalid update: tableView(_:numberOfRowsInSection:) returned \(count) for section \(s)"
                    + (count < 0 ? "." : "; a table holds at most \(Self.maximumNumberOfRows) rows in all."))
            }
            rowsLeft -= count
            return count
        }
    }

    /// The geometry after `plan`: counts from the plan, heights asked again, measured
    /// heights of surviving rows carried over (estimated tables), selection remapped.
    func rebuildGeometry(for plan: UpdatePlan) {
        let previous = phase.enter(.loading)
        defer { phase.leave(restoring: previous) }
        guard let dataSource else { return }
        let delegate = tableDelegate
        let old = geometry
        store.forgetProvided()
        var sections: [TableGeometry.Section] = []
        var estimates: [Double] = []
        sections.reserveCapacity(plan.newRowCounts.count)
        for (s, count) in plan.newRowCounts.enumerated() {
            var carry: ((inout RowHeightIndex) -> Void)?
            if let o = plan.oldSectionForNew[s], plan.fate(ofSection: o) != .reloaded(s) {
                carry = { rows in Self.carryHeights(from: old.sections[o].rows, oldSection: o, into: &rows, plan: plan) }
            }
            let (section, estimate) = makeSection(s, count: count, dataSource, delegate, carrying: carry)
            sections.append(section)
            estimates.append(estimate)
        }
        // Moved rows carry their heights too.
        for move in plan.essential.movedRows {
            let rows = old.sections[move.from.section].rows
            guard rows.isMeasured(move.from.row), estimates[move.to.section] > 0 else { continue }
            sections[move.to.section].rows.setHeight(rows.height(ofRow: move.from.row), forRow: move.to.row)
        }
        geometry = TableGeometry(tableHeaderHeight: old.tableHeaderHeight, sections: sections,
                                 tableFooterHeight: old.tableFooterHeight)
        sectionEstimates = estimates
        indexTitles = dataSource.sectionIndexTitles(for: self) ?? []
        selectedRows = Set(selectedRows.compactMap { plan.fate(ofRow: $0).newIndexPath })
        remapTouchedRow(plan)
        remapDragSource(plan)
        remapPrefetching(plan)
    }

    /// Copies the measured heights of old section `o`'s surviving rows into `rows`.
    ///
    /// With the same estimate, the old index is edited where rows come and go (O(the
    /// update), not O(the measured rows): an update every frame of a long scroll stays
    /// cheap); otherwise every measured row that persists is copied.
    private static func carryHeights(from old: RowHeightIndex, oldSection o: Int, into rows: inout RowHeightIndex,
                                     plan: UpdatePlan) {
        if old.estimatedHeight == rows.estimatedHeight, let changes = plan.rowReplacements(ofSection: o) {
            var carried = old
            carried.replaceRows(removing: changes.removed, inserting: changes.inserted)
            assert(carried.count == rows.count, "the plan's counts are the new counts")
            rows = carried
            return
        }
        old.forEachMeasuredRow { row, height in
            if case .persists(let p) = plan.fate(ofRow: IndexPath(row: row, section: o)) {
                rows.setHeight(height, forRow: p.row)
            }
        }
    }

    /// Asks the data source for a visible row's cell again, handing it the same cell.
    func reconfigure(_ indexPath: IndexPath) {
        guard let dataSource, let cell = store.visible[indexPath] else { return }
        updates.reconfiguringCell = cell
        let returned = dataSource.tableView(self, cellForRowAt: indexPath)
        updates.reconfiguringCell = nil
        guard returned !== cell else { return }
        if let other = takeReturnedCell(returned, for: indexPath) {
            report(.init(.cellReusedWhileVisible,
                "tableView(_:cellForRowAt:) returned for row \(indexPath.row) in section \(indexPath.section), being "
                + "reconfigured, the cell showing row \(other.row) in section \(other.section); a cell can show one row "
                + "at a time. The row keeps its cell."))
            return
        }
        // A different cell: it replaces the old one on screen at once, without animation
        // (left prepared, it would wait for the next layout off screen).
        _ = store.takeVisible(indexPath)
        enqueue(cell, notifying: tableDelegate, indexPath)
        store.prepare(returned, for: indexPath)
        if returned.frame.width != rowWidth {
            UIView.performWithoutAnimation { returned.frame.size.width = rowWidth }
        }
        showPreparedCell(at: indexPath, notifying: tableDelegate)
        bringSupplementsToFront()
    }

    func finishCompletions(_ completions: [(Bool) -> Void], finished: Bool) {
        guard !completions.isEmpty else { return }
        // Always later, as in UIKit: never inside the call that made the update. The
        // action holds its token, so the token's identity (the frame ticker's key) cannot be
        // reused by another token — which would replace this action — before it runs.
        let token = CompletionToken()
        FrameEngine.of(layer).ticker.add(token) { _ in
            withExtendedLifetime(token) {}
            for completion in completions { completion(finished) }
            return false
        }
    }
}

/// The operations of an update block not yet applied, with their row animations.
struct PendingBatch {
    var operations = UpdateOperations()
    var insertAnimations: [IndexPath: UITableView.RowAnimation] = [:]
    var deleteAnimations: [IndexPath: UITableView.RowAnimation] = [:]
    var reloadAnimations: [IndexPath: UITableView.RowAnimation] = [:]
    var sectionInsertAnimations: [Int: UITableView.RowAnimation] = [:]
    var sectionDeleteAnimations: [Int: UITableView.RowAnimation] = [:]
    var sectionReloadAnimations: [Int: UITableView.RowAnimation] = [:]
    var reconfigured: [IndexPath] = []
    var completions: [(Bool) -> Void] = []
    /// `setEditing(_:animated:)` was called inside the block: its cells change with the update.
    var editingChanged = false
}

/// A table's batch update bookkeeping (the animation of the last one applied is the
/// `UpdateAnimator`'s).
struct BatchUpdateState {
    var depth = 0
    var pending = PendingBatch()
    /// Owns the frame check for a block left open.
    let watch = CompletionToken()
    /// The cell `dequeueReusableCell` hands back while a row is reconfigured.
    weak var reconfiguringCell: UITableViewCell?
}

/// A view on its way out of the table: where it goes, and what to do once it is there.
struct LeavingView {
    let view: UIView
    var frame: CGRect
    var alpha: CGFloat
    /// Whether it lives in the table's content (and moves when the content offset is shifted).
    var shiftsWithContent = true
    /// Which of its animations is the current one.
    var serial = 0
    /// For a cell sliding off screen, the row it still shows (it is found again if the
    /// row comes back on screen before it is gone).
    var slidingRow: IndexPath?
    /// Whether it is a veil the table laid over a row (not an item of the table).
    var isVeil = false
    /// Whether it is a cell, header or footer (not a veil).
    var isItem: Bool { !isVeil }
    let finish: @MainActor () -> Void
}

/// An object to register frame work under (a frame ticker keys actions by owner).
final class CompletionToken: Sendable {}
