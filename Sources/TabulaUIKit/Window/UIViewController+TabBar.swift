import Foundation

extension UINavigationController {
    /// The tab bar controller whose tab (or More tab) this navigation controller is.
    var tabBarHost: (any TabBarHosting)? { parent as? any TabBarHosting }

    /// Whether the stack hides the tab bar: a view controller on it was pushed with
    /// ``UIViewController/hidesBottomBarWhenPushed``, which keeps the bar hidden for those
    /// pushed above it too, as in UIKit.
    package var hidesBottomBar: Bool { hidesBottomBar(in: viewControllers) }

    func hidesBottomBar(in stack: [UIViewController]) -> Bool {
        stack.contains { $0.hidesBottomBarWhenPushed }
    }

    /// How much of `controller`'s view the tab bar covers while `controller` is on top:
    /// none when it or one below it hides the bar.
    func tabBarInset(for controller: UIViewController?) -> CGFloat {
        guard let host = tabBarHost, let controller,
              let index = viewControllers.firstIndex(where: { $0 === controller }) else { return 0 }
        return hidesBottomBar(in: Array(viewControllers[...index])) ? 0 : host.tabBarCoverage
    }

    /// The tab bar's height changed (a rotation): the top view controller's safe area follows.
    package func tabBarCoverageDidChange() {
        viewIfLoaded?.setNeedsLayout()
        viewIfLoaded?.layoutIfNeeded()
    }

    /// A push or pop from `oldStack` to `newStack` is about to slide: when one hides the
    /// tab bar and the other does not, the bar rides with the view that shows it
    /// (`oldView` on a push that hides it, `newView` on the pop that brings it back).
    func beginTabBarRide(from oldStack: [UIViewController], to newStack: [UIViewController],
                         oldView: UIView, newView: UIView) {
        let hidBefore = hidesBottomBar(in: oldStack), hidesAfter = hidesBottomBar(in: newStack)
        guard hidBefore != hidesAfter, let host = tabBarHost else { return }
        let (view, controller) = hidesAfter ? (oldView, oldStack.last) : (newView, newStack.last)
        host.beginBarRide(in: self, with: view, restFrame: contentFrame(for: controller))
    }
}
