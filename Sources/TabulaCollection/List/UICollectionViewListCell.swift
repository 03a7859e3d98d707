import Foundation
import TabulaUIKit
import TabulaTable

/// A cell of a list section: the table's row look in a collection view — its background
/// and separators, rounded ends in an inset-grouped list — with ``accessories`` at its
/// edges and a ``defaultContentConfiguration()`` of the list's style.
@preconcurrency @MainActor
open class UICollectionViewListCell: UICollectionViewCell {
    /// The accessories. System accessories stand in fixed places whatever the array's
    /// order: the delete control at the leading edge; at the trailing edge, from the content
    /// outwards, the label, the checkmark, the outline disclosure, the disclosure indicator
    /// and the reorder grip. A custom view goes on its placement's side at the index its
    /// position gives among that side's accessories (``UICellAccessory/Placement/Position``):
    /// by default next to the content.
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
    private var showsSeparator = true
    /// The list's swipe-action providers and the item they are asked about (see `+Swipe.swift`).
    var swipeProviders: (leading: UICollectionLayoutListConfiguration.SwipeActionsConfigurationProvider?,
                         trailing: UICollectionLayoutListConfiguration.SwipeActionsConfigurationProvider?) = (nil, nil)
    var swipeIndexPath = IndexPath(item: 0, section: 0)
    var swipePan: UIPanGestureRecognizer?
    var swipe: ListSwipe?
    /// The collection view whose scrolling closes this cell's open actions, once watched.
    weak var watchedList: UICollectionView?

    /// The side margin of the content and accessories (the table's).
    static let margin: CGFloat = 16

    public override init(frame: CGRect) {
        super.init(frame: frame)
        separatorView.backgroundColor = .separator
        separatorView.isUserInteractionEnabled = false
        addSubview(separatorView)
        backgroundColor = .systemBackground
        let highlight = UIView()
        highlight.backgroundColor = .systemGray4
        selectedBackgroundView = highlight
    }

    /// Returns `nil`: Tabula decodes no views (see ``UIView/init(coder:)``).
    public required init?(coder: NSCoder) { return nil }

    /// A content configuration of the list's style (a sidebar cell in a sidebar).
    open func defaultContentConfiguration() -> UIListContentConfiguration {
        appearance == .sidebar || appearance == .sidebarPlain ? .sidebarCell() : .cell()
    }

    open override func apply(_ layoutAttributes: UICollectionViewLayoutAttributes) {
        super.apply(layoutAttributes)
        // A list cell used as a header or footer is only its content, on the list's background.
        if layoutAttributes.representedElementCategory == .supplementaryView {
            separatorView.isHidden = true
            backgroundColor = .clear
            return
        }
        guard let row = layoutAttributes as? ListItemAttributes else { return }
        appearance = row.appearance
        let grouped = row.appearance == .grouped || row.appearance == .insetGrouped
        let background: UIColor = grouped ? .secondarySystemGroupedBackground : row.appearance == .sidebar ? .clear : .systemBackground
        backgroundColor = background
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
        guard let outline = accessoryViews.first(where: { if case .outlineDisclosure = $0.accessory.kind { true } else { false } })?.accessory
        else { return nil }
        switch outline.outlineStyle {
        case .header: return outline
        case .cell: return nil
        case .automatic: return (contentConfiguration as? UIListContentConfiguration)?.isHeaderStyle == true ? outline : nil
        }
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
        case .delete: view = ListAccessoryGlyph(.delete)
        case .reorder: view = ListAccessoryGlyph(.reorder)
        case .outlineDisclosure: view = ListAccessoryGlyph(.outlineDisclosure)
        case .label(let text, let font):
            let label = UILabel()
            label.text = text
            label.font = font ?? .preferredFont(forTextStyle: .body)
            label.textColor = accessory.tintColor ?? .secondaryLabel
            label.sizeToFit()
            view = label
        case .custom(let custom):
            view = custom
            if view.bounds.size == .zero { view.sizeToFit() }
        }
        if let tint = accessory.tintColor { view.tintColor = tint }
        if case .outlineDisclosure = accessory.kind {
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
        var leading = CGFloat(indentationLevel) * indentationWidth
        var trailing = b.width
        let shownAt = Dictionary(accessoryViews.map { ($0.index, $0) }, uniquingKeysWith: { first, _ in first })
        for shown in accessoryOrder.leading.compactMap({ shownAt[$0] }) {
            let size = shown.view.bounds.size
            let frame = CGRect(x: leading + Self.margin, y: ((b.height - size.height) / 2).rounded(), width: size.width, height: size.height)
            frames[shown.index] = frame
            leading = frame.maxX
        }
        for shown in accessoryOrder.trailing.reversed().compactMap({ shownAt[$0] }) {
            let size = shown.view.bounds.size
            let frame = CGRect(x: trailing - Self.margin - size.width, y: ((b.height - size.height) / 2).rounded(),
                               width: size.width, height: size.height)
            frames[shown.index] = frame
            trailing = frame.minX
        }
        // The content keeps its own margins inside the room the accessories leave; next to
        // an accessory it gives up the margin on that side to the accessory's.
        let hasTrailing = accessoryViews.contains { !$0.accessory.isLeading }
        let contentMinX = leading, contentMaxX = hasTrailing ? trailing - 4 : b.width
        return (frames, CGRect(x: contentMinX, y: 0, width: max(0, contentMaxX - contentMinX), height: b.height))
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        let b = bounds
        let placed = placeAccessories()
        for shown in accessoryViews {
            // The view is not resized by a rotation (the outline chevron): only centred.
            guard let frame = placed.frames[shown.index] else { continue }
            shown.view.center = CGPoint(x: frame.midX, y: frame.midY)
        }
        contentView.frame = placed.content
        let scale = window?.screenScale ?? 1
        let separatorLeft = contentView.frame.minX + textLeading()
        separatorView.frame = CGRect(x: separatorLeft, y: b.height - 1 / scale, width: max(0, b.width - separatorLeft), height: 1 / scale)
        if subviews.last !== separatorView { bringSubviewToFront(separatorView) }
        for shown in accessoryViews where shown.view.superview === self { bringSubviewToFront(shown.view) }
    }

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

/// The list's own accessory glyphs: the delete control, the reorder grip, the outline
/// disclosure chevron.
@MainActor
final class ListAccessoryGlyph: UIView {
    enum Kind { case delete, reorder, outlineDisclosure }
    let kind: Kind

    /// Where a finger took the reorder grip, and where the row's centre was then (both in
    /// the collection view's content).
    private var grab: (finger: CGPoint, center: CGPoint)?

    init(_ kind: Kind) {
        self.kind = kind
        super.init(frame: .zero)
        isOpaque = false
        contentMode = .redraw
        isUserInteractionEnabled = false
        frame.size = switch kind {
        case .delete: CGSize(width: 22, height: 22)
        case .reorder: CGSize(width: 20, height: 14)
        case .outlineDisclosure: CGSize(width: 14, height: 14)
        }
        if kind == .reorder {
            isUserInteractionEnabled = true
            let press = UILongPressGestureRecognizer { [weak self] press in self?.moveRow(press) }
            press.minimumPressDuration = 0
            press.allowableMovement = .greatestFiniteMagnitude
            addGestureRecognizer(press)
        }
    }

    required init?(coder: NSCoder) { return nil }

    /// The grip takes a finger a little around its lines, as the row's trailing end does in UIKit.
    override func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
        guard kind == .reorder else { return super.point(inside: point, with: event) }
        return bounds.insetBy(dx: -12, dy: -15).contains(point)
    }

    /// Dragging the grip moves the row along the list, through the collection view's
    /// interactive movement: the row keeps its place across and follows the finger along.
    private func moveRow(_ press: UIGestureRecognizer) {
        var view = superview
        while let current = view, !(current is UICollectionViewCell) { view = current.superview }
        guard let cell = view as? UICollectionViewCell, let collection = cell.superview as? UICollectionView else { return }
        let finger = press.location(in: collection)
        switch press.state {
        case .began:
            guard let path = collection.indexPath(for: cell), collection.beginInteractiveMovementForItem(at: path) else { return }
            grab = (finger, cell.center)
        case .changed:
            guard let grab, collection.interactiveMovement != nil else { return }
            collection.updateInteractiveMovementTargetPosition(CGPoint(x: grab.center.x, y: grab.center.y + finger.y - grab.finger.y))
        case .ended:
            guard grab != nil else { return }
            grab = nil
            if collection.interactiveMovement != nil { collection.endInteractiveMovement() }
        default:
            guard grab != nil else { return }
            grab = nil
            if collection.interactiveMovement != nil { collection.cancelInteractiveMovement() }
        }
    }

    override func sizeThatFits(_ size: CGSize) -> CGSize { bounds.size }

    override func draw(_ rect: CGRect) {
        guard let ctx = UIGraphicsGetCurrentContext() else { return }
        switch kind {
        case .delete:
            ctx.setFillColor(UIColor.systemRed.cgColor)
            ctx.fill(Path(ellipseIn: CGRect(x: 1, y: 1, width: 20, height: 20)))
            ctx.setFillColor(UIColor.white.cgColor)
            ctx.fill(CGRect(x: 6, y: 10, width: 10, height: 2))
        case .reorder:
            ctx.setFillColor(UIColor.tertiaryLabel.resolvedColor(with: traitCollection).cgColor)
            for y in [1.0, 6.0, 11.0] { ctx.fill(CGRect(x: 0, y: y, width: 20, height: 2)) }
        case .outlineDisclosure:
            ctx.setStrokeColor((tintColor ?? .systemBlue).cgColor)
            ctx.setLineWidth(2)
            var p = Path()
            p.move(to: CGPoint(x: 4.5, y: 1.5))
            p.addLine(to: CGPoint(x: 9.5, y: 7))
            p.addLine(to: CGPoint(x: 4.5, y: 12.5))
            ctx.stroke(p)
        }
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
