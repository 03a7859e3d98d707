import Foundation

/// Touches and keys, as a person would make them, on the virtual clock.
///
/// Each gesture is a real sequence of touches: the finger comes down at the current
/// time, moves once a frame while the clock advances, and lifts, so recognizers, scroll
/// views and tables see what they would see from a finger. A gesture leaves the clock
/// at the moment the finger lifted; advance it to see what follows.
extension HeadlessScreen {
    /// How long ``tap(at:)`` keeps the finger down.
    public static let tapDuration: TimeInterval = 0.05
    /// The distance between the fingers when a ``pinch(at:scale:duration:)`` starts.
    public static let pinchSpan: CGFloat = 100

    /// Touch down and up at `point` (window coordinates), 0.05 s apart.
    public func tap(at point: CGPoint) {
        let id = touchDown(at: point)
        advance(by: Self.tapDuration)
        liftTouch(id, at: point)
    }

    /// Holds a finger still at `point` for `duration` seconds, then lifts it.
    public func longPress(at point: CGPoint, duration: TimeInterval = 1) {
        let id = touchDown(at: point)
        advance(by: duration)
        liftTouch(id, at: point)
    }

    /// Drags a finger from `start` to `end` at a steady speed over `duration`, moving it
    /// every frame, and lifts it there: the release velocity is (end − start) / duration.
    public func drag(from start: CGPoint, to end: CGPoint, duration: TimeInterval = 0.3) {
        let id = touchDown(at: start)
        let steps = max(1, Int((duration * Double(framesPerSecond)).rounded()))
        for step in 1 ... steps {
            advance(by: duration / Double(steps))
            let f = CGFloat(step) / CGFloat(steps)
            moveTouch(id, to: CGPoint(x: start.x + (end.x - start.x) * f, y: start.y + (end.y - start.y) * f))
        }
        liftTouch(id, at: end)
    }

    /// Two fingers centred on `point`, ``pinchSpan`` points apart horizontally, spread
    /// (scale > 1) or pinched together (scale < 1) to `scale` times that over `duration`.
    public func pinch(at point: CGPoint, scale: CGFloat, duration: TimeInterval = 0.5) {
        func fingers(_ span: CGFloat) -> (CGPoint, CGPoint) {
            (CGPoint(x: point.x - span / 2, y: point.y), CGPoint(x: point.x + span / 2, y: point.y))
        }
        let (a0, b0) = fingers(Self.pinchSpan)
        let a = nextTouchID(), b = nextTouchID()
        sendTouches([TouchInput(id: a, phase: .began, location: a0), TouchInput(id: b, phase: .began, location: b0)])
        let steps = max(1, Int((duration * Double(framesPerSecond)).rounded()))
        var last = (a0, b0)
        for step in 1 ... steps {
            advance(by: duration / Double(steps))
            let f = CGFloat(step) / CGFloat(steps)
            last = fingers(Self.pinchSpan * (1 + (scale - 1) * f))
            sendTouches([TouchInput(id: a, phase: .moved, location: last.0),
                         TouchInput(id: b, phase: .moved, location: last.1)])
        }
        sendTouches([TouchInput(id: a, phase: .ended, location: last.0), TouchInput(id: b, phase: .ended, location: last.1)])
    }

    // MARK: Single fingers

    /// Puts a finger down at `point`; returns its id for ``moveTouch(_:to:)`` and ``liftTouch(_:at:)``.
    @discardableResult
    public func touchDown(at point: CGPoint) -> Int {
        let id = nextTouchID()
        sendTouches([TouchInput(id: id, phase: .began, location: point)])
        return id
    }

    /// Moves the finger `id` (from ``touchDown(at:)``) to `point`, in window coordinates, at the current time.
    public func moveTouch(_ id: Int, to point: CGPoint) {
        sendTouches([TouchInput(id: id, phase: .moved, location: point)])
    }

    /// Lifts a finger; at `point` when given, else where it last was.
    public func liftTouch(_ id: Int, at point: CGPoint? = nil) {
        let location = point ?? window?.touchRouter.location(ofTouch: id) ?? .zero
        sendTouches([TouchInput(id: id, phase: .ended, location: location)])
    }

    /// Delivers changes of any number of fingers at the current time (a window host
    /// reports its mouse and touch events through this).
    public func sendTouches(_ inputs: [TouchInput]) {
        guard let window else { return }
        work {
            window.sendTouches(inputs, at: currentTime)
            CATransaction.endImplicitTransaction()
        }
    }

    // MARK: Wheel

    /// Scrolls as a mouse wheel or trackpad does: the innermost scroll view under
    /// `point` (window coordinates) that can still move by `delta` moves its content by
    /// it — positive `dy` shows what is further down — stopping at its edges, without
    /// bouncing; when it cannot move, the scroll view around it tries. Any deceleration
    /// stops, `scrollViewDidScroll(_:)` is called and the indicators flash. Returns the
    /// scroll view that moved, if any.
    @discardableResult
    public func scrollWheel(at point: CGPoint, by delta: CGVector) -> UIScrollView? {
        guard let window, delta.dx.isFinite, delta.dy.isFinite else { return nil }
        return work { scrollWheel(in: window, at: point, by: delta) }
    }

    private func scrollWheel(in window: UIWindow, at point: CGPoint, by delta: CGVector) -> UIScrollView? {
        defer { CATransaction.endImplicitTransaction() }
        var view = window.hitTest(point, with: nil)
        while let candidate = view {
            view = candidate.superview
            guard let scrollView = candidate as? UIScrollView, scrollView.isScrollEnabled else { continue }
            let offset = scrollView.contentOffset
            let target = scrollView.clampedContentOffset(CGPoint(x: offset.x + delta.dx, y: offset.y + delta.dy))
            guard target != offset else { continue }
            scrollView.setContentOffset(target, animated: false)
            scrollView.flashScrollIndicators()
            return scrollView
        }
        return nil
    }

    // MARK: Keys

    /// Presses and releases a key: delivered to the first responder, or the view last
    /// touched, or the root view, and up the responder chain from there.
    public func pressKey(_ keyCode: UIKeyboardHIDUsage, characters: String = "", modifierFlags: UIKeyModifierFlags = []) {
        guard let window else { return }
        work {
            window.sendKey(UIKey(keyCode: keyCode, characters: characters, modifierFlags: modifierFlags), at: currentTime)
            CATransaction.endImplicitTransaction()
        }
    }
}

extension TouchRouter {
    func location(ofTouch id: Int) -> CGPoint? { activeTouch(id)?.locationInWindow }
}

extension UIWindow {
    /// Sends a key's press and release to the responder that should have it.
    func sendKey(_ key: UIKey, at time: TimeInterval) {
        let target: UIResponder = firstResponder
            ?? touchRouter.lastTouchedView.flatMap { $0.window === self ? $0 : nil }
            ?? rootViewController?.view ?? self
        let down = UIPress(key: key, phase: .began, timestamp: time)
        target.pressesBegan([down], with: UIPressesEvent(presses: [down], timestamp: time))
        let up = UIPress(key: key, phase: .ended, timestamp: time)
        target.pressesEnded([up], with: UIPressesEvent(presses: [up], timestamp: time))
    }
}
