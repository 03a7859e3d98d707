import Foundation

/// One axis of a fling, as a value: at rest, decelerating, or bouncing back to an edge.
///
/// A scroll view steps each axis once per frame with ``step(at:lower:upper:current:bounces:)``;
/// nothing here reads a clock. The rules:
/// - A deceleration that passes an edge becomes a bounce back to that edge, from where it
///   is with its speed (or stops at the edge on an axis that does not bounce).
/// - A bounce whose edge moved (the content changed under it: rows deleted at the end)
///   goes on from where it is, with its speed, to the edge as it is now.
/// - A deceleration rests at its resting position once its remaining distance is below
///   ``Deceleration/duration(tolerance:)``'s tolerance; a bounce rests on its edge once settled.
public enum AxisMotion: Sendable, Equatable {
    /// Not moving.
    case resting
    /// A fling slowing down, begun at time `start`.
    case decelerating(Deceleration, start: Double)
    /// A spring back to an edge, begun at time `start`.
    case bouncing(EdgeBounce, start: Double)

    /// The motion of a fling from `position` at `velocity` points per second at time
    /// `now`, slowing at `rate`, with the edges at `lower` and `upper`: past an edge it
    /// bounces back (or rests, on an axis that does not bounce); slower than a point per
    /// second it rests.
    public static func fling(from position: Double, velocity: Double, rate: Double, lower: Double, upper: Double,
                             bounces: Bool, at now: Double) -> AxisMotion {
        if position < lower || position > upper {
            let edge = position < lower ? lower : upper
            return bounces ? .bouncing(EdgeBounce(start: position, velocity: velocity, target: edge), start: now) : .resting
        }
        return abs(velocity) > 1 ? .decelerating(Deceleration(start: position, velocity: velocity, rate: rate), start: now)
                                 : .resting
    }

    /// Whether it is at rest.
    public var isResting: Bool {
        if case .resting = self { return true }
        return false
    }

    /// The same motion with its positions moved by `delta` (the content moved under it).
    public func shifted(by delta: Double) -> AxisMotion {
        switch self {
        case .resting: return self
        case .decelerating(var d, let start): d.start += delta; return .decelerating(d, start: start)
        case .bouncing(var b, let start): b.start += delta; b.target += delta; return .bouncing(b, start: start)
        }
    }

    /// The motion at `time` and the position it puts the axis at, with the edges at
    /// `lower` and `upper` now; `current` is the position a resting axis keeps.
    public func step(at time: Double, lower: Double, upper: Double, current: Double,
                     bounces: Bool) -> (motion: AxisMotion, position: Double) {
        switch self {
        case .resting:
            return (.resting, current)
        case let .decelerating(d, start):
            let t = time - start
            let p = d.position(at: t)
            if p < lower || p > upper {
                let edge = p < lower ? lower : upper
                guard bounces else { return (.resting, edge) }
                return (.bouncing(EdgeBounce(start: p, velocity: d.velocity(at: t), target: edge), start: time), p)
            }
            if t >= d.duration() { return (.resting, d.restingPosition) }
            return (self, p)
        case let .bouncing(b, start):
            let t = time - start
            if b.target < lower || b.target > upper {
                let edge = b.target < lower ? lower : upper
                let bounce = EdgeBounce(start: b.position(at: t), velocity: b.velocity(at: t), target: edge)
                return (.bouncing(bounce, start: time), bounce.start)
            }
            if b.isSettled(at: t) { return (.resting, b.target) }
            return (self, b.position(at: t))
        }
    }
}

/// What moves a scroll view's content between frames, as a value: a fling (one
/// ``AxisMotion`` per axis), or an animated scroll eased from one offset to another.
public enum ScrollMotion: Sendable, Equatable {
    /// A fling, each axis on its own.
    case decelerating(x: AxisMotion, y: AxisMotion)
    /// `setContentOffset(_:animated:)` and friends: from `from` to `to`, eased in and out,
    /// begun at time `start`, taking `duration` seconds.
    case animating(from: CGPoint, to: CGPoint, start: Double, duration: Double)

    /// For an animated scroll, the offset at `time` and whether it has arrived; nil for a fling.
    public func animatedOffset(at time: Double) -> (offset: CGPoint, finished: Bool)? {
        guard case let .animating(from, to, start, duration) = self else { return nil }
        let f = min(max((time - start) / duration, 0), 1)
        let eased = CGFloat(TimingCurve.easeInEaseOut.value(at: f))
        return (CGPoint(x: from.x + (to.x - from.x) * eased, y: from.y + (to.y - from.y) * eased), f >= 1)
    }

    /// An animated scroll pointed at `target` instead, continuing from `current` (the offset
    /// at `time`) without a jump: the start is solved so that the eased path passes through
    /// `current` at `time` and ends at `target` on schedule. A fling is returned unchanged.
    public func retargeted(to target: CGPoint, from current: CGPoint, at time: Double) -> ScrollMotion {
        guard case let .animating(_, _, start, duration) = self else { return self }
        let f = min(max((time - start) / duration, 0), 1)
        let eased = CGFloat(TimingCurve.easeInEaseOut.value(at: f))
        // current = from + (target − from)·eased  ⇒  from = (current − target·eased) / (1 − eased).
        guard eased < 0.999 else { return .animating(from: target, to: target, start: start, duration: duration) }
        let from = CGPoint(x: (current.x - target.x * eased) / (1 - eased),
                           y: (current.y - target.y * eased) / (1 - eased))
        return .animating(from: from, to: target, start: start, duration: duration)
    }

    /// The same motion with the content moved `delta` points vertically under it: a fling
    /// goes on from the moved position; an animated scroll keeps its target and eases the
    /// rest of the way from `current` moved (see ``retargeted(to:from:at:)``).
    public func shiftedVertically(by delta: Double, from current: CGPoint, at time: Double) -> ScrollMotion {
        switch self {
        case let .animating(_, to, _, _):
            return retargeted(to: to, from: CGPoint(x: current.x, y: current.y + CGFloat(delta)), at: time)
        case let .decelerating(x, y):
            return .decelerating(x: x, y: y.shifted(by: delta))
        }
    }
}
