import Foundation
import TabulaUIKit

/// Starts drags from a collection view's items, as UIKit's `UICollectionViewDragDelegate`.
/// Only ``collectionView(_:itemsForBeginning:at:)`` is required.
@preconcurrency @MainActor
public protocol UICollectionViewDragDelegate: AnyObject {
    /// The items a drag of the item at `indexPath` carries; none means it cannot be dragged.
    func collectionView(_ collectionView: UICollectionView, itemsForBeginning session: any UIDragSession,
                        at indexPath: IndexPath) -> [UIDragItem]
    /// Items to add to a drag in progress when another item is tapped (none by default; never asked here).
    func collectionView(_ collectionView: UICollectionView, itemsForAddingTo session: any UIDragSession,
                        at indexPath: IndexPath, point: CGPoint) -> [UIDragItem]
    /// How the lifted item looks (nil: the whole cell, rounded).
    func collectionView(_ collectionView: UICollectionView,
                        dragPreviewParametersForItemAt indexPath: IndexPath) -> UIDragPreviewParameters?
    /// The drag has lifted and is about to move.
    func collectionView(_ collectionView: UICollectionView, dragSessionWillBegin session: any UIDragSession)
    /// The drag is over.
    func collectionView(_ collectionView: UICollectionView, dragSessionDidEnd session: any UIDragSession)
    /// Whether a drop may move the items (true by default).
    func collectionView(_ collectionView: UICollectionView, dragSessionAllowsMoveOperation session: any UIDragSession) -> Bool
    /// Whether the drag must stay in the app (false by default; it always does here).
    func collectionView(_ collectionView: UICollectionView,
                        dragSessionIsRestrictedToDraggingApplication session: any UIDragSession) -> Bool
}

extension UICollectionViewDragDelegate {
    /// None.
    public func collectionView(_ collectionView: UICollectionView, itemsForAddingTo session: any UIDragSession,
                               at indexPath: IndexPath, point: CGPoint) -> [UIDragItem] { [] }
    /// Nil.
    public func collectionView(_ collectionView: UICollectionView,
                               dragPreviewParametersForItemAt indexPath: IndexPath) -> UIDragPreviewParameters? { nil }
    /// Does nothing.
    public func collectionView(_ collectionView: UICollectionView, dragSessionWillBegin session: any UIDragSession) {}
    /// Does nothing.
    public func collectionView(_ collectionView: UICollectionView, dragSessionDidEnd session: any UIDragSession) {}
    /// True.
    public func collectionView(_ collectionView: UICollectionView,
                               dragSessionAllowsMoveOperation session: any UIDragSession) -> Bool { true }
    /// False.
    public func collectionView(_ collectionView: UICollectionView,
                               dragSessionIsRestrictedToDraggingApplication session: any UIDragSession) -> Bool { false }
}

/// Takes drops on a collection view, as UIKit's `UICollectionViewDropDelegate`. Only
/// ``collectionView(_:performDropWith:)`` is required; without a proposal of `.copy` or
/// `.move` (the default is `.cancel`, as in UIKit) nothing drops.
@preconcurrency @MainActor
public protocol UICollectionViewDropDelegate: AnyObject {
    /// Take the dropped items: update the model and insert the items, then tell the
    /// coordinator where each went so that its picture lands there.
    func collectionView(_ collectionView: UICollectionView, performDropWith coordinator: any UICollectionViewDropCoordinator)
    /// Whether the collection view can take the session's items (true by default).
    func collectionView(_ collectionView: UICollectionView, canHandle session: any UIDropSession) -> Bool
    /// The drag came over the collection view.
    func collectionView(_ collectionView: UICollectionView, dropSessionDidEnter session: any UIDropSession)
    /// What a drop at the finger would do; `destinationIndexPath` is where an item
    /// inserted there would go. `.cancel` by default.
    func collectionView(_ collectionView: UICollectionView, dropSessionDidUpdate session: any UIDropSession,
                        withDestinationIndexPath destinationIndexPath: IndexPath?) -> UICollectionViewDropProposal
    /// The drag left the collection view.
    func collectionView(_ collectionView: UICollectionView, dropSessionDidExit session: any UIDropSession)
    /// The drag that came over the collection view is over.
    func collectionView(_ collectionView: UICollectionView, dropSessionDidEnd session: any UIDropSession)
    /// How the item a dropped picture lands in looks (nil by default).
    func collectionView(_ collectionView: UICollectionView,
                        dropPreviewParametersForItemAt indexPath: IndexPath) -> UIDragPreviewParameters?
}

extension UICollectionViewDropDelegate {
    /// True.
    public func collectionView(_ collectionView: UICollectionView, canHandle session: any UIDropSession) -> Bool { true }
    /// Does nothing.
    public func collectionView(_ collectionView: UICollectionView, dropSessionDidEnter session: any UIDropSession) {}
    /// `.cancel`: nothing drops (UIKit's default).
    public func collectionView(_ collectionView: UICollectionView, dropSessionDidUpdate session: any UIDropSession,
                               withDestinationIndexPath destinationIndexPath: IndexPath?) -> UICollectionViewDropProposal {
        UICollectionViewDropProposal(operation: .cancel)
    }
    /// Does nothing.
    public func collectionView(_ collectionView: UICollectionView, dropSessionDidExit session: any UIDropSession) {}
    /// Does nothing.
    public func collectionView(_ collectionView: UICollectionView, dropSessionDidEnd session: any UIDropSession) {}
    /// Nil.
    public func collectionView(_ collectionView: UICollectionView,
                               dropPreviewParametersForItemAt indexPath: IndexPath) -> UIDragPreviewParameters? { nil }
}

/// How a collection view would take a drop, as UIKit's `UICollectionViewDropProposal`.
@preconcurrency @MainActor
open class UICollectionViewDropProposal: UIDropProposal {
    /// Where a drop goes relative to the destination item.
    public enum Intent: Int, Sendable {
        /// Nothing special is shown; the delegate decides.
        case unspecified = 0
        /// New items go at the destination.
        case insertAtDestinationIndexPath = 1
        /// The items go into the item at the destination (a folder): it highlights.
        case insertIntoDestinationIndexPath = 2
    }

    /// Where the items go.
    public let intent: Intent

    /// A proposal to do `operation`, going where `intent` says.
    public init(operation: UIDropOperation, intent: Intent) {
        self.intent = intent
        super.init(operation: operation)
    }

    /// A proposal to do `operation`, with no particular place.
    public override init(operation: UIDropOperation) {
        self.intent = .unspecified
        super.init(operation: operation)
    }
}

/// One item of a drop on a collection view, as UIKit's `UICollectionViewDropItem`.
@preconcurrency @MainActor
public protocol UICollectionViewDropItem: AnyObject {
    /// The dragged item.
    var dragItem: UIDragItem { get }
    /// The item it was dragged from, when that is in this collection view.
    var sourceIndexPath: IndexPath? { get }
    /// The size of its picture.
    var previewSize: CGSize { get }
}

/// What a collection view's drop delegate is given to take a drop, as UIKit's
/// `UICollectionViewDropCoordinator`.
@preconcurrency @MainActor
public protocol UICollectionViewDropCoordinator: AnyObject {
    /// The dropped items.
    var items: [any UICollectionViewDropItem] { get }
    /// Where the drop goes; nil over no item.
    var destinationIndexPath: IndexPath? { get }
    /// The delegate's last proposal.
    var proposal: UICollectionViewDropProposal { get }
    /// The drop session.
    var session: any UIDropSession { get }
    /// Lands `dragItem`'s picture on the item at `indexPath`.
    @discardableResult
    func drop(_ dragItem: UIDragItem, toItemAt indexPath: IndexPath) -> any UIDragAnimating
    /// Lands `dragItem`'s picture in `rect` of the item at `indexPath`.
    @discardableResult
    func drop(_ dragItem: UIDragItem, intoItemAt indexPath: IndexPath, rect: CGRect) -> any UIDragAnimating
    /// Lands `dragItem`'s picture at `target`.
    @discardableResult
    func drop(_ dragItem: UIDragItem, to target: UIDragPreviewTarget) -> any UIDragAnimating
}

/// A collection view's drag and drop: its delegates and the drag it is the source or target of.
struct CollectionDragAndDrop {
    weak var dragDelegate: UICollectionViewDragDelegate?
    weak var dropDelegate: UICollectionViewDropDelegate?
    var interactionEnabled: Bool?
    var pressedItem: IndexPath?
    var press = DragPress()
    var source: (session: DragDropSession, indexPath: IndexPath?, drag: DragPresentation)?
    var target: (session: DragDropSession, proposal: UICollectionViewDropProposal, destination: IndexPath?, into: IndexPath?)?
}

/// Drag and drop of items, as UIKit's collection view has it (iOS 11), on the table's
/// machinery: a long press lifts an item whose drag delegate gives items (out of its
/// context menu when it has one), its picture follows the finger over the window, the
/// view under it asks its drop delegate, and the drop lands the picture where the items
/// went. A drag inside the view proposing `.move` to insert at the destination calls the
/// data source's `moveItemAt` (when `canMoveItemAt` says yes), as in UIKit.
///
/// The view scrolls while the finger is held near an edge it can scroll toward. A drag of
/// the view's own item that proposes `.move` at the destination index path opens a gap
/// there as the finger moves, the other items stepping aside (the interactive movement's
/// machinery), and the drop moves the item into it. A drop from elsewhere opens no gap:
/// the items move when the drop inserts them.
extension UICollectionView {
    /// Starts drags from the items (held weakly).
    public weak var dragDelegate: UICollectionViewDragDelegate? {
        get { dragAndDrop.dragDelegate }
        set { dragAndDrop.dragDelegate = newValue }
    }

    /// Takes drops (held weakly).
    public weak var dropDelegate: UICollectionViewDropDelegate? {
        get { dragAndDrop.dropDelegate }
        set { dragAndDrop.dropDelegate = newValue }
    }

    /// Whether a long press lifts an item for dragging: false by default on a phone, true
    /// on an iPad profile (regular width and height), as in UIKit.
    public var dragInteractionEnabled: Bool {
        get {
            dragAndDrop.interactionEnabled
                ?? (traitCollection.horizontalSizeClass == .regular && traitCollection.verticalSizeClass == .regular)
        }
        set { dragAndDrop.interactionEnabled = newValue }
    }

    /// Whether a drag of this view's items is in progress.
    public var hasActiveDrag: Bool { dragAndDrop.source != nil }
    /// Whether a drag is over this view.
    public var hasActiveDrop: Bool { dragAndDrop.target != nil }

    /// Whether the items on screen differ from the data source's: true while a drop of
    /// one of this view's own items has moved the others aside to open a gap for it. Avoid
    /// reloading then (it closes the gap). Tabula shows no drop placeholders, so a gap is
    /// the only case.
    public var hasUncommittedUpdates: Bool { interactiveMovement?.leavesGap == true }

    /// Whether a long press at `point` may start a drag (asked as the press begins).
    func dragShouldBegin(at point: CGPoint) -> Bool {
        dragAndDrop.pressedItem = nil
        guard dragInteractionEnabled, dragDelegate != nil, !isEditing, dragAndDrop.source == nil,
              window?.activeDrag == nil, let path = indexPathForItem(at: point), store.cells[path] != nil else { return false }
        dragAndDrop.pressedItem = path
        return true
    }

    /// The long press, as a drag: lift, move, drop. Returns whether the press belonged to a drag.
    func handleDragPress(_ press: UIGestureRecognizer) -> Bool {
        guard let window else { return false }
        // Stepped on a copy: moving or dropping the drag changes this view's drag state.
        var tracker = dragAndDrop.press
        let step = tracker.step(press, in: window, drag: dragAndDrop.source?.drag,
                                          draggable: dragAndDrop.pressedItem != nil,
                                          menuPending: contextMenuCandidate != nil)
        dragAndDrop.press = tracker
        switch step {
        case .none:
            if press.state != .began && press.state != .changed { dragAndDrop.pressedItem = nil }
            return false
        case .moved:
            break
        case .lift:
            beginDrag(at: press.location(in: window))
        case .liftFromMenu:
            dismissContextMenu(animated: false)
            beginDrag(at: press.location(in: window))
        }
        return true
    }

    private func beginDrag(at location: CGPoint) {
        guard let path = dragAndDrop.pressedItem, let window, let delegate = dragDelegate else { return }
        dragAndDrop.pressedItem = nil
        guard let cell = store.cells[path] else { return }
        let session = DragDropSession(items: [], window: window, location: location, isLocal: true, allowsMove: true)
        let items = delegate.collectionView(self, itemsForBeginning: session, at: path)
        guard !items.isEmpty else { return }
        session.append(items)
        session.allowsMoveOperation = delegate.collectionView(self, dragSessionAllowsMoveOperation: session)
        session.isRestrictedToDraggingApplication =
            delegate.collectionView(self, dragSessionIsRestrictedToDraggingApplication: session)
        cancelItemTouch()
        let drag = DragPresentation.lift(session, from: cell, parameters: {
            delegate.collectionView(self, dragPreviewParametersForItemAt: path)
        }, source: self, window: window)
        dragAndDrop.source = (session, path, drag)
        delegate.collectionView(self, dragSessionWillBegin: session)
        drag.move(to: location)
    }

    /// The dragged item can no longer be followed (the data reloaded).
    func forgetDragSource() {
        dragAndDrop.source?.indexPath = nil
    }

    func validItem(_ path: IndexPath) -> Bool {
        path.section >= 0 && path.section < numberOfSections && path.item >= 0 && path.item < numberOfItems(inSection: path.section)
    }

    /// Where an item dropped at `point` would be inserted: before the item under it (after
    /// it past its middle along the line it stands in), at the end of the last section
    /// beyond the items; for a drag from this view, counted without the dragged item.
    private func dropInsertionIndexPath(at point: CGPoint, source: IndexPath?) -> IndexPath? {
        let sections = numberOfSections
        guard sections > 0 else { return nil }
        guard let over = indexPathForItem(at: point), let frame = layoutAttributesForItem(at: over)?.frame else {
            let section = sections - 1
            let taken = source?.section == section ? 1 : 0
            return IndexPath(item: max(0, numberOfItems(inSection: section) - taken), section: section)
        }
        if let source, source.section == over.section { return over }
        let alongLine = frame.width < bounds.width * 0.9 ? point.x > frame.midX : point.y > frame.midY
        return alongLine ? IndexPath(item: over.item + 1, section: over.section) : over
    }
}

extension UICollectionView: DragSourceView {
    package func dragSessionDidEnd(_ session: DragDropSession, operation: UIDropOperation) {
        guard dragAndDrop.source?.session === session else { return }
        dragAndDrop.source = nil
        dragDelegate?.collectionView(self, dragSessionDidEnd: session)
    }

    package func cancelledDragReturnFrame(_ session: DragDropSession) -> CGRect? {
        guard let source = dragAndDrop.source, source.session === session, let window, let path = source.indexPath,
              validItem(path), let frame = layoutAttributesForItem(at: path)?.frame, frame.intersects(bounds) else { return nil }
        return convert(frame, to: window)
    }
}

extension UICollectionView: DropTargetView {
    package var acceptsDrops: Bool { dropDelegate != nil }

    package func dropSessionDidEnter(_ session: DragDropSession) -> Bool {
        guard let delegate = dropDelegate, delegate.collectionView(self, canHandle: session) else { return false }
        dragAndDrop.target = (session, UICollectionViewDropProposal(operation: .cancel), nil, nil)
        delegate.collectionView(self, dropSessionDidEnter: session)
        return true
    }

    package func dropSessionDidUpdate(_ session: DragDropSession) -> UIDropOperation {
        guard let delegate = dropDelegate, dragAndDrop.target?.session === session else { return .cancel }
        let point = session.location(in: self)
        let local = dragAndDrop.source?.session === session ? dragAndDrop.source?.indexPath : nil
        let destination = dropInsertionIndexPath(at: point, source: local)
        let proposal = delegate.collectionView(self, dropSessionDidUpdate: session, withDestinationIndexPath: destination)
        guard dragAndDrop.target != nil else { return .cancel }
        let dropping = proposal.operation == .copy || proposal.operation == .move
        let over = indexPathForItem(at: point)
        let into = dropping && proposal.intent == .insertIntoDestinationIndexPath ? over : nil
        if into != dragAndDrop.target?.into {
            if let old = dragAndDrop.target?.into { store.cells[old]?.isHighlighted = false }
            if let into { store.cells[into]?.isHighlighted = true }
        }
        dragAndDrop.target = (session, proposal, proposal.intent == .insertIntoDestinationIndexPath ? over : destination, into)
        // A move of this view's own item opens a gap at the destination, the others stepping aside.
        if let local, proposal.operation == .move, proposal.intent == .insertAtDestinationIndexPath, let destination,
           session.items.count == 1 {
            showDragMovement(of: local, to: destination)
        } else {
            closeDragMovementGap()
        }
        updateEdgeAutoscroll()
        return proposal.operation
    }

    private func clearDropTarget() {
        if let into = dragAndDrop.target?.into { store.cells[into]?.isHighlighted = false }
        dragAndDrop.target = nil
        stopEdgeAutoscroll()
    }

    package func dropSessionDidExit(_ session: DragDropSession) {
        guard dragAndDrop.target?.session === session else { return }
        closeDragMovementGap()
        clearDropTarget()
        dropDelegate?.collectionView(self, dropSessionDidExit: session)
    }

    package func dropSessionDidEnd(_ session: DragDropSession) {
        if dragAndDrop.target?.session === session {
            closeDragMovementGap()
            clearDropTarget()
        }
        dropDelegate?.collectionView(self, dropSessionDidEnd: session)
    }

    package func performDrop(_ session: DragDropSession, operation: UIDropOperation, drag: DragPresentation) {
        guard let target = dragAndDrop.target, target.session === session, let delegate = dropDelegate else {
            drag.dissolve(animator: nil)
            return
        }
        if let into = target.into { store.cells[into]?.isHighlighted = false }
        let local = dragAndDrop.source?.session === session ? dragAndDrop.source?.indexPath : nil
        if interactiveMovement?.leavesGap == true {
            if operation == .move, target.proposal.intent == .insertAtDestinationIndexPath, let landed = finishDragMovement() {
                dragAndDrop.source?.indexPath = landed
                settle(drag, at: landed, animator: nil)
                return
            }
            UIView.performWithoutAnimation { closeDragMovementGap() }
        }
        if let source = local, validItem(source), operation == .move, target.proposal.intent != .insertIntoDestinationIndexPath,
           var destination = target.destination, session.items.count == 1,
           dataSource?.collectionView(self, canMoveItemAt: source) ?? false {
            let count = numberOfItems(inSection: destination.section) - (source.section == destination.section ? 1 : 0)
            destination.item = min(max(0, destination.item), max(0, count))
            if destination != source {
                dataSource?.collectionView(self, moveItemAt: source, to: destination)
                dragAndDrop.source?.indexPath = destination
                moveItem(at: source, to: destination)
            }
            layoutIfNeeded()
            settle(drag, at: destination, animator: nil)
            return
        }
        let coordinator = CollectionDropCoordinator(
            items: session.items.enumerated().map { index, item in
                CollectionDropItem(dragItem: item, sourceIndexPath: index == 0 ? local : nil,
                                   previewSize: index == 0 ? drag.previewFrame.size : .zero)
            },
            destinationIndexPath: target.destination, proposal: target.proposal, session: session)
        delegate.collectionView(self, performDropWith: coordinator)
        layoutIfNeeded()
        let first = session.items.first
        var landed = false
        for placement in coordinator.placements {
            guard placement.item === first, !landed else {
                placement.animator.finish()
                continue
            }
            landed = true
            switch placement.place {
            case .item(let path):
                settle(drag, at: path, animator: placement.animator)
            case .into(let path, let rect):
                if validItem(path), let frame = layoutAttributesForItem(at: path)?.frame {
                    drag.settle(to: rect.offsetBy(dx: frame.minX, dy: frame.minY), in: self, animator: placement.animator)
                } else {
                    drag.dissolve(animator: placement.animator)
                }
            case .target(let target):
                let size = drag.previewFrame.size
                drag.settle(to: CGRect(x: target.center.x - size.width / 2, y: target.center.y - size.height / 2,
                                       width: size.width, height: size.height), in: target.container, animator: placement.animator)
            }
        }
        if !landed { drag.dissolve(animator: nil) }
    }

    /// Lands the picture on the item at `path` (dissolves it when there is none).
    private func settle(_ drag: DragPresentation, at path: IndexPath, animator: DragAnimator?) {
        guard validItem(path), let frame = layoutAttributesForItem(at: path)?.frame else {
            drag.dissolve(animator: animator)
            return
        }
        drag.settle(to: frame, in: self, animator: animator)
    }
}

/// One item of a drop on a collection view.
@MainActor
final class CollectionDropItem: UICollectionViewDropItem {
    let dragItem: UIDragItem
    let sourceIndexPath: IndexPath?
    let previewSize: CGSize
    init(dragItem: UIDragItem, sourceIndexPath: IndexPath?, previewSize: CGSize) {
        self.dragItem = dragItem
        self.sourceIndexPath = sourceIndexPath
        self.previewSize = previewSize
    }
}

/// The coordinator a collection view's drop delegate is given: it records where each item went.
@MainActor
final class CollectionDropCoordinator: UICollectionViewDropCoordinator {
    enum Place {
        case item(IndexPath)
        case into(IndexPath, CGRect)
        case target(UIDragPreviewTarget)
    }

    let items: [any UICollectionViewDropItem]
    let destinationIndexPath: IndexPath?
    let proposal: UICollectionViewDropProposal
    let session: any UIDropSession
    private(set) var placements: [(item: UIDragItem, place: Place, animator: DragAnimator)] = []

    init(items: [any UICollectionViewDropItem], destinationIndexPath: IndexPath?,
         proposal: UICollectionViewDropProposal, session: any UIDropSession) {
        self.items = items
        self.destinationIndexPath = destinationIndexPath
        self.proposal = proposal
        self.session = session
    }

    private func place(_ item: UIDragItem, _ place: Place) -> any UIDragAnimating {
        let animator = DragAnimator()
        placements.removeAll { $0.item === item }
        placements.append((item, place, animator))
        return animator
    }

    @discardableResult
    func drop(_ dragItem: UIDragItem, toItemAt indexPath: IndexPath) -> any UIDragAnimating { place(dragItem, .item(indexPath)) }
    @discardableResult
    func drop(_ dragItem: UIDragItem, intoItemAt indexPath: IndexPath, rect: CGRect) -> any UIDragAnimating {
        place(dragItem, .into(indexPath, rect))
    }
    @discardableResult
    func drop(_ dragItem: UIDragItem, to target: UIDragPreviewTarget) -> any UIDragAnimating { place(dragItem, .target(target)) }
}
