import Foundation
import TabulaUIKit

/// The methods a tab bar controller's delegate implements to allow or refuse the user's
/// choice of a tab and to hear that it was made. Both have defaults (allow; do nothing).
@preconcurrency @MainActor
public protocol UITabBarControllerDelegate: AnyObject {
    /// Asked when the user taps a tab (also the selected one): false leaves the selection
    /// as it is. `viewController` is the tab's view controller, or the
    /// ``UITabBarController/moreNavigationController`` for the More tab. Not asked when
    /// the selection is changed in code.
    func tabBarController(_ tabBarController: UITabBarController, shouldSelect viewController: UIViewController) -> Bool
    /// Called after the user selected `viewController`'s tab (also when it was already
    /// selected); not called when the selection is changed in code.
    func tabBarController(_ tabBarController: UITabBarController, didSelect viewController: UIViewController)
}

extension UITabBarControllerDelegate {
    /// Returns true: every tab may be selected.
    public func tabBarController(_ tabBarController: UITabBarController, shouldSelect viewController: UIViewController) -> Bool {
        true
    }
    /// Does nothing.
    public func tabBarController(_ tabBarController: UITabBarController, didSelect viewController: UIViewController) {}
}

/// A container that shows one of several view controllers at a time, chosen with the tabs
/// of a ``UITabBar`` along the bottom of the screen.
///
/// Each view controller's ``UIViewController/tabBarItem`` is its tab (by default its
/// ``UIViewController/title`` with no image). With more than five view controllers the bar
/// shows the first four and a More tab, whose ``moreNavigationController`` lists the rest
/// and pushes the one chosen. The selected view controller's view fills the container,
/// under the translucent bar: its safe area grows by the bar's height, so a table scrolls
/// under the bar and its last rows rest above it. Tapping the selected tab of a navigation
/// controller pops it to its root. A view controller pushed with
/// ``UIViewController/hidesBottomBarWhenPushed`` hides the bar: it slides away with the
/// outgoing view and comes back with it on the way back, the back swipe included.
///
/// The view controllers of the tabs shown (and the More navigation controller) are the
/// container's ``UIViewController/children``; only the selected one's view is in the
/// container, and it alone gets appearance callbacks.
///
/// Misuse — an empty list of view controllers, one controller in two tabs, a controller
/// that is another container's child or contains this one, a ``selectedIndex`` out of
/// range, a ``selectedViewController`` that is not a tab — is reported to
/// ``UIViewController/onInvalidUse`` once and changes nothing.
@preconcurrency @MainActor
open class UITabBarController: UIViewController, UITabBarDelegate {
    /// At most this many tabs show; past it, the first four and More.
    static let maximumTabs = 5

    /// Creates a tab bar controller with no view controllers.
    public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
        setUp()
    }

    /// Creates a tab bar controller with no view controllers; Tabula reads nothing from
    /// `coder` (see ``UIViewController/init(coder:)``).
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUp()
        InterfaceBuilderCoder.decode(coder, into: self, at: UITabBarController.self)
    }

    private func setUp() {
        bar.delegate = self
        bar.shouldSelect = { [weak self] item in
            guard let self, let controller = self.controller(for: item) else { return false }
            return self.delegate?.tabBarController(self, shouldSelect: controller) ?? true
        }
    }

    // MARK: The tabs

    /// The tab bar the controller shows and keeps in step with its view controllers.
    /// Change the items through the view controllers' ``UIViewController/tabBarItem``.
    open var tabBar: UITabBar { bar }
    private let bar = UITabBar(frame: CGRect(x: 0, y: 0, width: 320, height: UITabBar.height))

    /// The object asked before the user's choice of a tab is made and told after.
    open weak var delegate: (any UITabBarControllerDelegate)?

    /// The view controllers of the tabs, in order; nil (the default) for none. Setting it
    /// is ``setViewControllers(_:animated:)`` without animation.
    open var viewControllers: [UIViewController]? {
        get { controllers }
        set { setViewControllers(newValue, animated: false) }
    }
    private var controllers: [UIViewController]?

    /// The view controllers the user may reorder; accepted and kept (Tabula offers no
    /// reordering screen).
    open var customizableViewControllers: [UIViewController]?

    /// The navigation controller of the More tab, which lists the view controllers past
    /// the fourth when there are more than five and shows the one chosen.
    open var moreNavigationController: UINavigationController { more }
    private lazy var more: UINavigationController = {
        let list = MoreListController(owner: self)
        let navigation = UINavigationController(rootViewController: list)
        navigation.tabBarItem = UITabBarItem(tabBarSystemItem: .more, tag: 0)
        return navigation
    }()

    /// What is selected: one of ``viewControllers``, or the More navigation controller
    /// showing its list.
    private weak var selected: UIViewController?
    /// The child whose view is in the container: the selected view controller, or the More
    /// navigation controller when the selection is past the fourth tab.
    private weak var shown: UIViewController?

    /// Replaces the view controllers. As in UIKit, the selected one stays selected if it
    /// is still there (one chosen under More included), else the one at its index is
    /// selected, else the first. An empty list is no tabs, as nil is. A controller given
    /// twice, or one that cannot be a child here, is reported and nothing changes.
    open func setViewControllers(_ viewControllers: [UIViewController]?, animated: Bool) {
        if let problem = reasonToRefuse(viewControllers) {
            return reportInvalidUse("UITabBarController.setViewControllers(_:animated:): \(problem); the tabs are unchanged")
        }
        endBarRide()
        let old = controllers ?? []
        let new = viewControllers ?? []
        // What was selected (a tab chosen under More included), read before the More
        // stack is given back.
        let previous = selectedViewController
        let previousIndex = previous.flatMap { p in old.firstIndex { $0 === p } }
        releaseMoreStack()
        for controller in old where !new.contains(where: { $0 === controller }) {
            if controller.parent === self {
                controller.willMove(toParent: nil)
                controller.viewIfLoaded?.removeFromSuperview()
                controller.removeFromParent()
            }
        }
        for controller in old where controller.tabBarOwner === self { controller.tabBarOwner = nil }
        controllers = viewControllers
        for controller in new { controller.tabBarOwner = self }
        let visible = visibleControllers
        for controller in visible where controller.parent !== self {
            addChild(controller)
            controller.didMove(toParent: self)
        }
        for controller in new.dropFirst(visible.count) where controller.parent === self {
            controller.willMove(toParent: nil)
            controller.viewIfLoaded?.removeFromSuperview()
            controller.removeFromParent()
        }
        if hasMore, more.parent !== self {
            addChild(more)
            more.didMove(toParent: self)
        } else if !hasMore, more.parent === self {
            more.willMove(toParent: nil)
            more.viewIfLoaded?.removeFromSuperview()
            more.removeFromParent()
        }
        (more.viewControllers.first as? MoreListController)?.tableView.reloadData()
        bar.setItems(visible.map { $0.tabBarItem } + (hasMore ? [more.tabBarItem] : []), animated: animated)
        // As in UIKit: the view controller selected before, if it is still a tab (under
        // More too, or More's list while it showed); else the one at its index; else the first.
        if let previous, previous === more ? hasMore : new.contains(where: { $0 === previous }) {
            show(previous)
        } else if let previousIndex, new.indices.contains(previousIndex) {
            show(new[previousIndex])
        } else {
            show(new.first)
        }
    }

    /// The selected tab's index in ``viewControllers``, or `NSNotFound` when nothing is
    /// selected or the More tab shows its list. Setting it selects that view controller
    /// without asking the delegate; an index out of range is reported and ignored.
    open var selectedIndex: Int {
        get {
            guard let selected = selectedViewController, let index = controllers?.firstIndex(where: { $0 === selected }) else { return NSNotFound }
            return index
        }
        set {
            guard let controllers, controllers.indices.contains(newValue) else {
                return reportInvalidUse("UITabBarController.selectedIndex: \(newValue) is out of range; the tab bar controller has "
                    + "\(controllers?.count ?? 0) view controllers; the selection is unchanged")
            }
            show(controllers[newValue])
        }
    }

    /// The selected view controller: one of ``viewControllers``, or the
    /// ``moreNavigationController`` while it shows its list; nil with no view controllers.
    /// Setting it selects that view controller without asking the delegate; one that is not
    /// a tab is reported and ignored.
    open var selectedViewController: UIViewController? {
        get { selected === more ? selectionInMore : selected }
        set {
            guard let newValue, newValue === more && hasMore || (controllers ?? []).contains(where: { $0 === newValue }) else {
                return reportInvalidUse("UITabBarController.selectedViewController: "
                    + "\(newValue.map { "\(type(of: $0))" } ?? "nil") is not one of the view controllers; the selection is unchanged")
            }
            show(newValue)
        }
    }

    /// A view controller's ``UIViewController/tabBarItem`` was replaced: the bar shows the new one.
    package func tabBarItemsDidChange() {
        let selectedItem = bar.selectedItem
        bar.setItems(visibleControllers.map { $0.tabBarItem } + (hasMore ? [more.tabBarItem] : []), animated: false)
        let shown = bar.items ?? []
        if let selectedItem, shown.contains(where: { $0 === selectedItem }) {
            bar.selectedItem = selectedItem
        } else if let item = selected?.tabBarItem, shown.contains(where: { $0 === item }) {
            bar.selectedItem = item
        } else if hasMore, selected === more || overflowControllers.contains(where: { $0 === selected }) {
            // A tab under More (its item changing as it is lent to the More stack).
            bar.selectedItem = more.tabBarItem
        } else {
            bar.selectedItem = nil
        }
        (more.viewControllers.first as? MoreListController)?.tableView.reloadData()
    }

    /// A navigation controller of a tab settled after a change of its stack: the bar comes
    /// back from riding it, shown or hidden as the stack wants.
    package func navigationStackDidSettle(_ navigation: UINavigationController) {
        guard navigation === shown else { return }
        endBarRide()
        layoutTabs()
    }

    /// Called when the user selected `item`: shows its view controller, or when it was
    /// already selected pops a navigation controller to its root, then tells the
    /// ``delegate``. Subclasses that override it call `super`.
    open func tabBar(_ tabBar: UITabBar, didSelect item: UITabBarItem) {
        guard tabBar === bar, let controller = controller(for: item) else { return }
        if controller === selected {
            (shown as? UINavigationController)?.popToRootViewController(animated: true)
        } else {
            show(controller)
        }
        delegate?.tabBarController(self, didSelect: controller)
    }

    /// Why `list` cannot be the view controllers, or nil when it can.
    private func reasonToRefuse(_ list: [UIViewController]?) -> String? {
        guard let list else { return nil }
        for (index, controller) in list.enumerated() {
            if list[..<index].contains(where: { $0 === controller }) {
                return "\(type(of: controller)) is given for two tabs; a view controller can be in one tab only"
            }
            var ancestor: UIViewController? = self
            while let a = ancestor {
                if a === controller {
                    return "\(type(of: controller)) contains this tab bar controller and cannot be one of its tabs"
                }
                ancestor = a.parent ?? a.presentingViewController
            }
            if let parent = controller.parent, parent !== self, parent !== more {
                let place = parent is UINavigationController ? "on the stack of \(type(of: parent))" : "a child of \(type(of: parent))"
                return "\(type(of: controller)) is already \(place); remove it there first"
            }
            if controller.presentingViewController != nil { return "\(type(of: controller)) is presented; dismiss it first" }
        }
        return nil
    }

    // MARK: Tabs and the More list

    /// Whether there are more view controllers than tabs.
    var hasMore: Bool { (controllers?.count ?? 0) > Self.maximumTabs }

    /// The view controllers with a tab of their own.
    var visibleControllers: [UIViewController] {
        let all = controllers ?? []
        return hasMore ? Array(all.prefix(Self.maximumTabs - 1)) : all
    }

    /// The view controllers listed under More.
    var overflowControllers: [UIViewController] {
        hasMore ? Array((controllers ?? []).dropFirst(Self.maximumTabs - 1)) : []
    }

    /// The view controller of `item`'s tab (the More navigation controller for More).
    private func controller(for item: UITabBarItem) -> UIViewController? {
        if hasMore, item === more.tabBarItem { return more }
        return visibleControllers.first { $0.tabBarItem === item }
    }

    /// A navigation controller chosen from the More list, whose stack the More stack shows
    /// while it is chosen (a navigation controller cannot be pushed).
    private var lent: (owner: UINavigationController, root: UIViewController)?

    /// Gives a navigation controller chosen from the More list its stack back: the screens
    /// above the list as they stand (pushed ones too), so that moving the tab does not
    /// drop what was pushed in it.
    private func releaseMoreStack() {
        guard more.viewControllers.count > 1 || lent != nil else { return }
        let carried = Array(more.viewControllers.dropFirst())
        if let list = more.viewControllers.first { more.setViewControllers([list], animated: false) }
        returnLentRoot(with: carried)
    }

    /// The More list is showing again: what it lent is given back, with `stack` (the lent
    /// root and what was pushed over it) when the More stack still held them.
    func returnLentRoot(with stack: [UIViewController] = []) {
        // Still on the More stack (the list appearing while the stack is replaced): given
        // back once it has left it.
        guard let (owner, root) = lent, root.parent == nil else { return }
        lent = nil
        let kept = stack.first === root ? stack.filter { $0.parent == nil } : [root]
        owner.setViewControllers(kept.first === root ? kept : [root], animated: false)
    }

    /// Pushes `controller`, one of the view controllers under More, on the More stack (a
    /// navigation controller's root, for a navigation controller, which cannot be pushed).
    func showFromMore(_ controller: UIViewController, animated: Bool) {
        var pushed = controller
        if let navigation = controller as? UINavigationController, let root = navigation.viewControllers.first {
            let stack = navigation.viewControllers
            navigation.setViewControllers([], animated: false)
            lent = (navigation, root)
            if stack.count > 1, let list = more.viewControllers.first {
                // What was pushed in the tab stays on top of its root.
                more.setViewControllers([list] + stack, animated: animated)
                return
            }
            pushed = root
        }
        more.pushViewController(pushed, animated: animated)
    }

    /// What the More tab shows: the view controller chosen from its list, or the More
    /// navigation controller itself while it shows the list.
    private var selectionInMore: UIViewController {
        if let lent { return lent.owner }
        let stack = more.viewControllers
        if stack.count > 1, let chosen = overflowControllers.first(where: { $0 === stack[1] }) { return chosen }
        return more
    }

    /// Selects `controller` (a tab, or More) and puts its view in the container.
    private func show(_ controller: UIViewController?) {
        endBarRide()
        if let controller, controller === more || overflowControllers.contains(where: { $0 === controller }) {
            if controller !== more, selectionInMore !== controller {
                releaseMoreStack()
                showFromMore(controller, animated: false)
            }
            selected = more
            swapShown(to: more)
            bar.selectedItem = more.tabBarItem
        } else {
            selected = controller
            swapShown(to: controller)
            bar.selectedItem = controller?.tabBarItem
        }
        layoutTabs()
    }

    private func swapShown(to controller: UIViewController?) {
        guard controller !== shown else { return }
        let old = shown
        shown = controller
        guard let view = viewIfLoaded else { return }
        old?.viewIfLoaded?.removeFromSuperview()
        if let controller {
            controller.view.frame = view.bounds
            applyCoverage(to: controller)
            view.insertSubview(controller.view, belowSubview: bar)
        }
    }

    // MARK: View and layout

    /// Makes the container view, with the tab bar along the bottom and the selected view
    /// controller's view under it.
    open override func loadView() {
        let container = UIView(frame: UIScreen.main.bounds)
        container.backgroundColor = .systemBackground
        container.addSubview(bar)
        view = container
        if let shown {
            shown.view.frame = container.bounds
            container.insertSubview(shown.view, belowSubview: bar)
        }
    }

    /// Lays out the bar and the selected view controller's view.
    open override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        layoutTabs()
    }

    /// The safe area changed (the screen's, or a rotation): the bar follows.
    open override func viewSafeAreaInsetsDidChange() {
        super.viewSafeAreaInsetsDidChange()
        layoutTabs()
    }

    /// The status bar style of the selected view controller.
    open override var childForStatusBarStyle: UIViewController? { shown }

    /// Where the bar goes: its items above the safe area's bottom, its background down to
    /// the bottom edge.
    func barFrame() -> CGRect {
        guard let view = viewIfLoaded else { return bar.frame }
        let height = bar.itemHeight + view.safeAreaInsets.bottom
        return CGRect(x: 0, y: view.bounds.height - height, width: view.bounds.width, height: height)
    }

    /// How much of a child's view the bar covers, from the bottom edge, while it shows.
    package var tabBarCoverage: CGFloat {
        guard let view = viewIfLoaded else { return 0 }
        return bar.itemHeight + view.safeAreaInsets.bottom
    }

    /// Whether the shown navigation stack hides the bar (``UIViewController/hidesBottomBarWhenPushed``).
    var barHiddenByContent: Bool { (shown as? UINavigationController)?.hidesBottomBar ?? false }

    func layoutTabs() {
        guard let view = viewIfLoaded else { return }
        if ride == nil {
            bar.frame = barFrame()
            bar.isHidden = barHiddenByContent
            if bar.superview !== view || view.subviews.last !== bar { view.addSubview(bar) }
        }
        if let shown {
            shown.view.frame = view.bounds
            applyCoverage(to: shown)
        }
    }

    /// Tells `child` how much of its view the bar covers: a navigation controller passes
    /// it on to each view controller of its stack that shows the bar.
    private func applyCoverage(to child: UIViewController) {
        if let navigation = child as? UINavigationController {
            child.tabBarSafeAreaInset = 0
            navigation.tabBarCoverageDidChange()
        } else {
            child.tabBarSafeAreaInset = tabBarCoverage
        }
    }

    // MARK: The bar riding a push or pop

    /// While a push or pop hides or shows the bar: the view the bar moves with, and the
    /// frames of both at rest.
    private var ride: (view: UIView, viewRest: CGRect, barRest: CGRect)?

    /// The bar leaves the container for the navigation controller's view, placed just
    /// above `view` (the view that shows it), and moves with that view until
    /// ``endBarRide()``; so it slides off with the outgoing view of a push and comes back
    /// with the uncovered view of a pop, covered by the view sliding over.
    package func beginBarRide(in navigation: UINavigationController, with view: UIView, restFrame: CGRect) {
        guard navigation === shown, let container = viewIfLoaded, let navigationView = navigation.viewIfLoaded,
              view.superview === navigationView else { return }
        endBarRide()
        let barRest = container.convert(barFrame(), to: navigationView)
        ride = (view, restFrame, barRest)
        navigationView.insertSubview(bar, aboveSubview: view)
        bar.isHidden = false
        UIView.performWithoutAnimation { moveRidingBar() }
    }

    /// Puts the riding bar where its view is now (inside an animation block: animated with it).
    package func moveRidingBar() {
        guard let ride else { return }
        bar.frame = ride.barRest.offsetBy(dx: ride.view.frame.minX - ride.viewRest.minX, dy: 0)
    }

    /// The push or pop is over: the bar comes back to the container, shown or hidden as
    /// the navigation stack now wants.
    func endBarRide() {
        guard ride != nil else { return }
        ride = nil
        UIView.performWithoutAnimation { layoutTabs() }
    }
}

/// The list of the More tab: the view controllers past the fourth, each with its tab's
/// image and title; tapping one shows it.
@MainActor
final class MoreListController: UITableViewController {
    private weak var owner: UITabBarController?

    init(owner: UITabBarController) {
        self.owner = owner
        super.init(style: .plain)
        title = "More"
    }

    required init?(coder: NSCoder) { fatalError("not used") }

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "more")
    }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        owner?.returnLentRoot()
    }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        owner?.overflowControllers.count ?? 0
    }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "more", for: indexPath)
        let controllers = owner?.overflowControllers ?? []
        guard controllers.indices.contains(indexPath.row) else { return cell }
        let item = controllers[indexPath.row].tabBarItem!
        cell.textLabel?.text = item.displayedTitle
        cell.imageView?.image = item.displayedImage
        cell.imageView?.tintColor = view.tintColor
        cell.accessoryType = .disclosureIndicator
        return cell
    }

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        tableView.deselectRow(at: indexPath, animated: true)
        guard let owner, owner.overflowControllers.indices.contains(indexPath.row) else { return }
        owner.showFromMore(owner.overflowControllers[indexPath.row], animated: true)
    }
}

extension UITabBarController: TabBarHosting {}

extension UIViewController {
    /// The nearest ancestor that is a tab bar controller, or the tab bar controller whose
    /// More list holds this view controller (or an ancestor); nil when there is none.
    public var tabBarController: UITabBarController? { enclosingTabBarHost as? UITabBarController }
}
