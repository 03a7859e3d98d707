extension UIView {
    /// Marks the whole view for redrawing; ``draw(_:)`` runs once before the next frame.
    public func setNeedsDisplay() { layer.setNeedsDisplay() }

    /// Marks `rect` for redrawing. Marks made in the same frame are coalesced: one
    /// ``draw(_:)`` receives the union of the rects.
    public func setNeedsDisplay(_ rect: CGRect) { layer.setNeedsDisplay(rect) }
}

// The context stack that UIKit keeps for drawRect: and image renderers.
@MainActor private var contextStack: [CGContext] = []

/// The context ``UIView/draw(_:)`` should draw into, or nil outside drawing.
@preconcurrency @MainActor public func UIGraphicsGetCurrentContext() -> CGContext? { contextStack.last }

/// Makes `context` the current context, saving the previous one; balance with ``UIGraphicsPopContext()``.
@preconcurrency @MainActor public func UIGraphicsPushContext(_ context: CGContext) { contextStack.append(context) }

/// Restores the context that was current before the last ``UIGraphicsPushContext(_:)``; does nothing when none was pushed.
@preconcurrency @MainActor public func UIGraphicsPopContext() { _ = contextStack.popLast() }
