/// The ``LayerRenderer`` that draws with Cairo into a ``Bitmap``, on the CPU.
///
/// Affine layers go straight to Cairo (a whole-pixel translation of an opaque backing
/// store is a row copy); layers with perspective go through the projective resampler,
/// their outlines mapped point by point. Clips and groups are Cairo's state stack and
/// transparency layers.
///
/// It is the main actor's side of the drawing: it looks blurred shadows up in the
/// ``ShadowCache`` and hands everything else to a ``CairoCanvas``, which draws on any thread.
@MainActor
package final class CairoLayerRenderer: LayerRenderer {
    /// The drawing itself.
    let canvas: CairoCanvas
    private let shadows: ShadowCache
    private let blursBefore: Int

    /// A renderer that draws into `bitmap`, keeping blurred shadows in `shadowCache`
    /// (pass the same cache every frame to reuse them).
    package init(bitmap: Bitmap, shadowCache: ShadowCache = ShadowCache()) {
        canvas = CairoCanvas(bitmap: bitmap)
        shadows = shadowCache
        blursBefore = shadowCache.blursComputed
    }

    /// A renderer that draws into an existing context, in its current coordinates (its
    /// transform and clip stay in force): "device pixels" are then the context's user
    /// space, and ``pixelBounds`` is the target bitmap seen through the current transform.
    package init(context: GraphicsContext, shadowCache: ShadowCache = ShadowCache()) {
        canvas = CairoCanvas(context: context)
        shadows = shadowCache
        blursBefore = shadowCache.blursComputed
    }

    package var pixelBounds: CGRect { canvas.pixelBounds }
    package var shadowsBlurred: Int { shadows.blursComputed - blursBefore }
    /// A failed surface fails the context too.
    package var drawingFailure: String? { canvas.drawingFailure }

    package func fill(_ rects: [CGRect], with color: Color) { canvas.fill(rects, with: color) }
    package func drawLayer(_ paint: LayerPaint) {
        canvas.drawLayer(paint, shadow: paint.map.isAffine ? paint.shadow.flatMap { shadows.place($0, of: paint) } : nil)
    }
    package func drawBorder(_ ring: Path, map: ProjectiveTransform, color: Color, opacity: Double) {
        canvas.drawBorder(ring, map: map, color: color, opacity: opacity)
    }
    package func pushClip(_ shape: Path, map: ProjectiveTransform) { canvas.pushClip(shape, map: map) }
    package func popClip() { canvas.popClip() }
    package func beginGroup(within box: CGRect?) { canvas.beginGroup(within: box) }
    package func endGroup(opacity: Double) { canvas.endGroup(opacity: opacity) }
    package func drawVector(_ content: VectorContent, map: ProjectiveTransform, opacity: Double) {
        canvas.drawVector(content, map: map, opacity: opacity)
    }
    package func beginMaskedGroup() { canvas.beginMaskedGroup() }
    package func beginMask() { canvas.beginMask() }
    package func endMaskedGroup(opacity: Double) { canvas.endMaskedGroup(opacity: opacity) }
    package func drawRaster(_ bitmap: Bitmap, in rect: CGRect, map: ProjectiveTransform, opacity: Double) {
        canvas.drawRaster(bitmap, in: rect, map: map, opacity: opacity)
    }
}

/// A layer's shadow looked up in the ``ShadowCache``, ready to composite: the blurred,
/// coloured pixels and where they go, in device pixels.
package struct PlacedShadow {
    /// The shadow's pixels, premultiplied, with its colour and opacities applied.
    package var bitmap: Bitmap
    /// Where the bitmap's top-left pixel goes (whole pixels).
    package var origin: CGPoint
    /// The parts of the bitmap's area to draw (the rest lies under the layer's own opaque
    /// background); nil for all of it.
    package var visibleRects: [CGRect]?
}

extension ShadowCache {
    /// The layer's shadow, blurred (or taken from the cache), coloured and placed on whole
    /// device pixels for `paint`'s affine map; nil when there is nothing to draw.
    ///
    /// The opacities are folded into the cached colour, so the shadow is blended in one
    /// step; the part under the layer's own opaque background is left out, as the layer
    /// covers it right after.
    package func place(_ shadow: LayerShadow, of paint: LayerPaint) -> PlacedShadow? {
        let m = paint.map.affineTransform
        let linear = CGAffineTransform(a: m.a, b: m.b, c: m.c, d: m.d, tx: 0, ty: 0)
        var tinted = shadow
        tinted.color = shadow.color.withAlpha(shadow.color.alpha * shadow.opacity * paint.opacity)
        guard let found = bitmap(for: tinted, linear: linear) else { return nil }
        let (bitmap, origin) = found
        let offset = CGPoint(x: shadow.offset.width, y: shadow.offset.height).applying(linear)
        let x = (m.tx + offset.x).rounded() + origin.x, y = (m.ty + offset.y).rounded() + origin.y
        let placed = CGRect(x: x, y: y, width: CGFloat(bitmap.width), height: CGFloat(bitmap.height))
        var region = PixelRegion(placed)
        if m.b == 0, m.c == 0 {
            for core in paint.opaqueCore { region.subtract(Compositor.innerPixels(core.applying(m))) }
        }
        for covered in paint.shadowCoveredInFront where !region.isEmpty { region.subtract(covered) }
        guard !region.isEmpty else { return nil }
        return PlacedShadow(bitmap: bitmap, origin: CGPoint(x: x, y: y),
                            visibleRects: region.rects == [placed] ? nil : region.rects)
    }
}

/// What is behind a layer with a backdrop material, read back and blurred, ready to draw
/// inside the layer's shape.
package struct PlacedBackdrop {
    /// The blurred pixels (at a reduced resolution).
    package var bitmap: Bitmap
    /// Device pixels per pixel of ``bitmap``.
    package var factor: CGFloat
    /// Where the bitmap's top-left pixel goes, in device pixels.
    package var origin: CGPoint
}

/// Cairo drawing of what the ``Compositor`` decided, into one bitmap (or a band of one),
/// on any thread: everything ``CairoLayerRenderer`` draws, with shadows already placed.
/// Each canvas has its own Cairo context; canvases over disjoint bands of one frame draw
/// at the same time (``Compositor/render(_:into:scale:background:)``).
package final class CairoCanvas {
    let ctx: GraphicsContext
    /// The target's extent in device pixels (a band's rows, for a band).
    package let pixelBounds: CGRect
    /// Whether device pixels are the target bitmap's pixels, so a backdrop can be read
    /// back from it.
    private let readsBackdrops: Bool

    /// A canvas over `bitmap` (a band draws in its owner's coordinates, over its own rows).
    package init(bitmap: Bitmap) {
        ctx = GraphicsContext(bitmap: bitmap)
        pixelBounds = CGRect(x: 0, y: bitmap.firstRow, width: bitmap.width, height: bitmap.height)
        // A band holds only some of the frame: its backdrops come read back already.
        readsBackdrops = !bitmap.isBand
    }

    /// A canvas over an existing context, in its current coordinates.
    package init(context: GraphicsContext) {
        ctx = context
        let target = CGRect(x: 0, y: 0, width: context.bitmap.width, height: context.bitmap.height)
        let inverse = context.ctm.inverted()
        pixelBounds = inverse.isIdentity ? target : target.applying(inverse)
        readsBackdrops = inverse.isIdentity && !context.bitmap.isBand
    }

    package func drawBorder(_ ring: Path, map: ProjectiveTransform, color: Color, opacity: Double) {
        ctx.saveGState()
        defer { ctx.restoreGState() }
        ctx.setFillColor(color.withAlpha(color.alpha * opacity))
        if map.isAffine {
            ctx.concatenate(map.affineTransform)
            ctx.fill(ring, evenOdd: true)
        } else {
            ctx.fill(project(ring, through: map), evenOdd: true)
        }
    }

    /// Composites a placed shadow.
    private func drawShadow(_ shadow: PlacedShadow) {
        if ctx.blendDirectly(shadow.bitmap, at: shadow.origin, within: shadow.visibleRects) { return }
        ctx.saveGState()
        defer { ctx.restoreGState() }
        if let rects = shadow.visibleRects { ctx.clip(toUnionOf: rects) }
        ctx.composite(shadow.bitmap, transform: CGAffineTransform(translationX: shadow.origin.x, y: shadow.origin.y))
    }

    /// What is behind the layer, blurred: read back from `frame` (device pixels are its
    /// pixels; `bounds` is the whole frame), out to three standard deviations around the
    /// shape; nil when none of it is on the frame.
    package static func placeBackdrop(_ material: BackdropMaterial, of paint: LayerPaint, from frame: Bitmap,
                                      bounds: CGRect) -> PlacedBackdrop? {
        let m = paint.map.affineTransform
        let scale = abs(m.a * m.d - m.b * m.c).squareRoot()
        let sigma = Double(material.blurRadius * scale)
        let device = paint.shape.boundingBox.applying(m).intersection(bounds)
        guard !device.isNull, !device.isEmpty, sigma.isFinite else { return nil }
        let margin = CGFloat((3 * sigma).rounded(.up))
        let region = device.insetBy(dx: -margin, dy: -margin)
        guard let (bitmap, factor) = BackdropBlur.backdrop(of: frame, region: region, sigma: sigma,
                                                          saturation: material.saturation) else { return nil }
        let origin = region.intersection(bounds).origin
        return PlacedBackdrop(bitmap: bitmap, factor: CGFloat(factor),
                              origin: CGPoint(x: origin.x.rounded(.down), y: origin.y.rounded(.down)))
    }

    /// Draws what is behind the layer, blurred, inside its shape. The pixels are read back
    /// from the target bitmap, which holds everything painted before this layer (inside an
    /// open group too: the group's own content is not part of the backdrop, as in Core
    /// Animation), unless `placed` brings them already read.
    private func drawBackdrop(_ material: BackdropMaterial, _ paint: LayerPaint, placed: PlacedBackdrop?) {
        guard let backdrop = placed ?? (readsBackdrops ? Self.placeBackdrop(material, of: paint, from: ctx.bitmap,
                                                                             bounds: pixelBounds) : nil) else { return }
        ctx.saveGState()
        defer { ctx.restoreGState() }
        ctx.clip(to: project(paint.shape, through: paint.map))
        if let rects = paint.visibleRects, rects.count == 1 { ctx.clip(to: rects[0]) }
        let f = backdrop.factor
        ctx.composite(backdrop.bitmap, transform: CGAffineTransform(a: f, b: 0, c: 0, d: f,
                                                                    tx: backdrop.origin.x, ty: backdrop.origin.y),
                      opacity: paint.opacity, interpolation: .low)
    }

    /// Why drawing failed, or nil (a failed surface fails the context too).
    package var drawingFailure: String? { ctx.drawingFailure }

    package func fill(_ rects: [CGRect], with color: Color) {
        ctx.setFillColor(color)
        for r in rects { ctx.fill(r) }
    }

    /// A group is an intermediate bitmap as large as the clip: clipped to `box` (widened
    /// to whole pixels, and by one for antialiased edges) it is only as large as its layers.
    package func beginGroup(within box: CGRect?) {
        ctx.saveGState()
        if let box {
            let saved = ctx.ctm
            ctx.setCTM(.identity)
            ctx.clip(to: box.integral.insetBy(dx: -1, dy: -1))
            ctx.setCTM(saved)
        }
        ctx.beginTransparencyLayer()
    }

    package func endGroup(opacity: Double) {
        ctx.endTransparencyLayer(alpha: opacity)
        ctx.restoreGState()
    }

    package func pushClip(_ shape: Path, map: ProjectiveTransform) {
        ctx.saveGState()
        if map.isAffine {
            // Cairo keeps a clip in device space, so the transform can be put back
            // without losing it (restoring the state would drop the clip too).
            let saved = ctx.ctm
            ctx.concatenate(map.affineTransform)
            ctx.clip(to: shape)
            ctx.setCTM(saved)
            return
        }
        ctx.clip(to: project(shape, through: map))
    }

    package func popClip() { ctx.restoreGState() }

    /// Draws one layer's own shadow (placed by the caller), backdrop, background and contents.
    /// `backdrop`, when given, is what is behind the layer already read back and blurred.
    package func drawLayer(_ paint: LayerPaint, shadow: PlacedShadow?, backdrop: PlacedBackdrop? = nil) {
        let map = paint.map
        ctx.saveGState()
        defer { ctx.restoreGState() }
        if let shadow, map.isAffine { drawShadow(shadow) }
        if let material = paint.backdrop, map.isAffine { drawBackdrop(material, paint, placed: backdrop) }
        if map.isAffine {
            if let rects = paint.visibleRects {
                if rects.count == 1 {
                    ctx.clip(to: rects[0])
                } else if rects.count <= 16 {
                    // More pieces than this cost more to clip to than to draw over.
                    ctx.clip(toUnionOf: rects)
                }
            }
            ctx.concatenate(map.affineTransform)
        }
        defer {
            if let tint = paint.debugTint {
                ctx.setFillColor(tint)
                ctx.fill(map.isAffine ? paint.shape : project(paint.shape, through: map))
            }
        }
        let opacity = paint.opacity

        if map.isAffine {
            if let bg = paint.background {
                ctx.setFillColor(bg.withAlpha(bg.alpha * opacity))
                if let aligned = paint.pixelAlignedBounds { ctx.fill(aligned) } else { ctx.fill(paint.shape) }
            }
            if let contents = paint.contents {
                if paint.masksToBounds && paint.isRounded { ctx.clip(to: paint.shape) }
                drawContents(contents, paint)
            }
        } else {
            // Perspective: map the outline's points, and resample the contents.
            let projected = project(paint.shape, through: map)
            if let bg = paint.background {
                ctx.setFillColor(bg.withAlpha(bg.alpha * opacity))
                ctx.fill(projected)
            }
            if let contents = paint.contents {
                let rect = paint.contentRect
                let toLayer = ProjectiveTransform(affine: CGAffineTransform(
                    a: rect.width / CGFloat(contents.width), b: 0, c: 0, d: rect.height / CGFloat(contents.height),
                    tx: rect.minX, ty: rect.minY))
                ctx.clip(to: projected)
                ctx.composite(contents, projective: toLayer.concatenating(map), opacity: opacity)
            }
        }
    }

    /// Draws contents on the plane (the layer's transform already applied).
    private func drawContents(_ contents: Bitmap, _ paint: LayerPaint) {
        if let insets = paint.nineGrid {
            ctx.draw(contents, in: paint.bounds, capInsets: insets, scale: paint.contentsScale, opacity: paint.opacity)
            return
        }
        let rect = paint.contentRect
        if paint.masksToBounds || !paint.bounds.contains(rect) { ctx.clip(to: paint.bounds.intersection(rect)) }
        if let source = paint.contentsSource {
            ctx.draw(contents, in: rect, source: source, opacity: paint.opacity, interpolation: paint.interpolation)
            return
        }
        ctx.composite(contents, transform: CGAffineTransform(
            a: rect.width / CGFloat(contents.width), b: 0, c: 0, d: rect.height / CGFloat(contents.height),
            tx: rect.minX, ty: rect.minY), opacity: paint.opacity, interpolation: paint.interpolation)
    }

    /// The outline's points mapped through a perspective map (lines stay lines; curves are
    /// mapped by their control points, exact enough for rounded corners).
    func project(_ path: Path, through map: ProjectiveTransform) -> Path { path.mapped(through: map) }
}
