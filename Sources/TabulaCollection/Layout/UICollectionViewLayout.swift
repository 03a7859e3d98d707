import Foundation
import TabulaUIKit

/// Computes where a collection view's cells and supplementary views go. Subclass it to
/// write a layout of your own, or use ``UICollectionViewFlowLayout``.
///
/// The collection view calls ``prepare()`` before it asks anything after an
/// invalidation, then ``collectionViewContentSize`` and, as it scrolls,
/// ``layoutAttributesForElements(in:)`` for the rect it is about to show: answer only
/// with what is in that rect, so that scrolling costs what is on screen, not what is in
/// the collection. ``invalidateLayout()`` (or ``invalidateLayout(with:)``) asks for a new
/// ``prepare()`` at the next layout pass.
///
/// During a batch update the collection view tells the layout what changed
/// (``prepare(forCollectionViewUpdates:)``) and asks where each item that appears starts
/// (``initialLayoutAttributesForAppearingItem(at:)``) and where each that disappears ends
/// (``finalLayoutAttributesForDisappearingItem(at:)``).
@preconcurrency @MainActor
open class UICollectionViewLayout {
    /// The collection view that uses the layout (set when the layout is given to one).
    public internal(set) weak var collectionView: UICollectionView?

    /// Whether ``prepare()`` is owed before the next question.
    var needsPreparation = true
    /// The classes of decoration views, by kind (see `+Decoration.swift`).
    var decorationClasses: [String: UICollectionReusableView.Type] = [:]
    /// Kinds registered with a class that is not a reusable view, and the class's name.
    var badDecorationClasses: [String: String] = [:]

    /// A layout not yet given to a collection view.
    public init() {}

    /// Returns `nil`: Tabula decodes no layouts.
    public required init?(coder: NSCoder) { return nil }

    /// The class of the layout attributes this layout makes (for subclasses that carry more).
    open class var layoutAttributesClass: AnyClass { UICollectionViewLayoutAttributes.self }

    /// The class of the invalidation contexts this layout makes.
    open class var invalidationContextClass: AnyClass { UICollectionViewLayoutInvalidationContext.self }

    // MARK: Preparing

    /// Computes what the layout needs before it answers: called once after each
    /// invalidation, before the collection view asks for the content size or attributes.
    /// The default does nothing.
    open func prepare() {}

    /// The size of all the content, which sets how far the collection view scrolls. The
    /// default is zero.
    open var collectionViewContentSize: CGSize { .zero }

    /// Prepares the layout now if it was invalidated since its last preparation: what
    /// UIKit's own layouts do when asked for their content size before the collection
    /// view's next layout pass (right after `reloadData()`, or an `apply` while the view is
    /// in no window). The collection view's `contentSize` takes the new size too, and the
    /// next layout pass does not prepare again.
    func prepareIfInvalidated() {
        // Not while the collection view asks its data source or applies a batch: the
        // counts it prepares from may be halfway loaded; the last size stands until then.
        guard needsPreparation, let collectionView, !collectionView.isLayingOutItems, !collectionView.isPreparingLayout,
              !collectionView.isBusy else { return }
        collectionView.prepareLayoutIfNeeded()
    }

    // MARK: Answering

    /// The attributes of every cell, supplementary and decoration view whose frame meets
    /// `rect` (content coordinates). The default returns nil (nothing).
    open func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? { nil }

    /// The attributes of the cell of the item at `indexPath`. The default returns nil.
    open func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? { nil }

    /// The attributes of the supplementary view of `elementKind` at `indexPath`. The
    /// default returns nil.
    open func layoutAttributesForSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath)
        -> UICollectionViewLayoutAttributes? { nil }

    /// The attributes of the decoration view of `elementKind` at `indexPath`. The default
    /// returns nil.
    open func layoutAttributesForDecorationView(ofKind elementKind: String, at indexPath: IndexPath)
        -> UICollectionViewLayoutAttributes? { nil }

    /// Where the content should come to rest when a scroll would end at
    /// `proposedContentOffset`. The default returns it unchanged.
    open func targetContentOffset(forProposedContentOffset proposedContentOffset: CGPoint) -> CGPoint {
        proposedContentOffset
    }

    // MARK: Invalidating

    /// Asks for a new ``prepare()`` before the layout's next answer, and a new layout
    /// pass of the collection view. Override to drop caches; call `super`.
    open func invalidateLayout() {
        invalidateLayout(with: Self.makeInvalidationContext(everything: true))
    }

    /// Invalidates what `context` names. The default asks for a new ``prepare()`` and a
    /// layout pass; a subclass reads the context to keep what is still good (call `super`).
    open func invalidateLayout(with context: UICollectionViewLayoutInvalidationContext) {
        if !context.movesOnlyTheInteractiveItem { needsPreparation = true }
        collectionView?.layoutDidInvalidate()
    }

    /// Whether a change of the collection view's bounds to `newBounds` (a scroll, a
    /// resize) invalidates the layout. The default returns false: only a change of size
    /// in a layout that depends on it, or pinned headers, need a new layout.
    open func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool { false }

    /// The context for invalidating the layout after a change of bounds to `newBounds`.
    open func invalidationContext(forBoundsChange newBounds: CGRect) -> UICollectionViewLayoutInvalidationContext {
        Self.makeInvalidationContext(everything: false)
    }

    /// Whether a self-sizing view's `preferredAttributes` (from
    /// ``UICollectionReusableView/preferredLayoutAttributesFitting(_:)``) invalidate the
    /// layout that gave it `originalAttributes`. The default returns false.
    open func shouldInvalidateLayout(forPreferredLayoutAttributes preferredAttributes: UICollectionViewLayoutAttributes,
                                     withOriginalAttributes originalAttributes: UICollectionViewLayoutAttributes) -> Bool {
        false
    }

    /// The context for invalidating the layout after a self-sizing view's preferred attributes.
    open func invalidationContext(forPreferredLayoutAttributes preferredAttributes: UICollectionViewLayoutAttributes,
                                  withOriginalAttributes originalAttributes: UICollectionViewLayoutAttributes)
        -> UICollectionViewLayoutInvalidationContext {
        let context = Self.makeInvalidationContext(everything: false)
        context.invalidatedItems.insert(originalAttributes.indexPath)
        context.isSelfSizing = true
        return context
    }

    // MARK: Updates

    /// Told the changes of a batch update, after the data changed and before the layout
    /// is prepared for the new data. The default does nothing.
    open func prepare(forCollectionViewUpdates updateItems: [UICollectionViewUpdateItem]) {}

    /// Told that a batch update's animations have been set up. The default does nothing.
    open func finalizeCollectionViewUpdates() {}

    /// Where an item that appears in an update (inserted, or coming on screen) starts; nil
    /// lets the collection view fade it in at its place. The default returns nil.
    open func initialLayoutAttributesForAppearingItem(at itemIndexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        nil
    }

    /// Where an item that disappears in an update (deleted, or going off screen) ends;
    /// nil lets the collection view fade it out where it is. The default returns nil.
    open func finalLayoutAttributesForDisappearingItem(at itemIndexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        nil
    }

    // MARK: Interactive movement

    /// Where the item being moved interactively (now at `previousIndexPath`) goes when the
    /// finger is at `position` (content coordinates): the item under `position`, or
    /// `previousIndexPath` when there is none. Override to steer moves (into empty sections,
    /// between sections).
    open func targetIndexPath(forInteractivelyMovingItem previousIndexPath: IndexPath, withPosition position: CGPoint) -> IndexPath {
        collectionView?.indexPathForItem(at: position) ?? previousIndexPath
    }

    /// The attributes of the item being moved interactively while the finger is at
    /// `position`: its own attributes centred on `position`, above every other item.
    open func layoutAttributesForInteractivelyMovingItem(at indexPath: IndexPath, withTargetPosition position: CGPoint)
        -> UICollectionViewLayoutAttributes {
        let attributes = layoutAttributesForItem(at: indexPath)?.copiedAttributes()
            ?? UICollectionViewLayoutAttributes(forCellWith: indexPath)
        attributes.center = position
        attributes.zIndex = max(attributes.zIndex, 0) + Self.movingItemZIndexLift
        return attributes
    }

    /// How far above the others the moving item is drawn.
    static var movingItemZIndexLift: Int { 1000 }

    /// The context for invalidating the layout as the item being moved goes from
    /// `previousIndexPaths` and `previousPosition` to `targetIndexPaths` and
    /// `targetPosition`. While the item stays at its index path, the context asks for no new
    /// ``prepare()``: only the moving item changes place.
    open func invalidationContext(forInteractivelyMovingItems targetIndexPaths: [IndexPath], withTargetPosition targetPosition: CGPoint,
                                  previousIndexPaths: [IndexPath], previousPosition: CGPoint)
        -> UICollectionViewLayoutInvalidationContext {
        let context = Self.makeInvalidationContext(everything: false)
        context.interactiveMovement = (previousIndexPaths, targetIndexPaths, targetPosition)
        if targetIndexPaths != previousIndexPaths { context.invalidateItems(at: previousIndexPaths + targetIndexPaths) }
        return context
    }

    /// The context for invalidating the layout when an interactive movement ends with the
    /// items at `indexPaths` (back at `previousIndexPaths` when `movementCancelled`).
    open func invalidationContextForEndingInteractiveMovementOfItems(toFinalIndexPaths indexPaths: [IndexPath],
                                                                    previousIndexPaths: [IndexPath], movementCancelled: Bool)
        -> UICollectionViewLayoutInvalidationContext {
        let context = Self.makeInvalidationContext(everything: false)
        context.interactiveMovement = (previousIndexPaths, indexPaths, nil)
        context.invalidateItems(at: previousIndexPaths + indexPaths)
        return context
    }

    /// Whether the collection view should ask the view shown with `attributes` for its
    /// preferred attributes (a self-sizing cell not yet measured). False by default.
    func needsMeasurement(of attributes: UICollectionViewLayoutAttributes) -> Bool { false }

    /// Told that the cells of `indexPaths` were configured again (their size may change).
    func itemsWereReconfigured(_ indexPaths: [IndexPath]) {}

    /// Told that what the self-sizing cells and supplementary views measured no longer
    /// holds: their content has another width (editing accessories came or went) or
    /// another text size. A layout that keeps measurements drops them and invalidates
    /// itself, so that the views on screen are measured again.
    func measurementsExpired() {}

    /// Told after each layout pass of the collection view has shown the elements in view
    /// (the compositional layout keeps its orthogonal sections' scrollers there).
    func collectionViewDidLayOutItems() {}

    /// The attributes a layout pass of the collection view shows in `rect` (its bounds):
    /// ``layoutAttributesForElements(in:)``, which the compositional layout passes through
    /// its sections' visible items handlers.
    func attributesForLayoutPass(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        layoutAttributesForElements(in: rect)
    }

    /// A context of this layout's ``invalidationContextClass``.
    static func makeInvalidationContext(everything: Bool) -> UICollectionViewLayoutInvalidationContext {
        let type = (invalidationContextClass as? UICollectionViewLayoutInvalidationContext.Type)
            ?? UICollectionViewLayoutInvalidationContext.self
        let context = type.init()
        context.invalidatesEverything = everything
        return context
    }
}

/// What part of a layout an invalidation makes stale, so that a layout can keep the rest.
@preconcurrency @MainActor
open class UICollectionViewLayoutInvalidationContext {
    var invalidatesEverything = false
    var invalidatesDataSourceCounts = false
    var invalidatedItems: Set<IndexPath> = []
    /// Made for a self-sizing view's measurement: only measured lengths changed.
    var isSelfSizing = false
    /// Made for an interactive movement: the items' index paths before and after, and the
    /// finger's position (nil when the movement ends).
    var interactiveMovement: (previous: [IndexPath], target: [IndexPath], position: CGPoint?)?

    /// Whether only the moving item's place changes (no item changed its index path): no
    /// new ``UICollectionViewLayout/prepare()`` is needed.
    var movesOnlyTheInteractiveItem: Bool {
        guard let movement = interactiveMovement, movement.position != nil else { return false }
        return movement.previous == movement.target && !invalidatesEverything && !invalidatesDataSourceCounts
    }

    /// An empty context: it invalidates nothing in particular.
    public required init() {}

    /// Whether everything is stale (``UICollectionViewLayout/invalidateLayout()``, a reload).
    open var invalidateEverything: Bool { invalidatesEverything }
    /// Whether the number of sections or items changed (a reload or a batch update).
    open var invalidateDataSourceCounts: Bool { invalidatesDataSourceCounts || invalidatesEverything }
    /// The items whose attributes are stale, if named.
    open var invalidatedItemIndexPaths: [IndexPath]? {
        invalidatedItems.isEmpty ? nil : invalidatedItems.sorted()
    }
    /// Names items whose attributes are stale.
    open func invalidateItems(at indexPaths: [IndexPath]) { invalidatedItems.formUnion(indexPaths) }
    /// The index paths of the items being moved interactively, before this change (nil
    /// when the context is not for an interactive movement).
    open var previousIndexPathsForInteractivelyMovingItems: [IndexPath]? { interactiveMovement?.previous }
    /// Where the items being moved interactively are now (nil when the context is not for
    /// an interactive movement).
    open var targetIndexPathsForInteractivelyMovingItems: [IndexPath]? { interactiveMovement?.target }
    /// The finger's position in the content during an interactive movement (zero otherwise).
    open var interactiveMovementTarget: CGPoint { interactiveMovement?.position ?? .zero }
    /// How much the content offset moves with this invalidation (added to the current one).
    open var contentOffsetAdjustment: CGPoint = .zero
    /// How much the content size changes with this invalidation.
    open var contentSizeAdjustment: CGSize = .zero
}

/// One change of a batch update, as a layout is told it in
/// ``UICollectionViewLayout/prepare(forCollectionViewUpdates:)``.
@preconcurrency @MainActor
open class UICollectionViewUpdateItem {
    /// What a change does.
    public enum Action: Int, Sendable {
        /// An item or section is inserted.
        case insert
        /// An item or section is deleted.
        case delete
        /// An item or section is reloaded.
        case reload
        /// An item or section is moved.
        case move
        /// Nothing.
        case none
    }

    /// The item (or section: an index path with the item `NSNotFound`) before the update;
    /// nil for an insertion.
    public let indexPathBeforeUpdate: IndexPath?
    /// The item (or section) after the update; nil for a deletion.
    public let indexPathAfterUpdate: IndexPath?
    /// What the change does.
    public let updateAction: Action

    init(before: IndexPath?, after: IndexPath?, action: Action) {
        indexPathBeforeUpdate = before
        indexPathAfterUpdate = after
        updateAction = action
    }
}
