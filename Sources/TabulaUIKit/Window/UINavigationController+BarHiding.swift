import Foundation

/// ``UINavigationController/hidesBarsOnSwipe`` and ``UINavigationController/hidesBarsOnTap``:
/// a pan and a tap on the container view that hide or show the navigation bar and the
/// toolbar with the same slide as `setNavigationBarHidden(_:animated:)`.
///
/// Both recognize together with every other recognizer (the content's scrolling, a row's
/// selection) and never take touches from the views, as UIKit's do; neither sees a touch
/// that begins on the bars themselves. The pan acts once the finger has moved
/// ``swipeDistance`` up or down, mostly vertically, and acts again only after moving that
/// far once more.
@MainActor
final class BarHiding: UIGestureRecognizerDelegate {
    let swipe = UIPanGestureRecognizer()
    let tap = UITapGestureRecognizer()
    private weak var navigation: UINavigationController?
    /// Whether the bars' hiding hid the toolbar, so that showing the bars brings it back.
    private var hidToolbar = false

    /// How far a swipe moves up or down before the bars hide or show.
    static let swipeDistance: CGFloat = 20

    init() {
        for recognizer in [swipe, tap] as [UIGestureRecognizer] {
            recognizer.isEnabled = false
            recognizer.cancelsTouchesInView = false
            recognizer.delegate = self
        }
    }

    func connect(to navigation: UINavigationController) {
        self.navigation = navigation
        swipe.addTarget { [weak self] pan in self?.swiped(pan) }
        tap.addTarget { [weak self] (recognizer: UIGestureRecognizer) in
            guard recognizer.state == .ended, let navigation = self?.navigation else { return }
            self?.setBarsHidden(!navigation.isNavigationBarHidden)
        }
    }

    private func swiped(_ pan: UIPanGestureRecognizer) {
        guard pan.state == .changed, let navigation, let view = navigation.viewIfLoaded else { return }
        let moved = pan.translation(in: view)
        guard abs(moved.y) >= Self.swipeDistance, abs(moved.y) > abs(moved.x) else { return }
        pan.setTranslation(.zero, in: view)
        setBarsHidden(moved.y < 0)
    }

    /// Hides or shows the navigation bar, and the toolbar when it has items, sliding.
    private func setBarsHidden(_ hidden: Bool) {
        guard let navigation, !navigation.isTransitioning else { return }
        navigation.setNavigationBarHidden(hidden, animated: true)
        let toolbarHasItems = !(navigation.toolbar.items ?? []).isEmpty
        if hidden, toolbarHasItems, !navigation.isToolbarHidden {
            hidToolbar = true
            navigation.setToolbarHidden(true, animated: true)
        } else if !hidden, hidToolbar {
            hidToolbar = false
            if toolbarHasItems { navigation.setToolbarHidden(false, animated: true) }
        }
    }

    // MARK: UIGestureRecognizerDelegate

    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                           shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer) -> Bool {
        true
    }

    /// Touches on the bars are the bars' own.
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool {
        guard let navigation else { return false }
        for bar in [navigation.navigationBar, navigation.toolbar] as [UIView] where !bar.isHidden {
            if bar.bounds.contains(touch.location(in: bar)) { return false }
        }
        return true
    }
}
