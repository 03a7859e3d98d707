import TabulaCore

/// Composites a layer tree into a frame, through a ``LayerRenderer``.
///
/// The compositor decides *what* reaches the screen; the renderer puts the pixels
/// there (``CairoLayerRenderer`` today). Each layer is taken with its full transform to
/// device pixels. Layers are flattened into their superlayer's plane as in Core
/// Animation; sublayers are drawn in `zPosition` order, then in array order.
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
///
/// The statistics (layers composited, blended, occluded) are counted here, so they
/// mean the same whatever the renderer.
@MainActor
package final class Compositor {
    var statistics = FrameStatistics()
    /// Tint blended layers red and opaque ones green (`HeadlessScreen.colorsBlendedLayers`).
    package var colorsBlendedLayers = false
    var occluders: [(order: Int, rect: CGRect)] = []
    /// For each translucent layer with sublayers (one that may be drawn as a group), the
    /// paint order of the last layer of its subtree: occluders after it are in front of
    /// the whole subtree.
    var subtreeEnds: [ObjectKey: Int] = [:]
    var paintOrder = 0
    /// Above 0 while a mask is drawn: masks neither occlude nor are occluded.
    var ignoringOcclusion = 0
    /// Blurred shadows, kept from frame to frame.
    package let shadowCache = ShadowCache()
    /// Set to draw the model values, ignoring animations (`CALayer.render(in:)`).
    var usesModelValues = false
    /// For each layer cached while it moves, whether its subtree animates or blurs what is
    /// behind it, found in this frame's occlusion pass (``drawsFromCache(_:toDevice:)``);
    /// emptied at each frame.
    var cachedSubtreeAnimates: [ObjectKey: Bool] = [:]

    /// The values of `layer` this compositor draws: on screen, or the model's.
    func properties(of layer: CALayer) -> LayerProperties {
        usesModelValues ? layer.modelValues : layer.renderProperties
    }

    /// A compositor with no blended-layer tint.
    package init() {}

    /// Composites `root` into `bitmap` with Cairo (cleared to `background` first, where visible).
    /// - Parameter scale: device pixels per point.
    ///
    /// A large frame is drawn in horizontal bands on up to ``bandThreads`` threads at once
    /// (``renderInBands(_:into:scale:background:bands:)``); the pixels are the same.
    package func render(_ root: CALayer, into bitmap: Bitmap, scale: CGFloat, background: Color) -> FrameStatistics {
        shadowCache.beginFrame()
        defer { shadowCache.endFrame() }
        let bands = Self.bandCount(forHeight: bitmap.height, width: bitmap.width, threads: bandThreads)
        if bands > 1 { return renderInBands(root, into: bitmap, scale: scale, background: background, bands: bands) }
        var statistics = render(root, to: CairoLayerRenderer(bitmap: bitmap, shadowCache: shadowCache), scale: scale,
                                background: background)
        statistics.bandsDrawn = 1
        return statistics
    }

    /// How many threads draw a large frame's bands: the machine's cores, at most four (1
    /// draws every frame in one pass on the main thread). Settable per compositor, and for
    /// the process through ``defaultBandThreads``.
    package var bandThreads = Compositor.defaultBandThreads

    /// The ``bandThreads`` of new compositors: the machine's active cores, at most four, or
    /// the `TABULA_COMPOSITE_THREADS` environment variable when it holds a number from 1 to 16.
    package static var defaultBandThreads: Int = {
        if let text = ProcessInfo.processInfo.environment["TABULA_COMPOSITE_THREADS"], let n = Int(text), (1 ... 16).contains(n) {
            return n
        }
        return min(max(ProcessInfo.processInfo.activeProcessorCount, 1), 4)
    }()

    /// Composites `root` through `renderer`, filling with `background` whatever no opaque
    /// layer covers.
    /// - Parameter scale: device pixels per point.
    package func render(_ root: CALayer, to renderer: any LayerRenderer, scale: CGFloat,
                        background: Color) -> FrameStatistics {
        render(root, to: renderer, base: CATransform3D(scaleX: scale, y: scale, z: 1), background: background)
    }

    /// Composites `root` through `renderer` with `base` taking the root's superlayer
    /// coordinates to device pixels (a subtree rendered in its own coordinates passes the
    /// inverse of the root's transform here). With a nil `background` nothing is filled:
    /// the layers are composited over what the target holds.
    package func render(_ root: CALayer, to renderer: any LayerRenderer, base: CATransform3D,
                        background: Color?) -> FrameStatistics {
        let watch = Stopwatch()
        statistics = FrameStatistics()
        let screen = renderer.pixelBounds

        occluders.removeAll(keepingCapacity: true)
        subtreeEnds.removeAll(keepingCapacity: true)
        cachedSubtreeAnimates.removeAll(keepingCapacity: true)
        paintOrder = 0
        collectOccluders(root, parentToDevice: base, sublayerMatrix: nil, clip: screen, parentOpaque: true,
                         parentAxisAligned: true)

        // The screen background, where nothing opaque covers it.
        paintOrder = 0
        if let background {
            var region = PixelRegion(screen)
            for o in occluders { region.subtract(o.rect); if region.isEmpty { break } }
            renderer.fill(region.rects, with: background)
        }

        paintOrder = 0
        draw(root, parentToDevice: base, sublayerMatrix: nil, to: renderer)
        statistics.drawingFailure = renderer.drawingFailure
        statistics.shadowsBlurred = renderer.shadowsBlurred
        statistics.compositeTime = watch.elapsed
        return statistics
    }

    // MARK: Occlusion

    /// Records, in paint order, the device rectangle of each layer whose own content
    /// is opaque and axis-aligned and that no translucent ancestor blends.
    private func collectOccluders(_ layer: CALayer, parentToDevice: CATransform3D, sublayerMatrix: CATransform3D?,
                                  clip: CGRect, parentOpaque: Bool, parentAxisAligned: Bool) {
        let p = properties(of: layer)
        guard !layer.isHidden, p.opacity > 0 else { return }
        let toDevice = Self.toDevice(layer, p, sublayerMatrix: sublayerMatrix, parentToDevice: parentToDevice)
        guard Self.isShown(layer, p, toDevice: toDevice) else { return }
        paintOrder += 1
        let order = paintOrder
        let axisAligned = parentAxisAligned && Self.isAxisAligned(toDevice)
        // A rasterized layer is drawn from its bitmap: nothing in it is visited. An opaque
        // bitmap hides what is behind it.
        if layer.shouldRasterize { return }
        if drawsFromCache(layer, p, toDevice: toDevice) {
            if axisAligned, parentOpaque, p.opacity >= 1, let scale = Self.cacheScale(toDevice),
               Self.rasterIsOpaque(layer, p, scale: scale) {
                let inner = Self.innerPixels(p.bounds.applying(toDevice.affineTransform).intersection(clip))
                if !inner.isEmpty { occluders.append((order, inner)) }
            }
            return
        }
        // A mask may cut any of the layer away: nothing in a masked layer occludes.
        let opaque = parentOpaque && p.opacity >= 1 && layer.mask == nil
        var deviceRect = CGRect.null
        if axisAligned {
            deviceRect = p.bounds.applying(toDevice.affineTransform).intersection(clip)
            if opaque, Self.contentIsOpaque(layer, p) {
                let inner = Self.innerPixels(deviceRect)
                if !inner.isEmpty { occluders.append((order, inner)) }
            } else if opaque {
                // Rounded and opaque: what is inside the corners still hides what is behind.
                for core in Self.opaqueCore(layer, p) {
                    let inner = Self.innerPixels(core.applying(toDevice.affineTransform).intersection(clip))
                    if !inner.isEmpty { occluders.append((order, inner)) }
                }
            }
        }
        var childClip = layer.masksToBounds && axisAligned ? deviceRect : clip
        if layer.masksToBounds, axisAligned, p.cornerRadius > 0 {
            // Rounded corners cut the sublayers too: what a sublayer covers there is not
            // drawn, so it hides nothing. Its occluders keep to the band between the
            // corners (a card pushed back behind a sheet left the last frame's pixels
            // showing at its corners).
            childClip = Self.roundedClipBand(layer, p, toDevice: toDevice).intersection(clip)
        }
        // Under a non-axis-aligned ancestor, nothing is treated as an occluder.
        let matrix = Self.sublayerMatrix(layer, p)
        let sublayers = paintOrdered(layer)
        for sublayer in sublayers {
            collectOccluders(sublayer, parentToDevice: toDevice, sublayerMatrix: matrix, clip: childClip,
                             parentOpaque: opaque, parentAxisAligned: axisAligned)
        }
        if p.opacity < 1, !sublayers.isEmpty { subtreeEnds[ObjectKey(layer)] = paintOrder }
    }

    /// The occluders painted after `order`. They were collected in paint order, so they
    /// are sorted by it: a binary search finds the first.
    private func occluders(inFrontOf order: Int) -> ArraySlice<(order: Int, rect: CGRect)> {
        var low = 0, high = occluders.count
        while low < high {
            let middle = (low + high) / 2
            if occluders[middle].order > order { high = middle } else { low = middle + 1 }
        }
        return occluders[low...]
    }

    /// What of the device rectangle `rect`, drawn at paint order `order`, the opaque
    /// layers in front leave to be seen (all of it while a mask is drawn).
    func uncovered(_ rect: CGRect, order: Int) -> PixelRegion {
        var region = PixelRegion(rect)
        guard ignoringOcclusion == 0 else { return region }
        for o in occluders(inFrontOf: order) where o.rect.intersects(rect) {
            region.subtract(o.rect)
            if region.isEmpty { break }
        }
        return region
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

    /// The parts of a layer with rounded corners that its opaque background surely
    /// covers, in the layer's coordinates: the bounds less the corners' reach, once
    /// across and once down (a continuous corner reaches about 1.53 times its radius
    /// along each edge). Empty when the background is not opaque or the corners are square
    /// (``contentIsOpaque(_:_:)`` covers those).
    static func opaqueCore(_ layer: CALayer, _ p: LayerProperties) -> [CGRect] {
        guard p.cornerRadius > 0, p.cornerRadius.isFinite, let background = p.backgroundColor,
              background.alpha >= 1 else { return [] }
        let b = p.bounds.standardized
        let reach = min(p.cornerRadius, min(b.width, b.height) / 2) * (layer.cornerCurve == .continuous ? 1.53 : 1)
        return [b.insetBy(dx: reach, dy: 0), b.insetBy(dx: 0, dy: reach)]
            .filter { !$0.isNull && $0.width > 0 && $0.height > 0 }
    }

    /// The part of a layer with rounded corners that its rounded clip keeps whole, in
    /// device pixels: its bounds less the corners' reach above and below.
    private static func roundedClipBand(_ layer: CALayer, _ p: LayerProperties, toDevice: CATransform3D) -> CGRect {
        let b = p.bounds.standardized
        let reach = min(p.cornerRadius, min(b.width, b.height) / 2) * (layer.cornerCurve == .continuous ? 1.53 : 1)
        let band = b.insetBy(dx: 0, dy: min(reach, b.height / 2))
        return band.isNull ? .null : band.applying(toDevice.affineTransform)
    }

    /// The whole pixels inside `rect` (antialiased edges are not opaque).
    static func innerPixels(_ rect: CGRect) -> CGRect {
        guard !rect.isNull else { return .null }
        let x0 = rect.minX.rounded(.up), y0 = rect.minY.rounded(.up)
        let x1 = rect.maxX.rounded(.down), y1 = rect.maxY.rounded(.down)
        guard x1 > x0, y1 > y0 else { return .null }
        return CGRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The sublayers of `layer` in paint order: by `zPosition`, then in array order.
    func paintOrdered(_ layer: CALayer) -> [CALayer] {
        guard let sublayers = layer.sublayers, let first = sublayers.first else { return [] }
        // Almost always every z is the same: check without copying anything.
        let z0 = zPosition(of: first)
        var alike = true
        for sublayer in sublayers where zPosition(of: sublayer) != z0 {
            alike = false
            break
        }
        if alike { return sublayers }
        let z = sublayers.map { zPosition(of: $0) }
        return sublayers.indices.sorted { z[$0] != z[$1] ? z[$0] < z[$1] : $0 < $1 }.map { sublayers[$0] }
    }

    /// The `zPosition` this compositor draws `layer` at, read without copying the
    /// layer's other values.
    private func zPosition(of layer: CALayer) -> CGFloat {
        usesModelValues ? layer.modelValues.zPosition : layer.renderZPosition
    }

    // MARK: Drawing

    /// Draws `layer` and its subtree. `inheritedOpacity` is the opacity of translucent
    /// ancestors that do not composite as a group (`allowsGroupOpacity` false), applied to
    /// each of their layers on its own.
    func draw(_ layer: CALayer, parentToDevice: CATransform3D, sublayerMatrix: CATransform3D?,
              inheritedOpacity: Double = 1, to renderer: any LayerRenderer) {
        let p = properties(of: layer)
        guard !layer.isHidden, p.opacity > 0 else { return }
        let toDevice = Self.toDevice(layer, p, sublayerMatrix: sublayerMatrix, parentToDevice: parentToDevice)
        guard Self.isShown(layer, p, toDevice: toDevice) else { return }
        paintOrder += 1
        let opacity = min(Double(p.opacity), 1) * inheritedOpacity
        if layer.shouldRasterize {
            drawRasterized(layer, p, toDevice: toDevice, opacity: opacity, to: renderer)
            return
        }
        if drawsFromCache(layer, p, toDevice: toDevice) {
            drawCached(layer, p, toDevice: toDevice, opacity: opacity, order: paintOrder, to: renderer)
            return
        }
        noteDrawnDirectly(layer)
        drawTree(layer, p, toDevice: toDevice, opacity: opacity, order: paintOrder, to: renderer)
    }

    /// Draws `layer` (already counted in the paint order) and its sublayers, its mask and
    /// its border, with its whole transform to the device `toDevice`.
    func drawTree(_ layer: CALayer, _ p: LayerProperties, toDevice: CATransform3D, opacity: Double, order: Int,
                  to renderer: any LayerRenderer) {
        let map = ProjectiveTransform(toDevice)
        let sublayers = paintOrdered(layer)
        let mask = layer.mask
        var group = mask == nil && opacity < 1 && !sublayers.isEmpty && layer.allowsGroupOpacity
        if group {
            let box = groupBounds(layer, p, toDevice: toDevice)
            switch box.map({ sight(of: $0, subtreeOf: layer, on: renderer.pixelBounds) }) ?? .seen(within: nil) {
            case .seen(let visible):
                renderer.beginGroup(within: visible ?? box)
            case .hiddenInFront:
                // Blended for nothing (a row fading out beneath the rows sliding over it):
                // its layers are drawn as they are, each of them occluded, and the screen
                // and the statistics are the same.
                group = false
            case .offScreen(let last):
                // Nothing of it reaches the screen (a row fading out that scrolled away).
                paintOrder = last
                return
            }
        }
        if mask != nil { renderer.beginMaskedGroup() }
        let ownOpacity = group || mask != nil ? 1 : opacity
        // Without a group, each sublayer is faded on its own by this layer's opacity.
        let passedOpacity = group || mask != nil ? 1 : opacity

        if let paint = paint(of: layer, p, map: map, order: order, opacity: ownOpacity) {
            renderer.drawLayer(paint)
        }
        // A shape or gradient goes between the contents and the first sublayer.
        if let vector = layer.vectorContent(p) {
            renderer.drawVector(vector, map: map, opacity: ownOpacity)
        }

        if !sublayers.isEmpty {
            let clips = layer.masksToBounds
            if clips { renderer.pushClip(layer.shape(bounds: p.bounds, cornerRadius: p.cornerRadius), map: map) }
            let matrix = Self.sublayerMatrix(layer, p)
            for sublayer in sublayers {
                draw(sublayer, parentToDevice: toDevice, sublayerMatrix: matrix, inheritedOpacity: passedOpacity,
                     to: renderer)
            }
            if clips { renderer.popClip() }
        }
        // The border goes over the contents and the sublayers, as in Core Animation.
        let borderWidth = CALayer.clampedLength(p.borderWidth)
        if borderWidth > 0, let color = p.borderColor, color.alpha > 0 {
            renderer.drawBorder(Self.borderRing(of: layer, p, width: borderWidth), map: map, color: color,
                                opacity: ownOpacity)
        }
        if group { renderer.endGroup(opacity: opacity) }
        if let mask { drawMask(mask, toDevice: toDevice, opacity: opacity, to: renderer) }
    }

    /// How much of a group can be seen: some of it, none because opaque layers drawn
    /// after it cover it, or none because it lies off the screen (the paint order of the
    /// last layer of its subtree comes with it, for the drawing to skip the subtree).
    enum GroupSight: Equatable {
        /// Some of it may show: it is drawn as a group, within the box of what can be seen
        /// when opaque layers in front cover the rest (a row fading out with a row sliding
        /// over half of it is blended only where it shows), else within its whole box.
        case seen(within: CGRect?)
        /// Opaque layers drawn after its whole subtree cover it.
        case hiddenInFront
        /// No pixel of it is on the screen; `lastOrder` is the paint order of its subtree's last layer.
        case offScreen(lastOrder: Int)
    }

    /// What of `box` (the device pixels `layer`'s subtree draws, with the margin a group
    /// gets for antialiased edges) can be seen on `screen`. Known only for a layer the
    /// occlusion pass saw as translucent; any other is `.seen`.
    private func sight(of box: CGRect, subtreeOf layer: CALayer, on screen: CGRect) -> GroupSight {
        guard ignoringOcclusion == 0, let last = subtreeEnds[ObjectKey(layer)] else { return .seen(within: nil) }
        let whole = box.integral.insetBy(dx: -1, dy: -1).intersection(screen)
        var region = PixelRegion(whole)
        if region.isEmpty { return .offScreen(lastOrder: last) }
        var cut = false
        for o in occluders where o.order > last && o.rect.intersects(whole) {
            region.subtract(o.rect)
            cut = true
            if region.isEmpty { return .hiddenInFront }
        }
        guard cut else { return .seen(within: nil) }
        // The group's box is widened by a pixel for antialiased edges when it begins: take
        // that pixel back here, since what is widened into is covered.
        let seen = region.rects.reduce(CGRect.null) { $0.union($1) }
        guard seen != whole, seen.width > 2, seen.height > 2 else { return .seen(within: nil) }
        return .seen(within: seen.insetBy(dx: 1, dy: 1))
    }

    /// What `layer` itself puts on screen, or nil when it shows nothing (no background or
    /// contents, or opaque layers in front cover it); counts it in the statistics.
    private func paint(of layer: CALayer, _ p: LayerProperties, map: ProjectiveTransform, order: Int,
                       opacity: Double) -> LayerPaint? {
        let background = p.backgroundColor.flatMap { $0.alpha > 0 ? $0 : nil }
        let contents = layer.contents
        let shadow = Self.shadow(of: layer, p, background: background)
        let backdrop = layer.backdropMaterial.flatMap { $0.isDrawable ? $0 : nil }
        guard background != nil || contents != nil || shadow != nil || backdrop != nil else { return nil }
        let bounds = p.bounds

        var visibleRects: [CGRect]?
        // A shadow reaches outside the bounds: such a layer is drawn whole.
        if map.isAffine, shadow == nil {
            // Cut away what opaque layers in front cover; skip the layer if nothing remains.
            let device = bounds.applying(map.affineTransform).integral
            let region = uncovered(device, order: order)
            if region.isEmpty { statistics.layersOccluded += 1; return nil }
            if region.rects != [device] { visibleRects = region.rects }
        }
        statistics.layersComposited += 1
        let blended = !(opacity >= 1 && Self.contentIsOpaque(layer, p) && map.isAffine
                        && Self.isAxisAligned(CATransform3D(map.affineTransform)))
        if blended { statistics.layersBlended += 1 }

        // Opaque contents that fill square bounds hide the background: skip it (on the
        // plane only; a perspective layer is resampled, and its edges would show).
        let contentsCoverBackground = contents?.isOpaque == true && layer.contentsGravity == .resize
            && p.cornerRadius == 0 && map.isAffine
        var nineGrid: UIEdgeInsets?
        var contentRect = bounds
        var contentsSource: CGRect?
        var interpolation = GraphicsContext.Interpolation.low
        if let contents {
            let size = Self.pointSize(of: contents, layer: layer)
            let center = p.contentsCenter
            let unit = CGRect(x: 0, y: 0, width: 1, height: 1)
            if layer.contentsGravity == .resize, center != unit {
                nineGrid = UIEdgeInsets(top: center.minY * size.height, left: center.minX * size.width,
                                        bottom: (1 - center.maxY) * size.height, right: (1 - center.maxX) * size.width)
            }
            let part = p.contentsRect.standardized
            if part != unit, nineGrid == nil, part.width != 0, part.height != 0 {
                contentsSource = CGRect(x: part.minX * CGFloat(contents.width), y: part.minY * CGFloat(contents.height),
                                        width: part.width * CGFloat(contents.width),
                                        height: part.height * CGFloat(contents.height))
                contentRect = Self.contentRect(for: layer, bounds: bounds,
                                               contentSize: CGSize(width: size.width * abs(part.width),
                                                                   height: size.height * abs(part.height)))
            } else {
                contentRect = Self.contentRect(for: layer, bounds: bounds, contentSize: size)
            }
            interpolation = Self.interpolation(for: layer, contents: contents, source: contentsSource,
                                               contentRect: contentRect, map: map)
        }
        // Where the layer's own background hides what is behind it, its shadow included.
        var opaqueCore: [CGRect] = []
        if opacity >= 1, let background, background.alpha >= 1 {
            opaqueCore = p.cornerRadius > 0 ? Self.opaqueCore(layer, p) : [bounds]
        }
        var shadowCovered: [CGRect] = []
        if let shadow, map.isAffine, ignoringOcclusion == 0 {
            let inFront = occluders(inFrontOf: order)
            if !inFront.isEmpty {
                let reach = Self.shadowReach(shadow, map: map.affineTransform)
                for o in inFront where o.rect.intersects(reach) { shadowCovered.append(o.rect) }
            }
        }
        var paint = LayerPaint(
            map: map, bounds: bounds, shape: layer.shape(bounds: bounds, cornerRadius: p.cornerRadius),
            visibleRects: visibleRects, background: contentsCoverBackground ? nil : background,
            contents: contents, contentRect: contentRect, contentsSource: contentsSource, interpolation: interpolation,
            contentsScale: layer.contentsScale, nineGrid: nineGrid,
            masksToBounds: layer.masksToBounds, isRounded: p.cornerRadius > 0, opacity: opacity,
            debugTint: colorsBlendedLayers ? (blended ? Self.blendedTint : Self.opaqueTint) : nil,
            shadow: shadow, backdrop: backdrop, opaqueCore: opaqueCore)
        paint.shadowCoveredInFront = shadowCovered
        paint.antialiasesEdges = layer.allowsEdgeAntialiasing
        return paint
    }

    /// The device pixels `shadow` can reach for a layer drawn through `map`: its shape's
    /// box moved by the offset and widened by three standard deviations.
    static func shadowReach(_ shadow: LayerShadow, map: CGAffineTransform) -> CGRect {
        let box: CGRect
        switch shadow.shape {
        case .path(let path): box = path.boundingBox
        case .contents(_, let rect, _): box = rect
        }
        let scale = sqrt(abs(map.a * map.d - map.b * map.c))
        let margin = 3 * shadow.radius * scale + 2
        let moved = box.offsetBy(dx: shadow.offset.width, dy: shadow.offset.height)
        return moved.applying(map).insetBy(dx: -margin, dy: -margin)
    }

    /// The resampling filter for `contents` drawn into `contentRect` through `map`: the
    /// layer's magnification filter when its pixels come out larger than device pixels,
    /// else its minification filter.
    static func interpolation(for layer: CALayer, contents: Bitmap, source: CGRect?, contentRect: CGRect,
                              map: ProjectiveTransform) -> GraphicsContext.Interpolation {
        let minification = layer.minificationFilter, magnification = layer.magnificationFilter
        if minification == .linear && magnification == .linear { return .low }
        let a = map.affineTransform
        let pixels = source?.size ?? CGSize(width: contents.width, height: contents.height)
        let sx = hypot(a.a, a.b) * contentRect.width / max(abs(pixels.width), 1e-9)
        let sy = hypot(a.c, a.d) * contentRect.height / max(abs(pixels.height), 1e-9)
        let filter = max(sx, sy) > 1 ? magnification : minification
        switch filter {
        case .nearest: return .none
        case .trilinear: return .high
        default: return .low
        }
    }

    /// The layer's shadow, or nil when it casts none: no opacity or colour, clipped away by
    /// `masksToBounds`, or nothing to cast it (no shadow path, background or contents).
    static func shadow(of layer: CALayer, _ p: LayerProperties, background: Color?) -> LayerShadow? {
        guard p.shadowOpacity > 0, let color = p.shadowColor, color.alpha > 0, !layer.masksToBounds else { return nil }
        let shape: LayerShadow.Shape
        if let path = layer.shadowPath {
            shape = .path(path)
        } else if background != nil {
            shape = .path(layer.shape(bounds: p.bounds, cornerRadius: p.cornerRadius))
        } else if let contents = layer.contents {
            let rect = contentRect(for: layer, bounds: p.bounds, contentSize: pointSize(of: contents, layer: layer))
            shape = .contents(contents, rect: rect, version: layer.contentsVersion)
        } else {
            return nil
        }
        let offset = CGSize(width: p.shadowOffset.width.isFinite ? p.shadowOffset.width : 0,
                            height: p.shadowOffset.height.isFinite ? p.shadowOffset.height : 0)
        return LayerShadow(shape: shape, offset: offset, radius: CALayer.clampedLength(p.shadowRadius), color: color,
                           opacity: Double(min(max(p.shadowOpacity, 0), 1)))
    }

    /// The border as a ring: the layer's outline and, inside it, the outline inset by the
    /// border width with the corner radius reduced by it (filled even-odd).
    static func borderRing(of layer: CALayer, _ p: LayerProperties, width: CGFloat) -> Path {
        let bounds = p.bounds
        var ring = layer.shape(bounds: bounds, cornerRadius: p.cornerRadius)
        let inner = bounds.insetBy(dx: width, dy: width)
        if inner.width > 0, inner.height > 0 {
            ring.addPath(layer.shape(bounds: inner, cornerRadius: max(p.cornerRadius - width, 0)))
        }
        return ring
    }

    /// Instruments' colours: red where a layer is blended, green where it is copied opaque.
    private static let blendedTint = Color(red: 1, green: 0, blue: 0, alpha: 0.45)
    private static let opaqueTint = Color(red: 0, green: 0.8, blue: 0, alpha: 0.35)

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
}

extension CATransform3D {
    /// True when the flattened transform maps the plane affinely (no perspective).
    var isAffineOnPlane: Bool { m14 == 0 && m24 == 0 && m44 == 1 }
}
