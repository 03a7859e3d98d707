import Foundation

/// The per-frame part of an animation on a layer: timing, pace and — for the
/// common kinds (numbers, points, sizes, rects, colours) — both end values as
/// four-component vectors. It is plain data without references, so that a frame
/// over ten thousand layers does no reference counting. Anything else (transforms,
/// values read from the layer each frame, keyframes) lives in the animation's
/// ``SlowTrack`` on its ``RunningAnimation``.
package struct AnimationCore {
    enum Pace: Equatable {
        case bezier(TimingCurve)
        case spring(SpringCurve.Solution)
    }

    /// Two end values as vectors (colours premultiplied, so that blending matches
    /// `Color/interpolated(to:fraction:)`).
    struct FastTrack {
        enum Kind { case scalar, point, size, rect, color }
        let kind: Kind
        let from: SIMD4<Double>
        let to: SIMD4<Double>

        init?(_ a: AnimatableValue, _ b: AnimatableValue) {
            guard let (kind, va) = Self.vector(a), let (kindB, vb) = Self.vector(b), kind == kindB else { return nil }
            self.kind = kind
            from = va
            to = vb
        }

        /// The track of a number from `a` to `b`, as `init(.scalar(a), .scalar(b))` makes it.
        init(scalarFrom a: Double, to b: Double) {
            kind = .scalar
            from = SIMD4(a, 0, 0, 0)
            to = SIMD4(b, 0, 0, 0)
        }

        static func vector(_ v: AnimatableValue) -> (Kind, SIMD4<Double>)? {
            switch v {
            case .scalar(let s): (.scalar, SIMD4(s, 0, 0, 0))
            case .point(let p): (.point, SIMD4(Double(p.x), Double(p.y), 0, 0))
            case .size(let s): (.size, SIMD4(Double(s.width), Double(s.height), 0, 0))
            // As stored, not standardized: an additive offset's size may be negative.
            case .rect(let r): (.rect, SIMD4(Double(r.origin.x), Double(r.origin.y), Double(r.size.width),
                                              Double(r.size.height)))
            case .color(let c): (.color, SIMD4(c.red * c.alpha, c.green * c.alpha, c.blue * c.alpha, c.alpha))
            case .transform, .path, .colors, .numbers: nil
            }
        }

        func value(_ v: SIMD4<Double>) -> AnimatableValue {
            switch kind {
            case .scalar: .scalar(v[0])
            case .point: .point(CGPoint(x: v[0], y: v[1]))
            case .size: .size(CGSize(width: v[0], height: v[1]))
            case .rect: .rect(CGRect(x: v[0], y: v[1], width: v[2], height: v[3]))
            case .color: .color(Self.color(v))
            }
        }

        static func color(_ v: SIMD4<Double>) -> Color {
            let a = min(max(v[3], 0), 1)
            guard a > 0 else { return Color(red: 0, green: 0, blue: 0, alpha: 0) }
            return Color(red: min(max(v[0] / a, 0), 1), green: min(max(v[1] / a, 0), 1),
                         blue: min(max(v[2] / a, 0), 1), alpha: a)
        }
    }

    private(set) var timing: MediaTiming
    let pace: Pace
    /// Nil when the animation needs its slow track.
    let fast: FastTrack?
    let keyPath: AnimationKeyPath
    let isAdditive: Bool
    let isRemovedOnCompletion: Bool
    /// Before this time the animation has no effect at all: a block queued behind an
    /// in-flight one waits invisibly until that one ends (then fills backwards).
    package var hiddenUntil = -Double.infinity {
        didSet { if hiddenUntil.bitPattern != oldValue.bitPattern { timingID = 0 } }
    }
    /// The number of this animation's timing, pace and start (``timing``, ``pace`` and
    /// ``hiddenUntil``) among the animations installed lately, given by
    /// ``AnimationTimingIDs`` when the animation is installed: two animations with the same
    /// number move at the same progress at every time, so a frame computes it once for
    /// both (``ProgressMemo``). 0 until installed, and again once its timing or start
    /// changes: the progress of such an animation is computed on its own.
    var timingID = 0
    var didStart = false
    var didStop = false

    /// Moves the animation `seconds` later on its clock (a layer changing clocks).
    mutating func shift(by seconds: Double) {
        timing.beginTime += seconds
        hiddenUntil += seconds
        timingID = 0
    }

    /// True for an additive animation by nothing at either end (an update holding a view
    /// where it is until the update is due to end): it changes no value at any time, so
    /// frames skip its progress. Its start and stop still count.
    @inline(__always)
    var isInert: Bool {
        guard isAdditive, let fast else { return false }
        return fast.from == .zero && fast.to == .zero
    }

    /// True when the animation starts or stops at `t` (not yet reported).
    @inline(__always)
    func hasEvent(at t: Double) -> Bool {
        (!didStart && t >= timing.beginTime && t >= hiddenUntil) || (!didStop && t >= timing.endTime)
    }

    /// The fraction of the change at time `t`, or nil when the animation has no effect then.
    /// (A ``ProgressMemo`` computes it once for animations with the same timing.)
    @inline(__always)
    func progress(at t: Double) -> Double? {
        if t < hiddenUntil { return nil }
        let f: Double
        switch timing.phase(at: t) {
        case .active(let fraction): f = fraction
        case .before(let fraction?), .after(let fraction?): f = fraction
        default: return nil
        }
        switch pace {
        case .bezier(let curve): return curve.isLinear ? f : curve.value(at: f)
        case .spring(let spring): return 1 + spring.displacement(f * timing.duration)
        }
    }

    /// The earliest time at which ``hasEvent(at:)`` becomes true, or nil when a time it
    /// compares with is not a number.
    var nextEventTime: Double? {
        guard !timing.beginTime.isNaN, !hiddenUntil.isNaN, !timing.endTime.isNaN else { return nil }
        let start = didStart ? Double.infinity : max(timing.beginTime, hiddenUntil)
        return min(start, didStop ? Double.infinity : timing.endTime)
    }

    /// Applies a fast-track animation's value at progress `x` (see ``progress(at:)``) to `p`.
    @inline(__always)
    func applyFast(_ track: FastTrack, progress x: Double, to p: inout LayerProperties) {
        Self.apply(track, at: keyPath, isAdditive: isAdditive, progress: x, to: &p)
    }

    /// Applies the value of `track` at progress `x` to `keyPath` of `p` (added to what is
    /// there when `isAdditive`).
    @inline(__always)
    static func apply(_ track: FastTrack, at keyPath: AnimationKeyPath, isAdditive: Bool, progress x: Double,
                      to p: inout LayerProperties) {
        var x = x
        if track.kind == .color { x = min(max(x, 0), 1) }
        let v = track.from + (track.to - track.from) * x
        if isAdditive, keyPath.component == .whole, addInPlace(v, to: keyPath.key, of: &p) { return }
        if isAdditive || keyPath.component != .whole {
            var value = track.value(v)
            if isAdditive { value = keyPath.value(in: p).adding(value) }
            keyPath.set(value, in: &p)
            return
        }
        switch keyPath.key {
        case .opacity: p.opacity = Float(v[0])
        case .cornerRadius: p.cornerRadius = CGFloat(v[0])
        case .zPosition: p.zPosition = CGFloat(v[0])
        case .position: p.position = CGPoint(x: v[0], y: v[1])
        case .anchorPoint: p.anchorPoint = CGPoint(x: v[0], y: v[1])
        case .bounds: p.bounds = CGRect(x: v[0], y: v[1], width: v[2], height: v[3])
        case .contentsCenter: p.contentsCenter = CGRect(x: v[0], y: v[1], width: v[2], height: v[3])
        case .contentsRect: p.contentsRect = CGRect(x: v[0], y: v[1], width: v[2], height: v[3])
        case .backgroundColor: p.backgroundColor = FastTrack.color(v)
        case .borderWidth: p.borderWidth = CGFloat(v[0])
        case .shadowOpacity: p.shadowOpacity = Float(v[0])
        case .shadowRadius: p.shadowRadius = CGFloat(v[0])
        case .borderColor: p.borderColor = FastTrack.color(v)
        case .shadowColor: p.shadowColor = FastTrack.color(v)
        case .strokeStart: p.strokeStart = CGFloat(v[0])
        case .strokeEnd: p.strokeEnd = CGFloat(v[0])
        case .lineWidth: p.lineWidth = CGFloat(v[0])
        case .lineDashPhase: p.lineDashPhase = CGFloat(v[0])
        case .fillColor: p.fillColor = FastTrack.color(v)
        case .strokeColor: p.strokeColor = FastTrack.color(v)
        case .startPoint: p.startPoint = CGPoint(x: v[0], y: v[1])
        case .endPoint: p.endPoint = CGPoint(x: v[0], y: v[1])
        case .transform, .shadowOffset, .sublayerTransform, .path, .colors, .locations:
            keyPath.set(track.value(v), in: &p)
        }
    }

    /// Adds the vector `v` to `key` of `p` field by field, without making a value of it:
    /// for a position, bounds or opacity (the offsets a table's and a collection view's
    /// updates animate); false (nothing done) for any other key.
    @inline(__always)
    static func addInPlace(_ v: SIMD4<Double>, to key: LayerKey, of p: inout LayerProperties) -> Bool {
        switch key {
        case .position:
            p.position.x += CGFloat(v[0])
            p.position.y += CGFloat(v[1])
        case .bounds:
            p.bounds.origin.x += CGFloat(v[0])
            p.bounds.origin.y += CGFloat(v[1])
            p.bounds.size.width += CGFloat(v[2])
            p.bounds.size.height += CGFloat(v[3])
        case .opacity:
            p.opacity += Float(v[0])
        default:
            return false
        }
        return true
    }

    /// Applies an animation whose values live in `track` (transforms, current-value ends,
    /// keyframes) at progress `x` to `p`.
    func applySlow(_ track: SlowTrack, progress x: Double, to p: inout LayerProperties) {
        var value: AnimatableValue
        switch track {
        case .transform(let blend):
            value = .transform(blend.transform(at: x))
        case .basic(let from, let to):
            let current = keyPath.value(in: p)
            value = from.resolve(current).interpolated(to: to.resolve(current), fraction: x)
        case .keyframes(let values, let times, let curves, let discrete):
            value = Self.keyframeValue(values: values, times: times, curves: curves, discrete: discrete, at: x)
        case .member(let member, let track, let groupDuration):
            // Outside its own active time (and fill) the member has no effect.
            guard let y = member.progress(at: x * groupDuration) else { return }
            if let fast = member.fast {
                member.applyFast(fast, progress: y, to: &p)
            } else if let track {
                member.applySlow(track, progress: y, to: &p)
            }
            return
        }
        if isAdditive { value = keyPath.value(in: p).adding(value) }
        keyPath.set(value, in: &p)
    }

    static func keyframeValue(values: [AnimatableValue], times: [Double], curves: [TimingCurve?],
                              discrete: Bool, at x: Double) -> AnimatableValue {
        guard values.count > 1 else { return values[0] }
        if discrete {
            // Value i holds from times[i] until times[i + 1].
            var i = 0
            while i + 1 < values.count, x >= times[i + 1] { i += 1 }
            return values[i]
        }
        var i = 0
        while i + 2 < times.count, x > times[i + 1] { i += 1 }
        let span = times[i + 1] - times[i]
        var local = span > 0 ? (x - times[i]) / span : 1
        local = min(max(local, 0), 1)
        if let curve = curves[i] { local = curve.value(at: local) }
        return values[i].interpolated(to: values[i + 1], fraction: local)
    }
}

/// The progress computed for the timings seen lately, reused for the next animation
/// with the same timing.
///
/// The animations of one UIView block (often one per row or cell on screen) share their
/// timing, and solving the timing curve costs more than the rest of a layer's frame.
/// Updates that come every frame give each row one animation per update still running
/// (a dozen timings, interleaved from layer to layer). Each animation carries the
/// ``AnimationCore/timingID`` of its timing, pace and start, which
/// ``AnimationTimingIDs`` hands out as animations are installed, and the memo keeps one
/// progress per identifier in ``slots`` slots: the identifiers alive at once are
/// consecutive numbers, so they land in different slots, and a lookup compares two
/// words. (Comparing whole timings, as the memo did before, cost more than a tenth of a
/// frame of a table updated every frame.) An animation without an identifier (0) is
/// computed on its own. The result is the same as ``AnimationCore/progress(at:)``.
struct ProgressMemo {
    private struct Entry {
        var id: Int
        var time: Double
        var progress: Double?
    }

    /// How many timings it holds (a power of two).
    static let slots = 128
    /// The slots; an empty one has the identifier 0, which no timing has.
    private var entries: [Entry] = []

    mutating func progress(of core: AnimationCore, at t: Double) -> Double? {
        if let known = progress(ofTiming: core.timingID, at: t) { return known }
        let progress = core.progress(at: t)
        remember(progress, ofTiming: core.timingID, at: t)
        return progress
    }

    /// The progress kept for timing `id` at `t` (which may be nil: no effect then), or
    /// nil when none is kept.
    @inline(__always)
    func progress(ofTiming id: Int, at t: Double) -> Double?? {
        guard id != 0, !entries.isEmpty else { return nil }
        let slot = id & (Self.slots - 1)
        guard entries[slot].id == id, entries[slot].time == t else { return nil }
        return .some(entries[slot].progress)
    }

    /// Keeps `progress` as the progress of timing `id` at `t` (nothing for the timing 0).
    mutating func remember(_ progress: Double?, ofTiming id: Int, at t: Double) {
        guard id != 0 else { return }
        if entries.isEmpty { entries = Array(repeating: Entry(id: 0, time: .nan, progress: nil), count: Self.slots) }
        entries[id & (Self.slots - 1)] = Entry(id: id, time: t, progress: progress)
    }

    private var blend: TransformBlend?
    private var blendFraction = Double.nan
    private var blended = CATransform3D.identity

    /// `blend.transform(at: x)`, reused from the previous call when that was for the same
    /// blend (or one made from the same matrices) at the same fraction, bit for bit: the
    /// transforms of the views one block rotates are evaluated once a frame, not once a
    /// view (two sines, a square root and a matrix each).
    mutating func transform(of blend: TransformBlend, at x: Double) -> CATransform3D {
        if x.bitPattern == blendFraction.bitPattern, let last = self.blend, last === blend || last.sharesValues(with: blend) {
            return blended
        }
        self.blend = blend
        blendFraction = x
        blended = blend.transform(at: x)
        return blended
    }
}

/// Numbers the distinct timings of the animations installed lately
/// (``AnimationCore/timingID``).
///
/// The animations one block or one table update installs come one after another with the
/// same timing; it remembers the last few timings it numbered and gives an animation with
/// one of them its number, and any other a new one. Numbers are never given twice to
/// different timings, so equal numbers mean equal progress; equal timings that come far
/// apart may get different numbers, and are then computed apart.
@MainActor
enum AnimationTimingIDs {
    private struct Recent {
        var timing: MediaTiming
        var pace: AnimationCore.Pace
        var hiddenUntil: Double
        var id: Int
    }

    /// How many timings it remembers.
    private static let remembered = 8
    private static var recent: [Recent] = []
    private static var next = 1
    private static var nextSlot = 0

    /// The number of `core`'s timing, pace and start.
    static func id(for core: AnimationCore) -> Int {
        for entry in recent where entry.hiddenUntil.bitPattern == core.hiddenUntil.bitPattern
            && entry.timing == core.timing && entry.pace == core.pace {
            return entry.id
        }
        let id = next
        next += 1
        let entry = Recent(timing: core.timing, pace: core.pace, hiddenUntil: core.hiddenUntil, id: id)
        if recent.count < remembered {
            recent.append(entry)
        } else {
            recent[nextSlot] = entry
            nextSlot = (nextSlot + 1) % remembered
        }
        return id
    }
}

/// The values of an animation that does not fit the fast track.
enum SlowTrack {
    /// One end of a basic animation.
    enum Endpoint {
        case value(AnimatableValue)
        /// The value beneath the animation (model and earlier animations), read each frame.
        case current
        /// The current value plus (or minus) a fixed amount.
        case currentOffset(AnimatableValue, sign: Double)

        func resolve(_ current: AnimatableValue) -> AnimatableValue {
            switch self {
            case .value(let v): v
            case .current: current
            case .currentOffset(let v, let sign): current.adding(v, sign: sign)
            }
        }
    }

    /// Both ends fixed transforms, decomposed once (shared by the animations of one block:
    /// see ``RunningAnimation/blend(from:to:)``).
    case transform(TransformBlend)
    case basic(from: Endpoint, to: Endpoint)
    case keyframes(values: [AnimatableValue], keyTimes: [Double], curves: [TimingCurve?], discrete: Bool)
    /// A member of a `CAAnimationGroup`: its own timing, pace, key path and values
    /// (`member`, timed from the start of the group's cycle, and its slow track), run at
    /// the group's progress times the group's duration.
    indirect case member(AnimationCore, SlowTrack?, groupDuration: Double)
}

/// An animation attached to a layer: its identity (key, the app's CAAnimation),
/// who to tell when it starts and stops, and its part in UIView blocks.
@MainActor
package final class RunningAnimation {
    let key: String
    let source: CAAnimation
    let property: LayerKey
    /// When the active time ends on the media clock (infinite for endless repeats).
    package var endTime: Double
    /// The values, for animations the fast track cannot hold.
    let slowTrack: SlowTrack?

    /// Set for animations made by a UIView block or in a CATransaction: told when this one stops.
    package var group: AnimationGroup?
    /// True for animations made by a UIView animation block (they take part in its
    /// interruption rules).
    package var isFromViewBlock = false
    /// Views under this animation still take touches (`.allowUserInteraction`).
    package var allowsUserInteraction = true
    /// The outermost commit that started it (UIView blocks only).
    package var commit: AnimationCommit?
    /// Mirrors the core's flag, for the interruption rules.
    var didStop = false
    /// True for the second and later members of a `CAAnimationGroup`: they share the
    /// first one's key and source, and only the first tells the group's delegate and is
    /// listed in `animationKeys()`.
    var isLaterGroupMember = false
    /// The last prefix ``keyStarts(with:)`` was asked about, and its answer.
    private var prefixAsked: (prefix: String, answer: Bool)?

    /// Whether ``key`` starts with the UTF-8 bytes of `prefix`: compared once, then kept
    /// for that prefix (a table asks it of every row on screen at every update, and the
    /// same prefix each time).
    func keyStarts(with prefix: String) -> Bool {
        if let asked = prefixAsked, asked.prefix == prefix { return asked.answer }
        let answer = CALayer.utf8(of: key, startsWith: prefix)
        prefixAsked = (prefix, answer)
        return answer
    }

    init(key: String, source: CAAnimation, property: LayerKey, endTime: Double, slowTrack: SlowTrack?) {
        self.key = key
        self.source = source
        self.property = property
        self.endTime = endTime
        self.slowTrack = slowTrack
    }
}

/// Identifies the animations started by one outermost commit of UIView animation blocks:
/// among those, a later block's change of the same property replaces an earlier one's.
package final class AnimationCommit {
    /// A new commit, equal only to itself.
    package init() {}
}

/// Why an animation could not be added (it does not run; its delegate hears
/// `animationDidStop(_:finished: false)`).
public struct CAAnimationError: Error, CustomStringConvertible, Sendable {
    /// What was wrong, naming the animation's key and, where it applies, the key path and the values expected.
    public let description: String

    /// An error that says `description`.
    package init(description: String) { self.description = description }
}

extension RunningAnimation {
    typealias Endpoint = SlowTrack.Endpoint

    /// Converts `anim` for `layer`, or explains what is wrong with it.
    package static func make(_ anim: CAAnimation, key: String, layer: CALayer, begin: Double) throws(CAAnimationError) -> (RunningAnimation, AnimationCore) {
        guard let property = anim as? CAPropertyAnimation else {
            throw CAAnimationError(description: "layer.add(_:forKey: \"\(key)\"): \(type(of: anim)) is not a property animation; use CABasicAnimation, CASpringAnimation or CAKeyframeAnimation")
        }
        guard let path = property.keyPath else {
            throw CAAnimationError(description: "layer.add(_:forKey: \"\(key)\"): the animation has no keyPath")
        }
        guard let keyPath = AnimationKeyPath(path) else {
            let known = LayerKey.allCases.map(\.rawValue).joined(separator: ", ")
            throw CAAnimationError(description: "layer.add(_:forKey: \"\(key)\"): \"\(path)\" is not an animatable key path (animatable: \(known), and components such as position.x, bounds.size, transform.rotation.z, transform.scale)")
        }
        func convert(_ value: Any?, _ name: String) throws(CAAnimationError) -> AnimatableValue? {
            guard let value else { return nil }
            guard let v = AnimatableValue(value), v.isSameKind(as: keyPath.sample) else {
                let got = AnimatableValue(value)?.kind ?? "a value of type \(type(of: value))"
                throw CAAnimationError(description: "layer.add(_:forKey: \"\(key)\"): \(name) for \"\(path)\" must be \(keyPath.sample.kind), got \(got)")
            }
            return v
        }
        var timing = anim.timing(resolvedBegin: begin)
        let pace: AnimationCore.Pace
        var fast: AnimationCore.FastTrack?
        var slow: SlowTrack?
        if let keyframes = anim as? CAKeyframeAnimation {
            let raw = keyframes.values ?? []
            guard !raw.isEmpty else {
                throw CAAnimationError(description: "layer.add(_:forKey: \"\(key)\"): the keyframe animation for \"\(path)\" has no values")
            }
            var values: [AnimatableValue] = []
            for (i, v) in raw.enumerated() {
                if let value = try convert(v, "values[\(i)]") { values.append(value) }
            }
            let mode = keyframes.calculationMode
            let discrete = mode == .discrete
            var times: [Double]
            if mode == .paced || mode == .cubicPaced {
                let steps = zip(values, values.dropFirst()).map { $0.distance(to: $1) }
                if steps.allSatisfy({ $0 != nil }), case let d = steps.map({ $0! }), d.reduce(0, +) > 0 {
                    let total = d.reduce(0, +)
                    times = [0]
                    for step in d { times.append(times.last! + step / total) }
                } else {
                    times = Self.evenTimes(values.count)
                }
            } else if let given = keyframes.keyTimes?.map(\.doubleValue) {
                // Discrete mode documents one more key time than values (the last one ends the
                // last value's span); one per value is accepted too, as Core Animation does.
                let countFits = given.count == values.count || (discrete && given.count == values.count + 1)
                guard countFits, zip(given, given.dropFirst()).allSatisfy({ $0 <= $1 }),
                      given.first.map({ $0 >= 0 }) ?? false, given.last.map({ $0 <= 1 }) ?? false else {
                    let expected = discrete ? "\(values.count) or \(values.count + 1)" : "\(values.count)"
                    throw CAAnimationError(description: "layer.add(_:forKey: \"\(key)\"): keyTimes for \"\(path)\" must be \(expected) non-decreasing numbers in 0…1 (one per value), got \(given)")
                }
                times = given
            } else {
                times = Self.evenTimes(values.count)
            }
            if discrete && keyframes.keyTimes == nil {
                times = (0 ..< values.count).map { Double($0) / Double(values.count) }
            }
            let segmentCurves: [TimingCurve?] = (0 ..< max(values.count - 1, 1)).map { i in
                keyframes.timingFunctions.flatMap { i < $0.count ? $0[i].curve : nil }
            }
            pace = .bezier(anim.timingFunction?.curve ?? .linear)
            slow = .keyframes(values: values, keyTimes: times, curves: segmentCurves, discrete: discrete)
        } else if let basic = anim as? CABasicAnimation {
            let from = try convert(basic.fromValue, "fromValue")
            let to = try convert(basic.toValue, "toValue")
            let by = try convert(basic.byValue, "byValue")
            let ends: (Endpoint, Endpoint)
            switch (from, to, by) {
            case let (f?, t?, _): ends = (.value(f), .value(t))
            case let (f?, nil, b?): ends = (.value(f), .value(f.adding(b)))
            case let (nil, t?, b?): ends = (.value(t.adding(b, sign: -1)), .value(t))
            case let (f?, nil, nil): ends = (.value(f), .current)
            case let (nil, t?, nil): ends = (.current, .value(t))
            case let (nil, nil, b?): ends = (.current, .currentOffset(b, sign: 1))
            default: ends = (.current, .current)
            }
            if case .value(.transform(let a)) = ends.0, case .value(.transform(let b)) = ends.1,
               let blend = blend(from: a, to: b) {
                slow = .transform(blend)
            } else if case .value(let a) = ends.0, case .value(let b) = ends.1, let track = AnimationCore.FastTrack(a, b) {
                fast = track
            } else {
                slow = .basic(from: ends.0, to: ends.1)
            }
            if let spring = anim as? CASpringAnimation {
                pace = .spring((spring.presetSpring ?? spring.spring).solution)
            } else {
                pace = .bezier(anim.timingFunction?.curve ?? .linear)
            }
        } else {
            throw CAAnimationError(description: "layer.add(_:forKey: \"\(key)\"): \(type(of: anim)) is not supported")
        }
        if timing.duration <= 0 { timing.duration = 0.25 }
        let core = AnimationCore(timing: timing, pace: pace, fast: fast, keyPath: keyPath,
                                 isAdditive: property.isAdditive, isRemovedOnCompletion: anim.isRemovedOnCompletion)
        return (RunningAnimation(key: key, source: anim, property: keyPath.key, endTime: timing.endTime,
                                 slowTrack: slow), core)
    }

    /// The blend of `a` into `b`: the one made last if it has the same two matrices (an
    /// animation block gives every view it animates the same change), else a new one.
    /// Sharing it lets a frame evaluate it once for all those layers (``ProgressMemo``).
    private static func blend(from a: CATransform3D, to b: CATransform3D) -> TransformBlend? {
        if let last = lastBlend, TransformBlend.identical(last.fromMatrix, a), TransformBlend.identical(last.toMatrix, b) {
            return last
        }
        let made = TransformBlend(from: a, to: b)
        if made != nil { lastBlend = made }
        return made
    }

    /// The blend that ``blend(from:to:)`` made last.
    private static var lastBlend: TransformBlend?

    private static func evenTimes(_ n: Int) -> [Double] {
        n <= 1 ? [0] : (0 ..< n).map { Double($0) / Double(n - 1) }
    }
}
