import Foundation
import TabulaUIKit
import TabulaCore

/// A vertically scrolling list of rows in sections, with UIKit's API.
///
/// The table keeps a `TableGeometry` (TabulaCore) with every section's header, row
/// and footer heights, and shows a cell only for the rows inside its bounds: cells that
/// scroll off go to a bounded reuse pool, and `cellForRowAt` is asked only for rows
/// coming on screen. With estimated heights (the default, as in UIKit) `reloadData`
/// asks only for the counts; a row's real height is asked when it first appears, and
/// the content offset is corrected so that nothing on screen moves.
///
/// Where UIKit would raise an exception — a bad count or height, an index path out of
/// range, one cell returned for two rows — the table reports a `TableUpdateError` to
/// ``onInvalidUpdate`` and keeps showing consistent content.
///
/// The work is split by subject: `UITableView+Loading.swift` (reloading and heights),
/// `+Tiling.swift` (which views are on screen), `+Geometry.swift` (rects, index paths,
/// scrolling to rows), `+Reuse.swift`, `+Sections.swift` (headers, footers, index).
@preconcurrency @MainActor
open class UITableView: UIScrollView {
    /// A drag that starts on a control in a cell (a button, a switch) scrolls the table:
    /// the table takes the touch from any view, controls included.
    open override func touchesShouldCancel(in view: UIView) -> Bool { true }

    /// How the sections look, fixed when the table is made.
    public enum Style: Int, Sendable {
        /// Full-width rows; section headers and footers float over the rows while their section is on screen.
        case plain
        /// Sections of full-width rows on the grouped background, apart from each other;
        /// headers and footers scroll with the rows (UIKit's look since iOS 7; the rounded
        /// groups of the 2009–2011 sessions are ``insetGrouped``).
        case grouped
        /// Each section a rounded group inset 16 points from the sides, as UIKit's `.insetGrouped`.
        case insetGrouped
    }

    /// Where a row ends up in the visible area when the table scrolls to it.
    public enum ScrollPosition: Int, Sendable {
        /// As little scrolling as makes the row visible; none if it already is. (To
        /// ``UITableView/selectRow(at:animated:scrollPosition:)``: no scrolling at all.)
        case none
        /// At the top of the visible area, below a floating section header.
        case top
        /// Centred vertically in the visible area.
        case middle
        /// At the bottom of the visible area.
        case bottom
    }

    /// How rows appear and vanish in animated updates (used by the batch update API).
    public enum RowAnimation: Int, Sendable {
        /// The row fades in or out in place.
        case fade
        /// The row slides in from the right, or out to it, fading.
        case right
        /// The row slides in from the left, or out to it, fading.
        case left
        /// The row slides down from beneath the row above it (or up beneath it, when leaving), fading.
        case top
        /// The row slides up from beneath the row below it (or down beneath it, when leaving), fading.
        case bottom
        /// The row appears or vanishes at once; the rows around it still move.
        case none
        /// The rows around part from, or close on, the row's middle; in plain style a dark
        /// veil lifts off the row as it comes in, as if it lay beneath the others.
        case middle
        /// Chosen by the table: `.fade` in plain style and for a section's only row; in
        /// grouped styles `.bottom` for a section's first row, `.top` for its last and
        /// `.middle` between, so the rounded group stays whole.
        case automatic = 100
    }

    /// Returned as a height, asks the table to compute it: from the cell's content for
    /// rows, from the title's font for headers and footers (WWDC 2011, What's New in
    /// Table Views).
    public static let automaticDimension: CGFloat = -1

    /// The table's style, fixed at initialization.
    public let style: Style

    /// A table of the given style, on the system background (plain) or the grouped background.
    ///
    /// It asks its data source for content at its first layout.
    public init(frame: CGRect, style: Style) {
        self.style = style
        super.init(frame: frame)
        contentSizeFollowsConstraints = false
        setUpTable()
    }

    /// Creates the view from a storyboard or nib, as ``UIView/init(coder:)`` does; the
    /// file's table properties are set before it returns. The style is the file's (`"UITableViewStyle"`),
    /// `.plain` without one.
    public required init?(coder: NSCoder) {
        style = InterfaceBuilderCoder.value("UITableViewStyle", in: coder) as? Style ?? .plain
        super.init(coder: coder)
        contentSizeFollowsConstraints = false
        setUpTable()
        InterfaceBuilderCoder.decode(coder, into: self, at: UITableView.self)
    }

    private func setUpTable() {
        store.attach(to: self)
        backgroundColor = style == .plain ? .systemBackground : .systemGroupedBackground
        alwaysBounceVertical = true
        showsHorizontalScrollIndicator = false
        installRowGestures()
    }

    /// Sideways drags on rows (swipe actions) and long presses (the cell menu).
    let swipeRecognizer = UIPanGestureRecognizer()
    let menuRecognizer = UILongPressGestureRecognizer()
    var rowGestureGate: RowGestureGate?
    // Properties marked @exclusivity(unchecked) here are read for every row in every
    // tiling pass (a row's frame and separator), and never held inout across a call that
    // could reach the table: no run-time exclusivity checks.
    /// The drag and drop delegates, and the drag this table is the source or target of.
    @exclusivity(unchecked) final var dragAndDrop = TableDragAndDrop()

    public convenience override init(frame: CGRect) { self.init(frame: frame, style: .plain) }


    // MARK: Data source and delegate

    /// The object that supplies the sections, rows and cells (held weakly); setting another
    /// one reloads the table at the next layout.
    open weak var dataSource: UITableViewDataSource? {
        didSet { if dataSource !== oldValue { phase.invalidate(.data); setNeedsLayout() } }
    }

    /// The delegate; a ``UITableViewDelegate`` gets the table messages as well as the
    /// scroll view's. (Swift cannot narrow a stored property's type in a subclass, so
    /// this keeps UIScrollView's type and the table casts once when it is set.)
    open override weak var delegate: UIScrollViewDelegate? {
        didSet {
            tableDelegate = delegate as? UITableViewDelegate
            if delegate !== oldValue { phase.invalidate(.data); setNeedsLayout() }
        }
    }
    weak var tableDelegate: UITableViewDelegate?

    /// Told which rows are about to come on screen, and which no longer are
    /// (`UITableView+Prefetching.swift`).
    open weak var prefetchDataSource: UITableViewDataSourcePrefetching? {
        didSet { if prefetchDataSource !== oldValue { prefetch = PrefetchState(); setNeedsLayout() } }
    }
    /// Whether the ``prefetchDataSource`` is asked (true by default, as in UIKit).
    open var isPrefetchingEnabled = true

    // MARK: Heights

    /// The height of every row when the delegate does not give one;
    /// ``automaticDimension`` (the default) sizes each row from its cell.
    @exclusivity(unchecked) // read for every section at reload; a plain value, never held inout
    open var rowHeight: CGFloat = UITableView.automaticDimension {
        didSet { checkHeightSetting(rowHeight, "rowHeight", invalidUses: rowHeight < 0 ? 0 : 44); heightsChanged() }
    }
    /// The height rows count as before they are measured. 0 turns estimates off: every
    /// row's height is then asked at reload. ``automaticDimension`` means 44.
    @exclusivity(unchecked) // read for every section at reload; a plain value, never held inout
    open var estimatedRowHeight: CGFloat = UITableView.automaticDimension {
        didSet { checkHeightSetting(estimatedRowHeight, "estimatedRowHeight", invalidUses: 44); heightsChanged() }
    }
    /// The height of every section header when the delegate does not give one;
    /// ``automaticDimension`` (the default) fits the header's title or view, and leaves
    /// room between untitled groups in grouped styles.
    @exclusivity(unchecked) // read for every section at reload; a plain value, never held inout
    open var sectionHeaderHeight: CGFloat = UITableView.automaticDimension { didSet { heightsChanged() } }
    /// The height of every section footer when the delegate does not give one;
    /// ``automaticDimension`` (the default) fits the footer's title or view, and leaves
    /// room between untitled groups in grouped styles.
    @exclusivity(unchecked) // read for every section at reload; a plain value, never held inout
    open var sectionFooterHeight: CGFloat = UITableView.automaticDimension { didSet { heightsChanged() } }
    /// Accepted for compatibility: header and footer heights are always asked at reload
    /// (that costs O(sections), not O(rows)).
    open var estimatedSectionHeaderHeight: CGFloat = UITableView.automaticDimension
    /// Accepted for compatibility, like ``estimatedSectionHeaderHeight``: footer heights are
    /// always asked at reload.
    open var estimatedSectionFooterHeight: CGFloat = UITableView.automaticDimension

    // MARK: Appearance

    /// Scrolls with the content above the first section.
    open var tableHeaderView: UIView? {
        didSet { replaceAccessoryView(oldValue, tableHeaderView) }
    }
    /// Scrolls with the content below the last section.
    open var tableFooterView: UIView? {
        didSet { replaceAccessoryView(oldValue, tableFooterView) }
    }
    /// Fills the table behind everything and does not scroll.
    open var backgroundView: UIView? {
        didSet {
            oldValue?.removeFromSuperview()
            if let backgroundView { insertSubview(backgroundView, at: 0) }
            setNeedsLayout()
        }
    }
    /// Whether lines separate the rows; `.singleLine` by default.
    @exclusivity(unchecked) open var separatorStyle: UITableViewCell.SeparatorStyle = .singleLine { didSet { setNeedsLayout() } }
    /// The colour of the separators, ``UIColor/separator`` by default; nil leaves each cell's own.
    @exclusivity(unchecked) open var separatorColor: UIColor? = .separator { didSet { setNeedsLayout() } }
    /// Whether cells and header and footer views keep their content views inside the
    /// safe area's sides (true by default, as in UIKit): in landscape on a phone with a
    /// sensor housing, text, editing controls, accessories and separators start past the
    /// housing while backgrounds and selection still span the whole row.
    open var insetsContentViewsToSafeArea = true {
        didSet {
            guard insetsContentViewsToSafeArea != oldValue else { return }
            for view in subviews where view is UITableViewCell || view is UITableViewHeaderFooterView { view.setNeedsLayout() }
            layoutFillerRows()
        }
    }

    /// The default inset of the separators under the cells.
    open var separatorInset = UIEdgeInsets(top: 0, left: UITableViewCell.defaultMargin, bottom: 0, right: 0) {
        didSet { setNeedsLayout() }
    }
    /// The height of the empty rows whose separators fill a plain table below its last
    /// row, down to the bottom of the screen. ``automaticDimension`` (the default) gives
    /// them the height of the last row; 0 shows none. A table with a ``tableFooterView``
    /// shows none, whatever this says; grouped tables never do.
    ///
    /// Tabula keeps the look of the iOS versions the WWDC table view sessions show
    /// (filler rows by default); iOS 15 and later default to 0.
    open var fillerRowHeight: CGFloat = UITableView.automaticDimension { didSet { setNeedsLayout() } }

    /// Whether the cells' content keeps within the readable width (the
    /// `readableContentGuide`'s, 672 points at the default text size): on a wide table (an
    /// iPad in landscape) each cell's content, accessory and separator stand in from the
    /// sides by as much as keeps the text between its margins that wide; the cells
    /// themselves, and their backgrounds, stay full width. False by default, as in UIKit
    /// since iOS 12; a narrow table (an iPhone) looks the same either way.
    open var cellLayoutMarginsFollowReadableWidth = false {
        didSet {
            guard cellLayoutMarginsFollowReadableWidth != oldValue else { return }
            for cell in visibleCells { cell.setNeedsLayout() }
            setNeedsLayout()
            layoutFillerRows()
        }
    }

    /// How far a cell's content stands in on each side, beyond `sides` (its safe area),
    /// to keep within the readable width; 0 unless ``cellLayoutMarginsFollowReadableWidth``.
    func readableInset(rowWidth: CGFloat, sides: (left: CGFloat, right: CGFloat)) -> CGFloat {
        guard cellLayoutMarginsFollowReadableWidth, rowWidth.isFinite else { return 0 }
        let inner = rowWidth - sides.left - sides.right - 2 * UITableViewCell.defaultMargin
        return max(0, inner - UIView.readableWidth) / 2
    }
    /// How a visible self-sizing cell that invalidates its size is resized (default
    /// `.enabled`, as in UIKit): see ``SelfSizingInvalidation``.
    open var selfSizingInvalidation: SelfSizingInvalidation = .enabled
    let selfSizingTicker = SelfSizingTicker()
    /// The padding above each section header of a plain table. ``automaticDimension`` (the
    /// default) adds none: Tabula keeps the plain-table look of the iOS versions the WWDC
    /// table view sessions show, as it does for ``fillerRowHeight`` (iOS 15 and later add
    /// padding, whose amount UIKit does not document). Grouped styles ignore it.
    open var sectionHeaderTopPadding: CGFloat = UITableView.automaticDimension { didSet { heightsChanged() } }
    /// How ``separatorInset`` is read: from the cells' edges (the default) or as offsets
    /// from the automatic insets (the layout margins, or where the text starts).
    open var separatorInsetReference: SeparatorInsetReference = .fromCellEdges { didSet { setNeedsLayout() } }

    /// How a table reads its ``separatorInset``.
    public enum SeparatorInsetReference: Int, Sendable {
        /// The insets are distances from the cell's edges: 0 runs the separator edge to edge.
        case fromCellEdges = 0
        /// The insets are added to the insets the table would choose by itself.
        case fromAutomaticInsets = 1
    }
    /// The colour of the section index titles; nil uses the tint colour.
    open var sectionIndexColor: UIColor? { didSet { indexView?.setNeedsDisplay() } }
    /// The background of the section index bar; nil leaves it clear.
    open var sectionIndexBackgroundColor: UIColor? { didSet { indexView?.backgroundColor = sectionIndexBackgroundColor } }
    /// The background of the section index bar while a finger is on it; nil keeps
    /// ``sectionIndexBackgroundColor``.
    open var sectionIndexTrackingBackgroundColor: UIColor?
    /// The fewest rows the table must have for the section index to show; 0 by default.
    /// A table with fewer rows (all sections counted) hides its index.
    open var sectionIndexMinimumDisplayRowCount = 0 { didSet { setNeedsLayout() } }
    /// The section index title that the index bar draws as a magnifying glass
    /// (`"{search}"`, UIKit's `UITableViewIndexSearch`). Put it first in
    /// `sectionIndexTitles(for:)`; touching it scrolls the table to its top.
    public static let indexSearch = "{search}"

    /// Posted, with the table as the object, whenever the set of selected rows changes:
    /// by a tap, by `selectRow`/`deselectRow`, or by a reload or update that drops
    /// selected rows.
    public static let selectionDidChangeNotification = Notification.Name("UITableViewSelectionDidChangeNotification")

    // MARK: Selection and editing

    /// Whether a tap selects a row when the table is not editing; true by default.
    open var allowsSelection = true
    /// Whether a tap selects a row while the table is editing; false by default.
    open var allowsSelectionDuringEditing = false
    /// Whether taps select several rows at once, a second tap deselecting, when not editing; false by default.
    open var allowsMultipleSelection = false { didSet { selectionModeChanged() } }
    /// Whether taps select several rows while editing, with a check circle in each editable
    /// row (Mail's multiple selection); false by default.
    open var allowsMultipleSelectionDuringEditing = false { didSet { selectionModeChanged() } }
    /// Whether the table is in editing mode; setting it is `setEditing(_:animated: false)`.
    open var isEditing: Bool {
        get { editingState }
        set { setEditing(newValue, animated: false) }
    }
    var editingState = false

    /// Moves every row on screen into or out of editing mode (UITableView+Editing.swift).
    /// Inside an update block the cells change with the block's animation, at `endUpdates`.
    open func setEditing(_ editing: Bool, animated: Bool) {
        changeEditing(editing, animated: animated)
    }

    /// Shows a Delete swipe action on rows without trailing swipe actions of their own,
    /// for rows whose editing style is `.delete`. Tabula's addition: UIKit turns this on
    /// when the data source implements `commit editingStyle`, which Swift cannot detect.
    open var allowsSwipeToDelete = false

    // MARK: Errors

    /// What the table does with a `TableUpdateError`; `.reportAndReload` by default.
    open var invalidUpdatePolicy: InvalidUpdatePolicy = .reportAndReload
    /// Receives every `TableUpdateError` under `.reportAndReload` (standard error when nil).
    open var onInvalidUpdate: ((TableUpdateError) -> Void)?

    // MARK: State

    /// The selected rows (see `UITableView+Selection.swift`).
    var selectedRows: Set<IndexPath> = [] {
        didSet {
            if selectedRows != oldValue {
                NotificationCenter.default.post(name: UITableView.selectionDidChangeNotification, object: self)
            }
        }
    }
    /// The row a finger is on (UITableView+Touches.swift).
    var touchedRow: TouchedRow?
    /// Delete confirmation, reordering, open swipe actions, the cell menu, keyboard focus.
    @exclusivity(unchecked) var interaction = InteractionState() {
        didSet { interactionDidChange(from: oldValue) }
    }
    /// A static description this table shows, kept alive by the table.
    var staticContent: StaticTableContent?
    /// A storyboard's static cells (see ``InterfaceBuilder/setStaticCells(_:of:)``).
    var storyboardStaticSections: [InterfaceBuilder.StaticCellSection]?

    /// Heights and positions of everything in the table. (Read for every row in every
    /// tiling pass; its mutating methods are plain arithmetic that never reaches the
    /// table, so no access is held across a call back: no run-time exclusivity checks.)
    @exclusivity(unchecked) var geometry = TableGeometry()
    /// What the table is doing, and what its next layout owes (TablePhase.swift).
    var phase = TablePhase()
    /// Each section's estimate; rows not yet measured count as this.
    var sectionEstimates: [Double] = []
    /// Every cell, header and footer view the table holds — on screen, prepared, leaving,
    /// kept or pooled — and which item each shows (TableItemStore.swift). Stored, not
    /// lazy: a lazy property is read and written back whole, which would copy the store's
    /// dictionaries at every operation.
    var store = TableItemStore()
    var cellFactories: [String: () -> UITableViewCell] = [:]
    var headerFooterFactories: [String: () -> UITableViewHeaderFooterView] = [:]
    var indexView: SectionIndexView?
    /// Draws the separators of the filler rows (see UITableView+FillerRows.swift).
    var fillerView: FillerRowsView?
    var indexTitles: [String] = []
    /// Bad row heights found in the current pass, reported together when it ends.
    var heightProblems = HeightProblems()
    /// The row an animated `scrollToRow` is going to, and the offset it aimed at last.
    var rowScrollTarget: (indexPath: IndexPath, position: ScrollPosition, offset: CGPoint)?
    /// Batch updates: the open block.
    var updates = BatchUpdateState()
    /// Plays applied batch updates from their records (UpdateAnimator.swift); tests swap
    /// in one that records them.
    lazy var updateAnimator = UpdateAnimator(table: self)
    /// Rows offered to the prefetch data source, and the motion that chose them.
    var prefetch = PrefetchState()

    /// The tallest a row, header or footer may be, in points (Tabula's limit; UIKit sets
    /// none). A taller height is reported (`.invalidHeight`) and this is used instead. At
    /// 10,000 points a row's backing store at 3x is still one bitmap (Cairo's limit is
    /// 32,767 pixels a side).
    nonisolated public static let maximumRowHeight: CGFloat = 10_000

    /// The most rows a table holds, in all its sections (Tabula's limit; UIKit sets none).
    /// A count past it is reported (`.invalidCount`) and cut to what fits. At a trillion
    /// rows of 44 points the content is 4.4·10¹³ points tall, where a `Double` still
    /// places a row to 1/100 of a point; far beyond, rows could no longer be told apart.
    nonisolated public static let maximumNumberOfRows = 1_000_000_000_000
    /// The most sections a table holds (each costs some bytes of geometry; Tabula's limit).
    /// A count past it is reported (`.invalidCount`) and cut to it.
    nonisolated public static let maximumNumberOfSections = 10_000_000

    /// How many cells of one identifier the reuse pool keeps at least; when more cells
    /// are on screen, it keeps as many as are on screen. Beyond that they are released.
    public static let maximumReusableCellsPerIdentifier = 24

    private func replaceAccessoryView(_ old: UIView?, _ new: UIView?) {
        old?.removeFromSuperview()
        if let new { addSubview(new) }
        phase.invalidate(.data)
        setNeedsLayout()
    }

    /// Reports a height property set to a value the table cannot use, and what it uses.
    private func checkHeightSetting(_ value: CGFloat, _ name: String, invalidUses fallback: Double) {
        guard value != UITableView.automaticDimension else { return }
        if value.isFinite && value >= 0 && value <= Self.maximumRowHeight { return }
        let used = value.isFinite && value > Self.maximumRowHeight ? Double(Self.maximumRowHeight) : fallback
        report(.init(.invalidHeight, "\(name) was set to \(value); heights must be finite, ≥ 0 and at most "
                     + "\(Self.maximumRowHeight) (or UITableView.automaticDimension). The table uses \(used)."))
    }

    /// A new preferred text size: the rows are measured again (their labels re-scaled
    /// first), as self-sizing rows grow or shrink with the text.
    package func followContentSizeCategory(from previous: UIContentSizeCategory?, to category: UIContentSizeCategory) {
        guard previous != nil else { return }
        heightsChanged()
    }

    private func heightsChanged() {
        phase.invalidate(.heights)
        setNeedsLayout()
    }

    // MARK: Reloading

    /// Throws away the cells on screen and the measured heights and asks the data source
    /// again. With estimated heights this asks only for the counts (and, later, the
    /// heights of the rows that come on screen); without, for every row's height once.
    ///
    /// Called from inside the data source or delegate while the table is asking them for
    /// counts, heights or cells (`numberOfRowsInSection`, `heightForRowAt`,
    /// `cellForRowAt`, `willDisplay`), the reload is reported as `.reloadDuringLayout`
    /// and runs at the next layout, after that pass: reloading then would pull the rows
    /// out from under the pass (or, from `numberOfRowsInSection`, never end).
    open func reloadData() {
        if phase.isBusy {
            deferReload(because: "reloadData() was called")
            return
        }
        phase.payOwedReload()
        // A row being dragged can no longer be followed: its drop is a plain drop.
        dragAndDrop.source?.indexPath = nil
        let anchor = reloadAnchor()
        rowScrollTarget = nil // an animated scroll in progress keeps its offset
        // An update animating now ends where it is going; its completion gets `false`.
        cancelUpdateAnimations()
        // Rows showing a menu, actions or a confirmation may be gone.
        dismissAllTransientUI(animated: false)
        interaction.focusedRow = nil
        // Counts and heights now (as UIKit, numberOfRows answers at once); cells at the next layout.
        phase.invalidate(.data)
        cancelAllPrefetching()
        loadData()
        settleOffset(after: anchor)
        setNeedsLayout()
    }

    // MARK: Touches (UITableView+Touches.swift selects rows)

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { rowTouchesBegan(touches) }

    /// While a row's swipe actions are open, a touch anywhere in the table but on those
    /// actions comes to the table, which closes them: a button in another row (or in the
    /// open row itself) is not pressed by that touch, as in UIKit.
    open override func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        let hit = super.hitTest(point, with: event)
        if let swipe = interaction.swipe, let hit, hit !== self, !hit.isDescendant(of: swipe.actionsView) { return self }
        return hit
    }
    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { rowTouchesMoved(touches) }
    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { rowTouchesEnded(touches) }
    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { rowTouchesCancelled(touches) }

    // MARK: Keys (UITableView+Keyboard.swift)

    /// Whether moving the keyboard focus selects the row (calling the delegate).
    open var selectionFollowsFocus = false

    /// A table takes key presses (Tabula's difference: UIKit's focus system does this).
    open override var canBecomeFirstResponder: Bool { true }

    open override func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        guard let key = presses.first?.key, handleKey(key) else {
            super.pressesBegan(presses, with: event)
            return
        }
    }

    // MARK: Layout

    open override func layoutSubviews() {
        if phase.owesReload { reloadData() }
        switch phase.pendingLoad {
        case .data:
            let anchor = reloadAnchor()
            loadData()
            settleOffset(after: anchor)
        case .heights:
            loadData()
        case .none:
            break
        }
        layoutTableParts()
        tile()
        settleOffsetIfNeeded()
        layoutSectionIndex()
        layoutFillerRows()
        super.layoutSubviews()
        updatePrefetching()
    }

    /// A motion that ended outside the content (rows deleted or reloaded away under it)
    /// bounces back to the edge.
    package func scrollMotionDidComeToRest() {
        guard !isTracking, clampedContentOffset(contentOffset) != contentOffset else { return }
        startDecelerating(velocity: .zero)
    }

    open override var frame: CGRect {
        didSet { if frame.width != oldValue.width { phase.invalidate(.heights); setNeedsLayout() } }
    }

    open override var bounds: CGRect {
        didSet { if bounds.width != oldValue.width { phase.invalidate(.heights); setNeedsLayout() } }
    }
}

extension UITableView: ContentSizeCategoryFollowing, ScrollMotionSettling, ScrollBackgroundViewHolding {}
