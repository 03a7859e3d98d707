/// The animations of one UIView animation block or one CATransaction: tells its
/// owner once when the first one starts and once when the last one stops.
///
/// A group counts its members; it is sealed when no more can join (the block
/// started, the transaction committed), and it stops when sealed with no member
/// left running. A group can itself be a member of a parent group (a block inside
/// a transaction, a nested transaction), which then waits for it.
@MainActor
final class AnimationGroup {
    private static var serials = 0

    /// Orders callbacks of groups that end on the same frame: earlier groups first.
    let serial: Int
    /// Orders this group's stop callback: its serial, raised past the members that are
    /// groups themselves, so that a parent is told after what it waited for.
    private var stopSerial: Int
    var onStart: (() -> Void)?
    var onStop: ((Bool) -> Void)?
    private(set) var parent: AnimationGroup?

    private var running = 0
    private var allFinished = true
    private var isSealed = false
    private var didStart = false
    private(set) var didStop = false

    init() {
        Self.serials += 1
        serial = Self.serials
        stopSerial = serial
    }

    /// Makes this group a member of `parent`.
    func join(_ parent: AnimationGroup) {
        self.parent = parent
        parent.addMember()
    }

    func addMember() { running += 1 }

    /// A member began; the first start notifies the owner.
    func memberStarted() {
        guard !didStart else { return }
        didStart = true
        parent?.memberStarted()
        if let onStart { AnimationCallbacks.enqueue(serial: serial, order: 0, onStart) }
    }

    func memberStopped(finished: Bool) {
        running -= 1
        if !finished { allFinished = false }
        stopIfDone()
    }

    /// No more members will join.
    func seal() {
        isSealed = true
        stopIfDone()
    }

    private func stopIfDone() {
        guard isSealed, running <= 0, !didStop else { return }
        didStop = true
        memberStarted()
        let finished = allFinished
        if let onStop { AnimationCallbacks.enqueue(serial: stopSerial, order: 1) { onStop(finished) } }
        if let parent {
            parent.stopSerial = max(parent.stopSerial, stopSerial)
            parent.memberStopped(finished: finished)
        }
    }
}

/// Delegate and completion callbacks waiting to run. Core Animation calls them
/// after the frame that produced them, never from inside the app's own call
/// (removing an animation does not call its delegate re-entrantly): the host
/// drains this queue at the end of each frame's animation step.
@MainActor
enum AnimationCallbacks {
    private struct Entry {
        let serial: Int
        let order: Int
        let action: () -> Void
    }
    private static var queue: [Entry] = []
    private static var sequence = 0

    /// `serial` orders groups (0 for a single animation's delegate, which runs first);
    /// `order` puts a group's start before its stop.
    static func enqueue(serial: Int, order: Int, _ action: @escaping () -> Void) {
        queue.append(Entry(serial: serial, order: order, action: action))
    }

    static var isEmpty: Bool { queue.isEmpty }

    /// Runs what is queued (callbacks may queue more; those wait for the next drain).
    /// Returns whether anything ran.
    @discardableResult
    static func drain() -> Bool {
        guard !queue.isEmpty else { return false }
        let batch = queue.enumerated().sorted {
            ($0.element.serial, $0.element.order, $0.offset) < ($1.element.serial, $1.element.order, $1.offset)
        }
        queue.removeAll()
        for entry in batch { entry.element.action() }
        return true
    }
}

/// The media clock: seconds of virtual time, set by the host that runs frames.
@MainActor
enum MediaClock {
    static var now: Double = 0
}

/// The current time on the media clock that animations use (seconds).
///
/// Time is virtual: it moves only when a host runs frames (``HeadlessScreen/advance(by:)``
/// or a window host's display loop); a `beginTime` of `CACurrentMediaTime() + 1`
/// starts an animation one second of that clock from now.
@MainActor
public func CACurrentMediaTime() -> Double { MediaClock.now }
