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
        let toLayer = Self.rasterToLayer(bitmap, in: rect)
        ctx.saveGState()
        defer { ctx.restoreGState() }
        if map.isAffine {
            ctx.composite(bitmap, transform: toLayer.concatenating(map.affineTransform), opacity: opacity)
        } else {
            ctx.clip(to: project(Path(rect: rect), through: map))
            ctx.composite(bitmap, projective: ProjectiveTransform(affine: toLayer).concatenating(map), opacity: opacity)
        }
    }

    /// The map from a raster's pixels to its layer's coordinates, where it covers `rect`.
    private static func rasterToLayer(_ bitmap: Bitmap, in rect: CGRect) -> CGAffineTransform {
        CGAffineTransform(a: rect.width / CGFloat(bitmap.width), b: 0, c: 0,
                          d: rect.height / CGFloat(bitmap.height), tx: rect.minX, ty: rect.minY)
    }

    /// Draws an opaque raster at full opacity and, over it, `dimming`: a layer that is only
    /// a square fill of a colour reaching over the whole raster. The raster's pixels are
    /// copied with the fill blended in, in one pass instead of two (the screen behind an
    /// alert or action sheet, kept as one bitmap, under the dimming that fades in over it);
    /// the fill beyond the raster is drawn as usual. The same pixels as drawing the two one
    /// after the other.
    ///
    /// False, having drawn nothing, when the two are not such a pair, or the raster does
    /// not lie on whole pixels.
    package func drawRaster(_ bitmap: Bitmap, in rect: CGRect, map: ProjectiveTransform, under dimming: LayerPaint) -> Bool {
        guard bitmap.isOpaque, map.isAffine, dimming.map.isAffine, let fill = dimming.background,
              dimming.contents == nil, dimming.backdrop == nil, dimming.shadow == nil, dimming.debugTint == nil,
              !dimming.isRounded else { return false }
        let toDevice = Self.rasterToLayer(bitmap, in: rect).concatenating(map.affineTransform)
        let fillMap = dimming.map.affineTransform
        guard fillMap.b == 0, fillMap.c == 0, toDevice.b == 0, toDevice.c == 0 else { return false }
        let covered = CGRect(x: toDevice.tx, y: toDevice.ty, width: CGFloat(bitmap.width), height: CGFloat(bitmap.height))
        let filled = dimming.bounds.applying(fillMap)
        guard filled.minX <= covered.minX, filled.minY <= covered.minY, filled.maxX >= covered.maxX,
              filled.maxY >= covered.maxY else { return false }
        ctx.saveGState()
        ctx.concatenate(toDevice)
        let drawn = ctx.compositeTinted(bitmap, tint: fill.withAlpha(fill.alpha * dimming.opacity))
        ctx.restoreGState()
        guard drawn else { return false }
        // The fill beyond the raster, if it reaches further: a strip at a time, each a
        // clip on whole pixels (a clip of their union would round an edge's partly covered
        // corner pixel differently).
        var beyond = PixelRegion(filled.integral)
        beyond.subtract(covered)
        for strip in beyond.rects {
            ctx.saveGState()
            ctx.clip(to: strip)
            drawLayer(dimming, shadow: nil)
            ctx.restoreGState()
        }
        return true
    }
}
