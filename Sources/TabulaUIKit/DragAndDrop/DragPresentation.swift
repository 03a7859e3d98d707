import Foundation

/// A view that takes drops (a table with a drop delegate): the drag asks it as the finger
/// enters it, moves over it, leaves it and lifts over it.
@MainActor
package protocol DropTargetView: UIView {
    /// Whether the view takes drops at all now (it has a drop delegate).
    var acceptsDrops: Bool { get }
    /// The finger came over the view: whether it can handle the session (asked once per entry).
    func dropSessionDidEnter(_ session: DragDropSession) -> Bool
    /// The finger moved over the view: what a drop here would do.
    func dropSessionDidUpdate(_ session: DragDropSession) -> UIDropOperation
    /// The finger left the view, or the drag ended over it without dropping.
    func dropSessionDidExit(_ session: DragDropSession)
    /// The finger lifted over the view with an operation to do: take the items. The view
    /// animates `drag`'s preview to where they land (``DragPresentation/settle(to:in:animator:)``).
    func performDrop(_ session: DragDropSession, operation: UIDropOperation, drag: DragPresentation)
    /// The drag that entered the view is over (told once, to every view it entered).
    func dropSessionDidEnd(_ session: DragDropSession)
}

/// The view a drag began in (a table): told when the drag begins and ends, and asked
/// where a preview that nobody took goes back to.
@MainActor
package protocol DragSourceView: AnyObject {
    /// The drag is over; `operation` is what the drop did (`.cancel` when nothing took it).
    func dragSessionDidEnd(_ session: DragDropSession, operation: UIDropOperation)
    /// Where the previews return when nothing takes the drop, in window coordinates.
    func cancelledDragReturnFrame(_ session: DragDropSession) -> CGRect?
}

/// A drag on screen: the lifted preview that follows the finger, above everything in the
/// window, and the view under it that is asked about the drop.
///
/// The preview is the source's picture (a row's, with rounded corners and a shadow),
/// lifted a little (1.02×) as the drag begins. On the drop the view under the finger
/// animates it to where the item lands (``settle(to:in:animator:)``), or it shrinks and
/// fades where it is; when nobody takes the drop it flies back to where it came from.
@MainActor
package final class DragPresentation: UIView {
    package let session: DragDropSession
    private weak var source: DragSourceView?
    private let preview = UIView(frame: .zero)
    private let clip = UIView(frame: .zero)
    /// The finger's offset from the preview's centre, kept as it moves.
    private var grabOffset = CGSize.zero
    package private(set) weak var target: DropTargetView?
    /// Every view the drag entered, told when it ends.
    private var entered: [WeakDropTarget] = []
    package private(set) var operation = UIDropOperation.cancel
    private(set) var isEnded = false
    /// Previews still flying after the drop; the drag ends when none is left.
    private var settling = 0

    package static let liftScale: CGFloat = 1.02
    package static let cornerRadius: CGFloat = 10

    /// The drag on screen in `window`, if one is.
    package static func current(in window: UIWindow?) -> DragPresentation? { window?.activeDrag }

    /// Lifts `picture` (shown at `frame`, window coordinates) and starts the drag.
    package init(session: DragDropSession, source: DragSourceView?, picture: UIView?, frame: CGRect,
                 parameters: UIPreviewParameters?, window: UIWindow) {
        self.session = session
        self.source = source
        super.init(frame: window.bounds)
        autoresizingMask = [.flexibleWidth, .flexibleHeight]
        isUserInteractionEnabled = false
        isOpaque = false
        isAccessibilityElement = false
        if let picture {
            preview.bounds = CGRect(origin: .zero, size: frame.size)
            preview.center = CGPoint(x: frame.midX, y: frame.midY)
            let visible = parameters?.visiblePath?.bounds ?? CGRect(origin: .zero, size: frame.size)
            preview.layer.shadowPath = parameters?.shadowPath?.cgPath
                ?? Path(roundedRect: visible, cornerRadius: Self.cornerRadius)
            preview.layer.shadowColor = UIColor.black.cgColor
            preview.layer.shadowOpacity = 0
            preview.layer.shadowRadius = 12
            preview.layer.shadowOffset = CGSize(width: 0, height: 4)
            clip.frame = visible
            clip.layer.cornerRadius = parameters?.visiblePath == nil ? Self.cornerRadius : 0
            clip.clipsToBounds = true
            clip.backgroundColor = parameters?.backgroundColor ?? .systemBackground
            picture.frame = CGRect(origin: CGPoint(x: -visible.minX, y: -visible.minY), size: picture.bounds.size)
            clip.addSubview(picture)
            preview.addSubview(clip)
            addSubview(preview)
        }
        grabOffset = CGSize(width: session.windowLocation.x - frame.midX, height: session.windowLocation.y - frame.midY)
        window.addSubview(self)
        window.activeDrag = self
    }

    required init?(coder: NSCoder) { nil }

    /// The preview lifts: grows a little and casts its shadow.
    package func animateLift() {
        UIView.animate(withDuration: 0.2) {
            self.preview.transform = CGAffineTransform(scaleX: Self.liftScale, y: Self.liftScale)
            self.preview.layer.shadowOpacity = 0.25
        }
    }

    /// The picture being dragged, in window coordinates (for tests and drops).
    package var previewFrame: CGRect { preview.frame }
    /// Whether the preview shows.
    package var hasPreview: Bool { preview.superview != nil && preview.alpha > 0.01 }

    // MARK: Moving

    /// The finger moved to `point` (window coordinates): the preview follows and the view
    /// under the finger is asked what a drop there would do.
    package func move(to point: CGPoint) {
        guard !isEnded else { return }
        session.windowLocation = point
        UIView.performWithoutAnimation {
            preview.center = CGPoint(x: point.x - grabOffset.width, y: point.y - grabOffset.height)
        }
        retarget()
    }

    /// Asks the view under the finger again (after the content under a still finger moved).
    package func retarget() {
        guard !isEnded, let window else { return }
        let found = Self.dropTarget(at: session.windowLocation, in: window)
        if found !== target {
            target?.dropSessionDidExit(session)
            target = nil
            operation = .cancel
            if let found, found.dropSessionDidEnter(session) {
                target = found
                if !entered.contains(where: { $0.target === found }) { entered.append(WeakDropTarget(target: found)) }
            }
        }
        operation = target.map { $0.dropSessionDidUpdate(session) } ?? .cancel
        if operation == .move && !session.allowsMoveOperation { operation = .copy }
    }

    /// The innermost view under `point` (window coordinates) that takes drops.
    static func dropTarget(at point: CGPoint, in window: UIWindow) -> DropTargetView? {
        var view = window.hitTest(point, with: nil)
        while let current = view {
            if let target = current as? DropTargetView, target.acceptsDrops { return target }
            view = current.superview
        }
        return nil
    }

    // MARK: Ending

    /// The finger lifted: the view under it takes the drop when it proposed copy or move;
    /// otherwise the preview flies back and the drag ends.
    package func drop() {
        guard !isEnded else { return }
        // The view under the finger is asked once more: what is under a still finger may
        // have changed since it last moved (rows reloaded, inserted or deleted).
        retarget()
        isEnded = true
        window?.activeDrag = nil
        if let target, operation == .copy || operation == .move {
            settling += 1
            target.performDrop(session, operation: operation, drag: self)
            endEntered()
            itemSettled()
        } else {
            target?.dropSessionDidExit(session)
            endEntered()
            operation = .cancel
            flyBack()
        }
    }

    private func endEntered() {
        let views = entered.compactMap(\.target)
        entered = []
        for view in views { view.dropSessionDidEnd(session) }
    }

    /// The touch was cancelled: nothing is dropped.
    package func cancel() {
        guard !isEnded else { return }
        isEnded = true
        window?.activeDrag = nil
        target?.dropSessionDidExit(session)
        endEntered()
        operation = .cancel
        flyBack()
    }

    private func flyBack() {
        settling += 1
        let home = source?.cancelledDragReturnFrame(session)
        UIView.animate(withDuration: 0.3, delay: 0, options: [.beginFromCurrentState], animations: {
            if let home {
                self.preview.center = CGPoint(x: home.midX, y: home.midY)
                self.preview.transform = .identity
                self.preview.layer.shadowOpacity = 0
            } else {
                self.preview.alpha = 0
                self.preview.transform = CGAffineTransform(scaleX: 0.5, y: 0.5)
            }
        }, completion: { _ in self.itemSettled() })
    }

    /// Moves the preview onto `frame` (in `view`'s coordinates) and fades it into what is
    /// there; `animator`'s animations run alongside and its completions after.
    package func settle(to frame: CGRect, in view: UIView, animator: DragAnimator?) {
        settling += 1
        let target = view.convert(frame, to: self)
        let size = preview.bounds.size
        let scale = size.width > 0 && size.height > 0
            ? min(target.width / size.width, target.height / size.height) : 1
        UIView.animate(withDuration: 0.25, delay: 0, options: [.beginFromCurrentState], animations: {
            self.preview.center = CGPoint(x: target.midX, y: target.midY)
            self.preview.transform = CGAffineTransform(scaleX: scale, y: scale)
            self.preview.layer.shadowOpacity = 0
            animator?.runAnimations()
        }, completion: { _ in
            self.preview.alpha = 0
            animator?.finish()
            self.itemSettled()
        })
    }

    /// The preview shrinks and fades where it is (an item the drop took without a place to show it).
    package func dissolve(animator: DragAnimator?) {
        settling += 1
        UIView.animate(withDuration: 0.25, delay: 0, options: [.beginFromCurrentState], animations: {
            self.preview.alpha = 0
            self.preview.transform = CGAffineTransform(scaleX: 0.8, y: 0.8)
            animator?.runAnimations()
        }, completion: { _ in
            animator?.finish()
            self.itemSettled()
        })
    }

    private func itemSettled() {
        settling -= 1
        guard settling == 0 else { return }
        removeFromSuperview()
        source?.dragSessionDidEnd(session, operation: operation)
    }
}

/// A view the drag entered, held weakly.
private struct WeakDropTarget {
    weak var target: DropTargetView?
}

extension DragPresentation {
    /// Lifts `cell` for `session` (whose items are set and whose location is the finger):
    /// the first item's own preview when it has one, else a picture of the cell shaped by
    /// `parameters` (asked only then), grown a little and casting its shadow.
    package static func lift(_ session: DragDropSession, from cell: UIView, parameters: () -> UIPreviewParameters?,
                             source: DragSourceView, window: UIWindow) -> DragPresentation {
        let location = session.windowLocation
        let custom = session.items.first?.previewProvider?()
        let picture = custom?.view ?? cell.snapshotView(afterScreenUpdates: false)
        let frame = custom.map { preview in
            let size = preview.view.bounds.size
            return CGRect(x: location.x - size.width / 2, y: location.y - size.height / 2, width: size.width, height: size.height)
        } ?? cell.convert(cell.bounds, to: window)
        let drag = DragPresentation(session: session, source: source, picture: picture, frame: frame,
                                    parameters: custom?.parameters ?? parameters(), window: window)
        drag.animateLift()
        return drag
    }
}

/// The long press of a table or collection view, as far as drags go: it moves and ends
/// the drag it lifted, and says when to lift — as the press begins, or, when the press
/// showed a context menu first, once the finger has moved 10 points out of it.
package struct DragPress {
    /// What the press means for dragging now.
    package enum Step {
        /// Nothing: the press is not a drag's (or not yet).
        case none
        /// The drag in progress moved, dropped or was cancelled.
        case moved
        /// Lift the pressed item now.
        case lift
        /// Close the context menu and lift the pressed item out of it.
        case liftFromMenu
    }

    /// Where the press that showed a context menu began.
    private var menuStart: CGPoint?

    package init() {}

    /// The step for `press` (in `window`): `drag` is the drag it lifted, if any;
    /// `draggable` whether it began on an item that can be dragged; `menuPending` whether
    /// a context menu shows first.
    @MainActor
    package mutating func step(_ press: UIGestureRecognizer, in window: UIWindow, drag: DragPresentation?,
                               draggable: Bool, menuPending: Bool) -> Step {
        let point = press.location(in: window)
        if let drag {
            switch press.state {
            case .changed: drag.move(to: point)
            case .ended: drag.drop()
            case .cancelled, .failed: drag.cancel()
            default: break
            }
            return .moved
        }
        guard draggable else { return .none }
        switch press.state {
        case .began:
            if menuPending {
                menuStart = point
                return .none
            }
            return .lift
        case .changed:
            guard let start = menuStart, hypot(point.x - start.x, point.y - start.y) > 10 else { return .none }
            menuStart = nil
            return .liftFromMenu
        default:
            menuStart = nil
            return .none
        }
    }
}
