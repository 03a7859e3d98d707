import Foundation

/// A layout guide that follows the keyboard: its top is the keyboard's top edge while the
/// keyboard covers the view, and the bottom of the safe area otherwise. Constrain a view's
/// bottom to `view.keyboardLayoutGuide.topAnchor` and it rides up with the keyboard, in the
/// keyboard's own animation.
@preconcurrency @MainActor
open class UIKeyboardLayoutGuide: UILayoutGuide {
    /// Whether the guide follows an undocked (floating) keyboard (accepted; Tabula's keyboard is docked).
    open var followsUndockedKeyboard = false
    /// Whether, with no keyboard, the guide's top is the safe area's bottom (true) or the
    /// view's bottom (false).
    open var usesBottomSafeArea = true {
        didSet { owningView?.updateSystemGuides() }
    }
    /// Extra distance below the keyboard in which a drag dismisses it (accepted).
    open var keyboardDismissPadding: CGFloat = 0
}

extension UIView {
    /// The guide that follows the keyboard over this view (UIKit's `keyboardLayoutGuide`).
    public var keyboardLayoutGuide: UIKeyboardLayoutGuide {
        if let existing = systemGuides.keyboard { return existing.guide }
        let guide = UIKeyboardLayoutGuide()
        guide.identifier = "UIViewKeyboardLayoutGuide"
        guide.proxy.superview = self
        let top = guide.proxy.topAnchor.constraint(equalTo: bottomAnchor)
        NSLayoutConstraint.activate([
            guide.proxy.leftAnchor.constraint(equalTo: leftAnchor),
            guide.proxy.rightAnchor.constraint(equalTo: rightAnchor),
            guide.proxy.bottomAnchor.constraint(equalTo: bottomAnchor),
            top,
        ])
        systemGuides.keyboard = (guide, top)
        updateSystemGuides()
        return guide
    }

    /// How tall the keyboard guide is: the part of the view the keyboard covers, or with
    /// no keyboard over it, the safe area's bottom inset (0 when not using it).
    func keyboardGuideHeight(usesBottomSafeArea: Bool) -> CGFloat {
        let resting = usesBottomSafeArea ? safeAreaInsets.bottom : 0
        guard let window, let keyboard = window.softwareKeyboard.frame else { return resting }
        let top = convert(CGPoint(x: 0, y: keyboard.minY), from: nil).y
        return max(resting, bounds.maxY - top)
    }
}

/// The views of a window that have a keyboard guide, found in the window's own tree (no
/// list outlives it), so that the keyboard moves them all.
@MainActor
enum KeyboardGuideOwners {
    /// Moves the guides of the views in `window` to the keyboard's frame and lays those
    /// views out (called inside the keyboard's animation, so the layout animates with it).
    static func keyboardDidMove(in window: UIWindow) {
        var owners: [UIView] = []
        collect(window, into: &owners)
        for view in owners {
            view.updateSystemGuides()
            view.layoutIfNeeded()
        }
    }

    private static func collect(_ view: UIView, into owners: inout [UIView]) {
        if view.systemGuideStorage?.keyboard != nil { owners.append(view) }
        for subview in view.subviews { collect(subview, into: &owners) }
    }
}
