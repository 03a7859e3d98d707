import CCairo
import Foundation

extension GraphicsContext {
    /// Fills the current clip with a radial gradient: the colours lie on ellipses around
    /// `center`, from the centre (location 0) out to the ellipse of radii `radii` (location
    /// 1), the last colour extending beyond it.
    public func drawRadialGradient(_ gradient: Gradient, center: CGPoint, radii: CGSize) {
        let rx = Double(abs(radii.width)), ry = Double(abs(radii.height))
        guard rx > 0, ry > 0, rx.isFinite, ry.isFinite else {
            // A degenerate ellipse: everything is past location 1.
            if let last = gradient.stops.max(by: { $0.location < $1.location }) { paintSolid(last.color) }
            return
        }
        let pattern = cairo_pattern_create_radial(0, 0, 0, 0, 0, 1)!
        defer { cairo_pattern_destroy(pattern) }
        addStops(gradient, to: pattern)
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        // The pattern matrix maps user space to pattern space: the unit circle there is
        // the ellipse here.
        var m = cairo_matrix_t()
        cairo_matrix_init_translate(&m, Double(center.x), Double(center.y))
        cairo_matrix_scale(&m, rx, ry)
        cairo_matrix_invert(&m)
        cairo_pattern_set_matrix(pattern, &m)
        cairo_set_source(cr, pattern)
        cairo_paint(cr)
        markOperation()
    }

    /// Fills the current clip with a conic (angular) gradient around `center`: location 0
    /// lies along `angle` (radians, clockwise on screen from the positive x axis) and the
    /// locations go once around clockwise, back to 1 at the same ray. `radius` is how far
    /// out the fill must reach (the clip's farthest corner).
    public func drawConicGradient(_ gradient: Gradient, center: CGPoint, angle: CGFloat, radius: CGFloat) {
        guard radius > 0, radius.isFinite, center.x.isFinite, center.y.isFinite, angle.isFinite else { return }
        let stops = gradient.stops.sorted { $0.location < $1.location }
        guard !stops.isEmpty else { return }
        let pattern = cairo_pattern_create_mesh()!
        defer { cairo_pattern_destroy(pattern) }
        // Sectors narrow enough that the arcs and the colour blend along them look smooth.
        let sectors = 128
        let r = Double(radius) * 1.05, cx = Double(center.x), cy = Double(center.y), a0 = Double(angle)
        for i in 0 ..< sectors {
            let t0 = Double(i) / Double(sectors), t1 = Double(i + 1) / Double(sectors)
            let b0 = a0 + t0 * 2 * .pi, b1 = a0 + t1 * 2 * .pi
            let c0 = Self.color(in: stops, at: t0), c1 = Self.color(in: stops, at: t1)
            // A cubic approximation of the arc from b0 to b1.
            let k = 4.0 / 3.0 * tan((b1 - b0) / 4)
            let p0 = (cx + r * cos(b0), cy + r * sin(b0)), p1 = (cx + r * cos(b1), cy + r * sin(b1))
            let q0 = (p0.0 - k * r * sin(b0), p0.1 + k * r * cos(b0))
            let q1 = (p1.0 + k * r * sin(b1), p1.1 - k * r * cos(b1))
            cairo_mesh_pattern_begin_patch(pattern)
            cairo_mesh_pattern_move_to(pattern, cx, cy)
            cairo_mesh_pattern_line_to(pattern, p0.0, p0.1)
            cairo_mesh_pattern_curve_to(pattern, q0.0, q0.1, q1.0, q1.1, p1.0, p1.1)
            cairo_mesh_pattern_line_to(pattern, cx, cy)
            let alpha = currentAlpha
            for (corner, c) in [(0, c0), (1, c0), (2, c1), (3, c1)] {
                cairo_mesh_pattern_set_corner_color_rgba(pattern, UInt32(corner), c.red, c.green, c.blue, c.alpha * alpha)
            }
            cairo_mesh_pattern_end_patch(pattern)
        }
        cairo_set_source(cr, pattern)
        cairo_paint(cr)
        markOperation()
    }

    /// The colour of sorted `stops` at `t`, the end colours extending past the ends.
    package static func color(in stops: [Gradient.Stop], at t: Double) -> Color {
        guard let first = stops.first, let last = stops.last else { return .clear }
        if t <= first.location { return first.color }
        if t >= last.location { return last.color }
        for (a, b) in zip(stops, stops.dropFirst()) where t <= b.location {
            let span = b.location - a.location
            return span > 0 ? a.color.interpolated(to: b.color, fraction: (t - a.location) / span) : b.color
        }
        return last.color
    }

    private func addStops(_ gradient: Gradient, to pattern: OpaquePointer) {
        for stop in gradient.stops {
            let c = stop.color
            cairo_pattern_add_color_stop_rgba(pattern, stop.location, c.red, c.green, c.blue, c.alpha * currentAlpha)
        }
    }

    private func paintSolid(_ c: Color) {
        cairo_set_source_rgba(cr, c.red, c.green, c.blue, c.alpha * currentAlpha)
        cairo_paint(cr)
        markOperation()
    }
}
