import Foundation

/// Work that runs at the start of every frame of one host, before layout (UIKit's
/// display links): a scroll view's deceleration, bounce and animated scrolling, a
/// recognizer's timer, a display link.
///
/// Each action gets the frame's time and returns whether it wants the next frame too.
/// The host calls ``fire(at:)``; nothing here reads a clock. Each ``FrameEngine`` has
/// its own ticker, so one screen's frames never step another screen's work.
@MainActor
package final class FrameTicker {
    private var actions: [ObjectIdentifier: (TimeInterval) -> Bool] = [:]
    private var order: [ObjectIdentifier] = []

    /// Calls `action` every frame, for `owner`, until it returns false or ``remove(_:)``.
    /// Registering again for the same owner replaces the action.
    package func add(_ owner: AnyObject, _ action: @escaping (TimeInterval) -> Bool) {
        let id = ObjectIdentifier(owner)
        if actions.updateValue(action, forKey: id) == nil { order.append(id) }
    }

    func remove(_ owner: AnyObject) {
        let id = ObjectIdentifier(owner)
        if actions.removeValue(forKey: id) != nil { order.removeAll { $0 == id } }
    }

    func isTicking(_ owner: AnyObject) -> Bool { actions[ObjectIdentifier(owner)] != nil }

    /// Whether any action is registered (a host should keep running frames).
    package var hasActions: Bool { !actions.isEmpty }

    /// Moves every action of `other` here, after this ticker's own.
    func adopt(_ other: FrameTicker) {
        for id in other.order {
            guard let action = other.actions[id] else { continue }
            if actions.updateValue(action, forKey: id) == nil { order.append(id) }
        }
        other.actions.removeAll()
        other.order.removeAll()
    }

    /// Runs every action once, in the order they were added.
    package func fire(at time: TimeInterval) {
        for id in order {
            guard let action = actions[id] else { continue }
            if !action(time), actions[id] != nil {
                actions[id] = nil
                order.removeAll { $0 == id }
            }
        }
    }
}
