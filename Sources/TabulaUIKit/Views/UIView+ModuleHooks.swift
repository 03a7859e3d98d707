import Foundation

// What the views of the modules above this one (the table, in TabulaTable) plug into.
//
// A subclass in another module cannot override a `package` member (only `open` ones,
// which would be public API), so where a view of this module asks a subclass for
// something, it asks through a `package` protocol that the subclass adopts. Each protocol
// is one question; the base's answer when a view does not adopt it is the UIKit default.

/// A view that measures again when the preferred text size changes (a table: its rows).
/// Asked after the view's traits already have the new category; `previous` is nil on a
/// first reading.
@MainActor
package protocol ContentSizeCategoryFollowing: UIView {
    func followContentSizeCategory(from previous: UIContentSizeCategory?, to category: UIContentSizeCategory)
}

/// A view that tracks a drag itself (the table's index bar): the recognizers of its
/// ancestors never see the touches that begin in it.
@MainActor
package protocol KeepsTouchesFromAncestorRecognizers: UIView {}

/// A view that a change of size inside it concerns (a table cell, which tells its table).
@MainActor
package protocol SizeInvalidationReceiving: UIView {
    /// `view`, this view or one inside it, may have changed size; `fromConstraint` says
    /// that a constraint changed rather than an intrinsic content size.
    func sizeMayHaveChanged(inside view: UIView, fromConstraint: Bool)
}

/// A scroll view that acts when a deceleration or an animated scroll ends (a table brings
/// an offset left outside its content back in).
@MainActor
package protocol ScrollMotionSettling: UIScrollView {
    func scrollMotionDidComeToRest()
}

/// A scroll view with a background view that fills it behind everything (a table's), which
/// a refresh control goes above.
@MainActor
package protocol ScrollBackgroundViewHolding: UIScrollView {
    var backgroundView: UIView? { get }
}

extension UIView {
    /// Tells the view that a change of size inside it concerns (the table cell this view
    /// is in, or is) that its size may have changed.
    func tellEnclosingCellSizeMayHaveChanged(fromConstraint: Bool = false) {
        var view: UIView? = self
        while let v = view {
            if let receiver = v as? any SizeInvalidationReceiving {
                receiver.sizeMayHaveChanged(inside: self, fromConstraint: fromConstraint)
                return
            }
            view = v.superview
        }
    }
}
