extension UIWindow {
    /// The responder that gets this window's key presses first: the one that last became
    /// first responder here and has not resigned (nil once it resigns or is freed).
    var firstResponder: UIResponder? {
        get {
            guard let responder = storedFirstResponder, responder.isFirstResponder,
                  responder.firstResponderWindow === self else { return nil }
            return responder
        }
        set { storedFirstResponder = newValue }
    }

    /// A view that became first responder before it was in a window (as code in
    /// `viewDidLoad` may make it), or in another window, is this window's first responder
    /// once it joins, unless the window has one. The keyboard does not come up for it
    /// (UIKit would have refused, or resigned it as it left).
    func adoptFirstResponder(_ view: UIView) {
        guard view.isFirstResponder, view.firstResponderWindow !== self, firstResponder == nil else { return }
        view.firstResponderWindow = self
        firstResponder = view
    }

    /// Moves the keyboard to the next text input after `current` in reading order (top to
    /// bottom, then left to right), or the one before it when `backward`, and scrolls it
    /// into view: what Tab and Shift-Tab do in a text field with a hardware keyboard, as on
    /// iOS. Candidates are the enabled text fields and editable text views shown (not
    /// hidden, not transparent, taking touches) in the part of the window `current` is in:
    /// the presented screen it is on, or else the window's root view — never a screen
    /// behind a sheet. At the last one, a scroll view holding `current` that can scroll on
    /// (a long form in a table, whose further rows are not loaded yet) scrolls it to its
    /// edge first, so that the rows beyond load; only then does Tab go round to the first.
    /// Returns whether another input took the keyboard.
    func moveTextInputFocus(from current: UIView, backward: Bool) -> Bool {
        var scope: UIView = rootViewController?.view ?? self
        var ancestor = current.superview
        while let view = ancestor {
            if view is PresentationContainerView { scope = view; break }
            ancestor = view.superview
        }
        var (ordered, index) = Self.textInputs(in: scope, around: current)
        guard var from = index else { return false }
        if backward ? from == 0 : from == ordered.count - 1, Self.scrollOn(toward: backward, holding: current) {
            (ordered, index) = Self.textInputs(in: scope, around: current)
            guard let again = index else { return false }
            from = again
        }
        var next: UIView
        if backward ? from > 0 : from < ordered.count - 1 {
            next = ordered[from + (backward ? -1 : 1)]
        } else {
            // Round to the other end: of the scroll view too, whose rows there may not be loaded.
            if Self.scrollToEnd(atStart: !backward, holding: current) {
                ordered = Self.textInputs(in: scope, around: current).inputs
            }
            guard let end = backward ? ordered.last : ordered.first, end !== current else { return false }
            next = end
        }
        guard next.becomeFirstResponder() else { return false }
        var container = next.superview
        while let view = container {
            if let scroll = view as? UIScrollView, scroll.isScrollEnabled {
                scroll.scrollRectToVisible(next.convert(next.bounds, to: scroll), animated: true)
            }
            container = view.superview
        }
        return true
    }

    /// The text inputs shown under `scope` in reading order, with `current` among them,
    /// and where `current` is.
    private static func textInputs(in scope: UIView, around current: UIView) -> (inputs: [UIView], index: Int?) {
        var inputs: [(frame: CGRect, view: UIView)] = []
        func collect(_ view: UIView) {
            guard !view.isHidden, view.alpha > 0.01, view.isUserInteractionEnabled else { return }
            if view === current || (view as? UITextField)?.isEnabled == true || (view as? UITextView)?.isEditable == true {
                inputs.append((view.convert(view.bounds, to: nil), view))
            }
            for subview in view.subviews { collect(subview) }
        }
        collect(scope)
        let ordered = inputs.sorted(by: readingOrder).map(\.view)
        return (ordered, ordered.firstIndex { $0 === current })
    }

    /// Scrolls the nearest scroll view holding `current` that can scroll further down (up
    /// when `backward`) so that `current` sits at its top (bottom) edge, and lays it out;
    /// returns whether it moved.
    private static func scrollOn(toward backward: Bool, holding current: UIView) -> Bool {
        var ancestor = current.superview
        while let view = ancestor {
            ancestor = view.superview
            guard let scroll = view as? UIScrollView, scroll.isScrollEnabled else { continue }
            let frame = current.convert(current.bounds, to: scroll)
            let visible = scroll.bounds.height - scroll.adjustedContentInset.top - scroll.adjustedContentInset.bottom
            let target = backward ? frame.maxY - scroll.adjustedContentInset.top - visible
                                  : frame.minY - scroll.adjustedContentInset.top
            let offset = scroll.clampedContentOffset(CGPoint(x: scroll.contentOffset.x, y: target))
            guard abs(offset.y - scroll.contentOffset.y) > 0.5 else { continue }
            scroll.setContentOffset(offset, animated: false)
            scroll.layoutIfNeeded()
            return true
        }
        return false
    }

    /// Scrolls the outermost vertical scroll view holding `current` to its start (or end),
    /// and lays it out; returns whether it moved.
    private static func scrollToEnd(atStart: Bool, holding current: UIView) -> Bool {
        var outermost: UIScrollView?
        var ancestor = current.superview
        while let view = ancestor {
            if let scroll = view as? UIScrollView, scroll.isScrollEnabled, scroll.canScrollVertically { outermost = scroll }
            ancestor = view.superview
        }
        guard let scroll = outermost else { return false }
        let y = atStart ? scroll.minimumContentOffset.y : scroll.maximumContentOffset.y
        guard abs(scroll.contentOffset.y - y) > 0.5 else { return false }
        scroll.setContentOffset(CGPoint(x: scroll.contentOffset.x, y: y), animated: false)
        scroll.layoutIfNeeded()
        return true
    }

    /// Top to bottom, then left to right, by the frames' top-left corners (to the point).
    private static func readingOrder(_ a: (frame: CGRect, view: UIView), _ b: (frame: CGRect, view: UIView)) -> Bool {
        let (ay, by) = (a.frame.minY.rounded(), b.frame.minY.rounded())
        return ay != by ? ay < by : a.frame.minX < b.frame.minX
    }

    /// The context menu shown in this window and not closing, if any.
    var contextMenuOnScreen: ContextMenuPresentation? { showingContextMenu.flatMap { $0.isDismissing ? nil : $0 } }
    /// The pull-down menu shown in this window, if any.
    var menuOnScreen: MenuPlatterView? { showingMenu.flatMap { $0.isShowing ? $0 : nil } }
}

extension HeadlessScreen {
    /// The context menu on this screen and not closing, if any (for tests).
    var contextMenuOnScreen: ContextMenuPresentation? { window?.contextMenuOnScreen }
    /// The pull-down menu on this screen, if any (for tests).
    var menuOnScreen: MenuPlatterView? { window?.menuOnScreen }
    /// The first responder of the window this screen shows, if any.
    var firstResponder: UIResponder? { window?.firstResponder }
}
