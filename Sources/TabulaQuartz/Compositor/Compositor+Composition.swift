import Foundation
import TabulaCore

/// Sublayer transforms, double-sidedness, masks and rasterization: the parts of
/// compositing that change how a subtree reaches the screen rather than what one layer
/// draws.
extension Compositor {
    /// A layer's coordinates to device pixels: its own transform to the superlayer, then
    /// the superlayer's sublayer transform (both in 3D, so that a perspective there sees
    /// the depth of a turned sublayer), flattened into the superlayer's plane.
    ///
    /// A sublayer of a layer with `isGeometryFlipped` (whose flip is in `sublayerMatrix`) is
    /// first turned upright within its own bounds, so that only its placement is flipped.
    ///
    /// A map that only scales and translates is moved to the nearest whole device pixel
    /// (see ``snappedToPixels(_:origin:)``).
    static func toDevice(_ layer: CALayer, _ p: LayerProperties, sublayerMatrix: CATransform3D?,
                         parentToDevice: CATransform3D) -> CATransform3D {
        let own = layer.ownTransformToSuperlayer(p)
        guard let matrix = sublayerMatrix else {
            return snappedToPixels(own.flattened.concatenating(parentToDevice), origin: p.bounds.origin)
        }
        let placed = own.concatenating(matrix).flattened.concatenating(parentToDevice)
        guard layer.superlayer?.isGeometryFlipped == true else { return snappedToPixels(placed, origin: p.bounds.origin) }
        return snappedToPixels(CALayer.verticalFlip(of: p.bounds).concatenating(placed), origin: p.bounds.origin)
    }

    /// `map` with its translation moved so that `origin` (the layer's bounds origin) lands
    /// on a whole device pixel, when it only scales (by positive factors) and translates;
    /// any other map unchanged.
    ///
    /// A layer between pixels would have its backing store resampled, blurring its text,
    /// and every edge antialiased; Instruments flags such layers as misaligned. Tabula
    /// places them on the pixel grid instead: a layer sliding in a push moves in whole
    /// device pixels (a third of a point at 3x), stays sharp, and is copied rather than
    /// filtered. Its sublayers go with it, so that a subtree keeps its own alignment.
    /// (A difference from Core Animation, which samples such a layer between pixels.)
    ///
    /// It is the bounds, not the coordinates' origin, that goes on the grid: a scroll view
    /// mid-fling has a bounds origin between pixels, and its background and clip stay
    /// where its frame is (a clip between pixels would fade the edge rows and send every
    /// layer inside it through Cairo's masked path).
    static func snappedToPixels(_ map: CATransform3D, origin: CGPoint) -> CATransform3D {
        guard map.isAffineOnPlane, map.m12 == 0, map.m21 == 0, map.m11 > 0, map.m22 > 0,
              map.m41.isFinite, map.m42.isFinite else { return map }
        let ox = origin.x.isFinite ? map.m11 * origin.x : 0, oy = origin.y.isFinite ? map.m22 * origin.y : 0
        guard ox.isFinite, oy.isFinite else { return map }
        // Halves go the same way everywhere, so that layers a whole number of pixels
        // apart stay that far apart.
        var snapped = map
        snapped.m41 = (map.m41 + ox + 0.5).rounded(.down) - ox
        snapped.m42 = (map.m42 + oy + 0.5).rounded(.down) - oy
        return snapped
    }

    /// The map applied to `layer`'s sublayers after their own: the flip of a layer with
    /// `isGeometryFlipped`, then its sublayer transform; nil when there is neither.
    static func sublayerMatrix(_ layer: CALayer, _ p: LayerProperties) -> CATransform3D? {
        let matrix = sublayerMatrix(p)
        guard layer.isGeometryFlipped else { return matrix }
        let flip = CALayer.verticalFlip(of: p.bounds)
        return matrix.map { flip.concatenating($0) } ?? flip
    }

    /// The layer's sublayer transform about its anchor point, or nil when it is the identity.
    static func sublayerMatrix(_ p: LayerProperties) -> CATransform3D? {
        guard !p.sublayerTransform.isIdentity else { return nil }
        let ax = p.bounds.minX + p.anchorPoint.x * p.bounds.width
        let ay = p.bounds.minY + p.anchorPoint.y * p.bounds.height
        return CATransform3D(translationX: -ax, y: -ay, z: 0)
            .concatenating(p.sublayerTransform)
            .concatenating(CATransform3D(translationX: ax, y: ay, z: 0))
    }

    /// False for a single-sided layer that faces away: its bounds, mapped to the device,
    /// wind the other way round (or it lies behind the eye).
    static func isShown(_ layer: CALayer, _ p: LayerProperties, toDevice: CATransform3D) -> Bool {
        guard !layer.isDoubleSided else { return true }
        let b = p.bounds
        let w = b.width > 0 ? b.width : 1, h = b.height > 0 ? b.height : 1
        let map = ProjectiveTransform(toDevice)
        let corners = [CGPoint(x: b.minX, y: b.minY), CGPoint(x: b.minX + w, y: b.minY),
                       CGPoint(x: b.minX + w, y: b.minY + h), CGPoint(x: b.minX, y: b.minY + h)]
        let mapped = corners.compactMap { map.apply($0) }
        guard mapped.count == 4 else { return false }
        // Shoelace: positive for the clockwise-on-screen order of the front face (y down).
        var area: CGFloat = 0
        for i in 0 ..< 4 {
            let a = mapped[i], c = mapped[(i + 1) % 4]
            area += a.x * c.y - c.x * a.y
        }
        return area > 0
    }

    /// Draws `mask` (in the coordinates of the layer it masks) as the mask of the group
    /// the masked layer opened, and composites that group with `opacity`. Masks neither
    /// occlude nor are occluded, and are not counted in the paint order.
    func drawMask(_ mask: CALayer, toDevice: CATransform3D, opacity: Double, to renderer: any LayerRenderer) {
        renderer.beginMask()
        let saved = paintOrder
        ignoringOcclusion += 1
        draw(mask, parentToDevice: toDevice, sublayerMatrix: nil, to: renderer)
        ignoringOcclusion -= 1
        paintOrder = saved
        renderer.endMaskedGroup(opacity: opacity)
    }

    // MARK: Rasterization

    /// Draws a rasterized layer from its bitmap, drawing the bitmap again first when
    /// anything in the subtree changed, animates, or the scale changed.
    func drawRasterized(_ layer: CALayer, _ p: LayerProperties, toDevice: CATransform3D, opacity: Double,
                        to renderer: any LayerRenderer) {
        drawRaster(of: layer, p, scale: layer.rasterizationScale, toDevice: toDevice, opacity: opacity, order: nil,
                   to: renderer)
    }

    /// Draws `layer`'s subtree from its bitmap at `scale`, drawing the bitmap first unless
    /// the one kept is still valid; false when there is nothing to draw.
    ///
    /// With the layer's paint `order`, the parts of the bitmap that opaque layers in front
    /// cover are left out: a row fading out from its bitmap beneath the rows sliding over
    /// it blends only what still shows.
    @discardableResult
    private func drawRaster(of layer: CALayer, _ p: LayerProperties, scale: CGFloat, toDevice: CATransform3D,
                            opacity: Double, order: Int?, to renderer: any LayerRenderer) -> Bool {
        let cached = validRaster(of: layer, scale: scale)
        guard let rect = cached?.rect ?? Self.rasterRect(layer, p, scale: scale) else { return false }
        // What shows is found before a new bitmap is drawn: a row that starts to fade out
        // beneath the rows sliding over it, or off the screen, needs none.
        var shown: [CGRect]?
        if let order, toDevice.isAffineOnPlane {
            let device = rect.applying(toDevice.affineTransform).integral
            let region = device.intersects(renderer.pixelBounds) ? uncovered(device, order: order) : PixelRegion(.null)
            if region.isEmpty {
                statistics.layersOccluded += 1
                return true
            }
            if region.rects != [device] { shown = region.rects }
        }
        let raster: LayerRaster
        if let cached {
            raster = cached
            statistics.rastersReused += 1
        } else {
            guard let bitmap = Self.rasterize(layer, p, covering: rect, scale: scale) else { return false }
            raster = LayerRaster(bitmap: bitmap, rect: rect, version: layer.composition.subtreeVersion, scale: scale)
            layer.composition.raster = raster
            statistics.rastersDrawn += 1
        }
        statistics.layersComposited += 1
        if !raster.bitmap.isOpaque || opacity < 1 { statistics.layersBlended += 1 }
        if let shown {
            var clip = Path()
            for rect in shown { clip.addRect(rect) }
            renderer.pushClip(clip, map: .identity)
        }
        renderer.drawRaster(raster.bitmap, in: raster.rect, map: ProjectiveTransform(toDevice), opacity: opacity)
        if shown != nil { renderer.popClip() }
        return true
    }

    /// The bitmap kept for `layer`, when nothing in the subtree changed or animates since
    /// it was drawn at `scale` (for a layer cached while it moves, as this frame's
    /// occlusion pass found, ``drawsFromCache(_:toDevice:)``).
    private func validRaster(of layer: CALayer, scale: CGFloat) -> LayerRaster? {
        guard let cached = layer.composition.raster, cached.version == layer.composition.subtreeVersion,
              cached.scale == scale else { return nil }
        let animates = cachedSubtreeAnimates[ObjectKey(layer)] ?? Self.subtreeAnimates(layer, isRoot: true)
        return animates ? nil : cached
    }

    // MARK: Subtrees cached while they move

    /// Whether layers marked ``CALayer/cachesSubtreeWhileMoving`` are drawn from a kept
    /// bitmap (true); tests turn it off to compare with drawing every layer.
    package static var cachesMovingSubtrees = true

    /// Whether `layer`, marked to be cached while it moves, is drawn from its bitmap in
    /// this frame: the bitmap kept is valid, the subtree held still since the last frame,
    /// or the layer is faded (then the bitmap is drawn now). A subtree that changes every
    /// frame is drawn directly: a bitmap drawn again every frame would only add work. So
    /// is one that blurs what is behind it (``blursBehindItself(_:_:)``).
    ///
    /// A faded layer with sublayers is drawn through a group (a bitmap of its own,
    /// cleared, drawn into and blended) when it is drawn directly: its first frame costs
    /// the same from a new bitmap, and the bitmap is kept for the frames after (a row
    /// fading in or out is drawn once, not twice).
    ///
    /// The same answer in the occlusion pass and the drawing pass of a frame: it reads
    /// only what stays the same between them.
    func drawsFromCache(_ layer: CALayer, _ p: LayerProperties, toDevice: CATransform3D) -> Bool {
        guard Self.cachesMovingSubtrees, layer.composition.cachesWhileMoving, !usesModelValues,
              let scale = Self.cacheScale(toDevice) else { return false }
        let composition = layer.composition
        // Walked once a frame: the drawing pass takes the occlusion pass's answer.
        let id = ObjectKey(layer)
        let changes = cachedSubtreeAnimates[id]
            ?? (Self.subtreeAnimates(layer, isRoot: true) || Self.blursBehindItself(layer, properties(of: layer)))
        cachedSubtreeAnimates[id] = changes
        guard !changes else { return false }
        if let raster = composition.raster, raster.version == composition.subtreeVersion, raster.scale == scale {
            return true
        }
        return composition.stillVersion == composition.subtreeVersion || Self.drawsThroughGroup(layer, p)
    }

    /// Whether `layer`, drawn directly, would be drawn through a group: it is faded, has
    /// sublayers and no mask, and its opacity applies to the group.
    static func drawsThroughGroup(_ layer: CALayer, _ p: LayerProperties) -> Bool {
        p.opacity < 1 && layer.mask == nil && layer.allowsGroupOpacity && !layer.sublayerList.isEmpty
    }

    /// Draws a layer cached while it moves (``drawsFromCache(_:toDevice:)`` said yes).
    func drawCached(_ layer: CALayer, _ p: LayerProperties, toDevice: CATransform3D, opacity: Double, order: Int,
                    to renderer: any LayerRenderer) {
        guard let scale = Self.cacheScale(toDevice) else { return }
        drawRaster(of: layer, p, scale: scale, toDevice: toDevice, opacity: opacity, order: order, to: renderer)
    }

    /// Notes that a layer cached while it moves was drawn directly in this frame, with its
    /// subtree as it is now: if it holds still until the next frame, that frame keeps a bitmap.
    func noteDrawnDirectly(_ layer: CALayer) {
        guard Self.cachesMovingSubtrees, layer.composition.cachesWhileMoving else { return }
        layer.composition.stillVersion = layer.composition.subtreeVersion
        layer.composition.raster = nil
    }

    /// The pixels per point of a cached layer's bitmap: the device's scale at the layer,
    /// when its map only scales (equally on both axes) and translates; nil otherwise (a
    /// rotated or turned layer is drawn directly).
    static func cacheScale(_ toDevice: CATransform3D) -> CGFloat? {
        guard toDevice.isAffineOnPlane, toDevice.m12 == 0, toDevice.m21 == 0, toDevice.m11 > 0,
              toDevice.m11 == toDevice.m22, toDevice.m11.isFinite, toDevice.m11 <= 16 else { return nil }
        return toDevice.m11
    }

    /// Whether `layer`'s bitmap at `scale` hides everything behind the layer's bounds: its
    /// own background is opaque and square, nothing reaches outside the bounds, and the
    /// bounds lie on whole pixels.
    static func rasterIsOpaque(_ layer: CALayer, _ p: LayerProperties, scale: CGFloat) -> Bool {
        guard contentIsOpaque(layer, p), layer.mask == nil, extent(of: layer, p) == p.bounds else { return false }
        return pixelRect(p.bounds, scale: scale, origin: p.bounds.origin) == p.bounds
    }

    /// `rect` widened to whole pixels at `scale`, on the grid through `origin` (the
    /// bounds origin, which the compositor puts on a device pixel).
    private static func pixelRect(_ rect: CGRect, scale: CGFloat, origin: CGPoint) -> CGRect {
        let x0 = ((rect.minX - origin.x) * scale).rounded(.down), y0 = ((rect.minY - origin.y) * scale).rounded(.down)
        let x1 = ((rect.maxX - origin.x) * scale).rounded(.up), y1 = ((rect.maxY - origin.y) * scale).rounded(.up)
        return CGRect(x: origin.x + x0 / scale, y: origin.y + y0 / scale, width: (x1 - x0) / scale,
                      height: (y1 - y0) / scale)
    }

    /// Whether any layer of the subtree has animations that change what the bitmap shows
    /// (the root's own geometry and opacity animations move the bitmap instead).
    ///
    /// Asked of every cached row each frame: plain loops, no set or closure per layer, and
    /// the root's own animations counted as they are added and removed (a row that
    /// several updates move carries one offset of each).
    static func subtreeAnimates(_ layer: CALayer, isRoot: Bool) -> Bool {
        if layer.hasAnimations, !isRoot || layer.contentAnimationCount > 0 { return true }
        if let mask = layer.mask, subtreeAnimates(mask, isRoot: false) { return true }
        for sublayer in layer.sublayerList where subtreeAnimates(sublayer, isRoot: false) { return true }
        return false
    }

    /// Whether a layer of `layer`'s subtree shows what lies behind `layer`, blurred (a
    /// backdrop material over a root that is not opaque): what it shows changes as the
    /// subtree moves over the screen, or as what is behind changes (an action sheet's
    /// card over the dimming that fades in), so a bitmap would show a stale backdrop, or
    /// none. Under an opaque root (a screen, a sheet's card) a blurred bar shows the
    /// subtree's own content, which the bitmap holds.
    static func blursBehindItself(_ layer: CALayer, _ p: LayerProperties) -> Bool {
        if let background = p.backgroundColor, background.alpha >= 1, layer.backdropMaterial == nil { return false }
        return subtreeBlursBehind(layer)
    }

    private static func subtreeBlursBehind(_ layer: CALayer) -> Bool {
        if layer.backdropMaterial != nil { return true }
        if let mask = layer.mask, subtreeBlursBehind(mask) { return true }
        for sublayer in layer.sublayerList where subtreeBlursBehind(sublayer) { return true }
        return false
    }

    /// The part of `layer`'s coordinates its bitmap at `scale` covers: the bounds and,
    /// where their transforms keep them flat, the sublayers and the shadow, widened to
    /// whole pixels; nil when that is empty or too large for a bitmap.
    static func rasterRect(_ layer: CALayer, _ p: LayerProperties, scale: CGFloat) -> CGRect? {
        var rect = extent(of: layer, p)
        guard !rect.isNull, rect.width > 0, rect.height > 0, rect.width.isFinite, rect.height.isFinite else { return nil }
        rect = pixelRect(rect, scale: scale, origin: p.bounds.origin)
        let width = (rect.width * scale).rounded(), height = (rect.height * scale).rounded()
        guard width >= 1, height >= 1, width <= 8192, height <= 8192 else { return nil }
        return rect
    }

    /// The subtree of `layer` drawn into a new bitmap, at `scale` pixels per point, over
    /// `rect` of the layer's coordinates (its ``rasterRect(_:_:scale:)``).
    ///
    /// When `rect` is the layer's opaque bounds (``rasterIsOpaque(_:_:scale:)``), the
    /// bitmap is opaque: compositing it is a copy.
    static func rasterize(_ layer: CALayer, _ p: LayerProperties, covering rect: CGRect, scale: CGFloat) -> Bitmap? {
        let width = (rect.width * scale).rounded(), height = (rect.height * scale).rounded()
        guard width >= 1, height >= 1, width <= 8192, height <= 8192 else { return nil }
        let bitmap = Bitmap(width: Int(width), height: Int(height), opaque: rasterIsOpaque(layer, p, scale: scale))
        let compositor = Compositor()
        let renderer = CairoLayerRenderer(bitmap: bitmap, shadowCache: compositor.shadowCache)
        let toBitmap = CATransform3D(translationX: -rect.minX, y: -rect.minY, z: 0)
            .concatenating(CATransform3D(scaleX: scale, y: scale, z: 1))
        compositor.paintOrder = 1
        compositor.drawTree(layer, p, toDevice: toBitmap, opacity: 1, order: 1, to: renderer)
        return bitmap
    }

    /// The bounds of the layer, with its shadow and its sublayers where they stay flat.
    static func extent(of layer: CALayer, _ p: LayerProperties) -> CGRect {
        var rect = p.bounds
        if let shadow = shadow(of: layer, p, background: p.backgroundColor) {
            let reach = shadow.radius * 3
            rect = rect.union(p.bounds.offsetBy(dx: shadow.offset.width, dy: shadow.offset.height)
                .insetBy(dx: -reach, dy: -reach))
        }
        if let vector = layer.vectorContent(p) { rect = rect.union(vector.extent) }
        guard !layer.masksToBounds else { return p.bounds }
        for sublayer in layer.sublayers ?? [] where !sublayer.isHidden {
            let q = sublayer.renderProperties
            let t = sublayer.geometryToSuperlayer(q).concatenating(sublayerMatrix(p) ?? .identity)
            guard t.isAffine else { continue }
            rect = rect.union(extent(of: sublayer, q).applying(t.affineTransform))
        }
        return rect
    }
}
