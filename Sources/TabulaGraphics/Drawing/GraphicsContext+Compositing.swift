import CCairo
import CTabulaPixels
import Foundation
import TabulaCore

extension GraphicsContext {
    /// Draws `bitmap` mapped by the affine `transform` (bitmap pixels → user space).
    ///
    /// When the transform, combined with the current one, is a whole-pixel
    /// translation, an opaque bitmap at full opacity is a plain copy, and any other is
    /// blended row by row by the vector loop of ``blendDirectly(_:at:within:)`` (a row
    /// fading in or out from its kept bitmap), or by Cairo where that declines.
    public func composite(_ bitmap: Bitmap, transform: CGAffineTransform, opacity: Double = 1,
                          interpolation: Interpolation = .low) {
        guard bitmap.width > 0, bitmap.height > 0, opacity > 0 else { return }
        cairo_save(cr)
        concatenate(transform)
        if compositeDirectly(bitmap, opacity: opacity) {
            cairo_restore(cr)
            markOperation()
            return
        }
        cairo_set_source_surface(cr, bitmap.surface, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(cr), interpolation.cairoFilter)
        // Pad rather than fade to transparent beyond the edges: the rectangle below
        // already antialiases the edges, and a scaled or half-pixel-offset bitmap
        // would otherwise get a second, lighter fringe from the bilinear filter. A
        // whole-pixel translation samples no pixel beyond the edges, and without the pad
        // pixman takes its direct row loops (a quarter faster for a blended shadow).
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        let wholePixels = m.xx == 1 && m.yy == 1 && m.xy == 0 && m.yx == 0
            && m.x0 == m.x0.rounded() && m.y0 == m.y0.rounded()
        cairo_pattern_set_extend(cairo_get_source(cr), wholePixels ? CAIRO_EXTEND_NONE : CAIRO_EXTEND_PAD)
        cairo_rectangle(cr, 0, 0, Double(bitmap.width), Double(bitmap.height))
        if opacity >= 1 {
            cairo_fill(cr)
        } else {
            cairo_clip(cr)
            cairo_paint_with_alpha(cr, opacity)
        }
        cairo_restore(cr)
    }

    /// Blends `bitmap` over what is drawn, its top-left pixel at `origin`, inside `rects`
    /// (which do not overlap; all of the bitmap when nil) and the clip, straight into the target's pixels; returns
    /// false, having drawn nothing, when that cannot be done, for the caller to draw it
    /// through ``composite(_:transform:opacity:interpolation:)``, which gives the same
    /// pixels.
    ///
    /// It can be done when the bitmap lands on whole pixels (the transform is a
    /// translation by whole pixels), no group is open (the target is the bitmap), the
    /// clip is made of rectangles and the alpha is 1 with the ordinary blend mode. Cairo
    /// blends a bitmap in a general loop; this one is compiled for the processor's vector
    /// unit, about 1.6 times as fast for a large shadow.
    public func blendDirectly(_ bitmap: Bitmap, at origin: CGPoint, within rects: [CGRect]?) -> Bool {
        guard bitmap.width > 0, bitmap.height > 0, !bitmap.isOpaque, currentAlpha >= 1,
              let target = directTarget, target == cairo_get_target(cr),
              cairo_image_surface_get_format(bitmap.surface) == CAIRO_FORMAT_ARGB32,
              let shift = wholePixelTranslation, origin.x.isFinite, origin.y.isFinite,
              origin.x == origin.x.rounded(), origin.y == origin.y.rounded() else { return false }
        // In device coordinates (the translation applied), where the clip is listed.
        let placed = CGRect(x: origin.x + shift.x, y: origin.y + shift.y, width: CGFloat(bitmap.width),
                            height: CGFloat(bitmap.height))
        guard let clip = deviceClipRectangles(within: placed) else { return false }
        var pieces: [CGRect] = []
        for area in rects?.map({ $0.offsetBy(dx: shift.x, dy: shift.y) }) ?? [placed] {
            let part = area.intersection(placed)
            guard !part.isNull, !part.isEmpty else { continue }
            for c in clip {
                let piece = part.intersection(c)
                guard !piece.isNull, !piece.isEmpty else { continue }
                // A piece of `rects` between pixels is left to Cairo, which antialiases it.
                guard piece == piece.integral else { return false }
                pieces.append(piece)
            }
        }
        // Overlapping pieces would blend twice: leave those to Cairo.
        for i in pieces.indices {
            for j in pieces.indices where j > i {
                let overlap = pieces[i].intersection(pieces[j])
                if !overlap.isNull, !overlap.isEmpty { return false }
            }
        }
        guard blend(bitmap.surface, at: placed.origin, into: target, over: pieces, alpha: 255) else { return false }
        markOperation()
        return true
    }

    /// Blends `bitmap` at `opacity` with its top-left pixel at the user space origin,
    /// straight into the target's pixels, as ``composite(_:transform:opacity:interpolation:)``
    /// would through Cairo, to the bit; false, having drawn nothing, when the current
    /// transform is not a translation by whole pixels, the clip is not made of whole-pixel
    /// rectangles, the blend mode is not the ordinary one, or the bitmap is opaque at full
    /// opacity (Cairo copies that).
    private func compositeDirectly(_ bitmap: Bitmap, opacity: Double) -> Bool {
        guard opacity.isFinite, !(bitmap.isOpaque && opacity >= 1), let target = directTarget,
              let shift = wholePixelTranslation else { return false }
        let placed = CGRect(x: shift.x, y: shift.y, width: CGFloat(bitmap.width), height: CGFloat(bitmap.height))
        guard let clip = deviceClipRectangles(within: placed) else { return false }
        return blend(bitmap.surface, at: placed.origin, into: target, over: clip, alpha: Self.alphaByte(opacity))
    }

    /// Composites the opaque `bitmap` at the origin of the current transform (a whole-pixel
    /// translation) with `tint` filled over it, in one pass over the pixels: to the bit
    /// what ``composite(_:transform:opacity:interpolation:)`` followed by a fill of the
    /// bitmap's area with `tint` gives, for half the memory traffic. False, having drawn
    /// nothing, when the bitmap is not opaque, the transform is not such a translation, or
    /// the pixels cannot be written directly (a rounded clip, an open mask, a blend mode).
    ///
    /// The screen behind an alert, kept as one bitmap while the alert appears, is drawn
    /// this way under its dimming.
    public func compositeTinted(_ bitmap: Bitmap, tint: Color) -> Bool {
        guard bitmap.isOpaque, bitmap.width > 0, bitmap.height > 0, currentAlpha >= 1, let target = directTarget,
              let shift = wholePixelTranslation else { return false }
        let placed = CGRect(x: shift.x, y: shift.y, width: CGFloat(bitmap.width), height: CGFloat(bitmap.height))
        guard let clip = deviceClipRectangles(within: placed) else { return false }
        let result = blend(bitmap.surface, at: placed.origin, into: target, over: clip, alpha: 255,
                           tint: Self.premultipliedBytes(tint))
        markOperation()
        return result
    }

    /// `color` as Cairo hands a solid colour to pixman, premultiplied: each channel times
    /// alpha as a 16-bit value, of which pixman keeps the high byte.
    static func premultipliedBytes(_ color: Color) -> UInt32 {
        let a = color.alpha
        return alphaByte(a) << 24 | alphaByte(color.red * a) << 16 | alphaByte(color.green * a) << 8
            | alphaByte(color.blue * a)
    }

    /// The surface the direct paths (``blendDirectly(_:at:within:)``, `compositeDirectly`,
    /// `paintGroupDirectly`) write into: the open group's, or the bitmap's when none is
    /// open — when they may (``blendsDirectly``), the blend mode is the ordinary one and the
    /// surface is an image of 32-bit pixels (`ARGB32` or `RGB24`); nil otherwise.
    private var directTarget: OpaquePointer? {
        guard blendsDirectly, cairo_get_operator(cr) == CAIRO_OPERATOR_OVER, let target = cairo_get_group_target(cr),
              cairo_surface_get_type(target) == CAIRO_SURFACE_TYPE_IMAGE,
              cairo_image_surface_get_format(target) == CAIRO_FORMAT_ARGB32
                  || cairo_image_surface_get_format(target) == CAIRO_FORMAT_RGB24 else { return nil }
        return target
    }

    /// The current transform's translation when it is one by whole pixels and nothing
    /// else; nil otherwise (the direct paths leave a scaled or fractional placement to Cairo).
    private var wholePixelTranslation: CGPoint? {
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        guard m.xx == 1, m.yy == 1, m.xy == 0, m.yx == 0, m.x0.isFinite, m.y0.isFinite,
              m.x0 == m.x0.rounded(), m.y0 == m.y0.rounded() else { return nil }
        return CGPoint(x: m.x0, y: m.y0)
    }

    /// An opacity as Cairo hands it to pixman: a 16-bit colour channel, of which pixman
    /// keeps the high byte.
    static func alphaByte(_ opacity: Double) -> UInt32 {
        UInt32(min(max(opacity, 0), 1) * 65535 + 0.5) >> 8
    }

    /// Draws `bitmap` through a perspective map (bitmap pixels → user space).
    ///
    /// Cairo only knows affine transforms, so each destination pixel inside the
    /// projected quadrilateral is mapped back through the inverse homography and
    /// sampled bilinearly; the quadrilateral itself is then used as an
    /// antialiased clip, so the edges are as smooth as an affine layer's. The
    /// part of the plane behind the viewer (w ≤ 0) is cut away first.
    public func composite(_ bitmap: Bitmap, projective map: ProjectiveTransform, opacity: Double = 1) {
        guard bitmap.width > 0, bitmap.height > 0, opacity > 0 else { return }
        // Work in device pixels: fold the current transform into the map.
        let deviceMap = map.concatenating(ProjectiveTransform(affine: ctm))
        let w = Double(bitmap.width), h = Double(bitmap.height)
        let quad = Self.visiblePolygon(of: [(0, 0), (w, 0), (w, h), (0, h)], through: deviceMap)
        guard quad.count >= 3, let inverse = deviceMap.inverted() else { return }

        let target = CGRect(x: 0, y: self.bitmap.firstRow, width: self.bitmap.width, height: self.bitmap.height)
        var bounds = CGRect(boundingPoints: quad.map { CGPoint(x: $0.0, y: $0.1) })
            .integral.intersection(target)
        cairo_save(cr)
        cairo_identity_matrix(cr)
        var x1 = 0.0, y1 = 0.0, x2 = 0.0, y2 = 0.0
        cairo_clip_extents(cr, &x1, &y1, &x2, &y2)
        bounds = bounds.intersection(CGRect(x: x1, y: y1, width: x2 - x1, height: y2 - y1).integral)
        guard !bounds.isNull, bounds.width >= 1, bounds.height >= 1 else { cairo_restore(cr); return }

        let patch = Bitmap(width: Int(bounds.width), height: Int(bounds.height))
        let ox = Double(bounds.minX), oy = Double(bounds.minY)
        bitmap.withUnsafePixels { src, srcStride in
            patch.withUnsafeMutablePixels { dst, dstStride in
                Self.resample(src: src, srcStride: srcStride, srcWidth: bitmap.width, srcHeight: bitmap.height,
                              srcOpaque: bitmap.isOpaque, dst: dst, dstStride: dstStride,
                              width: patch.width, height: patch.height, origin: (ox, oy), inverse: inverse)
            }
        }
        cairo_new_path(cr)
        cairo_move_to(cr, quad[0].0, quad[0].1)
        for p in quad.dropFirst() { cairo_line_to(cr, p.0, p.1) }
        cairo_close_path(cr)
        cairo_clip(cr)
        cairo_set_source_surface(cr, patch.surface, ox, oy)
        cairo_paint_with_alpha(cr, opacity)
        cairo_restore(cr)
    }

    /// The polygon's image, clipped to the half-space in front of the viewer (w > ε).
    static func visiblePolygon(of points: [(Double, Double)], through map: ProjectiveTransform) -> [(Double, Double)] {
        let epsilon = 1e-6
        let homogeneous = points.map { p -> (Double, Double, Double) in
            (p.0 * map.h11 + p.1 * map.h21 + map.h31,
             p.0 * map.h12 + p.1 * map.h22 + map.h32,
             p.0 * map.h13 + p.1 * map.h23 + map.h33)
        }
        var clipped: [(Double, Double, Double)] = []
        for i in homogeneous.indices {
            let a = homogeneous[i], b = homogeneous[(i + 1) % homogeneous.count]
            let aIn = a.2 > epsilon, bIn = b.2 > epsilon
            if aIn { clipped.append(a) }
            if aIn != bIn {
                let t = (epsilon - a.2) / (b.2 - a.2)
                clipped.append((a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t, epsilon))
            }
        }
        return clipped.map { ($0.0 / $0.2, $0.1 / $0.2) }
    }

    /// Inverse-maps every destination pixel centre and samples bilinearly,
    /// clamping at the source's edges (the antialiased clip trims the outside).
    private static func resample(
        src: UnsafePointer<UInt32>, srcStride: Int, srcWidth: Int, srcHeight: Int, srcOpaque: Bool,
        dst: UnsafeMutablePointer<UInt32>, dstStride: Int, width: Int, height: Int,
        origin: (Double, Double), inverse m: ProjectiveTransform
    ) {
        let maxX = Double(srcWidth - 1), maxY = Double(srcHeight - 1)
        let alphaMask: UInt32 = srcOpaque ? 0xFF00_0000 : 0
        for y in 0 ..< height {
            let dy = origin.1 + Double(y) + 0.5
            var row = dst + y * dstStride
            for x in 0 ..< width {
                let dx = origin.0 + Double(x) + 0.5
                let w = dx * m.h13 + dy * m.h23 + m.h33
                guard w > 0 else { row.pointee = 0; row += 1; continue }
                // Pixel centres sit at +0.5 in the source too.
                let u = min(max((dx * m.h11 + dy * m.h21 + m.h31) / w - 0.5, 0), maxX)
                let v = min(max((dx * m.h12 + dy * m.h22 + m.h32) / w - 0.5, 0), maxY)
                let x0 = Int(u), y0 = Int(v)
                let x1 = min(x0 + 1, srcWidth - 1), y1 = min(y0 + 1, srcHeight - 1)
                let fx = u - Double(x0), fy = v - Double(y0)
                let r0 = src + y0 * srcStride, r1 = src + y1 * srcStride
                row.pointee = bilerp(r0[x0] | alphaMask, r0[x1] | alphaMask, r1[x0] | alphaMask,
                                     r1[x1] | alphaMask, fx, fy)
                row += 1
            }
        }
    }

    @inline(__always)
    private static func bilerp(_ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: UInt32, _ fx: Double, _ fy: Double) -> UInt32 {
        let wa = (1 - fx) * (1 - fy), wb = fx * (1 - fy), wc = (1 - fx) * fy, wd = fx * fy
        var out: UInt32 = 0
        for shift: UInt32 in [0, 8, 16, 24] {
            let v = Double((a >> shift) & 0xFF) * wa + Double((b >> shift) & 0xFF) * wb
                + Double((c >> shift) & 0xFF) * wc + Double((d >> shift) & 0xFF) * wd
            out |= UInt32(min(255, v + 0.5)) << shift
        }
        return out
    }
}


extension GraphicsContext {
    /// Starts drawing into an offscreen group that ``endTransparencyLayer(alpha:)``
    /// blends back as one image: overlapping translucent children do not show
    /// through each other (group opacity).
    public func beginTransparencyLayer() {
        saveGState()
        cairo_push_group(cr)
    }

    /// Ends the group begun by ``beginTransparencyLayer()`` and blends it with `alpha`.
    public func endTransparencyLayer(alpha: Double = 1) {
        let group = cairo_pop_group(cr)!
        defer { cairo_pattern_destroy(group) }
        if !paintGroupDirectly(group, alpha: alpha) {
            cairo_set_source(cr, group)
            cairo_paint_with_alpha(cr, alpha)
        }
        restoreGState()
        markOperation()
    }

    /// Paints a group just popped at `alpha` straight into the destination's pixels, as
    /// `cairo_paint_with_alpha` would to the bit; false, having drawn nothing, when the
    /// destination or the clip is not one it can write (then Cairo paints it).
    ///
    /// A row fading out is a group painted at an opacity every frame; Cairo's loop for
    /// that costs about four times the vector one.
    private func paintGroupDirectly(_ group: OpaquePointer, alpha: Double) -> Bool {
        var source: OpaquePointer?
        guard alpha.isFinite, alpha > 0, let target = directTarget,
              cairo_pattern_get_surface(group, &source) == CAIRO_STATUS_SUCCESS, let source,
              cairo_surface_get_type(source) == CAIRO_SURFACE_TYPE_IMAGE,
              cairo_image_surface_get_format(source) == CAIRO_FORMAT_ARGB32 else { return false }
        // The group's pixels are device coordinates plus its device offset: it covers the
        // device rectangle at minus its offset.
        var sx = 0.0, sy = 0.0
        cairo_surface_get_device_offset(source, &sx, &sy)
        let groupRect = CGRect(x: -sx, y: -sy, width: Double(cairo_image_surface_get_width(source)),
                               height: Double(cairo_image_surface_get_height(source)))
        guard let clip = deviceClipRectangles(within: groupRect) else { return false }
        return blend(source, at: groupRect.origin, into: target, over: clip, alpha: Self.alphaByte(alpha))
    }

    /// Blends the pixels of the image surface `source`, whose top-left pixel lies at
    /// `origin` in device coordinates, over `target`'s inside `pieces` (device
    /// coordinates, whole pixels, not overlapping), scaled by `alpha` (0…255); false,
    /// having drawn nothing, when a surface has no pixels to reach. A source without an
    /// alpha channel (`RGB24`) is read as opaque.
    ///
    /// With `tint`, the source is opaque and is copied with that premultiplied colour
    /// blended over it instead (``compositeTinted(_:tint:)``).
    private func blend(_ source: OpaquePointer, at origin: CGPoint, into target: OpaquePointer, over pieces: [CGRect],
                       alpha: UInt32, tint: UInt32? = nil) -> Bool {
        // At an alpha byte of 0 every pixel stays as it is, to the bit (a row at the very
        // start of its fade in, or the end of its fade out): nothing to read or write.
        if alpha == 0 && tint == nil { return true }
        // A surface's pixels are device coordinates plus its device offset (a band's rows).
        var tx = 0.0, ty = 0.0
        cairo_surface_get_device_offset(target, &tx, &ty)
        guard tx == tx.rounded(), ty == ty.rounded(), origin.x == origin.x.rounded(),
              origin.y == origin.y.rounded() else { return false }
        cairo_surface_flush(source)
        cairo_surface_flush(target)
        guard let sourceData = cairo_image_surface_get_data(source),
              let targetData = cairo_image_surface_get_data(target) else { return false }
        let from = UnsafeRawPointer(sourceData).assumingMemoryBound(to: UInt32.self)
        let into = UnsafeMutableRawPointer(targetData).assumingMemoryBound(to: UInt32.self)
        let sourceStride = Int(cairo_image_surface_get_stride(source)) / 4
        let targetStride = Int(cairo_image_surface_get_stride(target)) / 4
        let targetWidth = Int(cairo_image_surface_get_width(target)), targetHeight = Int(cairo_image_surface_get_height(target))
        let dx = Int(tx), dy = Int(ty), ox = Int(origin.x), oy = Int(origin.y)
        let opaqueSource = cairo_image_surface_get_format(source) == CAIRO_FORMAT_RGB24
        // An opaque bitmap faded over an opaque frame: colours compared without alpha bytes.
        let fade = opaqueSource && alpha < 255 && tint == nil && cairo_image_surface_get_format(target) == CAIRO_FORMAT_RGB24
        for piece in pieces {
            // In the target's pixels, cut to the surface.
            let x0 = max(Int(piece.minX) + dx, 0), y0 = max(Int(piece.minY) + dy, 0)
            let x1 = min(Int(piece.maxX) + dx, targetWidth), y1 = min(Int(piece.maxY) + dy, targetHeight)
            guard x1 > x0, y1 > y0 else { continue }
            let from = from + (y0 - dy - oy) * sourceStride + (x0 - dx - ox)
            let into = into + y0 * targetStride + x0
            if let tint {
                tabula_copy_tinted(into, targetStride, from, sourceStride, Int32(x1 - x0), Int32(y1 - y0), tint)
            } else if fade {
                tabula_fade_opaque(into, targetStride, from, sourceStride, Int32(x1 - x0), Int32(y1 - y0), alpha)
            } else if alpha >= 255 && !opaqueSource {
                tabula_blend_over(into, targetStride, from, sourceStride, Int32(x1 - x0), Int32(y1 - y0))
            } else {
                tabula_blend_over_alpha(into, targetStride, from, sourceStride, Int32(x1 - x0), Int32(y1 - y0), alpha,
                                        opaqueSource)
            }
            // In device coordinates: the pixels less the device offset.
            cairo_surface_mark_dirty_rectangle(target, Int32(x0 - dx), Int32(y0 - dy), Int32(x1 - x0), Int32(y1 - y0))
        }
        return true
    }

    /// The clip cut to `rect`, as whole-pixel rectangles in device coordinates that do not
    /// overlap; nil when the clip is not made of such rectangles (a rounded clip, or one
    /// between pixels).
    private func deviceClipRectangles(within rect: CGRect) -> [CGRect]? {
        cairo_save(cr)
        cairo_identity_matrix(cr)
        cairo_new_path(cr)
        cairo_rectangle(cr, Double(rect.minX), Double(rect.minY), Double(rect.width), Double(rect.height))
        cairo_clip(cr)
        let list = cairo_copy_clip_rectangle_list(cr)
        cairo_restore(cr)
        guard let list else { return nil }
        defer { cairo_rectangle_list_destroy(list) }
        guard list.pointee.status == CAIRO_STATUS_SUCCESS else { return nil }
        var rects: [CGRect] = []
        for i in 0..<Int(list.pointee.num_rectangles) {
            let r = list.pointee.rectangles[i]
            let rect = CGRect(x: r.x, y: r.y, width: r.width, height: r.height)
            guard rect == rect.integral else { return nil }
            rects.append(rect)
        }
        return rects
    }

    /// Intersects the clip with a polygon (antialiased edges).
    public func clip(toPolygon points: [CGPoint]) {
        guard let first = points.first else { return }
        cairo_new_path(cr)
        cairo_move_to(cr, Double(first.x), Double(first.y))
        for p in points.dropFirst() { cairo_line_to(cr, Double(p.x), Double(p.y)) }
        cairo_close_path(cr)
        cairo_clip(cr)
    }
}
