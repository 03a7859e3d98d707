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

    public var viewIfLoaded: UIView? { _view }
    public var isViewLoaded: Bool { _view != nil }

    /// Creates the root view; the default makes a plain white view.
    open func loadView() {
        let v = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        v.backgroundColor = .systemBackground
        view = v
    }

    open func viewDidLoad() {}
    open func viewWillAppear(_ animated: Bool) {}
    open func viewDidAppear(_ animated: Bool) {}
    open func viewWillDisappear(_ animated: Bool) {}
    open func viewDidDisappear(_ animated: Bool) {}
    open func viewWillLayoutSubviews() {}
    open func viewDidLayoutSubviews() {}

    /// Called before the view's size changes to `size` (a rotation); the default does
    /// nothing. Animate alongside with `coordinator.animate(alongsideTransition:)`.
    open func viewWillTransition(to size: CGSize, with coordinator: UIViewControllerTransitionCoordinator) {}

    open var title: String?

    public private(set) weak var parent: UIViewController?
    public private(set) var children: [UIViewController] = []

    open func addChild(_ child: UIViewController) {
        child.removeFromParent()
        children.append(child)
        child.parent = self
    }

    open func removeFromParent() {
        parent?.children.removeAll { $0 === self }
        parent = nil
    }

    /// After a view controller comes its view's superview.
    open override var next: UIResponder? { _view?.superview }

    func beginAppearance(animated: Bool) { viewWillAppear(animated) }
    func endAppearance() { viewDidAppear(false) }
}
