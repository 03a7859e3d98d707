import Foundation

/// An animation as added to a layer: its values converted, its key path parsed,
/// its begin time resolved. Evaluating a frame only does arithmetic.
@MainActor
final class RunningAnimation {
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

    enum Pace {
        case bezier(TimingCurve)
        case spring(SpringCurve)
    }

    enum Track {
        case basic(from: Endpoint, to: Endpoint, decomposed: (DecomposedTransform, DecomposedTransform)?)
        case keyframes(values: [AnimatableValue], keyTimes: [Double], curves: [TimingCurve?], discrete: Bool)
    }

    let key: String
    let source: CAAnimation
    let keyPath: AnimationKeyPath
    var timing: MediaTiming
    let pace: Pace
    let track: Track
    let isAdditive: Bool

    /// Set for animations made by a UIView block or a CATransaction: told when this one stops.
    var group: AnimationGroup?
    /// True for animations made by a UIView animation block (they take part in its
    /// interruption rules).
    var isFromViewBlock = false
    /// Views under this animation still take touches (`.allowUserInteraction`).
    var allowsUserInteraction = true
    /// Before this time the animation has no effect at all: a block queued behind an
    /// in-flight one waits invisibly until that one ends (then fills backwards).
    var hiddenUntil = -Double.infinity
    /// The outermost commit that started it (UIView blocks only).
    var commit: AnimationBlock.CommitID?

    var didStart = false
    var didStop = false

    init(key: String, source: CAAnimation, keyPath: AnimationKeyPath, timing: MediaTiming, pace: Pace,
         track: Track, isAdditive: Bool) {
        self.key = key
        self.source = source
        self.keyPath = keyPath
        self.timing = timing
        self.pace = pace
        self.track = track
        self.isAdditive = isAdditive
    }

    /// The fraction of the change at cycle fraction `f`.
    @inline(__always)
    private func progress(_ f: Double) -> Double {
        switch pace {
        case .bezier(let curve): curve.isLinear ? f : curve.value(at: f)
        case .spring(let spring): spring.value(at: f * timing.duration)
        }
    }

    /// Applies the animation's value at time `t` to `p`; returns false when it has no effect then.
    @discardableResult
    func apply(at t: Double, to p: inout LayerProperties) -> Bool {
        if t < hiddenUntil { return false }
        let fraction: Double
        switch timing.phase(at: t) {
        case .active(let f): fraction = f
        case .before(let f?), .after(let f?): fraction = f
        default: return false
        }
        let current = keyPath.value(in: p)
        var value = value(at: progress(fraction), current: current)
        if isAdditive { value = current.adding(value) }
        keyPath.set(value, in: &p)
        return true
    }

    private func value(at x: Double, current: AnimatableValue) -> AnimatableValue {
        switch track {
        case .basic(let from, let to, let decomposed):
            if let (a, b) = decomposed { return .transform(a.interpolated(to: b, fraction: x).transform) }
            return from.resolve(current).interpolated(to: to.resolve(current), fraction: x)
        case .keyframes(let values, let times, let curves, let discrete):
            return Self.keyframeValue(values: values, times: times, curves: curves, discrete: discrete, at: x)
        }
    }

    static func keyframeValue(values: [AnimatableValue], times: [Double], curves: [TimingCurve?],
                              discrete: Bool, at x: Double) -> AnimatableValue {
        guard values.count > 1 else { return values[0] }
        if discrete {
            // times has one entry per value: value i holds from times[i] to times[i+1].
            var i = 0
            while i + 1 < values.count, x >= times[i + 1] { i += 1 }
            return values[i]
        }
        var i = 0
        while i + 2 < times.count, x > times[i + 1] { i += 1 }
        let span = times[i + 1] - times[i]
        var local = span > 0 ? (x - times[i]) / span : 1
        if x < times[i] { local = 0 }
        if let curve = curves[i] { local = curve.value(at: min(max(local, 0), 1)) }
        return values[i].interpolated(to: values[i + 1], fraction: local)
    }
}

/// Why an animation could not be added (it does not run; its delegate hears
/// `animationDidStop(_:finished: false)`).
public struct CAAnimationError: Error, CustomStringConvertible, Sendable {
    public let description: String
}

extension RunningAnimation {
    /// Converts `anim` for `layer`, or explains what is wrong with it.
    static func make(_ anim: CAAnimation, key: String, layer: CALayer, begin: Double) throws(CAAnimationError) -> RunningAnimation {
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
        let pace: Pace
        let track: Track
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
                guard given.count == values.count, zip(given, given.dropFirst()).allSatisfy({ $0 <= $1 }),
                      given.first.map({ $0 >= 0 }) ?? false, given.last.map({ $0 <= 1 }) ?? false else {
                    throw CAAnimationError(description: "layer.add(_:forKey: \"\(key)\"): keyTimes for \"\(path)\" must be \(values.count) non-decreasing numbers in 0…1 (one per value), got \(given)")
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
            track = .keyframes(values: values, keyTimes: times, curves: segmentCurves, discrete: discrete)
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
            var decomposed: (DecomposedTransform, DecomposedTransform)?
            if case .value(.transform(let a)) = ends.0, case .value(.transform(let b)) = ends.1,
               let da = DecomposedTransform(a), let db = DecomposedTransform(b) {
                decomposed = (da, db)
            }
            if let spring = anim as? CASpringAnimation {
                pace = .spring(spring.presetSpring ?? spring.spring)
            } else {
                pace = .bezier(anim.timingFunction?.curve ?? .linear)
            }
            track = .basic(from: ends.0, to: ends.1, decomposed: decomposed)
        } else {
            throw CAAnimationError(description: "layer.add(_:forKey: \"\(key)\"): \(type(of: anim)) is not supported")
        }
        if timing.duration <= 0 { timing.duration = 0.25 }
        return RunningAnimation(key: key, source: anim, keyPath: keyPath, timing: timing, pace: pace,
                                track: track, isAdditive: property.isAdditive)
    }

    private static func evenTimes(_ n: Int) -> [Double] {
        n <= 1 ? [0] : (0 ..< n).map { Double($0) / Double(n - 1) }
    }
}
