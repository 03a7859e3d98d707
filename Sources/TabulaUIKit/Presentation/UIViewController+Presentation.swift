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
    /// The view controller's presentation controller, made on first use.
    var controller: UIPresentationController?
    var isBeingPresented = false
    var isBeingDismissed = false
}

extension UIViewController {
    /// Reported (to ``onInvalidUse``) when a presentation or dismissal cannot be done.
    func reportPresentation(_ message: String) { reportInvalidUse(message) }

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
            reportPresentation("Attempt to present \(name(viewControllerToPresent)) on \(name(presenter)) which is already presenting \(name(current)). Present from the presented view controller instead.")
            return
        }
        guard let window = viewIfLoaded?.window else {
            reportPresentation("Attempt to present \(name(viewControllerToPresent)) on \(name(presenter)) whose view is not in the window hierarchy.")
            return
        }
        if viewControllerToPresent.presentationLinks.presenting != nil || viewControllerToPresent.parent != nil
            || viewControllerToPresent === presenter || viewControllerToPresent.viewIfLoaded?.window != nil {
            reportPresentation("Application tried to present modally a view controller \(name(viewControllerToPresent)) that is already being presented or is in the hierarchy.")
            return
        }
        if presentationBusy {
            reportPresentation("Attempt to present \(name(viewControllerToPresent)) on \(name(presenter)) while a presentation is in progress.")
            return
        }
        if let alert = viewControllerToPresent as? UIAlertController, let problem = alert.presentationProblem {
            reportPresentation(problem)
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
            reportPresentation("dismiss(animated:completion:) on <\(type(of: self))>: it presents nothing and was not presented; nothing dismissed.")
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

// MARK: Presentation controllers

/// The methods a presentation controller's delegate implements to hear about — and
/// decide — a swipe that would dismiss a sheet. Every method has a default.
@preconcurrency @MainActor
public protocol UIAdaptivePresentationControllerDelegate: AnyObject {
    /// Whether a swipe down may dismiss the sheet (default true); false makes it resist
    /// and spring back, as ``UIViewController/isModalInPresentation`` does.
    func presentationControllerShouldDismiss(_ presentationController: UIPresentationController) -> Bool
    /// A swipe that may dismiss the sheet has begun.
    func presentationControllerWillDismiss(_ presentationController: UIPresentationController)
    /// A swipe dismissed the sheet (not called for `dismiss(animated:)`).
    func presentationControllerDidDismiss(_ presentationController: UIPresentationController)
    /// A swipe tried to dismiss a sheet that may not be dismissed.
    func presentationControllerDidAttemptToDismiss(_ presentationController: UIPresentationController)
}

extension UIAdaptivePresentationControllerDelegate {
    /// True.
    public func presentationControllerShouldDismiss(_ presentationController: UIPresentationController) -> Bool { true }
    /// Does nothing.
    public func presentationControllerWillDismiss(_ presentationController: UIPresentationController) {}
    /// Does nothing.
    public func presentationControllerDidDismiss(_ presentationController: UIPresentationController) {}
    /// Does nothing.
    public func presentationControllerDidAttemptToDismiss(_ presentationController: UIPresentationController) {}
}

/// What manages a presented view controller's presentation: which controllers take part
/// and a delegate that hears about swipes to dismiss. Every view controller has one
/// (``UIViewController/presentationController``), made on first use.
@preconcurrency @MainActor
open class UIPresentationController {
    /// The view controller being presented.
    public private(set) weak var presentedViewController: UIViewController?
    /// The view controller that presents it, once it is presented.
    open var presentingViewController: UIViewController? { presentedViewController?.presentingViewController }
    /// The view the presentation happens in, while it is on screen.
    open var containerView: UIView? { presentedViewController?.presentationLinks.container }
    /// Told about swipes that would dismiss a sheet.
    open weak var delegate: (any UIAdaptivePresentationControllerDelegate)?

    init(presented: UIViewController) { presentedViewController = presented }
}

/// Where a popover's arrow may point (UIKit's values); popovers show as sheets on iPhone.
public struct UIPopoverArrowDirection: OptionSet, Sendable {
    /// The directions' bits.
    public let rawValue: UInt
    /// Creates a set of directions.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// Up.
    public static let up = UIPopoverArrowDirection(rawValue: 1 << 0)
    /// Down.
    public static let down = UIPopoverArrowDirection(rawValue: 1 << 1)
    /// Left.
    public static let left = UIPopoverArrowDirection(rawValue: 1 << 2)
    /// Right.
    public static let right = UIPopoverArrowDirection(rawValue: 1 << 3)
    /// Any direction.
    public static let any = UIPopoverArrowDirection(rawValue: 0b1111)
}

/// A popover's presentation controller: where it points from. On iPhone a popover adapts
/// to a sheet, so these are kept for code written for iPad and otherwise unused.
@preconcurrency @MainActor
open class UIPopoverPresentationController: UIPresentationController {
    /// The bar button item the popover points at.
    open var barButtonItem: UIBarButtonItem?
    /// The view the popover points at.
    open var sourceView: UIView?
    /// The rectangle in ``sourceView`` the popover points at.
    open var sourceRect: CGRect = .zero
    /// Where the arrow may point.
    open var permittedArrowDirections: UIPopoverArrowDirection = .any

    /// The sheet the popover becomes where it adapts to one (on iPhone, always): set its
    /// detents, grabber and corners here, as in UIKit.
    open var adaptiveSheetPresentationController: UISheetPresentationController {
        if let made = adaptiveSheet { return made }
        let made = UISheetPresentationController(presented: presentedViewController ?? UIViewController())
        adaptiveSheet = made
        return made
    }
    private var adaptiveSheet: UISheetPresentationController?
}

/// What a custom detent's resolver knows: the sheet's container's traits and the
/// tallest a detent can be.
@preconcurrency @MainActor
public protocol UISheetPresentationControllerDetentResolutionContext {
    /// The traits of the view the sheet is presented in.
    var containerTraitCollection: UITraitCollection { get }
    /// The height of the large detent: the most a detent's value can be.
    var maximumDetentValue: CGFloat { get }
}

/// A sheet's delegate: a presentation controller delegate that also hears when a drag
/// moves the sheet to another detent.
@preconcurrency @MainActor
public protocol UISheetPresentationControllerDelegate: UIAdaptivePresentationControllerDelegate {
    /// A person dragged the sheet to rest at another detent (not called when code sets
    /// ``UISheetPresentationController/selectedDetentIdentifier``).
    func sheetPresentationControllerDidChangeSelectedDetentIdentifier(_ sheetPresentationController: UISheetPresentationController)
}

extension UISheetPresentationControllerDelegate {
    /// Does nothing.
    public func sheetPresentationControllerDidChangeSelectedDetentIdentifier(_ sheetPresentationController: UISheetPresentationController) {}
}

/// A sheet's presentation controller: the heights it rests at (detents), how it dims what
/// is behind, and its grabber and corners.
///
/// A person drags the sheet between its detents (by the grabber, its content, or a scroll
/// view resting at its top); on release it settles at the detent nearest where the drag
/// was heading, and the delegate (a ``UISheetPresentationControllerDelegate``) hears of the
/// change; dragged below the smallest detent it is dismissed, unless
/// ``UIViewController/isModalInPresentation``. The screen behind is pushed back (smaller,
/// rounded) only at the large detent, as iOS does; below ``largestUndimmedDetentIdentifier``
/// it is neither dimmed nor covered, and takes touches. In a compact height (an iPhone in
/// landscape) the sheet covers the screen, unless ``prefersEdgeAttachedInCompactHeight``.
@preconcurrency @MainActor
open class UISheetPresentationController: UIPresentationController {
    /// A height a sheet can rest at.
    public final class Detent: @unchecked Sendable {
        /// A detent's name.
        public struct Identifier: Hashable, Sendable, RawRepresentable {
            /// The name.
            public let rawValue: String
            /// Creates a name.
            public init(rawValue: String) { self.rawValue = rawValue }
            /// Creates a name (UIKit's unlabelled form).
            public init(_ rawValue: String) { self.rawValue = rawValue }
            /// The medium detent: about half the screen.
            public static let medium = Identifier(rawValue: "com.apple.UIKit.medium")
            /// The large detent: the full sheet.
            public static let large = Identifier(rawValue: "com.apple.UIKit.large")
        }
        /// The detent's name.
        public let identifier: Identifier
        /// A custom detent's height for a context; nil for the system's.
        let resolver: (@MainActor (any UISheetPresentationControllerDetentResolutionContext) -> CGFloat?)?

        init(_ identifier: Identifier, resolver: (@MainActor (any UISheetPresentationControllerDetentResolutionContext) -> CGFloat?)? = nil) {
            self.identifier = identifier
            self.resolver = resolver
        }
        /// About half the screen.
        public static func medium() -> Detent { Detent(.medium) }
        /// The full sheet (the default).
        public static func large() -> Detent { Detent(.large) }
        /// A detent whose height `resolver` gives: the sheet's height above the bottom
        /// safe area, at most the context's ``UISheetPresentationControllerDetentResolutionContext/maximumDetentValue``
        /// (larger values are that); nil leaves the detent out. Without an identifier it
        /// gets a unique one.
        public static func custom(identifier: Identifier? = nil,
                                  resolver: @escaping @MainActor (any UISheetPresentationControllerDetentResolutionContext) -> CGFloat?)
            -> Detent {
            Detent(identifier ?? Identifier(rawValue: "custom." + UUID().uuidString), resolver: resolver)
        }

        /// The detent's height in `context` (above the bottom safe area), or nil when it is
        /// left out (a custom resolver that answers nil, or a value that is not a finite
        /// number).
        @MainActor
        public func resolvedValue(in context: any UISheetPresentationControllerDetentResolutionContext) -> CGFloat? {
            let maximum = max(0, context.maximumDetentValue)
            switch identifier {
            case .large where resolver == nil: return maximum
            case .medium where resolver == nil: return min(maximum, (maximum + Self.largeInset(context)) / 2)
            default:
                guard let value = resolver?(context), value.isFinite else { return nil }
                return min(max(0, value), maximum)
            }
        }

        /// How far below the top of the container the large detent's sheet begins, and the
        /// bottom safe area: what makes the medium detent half the screen.
        @MainActor
        private static func largeInset(_ context: any UISheetPresentationControllerDetentResolutionContext) -> CGFloat {
            (context as? SheetDetentContext)?.halfScreenAllowance ?? 0
        }
    }

    /// The heights the sheet may rest at (default: large only). An empty list is the large
    /// detent. Changes move the sheet at once; inside ``animateChanges(_:)`` they animate.
    open var detents: [Detent] = [.large()] { didSet { containerDidChangeDetent() } }
    /// The detent the sheet rests at (nil: the smallest of ``detents``). A drag that
    /// settles at another detent sets it.
    open var selectedDetentIdentifier: Detent.Identifier? { didSet { containerDidChangeDetent() } }
    /// The largest detent at which what is behind the sheet is neither dimmed nor covered
    /// for touches (nil, the default: dimmed at every detent).
    open var largestUndimmedDetentIdentifier: Detent.Identifier? { didSet { containerDidChangeDetent() } }
    /// Whether a scroll view at its top, dragged up in a sheet below its largest detent,
    /// grows the sheet instead of scrolling (default true).
    open var prefersScrollingExpandsWhenScrolledToEdge = true
    /// Whether in a compact height the sheet stays attached to the bottom edge at its
    /// detents instead of covering the screen (default false).
    open var prefersEdgeAttachedInCompactHeight = false { didSet { containerDidChangeDetent() } }
    /// Whether an edge-attached sheet in a compact height is as wide as the presented view
    /// controller's `preferredContentSize` (default false: the width of the screen's
    /// portrait width).
    open var widthFollowsPreferredContentSizeWhenEdgeAttached = false { didSet { containerDidChangeDetent() } }
    /// Whether a grabber shows at the top of the sheet (default false).
    open var prefersGrabberVisible = false { didSet { containerDidChangeDetent() } }
    /// The sheet's corner radius (nil: 10 points).
    open var preferredCornerRadius: CGFloat? { didSet { containerDidChangeDetent() } }

    /// Runs `changes` (to the detents, the selected detent, the grabber, the corners) and
    /// animates the sheet to where they put it, as UIKit does.
    open func animateChanges(_ changes: () -> Void) {
        animatingChanges += 1
        changes()
        animatingChanges -= 1
        if animatingChanges == 0, pendingChange {
            pendingChange = false
            (containerView as? PresentationContainerView)?.sheetMetricsDidChange(animated: true)
        }
    }

    /// Asks the custom detents for their heights again (their resolvers' answers changed).
    open func invalidateDetents() { containerDidChangeDetent() }

    private var animatingChanges = 0
    private var pendingChange = false

    /// The detent the sheet rests at now: the selected one, else the smallest.
    var restingDetent: Detent.Identifier {
        if let selected = selectedDetentIdentifier, detents.contains(where: { $0.identifier == selected }) { return selected }
        return detents.first?.identifier ?? .large
    }

    /// The sheet settled at `identifier` after a drag: it rests there, animated, and the
    /// delegate hears of it.
    func dragDidSettle(at identifier: Detent.Identifier) {
        let changed = identifier != restingDetent
        animatingChanges += 1
        selectedDetentIdentifier = identifier
        animatingChanges -= 1
        pendingChange = false
        (containerView as? PresentationContainerView)?.sheetMetricsDidChange(animated: true)
        if changed { (delegate as? UISheetPresentationControllerDelegate)?.sheetPresentationControllerDidChangeSelectedDetentIdentifier(self) }
    }

    private func containerDidChangeDetent() {
        if animatingChanges > 0 {
            pendingChange = true
            return
        }
        (containerView as? PresentationContainerView)?.sheetMetricsDidChange(animated: false)
    }
}

/// The context custom detents are resolved in.
@MainActor
struct SheetDetentContext: UISheetPresentationControllerDetentResolutionContext {
    let containerTraitCollection: UITraitCollection
    let maximumDetentValue: CGFloat
    /// The large sheet's distance from the container's top less the bottom safe area:
    /// with it, the medium detent's sheet is half the container's height.
    let halfScreenAllowance: CGFloat
}

extension UIViewController {
    /// The presentation controller that manages (or will manage) this view controller's
    /// presentation: a sheet's, a popover's or a plain one, as ``modalPresentationStyle`` says.
    public var presentationController: UIPresentationController? {
        if let existing = presentationLinks.controller { return existing }
        let made: UIPresentationController
        switch modalPresentationStyle {
        case .popover: made = UIPopoverPresentationController(presented: self)
        case .automatic, .pageSheet, .formSheet:
            made = self is UIAlertController ? UIPresentationController(presented: self) : UISheetPresentationController(presented: self)
        default: made = UIPresentationController(presented: self)
        }
        presentationLinks.controller = made
        return made
    }

    /// The sheet's presentation controller, when this view controller is shown as a sheet.
    public var sheetPresentationController: UISheetPresentationController? {
        presentationController as? UISheetPresentationController
    }

    /// The popover's presentation controller, when this view controller is shown as a
    /// popover — or, as in UIKit, is an action sheet — else nil.
    public var popoverPresentationController: UIPopoverPresentationController? {
        if let alert = self as? UIAlertController, alert.preferredStyle == .actionSheet {
            if let popover = presentationLinks.controller as? UIPopoverPresentationController { return popover }
            let popover = UIPopoverPresentationController(presented: self)
            presentationLinks.controller = popover
            return popover
        }
        return presentationController as? UIPopoverPresentationController
    }
}
