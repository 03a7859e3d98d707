/// What a layer asks of the object that owns it (for a view's layer, the view).
@preconcurrency @MainActor
public protocol CALayerDelegate: AnyObject {
    /// Draws the layer's content; called from ``CALayer/display()`` with the
    /// context clipped to the dirty region and scaled to points.
    func draw(_ layer: CALayer, in ctx: CGContext)
    /// Lays out the layer's sublayers (a view runs `layoutSubviews`).
    func layoutSublayers(of layer: CALayer)
}

/// What a layer asks of the view that owns it, beyond drawing and layout: the seam
/// through which the render engine calls back into the view world without knowing it.
///
/// A layer whose delegate adopts this protocol is *view-backed*: its property changes
/// never animate implicitly; each change goes to the view instead, which records it when
/// a UIView animation block is open (UIKit does this through the delegate's
/// `action(for:forKey:)`). `UIView` is the only adopter.
@MainActor
package protocol ViewLayerDelegate: CALayerDelegate {
    /// The model value of `key` changed from `old`: record it into an open animation block
    /// (unless actions are disabled); otherwise do nothing.
    func layer(_ layer: CALayer, didChange key: LayerKey, from old: AnimatableValue)
    /// The layer's bounds changed from `oldBounds` (a view applies autoresizing at once).
    func layerBoundsDidChange(from oldBounds: CGRect)
}

extension CALayerDelegate {
    /// Draws nothing.
    public func draw(_ layer: CALayer, in ctx: CGContext) {}
    /// Does nothing.
    public func layoutSublayers(of layer: CALayer) {}
}

/// How a layer's contents fill its bounds (`CALayerContentsGravity`).
public enum CALayerContentsGravity: Sendable {
    /// Centred in the bounds, at its natural size (its pixel size over ``CALayer/contentsScale``).
    case center
    /// Centred horizontally along the top edge, at its natural size.
    case top
    /// Centred horizontally along the bottom edge, at its natural size.
    case bottom
    /// Centred vertically along the left edge, at its natural size.
    case left
    /// Centred vertically along the right edge, at its natural size.
    case right
    /// In the top-left corner, at its natural size.
    case topLeft
    /// In the top-right corner, at its natural size.
    case topRight
    /// In the bottom-left corner, at its natural size.
    case bottomLeft
    /// In the bottom-right corner, at its natural size.
    case bottomRight
    /// Stretched to fill the bounds (the default).
    case resize
    /// Scaled to fit inside the bounds, keeping the aspect ratio.
    case resizeAspect
    /// Scaled to fill the bounds, keeping the aspect ratio and cropping.
    case resizeAspectFill
}
