import Foundation

/// Recognizes one or more taps of one or more fingers (discrete: `.ended` once).
///
/// Fails when a finger moves more than ``allowableMovement`` points, when more fingers
/// come down than ``numberOfTouchesRequired``, or when the next tap of a multiple tap
/// does not come within 0.35 seconds.
@preconcurrency @MainActor
open class UITapGestureRecognizer: UIGestureRecognizer {
    /// How many taps make the gesture: 2 for a double tap.
    open var numberOfTapsRequired = 1
    /// How many fingers each tap must use; more or fewer make the tap fail.
    open var numberOfTouchesRequired = 1
    /// How far a finger may move and still tap (UIKit's is about 10 points).
    open var allowableMovement: CGFloat = 10

    private var tapsSoFar = 0
    private var fingersThisTap = 0
    private var starts: [ObjectIdentifier: CGPoint] = [:]
    private var firstTapLocation: CGPoint?

    override var awaitsFurtherTouches: Bool { tapsSoFar > 0 && tapsSoFar < numberOfTapsRequired }

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        cancelTimer()
        for touch in touches {
            starts[ObjectIdentifier(touch)] = touch.locationInWindow
            if let first = firstTapLocation,
               hypot(touch.locationInWindow.x - first.x, touch.locationInWindow.y - first.y) > TouchRouter.multipleTapDistance {
                state = .failed
                return
            }
        }
        fingersThisTap = max(fingersThisTap, numberOfTouches)
        if fingersThisTap > numberOfTouchesRequired { state = .failed }
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        for touch in touches {
            guard let start = starts[ObjectIdentifier(touch)] else { continue }
            if hypot(touch.locationInWindow.x - start.x, touch.locationInWindow.y - start.y) > allowableMovement {
                state = .failed
                return
            }
        }
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        touchesMoved(touches, with: event)
        guard state == .possible, numberOfTouches == 0 else { return }
        guard fingersThisTap == numberOfTouchesRequired else { state = .failed; return }
        tapsSoFar += 1
        fingersThisTap = 0
        if firstTapLocation == nil { firstTapLocation = touches.first?.locationInWindow }
        if tapsSoFar >= numberOfTapsRequired {
            state = .ended
        } else {
            startTimer(after: TouchRouter.multipleTapInterval) { [self] in state = .failed }
        }
    }

    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        state = .failed
    }

    open override func reset() {
        tapsSoFar = 0
        fingersThisTap = 0
        starts = [:]
        firstTapLocation = nil
    }
}
