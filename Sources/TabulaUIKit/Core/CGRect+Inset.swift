import Foundation

extension CGRect {
    /// The rectangle inset by `dx` and `dy`, shrinking to nothing at its centre where it is
    /// too small. `insetBy(dx:dy:)` gives the null rectangle there, whose origin is at
    /// infinity: a frame made from it is reported and dropped, so a view squeezed to a few
    /// points (a field or a segmented control mid-rotation) must not use it.
    func insetWithin(dx: CGFloat, dy: CGFloat) -> CGRect {
        let width = Swift.max(0, self.width - 2 * dx), height = Swift.max(0, self.height - 2 * dy)
        return CGRect(x: midX - width / 2, y: midY - height / 2, width: width, height: height)
    }
}
