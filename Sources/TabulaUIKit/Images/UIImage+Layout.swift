import Foundation

extension UIImage {
    /// A copy whose alignment rectangle — the part Auto Layout lines up, without a
    /// shadow or badge around the artwork — lies `alignmentInsets` (in points) inside its
    /// edges. A ``UIImageView`` showing it reports these insets as its own
    /// ``UIView/alignmentRectInsets``. Insets that are not finite count as 0.
    public func withAlignmentRectInsets(_ alignmentInsets: UIEdgeInsets) -> UIImage {
        func finite(_ value: CGFloat) -> CGFloat { value.isFinite ? value : 0 }
        var attributes = attributes
        attributes.alignmentRectInsets = UIEdgeInsets(top: finite(alignmentInsets.top), left: finite(alignmentInsets.left),
                                                      bottom: finite(alignmentInsets.bottom), right: finite(alignmentInsets.right))
        return copy(attributes: attributes)
    }

    /// How far the alignment rectangle lies inside the image's edges, in points; `.zero`
    /// unless set with ``withAlignmentRectInsets(_:)``.
    public var alignmentRectInsets: UIEdgeInsets { attributes.alignmentRectInsets }

    /// A copy with a baseline `baselineOffset` points above its bottom edge (below it
    /// when negative), for lining the image up with text. A value that is not finite
    /// gives a copy without a baseline.
    ///
    /// Tabula records the baseline: its stack views do not align by baselines yet, so
    /// nothing is drawn differently.
    public func withBaselineOffset(fromBottom baselineOffset: CGFloat) -> UIImage {
        var attributes = attributes
        attributes.baselineOffset = baselineOffset.isFinite ? baselineOffset : nil
        return copy(attributes: attributes)
    }

    /// The baseline's height above the bottom edge, in points; nil when the image has
    /// none (Tabula's symbol images have none either).
    public var baselineOffsetFromBottom: CGFloat? { attributes.baselineOffset }

    /// A copy without a baseline.
    public func imageWithoutBaseline() -> UIImage {
        var attributes = attributes
        attributes.baselineOffset = nil
        return copy(attributes: attributes)
    }
}
