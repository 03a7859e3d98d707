import Foundation

/// The legacy animation delegate (UIKit's `setAnimationDelegate:` with its
/// will-start and did-stop selectors; there are no selectors on Linux, so the
/// delegate adopts this protocol, or the block sets closures instead).
@preconcurrency @MainActor
public protocol UIViewAnimationDelegate: AnyObject {
    /// Called when the animations of the block opened with `animationID` start.
    func animationWillStart(_ animationID: String?, context: UnsafeMutableRawPointer?)
    /// Called when the block's animations stop; `finished` is false when another animation cut them off.
    func animationDidStop(_ animationID: String?, finished: Bool, context: UnsafeMutableRawPointer?)
}

extension UIViewAnimationDelegate {
    /// Does nothing.
    public func animationWillStart(_ animationID: String?, context: UnsafeMutableRawPointer?) {}
    /// Does nothing.
    public func animationDidStop(_ animationID: String?, finished: Bool, context: UnsafeMutableRawPointer?) {}
}

extension UIView {
    /// The pace of a legacy animation block.
    public enum AnimationCurve: Int, Sendable {
        /// Slow at the start and the end (the default).
        case easeInOut
        /// Slow at the start, then speeding up.
        case easeIn
        /// Fast at the start, then slowing down.
        case easeOut
        /// Constant speed.
        case linear

        var timingCurve: TimingCurve {
            switch self {
            case .easeInOut: .easeInEaseOut
            case .easeIn: .easeIn
            case .easeOut: .easeOut
            case .linear: .linear
            }
        }
    }

    /// Options of the closure-based animation methods, with UIKit's raw values.
    public struct AnimationOptions: OptionSet, Sendable {
        /// The options' bit mask, with UIKit's values.
        public let rawValue: UInt
        /// Creates options from a bit mask.
        public init(rawValue: UInt) { self.rawValue = rawValue }

        /// Lays out the changed views inside the block, so that their subviews animate too.
        public static let layoutSubviews = AnimationOptions(rawValue: 1 << 0)
        /// The animated views keep receiving touches.
        public static let allowUserInteraction = AnimationOptions(rawValue: 1 << 1)
        /// Starts from the value on screen, cutting off an in-flight animation of the property.
        public static let beginFromCurrentState = AnimationOptions(rawValue: 1 << 2)
        /// Repeats forever.
        public static let `repeat` = AnimationOptions(rawValue: 1 << 3)
        /// Runs forwards, then backwards.
        public static let autoreverse = AnimationOptions(rawValue: 1 << 4)
        /// A nested block keeps its own duration instead of its parent's.
        public static let overrideInheritedDuration = AnimationOptions(rawValue: 1 << 5)
        /// A nested block keeps its own curve instead of its parent's.
        public static let overrideInheritedCurve = AnimationOptions(rawValue: 1 << 6)
        /// Accepted for source compatibility; in a transition the new content is a still picture all the same.
        public static let allowAnimatedContent = AnimationOptions(rawValue: 1 << 7)
        /// `transition(from:to:…)` hides the old view and shows the new one instead of removing and adding them.
        public static let showHideTransitionViews = AnimationOptions(rawValue: 1 << 8)
        /// A nested block inherits none of its parent's options.
        public static let overrideInheritedOptions = AnimationOptions(rawValue: 1 << 9)

        /// Ease in and out: slow at the start and the end. The default (its raw value is 0).
        public static let curveEaseInOut = AnimationOptions(rawValue: 0 << 16)
        /// Ease in: slow at the start.
        public static let curveEaseIn = AnimationOptions(rawValue: 1 << 16)
        /// Ease out: slow at the end.
        public static let curveEaseOut = AnimationOptions(rawValue: 2 << 16)
        /// Constant speed.
        public static let curveLinear = AnimationOptions(rawValue: 3 << 16)

        var curve: AnimationCurve { AnimationCurve(rawValue: Int((rawValue >> 16) & 3)) ?? .easeInOut }
    }

    /// Options of ``animateKeyframes(withDuration:delay:options:animations:completion:)``.
    public struct KeyframeAnimationOptions: OptionSet, Sendable {
        /// The options' bit mask, with UIKit's values.
        public let rawValue: UInt
        /// Creates options from a bit mask.
        public init(rawValue: UInt) { self.rawValue = rawValue }

        /// Lays out the changed views inside the block, so that their subviews animate too.
        public static let layoutSubviews = KeyframeAnimationOptions(rawValue: 1 << 0)
        /// The animated views keep receiving touches.
        public static let allowUserInteraction = KeyframeAnimationOptions(rawValue: 1 << 1)
        /// Starts from the value on screen, cutting off an in-flight animation of the property.
        public static let beginFromCurrentState = KeyframeAnimationOptions(rawValue: 1 << 2)
        /// Repeats forever.
        public static let `repeat` = KeyframeAnimationOptions(rawValue: 1 << 3)
        /// Runs forwards, then backwards.
        public static let autoreverse = KeyframeAnimationOptions(rawValue: 1 << 4)
        /// A nested block keeps its own duration instead of its parent's.
        public static let overrideInheritedDuration = KeyframeAnimationOptions(rawValue: 1 << 5)
        /// A nested block inherits none of its parent's options.
        public static let overrideInheritedOptions = KeyframeAnimationOptions(rawValue: 1 << 9)
        /// Interpolates straight between keyframes (the default; its raw value is 0).
        public static let calculationModeLinear = KeyframeAnimationOptions(rawValue: 0 << 10)
        /// Jumps from one keyframe's values to the next, without interpolating.
        public static let calculationModeDiscrete = KeyframeAnimationOptions(rawValue: 1 << 10)
        /// Ignores the keyframes' times and spaces the values so the speed is constant.
        public static let calculationModePaced = KeyframeAnimationOptions(rawValue: 2 << 10)
        /// Accepted for source compatibility; interpolates like `calculationModeLinear`.
        public static let calculationModeCubic = KeyframeAnimationOptions(rawValue: 3 << 10)
        /// Accepted for source compatibility; interpolates like `calculationModePaced`.
        public static let calculationModeCubicPaced = KeyframeAnimationOptions(rawValue: 4 << 10)

        var calculationMode: CAAnimationCalculationMode {
            switch (rawValue >> 10) & 7 {
            case 1: .discrete
            case 2: .paced
            case 3: .cubic
            case 4: .cubicPaced
            default: .linear
            }
        }
    }

    // MARK: State

    /// Blocks begun and not yet committed, innermost last.
    private static var openBlocks: [AnimationBlock] = []
    /// Nested blocks already committed, waiting for the outermost commit.
    private static var committedBlocks: [AnimationBlock] = []
    private static var animationsEnabled = true

    /// The block that records changes now, if animations are enabled.
    static var recordingBlock: AnimationBlock? { animationsEnabled ? openBlocks.last : nil }

    // MARK: Closure API

    /// Animates the changes made in `animations` over `duration` seconds
    /// (ease-in-ease-out), then calls `completion` with whether they ran to the end.
    ///
    /// Inside the block the model changes at once: reading a property gives its new
    /// value; `layer.presentation()` gives what is on screen. A duration of 0 or less
    /// makes the changes without animation (`completion` still runs, on the next frame).
    public class func animate(withDuration duration: TimeInterval, delay: TimeInterval,
                              options: AnimationOptions = [], animations: @escaping () -> Void,
                              completion: ((Bool) -> Void)? = nil) {
        let block = makeBlock(duration: duration, delay: delay, options: options)
        block.completion = completion
        run(block, animations)
    }

    /// Animates the changes made in `animations` over `duration` seconds, with no delay and
    /// the ease-in-ease-out curve, then calls `completion` with whether they ran to the end.
    public class func animate(withDuration duration: TimeInterval, animations: @escaping () -> Void,
                              completion: ((Bool) -> Void)? = nil) {
        animate(withDuration: duration, delay: 0, options: [], animations: animations, completion: completion)
    }

    /// Animates the changes made in `animations` over `duration` seconds, with no delay and
    /// the ease-in-ease-out curve.
    public class func animate(withDuration duration: TimeInterval, animations: @escaping () -> Void) {
        animate(withDuration: duration, delay: 0, options: [], animations: animations, completion: nil)
    }

    /// Animates with a damped spring that settles in `duration`.
    ///
    /// - Parameters:
    ///   - duration: How long the animation takes, in seconds.
    ///   - delay: How long to wait before it starts, in seconds.
    ///   - dampingRatio: 1 comes to rest without overshooting; smaller values oscillate.
    ///   - velocity: the initial speed, where 1 is the whole change per second.
    ///   - options: How to animate (curve options are overridden by the spring).
    ///   - animations: The changes to animate.
    ///   - completion: Called with true when the animation ran to its end.
    public class func animate(withDuration duration: TimeInterval, delay: TimeInterval,
                              usingSpringWithDamping dampingRatio: CGFloat, initialSpringVelocity velocity: CGFloat,
                              options: AnimationOptions = [], animations: @escaping () -> Void,
                              completion: ((Bool) -> Void)? = nil) {
        let block = makeBlock(duration: duration, delay: delay, options: options.union(.overrideInheritedCurve))
        block.spring = (Double(dampingRatio), Double(velocity))
        block.completion = completion
        run(block, animations)
    }

    /// Animates the changes made in `animations` with a spring described as iOS 17 does:
    /// `duration` is its pace (about the settling time of a spring without bounce, the
    /// period of a bouncy one) and `bounce` how much it overshoots (0 none, up to 1;
    /// negative values are overdamped). The animation runs until the spring settles, which
    /// for a bouncy spring is longer than `duration`. `initialSpringVelocity` is in units
    /// of the whole change per second, as in the damping-ratio form.
    public class func animate(springDuration duration: TimeInterval = 0.5, bounce: CGFloat = 0.0,
                              initialSpringVelocity: CGFloat = 0.0, delay: TimeInterval = 0.0,
                              options: AnimationOptions = [], animations: () -> Void,
                              completion: ((Bool) -> Void)? = nil) {
        let spring = SpringCurve(perceptualDuration: duration, bounce: Double(bounce),
                                 initialVelocity: Double(initialSpringVelocity))
        let block = makeBlock(duration: spring.settlingDuration, delay: delay,
                              options: options.union([.overrideInheritedCurve, .overrideInheritedDuration]))
        block.springCurve = spring
        block.completion = completion
        run(block, animations)
    }

    /// Animates through keyframes added with ``addKeyframe(withRelativeStartTime:relativeDuration:animations:)``
    /// inside `animations`. Changes made outside any keyframe span the whole duration.
    /// The overall pace is linear unless a curve option's raw value is passed.
    public class func animateKeyframes(withDuration duration: TimeInterval, delay: TimeInterval,
                                       options: KeyframeAnimationOptions = [], animations: @escaping () -> Void,
                                       completion: ((Bool) -> Void)? = nil) {
        var viewOptions = AnimationOptions(rawValue: options.rawValue & 0x3FF)
        if options.rawValue & (3 << 16) == 0 { viewOptions.insert(.curveLinear) } else {
            viewOptions.insert(AnimationOptions(rawValue: options.rawValue & (3 << 16)))
        }
        let block = makeBlock(duration: duration, delay: delay, options: viewOptions.union(.overrideInheritedCurve))
        block.keyframeMode = options.calculationMode
        block.completion = completion
        run(block, animations)
    }

    /// Adds a keyframe to the enclosing `animateKeyframes` block: the changes made in
    /// `animations` happen between `frameStartTime` and `frameStartTime + frameDuration`
    /// (fractions of the whole duration). Outside a keyframe block the changes are made
    /// without animation and the mistake is reported.
    public class func addKeyframe(withRelativeStartTime frameStartTime: Double, relativeDuration frameDuration: Double,
                                  animations: @escaping () -> Void) {
        guard let block = openBlocks.last, block.keyframeMode != nil else {
            CALayer.onInvalidAnimation(CAAnimationError(description: "UIView.addKeyframe(withRelativeStartTime: \(frameStartTime), relativeDuration: \(frameDuration)) called outside animateKeyframes; the changes were made without animation"))
            performWithoutAnimation(animations)
            return
        }
        block.beginKeyframe(start: frameStartTime, duration: frameDuration)
        animations()
        block.endKeyframe()
    }

    /// Runs `actionsWithoutAnimation` with animations disabled, even inside an animation block.
    public class func performWithoutAnimation(_ actionsWithoutAnimation: () -> Void) {
        let saved = animationsEnabled
        animationsEnabled = false
        actionsWithoutAnimation()
        animationsEnabled = saved
    }

    /// Repeats the animations of the changes made in `animations` `count` times (a
    /// fraction plays part of the last cycle), running each cycle forward then back when
    /// `autoreverses` is set; their duration, delay and curve are the enclosing block's.
    /// At the end the properties take their new values, as with `.repeat`.
    ///
    /// Call it inside an animation block. Outside one the changes are made without
    /// animation and the mistake is reported. A negative or non-finite count is taken as 0
    /// (one cycle without repeating); `.infinity` repeats forever.
    public class func modifyAnimations(withRepeatCount count: CGFloat, autoreverses: Bool, animations: () -> Void) {
        guard let parent = openBlocks.last else {
            CALayer.onInvalidAnimation(CAAnimationError(description: "UIView.modifyAnimations(withRepeatCount: \(count), autoreverses: \(autoreverses)) called outside an animation block; the changes were made without animation"))
            performWithoutAnimation(animations)
            return
        }
        let block = AnimationBlock(animationID: nil, context: nil, duration: parent.duration,
                                   animationsEnabled: animationsEnabled)
        block.inherit(from: parent)
        block.repeatCount = count == .infinity ? .infinity : (count.isFinite ? Double(max(count, 0)) : 0)
        block.autoreverses = autoreverses
        run(block, animations)
    }

    /// Runs a system animation on `views` alongside `parallelAnimations` (animated with the
    /// same timing), then calls `completion`. `.delete` fades the views out and removes
    /// them from their superviews when it ends; their alpha is then put back, so a view
    /// added again shows. Tabula's system animation lasts 0.3 s; `options` apply to it
    /// (its curve, `.beginFromCurrentState`, `.allowUserInteraction`).
    public class func perform(_ animation: SystemAnimation, on views: [UIView], options: AnimationOptions = [],
                              animations parallelAnimations: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        let alphas = views.map(\.alpha)
        animate(withDuration: systemAnimationDuration, delay: 0, options: options, animations: {
            switch animation {
            case .delete: for view in views { view.alpha = 0 }
            }
            parallelAnimations?()
        }, completion: { finished in
            switch animation {
            case .delete:
                performWithoutAnimation {
                    for (view, alpha) in zip(views, alphas) {
                        view.removeFromSuperview()
                        view.alpha = alpha
                    }
                }
            }
            completion?(finished)
        })
    }

    /// The length of a system animation (``perform(_:on:options:animations:completion:)``).
    static let systemAnimationDuration: TimeInterval = 0.3

    /// A system animation run by ``perform(_:on:options:animations:completion:)``.
    public enum SystemAnimation: UInt, Sendable {
        /// Fades the views out and removes them from their superviews.
        case delete = 0
    }

    /// The duration of the innermost open animation block, or 0 outside one.
    public class var inheritedAnimationDuration: TimeInterval { openBlocks.last?.duration ?? 0 }

    private static func makeBlock(duration: Double, delay: Double, options: AnimationOptions) -> AnimationBlock {
        let parent = openBlocks.last
        let block = AnimationBlock(animationID: nil, context: nil, duration: duration, animationsEnabled: animationsEnabled)
        block.delay = max(delay, 0)
        block.curve = options.curve.timingCurve
        block.repeatCount = options.contains(.repeat) ? .infinity : 0
        block.autoreverses = options.contains(.autoreverse)
        block.beginsFromCurrentState = options.contains(.beginFromCurrentState)
        block.allowsUserInteraction = options.contains(.allowUserInteraction)
        block.layoutSubviewsAtCommit = options.contains(.layoutSubviews)
        if let parent {
            // Nested blocks start with their parent: its delay comes first.
            block.delay += parent.delay
            block.startDate = parent.startDate
            if !options.contains(.overrideInheritedDuration) { block.duration = parent.duration }
            if !options.contains(.overrideInheritedCurve) {
                block.curve = parent.curve
                block.spring = parent.spring
                block.springCurve = parent.springCurve
            }
            if !options.contains(.overrideInheritedOptions) {
                if parent.repeatCount != 0 && block.repeatCount == 0 { block.repeatCount = parent.repeatCount }
                block.autoreverses = block.autoreverses || parent.autoreverses
                block.beginsFromCurrentState = block.beginsFromCurrentState || parent.beginsFromCurrentState
                block.allowsUserInteraction = block.allowsUserInteraction || parent.allowsUserInteraction
            }
        }
        return block
    }

    private static func run(_ block: AnimationBlock, _ animations: () -> Void) {
        openBlocks.append(block)
        animations()
        if block.layoutSubviewsAtCommit {
            for view in block.changedViews { view.layoutIfNeeded() }
        }
        commit(block)
    }

    private static func commit(_ block: AnimationBlock) {
        if let i = openBlocks.lastIndex(where: { $0 === block }) { openBlocks.remove(at: i) }
        animationsEnabled = block.animationsEnabledAtBegin
        committedBlocks.append(block)
        guard openBlocks.isEmpty else { return }
        let blocks = committedBlocks
        committedBlocks = []
        AnimationBlock.start(blocks)
    }

    /// Runs `animations` with a block open that records changes but never starts them,
    /// and returns what changed (``UIViewPropertyAnimator`` animates them itself). Blocks
    /// nested in `animations` start as usual when it returns.
    static func recordChanges(_ animations: () -> Void) -> [AnimationBlock.Change] {
        let block = AnimationBlock(animationID: nil, context: nil, duration: 1, animationsEnabled: animationsEnabled)
        openBlocks.append(block)
        animations()
        if let i = openBlocks.lastIndex(where: { $0 === block }) { openBlocks.remove(at: i) }
        animationsEnabled = block.animationsEnabledAtBegin
        if openBlocks.isEmpty, !committedBlocks.isEmpty {
            let blocks = committedBlocks
            committedBlocks = []
            AnimationBlock.start(blocks)
        }
        return block.animationsEnabledAtBegin ? block.changes : []
    }

    // MARK: Legacy begin/commit API

    /// Opens an animation block: changes until ``commitAnimations()`` animate.
    /// Nested blocks inherit the enclosing block's parameters unless they set their own,
    /// and start only when the outermost block commits.
    ///
    /// - Parameters:
    ///   - animationID: passed back to the delegate's callbacks.
    ///   - context: passed back to the delegate's callbacks.
    public class func beginAnimations(_ animationID: String?, context: UnsafeMutableRawPointer?) {
        let block = AnimationBlock(animationID: animationID, context: context, duration: 0.2,
                                   animationsEnabled: animationsEnabled)
        if let parent = openBlocks.last { block.inherit(from: parent) }
        openBlocks.append(block)
    }

    /// Closes the innermost block; when it is the outermost, its animations (and those
    /// of the blocks nested in it) start. Without an open block nothing happens and the
    /// mistake is reported.
    public class func commitAnimations() {
        guard let block = openBlocks.last else {
            CALayer.onInvalidAnimation(CAAnimationError(description: "UIView.commitAnimations() called without a matching beginAnimations(_:context:)"))
            return
        }
        commit(block)
    }

    /// Seconds over which the block's changes animate (default 0.2). Outside a block, does nothing.
    public class func setAnimationDuration(_ duration: TimeInterval) { openBlocks.last?.duration = duration }

    /// Seconds between the commit and the start.
    public class func setAnimationDelay(_ delay: TimeInterval) { openBlocks.last?.delay = max(delay, 0) }

    /// When the animations start: a date on the host's clock (see ``HeadlessScreen/currentDate``).
    public class func setAnimationStart(_ startDate: Date) { openBlocks.last?.startDate = startDate }

    /// The pace of the block's animations (default ease-in-ease-out). Outside a block, does nothing.
    public class func setAnimationCurve(_ curve: AnimationCurve) { openBlocks.last?.curve = curve.timingCurve }

    /// How many times the animations run; fractions stop part-way through a cycle.
    public class func setAnimationRepeatCount(_ repeatCount: Float) {
        openBlocks.last?.repeatCount = Double(max(repeatCount, 0))
    }

    /// Whether each repetition runs back to the start value.
    public class func setAnimationRepeatAutoreverses(_ repeatAutoreverses: Bool) {
        openBlocks.last?.autoreverses = repeatAutoreverses
    }

    /// Whether the block cuts off in-flight animations of the same properties and starts
    /// from the values on screen (true), or waits for them to finish (false, the default).
    public class func setAnimationBeginsFromCurrentState(_ fromCurrentState: Bool) {
        openBlocks.last?.beginsFromCurrentState = fromCurrentState
    }

    /// The object told when the block starts and stops.
    public class func setAnimationDelegate(_ delegate: (any UIViewAnimationDelegate)?) {
        openBlocks.last?.delegate = delegate
    }

    /// Called when the block's animations start (the will-start selector's counterpart).
    public class func setAnimationWillStart(_ handler: ((_ animationID: String?, _ context: UnsafeMutableRawPointer?) -> Void)?) {
        openBlocks.last?.willStart = handler
    }

    /// Called when the block's animations stop (the did-stop selector's counterpart);
    /// `finished` is false when another animation cut them off.
    public class func setAnimationDidStop(_ handler: ((_ animationID: String?, _ finished: Bool, _ context: UnsafeMutableRawPointer?) -> Void)?) {
        openBlocks.last?.didStop = handler
    }

    /// Turns animation of property changes on or off. Inside a block the setting lasts
    /// until it is changed again or the block commits.
    public class func setAnimationsEnabled(_ enabled: Bool) { animationsEnabled = enabled }

    /// Whether changes made in animation blocks animate: false after
    /// ``setAnimationsEnabled(_:)`` turns them off and inside ``performWithoutAnimation(_:)``.
    public class var areAnimationsEnabled: Bool { animationsEnabled }
}

/// How a view's layer hands its changes to the view (UIKit's `action(for:forKey:)`):
/// a change made inside an open animation block is recorded into it, with the value on
/// screen now; outside a block, or with actions disabled, the change takes effect at once.
extension UIView: ViewLayerDelegate {
    package func layer(_ layer: CALayer, didChange key: LayerKey, from old: AnimatableValue) {
        // Recorded before anything reacts to it: a reaction may change the same property
        // again (a scroll view whose new size moves its safe area, and so the offset of
        // content resting at its top), and the block keeps the old value of the change
        // it records first, which must be this one's.
        // A layout guide's stand-in is in no layer tree, so an animation of it would never
        // run, never end, and hold its block's completion open for ever; a guide's
        // `layoutFrame` is a model value in UIKit too, never animated.
        if let block = UIView.recordingBlock, !CATransaction.disableActions(), !(self is LayoutGuideProxy) {
            block.record(layer, key: key, old: old, presentation: layer.presentationValue(of: key, modelValue: old))
        }
        if key == .position || key == .bounds || key == .transform || key == .anchorPoint, !isSettingFrame {
            geometryDidChangeForSafeArea()
        }
        // A window's new size can bring new size classes: the traits views keep are worked
        // out again (however the bounds were set: the view's frame or bounds, or its layer's).
        if key == .bounds, superview == nil, self is UIWindow { UIView.traitEpoch &+= 1 }
    }
}
