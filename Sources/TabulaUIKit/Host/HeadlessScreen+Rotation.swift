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
        var turn = orientation.angleFromPortrait - old.angleFromPortrait
        if turn > .pi { turn -= 2 * .pi }
        if turn <= -.pi { turn += 2 * .pi }
        let root = window?.rootViewController.flatMap { $0.isViewLoaded ? $0 : nil }
        // The root view controller and those presented over it take part, each with the
        // coordinator as its `transitionCoordinator` until the turn ends.
        var controllers: [UIViewController] = []
        var next = root
        while let controller = next {
            controllers.append(controller)
            next = controller.presentationLinks.presented
        }
        let coordinator = root.map {
            TransitionCoordinator(animated: duration > 0, duration: duration, container: window!,
                                  from: $0, to: $0, targetTransform: CGAffineTransform(rotationAngle: -turn))
        }
        if let coordinator {
            coordinator.install(on: controllers)
            // A turn that changes a size class is announced before the traits change.
            let classes = UIWindow.sizeClasses(for: newSize)
            for controller in controllers {
                let traits = controller.traitCollection
                let new = traits.replacing(horizontalSizeClass: classes.horizontal, verticalSizeClass: classes.vertical)
                if new != traits { controller.willTransition(to: new, with: coordinator) }
            }
        }
        interfaceOrientation = orientation
        resize(to: newSize)
        window?.screenSafeAreaInsets = safeAreaInsets
        guard let window, let controller = root, let coordinator else { return }
        // The window turns, with everything in it: the root view, and the screens presented
        // over it (a sheet, the screen it pushed back), each laid out at the new size as it turns.
        window.turningToSize = newSize
        UIView.performWithoutAnimation {
            // It keeps its old size and looks as it did before the screen turned.
            window.bounds = CGRect(origin: window.bounds.origin, size: oldSize)
            window.center = CGPoint(x: newSize.width / 2, y: newSize.height / 2)
            window.transform = CGAffineTransform(rotationAngle: turn)
            window.layoutIfNeeded()
            // A root view a full-screen presentation took out of the window takes the new size.
            if let view = controller.viewIfLoaded, view.window == nil, view.transform == .identity {
                view.frame = CGRect(origin: .zero, size: newSize)
                view.layoutIfNeeded()
            }
        }
        controller.viewWillTransition(to: newSize, with: coordinator)
        for presented in controllers.dropFirst() {
            let size = presented.presentationLinks.container?.presentedSize(inContainerOf: newSize) ?? newSize
            presented.viewWillTransition(to: size, with: coordinator)
        }
        let turnUpright = {
            window.transform = .identity
            window.bounds = CGRect(origin: window.bounds.origin, size: newSize)
            window.turningToSize = nil
            window.layoutIfNeeded()
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
