import CPangoCairo
import Foundation

/// Points to Pango units (1/1024 point, in an `Int32`) without trapping: NaN is 0 and
/// values beyond ±2,097,151 points saturate. Every length Tabula hands Pango goes through
/// it, since an app's value (a kerning of 1e12, a NaN touch point) would otherwise stop
/// the program in the conversion.
enum PangoUnits {
    static let perPoint = Double(PANGO_SCALE)

    /// `points` in Pango units, rounded as `rule` says, saturated to `Int32`'s range.
    static func from(_ points: Double, rounding rule: FloatingPointRoundingRule = .toNearestOrAwayFromZero) -> Int32 {
        guard !points.isNaN else { return 0 }
        let units = (points * perPoint).rounded(rule)
        if units >= Double(Int32.max) { return .max }
        if units <= Double(Int32.min) { return .min }
        return Int32(units)
    }

    /// `points` (a `CGFloat`) in Pango units.
    static func from(_ points: CGFloat, rounding rule: FloatingPointRoundingRule = .toNearestOrAwayFromZero) -> Int32 {
        from(Double(points), rounding: rule)
    }
}
