import Foundation
import TabulaUIKit

/// Self-sizing invalidation (iOS 16): a visible self-sizing cell that says its size may
/// have changed is measured again, and the table animates the row to its new height.
///
/// With `.enabled`, calling `invalidateIntrinsicContentSize()` on the cell or its content
/// view does it; with `.enabledIncludingConstraints`, so does any change inside the content
/// view that affects Auto Layout (a label's text, a constraint's constant). Several
/// invalidations in one frame make one update, at the start of the next frame.
extension UITableView {
    /// How the table responds when a self-sizing cell's size may have changed.
    public enum SelfSizingInvalidation: Int, Sendable {
        /// Nothing happens: the row keeps its height until the table reloads or updates.
        case disabled = 0
        /// `invalidateIntrinsicContentSize()` on a cell or its content view resizes the row (the default).
        case enabled = 1
        /// As `.enabled`, and any Auto Layout change inside the content view invalidates the cell by itself.
        case enabledIncludingConstraints = 2
    }

    /// A cell on this table said its size may have changed; `fromContent` when the change
    /// came from inside its content view rather than from the cell or the content view itself.
    func cellSizeDidInvalidate(_ cell: UITableViewCell, fromContent: Bool) {
        switch selfSizingInvalidation {
        case .disabled: return
        case .enabled: if fromContent { return }
        case .enabledIncludingConstraints: break
        }
        guard let path = store.owners[ObjectKey(cell)], store.visible[path] === cell else { return }
        if !selfSizingTicker.cells.contains(where: { $0 === cell }) { selfSizingTicker.cells.append(cell) }
        FrameEngine.of(layer).ticker.add(selfSizingTicker) { [weak self] _ in
            self?.resizeInvalidatedCells()
            return false
        }
    }

    /// Measures the invalidated cells still on screen; if any row's height changed, the
    /// rows animate to their new heights (an update with no operations).
    private func resizeInvalidatedCells() {
        let invalidated = selfSizingTicker.cells
        selfSizingTicker.cells = []
        // An update already open measures the rows when it ends.
        guard updates.depth == 0, !phase.isBusy else { return }
        let changed = invalidated.contains { cell in
            guard let path = store.owners[ObjectKey(cell)], store.visible[path] === cell else { return false }
            return measuredHeight(of: path, cell: cell) != geometry.rowSpan(row: path.row, section: path.section).height
        }
        if changed { performBatchUpdates(nil) }
    }
}

/// Owns the table's "measure invalidated cells next frame" work on the frame ticker.
@MainActor
final class SelfSizingTicker {
    /// The cells that invalidated their size since the last frame.
    var cells: [UITableViewCell] = []
}

extension UITableViewCell: SizeInvalidationReceiving {
    /// Tells the table this cell is in that the cell's size may have changed: from its
    /// content when `view` is inside the content view or a constraint changed.
    package func sizeMayHaveChanged(inside view: UIView, fromConstraint: Bool) {
        let fromContent = fromConstraint || (view !== self && view !== contentView)
        var host = superview
        while let h = host, !(h is UITableView) { host = h.superview }
        (host as? UITableView)?.cellSizeDidInvalidate(self, fromContent: fromContent)
    }
}
