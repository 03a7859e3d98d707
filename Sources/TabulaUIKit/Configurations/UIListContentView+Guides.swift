import Foundation

/// The layout guides of a list content view's pieces: each follows the frame its label or
/// image view was laid out at, so that constraints to it place the app's own views beside
/// the text or the image.
///
/// A guide is made on first read, only while its piece shows, and added to the view's
/// ``UIView/layoutGuides``; when a configuration without that piece is applied, the guide
/// is removed and the constraints that name it are deactivated, as UIKit does. Its stand-in
/// takes part in Auto Layout as a view placed by its frame (it translates its autoresizing
/// mask), which ``UIListContentView/layoutSubviews()`` sets after placing the pieces: the
/// solver reads that frame like any other view's placed by hand, so constraints to the guide
/// are solved again in the same pass. Constraints installed above the content view (in its
/// cell, say) are solved again on that view's next layout pass.
extension UIListContentView {
    /// The guide in `slot`, made now if the piece shows and it has none yet.
    func pieceGuide(_ slot: inout UILayoutGuide?, shows: Bool, of piece: UIView, _ identifier: String) -> UILayoutGuide? {
        guard shows else { return nil }
        if let slot { return slot }
        let guide = UILayoutGuide()
        guide.identifier = identifier
        guide.proxy.translatesAutoresizingMaskIntoConstraints = true
        guide.proxy.frame = piece.frame
        addLayoutGuide(guide)
        slot = guide
        return guide
    }

    /// Removes the guides of pieces the configuration no longer shows (their constraints go with them).
    func dropGuidesOfHiddenPieces() {
        if textLabel.isHidden, let guide = pieceGuides.text {
            removeLayoutGuide(guide)
            pieceGuides.text = nil
        }
        if secondaryTextLabel.isHidden, let guide = pieceGuides.secondaryText {
            removeLayoutGuide(guide)
            pieceGuides.secondaryText = nil
        }
        if imageView.isHidden, let guide = pieceGuides.image {
            removeLayoutGuide(guide)
            pieceGuides.image = nil
        }
    }

    /// Moves each guide to its piece's frame, after the pieces were placed; when one moved,
    /// the constraints in this view are solved again now, and those installed above it on
    /// their view's next pass.
    func placePieceGuides() {
        var moved = false
        if follow(pieceGuides.text, textLabel) { moved = true }
        if follow(pieceGuides.secondaryText, secondaryTextLabel) { moved = true }
        if follow(pieceGuides.image, imageView) { moved = true }
        guard moved else { return }
        if constraintsInSubtree > 0 { applyConstraintLayout() }
        if let parent = superview, parent.constraintsInSubtree > constraintsInSubtree {
            parent.constraintLayoutRoot.setNeedsLayout()
        }
    }

    /// Sets `guide`'s frame to `piece`'s (never animated: the views constrained to it
    /// animate themselves when the layout runs in an animation); true when it changed.
    private func follow(_ guide: UILayoutGuide?, _ piece: UIView) -> Bool {
        guard let guide, guide.proxy.frame != piece.frame else { return false }
        UIView.performWithoutAnimation { guide.proxy.frame = piece.frame }
        return true
    }
}

/// The guides a ``UIListContentView`` has handed out (see `UIListContentView+Guides.swift`).
struct ListContentPieceGuides {
    var text: UILayoutGuide?
    var secondaryText: UILayoutGuide?
    var image: UILayoutGuide?
}
