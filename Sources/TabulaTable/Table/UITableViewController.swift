import Foundation
import TabulaUIKit

/// A view controller whose view is a table, which it serves as data source and delegate.
///
/// Every data source and delegate method is declared here as `open`, so a subclass
/// overrides them with `override` as in UIKit (a method a subclass adds without an
/// `open` declaration here would never be called through the protocol).
///
/// When a keyboard is announced (``UIResponder/keyboardWillShowNotification`` with its
/// end frame), the controller insets the table by the part the keyboard covers and
/// scrolls the cell holding the first responder into view, as WWDC 2009, Perfecting Your iPhone Table Views describes.
@preconcurrency @MainActor
open class UITableViewController: UIViewController, UITableViewDataSource, UITableViewDelegate {
    /// The style of the table the controller creates.
    public let style: UITableView.Style
    /// Deselect the selected rows each time the view appears (default true).
    open var clearsSelectionOnViewWillAppear = true
    private var keyboardObservers: [NSObjectProtocol] = []
    private var insetBeforeKeyboard: CGFloat?

    /// A controller whose table, created when the view loads, has the given style.
    public init(style: UITableView.Style) {
        self.style = style
        super.init(nibName: nil, bundle: nil)
    }

    /// A controller with a plain table (a nib name is reported and ignored, as for any view controller).
    public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        style = .plain
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
    }

    /// A controller with a plain table; Tabula reads nothing from `coder`.
    public required init?(coder: NSCoder) {
        style = (InterfaceBuilderCoder.value("UITableViewStyle", in: coder) as? UITableView.Style) ?? .plain
        super.init(coder: coder)
        InterfaceBuilderCoder.decode(coder, into: self, at: UITableViewController.self)
    }

    /// A controller with a plain table.
    public convenience init() { self.init(style: .plain) }

    /// The table, created by `loadView()` with this controller as data source and delegate.
    public var tableView: UITableView! {
        get { view as? UITableView }
        set { view = newValue }
    }

    /// The table's pull-to-refresh control: the same as `tableView.refreshControl`
    /// (setting it loads the view, as reading ``tableView`` does). Nil by default.
    open var refreshControl: UIRefreshControl? {
        get { (viewIfLoaded as? UITableView)?.refreshControl }
        set { tableView.refreshControl = newValue }
    }

    /// Makes the table: the storyboard scene's or the nib's (with this controller as data
    /// source and delegate unless the file connects others), else a table in ``init(style:)``'s style.
    open override func loadView() {
        if loadViewFromInterfaceBuilder() {
            if let table = view as? UITableView {
                if table.dataSource == nil { table.dataSource = self }
                if table.delegate == nil { table.delegate = self }
            }
            return
        }
        let table = UITableView(frame: UIScreen.main.bounds, style: style)
        table.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        table.dataSource = self
        table.delegate = self
        view = table
    }

    open override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        if clearsSelectionOnViewWillAppear, let rows = tableView.indexPathsForSelectedRows {
            for row in rows { tableView.deselectRow(at: row, animated: animated) }
        }
        observeKeyboard()
    }

    open override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        for observer in keyboardObservers { NotificationCenter.default.removeObserver(observer) }
        keyboardObservers = []
    }

    private func observeKeyboard() {
        guard keyboardObservers.isEmpty else { return }
        let center = NotificationCenter.default
        keyboardObservers.append(center.addObserver(forName: UIResponder.keyboardWillShowNotification, object: nil,
                                                    queue: nil) { [weak self] note in
            let value = note.userInfo?[UIResponder.keyboardFrameEndUserInfoKey]
            let frame = (value as? NSValue)?.cgRectValue ?? value as? CGRect
            MainActor.assumeIsolated { self?.keyboardWillShow(frame: frame) }
        })
        keyboardObservers.append(center.addObserver(forName: UIResponder.keyboardWillHideNotification, object: nil,
                                                    queue: nil) { [weak self] _ in
            MainActor.assumeIsolated { self?.keyboardWillHide() }
        })
    }

    /// Insets the table by the keyboard's overlap and scrolls the first responder's cell into view.
    func keyboardWillShow(frame keyboard: CGRect?) {
        guard let keyboard, let table = tableView, table.window != nil, table.hearsAnnouncedKeyboard else { return }
        let tableInWindow = table.convert(CGRect(origin: table.contentOffset, size: table.bounds.size), to: nil)
        let overlap = max(0, tableInWindow.maxY - keyboard.minY)
        if insetBeforeKeyboard == nil { insetBeforeKeyboard = table.contentInset.bottom }
        table.contentInset.bottom = (insetBeforeKeyboard ?? 0) + overlap
        table.verticalScrollIndicatorInsets.bottom = max(0, overlap - table.safeAreaInsets.bottom)
        table.layoutIfNeeded()
        guard let cell = table.visibleCells.first(where: { $0.containsFirstResponder }) else { return }
        table.scrollRectToVisible(cell.frame, animated: true)
    }

    func keyboardWillHide() {
        guard let table = tableView, let inset = insetBeforeKeyboard, table.hearsAnnouncedKeyboard else { return }
        table.contentInset.bottom = inset
        table.verticalScrollIndicatorInsets.bottom = 0
        insetBeforeKeyboard = nil
        // Content scrolled past its new end comes back with the keyboard (this runs inside
        // the keyboard's animation when the software keyboard posts it).
        let clamped = table.clampedContentOffset(table.contentOffset)
        if clamped != table.contentOffset { table.contentOffset = clamped }
    }

    // MARK: UITableViewDataSource

    /// The storyboard's static sections, or one section; override to give the table more.
    open func numberOfSections(in tableView: UITableView) -> Int { tableView.storyboardStaticSections?.count ?? 1 }
    /// The static section's cells, or no rows; override to give the table its rows.
    open func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        guard let sections = tableView.storyboardStaticSections else { return 0 }
        return sections.indices.contains(section) ? sections[section].cells.count : 0
    }
    /// The storyboard's static cell, or an empty plain cell; override to return the row's
    /// cell (usually dequeued).
    open func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        if let cell = tableView.storyboardStaticCell(at: indexPath) {
            tableView.store.keep(cell, for: indexPath)
            return cell
        }
        return UITableViewCell(style: .default, reuseIdentifier: nil)
    }
    /// The static section's header title, or nil.
    open func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
        tableView.storyboardStaticSections.flatMap { $0.indices.contains(section) ? $0[section].header : nil }
    }
    /// The static section's footer title, or nil.
    open func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String? {
        tableView.storyboardStaticSections.flatMap { $0.indices.contains(section) ? $0[section].footer : nil }
    }
    /// No section index: nil.
    open func sectionIndexTitles(for tableView: UITableView) -> [String]? { nil }
    /// The section at the title's position: `index`.
    open func tableView(_ tableView: UITableView, sectionForSectionIndexTitle title: String, at index: Int) -> Int {
        index
    }
    /// Every row can be edited: true.
    open func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool { true }
    /// No row can be moved: false; override to return true for rows that can be reordered.
    open func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool { false }
    /// Does nothing; override to delete or insert the row in the model and the table.
    open func tableView(_ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle,
                        forRowAt indexPath: IndexPath) {}
    /// Does nothing; override to move the item in the model (the table moves the row itself).
    open func tableView(_ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath,
                        to destinationIndexPath: IndexPath) {}

    // MARK: UITableViewDelegate

    /// The static row's height from the storyboard, else the table's ``UITableView/rowHeight``.
    open func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
        if let sections = tableView.storyboardStaticSections, sections.indices.contains(indexPath.section),
           sections[indexPath.section].rowHeights.indices.contains(indexPath.row),
           let height = sections[indexPath.section].rowHeights[indexPath.row] { return height }
        return tableView.rowHeight
    }
    /// The table's ``UITableView/estimatedRowHeight``.
    open func tableView(_ tableView: UITableView, estimatedHeightForRowAt indexPath: IndexPath) -> CGFloat {
        tableView.estimatedRowHeight
    }
    /// The table's ``UITableView/sectionHeaderHeight``.
    open func tableView(_ tableView: UITableView, heightForHeaderInSection section: Int) -> CGFloat {
        tableView.sectionHeaderHeight
    }
    /// The table's ``UITableView/sectionFooterHeight``.
    open func tableView(_ tableView: UITableView, heightForFooterInSection section: Int) -> CGFloat {
        tableView.sectionFooterHeight
    }
    /// The table's ``UITableView/estimatedSectionHeaderHeight``.
    open func tableView(_ tableView: UITableView, estimatedHeightForHeaderInSection section: Int) -> CGFloat {
        tableView.estimatedSectionHeaderHeight
    }
    /// The table's ``UITableView/estimatedSectionFooterHeight``.
    open func tableView(_ tableView: UITableView, estimatedHeightForFooterInSection section: Int) -> CGFloat {
        tableView.estimatedSectionFooterHeight
    }
    /// No custom header view: nil.
    open func tableView(_ tableView: UITableView, viewForHeaderInSection section: Int) -> UIView? { nil }
    /// No custom footer view: nil.
    open func tableView(_ tableView: UITableView, viewForFooterInSection section: Int) -> UIView? { nil }
    /// Does nothing.
    open func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath) {}
    /// Does nothing.
    open func tableView(_ tableView: UITableView, didEndDisplaying cell: UITableViewCell,
                        forRowAt indexPath: IndexPath) {}
    /// Does nothing.
    open func tableView(_ tableView: UITableView, willDisplayHeaderView view: UIView, forSection section: Int) {}
    /// Does nothing.
    open func tableView(_ tableView: UITableView, didEndDisplayingHeaderView view: UIView, forSection section: Int) {}
    /// Does nothing.
    open func tableView(_ tableView: UITableView, willDisplayFooterView view: UIView, forSection section: Int) {}
    /// Does nothing.
    open func tableView(_ tableView: UITableView, didEndDisplayingFooterView view: UIView, forSection section: Int) {}
    /// Every row highlights: true.
    open func tableView(_ tableView: UITableView, shouldHighlightRowAt indexPath: IndexPath) -> Bool { true }
    /// Does nothing.
    open func tableView(_ tableView: UITableView, didHighlightRowAt indexPath: IndexPath) {}
    /// Does nothing.
    open func tableView(_ tableView: UITableView, didUnhighlightRowAt indexPath: IndexPath) {}
    /// Selects the row asked for: `indexPath`.
    open func tableView(_ tableView: UITableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? { indexPath }
    /// Does nothing.
    open func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {}
    /// Deselects the row asked for: `indexPath`.
    open func tableView(_ tableView: UITableView, willDeselectRowAt indexPath: IndexPath) -> IndexPath? { indexPath }
    /// Does nothing.
    open func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath) {}
    /// True unless the table is editing.
    open func tableView(_ tableView: UITableView, canPerformPrimaryActionForRowAt indexPath: IndexPath) -> Bool {
        !tableView.isEditing
    }
    /// Does nothing.
    open func tableView(_ tableView: UITableView, performPrimaryActionForRowAt indexPath: IndexPath) {}
    /// Does nothing.
    open func tableView(_ tableView: UITableView, accessoryButtonTappedForRowWith indexPath: IndexPath) {}
    /// `.delete`.
    open func tableView(_ tableView: UITableView,
                        editingStyleForRowAt indexPath: IndexPath) -> UITableViewCell.EditingStyle { .delete }
    /// nil: the button says "Delete".
    open func tableView(_ tableView: UITableView,
                        titleForDeleteConfirmationButtonForRowAt indexPath: IndexPath) -> String? { nil }
    /// Every row indents: true.
    open func tableView(_ tableView: UITableView, shouldIndentWhileEditingRowAt indexPath: IndexPath) -> Bool { true }
    /// No indentation: 0 (the table does not ask this yet).
    open func tableView(_ tableView: UITableView, indentationLevelForRowAt indexPath: IndexPath) -> Int { 0 }
    /// Accepts the proposed place: `proposedDestinationIndexPath`.
    open func tableView(_ tableView: UITableView, targetIndexPathForMoveFromRowAt sourceIndexPath: IndexPath,
                        toProposedIndexPath proposedDestinationIndexPath: IndexPath) -> IndexPath {
        proposedDestinationIndexPath
    }
    /// No leading actions: nil.
    open func tableView(_ tableView: UITableView,
                        leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> UISwipeActionsConfiguration? { nil }
    /// No trailing actions of its own: nil (see ``UITableView/allowsSwipeToDelete``).
    open func tableView(_ tableView: UITableView,
                        trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> UISwipeActionsConfiguration? { nil }
    /// Does nothing.
    open func tableView(_ tableView: UITableView, willBeginEditingRowAt indexPath: IndexPath) {}
    /// Does nothing.
    open func tableView(_ tableView: UITableView, didEndEditingRowAt indexPath: IndexPath?) {}
    /// No menu: false.
    open func tableView(_ tableView: UITableView, shouldShowMenuForRowAt indexPath: IndexPath) -> Bool { false }
    /// No action: false.
    open func tableView(_ tableView: UITableView, canPerformAction action: Selector, forRowAt indexPath: IndexPath,
                        withSender sender: Any?) -> Bool { false }
    /// Does nothing.
    open func tableView(_ tableView: UITableView, performAction action: Selector, forRowAt indexPath: IndexPath,
                        withSender sender: Any?) {}
    /// No context menu: nil.
    open func tableView(_ tableView: UITableView, contextMenuConfigurationForRowAt indexPath: IndexPath,
                        point: CGPoint) -> UIContextMenuConfiguration? { nil }
    /// Does nothing.
    open func tableView(_ tableView: UITableView, willDisplayContextMenu configuration: UIContextMenuConfiguration,
                        animator: (any UIContextMenuInteractionAnimating)?) {}
    /// Does nothing.
    open func tableView(_ tableView: UITableView, willEndContextMenuInteraction configuration: UIContextMenuConfiguration,
                        animator: (any UIContextMenuInteractionAnimating)?) {}
    /// Does nothing.
    open func tableView(_ tableView: UITableView, willPerformPreviewActionForMenuWith configuration: UIContextMenuConfiguration,
                        animator: any UIContextMenuInteractionCommitAnimating) {}
    /// Nil: the row lifts.
    open func tableView(_ tableView: UITableView, previewForHighlightingContextMenuWithConfiguration configuration: UIContextMenuConfiguration)
        -> UITargetedPreview? { nil }
    /// Nil: the picture goes back to the row.
    open func tableView(_ tableView: UITableView, previewForDismissingContextMenuWithConfiguration configuration: UIContextMenuConfiguration)
        -> UITargetedPreview? { nil }

    // MARK: Editing

    /// Turns editing on or off for the controller (its ``UIViewController/editButtonItem``
    /// reads Done or Edit) and puts the table into or out of editing mode.
    open override func setEditing(_ editing: Bool, animated: Bool) {
        super.setEditing(editing, animated: animated)
        tableView.setEditing(editing, animated: animated)
    }

    // MARK: UIScrollViewDelegate

    /// Does nothing; override to follow the content offset as it changes.
    open func scrollViewDidScroll(_ scrollView: UIScrollView) {}
    /// Does nothing.
    open func scrollViewWillBeginDragging(_ scrollView: UIScrollView) {}
    /// Does nothing; override to change where deceleration comes to rest.
    open func scrollViewWillEndDragging(_ scrollView: UIScrollView, withVelocity velocity: CGPoint,
                                        targetContentOffset: UnsafeMutablePointer<CGPoint>) {}
    /// Does nothing.
    open func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {}
    /// Does nothing.
    open func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView) {}
    /// Does nothing.
    open func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) {}
    /// Does nothing.
    open func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) {}
    /// Allows scrolling to the top: true.
    open func scrollViewShouldScrollToTop(_ scrollView: UIScrollView) -> Bool { true }
    /// Does nothing.
    open func scrollViewDidScrollToTop(_ scrollView: UIScrollView) {}
}

extension UIView {
    /// Whether this view or one of its descendants is the first responder.
    var containsFirstResponder: Bool {
        isFirstResponder || subviews.contains { $0.containsFirstResponder }
    }
}
