import Foundation
import TabulaUIKit
import TabulaTable

/// A list cell swiped sideways: which side, the actions, and how far.
struct ListSwipe {
    let leading: Bool
    let configuration: UISwipeActionsConfiguration
    let actionsView: UIView
    /// How far the content is moved sideways (positive: to the right).
    var offset: CGFloat = 0
    var dragStart: CGFloat = 0
}

/// Swipe actions of a list section, as the table draws and runs them: a sideways drag on
/// a row moves its content and reveals the buttons of the list configuration's
/// `leadingSwipeActionsConfigurationProvider` (drag right) or
/// `trailingSwipeActionsConfigurationProvider` (drag left). Let go past half the buttons'
/// width and the row stays open; past 60% of the row with
/// `performsFirstActionWithFullSwipe`, the first action runs. A tapped button runs its
/// handler, and the row closes when the handler calls its completion. A drag along the
/// list scrolls it (the cell's recognizer does not begin) and closes the row.
///
/// The content moves by the cell's bounds origin, so the row's background stays and the
/// buttons fill exactly the uncovered part.
extension UICollectionViewListCell {
    /// Half the buttons' width opens the row; this fraction of its width runs the first action.
    static let fullSwipeFraction: CGFloat = 0.6

    /// The buttons of the swipe actions, while they are open.
    var openSwipeActionsView: UIView? { swipe?.actionsView }

    func installSwipe() {
        guard swipePan == nil else { return }
        let pan = UIPanGestureRecognizer { [unowned self] recognizer in self.handleSwipe(recognizer as! UIPanGestureRecognizer) }
        addGestureRecognizer(pan)
        swipePan = pan
    }

    func swipeConfiguration(leading: Bool) -> UISwipeActionsConfiguration? {
        let provider = leading ? swipeProviders.leading : swipeProviders.trailing
        return provider?(swipeIndexPath).flatMap { $0.actions.isEmpty ? nil : $0 }
    }

    func swipeShouldBegin(_ pan: UIPanGestureRecognizer) -> Bool {
        let t = pan.translation(in: self)
        guard abs(t.x) > abs(t.y) else { return false }
        if swipe != nil { return true }
        return swipeConfiguration(leading: t.x > 0) != nil
    }

    private func handleSwipe(_ pan: UIPanGestureRecognizer) {
        let t = pan.translation(in: self)
        switch pan.state {
        case .began:
            if swipe == nil { openSwipe(leading: t.x > 0) }
            if var current = swipe {
                current.dragStart = current.offset
                swipe = current
            }
        case .changed:
            guard var current = swipe else { return }
            let raw = current.dragStart + t.x
            current.offset = current.leading ? max(0, raw) : min(0, raw)
            swipe = current
            placeSwipe()
        case .ended, .cancelled:
            guard let current = swipe else { return }
            let width = swipeActionsWidth(current.actionsView)
            let distance = abs(current.offset)
            let flung = (current.leading ? 1 : -1) * pan.velocity(in: self).x > 500
            if distance > bounds.width * Self.fullSwipeFraction && current.configuration.performsFirstActionWithFullSwipe {
                perform(current.configuration.actions[0])
            } else if distance > width / 2 || flung {
                settleSwipe(to: current.leading ? width : -width)
            } else {
                closeSwipe(animated: true)
            }
        default:
            break
        }
    }

    private func openSwipe(leading: Bool) {
        guard let configuration = swipeConfiguration(leading: leading) else { return }
        let view = makeSwipeActionsView(configuration, leading: leading) { [weak self] action in self?.perform(action) }
        insertSubview(view, at: 0)
        swipe = ListSwipe(leading: leading, configuration: configuration, actionsView: view)
        isHighlighted = false
        // As in the table, scrolling the list closes the row.
        if let list = superview as? UICollectionView, watchedList !== list {
            watchedList = list
            list.panGestureRecognizer.addTarget { [weak self, weak list] pan in
                guard let self, let list, self.watchedList === list, pan.state == .began else { return }
                self.closeSwipe(animated: true)
            }
        }
    }

    /// Moves the content to the swipe's offset and fits the buttons into the space it leaves.
    func placeSwipe() {
        guard let swipe else { return }
        var b = bounds
        b.origin.x = -swipe.offset
        bounds = b
        let revealed = abs(swipe.offset)
        swipe.actionsView.frame = CGRect(x: b.minX + (swipe.leading ? 0 : b.width - revealed), y: 0, width: revealed, height: b.height)
    }

    private func settleSwipe(to offset: CGFloat) {
        swipe?.offset = offset
        UIView.animate(withDuration: 0.25) { self.placeSwipe() }
    }

    private func perform(_ action: UIContextualAction) {
        guard let swipe else { return }
        let width = swipeActionsWidth(swipe.actionsView)
        settleSwipe(to: swipe.leading ? width : -width)
        action.handler(action, swipe.actionsView) { [weak self] _ in self?.closeSwipe(animated: true) }
    }

    /// Slides the content back and removes the buttons.
    func closeSwipe(animated: Bool) {
        guard let current = swipe else { return }
        swipe = nil
        let close = {
            var b = self.bounds
            b.origin.x = 0
            self.bounds = b
            current.actionsView.frame.size.width = 0
            current.actionsView.frame.origin.x = current.leading ? 0 : b.width
        }
        if animated && window != nil {
            UIView.animate(withDuration: 0.25, animations: close) { _ in current.actionsView.removeFromSuperview() }
        } else {
            close()
            current.actionsView.removeFromSuperview()
        }
    }
}
