import Foundation

/// Where a picker wheel's rows appear: the rows lie on a drum whose axis runs across the
/// picker, seen from the front, so a row `s` points of arc from the centre line sits
/// `radius · sin(s / radius)` points from the middle, squashed to `cos(s / radius)` of its
/// height, a little narrower and fainter the further round it is. Rows a quarter turn or
/// more away are behind the drum and not shown.
///
/// The radius is half the picker's height, so the drum just fills it: in a 216-point
/// picker with 32-point rows, about four rows show above and below the selected one.
struct PickerWheelGeometry: Equatable {
    /// The drum's radius in points (half the picker's height).
    var radius: CGFloat

    /// How a row shows on the drum.
    struct Placement: Equatable {
        /// The row's centre, in points from the picker's vertical middle (down is positive).
        var y: CGFloat
        /// Horizontal and vertical scale (1 at the centre line).
        var scaleX: CGFloat
        var scaleY: CGFloat
        /// Opacity: 1 inside the selection band, fading away from it.
        var alpha: CGFloat
    }

    /// How far round the drum a row is shown at all: just short of a quarter turn.
    var visibleArc: CGFloat { radius * (.pi / 2) * 0.98 }

    /// Where a row `arc` points of arc from the centre line shows, or nil when it is
    /// round the back of the drum. `rowHeight` sets how wide the fully opaque band is.
    func placement(arc: CGFloat, rowHeight: CGFloat) -> Placement? {
        guard radius > 0, arc.isFinite, abs(arc) < visibleArc else { return nil }
        let angle = arc / radius
        let depth = cos(angle)
        let inBand = max(0, 1 - abs(arc) / max(rowHeight, 1))
        // Outside the band, rows are drawn at 55% and fade further as they turn away.
        let alpha = 0.55 * depth + 0.45 * inBand
        return Placement(y: radius * sin(angle), scaleX: 1 - 0.1 * (1 - depth), scaleY: max(depth, 0.01),
                         alpha: min(1, max(0, alpha)))
    }

    /// The arc, from the centre line, of the row shown `y` points from the middle (nil:
    /// beyond the drum's edge).
    func arc(atY y: CGFloat) -> CGFloat? {
        guard radius > 0, abs(y) < radius else { return nil }
        return asin(y / radius) * radius
    }
}
