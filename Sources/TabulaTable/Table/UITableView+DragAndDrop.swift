import Foundation
import TabulaUIKit

/// What a table keeps of drag and drop: its delegates, and the drag it is the source or
/// the target of.
struct TableDragAndDrop {
    weak var dragDelegate: UITableViewDragDelegate?
    weak var dropDelegate: UITableViewDropDelegate?
    /// Nil until set: then the idiom's default (on for an iPad, off for a phone, as in UIKit).
    var interactionEnabled: Bool?
    /// The row a long press found that can be dragged (asked as the press began).
    var pressedRow: IndexPath?
    /// The long press's part in dragging (a drag out of a context menu waits for the finger to move).
    var press = DragPress()
    /// The drag that began on one of this table's rows.
    var source: Source?
    /// The drag over this table.
    var target: Target?

    struct Source {
        let session: DragDropSession
        weak var drag: DragPresentation?
        /// The dragged row, kept up to date through updates; nil once it is deleted or the
        /// table reloaded (a drop then is a drop like any other, not a move of the row).
        var indexPath: IndexPath?
        let rowHeight: CGFloat
    }

    struct Target {
        let session: DragDropSession
        var proposal: UITableViewDropProposal
        var destination: IndexPath?
        /// The rows open a gap here for the dropped row (insert-at proposals).
        var gap: DropGap?
        /// The row the items would go into (insert-into proposals): highlighted.
        var intoRow: IndexPath?
        var autoscroll: CADisplayLink?
    }
}

/// Rows stepping aside for a dropped row: the dragged row's place closes (a drag from the
/// same table) and a gap of `height` opens at `target`, counted in the order after the move.
struct DropGap: Equatable {
    var source: IndexPath?
    var target: IndexPath
    var height: CGFloat

    /// How far the row at `indexPath` moves down (negative: up).
    func shift(for indexPath: IndexPath) -> CGFloat {
        if indexPath == source { return 0 }
        var shift: CGFloat = 0
        var finalRow = indexPath.row
        if let source, indexPath.section == source.section, indexPath.row > source.row {
            shift -= height
            finalRow -= 1
        }
        if indexPath.section == target.section, finalRow >= target.row { shift += height }
        return shift
    }
}

/// Drag and drop of rows, as UIKit's table has it (iOS 11): a long press lifts a row whose
/// drag delegate gives items, its picture follows the finger over the window, the table
/// under the finger asks its drop delegate what a drop there would do and opens a gap (or
/// highlights a row) to show it, and on lift the drop delegate takes the items through a
/// ``UITableViewDropCoordinator`` while the picture lands where they went. Near the top or
/// bottom edge the table under the finger scrolls.
///
/// A drag that stays in its table with a `.move` proposal to insert at the destination
/// reorders: the data source's `moveRowAt` is called (when its `canMoveRowAt` says
/// yes — Swift cannot see whether `moveRowAt` is implemented), not `performDropWith`, as
/// in UIKit.
extension UITableView {
    /// Starts drags from the rows (held weakly).
    public weak var dragDelegate: UITableViewDragDelegate? {
        get { dragAndDrop.dragDelegate }
        set { dragAndDrop.dragDelegate = newValue }
    }

    /// Takes drops on the table (held weakly).
    public weak var dropDelegate: UITableViewDropDelegate? {
        get { dragAndDrop.dropDelegate }
        set {
            dragAndDrop.dropDelegate = newValue
            if newValue == nil, dragAndDrop.target != nil { clearDropTarget(animated: false) }
        }
    }

    /// Whether a long press lifts a row for dragging. True by default on an iPad, false on
    /// a phone, as in UIKit (here: true when the table's traits are regular in width and
    /// height, as on an iPad profile); set it to drag on a phone.
    public var dragInteractionEnabled: Bool {
        get {
            dragAndDrop.interactionEnabled
                ?? (traitCollection.horizontalSizeClass == .regular && traitCollection.verticalSizeClass == .regular)
        }
        set { dragAndDrop.interactionEnabled = newValue }
    }

    /// Whether a drag of this table's rows is in progress.
    public var hasActiveDrag: Bool { dragAndDrop.source != nil }

    /// Whether a drag is over this table.
    public var hasActiveDrop: Bool { dragAndDrop.target != nil }

    /// Whether the rows on screen differ from the data source's: true while a drop over
    /// the table has moved rows aside to open a gap for it. Avoid `reloadData()` then (it
    /// closes the gap). Tabula shows no drop placeholders, so a gap is the only case.
    public var hasUncommittedUpdates: Bool { dragAndDrop.target?.gap != nil }

    // MARK: Lifting

    /// Whether a long press at `indexPath` may start a drag (asked as the press begins).
    func dragShouldBegin(at indexPath: IndexPath) -> Bool {
        guard dragInteractionEnabled, dragDelegate != nil, !editingState, dragAndDrop.source == nil,
              window?.activeDrag == nil, store.visible[indexPath] != nil else { return false }
        dragAndDrop.pressedRow = indexPath
        return true
    }

    /// The long press that found a draggable row: lift it, move it, drop it.
    /// Returns whether the press belonged to a drag.
    func handleDragPress(_ press: UILongPressGestureRecognizer) -> Bool {
        guard let window else { return false }
        // Stepped on a copy: moving or dropping the drag changes this view's drag state.
        var tracker = dragAndDrop.press
        let step = tracker.step(press, in: window, drag: dragAndDrop.source?.drag,
                                          draggable: dragAndDrop.pressedRow != nil,
                                          menuPending: interaction.contextMenuCandidate != nil)
        dragAndDrop.press = tracker
        switch step {
        case .none:
            if press.state != .began && press.state != .changed { dragAndDrop.pressedRow = nil }
            return false
        case .moved:
            if press.state == .changed { (window.activeDrag?.target as? UITableView)?.updateAutoscroll() }
        case .lift:
            beginDrag(at: press.location(in: window))
        case .liftFromMenu:
            dismissContextMenu(animated: false)
            beginDrag(at: press.location(in: window))
        }
        return true
    }

    private func beginDrag(at location: CGPoint) {
        guard let indexPath = dragAndDrop.pressedRow, let window, let delegate = dragDelegate else { return }
        dragAndDrop.pressedRow = nil
        guard let cell = cellForRow(at: indexPath) else { return }
        let session = DragDropSession(items: [], window: window, location: location, isLocal: true, allowsMove: true)
        let items = delegate.tableView(self, itemsForBeginning: session, at: indexPath)
        guard !items.isEmpty else { return }
        session.append(items)
        session.allowsMoveOperation = delegate.tableView(self, dragSessionAllowsMoveOperation: session)
        session.isRestrictedToDraggingApplication =
            delegate.tableView(self, dragSessionIsRestrictedToDraggingApplication: session)
        if cell.isHighlighted { cell.setHighlighted(false, animated: false) }
        let drag = DragPresentation.lift(session, from: cell, parameters: {
            delegate.tableView(self, dragPreviewParametersForRowAt: indexPath)
        }, source: self, window: window)
        dragAndDrop.source = .init(session: session, drag: drag, indexPath: indexPath, rowHeight: cell.bounds.height)
        delegate.tableView(self, dragSessionWillBegin: session)
        drag.move(to: location)
    }

    // MARK: The drop target's visuals

    /// The row hidden while its picture is dragged inside its own table with a gap open.
    var dragHiddenRow: IndexPath? {
        guard let gap = dragAndDrop.target?.gap else { return nil }
        return gap.source
    }

    /// How far a row is displaced by an open drop gap.
    func dropGapShift(for indexPath: IndexPath) -> CGFloat {
        dragAndDrop.target?.gap?.shift(for: indexPath) ?? 0
    }

    /// Puts the rows on screen where the gap (or its closing) has them, and shows or hides
    /// the dragged row.
    private func placeRowsAroundGap() {
        let hidden = dragHiddenRow
        for (indexPath, cell) in store.visible {
            cell.frame = displayedFrame(of: cell, row: indexPath.row, section: indexPath.section)
            cell.alpha = indexPath == hidden ? 0 : 1
        }
    }

    private func setGap(_ gap: DropGap?, into row: IndexPath?) {
        guard var target = dragAndDrop.target else { return }
        if target.intoRow != row {
            if let old = target.intoRow { store.visible[old]?.setHighlighted(false, animated: true) }
            if let row { store.visible[row]?.setHighlighted(true, animated: true) }
            target.intoRow = row
        }
        let changed = target.gap != gap
        target.gap = gap
        dragAndDrop.target = target
        if changed { UIView.animate(withDuration: 0.2) { self.placeRowsAroundGap() } }
    }

    private func clearDropTarget(animated: Bool) {
        guard let target = dragAndDrop.target else { return }
        target.autoscroll?.invalidate()
        if let row = target.intoRow { store.visible[row]?.setHighlighted(false, animated: animated) }
        let hadGap = target.gap != nil
        dragAndDrop.target = nil
        guard hadGap else { return }
        if animated {
            UIView.animate(withDuration: 0.2) { self.placeRowsAroundGap() }
        } else {
            placeRowsAroundGap()
        }
    }

    /// Where a row dropped at `point` (table coordinates) would be inserted: before the
    /// row under it when above that row's middle, after it otherwise; past the last row
    /// of the last section below all rows; nil when the table has no section. For a drag
    /// from this table the index counts rows after the dragged one is taken out.
    private func dropInsertionIndexPath(at point: CGPoint, source: IndexPath?) -> IndexPath? {
        let sections = numberOfSections
        guard sections > 0 else { return nil }
        guard let over = indexPathForRow(at: CGPoint(x: bounds.midX, y: point.y)) else {
            if point.y < 0 { return IndexPath(row: 0, section: 0) }
            // Below the rows, or on a header or footer: the end of the section there.
            let section = indexPathForSection(atY: point.y) ?? sections - 1
            let count = numberOfRows(inSection: section)
            let taken = source?.section == section ? 1 : 0
            return IndexPath(row: max(0, count - taken), section: section)
        }
        if let source, source.section == over.section {
            return over  // the dragged row's place moves to the row under the finger
        }
        let rect = rectForRow(at: over)
        return point.y > rect.midY ? IndexPath(row: over.row + 1, section: over.section) : over
    }

    /// The section whose span contains `y` (content coordinates).
    private func indexPathForSection(atY y: CGFloat) -> Int? {
        (0 ..< numberOfSections).first { rect(forSection: $0).minY <= y && y < rect(forSection: $0).maxY }
    }

    // MARK: Autoscroll

    /// Scrolls while the finger rests near the top or bottom edge during a drag over the table.
    func updateAutoscroll() {
        guard var target = dragAndDrop.target else { return }
        if autoscrollSpeed() == 0 {
            target.autoscroll?.invalidate()
            target.autoscroll = nil
        } else if target.autoscroll == nil {
            let link = CADisplayLink.heldByOwner { [weak self] _ in self?.autoscrollStep() }
            link.add(to: .main, forMode: .common)
            target.autoscroll = link
        }
        dragAndDrop.target = target
    }

    /// Points a frame to scroll: up to 12 at the very edge, nothing beyond 44 points from it.
    private func autoscrollSpeed() -> CGFloat {
        guard let session = dragAndDrop.target?.session else { return 0 }
        let y = session.location(in: self).y - contentOffset.y
        let top = adjustedContentInset.top, bottom = bounds.height - adjustedContentInset.bottom
        let zone: CGFloat = 44
        if y < top + zone, contentOffset.y > -adjustedContentInset.top {
            return -12 * min(1, (top + zone - y) / zone)
        }
        let maxOffset = contentSize.height + adjustedContentInset.bottom - bounds.height
        if y > bottom - zone, contentOffset.y < maxOffset {
            return 12 * min(1, (y - (bottom - zone)) / zone)
        }
        return 0
    }

    private func autoscrollStep() {
        let speed = autoscrollSpeed()
        guard speed != 0, let drag = window?.activeDrag else {
            dragAndDrop.target?.autoscroll?.invalidate()
            dragAndDrop.target?.autoscroll = nil
            return
        }
        let maxOffset = max(-adjustedContentInset.top, contentSize.height + adjustedContentInset.bottom - bounds.height)
        let y = min(max(contentOffset.y + speed, -adjustedContentInset.top), maxOffset)
        setContentOffset(CGPoint(x: contentOffset.x, y: y), animated: false)
        layoutIfNeeded()
        drag.retarget()
    }

    // MARK: Ending

    /// The dragged row's picture landed (or the drag was cancelled): the row shows again.
    private func finishDragSource(_ session: DragDropSession) {
        guard dragAndDrop.source?.session === session else { return }
        dragAndDrop.source = nil
        UIView.performWithoutAnimation { for cell in store.visible.values { cell.alpha = 1 } }
        dragDelegate?.tableView(self, dragSessionDidEnd: session)
    }

    /// Follows the dragged row through updates made while it is dragged.
    func remapDragSource(_ plan: UpdatePlan) {
        guard let row = dragAndDrop.source?.indexPath else { return }
        dragAndDrop.source?.indexPath = plan.fate(ofRow: row).newIndexPath
    }
}

extension UITableView: DragSourceView {
    package func dragSessionDidEnd(_ session: DragDropSession, operation: UIDropOperation) {
        finishDragSource(session)
    }

    package func cancelledDragReturnFrame(_ session: DragDropSession) -> CGRect? {
        guard let source = dragAndDrop.source, source.session === session, let window,
              let row = source.indexPath, validRow(row) else { return nil }
        let rect = rectForRow(at: row)
        guard rect.intersects(bounds) else { return nil }
        return convert(rect, to: window)
    }
}

extension UITableView: DropTargetView {
    package var acceptsDrops: Bool { dropDelegate != nil }

    package func dropSessionDidEnter(_ session: DragDropSession) -> Bool {
        guard let delegate = dropDelegate, delegate.tableView(self, canHandle: session) else { return false }
        dragAndDrop.target = .init(session: session, proposal: UITableViewDropProposal(operation: .cancel))
        delegate.tableView(self, dropSessionDidEnter: session)
        return true
    }

    package func dropSessionDidUpdate(_ session: DragDropSession) -> UIDropOperation {
        guard let delegate = dropDelegate, dragAndDrop.target?.session === session else { return .cancel }
        let point = session.location(in: self)
        let local = dragAndDrop.source?.session === session ? dragAndDrop.source : nil
        let destination = dropInsertionIndexPath(at: point, source: local?.indexPath)
        let proposal = delegate.tableView(self, dropSessionDidUpdate: session, withDestinationIndexPath: destination)
        guard dragAndDrop.target != nil else { return .cancel }  // the delegate cleared it
        dragAndDrop.target?.proposal = proposal
        dragAndDrop.target?.destination = destination
        let dropping = proposal.operation == .copy || proposal.operation == .move
        var intent = proposal.intent
        let over = indexPathForRow(at: point)
        if intent == .automatic {
            if let over {
                let rect = rectForRow(at: over)
                intent = abs(point.y - rect.midY) < rect.height / 4 ? .insertIntoDestinationIndexPath : .insertAtDestinationIndexPath
            } else {
                intent = .insertAtDestinationIndexPath
            }
        }
        if intent == .insertIntoDestinationIndexPath { dragAndDrop.target?.destination = over }
        let height = local?.rowHeight ?? (session.isLocal ? session.window?.activeDrag?.previewFrame.height : nil)
            .map { $0 / DragPresentation.liftScale } ?? estimatedRowHeightForDrop
        let gap = dropping && intent == .insertAtDestinationIndexPath
            ? destination.map { DropGap(source: local?.indexPath, target: $0, height: height) } : nil
        setGap(gap, into: dropping && intent == .insertIntoDestinationIndexPath ? over : nil)
        updateAutoscroll()
        return proposal.operation
    }

    private var estimatedRowHeightForDrop: CGFloat {
        rowHeight > 0 && rowHeight.isFinite ? rowHeight : 44
    }

    package func dropSessionDidExit(_ session: DragDropSession) {
        guard dragAndDrop.target?.session === session else { return }
        clearDropTarget(animated: true)
        dropDelegate?.tableView(self, dropSessionDidExit: session)
    }

    package func dropSessionDidEnd(_ session: DragDropSession) {
        if dragAndDrop.target?.session === session { clearDropTarget(animated: false) }
        dropDelegate?.tableView(self, dropSessionDidEnd: session)
    }

    package func performDrop(_ session: DragDropSession, operation: UIDropOperation, drag: DragPresentation) {
        guard let target = dragAndDrop.target, target.session === session, let delegate = dropDelegate else {
            drag.dissolve(animator: nil)
            return
        }
        let local = dragAndDrop.source?.session === session ? dragAndDrop.source : nil
        if let row = local?.indexPath, operation == .move, target.proposal.intent != .insertIntoDestinationIndexPath,
           let destination = target.destination, session.items.count == 1, validRow(row),
           dataSource?.tableView(self, canMoveRowAt: row) ?? false {
            reorderByDrop(from: row, to: destination, drag: drag)
            return
        }
        // The gap closes as the delegate inserts the rows: the update animates from it.
        if let row = target.intoRow { store.visible[row]?.setHighlighted(false, animated: true) }
        dragAndDrop.target?.intoRow = nil
        dragAndDrop.target?.gap = nil
        let coordinator = TableDropCoordinator(
            items: session.items.enumerated().map { index, item in
                TableDropItem(dragItem: item, sourceIndexPath: index == 0 ? local?.indexPath : nil,
                              previewSize: index == 0 ? drag.previewFrame.size : .zero)
            },
            destinationIndexPath: target.destination, proposal: target.proposal, session: session)
        delegate.tableView(self, performDropWith: coordinator)
        layoutIfNeeded()
        if let source = dragAndDrop.source, source.session === session {
            // The dragged row (followed through the delegate's updates) stays hidden until
            // its picture lands on it; the rest show.
            var landing: IndexPath?
            if case .row(let row)? = coordinator.placements.first(where: { $0.item === session.items.first })?.place,
               row == source.indexPath { landing = row }
            UIView.performWithoutAnimation {
                for (indexPath, cell) in store.visible { cell.alpha = indexPath == landing ? 0 : 1 }
            }
            if let landing { hideUnderLandingPicture(landing) }
        }
        land(coordinator, drag: drag)
    }

    /// A drag inside the table with a move proposal: the data source moves the row and the
    /// rows slide from where the gap had them while the picture lands on the row.
    private func reorderByDrop(from source: IndexPath, to destination: IndexPath, drag: DragPresentation) {
        var target = destination
        let count = numberOfRows(inSection: target.section) - (source.section == target.section ? 1 : 0)
        target.row = min(max(0, target.row), max(0, count))
        target = tableDelegate?.tableView(self, targetIndexPathForMoveFromRowAt: source, toProposedIndexPath: target) ?? target
        guard target != source else {
            dragAndDrop.target?.gap = nil
            UIView.animate(withDuration: 0.2) { self.placeRowsAroundGap() }
            drag.settle(to: rectForRow(at: source), in: self, animator: nil)
            return
        }
        dataSource?.tableView(self, moveRowAt: source, to: target)
        dragAndDrop.target?.gap = nil
        // The source row stays hidden until its picture lands on it.
        dragAndDrop.source?.indexPath = target
        beginUpdates()
        moveRow(at: source, to: target)
        endUpdates()
        layoutIfNeeded()
        // Hidden until its picture lands on it (the drag's end shows every row).
        hideUnderLandingPicture(target)
        drag.settle(to: rectForRow(at: target), in: self, animator: nil)
    }

    /// Hides the row the picture lands on until it has landed. Its cell's running update
    /// animations go too (an opacity animation would show a fading ghost of it sliding
    /// under the picture); hidden, it stands at its new place at once.
    private func hideUnderLandingPicture(_ indexPath: IndexPath) {
        guard let cell = store.visible[indexPath] else { return }
        cell.layer.removeAllAnimations()
        UIView.performWithoutAnimation { cell.alpha = 0 }
    }

    /// Lands the first item's picture (the one the drag shows) where the delegate dropped
    /// it, or dissolves it where it is; the other items' animators finish at once.
    private func land(_ coordinator: TableDropCoordinator, drag: DragPresentation) {
        let first = coordinator.items.first?.dragItem
        var landed = false
        for placement in coordinator.placements {
            let animator = placement.animator
            guard placement.item === first, !landed else {
                animator.finish()
                continue
            }
            landed = true
            switch placement.place {
            case .row(let indexPath) where validRow(indexPath):
                drag.settle(to: rectForRow(at: indexPath), in: self, animator: animator)
            case .into(let indexPath, let rect) where validRow(indexPath):
                let row = rectForRow(at: indexPath)
                drag.settle(to: rect.offsetBy(dx: row.minX, dy: row.minY), in: self, animator: animator)
            case .target(let target):
                let size = drag.previewFrame.size
                drag.settle(to: CGRect(x: target.center.x - size.width / 2, y: target.center.y - size.height / 2,
                                       width: size.width, height: size.height), in: target.container, animator: animator)
            default:
                drag.dissolve(animator: animator)
            }
        }
        if !landed { drag.dissolve(animator: nil) }
    }

    func validRow(_ indexPath: IndexPath) -> Bool {
        indexPath.section >= 0 && indexPath.section < numberOfSections
            && indexPath.row >= 0 && indexPath.row < numberOfRows(inSection: indexPath.section)
    }
}

/// One item of a drop, as the drop delegate sees it.
@MainActor
final class TableDropItem: UITableViewDropItem {
    let dragItem: UIDragItem
    let sourceIndexPath: IndexPath?
    let previewSize: CGSize

    init(dragItem: UIDragItem, sourceIndexPath: IndexPath?, previewSize: CGSize) {
        self.dragItem = dragItem
        self.sourceIndexPath = sourceIndexPath
        self.previewSize = previewSize
    }
}

/// The coordinator a drop delegate is given: it records where each item was dropped.
@MainActor
final class TableDropCoordinator: UITableViewDropCoordinator {
    enum Place {
        case row(IndexPath)
        case into(IndexPath, CGRect)
        case target(UIDragPreviewTarget)
    }

    struct Placement {
        let item: UIDragItem
        let place: Place
        let animator: DragAnimator
    }

    let items: [any UITableViewDropItem]
    let destinationIndexPath: IndexPath?
    let proposal: UITableViewDropProposal
    let session: any UIDropSession
    private(set) var placements: [Placement] = []

    init(items: [any UITableViewDropItem], destinationIndexPath: IndexPath?, proposal: UITableViewDropProposal,
         session: any UIDropSession) {
        self.items = items
        self.destinationIndexPath = destinationIndexPath
        self.proposal = proposal
        self.session = session
    }

    private func place(_ item: UIDragItem, _ place: Place) -> any UIDragAnimating {
        let animator = DragAnimator()
        placements.removeAll { $0.item === item }
        placements.append(Placement(item: item, place: place, animator: animator))
        return animator
    }

    @discardableResult
    func drop(_ dragItem: UIDragItem, toRowAt indexPath: IndexPath) -> any UIDragAnimating {
        place(dragItem, .row(indexPath))
    }

    @discardableResult
    func drop(_ dragItem: UIDragItem, intoRowAt indexPath: IndexPath, rect: CGRect) -> any UIDragAnimating {
        place(dragItem, .into(indexPath, rect))
    }

    @discardableResult
    func drop(_ dragItem: UIDragItem, to target: UIDragPreviewTarget) -> any UIDragAnimating {
        place(dragItem, .target(target))
    }
}
