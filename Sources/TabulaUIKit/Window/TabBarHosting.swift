import Foundation

/// What the view controllers and navigation controllers of this module ask of the tab bar
/// controller that shows them. `UITabBarController` lives in TabulaTable, above the table,
/// because its More tab lists the overflow in a table view controller; this module reaches
/// it only through this protocol, so that imports run one way.
@MainActor
package protocol TabBarHosting: UIViewController {
    /// How much of a tab's view the tab bar covers, from the bottom edge.
    var tabBarCoverage: CGFloat { get }
    /// A view controller's tab bar item was replaced: the bar shows the new one.
    func tabBarItemsDidChange()
    /// A push or pop of `navigation`, one of the tabs, has finished.
    func navigationStackDidSettle(_ navigation: UINavigationController)
    /// The bar rides with `view`, which slides in `navigation`, and rests at `restFrame`.
    func beginBarRide(in navigation: UINavigationController, with view: UIView, restFrame: CGRect)
    /// The view the bar rides with moved: the bar follows it.
    func moveRidingBar()
}

extension UIViewController {
    /// The tab bar host this view controller is in: the nearest ancestor that is one, or
    /// the one whose More list holds this view controller (or an ancestor); nil when there
    /// is none. ``tabBarController`` (in TabulaTable) is this, as a `UITabBarController`.
    package var enclosingTabBarHost: (any TabBarHosting)? {
        var current: UIViewController? = self
        while let controller = current {
            if let tabs = controller.parent as? any TabBarHosting { return tabs }
            if let owner = controller.tabBarOwner { return owner }
            current = controller.parent
        }
        return nil
    }
}
