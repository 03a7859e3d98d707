import Foundation

// UIKit's drawing shortcuts, for `draw(_:)` and image renderers: they draw into the
// current context (`UIGraphicsGetCurrentContext()`) and do nothing outside drawing.

extension UIColor {
    /// Makes this colour the fill colour of the current context.
    @preconcurrency @MainActor public func setFill() { UIGraphicsGetCurrentContext()?.setFillColor(cgColor) }
    /// Makes this colour the stroke colour of the current context.
    @preconcurrency @MainActor public func setStroke() { UIGraphicsGetCurrentContext()?.setStrokeColor(cgColor) }
    /// Makes this colour both the fill and the stroke colour of the current context.
    @preconcurrency @MainActor public func set() {
        setFill()
        setStroke()
    }
}

/// Fills `rect` with the current context's fill colour.
@preconcurrency @MainActor public func UIRectFill(_ rect: CGRect) { UIGraphicsGetCurrentContext()?.fill(rect) }

/// Fills `rect` with the fill colour, combined with what is there by `blendMode`.
@preconcurrency @MainActor public func UIRectFillUsingBlendMode(_ rect: CGRect, _ blendMode: CGBlendMode) {
    guard let ctx = UIGraphicsGetCurrentContext() else { return }
    ctx.saveGState()
    ctx.setBlendMode(blendMode)
    ctx.fill(rect)
    ctx.restoreGState()
}

/// Draws a 1-point frame just inside `rect` in the current context's fill colour, as UIKit does.
@preconcurrency @MainActor public func UIRectFrame(_ rect: CGRect) { UIRectFrameUsingBlendMode(rect, .normal) }

/// Draws a 1-point frame just inside `rect` in the fill colour, combined by `blendMode`.
@preconcurrency @MainActor public func UIRectFrameUsingBlendMode(_ rect: CGRect, _ blendMode: CGBlendMode) {
    guard let ctx = UIGraphicsGetCurrentContext() else { return }
    let r = rect.standardized
    guard r.width > 0, r.height > 0 else { return }
    ctx.saveGState()
    ctx.setBlendMode(blendMode)
    if r.width <= 2 || r.height <= 2 {
        ctx.fill(r)
    } else {
        ctx.fill(CGRect(x: r.minX, y: r.minY, width: r.width, height: 1))
        ctx.fill(CGRect(x: r.minX, y: r.maxY - 1, width: r.width, height: 1))
        ctx.fill(CGRect(x: r.minX, y: r.minY + 1, width: 1, height: r.height - 2))
        ctx.fill(CGRect(x: r.maxX - 1, y: r.minY + 1, width: 1, height: r.height - 2))
    }
    ctx.restoreGState()
}

/// Intersects the current context's clip with `rect`.
@preconcurrency @MainActor public func UIRectClip(_ rect: CGRect) { UIGraphicsGetCurrentContext()?.clip(to: rect) }
