import Foundation
import TabulaUIKit

extension UICollectionView {
    /// What kind of view a set of layout attributes describes.
    public enum ElementCategory: UInt, Sendable {
        /// A cell, one per item.
        case cell
        /// A supplementary view (a section header or footer, say), of a kind the layout names.
        case supplementaryView
        /// A decoration view, which the layout owns and the data source never sees.
        case decorationView
    }
}

/// Where and how one element of a collection view is shown: a cell, a supplementary view
/// or a decoration view, as its layout computes it.
///
/// A layout makes these in ``UICollectionViewLayout/layoutAttributesForElements(in:)`` and
/// the collection view applies them to the element's view: frame, transform, alpha,
/// z-index and hidden state. Subclass to carry more (add properties, override
/// ``copy()`` and ``isEqual(_:)``), and the view's ``UICollectionReusableView/apply(_:)``
/// receives them.
@preconcurrency @MainActor
open class UICollectionViewLayoutAttributes: @preconcurrency CustomStringConvertible {
    /// The element's frame in the collection view's content coordinates. Setting it sets
    /// ``center`` and ``size``.
    open var frame: CGRect {
        get {
            CGRect(x: center.x - size.width / 2, y: center.y - size.height / 2, width: size.width, height: size.height)
        }
        set {
            size = newValue.size
            center = CGPoint(x: newValue.midX, y: newValue.midY)
        }
    }
    /// The element's bounds: its ``size`` at the origin.
    open var bounds: CGRect {
        get { CGRect(origin: .zero, size: size) }
        set { size = newValue.size }
    }
    /// The centre of the element, in content coordinates.
    open var center: CGPoint = .zero
    /// The size of the element.
    open var size: CGSize = .zero
    /// The element's 3D transform (about its centre); setting ``transform`` sets it too.
    open var transform3D: CATransform3D = CATransform3DIdentity
    /// The element's affine transform (about its centre).
    open var transform: CGAffineTransform {
        get { CATransform3DIsAffine(transform3D) ? CATransform3DGetAffineTransform(transform3D) : .identity }
        set { transform3D = CATransform3DMakeAffineTransform(newValue) }
    }
    /// The element's opacity, 0 to 1 (1 by default).
    open var alpha: CGFloat = 1
    /// Where the element is drawn among the others: higher in front (0 by default).
    open var zIndex = 0
    /// Whether the element is hidden (its view is not shown).
    open var isHidden = false
    /// The index path of the element: its item for a cell, its section (and item) for a
    /// supplementary or decoration view.
    open var indexPath: IndexPath
    /// Whether the attributes describe a cell, a supplementary view or a decoration view.
    public let representedElementCategory: UICollectionView.ElementCategory
    /// The kind of supplementary or decoration view (for example
    /// ``UICollectionView/elementKindSectionHeader``); nil for a cell.
    public let representedElementKind: String?

    /// Attributes for the cell of the item at `indexPath`.
    public required init(forCellWith indexPath: IndexPath) {
        self.indexPath = indexPath
        representedElementCategory = .cell
        representedElementKind = nil
    }

    /// Attributes for a supplementary view of `elementKind` at `indexPath`.
    public required init(forSupplementaryViewOfKind elementKind: String, with indexPath: IndexPath) {
        self.indexPath = indexPath
        representedElementCategory = .supplementaryView
        representedElementKind = elementKind
    }

    /// Attributes for a decoration view of `decorationViewKind` at `indexPath`.
    public required init(forDecorationViewOfKind decorationViewKind: String, with indexPath: IndexPath) {
        self.indexPath = indexPath
        representedElementCategory = .decorationView
        representedElementKind = decorationViewKind
    }

    /// A copy of the attributes, as NSObject's `copy()`: what ``copy(with:)`` returns.
    public func copy() -> Any { copy(with: nil) }

    /// A copy of the attributes, of the same class. A subclass that adds properties
    /// overrides it to copy them too, as in UIKit: call `super`, cast, and set them on the result.
    open func copy(with zone: NSZone? = nil) -> Any {
        let copy: UICollectionViewLayoutAttributes
        switch representedElementCategory {
        case .cell: copy = Self(forCellWith: indexPath)
        case .supplementaryView: copy = Self(forSupplementaryViewOfKind: representedElementKind ?? "", with: indexPath)
        case .decorationView: copy = Self(forDecorationViewOfKind: representedElementKind ?? "", with: indexPath)
        }
        copy.center = center
        copy.size = size
        copy.transform3D = transform3D
        copy.alpha = alpha
        copy.zIndex = zIndex
        copy.isHidden = isHidden
        copy.selfSizingAxis = selfSizingAxis
        return copy
    }

    /// Which lengths a self-sizing view measures: both (the flow layout's estimated
    /// sizes), or only the one along a compositional layout's axis, the other fixed.
    enum SelfSizingAxis { case both, vertical, horizontal }
    /// Which lengths the view these attributes are for measures (see ``preferredLayoutAttributesFitting``).
    var selfSizingAxis = SelfSizingAxis.both

    /// Whether a visible items handler changed these attributes for one layout pass (a
    /// copy does not carry it).
    var isAdjustedForPass = false

    /// ``copy()`` as attributes.
    func copiedAttributes() -> UICollectionViewLayoutAttributes {
        if let copy = copy() as? UICollectionViewLayoutAttributes { return copy }
        let copy = UICollectionViewLayoutAttributes(forCellWith: indexPath)
        copy.frame = frame
        return copy
    }

    /// Whether `object` describes the same element in the same way. A subclass that adds
    /// properties overrides it to compare them too.
    open func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? UICollectionViewLayoutAttributes else { return false }
        return other.center == center && other.size == size && other.transform3D == transform3D && other.alpha == alpha
            && other.zIndex == zIndex && other.isHidden == isHidden && other.indexPath == indexPath
            && other.representedElementCategory == representedElementCategory
            && other.representedElementKind == representedElementKind
    }

    /// The category, kind, index path and frame, for debugging.
    open var description: String {
        let kind = representedElementKind.map { " \($0)" } ?? ""
        return "<\(type(of: self)) \(representedElementCategory)\(kind) \(indexPath.tableDescription) frame \(frame)>"
    }
}
