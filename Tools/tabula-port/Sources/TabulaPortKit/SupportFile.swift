/// The file tabula-port adds to a target whose converted code needs it.
///
/// - Gesture recognizers: Tabula's take closure targets (`UITapGestureRecognizer(target: { … })`,
///   `addTarget { … }`); UIKit's take only selectors. On iOS this file gives UIKit's
///   recognizers the same two closure forms, built on a selector. On Linux that half
///   compiles to nothing.
/// - Notification observers: `addObserver(_:selector:name:object:)` becomes
///   `addObserver(_:name:object:using:)`, a block registered on behalf of an observer object,
///   and the app's `removeObserver(observer)` and `removeObserver(observer, name:object:)`
///   become `removeObserverAndBlocks(…)`, which remove those blocks as UIKit removes the
///   selector's registrations (and do what `removeObserver` did). Foundation only, so the
///   same code serves iOS and Linux.
///
/// One file for a target: it is written once, whichever of the two needed it.
public enum SupportFile {
    /// The file's name.
    public static let name = "TabulaPortSupport.swift"

    /// The file's text.
    public static let contents = """
    // Written by tabula-port. On iOS it gives UIKit's gesture recognizers the closure
    // targets Tabula's recognizers have, so that ported code builds for both (on Linux that
    // part compiles to nothing: Tabula has these forms itself). On both it keeps the
    // notification blocks that replaced selector observers removable by their observer.
    import Foundation

    extension NotificationCenter {
        /// Adds `block` for notifications named `name` from `object` (nil: any), registered
        /// for `observer` as `addObserver(_:selector:name:object:)` registers it: the
        /// observer's `removeObserverAndBlocks` calls remove it, and it is no longer called
        /// once the observer is deallocated. It runs where the notification is posted.
        func addObserver(_ observer: AnyObject, name: Notification.Name?, object: Any?,
                         using block: @escaping @Sendable (Notification) -> Void) {
            TabulaPortObservers.shared.add(observer, center: self, name: name, object: object, block: block)
        }

        /// `removeObserver(observer)`, and removes every block added for `observer` with
        /// `addObserver(_:name:object:using:)` on this center.
        func removeObserverAndBlocks(_ observer: AnyObject) {
            removeObserver(observer)
            TabulaPortObservers.shared.remove(observer, center: self, name: nil, object: nil)
        }

        /// `removeObserver(observer, name: name, object: object)`, and removes the blocks added
        /// for `observer` on this center that match: a nil name or object matches any, as in
        /// Foundation; otherwise only blocks added with that name, or that object, match.
        func removeObserverAndBlocks(_ observer: AnyObject, name: Notification.Name?, object: Any?) {
            removeObserver(observer, name: name, object: object)
            TabulaPortObservers.shared.remove(observer, center: self, name: name, object: object)
        }
    }

    /// The blocks added with `addObserver(_:name:object:using:)`, by observer. The observer
    /// is held weakly: a block whose observer is gone is removed from its center when it is
    /// next posted to, or when an observer of the same address is added or removed.
    private final class TabulaPortObservers: @unchecked Sendable {
        static let shared = TabulaPortObservers()

        private final class Entry: @unchecked Sendable {
            weak var observer: AnyObject?
            let center: NotificationCenter
            let name: Notification.Name?
            let object: ObjectIdentifier?
            var token: NSObjectProtocol?
            init(observer: AnyObject, center: NotificationCenter, name: Notification.Name?, object: ObjectIdentifier?) {
                self.observer = observer
                self.center = center
                self.name = name
                self.object = object
            }
            func removeFromCenter() {
                if let token { center.removeObserver(token) }
            }
        }

        private let lock = NSLock()
        private var entries: [ObjectIdentifier: [Entry]] = [:]

        func add(_ observer: AnyObject, center: NotificationCenter, name: Notification.Name?, object: Any?,
                 block: @escaping @Sendable (Notification) -> Void) {
            let key = ObjectIdentifier(observer)
            let entry = Entry(observer: observer, center: center, name: name, object: object.map { ObjectIdentifier($0 as AnyObject) })
            let token = center.addObserver(forName: name, object: object, queue: nil) { [weak entry] notification in
                guard let entry else { return }
                guard entry.observer != nil else {
                    TabulaPortObservers.shared.removeDeallocated(key)
                    return
                }
                block(notification)
            }
            lock.lock()
            entry.token = token
            entries[key, default: []].append(entry)
            let gone = entries[key]!.filter { $0.observer == nil }
            entries[key]!.removeAll { $0.observer == nil }
            lock.unlock()
            for entry in gone { entry.removeFromCenter() }
        }

        func remove(_ observer: AnyObject, center: NotificationCenter, name: Notification.Name?, object: Any?) {
            let key = ObjectIdentifier(observer)
            let objectKey = object.map { ObjectIdentifier($0 as AnyObject) }
            lock.lock()
            let all = entries[key] ?? []
            // An entry whose observer is gone belongs to a deallocated observer (this one, when
            // called from its deinit, or an earlier one at the same address): removed as well.
            let removed = all.filter { entry in
                guard let current = entry.observer else { return true }
                return current === observer && entry.center === center
                    && (name == nil || entry.name == name) && (objectKey == nil || entry.object == objectKey)
            }
            let kept = all.filter { entry in !removed.contains { $0 === entry } }
            entries[key] = kept.isEmpty ? nil : kept
            lock.unlock()
            for entry in removed { entry.removeFromCenter() }
        }

        func removeDeallocated(_ key: ObjectIdentifier) {
            lock.lock()
            let all = entries[key] ?? []
            let kept = all.filter { $0.observer != nil }
            entries[key] = kept.isEmpty ? nil : kept
            lock.unlock()
            for entry in all where entry.observer == nil { entry.removeFromCenter() }
        }
    }

    #if canImport(UIKit)
    import UIKit
    import ObjectiveC

    @MainActor
    private final class TabulaPortGestureTarget: NSObject {
        let action: @MainActor (UIGestureRecognizer) -> Void
        init(_ action: @escaping @MainActor (UIGestureRecognizer) -> Void) { self.action = action }
        @objc func fire(_ recognizer: UIGestureRecognizer) { action(recognizer) }
    }

    nonisolated(unsafe) private var tabulaPortGestureTargetsKey: UInt8 = 0

    extension UIGestureRecognizer {
        /// Creates a recognizer that calls `action` on each of its state changes.
        @MainActor
        public convenience init(target action: @escaping @MainActor (UIGestureRecognizer) -> Void) {
            self.init()
            addTarget(action)
        }

        /// Adds a closure called on each of the recognizer's state changes.
        @MainActor
        public func addTarget(_ action: @escaping @MainActor (UIGestureRecognizer) -> Void) {
            let target = TabulaPortGestureTarget(action)
            addTarget(target, action: #selector(TabulaPortGestureTarget.fire(_:)))
            var targets = objc_getAssociatedObject(self, &tabulaPortGestureTargetsKey) as? [TabulaPortGestureTarget] ?? []
            targets.append(target)
            objc_setAssociatedObject(self, &tabulaPortGestureTargetsKey, targets, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
        }
    }
    #endif

    """
}
