import Foundation
import TabulaUIKit

/// A view a collection view shows for an element and reuses: the base of cells and of
/// supplementary views (section headers and footers).
///
/// The collection view makes one from its registered class with ``init(frame:)``, hands
/// it to the data source through `dequeueReusable…`, applies the layout's attributes to
/// it (``apply(_:)``), and when it scrolls off puts it in its identifier's reuse pool;
/// ``prepareForReuse()`` runs as it comes back out.
@preconcurrency @MainActor
open class UICollectionReusableView: UIView {
    /// The identifier the view was registered and dequeued with.
    public internal(set) var reuseIdentifier: String?

    /// A view with no reuse identifier yet (the collection view sets it when it makes one).
    public override init(frame: CGRect) {
        super.init(frame: frame)
    }

    /// A view made for `identifier` by a collection view's registration: `init(frame:)`
    /// (a subclass's override of it), then the identifier. Tabula's way of making a
    /// registered class, as `UITableViewCell(registeredWithReuseIdentifier:)` is the table's.
    /// The frame is the one the layout gives the element being dequeued (zero outside a
    /// dequeue), as UIKit makes cells with their attributes' frame: a cell that sizes a
    /// subview from `frame` in its initializer (an image `frame.width` wide, a corner radius
    /// of half of it) gets the size it has on iOS, not zero.
    public required convenience init(registeredWithReuseIdentifier identifier: String) {
        self.init(frame: UICollectionReusableView.frameForMadeView)
        reuseIdentifier = identifier
    }

    /// The frame ``init(registeredWithReuseIdentifier:)`` gives a new view: set by the
    /// collection view around making one for an element it dequeues.
    static var frameForMadeView = CGRect.zero

    /// Creates the view from a storyboard or nib, as ``UIView/init(coder:)`` does: its reuse
    /// identifier is the file's (`"UIReuseIdentifier"`).
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        reuseIdentifier = InterfaceBuilderCoder.value("UIReuseIdentifier", in: coder) as? String
        InterfaceBuilderCoder.decode(coder, into: self, at: UICollectionReusableView.self)
    }

    /// Called as the view comes out of the reuse pool, before the data source configures
    /// it again. Override to reset what the last configuration left (call `super`). The
    /// default does nothing.
    open func prepareForReuse() {}

    /// Applies a layout's custom attributes; the collection view has already set the frame,
    /// transform, alpha, z-index and hidden state. The default does nothing.
    open func apply(_ layoutAttributes: UICollectionViewLayoutAttributes) {}

    /// The `isHidden` the layout's attributes last gave the view (nil: none yet). The
    /// collection view applies the attributes' `isHidden` only when it changes, so that
    /// what the data source sets after dequeuing stays.
    var hiddenByLayout: Bool?

    /// Shows or hides the view as the layout does, when it is dequeued.
    func takeHidden(fromLayout hidden: Bool) {
        hiddenByLayout = hidden
        isHidden = hidden
    }

    /// Told that the layout changes from one set of attributes to another. The default does nothing.
    open func willTransition(from oldLayout: UICollectionViewLayout, to newLayout: UICollectionViewLayout) {}

    /// Told that the layout change finished. The default does nothing.
    open func didTransition(from oldLayout: UICollectionViewLayout, to newLayout: UICollectionViewLayout) {}

    /// The attributes the view would like, given the layout's: asked of a self-sizing
    /// view (a layout with estimated sizes) before it is shown. The default measures the
    /// view: with constraints among its subviews, by Auto Layout
    /// (`systemLayoutSizeFitting`, as small as they allow); otherwise by ``UIView/sizeThatFits(_:)``.
    /// In a compositional layout only the length along an estimated dimension is measured:
    /// the other (a list row's width) is kept, and the content wraps to it.
    open func preferredLayoutAttributesFitting(_ layoutAttributes: UICollectionViewLayoutAttributes)
        -> UICollectionViewLayoutAttributes {
        let attributes = layoutAttributes.copiedAttributes()
        attributes.size = fittingSize(of: measuredView, for: layoutAttributes.size, measuring: layoutAttributes.selfSizingAxis)
        return attributes
    }

    /// The view whose content sets the size (a cell's content view).
    var measuredView: UIView { self }

    /// The size `view` takes for `target`, measuring `axis` (the other length kept).
    func fittingSize(of view: UIView, for target: CGSize, measuring axis: UICollectionViewLayoutAttributes.SelfSizingAxis) -> CGSize {
        guard axis != .both else {
            if view.constraintsInSubtree > 0 {
                // Neither length fixed: a reused view's labels start from their new text.
                view.forgetMeasuringSystem()
                return view.systemLayoutSizeFitting(target, withHorizontalFittingPriority: .fittingSizeLevel,
                                                    verticalFittingPriority: .fittingSizeLevel)
            }
            return view.sizeThatFits(target)
        }
        // One length is fixed: the measured view's own (a list cell's content view is
        // narrower than the cell, by its accessories), the view laid out at the estimate.
        let vertical = axis == .vertical
        var fixed = target
        if vertical, view.bounds.width > 0 { fixed.width = view.bounds.width }
        if !vertical, view.bounds.height > 0 { fixed.height = view.bounds.height }
        let measured: CGSize
        if view.constraintsInSubtree > 0 {
            measured = view.systemLayoutSizeFitting(fixed, withHorizontalFittingPriority: vertical ? .required : .fittingSizeLevel,
                                                    verticalFittingPriority: vertical ? .fittingSizeLevel : .required)
        } else {
            // A plain view answers with its size (the estimate); a label or a list content
            // view with what its text needs at the fixed length.
            measured = view.sizeThatFits(fixed)
        }
        return vertical ? CGSize(width: target.width, height: measured.height) : CGSize(width: measured.width, height: target.height)
    }
}
