import Foundation

/// Manages a view: loads it on first use, hears when it appears and disappears, holds
/// child view controllers, and carries the title, navigation item and editing state
/// that containers show.
///
/// Appearance callbacks come in UIKit's order: ``viewWillAppear(_:)`` before the view
/// goes into a window, ``viewIsAppearing(_:)`` once it is there with its frame set,
/// ``viewDidAppear(_:)`` at the end; ``viewWillDisappear(_:)`` and
/// ``viewDidDisappear(_:)`` around its removal. A window calls them for its root view
/// controller when it is shown and when the root is replaced; a view controller passes
/// them on to the children whose views lie in its view (see
/// ``shouldAutomaticallyForwardAppearanceMethods``), and a child whose view is added to
/// or removed from a parent on screen gets them as its view moves.
@preconcurrency @MainActor
open class UIViewController: UIResponder {
    /// Called when a view controller is used in a way Tabula cannot follow (a nib name,
    /// a child added to itself); the call goes on without that part.
    ///
    /// A misuse of a controller, view or screen that is on a screen is reported to that
    /// screen's ``HeadlessScreen/onReport``, so two screens in one process hear only their
    /// own; this process-wide handler hears the rest: controllers and views on no screen,
    /// screens that set no handler, and calls that name neither. The default prints the
    /// message to standard error; tests can replace it to collect the messages.
    public static var onInvalidUse: (String) -> Void = { message in
        FileHandle.standardError.write(Data("Tabula: \(message)\n".utf8))
    }

    /// The appearance of the controller's view and everything in it; `.unspecified`
    /// (the default) inherits it. A view's own override wins over its controller's.
    /// (Read for every view of the controller's each time its traits are asked; a plain
    /// value, never held inout: no run-time exclusivity checks.)
    @exclusivity(unchecked) open var overrideUserInterfaceStyle: UIUserInterfaceStyle = .unspecified {
        didSet { if overrideUserInterfaceStyle != oldValue { viewIfLoaded?.traitsMayHaveChanged() } }
    }

    /// Called after the traits of the controller's view changed, once per change, with
    /// the traits before it; the default does nothing.
    open func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {}

    /// The nib name passed to ``init(nibName:bundle:)``: the nib ``loadView()`` loads.
    public let nibName: String?
    /// The bundle passed to ``init(nibName:bundle:)``.
    public let nibBundle: Bundle?

    /// Creates a view controller whose view comes from the nib named `nibNameOrNil` (the
    /// Swift `tabula-port` generated from it; see ``InterfaceBuilder``), or, when it is nil,
    /// from ``loadView()``. A nib that is not registered is reported when the view loads,
    /// and the view is made as without one. Subclasses with their own designated
    /// initializer call `super.init(nibName: nil, bundle: nil)`, as in UIKit.
    public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        nibName = nibNameOrNil
        nibBundle = nibBundleOrNil
        super.init()
    }

    /// Creates a view controller from a storyboard: the initializer a storyboard's scene
    /// calls (through the code `tabula-port` generates), as in UIKit. The properties the
    /// scene sets (title, navigation and tab bar items) are set before this initializer
    /// returns, so a subclass's code after `super.init(coder: coder)` sees them; the view
    /// loads later, from the scene. Given any other coder, the view controller is made as
    /// by `init(nibName: nil, bundle: nil)`.
    public required init?(coder: NSCoder) {
        nibName = nil
        nibBundle = nil
        super.init()
        InterfaceBuilderCoder.decode(coder, into: self, at: UIViewController.self)
    }

    /// Creates a view controller with no nib: `init(nibName: nil, bundle: nil)`.
    public override convenience init() { self.init(nibName: nil, bundle: nil) }

    // MARK: The view

    private var _view: UIView?

    /// The root view, created by ``loadView()`` on first access.
    public var view: UIView! {
        get {
            if _view == nil {
                loadView()
                if _view == nil { _view = UIView(frame: UIScreen.main.bounds) }
                _view!.viewController = self
                _view!.refreshSafeAreaInsets()
                viewDidLoad()
            }
            return _view
        }
        set {
            _view?.viewController = nil
            _view?.refreshSafeAreaInsets()
            _view = newValue
            newValue?.viewController = self
            newValue?.refreshSafeAreaInsets()
        }
    }

    /// The root view if it has been loaded, else nil; reading it never loads the view.
    public var viewIfLoaded: UIView? { _view }
    /// Whether the root view has been loaded (or set).
    public var isViewLoaded: Bool { _view != nil }

    /// Creates the root view. A controller made from a storyboard gets its scene's views
    /// (see ``InterfaceBuilder``), one made with a nib name — or with none, when a nib named
    /// as its class is registered, as UIKit looks for one — gets the nib's view through the
    /// nib's `view` outlet; otherwise the default makes a plain view in the system
    /// background colour, as large as the screen (``UIScreen/main``'s bounds), as UIKit
    /// does, so that `viewDidLoad` code such as `tableView.frame = view.bounds` fills the screen.
    open func loadView() {
        if loadViewFromInterfaceBuilder() { return }
        let v = UIView(frame: UIScreen.main.bounds)
        v.backgroundColor = .systemBackground
        view = v
    }

    /// Loads the root view (``loadView()``, then ``viewDidLoad()``) if it is not loaded yet.
    open func loadViewIfNeeded() { _ = view }

    /// Called once, after the root view is loaded; the default does nothing.
    open func viewDidLoad() {}

    /// Called when memory runs low, so that the controller can let go of what it can
    /// rebuild (caches, views off screen). The default does nothing. On Linux nothing sends
    /// memory warnings but ``HeadlessScreen/simulateMemoryWarning()``.
    open func didReceiveMemoryWarning() {}

    // MARK: Storyboards and segues (see InterfaceBuilder/)

    /// The storyboard this view controller was made from, if any.
    public var storyboard: UIStoryboard? { storyboardStorage }
    final var storyboardStorage: UIStoryboard?
    /// Makes the root view from the storyboard scene, when the controller came from one.
    final var storyboardViewLoader: (@MainActor (UIViewController) -> UIView)?
    /// Objects of the scene outside the view hierarchy (the scene dock's views), held for
    /// the controller's life as UIKit holds a storyboard scene's top-level objects.
    final var storyboardTopLevelObjects: [AnyObject] = []
    /// The segues of the controller's scene, in the file's order.
    final var segueTemplates: [InterfaceBuilder.SegueTemplate] = []

    /// Performs the segue with `identifier` from this controller's storyboard scene, as if
    /// its trigger were tapped — except that ``shouldPerformSegue(withIdentifier:sender:)``
    /// is not asked, as in UIKit. An identifier the scene has no segue for is reported
    /// (UIKit raises) and nothing happens.
    open func performSegue(withIdentifier identifier: String, sender: Any?) {
        guard let template = segueTemplates.first(where: { $0.identifier == identifier }) else {
            let known = segueTemplates.compactMap(\.identifier).map { "\"\($0)\"" }.joined(separator: ", ")
            Self.onInvalidUse("\(type(of: self)) has no segue with the identifier \"\(identifier)\" (its scene has \(known.isEmpty ? "none" : known))")
            return
        }
        runSegue(template, sender: sender)
    }

    /// Called before a storyboard segue from this controller shows its destination (or
    /// unwinds to another controller): the place to hand the destination its data. The
    /// default does nothing.
    open func prepare(for segue: UIStoryboardSegue, sender: Any?) {}

    /// Asked before a triggered segue with an identifier runs; return false to stop it.
    /// The default returns true.
    open func shouldPerformSegue(withIdentifier identifier: String, sender: Any?) -> Bool { true }

    // MARK: Appearance

    /// Called before the root view is added to a window's hierarchy; the default does nothing.
    open func viewWillAppear(_ animated: Bool) {}
    /// Called after ``viewWillAppear(_:)``, once the root view is in the window with its
    /// frame set by its superview and before it lays out its subviews; the default does nothing.
    open func viewIsAppearing(_ animated: Bool) {}
    /// Called after the root view was added to a window's hierarchy; the default does nothing.
    open func viewDidAppear(_ animated: Bool) {}
    /// Called before the root view leaves a window's hierarchy; the default does nothing.
    open func viewWillDisappear(_ animated: Bool) {}
    /// Called after the root view left a window's hierarchy; the default does nothing.
    open func viewDidDisappear(_ animated: Bool) {}
    /// Called just before the root view's ``UIView/layoutSubviews()``; the default does nothing.
    open func viewWillLayoutSubviews() {}
    /// Called just after the root view's ``UIView/layoutSubviews()``; the default does nothing.
    open func viewDidLayoutSubviews() {}

    /// Called before the view's size changes to `size` (the screen turns, the window is
    /// resized). Animate alongside with `coordinator.animate(alongsideTransition:)`, and
    /// call `super`: the default passes the change on to each child, at the size
    /// ``size(forChildContentContainer:withParentContainerSize:)`` gives it, unless the
    /// child's view already has that size (as in UIKit).
    open func viewWillTransition(to size: CGSize, with coordinator: any UIViewControllerTransitionCoordinator) {
        for child in children {
            let childSize = self.size(forChildContentContainer: child, withParentContainerSize: size)
            if let view = child.viewIfLoaded, view.bounds.size == childSize { continue }
            child.viewWillTransition(to: childSize, with: coordinator)
        }
    }

    /// Called before the traits change to `newCollection` (a turn that changes a size
    /// class). Call `super`: the default passes it on to the children.
    open func willTransition(to newCollection: UITraitCollection, with coordinator: any UIViewControllerTransitionCoordinator) {
        for child in children { child.willTransition(to: newCollection, with: coordinator) }
    }

    /// The size a child gets when this view controller's view becomes `parentSize` large;
    /// the default is `parentSize` (a child that fills its parent, as a navigation or tab
    /// bar controller's do).
    open func size(forChildContentContainer container: any UIContentContainer,
                   withParentContainerSize parentSize: CGSize) -> CGSize {
        parentSize
    }

    /// The size this view controller would like its view to have, for a container that
    /// asks (zero by default). Setting it tells the parent
    /// (``preferredContentSizeDidChange(forChildContentContainer:)``).
    open var preferredContentSize: CGSize = .zero {
        didSet { if preferredContentSize != oldValue { parent?.preferredContentSizeDidChange(forChildContentContainer: self) } }
    }

    /// A child's ``preferredContentSize`` changed; the default does nothing.
    open func preferredContentSizeDidChange(forChildContentContainer container: any UIContentContainer) {}

    /// A child's Auto Layout fitting size changed; the default does nothing.
    open func systemLayoutFittingSizeDidChange(forChildContentContainer container: any UIContentContainer) {}

    /// The coordinator of the transition in progress that involves this view controller —
    /// a push or pop of it (or onto its navigation controller), its presentation or
    /// dismissal, or one it presents or dismisses — or else its parent's; nil when no
    /// transition is in progress. It is there in ``viewWillAppear(_:)`` and
    /// ``viewWillDisappear(_:)`` of the view controllers involved (for a transition without
    /// animation too, with `isAnimated` false) until the transition ends: its completions
    /// run before ``viewDidAppear(_:)`` and ``viewDidDisappear(_:)``, where it is nil again.
    open var transitionCoordinator: (any UIViewControllerTransitionCoordinator)? {
        installedTransitionCoordinator ?? parent?.transitionCoordinator
    }
    /// The coordinator of a transition this view controller takes part in, set by the code running it.
    var installedTransitionCoordinator: TransitionCoordinator?

    /// Whether this view controller passes its appearance callbacks on to the children
    /// whose views lie in its view, and gives a child the callbacks when the child's view
    /// is added to or removed from its view while it is on screen (default true).
    /// Override to return false and call ``beginAppearanceTransition(_:animated:)`` and
    /// ``endAppearanceTransition()`` on the children yourself.
    open var shouldAutomaticallyForwardAppearanceMethods: Bool { true }

    /// Tells the view controller (a child, when you write a container) that its view is
    /// about to appear (`isAppearing`) or disappear: calls ``viewWillAppear(_:)`` or
    /// ``viewWillDisappear(_:)`` unless the view controller is already on its way there.
    /// Pair it with ``endAppearanceTransition()``.
    open func beginAppearanceTransition(_ isAppearing: Bool, animated: Bool) {
        if isAppearing {
            guard appearance == .disappeared || appearance == .disappearing else { return }
            loadViewIfNeeded()
            appearance = .appearing
            appearanceAnimated = animated
            calledIsAppearing = false
            viewWillAppear(animated)
        } else {
            guard appearance == .appeared || appearance == .appearing else { return }
            appearance = .disappearing
            appearanceAnimated = animated
            viewWillDisappear(animated)
        }
        for child in childrenReceivingAppearance { child.beginAppearanceTransition(isAppearing, animated: animated) }
    }

    /// Tells the view controller that the transition begun by
    /// ``beginAppearanceTransition(_:animated:)`` is over: calls ``viewDidAppear(_:)``
    /// (after ``viewIsAppearing(_:)`` if that has not been called yet) or ``viewDidDisappear(_:)``.
    open func endAppearanceTransition() {
        switch appearance {
        case .appearing:
            viewIsInHierarchy()
            appearance = .appeared
            viewDidAppear(appearanceAnimated)
            parentMove = nil
        case .disappearing:
            appearance = .disappeared
            viewDidDisappear(appearanceAnimated)
            parentMove = nil
        case .appeared, .disappeared:
            return
        }
        for child in childrenReceivingAppearance { child.endAppearanceTransition() }
    }

    /// Where the view controller is between its appearance callbacks (read by the
    /// Showcase's monkey, which checks that they balance).
    package enum Appearance { case disappeared, appearing, appeared, disappearing }
    package private(set) var appearance = Appearance.disappeared
    private var appearanceAnimated = false
    private var calledIsAppearing = false
    /// Whether the appearance transition under way was begun by the view moving into or
    /// out of a window (so the move's end, and only it, ends the transition).
    private var appearanceFollowsWindowMove = false

    // MARK: Presentation (storage; see Presentation/UIViewController+Presentation.swift)

    /// How the view controller is shown when presented (default `.automatic`: a sheet
    /// on iPhone, as in iOS 13 and later).
    open var modalPresentationStyle: UIModalPresentationStyle = .automatic
    /// The animation of a full-screen presentation (default `.coverVertical`).
    open var modalTransitionStyle: UIModalTransitionStyle = .coverVertical
    /// Whether a sheet refuses to be swiped away (default false): it follows the finger
    /// a little and springs back.
    open var isModalInPresentation = false
    /// Whether this view controller's view is covered by `.currentContext` presentations
    /// made from it or its children; accepted (Tabula presents over the whole window).
    open var definesPresentationContext = false
    /// Whether a presentation in this context uses this view controller's transition style; accepted.
    open var providesPresentationContextTransitionStyle = false
    /// What this view controller presents and what presented it.
    var presentationLinks = PresentationLinks()

    /// Presents `viewControllerToPresent` over the window, animated as its
    /// ``modalPresentationStyle`` and ``modalTransitionStyle`` say, then calls `completion`.
    ///
    /// Refused and reported to ``onInvalidUse`` (completion not called), with UIKit's
    /// wording: presenting while this view controller already presents one, while a
    /// presentation or dismissal is animating, from a view controller whose view is not
    /// in a window, or a view controller that is already presented (or on a navigation stack).
    open func present(_ viewControllerToPresent: UIViewController, animated flag: Bool, completion: (() -> Void)? = nil) {
        performPresent(viewControllerToPresent, animated: flag, completion: completion)
    }

    /// Dismisses what this view controller presents — with everything presented above it
    /// — or, when it presents nothing, this view controller itself (its presenter
    /// dismisses it); then calls `completion`. With nothing to dismiss it reports so and
    /// calls `completion` at once.
    open func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) {
        performDismiss(animated: flag, completion: completion)
    }

    /// Shows `vc` the way the context wants: pushed when this view controller is in a
    /// navigation controller, presented otherwise.
    open func show(_ vc: UIViewController, sender: Any?) { performShow(vc) }

    /// Shows `vc` as the detail: in a split view controller, as its
    /// ``UISplitViewController/showDetailViewController(_:sender:)`` does (in the secondary
    /// column, or pushed onto the collapsed stack); elsewhere the same as ``show(_:sender:)``.
    open func showDetailViewController(_ vc: UIViewController, sender: Any?) {
        if let split = splitViewController {
            split.showDetailViewController(vc, sender: sender)
        } else {
            show(vc, sender: sender)
        }
    }

    // MARK: Safe area (see UIView+SafeArea.swift)

    /// Insets added to the root view's safe area, beyond what the screen and the
    /// containing bars leave: room for a bar or palette of your own. Default zero.
    open var additionalSafeAreaInsets: UIEdgeInsets = .zero {
        didSet { if additionalSafeAreaInsets != oldValue { safeAreaContributionsDidChange() } }
    }

    /// The scroll views set with ``setContentScrollView(_:for:)`` for the top and the
    /// bottom edge (nil: found in the view hierarchy).
    weak var chosenTopScrollView: UIScrollView?
    weak var chosenBottomScrollView: UIScrollView?

    // MARK: The content scroll view (see UIViewController+ContentScrollView.swift)

    /// The scroll view the bars at `edge` observe: the one set with
    /// ``setContentScrollView(_:for:)``, else the view itself when it is a scroll view (a
    /// table view controller's), else the first subview that is a scroll view and whose top
    /// edge is at the view's top (content that slides under the bar).
    ///
    /// Override it and return nil for an edge whose bar should not follow the content.
    /// `edge` must be `.top` or `.bottom`: UIKit raises an exception for any other; Tabula
    /// reports it and returns nil.
    open func contentScrollView(for edge: NSDirectionalRectEdge) -> UIScrollView? {
        switch edge {
        case .top: return chosenTopScrollView ?? foundContentScrollView()
        case .bottom: return chosenBottomScrollView ?? foundContentScrollView()
        default:
            Self.onInvalidUse("contentScrollView(for:) takes .top or .bottom; \(type(of: self)) was asked for the "
                              + "edges \(edge.rawValue) (NSDirectionalRectEdge's raw value). No scroll view is returned.")
            return nil
        }
    }

    /// Sets the scroll view the bars at `edge` observe (`.top`, `.bottom` or `.all`; the
    /// leading and trailing edges are ignored, as on iOS). Nil goes back to the one found in
    /// the view hierarchy (see ``contentScrollView(for:)``).
    open func setContentScrollView(_ scrollView: UIScrollView?, for edge: NSDirectionalRectEdge) {
        if edge.contains(.top) { chosenTopScrollView = scrollView }
        if edge.contains(.bottom) { chosenBottomScrollView = scrollView }
        navigationController?.contentScrollViewDidChange(of: self)
    }

    /// What a container's bars cover of the root view (a navigation bar at the top, a
    /// toolbar at the bottom), in the root view's edges; set by the container.
    var barSafeAreaInsets: UIEdgeInsets = .zero {
        didSet { if barSafeAreaInsets != oldValue { safeAreaContributionsDidChange() } }
    }

    /// How much of the root view a tab bar covers, from the bottom edge; set by the tab bar
    /// controller, or by the navigation controller in its tab, for what they show.
    package var tabBarSafeAreaInset: CGFloat = 0 {
        didSet { if tabBarSafeAreaInset != oldValue { safeAreaContributionsDidChange() } }
    }

    /// The tab bar controller whose More tab lists this view controller (not its parent).
    package weak var tabBarOwner: (any TabBarHosting)?

    /// Whether a tab bar hides while this view controller is on a navigation stack (default
    /// false): it slides away with the view under the push and comes back on the pop, and
    /// stays hidden for the view controllers pushed above this one, as in UIKit.
    open var hidesBottomBarWhenPushed = false

    private var _tabBarItem: UITabBarItem?
    /// Whether a tab bar item was assigned to this controller (``tabBarItem``'s setter, a
    /// storyboard's item), not only made on first use.
    var tabBarItemWasAssigned = false

    /// The item that stands for this view controller in a tab bar controller's bar: made on
    /// first use with the controller's ``title`` and no image. Setting a new one while the
    /// controller is a tab shows it at once.
    ///
    /// A ``UINavigationController`` without an item of its own shows its root view
    /// controller's, as in UIKit: the title and image a screen gives itself in its
    /// initializer appear on its tab when it is wrapped in a navigation controller.
    open var tabBarItem: UITabBarItem! {
        get {
            if let item = _tabBarItem { return item }
            let item = UITabBarItem(title: title, image: nil, tag: 0)
            _tabBarItem = item
            return item
        }
        set {
            _tabBarItem = newValue
            tabBarItemWasAssigned = true
            enclosingTabBarHost?.tabBarItemsDidChange()
        }
    }

    /// Called when the root view's safe area insets change; the default does nothing.
    open func viewSafeAreaInsetsDidChange() {}

    // MARK: Layout margins

    /// The smallest layout margins the root view keeps while
    /// ``viewRespectsSystemMinimumLayoutMargins`` is true, and its margins until others
    /// are assigned: 16 points leading and trailing in a compact width (an iPhone), 20 in
    /// a regular one (an iPad, a large iPhone turned sideways), and none above and below,
    /// as in iOS 17. Subviews keep their own margins (8 points each side).
    open var systemMinimumLayoutMargins: NSDirectionalEdgeInsets {
        let side: CGFloat = traitCollection.horizontalSizeClass == .regular ? 20 : 16
        return NSDirectionalEdgeInsets(top: 0, leading: side, bottom: 0, trailing: side)
    }

    /// Whether the root view's layout margins are at least ``systemMinimumLayoutMargins``
    /// (true by default). When false, the root view's margins are the ones assigned to it
    /// (``UIView/directionalLayoutMargins``), so that zero margins put content at the
    /// safe area's edges; until margins are assigned they stay the system minimum.
    /// Setting it does not load the view.
    open var viewRespectsSystemMinimumLayoutMargins = true {
        didSet { if viewRespectsSystemMinimumLayoutMargins != oldValue { viewIfLoaded?.resolveLayoutMargins() } }
    }

    /// Called when the layout margins of the root view change (after it loaded); the
    /// default does nothing.
    open func viewLayoutMarginsDidChange() {}

    // MARK: Content unavailable (UIViewController+ContentUnavailable.swift)

    /// The content-unavailable configuration, the view showing it, and whether an update is due.
    var contentUnavailable = ContentUnavailableHosting()

    /// Asks for ``updateContentUnavailableConfiguration(using:)`` before the view's next
    /// layout, with the state then current. Tabula asks for one itself before the first
    /// layout, when the view's traits change and when the search text of the
    /// `navigationItem`'s search controller changes.
    open func setNeedsUpdateContentUnavailableConfiguration() {
        contentUnavailable.needsUpdate = true
        viewIfLoaded?.setNeedsLayout()
    }

    /// Override to set ``contentUnavailableConfiguration`` for `state` (nil when there is
    /// content to show); don't call it yourself, call
    /// ``setNeedsUpdateContentUnavailableConfiguration()``. The default does nothing.
    /// Whatever configuration is set, the view shows it ``UIContentConfiguration/updated(for:)``
    /// this state.
    open func updateContentUnavailableConfiguration(using state: UIContentUnavailableConfigurationState) {}

    /// The state the content-unavailable configuration is shown in: the view's traits and
    /// the text of the search bar of the `navigationItem`'s search controller (nil without
    /// one). Override it to add state of your own to `super`'s.
    open var contentUnavailableConfigurationState: UIContentUnavailableConfigurationState {
        var state = UIContentUnavailableConfigurationState(traitCollection: traitCollection)
        // The item as made by the default `navigationItem` (reading that would make one for
        // every controller laid out); a search controller is on it or nowhere.
        state.searchText = _navigationItem?.searchController?.searchBar.text
        return state
    }

    /// The items a navigation controller's toolbar shows while this view controller is on top.
    open var toolbarItems: [UIBarButtonItem]? {
        get { _toolbarItems }
        set { setToolbarItems(newValue, animated: false) }
    }
    private var _toolbarItems: [UIBarButtonItem]?

    /// Sets ``toolbarItems``; when this view controller is on top of a navigation
    /// controller, its toolbar shows them (fading when `animated`).
    open func setToolbarItems(_ toolbarItems: [UIBarButtonItem]?, animated: Bool) {
        _toolbarItems = toolbarItems
        if let navigation = navigationController, navigation.topViewController === self {
            navigation.toolbar.setItems(toolbarItems, animated: animated)
        }
    }

    /// The edges of the screen the root view reaches under a container's bars: all of
    /// them by default, so content scrolls under a navigation bar. Leave `.top` out to
    /// put the view below the bar instead.
    open var edgesForExtendedLayout: UIRectEdge = .all

    // MARK: Title, editing, status bar

    /// A name for the view controller's content, for a containing interface to show.
    /// Setting it sets the ``navigationItem``'s and the ``tabBarItem``'s titles too.
    open var title: String? {
        didSet {
            _navigationItem?.title = title
            _tabBarItem?.title = title
        }
    }

    private var _navigationItem: UINavigationItem?

    /// What a navigation bar shows while this view controller is on top of a navigation
    /// stack, made on first use with the controller's ``title``.
    open var navigationItem: UINavigationItem {
        if let item = _navigationItem { return item }
        let item = UINavigationItem()
        item.title = title
        item.owningController = self
        _navigationItem = item
        return item
    }

    private var _isEditing = false
    private var _editButtonItem: UIBarButtonItem?

    /// Whether the view controller lets the user edit its content; setting it calls
    /// `setEditing(_:animated: false)`.
    open var isEditing: Bool {
        get { _isEditing }
        set { setEditing(newValue, animated: false) }
    }

    /// Turns editing on or off and updates ``editButtonItem`` (Edit or Done). Subclasses
    /// override it to put their views into editing mode, and call `super`.
    open func setEditing(_ editing: Bool, animated: Bool) {
        _isEditing = editing
        if let item = _editButtonItem { Self.styleEditButton(item, editing: editing) }
    }

    /// A bar button item that reads "Edit", or "Done" in the bold `.done` style while the
    /// view controller is editing; tapping it calls `setEditing(!isEditing, animated: true)`.
    open var editButtonItem: UIBarButtonItem {
        if let item = _editButtonItem { return item }
        let item = UIBarButtonItem(primaryAction: UIAction(title: "Edit") { [weak self] _ in
            guard let self else { return }
            self.setEditing(!self.isEditing, animated: true)
        })
        Self.styleEditButton(item, editing: isEditing)
        _editButtonItem = item
        return item
    }

    private static func styleEditButton(_ item: UIBarButtonItem, editing: Bool) {
        item.title = editing ? "Done" : "Edit"
        item.style = editing ? .done : .plain
    }

    /// The style of status bar this view controller wants while it is shown (default `.default`).
    open var preferredStatusBarStyle: UIStatusBarStyle { .default }
    /// Whether this view controller wants the status bar hidden while it is shown (default false).
    open var prefersStatusBarHidden: Bool { false }
    /// The child whose ``preferredStatusBarStyle`` counts instead of this one's (default nil).
    open var childForStatusBarStyle: UIViewController? { nil }

    /// Asks the window to read ``preferredStatusBarStyle`` and ``prefersStatusBarHidden``
    /// again; call it after they change. Tabula draws no status bar yet: the window keeps
    /// the style for the host to show.
    open func setNeedsStatusBarAppearanceUpdate() {
        viewIfLoaded?.window?.updateStatusBarAppearance()
    }

    // MARK: Children

    /// The view controller this one is a child of, if any.
    public private(set) weak var parent: UIViewController?
    /// The child view controllers, in the order they were added.
    public private(set) var children: [UIViewController] = []

    /// Makes `childController` a child of this view controller: calls its
    /// `willMove(toParent: self)` (after taking it from its old parent, if it had one).
    /// Adding the child's view to this view, then calling the child's
    /// `didMove(toParent: self)`, is up to the caller, as in UIKit.
    open func addChild(_ childController: UIViewController) {
        guard childController.parent !== self else { return }
        guard !isDescendant(of: childController) else {
            reportInvalidUse("addChild: \(type(of: childController)) is this view controller or one of its ancestors; not added")
            return
        }
        childController.removeFromParent()
        childController.parentMove = .toParent
        childController.willMove(toParent: self)
        children.append(childController)
        childController.parent = self
    }

    /// Removes the view controller from its parent and calls `didMove(toParent: nil)`;
    /// its view stays where it is. Call `willMove(toParent: nil)` first, and remove the
    /// view, as in UIKit.
    open func removeFromParent() {
        guard let parent else { return }
        parent.children.removeAll { $0 === self }
        self.parent = nil
        didMove(toParent: nil)
        parentMove = nil
    }

    /// Called before the view controller is added to or removed from a parent (nil);
    /// ``addChild(_:)`` calls it for you. The default notes a removal, so that
    /// ``isMovingFromParent`` is true in the disappearance callbacks that follow (call
    /// `super` when you override it, as in UIKit).
    open func willMove(toParent parent: UIViewController?) {
        if parent == nil, self.parent != nil { parentMove = .fromParent }
    }

    /// Calls ``willMove(toParent:)`` with nil for a container that is about to remove this
    /// child, noting the removal even when an override does not call `super`.
    func willLeaveParent() {
        if parent != nil { parentMove = .fromParent }
        willMove(toParent: nil)
    }

    /// Whether the view controller is appearing because it was just added to a parent — a
    /// push onto a navigation stack, ``addChild(_:)`` — from then until its
    /// ``viewDidAppear(_:)``. Read it in the appearance callbacks, as in UIKit.
    public var isMovingToParent: Bool { parentMove == .toParent }

    /// Whether the view controller is disappearing because it is being removed from its
    /// parent — popped, or after `willMove(toParent: nil)` — until its
    /// ``viewDidDisappear(_:)``. Read it in `viewWillDisappear` to tell a pop from a push
    /// over it.
    public var isMovingFromParent: Bool { parentMove == .fromParent }

    /// Which way the view controller is moving between parents, while it is.
    private enum ParentMove { case toParent, fromParent }
    private var parentMove: ParentMove?

    /// The handlers ``registerForTraitChanges(_:handler:)`` added.
    var traitChangeRegistrations = TraitChangeRegistrations()
    /// Called after the view controller was added to or removed from a parent (nil);
    /// ``removeFromParent()`` calls it for you. The default does nothing.
    open func didMove(toParent parent: UIViewController?) {}

    /// After a view controller comes its view's superview.
    open override var next: UIResponder? { _view?.superview }
    override var responderWindow: UIWindow? { _view?.window }

    // MARK: Appearance plumbing

    private func isDescendant(of controller: UIViewController) -> Bool {
        var current: UIViewController? = self
        while let c = current {
            if c === controller { return true }
            current = c.parent
        }
        return false
    }

    /// The children whose views lie in this view, when this view controller forwards appearance.
    private var childrenReceivingAppearance: [UIViewController] {
        guard shouldAutomaticallyForwardAppearanceMethods, !children.isEmpty, let root = _view else { return [] }
        return children.filter { $0.viewIfLoaded?.isDescendant(of: root) == true }
    }

    /// Calls ``viewIsAppearing(_:)`` once per appearance, when the view is in a window
    /// with its frame set, then passes it on to the children.
    func viewIsInHierarchy() {
        guard appearance == .appearing, !calledIsAppearing else { return }
        calledIsAppearing = true
        viewIsAppearing(appearanceAnimated)
        for child in childrenReceivingAppearance { child.viewIsInHierarchy() }
    }

    /// The root view is about to move into or out of a window: a child of a parent on
    /// screen (that forwards appearance) appears or disappears with its view.
    func rootViewWillMove(toWindow window: UIWindow?) {
        guard let parent, parent.shouldAutomaticallyForwardAppearanceMethods, parent.appearance == .appeared else { return }
        if window != nil, appearance == .disappeared || appearance == .disappearing {
            beginAppearanceTransition(true, animated: false)
            appearanceFollowsWindowMove = true
        } else if window == nil, appearance == .appeared || appearance == .appearing {
            beginAppearanceTransition(false, animated: false)
            appearanceFollowsWindowMove = true
        }
    }

    /// The root view moved into or out of a window: ends what ``rootViewWillMove(toWindow:)`` began.
    func rootViewDidMoveToWindow() {
        guard appearanceFollowsWindowMove else { return }
        appearanceFollowsWindowMove = false
        if _view?.window != nil { viewIsInHierarchy() }
        endAppearanceTransition()
    }
}
