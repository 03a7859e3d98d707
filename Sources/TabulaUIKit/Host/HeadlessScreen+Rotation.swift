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
        interfaceOrientation = orientation
        resize(to: newSize)
        window?.screenSafeAreaInsets = safeAreaInsets
        guard let window, let controller = window.rootViewController, let view = controller.viewIfLoaded else { return }

        var turn = orientation.angleFromPortrait - old.angleFromPortrait
        if turn > .pi { turn -= 2 * .pi }
        if turn <= -.pi { turn += 2 * .pi }
        let coordinator = TransitionCoordinator(animated: duration > 0, duration: duration, container: window,
                                                from: controller, to: controller,
                                                targetTransform: CGAffineTransform(rotationAngle: -turn))
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
