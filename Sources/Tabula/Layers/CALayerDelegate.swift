/// What a layer asks of the object that owns it (for a view's layer, the view).
@MainActor
public protocol CALayerDelegate: AnyObject {
    /// Draws the layer's content; called from ``CALayer/display()`` with the
    /// context clipped to the dirty region and scaled to points.
    func draw(_ layer: CALayer, in ctx: CGContext)
    /// Lays out the layer's sublayers (a view runs `layoutSubviews`).
    func layoutSublayers(of layer: CALayer)
}

extension CALayerDelegate {
    public func draw(_ layer: CALayer, in ctx: CGContext) {}
    public func layoutSublayers(of layer: CALayer) {}
}

/// How a layer's contents fill its bounds (`CALayerContentsGravity`).
public enum CALayerContentsGravity: Sendable {
    case center, top, bottom, left, right, topLeft, topRight, bottomLeft, bottomRight
    /// Stretched to fill the bounds (the default).
    case resize
    /// Scaled to fit inside the bounds, keeping the aspect ratio.
    case resizeAspect
    /// Scaled to fill the bounds, keeping the aspect ratio and cropping.
    case resizeAspectFill
}
