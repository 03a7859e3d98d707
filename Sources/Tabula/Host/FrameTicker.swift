import Foundation

/// Work that runs at the start of every frame, before layout (UIKit's display links): a
/// scroll view's deceleration, bounce and animated scrolling.
///
/// Each action gets the frame's time and returns whether it wants the next frame too.
/// The host calls ``fire(at:)``; nothing here reads a clock.
@MainActor
enum FrameTicker {
    private static var actions: [ObjectIdentifier: (TimeInterval) -> Bool] = [:]
    private static var order: [ObjectIdentifier] = []

    /// Calls `action` every frame, for `owner`, until it returns false or ``remove(_:)``.
    /// Registering again for the same owner replaces the action.
    static func add(_ owner: AnyObject, _ action: @escaping (TimeInterval) -> Bool) {
        let id = ObjectIdentifier(owner)
        if actions.updateValue(action, forKey: id) == nil { order.append(id) }
    }

    static func remove(_ owner: AnyObject) {
        let id = ObjectIdentifier(owner)
        if actions.removeValue(forKey: id) != nil { order.removeAll { $0 == id } }
    }

    static func isTicking(_ owner: AnyObject) -> Bool { actions[ObjectIdentifier(owner)] != nil }

    /// Whether any action is registered (a host should keep running frames).
    static var hasActions: Bool { !actions.isEmpty }

    /// Runs every action once, in the order they were added.
    static func fire(at time: TimeInterval) {
        for id in order {
            guard let action = actions[id] else { continue }
            if !action(time), actions[id] != nil {
                actions[id] = nil
                order.removeAll { $0 == id }
            }
        }
    }
}
