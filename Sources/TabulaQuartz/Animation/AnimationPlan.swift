/// The common frame of an ``AnimationDriver``, laid out flat: one entry per animation of
/// the layers it visits, holding what the frame writes (the layer, the field, both end
/// values), and one progress per distinct timing.
///
/// A frame walking the layers reads each layer's list of animations, then each
/// animation's timing to compare it with the previous one, then writes one field: several
/// cache misses a layer, which with ten thousand layers cost 15 times the writes
/// themselves. The plan is read in order, and a frame touches, besides it, the line of
/// each layer's flags and the line it writes.
///
/// It holds only while nothing changes: it is made after a frame in which every layer
/// was steady (see ``CALayer/isSteadyForPlan(of:)``) and every animation one it can hold
/// (a plain fast-track one, or a whole transform between two fixed ones). A frame with an
/// event due (a start or a stop), a timing without effect, or a layer no longer steady
/// (the model or the set of animations changed, the layer left) is not one it can run;
/// the driver then runs the frame layer by layer and drops the plan. The values it writes
/// are the ones the layer-by-layer frame writes, computed by the same code.
@MainActor
struct AnimationPlan {
    /// One animation's part of a frame (a few words: the plan is read in order, and the
    /// fewer lines it spans the less the frame waits for memory).
    struct Entry {
        let layer: Unmanaged<CALayer>
        let value: Value
        /// The index of the animation's timing in ``timings``.
        let timing: Int32
        /// The property written (its whole value for `.scalar` and `.blend`).
        let key: LayerKey
        /// Whether this is the layer's first animation (its entries are consecutive).
        let startsLayer: Bool
    }

    /// What an entry writes.
    enum Value {
        /// A number written whole, from the first to the second (the common case).
        case scalar(Double, Double)
        /// Another fast-track value: its index in ``tracks``.
        case track(Int32)
        /// A whole transform: its blend's index in ``blends``.
        case blend(Int32)
    }

    private var entries: [Entry] = []
    private var tracks: [(track: AnimationCore.FastTrack, keyPath: AnimationKeyPath)] = []
    /// Kept alive by the layers' animations while the plan holds.
    private var blends: [Unmanaged<TransformBlend>] = []
    /// One animation of each run of animations with equal timing, pace and start.
    private var timings: [AnimationCore] = []
    private var progress: [Double] = []
    /// The earliest time at which an animation in the plan starts or stops.
    private var eventTime = Double.infinity

    /// The plan of the animations of `layers`, or nil when one of them is not steady or
    /// has an animation the plan cannot hold.
    init?(layers: [Unmanaged<CALayer>], driver id: ObjectIdentifier) {
        for visit in layers {
            guard visit.withGuaranteedReference({ add($0, driver: id) }) else { return nil }
        }
    }

    /// Adds the entries of `layer`; false if it cannot be planned.
    private mutating func add(_ layer: CALayer, driver id: ObjectIdentifier) -> Bool {
        guard layer.isSteadyForPlan(of: id) else { return false }
        for i in layer.animationCores.indices {
            let core = layer.animationCores[i]
            guard !core.isAdditive, let eventTime = core.nextEventTime, let value = value(of: core, layer.animationList[i]) else {
                return false
            }
            if let last = timings.last, last.timing == core.timing, last.pace == core.pace,
               last.hiddenUntil == core.hiddenUntil {} else { timings.append(core) }
            self.eventTime = min(self.eventTime, eventTime)
            entries.append(Entry(layer: Unmanaged.passUnretained(layer), value: value, timing: Int32(timings.count - 1),
                                 key: core.keyPath.key, startsLayer: i == 0))
        }
        return true
    }

    /// What the plan writes for `core`, or nil when it cannot hold the animation.
    private mutating func value(of core: AnimationCore, _ animation: RunningAnimation) -> Value? {
        if let fast = core.fast {
            if fast.kind == .scalar, core.keyPath.component == .whole { return .scalar(fast.from[0], fast.to[0]) }
            tracks.append((fast, core.keyPath))
            return .track(Int32(tracks.count - 1))
        }
        guard core.keyPath.component == .whole, case .transform(let blend)? = animation.slowTrack else { return nil }
        blends.append(Unmanaged.passUnretained(blend))
        return .blend(Int32(blends.count - 1))
    }

    /// Writes every planned value at `t` and returns true, or returns false when the plan
    /// does not hold at `t` (possibly having written the values of some steady layers,
    /// which the layer-by-layer frame then writes again, the same).
    mutating func run(at t: Double, driver id: ObjectIdentifier) -> Bool {
        guard t < eventTime else { return false }
        progress.removeAll(keepingCapacity: true)
        for core in timings {
            guard let x = core.progress(at: t) else { return false }
            progress.append(x)
        }
        var memo = ProgressMemo()
        for k in entries.indices {
            let entry = entries[k]
            let layer = entry.layer
            if entry.startsLayer, !layer.withGuaranteedReference({ $0.isSteadyForPlan(of: id) }) { return false }
            let x = progress[Int(entry.timing)]
            layer.withGuaranteedReference { layer in
                switch entry.value {
                case .scalar(let from, let to):
                    AnimationCore.apply(.init(scalarFrom: from, to: to), at: AnimationKeyPath(entry.key), isAdditive: false,
                                        progress: x, to: &layer.presentedValues)
                case .track(let k):
                    let (track, keyPath) = tracks[Int(k)]
                    AnimationCore.apply(track, at: keyPath, isAdditive: false, progress: x, to: &layer.presentedValues)
                case .blend(let k):
                    let value = blends[Int(k)].withGuaranteedReference { memo.transform(of: $0, at: x) }
                    if entry.key == .transform {
                        layer.presentedValues.transform = value
                    } else {
                        layer.presentedValues.sublayerTransform = value
                    }
                }
            }
        }
        return true
    }
}

extension CALayer {
    /// Whether a frame of `driver` may write this layer's animated fields in place: it
    /// shows a presentation, neither its model nor its animations changed since the last
    /// frame computed it, and it is still that driver's and on the host it had.
    func isSteadyForPlan(of driver: ObjectIdentifier) -> Bool {
        hasPresentation && !presentationNeedsModel && modelMovedFields == 0 && !leftHostSinceRegistration
            && animationDriverID == driver
    }
}
