import Foundation

/// Animates changes to views and lets you pause, scrub, reverse, stop and re-time the
/// animation while it runs (UIKit's interactive animator).
///
/// The blocks passed in run when the animator first starts or pauses: the views'
/// properties take their final values at once, and the animator shows the way there
/// on screen (`layer.presentation()`), on the clock of the views' host.
///
/// ```swift
/// let animator = UIViewPropertyAnimator(duration: 0.4, curve: .easeOut) { card.center.y = 100 }
/// animator.pauseAnimation()
/// animator.fractionComplete = 0.3              // from a pan gesture
/// animator.continueAnimation(withTimingParameters: nil, durationFactor: 0)
/// ```
///
/// Misuse that UIKit answers with an exception (starting a stopped animator, finishing
/// one that was not stopped, pausing a non-interruptible one, changing `isInterruptible`
/// while active, scrubbing while running) is reported through
/// `CALayer.onInvalidAnimation` and ignored: the animator stays as it was.
@preconcurrency @MainActor
open class UIViewPropertyAnimator: UIViewImplicitlyAnimating {
    private static var serials = 0
    private let serial: Int

    /// The timing the animator runs with (changed by ``continueAnimation(withTimingParameters:durationFactor:)``).
    public private(set) var timingParameters: (any UITimingCurveProvider)?
    /// The length of the whole animation in seconds (a spring given by mass, stiffness and
    /// damping runs until it settles instead).
    public let duration: TimeInterval
    /// The delay passed to ``startAnimation(afterDelay:)``.
    public private(set) var delay: TimeInterval = 0

    private var pending: [(block: () -> Void, delayFactor: Double)] = []
    private var tracks: [PropertyAnimatorTrack] = []
    private var completions: [(UIViewAnimatingPosition) -> Void] = []
    private var currentState: UIViewAnimatingState = .inactive
    private var running = false
    private var segment: AnimatorSegment?
    /// While paused: `fractionComplete`, and the progress on screen.
    private var pausedFraction = 0.0
    private var pausedShown = 0.0
    /// Set by a plain pause, so that resuming continues the same stretch exactly.
    private var resumable: (segment: AnimatorSegment, s: Double)?
    private var reversed = false
    private var interruptible = true
    private var userInteraction = true

    // MARK: Creating

    /// An animator with the timing `parameters` (a ``UICubicTimingParameters`` or
    /// ``UISpringTimingParameters``) over `duration` seconds. Add changes with
    /// ``addAnimations(_:)``. (Required, so that ``runningPropertyAnimator(withDuration:delay:options:animations:completion:)``
    /// can return `Self`; in UIKit it is a plain designated initializer.)
    public required init(duration: TimeInterval, timingParameters parameters: any UITimingCurveProvider) {
        Self.serials += 1
        serial = Self.serials
        self.duration = duration.isFinite ? max(duration, 0) : 0
        timingParameters = parameters
        if !duration.isFinite { report("a duration of \(duration) is not a finite time; 0 is used (the changes are made at once)") }
    }

    /// An animator with one of the named curves.
    public convenience init(duration: TimeInterval, curve: UIView.AnimationCurve, animations: (() -> Void)? = nil) {
        self.init(duration: duration, timingParameters: UICubicTimingParameters(animationCurve: curve))
        if let animations { addAnimations(animations) }
    }

    /// An animator with a cubic Bézier curve through `point1` and `point2`.
    public convenience init(duration: TimeInterval, controlPoint1 point1: CGPoint, controlPoint2 point2: CGPoint,
                            animations: (() -> Void)? = nil) {
        self.init(duration: duration, timingParameters: UICubicTimingParameters(controlPoint1: point1, controlPoint2: point2))
        if let animations { addAnimations(animations) }
    }

    /// An animator with a spring of damping ratio `ratio` that settles in `duration`.
    public convenience init(duration: TimeInterval, dampingRatio ratio: CGFloat, animations: (() -> Void)? = nil) {
        self.init(duration: duration, timingParameters: UISpringTimingParameters(dampingRatio: ratio))
        if let animations { addAnimations(animations) }
    }

    /// An animator that has already started (after `delay`), with the curve of `options`
    /// (its other options are ignored), calling `completion` when it ends.
    public class func runningPropertyAnimator(withDuration duration: TimeInterval, delay: TimeInterval,
                                              options: UIView.AnimationOptions = [], animations: @escaping () -> Void,
                                              completion: ((UIViewAnimatingPosition) -> Void)? = nil) -> Self {
        let animator = self.init(duration: duration, timingParameters: UICubicTimingParameters(animationCurve: options.curve))
        animator.addAnimations(animations)
        if let completion { animator.addCompletion(completion) }
        animator.startAnimation(afterDelay: delay)
        return animator
    }

    // MARK: Settings

    /// Whether the animator can be paused and stopped (default true). Setting it while active is reported and ignored.
    open var isInterruptible: Bool {
        get { interruptible }
        set {
            guard currentState == .inactive else { return report("isInterruptible cannot change while the animator is active") }
            interruptible = newValue
        }
    }

    /// Whether the animated views take touches (default true). Setting it while active is reported and ignored.
    open var isUserInteractionEnabled: Bool {
        get { userInteraction }
        set {
            guard currentState == .inactive else { return report("isUserInteractionEnabled cannot change while the animator is active") }
            userInteraction = newValue
        }
    }

    /// Stored for source compatibility; hit testing always uses the views' final (model) frames.
    open var isManualHitTestingEnabled = false

    /// Whether scrubbing a paused animator moves the views linearly (true, the default)
    /// or along the animator's curve.
    open var scrubsLinearly = true

    /// Whether the animator stays active and paused at the end instead of finishing
    /// (no completion runs), so that it can still be reversed.
    open var pausesOnCompletion = false

    // MARK: State

    /// Inactive, active (running or paused) or stopped.
    open var state: UIViewAnimatingState { currentState }

    /// True while active and not paused.
    open var isRunning: Bool { currentState == .active && running }

    /// Whether the animations run back to their start. Changing it while running turns the
    /// views around from where they are; the completion then reports `.start`.
    open var isReversed: Bool {
        get { reversed }
        set {
            guard newValue != reversed else { return }
            reversed = newValue
            resumable = nil
            guard isRunning, let segment else { return }
            let now = clock.now
            run(fromFraction: segment.fraction(at: now), shown: segment.shown(at: now), parameters: timingParameters,
                length: nil, delay: 0)
        }
    }

    /// How far the animation has got, 0 at its start and 1 at its end (not reversed by
    /// ``isReversed``). While running it moves linearly with time. Set it while paused to
    /// scrub (values are clamped to 0…1); setting it on an inactive animator pauses it
    /// first. Setting it while running or stopped is reported and ignored.
    open var fractionComplete: CGFloat {
        get {
            switch currentState {
            case .active where running: CGFloat(segment?.fraction(at: clock.now) ?? pausedFraction)
            default: CGFloat(pausedFraction)
            }
        }
        set {
            guard newValue.isFinite else { return report("fractionComplete must be a finite number, got \(newValue)") }
            if currentState == .inactive { pauseAnimation() }
            guard currentState == .active else { return report("fractionComplete cannot be set in state .\(currentState)") }
            guard !running else {
                return report("fractionComplete can be set only while the animator is paused; call pauseAnimation() first")
            }
            let f = min(max(Double(newValue), 0), 1)
            pausedFraction = f
            let base = basePace(length: duration)
            pausedShown = scrubsLinearly ? f : base.pace.progress(f, length: base.length)
            resumable = nil
            hold(at: pausedShown)
        }
    }

    // MARK: Blocks

    /// Adds changes to animate. Before the animator starts they run at its start; while it
    /// is active they run at once and animate over the remaining time. On a stopped
    /// animator the changes are made without animation and the mistake is reported.
    open func addAnimations(_ animation: @escaping () -> Void) { addAnimations(animation, delayFactor: 0) }

    /// Adds changes that begin after `delayFactor` (0…1) of the remaining duration.
    open func addAnimations(_ animation: @escaping () -> Void, delayFactor: CGFloat) {
        let factor = min(max(Double(delayFactor.isFinite ? delayFactor : 0), 0), 1)
        switch currentState {
        case .inactive:
            pending.append((animation, factor))
        case .stopped:
            report("addAnimations on a stopped animator: the changes were made without animation")
            UIView.performWithoutAnimation(animation)
        case .active:
            let now = clock.now
            let q = running ? (segment?.shown(at: now) ?? pausedShown) : pausedShown
            let start = reversed ? q : q + factor * (1 - q)
            let added = record(animation, start: start)
            for i in added {
                if running, let segment { tracks[i].show(segment, allowsUserInteraction: userInteraction) } else {
                    tracks[i].hold(at: pausedShown, allowsUserInteraction: userInteraction)
                }
            }
        }
    }

    /// Adds a block called once when the animations end, with where they ended (`.end`,
    /// `.start` for a reversed animator, or the position given to ``finishAnimation(at:)``).
    open func addCompletion(_ completion: @escaping (UIViewAnimatingPosition) -> Void) {
        completions.append(completion)
    }

    // MARK: Flow

    /// Starts the animations, or resumes them after a pause. Starting a stopped animator is reported and ignored.
    open func startAnimation() { start(afterDelay: 0) }

    /// Starts the animations after `delay` seconds; the views show their start values until then.
    open func startAnimation(afterDelay delay: TimeInterval) {
        self.delay = delay.isFinite ? max(delay, 0) : 0
        if !delay.isFinite { report("startAnimation(afterDelay:) with a delay of \(delay), which is not a finite time: it starts now") }
        start(afterDelay: self.delay)
    }

    private func start(afterDelay delay: Double) {
        switch currentState {
        case .stopped:
            report("startAnimation() on a stopped animator; a stopped animator must be finished with finishAnimation(at:)")
        case .inactive:
            activate()
            run(fromFraction: 0, shown: 0, parameters: timingParameters, length: nil, delay: delay)
        case .active:
            guard !running else { return }
            if let paused = resumable {
                var resumed = paused.segment
                resumed.begin = clock.now + delay - paused.s * resumed.length
                begin(resumed)
            } else {
                run(fromFraction: pausedFraction, shown: pausedShown, parameters: timingParameters, length: nil, delay: delay)
            }
        }
    }

    /// Pauses the animations where they are. On an inactive animator it runs the blocks and
    /// holds the views at the start. Pausing a non-interruptible or stopped animator is reported and ignored.
    open func pauseAnimation() {
        guard interruptible else { return report("pauseAnimation() on an animator that is not interruptible") }
        switch currentState {
        case .stopped:
            report("pauseAnimation() on a stopped animator")
        case .inactive:
            activate()
            pausedFraction = 0
            pausedShown = 0
            resumable = nil
            hold(at: 0)
        case .active:
            guard running, let segment else { return }
            let now = clock.now
            let s = segment.timeFraction(at: now)
            let shown = segment.shown(at: now)
            pausedShown = shown
            pausedFraction = scrubsLinearly ? min(max(shown, 0), 1) : segment.fraction(at: now)
            resumable = (segment, s)
            running = false
            hold(at: shown)
        }
    }

    /// Stops the animations where they are on screen; the views' properties take those values.
    /// `true` ends in `.inactive` without completions; `false` ends in `.stopped` until
    /// ``finishAnimation(at:)``. Stopping a non-interruptible animator is reported and ignored.
    open func stopAnimation(_ withoutFinishing: Bool) {
        guard currentState != .inactive else { return }
        guard interruptible else { return report("stopAnimation(_:) on an animator that is not interruptible") }
        if currentState == .active {
            let shown = running ? (segment?.shown(at: clock.now) ?? pausedShown) : pausedShown
            pausedFraction = running ? (segment?.fraction(at: clock.now) ?? pausedFraction) : pausedFraction
            pausedShown = shown
            settle { $0.value(at: shown) }
            running = false
            FrameEngine.removeFrameWork(of: self)
        }
        if withoutFinishing {
            reset()
        } else {
            currentState = .stopped
        }
    }

    /// Finishes a stopped animator: the properties move to `finalPosition` (`.current`
    /// leaves them where they stopped), the completions run and the animator becomes
    /// inactive. Calling it in any other state is reported and ignored.
    open func finishAnimation(at finalPosition: UIViewAnimatingPosition) {
        guard currentState == .stopped else {
            return report("finishAnimation(at: .\(finalPosition)) on an animator in state .\(currentState); call stopAnimation(false) first")
        }
        switch finalPosition {
        case .end: settle { $0.to }
        case .start: settle { $0.from }
        case .current: break
        }
        complete(at: finalPosition)
    }

    /// Resumes a paused animator toward its end (or start, if reversed) with new timing
    /// (nil keeps the current one). The rest takes `durationFactor` × ``duration`` seconds;
    /// 0 takes the time that remained at the original pace. A running animator is paused
    /// first; calling it on an inactive or stopped animator is reported and ignored.
    open func continueAnimation(withTimingParameters parameters: (any UITimingCurveProvider)?, durationFactor: CGFloat) {
        guard currentState == .active else {
            return report("continueAnimation(withTimingParameters:durationFactor:) on an animator in state .\(currentState)")
        }
        if running { pauseAnimation() }
        if let parameters { timingParameters = parameters }
        let factor = Double(durationFactor)
        let length = factor.isFinite && factor > 0 ? factor * duration : nil
        run(fromFraction: pausedFraction, shown: pausedShown, parameters: timingParameters, length: length, delay: 0)
    }

    // MARK: Running

    private var target: Double { reversed ? 0 : 1 }

    private var clock: MediaClock { FrameEngine.clock(of: tracks.first?.layer) }

    /// The pace of `timingParameters` for a stretch of `length` seconds, and the length it really takes.
    private func basePace(length: Double, parameters: (any UITimingCurveProvider)? = nil) -> (pace: AnimatorPace, length: Double) {
        let provider = parameters ?? timingParameters
        if let spring = provider?.springTimingParameters {
            let curve = spring.spring(duration: length)
            return (.spring(curve), spring.usesAnimatorDuration ? length : curve.settlingDuration)
        }
        return (.cubic(provider?.cubicTimingParameters?.curve ?? .easeInEaseOut), length)
    }

    /// Runs from fraction `f` (progress `shown` on screen) to the target.
    private func run(fromFraction f: Double, shown: Double, parameters: (any UITimingCurveProvider)?,
                     length: Double?, delay: Double) {
        let remaining = length ?? duration * abs(target - f)
        let (pace, realLength) = basePace(length: remaining, parameters: parameters)
        begin(AnimatorSegment(f0: f, f1: target, q0: shown, q1: target, begin: clock.now + delay,
                              length: realLength, pace: pace))
    }

    private func begin(_ segment: AnimatorSegment) {
        self.segment = segment
        running = true
        resumable = nil
        for track in tracks { track.show(segment, allowsUserInteraction: userInteraction) }
        FrameEngine.of(tracks.first?.layer).ticker.add(self) { [self] t in tick(t) }
    }

    /// Each frame while running: ends the run once its time is up.
    private func tick(_ t: Double) -> Bool {
        guard isRunning, let segment else { return false }
        guard t >= segment.end else { return true }
        running = false
        if pausesOnCompletion {
            pausedFraction = target
            pausedShown = target
            hold(at: target)
            return false
        }
        if reversed { settle { $0.from } } else { for track in tracks { track.removeAnimation() } }
        complete(at: reversed ? .start : .end)
        return false
    }

    private func hold(at q: Double) {
        for track in tracks { track.hold(at: q, allowsUserInteraction: userInteraction) }
    }

    /// Runs the blocks given before the start and becomes active.
    private func activate() {
        currentState = .active
        let blocks = pending
        pending = []
        for (block, factor) in blocks { _ = record(block, start: factor) }
    }

    /// Runs `block`, recording its changes as tracks that start at progress `start`;
    /// returns the indices of new tracks.
    private func record(_ block: () -> Void, start: Double) -> [Int] {
        var added: [Int] = []
        for change in UIView.recordChanges(block) {
            let to = change.key.value(in: change.layer.modelValues)
            if let i = tracks.firstIndex(where: { $0.layer === change.layer && $0.key == change.key }) {
                tracks[i].to = to
                continue
            }
            guard change.presentation != to else { continue }
            tracks.append(PropertyAnimatorTrack(layer: change.layer, key: change.key, from: change.presentation, to: to,
                                                start: start, animationKey: "UIViewPropertyAnimator.\(serial).\(tracks.count)"))
            added.append(tracks.count - 1)
        }
        return added
    }

    /// Sets every property to `value(track)` and removes the animations.
    private func settle(_ value: (PropertyAnimatorTrack) -> AnimatableValue) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        UIView.performWithoutAnimation {
            for track in tracks { track.setModel(value(track)) }
        }
        CATransaction.commit()
        for track in tracks { track.removeAnimation() }
    }

    private func complete(at position: UIViewAnimatingPosition) {
        let list = completions
        reset()
        for completion in list { completion(position) }
    }

    private func reset() {
        for track in tracks { track.removeAnimation() }
        FrameEngine.removeFrameWork(of: self)
        tracks = []
        completions = []
        segment = nil
        resumable = nil
        running = false
        currentState = .inactive
    }

    /// Reports a misuse of the animator: to the screen of the views it animates, or else
    /// to `CALayer.onInvalidAnimation`.
    private func report(_ message: String) {
        let error = CAAnimationError(description: "UIViewPropertyAnimator: \(message)")
        if let layer = tracks.first?.layer { layer.reportInvalidAnimation(error) } else { CALayer.onInvalidAnimation(error) }
    }
}
