/// Rendering one layer's subtree offscreen, in the layer's own coordinates: what
/// `UIView.snapshotView(afterScreenUpdates:)` and `drawHierarchy(in:afterScreenUpdates:)`
/// are made of.
extension Compositor {
    /// Composites `root` and its sublayers into a new bitmap of `rect` (in the root's
    /// coordinates; its bounds by default) at `scale` pixels per point, on a clear
    /// background, as they are on screen now (presentation values).
    ///
    /// The root's own `transform` and `position` are left out, so the picture is the
    /// layer upright at the origin; its opacity is kept. Sublayers reaching outside
    /// `rect` are cut off. Returns nil when the bitmap would be empty.
    package static func renderSubtree(_ root: CALayer, rect: CGRect? = nil, scale: CGFloat) -> Bitmap? {
        let p = root.renderProperties
        let area = (rect ?? p.bounds).standardized
        let scale = scale.isFinite && scale > 0 ? scale : 1
        let width = Int((area.width * scale).rounded(.up)), height = Int((area.height * scale).rounded(.up))
        guard area.width.isFinite, area.height.isFinite, width > 0, height > 0,
              width <= 16_384, height <= 16_384 else { return nil }
        let bitmap = Bitmap(width: width, height: height, opaque: false)
        let compositor = Compositor()
        _ = compositor.render(root, to: CairoLayerRenderer(bitmap: bitmap, shadowCache: compositor.shadowCache),
                          base: subtreeBase(p, area: area, scale: scale), background: Color(red: 0, green: 0, blue: 0, alpha: 0))
        return bitmap
    }

    /// The map the compositor starts from so that the root's coordinates (`area`'s origin
    /// at pixel 0, 0) come out in pixels: the inverse of the root's own map to its
    /// superlayer, then the scale. Exact for transforms on the plane; a root with a 3D or
    /// singular transform is drawn as if it had none.
    static func subtreeBase(_ p: LayerProperties, area: CGRect, scale: CGFloat) -> CATransform3D {
        var own = p.transformToSuperlayer.flattened
        own.m33 = 1
        let planar = own.m13 == 0 && own.m23 == 0 && own.m31 == 0 && own.m32 == 0 && own.isAffineOnPlane
        if !planar || own.determinant == 0 || !own.determinant.isFinite {
            var q = p
            q.transform = .identity
            own = q.transformToSuperlayer
        }
        let toPixels = CATransform3D(translationX: -area.minX, y: -area.minY, z: 0)
            .concatenating(CATransform3D(scaleX: scale, y: scale, z: 1))
        return own.inverted().concatenating(toPixels)
    }

    /// Composites `root` and its sublayers into `ctx`, in the root's own coordinates (the
    /// context's current transform and clip apply), from the model values, over what the
    /// context holds: `CALayer.render(in:)`.
    static func renderModelTree(_ root: CALayer, into ctx: GraphicsContext) {
        let compositor = Compositor()
        compositor.usesModelValues = true
        let renderer = CairoLayerRenderer(context: ctx, shadowCache: compositor.shadowCache)
        let p = root.modelValues
        ctx.saveGState()
        defer { ctx.restoreGState() }
        _ = compositor.render(root, to: renderer, base: subtreeBase(p, area: CGRect(origin: .zero, size: p.bounds.size), scale: 1),
                              background: nil)
    }
}
