import Foundation

/// The methods a split view controller's delegate implements to hear about changes of
/// display mode and to take part in collapsing and expanding. Every method has a default
/// that does what the split view controller does when the delegate says nothing.
@preconcurrency @MainActor
public protocol UISplitViewControllerDelegate: AnyObject {
    /// The display mode is about to change to `displayMode`.
    func splitViewController(_ svc: UISplitViewController, willChangeTo displayMode: UISplitViewController.DisplayMode)
    /// `column` is about to show (column style).
    func splitViewController(_ svc: UISplitViewController, willShow column: UISplitViewController.Column)
    /// `column` is about to hide (column style).
    func splitViewController(_ svc: UISplitViewController, willHide column: UISplitViewController.Column)
    /// The column on top of the navigation stack once the interface collapses (column
    /// style): return `proposedTopColumn` (the default) or another column — `.primary` to
    /// start on the list.
    func splitViewController(_ svc: UISplitViewController,
                             topColumnForCollapsingToProposedTopColumn proposedTopColumn: UISplitViewController.Column)
        -> UISplitViewController.Column
    /// The display mode once the interface expands (column style); the default returns
    /// `proposedDisplayMode`.
    func splitViewController(_ svc: UISplitViewController,
                             displayModeForExpandingToProposedDisplayMode proposedDisplayMode: UISplitViewController.DisplayMode)
        -> UISplitViewController.DisplayMode
    /// The interface collapsed (column style).
    func splitViewControllerDidCollapse(_ svc: UISplitViewController)
    /// The interface expanded (column style).
    func splitViewControllerDidExpand(_ svc: UISplitViewController)
    /// Whether the delegate handled collapsing `secondaryViewController` onto
    /// `primaryViewController` (classic style). Return true to leave the secondary out of
    /// the collapsed interface; false (the default) pushes it onto the primary's
    /// navigation controller.
    func splitViewController(_ splitViewController: UISplitViewController,
                             collapseSecondary secondaryViewController: UIViewController,
                             onto primaryViewController: UIViewController) -> Bool
    /// The secondary view controller to show when the interface expands (classic style),
    /// or nil (the default) for the split view controller's choice: what was pushed above
    /// the primary's own stack, or the secondary it had before collapsing.
    func splitViewController(_ splitViewController: UISplitViewController,
                             separateSecondaryFrom primaryViewController: UIViewController) -> UIViewController?
    /// Whether the delegate showed `vc` itself for ``UISplitViewController/showDetailViewController(_:sender:)``;
    /// the default, false, lets the split view controller show it.
    func splitViewController(_ splitViewController: UISplitViewController,
                             showDetail vc: UIViewController, sender: Any?) -> Bool
}

extension UISplitViewControllerDelegate {
    /// Does nothing.
    public func splitViewController(_ svc: UISplitViewController, willChangeTo displayMode: UISplitViewController.DisplayMode) {}
    /// Does nothing.
    public func splitViewController(_ svc: UISplitViewController, willShow column: UISplitViewController.Column) {}
    /// Does nothing.
    public func splitViewController(_ svc: UISplitViewController, willHide column: UISplitViewController.Column) {}
    /// Returns `proposedTopColumn`.
    public func splitViewController(_ svc: UISplitViewController,
                                    topColumnForCollapsingToProposedTopColumn proposedTopColumn: UISplitViewController.Column)
        -> UISplitViewController.Column { proposedTopColumn }
    /// Returns `proposedDisplayMode`.
    public func splitViewController(_ svc: UISplitViewController,
                                    displayModeForExpandingToProposedDisplayMode proposedDisplayMode: UISplitViewController.DisplayMode)
        -> UISplitViewController.DisplayMode { proposedDisplayMode }
    /// Does nothing.
    public func splitViewControllerDidCollapse(_ svc: UISplitViewController) {}
    /// Does nothing.
    public func splitViewControllerDidExpand(_ svc: UISplitViewController) {}
    /// Returns false: the split view controller collapses the secondary itself.
    public func splitViewController(_ splitViewController: UISplitViewController,
                                    collapseSecondary secondaryViewController: UIViewController,
                                    onto primaryViewController: UIViewController) -> Bool { false }
    /// Returns nil: the split view controller separates the secondary itself.
    public func splitViewController(_ splitViewController: UISplitViewController,
                                    separateSecondaryFrom primaryViewController: UIViewController) -> UIViewController? { nil }
    /// Returns false: the split view controller shows the detail itself.
    public func splitViewController(_ splitViewController: UISplitViewController,
                                    showDetail vc: UIViewController, sender: Any?) -> Bool { false }
}
