import Foundation
import TabulaUIKit

/// Heights, header and footer views, display and selection messages. Every method has
/// a default: heights default to the table's `rowHeight`, `sectionHeaderHeight` and
/// `sectionFooterHeight` properties, and estimates to the `estimated…` properties.
@preconcurrency @MainActor
public protocol UITableViewDelegate: UIScrollViewDelegate {
    /// The height of the row at `indexPath`; ``UITableView/automaticDimension`` sizes it from its
    /// cell (`sizeThatFits`).
    ///
    /// With estimated heights, asked when the row first comes on screen (the content offset is
    /// corrected so that nothing on screen moves); with estimates off, for every row at reload.
    /// A negative or non-finite height is reported and replaced. The default implementation
    /// returns the table's ``UITableView/rowHeight``.
    func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat
    /// The height the rows of `indexPath`'s section count as until they are measured; 0 turns
    /// estimates off for the section, ``UITableView/automaticDimension`` uses the table's estimate.
    ///
    /// Asked once per section, for its first row, at reload: one estimate per section keeps a
    /// reload O(sections) however many rows there are (UIKit asks per row). The default
    /// implementation returns the table's ``UITableView/estimatedRowHeight``.
    func tableView(_ tableView: UITableView, estimatedHeightForRowAt indexPath: IndexPath) -> CGFloat
    /// The height of the header of `section`; ``UITableView/automaticDimension`` fits its view or
    /// title (and, in grouped styles, leaves spacing when it has neither).
    ///
    /// Asked for every section at each reload. The default implementation returns the table's
    /// ``UITableView/sectionHeaderHeight``.
    func tableView(_ tableView: UITableView, heightForHeaderInSection section: Int) -> CGFloat
    /// The height of the footer of `section`; ``UITableView/automaticDimension`` fits its view or
    /// title (and, in grouped styles, leaves spacing when it has neither).
    ///
    /// Asked for every section at each reload. The default implementation returns the table's
    /// ``UITableView/sectionFooterHeight``.
    func tableView(_ tableView: UITableView, heightForFooterInSection section: Int) -> CGFloat
    /// Accepted for compatibility: header and footer heights are asked at reload (O(sections)).
    func tableView(_ tableView: UITableView, estimatedHeightForHeaderInSection section: Int) -> CGFloat
    /// Accepted for compatibility, like the header's: footer heights are asked at reload (O(sections)).
    func tableView(_ tableView: UITableView, estimatedHeightForFooterInSection section: Int) -> CGFloat
    /// A custom view for the header of `section`, or nil for the standard title view.
    ///
    /// Asked at reload (to size it; the view is kept until it is shown) and again when the
    /// header comes back on screen. A ``UITableViewHeaderFooterView`` gets the standard title
    /// styling. The default implementation returns nil.
    func tableView(_ tableView: UITableView, viewForHeaderInSection section: Int) -> UIView?
    /// A custom view for the footer of `section`, or nil for the standard title view.
    ///
    /// Asked at reload (to size it; the view is kept until it is shown) and again when the
    /// footer comes back on screen. A ``UITableViewHeaderFooterView`` gets the standard title
    /// styling. The default implementation returns nil.
    func tableView(_ tableView: UITableView, viewForFooterInSection section: Int) -> UIView?

    /// Called after the table has set its own properties on the cell, just before it
    /// appears: the place to override them (the gotcha WWDC 2009, Perfecting Your iPhone Table Views warns of).
    func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath)
    /// Tells the delegate that `cell`, which showed the row at `indexPath`, left the screen:
    /// scrolled off, reloaded or deleted. The cell then goes to the reuse pool. Does nothing by default.
    func tableView(_ tableView: UITableView, didEndDisplaying cell: UITableViewCell, forRowAt indexPath: IndexPath)
    /// Called just after the header view of `section` is added to the table, before it is drawn. Does nothing by default.
    func tableView(_ tableView: UITableView, willDisplayHeaderView view: UIView, forSection section: Int)
    /// Tells the delegate that the header view of `section` left the screen. Does nothing by default.
    func tableView(_ tableView: UITableView, didEndDisplayingHeaderView view: UIView, forSection section: Int)
    /// Called just after the footer view of `section` is added to the table, before it is drawn. Does nothing by default.
    func tableView(_ tableView: UITableView, willDisplayFooterView view: UIView, forSection section: Int)
    /// Tells the delegate that the footer view of `section` left the screen. Does nothing by default.
    func tableView(_ tableView: UITableView, didEndDisplayingFooterView view: UIView, forSection section: Int)

    /// Whether the row highlights when a finger comes down on it (after the scroll view's
    /// short delay, so a drag never highlights).
    ///
    /// The default implementation returns true.
    func tableView(_ tableView: UITableView, shouldHighlightRowAt indexPath: IndexPath) -> Bool
    /// Tells the delegate that the row highlighted under a finger. Does nothing by default.
    func tableView(_ tableView: UITableView, didHighlightRowAt indexPath: IndexPath)
    /// Tells the delegate that the row's highlight went: the finger lifted, moved off or was cancelled. Does nothing by default.
    func tableView(_ tableView: UITableView, didUnhighlightRowAt indexPath: IndexPath)
    /// May redirect the selection to another row, or refuse it by returning nil.
    func tableView(_ tableView: UITableView, willSelectRowAt indexPath: IndexPath) -> IndexPath?
    /// Tells the delegate that the user selected the row: the finger lifted over it, or Return
    /// or Space was pressed on it (or an arrow key reached it, with ``UITableView/selectionFollowsFocus``).
    ///
    /// Not called for ``UITableView/selectRow(at:animated:scrollPosition:)``, as in UIKit. Does nothing by default.
    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath)
    /// Asked before the user's action deselects the row (selecting another row, or tapping a
    /// selected row in multiple selection); return another selected row to deselect that one,
    /// or nil to keep the selection.
    ///
    /// The default implementation returns `indexPath`.
    func tableView(_ tableView: UITableView, willDeselectRowAt indexPath: IndexPath) -> IndexPath?
    /// Tells the delegate that the user's action deselected the row; not called for
    /// ``UITableView/deselectRow(at:animated:)``. Does nothing by default.
    func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath)
    /// Asks whether a tap on the row performs its primary action
    /// (``tableView(_:performPrimaryActionForRowAt:)``). By default, true when the table is
    /// not editing, false when it is.
    func tableView(_ tableView: UITableView, canPerformPrimaryActionForRowAt indexPath: IndexPath) -> Bool
    /// Performs the row's primary action (iOS 16): what a person's tap on one row means, as
    /// opposed to a change of selection. Called after `willSelectRowAt` and `didSelectRowAt`
    /// whether or not the selection changed: when `willSelectRowAt` returns nil the selection
    /// stays as it was and the action is still performed (a button-like row). Not called
    /// in multiple selection, where a tap extends the selection. Does nothing by default.
    func tableView(_ tableView: UITableView, performPrimaryActionForRowAt indexPath: IndexPath)
    /// Tells the delegate that the row's info button (`.detailButton` or
    /// `.detailDisclosureButton`) was tapped; the row is not selected. Does nothing by default.
    func tableView(_ tableView: UITableView, accessoryButtonTappedForRowWith indexPath: IndexPath)

    /// The editing control of an editable row: `.delete` (red minus), `.insert` (green plus) or `.none`.
    ///
    /// Asked when a row on screen is configured for editing, and before a swipe offers Delete;
    /// not asked with ``UITableView/allowsMultipleSelectionDuringEditing``, which shows check
    /// circles. The default implementation returns `.delete`.
    func tableView(_ tableView: UITableView, editingStyleForRowAt indexPath: IndexPath) -> UITableViewCell.EditingStyle
    /// The title of the row's Delete confirmation button and Delete swipe action; nil means "Delete".
    ///
    /// The default implementation returns nil.
    func tableView(_ tableView: UITableView, titleForDeleteConfirmationButtonForRowAt indexPath: IndexPath) -> String?
    /// Whether the row's content moves right to make room for its editing control, asked when
    /// a row on screen is configured for editing.
    ///
    /// The default implementation returns true.
    func tableView(_ tableView: UITableView, shouldIndentWhileEditingRowAt indexPath: IndexPath) -> Bool
    /// The indentation level of the row's content, as UIKit defines it.
    ///
    /// Declared for source compatibility: the table does not ask it yet, so set the cell's
    /// ``UITableViewCell/indentationLevel`` in `cellForRowAt` instead. The default implementation returns 0.
    func tableView(_ tableView: UITableView, indentationLevelForRowAt indexPath: IndexPath) -> Int
    /// Where a row dragged by its reorder control would land; return another index path to redirect it.
    func tableView(_ tableView: UITableView, targetIndexPathForMoveFromRowAt sourceIndexPath: IndexPath,
                   toProposedIndexPath proposedDestinationIndexPath: IndexPath) -> IndexPath
    /// The actions a drag to the right reveals at the row's left edge; nil or no actions
    /// means the row does not swipe that way.
    ///
    /// Asked as a sideways drag begins (not while editing). The default implementation returns nil.
    func tableView(_ tableView: UITableView,
                   leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> UISwipeActionsConfiguration?
    /// The actions a drag to the left reveals at the row's right edge; a configuration with
    /// no actions means the row does not swipe that way.
    ///
    /// Asked as a sideways drag begins (not while editing). For nil the table offers a Delete
    /// action if ``UITableView/allowsSwipeToDelete`` is on and the row is editable with the
    /// `.delete` style. The default implementation returns nil.
    func tableView(_ tableView: UITableView,
                   trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> UISwipeActionsConfiguration?
    /// A swipe opened a row's actions.
    func tableView(_ tableView: UITableView, willBeginEditingRowAt indexPath: IndexPath)
    /// Tells the delegate that a row swiped open closed again; `indexPath` is the row as it was
    /// when it opened. Does nothing by default.
    func tableView(_ tableView: UITableView, didEndEditingRowAt indexPath: IndexPath?)

    /// Whether a long press on the row shows the edit menu (WWDC 2011, What's New in Table Views).
    func tableView(_ tableView: UITableView, shouldShowMenuForRowAt indexPath: IndexPath) -> Bool
    /// Asked for each action the menu could show (cut, copy, paste, then `UIMenuController.shared.menuItems`).
    func tableView(_ tableView: UITableView, canPerformAction action: Selector, forRowAt indexPath: IndexPath,
                   withSender sender: Any?) -> Bool
    /// A menu item was chosen; afterwards the menu goes and the row is deselected.
    func tableView(_ tableView: UITableView, performAction action: Selector, forRowAt indexPath: IndexPath,
                   withSender sender: Any?)

    /// The context menu a long press on the row shows (iOS 13 and later), or nil for none;
    /// `point` is where the finger is, in the table's coordinates. Asked when the press
    /// has lasted ``UILongPressGestureRecognizer/minimumPressDuration`` (0.5 s), not while
    /// editing, swiping or reordering. A configuration wins over the older edit menu
    /// (``tableView(_:shouldShowMenuForRowAt:)``). The default implementation returns nil.
    func tableView(_ tableView: UITableView, contextMenuConfigurationForRowAt indexPath: IndexPath,
                   point: CGPoint) -> UIContextMenuConfiguration?
    /// The row's context menu is about to show; `animator` runs animations alongside and
    /// completions after. Does nothing by default.
    func tableView(_ tableView: UITableView, willDisplayContextMenu configuration: UIContextMenuConfiguration,
                   animator: (any UIContextMenuInteractionAnimating)?)
    /// The row's context menu is about to go, however it was closed. Does nothing by default.
    func tableView(_ tableView: UITableView, willEndContextMenuInteraction configuration: UIContextMenuConfiguration,
                   animator: (any UIContextMenuInteractionAnimating)?)
    /// The context menu's preview was tapped: show what it previews, typically in one of
    /// the animator's completions. The menu closes after this. Does nothing by default.
    func tableView(_ tableView: UITableView, willPerformPreviewActionForMenuWith configuration: UIContextMenuConfiguration,
                   animator: any UIContextMenuInteractionCommitAnimating)
    /// What lifts as the menu opens, instead of the whole row (its picture, say); nil
    /// lifts the row. Nil by default.
    func tableView(_ tableView: UITableView, previewForHighlightingContextMenuWithConfiguration configuration: UIContextMenuConfiguration)
        -> UITargetedPreview?
    /// Where the lifted picture goes as the menu closes; nil sends it back where it came
    /// from. Nil by default.
    func tableView(_ tableView: UITableView, previewForDismissingContextMenuWithConfiguration configuration: UIContextMenuConfiguration)
        -> UITargetedPreview?
}

extension UITableViewDelegate {
    /// The table's ``UITableView/rowHeight``.
    public func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
        tableView.rowHeight
    }
    /// The table's ``UITableView/estimatedRowHeight``.
    public func tableView(_ tableView: UITableView, estimatedHeightForRowAt indexPath: IndexPath) -> CGFloat {
        tableView.estimatedRowHeight
    }
    /// The table's ``UITableView/sectionHeaderHeight``.
    public func tableView(_ tableView: UITableView, heightForHeaderInSection section: Int) -> CGFloat {
        tableView.sectionHeaderHeight
    }
    /// The table's ``UITableView/sectionFooterHeight``.
    public func tableView(_ tableView: UITableView, heightForFooterInSection section: Int) -> CGFloat {
        tableView.sectionFooterHeight
    }
    /// The table's ``UITableView/estimatedSectionHeaderHeight``.
    public func tableView(_ tableView: UITableView, estimatedHeightForHeaderInSection section: Int) -> CGFloat {
        tableView.estimatedSectionHeaderHeight
    }
    /// The table's ``UITableView/estimatedSectionFooterHeight``.
    public func tableView(_ tableView: UITableView, estimatedHeightForFooterInSection section: Int) -> CGFloat {
        tableView.estimatedSectionFooterHeight
    }
    /// No custom view: nil.
    public func tableView(_ tableView: UITableView, viewForHeaderInSection section: Int) -> UIView? { nil }
    /// No custom view: nil.
    public func tableView(_ tableView: UITableView, viewForFooterInSection section: Int) -> UIView? { nil }
    /// Does nothing.
    public func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath) {}
    /// Does nothing.
    public func tableView(_ tableView: UITableView, didEndDisplaying cell: UITableViewCell,
                          forRowAt indexPath: IndexPath) {}
    /// Does nothing.
    public func tableView(_ tableView: UITableView, willDisplayHeaderView view: UIView, forSection section: Int) {}
    /// Does nothing.
    public func tableView(_ tableView: UITableView, didEndDisplayingHeaderView view: UIView, forSection section: Int) {}
    /// Does nothing.
    public func tableView(_ tableView: UITableView, willDisplayFooterView view: UIView, forSection section: Int) {}
    /// Does nothing.
    public func tableView(_ tableView: UITableView, didEndDisplayingFooterView view: UIView, forSection section: Int) {}
    /// Every row highlights: true.
    public func tableView(_ tableView: UITableView, shouldHighlightRowAt indexPath: IndexPath) -> Bool { true }
    /// Does nothing.
    public func tableView(_ tableView: UITableView, didHighlightRowAt indexPath: IndexPath) {}
    /// Does nothing.
    public func tableView(_ tableView: UITableView, didUnhighlightRowAt indexPath: IndexPath) {}
    /// Selects the row asked for: `indexPath`.
    public func tableView(_ tableView: UITableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? { indexPath }
    /// Does nothing.
    public func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {}
    /// Deselects the row asked for: `indexPath`.
    public func tableView(_ tableView: UITableView, willDeselectRowAt indexPath: IndexPath) -> IndexPath? { indexPath }
    /// Does nothing.
    public func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath) {}
    /// True unless the table is editing.
    public func tableView(_ tableView: UITableView, canPerformPrimaryActionForRowAt indexPath: IndexPath) -> Bool {
        !tableView.isEditing
    }
    /// Does nothing.
    public func tableView(_ tableView: UITableView, performPrimaryActionForRowAt indexPath: IndexPath) {}
    /// Does nothing.
    public func tableView(_ tableView: UITableView, accessoryButtonTappedForRowWith indexPath: IndexPath) {}
    /// `.delete`.
    public func tableView(_ tableView: UITableView,
                          editingStyleForRowAt indexPath: IndexPath) -> UITableViewCell.EditingStyle { .delete }
    /// nil: the button says "Delete".
    public func tableView(_ tableView: UITableView,
                          titleForDeleteConfirmationButtonForRowAt indexPath: IndexPath) -> String? { nil }
    /// Every row indents: true.
    public func tableView(_ tableView: UITableView, shouldIndentWhileEditingRowAt indexPath: IndexPath) -> Bool { true }
    /// No indentation: 0.
    public func tableView(_ tableView: UITableView, indentationLevelForRowAt indexPath: IndexPath) -> Int { 0 }
    /// Accepts the proposed place: `proposedDestinationIndexPath`.
    public func tableView(_ tableView: UITableView, targetIndexPathForMoveFromRowAt sourceIndexPath: IndexPath,
                          toProposedIndexPath proposedDestinationIndexPath: IndexPath) -> IndexPath {
        proposedDestinationIndexPath
    }
    /// No leading actions: nil.
    public func tableView(_ tableView: UITableView,
                          leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> UISwipeActionsConfiguration? { nil }
    /// No trailing actions of its own: nil (see ``UITableView/allowsSwipeToDelete``).
    public func tableView(_ tableView: UITableView,
                          trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> UISwipeActionsConfiguration? { nil }
    /// Does nothing.
    public func tableView(_ tableView: UITableView, willBeginEditingRowAt indexPath: IndexPath) {}
    /// Does nothing.
    public func tableView(_ tableView: UITableView, didEndEditingRowAt indexPath: IndexPath?) {}
    /// No menu: false.
    public func tableView(_ tableView: UITableView, shouldShowMenuForRowAt indexPath: IndexPath) -> Bool { false }
    /// No action: false.
    public func tableView(_ tableView: UITableView, canPerformAction action: Selector, forRowAt indexPath: IndexPath,
                          withSender sender: Any?) -> Bool { false }
    /// Does nothing.
    public func tableView(_ tableView: UITableView, performAction action: Selector, forRowAt indexPath: IndexPath,
                          withSender sender: Any?) {}
    /// No context menu: nil.
    public func tableView(_ tableView: UITableView, contextMenuConfigurationForRowAt indexPath: IndexPath,
                          point: CGPoint) -> UIContextMenuConfiguration? { nil }
    /// Does nothing.
    public func tableView(_ tableView: UITableView, willDisplayContextMenu configuration: UIContextMenuConfiguration,
                          animator: (any UIContextMenuInteractionAnimating)?) {}
    /// Does nothing.
    public func tableView(_ tableView: UITableView, willEndContextMenuInteraction configuration: UIContextMenuConfiguration,
                          animator: (any UIContextMenuInteractionAnimating)?) {}
    /// Does nothing.
    public func tableView(_ tableView: UITableView, willPerformPreviewActionForMenuWith configuration: UIContextMenuConfiguration,
                          animator: any UIContextMenuInteractionCommitAnimating) {}
    /// Nil: the row lifts.
    public func tableView(_ tableView: UITableView, previewForHighlightingContextMenuWithConfiguration configuration: UIContextMenuConfiguration)
        -> UITargetedPreview? { nil }
    /// Nil: the picture goes back to the row.
    public func tableView(_ tableView: UITableView, previewForDismissingContextMenuWithConfiguration configuration: UIContextMenuConfiguration)
        -> UITargetedPreview? { nil }
}
