/// The root of a view hierarchy shown by a host (``HeadlessScreen`` or the SDL window).
///
/// Window coordinates are the host's points, origin at the top left.
@preconcurrency @MainActor
open class UIWindow: UIView {
    /// Pixels per point of the host showing the window; views draw at this density.
    public internal(set) var screenScale: CGFloat = 1 {
        didSet { if screenScale != oldValue { UIView.traitEpoch &+= 1 } }
    }

    /// While the screen turns, the size the window is turning to: its size classes come
    /// from it, not from the old size its bounds keep until the turn ends (a turn back to
    /// portrait would otherwise find a compact height again midway and lose large titles).
    var turningToSize: CGSize? {
        didSet { if turningToSize != oldValue { UIView.traitEpoch &+= 1 } }
    }

    /// The traits ``screenTraitCollection`` made last (remade when what they are made
    /// from changes).
    var madeScreenTraits: UITraitCollection?

    /// The appearance the host shows the window in (``HeadlessScreen/userInterfaceStyle``).
    var screenUserInterfaceStyle: UIUserInterfaceStyle = .light {
        didSet { if screenUserInterfaceStyle != oldValue { traitsMayHaveChanged() } }
    }

    /// The text size the host's user prefers (``HeadlessScreen/preferredContentSizeCategory``).
    var screenContentSizeCategory: UIContentSizeCategory = .large {
        didSet { if screenContentSizeCategory != oldValue { traitsMayHaveChanged() } }
    }

    /// The view controller whose view fills the window.
    ///
    /// Once the window is shown (``makeKeyAndVisible()``), replacing it calls the old
    /// controller's `viewWillDisappear`, the new one's `viewWillAppear`, swaps the views,
    /// then calls the new one's `viewIsAppearing`, lays its view out, and calls the old
    /// one's `viewDidDisappear` and the new one's `viewDidAppear`. A controller set before
    /// the window is shown gets its appearance callbacks when it is shown.
    ///
    /// What the old root presents (a sheet, an alert, a chain of them) is dismissed first,
    /// without animation and with its disappearance callbacks, so that nothing of the old
    /// root stays above the new one. (UIKit leaves the old presentation in the window,
    /// above the new root and alive, until the app dismisses it.)
    open var rootViewController: UIViewController? {
        didSet {
            guard rootViewController !== oldValue else { return }
            if let container = oldValue?.presentationRoot.presentationLinks.presented?.presentationLinks.container {
                container.dismiss(animated: false, completion: nil)
            }
            let shown = showsViewControllers
            let incoming = rootViewController
            incoming?.loadViewIfNeeded()
            if shown {
                oldValue?.beginAppearanceTransition(false, animated: false)
                incoming?.beginAppearanceTransition(true, animated: false)
            }
            oldValue?.viewIfLoaded?.removeFromSuperview()
            installRootView()
            if shown {
                finishAppearing(incoming)
                oldValue?.endAppearanceTransition()
                incoming?.endAppearanceTransition()
            }
            updateStatusBarAppearance()
        }
    }

    /// The safe area the screen showing the window leaves (its rounded corners, sensor
    /// housing and home indicator): the window's ``UIView/safeAreaInsets``. Set by the host.
    var screenSafeAreaInsets = UIEdgeInsets.zero {
        didSet { if screenSafeAreaInsets != oldValue { refreshSafeAreaInsets(includingSubviews: true) } }
    }

    /// Whether ``makeKeyAndVisible()`` has made this the key window.
    public private(set) var isKeyWindow = false

    /// The status bar style the root view controller asks for (through
    /// `childForStatusBarStyle`), read when the root changes and on
    /// `setNeedsStatusBarAppearanceUpdate()`. No status bar is drawn yet.
    private(set) var statusBarStyle = UIStatusBarStyle.default
    /// Whether the root view controller asks for the status bar to be hidden.
    private(set) var statusBarHidden = false

    /// Routes the touches on this window to recognizers and views.
    lazy var touchRouter = TouchRouter(window: self)

    /// The on-screen keyboard that slides up for text inputs in this window.
    lazy var softwareKeyboard = SoftwareKeyboard(window: self)

    /// Lays out the subviews, then keeps a keyboard or input view that is up along the
    /// bottom edge of the window's new size (after a rotation).
    open override func layoutSubviews() {
        super.layoutSubviews()
        softwareKeyboard.windowDidLayOut()
    }
    /// Whether a text input that becomes first responder brings up the software keyboard;
    /// set by the host (``HeadlessScreen/showsSoftwareKeyboard``).
    var showsSoftwareKeyboard = true

    // What UIKit keeps per window (and so, a host showing one window, per host): the
    // first responder, the changes of it in progress, and the menus showing. Nothing of
    // it is process-wide, so two screens never resign or close each other's.
    /// The responder that gets this window's key presses first (UIWindow+FirstResponder).
    weak var storedFirstResponder: UIResponder?
    /// How deep the changes of first responder in progress in this window are nested.
    var firstResponderChangeDepth = 0
    /// The context menu shown in this window, if any (closing or not).
    weak var showingContextMenu: ContextMenuPresentation?
    /// The pull-down menu of a button or bar button shown in this window, if any.
    weak var showingMenu: MenuPlatterView?
    /// The drag moving over this window, if one is (DragAndDrop/DragPresentation).
    package weak var activeDrag: DragPresentation?

    public override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = nil
    }

    /// Creates a window the size of `windowScene`'s screen, as a scene delegate does;
    /// show it on that screen's host (``HeadlessScreen/show(_:)``). Designated, as in
    /// UIKit, so subclasses override it and call `super.init(windowScene:)`.
    public init(windowScene: UIWindowScene) {
        super.init(frame: windowScene.screen.bounds)
        backgroundColor = nil
        assignedScene = windowScene
    }

    /// The scene the window was made for or given (``windowScene``).
    weak var assignedScene: UIWindowScene?

    /// Returns `nil`: Tabula decodes no views (see ``UIView/init(coder:)``).
    public required init?(coder: NSCoder) { return nil }

    /// Makes the window the key window and shows it (``HeadlessScreen/show(_:)`` calls
    /// this); the root view controller appears.
    open func makeKeyAndVisible() {
        // A window of a scene goes on that scene's screen, and one with no scene made key
        // while an app launches goes on the app's screen (UIKit's main screen); the screen
        // then calls this again with the window in place.
        if let screen = assignedScene?.screenHost ?? (layer.host == nil ? UIApplication.shared.launchingScreen : nil),
           screen.window !== self {
            screen.show(self)
            return
        }
        takeKeyStatus()
        isHidden = false
        guard let controller = rootViewController else { return }
        controller.beginAppearanceTransition(true, animated: false)
        installRootView()
        finishAppearing(controller)
        controller.endAppearanceTransition()
        updateStatusBarAppearance()
    }

    /// Makes the window the key window without changing whether it is hidden; the window
    /// that was key on its screen resigns (Tabula shows one window a screen, so this also
    /// puts the window on the screen, as ``makeKeyAndVisible()`` does).
    open func makeKey() {
        let hidden = isHidden
        makeKeyAndVisible()
        if hidden { isHidden = true }
    }

    /// Tells the window it is now the key window; the default does nothing. Called, and
    /// ``didBecomeKeyNotification`` posted, when it becomes key: never call it yourself.
    open func becomeKey() {}

    /// Tells the window it is no longer the key window (another window went on its screen);
    /// the default does nothing. Called, and ``didResignKeyNotification`` posted, when it
    /// resigns: never call it yourself (calling it changes nothing).
    open func resignKey() {}

    /// Posted when a window becomes the key window of its screen; the object is the window.
    public nonisolated static let didBecomeKeyNotification = Notification.Name("UIWindowDidBecomeKeyNotification")
    /// Posted when a window stops being the key window of its screen; the object is the window.
    public nonisolated static let didResignKeyNotification = Notification.Name("UIWindowDidResignKeyNotification")

    /// Makes this the key window, telling it (``becomeKey()``) and posting
    /// ``didBecomeKeyNotification``, unless it is key already.
    private func takeKeyStatus() {
        guard !isKeyWindow else { return }
        isKeyWindow = true
        becomeKey()
        NotificationCenter.default.post(name: Self.didBecomeKeyNotification, object: self)
    }

    /// Ends this window's key status (its screen shows another window), telling it
    /// (``resignKey()``) and posting ``didResignKeyNotification``.
    func loseKeyStatus() {
        guard isKeyWindow else { return }
        isKeyWindow = false
        resignKey()
        NotificationCenter.default.post(name: Self.didResignKeyNotification, object: self)
    }

    /// Whether root view controllers are on screen: the window has been shown and is not hidden.
    private var showsViewControllers: Bool { isKeyWindow && !isHidden }

    /// Puts the root view controller's view in the window, filling it (no callbacks).
    private func installRootView() {
        guard let controller = rootViewController else { return }
        let view = controller.view!
        view.frame = bounds
        view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        if view.superview !== self { insertSubview(view, at: 0) }
    }

    /// The middle of an appearance: the view is in the window with its frame, so
    /// `viewIsAppearing`, then layout, before `viewDidAppear`.
    private func finishAppearing(_ controller: UIViewController?) {
        guard let controller, controller.appearance == .appearing else { return }
        controller.viewIsInHierarchy()
        controller.view.layoutIfNeeded()
    }

    /// Reads the status bar style and visibility the root view controller asks for.
    func updateStatusBarAppearance() {
        var controller = rootViewController
        while let child = controller?.childForStatusBarStyle { controller = child }
        statusBarStyle = controller?.preferredStatusBarStyle ?? .default
        statusBarHidden = controller?.prefersStatusBarHidden ?? false
        // Over the black behind a pushed-back screen, the status bar is light.
        if PresentationContainerView.windowShowsSheet(self) { statusBarStyle = .lightContent }
        layer.host?.layerTreeNeedsUpdate()
    }

    open override var next: UIResponder? { nil }
}
