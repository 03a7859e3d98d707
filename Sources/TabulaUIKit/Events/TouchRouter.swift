import Foundation

/// One change of one finger, as a host reports it.
public struct TouchInput: Sendable, Equatable {
    /// The host's name for the finger; the same for its whole life.
    public var id: Int
    /// What happened to the finger: `.began` puts it down, `.moved` moves it, `.ended` or
    /// `.cancelled` lifts it. `.stationary` is treated as a move.
    public var phase: UITouch.Phase
    /// In window coordinates (points).
    public var location: CGPoint

    /// Creates a report of one finger's change.
    /// - Parameters:
    ///   - id: The host's identifier for the finger; a `.began` with an id already down is ignored.
    ///   - phase: What happened to the finger.
    ///   - location: Where the finger is, in window coordinates.
    public init(id: Int, phase: UITouch.Phase, location: CGPoint) {
        self.id = id
        self.phase = phase
        self.location = location
    }
}

/// Delivers a window's touches: to gesture recognizers first, then to the views, and
/// decides between recognizers (see ``UIGestureRecognizer`` for the rules).
///
/// Invariants: a view gets `touchesBegan` for a touch at most once and before anything
/// else about it, and then exactly one of `touchesEnded` or `touchesCancelled`, unless it
/// never got `touchesBegan` (a recognizer that delayed it recognized); a recognizer gets
/// touches only while it is `.possible`, `.began` or `.changed`.
@MainActor
final class TouchRouter {
    unowned let window: UIWindow
    private var active: [Int: UITouch] = [:]
    /// Touches whose view has not yet had everything about them.
    private var undelivered: [UITouch] = []
    private let event = UIEvent(timestamp: 0)
    private var lastTap: (time: TimeInterval, location: CGPoint, count: Int)?

    /// Seconds and points within which a touch continues the last tap (tapCount + 1).
    static let multipleTapInterval: TimeInterval = 0.35
    static let multipleTapDistance: CGFloat = 45

    init(window: UIWindow) { self.window = window }

    var hasActiveTouches: Bool { !active.isEmpty }
    func activeTouch(_ id: Int) -> UITouch? { active[id] }
    /// The view the last touch began in (keys go there when nothing is first responder).
    private(set) weak var lastTouchedView: UIView?

    // MARK: Input

    /// Applies the changes of one moment: recognizers see them, then views.
    func handle(_ inputs: [TouchInput], at time: TimeInterval) {
        event.timestamp = time
        var changed: [UITouch] = []
        for input in inputs {
            if input.phase == .began {
                guard active[input.id] == nil else { continue }
                let touch = UITouch(identifier: input.id, location: input.location, timestamp: time)
                touch.window = window
                touch.tapCount = tapCount(at: input.location, time: time)
                let view = window.hitTest(input.location, with: event) ?? window
                // isExclusiveTouch: an exclusive view is touched alone, and holds others off.
                if active.values.contains(where: { $0.view !== view && ($0.view?.isExclusiveTouch == true || view.isExclusiveTouch) }) {
                    continue
                }
                touch.view = view
                lastTouchedView = view
                touch.gestureRecognizers = recognizers(for: touch, from: view)
                for recognizer in touch.gestureRecognizers { recognizer.trackedTouches.append(touch) }
                active[input.id] = touch
                undelivered.append(touch)
                changed.append(touch)
            } else if let touch = active[input.id] {
                touch.previousLocationInWindow = touch.locationInWindow
                touch.locationInWindow = input.location
                touch.phase = input.phase == .stationary ? .moved : input.phase
                touch.timestamp = time
                touch.movedSinceDelivery = true
                changed.append(touch)
                if touch.hasEnded {
                    active[input.id] = nil
                    if input.phase == .ended { lastTap = (time, input.location, touch.tapCount) }
                }
            }
        }
        event.allTouches = Set(active.values).union(changed)
        deliverToRecognizers(changed)
        deliverToViews()
        event.allTouches = Set(active.values)
    }

    private func tapCount(at location: CGPoint, time: TimeInterval) -> Int {
        guard let last = lastTap, time - last.time <= Self.multipleTapInterval,
              hypot(location.x - last.location.x, location.y - last.location.y) <= Self.multipleTapDistance
        else { return 1 }
        return last.count + 1
    }

    /// The enabled recognizers of `view` and its ancestors (deepest first) that accept `touch`,
    /// up to the first view that keeps its touches from its ancestors' recognizers.
    private func recognizers(for touch: UITouch, from view: UIView) -> [UIGestureRecognizer] {
        var found: [UIGestureRecognizer] = []
        var current: UIView? = view
        while let v = current {
            for recognizer in v.attachedGestureRecognizers where recognizer.isEnabled {
                guard recognizer.storedState == .possible || recognizer.storedState == .began
                        || recognizer.storedState == .changed else { continue }
                if recognizer.delegate?.gestureRecognizer(recognizer, shouldReceive: touch) ?? true {
                    found.append(recognizer)
                }
            }
            guard v.lendsTouchesToAncestorRecognizers else { break }
            current = v.superview
        }
        return found
    }

    private func deliverToRecognizers(_ touches: [UITouch]) {
        var order: [UIGestureRecognizer] = []
        for touch in touches {
            for recognizer in touch.gestureRecognizers where !order.contains(where: { $0 === recognizer }) {
                order.append(recognizer)
            }
        }
        for recognizer in order {
            let mine = touches.filter { touch in recognizer.trackedTouches.contains { $0 === touch } }
            let running = { [.possible, .began, .changed].contains(recognizer.storedState) && recognizer.isEnabled }
            for phase in [UITouch.Phase.began, .moved, .ended, .cancelled] {
                let group = Set(mine.filter { $0.phase == phase })
                guard !group.isEmpty, running() else { continue }
                switch phase {
                case .began: recognizer.touchesBegan(group, with: event)
                case .moved: recognizer.touchesMoved(group, with: event)
                case .ended: recognizer.touchesEnded(group, with: event)
                default: recognizer.touchesCancelled(group, with: event)
                }
            }
            recognizer.noteLocation()
            recognizer.trackedTouches.removeAll { $0.hasEnded }
            settle(recognizer)
        }
    }

    // MARK: Views

    /// Sends each view what it has not yet been told about its touches, except those a
    /// recognizer still holds back or has taken.
    func deliverToViews() {
        var began: [ObjectIdentifier: (UIView, Set<UITouch>)] = [:]
        var moved = began, ended = began, cancelled = began
        var order: [UIView] = []
        func add(_ touch: UITouch, _ view: UIView, to groups: inout [ObjectIdentifier: (UIView, Set<UITouch>)]) {
            if !order.contains(where: { $0 === view }) { order.append(view) }
            groups[ObjectIdentifier(view), default: (view, [])].1.insert(touch)
        }
        for touch in undelivered {
            guard let view = touch.view else { touch.deliveryFinished = true; continue }
            if touch.isCancelledForView {
                if touch.beganDelivered { add(touch, view, to: &cancelled) }
                touch.deliveryFinished = true
                continue
            }
            if touch.gestureRecognizers.contains(where: { $0.delaysTouchesBegan && $0.isDeciding }) { continue }
            if !touch.beganDelivered {
                // The scroll view the touch is in may keep it from its content.
                if let scrollView = Self.enclosingScrollView(of: view),
                   !scrollView.touchesShouldBegin([touch], with: event, in: view) {
                    touch.deliveryFinished = true
                    continue
                }
                touch.beganDelivered = true
                touch.movedSinceDelivery = false
                add(touch, view, to: &began)
            } else if touch.movedSinceDelivery && !touch.hasEnded {
                touch.movedSinceDelivery = false
                add(touch, view, to: &moved)
            }
            if touch.hasEnded {
                if touch.phase == .ended { add(touch, view, to: &ended) } else { add(touch, view, to: &cancelled) }
                touch.deliveryFinished = true
            }
        }
        undelivered.removeAll { $0.deliveryFinished }
        for view in order {
            let id = ObjectIdentifier(view)
            if let group = began[id] { view.touchesBegan(group.1, with: event) }
            if let group = moved[id] { view.touchesMoved(group.1, with: event) }
            if let group = ended[id] { view.touchesEnded(group.1, with: event) }
            if let group = cancelled[id] { view.touchesCancelled(group.1, with: event) }
        }
    }

    /// The nearest scroll view above `view` (not `view` itself).
    static func enclosingScrollView(of view: UIView) -> UIScrollView? {
        var current = view.superview
        while let candidate = current {
            if let scrollView = candidate as? UIScrollView { return scrollView }
            current = candidate.superview
        }
        return nil
    }

    // MARK: Deciding between recognizers

    /// Carries out a recognizer's request to change state, by the rules in ``UIGestureRecognizer``.
    func transition(_ recognizer: UIGestureRecognizer, to requested: UIGestureRecognizer.State) {
        let current = recognizer.storedState
        switch (current, requested) {
        case (.possible, .began), (.possible, .ended):
            recognize(recognizer, as: requested)
        case (.began, .changed), (.changed, .changed), (.began, .ended), (.changed, .ended),
             (.began, .cancelled), (.changed, .cancelled):
            recognizer.storedState = requested
            recognizer.sendActions()
            settle(recognizer)
        case (.possible, .failed):
            fail(recognizer)
        case (.possible, .cancelled):
            fail(recognizer)
        default:
            break // Not a move UIKit's state machine allows (e.g. changed from possible): ignored.
        }
    }

    private func recognize(_ recognizer: UIGestureRecognizer, as requested: UIGestureRecognizer.State) {
        guard !controlTapWins(over: recognizer) else { fail(recognizer); return }
        let allowed = (recognizer.delegate?.gestureRecognizerShouldBegin(recognizer) ?? true)
            && (recognizer.view?.gestureRecognizerShouldBegin(recognizer) ?? true)
        guard allowed else { fail(recognizer); return }
        let blockers = blockers(of: recognizer)
        if blockers.contains(where: \.isDeciding) {
            recognizer.pendingRecognition = requested
            return
        }
        if blockers.contains(where: { [.began, .changed, .ended].contains($0.storedState) }) {
            fail(recognizer)
            return
        }
        let rivals = rivals(of: recognizer)
        if rivals.contains(where: { $0.storedState == .began || $0.storedState == .changed }) {
            fail(recognizer)
            return
        }
        recognizer.pendingRecognition = nil
        recognizer.storedState = requested
        for rival in rivals where rival.storedState == .possible { fail(rival) }
        for dependent in recognizer.dependents.compactMap(\.object) where dependent.storedState == .possible {
            fail(dependent)
        }
        for other in sharingTouches(with: recognizer) where other.storedState == .possible && other.waits(for: recognizer) {
            fail(other)
        }
        if recognizer.cancelsTouchesInView {
            for touch in recognizer.trackedTouches { touch.isCancelledForView = true }
        }
        recognizer.sendActions()
        settle(recognizer)
    }

    /// Whether `recognizer` is a single tap of one finger, attached above an enabled control
    /// the finger touched (a button, switch, stepper, segmented control, text field):
    /// then the control's own action wins and the recognizer fails, as UIKit has done since
    /// iOS 6, so that a "tap anywhere to close the keyboard" recognizer on a screen's view
    /// leaves its buttons and fields working.
    private func controlTapWins(over recognizer: UIGestureRecognizer) -> Bool {
        guard let tap = recognizer as? UITapGestureRecognizer, tap.numberOfTapsRequired == 1,
              tap.numberOfTouchesRequired == 1, let owner = recognizer.view else { return false }
        for touch in recognizer.trackedTouches {
            var view = touch.view
            while let current = view, current !== owner {
                if let control = current as? UIControl, control.isEnabled, control.isUserInteractionEnabled { return true }
                view = current.superview
            }
        }
        return false
    }

    /// Recognizers sharing a touch with `recognizer` that may not run at the same time.
    private func rivals(of recognizer: UIGestureRecognizer) -> [UIGestureRecognizer] {
        var found: [UIGestureRecognizer] = []
        for touch in recognizer.trackedTouches {
            for other in touch.gestureRecognizers where other !== recognizer && !found.contains(where: { $0 === other }) {
                let together = (recognizer.delegate?.gestureRecognizer(recognizer, shouldRecognizeSimultaneouslyWith: other) ?? false)
                    || (other.delegate?.gestureRecognizer(other, shouldRecognizeSimultaneouslyWith: recognizer) ?? false)
                if !together { found.append(other) }
            }
        }
        return found
    }

    private func fail(_ recognizer: UIGestureRecognizer) {
        guard recognizer.storedState == .possible else { return }
        recognizer.storedState = .failed
        recognizer.pendingRecognition = nil
        recognizer.cancelTimer()
        // Those told to wait for it, then those that share its touches and chose to wait
        // (recognizers and delegates asked as they came to recognize).
        var waiting = recognizer.dependents.compactMap(\.object)
        for other in sharingTouches(with: recognizer) where other.pendingRecognition != nil && !waiting.contains(where: { $0 === other }) {
            waiting.append(other)
        }
        for dependent in waiting {
            if let pending = dependent.pendingRecognition, dependent.storedState == .possible,
               !blockers(of: dependent).contains(where: \.isDeciding) {
                dependent.pendingRecognition = nil
                recognize(dependent, as: pending)
            }
        }
        settle(recognizer)
    }

    /// The recognizers on `recognizer`'s touches, other than it.
    private func sharingTouches(with recognizer: UIGestureRecognizer) -> [UIGestureRecognizer] {
        var found: [UIGestureRecognizer] = []
        for touch in recognizer.trackedTouches {
            for other in touch.gestureRecognizers where other !== recognizer && !found.contains(where: { $0 === other }) {
                found.append(other)
            }
        }
        return found
    }

    /// The recognizers `recognizer` must see fail before it recognizes: those it was told
    /// to wait for, and those sharing its touches that it, they or their delegates say it
    /// waits for.
    private func blockers(of recognizer: UIGestureRecognizer) -> [UIGestureRecognizer] {
        var found = recognizer.failureRequirements.compactMap(\.object)
        for other in sharingTouches(with: recognizer) where !found.contains(where: { $0 === other }) && recognizer.waits(for: other) {
            found.append(other)
        }
        return found
    }

    /// Fails a recognizer that has nothing left to decide on, and resets one whose
    /// gesture is over once its touches have all ended.
    private func settle(_ recognizer: UIGestureRecognizer) {
        let touchesLeft = recognizer.trackedTouches.contains { !$0.hasEnded }
        if recognizer.storedState == .possible, !touchesLeft, !recognizer.awaitsFurtherTouches,
           recognizer.pendingRecognition == nil, !FrameEngine.hasFrameWork(recognizer) {
            if recognizer.trackedTouches.isEmpty && recognizer.hadTouches { fail(recognizer) }
            return
        }
        guard [.ended, .cancelled, .failed].contains(recognizer.storedState), !touchesLeft else { return }
        recognizer.trackedTouches = []
        recognizer.hadTouches = false
        recognizer.storedState = .possible
        recognizer.cancelTimer()
        recognizer.reset()
    }
}

extension UIWindow {
    /// Delivers touches from a host (``HeadlessScreen`` or a window host). Tabula's
    /// counterpart of the events UIApplication sends to `sendEvent(_:)`.
    public func sendTouches(_ inputs: [TouchInput], at time: TimeInterval) {
        touchRouter.handle(inputs, at: time)
    }
}
