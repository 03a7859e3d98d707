import Foundation

/// The methods a navigation controller's delegate implements to hear when a view
/// controller is about to be shown and has been shown. Both have empty defaults.
@preconcurrency @MainActor
public protocol UINavigationControllerDelegate: AnyObject {
    /// Called just before the navigation controller shows `viewController`'s view and
    /// sets the navigation item's properties.
    func navigationController(_ navigationController: UINavigationController,
                              willShow viewController: UIViewController, animated: Bool)
    /// Called just after the navigation controller shows `viewController`'s view and
    /// sets the navigation item's properties.
    func navigationController(_ navigationController: UINavigationController,
                              didShow viewController: UIViewController, animated: Bool)
}

extension UINavigationControllerDelegate {
    /// Does nothing.
    public func navigationController(_ navigationController: UINavigationController,
                                     willShow viewController: UIViewController, animated: Bool) {}
    /// Does nothing.
    public func navigationController(_ navigationController: UINavigationController,
                                     didShow viewController: UIViewController, animated: Bool) {}
}

/// A container that shows a stack of view controllers one at a time, with a navigation
/// bar at the top: pushing one slides it in from the right edge, popping slides it back out.
///
/// The view controllers on the stack are its ``UIViewController/children``, added and
/// removed with the containment calls UIKit documents: a pushed one gets
/// `willMove(toParent:)` before anything else and `didMove(toParent:)` after the
/// transition; a popped one gets `willMove(toParent: nil)` first and
/// `didMove(toParent: nil)` last. While the navigation controller is on screen, a push
/// or pop gives the outgoing controller `viewWillDisappear` and the incoming one
/// `viewWillAppear` (then `viewIsAppearing`) before the animation, and `viewDidDisappear`
/// then `viewDidAppear` once it ends.
///
/// Misuse (pushing a controller already on the stack, popping the root, popping to a
/// controller that is not on the stack) is reported to ``UIViewController/onInvalidUse``
/// and changes nothing.
@preconcurrency @MainActor
open class UINavigationController: UIViewController {
    /// How long a push or pop slides, in seconds.
    static let transitionDuration: TimeInterval = 0.35
    /// How far the outgoing view moves, as a fraction of the width.
    static let parallax: CGFloat = 1.0 / 3

    /// The bar at the top that shows the top view controller's navigation item.
    public let navigationBar: UINavigationBar

    /// The object told when a view controller is about to be shown and has been shown.
    open weak var delegate: (any UINavigationControllerDelegate)?

    private var stack: [UIViewController] = []
    /// A transition under way: what its end does. Starting another one finishes it first.
    private var pendingFinish: (() -> Void)?
    /// Counts transitions, so that an animation's completion finishes only its own.
    private var transitionCount = 0
    /// The view that darkens the outgoing (push) or uncovered (pop) view during a transition.
    private let dimmingView = UIView(frame: .zero)
    /// The soft shadow along the left edge of the view sliding over the other.
    private let edgeShadow = EdgeShadowView(frame: .zero)

    /// Creates a navigation controller with `rootViewController` at the bottom of its stack.
    public init(rootViewController: UIViewController) {
        navigationBar = Self.standardBar()
        toolbarView = Self.standardToolbar()
        super.init(nibName: nil, bundle: nil)
        setUp()
        setViewControllers([rootViewController], animated: false)
    }

    /// Creates a navigation controller with an empty stack; see
    /// ``UIViewController/init(nibName:bundle:)``.
    public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        navigationBar = Self.standardBar()
        toolbarView = Self.standardToolbar()
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
        setUp()
    }

    /// Creates a navigation controller with an empty stack whose navigation bar and
    /// toolbar are of the classes given (subclasses of ``UINavigationBar`` and
    /// ``UIToolbar``), or the standard ones for nil.
    ///
    /// UIKit makes the bars from their classes through the Objective-C runtime; Swift on
    /// Linux makes an object from a class only through an initializer every subclass must
    /// keep, so a custom bar class adopts ``ConstructibleView`` (`extension FancyBar:
    /// ConstructibleView {}`, the class `final` or its `init(frame:)` `required`). A class
    /// that does not, or that is not a bar of the right kind, is reported (to
    /// ``UIViewController/onInvalidUse``) and the standard bar is used.
    public init(navigationBarClass: AnyClass?, toolbarClass: AnyClass?) {
        navigationBar = Self.bar(of: navigationBarClass, UINavigationBar.self, "navigationBarClass", frame: Self.barFrame)
            ?? Self.standardBar()
        toolbarView = Self.bar(of: toolbarClass, UIToolbar.self, "toolbarClass", frame: Self.toolbarFrame) ?? Self.standardToolbar()
        super.init(nibName: nil, bundle: nil)
        setUp()
    }

    /// Where the bars start, before the first layout places them.
    private static let barFrame = CGRect(x: 0, y: 0, width: 320, height: 44)
    private static let toolbarFrame = CGRect(x: 0, y: 0, width: 320, height: UIToolbar.height)
    private static func standardBar() -> UINavigationBar { UINavigationBar(frame: barFrame) }
    private static func standardToolbar() -> UIToolbar { UIToolbar(frame: toolbarFrame) }

    /// A bar of the class given, when it is a `Kind` that can be made; nil (reported unless
    /// the class is nil or `Kind` itself) for the standard one.
    private static func bar<Kind: UIView>(of given: AnyClass?, _ kind: Kind.Type, _ argument: String, frame: CGRect) -> Kind? {
        guard let given, given != kind else { return nil }
        let name = String(reflecting: given)
        guard given is Kind.Type else {
            onInvalidUse("UINavigationController(navigationBarClass:toolbarClass:): \(argument) \(name) is not a "
                         + "subclass of \(kind); the standard bar is used")
            return nil
        }
        guard let constructible = given as? any ConstructibleView.Type,
              let made = constructible.init(frame: frame) as? Kind else {
            onInvalidUse("UINavigationController(navigationBarClass:toolbarClass:): \(name) cannot be made from its "
                + "class without the Objective-C runtime: add `extension \(name.split(separator: ".").last ?? ""): "
                + "ConstructibleView {}` and make the class final (or its init(frame:) required); the standard bar is used")
            return nil
        }
        return made
    }

    /// Creates a navigation controller with an empty stack; Tabula reads nothing from
    /// `coder` (see ``UIViewController/init(coder:)``).
    public required init?(coder: NSCoder) {
        navigationBar = Self.standardBar()
        toolbarView = Self.standardToolbar()
        super.init(coder: coder)
        setUp()
        InterfaceBuilderCoder.decode(coder, into: self, at: UINavigationController.self)
    }

    private func setUp() {
        navigationBar.onBack = { [weak self] in self?.popViewController(animated: true) }
        popRecognizer.edges = .left
        navigationBar.onLargeTitleChange = { [weak self] in
            guard let self, self.pendingFinish == nil else { return }
            self.layoutStack()
        }
        popRecognizer.addTarget { [weak self] pan in self?.handleBackSwipe(pan) }
        dimmingView.backgroundColor = UIColor(white: 0, alpha: 0.1)
        dimmingView.isUserInteractionEnabled = false
        barHiding.connect(to: self)
    }

    // MARK: The stack

    /// The view controllers on the stack, root first, top last. Setting it replaces the
    /// stack without animation (see ``setViewControllers(_:animated:)``).
    open var viewControllers: [UIViewController] {
        get { stack }
        set { setViewControllers(newValue, animated: false) }
    }

    /// The view controller at the top of the stack.
    open var topViewController: UIViewController? { stack.last }

    /// The item that stands for the navigation controller in a tab bar: its root view
    /// controller's, unless one was assigned to the navigation controller or it has a
    /// title of its own (then its own, as for any view controller). So a screen that sets
    /// its ``UIViewController/title`` and ``UIViewController/tabBarItem`` in its
    /// initializer keeps them on its tab when it is wrapped in a navigation controller,
    /// as in UIKit.
    open override var tabBarItem: UITabBarItem! {
        get {
            if !tabBarItemWasAssigned, title == nil, let root = stack.first { return root.tabBarItem }
            return super.tabBarItem
        }
        set { super.tabBarItem = newValue }
    }

    /// The view controller whose view is shown: the top one (Tabula has no presentation yet).
    open var visibleViewController: UIViewController? { stack.last }

    /// Replaces the stack. When the top changes and `animated` is true, the new top
    /// slides in as with a push if it was not on the stack, or as with a pop if it was.
    /// Controllers that leave the stack are removed from it as children; a list with the
    /// same controller twice is reported and ignored.
    open func setViewControllers(_ viewControllers: [UIViewController], animated: Bool) {
        if deferredWhileInstalling({ [unowned self] in setViewControllers(viewControllers, animated: animated) }) { return }
        settleBackSwipe()
        guard Set(viewControllers.map(ObjectIdentifier.init)).count == viewControllers.count else {
            reportInvalidUse("setViewControllers: Pushing the same view controller instance more than once is not supported; stack unchanged")
            return
        }
        if let nested = viewControllers.first(where: { $0 is UINavigationController }) {
            reportInvalidUse("setViewControllers: Pushing a navigation controller is not supported (\(type(of: nested))); stack unchanged")
            return
        }
        for controller in viewControllers where !stack.contains(where: { $0 === controller }) {
            if let problem = reasonNotToAdopt(controller) {
                return reportInvalidUse("setViewControllers: \(problem); stack unchanged")
            }
        }
        let isPush = viewControllers.last.map { new in !stack.contains { $0 === new } } ?? true
        let rootChanges = viewControllers.first !== stack.first
        transition(to: viewControllers, animated: animated, isPush: isPush)
        // A tab shows the root's item (``tabBarItem``): a new root gives the tab its item.
        if rootChanges, !tabBarItemWasAssigned, title == nil { enclosingTabBarHost?.tabBarItemsDidChange() }
    }

    /// Pushes `viewController` onto the stack and shows it, sliding in from the right
    /// edge when `animated`.
    open func pushViewController(_ viewController: UIViewController, animated: Bool) {
        if deferredWhileInstalling({ [unowned self] in pushViewController(viewController, animated: animated) }) { return }
        settleBackSwipe()
        if stack.contains(where: { $0 === viewController }) {
            reportInvalidUse("pushViewController: Pushing the same view controller instance more than once is not supported (\(type(of: viewController))); not pushed")
            return
        }
        if viewController is UINavigationController {
            reportInvalidUse("pushViewController: Pushing a navigation controller is not supported; not pushed")
            return
        }
        if let problem = reasonNotToAdopt(viewController) {
            return reportInvalidUse("pushViewController: \(problem); not pushed")
        }
        transition(to: stack + [viewController], animated: animated, isPush: true)
    }

    /// Pops the top view controller and shows the one below it; returns the popped one,
    /// or nil (reported) when the top is the root.
    @discardableResult
    open func popViewController(animated: Bool) -> UIViewController? {
        if deferredWhileInstalling({ [unowned self] in popViewController(animated: animated) }) {
            return stack.count > 1 ? stack.last : nil
        }
        settleBackSwipe()
        guard stack.count > 1, let top = stack.last else {
            reportInvalidUse("popViewController: the root view controller cannot be popped; nothing popped")
            return nil
        }
        transition(to: Array(stack.dropLast()), animated: animated, isPush: false)
        return top
    }

    /// Pops every view controller above the root; returns them, bottom first (nil when
    /// the root is already on top).
    @discardableResult
    open func popToRootViewController(animated: Bool) -> [UIViewController]? {
        if deferredWhileInstalling({ [unowned self] in popToRootViewController(animated: animated) }) {
            return stack.count > 1 ? Array(stack.dropFirst()) : nil
        }
        settleBackSwipe()
        guard stack.count > 1 else { return nil }
        let popped = Array(stack.dropFirst())
        transition(to: [stack[0]], animated: animated, isPush: false)
        return popped
    }

    /// Pops the view controllers above `viewController`; returns them, bottom first.
    /// A controller not on the stack is reported and nothing is popped (nil).
    @discardableResult
    open func popToViewController(_ viewController: UIViewController, animated: Bool) -> [UIViewController]? {
        if deferredWhileInstalling({ [unowned self] in popToViewController(viewController, animated: animated) }) {
            return stack.firstIndex(where: { $0 === viewController }).map { Array(stack[($0 + 1)...]) }
        }
        settleBackSwipe()
        guard let index = stack.firstIndex(where: { $0 === viewController }) else {
            reportInvalidUse("popToViewController: Tried to pop to a view controller that doesn't exist (\(type(of: viewController))); nothing popped")
            return nil
        }
        let popped = Array(stack[(index + 1)...])
        if !popped.isEmpty { transition(to: Array(stack[...index]), animated: animated, isPush: false) }
        return popped
    }

    // MARK: The bar

    /// Whether the navigation bar is hidden; setting it hides or shows the bar at once.
    open var isNavigationBarHidden: Bool {
        get { barHidden }
        set { setNavigationBarHidden(newValue, animated: false) }
    }

    /// Whether the bar is hidden, or on its way out; the bar view itself hides once it is out of sight.
    private var barHidden = false

    /// Hides or shows the navigation bar; when `animated`, the bar slides up out of view
    /// or down into it while the content grows or shrinks to match.
    open func setNavigationBarHidden(_ hidden: Bool, animated: Bool) {
        guard hidden != barHidden else { return }
        barHidden = hidden
        slide(navigationBar, hidden: hidden, animated: animated) { $0.barHidden }
    }

    /// Moves a bar (the navigation bar or the toolbar) in or out of view, the content
    /// following: at once, or sliding when `animated` and on screen. The bar view hides
    /// once it is out of sight, unless it was asked back meanwhile (`isHidden` reads the
    /// current wish).
    private func slide(_ bar: UIView, hidden: Bool, animated: Bool,
                       isHidden: @escaping (UINavigationController) -> Bool) {
        guard animated, viewIfLoaded?.window != nil else {
            bar.isHidden = hidden
            layoutStack()
            return
        }
        bar.isHidden = false
        UIView.animate(withDuration: Self.transitionDuration / 1.5, delay: 0, options: [.curveEaseOut, .beginFromCurrentState],
                       animations: { self.layoutStack() },
                       completion: { _ in if isHidden(self) == hidden { bar.isHidden = hidden } })
    }

    // MARK: Hiding the bars on swipe or tap (see UINavigationController+BarHiding.swift)

    /// Whether an upward swipe in the content hides the navigation bar and the toolbar, and
    /// a downward swipe shows them again, sliding as ``setNavigationBarHidden(_:animated:)``
    /// slides them (false by default). The toolbar takes part only while it has items; one
    /// without items stays as it is. The swipe is ``barHideOnSwipeGestureRecognizer``'s, and
    /// recognizes together with the content's scrolling.
    open var hidesBarsOnSwipe = false { didSet { barHiding.swipe.isEnabled = hidesBarsOnSwipe } }

    /// The pan that hides and shows the bars when ``hidesBarsOnSwipe`` is true (disabled
    /// while it is false). You may add targets to it; keep its delegate, which lets it
    /// recognize together with every other recognizer.
    open var barHideOnSwipeGestureRecognizer: UIPanGestureRecognizer { barHiding.swipe }

    /// Whether a tap in the content (outside the bars) hides the navigation bar and the
    /// toolbar, or shows them when hidden (false by default). The toolbar takes part only
    /// while it has items. A tap on a button or field is the control's, not this.
    open var hidesBarsOnTap = false { didSet { barHiding.tap.isEnabled = hidesBarsOnTap } }

    /// The tap that hides and shows the bars when ``hidesBarsOnTap`` is true (disabled
    /// while it is false). You may add targets to it; keep its delegate.
    open var barHideOnTapGestureRecognizer: UITapGestureRecognizer { barHiding.tap }

    /// The recognizers behind ``hidesBarsOnSwipe`` and ``hidesBarsOnTap``.
    let barHiding = BarHiding()

    /// Whether a push, pop or back swipe is under way (the bars are not hidden meanwhile).
    var isTransitioning: Bool { pendingFinish != nil || backSwipe != nil }

    // MARK: The toolbar

    private let toolbarView: UIToolbar

    /// The toolbar along the bottom, showing the top view controller's
    /// ``UIViewController/toolbarItems``; hidden until ``setToolbarHidden(_:animated:)`` shows it.
    open var toolbar: UIToolbar! { toolbarView }

    private var toolbarHidden = true

    /// Whether the toolbar is hidden (default true); setting it shows or hides it at once.
    open var isToolbarHidden: Bool {
        get { toolbarHidden }
        set { setToolbarHidden(newValue, animated: false) }
    }

    /// Shows or hides the toolbar; when `animated`, it slides up from the bottom edge or
    /// down out of view, and the content's safe area follows.
    open func setToolbarHidden(_ hidden: Bool, animated: Bool) {
        guard hidden != toolbarHidden else { return }
        toolbarHidden = hidden
        slide(toolbarView, hidden: hidden, animated: animated) { $0.toolbarHidden }
    }

    /// Where the toolbar goes: above the safe area's bottom (the home indicator), or
    /// just below the view when hidden.
    func toolbarFrame() -> CGRect {
        guard let view = viewIfLoaded else { return toolbarView.frame }
        // Above the tab bar, when the navigation controller is a tab and its top shows the bar.
        let bottom = view.bounds.height - max(view.safeAreaInsets.bottom, tabBarInset(for: stack.last))
        let height = toolbarView.stripHeight
        return CGRect(x: 0, y: toolbarHidden ? view.bounds.height : bottom - height, width: view.bounds.width, height: height)
    }

    // MARK: View

    /// Makes the container view, with the navigation bar at the top and the back swipe's recognizer.
    open override func loadView() {
        let container = UIView(frame: UIScreen.main.bounds)
        container.backgroundColor = .systemBackground
        container.clipsToBounds = true
        container.addSubview(navigationBar)
        toolbarView.isHidden = toolbarHidden
        container.addSubview(toolbarView)
        container.addGestureRecognizer(popRecognizer)
        container.addGestureRecognizer(barHiding.swipe)
        container.addGestureRecognizer(barHiding.tap)
        view = container
        if let top = stack.last {
            installing { container.insertSubview(top.view, belowSubview: navigationBar) }
        }
    }

    /// Stack changes asked for while a top view controller's view is loaded and put in
    /// place (nil the rest of the time): a root whose `viewDidLoad` pushes the first real
    /// screen, as a splash screen does, or a change asked for from an appearance callback
    /// or the delegate mid-transition. Each runs, in order, once the view being installed
    /// is in place and its transition under way; run at once, the new top would go in
    /// under the view still being installed and stay hidden behind it.
    private var changesWhileInstalling: [() -> Void]?

    /// Whether a stack change asked for now waits for the view being installed; when it
    /// does, `change` runs once that view is in place.
    private func deferredWhileInstalling(_ change: @escaping () -> Void) -> Bool {
        guard changesWhileInstalling != nil else { return false }
        changesWhileInstalling?.append(change)
        return true
    }

    /// Runs `body`, which installs a top view controller's view, holding back the stack
    /// changes asked for meanwhile until it returns.
    private func installing(_ body: () -> Void) {
        guard changesWhileInstalling == nil else { return body() }
        changesWhileInstalling = []
        body()
        let waiting = changesWhileInstalling ?? []
        changesWhileInstalling = nil
        for change in waiting { change() }
    }

    /// Lays out the bar and the top view controller's view below it.
    open override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        if pendingFinish == nil { layoutStack() }
    }

    /// A light status bar over a `.black` navigation bar, else the default (as UIKit
    /// decides it from the bar's style).
    open override var preferredStatusBarStyle: UIStatusBarStyle {
        navigationBar.barStyle == .black && !barHidden ? .lightContent : .default
    }

    /// The navigation controller forwards appearance itself, to the top view controller only.
    open override var shouldAutomaticallyForwardAppearanceMethods: Bool { false }

    /// Passes `viewWillAppear` on to the top view controller.
    open override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        if let top = stack.last {
            delegate?.navigationController(self, willShow: top, animated: animated)
            top.beginAppearanceTransition(true, animated: animated)
        }
    }

    /// Passes `viewIsAppearing` on to the top view controller.
    open override func viewIsAppearing(_ animated: Bool) {
        super.viewIsAppearing(animated)
        layoutStack()
        stack.last?.viewIsInHierarchy()
    }

    /// Passes `viewDidAppear` on to the top view controller.
    open override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        if let top = stack.last {
            top.endAppearanceTransition()
            delegate?.navigationController(self, didShow: top, animated: animated)
        }
    }

    /// Passes `viewWillDisappear` on to the top view controller.
    open override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        stack.last?.beginAppearanceTransition(false, animated: animated)
    }

    /// Passes `viewDidDisappear` on to the top view controller.
    open override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        stack.last?.endAppearanceTransition()
    }

    // MARK: Transitions

    /// Where the bar goes: just below the safe area's top edge (the status bar), or
    /// above the view when hidden. Its background reaches up behind the status bar.
    func barFrame() -> CGRect {
        guard let view = viewIfLoaded else { return navigationBar.frame }
        let safeTop = view.safeAreaInsets.top
        let reveal = reveals()
        let height = searchHidesBar ? navigationBar.searchRowHeight
            : navigationBar.stripHeight + (navigationBar.showsPrompt ? UINavigationBar.promptHeight : 0) + reveal.largeTitle + reveal.searchRow
        return CGRect(x: 0, y: barHidden ? -height : safeTop, width: view.bounds.width, height: height)
    }

    /// How much of the large title area and of the search row show: all of both at rest,
    /// less as the content scrolls up under them (the search row first, when the item's
    /// ``UINavigationItem/hidesSearchBarWhenScrolling``; else it stays), a larger title
    /// area when the content is pulled down. Without a scroll view, all of both.
    /// Whether `scrollView`'s frame reaches up under the bar (so its content scrolls
    /// under the large title), rather than starting at the bar's bottom edge or below.
    private func contentGoesUnderBar(_ scrollView: UIScrollView) -> Bool {
        guard let view = viewIfLoaded, let frame = scrollView.superview?.convert(scrollView.frame, to: view) else {
            return false
        }
        return frame.minY < barBottomForInsets(of: stack.last) - 0.5
    }

    private func reveals() -> (largeTitle: CGFloat, searchRow: CGFloat) {
        let large = navigationBar.showsLargeTitle, row = navigationBar.searchRowHeight
        guard let scrollView = observedScrollView, let view = viewIfLoaded,
              let frame = scrollView.superview?.convert(scrollView.frame, to: view),
              contentGoesUnderBar(scrollView) else {
            // Without content under the bar (none, or a scroll view set below the bar with
            // setContentScrollView), the title stays large.
            return (large ? navigationBar.largeTitleHeight : 0, row)
        }
        // Where the content's top edge is on screen, below the bar's strip under the status bar.
        let top = -scrollView.contentOffset.y + frame.minY
        let prompt = navigationBar.showsPrompt ? UINavigationBar.promptHeight : 0
        let room = max(0, top - view.safeAreaInsets.top - navigationBar.stripHeight - prompt)
        let hides = navigationBar.topItem?.hidesSearchBarWhenScrolling ?? false
        let searchRow = hides ? min(row, max(0, room - (large ? navigationBar.largeTitleHeight : 0))) : row
        return (large ? max(0, room - searchRow) : 0, searchRow)
    }

    /// The bottom of the bar as the safe area counts it: with a large title, the whole
    /// large title area, so that content rests below it and scrolls up under it.
    private func barBottomForInsets(of controller: UIViewController?) -> CGFloat {
        guard let view = viewIfLoaded else { return 0 }
        if searchHidesBar, controller === stack.last { return view.safeAreaInsets.top + navigationBar.searchRowHeight }
        return view.safeAreaInsets.top + navigationBar.stripHeight + (showsLargeTitle(controller) ? navigationBar.largeTitleHeight : 0)
            + (controller?.navigationItem.prompt != nil ? UINavigationBar.promptHeight : 0)
            + (controller === stack.last ? navigationBar.searchRowHeight
                : controller?.navigationItem.searchController != nil ? UINavigationBar.searchRowHeight : 0)
    }

    /// Whether the bar shows `controller`'s title large while it is on top.
    private func showsLargeTitle(_ controller: UIViewController?) -> Bool {
        guard let controller, let index = stack.firstIndex(where: { $0 === controller }) else { return false }
        return navigationBar.showsLargeTitle(at: index, in: stack.map(\.navigationItem))
    }

    /// Where `controller`'s view goes: the whole view, under the bar, unless the
    /// controller's ``UIViewController/edgesForExtendedLayout`` leaves out the top.
    func contentFrame(for controller: UIViewController?) -> CGRect {
        guard let bounds = viewIfLoaded?.bounds else { return .zero }
        let extendsUnderBar = controller?.edgesForExtendedLayout.contains(.top) ?? true
        let top = barHidden || extendsUnderBar ? 0 : barBottomForInsets(of: controller)
        return CGRect(x: 0, y: top, width: bounds.width, height: max(0, bounds.height - top))
    }

    /// Tells `controller` how much of its view the bar covers: its safe area grows by it.
    private func updateBarInsets(of controller: UIViewController?) {
        guard let controller else { return }
        let content = contentFrame(for: controller)
        let covered = barHidden ? 0 : max(0, barBottomForInsets(of: controller) - content.minY)
        let coveredBelow = toolbarHidden ? 0 : max(0, content.maxY - toolbarFrame().minY)
        controller.barSafeAreaInsets = UIEdgeInsets(top: covered, left: 0, bottom: coveredBelow, right: 0)
        controller.tabBarSafeAreaInset = tabBarInset(for: controller)
    }

    private func layoutStack() {
        guard let view = viewIfLoaded else { return }
        navigationBar.backgroundExtension = view.safeAreaInsets.top
        toolbarView.backgroundExtension = view.safeAreaInsets.bottom
        toolbarView.frame = toolbarFrame()
        if view.subviews.last !== toolbarView { view.bringSubviewToFront(toolbarView) }
        let top = stack.last
        top?.viewIfLoaded?.frame = contentFrame(for: top)
        updateBarInsets(of: top)
        observeContentScrollView(of: top)
        layOutBar()
    }

    /// Whether an active search shows only its row in the bar (see
    /// ``UISearchController/hidesNavigationBarDuringPresentation``).
    private var searchHidesBar: Bool {
        navigationBar.searchHidesBar && navigationBar.topItem?.searchController != nil
    }

    /// Sizes the bar for the large title area that shows now.
    private func layOutBar() {
        navigationBar.frame = barFrame()
        let reveal = reveals()
        navigationBar.largeTitleReveal = searchHidesBar ? 0 : reveal.largeTitle
        navigationBar.searchRowReveal = searchHidesBar ? navigationBar.searchRowHeight : reveal.searchRow
    }

    /// The navigation controller's own safe area changed (the screen's, or the status
    /// bar): the bar moves below it.
    open override func viewSafeAreaInsetsDidChange() {
        super.viewSafeAreaInsetsDidChange()
        if pendingFinish == nil { layoutStack() }
    }

    // MARK: The bar over scrolled content

    /// The scroll views whose content the bar and the toolbar follow: the top view
    /// controller's ``UIViewController/contentScrollView(for:)`` at the top and at the
    /// bottom edge (usually one and the same).
    private weak var observedScrollView: UIScrollView?
    private weak var observedBottomScrollView: UIScrollView?

    private func observeContentScrollView(of controller: UIViewController?) {
        let top = controller?.contentScrollView(for: .top)
        let bottom = controller?.contentScrollView(for: .bottom)
        if observedScrollView !== top || observedBottomScrollView !== bottom {
            for old in [observedScrollView, observedBottomScrollView] {
                old?.contentOffsetObserver = nil
                old?.largeTitleInset = 0
            }
            observedScrollView = top
            observedBottomScrollView = bottom
            for scrollView in [top, bottom] {
                scrollView?.contentOffsetObserver = { [weak self] scrollView in self?.contentDidScroll(scrollView) }
            }
        }
        if let top { contentDidScroll(top) } else { navigationBar.scrollEdgeProgress = 0 }
        if let bottom, bottom !== top { contentDidScroll(bottom) }
    }

    /// The top view controller chose another scroll view for its bars.
    func contentScrollViewDidChange(of controller: UIViewController) {
        guard controller === stack.last, pendingFinish == nil else { return }
        observeContentScrollView(of: controller)
    }

    /// At the scroll edge — content resting at its top — the bar is transparent, as on
    /// iOS 15 and later; over the first 10 points of content scrolling under it, its
    /// translucent background and hairline fade in.
    private func contentDidScroll(_ scrollView: UIScrollView) {
        if scrollView === observedScrollView { topContentDidScroll(scrollView) }
        if scrollView === observedBottomScrollView {
            // The toolbar is clear once the content's bottom edge has come up to it.
            let below = scrollView.contentSize.height + scrollView.adjustedContentInset.bottom
                - (scrollView.contentOffset.y + scrollView.bounds.height)
            toolbarView.scrollEdgeProgress = min(max(below / 10, 0), 1)
        }
    }

    private func topContentDidScroll(_ scrollView: UIScrollView) {
        var under = scrollView.contentOffset.y + scrollView.adjustedContentInset.top - navigationBar.searchRowHeight
        // A refresh control appears above the large title, which moves with the content.
        scrollView.largeTitleInset = navigationBar.showsLargeTitle ? navigationBar.largeTitleHeight : 0
        if navigationBar.showsLargeTitle, contentGoesUnderBar(scrollView) {
            // A large title bar stays clear until the title has collapsed into it. (Over
            // content that stays below the bar, the title stays large: the bar turns as
            // soon as the content scrolls.)
            under -= navigationBar.largeTitleHeight
        }
        if navigationBar.showsLargeTitle || navigationBar.topItem?.hidesSearchBarWhenScrolling == true && navigationBar.searchRowHeight > 0,
           pendingFinish == nil, backSwipe == nil {
            layOutBar()
        }
        navigationBar.scrollEdgeProgress = min(max(under / 10, 0), 1)
    }

    /// Moves from the current stack to `newStack`: containment calls, appearance
    /// callbacks while on screen, the slide when `animated`, and the bar's items.
    private func transition(to newStack: [UIViewController], animated: Bool, isPush: Bool) {
        installing { transitionNow(to: newStack, animated: animated, isPush: isPush) }
    }

    private func transitionNow(to newStack: [UIViewController], animated: Bool, isPush: Bool) {
        pendingFinish?()
        // The outgoing large title rides out at the size it showed (the new top's view may
        // resize the bar before the bar hears of the new items).
        let revealBefore = navigationBar.largeTitleReveal
        let oldStack = stack
        let oldTop = oldStack.last
        let newTop = newStack.last
        let removed = oldStack.filter { old in !newStack.contains { $0 === old } }
        let added = newStack.filter { new in !oldStack.contains { $0 === new } }

        for controller in removed { controller.willLeaveParent() }
        for controller in added { addChild(controller) }
        stack = newStack

        let onScreen = viewIfLoaded?.window != nil && appearance == .appeared
        let topChanged = oldTop !== newTop
        guard let view = viewIfLoaded else {
            navigationBar.setItems(newStack.map(\.navigationItem), animated: false)
            toolbarView.setItems(newTop?.toolbarItems, animated: false)
            finish(removed: removed, added: added, oldTop: nil, newTop: nil)
            return
        }

        // The transition's coordinator, the children's through this navigation controller.
        let willAnimate = animated && oldTop?.viewIfLoaded != nil
        let coordinator = onScreen && topChanged && newTop != nil
            ? TransitionCoordinator(animated: willAnimate, duration: Self.transitionDuration, container: view,
                                    from: oldTop, to: newTop)
            : nil
        coordinator?.install(on: [self])
        if topChanged, let newTop {
            newTop.loadViewIfNeeded()
            (parent as? UISplitViewController)?.columnStackDidChange()
            if onScreen { delegate?.navigationController(self, willShow: newTop, animated: animated) }
            // The view leaving takes its keyboard (or input view) with it, as in UIKit.
            if onScreen, let oldTop, oldTop !== newTop { oldTop.viewIfLoaded?.endEditing(true) }
            if onScreen { oldTop?.beginAppearanceTransition(false, animated: animated) }
            if onScreen { newTop.beginAppearanceTransition(true, animated: animated) }
            view.insertSubview(newTop.view, belowSubview: navigationBar)
            newTop.view.frame = contentFrame(for: newTop)
            updateBarInsets(of: newTop)
            // viewIsAppearing comes with the frame set and before the view lays out.
            if onScreen { newTop.viewIsInHierarchy() }
            newTop.view.layoutIfNeeded()
        }
        navigationBar.setItems(newStack.map(\.navigationItem), animated: animated && onScreen && topChanged,
                               leavingReveal: revealBefore)
        if topChanged { toolbarView.setItems(newTop?.toolbarItems, animated: animated && onScreen) }

        let finishing: () -> Void = { [weak self] in
            guard let self else { return }
            self.pendingFinish = nil
            self.viewIfLoaded?.isUserInteractionEnabled = true
            self.cacheSliding([oldTop?.viewIfLoaded, newTop?.viewIfLoaded], false)
            self.dimmingView.removeFromSuperview()
            self.edgeShadow.removeFromSuperview()
            if topChanged, let oldTop, oldTop !== self.stack.last {
                oldTop.viewIfLoaded?.removeFromSuperview()
                oldTop.viewIfLoaded?.frame = self.contentFrame(for: oldTop)
            }
            self.layoutStack()
            self.tabBarHost?.navigationStackDidSettle(self)
            coordinator?.complete()
            if onScreen, topChanged {
                oldTop?.endAppearanceTransition()
                newTop?.endAppearanceTransition()
            }
            self.finish(removed: removed, added: added, oldTop: oldTop, newTop: newTop)
            if onScreen, topChanged, let newTop { self.delegate?.navigationController(self, didShow: newTop, animated: animated) }
        }

        guard animated, onScreen, topChanged, let oldView = oldTop?.viewIfLoaded, let newView = newTop?.viewIfLoaded else {
            if let coordinator { UIView.performWithoutAnimation { coordinator.runAlongside() } }
            finishing()
            return
        }
        pendingFinish = finishing
        // The bar sizes itself (a large title or not) for the incoming content.
        observeContentScrollView(of: newTop)
        // As in UIKit, touches wait for the slide to end (a second tap on Back pops once).
        view.isUserInteractionEnabled = false
        transitionCount += 1
        let thisTransition = transitionCount
        let frame = viewIfLoaded?.bounds ?? .zero
        let width = frame.width
        // The incoming view comes over the outgoing one on a push; on a pop the outgoing
        // view slides off over the uncovered one. The dimming sits over whichever is under.
        let (under, over) = isPush ? (oldView, newView) : (newView, oldView)
        view.insertSubview(over, belowSubview: navigationBar)
        view.insertSubview(dimmingView, belowSubview: over)
        dimmingView.frame = frame
        view.insertSubview(edgeShadow, belowSubview: over)
        let shadowFrame = { (overX: CGFloat) in
            CGRect(x: overX - EdgeShadowView.width, y: frame.minY, width: EdgeShadowView.width, height: frame.height)
        }
        let underController = isPush ? oldTop : newTop, overController = isPush ? newTop : oldTop
        let underFrame = contentFrame(for: underController), overFrame = contentFrame(for: overController)
        UIView.performWithoutAnimation {
            under.frame = underFrame.offsetBy(dx: isPush ? 0 : -width * Self.parallax, dy: 0)
            over.frame = overFrame.offsetBy(dx: isPush ? width : 0, dy: 0)
            edgeShadow.frame = shadowFrame(isPush ? width : 0)
            dimmingView.alpha = isPush ? 0 : 1
        }
        beginTabBarRide(from: oldStack, to: newStack, oldView: oldView, newView: newView)
        cacheSliding([oldView, newView], true)
        UIView.animate(withDuration: Self.transitionDuration, delay: 0, options: [.curveEaseOut, .beginFromCurrentState], animations: {
            self.layOutBar()
            // The bar lays out its new large title area inside the slide, so that a pop back
            // to a large title opens it as the title slides in, instead of after the slide.
            self.navigationBar.layoutIfNeeded()
            under.frame = underFrame.offsetBy(dx: isPush ? -width * Self.parallax : 0, dy: 0)
            over.frame = overFrame.offsetBy(dx: isPush ? 0 : width, dy: 0)
            self.edgeShadow.frame = shadowFrame(isPush ? 0 : width)
            self.dimmingView.alpha = isPush ? 1 : 0
            self.tabBarHost?.moveRidingBar()
            coordinator?.runAlongside()
        }, completion: { [weak self] _ in
            guard let self, self.transitionCount == thisTransition else { return }
            self.pendingFinish?()
        })
    }

    /// Keeps each sliding view as one bitmap while its content holds still (or stops
    /// keeping it): a frame of the slide then copies two screens instead of compositing
    /// every row again.
    private func cacheSliding(_ views: [UIView?], _ cached: Bool) {
        for view in views { view?.layer.cachesSubtreeWhileMoving = cached }
    }

    // MARK: The back swipe

    /// The recognizer of the back swipe: a pan from the left edge of the screen that
    /// drags the top view controller's view off to the right. Set `isEnabled` to false
    /// to turn the swipe off. A swipe from the edge goes back over any scroll view on the
    /// screen (a table, a collection view, a carousel in it): their pans wait for it.
    open var interactivePopGestureRecognizer: UIGestureRecognizer? { popRecognizer }
    private let popRecognizer = BackSwipeRecognizer()

    /// A back swipe under way: what it pops and what it uncovers.
    private struct BackSwipe {
        let popped: UIViewController
        let uncovered: UIViewController
        let stackBefore: [UIViewController]
        /// The bar's frame before the swipe and for the uncovered view controller.
        let barFrom: CGRect, barTo: CGRect
        var progress: CGFloat = 0
        /// The swipe's transition coordinator.
        let coordinator: TransitionCoordinator
    }
    private var backSwipe: BackSwipe?

    /// How fast a release must move (points a second), towards the right to complete the
    /// pop whatever the distance, or back to the left to cancel it.
    static let backSwipeFlickSpeed: CGFloat = 300

    private func handleBackSwipe(_ pan: UIGestureRecognizer) {
        guard let pan = pan as? UIPanGestureRecognizer else { return }
        switch pan.state {
        case .began:
            beginBackSwipe()
        case .changed:
            guard backSwipe != nil, let width = viewIfLoaded?.bounds.width, width > 0 else { return }
            updateBackSwipe(min(max(pan.translation(in: viewIfLoaded).x / width, 0), 1))
        case .ended:
            let speed = pan.velocity(in: viewIfLoaded).x
            let progress = backSwipe?.progress ?? 0
            let completes = speed > Self.backSwipeFlickSpeed || (progress > 0.5 && speed > -Self.backSwipeFlickSpeed)
            endBackSwipe(completing: completes, speed: abs(speed))
        case .cancelled, .failed:
            endBackSwipe(completing: false, speed: 0)
        default:
            break
        }
    }

    /// A change of stack while a back swipe is under way settles the swipe first (back
    /// where it started if the finger is still down), so the change applies to the stack
    /// the app sees.
    private func settleBackSwipe() {
        if backSwipe != nil { pendingFinish?() }
    }

    /// Whether a back swipe may start now: something to go back to, on screen, no
    /// transition under way, and a back button that is not hidden.
    private var backSwipeAllowed: Bool {
        stack.count > 1 && pendingFinish == nil && backSwipe == nil && viewIfLoaded?.window != nil
            && appearance == .appeared && stack.last?.navigationItem.hidesBackButton == false
    }

    /// The finger has started dragging the top view: the pop begins as UIKit begins it —
    /// the top view controller hears `willMove(toParent: nil)` and `viewWillDisappear`, the
    /// one below `viewWillAppear`, and the stack already reads without the top.
    private func beginBackSwipe() {
        guard backSwipeAllowed, let view = viewIfLoaded, let popped = stack.last else { return }
        let uncovered = stack[stack.count - 2]
        let stackBefore = stack
        let coordinator = TransitionCoordinator(animated: true, duration: Self.transitionDuration, interactive: true,
                                                container: view, from: popped, to: uncovered)
        coordinator.install(on: [self])
        popped.willLeaveParent()
        stack.removeLast()
        delegate?.navigationController(self, willShow: uncovered, animated: true)
        popped.beginAppearanceTransition(false, animated: true)
        uncovered.beginAppearanceTransition(true, animated: true)
        view.insertSubview(uncovered.view, belowSubview: popped.view)
        uncovered.view.frame = contentFrame(for: uncovered)
        updateBarInsets(of: uncovered)
        uncovered.viewIsInHierarchy()
        uncovered.view.layoutIfNeeded()
        view.insertSubview(dimmingView, belowSubview: popped.view)
        view.insertSubview(edgeShadow, belowSubview: popped.view)
        dimmingView.frame = view.bounds
        beginTabBarRide(from: stackBefore, to: stack, oldView: popped.view, newView: uncovered.view)
        let barFrom = navigationBar.frame
        navigationBar.beginInteractivePop(to: stack.map(\.navigationItem))
        toolbarView.setItems(uncovered.toolbarItems, animated: true)
        observeContentScrollView(of: uncovered)
        backSwipe = BackSwipe(popped: popped, uncovered: uncovered, stackBefore: stackBefore,
                              barFrom: barFrom, barTo: barFrame(), coordinator: coordinator)
        coordinator.beginInteraction()
        cacheSliding([popped.view, uncovered.view], true)
        // Anything else that changes the stack first settles the swipe: back where it started.
        pendingFinish = { [weak self] in self?.settleBackSwipe(completed: false) }
        updateBackSwipe(0)
    }

    /// Places the views for `progress` of the way: the top view follows the finger, the
    /// one below comes back from a third of the way left as its dimming lifts.
    private func updateBackSwipe(_ progress: CGFloat) {
        guard var swipe = backSwipe else { return }
        swipe.progress = progress
        backSwipe = swipe
        navigationBar.updateInteractivePop(progress)
        swipe.coordinator.update(progress)
        UIView.performWithoutAnimation { placeBackSwipeViews(swipe, progress: progress) }
    }

    private func placeBackSwipeViews(_ swipe: BackSwipe, progress: CGFloat) {
        let width = viewIfLoaded?.bounds.width ?? 0
        let over = contentFrame(for: swipe.popped), under = contentFrame(for: swipe.uncovered)
        swipe.popped.viewIfLoaded?.frame = over.offsetBy(dx: width * progress, dy: 0)
        swipe.uncovered.viewIfLoaded?.frame = under.offsetBy(dx: -width * Self.parallax * (1 - progress), dy: 0)
        edgeShadow.frame = CGRect(x: width * progress - EdgeShadowView.width, y: over.minY,
                                  width: EdgeShadowView.width, height: over.height)
        dimmingView.alpha = 1 - progress
        tabBarHost?.moveRidingBar()
        // A large title's area opens (or closes) with the swipe.
        let from = swipe.barFrom, to = swipe.barTo
        let bar = CGRect(x: to.minX, y: from.minY + (to.minY - from.minY) * progress, width: to.width,
                         height: from.height + (to.height - from.height) * progress)
        navigationBar.frame = bar
        navigationBar.largeTitleReveal = max(0, bar.height - navigationBar.stripHeight)
        navigationBar.layoutIfNeeded()
    }

    /// The finger lifted: the views glide the rest of the way (or back) at about the
    /// finger's speed, and the appearance callbacks follow what happened. A cancelled swipe
    /// gives the top view controller `viewWillAppear` and the one below
    /// `viewWillDisappear` now, and the did-callbacks when it is back in place.
    private func endBackSwipe(completing: Bool, speed: CGFloat) {
        guard let swipe = backSwipe, let width = viewIfLoaded?.bounds.width else { return }
        let distance = width * (completing ? 1 - swipe.progress : swipe.progress)
        let duration = TimeInterval(max(0.1, min(Self.transitionDuration, speed > 0 ? distance / speed : Self.transitionDuration)))
        // As in UIKit, the coordinator hears that the interaction ended before the
        // appearance callbacks of a way back.
        swipe.coordinator.endInteraction(cancelled: !completing, duration: duration)
        if !completing {
            swipe.popped.beginAppearanceTransition(true, animated: true)
            swipe.uncovered.beginAppearanceTransition(false, animated: true)
        }
        navigationBar.endInteractivePop(completed: completing, duration: duration)
        transitionCount += 1
        let thisTransition = transitionCount
        pendingFinish = { [weak self] in self?.settleBackSwipe(completed: completing) }
        viewIfLoaded?.isUserInteractionEnabled = false
        UIView.animate(withDuration: duration, delay: 0, options: [.curveEaseOut, .beginFromCurrentState], animations: {
            self.placeBackSwipeViews(swipe, progress: completing ? 1 : 0)
        }, completion: { [weak self] _ in
            guard let self, self.transitionCount == thisTransition else { return }
            self.pendingFinish?()
        })
    }

    /// Puts everything where a finished (or cancelled) swipe leaves it and sends the
    /// remaining callbacks.
    private func settleBackSwipe(completed: Bool) {
        guard let swipe = backSwipe else { return }
        backSwipe = nil
        pendingFinish = nil
        viewIfLoaded?.isUserInteractionEnabled = true
        cacheSliding([swipe.popped.viewIfLoaded, swipe.uncovered.viewIfLoaded], false)
        dimmingView.removeFromSuperview()
        edgeShadow.removeFromSuperview()
        if !completed { swipe.coordinator.endInteraction(cancelled: true, duration: 0) }
        if completed {
            swipe.popped.viewIfLoaded?.endEditing(true)
            swipe.popped.viewIfLoaded?.removeFromSuperview()
            swipe.popped.viewIfLoaded?.frame = contentFrame(for: swipe.popped)
            layoutStack()
            swipe.coordinator.complete()
            swipe.popped.endAppearanceTransition()
            swipe.uncovered.endAppearanceTransition()
            swipe.popped.removeFromParent()
            delegate?.navigationController(self, didShow: swipe.uncovered, animated: true)
        } else {
            // Settled before the finger lifted (another change of stack): the will-callbacks
            // of the way back have not been sent yet.
            if swipe.popped.appearance == .disappearing {
                swipe.popped.beginAppearanceTransition(true, animated: true)
                swipe.uncovered.beginAppearanceTransition(false, animated: true)
                navigationBar.endInteractivePop(completed: false, duration: 0)
            }
            stack = swipe.stackBefore
            toolbarView.setItems(swipe.popped.toolbarItems, animated: true)
            swipe.uncovered.viewIfLoaded?.removeFromSuperview()
            swipe.uncovered.viewIfLoaded?.frame = contentFrame(for: swipe.uncovered)
            layoutStack()
            swipe.coordinator.complete()
            swipe.popped.endAppearanceTransition()
            swipe.uncovered.endAppearanceTransition()
            swipe.popped.didMove(toParent: self)
            delegate?.navigationController(self, didShow: swipe.popped, animated: true)
        }
        tabBarHost?.navigationStackDidSettle(self)
    }

    /// The containment calls that close a change of stack.
    private func finish(removed: [UIViewController], added: [UIViewController],
                        oldTop: UIViewController?, newTop: UIViewController?) {
        for controller in removed {
            controller.viewIfLoaded?.removeFromSuperview()
            controller.removeFromParent()
        }
        for controller in added { controller.didMove(toParent: self) }
    }
}

/// A narrow gradient from clear to a light shadow, drawn just left of the view that
/// slides over the other during a push or pop.
@MainActor
final class EdgeShadowView: UIView {
    static let width: CGFloat = 8

    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = .clear
        isOpaque = false
        isUserInteractionEnabled = false
    }

    required init?(coder: NSCoder) { fatalError("not used") }

    override func draw(_ rect: CGRect) {
        guard let ctx = UIGraphicsGetCurrentContext() else { return }
        let gradient = Gradient(colors: [UIColor(white: 0, alpha: 0).cgColor, UIColor(white: 0, alpha: 0.12).cgColor])
        ctx.drawLinearGradient(gradient, start: CGPoint(x: 0, y: 0), end: CGPoint(x: bounds.width, y: 0))
    }
}

extension UIViewController {
    /// The nearest ancestor (this view controller's parent, its parent, …) that is a
    /// navigation controller, or nil.
    public var navigationController: UINavigationController? {
        var current = parent
        while let controller = current {
            if let navigation = controller as? UINavigationController { return navigation }
            current = controller.parent
        }
        return nil
    }

    /// The nearest ancestor (this view controller's parent, its parent, …) that is a split
    /// view controller, or nil.
    public var splitViewController: UISplitViewController? {
        var current = parent
        while let controller = current {
            if let split = controller as? UISplitViewController { return split }
            current = controller.parent
        }
        return nil
    }
}

/// The back swipe's recognizer: scroll views' pans under the finger wait for it to fail,
/// so that a swipe from the edge goes back wherever it starts, as in UIKit, rather than
/// scrolling (a vertical list takes a sideways drag too, and a carousel would move).
private final class BackSwipeRecognizer: UIScreenEdgePanGestureRecognizer {
    override func shouldBeRequiredToFail(by otherGestureRecognizer: UIGestureRecognizer) -> Bool {
        (otherGestureRecognizer.view as? UIScrollView)?.panGestureRecognizer === otherGestureRecognizer
    }
}
