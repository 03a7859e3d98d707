import Foundation

/// A pan that begins only when the finger comes down near an edge of the screen and
/// moves away from it: the navigation controller's back swipe.
///
/// A touch that starts more than 20 points from every edge in ``edges`` makes
/// it fail at once, so it never delays other recognizers elsewhere; one that starts at an
/// edge fails if its first movement is not away from that edge.
@preconcurrency @MainActor
open class UIScreenEdgePanGestureRecognizer: UIPanGestureRecognizer {
    /// The edges a pan may start from (none by default: set it).
    open var edges: UIRectEdge = []

    /// How near an edge, in points, the finger must come down.
    package static let edgeWidth: CGFloat = 20

    private var start: CGPoint?

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        if state == .possible, start == nil, let touch = touches.first, let window = touch.window {
            let p = touch.location(in: nil)
            let b = window.bounds, w = Self.edgeWidth
            let nearEdge = (edges.contains(.left) && p.x <= b.minX + w) || (edges.contains(.right) && p.x >= b.maxX - w)
                || (edges.contains(.top) && p.y <= b.minY + w) || (edges.contains(.bottom) && p.y >= b.maxY - w)
            guard nearEdge else { state = .failed; return }
            start = p
        }
        super.touchesBegan(touches, with: event)
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        if state == .possible, let start, let p = touches.first?.location(in: nil) {
            let dx = p.x - start.x, dy = p.y - start.y
            if hypot(dx, dy) >= hysteresis {
                // Away from the edge it started at, more than along it.
                let away = (edges.contains(.left) && dx > abs(dy)) || (edges.contains(.right) && -dx > abs(dy))
                    || (edges.contains(.top) && dy > abs(dx)) || (edges.contains(.bottom) && -dy > abs(dx))
                guard away else { state = .failed; return }
            }
        }
        super.touchesMoved(touches, with: event)
    }

    open override func reset() {
        super.reset()
        start = nil
    }
}
