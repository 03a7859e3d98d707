import Foundation
import TabulaUIKit
import TabulaTable

/// A cell of a list section: the table's row look in a collection view — its background
/// and separators, rounded ends in an inset-grouped list — with ``accessories`` at its
/// edges and a ``defaultContentConfiguration()`` of the list's style.
@preconcurrency @MainActor
open class UICollectionViewListCell: UICollectionViewCell {
    /// The accessories. System accessories stand in fixed places whatever the array's
    /// order: at the leading edge, from the edge inwards, the multiselect circle, the delete
    /// control and the insert control; at the trailing edge, from the content outwards, the
    /// label, the pop-up menu, the checkmark, the detail button, the outline disclosure, the
    /// disclosure indicator and the reorder grip. A custom view goes on its placement's side at the
    /// index its position gives among that side's accessories
    /// (``UICellAccessory/Placement/Position``): by default next to the content. Each
    /// accessory is centred in the room its options' `reservedLayoutWidth` keeps; a hidden
    /// one keeps its room and is neither drawn nor touched.
    open var accessories: [UICellAccessory] = [] {
        didSet { rebuildAccessories() }
    }

    /// How many levels the content is indented. A cell dequeued for an item of a section
    /// snapshot (an outline) comes set to the item's depth in it, as in UIKit.
    open var indentationLevel = 0 { didSet { setNeedsLayout() } }
    /// The width of one level of indentation.
    open var indentationWidth: CGFloat = 10 { didSet { setNeedsLayout() } }

    /// Whether the cell shows its `.whenEditing` accessories rather than its
    /// `.whenNotEditing` ones. Its collection view sets it while it is editing
    /// (``UICollectionView/isEditing``), for the items its delegate lets be edited; set it
    /// yourself only for a cell outside a collection view.
    open var isEditing: Bool {
        get { isEditingItem }
        set { setEditingItem(newValue, animated: false) }
    }

    /// An accessory on screen: its place in ``accessories`` and its view.
    struct ShownAccessory {
        let index: Int
        let accessory: UICellAccessory
        let view: UIView
    }

    let separatorView = UIView()
    private(set) var accessoryViews: [ShownAccessory] = []
    /// The order, leading to trailing, of each side's accessories (indices into ``accessories``).
    private(set) var accessoryOrder: (leading: [Int], trailing: [Int]) = ([], [])
    var appearance: UICollectionLayoutListConfiguration.Appearance = .plain
    /// Whether the layout shows the cell as a header or footer, not a row.
    private var isSupplementaryElement = false
    private var showsSeparator = true
    /// The list's swipe-action providers and the item they are asked about (see `+Swipe.swift`).
    var swipeProviders: (leading: UICollectionLayoutListConfiguration.SwipeActionsConfigurationProvider?,
                         trailing: UICollectionLayoutListConfiguration.SwipeActionsConfigurationProvider?) = (nil, nil)
    var swipeIndexPath = IndexPath(item: 0, section: 0)
    var swipePan: UIPanGestureRecognizer?
    var swipe: ListSwipe?
    /// The collection view whose scrolling closes this cell's open actions, once watched.
    weak var watchedList: UICollectionView?

    /// The separator's guide and the constraints that keep it along the bottom edge, once
    /// ``separatorLayoutGuide`` was read.
    var separatorGuide: SeparatorGuide?

    /// A guide for the separator under the cell: its frame is the separator's, and the
    /// separator starts at its leading edge. Constrain its `leadingAnchor` to the leading
    /// edge of the cell's primary content (a label of your own, or a list content view's
    /// ``UIListContentView/textLayoutGuide``) and the separator line moves there.
    ///
    /// Unconstrained, the guide stays where the separator is by default — under the text of
    /// a list content configuration, 16 points in otherwise — through a constraint of the
    /// lowest priority that any constraint of yours outweighs. Its ``UILayoutGuide/layoutFrame``
    /// is the separator's frame, which reaches the cell's trailing edge and is one pixel
    /// tall. The separator shows only in a list section with separators, as in UIKit. The
    /// guide is made on first read; until the cell's first layout its frame is empty.
    ///
    /// Unlike UIKit's, the guide is laid out in the `contentView` (its `owningView` still
    /// reads the cell): constraints to views in the content view and to a list content
    /// view's guides are solved with those views, but a constraint to a view you added to
    /// the cell itself, outside the content view, does not move it. When a configuration of
    /// another kind replaces the content view, the constraints on the guide are deactivated
    /// with the old content view.
    open var separatorLayoutGuide: UILayoutGuide {
        if let separatorGuide { return separatorGuide.guide }
        let made = SeparatorGuide(in: self, leading: textLeading(), hairline: 1 / (window?.screenScale ?? 1))
        separatorGuide = made
        return made.guide
    }

    /// The side margin of the content and accessories (the table's).
    static let margin: CGFloat = 16

    public override init(frame: CGRect) {
        super.init(frame: frame)
        setUpListCell()
    }

    /// Creates the cell from a storyboard or nib, as ``UIView/init(coder:)`` does: the file's
    /// properties are set before it returns, so that a subclass in a file is made.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUpListCell()
        InterfaceBuilderCoder.decode(coder, into: self, at: UICollectionViewListCell.self)
    }

    private func setUpListCell() {
        separatorView.backgroundColor = .separator
        separatorView.isUserInteractionEnabled = false
        addSubview(separatorView)
        backgroundColor = .systemBackground
        let highlight = UIView()
        highlight.backgroundColor = .systemGray4
        selectedBackgroundView = highlight
    }

    /// A content configuration of the list's style (a sidebar cell in a sidebar).
    open func defaultContentConfiguration() -> UIListContentConfiguration {
        appearance == .sidebar || appearance == .sidebarPlain ? .sidebarCell() : .cell()
    }

    open override func apply(_ layoutAttributes: UICollectionViewLayoutAttributes) {
        super.apply(layoutAttributes)
        // A list cell used as a header or footer is only its content, on the list's background.
        isSupplementaryElement = layoutAttributes.representedElementCategory == .supplementaryView
        if isSupplementaryElement {
            separatorView.isHidden = true
            showListBackground()
            return
        }
        guard let row = layoutAttributes as? ListItemAttributes else { return }
        appearance = row.appearance
        let grouped = row.appearance == .grouped || row.appearance == .insetGrouped
        showListBackground()
        showsSeparator = row.showsSeparators && !(grouped && row.isLastInSection)
        separatorView.isHidden = !showsSeparator
        var corners: CACornerMask = []
        if row.appearance == .insetGrouped {
            if row.isFirstInSection { corners.formUnion([.layerMinXMinYCorner, .layerMaxXMinYCorner]) }
            if row.isLastInSection { corners.formUnion([.layerMinXMaxYCorner, .layerMaxXMaxYCorner]) }
        }
        let radius: CGFloat = corners.isEmpty ? 0 : 10
        if layer.cornerRadius != radius { layer.cornerRadius = radius }
        if layer.maskedCorners != corners { layer.maskedCorners = corners }
        layer.masksToBounds = row.appearance == .insetGrouped
        swipeProviders = (row.leadingSwipeProvider, row.trailingSwipeProvider)
        swipeIndexPath = row.indexPath
        if swipeProviders.leading != nil || swipeProviders.trailing != nil { installSwipe() }
    }

    /// Shows the row background of the list's appearance, which UIKit's default background
    /// configuration draws (none as a header or footer, which is only its content, on the
    /// list's background). A background configuration of the app's own replaces it: a
    /// translucent one shows what is behind the cell, not this colour.
    private func showListBackground() {
        let grouped = appearance == .grouped || appearance == .insetGrouped
        let row: UIColor = grouped ? .secondarySystemGroupedBackground : appearance == .sidebar ? .clear : .systemBackground
        let color: UIColor? = backgroundConfiguration != nil ? nil : isSupplementaryElement ? .clear : row
        if backgroundColor != color { backgroundColor = color }
    }

    override func backgroundConfigurationWasReplaced() { showListBackground() }

    /// A multiselect circle follows the selection.
    open override var isSelected: Bool {
        didSet {
            guard isSelected != oldValue else { return }
            for case let glyph as ListAccessoryGlyph in accessoryViews.map(\.view) where glyph.kind == .multiselect {
                glyph.isSelected = isSelected
            }
        }
    }

    open override func prepareForReuse() {
        super.prepareForReuse()
        closeSwipe(animated: false)
    }

    open override func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        if gestureRecognizer === swipePan, let pan = swipePan { return swipeShouldBegin(pan) }
        return super.gestureRecognizerShouldBegin(gestureRecognizer)
    }

    /// Makes a view for each accessory that shows in the current editing state.
    private func rebuildAccessories() {
        accessoryOrder = (UICellAccessory.sideOrder(of: accessories, leading: true),
                          UICellAccessory.sideOrder(of: accessories, leading: false))
        for shown in accessoryViews { shown.view.removeFromSuperview() }
        accessoryViews = accessories.indices.filter { accessories[$0].shows(editing: isEditing) }.map {
            ShownAccessory(index: $0, accessory: accessories[$0], view: makeView(for: accessories[$0]))
        }
        for shown in accessoryViews { addSubview(shown.view) }
        setNeedsLayout()
    }

    /// How long the accessories take to slide in and out when the editing state changes.
    static let editingAnimationDuration: TimeInterval = 0.3

    override func editingItemDidChange(animated: Bool) {
        let old = accessoryViews
        let wanted = accessories.indices.filter { accessories[$0].shows(editing: isEditing) }
        // Accessories shown in both states keep their views; the others come and go.
        var incoming: [ShownAccessory] = []
        accessoryViews = wanted.map { index in
            if let kept = old.first(where: { $0.index == index }) { return kept }
            let shown = ShownAccessory(index: index, accessory: accessories[index], view: makeView(for: accessories[index]))
            incoming.append(shown)
            return shown
        }
        let outgoing = old.filter { shown in !wanted.contains(shown.index) }
        for shown in incoming { addSubview(shown.view) }
        setNeedsLayout()
        guard animated, window != nil else {
            for shown in outgoing { shown.view.removeFromSuperview() }
            return
        }
        // Incoming accessories start beyond the edge they stand at, transparent, and
        // slide in as the content makes room; outgoing ones slide out and fade.
        let targets = accessoryFrames()
        UIView.performWithoutAnimation {
            for shown in incoming {
                guard let target = targets[shown.index] else { continue }
                shown.view.frame = target.offsetBy(dx: slideDistance(shown, target), dy: 0)
                shown.view.alpha = 0
            }
        }
        UIView.animate(withDuration: Self.editingAnimationDuration, animations: {
            for shown in incoming { shown.view.alpha = 1 }
            for shown in outgoing {
                shown.view.frame = shown.view.frame.offsetBy(dx: self.slideDistance(shown, shown.view.frame), dy: 0)
                shown.view.alpha = 0
            }
            self.layoutIfNeeded()
        }, completion: { _ in
            for shown in outgoing where !self.accessoryViews.contains(where: { $0.view === shown.view }) {
                shown.view.removeFromSuperview()
            }
        })
    }

    // MARK: Outline disclosure

    /// The chevron's turn while its item is expanded: a quarter turn, to point down.
    static let expandedTurn = CGAffineTransform(rotationAngle: .pi / 2)

    /// The outline disclosure on screen, when a tap anywhere on the cell expands or
    /// collapses the item: its `.header` style, or `.automatic` with a header content
    /// configuration.
    var headerOutlineAccessory: UICellAccessory? {
        guard let outline = accessoryViews.first(where: { shown in
            if case .outlineDisclosure = shown.accessory.kind { !shown.accessory.isHidden } else { false }
        })?.accessory else { return nil }
        switch outline.outlineStyle {
        case .header: return outline
        case .cell: return nil
        case .automatic: return (contentConfiguration as? UIListContentConfiguration)?.isHeaderStyle == true ? outline : nil
        }
    }

    /// The pop-up menu accessory on screen and not hidden, if any: a tap anywhere on the
    /// cell shows its menu.
    var popUpMenuAccessory: ShownAccessory? {
        accessoryViews.first { shown in if case .popUpMenu = shown.accessory.kind { !shown.accessory.isHidden } else { false } }
    }

    /// Shows the menu of a pop-up menu accessory below its chevrons. The action a tap
    /// chooses is marked `.on` and every other action of the menu `.off`; when that changed
    /// which one was on, the accessory's handler gets the menu; then the action runs.
    func showPopUpMenu(_ shown: ShownAccessory) {
        guard case .popUpMenu(let menu) = shown.accessory.kind else { return }
        let handler = shown.accessory.menuHandler
        showMenuPlatter(menu, from: shown.view, sender: self) { chosen in
            let changed = chosen.state != .on
            for action in Self.actions(of: menu) { action.state = action === chosen ? .on : .off }
            if changed { handler?(menu) }
        }
    }

    /// The actions of `menu` and of its submenus, in order.
    private static func actions(of menu: UIMenu) -> [UIAction] {
        var actions: [UIAction] = []
        for element in menu.children {
            if let action = element as? UIAction { actions.append(action) }
            if let submenu = element as? UIMenu { actions += Self.actions(of: submenu) }
        }
        return actions
    }

    /// What a tap on the outline disclosure does: its action handler, or else the
    /// collection view expands or collapses the item.
    func runOutlineAction(_ accessory: UICellAccessory) {
        if let handler = accessory.actionHandler {
            handler()
        } else if let collectionView = superview as? UICollectionView {
            collectionView.toggleOutline(of: self)
        }
    }

    override func expandedItemDidChange(animated: Bool) {
        let turn = isExpandedItem ? Self.expandedTurn : .identity
        let chevrons = accessoryViews.filter { if case .outlineDisclosure = $0.accessory.kind { true } else { false } }.map(\.view)
        guard animated, window != nil else {
            for chevron in chevrons { chevron.transform = turn }
            return
        }
        UIView.animate(withDuration: Self.editingAnimationDuration) {
            for chevron in chevrons { chevron.transform = turn }
        }
    }

    /// How far an accessory at `frame` moves to be out of the cell at its own edge.
    private func slideDistance(_ shown: ShownAccessory, _ frame: CGRect) -> CGFloat {
        shown.accessory.isLeading ? -frame.maxX : bounds.width - frame.minX
    }

    private func makeView(for accessory: UICellAccessory) -> UIView {
        let view: UIView
        switch accessory.kind {
        case .disclosureIndicator: view = makeAccessoryGlyph(.disclosureIndicator)
        case .checkmark: view = makeAccessoryGlyph(.checkmark)
        case .delete:
            let glyph = ListAccessoryGlyph(.delete)
            glyph.symbolColor = accessory.tintColor
            glyph.fillColor = accessory.backgroundColor
            view = glyph
        case .reorder: view = ListAccessoryGlyph(.reorder)
        case .outlineDisclosure: view = ListAccessoryGlyph(.outlineDisclosure)
        case .detail: view = ListAccessoryGlyph(.detail)
        case .popUpMenu:
            let glyph = ListAccessoryGlyph(.popUpMenu)
            glyph.symbolColor = accessory.tintColor
            view = glyph
        case .insert:
            let glyph = ListAccessoryGlyph(.insert)
            glyph.symbolColor = accessory.tintColor
            glyph.fillColor = accessory.backgroundColor
            view = glyph
        case .multiselect:
            let glyph = ListAccessoryGlyph(.multiselect)
            glyph.fillColor = accessory.backgroundColor
            glyph.isSelected = isSelected
            view = glyph
        case .label(let text, let font, let adjustsFont):
            let label = UILabel()
            label.text = text
            label.font = font
            label.adjustsFontForContentSizeCategory = adjustsFont
            label.textColor = accessory.tintColor ?? .secondaryLabel
            label.sizeToFit()
            view = label
        case .custom(let custom):
            view = custom
            if view.bounds.size == .zero { view.sizeToFit() }
        }
        if let tint = accessory.tintColor { view.tintColor = tint }
        // A hidden accessory keeps its room, undrawn and inert.
        view.isHidden = accessory.isHidden
        guard !accessory.isHidden else { return view }
        if case .detail = accessory.kind {
            // The detail button takes every tap on it, so that none selects the row.
            view.isUserInteractionEnabled = true
            view.addGestureRecognizer(UITapGestureRecognizer { _ in accessory.actionHandler?() })
        } else if case .outlineDisclosure = accessory.kind {
            view.transform = isExpandedItem ? Self.expandedTurn : .identity
            view.isUserInteractionEnabled = true
            view.addGestureRecognizer(UITapGestureRecognizer { [weak self] _ in self?.runOutlineAction(accessory) })
        } else if let handler = accessory.actionHandler {
            view.isUserInteractionEnabled = true
            view.addGestureRecognizer(UITapGestureRecognizer { _ in handler() })
        }
        return view
    }

    /// Where each accessory on screen goes (by its place in ``accessories``), and the room
    /// left for the content between them.
    private func accessoryFrames() -> [Int: CGRect] { placeAccessories().frames }

    private func placeAccessories() -> (frames: [Int: CGRect], content: CGRect) {
        let b = bounds
        var frames: [Int: CGRect] = [:]
        // A row that reaches the screen's sides (a plain or grouped list in landscape)
        // keeps its content and accessories clear of the side safe areas, as a table's
        // cells do; a card inside them has none.
        let safe = safeAreaInsets
        let safeLeading = safe.left.isFinite ? max(0, safe.left) : 0, safeTrailing = safe.right.isFinite ? max(0, safe.right) : 0
        var leading = safeLeading + CGFloat(indentationLevel) * indentationWidth
        var trailing = b.width - safeTrailing
        let shownAt = Dictionary(accessoryViews.map { ($0.index, $0) }, uniquingKeysWith: { first, _ in first })
        // Each accessory stands centred in the room it keeps (its own width unless its
        // options reserve a custom one), a margin from its neighbour.
        func room(of shown: ShownAccessory) -> CGFloat {
            if case .custom(let width) = shown.accessory.reservedLayoutWidth { return max(0, width) }
            return shown.view.bounds.width
        }
        func frame(of shown: ShownAccessory, inRoomFrom x: CGFloat) -> CGRect {
            let size = shown.view.bounds.size
            return CGRect(x: x + (room(of: shown) - size.width) / 2, y: ((b.height - size.height) / 2).rounded(),
                          width: size.width, height: size.height)
        }
        for shown in accessoryOrder.leading.compactMap({ shownAt[$0] }) {
            frames[shown.index] = frame(of: shown, inRoomFrom: leading + Self.margin)
            leading += Self.margin + room(of: shown)
        }
        for shown in accessoryOrder.trailing.reversed().compactMap({ shownAt[$0] }) {
            trailing -= Self.margin + room(of: shown)
            frames[shown.index] = frame(of: shown, inRoomFrom: trailing)
        }
        // The content keeps its own margins inside the room the accessories leave; next to
        // an accessory it gives up the margin on that side to the accessory's.
        let hasTrailing = accessoryViews.contains { !$0.accessory.isLeading }
        let contentMinX = leading, contentMaxX = hasTrailing ? trailing - 4 : b.width - safeTrailing
        return (frames, CGRect(x: contentMinX, y: 0, width: max(0, contentMaxX - contentMinX), height: b.height))
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        let placed = placeAccessories()
        for shown in accessoryViews {
            // The view is not resized by a rotation (the outline chevron): only centred.
            guard let frame = placed.frames[shown.index] else { continue }
            shown.view.center = CGPoint(x: frame.midX, y: frame.midY)
        }
        contentView.frame = placed.content
        let scale = window?.screenScale ?? 1
        if let separatorGuide {
            // The guide is solved in the content view's pass (see `SeparatorGuide`): with the
            // default inset and the content's frame current, that pass runs now, and places
            // the separator (`separatorGuideMoved`). Not while the cell is only placed at
            // its estimate to be measured: the content's constraints (a view 200 points
            // tall) would conflict with the estimated height; it runs at the measured size.
            separatorGuide.follow(contentView, leading: textLeading(), hairline: 1 / scale)
            separatorGuide.update(leading: textLeading(), hairline: 1 / scale)
            if !isPlacingForMeasurement { contentView.layer.layoutSubtree() }
        }
        placeSeparator()
        // The separator, then the accessories, in front; nothing moves when they already are
        // (moving a subview marks the cell for layout again: one after the other, they
        // traded places in every pass, and the cell's layout never settled).
        bringSubviewsToFront([separatorView] + accessoryViews.map(\.view))
    }

    /// Puts the separator along the bottom edge, from the separator guide's leading edge
    /// (or, without a guide, under the text) to the trailing edge, one pixel tall.
    private func placeSeparator() {
        let scale = window?.screenScale ?? 1
        let left = separatorGuide?.guide.solvedMinX ?? defaultSeparatorLeading()
        let b = bounds
        let frame = CGRect(x: left, y: b.height - 1 / scale, width: max(0, b.width - left), height: 1 / scale)
        if separatorView.frame != frame { separatorView.frame = frame }
    }

    /// The content view's layout pass moved the separator guide (the app's constraints tie
    /// it to something there): the separator follows at once.
    func separatorGuideMoved() { placeSeparator() }

    /// Where the separator starts when the app has not moved it: under the text.
    private func defaultSeparatorLeading() -> CGFloat { contentView.frame.minX + textLeading() }

    /// Where the text starts in the content view: the separator starts there, as iOS draws it.
    private func textLeading() -> CGFloat {
        guard let list = contentConfiguration as? UIListContentConfiguration else { return Self.margin }
        var x = max(list.directionalLayoutMargins.leading, hostedContentMargins.leading)
        if let image = list.image {
            let width = list.imageProperties.reservedLayoutSize.width > 0 ? list.imageProperties.reservedLayoutSize.width : image.size.width
            x += width + list.imageToTextPadding
        }
        return x
    }
}

/// The content lines up with the table's margins: 16 points at each side, none before a
/// trailing accessory (which keeps its own), 10 after a leading one.
extension UICollectionViewListCell: ListContentHost {
    package var hostedContentView: UIView { contentView }
    package var hostedContentMargins: NSDirectionalEdgeInsets {
        NSDirectionalEdgeInsets(top: 0, leading: accessoryViews.contains { $0.accessory.isLeading } ? 10 : Self.margin, bottom: 0,
                                trailing: accessoryViews.contains { !$0.accessory.isLeading } ? 0 : Self.margin)
    }
    package var hostedContentExtraTop: CGFloat { 0 }
}

/// A list cell's ``UICollectionViewListCell/separatorLayoutGuide`` and the constraints the
/// cell keeps on it.
///
/// The guide belongs to the cell's content view, not to the cell: the app's constraints tie
/// it to views in the content view (its own labels, a list content view's text guide), and
/// a constraint is solved by the layout pass of the view it is installed on — the nearest
/// common ancestor — together with the others installed there. Owned by the content view,
/// the guide is solved with those views' own constraints in one system, after the content
/// view has its frame. Its ``UILayoutGuide/owningView`` still reads the cell and its
/// ``UILayoutGuide/layoutFrame`` is the separator's frame in the cell's coordinates.
///
/// The cell's constraints: trailing and bottom edges at the content view's, a hairline's
/// height, and the leading edge at the default separator inset at the lowest priority,
/// which the app's own constraints outweigh.
@MainActor
final class SeparatorGuide {
    let guide: ListSeparatorLayoutGuide
    private(set) var leading: NSLayoutConstraint
    private(set) var height: NSLayoutConstraint
    private(set) var edges: [NSLayoutConstraint]

    init(in cell: UICollectionViewListCell, leading inset: CGFloat, hairline: CGFloat) {
        guide = ListSeparatorLayoutGuide(cell: cell)
        guide.identifier = "UICollectionViewListCell-separatorLayoutGuide"
        (leading, height, edges) = Self.pin(guide, to: cell.contentView, leading: inset, hairline: hairline)
    }

    private static func pin(_ guide: UILayoutGuide, to content: UIView, leading inset: CGFloat,
                            hairline: CGFloat) -> (NSLayoutConstraint, NSLayoutConstraint, [NSLayoutConstraint]) {
        content.addLayoutGuide(guide)
        let leading = guide.leadingAnchor.constraint(equalTo: content.leadingAnchor, constant: inset)
        leading.priority = UILayoutPriority(1)
        let height = guide.heightAnchor.constraint(equalToConstant: hairline)
        let edges = [guide.trailingAnchor.constraint(equalTo: content.trailingAnchor),
                     guide.bottomAnchor.constraint(equalTo: content.bottomAnchor)]
        NSLayoutConstraint.activate([leading, height] + edges)
        return (leading, height, edges)
    }

    /// Moves the guide into `content` when the cell's content view was replaced (a
    /// configuration of another kind): the constraints that named it, the app's too, are
    /// deactivated with the old content view, and the cell's are made again.
    func follow(_ content: UIView, leading inset: CGFloat, hairline: CGFloat) {
        guard guide.superLayoutFrameOwner !== content else { return }
        NSLayoutConstraint.deactivate([leading, height] + edges)
        (leading, height, edges) = Self.pin(guide, to: content, leading: inset, hairline: hairline)
    }

    /// Moves the default inset and the height (in the content view's coordinates).
    func update(leading inset: CGFloat, hairline: CGFloat) {
        if leading.constant != inset { leading.constant = inset }
        if height.constant != hairline { height.constant = hairline }
    }
}

/// The separator guide: laid out in the cell's content view, read as the cell's (see
/// ``SeparatorGuide``).
@MainActor
final class ListSeparatorLayoutGuide: UILayoutGuide {
    private weak var cell: UICollectionViewListCell?

    init(cell: UICollectionViewListCell) {
        self.cell = cell
        super.init()
        layoutFrameDidChange = { [weak cell] in cell?.separatorGuideMoved() }
    }

    /// The view the guide is laid out in: the cell's content view.
    var superLayoutFrameOwner: UIView? { super.owningView }

    /// Where the guide's leading edge was solved, in the cell's coordinates.
    var solvedMinX: CGFloat {
        let owner = super.owningView
        return super.layoutFrame.minX + (owner?.frame.minX ?? 0)
    }

    /// The cell.
    override var owningView: UIView? {
        get { cell }
        set { super.owningView = newValue }
    }

    /// The separator's frame in the cell's coordinates.
    override var layoutFrame: CGRect { cell?.separatorView.frame ?? super.layoutFrame }
}

extension UICollectionViewListCell: ContentSizeCategoryFollowing {
    /// The text size changed: the accessories (a label accessory's text, whose font has
    /// grown) are measured and placed again. Before, a label accessory kept its old width
    /// and was cut ("Sa…" for "Saved") though the row had room.
    package func followContentSizeCategory(from previous: UIContentSizeCategory?, to category: UIContentSizeCategory) {
        for shown in accessoryViews {
            guard case .label = shown.accessory.kind, let label = shown.view as? UILabel else { continue }
            // Its own traits changed first or will change next: its font follows the
            // category either way before it is measured.
            if label.adjustsFontForContentSizeCategory { label.adoptContentSizeCategory(category) }
            // Measured unbounded, as when it was made (a fit to its old bounds would keep
            // the old width).
            label.bounds.size = .zero
            label.sizeToFit()
        }
        setNeedsLayout()
    }
}
