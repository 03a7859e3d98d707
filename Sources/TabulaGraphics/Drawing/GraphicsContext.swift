import CCairo
import Foundation
import TabulaCore

/// A drawing destination with Core Graphics' vocabulary, drawn by Cairo.
///
/// Coordinates start in the target bitmap's pixels; a view's context is scaled
/// so that one unit is one point. State (transform, clip, colours, line width)
/// is saved and restored as a stack, as in `CGContext`.
///
/// See also: ``Bitmap``, ``Path``, ``TextLayout``.
public final class GraphicsContext {
    /// The Cairo context; never escapes this module.
    let cr: OpaquePointer
    /// The bitmap being drawn into.
    public let bitmap: Bitmap

    private struct State {
        var fill = Color.black
        var stroke = Color.black
        var alpha = 1.0
    }
    private var state = State()
    private var stack: [State] = []

    /// How many fills, strokes and image or text draws have been issued: lets the
    /// caller tell a view that drew nothing from one that did.
    public private(set) var operationCount = 0

    /// Whether blends Cairo has no fast loop for (a shadow, a group at an opacity) are
    /// written straight into the pixels by Tabula's own loops; false sends every one
    /// through Cairo, for tests to compare the two.
    var blendsDirectly = true

    /// Creates a context that draws into `bitmap`, one unit per pixel, with black fill and
    /// stroke colours and a line width of 1.
    public init(bitmap: Bitmap) {
        self.bitmap = bitmap
        cr = cairo_create(bitmap.surface)!
        cairo_set_line_width(cr, 1)
        bitmap.noteChanged()
    }

    deinit {
        cairo_destroy(cr)
        // What was drawn is final now: a renderer that copied the pixels earlier copies them again.
        bitmap.noteChanged()
    }

    /// Why drawing through this context failed, or nil while it has not. Cairo's errors
    /// are sticky: after the first failure, every later operation does nothing.
    public var drawingFailure: String? {
        let status = cairo_status(cr)
        return status == CAIRO_STATUS_SUCCESS ? nil : String(cString: cairo_status_to_string(status))
    }

    // MARK: State

    /// Pushes a copy of the graphics state (transform, clip, colours, line width, alpha).
    public func saveGState() {
        cairo_save(cr)
        stack.append(state)
    }

    /// Pops the state saved by the last ``saveGState()``; does nothing when none was saved.
    public func restoreGState() {
        guard let saved = stack.popLast() else { return }
        cairo_restore(cr)
        state = saved
    }

    /// Runs `body` between ``saveGState()`` and ``restoreGState()``.
    public func withSavedGState<R>(_ body: () throws -> R) rethrows -> R {
        saveGState()
        defer { restoreGState() }
        return try body()
    }

    /// Sets the color that fills paths and rectangles.
    public func setFillColor(_ color: Color) { state.fill = color }
    /// Sets the color that strokes paths and rectangles.
    public func setStrokeColor(_ color: Color) { state.stroke = color }
    /// Sets the width of stroked lines, in user-space units (points in a view's context); 1 by default.
    public func setLineWidth(_ width: CGFloat) { cairo_set_line_width(cr, Double(width)) }
    /// Sets how the ends of stroked lines are drawn (butt by default), like `CGContext.setLineCap`.
    public func setLineCap(_ cap: CGLineCap) {
        cairo_set_line_cap(cr, cap == .round ? CAIRO_LINE_CAP_ROUND : cap == .square ? CAIRO_LINE_CAP_SQUARE : CAIRO_LINE_CAP_BUTT)
    }
    /// Sets how the corners of stroked paths are drawn (miter by default), like `CGContext.setLineJoin`.
    public func setLineJoin(_ join: CGLineJoin) {
        cairo_set_line_join(cr, join == .round ? CAIRO_LINE_JOIN_ROUND : join == .bevel ? CAIRO_LINE_JOIN_BEVEL : CAIRO_LINE_JOIN_MITER)
    }
    /// Sets the dash pattern of stroked lines, like `CGContext.setLineDash(phase:lengths:)`:
    /// `lengths` alternate painted and skipped lengths, starting `phase` into the pattern;
    /// an empty array (or one with no positive length) strokes solid lines. Negative or
    /// non-finite lengths are taken as 0.
    public func setLineDash(phase: CGFloat, lengths: [CGFloat]) {
        let clean = lengths.map { $0.isFinite ? max(Double($0), 0) : 0 }
        guard clean.contains(where: { $0 > 0 }) else { cairo_set_dash(cr, nil, 0, 0); return }
        clean.withUnsafeBufferPointer {
            cairo_set_dash(cr, $0.baseAddress, Int32($0.count), phase.isFinite ? Double(phase) : 0)
        }
    }
    /// Sets the limit on the length of mitred joins, in line widths, like `CGContext.setMiterLimit`.
    public func setMiterLimit(_ limit: CGFloat) {
        cairo_set_miter_limit(cr, limit.isFinite ? max(Double(limit), 1) : 10)
    }
    /// A factor applied to the alpha of everything drawn after it, like `CGContext.setAlpha`.
    public func setAlpha(_ alpha: CGFloat) { state.alpha = Double(alpha).clamped01 }

    // MARK: Transform

    /// Moves the origin of user space by (`x`, `y`).
    public func translateBy(x: CGFloat, y: CGFloat) { cairo_translate(cr, Double(x), Double(y)) }
    /// Scales user space by `x` horizontally and `y` vertically.
    public func scaleBy(x: CGFloat, y: CGFloat) { cairo_scale(cr, Double(x), Double(y)) }
    /// Rotates user space by `angle` radians; positive angles turn clockwise on screen, where y grows downwards.
    public func rotate(by angle: CGFloat) { cairo_rotate(cr, Double(angle)) }

    /// Applies `t` before the current transform (user space is transformed by `t` first).
    public func concatenate(_ t: CGAffineTransform) {
        var m = cairo_matrix_t(xx: Double(t.a), yx: Double(t.b), xy: Double(t.c), yy: Double(t.d),
                               x0: Double(t.tx), y0: Double(t.ty))
        cairo_transform(cr, &m)
    }

    /// The current transformation matrix, user space to bitmap pixels.
    public var ctm: CGAffineTransform {
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        return CGAffineTransform(a: CGFloat(m.xx), b: CGFloat(m.yx), c: CGFloat(m.xy), d: CGFloat(m.yy),
                                 tx: CGFloat(m.x0), ty: CGFloat(m.y0))
    }

    /// Replaces the current transform.
    public func setCTM(_ t: CGAffineTransform) {
        var m = cairo_matrix_t(xx: Double(t.a), yx: Double(t.b), xy: Double(t.c), yy: Double(t.d),
                               x0: Double(t.tx), y0: Double(t.ty))
        cairo_set_matrix(cr, &m)
    }

    // MARK: Clipping

    /// Intersects the clip with `rect`, in user space.
    public func clip(to rect: CGRect) {
        cairo_rectangle(cr, Double(rect.minX), Double(rect.minY), Double(rect.width), Double(rect.height))
        cairo_clip(cr)
    }

    /// Intersects the clip with the union of `rects`, in user space: the same as a path of
    /// the rectangles, without building one (a frame clips to the uncovered parts of many
    /// layers).
    public func clip(toUnionOf rects: [CGRect]) {
        cairo_new_path(cr)
        for r in rects {
            let r = r.standardized
            cairo_rectangle(cr, Double(r.minX), Double(r.minY), Double(r.width), Double(r.height))
        }
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
        cairo_clip(cr)
    }

    /// Intersects the clip with the inside of `path`, in user space, by the nonzero winding
    /// rule or, when `evenOdd`, the even-odd rule.
    public func clip(to path: Path, evenOdd: Bool = false) {
        addPath(path)
        cairo_set_fill_rule(cr, evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
        cairo_clip(cr)
    }

    /// The clip's bounding box in user space.
    public var clipBoundingBox: CGRect {
        var x1 = 0.0, y1 = 0.0, x2 = 0.0, y2 = 0.0
        cairo_clip_extents(cr, &x1, &y1, &x2, &y2)
        return CGRect(x: x1, y: y1, width: x2 - x1, height: y2 - y1)
    }

    // MARK: Filling and stroking

    /// Fills `rect` with the fill color.
    public func fill(_ rect: CGRect) {
        cairo_rectangle(cr, Double(rect.minX), Double(rect.minY), Double(rect.width), Double(rect.height))
        paintPath(fill: true)
    }

    /// Fills `path` with the fill color, by the nonzero winding rule or, when `evenOdd`, the even-odd rule.
    public func fill(_ path: Path, evenOdd: Bool = false) {
        addPath(path)
        cairo_set_fill_rule(cr, evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
        paintPath(fill: true)
    }

    /// Strokes `path` with the stroke color and line width.
    public func stroke(_ path: Path) {
        addPath(path)
        paintPath(fill: false)
    }

    /// Strokes the outline of `rect`, centred on its edges.
    public func stroke(_ rect: CGRect) { stroke(Path(rect: rect)) }

    /// Makes `rect` fully transparent, ignoring the fill colour and alpha.
    public func clear(_ rect: CGRect) {
        cairo_save(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_CLEAR)
        cairo_rectangle(cr, Double(rect.minX), Double(rect.minY), Double(rect.width), Double(rect.height))
        cairo_fill(cr)
        cairo_restore(cr)
    }

    /// The alpha factor set by ``setAlpha(_:)``.
    var currentAlpha: Double { state.alpha }

    func markOperation() { operationCount += 1 }

    private func paintPath(fill: Bool) {
        let c = fill ? state.fill : state.stroke
        cairo_set_source_rgba(cr, c.red, c.green, c.blue, c.alpha * state.alpha)
        if fill { cairo_fill(cr) } else { cairo_stroke(cr) }
        operationCount += 1
    }

    func addPath(_ path: Path) {
        cairo_new_path(cr)
        for e in path.elements {
            switch e {
            case .move(let p): cairo_move_to(cr, Double(p.x), Double(p.y))
            case .line(let p): cairo_line_to(cr, Double(p.x), Double(p.y))
            case .curve(let p, let c1, let c2):
                cairo_curve_to(cr, Double(c1.x), Double(c1.y), Double(c2.x), Double(c2.y), Double(p.x), Double(p.y))
            case .close: cairo_close_path(cr)
            }
        }
    }

    // MARK: Gradients

    /// Fills the current clip with a linear gradient from `start` to `end`,
    /// extending the end colours beyond them (both `CGGradientDrawingOptions` set).
    public func drawLinearGradient(_ gradient: Gradient, start: CGPoint, end: CGPoint) {
        let pattern = cairo_pattern_create_linear(Double(start.x), Double(start.y), Double(end.x), Double(end.y))!
        defer { cairo_pattern_destroy(pattern) }
        for stop in gradient.stops {
            let c = stop.color
            cairo_pattern_add_color_stop_rgba(pattern, stop.location, c.red, c.green, c.blue, c.alpha * state.alpha)
        }
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        cairo_set_source(cr, pattern)
        cairo_paint(cr)
        operationCount += 1
    }

    // MARK: Images

    /// How a bitmap is resampled when it is scaled.
    public enum Interpolation: Sendable {
        /// Nearest neighbour: hard pixel edges.
        case none
        /// Bilinear filtering (the default).
        case low
        /// Cairo's good filter: smoother when scaling down, at a higher cost.
        case high
    }

    /// Draws the part `sourceRect` of `bitmap` (in its pixels; the whole bitmap when nil)
    /// stretched to fill `rect`.
    public func draw(_ bitmap: Bitmap, in rect: CGRect, source sourceRect: CGRect? = nil,
                     opacity: Double = 1, interpolation: Interpolation = .low) {
        let src = sourceRect ?? CGRect(x: 0, y: 0, width: bitmap.width, height: bitmap.height)
        drawImage(bitmap, in: rect, source: src, clip: rect, opacity: opacity, interpolation: interpolation)
    }

    /// The narrowest destination, in user units, that an image part is drawn into: far
    /// below a pixel at any scale, and far above a rounding error.
    static let smallestExtent: CGFloat = 1e-6

    /// Draws the part `src` of `bitmap` stretched to `rect`, showing it only within `clip`.
    private func drawImage(_ bitmap: Bitmap, in rect: CGRect, source src: CGRect, clip: CGRect,
                           opacity: Double, interpolation: Interpolation) {
        // `CGRect.width` is the absolute width; a rounding error below zero must not pass.
        // A scale this close to zero makes Cairo fail the paint, and a failed paint
        // leaves the target surface in an error state that blanks every later frame.
        guard src.size.width > 0, src.size.height > 0,
              abs(rect.size.width) >= Self.smallestExtent, abs(rect.size.height) >= Self.smallestExtent
        else { return }
        cairo_save(cr)
        cairo_rectangle(cr, Double(clip.minX), Double(clip.minY), Double(clip.width), Double(clip.height))
        cairo_clip(cr)
        cairo_translate(cr, Double(rect.minX), Double(rect.minY))
        cairo_scale(cr, Double(rect.width / src.width), Double(rect.height / src.height))
        // Sample only the source rectangle (grown to whole pixels): a stretched
        // part must not blend with the pixels around it, as a nine-slice image's
        // centre would with its border. Padding repeats its own edge pixels instead
        // of fading to transparent black.
        let whole = CGRect(x: 0, y: 0, width: bitmap.width, height: bitmap.height)
        let pixels = src.integral.intersection(whole)
        var subsurface: OpaquePointer?
        if !pixels.isNull, pixels.width > 0, pixels.height > 0, pixels != whole {
            subsurface = cairo_surface_create_for_rectangle(
                bitmap.surface, Double(pixels.minX), Double(pixels.minY), Double(pixels.width), Double(pixels.height))
        }
        defer { if let subsurface { cairo_surface_destroy(subsurface) } }
        if let subsurface {
            cairo_set_source_surface(cr, subsurface, Double(pixels.minX - src.minX), Double(pixels.minY - src.minY))
        } else {
            cairo_set_source_surface(cr, bitmap.surface, -Double(src.minX), -Double(src.minY))
        }
        let pattern = cairo_get_source(cr)
        cairo_pattern_set_filter(pattern, interpolation.cairoFilter)
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        cairo_paint_with_alpha(cr, opacity * state.alpha)
        cairo_restore(cr)
        operationCount += 1
    }

    /// Draws `bitmap` into `rect` as a resizable image: the corners keep their size,
    /// the edges stretch along one axis and the centre along both.
    ///
    /// - Parameters:
    ///   - bitmap: the image to draw.
    ///   - rect: where to draw it, in the context's coordinates.
    ///   - capInsets: the fixed margins, in points of the image.
    ///   - scale: the bitmap's pixels per point.
    ///   - opacity: how opaque to draw it, 0 to 1.
    public func draw(_ bitmap: Bitmap, in rect: CGRect, capInsets: UIEdgeInsets, scale: CGFloat,
                     opacity: Double = 1) {
        let w = CGFloat(bitmap.width), h = CGFloat(bitmap.height)
        // Cap insets in pixels, and in destination points (shrunk if the destination is too small).
        let sl = capInsets.left * scale, sr = capInsets.right * scale
        let st = capInsets.top * scale, sb = capInsets.bottom * scale
        let fitX = min(1, rect.width / max(capInsets.horizontal, 0.0001))
        let fitY = min(1, rect.height / max(capInsets.vertical, 0.0001))
        let dl = capInsets.left * fitX, dr = capInsets.right * fitX
        let dt = capInsets.top * fitY, db = capInsets.bottom * fitY
        let sxs = [0, sl, w - sr, w], sys = [0, st, h - sb, h]
        let dxs = [rect.minX, rect.minX + dl, rect.maxX - dr, rect.maxX]
        let dys = [rect.minY, rect.minY + dt, rect.maxY - db, rect.maxY]
        // The slices must tile without seams even where their boundaries fall
        // inside a pixel: antialiased slice clips would each cover such a pixel
        // partly, and the two partial coverages do not add up to an opaque pixel.
        // So the outline is clipped once, antialiased, and the slices are clipped
        // without antialiasing (each pixel goes to the slice holding its centre);
        // a slice's clip reaches past the outline on the sides that lie on it.
        cairo_save(cr)
        cairo_rectangle(cr, Double(rect.minX), Double(rect.minY), Double(rect.width), Double(rect.height))
        cairo_clip(cr)
        // Under a rotation there is no pixel grid to tile exactly, and Cairo intersects
        // a non-antialiased slice clip with antialiased clips already in place wrongly:
        // the slice paints past the outline, out to the edges of the bitmap.
        var ctm = cairo_matrix_t()
        cairo_get_matrix(cr, &ctm)
        if ctm.xy == 0 && ctm.yx == 0 { cairo_set_antialias(cr, CAIRO_ANTIALIAS_NONE) }
        let outset = max(abs(rect.width), abs(rect.height), 1)
        for row in 0 ..< 3 {
            for col in 0 ..< 3 {
                let s = CGRect(x: sxs[col], y: sys[row], width: sxs[col + 1] - sxs[col], height: sys[row + 1] - sys[row])
                let d = CGRect(x: dxs[col], y: dys[row], width: dxs[col + 1] - dxs[col], height: dys[row + 1] - dys[row])
                // Signed sizes: caps that fill the destination leave a middle slice of
                // zero width, or a rounding error below zero.
                guard s.size.width > 0, s.size.height > 0,
                      d.size.width >= Self.smallestExtent, d.size.height >= Self.smallestExtent else { continue }
                var clip = d
                if d.minX <= dxs[0] { clip.origin.x -= outset; clip.size.width += outset }
                if d.maxX >= dxs[3] { clip.size.width += outset }
                if d.minY <= dys[0] { clip.origin.y -= outset; clip.size.height += outset }
                if d.maxY >= dys[3] { clip.size.height += outset }
                drawImage(bitmap, in: d, source: s, clip: clip, opacity: opacity, interpolation: .low)
            }
        }
        cairo_restore(cr)
    }
}

extension GraphicsContext.Interpolation {
    var cairoFilter: cairo_filter_t {
        switch self {
        case .none: CAIRO_FILTER_NEAREST
        case .low: CAIRO_FILTER_BILINEAR
        case .high: CAIRO_FILTER_GOOD
        }
    }
}

/// How the ends of stroked lines are drawn.
public enum CGLineCap: Int32, Sendable {
    /// Squared off at the end point.
    case butt = 0
    /// A half circle past the end point.
    case round = 1
    /// A half square past the end point.
    case square = 2
}

/// How the corners of stroked paths are drawn.
public enum CGLineJoin: Int32, Sendable {
    /// A sharp corner.
    case miter = 0
    /// A rounded corner.
    case round = 1
    /// A corner cut off flat.
    case bevel = 2
}
