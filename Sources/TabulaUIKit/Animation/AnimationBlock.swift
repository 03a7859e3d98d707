import Foundation

/// One UIView animation block (begin/commit or a closure), from the moment it
/// opens until the outermost block commits and its animations start.
///
/// While a block is open, every change of a view's layer property is recorded
/// with its old model value and its on-screen value; the property's new value is
/// read from the model when the animations start. Starting applies the interruption
/// rule of the View Programming Guide ("Modifying Views at Runtime") per block:
///
/// - Without `beginsFromCurrentState`, a block that changes a property whose
///   earlier block animation is still in flight waits for it: the whole block
///   starts when the last such animation ends, and runs from the old model value
///   (where the in-flight one lands). The earlier one finishes normally. An
///   in-flight animation that repeats forever cannot be waited for; it is cut off.
/// - With it, the in-flight animation is cut off (its completion gets
///   `finished == false`) and the new one starts from the value on screen now.
///
/// Either way the property never jumps.
@MainActor
final class AnimationBlock {
    private static var serials = 0
    let serial: Int

    let animationID: String?
    let context: UnsafeMutableRawPointer?

    var duration: Double
    var delay: Double = 0
    var startDate: Date?
    var curve: TimingCurve = .easeInEaseOut
    /// Damping ratio and initial velocity of a spring block.
    var spring: (dampingRatio: Double, velocity: Double)?
    /// The spring of an iOS 17 spring block (perceptual duration and bounce), already solved.
    var springCurve: SpringCurve?
    var repeatCount: Double = 0
    var autoreverses = false
    var beginsFromCurrentState = false
    var allowsUserInteraction = false
    var layoutSubviewsAtCommit = false
    /// Set for `animateKeyframes` blocks.
    var keyframeMode: CAAnimationCalculationMode?

    var delegate: (any UIViewAnimationDelegate)?
    var willStart: ((String?, UnsafeMutableRawPointer?) -> Void)?
    var didStop: ((String?, Bool, UnsafeMutableRawPointer?) -> Void)?
    var completion: ((Bool) -> Void)?

    /// `setAnimationsEnabled(false)` inside a block lasts until the block commits.
    let animationsEnabledAtBegin: Bool

    struct Segment {
        let start: Double
        let duration: Double
        let value: AnimatableValue
    }

    struct Change {
        let layer: CALayer
        let key: LayerKey
        let old: AnimatableValue
        let presentation: AnimatableValue
        var segments: [Segment] = []
    }

    private(set) var changes: [Change] = []
    private var index: [ChangeID: Int] = [:]
    private var openSegment: (start: Double, duration: Double, touched: [Int])?

    private struct ChangeID: Hashable {
        let layer: ObjectIdentifier
        let key: LayerKey
    }

    init(animationID: String?, context: UnsafeMutableRawPointer?, duration: Double, animationsEnabled: Bool) {
        Self.serials += 1
        serial = Self.serials
        self.animationID = animationID
        self.context = context
        self.duration = duration
        animationsEnabledAtBegin = animationsEnabled
    }

    /// Copies the parameters of `parent` (a nested legacy block inherits them all).
    func inherit(from parent: AnimationBlock) {
        duration = parent.duration
        delay = parent.delay
        startDate = parent.startDate
        curve = parent.curve
        spring = parent.spring
        springCurve = parent.springCurve
        repeatCount = parent.repeatCount
        autoreverses = parent.autoreverses
        beginsFromCurrentState = parent.beginsFromCurrentState
        allowsUserInteraction = parent.allowsUserInteraction
    }

    // MARK: Recording

    /// Notes that `key` of `layer` changed from `old` (shown as `presentation`).
    func record(_ layer: CALayer, key: LayerKey, old: AnimatableValue, presentation: AnimatableValue) {
        let id = ChangeID(layer: ObjectIdentifier(layer), key: key)
        let i: Int
        if let existing = index[id] {
            i = existing
        } else {
            i = changes.count
            index[id] = i
            changes.append(Change(layer: layer, key: key, old: old, presentation: presentation))
        }
        if openSegment != nil, !openSegment!.touched.contains(i) { openSegment!.touched.append(i) }
    }

    func beginKeyframe(start: Double, duration: Double) {
        openSegment = (min(max(start, 0), 1), min(max(duration, 0), 1), [])
    }

    func endKeyframe() {
        guard let segment = openSegment else { return }
        openSegment = nil
        for i in segment.touched {
            let value = changes[i].key.value(in: changes[i].layer.modelValues)
            changes[i].segments.append(Segment(start: segment.start, duration: segment.duration, value: value))
        }
    }

    /// The views whose layers changed (for `.layoutSubviews`).
    var changedViews: [UIView] {
        var seen = Set<ObjectIdentifier>()
        return changes.compactMap { change in
            guard let view = change.layer.delegate as? UIView, seen.insert(ObjectIdentifier(view)).inserted else { return nil }
            return view
        }
    }

    // MARK: Starting

    /// Starts the blocks committed by one outermost commit, in the order they began.
    static func start(_ blocks: [AnimationBlock]) {
        let commit = CommitID()
        for block in blocks.sorted(by: { $0.serial < $1.serial }) { block.start(commit: commit) }
    }

    /// Identifies the animations started by one outermost commit: among those, a
    /// later block's change of the same property replaces an earlier one's.
    typealias CommitID = AnimationCommit

    /// A NaN or infinite duration or delay would show the start value for ever (or a NaN
    /// one) and never complete: it is reported, and such a duration makes the changes at
    /// once, such a delay starts them now.
    ///
    /// A spring's NaN or infinite damping ratio or velocity would make every frame NaN: it
    /// is reported too, and a damping ratio of 1 (no overshoot) or a velocity of 0 used.
    private func checkTiming() {
        if let s = spring, !s.dampingRatio.isFinite || !s.velocity.isFinite {
            let error = CAAnimationError(description: "UIView spring animation with a damping ratio of \(s.dampingRatio) "
                                         + "and an initial velocity of \(s.velocity), which must be finite numbers: "
                                         + "\(s.dampingRatio.isFinite ? s.dampingRatio : 1) and \(s.velocity.isFinite ? s.velocity : 0) are used")
            if let layer = changes.first?.layer { layer.reportInvalidAnimation(error) } else { CALayer.onInvalidAnimation(error) }
            spring = (s.dampingRatio.isFinite ? s.dampingRatio : 1, s.velocity.isFinite ? s.velocity : 0)
        }
        guard !duration.isFinite || !delay.isFinite else { return }
        var problems: [String] = []
        if !duration.isFinite { problems.append("a duration of \(duration)") }
        if !delay.isFinite { problems.append("a delay of \(delay)") }
        let instead = duration.isFinite ? "it starts now" : (delay.isFinite ? "the changes were made at once"
                                                                           : "the changes were made at once, now")
        let error = CAAnimationError(description: "UIView animation block with \(problems.joined(separator: " and ")), "
                                     + "which is not a finite time: \(instead)")
        if let layer = changes.first?.layer { layer.reportInvalidAnimation(error) } else { CALayer.onInvalidAnimation(error) }
        if !duration.isFinite { duration = 0 }
        if !delay.isFinite { delay = 0 }
    }

    private func makeGroup() -> AnimationGroup {
        let group = AnimationGroup()
        let (id, context) = (animationID, self.context)
        let (delegate, willStart, didStop, completion) = (self.delegate, self.willStart, self.didStop, self.completion)
        if delegate != nil || willStart != nil {
            group.onStart = {
                delegate?.animationWillStart(id, context: context)
                willStart?(id, context)
            }
        }
        group.onStop = { finished in
            delegate?.animationDidStop(id, finished: finished, context: context)
            didStop?(id, finished, context)
            completion?(finished)
        }
        if let parent = CATransaction.currentGroup { group.join(parent) }
        return group
    }

    private struct Plan {
        let change: Change
        let from: AnimatableValue
        let to: AnimatableValue
        let cut: [RunningAnimation]
        let hiddenUntil: Double
    }

    private func start(commit: CommitID) {
        checkTiming()
        let group = makeGroup()
        defer { group.seal() }
        guard duration > 0 else { return }
        // Times are kept relative to now until the end: each layer runs on its own
        // host's clock, and a block may change layers of two screens.
        var wait = 0.0

        var plans: [Plan] = []
        for change in changes {
            let clock = change.layer.alignAnimationClock()
            let to = change.key.value(in: change.layer.modelValues)
            var from = beginsFromCurrentState ? change.presentation : change.old
            var cut: [RunningAnimation] = []
            var hiddenUntil = -Double.infinity
            for anim in change.layer.inFlightBlockAnimations(for: change.key) {
                if anim.commit === commit || beginsFromCurrentState || !anim.endTime.isFinite {
                    cut.append(anim)
                    from = change.presentation
                } else {
                    hiddenUntil = max(hiddenUntil, anim.endTime)
                    wait = max(wait, anim.endTime - clock.now)
                }
            }
            if from == to && change.segments.isEmpty && cut.isEmpty { continue }
            plans.append(Plan(change: change, from: from, to: to, cut: cut, hiddenUntil: hiddenUntil))
        }

        let springCurve = self.springCurve
            ?? spring.map { SpringCurve(dampingRatio: $0.dampingRatio, initialVelocity: $0.velocity, duration: duration) }
        for plan in plans {
            let layer = plan.change.layer
            let clock = layer.alignAnimationClock()
            let delay = startDate.map { max(0, clock.mediaTime(for: $0) - clock.now) } ?? max(self.delay, 0)
            let begin = clock.now + max(delay, wait)
            for anim in plan.cut { layer.cutOff(anim) }
            let anim = makeAnimation(plan, spring: springCurve)
            anim.beginTime = begin
            anim.duration = duration
            anim.repeatCount = Float(repeatCount)
            anim.autoreverses = autoreverses
            // Before it begins (a delay, a start date) the layer shows the start value.
            anim.fillMode = .backwards
            let key = layer.freeAnimationKey(for: plan.change.key)
            guard let made = try? RunningAnimation.make(anim, key: key, layer: layer, begin: begin) else { continue }
            let running = made.0
            var core = made.1
            core.hiddenUntil = plan.hiddenUntil
            running.group = group
            running.isFromViewBlock = true
            running.commit = commit
            running.allowsUserInteraction = allowsUserInteraction
            group.addMember(on: layer)
            layer.install(running, core)
        }
    }

    private func makeAnimation(_ plan: Plan, spring: SpringCurve?) -> CAPropertyAnimation {
        let keyPath = plan.change.key.rawValue
        if let mode = keyframeMode {
            let anim = CAKeyframeAnimation(keyPath: keyPath)
            var values = [plan.from]
            var times = [0.0]
            var segments = plan.change.segments
            if segments.isEmpty { segments = [Segment(start: 0, duration: 1, value: plan.to)] }
            for s in segments.sorted(by: { $0.start < $1.start }) {
                let start = max(s.start, times.last!)
                if start > times.last! { values.append(values.last!); times.append(start) }
                values.append(s.value)
                times.append(min(max(start + s.duration, times.last!), 1))
            }
            if times.last! < 1 { values.append(values.last!); times.append(1) }
            anim.values = values.map(\.publicValue)
            anim.keyTimes = times.map { NSNumber(value: $0) }
            anim.calculationMode = mode
            anim.timingFunction = CAMediaTimingFunction(curve: curve)
            return anim
        }
        let anim: CABasicAnimation
        if let spring {
            let s = CASpringAnimation(keyPath: keyPath)
            s.presetSpring = spring
            anim = s
        } else {
            anim = CABasicAnimation(keyPath: keyPath)
            anim.timingFunction = CAMediaTimingFunction(curve: curve)
        }
        anim.fromValue = plan.from.publicValue
        anim.toValue = plan.to.publicValue
        return anim
    }
}
