import Foundation

/// Turns a sequence of touches into a gesture, with UIKit's state machine.
///
/// A recognizer attached to a view receives the touches that begin in that view or its
/// subviews before the view itself does. It starts `.possible`; a discrete gesture (tap,
/// swipe) goes to `.ended` (`.recognized`) once, a continuous one (pan, pinch, long press)
/// goes `.began`, `.changed`…, then `.ended` or `.cancelled`; one that decides the touches
/// are not its gesture goes to `.failed`. When every touch it tracked has ended it is
/// reset to `.possible` (and ``reset()`` runs).
///
/// Between recognizers, as in UIKit: one that recognizes makes every other recognizer
/// sharing its touches fail, unless either's delegate allows both at once
/// (`shouldRecognizeSimultaneouslyWith`); one that ``require(toFail:)`` another waits
/// until that one fails, and fails if it recognizes; one that recognizes while
/// ``cancelsTouchesInView`` is on takes the touches from the view (the view gets
/// `touchesCancelled`, or nothing if its `touchesBegan` was still being held back by
/// ``delaysTouchesBegan``).
///
/// Targets are closures (there are no selectors on Linux):
///
/// ```swift
/// let tap = UITapGestureRecognizer { [weak self] tap in self?.toggleOpen() }
/// headerView.addGestureRecognizer(tap)
/// ```
///
/// Subclasses override the `touches…` methods and set ``state``, as with UIKit's
/// `UIGestureRecognizerSubclass`.
@preconcurrency @MainActor
open class UIGestureRecognizer {
    /// The states of a recognizer's state machine.
    public enum State: Int, Sendable {
        /// Not recognized yet, but may be: the state a recognizer starts in and is reset to.
        case possible
        /// A continuous gesture has started; the targets are called.
        case began
        /// A continuous gesture has moved on; the targets are called.
        case changed
        /// The gesture has finished, or a discrete gesture was recognized; the targets are called.
        case ended
        /// A continuous gesture was cancelled (its touches were cancelled, or the recognizer
        /// was disabled); the targets are called.
        case cancelled
        /// The touches are not this recognizer's gesture; the targets are not called.
        case failed
        /// A discrete gesture's one state change: the same as `.ended`.
        public static let recognized = State.ended
    }

    /// Creates a recognizer with no targets; add them with ``addTarget(_:)``.
    public required init() {}

    /// Creates a recognizer that calls `action` on every state change.
    public convenience init(target action: @escaping @MainActor (UIGestureRecognizer) -> Void) {
        self.init()
        addTarget(action)
    }

    /// The view the recognizer is attached to.
    public internal(set) weak var view: UIView?

    /// The object that decides whether the recognizer may begin, which touches it receives
    /// and which other recognizers may recognize at the same time.
    open weak var delegate: UIGestureRecognizerDelegate?

    /// A disabled recognizer receives no touches; disabling one in the middle of a
    /// gesture cancels it.
    open var isEnabled = true {
        didSet {
            guard !isEnabled, oldValue else { return }
            switch storedState {
            case .began, .changed: state = .cancelled
            case .possible where !trackedTouches.isEmpty || pendingRecognition != nil: state = .failed
            default: break
            }
        }
    }

    /// Whether recognizing takes the touches away from the view (it gets `touchesCancelled`).
    open var cancelsTouchesInView = true
    /// Whether the view's `touchesBegan` waits until this recognizer has failed (and is
    /// dropped if it recognizes). A scroll view uses this so that a drag never highlights a row.
    open var delaysTouchesBegan = false
    /// Accepted for compatibility; touches that end are delivered at once, unless their
    /// `touchesBegan` is still held back by ``delaysTouchesBegan``.
    open var delaysTouchesEnded = true

    // MARK: State

    var storedState = State.possible
    /// A recognition asked for while a recognizer this one requires to fail was still
    /// deciding; it happens when that one fails.
    var pendingRecognition: State?

    /// The current state. Subclasses set it; the change goes through the rules above,
    /// so it may not take (a recognition that another recognizer blocks becomes `.failed`).
    public var state: State {
        get { storedState }
        set {
            if let router = view?.window?.touchRouter {
                router.transition(self, to: newValue)
            } else {
                storedState = newValue
                if newValue != .possible && newValue != .failed { sendActions() }
            }
        }
    }

    // MARK: Targets

    private var actions: [(id: Int, action: (UIGestureRecognizer) -> Void)] = []
    private var nextActionID = 0

    /// Adds a closure called on every state change except to `.failed`. Returns a token
    /// for ``removeTarget(_:)``.
    @discardableResult
    public func addTarget(_ action: @escaping (UIGestureRecognizer) -> Void) -> Int {
        nextActionID += 1
        actions.append((nextActionID, action))
        return nextActionID
    }

    /// Removes the target that `addTarget` returned `token` for; nil removes them all.
    public func removeTarget(_ token: Int?) {
        if let token { actions.removeAll { $0.id == token } } else { actions.removeAll() }
    }

    func sendActions() {
        for entry in actions { entry.action(self) }
    }

    // MARK: Touches

    /// The touches this recognizer tracks, in the order they began (ended ones leave
    /// after their `touchesEnded`).
    var trackedTouches: [UITouch] = [] { didSet { if !trackedTouches.isEmpty { hadTouches = true } } }
    /// Touches came since the last reset (one with none left and nothing to wait for fails).
    var hadTouches = false
    /// The last place the touches were, for ``location(in:)`` after they ended.
    private var lastLocationInWindow: CGPoint?

    /// Touches on screen that this recognizer tracks.
    public var numberOfTouches: Int { trackedTouches.filter { !$0.hasEnded }.count }

    /// The centroid of the touches (where they were last, once they have ended).
    open func location(in view: UIView?) -> CGPoint {
        let window = centroidInWindow ?? lastLocationInWindow ?? .zero
        guard let view else { return window }
        return view.convert(window, from: nil)
    }

    /// The location of one of the touches.
    public func location(ofTouch touchIndex: Int, in view: UIView?) -> CGPoint {
        let touches = trackedTouches.filter { !$0.hasEnded }
        precondition(touches.indices.contains(touchIndex),
                     "location(ofTouch: \(touchIndex)) on a recognizer with \(touches.count) touch(es)")
        return touches[touchIndex].location(in: view)
    }

    /// The centroid of the touches on screen, in window coordinates.
    var centroidInWindow: CGPoint? {
        let touches = trackedTouches.filter { !$0.hasEnded }
        guard !touches.isEmpty else { return nil }
        let sum = touches.reduce(CGPoint.zero) { CGPoint(x: $0.x + $1.locationInWindow.x, y: $0.y + $1.locationInWindow.y) }
        return CGPoint(x: sum.x / CGFloat(touches.count), y: sum.y / CGFloat(touches.count))
    }

    func noteLocation() {
        if let centroid = centroidInWindow { lastLocationInWindow = centroid }
    }

    /// Stops sending `touch` to this recognizer.
    open func ignore(_ touch: UITouch, for event: UIEvent) {
        trackedTouches.removeAll { $0 === touch }
        touch.gestureRecognizers.removeAll { $0 === self }
    }

    /// Called when fingers this recognizer tracks come down, before the view hears of them.
    /// Subclasses override it to follow the gesture and set ``UIGestureRecognizer/state``; the default does nothing.
    open func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {}
    /// Called when fingers this recognizer tracks move. The default does nothing.
    open func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {}
    /// Called when fingers this recognizer tracks lift. The default does nothing.
    open func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {}
    /// Called when the host cancels fingers this recognizer tracks. The default does nothing.
    open func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {}

    /// Called when the recognizer goes back to `.possible`; subclasses clear their gesture state.
    open func reset() {}

    /// Whether the recognizer expects more touches to come before it decides (a double
    /// tap between its taps). One that does not, and has no touches, fails.
    var awaitsFurtherTouches: Bool { false }

    /// Whether the recognizer is still deciding about touches on screen now.
    var isDeciding: Bool {
        storedState == .possible && (!trackedTouches.isEmpty || awaitsFurtherTouches || pendingRecognition != nil)
    }

    // MARK: Dependencies

    /// Recognizers that must fail before this one may recognize.
    var failureRequirements: [Weak<UIGestureRecognizer>] = []
    /// Recognizers that wait for this one to fail.
    var dependents: [Weak<UIGestureRecognizer>] = []

    /// This recognizer recognizes only once `other` has failed (a single tap that waits
    /// for a double tap); if `other` recognizes, this one fails.
    public func require(toFail other: UIGestureRecognizer) {
        failureRequirements.append(Weak(other))
        other.dependents.append(Weak(self))
    }

    /// Whether this recognizer waits for `otherGestureRecognizer`, which shares its
    /// touches, to fail before it recognizes. Asked each time this one would recognize;
    /// false by default. A subclass overrides it (UIKit's `UIGestureRecognizerSubclass`).
    open func shouldRequireFailure(of otherGestureRecognizer: UIGestureRecognizer) -> Bool { false }

    /// Whether `otherGestureRecognizer`, which shares this recognizer's touches, waits for
    /// this one to fail before it recognizes. False by default; a subclass overrides it.
    open func shouldBeRequiredToFail(by otherGestureRecognizer: UIGestureRecognizer) -> Bool { false }

    /// Whether this recognizer must wait for `other` to fail: by ``require(toFail:)``, by
    /// either recognizer's subclass, or by either one's delegate.
    func waits(for other: UIGestureRecognizer) -> Bool {
        failureRequirements.contains { $0.object === other }
            || shouldRequireFailure(of: other) || other.shouldBeRequiredToFail(by: self)
            || delegate?.gestureRecognizer(self, shouldRequireFailureOf: other) == true
            || other.delegate?.gestureRecognizer(other, shouldBeRequiredToFailBy: self) == true
    }

    // MARK: Timers

    /// Runs `action` once, `delay` seconds from now on the host's clock, unless cancelled
    /// by ``cancelTimer()`` or replaced by another timer.
    func startTimer(after delay: TimeInterval, _ action: @escaping () -> Void) {
        let engine = FrameEngine.of(view?.layer)
        let due = engine.clock.now + delay
        engine.ticker.add(self) { [self] time in
            guard time >= due - 1e-9 else { return true }
            action()
            self.view?.window?.touchRouter.deliverToViews()
            return false
        }
    }

    func cancelTimer() { FrameEngine.removeFrameWork(of: self) }
}

/// Lets a recognizer's initializer and targets take the recognizer's own type:
/// `UIPinchGestureRecognizer { pinch in pinch.scale }`.
@preconcurrency @MainActor
public protocol GestureRecognizerTargets: AnyObject {
    /// Creates a recognizer with no targets.
    init()
    /// Adds a closure called on the recognizer's state changes; returns a token to remove it.
    @discardableResult func addTarget(_ action: @escaping (UIGestureRecognizer) -> Void) -> Int
}

extension UIGestureRecognizer: GestureRecognizerTargets {}

extension GestureRecognizerTargets where Self: UIGestureRecognizer {
    /// Creates a recognizer whose target gets it with its own type.
    public init(action: @escaping @MainActor (Self) -> Void) {
        self.init()
        addTarget { action($0 as! Self) }
    }

    /// Adds a target that gets the recognizer with its own type.
    @discardableResult
    public func addTarget(_ action: @escaping @MainActor (Self) -> Void) -> Int {
        addTarget { (recognizer: UIGestureRecognizer) in action(recognizer as! Self) }
    }
}

/// Decides, for a recognizer, whether it may begin and which others may run with it.
@preconcurrency @MainActor
public protocol UIGestureRecognizerDelegate: AnyObject {
    /// Asks whether `gestureRecognizer` may leave `.possible` and recognize; returning
    /// false makes it fail.
    func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool
    /// Asks whether `gestureRecognizer` and `otherGestureRecognizer`, which share touches,
    /// may both recognize; true from either recognizer's delegate allows it.
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                           shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer) -> Bool
    /// Asks whether `gestureRecognizer` should receive `touch`, as it comes down; a
    /// recognizer that gets false never sees the touch.
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool
    /// Asks whether `gestureRecognizer` waits for `otherGestureRecognizer`, which shares
    /// its touches, to fail before it recognizes; asked each time it would recognize.
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                           shouldRequireFailureOf otherGestureRecognizer: UIGestureRecognizer) -> Bool
    /// Asks whether `otherGestureRecognizer`, which shares `gestureRecognizer`'s touches,
    /// waits for `gestureRecognizer` to fail before it recognizes.
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                           shouldBeRequiredToFailBy otherGestureRecognizer: UIGestureRecognizer) -> Bool
}

extension UIGestureRecognizerDelegate {
    /// Returns true: recognizers may begin.
    public func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool { true }
    /// Returns false: recognizers sharing touches exclude each other.
    public func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                                  shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer) -> Bool {
        false
    }
    /// Returns true: recognizers receive every touch.
    public func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool { true }
    /// Returns false: a recognizer waits only for those it was told to.
    public func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                                  shouldRequireFailureOf otherGestureRecognizer: UIGestureRecognizer) -> Bool {
        false
    }
    /// Returns false: no other recognizer waits for this one unless told to.
    public func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                                  shouldBeRequiredToFailBy otherGestureRecognizer: UIGestureRecognizer) -> Bool {
        false
    }
}

extension UIView {
    /// The recognizers attached to this view.
    public var gestureRecognizers: [UIGestureRecognizer]? {
        get { attachedGestureRecognizers.isEmpty ? nil : attachedGestureRecognizers }
        set {
            for recognizer in attachedGestureRecognizers { recognizer.view = nil }
            attachedGestureRecognizers = []
            for recognizer in newValue ?? [] { addGestureRecognizer(recognizer) }
        }
    }

    /// Attaches `recognizer` (moving it from another view if it had one).
    public func addGestureRecognizer(_ recognizer: UIGestureRecognizer) {
        if let old = recognizer.view { old.removeGestureRecognizer(recognizer) }
        recognizer.view = self
        attachedGestureRecognizers.append(recognizer)
    }

    /// Detaches `recognizer` and cancels its pending timer; does nothing if it is attached
    /// to another view.
    public func removeGestureRecognizer(_ recognizer: UIGestureRecognizer) {
        guard recognizer.view === self else { return }
        attachedGestureRecognizers.removeAll { $0 === recognizer }
        recognizer.cancelTimer()
        recognizer.view = nil
    }
}
