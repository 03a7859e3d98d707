/// The animations of one UIView animation block or one CATransaction: tells its
/// owner once when the first one starts and once when the last one stops.
///
/// A group counts its members; it is sealed when no more can join (the block
/// started, the transaction committed), and it stops when sealed with no member
/// left running. A group can itself be a member of a parent group (a block inside
/// a transaction, a nested transaction), which then waits for it.
@MainActor
package final class AnimationGroup {
    private static var serials = 0

    /// Orders callbacks of groups that end on the same frame: earlier groups first.
    let serial: Int
    /// Orders this group's stop callback: its serial, raised past the members that are
    /// groups themselves, so that a parent is told after what it waited for.
    private var stopSerial: Int
    package var onStart: (() -> Void)?
    package var onStop: ((Bool) -> Void)?
    private(set) var parent: AnimationGroup?
    /// The engine of the first member's host: its queue runs this group's callbacks.
    /// Until a member on a host joins, they go where callbacks of no host go (see
    /// `FrameEngine.callbacks(for:)`).
    private var engine: FrameEngine?

    private var running = 0
    private var allFinished = true
    private var isSealed = false
    private var didStart = false
    private(set) var didStop = false

    package init() {
        Self.serials += 1
        serial = Self.serials
        stopSerial = serial
    }

    /// Makes this group a member of `parent`.
    package func join(_ parent: AnimationGroup) {
        self.parent = parent
        parent.addMember()
        if let engine { parent.claim(engine) }
    }

    /// Counts a new member; `layer` is the layer it animates, if any.
    package func addMember(on layer: CALayer? = nil) {
        running += 1
        if let engine = layer?.host?.engine { claim(engine) }
    }

    private func claim(_ engine: FrameEngine) {
        guard self.engine == nil else { return }
        self.engine = engine
        parent?.claim(engine)
    }

    private var callbacks: AnimationCallbacks { engine?.callbacks ?? FrameEngine.callbacks(for: nil) }

    /// A member began; the first start notifies the owner.
    func memberStarted() {
        guard !didStart else { return }
        didStart = true
        parent?.memberStarted()
        if let onStart { callbacks.enqueue(serial: serial, order: 0, onStart) }
    }

    func memberStopped(finished: Bool) {
        running -= 1
        if !finished { allFinished = false }
        stopIfDone()
    }

    /// No more members will join.
    package func seal() {
        isSealed = true
        stopIfDone()
    }

    private func stopIfDone() {
        guard isSealed, running <= 0, !didStop else { return }
        didStop = true
        memberStarted()
        let finished = allFinished
        if let onStop { callbacks.enqueue(serial: stopSerial, order: 1) { onStop(finished) } }
        if let parent {
            parent.stopSerial = max(parent.stopSerial, stopSerial)
            parent.memberStopped(finished: finished)
        }
    }
}
