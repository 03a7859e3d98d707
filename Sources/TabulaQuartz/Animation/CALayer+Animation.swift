import Foundation
import Synchronization

/// Explicit animations and the presentation layer.
///
/// The model (what the app set) changes at once; animations change only what is
/// on screen. `presentation()` answers "where is it now", and the compositor
/// draws the presentation values.
extension CALayer {
    /// Called when an animation cannot be added (bad key path, values of the wrong
    /// kind): the animation does not run and its delegate hears
    /// `animationDidStop(_:finished: false)`.
    ///
    /// An animation added to a layer on a host is reported to that host's handler
    /// (`HeadlessScreen.onReport`, with the error's description), so two screens in one
    /// process hear only their own; this process-wide handler hears the rest: layers on no
    /// host, hosts that set no handler, and calls that name no layer
    /// (`CATransaction.commit()` without `begin()`). The default prints the message to
    /// standard error; tests can replace it to collect the errors.
    public static var onInvalidAnimation: (CAAnimationError) -> Void = { error in
        FileHandle.standardError.write(Data("Tabula: \(error.description)\n".utf8))
    }

    /// Adds `anim` (a copy of it) to the layer's animations under `key`, replacing
    /// any animation with the same key (which then stops with `finished == false`).
    ///
    /// A `beginTime` of 0 means now on the media clock; the animation runs while the
    /// layer is on a screen.
    public func add(_ anim: CAAnimation, forKey key: String?) {
        let anim = finiteTiming(anim, forKey: key)
        if let group = anim as? CAAnimationGroup {
            addGroup(group, forKey: key)
            return
        }
        let copy = anim.copyForAdding()
        let begin = anim.beginTime == 0 ? alignAnimationClock().now : anim.beginTime
        let key = key ?? Self.anonymousKey()
        let made: (RunningAnimation, AnimationCore)
        do {
            made = try RunningAnimation.make(copy, key: key, layer: self, begin: begin)
        } catch {
            reportInvalidAnimation(error)
            if let delegate = copy.delegate {
                FrameEngine.callbacks(for: self).enqueue(serial: 0, order: 1) { delegate.animationDidStop(copy, finished: false) }
            }
            return
        }
        if let group = CATransaction.currentGroup {
            made.0.group = group
            group.addMember(on: self)
        }
        install(made.0, made.1)
    }

    /// `anim` itself when its timing (and its members', for a group) is finite; otherwise,
    /// after reporting each value, a copy that starts now (`beginTime` NaN or infinite),
    /// at speed 1 (`speed` not finite), with no offset (`timeOffset` not finite) and no
    /// repeats (`repeatCount` or `repeatDuration` NaN). Before, a NaN begin time or speed
    /// made the layer's presented values NaN for as long as the animation ran.
    private func finiteTiming(_ anim: CAAnimation, forKey key: String?) -> CAAnimation {
        func problems(_ a: CAAnimation) -> [String] {
            var found: [String] = []
            if !a.beginTime.isFinite { found.append("beginTime \(a.beginTime) (now is used)") }
            if !a.speed.isFinite { found.append("speed \(a.speed) (1 is used)") }
            if !a.timeOffset.isFinite { found.append("timeOffset \(a.timeOffset) (0 is used)") }
            if a.repeatCount.isNaN { found.append("repeatCount nan (0 is used)") }
            if a.repeatDuration.isNaN { found.append("repeatDuration nan (0 is used)") }
            return found
        }
        func mend(_ a: CAAnimation) {
            if !a.beginTime.isFinite { a.beginTime = 0 }
            if !a.speed.isFinite { a.speed = 1 }
            if !a.timeOffset.isFinite { a.timeOffset = 0 }
            if a.repeatCount.isNaN { a.repeatCount = 0 }
            if a.repeatDuration.isNaN { a.repeatDuration = 0 }
        }
        // Every member, and the members of groups inside (as deep as groups may nest).
        func members(of anim: CAAnimation, path: String = "", depth: Int = 0, _ visit: (CAAnimation, String) -> Void) {
            guard let group = anim as? CAAnimationGroup, depth < Self.groupNestingLimit else { return }
            for (index, member) in (group.animations ?? []).enumerated() {
                let name = "\(path)animations[\(index)]"
                visit(member, name)
                members(of: member, path: name + ".", depth: depth + 1, visit)
            }
        }
        var found = problems(anim).map { "the animation's \($0)" }
        members(of: anim) { member, name in found += problems(member).map { "\(name)'s \($0)" } }
        guard !found.isEmpty else { return anim }
        for problem in found {
            reportInvalidAnimation(CAAnimationError(description: "layer.add(_:forKey: \"\(key ?? "nil")\"): \(problem)"))
        }
        let copy = anim.copyForAdding()
        mend(copy)
        members(of: copy) { member, _ in mend(member) }
        return copy
    }

    /// How deep groups may be nested inside a group: each level's timing applies to the
    /// animations under it. A group nested deeper, or one that holds itself, is reported
    /// and its outermost group does not run.
    static let groupNestingLimit = 16

    /// Adds a copy of `group`: one running animation per member, each with the group's
    /// timing and the member's own timing, key path and values inside it (see
    /// ``SlowTrack/member(_:_:groupDuration:)``), all under `key`.
    private func addGroup(_ group: CAAnimationGroup, forKey key: String?) {
        let copy = group.copyForAdding()
        let begin = group.beginTime == 0 ? alignAnimationClock().now : group.beginTime
        let key = key ?? Self.anonymousKey()
        var timing = copy.timing(resolvedBegin: begin)
        if timing.duration <= 0 { timing.duration = 0.25 }
        let pace = AnimationCore.Pace.bezier(copy.timingFunction?.curve ?? .linear)
        var made: [(RunningAnimation, AnimationCore)] = []
        do throws(CAAnimationError) {
            let group = copy as? CAAnimationGroup ?? CAAnimationGroup()
            for leaf in try memberTracks(of: group, duration: timing.duration, key: key) {
                let outer = AnimationCore(timing: timing, pace: pace, fast: nil, keyPath: leaf.keyPath,
                                          isAdditive: leaf.isAdditive, isRemovedOnCompletion: copy.isRemovedOnCompletion)
                let member = RunningAnimation(key: key, source: copy, property: leaf.property, endTime: timing.endTime,
                                              slowTrack: leaf.track)
                member.isLaterGroupMember = !made.isEmpty
                made.append((member, outer))
            }
        } catch {
            reportInvalidAnimation(error)
            if let delegate = copy.delegate {
                FrameEngine.callbacks(for: self).enqueue(serial: 0, order: 1) { delegate.animationDidStop(copy, finished: false) }
            }
            return
        }
        guard !made.isEmpty else {
            // Nothing to animate: the group still runs its time, as an empty group does in Core Animation.
            // (The value beneath, set again: no effect.)
            made = [(RunningAnimation(key: key, source: copy, property: .opacity, endTime: timing.endTime,
                                      slowTrack: .basic(from: .current, to: .current)),
                     AnimationCore(timing: timing, pace: pace, fast: nil, keyPath: AnimationKeyPath(whole: .opacity),
                                   isAdditive: false, isRemovedOnCompletion: copy.isRemovedOnCompletion))]
            return addGroupMembers(made)
        }
        addGroupMembers(made)
    }

    /// The property animations in `group`, each with what it animates and its track on
    /// the group's progress: the member's timing and values inside the group's `duration`
    /// (``SlowTrack/member(_:_:groupDuration:)``), and for one inside a group inside the
    /// group, that group's timing around it too, level by level.
    private func memberTracks(of group: CAAnimationGroup, duration: Double, key: String, path: String = "",
                              depth: Int = 0) throws(CAAnimationError)
        -> [(property: LayerKey, keyPath: AnimationKeyPath, isAdditive: Bool, track: SlowTrack)] {
        var tracks: [(property: LayerKey, keyPath: AnimationKeyPath, isAdditive: Bool, track: SlowTrack)] = []
        for (index, member) in (group.animations ?? []).enumerated() {
            let name = "\(path)animations[\(index)]"
            guard let inner = member as? CAAnimationGroup else {
                let (running, core): (RunningAnimation, AnimationCore)
                do throws(CAAnimationError) {
                    (running, core) = try RunningAnimation.make(member, key: key, layer: self, begin: member.beginTime)
                } catch {
                    throw CAAnimationError(description: "\(error.description) (\(name) of a CAAnimationGroup)")
                }
                tracks.append((running.property, core.keyPath, core.isAdditive,
                               .member(core, running.slowTrack, groupDuration: duration)))
                continue
            }
            guard depth + 1 < Self.groupNestingLimit else {
                throw CAAnimationError(description: "layer.add(_:forKey: \"\(key)\"): \(name) is a group nested more than "
                                       + "\(Self.groupNestingLimit) deep (or a group that holds itself); the group does not run")
            }
            var timing = inner.timing(resolvedBegin: inner.beginTime)
            if timing.duration <= 0 { timing.duration = 0.25 }
            let pace = AnimationCore.Pace.bezier(inner.timingFunction?.curve ?? .linear)
            for leaf in try memberTracks(of: inner, duration: timing.duration, key: key, path: name + ".", depth: depth + 1) {
                let core = AnimationCore(timing: timing, pace: pace, fast: nil, keyPath: leaf.keyPath,
                                         isAdditive: leaf.isAdditive, isRemovedOnCompletion: true)
                tracks.append((leaf.property, leaf.keyPath, leaf.isAdditive, .member(core, leaf.track, groupDuration: duration)))
            }
        }
        return tracks
    }

    private func addGroupMembers(_ made: [(RunningAnimation, AnimationCore)]) {
        for (index, (running, core)) in made.enumerated() {
            if let group = CATransaction.currentGroup {
                running.group = group
                group.addMember(on: self)
            }
            install(running, core, keyIsNew: index > 0)
        }
    }

    /// Adds `animation`, a basic animation of the whole of `key` from `from` to `to` (the
    /// values it holds) that the caller made for this call and does not change afterwards,
    /// under `name`: what ``add(_:forKey:)`` does with it, without copying the animation or
    /// reading its values back out of `Any`. The table's and collection view's updates
    /// add an offset to every view they move and a fade to every view they show or hide,
    /// each update.
    ///
    /// `keyIsNew` says that no animation of this layer has the key (the caller made it
    /// unique), so that the search for one to replace is skipped.
    package func addMadeAnimation(_ animation: CABasicAnimation, of key: LayerKey, from: AnimatableValue,
                                  to: AnimatableValue, forKey name: String, keyIsNew: Bool = false) {
        var timing = animation.timing(resolvedBegin: animation.beginTime == 0 ? alignAnimationClock().now : animation.beginTime)
        if timing.duration <= 0 { timing.duration = 0.25 }
        let keyPath = AnimationKeyPath(whole: key)
        let fast = AnimationCore.FastTrack(from, to)
        let core = AnimationCore(timing: timing, pace: .bezier(animation.timingFunction?.curve ?? .linear), fast: fast,
                                 keyPath: keyPath, isAdditive: animation.isAdditive,
                                 isRemovedOnCompletion: animation.isRemovedOnCompletion)
        let running = RunningAnimation(key: name, source: animation, property: key, endTime: timing.endTime,
                                       slowTrack: fast == nil ? .basic(from: .value(from), to: .value(to)) : nil)
        if let group = CATransaction.currentGroup {
            running.group = group
            group.addMember(on: self)
        }
        install(running, core, keyIsNew: keyIsNew)
    }

    /// The bits of ``modelMovedFields``.
    enum ModelField {
        static let position: UInt8 = 1, bounds: UInt8 = 2, opacity: UInt8 = 4
        /// Not a field: animations were added.
        static let animationsAdded: UInt8 = 8
    }

    /// Notes that the model's `key` changed while animations run: the next frame takes
    /// the position, bounds or opacity from the model into the presentation it updates in
    /// place; any other change has it start from a fresh copy of the model.
    func noteModelChange(_ key: LayerKey) {
        switch key {
        case .position: modelMovedFields |= ModelField.position
        case .bounds: modelMovedFields |= ModelField.bounds
        case .opacity: modelMovedFields |= ModelField.opacity
        default: presentationNeedsModel = true
        }
    }

    /// Reports an animation this layer cannot run: to its host's handler, or else to
    /// ``onInvalidAnimation``.
    package func reportInvalidAnimation(_ error: CAAnimationError) {
        if let handler = host?.problemHandler { handler(error.description) } else { Self.onInvalidAnimation(error) }
    }

    /// Adds an already converted animation (UIView blocks and implicit actions use this),
    /// replacing the one under the same key unless `keyIsNew` says there is none.
    package func install(_ running: RunningAnimation, _ core: AnimationCore, keyIsNew: Bool = false) {
        var changed = [running.property]
        var replaced = false
        if !keyIsNew, let old = animationIndex(forKey: running.key) {
            let wasGroup = animationList[old].source is CAAnimationGroup
            changed.append(animationList[old].property)
            stop(at: old, finished: false)
            replaced = true
            // A group's later members share its key: they go with it.
            while wasGroup, let member = animationIndex(forKey: running.key) {
                changed.append(animationList[member].property)
                stop(at: member, finished: false)
            }
        }
        alignAnimationClock()
        var core = core
        core.timingID = AnimationTimingIDs.id(for: core)
        animationList.append(running)
        animationCores.append(core)
        if !Self.movesWholeLayer(running.property) { contentAnimationCount += 1 }
        if let host { host.animationDriver.register(self) }
        animationsDidChange(changed, removingAny: replaced)
    }

    /// After animations of the properties `changed` are added or removed: shows the
    /// result at once (even if a picture is taken before the next frame) and has the
    /// next frame start from the model. Animations that only move the layer as a whole
    /// (its position, opacity, transform) leave the bitmap of its subtree that the
    /// compositor may keep valid: a row fading in stays one blend of a kept bitmap
    /// while later updates add offsets to it.
    ///
    /// An animation only added leaves the last frame's presentation a base the next frame
    /// can update in place (``updatePresentationInPlace(at:memo:)`` applies every
    /// animation to the fields they animate, starting additive ones from the model); one
    /// removed (`removingAny`) would leave its field as it last animated it.
    private func animationsDidChange(_ changed: [LayerKey], removingAny: Bool = true) {
        if animationCores.isEmpty { presented = nil } else { presentationIsStale = true }
        if removingAny { presentationNeedsModel = true } else { modelMovedFields |= ModelField.animationsAdded }
        var moving = true
        for key in changed where !Self.movesWholeLayer(key) {
            moving = false
            break
        }
        markTreeChanged(moving ? changed.first : nil)
    }

    /// Removes the animation under `key`; its delegate hears `finished == false`
    /// (after this call returns, on the next frame).
    public func removeAnimation(forKey key: String) {
        var changed: [LayerKey] = []
        // A group's members share its key.
        while let i = animationIndex(forKey: key) {
            changed.append(animationList[i].property)
            stop(at: i, finished: false)
        }
        if !changed.isEmpty { animationsDidChange(changed) }
    }

    /// The animations of a released layer that had not stopped, for the main actor to end.
    private struct Released: @unchecked Sendable {
        // Unchecked: made in the layer's deinit, the only holder of them then, and read
        // only on the main actor after that.
        let animations: [RunningAnimation]
    }

    /// Animations of layers released before they stopped, waiting for the next frame.
    private nonisolated static let released = Mutex<[Released]>([])

    /// Hands the animations of a layer being released (from its deinit, which has no
    /// actor isolation) to the next frame of any host, which ends those that had not
    /// stopped with `finished == false` (``endReleasedAnimations()``). Their delegates and
    /// groups hear it in that frame, as they would have from the deinit (their callbacks
    /// are delivered in the frame after a stop either way).
    nonisolated static func handOver(_ list: [RunningAnimation], _ cores: [AnimationCore]) {
        let unfinished = Released(animations: list.indices.filter { !cores[$0].didStop }.map { list[$0] })
        guard !unfinished.animations.isEmpty else { return }
        released.withLock { $0.append(unfinished) }
    }

    /// Ends the animations of layers released since the last call (``handOver(_:_:)``):
    /// each is reported stopped, unfinished, to its delegate and its group. A frame calls
    /// this before its callbacks run.
    package static func endReleasedAnimations() {
        let batches = released.withLock { pending in
            defer { pending.removeAll() }
            return pending
        }
        for batch in batches {
            for anim in batch.animations where !anim.didStop {
                anim.didStop = true
                // The layer is gone: its delegate hears it through the engine working now.
                report(anim, finished: false) { FrameEngine.callbacks(for: nil) }
            }
        }
    }

    /// Removes every animation; the layer shows its model values at once.
    public func removeAllAnimations() {
        let changed = animationList.map(\.property)
        while !animationList.isEmpty { stop(at: 0, finished: false) }
        animationsDidChange(changed)
    }

    /// The animation added under `key`, if it is still attached.
    public func animation(forKey key: String) -> CAAnimation? {
        animationList.first { $0.key == key }?.source
    }

    /// The keys of the attached animations in the order they were added, or nil when none.
    public func animationKeys() -> [String]? {
        animationList.isEmpty ? nil : animationList.filter { !$0.isLaterGroupMember }.map(\.key)
    }

    /// Whether every attached animation's key starts with the UTF-8 bytes of `prefix`
    /// (true without any): lets the owner of some of a layer's animations tell whether
    /// anyone else animates it. Bytes, not characters: an owner's prefix is its own ASCII
    /// namespace, and a byte comparison costs a tenth of `hasPrefix`'s, asked of every
    /// row an update touches.
    package func animationKeysAllStart(with prefix: String) -> Bool {
        for animation in animationList where !animation.keyStarts(with: prefix) { return false }
        return true
    }

    /// Whether an attached animation's key starts with the UTF-8 bytes of `prefix` (see
    /// ``animationKeysAllStart(with:)``).
    package func hasAnimation(keyedWithPrefix prefix: String) -> Bool {
        for animation in animationList where animation.keyStarts(with: prefix) { return true }
        return false
    }

    /// Whether the UTF-8 bytes of `string` start with those of `prefix`, compared in
    /// place (native strings keep their bytes contiguous; any other is read a byte at a time).
    nonisolated static func utf8(of string: String, startsWith prefix: String) -> Bool {
        let compared = string.utf8.withContiguousStorageIfAvailable { bytes in
            prefix.utf8.withContiguousStorageIfAvailable { start in
                bytes.count >= start.count
                    && (start.isEmpty || memcmp(bytes.baseAddress!, start.baseAddress!, start.count) == 0)
            }
        }
        if let compared = compared ?? nil { return compared }
        return string.utf8.count >= prefix.utf8.count && zip(string.utf8, prefix.utf8).allSatisfy { $0 == $1 }
    }

    /// Where the animation under `key` is in the list; a loop, not a closure, as every
    /// addition asks.
    private func animationIndex(forKey key: String) -> Int? {
        for i in animationList.indices where animationList[i].key == key { return i }
        return nil
    }

    /// A copy of the layer as it is on screen now: its animatable properties hold
    /// the animated values at the current media time. It has no sublayers and is
    /// not part of any tree; without animations it equals the model.
    public func presentation() -> Self? {
        let copy = type(of: self).init()
        copy.modelValues = presentationProperties(at: alignAnimationClock().now)
        copyStyling(to: copy)
        return copy
    }

    /// The opacity on screen now: what `presentation()?.opacity` says, without making a
    /// copy of the layer.
    package var presentedOpacity: Float {
        hasAnimations ? presentationProperties(at: alignAnimationClock().now).opacity : opacity
    }

    /// The layer itself (the model layer of a model layer is itself).
    public func model() -> Self { self }

    // MARK: Evaluation

    /// Whether any animation is attached (what `animationKeys() != nil` says, without
    /// making the list).
    package var hasAnimations: Bool { !animationCores.isEmpty }

    /// What the compositor draws: the presentation values of the last frame (worked out
    /// now if animations changed since), or the model.
    var renderProperties: LayerProperties {
        refreshStalePresentation()
        return hasPresentation ? presentedValues : modelValues
    }

    /// The `zPosition` the compositor draws, read without copying the other values.
    var renderZPosition: CGFloat {
        refreshStalePresentation()
        return hasPresentation ? presentedValues.zPosition : modelValues.zPosition
    }

    /// Works out the presentation values now when animations were added or removed since
    /// they were last (``presentationIsStale``).
    private func refreshStalePresentation() {
        guard presentationIsStale else { return }
        presented = animationCores.isEmpty ? nil : presentationProperties(at: alignAnimationClock().now)
    }

    /// The values on screen at time `t`, starting from `base` (the model unless given).
    func presentationProperties(at t: Double, base: LayerProperties? = nil) -> LayerProperties {
        var p = base ?? modelValues
        applyAnimations(at: t, to: &p, memo: &Self.presentationMemo)
        return p
    }

    /// The memo of ``presentationProperties(at:base:)``, kept from call to call: its
    /// entries are keyed by the time too, so one from an earlier call is only ever reused
    /// for the same question. (An update asks for the presentation of a layer as it adds
    /// each animation: rows carrying a dozen overlapping ones solve each curve once.)
    private static var presentationMemo = ProgressMemo()

    /// The on-screen value of `key` now, supposing the model still held `modelValue`
    /// (the old value, read just after the model changed).
    package func presentationValue(of key: LayerKey, modelValue: AnimatableValue) -> AnimatableValue {
        guard !animationList.isEmpty else { return modelValue }
        var base = modelValues
        key.set(modelValue, in: &base)
        return key.value(in: presentationProperties(at: alignAnimationClock().now, base: base))
    }

    /// True while an animation from a UIView block without `.allowUserInteraction`
    /// runs on this layer: UIKit does not deliver touches to such a view.
    package var isAnimatingWithoutInteraction: Bool {
        animationList.contains { !$0.allowsUserInteraction && !$0.didStop }
    }

    /// The animations of `key` made by UIView blocks that have not ended.
    package func inFlightBlockAnimations(for key: LayerKey) -> [RunningAnimation] {
        animationList.filter { $0.isFromViewBlock && !$0.didStop && $0.property == key }
    }

    /// A free key for a block animation of `key` ("opacity", then "opacity-2", …).
    package func freeAnimationKey(for key: LayerKey) -> String {
        var candidate = key.rawValue
        var n = 1
        while animationList.contains(where: { $0.key == candidate }) {
            n += 1
            candidate = "\(key.rawValue)-\(n)"
        }
        return candidate
    }

    /// Removes a specific animation (interrupted by a new block), reporting `finished == false`.
    package func cutOff(_ anim: RunningAnimation) {
        guard let i = animationList.firstIndex(where: { $0 === anim }) else { return }
        stop(at: i, finished: false)
        animationsDidChange([anim.property])
    }

    /// Computes this frame's presentation values and reports starts and stops; returns
    /// whether the layer still has animations. `memo` carries progress from layer to layer.
    ///
    /// The common frame reads only the value-type cores; the animation objects are
    /// touched only when something starts or stops.
    func evaluateAnimations(at t: Double, memo: inout ProgressMemo) -> Bool {
        if !presentationNeedsModel, hasPresentation {
            // Evaluated at this very time, and nothing changed since: the second round of
            // a frame whose callbacks changed other layers (an update's rows that finished
            // leaving) finds the presentation as the first left it.
            if t == evaluatedAt, modelMovedFields == 0 { return true }
            // The common frame: nothing starts or stops, and every animation is a
            // fast-track one in effect now (see `updatePresentationInPlace`). Then only the
            // animated fields of `presented` are rewritten, in place; the rest of it still
            // equals the model (a model that moved gives the fields it moved; any other
            // change of the model, or an animation removed, asks for a fresh copy).
            if updatePresentationInPlace(at: t, memo: &memo) {
                evaluatedAt = t
                presentationIsStale = false
                // The last animations may have ended in place.
                if animationCores.isEmpty {
                    presented = nil
                    return false
                }
                return true
            }
        }
        reportEvents(at: t)
        if animationCores.isEmpty {
            presented = nil
            return false
        }
        var p = modelValues
        applyAnimations(at: t, to: &p, memo: &memo)
        presented = p
        presentationNeedsModel = false
        modelMovedFields = 0
        evaluatedAt = t
        return true
    }

    /// The common frame's work: when there are animations and every one is a fast-track
    /// one (additive only on a whole position, bounds or opacity), or a whole transform
    /// between two fixed ones, in effect at `t`, rewrites their fields of
    /// `presentedValues` and returns true. Otherwise returns false, possibly having
    /// written some of the fields.
    ///
    /// Starts and stops due at `t` are reported here too, in the order
    /// ``reportEvents(at:)`` reports them, as long as the presentation stays right without
    /// a fresh copy of the model: a start, a stop that leaves the animation on, and the
    /// removal of an additive one whose field started again from the model above (or of
    /// one that adds nothing). Any other stop returns false before reporting it, and the
    /// model's copy takes over. (When updates come every frame, an update's animations
    /// start and an earlier one's end on most rows in every frame: each of them took the
    /// copy.)
    ///
    /// The cores are read where they lie in the array, field by field, and never copied
    /// out whole (a core is a few hundred bytes, and copying each one once or twice a
    /// frame cost more than applying it). The array is `@exclusivity(unchecked)`, so no
    /// read is checked at run time; nothing here changes it except ``reportEvent(at:_:)``,
    /// after which the loop reads the index again.
    private func updatePresentationInPlace(at t: Double, memo: inout ProgressMemo) -> Bool {
        guard !animationCores.isEmpty else { return false }
        // What the model moved since the last frame (a table's update moving its rows).
        if modelMovedFields != 0 {
            if modelMovedFields & ModelField.position != 0 { presentedValues.position = modelValues.position }
            if modelMovedFields & ModelField.bounds != 0 { presentedValues.bounds = modelValues.bounds }
            if modelMovedFields & ModelField.opacity != 0 { presentedValues.opacity = modelValues.opacity }
            modelMovedFields = 0
        }
        // Additive fast-track animations of a position, bounds or opacity add to the
        // model's value: those fields start again from the model, then every animation
        // applies in order (one that is not additive sets the field; one that is adds).
        for i in animationCores.indices where animationCores[i].isAdditive {
            guard animationCores[i].fast != nil, animationCores[i].keyPath.component == .whole else { return false }
            switch animationCores[i].keyPath.key {
            case .position: presentedValues.position = modelValues.position
            case .bounds: presentedValues.bounds = modelValues.bounds
            case .opacity: presentedValues.opacity = modelValues.opacity
            default: return false
            }
        }
        var i = 0
        while i < animationCores.count {
            if animationCores[i].hasEvent(at: t) {
                let stops = !animationCores[i].didStop && t >= animationCores[i].timing.endTime
                if stops && animationCores[i].isRemovedOnCompletion && !animationCores[i].isInert {
                    // Its field must have started again from the model above.
                    guard animationCores[i].isAdditive, animationCores[i].fast != nil,
                          animationCores[i].keyPath.component == .whole else { return false }
                    switch animationCores[i].keyPath.key {
                    case .position, .bounds, .opacity: break
                    default: return false
                    }
                }
                if reportEvent(at: i, t) { continue }
            }
            defer { i += 1 }
            if animationCores[i].isInert { continue }
            let x: Double
            if let known = memo.progress(ofTiming: animationCores[i].timingID, at: t) {
                guard let known else { return false }
                x = known
            } else {
                let computed = animationCores[i].progress(at: t)
                memo.remember(computed, ofTiming: animationCores[i].timingID, at: t)
                guard let computed else { return false }
                x = computed
            }
            let keyPath = animationCores[i].keyPath
            if let fast = animationCores[i].fast {
                AnimationCore.apply(fast, at: keyPath, isAdditive: animationCores[i].isAdditive, progress: x,
                                    to: &presentedValues)
            } else if keyPath.component == .whole, case .transform(let blend)? = animationList[i].slowTrack {
                let value = memo.transform(of: blend, at: x)
                if keyPath.key == .transform { presentedValues.transform = value } else { presentedValues.sublayerTransform = value }
            } else {
                return false
            }
        }
        return true
    }

    /// Applies every animation in order (later ones win) to `p`.
    private func applyAnimations(at t: Double, to p: inout LayerProperties, memo: inout ProgressMemo) {
        for i in animationCores.indices {
            let core = animationCores[i]
            guard !core.isInert, let x = memo.progress(of: core, at: t) else { continue }
            if let fast = core.fast {
                core.applyFast(fast, progress: x, to: &p)
            } else if let slow = animationList[i].slowTrack {
                core.applySlow(slow, progress: x, to: &p)
            }
        }
    }

    /// Marks and reports the starts and stops due at `t`, removing finished animations.
    private func reportEvents(at t: Double) {
        var i = 0
        while i < animationCores.count {
            if reportEvent(at: i, t) {
                presentationNeedsModel = true
            } else {
                i += 1
            }
        }
    }

    /// Marks and reports the start and the stop of animation `i` due at `t`; returns
    /// whether it stopped and was removed (the next one is then at `i`).
    private func reportEvent(at i: Int, _ t: Double) -> Bool {
        let started = !animationCores[i].didStart && t >= animationCores[i].timing.beginTime
            && t >= animationCores[i].hiddenUntil
        let stopped = !animationCores[i].didStop && t >= animationCores[i].timing.endTime
        if started { animationCores[i].didStart = true }
        if stopped { animationCores[i].didStop = true }
        let removed = stopped && animationCores[i].isRemovedOnCompletion
        if started { reportStart(animationList[i]) }
        if stopped {
            let anim = animationList[i]
            anim.didStop = true
            if removed {
                animationList.remove(at: i)
                animationCores.remove(at: i)
                if !Self.movesWholeLayer(anim.property) { contentAnimationCount -= 1 }
            }
            report(anim, finished: true)
        }
        return removed
    }

    /// Removes the animation at `i`, reporting its stop unless it already stopped.
    private func stop(at i: Int, finished: Bool) {
        let anim = animationList.remove(at: i)
        let core = animationCores.remove(at: i)
        if !Self.movesWholeLayer(anim.property) { contentAnimationCount -= 1 }
        guard !core.didStop else { return }
        anim.didStop = true
        report(anim, finished: finished)
    }

    private func reportStart(_ anim: RunningAnimation) {
        if !anim.isLaterGroupMember, let delegate = anim.source.delegate {
            let source = anim.source
            FrameEngine.callbacks(for: self).enqueue(serial: 0, order: 0) { delegate.animationDidStart(source) }
        }
        anim.group?.memberStarted()
    }

    private func report(_ anim: RunningAnimation, finished: Bool) {
        Self.report(anim, finished: finished) { FrameEngine.callbacks(for: self) }
    }

    /// Tells `anim`'s delegate (through the queue `callbacks` gives, asked only when there
    /// is a delegate) and its group that it stopped.
    private static func report(_ anim: RunningAnimation, finished: Bool, callbacks: () -> AnimationCallbacks) {
        if !anim.isLaterGroupMember, let delegate = anim.source.delegate {
            let source = anim.source
            callbacks().enqueue(serial: 0, order: 1) {
                delegate.animationDidStop(source, finished: finished)
                source.delegate = nil
            }
        }
        anim.group?.memberStopped(finished: finished)
    }

    private static var anonymousKeys = 0
    private static func anonymousKey() -> String {
        anonymousKeys += 1
        return "animation-\(anonymousKeys)"
    }
}
