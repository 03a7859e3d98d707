import Foundation

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
    static func toDevice(_ layer: CALayer, _ p: LayerProperties, sublayerMatrix: CATransform3D?,
                         parentToDevice: CATransform3D) -> CATransform3D {
        let own = layer.ownTransformToSuperlayer(p)
        guard let matrix = sublayerMatrix else { return own.flattened.concatenating(parentToDevice) }
        let placed = own.concatenating(matrix).flattened.concatenating(parentToDevice)
        guard layer.superlayer?.isGeometryFlipped == true else { return placed }
        return CALayer.verticalFlip(of: p.bounds).concatenating(placed)
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
        let scale = layer.rasterizationScale
        let version = layer.composition.subtreeVersion
        let raster: LayerRaster
        if let cached = layer.composition.raster, cached.version == version, cached.scale == scale,
           !Self.subtreeAnimates(layer, isRoot: true) {
            raster = cached
            statistics.rastersReused += 1
        } else {
            guard let drawn = Self.rasterize(layer, p, scale: scale) else { return }
            raster = LayerRaster(bitmap: drawn.bitmap, rect: drawn.rect, version: version, scale: scale)
            layer.composition.raster = raster
            statistics.rastersDrawn += 1
        }
        statistics.layersComposited += 1
        renderer.drawRaster(raster.bitmap, in: raster.rect, map: ProjectiveTransform(toDevice), opacity: opacity)
    }

    /// Whether any layer of the subtree has animations that change what the bitmap shows
    /// (the root's own geometry and opacity animations move the bitmap instead).
    static func subtreeAnimates(_ layer: CALayer, isRoot: Bool) -> Bool {
        if layer.hasAnimations {
            if !isRoot { return true }
            let outside: Set<LayerKey> = [.position, .transform, .opacity, .anchorPoint, .zPosition]
            if layer.animationList.contains(where: { !outside.contains($0.property) }) { return true }
        }
        if let mask = layer.mask, subtreeAnimates(mask, isRoot: false) { return true }
        return (layer.sublayers ?? []).contains { subtreeAnimates($0, isRoot: false) }
    }

    /// The subtree of `layer` drawn into a new bitmap, at `scale` pixels per point, with
    /// the part of the layer's coordinates it covers: the bounds and, where their
    /// transforms keep them flat, the sublayers and the shadow.
    static func rasterize(_ layer: CALayer, _ p: LayerProperties, scale: CGFloat) -> (bitmap: Bitmap, rect: CGRect)? {
        var rect = extent(of: layer, p)
        guard !rect.isNull, rect.width > 0, rect.height > 0 else { return nil }
        rect = rect.integral
        let width = (rect.width * scale).rounded(.up), height = (rect.height * scale).rounded(.up)
        guard width >= 1, height >= 1, width <= 8192, height <= 8192 else { return nil }
        let bitmap = Bitmap(width: Int(width), height: Int(height), opaque: false)
        let compositor = Compositor()
        let renderer = CairoLayerRenderer(bitmap: bitmap, shadowCache: compositor.shadowCache)
        let toBitmap = CATransform3D(translationX: -rect.minX, y: -rect.minY, z: 0)
            .concatenating(CATransform3D(scaleX: scale, y: scale, z: 1))
        compositor.paintOrder = 1
        compositor.drawTree(layer, p, toDevice: toBitmap, opacity: 1, order: 1, to: renderer)
        return (bitmap, rect)
    }

    /// The bounds of the layer, with its shadow and its sublayers where they stay flat.
    private static func extent(of layer: CALayer, _ p: LayerProperties) -> CGRect {
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
