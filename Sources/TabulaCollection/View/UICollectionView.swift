import Foundation
import TabulaUIKit
import TabulaCore

/// A scrolling view of items in sections, placed by a ``UICollectionViewLayout``: a grid,
/// a wrapping flow or a layout of your own.
///
/// The collection view asks its layout only for the rect it shows, and keeps a view only
/// for the elements in it: cells that scroll off go to a reuse pool by identifier and come
/// back from ``dequeueReusableCell(withReuseIdentifier:for:)``. Batch updates are checked
/// by the table's planner (`UpdatePlan`, in TabulaCore) and animate every item on screen
/// from where it was to where it goes.
///
/// Where UIKit would raise an exception — an inconsistent batch, an unregistered
/// identifier, a bad count or size — the collection view reports the problem (to
/// ``onInvalidUpdate`` for updates, otherwise to its screen's report handler) and keeps
/// showing consistent content.
///
/// The work is split by subject: `+Loading.swift` (counts, preparing the layout, which
/// views are on screen, self-sizing), `+Reuse.swift`, `+Selection.swift`,
/// `+Updates.swift` and `+UpdateAnimation.swift`, `+Geometry.swift` (index paths,
/// scrolling to an item).
@preconcurrency @MainActor
open class UICollectionView: UIScrollView {
    /// Where an item ends up in the visible area when the collection view scrolls to it;
    /// combine at most one vertical and one horizontal position.
    public struct ScrollPosition: OptionSet, Sendable {
        /// The raw bits.
        public let rawValue: UInt
        /// Makes a position from its bits.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// Top edge at the top of the visible area.
        public static let top = ScrollPosition(rawValue: 1 << 0)
        /// Centred vertically.
        public static let centeredVertically = ScrollPosition(rawValue: 1 << 1)
        /// Bottom edge at the bottom of the visible area.
        public static let bottom = ScrollPosition(rawValue: 1 << 2)
        /// Left edge at the left of the visible area.
        public static let left = ScrollPosition(rawValue: 1 << 3)
        /// Centred horizontally.
        public static let centeredHorizontally = ScrollPosition(rawValue: 1 << 4)
        /// Right edge at the right of the visible area.
        public static let right = ScrollPosition(rawValue: 1 << 5)
    }

    /// Makes a collection view whose items `layout` places. The layout may serve only one
    /// collection view at a time.
    public init(frame: CGRect, collectionViewLayout layout: UICollectionViewLayout) {
        currentLayout = layout
        super.init(frame: frame)
        contentSizeFollowsConstraints = false
        layout.collectionView = self
        backgroundColor = .systemBackground
        alwaysBounceVertical = false
        installContextMenuRecognizer()
    }

    /// Makes a collection view with an empty flow layout, as `UICollectionView()` compiles in
    /// UIKit through `NSObject`'s `init()`. A subclass that overrides
    /// ``init(frame:collectionViewLayout:)`` (and so inherits this initializer) gets that
    /// override called with a zero frame, as in UIKit, where `init` goes through
    /// `initWithFrame:collectionViewLayout:`; it usually ignores the layout it is given and
    /// sets its own. (UIKit raises for a plain collection view made so, having no layout;
    /// Tabula gives it the flow layout a nib without one gets.)
    public convenience init() {
        self.init(frame: .zero, collectionViewLayout: UICollectionViewFlowLayout())
    }

    /// Creates the view from a storyboard or nib, as ``UIView/init(coder:)`` does; the
    /// file's collection view properties are set before it returns. The layout is the file's
    /// (`"UICollectionViewLayout"`), a flow layout without one.
    public required init?(coder: NSCoder) {
        currentLayout = InterfaceBuilderCoder.value("UICollectionViewLayout", in: coder) as? UICollectionViewLayout ?? UICollectionViewFlowLayout()
        super.init(coder: coder)
        contentSizeFollowsConstraints = false
        currentLayout.collectionView = self
        backgroundColor = .systemBackground
        alwaysBounceVertical = false
        installContextMenuRecognizer()
        InterfaceBuilderCoder.decode(coder, into: self, at: UICollectionView.self)
    }

    /// The object that supplies the sections, items and views (held weakly); setting
    /// another one reloads at the next layout.
    open weak var dataSource: UICollectionViewDataSource? {
        didSet { if dataSource !== oldValue { reloadData() } }
    }

    /// The delegate; a ``UICollectionViewDelegate`` (or ``UICollectionViewDelegateFlowLayout``)
    /// gets the collection view's messages as well as the scroll view's.
    open override weak var delegate: UIScrollViewDelegate? {
        didSet {
            collectionDelegate = delegate as? UICollectionViewDelegate
            if delegate !== oldValue { currentLayout.invalidateLayout() }
        }
    }
    weak var collectionDelegate: UICollectionViewDelegate?

    /// The layout; setting it is ``setCollectionViewLayout(_:animated:)`` without animation.
    open var collectionViewLayout: UICollectionViewLayout {
        get { currentLayout }
        set { setCollectionViewLayout(newValue, animated: false) }
    }
    var currentLayout: UICollectionViewLayout

    /// Changes the layout; animated, every item on screen moves to its new place. On screen
    /// the items are laid out again at once; in no window (a view controller's view
    /// loading), at the next layout pass, when the data source is asked for their views.
    open func setCollectionViewLayout(_ layout: UICollectionViewLayout, animated: Bool) {
        setCollectionViewLayout(layout, animated: animated, completion: nil)
    }

    /// Changes the layout, then calls `completion` with whether the change finished.
    open func setCollectionViewLayout(_ layout: UICollectionViewLayout, animated: Bool, completion: ((Bool) -> Void)? = nil) {
        changeLayout(to: layout, animated: animated, completion: completion)
    }

    /// A view behind every item, filling the collection view (it does not scroll).
    open var backgroundView: UIView? {
        didSet {
            guard backgroundView !== oldValue else { return }
            oldValue?.removeFromSuperview()
            if let backgroundView { insertSubview(backgroundView, at: 0) }
            setNeedsLayout()
        }
    }

    /// Whether a tap selects items (true by default).
    open var allowsSelection = true
    /// Whether a tap toggles items in and out of a selection of several (false by default).
    open var allowsMultipleSelection = false {
        didSet { if allowsMultipleSelection { allowsSelection = true } }
    }

    /// Whether the collection view is in editing mode (iOS 14): its list cells show their
    /// `.whenEditing` accessories (the delete and reorder controls) instead of their
    /// `.whenNotEditing` ones, sliding them in when the collection view is on screen and
    /// animations are enabled. Cells dequeued later, from the pool or new, come editing too.
    /// False by default.
    open var isEditing = false {
        didSet { if isEditing != oldValue { editingDidChange() } }
    }
    /// Whether a tap selects items while editing (false by default, as in UIKit).
    open var allowsSelectionDuringEditing = false
    /// Whether a tap toggles items in and out of a selection of several while editing
    /// (false by default); setting it lets items be selected while editing.
    open var allowsMultipleSelectionDuringEditing = false {
        didSet { if allowsMultipleSelectionDuringEditing { allowsSelectionDuringEditing = true } }
    }

    /// The object told which items will soon come on screen (held weakly); see
    /// ``UICollectionViewDataSourcePrefetching``.
    open weak var prefetchDataSource: UICollectionViewDataSourcePrefetching? {
        didSet { if prefetchDataSource !== oldValue { prefetch = CollectionPrefetchState(); setNeedsLayout() } }
    }
    /// Whether the ``prefetchDataSource`` is asked (true by default, as in UIKit).
    open var isPrefetchingEnabled = true

    /// Receives every inconsistent batch update and bad count (Tabula's: UIKit raises an
    /// exception). Nil sends them to the screen's report handler.
    open var onInvalidUpdate: ((TableUpdateError) -> Void)?

    // MARK: State

    /// The number of items in each section, as last asked of the data source.
    var itemCounts: [Int] = []
    /// Whether the counts must be asked again before they are read.
    var needsReload = true
    /// The views on screen, leaving in an update, and waiting in the pools.
    var store = CollectionItemStore()
    /// Registered classes, by identifier and kind.
    var registrations = Registrations()
    /// The selected items.
    var selectedItems: Set<IndexPath> = []
    /// The item under a finger that came down on the collection view.
    var touchedItem: TouchedItem?
    /// The batch being collected by `performBatchUpdates` (nested blocks add to it).
    var pendingBatch = PendingBatch()
    /// The plan of the batch being applied, while the layout prepares for it.
    package internal(set) var currentUpdatePlan: UpdatePlan?
    /// The update animation running, if any.
    var runningUpdate: RunningUpdate?
    /// Whether a layout pass of the items is running (it does not start another inside).
    var isLayingOutItems = false
    /// Above 0 while the data source is asked for counts, cells or supplementary views, or
    /// the items are laid out (see `UICollectionView+Reentrancy.swift`).
    var busyDepth = 0
    /// Whether a reload asked for while busy waits for the next layout.
    var owesReload = false
    /// Whether the layout is being prepared and its content size read: a layout asked for
    /// its size meanwhile (by what its preparation set off) does not prepare again inside.
    var isPreparingLayout = false
    /// Numbers update animations, so that a finished one knows whether it is still the latest.
    var updateCounter = 0
    /// The cell a reconfiguration hands back to the data source's dequeue.
    var reconfiguringCell: UICollectionViewCell?
    /// The kind of supplementary view the data source is being asked for, while it is.
    var supplementKindAsked: String?
    /// The outline depth of the item a diffable data source with section snapshots is
    /// asking its provider for: a list cell dequeued for it takes it as its
    /// `indentationLevel`.
    var indentationLevelForDequeue: Int?
    /// Whether the layout hides the view the data source is being asked for: a dequeued
    /// view starts so (see ``apply(_:to:)``).
    var layoutHidesViewAsked = false
    /// Items offered to the prefetch data source, and the motion that chose them.
    var prefetch = CollectionPrefetchState()
    /// The long press that opens an item's context menu.
    let menuRecognizer = UILongPressGestureRecognizer()
    /// The context menu on screen, and the one a long press found as it began.
    var contextMenu: CollectionContextMenu?
    var contextMenuCandidate: CollectionContextMenu?
    /// The drag and drop delegates, and the drag this view is the source or target of.
    final var dragAndDrop = CollectionDragAndDrop()
    /// The item being moved interactively, if any (see `+InteractiveMovement.swift`).
    var interactiveMovement: InteractiveMovement?
    /// Whether a long press on a movable item moves it (set by a ``UICollectionViewController``
    /// with ``UICollectionViewController/installsStandardGestureForInteractiveMovement``).
    var movesItemsOnLongPress = false
    /// Whether the long press under way is moving an item.
    var longPressMovesItem = false
    /// Scrolls the content while a dragged or moved item is held near an edge.
    var edgeAutoscroll: CADisplayLink?
    /// Problems reported once only, by message.
    var reportedProblems: Set<String> = []

    // MARK: Layout

    /// Whether the content size shrank at the last preparation of the layout
    /// (``settleOffsetIfContentShrank()``).
    var contentShrank = false

    open override func layoutSubviews() {
        layoutItems()
        if settleOffsetIfContentShrank() { layoutItems() }
        currentLayout.collectionViewDidLayOutItems()
        backgroundView?.frame = bounds
        super.layoutSubviews()
    }

    open override var bounds: CGRect {
        willSet { boundsWillChange(to: newValue) }
    }

    open override var frame: CGRect {
        didSet { if frame.size != oldValue.size { currentLayout.invalidateLayout() } }
    }

    open override func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        if gestureRecognizer === menuRecognizer {
            let draggable = dragShouldBegin(at: gestureRecognizer.location(in: self))
            let menu = contextMenuShouldBegin(gestureRecognizer)
            longPressMovesItem = !menu && !draggable && movementShouldBegin(at: gestureRecognizer.location(in: self))
            return menu || draggable || longPressMovesItem
        }
        return super.gestureRecognizerShouldBegin(gestureRecognizer)
    }

    /// A drag that starts on a cell scrolls the collection view, controls included.
    open override func touchesShouldCancel(in view: UIView) -> Bool { true }

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { itemTouchesBegan(touches) }

    /// While a list row's swipe actions are open, a touch anywhere in the collection view
    /// but on those actions comes to the collection view, which closes them: a button in
    /// another row (or in the open row itself) is not pressed by that touch, as in UIKit
    /// and as the table does.
    open override func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        let hit = super.hitTest(point, with: event)
        guard let hit, hit !== self else { return hit }
        for cell in store.cells.values {
            guard let row = cell as? UICollectionViewListCell, let buttons = row.openSwipeActionsView else { continue }
            if !hit.isDescendant(of: buttons) { return self }
        }
        return hit
    }
    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { itemTouchesMoved(touches) }
    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { itemTouchesEnded(touches) }
    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { itemTouchesCancelled(touches) }
}

extension UICollectionView: ContentSizeCategoryFollowing {
    /// A new preferred text size: what self-sizing cells and supplementary views measured
    /// is dropped, and the views on screen are measured again at the next layout (their
    /// labels have the new fonts by then), as in UIKit. Before, the rows on screen kept
    /// their old heights with the larger text, and only rows scrolled in later grew.
    package func followContentSizeCategory(from previous: UIContentSizeCategory?, to category: UIContentSizeCategory) {
        guard previous != nil else { return }
        currentLayout.measurementsExpired()
        setNeedsLayout()
    }
}
