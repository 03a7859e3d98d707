import Foundation

/// How an animator's progress moves over one stretch of time.
enum AnimatorPace {
    case cubic(TimingCurve)
    case spring(SpringCurve)

    /// The fraction of the change after `s` of the stretch (0…1) of `length` seconds;
    /// a spring may overshoot 1.
    func progress(_ s: Double, length: Double) -> Double {
        let s = min(max(s, 0), 1)
        switch self {
        case .cubic(let curve): return curve.isLinear ? s : curve.value(at: s)
        case .spring(let spring): return s >= 1 ? 1 : spring.value(at: s * length)
        }
    }
}

/// One stretch of an animator's run: between two points of its progress, over some
/// seconds of its host's clock, at one pace.
///
/// Two measures of progress are kept because UIKit reports time but shows values:
/// `fractionComplete` moves linearly with time (`f0` to `f1`), while what is on screen
/// follows the pace (`q0` to `q1`). A fresh run has f = q at both ends.
struct AnimatorSegment {
    var f0: Double, f1: Double
    var q0: Double, q1: Double
    var begin: Double
    var length: Double
    var pace: AnimatorPace

    var end: Double { begin + length }

    func timeFraction(at t: Double) -> Double {
        length > 0 ? min(max((t - begin) / length, 0), 1) : (t >= begin ? 1 : 0)
    }

    /// `fractionComplete` at time `t`.
    func fraction(at t: Double) -> Double { f0 + (f1 - f0) * timeFraction(at: t) }

    /// The progress shown at time `t`.
    func shown(at t: Double) -> Double { q0 + (q1 - q0) * pace.progress(timeFraction(at: t), length: length) }
}

/// One property of one layer that an animator animates.
///
/// Its value at animator progress q is `from` until `start` (a block added with a delay
/// factor, or while running), then moves linearly in q to `to` at q = 1.
@MainActor
struct PropertyAnimatorTrack {
    let layer: CALayer
    let key: LayerKey
    let from: AnimatableValue
    var to: AnimatableValue
    var start: Double
    let animationKey: String

    func value(at q: Double) -> AnimatableValue {
        let local: Double
        if start <= 0 { local = q } else if start >= 1 { local = q >= 1 ? 1 : 0 } else {
            local = q <= start ? 0 : (q - start) / (1 - start)
        }
        return from.interpolated(to: to, fraction: local)
    }

    /// Shows `segment` on the layer: an animation on the host's clock, so frames between
    /// now and its end need nothing from the animator.
    func show(_ segment: AnimatorSegment, allowsUserInteraction: Bool) {
        let path = key.rawValue
        let anim: CAPropertyAnimation
        let (lo, hi) = (min(segment.q0, segment.q1), max(segment.q0, segment.q1))
        switch segment.pace {
        case .cubic(let curve) where start > lo && start < hi:
            // The value is flat before `start`: a keyframe at `start` keeps it linear in q.
            let k = CAKeyframeAnimation(keyPath: path)
            k.values = [value(at: segment.q0), value(at: start), value(at: segment.q1)].map(\.publicValue)
            let mid = (start - segment.q0) / (segment.q1 - segment.q0)
            k.keyTimes = [0, mid, 1].map { NSNumber(value: $0) }
            k.timingFunction = CAMediaTimingFunction(curve: curve)
            anim = k
        case .cubic(let curve):
            let b = CABasicAnimation(keyPath: path)
            b.timingFunction = CAMediaTimingFunction(curve: curve)
            b.fromValue = value(at: segment.q0).publicValue
            b.toValue = value(at: segment.q1).publicValue
            anim = b
        case .spring(let spring):
            let b = CASpringAnimation(keyPath: path)
            b.presetSpring = spring
            b.fromValue = value(at: segment.q0).publicValue
            b.toValue = value(at: segment.q1).publicValue
            anim = b
        }
        anim.duration = max(segment.length, 1e-6)
        put(anim, begin: segment.begin, allowsUserInteraction: allowsUserInteraction)
    }

    /// Holds the layer at progress `q` (a paused animator).
    func hold(at q: Double, allowsUserInteraction: Bool) {
        let anim = CABasicAnimation(keyPath: key.rawValue)
        let v = value(at: q).publicValue
        anim.fromValue = v
        anim.toValue = v
        anim.duration = 1
        anim.speed = 0
        put(anim, begin: FrameEngine.clock(of: layer).now, allowsUserInteraction: allowsUserInteraction)
    }

    private func put(_ anim: CAPropertyAnimation, begin: Double, allowsUserInteraction: Bool) {
        anim.fillMode = .both
        anim.isRemovedOnCompletion = false
        guard let (running, core) = try? RunningAnimation.make(anim, key: animationKey, layer: layer, begin: begin) else { return }
        running.allowsUserInteraction = allowsUserInteraction
        layer.install(running, core)
    }

    func removeAnimation() { layer.removeAnimation(forKey: animationKey) }

    /// Sets the layer's model value (no implicit animation).
    func setModel(_ value: AnimatableValue) {
        switch (key, value) {
        case (.bounds, .rect(let r)): layer.bounds = r
        case (.position, .point(let p)): layer.position = p
        case (.anchorPoint, .point(let p)): layer.anchorPoint = p
        case (.transform, .transform(let t)): layer.transform = t
        case (.zPosition, .scalar(let v)): layer.zPosition = CGFloat(v)
        case (.opacity, .scalar(let v)): layer.opacity = Float(v)
        case (.backgroundColor, .color(let c)): layer.backgroundColor = c
        case (.cornerRadius, .scalar(let v)): layer.cornerRadius = CGFloat(v)
        case (.contentsCenter, .rect(let r)): layer.contentsCenter = r
        case (.contentsRect, .rect(let r)): layer.contentsRect = r
        case (.borderWidth, .scalar(let v)): layer.borderWidth = CGFloat(v)
        case (.borderColor, .color(let c)): layer.borderColor = c
        case (.shadowOpacity, .scalar(let v)): layer.shadowOpacity = Float(v)
        case (.shadowRadius, .scalar(let v)): layer.shadowRadius = CGFloat(v)
        case (.shadowOffset, .size(let s)): layer.shadowOffset = s
        case (.shadowColor, .color(let c)): layer.shadowColor = c
        default: break
        }
    }
}
