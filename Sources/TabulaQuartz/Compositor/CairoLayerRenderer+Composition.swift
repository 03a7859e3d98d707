import Foundation

/// Shapes, gradients, masks and rasters, drawn with Cairo.
extension CairoCanvas {
    package func drawVector(_ content: VectorContent, map: ProjectiveTransform, opacity: Double) {
        if map.isAffine {
            ctx.saveGState()
            ctx.concatenate(map.affineTransform)
            content.draw(in: ctx, opacity: opacity)
            ctx.restoreGState()
            return
        }
        // Perspective: draw on the layer's plane at about the device's resolution, then
        // resample the bitmap through the map.
        guard let (bitmap, rect) = Self.planeRaster(of: content, map: map) else { return }
        drawRaster(bitmap, in: rect, map: map, opacity: opacity)
    }

    /// A shape or gradient drawn on its layer's plane at about the device's resolution
    /// under `map` (at most 4 pixels a point and 4,096 pixels a side), and the rectangle of
    /// the plane it covers; nil when it covers nothing or would be larger.
    static func planeRaster(of content: VectorContent, map: ProjectiveTransform) -> (Bitmap, CGRect)? {
        let extent = content.extent.intersection(CGRect(x: -8192, y: -8192, width: 16384, height: 16384))
        guard !extent.isNull, extent.width > 0, extent.height > 0 else { return nil }
        let rect = extent.integral
        let a = map.affineTransform
        let scale = min(max(hypot(a.a, a.b), hypot(a.c, a.d), 1), 4)
        let width = (rect.width * scale).rounded(.up), height = (rect.height * scale).rounded(.up)
        guard width <= 4096, height <= 4096 else { return nil }
        let bitmap = Bitmap(width: Int(width), height: Int(height), opaque: false)
        let plane = GraphicsContext(bitmap: bitmap)
        plane.scaleBy(x: scale, y: scale)
        plane.translateBy(x: -rect.minX, y: -rect.minY)
        content.draw(in: plane, opacity: 1)
        return (bitmap, rect)
    }

    package func beginMaskedGroup() { ctx.beginMaskedGroup() }
    package func beginMask() { ctx.beginMask() }
    package func endMaskedGroup(opacity: Double) { ctx.endMaskedGroup(opacity: opacity) }

    package func drawRaster(_ bitmap: Bitmap, in rect: CGRect, map: ProjectiveTransform, opacity: Double) {
        let toLayer = CGAffineTransform(a: rect.width / CGFloat(bitmap.width), b: 0, c: 0,
                                        d: rect.height / CGFloat(bitmap.height), tx: rect.minX, ty: rect.minY)
        ctx.saveGState()
        defer { ctx.restoreGState() }
        if map.isAffine {
            ctx.composite(bitmap, transform: toLayer.concatenating(map.affineTransform), opacity: opacity)
        } else {
            ctx.clip(to: project(Path(rect: rect), through: map))
            ctx.composite(bitmap, projective: ProjectiveTransform(affine: toLayer).concatenating(map), opacity: opacity)
        }
    }
}
