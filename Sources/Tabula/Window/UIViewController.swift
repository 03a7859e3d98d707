/// Manages a view: loads it on first use and hears when it appears and disappears.
@MainActor
open class UIViewController: UIResponder {
    public override init() { super.init() }

    private var _view: UIView?

    /// The root view, created by ``loadView()`` on first access.
    public var view: UIView! {
        get {
            if _view == nil {
                loadView()
                if _view == nil { _view = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 480)) }
                _view!.viewController = self
                viewDidLoad()
            }
            return _view
        }
        set {
            _view?.viewController = nil
            _view = newValue
            newValue?.viewController = self
        }
    }

    /// The root view if it has been loaded, else nil; reading it never loads the view.
    public var viewIfLoaded: UIView? { _view }
    /// Whether the root view has been loaded (or set).
    public var isViewLoaded: Bool { _view != nil }

    /// Creates the root view; the default makes a plain white view.
    open func loadView() {
        let v = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        v.backgroundColor = .systemBackground
        view = v
    }

    /// Called once, after the root view is loaded; the default does nothing.
    open func viewDidLoad() {}
    /// Called before the root view is put into a window (as a window's root view controller).
    /// The default does nothing.
    open func viewWillAppear(_ animated: Bool) {}
    /// Called after the root view was put into a window; the default does nothing.
    open func viewDidAppear(_ animated: Bool) {}
    /// Called before the root view leaves the screen; the default does nothing.
    /// Tabula does not call it yet: a window whose root view controller is replaced just removes the old view.
    open func viewWillDisappear(_ animated: Bool) {}
    /// Called after the root view left the screen; the default does nothing.
    /// Tabula does not call it yet: a window whose root view controller is replaced just removes the old view.
    open func viewDidDisappear(_ animated: Bool) {}
    /// Called just before the root view's ``UIView/layoutSubviews()``; the default does nothing.
    open func viewWillLayoutSubviews() {}
    /// Called just after the root view's ``UIView/layoutSubviews()``; the default does nothing.
    open func viewDidLayoutSubviews() {}

    /// Called before the view's size changes to `size` (a rotation); the default does
    /// nothing. Animate alongside with `coordinator.animate(alongsideTransition:)`.
    open func viewWillTransition(to size: CGSize, with coordinator: UIViewControllerTransitionCoordinator) {}

    /// A name for the view controller's content, for a containing interface to show.
    open var title: String?

    /// The view controller this one is a child of, if any.
    public private(set) weak var parent: UIViewController?
    /// The child view controllers, in the order they were added.
    public private(set) var children: [UIViewController] = []

    /// Makes `child` a child of this view controller, removing it from its old parent first.
    /// Adding the child's view to the hierarchy is up to the caller, as in UIKit.
    open func addChild(_ child: UIViewController) {
        child.removeFromParent()
        children.append(child)
        child.parent = self
    }

    /// Removes the view controller from its parent; its view stays where it is.
    open func removeFromParent() {
        parent?.children.removeAll { $0 === self }
        parent = nil
    }

    /// After a view controller comes its view's superview.
    open override var next: UIResponder? { _view?.superview }

    func beginAppearance(animated: Bool) { viewWillAppear(animated) }
    func endAppearance() { viewDidAppear(false) }
}
