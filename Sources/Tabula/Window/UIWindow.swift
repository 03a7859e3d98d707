/// The root of a view hierarchy shown by a host (``HeadlessScreen`` or the SDL window).
///
/// Window coordinates are the host's points, origin at the top left.
@MainActor
open class UIWindow: UIView {
    /// Pixels per point of the host showing the window; views draw at this density.
    public internal(set) var screenScale: CGFloat = 1

    /// The view controller whose view fills the window.
    open var rootViewController: UIViewController? {
        didSet {
            guard rootViewController !== oldValue else { return }
            oldValue?.viewIfLoaded?.removeFromSuperview()
            installRootView()
        }
    }

    /// Whether ``makeKeyAndVisible()`` has made this the key window.
    public private(set) var isKeyWindow = false

    /// Routes the touches on this window to recognizers and views.
    lazy var touchRouter = TouchRouter(window: self)

    public override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = nil
    }

    /// Makes the window the key window and shows it (``HeadlessScreen/show(_:)`` calls this).
    open func makeKeyAndVisible() {
        isKeyWindow = true
        isHidden = false
        installRootView()
    }

    private func installRootView() {
        guard let controller = rootViewController else { return }
        let view = controller.view!
        view.frame = bounds
        view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        if view.superview !== self {
            controller.beginAppearance(animated: false)
            insertSubview(view, at: 0)
            controller.endAppearance()
        }
    }

    open override var next: UIResponder? { nil }
}
