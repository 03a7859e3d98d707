/// Delegate and completion callbacks waiting to run, one queue per host. Core
/// Animation calls them after the frame that produced them, never from inside the
/// app's own call (removing an animation does not call its delegate re-entrantly):
/// the host drains its queue at the end of each frame's animation step.
@MainActor
package final class AnimationCallbacks {
    private struct Entry {
        let serial: Int
        let order: Int
        let action: () -> Void
    }
    private var queue: [Entry] = []

    /// `serial` orders groups (0 for a single animation's delegate, which runs first);
    /// `order` puts a group's start before its stop.
    func enqueue(serial: Int, order: Int, _ action: @escaping () -> Void) {
        queue.append(Entry(serial: serial, order: order, action: action))
    }

    var isEmpty: Bool { queue.isEmpty }

    /// Moves every waiting callback of `other` to the end of this queue.
    func adopt(_ other: AnimationCallbacks) {
        queue += other.queue
        other.queue.removeAll()
    }

    /// Runs what is queued (callbacks may queue more; those wait for the next drain).
    /// Returns whether anything ran.
    @discardableResult
    package func drain() -> Bool {
        guard !queue.isEmpty else { return false }
        let batch = queue.enumerated().sorted {
            ($0.element.serial, $0.element.order, $0.offset) < ($1.element.serial, $1.element.order, $1.offset)
        }
        queue.removeAll()
        for entry in batch { entry.element.action() }
        return true
    }
}
