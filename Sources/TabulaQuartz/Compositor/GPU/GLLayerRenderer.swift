import Foundation

/// The ``LayerRenderer`` that draws with OpenGL ES 3: backing stores are textures, a
/// layer's transform maps a quad on the GPU, groups and masks are render targets, and a
/// clip is the scissor (a whole-pixel rectangle) or a coverage texture.
///
/// It draws what ``CairoLayerRenderer`` draws, to within the snapshot tolerance: shapes'
/// edges are rasterized by Cairo into coverage textures (``GLDevice/mask(of:evenOdd:over:)``),
/// an axis-aligned rectangle's edge pixels get its exact area, and a contents bitmap
/// drawn at one texel a pixel on whole pixels is copied texel for texel. What only the
/// CPU draws — a nine-part image, a shape layer's path — is drawn by Cairo into a patch
/// the size of what it covers and composited like a backing store. A backdrop blur reads
/// the frame back and blurs it as the Cairo renderer does.
///
/// Colours keep red and blue swapped throughout (the textures hold Cairo's B, G, R, A
/// bytes as R, G, B, A), so the frame reads back in Cairo's layout; a window's last pass
/// swaps them back (``GLFrameRenderer/present(toWindowOfWidth:height:)``).
@MainActor
final class GLLayerRenderer: LayerRenderer {
    private let device: GLDevice
    private var gl: GLFunctions { device.gl }
    private let shadows: ShadowCache
    private let blursBefore: Int
    let pixelBounds: CGRect
    private(set) var drawingFailure: String?

    /// A render target: what is drawn into, and which device pixels it holds.
    private struct Target {
        let texture: GLTexture
        let region: CGRect
    }
    private var targets: [Target]

    /// The clip: a whole-pixel rectangle (the scissor) and the outlines of the clips that
    /// are not, in device pixels; their coverage is made when something is drawn.
    private struct Clip {
        var box: CGRect
        var paths: [Path] = []
        var mask: PlacedMask?
        var maskIsCurrent = true
    }
    private var clips: [Clip]

    /// A renderer drawing into `frame` (a render target holding the device pixels of
    /// `bounds`), keeping shadows in `shadowCache`.
    init(device: GLDevice, frame: GLTexture, bounds: CGRect, shadowCache: ShadowCache) {
        self.device = device
        shadows = shadowCache
        blursBefore = shadowCache.blursComputed
        pixelBounds = bounds
        targets = [Target(texture: frame, region: bounds)]
        clips = [Clip(box: bounds)]
        bind(targets[0])
    }

    var shadowsBlurred: Int { shadows.blursComputed - blursBefore }

    // MARK: The seam

    func fill(_ rects: [CGRect], with color: Color) {
        gl.disable(GL.blend)
        blending = false
        defer {
            gl.enable(GL.blend)
            blending = true
        }
        for rect in rects {
            draw(rect, Paint(color: color))
        }
    }

    /// Whether draws blend over what is there (false while the background is filled).
    private var blending = true

    func drawLayer(_ paint: LayerPaint) {
        let map = paint.map
        if map.isAffine, let shadow = paint.shadow, let placed = shadows.place(shadow, of: paint) {
            let texture = device.texture(for: placed.bitmap)
            let rect = CGRect(origin: placed.origin, size: CGSize(width: texture.width, height: texture.height))
            draw(rect, Paint(texture: texture, deviceToTexels: .translation(-rect.minX, -rect.minY)))
        }
        if let material = paint.backdrop, map.isAffine { drawBackdrop(material, paint) }
        if let background = paint.background {
            fillShape(of: paint, color: background.withAlpha(background.alpha * paint.opacity))
        }
        if let contents = paint.contents { drawContents(contents, paint) }
        if let tint = paint.debugTint { fillShape(of: paint, color: tint) }
    }

    func drawBorder(_ ring: Path, map: ProjectiveTransform, color: Color, opacity: Double) {
        let outline = ring.mapped(through: map)
        guard let mask = coverage(of: [outline], evenOdd: true) else { return }
        var paint = Paint(color: color.withAlpha(color.alpha * opacity))
        paint.shape = mask
        draw(mask.deviceRect, paint)
    }

    func pushClip(_ shape: Path, map: ProjectiveTransform) {
        var clip = clips[clips.count - 1]
        let outline = shape.mapped(through: map)
        let box = outline.boundingBox
        if outline.isRectangle, box == box.integral {
            clip.box = clip.box.intersection(box)
        } else {
            clip.box = clip.box.intersection(box.integral)
            clip.paths.append(outline)
            clip.maskIsCurrent = false
        }
        if clip.box.isNull { clip.box = .zero }
        clips.append(clip)
    }

    func popClip() {
        if clips.count > 1 { clips.removeLast() }
    }

    func beginGroup(within box: CGRect?) {
        let region = (box.map { $0.integral.insetBy(dx: -1, dy: -1) } ?? targets[targets.count - 1].region)
        pushTarget(region)
    }

    func endGroup(opacity: Double) {
        guard let group = popTarget() else { return }
        drawTarget(group, opacity: opacity, mask: nil)
        device.recycle(group.texture)
    }

    func beginMaskedGroup() { pushTarget(targets[targets.count - 1].region) }
    func beginMask() { pushTarget(targets[targets.count - 1].region) }

    func endMaskedGroup(opacity: Double) {
        guard let mask = popTarget() else { return }
        guard let content = popTarget() else { device.recycle(mask.texture); return }
        drawTarget(content, opacity: opacity, mask: mask)
        device.recycle(mask.texture)
        device.recycle(content.texture)
    }

    func drawVector(_ content: VectorContent, map: ProjectiveTransform, opacity: Double) {
        guard map.isAffine else {
            // Perspective: drawn on the layer's plane, then mapped as a raster (as Cairo does).
            if let (bitmap, rect) = CairoCanvas.planeRaster(of: content, map: map) {
                drawTemporaryRaster(bitmap, in: rect, map: map, opacity: opacity)
            }
            return
        }
        let box = content.extent.applying(map.affineTransform).integral.insetBy(dx: -1, dy: -1)
            .intersection(visibleBox)
        guard !box.isNull, box.width >= 1, box.height >= 1 else { return }
        let bitmap = Bitmap(width: Int(box.width), height: Int(box.height))
        let ctx = GraphicsContext(bitmap: bitmap)
        ctx.translateBy(x: -box.minX, y: -box.minY)
        ctx.concatenate(map.affineTransform)
        content.draw(in: ctx, opacity: 1)
        drawPatch(bitmap, at: box.origin, opacity: opacity)
    }

    func drawRaster(_ bitmap: Bitmap, in rect: CGRect, map: ProjectiveTransform, opacity: Double) {
        drawBitmap(device.texture(for: bitmap), in: rect, map: map, opacity: opacity)
    }

    // MARK: Layers

    /// Fills the layer's shape: an axis-aligned rectangle by its exact area, anything else
    /// through its coverage.
    private func fillShape(of paint: LayerPaint, color: Color) {
        var fill = Paint(color: color)
        if !paint.isRounded, let rect = axisAlignedImage(of: paint.bounds, paint.map) {
            fill.rectAA = rect
            draw(rect.integral, fill, within: paint.visibleRects)
            return
        }
        guard let mask = coverage(of: [paint.shape.mapped(through: paint.map)], evenOdd: false) else { return }
        fill.shape = mask
        draw(mask.deviceRect, fill, within: paint.visibleRects)
    }

    private func drawContents(_ contents: Bitmap, _ paint: LayerPaint) {
        guard contents.width > 0, contents.height > 0 else { return }
        let map = paint.map
        if paint.nineGrid != nil || !map.isAffine && paint.contentsSource != nil
            || max(contents.width, contents.height) > device.maxTextureSize {
            drawContentsThroughCairo(paint)
            return
        }
        let rect = paint.contentRect
        guard rect.width != 0, rect.height != 0 else { return }
        let texture = device.texture(for: contents)
        // Layer coordinates to the texture's pixels: the part shown (the whole image, or
        // the source rectangle) stretched over the content rectangle.
        let source = paint.contentsSource ?? CGRect(x: 0, y: 0, width: contents.width, height: contents.height)
        let toTexels = ProjectiveTransform(affine: CGAffineTransform(
            a: source.width / rect.width, b: 0, c: 0, d: source.height / rect.height,
            tx: source.minX - rect.minX * source.width / rect.width, ty: source.minY - rect.minY * source.height / rect.height))
        guard let deviceToLayer = map.inverted() else { return }
        var fill = Paint(texture: texture, deviceToTexels: deviceToLayer.concatenating(toTexels))
        fill.opacity = paint.opacity
        fill.filter = filter(for: texture, map: deviceToLayer.concatenating(toTexels), interpolation: paint.interpolation)

        if !map.isAffine {
            // Perspective: the contents are cut to the projected shape, as Cairo does.
            guard let mask = coverage(of: [paint.shape.mapped(through: map)], evenOdd: false) else { return }
            fill.shape = mask
            draw(mask.deviceRect, fill, within: paint.visibleRects)
            return
        }
        let shown = paint.masksToBounds || !paint.bounds.contains(rect) ? paint.bounds.intersection(rect) : rect
        guard !shown.isNull, !shown.isEmpty else { return }
        let rounded = paint.masksToBounds && paint.isRounded
        if !rounded, let box = axisAlignedImage(of: shown, map) {
            fill.rectAA = box
            draw(box.integral, fill, within: paint.visibleRects)
            return
        }
        var outlines = [Path(rect: shown).mapped(through: map)]
        if rounded { outlines.insert(paint.shape.mapped(through: map), at: 0) }
        guard let mask = coverage(of: outlines, evenOdd: false) else { return }
        fill.shape = mask
        draw(mask.deviceRect, fill, within: paint.visibleRects)
    }

    /// Contents only Cairo draws (nine parts, a source rectangle under perspective, a
    /// bitmap too large for a texture): drawn into a patch over the device pixels they
    /// reach, then composited.
    private func drawContentsThroughCairo(_ paint: LayerPaint) {
        let outline = paint.shape.mapped(through: paint.map)
        let box = outline.boundingBox.integral.insetBy(dx: -1, dy: -1).intersection(visibleBox)
        guard !box.isNull, box.width >= 1, box.height >= 1 else { return }
        let bitmap = Bitmap(width: Int(box.width), height: Int(box.height))
        let ctx = GraphicsContext(bitmap: bitmap)
        ctx.translateBy(x: -box.minX, y: -box.minY)
        var contentsOnly = paint
        contentsOnly.background = nil
        contentsOnly.shadow = nil
        contentsOnly.backdrop = nil
        contentsOnly.debugTint = nil
        contentsOnly.visibleRects = nil
        CairoCanvas(context: ctx).drawLayer(contentsOnly, shadow: nil)
        drawPatch(bitmap, at: box.origin, opacity: 1, within: paint.visibleRects)
    }

    /// What is behind the layer, blurred on the GPU in three passes as the Cairo renderer
    /// blurs it on the CPU: the frame's pixels around the shape averaged down by a factor
    /// that leaves about 2.5 pixels of blur, a Gaussian across, a Gaussian down with the
    /// saturation; then drawn inside the layer's shape, scaled up. It reads the frame as
    /// painted so far (inside an open group too: the group's own content is not part of
    /// the backdrop, as in Core Animation).
    private func drawBackdrop(_ material: BackdropMaterial, _ paint: LayerPaint) {
        let m = paint.map.affineTransform
        let scale = abs(m.a * m.d - m.b * m.c).squareRoot()
        let sigma = Double(material.blurRadius * scale)
        guard sigma.isFinite, material.saturation.isFinite else { return }
        let margin = CGFloat((3 * sigma).rounded(.up))
        let frame = targets[0]
        let region = paint.shape.boundingBox.applying(m).intersection(frame.region)
        guard !region.isNull, !region.isEmpty else { return }
        let picture = region.insetBy(dx: -margin, dy: -margin).integral.intersection(frame.region)
        let factor = max(1, min(Int(max(sigma, 0) / 2.5), 32))
        let width = (Int(picture.width) + factor - 1) / factor, height = (Int(picture.height) + factor - 1) / factor
        guard width > 0, height > 0,
              let reduced = device.target(width: width, height: height),
              let across = device.target(width: width, height: height) else { return }
        defer {
            device.recycle(reduced)
            device.recycle(across)
        }
        let size = (Float(width), Float(height)), reducedSigma = Float(max(sigma, 0) / Double(factor))
        // 1. Average the frame down: the pixel (x, y) of `reduced` stands for the square
        //    from (picture.minX + x × factor, picture.minY + y × factor).
        pass(.reduce, from: frame.texture, into: reduced, width: width, height: height) { program in
            gl.uniformMatrix3fv(program.texMap, 1, 0, [1, 0, 0, 0, 1, 0, Float(picture.minX), Float(picture.minY), 1])
            gl.uniform1i(program.factor, Int32(factor))
            gl.uniform2f(program.pictureSize, Float(frame.region.width), Float(frame.region.height))
        }
        // 2 and 3. The Gaussian across, then down with the saturation.
        let reach = Int32(min((3 * reducedSigma).rounded(.up), 64))
        pass(.blur, from: reduced, into: across, width: width, height: height) { program in
            gl.uniform2f(program.direction, 1, 0)
            gl.uniform1f(program.sigma, max(reducedSigma, 1e-3))
            gl.uniform1i(program.reach, reducedSigma > 0 ? reach : 0)
            gl.uniform1f(program.saturation, 1)
            gl.uniform2f(program.pictureSize, size.0, size.1)
        }
        pass(.blur, from: across, into: reduced, width: width, height: height) { program in
            gl.uniform2f(program.direction, 0, 1)
            gl.uniform1f(program.sigma, max(reducedSigma, 1e-3))
            gl.uniform1i(program.reach, reducedSigma > 0 ? reach : 0)
            gl.uniform1f(program.saturation, Float(max(material.saturation, 0)))
            gl.uniform2f(program.pictureSize, size.0, size.1)
        }
        bind(targets[targets.count - 1])
        guard let mask = coverage(of: [paint.shape.mapped(through: paint.map)], evenOdd: false) else { return }
        let f = CGFloat(factor)
        var fill = Paint(texture: reduced, deviceToTexels: ProjectiveTransform(affine: CGAffineTransform(
            a: 1 / f, b: 0, c: 0, d: 1 / f, tx: -picture.minX / f, ty: -picture.minY / f)))
        fill.filter = .linear
        fill.opacity = paint.opacity
        fill.shape = mask
        draw(mask.deviceRect, fill)
    }

    /// One pass of the backdrop's blur: every pixel of `target` (`width` × `height`) from
    /// `source`, through the program for `features`, with no blending.
    private func pass(_ features: GLShaders.Features, from source: GLTexture, into target: GLTexture, width: Int,
                      height: Int, _ setUniforms: (GLDevice.Program) -> Void) {
        let program: GLDevice.Program
        do throws(GLFailure) { program = try device.program(for: features) } catch {
            drawingFailure = drawingFailure ?? error.description
            return
        }
        gl.bindFramebuffer(GL.framebuffer, target.framebuffer)
        gl.viewport(0, 0, Int32(width), Int32(height))
        gl.disable(GL.blend)
        gl.uniform4f(program.target, 0, 0, Float(width), Float(height))
        gl.uniform4f(program.quad, 0, 0, Float(width), Float(height))
        gl.uniform2f(program.textureSize, Float(source.width), Float(source.height))
        gl.activeTexture(GL.texture0)
        gl.bindTexture(GL.texture2D, source.name)
        gl.texParameteri(GL.texture2D, GL.textureMinFilter, GL.nearest)
        gl.texParameteri(GL.texture2D, GL.textureMagFilter, GL.nearest)
        setUniforms(program)
        gl.drawArrays(GL.triangleStrip, 0, 4)
        gl.enable(GL.blend)
    }

    // MARK: Rasters and patches

    private func drawBitmap(_ texture: GLTexture, in rect: CGRect, map: ProjectiveTransform, opacity: Double) {
        guard rect.width > 0, rect.height > 0, let deviceToLayer = map.inverted() else { return }
        let toTexels = ProjectiveTransform(affine: CGAffineTransform(
            a: CGFloat(texture.width) / rect.width, b: 0, c: 0, d: CGFloat(texture.height) / rect.height,
            tx: -rect.minX * CGFloat(texture.width) / rect.width, ty: -rect.minY * CGFloat(texture.height) / rect.height))
        var fill = Paint(texture: texture, deviceToTexels: deviceToLayer.concatenating(toTexels))
        fill.opacity = opacity
        fill.filter = filter(for: texture, map: fill.deviceToTexels, interpolation: .low)
        if let box = axisAlignedImage(of: rect, map) {
            fill.rectAA = box
            draw(box.integral, fill)
            return
        }
        guard let mask = coverage(of: [Path(rect: rect).mapped(through: map)], evenOdd: false) else { return }
        fill.shape = mask
        draw(mask.deviceRect, fill)
    }

    private func drawTemporaryRaster(_ bitmap: Bitmap, in rect: CGRect, map: ProjectiveTransform, opacity: Double) {
        let texture = device.temporaryTexture(for: bitmap)
        defer { device.release(texture) }
        drawBitmap(texture, in: rect, map: map, opacity: opacity)
    }

    /// Composites a bitmap drawn by Cairo at one pixel a device pixel, from `origin`.
    private func drawPatch(_ bitmap: Bitmap, at origin: CGPoint, opacity: Double, within pieces: [CGRect]? = nil) {
        let texture = device.temporaryTexture(for: bitmap)
        defer { device.release(texture) }
        var fill = Paint(texture: texture, deviceToTexels: .translation(-origin.x, -origin.y))
        fill.opacity = opacity
        draw(CGRect(origin: origin, size: CGSize(width: bitmap.width, height: bitmap.height)), fill, within: pieces)
    }

    /// The image of `rect` under `map`, when the map keeps rectangles upright (no rotation,
    /// skew or perspective); nil otherwise.
    private func axisAlignedImage(of rect: CGRect, _ map: ProjectiveTransform) -> CGRect? {
        guard map.isAffine, map.h12 == 0, map.h21 == 0 else { return nil }
        return rect.applying(map.affineTransform).standardized
    }

    /// Nearest texel when each device pixel is one texel on whole texels (a copy, as
    /// pixman's fast path); bilinear otherwise, from a mipmap chain when shrunk by more
    /// than a third.
    private func filter(for texture: GLTexture, map: ProjectiveTransform, interpolation: GraphicsContext.Interpolation) -> Filter {
        if interpolation == .none { return .nearest }
        if map.isAffine, map.h11 == 1, map.h22 == 1, map.h12 == 0, map.h21 == 0,
           map.h31 == map.h31.rounded(), map.h32 == map.h32.rounded() {
            return .nearest
        }
        if map.isAffine {
            let stretch = max(hypot(map.h11, map.h12), hypot(map.h21, map.h22))
            if stretch > 1.5 { return .mipmapped }
        }
        return .linear
    }

    // MARK: Targets

    private func pushTarget(_ wanted: CGRect) {
        let region = wanted.intersection(clips[clips.count - 1].box).intersection(pixelBounds)
        let size = region.isNull || region.isEmpty ? CGRect(x: 0, y: 0, width: 1, height: 1) : region.integral
        guard let texture = device.target(width: Int(size.width), height: Int(size.height)) else {
            drawingFailure = drawingFailure ?? "a group of \(Int(size.width))×\(Int(size.height)) pixels is larger than the GPU's textures"
            // Draw the group's layers straight into the current target: no opacity, but nothing lost.
            targets.append(targets[targets.count - 1])
            return
        }
        let target = Target(texture: texture, region: size)
        targets.append(target)
        bind(target)
        gl.disable(GL.scissorTest)
        gl.clearColor(0, 0, 0, 0)
        gl.clear(GL.colorBufferBit)
    }

    private func popTarget() -> Target? {
        guard targets.count > 1 else { return nil }
        let target = targets.removeLast()
        bind(targets[targets.count - 1])
        // A group that could not get a target drew straight into its parent.
        return target.texture === targets[targets.count - 1].texture ? nil : target
    }

    private func drawTarget(_ group: Target, opacity: Double, mask: Target?) {
        var fill = Paint(texture: group.texture,
                         deviceToTexels: .translation(-group.region.minX, -group.region.minY))
        fill.opacity = opacity
        if let mask { fill.shape = PlacedMask(texture: mask.texture, origin: mask.region.origin) }
        draw(group.region, fill)
    }

    private func bind(_ target: Target) {
        gl.bindFramebuffer(GL.framebuffer, target.texture.framebuffer)
        gl.viewport(0, 0, Int32(target.region.width), Int32(target.region.height))
        gl.enable(GL.blend)
        gl.blendFunc(GL.one, GL.oneMinusSrcAlpha)
    }

    // MARK: Drawing a quad

    private enum Filter { case nearest, linear, mipmapped }

    /// How a quad is coloured and how much of each pixel it covers.
    private struct Paint {
        var color: Color?
        var texture: GLTexture?
        /// Device pixels to the texture's texels.
        var deviceToTexels: ProjectiveTransform = .identity
        var filter: Filter = .nearest
        var opacity = 1.0
        /// An axis-aligned rectangle (device pixels) whose exact area covers each pixel.
        var rectAA: CGRect?
        var shape: PlacedMask?

        init(color: Color) { self.color = color }
        init(texture: GLTexture, deviceToTexels: ProjectiveTransform) {
            self.texture = texture
            self.deviceToTexels = deviceToTexels
        }
    }

    /// The part of the current target the clip leaves.
    private var visibleBox: CGRect {
        clips[clips.count - 1].box.intersection(targets[targets.count - 1].region)
    }

    /// The coverage of `outlines` (device pixels; intersected), over the pixels they reach
    /// inside the clip; nil when they reach none.
    private func coverage(of outlines: [Path], evenOdd: Bool) -> PlacedMask? {
        let reach = outlines.reduce(CGRect.infinite) { $0.intersection($1.boundingBox) }
        guard !reach.isNull else { return nil }
        let box = reach.integral.intersection(visibleBox)
        guard !box.isNull, box.width >= 1, box.height >= 1 else { return nil }
        return device.mask(of: outlines, evenOdd: evenOdd, over: box)
    }

    /// Draws the pixels of `rect` (device pixels, made whole) inside the clip with `paint`;
    /// only those inside `pieces` when given (what the layers in front leave of a layer).
    private func draw(_ rect: CGRect, _ paint: Paint, within pieces: [CGRect]? = nil) {
        let whole = rect.integral.intersection(visibleBox)
        guard !whole.isNull, whole.width >= 1, whole.height >= 1 else { return }
        let boxes: [CGRect]
        if let pieces, pieces.count <= 16 {
            boxes = pieces.compactMap { piece in
                let box = whole.intersection(piece.integral)
                return !box.isNull && box.width >= 1 && box.height >= 1 ? box : nil
            }
            guard !boxes.isEmpty else { return }
        } else {
            boxes = [whole]
        }
        let target = targets[targets.count - 1]
        let clipMask = currentClipMask()

        // A solid colour covering whole pixels, replacing or opaque: the GL's clear.
        if let color = paint.color, clipMask == nil, paint.shape == nil,
           paint.rectAA.map({ $0 == $0.integral }) ?? true,
           color.alpha * paint.opacity >= 1 || !blending {
            let a = color.alpha * paint.opacity
            gl.clearColor(Float(color.blue * a), Float(color.green * a), Float(color.red * a), Float(a))
            gl.enable(GL.scissorTest)
            for box in boxes {
                let clipped = paint.rectAA.map { box.intersection($0) } ?? box
                guard !clipped.isNull, clipped.width >= 1, clipped.height >= 1 else { continue }
                gl.scissor(Int32(clipped.minX - target.region.minX), Int32(clipped.minY - target.region.minY),
                           Int32(clipped.width), Int32(clipped.height))
                gl.clear(GL.colorBufferBit)
            }
            gl.disable(GL.scissorTest)
            return
        }

        var paint = paint
        // A rectangle on whole pixels covers each of its pixels whole: no coverage to compute.
        if let r = paint.rectAA, r == r.integral { paint.rectAA = nil }
        var features: GLShaders.Features = []
        if let texture = paint.texture {
            features.insert(.texture)
            if !paint.deviceToTexels.isAffine { features.insert(.projective) }
            if texture.isOpaque { features.insert(.opaqueTexture) }
        }
        if paint.rectAA != nil { features.insert(.rectangle) }
        if paint.shape != nil { features.insert(.shape) }
        if clipMask != nil { features.insert(.clip) }
        let program: GLDevice.Program
        do throws(GLFailure) { program = try device.program(for: features) } catch {
            drawingFailure = drawingFailure ?? error.description
            return
        }
        gl.uniform4f(program.target, Float(target.region.minX), Float(target.region.minY),
                     Float(target.region.width), Float(target.region.height))
        if let color = paint.color {
            // Premultiplied, red and blue swapped (see the type's notes).
            let a = color.alpha * paint.opacity
            gl.uniform4f(program.color, Float(color.blue * a), Float(color.green * a), Float(color.red * a), Float(a))
        } else if let texture = paint.texture {
            gl.uniform1f(program.opacity, Float(paint.opacity))
            let m = paint.deviceToTexels.concatenating(ProjectiveTransform(affine: CGAffineTransform(
                scaleX: 1 / CGFloat(texture.width), y: 1 / CGFloat(texture.height))))
            let entries: [Float] = [m.h11, m.h12, m.h13, m.h21, m.h22, m.h23, m.h31, m.h32, m.h33].map { Float($0) }
            gl.uniformMatrix3fv(program.texMap, 1, 0, entries)
            if paint.filter == .mipmapped { device.ensureMipmaps(texture) }
            gl.activeTexture(GL.texture0)
            gl.bindTexture(GL.texture2D, texture.name)
            let (minify, magnify): (Int32, Int32) = switch paint.filter {
            case .nearest: (GL.nearest, GL.nearest)
            case .linear: (GL.linear, GL.linear)
            case .mipmapped: (GL.linearMipmapLinear, GL.linear)
            }
            gl.texParameteri(GL.texture2D, GL.textureMinFilter, minify)
            gl.texParameteri(GL.texture2D, GL.textureMagFilter, magnify)
        }
        if let r = paint.rectAA {
            gl.uniform4f(program.rect, Float(r.minX), Float(r.minY), Float(r.maxX), Float(r.maxY))
        }
        bindMask(paint.shape, unit: 1, rect: program.shapeRect)
        bindMask(clipMask, unit: 2, rect: program.clipRect)
        gl.enable(GL.scissorTest)
        for box in boxes {
            gl.uniform4f(program.quad, Float(box.minX), Float(box.minY), Float(box.maxX), Float(box.maxY))
            gl.scissor(Int32(box.minX - target.region.minX), Int32(box.minY - target.region.minY),
                       Int32(box.width), Int32(box.height))
            gl.drawArrays(GL.triangleStrip, 0, 4)
        }
        gl.disable(GL.scissorTest)
    }

    /// Asks the GL once, at the end of the frame, whether any call failed (asking after
    /// every draw would cost a round trip to the driver each time).
    func checkErrors() {
        let error = gl.getError()
        if error != GL.noError, drawingFailure == nil { drawingFailure = "GL error 0x\(String(error, radix: 16))" }
    }

    private func bindMask(_ mask: PlacedMask?, unit: UInt32, rect: Int32) {
        guard let mask else { return }
        let r = mask.deviceRect
        gl.uniform4f(rect, Float(r.minX), Float(r.minY), Float(r.width), Float(r.height))
        gl.activeTexture(GL.texture0 + unit)
        gl.bindTexture(GL.texture2D, mask.texture.name)
        gl.texParameteri(GL.texture2D, GL.textureMinFilter, GL.nearest)
        gl.texParameteri(GL.texture2D, GL.textureMagFilter, GL.nearest)
        gl.activeTexture(GL.texture0)
    }

    /// The coverage of the clips that are not whole-pixel rectangles, made when first needed.
    private func currentClipMask() -> PlacedMask? {
        var clip = clips[clips.count - 1]
        guard !clip.paths.isEmpty else { return nil }
        if !clip.maskIsCurrent {
            let box = clip.box
            clip.mask = box.width >= 1 && box.height >= 1 ? device.mask(of: clip.paths, evenOdd: false, over: box) : nil
            clip.maskIsCurrent = true
            clips[clips.count - 1] = clip
        }
        // A clip with no pixels left shows nothing: an empty coverage does that.
        return clip.mask ?? device.mask(of: [Path()], evenOdd: false, over: CGRect(x: 0, y: 0, width: 1, height: 1))
    }
}

extension ProjectiveTransform {
    /// A move by (`x`, `y`).
    static func translation(_ x: CGFloat, _ y: CGFloat) -> ProjectiveTransform {
        ProjectiveTransform(1, 0, 0, 0, 1, 0, Double(x), Double(y), 1)
    }
}

extension Path {
    /// The outline's points mapped through `map` (lines stay lines; curves are mapped by
    /// their control points, exact enough for rounded corners; points behind the viewer
    /// are dropped).
    func mapped(through map: ProjectiveTransform) -> Path {
        var result = Path()
        for e in elements {
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

    /// Whether the path is one closed rectangle with upright sides.
    var isRectangle: Bool {
        guard elements.count == 5 || elements.count == 6,
              case .move(let a) = elements[0], case .line(let b) = elements[1],
              case .line(let c) = elements[2], case .line(let d) = elements[3] else { return false }
        if elements.count == 6 { guard case .line(let e) = elements[4], e == a else { return false } }
        guard case .close = elements[elements.count - 1] else { return false }
        let upright = (a.y == b.y && b.x == c.x && c.y == d.y && d.x == a.x)
            || (a.x == b.x && b.y == c.y && c.x == d.x && d.y == a.y)
        return upright
    }
}
