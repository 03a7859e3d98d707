import Foundation

/// One thing being dragged: its data (an ``NSItemProvider``), an object for drops in the
/// same app, and how it looks while it moves, as UIKit's `UIDragItem`.
@preconcurrency @MainActor
open class UIDragItem {
    /// The item's data.
    public let itemProvider: NSItemProvider
    /// Anything, for a drop in the same app (the model object the row shows, say): read it
    /// from ``UIDropSession/localDragSession``'s items instead of loading the provider.
    open var localObject: Any?
    /// Makes the view the item shows while it is dragged; nil (the default) drags a
    /// picture of the row or view it was lifted from.
    open var previewProvider: (@MainActor () -> UIDragPreview?)?

    /// An item that carries `itemProvider`'s data.
    public init(itemProvider: NSItemProvider) {
        self.itemProvider = itemProvider
    }
}

/// What a lifted or dropped view looks like: the part to show and its shadow, as UIKit's
/// `UIPreviewParameters`.
@preconcurrency @MainActor
open class UIPreviewParameters {
    /// The part of the view to show, in its coordinates; nil shows all of it with rounded corners.
    open var visiblePath: UIBezierPath?
    /// The shadow's shape, in the view's coordinates; nil follows ``visiblePath``.
    open var shadowPath: UIBezierPath?
    /// The colour behind the view's transparent parts; nil is the system background.
    open var backgroundColor: UIColor!

    /// Parameters that show all of the view.
    public init() {}

    /// Parameters that show the parts `textLineRects` of a text view (their union, here).
    public convenience init(textLineRects: [NSValue]) {
        self.init()
        let rects = textLineRects.map { $0.rectValue }
        if let first = rects.first {
            visiblePath = UIBezierPath(rect: rects.dropFirst().reduce(first) { $0.union($1) })
        }
    }
}

/// The look of a dragged view, as UIKit's `UIDragPreviewParameters`.
@preconcurrency @MainActor
open class UIDragPreviewParameters: UIPreviewParameters {}

/// The view an item shows while it is dragged, as UIKit's `UIDragPreview`.
@preconcurrency @MainActor
open class UIDragPreview {
    /// The view.
    public let view: UIView
    /// What part of it shows.
    public let parameters: UIDragPreviewParameters

    /// A preview showing `view` as `parameters` say.
    public init(view: UIView, parameters: UIDragPreviewParameters) {
        self.view = view
        self.parameters = parameters
    }

    /// A preview showing all of `view`.
    public convenience init(view: UIView) {
        self.init(view: view, parameters: UIDragPreviewParameters())
    }
}

/// Where a dropped item's preview goes: a point in a container view, with a transform,
/// as UIKit's `UIPreviewTarget` (`UIDragPreviewTarget`).
@preconcurrency @MainActor
open class UIPreviewTarget {
    /// The view the centre is in.
    public let container: UIView
    /// The preview's centre, in the container.
    public let center: CGPoint
    /// The preview's transform as it arrives.
    public let transform: CGAffineTransform

    /// A target at `center` of `container`, arriving with `transform`.
    public init(container: UIView, center: CGPoint, transform: CGAffineTransform) {
        self.container = container
        self.center = center
        self.transform = transform
    }

    /// A target at `center` of `container`.
    public convenience init(container: UIView, center: CGPoint) {
        self.init(container: container, center: center, transform: .identity)
    }
}

/// The target of a dropped item's preview, as UIKit's `UIDragPreviewTarget`.
@preconcurrency @MainActor
open class UIDragPreviewTarget: UIPreviewTarget {}

/// Animations that run with a drop's (or a lift's) own, as UIKit's `UIDragAnimating`.
@preconcurrency @MainActor
public protocol UIDragAnimating: AnyObject {
    /// Adds changes to animate alongside the drop.
    func addAnimations(_ animations: @escaping () -> Void)
    /// Adds a closure to run when the drop's animation ends (with `.end`).
    func addCompletion(_ completion: @escaping (UIViewAnimatingPosition) -> Void)
}

/// The animations and completions added to one drop animation.
@MainActor
package final class DragAnimator: UIDragAnimating {
    private(set) var animations: [() -> Void] = []
    private var completions: [(UIViewAnimatingPosition) -> Void] = []
    private var finished = false

    package init() {}

    package func addAnimations(_ animations: @escaping () -> Void) {
        if finished {
            animations()
        } else {
            self.animations.append(animations)
        }
    }

    package func addCompletion(_ completion: @escaping (UIViewAnimatingPosition) -> Void) {
        if finished {
            completion(.end)
        } else {
            completions.append(completion)
        }
    }

    /// Runs the added animations (inside the caller's animation block).
    package func runAnimations() {
        let pending = animations
        animations = []
        for animation in pending { animation() }
    }

    /// Runs the completions, once; later additions run at once.
    package func finish() {
        guard !finished else { return }
        finished = true
        runAnimations()
        let pending = completions
        completions = []
        for completion in pending { completion(.end) }
    }
}
