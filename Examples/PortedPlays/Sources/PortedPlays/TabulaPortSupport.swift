// Written by tabula-port. On iOS it gives UIKit's gesture recognizers the closure
// targets Tabula's recognizers have, so that ported code builds for both. On Linux it
// compiles to nothing: Tabula has these forms itself.
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
