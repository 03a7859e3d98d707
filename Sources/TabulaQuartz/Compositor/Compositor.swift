/// Draws a layer tree into a frame bitmap.
///
/// Each layer is drawn with its full transform to device pixels: affine
/// transforms go straight to Cairo (a whole-pixel translation of an opaque
/// backing store is a row copy), perspective transforms go through the
/// projective resampler. Layers are flattened into their superlayer's plane
/// as in Core Animation; sublayers are drawn in `zPosition` order, then in
/// array order.
///
/// Occlusion: before drawing, the compositor collects every opaque,
/// axis-aligned layer rectangle in device pixels. A layer's own background
/// and contents are drawn only where no opaque layer in front of it covers
/// them, so a screen of opaque rows over a background costs about one screen
/// copy, not two.
///
/// Group opacity: a layer with opacity below 1 and visible sublayers is drawn
/// into an offscreen group first and blended once (UIKit's default,
/// `allowsGroupOpacity`).
@MainActor
package final class Compositor {
    private var statistics = FrameStatistics()
    /// Tint blended layers red and opaque ones green (`HeadlessScreen.colorsBlendedLayers`).
    package var colorsBlendedLayers = false
    private var occluders: [(order: Int, rect: CGRect)] = []
    private var paintOrder = 0

    /// A compositor with no blended-layer tint.
    package init() {}

    /// Composites `root` into `bitmap` (cleared to `background` first, where visible).
    /// - Parameter scale: device pixels per point.
    package func render(_ root: CALayer, into bitmap: Bitmap, scale: CGFloat, background: Color) -> FrameStatistics {
        let watch = Stopwatch()
        statistics = FrameStatistics()
        let ctx = GraphicsContext(bitmap: bitmap)
        let base = CATransform3D(scaleX: scale, y: scale, z: 1)
        let screen = CGRect(x: 0, y: 0, width: bitmap.width, height: bitmap.height)

        occluders.removeAll(keepingCapacity: true)
        paintOrder = 0
        collectOccluders(root, parentToDevice: base, clip: screen, parentOpaque: true, parentAxisAligned: true)

        // The screen background, where nothing opaque covers it.
        paintOrder = 0
        var region = PixelRegion(screen)
        for o in occluders { region.subtract(o.rect); if region.isEmpty { break } }
        ctx.setFillColor(background)
        for r in region.rects { ctx.fill(r) }

        paintOrder = 0
        draw(root, parentToDevice: base, ctx: ctx)
        statistics.drawingFailure = ctx.drawingFailure // a failed surface fails the context too
        statistics.compositeTime = watch.elapsed
        return statistics
    }

    // MARK: Occlusion

    /// Records, in paint order, the device rectangle of each layer whose own content
    /// is opaque and axis-aligned and that no translucent ancestor blends.
    private func collectOccluders(_ layer: CALayer, parentToDevice: CATransform3D, clip: CGRect,
                                  parentOpaque: Bool, parentAxisAligned: Bool) {
        let p = layer.renderProperties
        guard !layer.isHidden, p.opacity > 0 else { return }
        paintOrder += 1
        let order = paintOrder
        let toDevice = p.transformToSuperlayer.flattened.concatenating(parentToDevice)
        let axisAligned = parentAxisAligned && Self.isAxisAligned(toDevice)
        let opaque = parentOpaque && p.opacity >= 1
        var deviceRect = CGRect.null
        if axisAligned {
            deviceRect = p.bounds.applying(toDevice.affineTransform).intersection(clip)
            if opaque, Self.contentIsOpaque(layer, p) {
                let inner = Self.innerPixels(deviceRect)
                if !inner.isEmpty { occluders.append((order, inner)) }
            }
        }
        let childClip = layer.masksToBounds && axisAligned ? deviceRect : clip
        // Under a non-axis-aligned ancestor, nothing is treated as an occluder.
        for sublayer in Self.paintOrdered(layer) {
            collectOccluders(sublayer, parentToDevice: toDevice, clip: childClip,
                             parentOpaque: opaque, parentAxisAligned: axisAligned)
        }
    }

    private static func isAxisAligned(_ t: CATransform3D) -> Bool {
        t.isAffineOnPlane && t.m12 == 0 && t.m21 == 0 && t.m11 > 0 && t.m22 > 0
    }

    /// True when the layer's background or contents hide everything behind its bounds.
    static func contentIsOpaque(_ layer: CALayer, _ p: LayerProperties) -> Bool {
        if p.cornerRadius > 0 { return false }
        if let bg = p.backgroundColor, bg.alpha >= 1 { return true }
        if let contents = layer.contents, contents.isOpaque, layer.contentsGravity == .resize { return true }
        return false
    }

    /// The whole pixels inside `rect` (antialiased edges are not opaque).
    private static func innerPixels(_ rect: CGRect) -> CGRect {
        guard !rect.isNull else { return .null }
        let x0 = rect.minX.rounded(.up), y0 = rect.minY.rounded(.up)
        let x1 = rect.maxX.rounded(.down), y1 = rect.maxY.rounded(.down)
        guard x1 > x0, y1 > y0 else { return .null }
        return CGRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    static func paintOrdered(_ layer: CALayer) -> [CALayer] {
        guard let sublayers = layer.sublayers else { return [] }
        let z = sublayers.map { $0.renderProperties.zPosition }
        if z.allSatisfy({ $0 == z[0] }) { return sublayers }
        return sublayers.indices.sorted { z[$0] != z[$1] ? z[$0] < z[$1] : $0 < $1 }.map { sublayers[$0] }
    }

    // MARK: Drawing

    private func draw(_ layer: CALayer, parentToDevice: CATransform3D, ctx: GraphicsContext) {
        let p = layer.renderProperties
        guard !layer.isHidden, p.opacity > 0 else { return }
        paintOrder += 1
        let order = paintOrder
        let toDevice = p.transformToSuperlayer.flattened.concatenating(parentToDevice)
        let map = ProjectiveTransform(toDevice)
        let sublayers = Self.paintOrdered(layer)
        let opacity = min(Double(p.opacity), 1)
        let group = opacity < 1 && !sublayers.isEmpty
        if group { ctx.beginTransparencyLayer() }
        let ownOpacity = group ? 1 : opacity

        drawOwnContent(layer, p, map: map, order: order, opacity: ownOpacity, ctx: ctx)

        if !sublayers.isEmpty {
            ctx.saveGState()
            if layer.masksToBounds { clip(ctx, to: p, of: layer, map: map) }
            for sublayer in sublayers { draw(sublayer, parentToDevice: toDevice, ctx: ctx) }
            ctx.restoreGState()
        }
        if group { ctx.endTransparencyLayer(alpha: opacity) }
    }

    private func drawOwnContent(_ layer: CALayer, _ p: LayerProperties, map: ProjectiveTransform, order: Int,
                                opacity: Double, ctx: GraphicsContext) {
        let background = p.backgroundColor.flatMap { $0.alpha > 0 ? $0 : nil }
        let contents = layer.contents
        guard background != nil || contents != nil else { return }
        let bounds = p.bounds

        ctx.saveGState()
        defer { ctx.restoreGState() }
        if map.isAffine {
            // Cut away what opaque layers in front cover; skip the layer if nothing remains.
            let device = bounds.applying(map.affineTransform)
            var region = PixelRegion(device.integral)
            for o in occluders where o.order > order {
                region.subtract(o.rect)
                if region.isEmpty { break }
            }
            if region.isEmpty { statistics.layersOccluded += 1; return }
            if region.rects.count == 1, region.rects[0] != device.integral {
                ctx.clip(to: region.rects[0])
            } else if region.rects.count > 1, region.rects.count <= 16 {
                ctx.clip(to: region.rects.reduce(into: Path()) { $0.addRect($1) })
            }
            ctx.concatenate(map.affineTransform)
        }
        statistics.layersComposited += 1
        let blended = !(opacity >= 1 && Self.contentIsOpaque(layer, p) && map.isAffine
                        && Self.isAxisAligned(CATransform3D(map.affineTransform)))
        if blended { statistics.layersBlended += 1 }
        let shape = layer.shape(bounds: bounds, cornerRadius: p.cornerRadius)
        defer {
            if colorsBlendedLayers {
                ctx.setFillColor(blended ? Color(red: 1, green: 0, blue: 0, alpha: 0.45)
                                         : Color(red: 0, green: 0.8, blue: 0, alpha: 0.35))
                ctx.fill(map.isAffine ? shape : project(shape, through: map))
            }
        }

        if map.isAffine {
            if let bg = background, !(contents?.isOpaque == true && layer.contentsGravity == .resize && p.cornerRadius == 0) {
                ctx.setFillColor(bg.withAlpha(bg.alpha * opacity))
                ctx.fill(shape)
            }
            if let contents {
                if layer.masksToBounds && p.cornerRadius > 0 { ctx.clip(to: shape) }
                drawContents(contents, of: layer, p, opacity: opacity, ctx: ctx)
            }
        } else {
            // Perspective: map the outline's points, and resample the contents.
            let projected = project(shape, through: map)
            if let bg = background {
                ctx.setFillColor(bg.withAlpha(bg.alpha * opacity))
                ctx.fill(projected)
            }
            if let contents {
                let rect = Self.contentRect(for: layer, bounds: bounds, contentSize: Self.pointSize(of: contents, layer: layer))
                let toLayer = ProjectiveTransform(affine: CGAffineTransform(
                    a: rect.width / CGFloat(contents.width), b: 0, c: 0, d: rect.height / CGFloat(contents.height),
                    tx: rect.minX, ty: rect.minY))
                ctx.clip(to: projected)
                ctx.composite(contents, projective: toLayer.concatenating(map), opacity: opacity)
            }
        }
    }

    private func drawContents(_ contents: Bitmap, of layer: CALayer, _ p: LayerProperties, opacity: Double,
                              ctx: GraphicsContext) {
        let size = Self.pointSize(of: contents, layer: layer)
        let center = p.contentsCenter
        if layer.contentsGravity == .resize, center != CGRect(x: 0, y: 0, width: 1, height: 1) {
            let insets = UIEdgeInsets(top: center.minY * size.height, left: center.minX * size.width,
                                      bottom: (1 - center.maxY) * size.height, right: (1 - center.maxX) * size.width)
            ctx.draw(contents, in: p.bounds, capInsets: insets, scale: layer.contentsScale, opacity: opacity)
            return
        }
        let rect = Self.contentRect(for: layer, bounds: p.bounds, contentSize: size)
        if layer.masksToBounds || !p.bounds.contains(rect) { ctx.clip(to: p.bounds.intersection(rect)) }
        ctx.composite(contents, transform: CGAffineTransform(
            a: rect.width / CGFloat(contents.width), b: 0, c: 0, d: rect.height / CGFloat(contents.height),
            tx: rect.minX, ty: rect.minY), opacity: opacity)
    }

    static func pointSize(of contents: Bitmap, layer: CALayer) -> CGSize {
        let scale = max(layer.contentsScale, 0.0001)
        return CGSize(width: CGFloat(contents.width) / scale, height: CGFloat(contents.height) / scale)
    }

    /// Where contents of `contentSize` points go in the layer's bounds under its gravity.
    static func contentRect(for layer: CALayer, bounds b: CGRect, contentSize size: CGSize) -> CGRect {
        switch layer.contentsGravity {
        case .resize: return b
        case .resizeAspect, .resizeAspectFill:
            guard size.width > 0, size.height > 0 else { return b }
            let sx = b.width / size.width, sy = b.height / size.height
            let s = layer.contentsGravity == .resizeAspect ? min(sx, sy) : max(sx, sy)
            let w = size.width * s, h = size.height * s
            return CGRect(x: b.midX - w / 2, y: b.midY - h / 2, width: w, height: h)
        case .center: return CGRect(x: b.midX - size.width / 2, y: b.midY - size.height / 2, width: size.width, height: size.height)
        case .top: return CGRect(x: b.midX - size.width / 2, y: b.minY, width: size.width, height: size.height)
        case .bottom: return CGRect(x: b.midX - size.width / 2, y: b.maxY - size.height, width: size.width, height: size.height)
        case .left: return CGRect(x: b.minX, y: b.midY - size.height / 2, width: size.width, height: size.height)
        case .right: return CGRect(x: b.maxX - size.width, y: b.midY - size.height / 2, width: size.width, height: size.height)
        case .topLeft: return CGRect(origin: b.origin, size: size)
        case .topRight: return CGRect(x: b.maxX - size.width, y: b.minY, width: size.width, height: size.height)
        case .bottomLeft: return CGRect(x: b.minX, y: b.maxY - size.height, width: size.width, height: size.height)
        case .bottomRight: return CGRect(x: b.maxX - size.width, y: b.maxY - size.height, width: size.width, height: size.height)
        }
    }

    private func clip(_ ctx: GraphicsContext, to p: LayerProperties, of layer: CALayer, map: ProjectiveTransform) {
        let shape = layer.shape(bounds: p.bounds, cornerRadius: p.cornerRadius)
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

    /// The outline's points mapped through a perspective map (lines stay lines; curves are
    /// mapped by their control points, exact enough for rounded corners).
    private func project(_ path: Path, through map: ProjectiveTransform) -> Path {
        var result = Path()
        for e in path.elements {
            switch e {
            case .move(let p): if let q = map.apply(p) { result.move(to: q) }
            case .line(let p): if let q = map.apply(p) { result.addLine(to: q) }
            case .curve(let p, let c1, let c2):
                if let q = map.apply(p), let d1 = map.apply(c1), let d2 = map.apply(c2) {
                    result.addCurve(to: q, control1: d1, control2: d2)
                }
            case .close: result.closeSubpath()
            }
        }
        return result
    }
}

extension CATransform3D {
    /// True when the flattened transform maps the plane affinely (no perspective).
    var isAffineOnPlane: Bool { m14 == 0 && m24 == 0 && m44 == 1 }
}
