import Foundation

/// One finger on the screen, from touch down to lift.
///
/// The host creates a touch when a finger comes down and updates the same object as it
/// moves, so a touch can be kept and compared across calls. Its ``view`` is the view
/// hit-tested where it began and stays that view until it ends, wherever it moves.
@preconcurrency @MainActor
public final class UITouch: Hashable {
    /// The stages of a touch, from finger down to lift.
    ///
    /// A touch `began`, `moved`, and then `ended` when the finger lifted or was
    /// `cancelled` by the host. Tabula never reports `stationary`: a host's stationary
    /// input is delivered as a move.
    public enum Phase: Int, Sendable { case began, moved, stationary, ended, cancelled }

    /// The touch's current phase.
    public internal(set) var phase: Phase = .began
    /// The virtual clock's time of the last change.
    public internal(set) var timestamp: TimeInterval = 0
    /// 1 for a single tap; 2 when this touch came down soon after, and near, the last one.
    public internal(set) var tapCount = 1
    /// The view the touch began in (hit testing), for as long as it lasts.
    public internal(set) weak var view: UIView?
    /// The window the touch is in.
    public internal(set) weak var window: UIWindow?
    /// The recognizers that receive this touch: those of ``view`` and its superviews.
    public internal(set) var gestureRecognizers: [UIGestureRecognizer] = []
    var locationInWindow: CGPoint = .zero
    var previousLocationInWindow: CGPoint = .zero
    /// Where the finger came down, in window coordinates: a control whose touches were
    /// held back while a scroll view decided decides by where the finger started.
    let initialLocationInWindow: CGPoint
    /// The host's name for this finger (mouse button, SDL finger id, a test's index).
    let identifier: Int

    init(identifier: Int, location: CGPoint, timestamp: TimeInterval) {
        self.identifier = identifier
        self.locationInWindow = location
        self.previousLocationInWindow = location
        self.initialLocationInWindow = location
        self.timestamp = timestamp
    }

    /// The touch's location in `view`'s coordinates (the window's when nil).
    public func location(in view: UIView?) -> CGPoint {
        guard let view else { return locationInWindow }
        return view.convert(locationInWindow, from: nil)
    }

    /// Where the touch was before its last move, in `view`'s coordinates.
    public func previousLocation(in view: UIView?) -> CGPoint {
        guard let view else { return previousLocationInWindow }
        return view.convert(previousLocationInWindow, from: nil)
    }

    // Delivery bookkeeping (TouchRouter).
    var beganDelivered = false
    var movedSinceDelivery = false
    var deliveryFinished = false
    /// A recognizer took this touch from its view.
    var isCancelledForView = false

    var hasEnded: Bool { phase == .ended || phase == .cancelled }

    /// Whether `a` and `b` are the same touch object (identity: the same finger).
    public nonisolated static func == (a: UITouch, b: UITouch) -> Bool { a === b }
    /// Hashes the touch's identity, so touches can be kept in sets.
    public nonisolated func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// The touches on screen at one moment, delivered together.
@preconcurrency @MainActor
open class UIEvent {
    /// The kinds of event: `touches` and `presses`. Tabula sends no `motion` events.
    public enum EventType: Int, Sendable { case touches, presses, motion }
    /// The kind of event this is.
    public let type: EventType
    /// When the event happened, on the screen's (virtual) clock.
    public internal(set) var timestamp: TimeInterval
    /// Every touch on screen now, whatever its phase.
    public internal(set) var allTouches: Set<UITouch>?

    init(type: EventType = .touches, timestamp: TimeInterval, touches: Set<UITouch>? = nil) {
        self.type = type
        self.timestamp = timestamp
        self.allTouches = touches
    }

    /// The touches delivered to `view`.
    public func touches(for view: UIView) -> Set<UITouch>? {
        allTouches?.filter { $0.view === view }
    }

    /// The touches on `window`.
    public func touches(for window: UIWindow) -> Set<UITouch>? {
        allTouches?.filter { $0.window === window }
    }

    /// The touches that `gestureRecognizer` receives.
    public func touches(for gestureRecognizer: UIGestureRecognizer) -> Set<UITouch>? {
        allTouches?.filter { $0.gestureRecognizers.contains { $0 === gestureRecognizer } }
    }
}
