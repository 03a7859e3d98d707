/// An object in the responder chain: views, view controllers, windows.
@MainActor
open class UIResponder {
    public init() {}

    /// The next responder in the chain; nil ends it.
    open var next: UIResponder? { nil }

    open var canBecomeFirstResponder: Bool { false }
    public internal(set) var isFirstResponder = false

    @discardableResult
    open func becomeFirstResponder() -> Bool {
        guard canBecomeFirstResponder else { return false }
        isFirstResponder = true
        return true
    }

    @discardableResult
    open func resignFirstResponder() -> Bool {
        isFirstResponder = false
        return true
    }

    // Touch handling: the default passes the touches up the responder chain, as UIKit does.
    open func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { next?.touchesBegan(touches, with: event) }
    open func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { next?.touchesMoved(touches, with: event) }
    open func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { next?.touchesEnded(touches, with: event) }
    open func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { next?.touchesCancelled(touches, with: event) }
}

/// One finger on the screen. Its phases and locations are delivered through
/// ``UIEvent``s by the host (see ``HeadlessScreen``).
@MainActor
public final class UITouch: Hashable {
    public enum Phase: Sendable { case began, moved, stationary, ended, cancelled }

    public internal(set) var phase: Phase = .began
    public internal(set) var timestamp: TimeInterval = 0
    public internal(set) var tapCount = 1
    public internal(set) weak var view: UIView?
    public internal(set) weak var window: UIWindow?
    var locationInWindow: CGPoint = .zero
    var previousLocationInWindow: CGPoint = .zero

    init() {}

    /// The touch's location in `view`'s coordinates (the window's when nil).
    public func location(in view: UIView?) -> CGPoint {
        guard let view else { return locationInWindow }
        return view.convert(locationInWindow, from: nil)
    }

    public func previousLocation(in view: UIView?) -> CGPoint {
        guard let view else { return previousLocationInWindow }
        return view.convert(previousLocationInWindow, from: nil)
    }

    public nonisolated static func == (a: UITouch, b: UITouch) -> Bool { a === b }
    public nonisolated func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// A set of touches delivered together.
@MainActor
public final class UIEvent {
    public enum EventType: Sendable { case touches, presses, motion }
    public let type: EventType
    public internal(set) var timestamp: TimeInterval
    public internal(set) var allTouches: Set<UITouch>?

    init(type: EventType = .touches, timestamp: TimeInterval, touches: Set<UITouch>? = nil) {
        self.type = type
        self.timestamp = timestamp
        self.allTouches = touches
    }
}
