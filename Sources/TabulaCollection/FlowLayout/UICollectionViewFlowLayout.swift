import Foundation
import TabulaUIKit
import TabulaCore

extension UICollectionView {
    /// The direction a layout scrolls in.
    public enum ScrollDirection: Int, Sendable {
        /// Top to bottom: lines are rows, filled left to right.
        case vertical
        /// Left to right: lines are columns, filled top to bottom.
        case horizontal
    }

    /// The kind of a flow layout's section headers.
    nonisolated public static let elementKindSectionHeader = "UICollectionElementKindSectionHeader"
    /// The kind of a flow layout's section footers.
    nonisolated public static let elementKindSectionFooter = "UICollectionElementKindSectionFooter"
}

/// A layout of items in lines — rows when it scrolls vertically, columns when it scrolls
/// horizontally — with a header and a footer per section: a grid when the items are
/// alike, a wrapping flow when they are not.
///
/// Each line takes as many items as fit with ``minimumInteritemSpacing`` between them
/// and spreads them across the line (a section of one item is centred); lines are
/// ``minimumLineSpacing`` apart. Sizes come from ``itemSize`` or the delegate's
/// ``UICollectionViewDelegateFlowLayout/collectionView(_:layout:sizeForItemAt:)``, or,
/// with an ``estimatedItemSize``, from each cell
/// (``UICollectionReusableView/preferredLayoutAttributesFitting(_:)``) once it is shown.
///
/// **Cost.** A section whose items are all one size holds no per-item data: the lines
/// are arithmetic, so preparing costs O(sections) and a query for a rect costs
/// O(log sections + what is in the rect), whether the grid has a thousand items or ten
/// million. Sections with sizes per item (from the delegate, or measured) keep one rect
/// per item and find the lines in a rect by binary search.
///
/// **Bad sizes.** A size that is not finite, negative, or larger than
/// ``maximumItemDimension`` is reported to the collection view's report handler and
/// replaced (NaN by the default item size, a negative by 0, a huge one by the maximum).
/// The last line of a section is spaced like the line above it (as far as it fits), from
/// the start: items of one size stand in columns.
@preconcurrency @MainActor
open class UICollectionViewFlowLayout: UICollectionViewLayout {
    /// The size of an estimate that asks each cell for its own size.
    nonisolated public static let automaticSize = CGSize(width: -.greatestFiniteMagnitude, height: -.greatestFiniteMagnitude)
    /// The largest width or height an item, header or footer may have (Tabula's limit).
    nonisolated public static let maximumItemDimension: CGFloat = 1_000_000

    /// What a section's insets are measured from.
    public enum SectionInsetReference: Int, Sendable {
        /// The content inset: the insets are within the content area. The default.
        case fromContentInset
        /// The safe area.
        case fromSafeArea
        /// The collection view's layout margins.
        case fromLayoutMargins
    }

    /// The direction the layout scrolls in; `.vertical` by default.
    open var scrollDirection: UICollectionView.ScrollDirection = .vertical { didSet { invalidateLayout() } }
    /// The size of each item when the delegate gives none; 50 × 50 by default.
    open var itemSize = CGSize(width: 50, height: 50) { didSet { invalidateLayout() } }
    /// An estimate of the items' size, which turns on self-sizing cells: `.zero` (the
    /// default) sizes items from ``itemSize`` or the delegate; any other size lays out
    /// items at it until each cell, once shown, gives its own size;
    /// ``automaticSize`` does the same starting from ``itemSize``.
    open var estimatedItemSize: CGSize = .zero { didSet { invalidateLayout() } }
    /// The least space between lines (rows of a vertical flow); 10 by default.
    open var minimumLineSpacing: CGFloat = 10 { didSet { invalidateLayout() } }
    /// The least space between items in a line; 10 by default.
    open var minimumInteritemSpacing: CGFloat = 10 { didSet { invalidateLayout() } }
    /// The space around each section's items (inside its header and footer).
    open var sectionInset: UIEdgeInsets = .zero { didSet { invalidateLayout() } }
    /// What ``sectionInset`` is measured from.
    open var sectionInsetReference: SectionInsetReference = .fromContentInset { didSet { invalidateLayout() } }
    /// The size of each section's header: its height in a vertical flow, its width in a
    /// horizontal one (the other dimension spans the collection view); zero for none.
    open var headerReferenceSize: CGSize = .zero { didSet { invalidateLayout() } }
    /// The size of each section's footer, as ``headerReferenceSize``.
    open var footerReferenceSize: CGSize = .zero { didSet { invalidateLayout() } }
    /// Whether a section's header stays at the top (leading edge) of the visible area
    /// while any of its section is on screen, pushed away by the next section.
    open var sectionHeadersPinToVisibleBounds = false { didSet { invalidateLayout() } }
    /// Whether a section's footer stays at the bottom of the visible area while its section is on screen.
    open var sectionFootersPinToVisibleBounds = false { didSet { invalidateLayout() } }

    open override class var invalidationContextClass: AnyClass { UICollectionViewFlowLayoutInvalidationContext.self }

    // MARK: State

    /// The sections as last prepared.
    var geometry = FlowGeometry(crossExtent: 0)
    /// Each section's metrics as last prepared (to lay one out again).
    var metrics: [FlowSectionMetrics] = []
    /// Whether the metrics must be asked again from the delegate and properties.
    var needsMetrics = true
    /// Sections with a newly measured item, to lay out again.
    var dirtySections: Set<Int> = []
    /// The sizes self-sizing cells gave, by item.
    var measuredSizes: [IndexPath: CGSize] = [:]
    /// Set by the delegate's default `sizeForItemAt` (see UICollectionViewDelegateFlowLayout).
    var answeredWithDefaultSize = false
    /// The geometry before a batch update, for where items start and end.
    var update: (old: FlowGeometry, plan: UpdatePlan)?

    /// A flow layout with UIKit's defaults.
    public override init() { super.init() }

    /// Returns `nil`: Tabula decodes no layouts.
    public required init?(coder: NSCoder) { return nil }

    // MARK: Invalidation

    open override func invalidateLayout(with context: UICollectionViewLayoutInvalidationContext) {
        guard !context.movesOnlyTheInteractiveItem else { return super.invalidateLayout(with: context) }
        let flow = context as? UICollectionViewFlowLayoutInvalidationContext
        if context.invalidateEverything || context.invalidateDataSourceCounts
            || (flow?.invalidateFlowLayoutDelegateMetrics ?? true) && context.invalidatedItemIndexPaths == nil {
            needsMetrics = true
        }
        for path in context.invalidatedItemIndexPaths ?? [] { dirtySections.insert(path.section) }
        super.invalidateLayout(with: context)
    }

    /// The self-sizing cells' sizes no longer hold (another text size, editing): they are
    /// dropped, and the cells on screen measured again.
    override func measurementsExpired() {
        guard !measuredSizes.isEmpty else { return }
        measuredSizes = [:]
        invalidateLayout()
    }

    open override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        guard let old = collectionView?.bounds else { return false }
        return old.size != newBounds.size || sectionHeadersPinToVisibleBounds || sectionFootersPinToVisibleBounds
    }

    open override func invalidationContext(forBoundsChange newBounds: CGRect) -> UICollectionViewLayoutInvalidationContext {
        let context = super.invalidationContext(forBoundsChange: newBounds)
        if let flow = context as? UICollectionViewFlowLayoutInvalidationContext {
            let resized = collectionView?.bounds.size != newBounds.size
            flow.invalidateFlowLayoutDelegateMetrics = resized
            flow.invalidateFlowLayoutAttributes = resized
        }
        return context
    }

    // MARK: Preparing

    open override func prepare() {
        super.prepare()
        guard let collectionView else { geometry = FlowGeometry(crossExtent: 0); return }
        let cross = crossExtent(of: collectionView)
        if needsMetrics || cross != geometry.crossExtent || metrics.count != collectionView.numberOfSections {
            metrics = gatherMetrics(from: collectionView)
            geometry = FlowGeometry(metrics, crossExtent: cross)
        } else {
            for section in dirtySections.sorted() where section < metrics.count {
                metrics[section] = sectionMetrics(section, in: collectionView)
                geometry.replaceSection(section, with: metrics[section])
            }
        }
        needsMetrics = false
        dirtySections = []
    }

    // MARK: Answers (UICollectionViewFlowLayout+Attributes.swift)

    open override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        flowAttributes(in: rect)
    }

    open override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        flowAttributes(ofItem: indexPath)
    }

    open override func layoutAttributesForSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath)
        -> UICollectionViewLayoutAttributes? {
        flowAttributes(ofSupplement: elementKind, at: indexPath)
    }

    /// True when the layout has estimates and the cell's preferred size differs from the
    /// one laid out by more than half a point. Either way the size is kept for the item.
    open override func shouldInvalidateLayout(forPreferredLayoutAttributes preferredAttributes: UICollectionViewLayoutAttributes,
                                              withOriginalAttributes originalAttributes: UICollectionViewLayoutAttributes) -> Bool {
        flowShouldInvalidate(forPreferred: preferredAttributes, original: originalAttributes)
    }

    open override func invalidationContext(forPreferredLayoutAttributes preferredAttributes: UICollectionViewLayoutAttributes,
                                           withOriginalAttributes originalAttributes: UICollectionViewLayoutAttributes)
        -> UICollectionViewLayoutInvalidationContext {
        let context = super.invalidationContext(forPreferredLayoutAttributes: preferredAttributes,
                                                withOriginalAttributes: originalAttributes)
        recordMeasurement(preferredAttributes, original: originalAttributes, in: context)
        return context
    }

    override func needsMeasurement(of attributes: UICollectionViewLayoutAttributes) -> Bool {
        estimatedItemSize != .zero && attributes.representedElementCategory == .cell && measuredSizes[attributes.indexPath] == nil
    }

    /// Keeps the geometry before the update, for where items start and end, and moves
    /// measured sizes with their items.
    open override func prepare(forCollectionViewUpdates updateItems: [UICollectionViewUpdateItem]) {
        super.prepare(forCollectionViewUpdates: updateItems)
        flowPrepareForUpdates()
    }

    open override func finalizeCollectionViewUpdates() {
        super.finalizeCollectionViewUpdates()
        update = nil
    }

    /// An inserted item fades in at its place; an item that was elsewhere before the
    /// update (moved, or pushed on screen by the changes) starts where it was.
    open override func initialLayoutAttributesForAppearingItem(at itemIndexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        flowInitialAttributes(ofAppearing: itemIndexPath)
    }

    /// A deleted item fades out where it was; one that stays but moves (off screen, say)
    /// ends at its new place.
    open override func finalLayoutAttributesForDisappearingItem(at itemIndexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        flowFinalAttributes(ofDisappearing: itemIndexPath)
    }

    /// The size of all the lines and section insets; asked after an invalidation (an
    /// `apply`, `reloadData()`), the layout is prepared first, as in UIKit.
    open override var collectionViewContentSize: CGSize {
        prepareIfInvalidated()
        let main = geometry.contentMain, cross = geometry.crossExtent
        return scrollDirection == .vertical ? CGSize(width: cross, height: main) : CGSize(width: main, height: cross)
    }

    /// The extent the items may use across the scroll direction: the collection view's,
    /// less its adjusted content insets.
    private func crossExtent(of view: UICollectionView) -> Double {
        let inset = view.adjustedContentInset
        let extent = scrollDirection == .vertical ? view.bounds.width - inset.left - inset.right
                                                  : view.bounds.height - inset.top - inset.bottom
        return extent.isFinite ? max(0, Double(extent)) : 0
    }
}

/// What a flow layout's invalidation makes stale, beyond its superclass's.
@preconcurrency @MainActor
open class UICollectionViewFlowLayoutInvalidationContext: UICollectionViewLayoutInvalidationContext {
    /// Whether the delegate's sizes, insets and spacings must be asked again (true by default).
    open var invalidateFlowLayoutDelegateMetrics = true
    /// Whether the layout's own attributes must be computed again (true by default).
    open var invalidateFlowLayoutAttributes = true

    /// A context that invalidates the delegate's metrics and the attributes.
    public required init() { super.init() }
}
