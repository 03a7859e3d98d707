import Foundation

/// Where an animator stands: not started, started (running or paused), or stopped
/// part-way and waiting for ``UIViewAnimating/finishAnimation(at:)``.
public enum UIViewAnimatingState: Int, Sendable {
    /// Not started yet, or finished: the initial state.
    case inactive = 0
    /// Started and running, or paused (``UIViewAnimating/isRunning`` tells which).
    case active = 1
    /// Stopped with `stopAnimation(false)`: the views stay where they were; it cannot be started again.
    case stopped = 2
}

/// Where the animated properties end when an animator finishes.
public enum UIViewAnimatingPosition: Int, Sendable {
    /// At the values the animations set (the end).
    case end = 0
    /// At the values they had before the animations (the start; a reversed animator ends here).
    case start = 1
    /// Where they are on screen at that moment.
    case current = 2
}

/// The basic flow control of an animator: start, pause, stop, finish, scrub and reverse.
///
/// ``UIViewPropertyAnimator`` adopts it; a custom animator can too.
@preconcurrency @MainActor
public protocol UIViewAnimating: AnyObject {
    /// Whether the animator is inactive, active (running or paused) or stopped.
    var state: UIViewAnimatingState { get }
    /// True while the animations run (active and not paused).
    var isRunning: Bool { get }
    /// Whether the animations run back towards their start values.
    var isReversed: Bool { get set }
    /// How far the animation has got: 0 at the start, 1 at the end. Settable while paused
    /// (setting it on an inactive animator pauses it first).
    var fractionComplete: CGFloat { get set }
    /// Starts (or resumes) the animations.
    func startAnimation()
    /// Starts the animations after `delay` seconds.
    func startAnimation(afterDelay delay: TimeInterval)
    /// Pauses the animations where they are; the animator stays active.
    func pauseAnimation()
    /// Stops the animations where they are: `true` ends in the inactive state without
    /// calling completions; `false` ends in the stopped state, waiting for ``finishAnimation(at:)``.
    func stopAnimation(_ withoutFinishing: Bool)
    /// Finishes a stopped animator: moves the properties to `finalPosition`, calls the
    /// completions and returns to the inactive state.
    func finishAnimation(at finalPosition: UIViewAnimatingPosition)
}

/// An animator that takes animation blocks and completions and can change its timing
/// part-way. UIKit declares these members optional; Swift on Linux has no optional
/// protocol requirements, so they are requirements with default implementations that do nothing.
@preconcurrency @MainActor
public protocol UIViewImplicitlyAnimating: UIViewAnimating {
    /// Adds changes to animate, starting after `delayFactor` of the remaining duration.
    func addAnimations(_ animation: @escaping () -> Void, delayFactor: CGFloat)
    /// Adds changes to animate alongside the others.
    func addAnimations(_ animation: @escaping () -> Void)
    /// Adds a block called once when the animations end, with where they ended.
    func addCompletion(_ completion: @escaping (UIViewAnimatingPosition) -> Void)
    /// Resumes a paused animator with new timing, over `durationFactor` times the original duration.
    func continueAnimation(withTimingParameters parameters: (any UITimingCurveProvider)?, durationFactor: CGFloat)
}

extension UIViewImplicitlyAnimating {
    /// Does nothing (UIKit's optional member, not implemented).
    public func addAnimations(_ animation: @escaping () -> Void, delayFactor: CGFloat) {}
    /// Does nothing (UIKit's optional member, not implemented).
    public func addAnimations(_ animation: @escaping () -> Void) {}
    /// Does nothing (UIKit's optional member, not implemented).
    public func addCompletion(_ completion: @escaping (UIViewAnimatingPosition) -> Void) {}
    /// Does nothing (UIKit's optional member, not implemented).
    public func continueAnimation(withTimingParameters parameters: (any UITimingCurveProvider)?, durationFactor: CGFloat) {}
}

/// The kind of timing an animator uses.
public enum UITimingCurveType: Int, Sendable {
    /// One of the named curves (``UIView/AnimationCurve``).
    case builtin = 0
    /// A cubic Bézier curve with custom control points.
    case cubic = 1
    /// A damped spring.
    case spring = 2
    /// A cubic curve and a spring together.
    case composed = 3
}

/// Timing information for an animator: a cubic curve, a spring, or both.
@preconcurrency @MainActor
public protocol UITimingCurveProvider: AnyObject {
    /// Which kind of timing this is.
    var timingCurveType: UITimingCurveType { get }
    /// The cubic curve, for `.builtin`, `.cubic` and `.composed`.
    var cubicTimingParameters: UICubicTimingParameters? { get }
    /// The spring, for `.spring` and `.composed`.
    var springTimingParameters: UISpringTimingParameters? { get }
}

/// A cubic Bézier timing curve for an animator: one of the named curves or custom control points.
@preconcurrency @MainActor
open class UICubicTimingParameters: UITimingCurveProvider {
    /// The named curve (`.easeInOut` for custom control points).
    public let animationCurve: UIView.AnimationCurve
    /// The first control point (the curve runs from (0, 0) to (1, 1)).
    public let controlPoint1: CGPoint
    /// The second control point.
    public let controlPoint2: CGPoint
    let isBuiltin: Bool

    /// The ease-in-ease-out curve.
    public convenience init() { self.init(animationCurve: .easeInOut) }

    /// The named curve `curve`.
    public init(animationCurve curve: UIView.AnimationCurve) {
        let c = curve.timingCurve
        animationCurve = curve
        controlPoint1 = CGPoint(x: c.x1, y: c.y1)
        controlPoint2 = CGPoint(x: c.x2, y: c.y2)
        isBuiltin = true
    }

    /// A curve through the control points `point1` and `point2` (x clamped to 0…1).
    public init(controlPoint1 point1: CGPoint, controlPoint2 point2: CGPoint) {
        animationCurve = .easeInOut
        controlPoint1 = point1
        controlPoint2 = point2
        isBuiltin = false
    }

    /// `.builtin` for a named curve, `.cubic` for custom control points.
    open var timingCurveType: UITimingCurveType { isBuiltin ? .builtin : .cubic }
    /// Itself.
    open var cubicTimingParameters: UICubicTimingParameters? { self }
    /// Nil.
    open var springTimingParameters: UISpringTimingParameters? { nil }

    var curve: TimingCurve {
        TimingCurve(x1: Double(controlPoint1.x), y1: Double(controlPoint1.y),
                    x2: Double(controlPoint2.x), y2: Double(controlPoint2.y))
    }
}

/// A damped spring for an animator.
///
/// With a damping ratio the spring settles in the animator's duration; with mass,
/// stiffness and damping (or the iOS 17 duration and bounce) the spring takes the time
/// it needs and the animator's duration is ignored, as in UIKit.
@preconcurrency @MainActor
open class UISpringTimingParameters: UITimingCurveProvider {
    enum Kind {
        case dampingRatio(Double)
        case physical(SpringCurve)
    }

    let kind: Kind
    /// The speed at the start, in units of the whole change per second. Tabula animates
    /// every property with `dx` (UIKit uses `dy` too for two-dimensional properties).
    public let initialVelocity: CGVector

    /// A critically damped spring (damping ratio 1) that settles in the animator's duration.
    public convenience init() { self.init(dampingRatio: 1) }

    /// A spring with damping ratio `ratio` (1 settles without overshoot; smaller bounces)
    /// that settles in the animator's duration.
    public convenience init(dampingRatio ratio: CGFloat) {
        self.init(dampingRatio: ratio, initialVelocity: CGVector(dx: 0, dy: 0))
    }

    /// A spring with damping ratio `ratio` and initial velocity `velocity`.
    public init(dampingRatio ratio: CGFloat, initialVelocity velocity: CGVector) {
        let r = Double(ratio)
        kind = .dampingRatio(r.isFinite && r > 0 ? r : 1)
        initialVelocity = velocity
    }

    /// A spring from physical constants; it runs until it settles, whatever the animator's duration.
    public init(mass: CGFloat, stiffness: CGFloat, damping: CGFloat, initialVelocity velocity: CGVector) {
        let valid = mass > 0 && stiffness > 0 && damping > 0
        kind = .physical(SpringCurve(mass: valid ? Double(mass) : 1, stiffness: valid ? Double(stiffness) : 100,
                                     damping: valid ? Double(damping) : 20, initialVelocity: Double(velocity.dx)))
        initialVelocity = velocity
    }

    /// A spring described as iOS 17 does: its pace `duration` and how much it overshoots (`bounce`).
    public init(duration: TimeInterval, bounce: CGFloat, initialVelocity velocity: CGVector = CGVector(dx: 0, dy: 0)) {
        kind = .physical(SpringCurve(perceptualDuration: duration, bounce: Double(bounce), initialVelocity: Double(velocity.dx)))
        initialVelocity = velocity
    }

    /// `.spring`.
    open var timingCurveType: UITimingCurveType { .spring }
    /// Nil.
    open var cubicTimingParameters: UICubicTimingParameters? { nil }
    /// Itself.
    open var springTimingParameters: UISpringTimingParameters? { self }

    /// The spring to run for `duration` seconds (used only by damping-ratio springs).
    func spring(duration: Double) -> SpringCurve {
        switch kind {
        case .dampingRatio(let r):
            SpringCurve(dampingRatio: r, initialVelocity: Double(initialVelocity.dx), duration: max(duration, 0.001))
        case .physical(let s): s
        }
    }

    var usesAnimatorDuration: Bool {
        if case .dampingRatio = kind { return true }
        return false
    }
}
