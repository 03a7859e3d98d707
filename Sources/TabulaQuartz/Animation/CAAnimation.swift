/// What an animation tells its delegate (`CAAnimationDelegate`). Both methods are optional.
@preconcurrency @MainActor
public protocol CAAnimationDelegate: AnyObject {
    /// The animation's active time began (after its `beginTime` and any delay).
    func animationDidStart(_ anim: CAAnimation)
    /// The animation ended: `flag` is true when it ran its full active duration,
    /// false when it was removed, replaced or its layer left the screen first.
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool)
}

extension CAAnimationDelegate {
    /// Does nothing.
    public func animationDidStart(_ anim: CAAnimation) {}
    /// Does nothing.
    public func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {}
}

/// How an animation's effect extends outside its active time.
public enum CAMediaTimingFillMode: Sendable {
    /// No effect outside the active time: before it begins and after it ends the layer
    /// shows the value beneath (the default).
    case removed
    /// Holds the final value after the end, while the animation stays on the layer
    /// (set ``CAAnimation/isRemovedOnCompletion`` to false).
    case forwards
    /// Shows the first value from the moment the animation is added until its begin time.
    case backwards
    /// Fills both backwards and forwards.
    case both

    var fill: TimingFill {
        switch self {
        case .removed: .removed
        case .forwards: .forwards
        case .backwards: .backwards
        case .both: .both
        }
    }
}

/// The abstract base of Core Animation's animations: timing and delegate.
///
/// An animation is copied when added to a layer (``CALayer/add(_:forKey:)``):
/// changing it afterwards does not affect the running one. Times are in seconds
/// on the media clock (``CACurrentMediaTime()``), which the host drives; a
/// `beginTime` of 0 means "now".
@preconcurrency @MainActor
open class CAAnimation {
    /// Creates an animation with Core Animation's default timing.
    public init() {}

    // The stored properties below are set and read for each of the dozens of animations
    // an update of a table adds in a frame, and are never held inout across a call that
    // could reach the animation: no run-time exclusivity checks (each costs a call into
    // the runtime and a thread-local lookup).

    /// Pace of each cycle; nil means linear (as in Core Animation).
    @exclusivity(unchecked) open var timingFunction: CAMediaTimingFunction?
    /// Kept strongly, as Core Animation does, until the animation stops.
    @exclusivity(unchecked) open var delegate: (any CAAnimationDelegate)?
    /// When true (the default) the animation is removed from the layer when it ends.
    @exclusivity(unchecked) open var isRemovedOnCompletion = true

    /// When the animation begins, in seconds on the media clock (``CACurrentMediaTime()``);
    /// 0, the default, means when it is added. Add to ``CACurrentMediaTime()`` to delay it.
    @exclusivity(unchecked) open var beginTime: Double = 0
    /// One cycle's length; 0 means Core Animation's default of 0.25 s.
    @exclusivity(unchecked) open var duration: Double = 0
    /// How fast local time runs relative to the media clock: 2 plays twice as fast, 0 stops
    /// the animation (it then never ends).
    @exclusivity(unchecked) open var speed: Float = 1
    /// Seconds of local time skipped at the start: the animation begins that far into its
    /// timeline, and ends that much sooner.
    @exclusivity(unchecked) open var timeOffset: Double = 0
    /// How many cycles run (fractions allowed; 0 means one; `.infinity` forever).
    @exclusivity(unchecked) open var repeatCount: Float = 0
    /// How long, in seconds, the animation repeats; when positive it takes precedence over ``repeatCount``.
    @exclusivity(unchecked) open var repeatDuration: Double = 0
    /// Whether each cycle plays forwards and then backwards, doubling its length.
    @exclusivity(unchecked) open var autoreverses = false
    /// What the animation shows before its begin time and after its end; `.removed` by default.
    @exclusivity(unchecked) open var fillMode: CAMediaTimingFillMode = .removed

    /// The timing as a value, with Core Animation's defaults filled in.
    func timing(resolvedBegin: Double) -> MediaTiming {
        MediaTiming(beginTime: resolvedBegin, duration: duration > 0 ? duration : 0.25, speed: Double(speed),
                    timeOffset: timeOffset, repeatCount: Double(repeatCount), repeatDuration: repeatDuration,
                    autoreverses: autoreverses, fill: fillMode.fill)
    }

    /// A copy with the same timing and delegate (subclasses add their own fields).
    func copyForAdding() -> CAAnimation {
        let copy = CAAnimation()
        copyTiming(to: copy)
        return copy
    }

    func copyTiming(to copy: CAAnimation) {
        copy.timingFunction = timingFunction
        copy.delegate = delegate
        copy.isRemovedOnCompletion = isRemovedOnCompletion
        copy.beginTime = beginTime
        copy.duration = duration
        copy.speed = speed
        copy.timeOffset = timeOffset
        copy.repeatCount = repeatCount
        copy.repeatDuration = repeatDuration
        copy.autoreverses = autoreverses
        copy.fillMode = fillMode
    }
}

/// An animation of one layer property, named by a key path such as `"position"`,
/// `"opacity"`, `"bounds.size"` or `"transform.rotation.z"`.
@preconcurrency @MainActor
open class CAPropertyAnimation: CAAnimation {
    /// The layer property to animate, such as `"opacity"`, `"position.x"` or
    /// `"transform.scale"`. A path that is not animatable makes ``CALayer/add(_:forKey:)``
    /// report a ``CAAnimationError`` that lists the animatable ones.
    @exclusivity(unchecked) open var keyPath: String?
    /// When true the animated value is added to the property's current value.
    @exclusivity(unchecked) open var isAdditive = false

    /// Creates an animation of the layer property at `path`.
    public convenience init(keyPath path: String?) {
        self.init()
        keyPath = path
    }

    func copyProperty(to copy: CAPropertyAnimation) {
        copyTiming(to: copy)
        copy.keyPath = keyPath
        copy.isAdditive = isAdditive
    }
}

/// Interpolates one property between two values.
///
/// As in Core Animation: `fromValue` and `toValue` go from one to the other;
/// `fromValue` and `byValue` go from `from` to `from + by`; `byValue` and `toValue`
/// from `to - by` to `to`; only `fromValue` goes to the current value, only `toValue`
/// from the current value, only `byValue` from the current value by that much.
/// "Current" is the value beneath the animation (the model, or earlier animations).
@preconcurrency @MainActor
open class CABasicAnimation: CAPropertyAnimation {
    /// The value to start from; nil to start from the value beneath the animation. Numbers,
    /// points, sizes, rects, transforms and colors are accepted, of the kind the key path animates.
    @exclusivity(unchecked) open var fromValue: Any?
    /// The value to end at; nil to end at the value beneath the animation (or at `fromValue + byValue`).
    @exclusivity(unchecked) open var toValue: Any?
    /// The change to apply, relative to `fromValue`, to `toValue`, or to the value beneath the animation.
    @exclusivity(unchecked) open var byValue: Any?

    override func copyForAdding() -> CAAnimation {
        let copy = CABasicAnimation()
        copyBasic(to: copy)
        return copy
    }

    func copyBasic(to copy: CABasicAnimation) {
        copyProperty(to: copy)
        copy.fromValue = fromValue
        copy.toValue = toValue
        copy.byValue = byValue
    }
}

/// A damped spring from `fromValue` to `toValue`, solved in closed form
/// (`SpringCurve`). The spring runs for `duration`; ``settlingDuration`` tells
/// how long it needs to come to rest.
@preconcurrency @MainActor
open class CASpringAnimation: CABasicAnimation {
    /// The mass of the object on the spring (default 1); heavier means slower and bouncier.
    open var mass: Double = 1
    /// The spring's stiffness (default 100); stiffer means faster.
    open var stiffness: Double = 100
    /// The friction on the spring (default 10); more damping means less bounce.
    open var damping: Double = 10
    /// In units of the whole change per second.
    open var initialVelocity: Double = 0

    /// The time the spring needs to come within 0.1 % of its target.
    open var settlingDuration: Double { spring.settlingDuration }

    var spring: SpringCurve {
        SpringCurve(mass: mass, stiffness: stiffness, damping: damping, initialVelocity: initialVelocity)
    }

    /// Set by UIView's spring API, which has already solved its spring once for the block.
    package var presetSpring: SpringCurve?

    /// Whether ``bounce`` may be negative (an overdamped spring, which creeps to its target);
    /// false by default, as in Core Animation.
    open var allowsOverdamping = false

    /// A spring described as iOS 17 describes one: how long it feels (`perceptualDuration`,
    /// the pace: about the settling time of a spring without bounce, the period of a
    /// bouncy one) and how much it overshoots (`bounce`: 0 none, toward 1 more, negative
    /// overdamped). Mass 1; the animation's ``CAAnimation/duration`` is set to the
    /// ``settlingDuration``. A duration that is not positive and finite is taken as 0.5 s;
    /// bounce is clamped to -1...1 (to 0...1 unless ``allowsOverdamping``).
    public convenience init(perceptualDuration: CFTimeInterval, bounce: CGFloat) {
        self.init()
        let spring = SpringCurve(perceptualDuration: Double(perceptualDuration), bounce: Double(bounce))
        allowsOverdamping = bounce < 0
        mass = spring.mass
        stiffness = spring.stiffness
        damping = spring.damping
        duration = settlingDuration
    }

    /// The pace of the spring: 2π √(mass ÷ stiffness), its undamped period.
    open var perceptualDuration: CFTimeInterval { spring.perceptualDuration }

    /// How much the spring overshoots: 1 − ζ for a damping ratio ζ ≤ 1, and 1/ζ − 1 for
    /// an overdamped one (negative only when ``allowsOverdamping``, else 0).
    open var bounce: CGFloat {
        let value = spring.bounce
        return allowsOverdamping ? value : max(0, value)
    }

    override func copyForAdding() -> CAAnimation {
        let copy = CASpringAnimation()
        copyBasic(to: copy)
        copy.mass = mass
        copy.stiffness = stiffness
        copy.damping = damping
        copy.initialVelocity = initialVelocity
        copy.presetSpring = presetSpring
        copy.allowsOverdamping = allowsOverdamping
        return copy
    }
}

/// How a keyframe animation moves between its values.
public enum CAAnimationCalculationMode: Sendable {
    /// Straight interpolation between neighbouring values at their key times.
    case linear
    /// Each value is held until the next key time.
    case discrete
    /// Key times are ignored; the values are spaced so the speed is constant.
    case paced
    /// Accepted for source compatibility; interpolates like `linear`.
    case cubic
    /// Accepted for source compatibility; interpolates like `paced`.
    case cubicPaced
}

/// Moves a property through a list of values.
///
/// `keyTimes` (0…1, one per value, first 0 and last 1) place the values; without
/// them the values are evenly spaced. `timingFunctions` (one per segment) pace
/// each segment; `timingFunction` paces the whole animation.
@preconcurrency @MainActor
open class CAKeyframeAnimation: CAPropertyAnimation {
    /// The values the property passes through, of the kind the key path animates; at least one.
    open var values: [Any]?
    /// When each value is reached, as fractions of the duration: non-decreasing, in 0…1, one
    /// per value (one more is also accepted in `.discrete` mode). Ignored in the paced modes.
    open var keyTimes: [NSNumber]?
    /// The pace of each segment between consecutive values; a missing entry is linear.
    open var timingFunctions: [CAMediaTimingFunction]?
    /// How the animation moves between values; `.linear` by default.
    open var calculationMode: CAAnimationCalculationMode = .linear

    override func copyForAdding() -> CAAnimation {
        let copy = CAKeyframeAnimation()
        copyProperty(to: copy)
        copy.values = values
        copy.keyTimes = keyTimes
        copy.timingFunctions = timingFunctions
        copy.calculationMode = calculationMode
        return copy
    }
}

/// Animations that run together on one layer, on the group's clock: UIKit's
/// `CAAnimationGroup`.
///
/// Each animation's `beginTime` is counted from the start of the group's cycle, and its
/// effect is cut to the group's ``CAAnimation/duration``; the group's timing (begin time,
/// repeats, autoreverses, speed, timing function, fill mode) moves them all. As in Core
/// Animation, the members' `delegate` and `isRemovedOnCompletion` are not used: the
/// group's are. A group may hold groups (each one's timing applies to the animations
/// inside it), up to 16 deep. Members that are not property
/// animations (basic, spring or keyframe) or groups, and groups nested deeper, are
/// reported when the group is added, and the group does not run.
@preconcurrency @MainActor
open class CAAnimationGroup: CAAnimation {
    /// The animations to run together.
    @exclusivity(unchecked) open var animations: [CAAnimation]?

    override func copyForAdding() -> CAAnimation { copy(depth: 0) }

    /// A copy with copies of its members, groups inside it too, as deep as groups may
    /// nest (`CALayer.groupNestingLimit`); deeper ones are kept as they are, not copied,
    /// so that a group that holds itself (or one nested 10,000 deep) does not recurse.
    /// Those are reported when the group is added.
    private func copy(depth: Int) -> CAAnimationGroup {
        let copy = CAAnimationGroup()
        copyTiming(to: copy)
        copy.animations = animations?.map { member in
            guard let group = member as? CAAnimationGroup else { return member.copyForAdding() }
            return depth + 1 < CALayer.groupNestingLimit ? group.copy(depth: depth + 1) : group
        }
        return copy
    }
}
