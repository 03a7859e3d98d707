import Foundation

/// A context menu on screen, as iOS 17 shows one after a long press: the pressed view
/// lifts out of the window (a snapshot with rounded corners and a soft shadow, scaled to
/// leave a margin at the window's sides), everything behind it is blurred and dimmed, and
/// the menu platter grows out under the preview (above it when there is no room below;
/// when neither fits, the preview moves up to make room).
///
/// A tap on an enabled action closes the menu and then runs the action's handler; a tap
/// on a disabled action or a header does nothing; a tap on the preview commits it (the
/// `willPerformPreviewAction…` callback) and closes the menu; a tap anywhere else closes
/// the menu. One context menu shows at a time.
///
/// The backdrop is the window rendered at half a point per pixel and blurred with the
/// compositor's Gaussian blur (σ = 5 pixels, about 10 points), once, as the menu opens:
/// it does not follow animations running behind the menu.
@MainActor
package final class ContextMenuPresentation: UIView {
    /// What the owner (a table, a `UIContextMenuInteraction`) is told.
    package struct Hooks {
        package var willDisplay: (ContextMenuAnimator) -> Void = { _ in }
        package var willEnd: (ContextMenuAnimator) -> Void = { _ in }
        package var previewCommitted: (ContextMenuAnimator) -> Void = { _ in }
        /// The menu is gone (after its dismissal animation).
        package var ended: () -> Void = {}
        /// Asked as the menu closes: a preview to send the picture back to instead of
        /// where it came from (a delegate's dismissing preview).
        package var dismissalPreview: () -> UITargetedPreview? = { nil }

        /// Hooks that do nothing (the table's context menu, in TabulaTable, sets its own).
        package init() {}
    }

    let configuration: UIContextMenuConfiguration
    private let hooks: Hooks
    private let previewViewController: UIViewController?
    private let backdrop = UIView(frame: .zero)
    private let lift = UIView(frame: .zero)
    private let previewClip = UIView(frame: .zero)
    /// The menu's platter; nil when the configuration has no menu (a preview only).
    private(set) var list: ContextMenuListView?
    private let sourceFrame: CGRect
    private var previewScale: CGFloat = 1
    private var menuBelow = true
    private(set) var isDismissing = false

    static let blurSigma: Double = 5
    static let backdropScale: CGFloat = 0.5
    static let margin: CGFloat = 12
    static let menuGap: CGFloat = 8
    static let dimColor = UIColor { traits in
        UIColor(white: 0, alpha: traits.userInterfaceStyle == .dark ? 0.35 : 0.12)
    }

    /// Shows the menu of `configuration` for `source` (a cell, a view) in its window.
    /// Returns nil, showing nothing, when `source` is not in a window.
    @discardableResult
    package static func present(_ configuration: UIContextMenuConfiguration, for source: UIView,
                                preview targeted: UITargetedPreview? = nil, hooks: Hooks) -> ContextMenuPresentation? {
        guard let window = source.window else { return nil }
        var targeted = targeted
        if let given = targeted, given.frame(in: window) == nil {
            source.reportProblem("A context menu's highlighting preview stands in no view of the menu's window "
                + "(its target's container is \(type(of: given.target.container)), in \(given.target.container.window == nil ? "no window" : "another window")); "
                + "the default preview lifts instead.")
            targeted = nil
        }
        window.showingContextMenu?.dismiss(animated: false)
        let menu = configuration.actionProvider?([])
        let previewController = configuration.previewProvider?()
        // The backdrop is taken before the overlay is added, so it shows the window as it was,
        // less what lifts out of it (UIKit hides the source there too: no blurred copy of the
        // item shows around its preview).
        let lifted = targeted?.view ?? source
        let hides = lifted !== window && !lifted.isHidden
        if hides { lifted.isHidden = true }
        let backdropImage = window.renderHierarchy(window.bounds, scale: backdropScale, afterUpdates: false)
            .map { BackdropBlur.blurred($0, sigma: blurSigma) }
        if hides { lifted.isHidden = false }
        let preview: UIView
        if let previewController {
            preview = previewController.view
        } else if let targeted {
            preview = targeted.view.snapshotView(afterScreenUpdates: false) ?? UIView(frame: targeted.view.bounds)
        } else {
            preview = source.snapshotView(afterScreenUpdates: false) ?? UIView(frame: source.bounds)
        }
        let presentation = ContextMenuPresentation(
            configuration: configuration, hooks: hooks, previewViewController: previewController,
            sourceFrame: targeted?.frame(in: window) ?? source.convert(source.bounds, to: nil), window: window)
        presentation.build(backdrop: backdropImage, preview: preview, menu: menu, window: window)
        if let targeted, previewController == nil { presentation.shape(with: targeted.parameters) }
        window.addSubview(presentation)
        window.showingContextMenu = presentation
        let animator = ContextMenuAnimator(previewViewController: previewController)
        hooks.willDisplay(animator)
        presentation.animateIn(animator)
        return presentation
    }

    private init(configuration: UIContextMenuConfiguration, hooks: Hooks, previewViewController: UIViewController?,
                 sourceFrame: CGRect, window: UIWindow) {
        self.configuration = configuration
        self.hooks = hooks
        self.previewViewController = previewViewController
        self.sourceFrame = sourceFrame
        super.init(frame: window.bounds)
        autoresizingMask = [.flexibleWidth, .flexibleHeight]
        isOpaque = false
        accessibilityViewIsModal = true
        addGestureRecognizer(UITapGestureRecognizer { [weak self] tap in self?.tapped(tap) })
    }

    required init?(coder: NSCoder) { fatalError("not used") }

    // MARK: Building and placing

    private func build(backdrop image: CGImage?, preview: UIView, menu: UIMenu?, window: UIWindow) {
        backdrop.frame = bounds
        backdrop.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        backdrop.layer.contents = image
        backdrop.layer.contentsScale = Self.backdropScale
        backdrop.isAccessibilityElement = false
        let dim = UIView(frame: bounds)
        dim.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        dim.backgroundColor = Self.dimColor
        backdrop.addSubview(dim)
        addSubview(backdrop)

        var size = sourceFrame.size
        if previewViewController != nil {
            let preferred = previewViewController?.view.bounds.size ?? .zero
            size = preferred.width > 0 && preferred.height > 0 ? preferred
                : CGSize(width: bounds.width - 2 * Self.margin, height: min(bounds.height * 0.5, 420))
        }
        previewScale = min(1.03, (bounds.width - 2 * Self.margin) / max(size.width, 1))
        lift.bounds = CGRect(origin: .zero, size: size)
        lift.layer.shadowPath = Path(roundedRect: lift.bounds, cornerRadius: 13 / previewScale)
        lift.layer.shadowColor = UIColor.black.cgColor
        lift.layer.shadowOpacity = 0.22
        lift.layer.shadowRadius = 14
        lift.layer.shadowOffset = CGSize(width: 0, height: 4)
        previewClip.frame = lift.bounds
        previewClip.layer.cornerRadius = 13 / previewScale
        previewClip.clipsToBounds = true
        previewClip.backgroundColor = .systemBackground
        preview.frame = previewClip.bounds
        previewClip.addSubview(preview)
        lift.addSubview(previewClip)
        addSubview(lift)

        if let menu {
            let list = ContextMenuListView(menu: menu)
            list.choose = { [weak self] action in self?.choose(action) }
            list.resized = { [weak self] in self?.placeMenu() }
            addSubview(list)
            self.list = list
        }
        place(in: window)
    }

    /// Gives the lifted picture the parameters' background colour and, for a visible path,
    /// that shape (cut and shadowed), instead of the rounded rectangle.
    private func shape(with parameters: UIPreviewParameters) {
        if let color = parameters.backgroundColor { previewClip.backgroundColor = color }
        guard let path = parameters.visiblePath?.cgPath else { return }
        let mask = CAShapeLayer()
        mask.path = path
        previewClip.layer.cornerRadius = 0
        previewClip.layer.mask = mask
        lift.layer.shadowPath = parameters.shadowPath?.cgPath ?? path
    }

    /// Where the preview and the menu go: the preview where the source was (scaled, kept
    /// inside the safe area), the menu under it or above it, moving the preview when
    /// neither fits.
    private var previewTarget = CGRect.zero

    private func place(in window: UIWindow) {
        let safe = bounds.inset(by: window.safeAreaInsets).insetBy(dx: 8, dy: 8)
        let size = CGSize(width: lift.bounds.width * previewScale, height: lift.bounds.height * previewScale)
        let menuHeight = list.map { $0.bounds.height + Self.menuGap } ?? 0
        var x = sourceFrame.midX - size.width / 2
        x = min(max(x, safe.minX), safe.maxX - size.width)
        var y = sourceFrame.midY - size.height / 2
        if y + size.height + menuHeight <= safe.maxY {
            menuBelow = true
        } else if y - menuHeight >= safe.minY {
            menuBelow = false
        } else {
            menuBelow = true
            y = max(safe.minY, safe.maxY - size.height - menuHeight)
        }
        y = max(y, safe.minY)
        previewTarget = CGRect(x: x, y: y, width: size.width, height: size.height)
        placeMenu()
    }

    private func placeMenu() {
        guard let list else { return }
        let size = list.bounds.size
        let x = min(max(previewTarget.minX, 8), bounds.width - 8 - size.width)
        let y = menuBelow ? previewTarget.maxY + Self.menuGap : previewTarget.minY - Self.menuGap - size.height
        UIView.performWithoutAnimation {
            list.layer.anchorPoint = CGPoint(x: 0, y: menuBelow ? 0 : 1)
            list.layer.position = CGPoint(x: x, y: menuBelow ? y : y + size.height)
        }
    }

    // MARK: Animations

    private func animateIn(_ animator: ContextMenuAnimator) {
        UIView.performWithoutAnimation {
            backdrop.alpha = 0
            lift.center = CGPoint(x: sourceFrame.midX, y: sourceFrame.midY)
            lift.transform = .identity
            list?.alpha = 0
            list?.transform = CGAffineTransform(scaleX: 0.3, y: 0.3)
        }
        UIView.animate(withDuration: 0.35, delay: 0, usingSpringWithDamping: 0.8, initialSpringVelocity: 0, options: [],
                       animations: {
            self.backdrop.alpha = 1
            self.lift.center = CGPoint(x: self.previewTarget.midX, y: self.previewTarget.midY)
            self.lift.transform = CGAffineTransform(scaleX: self.previewScale, y: self.previewScale)
            self.list?.alpha = 1
            self.list?.transform = .identity
            animator.runAnimations()
        }, completion: { _ in animator.runCompletions() })
    }

    /// Closes the menu: the backdrop and the platter fade while the preview settles back
    /// where it came from (or, for a committed preview, fades where it is; `.pop` grows
    /// it a little). At once when not animated.
    package func dismiss(animated: Bool, committing commit: ContextMenuAnimator? = nil) {
        guard !isDismissing, superview != nil else { return }
        let hostWindow = window
        isDismissing = true
        isUserInteractionEnabled = false
        let animator = ContextMenuAnimator(previewViewController: previewViewController)
        hooks.willEnd(animator)
        let returnFrame = hostWindow.flatMap { hooks.dismissalPreview()?.frame(in: $0) }
        let finish = { [self] in
            removeFromSuperview()
            if hostWindow?.showingContextMenu === self { hostWindow?.showingContextMenu = nil }
            commit?.runCompletions()
            animator.runCompletions()
            hooks.ended()
        }
        guard animated else {
            commit?.runAnimations()
            animator.runAnimations()
            finish()
            return
        }
        UIView.animate(withDuration: 0.25, delay: 0, options: [.beginFromCurrentState], animations: {
            self.backdrop.alpha = 0
            self.list?.alpha = 0
            if let commit {
                self.lift.alpha = 0
                if commit.preferredCommitStyle == .pop {
                    let grown = self.previewScale * 1.08
                    self.lift.transform = CGAffineTransform(scaleX: grown, y: grown)
                }
                commit.runAnimations()
            } else {
                self.list?.transform = CGAffineTransform(scaleX: 0.5, y: 0.5)
                let home = returnFrame ?? self.sourceFrame
                self.lift.center = CGPoint(x: home.midX, y: home.midY)
                self.lift.transform = .identity
            }
            animator.runAnimations()
        }, completion: { _ in finish() })
    }

    // MARK: Taps

    private func tapped(_ tap: UIGestureRecognizer) {
        guard !isDismissing else { return }
        if let list, let row = list.row(at: tap.location(in: list)) {
            list.activate(row)
            return
        }
        if lift.bounds.contains(tap.location(in: lift)) {
            let commit = ContextMenuAnimator(previewViewController: previewViewController)
            hooks.previewCommitted(commit)
            dismiss(animated: true, committing: commit)
            return
        }
        dismiss(animated: true)
    }

    private func choose(_ action: UIAction) {
        guard !action.attributes.contains(.disabled) else { return }
        if !action.attributes.contains(.keepsMenuPresented) { dismiss(animated: true) }
        action.performWithSender(nil, target: nil)
    }

    // MARK: For tests

    /// The menu's row titles, top to bottom.
    var rowTitles: [String] { list?.rowTitles ?? [] }
    /// The preview's frame in the window, once settled.
    var previewFrame: CGRect { previewTarget }
    /// The menu platter's frame in the window (`.zero` without a menu).
    var menuFrame: CGRect { list?.frame ?? .zero }
    /// The lifted picture's frame in the window as drawn now (mid-animation).
    var liftedFrameNow: CGRect { lift.layer.presentation()?.frame ?? lift.frame }
    /// The shape the lifted picture is cut to, if a preview's visible path gave one.
    var previewShape: CGPath? { (previewClip.layer.mask as? CAShapeLayer)?.path }
    /// The colour behind the lifted picture.
    var previewBackground: UIColor? { previewClip.backgroundColor }
}
