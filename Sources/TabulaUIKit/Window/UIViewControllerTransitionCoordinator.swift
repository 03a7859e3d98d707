import Foundation

/// What the closures given to a transition coordinator learn about the transition in
/// progress: a push or pop, a presentation or dismissal, or a size change.
@preconcurrency @MainActor
public protocol UIViewControllerTransitionCoordinatorContext: AnyObject {
    /// Whether the transition animates.
    var isAnimated: Bool { get }
    /// The presentation style of a presentation or dismissal; `.none` for any other transition.
    var presentationStyle: UIModalPresentationStyle { get }
    /// Whether the transition began interactively (an edge swipe back, a sheet dragged down).
    var initiallyInteractive: Bool { get }
    /// Whether the transition can be interrupted; false for every transition Tabula runs.
    var isInterruptible: Bool { get }
    /// Whether the user drives the transition now (the finger is still down).
    var isInteractive: Bool { get }
    /// Whether the transition was cancelled: an edge swipe back or a sheet's swipe down
    /// released before it went far enough.
    var isCancelled: Bool { get }
    /// The length of the transition's animation in seconds.
    var transitionDuration: TimeInterval { get }
    /// How far an interactive transition has got, 0 to 1 (1 for a transition that is not interactive).
    var percentComplete: CGFloat { get }
    /// How fast an interactive transition finishes after the finger lifts, as a factor of its duration.
    var completionVelocity: CGFloat { get }
    /// The animation curve an interactive transition finishes with after the finger lifts.
    var completionCurve: UIView.AnimationCurve { get }
    /// The view controller in `key`'s role: the one shown before the transition (`.from`)
    /// or after it (`.to`).
    func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController?
    /// The root view of the view controller in `key`'s role.
    func view(forKey key: UITransitionContextViewKey) -> UIView?
    /// The view the transition's views animate in.
    var containerView: UIView { get }
    /// The transform the transition applies: a size change's turn, the identity otherwise.
    var targetTransform: CGAffineTransform { get }
}

/// Runs animations alongside a view controller transition and hears when it ends. A view
/// controller's ``UIViewController/transitionCoordinator`` is one while it is pushed,
/// popped, presented or dismissed; ``UIViewController/viewWillTransition(to:with:)`` is
/// given one for a size change.
@preconcurrency @MainActor
public protocol UIViewControllerTransitionCoordinator: UIViewControllerTransitionCoordinatorContext {
    /// Runs `animation` inside the transition's animation (so the changes it makes animate
    /// with it; an interactive transition moves them with the finger) and `completion`
    /// when the transition ends, both given the transition's context. Returns false, and
    /// does not run `animation`, once the transition's animation has begun; `completion`
    /// still runs.
    @discardableResult
    func animate(alongsideTransition animation: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?,
                 completion: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?) -> Bool
    /// As ``animate(alongsideTransition:completion:)``; Tabula animates `view` wherever it is.
    @discardableResult
    func animateAlongsideTransition(in view: UIView?,
                                    animation: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?,
                                    completion: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?) -> Bool
    /// Calls `handler` when an interactive transition stops being interactive (the finger
    /// lifts, or the transition is cancelled before it does).
    func notifyWhenInteractionChanges(_ handler: @escaping (any UIViewControllerTransitionCoordinatorContext) -> Void)
}

extension UIViewControllerTransitionCoordinator {
    /// Runs `animation` alongside the transition, with no completion (UIKit's default
    /// argument); see ``animate(alongsideTransition:completion:)``.
    @discardableResult
    public func animate(alongsideTransition animation: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?) -> Bool {
        animate(alongsideTransition: animation, completion: nil)
    }

    /// Runs `animation` alongside the transition, with no completion; see
    /// ``animateAlongsideTransition(in:animation:completion:)``.
    @discardableResult
    public func animateAlongsideTransition(in view: UIView?,
                                           animation: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?) -> Bool {
        animateAlongsideTransition(in: view, animation: animation, completion: nil)
    }
}

/// The roles of the view controllers in a transition.
public struct UITransitionContextViewControllerKey: Hashable, RawRepresentable, Sendable {
    /// The key as a string.
    public var rawValue: String
    /// Makes a key.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The view controller shown when the transition begins.
    public static let from = UITransitionContextViewControllerKey(rawValue: "UITransitionContextFromViewControllerKey")
    /// The view controller shown when it ends.
    public static let to = UITransitionContextViewControllerKey(rawValue: "UITransitionContextToViewControllerKey")
}

/// The roles of the views in a transition.
public struct UITransitionContextViewKey: Hashable, RawRepresentable, Sendable {
    /// The key as a string.
    public var rawValue: String
    /// Makes a key.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The view shown when the transition begins.
    public static let from = UITransitionContextViewKey(rawValue: "UITransitionContextFromViewKey")
    /// The view shown when it ends.
    public static let to = UITransitionContextViewKey(rawValue: "UITransitionContextToViewKey")
}

/// Tabula's transition coordinator: one per push, pop, presentation, dismissal or size
/// change. The code running the transition calls ``runAlongside()`` inside its animation
/// block and ``complete()`` when it ends; an interactive one calls
/// ``beginInteraction()``, ``update(_:)`` with the finger and ``endInteraction(cancelled:duration:)``
/// when it lifts, and the alongside animations follow the finger through a paused
/// property animator.
@MainActor
final class TransitionCoordinator: UIViewControllerTransitionCoordinator {
    let isAnimated: Bool
    let presentationStyle: UIModalPresentationStyle
    let initiallyInteractive: Bool
    var isInterruptible: Bool { false }
    private(set) var isInteractive: Bool
    private(set) var isCancelled = false
    let transitionDuration: TimeInterval
    private(set) var percentComplete: CGFloat
    private(set) var completionVelocity: CGFloat = 1
    var completionCurve: UIView.AnimationCurve { .easeOut }
    let containerView: UIView
    let targetTransform: CGAffineTransform
    private weak var from: UIViewController?
    private weak var to: UIViewController?

    private enum Phase { case waiting, animating, ended }
    private var phase = Phase.waiting
    private var alongside: [(any UIViewControllerTransitionCoordinatorContext) -> Void] = []
    private var completions: [(any UIViewControllerTransitionCoordinatorContext) -> Void] = []
    private var interactionHandlers: [(any UIViewControllerTransitionCoordinatorContext) -> Void] = []
    /// The view controllers whose ``UIViewController/transitionCoordinator`` this is.
    private var installed: [Weak] = []
    /// An interactive transition's alongside animations, scrubbed with the finger.
    private var scrubber: UIViewPropertyAnimator?

    private struct Weak { weak var controller: UIViewController? }

    init(animated: Bool, duration: TimeInterval, presentationStyle: UIModalPresentationStyle = .none,
         interactive: Bool = false, container: UIView, from: UIViewController?, to: UIViewController?,
         targetTransform: CGAffineTransform = .identity) {
        isAnimated = animated
        transitionDuration = animated ? duration : 0
        self.presentationStyle = presentationStyle
        initiallyInteractive = interactive
        isInteractive = interactive
        percentComplete = interactive ? 0 : 1
        containerView = container
        self.from = from
        self.to = to
        self.targetTransform = targetTransform
    }

    func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController? {
        switch key {
        case .from: from
        case .to: to
        default: nil
        }
    }

    func view(forKey key: UITransitionContextViewKey) -> UIView? {
        switch key {
        case .from: from?.viewIfLoaded
        case .to: to?.viewIfLoaded
        default: nil
        }
    }

    @discardableResult
    func animate(alongsideTransition animation: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?,
                 completion: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?) -> Bool {
        if let completion {
            if phase == .ended { completion(self) } else { completions.append(completion) }
        }
        guard let animation else { return true }
        switch phase {
        case .waiting:
            alongside.append(animation)
            return true
        case .animating:
            // An interactive transition takes more alongside animations while the finger is down.
            guard isInteractive else { return false }
            let animator = scrubber ?? makeScrubber()
            guard animator.state == .active else { return false }
            animator.addAnimations { [unowned self] in animation(self) }
            animator.fractionComplete = percentComplete
            return true
        case .ended:
            return false
        }
    }

    @discardableResult
    func animateAlongsideTransition(in view: UIView?,
                                    animation: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?,
                                    completion: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?) -> Bool {
        animate(alongsideTransition: animation, completion: completion)
    }

    func notifyWhenInteractionChanges(_ handler: @escaping (any UIViewControllerTransitionCoordinatorContext) -> Void) {
        interactionHandlers.append(handler)
    }

    // MARK: Driving it (the code that runs the transition)

    /// Makes this the ``UIViewController/transitionCoordinator`` of `controllers` (and so of
    /// their children) until ``complete()``.
    func install(on controllers: [UIViewController?]) {
        for case let controller? in controllers {
            controller.installedTransitionCoordinator = self
            installed.append(Weak(controller: controller))
        }
    }

    /// Runs the alongside animations given so far; call it inside the transition's animation block.
    func runAlongside() {
        guard phase == .waiting else { return }
        phase = .animating
        let bodies = alongside
        alongside = []
        for body in bodies { body(self) }
    }

    /// An interactive transition starts: the alongside animations given so far run in a
    /// paused animator that ``update(_:)`` scrubs.
    func beginInteraction() {
        guard phase == .waiting else { return }
        phase = .animating
        let bodies = alongside
        alongside = []
        guard !bodies.isEmpty else { return }
        let animator = makeScrubber()
        for body in bodies { animator.addAnimations { [unowned self] in body(self) } }
    }

    /// A paused animator at the start, for the alongside animations to follow the finger.
    private func makeScrubber() -> UIViewPropertyAnimator {
        let animator = UIViewPropertyAnimator(duration: max(transitionDuration, 0.01), curve: .linear)
        animator.pauseAnimation()
        scrubber = animator
        return animator
    }

    /// The finger moved the interactive transition `percent` of the way.
    func update(_ percent: CGFloat) {
        percentComplete = min(max(percent, 0), 1)
        if let scrubber, scrubber.state == .active, !scrubber.isRunning { scrubber.fractionComplete = percentComplete }
    }

    /// The finger lifted (or the transition was settled before it did): the transition
    /// finishes, or goes back when `cancelled`, over `duration` seconds; the alongside
    /// animations go the same way.
    func endInteraction(cancelled: Bool, duration: TimeInterval) {
        guard isInteractive else { return }
        isInteractive = false
        isCancelled = cancelled
        let remaining = cancelled ? percentComplete : 1 - percentComplete
        completionVelocity = duration > 0 && transitionDuration > 0 ? CGFloat(transitionDuration * Double(remaining) / duration) : 1
        for handler in interactionHandlers { handler(self) }
        guard let scrubber, scrubber.state == .active else { return }
        if duration > 0 {
            scrubber.isReversed = cancelled
            scrubber.continueAnimation(withTimingParameters: UICubicTimingParameters(animationCurve: .easeOut),
                                       durationFactor: CGFloat(duration / scrubber.duration))
        } else {
            scrubber.stopAnimation(false)
            scrubber.finishAnimation(at: cancelled ? .start : .end)
        }
    }

    /// The transition is over: the completions run, and the view controllers no longer
    /// have this coordinator.
    func complete() {
        guard phase != .ended else { return }
        if isInteractive { endInteraction(cancelled: false, duration: 0) }
        if let scrubber, scrubber.state != .inactive {
            if scrubber.state == .active { scrubber.stopAnimation(false) }
            scrubber.finishAnimation(at: isCancelled ? .start : .end)
        }
        scrubber = nil
        phase = .ended
        percentComplete = isCancelled ? percentComplete : 1
        for entry in installed where entry.controller?.installedTransitionCoordinator === self {
            entry.controller?.installedTransitionCoordinator = nil
        }
        installed = []
        let bodies = completions
        completions = []
        for body in bodies { body(self) }
    }
}
