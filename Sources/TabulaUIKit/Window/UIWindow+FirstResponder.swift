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
