import Foundation

/// How the interface is turned on the screen, with UIKit's raw values.
public enum UIInterfaceOrientation: Int, Sendable, CaseIterable {
    /// The orientation is not known; ``HeadlessScreen/rotate(to:duration:)`` ignores it.
    case unknown = 0
    /// Portrait, upright.
    case portrait = 1
    /// Portrait, upside down.
    case portraitUpsideDown = 2
    /// Landscape, with the device's home button on the right.
    case landscapeRight = 3
    /// Landscape, with the device's home button on the left.
    case landscapeLeft = 4

    /// Whether the orientation is portrait, upright or upside down.
    public var isPortrait: Bool { self == .portrait || self == .portraitUpsideDown }
    /// Whether the orientation is landscape, left or right.
    public var isLandscape: Bool { self == .landscapeLeft || self == .landscapeRight }

    /// The turn of the interface from portrait, in radians (counterclockwise positive).
    var angleFromPortrait: CGFloat {
        switch self {
        case .portrait, .unknown: return 0
        case .landscapeLeft: return .pi / 2
        case .portraitUpsideDown: return .pi
        case .landscapeRight: return -.pi / 2
        }
    }
}

/// What the closures given to a transition coordinator learn about the transition: UIKit's
/// `UIViewControllerTransitionCoordinatorContext`, reduced to what a size change has.
@preconcurrency @MainActor
public protocol UIViewControllerTransitionCoordinatorContext: AnyObject {
    /// Whether the transition animates.
    var isAnimated: Bool { get }
    /// Whether the transition was cancelled (a size change never is).
    var isCancelled: Bool { get }
    /// Whether the user drives the transition interactively (a size change never is).
    var isInteractive: Bool { get }
    /// The length of the transition's animation in seconds.
    var transitionDuration: TimeInterval { get }
    /// The view controller in `key`'s role: the window's root for a size change.
    func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController?
}

/// The roles of the view controllers in a transition.
public struct UITransitionContextViewControllerKey: Hashable, RawRepresentable, Sendable {
    /// The key as a string.
    public var rawValue: String
    /// Makes a key.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The view controller shown when the transition begins.
    public static let from = UITransitionContextViewControllerKey(rawValue: "UITransitionContextFromViewControllerKey")
    /// The view controller shown when it ends.
    public static let to = UITransitionContextViewControllerKey(rawValue: "UITransitionContextToViewControllerKey")
}

/// What a view controller learns about a size change in progress (UIKit's
/// `UIViewControllerTransitionCoordinator`, reduced to what a rotation needs). As in
/// UIKit, the closures it runs are given the transition's context.
@preconcurrency @MainActor
public final class UIViewControllerTransitionCoordinator: UIViewControllerTransitionCoordinatorContext {
    /// The length of the transition's animation in seconds.
    public let transitionDuration: TimeInterval
    /// Whether the transition animates (a rotation with a duration above zero).
    public var isAnimated: Bool { transitionDuration > 0 }
    /// False: a size change is never cancelled.
    public var isCancelled: Bool { false }
    /// False: a size change is never interactive.
    public var isInteractive: Bool { false }
    private weak var controller: UIViewController?
    private var alongside: [(UIViewControllerTransitionCoordinatorContext) -> Void] = []
    private var completions: [(UIViewControllerTransitionCoordinatorContext) -> Void] = []

    init(duration: TimeInterval, controller: UIViewController? = nil) {
        transitionDuration = duration
        self.controller = controller
    }

    /// The window's root view controller, in both roles: a size change shows the same one.
    public func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController? { controller }

    /// Runs `animation` inside the transition's animation block (so the changes it makes
    /// animate with the rotation) and `completion` when the transition ends; both are
    /// given the transition's context.
    @discardableResult
    public func animate(alongsideTransition animation: ((UIViewControllerTransitionCoordinatorContext) -> Void)?,
                        completion: ((UIViewControllerTransitionCoordinatorContext) -> Void)? = nil) -> Bool {
        if let animation { alongside.append(animation) }
        if let completion { completions.append(completion) }
        return true
    }

    func runAlongside() { for body in alongside { body(self) } }
    func complete() { for body in completions { body(self) } }
}

extension HeadlessScreen {
    /// Turns the screen to `orientation` as a device does: the width and height swap
    /// (between portrait and landscape), the root view controller hears
    /// `viewWillTransition(to:with:)`, and over `duration` its view turns from where it
    /// was to upright while its bounds change to the new size, so subviews that lay out
    /// again (a table's cells, through their autoresizing masks) animate with it, and a
    /// cell's `contentStretch` decides how its old drawing stretches meanwhile — the 2009
    /// session's rotation demo. A `duration` of 0 turns at once.
    public func rotate(to orientation: UIInterfaceOrientation, duration: TimeInterval = 0.4) {
        guard orientation != .unknown, orientation != interfaceOrientation else { return }
        work { turn(to: orientation, duration: duration) }
    }

    private func turn(to orientation: UIInterfaceOrientation, duration: TimeInterval) {
        let old = interfaceOrientation
        let oldSize = size
        let newSize = old.isLandscape == orientation.isLandscape ? size : CGSize(width: size.height, height: size.width)
        interfaceOrientation = orientation
        resize(to: newSize)
        window?.screenSafeAreaInsets = safeAreaInsets
        guard let window, let controller = window.rootViewController, let view = controller.viewIfLoaded else { return }

        var turn = orientation.angleFromPortrait - old.angleFromPortrait
        if turn > .pi { turn -= 2 * .pi }
        if turn <= -.pi { turn += 2 * .pi }
        let coordinator = UIViewControllerTransitionCoordinator(duration: duration, controller: controller)
        UIView.performWithoutAnimation {
            // The view keeps its old size and looks as it did before the screen turned.
            view.bounds = CGRect(origin: view.bounds.origin, size: oldSize)
            view.center = CGPoint(x: newSize.width / 2, y: newSize.height / 2)
            view.transform = CGAffineTransform(rotationAngle: turn)
            view.layoutIfNeeded()
        }
        controller.viewWillTransition(to: newSize, with: coordinator)
        let turnUpright = {
            view.transform = .identity
            view.bounds = CGRect(origin: view.bounds.origin, size: newSize)
            view.layoutIfNeeded()
            coordinator.runAlongside()
        }
        if duration > 0 {
            UIView.animate(withDuration: duration, delay: 0, options: [.curveEaseInOut],
                           animations: turnUpright, completion: { _ in coordinator.complete() })
        } else {
            UIView.performWithoutAnimation(turnUpright)
            coordinator.complete()
        }
        CATransaction.endImplicitTransaction()
    }

    /// Changes the screen's size in points: a new frame bitmap, and the window resized
    /// (its root view follows through its autoresizing mask).
    func resize(to newSize: CGSize) {
        guard newSize != size else { return }
        size = newSize
        frame = Bitmap(width: Int((newSize.width * scale).rounded()), height: Int((newSize.height * scale).rounded()),
                       opaque: true)
        window?.frame = CGRect(origin: .zero, size: newSize)
        window?.screenSafeAreaInsets = safeAreaInsets
        window?.traitsMayHaveChanged()
        treeChanged = true
    }
}
