import Foundation
import TabulaUIKit

/// A view controller whose view is a collection view, which it serves as data source and
/// delegate, as UIKit's `UICollectionViewController`.
///
/// Every data source and collection delegate method is declared here as `open`, so a
/// subclass overrides them with `override` as in UIKit (a method a subclass adds without
/// an `open` declaration here would never be called through the protocol). A diffable data
/// source made for ``collectionView`` replaces the controller as data source.
@preconcurrency @MainActor
open class UICollectionViewController: UIViewController, UICollectionViewDataSource, UICollectionViewDelegate {
    private var initialLayout: UICollectionViewLayout

    /// Deselect the selected items each time the view appears (default true).
    open var clearsSelectionOnViewWillAppear = true
    /// Whether a long press on an item that the data source lets move
    /// (``collectionView(_:canMoveItemAt:)``) picks it up and moves it with the finger,
    /// through the collection view's interactive movement (default true, as in UIKit). A
    /// context menu or a drag the delegates offer for the item comes first.
    open var installsStandardGestureForInteractiveMovement = true {
        didSet { (viewIfLoaded as? UICollectionView)?.movesItemsOnLongPress = installsStandardGestureForInteractiveMovement }
    }

    /// A controller whose collection view, created when the view loads, uses `layout`.
    public init(collectionViewLayout layout: UICollectionViewLayout) {
        initialLayout = layout
        super.init(nibName: nil, bundle: nil)
    }

    /// A controller with a flow layout (a nib name is reported and ignored, as for any view controller).
    public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        initialLayout = UICollectionViewFlowLayout()
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
    }

    /// A controller with a flow layout; Tabula reads nothing from `coder`.
    public required init?(coder: NSCoder) {
        initialLayout = (InterfaceBuilderCoder.value("UICollectionViewLayout", in: coder) as? UICollectionViewLayout) ?? UICollectionViewFlowLayout()
        super.init(coder: coder)
        InterfaceBuilderCoder.decode(coder, into: self, at: UICollectionViewController.self)
    }

    /// The collection view, created by `loadView()` with this controller as data source and
    /// delegate (reading it loads the view).
    open var collectionView: UICollectionView! {
        get { view as? UICollectionView }
        set { view = newValue }
    }

    /// The layout of the collection view (the one given at init until the view loads).
    open var collectionViewLayout: UICollectionViewLayout {
        (viewIfLoaded as? UICollectionView)?.collectionViewLayout ?? initialLayout
    }

    /// Makes the collection view: the storyboard scene's or the nib's (with this controller
    /// as data source and delegate unless the file connects others), else one with the layout given at creation.
    open override func loadView() {
        if loadViewFromInterfaceBuilder() {
            if let collection = view as? UICollectionView {
                if collection.dataSource == nil { collection.dataSource = self }
                if collection.delegate == nil { collection.delegate = self }
                collection.movesItemsOnLongPress = installsStandardGestureForInteractiveMovement
            }
            return
        }
        let view = UICollectionView(frame: UIScreen.main.bounds, collectionViewLayout: initialLayout)
        view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        view.dataSource = self
        view.delegate = self
        view.movesItemsOnLongPress = installsStandardGestureForInteractiveMovement
        self.view = view
    }

    open override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        if clearsSelectionOnViewWillAppear, let items = collectionView.indexPathsForSelectedItems {
            for item in items { collectionView.deselectItem(at: item, animated: animated) }
        }
    }

    /// Puts the view controller and its collection view in or out of editing mode
    /// (``UICollectionView/isEditing``); animated, the list cells' editing accessories
    /// slide in and out. As in UIKit, the collection view is loaded for it (with
    /// `viewDidLoad`): a controller made and put in editing mode before it is shown (an
    /// "add item" screen) has its data source ready when the call returns.
    open override func setEditing(_ editing: Bool, animated: Bool) {
        super.setEditing(editing, animated: animated)
        guard let collectionView else { return }
        if animated {
            collectionView.isEditing = editing
        } else {
            UIView.performWithoutAnimation { collectionView.isEditing = editing }
        }
    }

    // MARK: UICollectionViewDataSource

    /// One section; override to give the collection view more.
    open func numberOfSections(in collectionView: UICollectionView) -> Int { 1 }
    /// No items; override to give the collection view its items.
    open func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 0 }
    /// An empty cell, reported; override to return the item's cell (usually dequeued).
    open func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        collectionView.reportCollectionProblem("\(type(of: self)) gives items but does not override "
            + "collectionView(_:cellForItemAt:); an empty cell is shown at \(indexPath.tableDescription).")
        return UICollectionViewCell(frame: .zero)
    }
    /// An empty view, reported; override when the layout places headers or footers.
    open func collectionView(_ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String,
                             at indexPath: IndexPath) -> UICollectionReusableView {
        collectionView.reportCollectionProblem("The layout places a supplementary view of kind \"\(kind)\" at "
            + "\(indexPath.tableDescription), but \(type(of: self)) does not override "
            + "collectionView(_:viewForSupplementaryElementOfKind:at:); an empty view is shown.")
        return UICollectionReusableView(frame: .zero)
    }
    /// False; override to let items be moved.
    open func collectionView(_ collectionView: UICollectionView, canMoveItemAt indexPath: IndexPath) -> Bool { false }
    /// Does nothing; override to move the item in the model.
    open func collectionView(_ collectionView: UICollectionView, moveItemAt sourceIndexPath: IndexPath,
                             to destinationIndexPath: IndexPath) {}

    // MARK: UICollectionViewDelegate

    /// True.
    open func collectionView(_ collectionView: UICollectionView, shouldHighlightItemAt indexPath: IndexPath) -> Bool { true }
    /// Nothing.
    open func collectionView(_ collectionView: UICollectionView, didHighlightItemAt indexPath: IndexPath) {}
    /// Nothing.
    open func collectionView(_ collectionView: UICollectionView, didUnhighlightItemAt indexPath: IndexPath) {}
    /// True.
    open func collectionView(_ collectionView: UICollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool { true }
    /// True.
    open func collectionView(_ collectionView: UICollectionView, shouldDeselectItemAt indexPath: IndexPath) -> Bool { true }
    /// Nothing.
    open func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {}
    /// True unless the collection view is editing.
    open func collectionView(_ collectionView: UICollectionView, canPerformPrimaryActionForItemAt indexPath: IndexPath) -> Bool {
        !collectionView.isEditing
    }
    /// Does nothing.
    open func collectionView(_ collectionView: UICollectionView, performPrimaryActionForItemAt indexPath: IndexPath) {}
    /// Nothing.
    open func collectionView(_ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath) {}
    /// Nothing.
    open func collectionView(_ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell,
                             forItemAt indexPath: IndexPath) {}
    /// Nothing.
    open func collectionView(_ collectionView: UICollectionView, didEndDisplaying cell: UICollectionViewCell,
                             forItemAt indexPath: IndexPath) {}
    /// Nothing.
    open func collectionView(_ collectionView: UICollectionView, willDisplaySupplementaryView view: UICollectionReusableView,
                             forElementKind elementKind: String, at indexPath: IndexPath) {}
    /// Nothing.
    open func collectionView(_ collectionView: UICollectionView, didEndDisplayingSupplementaryView view: UICollectionReusableView,
                             forElementOfKind elementKind: String, at indexPath: IndexPath) {}
    /// True.
    open func collectionView(_ collectionView: UICollectionView, canEditItemAt indexPath: IndexPath) -> Bool { true }
    /// What ``collectionView(_:targetIndexPathForMoveFromItemAt:toProposedIndexPath:)`` returns.
    open func collectionView(_ collectionView: UICollectionView, targetIndexPathForMoveOfItemFromOriginalIndexPath originalIndexPath: IndexPath,
                             atCurrentIndexPath currentIndexPath: IndexPath, toProposedIndexPath proposedIndexPath: IndexPath) -> IndexPath {
        self.collectionView(collectionView, targetIndexPathForMoveFromItemAt: originalIndexPath, toProposedIndexPath: proposedIndexPath)
    }
    /// The proposed index path.
    open func collectionView(_ collectionView: UICollectionView, targetIndexPathForMoveFromItemAt currentIndexPath: IndexPath,
                             toProposedIndexPath proposedIndexPath: IndexPath) -> IndexPath { proposedIndexPath }
    /// For a single item, what ``collectionView(_:contextMenuConfigurationForItemAt:point:)``
    /// returns; nil otherwise.
    open func collectionView(_ collectionView: UICollectionView, contextMenuConfigurationForItemsAt indexPaths: [IndexPath],
                             point: CGPoint) -> UIContextMenuConfiguration? {
        guard indexPaths.count == 1 else { return nil }
        return self.collectionView(collectionView, contextMenuConfigurationForItemAt: indexPaths[0], point: point)
    }
    /// Nil: no menu.
    open func collectionView(_ collectionView: UICollectionView, contextMenuConfigurationForItemAt indexPath: IndexPath,
                             point: CGPoint) -> UIContextMenuConfiguration? { nil }
    /// Nothing.
    open func collectionView(_ collectionView: UICollectionView, willDisplayContextMenu configuration: UIContextMenuConfiguration,
                             animator: (any UIContextMenuInteractionAnimating)?) {}
    /// Nothing.
    open func collectionView(_ collectionView: UICollectionView, willEndContextMenuInteraction configuration: UIContextMenuConfiguration,
                             animator: (any UIContextMenuInteractionAnimating)?) {}
    /// Nothing.
    open func collectionView(_ collectionView: UICollectionView, willPerformPreviewActionForMenuWith configuration: UIContextMenuConfiguration,
                             animator: any UIContextMenuInteractionCommitAnimating) {}
    /// What ``collectionView(_:previewForHighlightingContextMenuWithConfiguration:)`` returns.
    open func collectionView(_ collectionView: UICollectionView, contextMenuConfiguration configuration: UIContextMenuConfiguration,
                             highlightPreviewForItemAt indexPath: IndexPath) -> UITargetedPreview? {
        self.collectionView(collectionView, previewForHighlightingContextMenuWithConfiguration: configuration)
    }
    /// What ``collectionView(_:previewForDismissingContextMenuWithConfiguration:)`` returns.
    open func collectionView(_ collectionView: UICollectionView, contextMenuConfiguration configuration: UIContextMenuConfiguration,
                             dismissalPreviewForItemAt indexPath: IndexPath) -> UITargetedPreview? {
        self.collectionView(collectionView, previewForDismissingContextMenuWithConfiguration: configuration)
    }
    /// Nil: the cell lifts.
    open func collectionView(_ collectionView: UICollectionView,
                             previewForHighlightingContextMenuWithConfiguration configuration: UIContextMenuConfiguration) -> UITargetedPreview? { nil }
    /// Nil: the picture goes back to the cell.
    open func collectionView(_ collectionView: UICollectionView,
                             previewForDismissingContextMenuWithConfiguration configuration: UIContextMenuConfiguration) -> UITargetedPreview? { nil }
}
