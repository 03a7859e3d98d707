import Foundation
import TabulaUIKit

/// Called before each layout pass of a section's visible items, to change how they are
/// shown in that pass: Apple's type.
///
/// The items are those of the section in view (its cells, their badges, its headers,
/// footers and background). The point is the collection view's content offset for a
/// section that does not scroll sideways, and the section's own scroll offset for an
/// orthogonal one (see ``NSCollectionLayoutSection/visibleItemsInvalidationHandler``).
/// Without an actor, like ``UICollectionViewCompositionalLayoutSectionProvider``: the
/// layout calls it on the main actor, and a closure written in main-actor code may use
/// that code's state.
public typealias NSCollectionLayoutSectionVisibleItemsInvalidationHandler =
    ([any NSCollectionLayoutVisibleItem], CGPoint, any NSCollectionLayoutEnvironment) -> Void

/// An element of a section in view, as a section's
/// ``NSCollectionLayoutSection/visibleItemsInvalidationHandler`` sees it: its alpha,
/// z-index, hidden state, centre and transform may be changed for the layout pass in
/// progress; its size, index path and kind may not.
///
/// UIKit's protocol refines `UIDynamicItem`; Tabula has no UIKit Dynamics, so the members
/// that protocol contributes (`center`, `bounds`, `transform`) are declared here.
@preconcurrency @MainActor
public protocol NSCollectionLayoutVisibleItem: AnyObject {
    /// The element's opacity, 0 to 1.
    var alpha: CGFloat { get set }
    /// Where the element is drawn among the others: higher in front.
    var zIndex: Int { get set }
    /// Whether the element is hidden.
    var isHidden: Bool { get set }
    /// The centre of the element. In an orthogonal section it is where the element would
    /// be with the section not scrolled sideways: subtract the handler's point to find it
    /// on screen.
    var center: CGPoint { get set }
    /// The affine transform applied to the element, about its centre; setting it sets
    /// ``transform3D``.
    var transform: CGAffineTransform { get set }
    /// The 3D transform applied to the element, about its centre.
    var transform3D: CATransform3D { get set }
    /// A name for the element: in Tabula, the element kind of a supplementary or
    /// decoration view and `"cell"` for a cell.
    var name: String { get }
    /// The element's index path.
    var indexPath: IndexPath { get }
    /// The element's frame: its ``bounds`` size about its ``center`` (the transform left out).
    var frame: CGRect { get }
    /// The element's bounds: its size at the origin.
    var bounds: CGRect { get }
    /// Whether the element is a cell, a supplementary view or a decoration view.
    var representedElementCategory: UICollectionView.ElementCategory { get }
    /// The kind of a supplementary or decoration view; nil for a cell.
    var representedElementKind: String? { get }
}

/// The visible item a handler is given: the layout's attributes for one element, copied,
/// with the centre moved into the section's unscrolled coordinates. What the handler
/// sets stays here until the layout checks it and writes it into the pass's copy.
@MainActor
final class VisibleLayoutItem: NSCollectionLayoutVisibleItem {
    var alpha: CGFloat
    var zIndex: Int
    var isHidden: Bool
    var center: CGPoint
    var transform3D: CATransform3D
    let indexPath: IndexPath
    let representedElementCategory: UICollectionView.ElementCategory
    let representedElementKind: String?
    let size: CGSize
    /// What was added to the layout's centre (an orthogonal section's scroll offset).
    let shift: CGPoint
    /// The centre the handler was given.
    let initialCenter: CGPoint

    init(_ attributes: UICollectionViewLayoutAttributes, shift: CGPoint) {
        alpha = attributes.alpha
        zIndex = attributes.zIndex
        isHidden = attributes.isHidden
        center = CGPoint(x: attributes.center.x + shift.x, y: attributes.center.y + shift.y)
        initialCenter = center
        self.shift = shift
        transform3D = attributes.transform3D
        indexPath = attributes.indexPath
        representedElementCategory = attributes.representedElementCategory
        representedElementKind = attributes.representedElementKind
        size = attributes.size
    }

    var transform: CGAffineTransform {
        get { CATransform3DIsAffine(transform3D) ? CATransform3DGetAffineTransform(transform3D) : .identity }
        set { transform3D = CATransform3DMakeAffineTransform(newValue) }
    }

    var name: String { representedElementKind ?? "cell" }
    var frame: CGRect { CGRect(x: center.x - size.width / 2, y: center.y - size.height / 2, width: size.width, height: size.height) }
    var bounds: CGRect { CGRect(origin: .zero, size: size) }
}

extension CATransform3D {
    /// Whether every entry is finite.
    var isFinite: Bool {
        [m11, m12, m13, m14, m21, m22, m23, m24, m31, m32, m33, m34, m41, m42, m43, m44].allSatisfy(\.isFinite)
    }
}
