import Foundation

extension UIViewController {
    /// Why `controller` cannot become a child of this container, or nil when it can.
    ///
    /// A controller that contains or presents this one (any ancestor, or the window's root
    /// around it), or whose view holds this one's view, would become its own ancestor:
    /// UIKit raises. One that is already another container's child (a navigation stack, a
    /// page view controller, a split view's column) or is presented would be in two places
    /// at once, and the container it was taken from would still list it: refused, so that
    /// both containers keep what they had.
    func reasonNotToAdopt(_ controller: UIViewController) -> String? {
        var ancestor: UIViewController? = self
        while let a = ancestor {
            if a === controller {
                return "\(type(of: controller)) is this \(type(of: self)) or contains or presents it "
                    + "(it would become its own ancestor)"
            }
            ancestor = a.parent ?? a.presentingViewController
        }
        if let ownView = viewIfLoaded, let theirs = controller.viewIfLoaded, ownView.isDescendant(of: theirs) {
            return "the view of \(type(of: controller)) contains this \(type(of: self))'s view "
                + "(it would become its own ancestor)"
        }
        if let parent = controller.parent, parent !== self {
            let stack = parent is UINavigationController ? " (on the stack of another navigation controller)" : ""
            return "\(type(of: controller)) is already a child of \(type(of: parent))\(stack); remove it there first"
        }
        // The controller's own presentation, not `presentingViewController`, which a child
        // inherits from its outermost container: a controller still this container's child
        // (popped, its slide not yet over) of a presented navigation controller would read
        // as presented, and pushing it back would be refused.
        if controller.presentationLinks.presenting != nil {
            return "\(type(of: controller)) is presented; dismiss it first"
        }
        return nil
    }
}
