import Foundation

/// How a presented view controller is shown (UIKit's values).
public enum UIModalPresentationStyle: Int, Sendable {
    /// The system's choice: a sheet on iPhone (iOS 13 and later).
    case automatic = -2
    /// No adaptation; Tabula shows it as a sheet.
    case none = -1
    /// Covers the whole screen; the presenter's view leaves the window while covered.
    case fullScreen = 0
    /// A card that slides up, leaving the presenter visible and pushed back behind it; a
    /// swipe down dismisses it.
    case pageSheet = 1
    /// On iPhone, the same card as `.pageSheet`.
    case formSheet = 2
    /// Covers the presenting context; Tabula covers the whole window, as `.fullScreen`.
    case currentContext = 3
    /// A custom presentation; Tabula shows it as a sheet.
    case custom = 4
    /// Covers the whole screen over the presenter, which stays in the window (for
    /// translucent content).
    case overFullScreen = 5
    /// Over the presenting context; Tabula covers the whole window, as `.overFullScreen`.
    case overCurrentContext = 6
    /// A popover; on iPhone it adapts to a sheet.
    case popover = 7
}

/// How a full-screen presentation animates (UIKit's values).
public enum UIModalTransitionStyle: Int, Sendable {
    /// Slides up from the bottom edge (the default).
    case coverVertical = 0
    /// Flips around the vertical axis; Tabula cross-dissolves.
    case flipHorizontal = 1
    /// Fades in over the presenter.
    case crossDissolve = 2
    /// Curls up like a page; Tabula cross-dissolves.
    case partialCurl = 3
}

/// What a view controller presents, and what presented it.
struct PresentationLinks {
    /// The view controller this one presents (kept alive by the link).
    var presented: UIViewController?
    /// The view controller that presented this one.
    weak var presenting: UIViewController?
    /// The container that shows this view controller while it is presented.
    var container: PresentationContainerView?
    var isBeingPresented = false
    var isBeingDismissed = false
}

extension UIViewController {
    /// Reported (to ``onInvalidUse``) when a presentation or dismissal cannot be done.
    static func reportPresentation(_ message: String) { onInvalidUse(message) }

    // MARK: The presentation chain

    /// The view controller this one (or its nearest ancestor that presents) presents.
    public var presentedViewController: UIViewController? {
        presentationRoot.presentationLinks.presented
    }

    /// The view controller that presented this one (or its nearest presented ancestor).
    public var presentingViewController: UIViewController? {
        presentationRoot.presentationLinks.presenting
    }

    /// Whether the view controller is being presented: from the call to `present` until
    /// its `viewDidAppear`.
    public var isBeingPresented: Bool { presentationLinks.isBeingPresented }
    /// Whether the view controller is being dismissed: from the call to `dismiss` (or the
    /// start of a swipe down) until its `viewDidDisappear`.
    public var isBeingDismissed: Bool { presentationLinks.isBeingDismissed }

    /// The ancestor that takes part in presentation: the outermost parent (a navigation
    /// controller, not the controller inside it), as UIKit's presentations run between
    /// root view controllers.
    var presentationRoot: UIViewController {
        var controller = self
        while let parent = controller.parent { controller = parent }
        return controller
    }

    /// Whether any presentation or dismissal in the window is animating.
    private var presentationBusy: Bool {
        var controller: UIViewController? = viewIfLoaded?.window?.rootViewController
        while let current = controller {
            if current.presentationLinks.isBeingPresented || current.presentationLinks.isBeingDismissed { return true }
            controller = current.presentationLinks.presented
        }
        return false
    }

    // MARK: Presenting

    /// What ``present(_:animated:completion:)`` does.
    func performPresent(_ viewControllerToPresent: UIViewController, animated flag: Bool, completion: (() -> Void)?) {
        let presenter = presentationRoot
        let name = { (c: UIViewController) in "<\(type(of: c))>" }
        if let current = presenter.presentationLinks.presented {
            Self.reportPresentation("Attempt to present \(name(viewControllerToPresent)) on \(name(presenter)) which is already presenting \(name(current)). Present from the presented view controller instead.")
            return
        }
        guard let window = viewIfLoaded?.window else {
            Self.reportPresentation("Attempt to present \(name(viewControllerToPresent)) on \(name(presenter)) whose view is not in the window hierarchy.")
            return
        }
        if viewControllerToPresent.presentationLinks.presenting != nil || viewControllerToPresent.parent != nil
            || viewControllerToPresent === presenter || viewControllerToPresent.viewIfLoaded?.window != nil {
            Self.reportPresentation("Application tried to present modally a view controller \(name(viewControllerToPresent)) that is already being presented or is in the hierarchy.")
            return
        }
        if presentationBusy {
            Self.reportPresentation("Attempt to present \(name(viewControllerToPresent)) on \(name(presenter)) while a presentation is in progress.")
            return
        }
        if let alert = viewControllerToPresent as? UIAlertController, let problem = alert.presentationProblem {
            Self.reportPresentation(problem)
            return
        }
        PresentationContainerView.present(viewControllerToPresent, from: presenter, in: window, animated: flag, completion: completion)
    }

    /// What ``dismiss(animated:completion:)`` does.
    func performDismiss(animated flag: Bool, completion: (() -> Void)?) {
        let root = presentationRoot
        let target: UIViewController
        if root.presentationLinks.presented != nil {
            target = root.presentationLinks.presented!
        } else if root.presentationLinks.presenting != nil {
            target = root
        } else {
            Self.reportPresentation("dismiss(animated:completion:) on <\(type(of: self))>: it presents nothing and was not presented; nothing dismissed.")
            completion?()
            return
        }
        guard let container = target.presentationLinks.container else { completion?(); return }
        container.dismiss(animated: flag, completion: completion)
    }

    /// What ``show(_:sender:)`` does.
    func performShow(_ vc: UIViewController) {
        if let navigation = self as? UINavigationController ?? navigationController {
            navigation.pushViewController(vc, animated: true)
        } else {
            present(vc, animated: true)
        }
    }

}
