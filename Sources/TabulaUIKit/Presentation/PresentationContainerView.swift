import Foundation

/// The view that shows one presented view controller over the window, and runs its
/// presentation, dismissal and (for a sheet) the swipe down.
///
/// It covers the window and holds a dimming view and the presented view controller's
/// view — inside a clipping card for a sheet. A sheet pushes the view behind it back
/// (smaller, with rounded corners, under the dim) and can be swiped down; a full-screen
/// presentation takes the presenter's view out of the window until it is dismissed.
/// Alerts and action sheets (``UIAlertController``) get their own animations.
@MainActor
final class PresentationContainerView: UIView {
    /// How the presented view controller is shown.
    enum Kind { case sheet, fullScreen, overFullScreen, alert, actionSheet }

    let presented: UIViewController
    private(set) weak var presenter: UIViewController?
    let kind: Kind
    private let crossDissolve: Bool
    private let dimming = UIView(frame: .zero)
    /// The card a sheet's view lies in (clips it to rounded corners); the view itself otherwise.
    private let card: UIView
    /// A sheet's swipe down.
    private var swipe: SheetSwipeRecognizer?
    /// The view a sheet pushes back, and what it looked like before.
    private weak var pushedBack: UIView?
    private var pushedBackCorner: CGFloat = 0
    private var pushedBackClips = false
    /// A full-screen presentation's presenter view, taken out of the window, and where it was.
    private var coveredView: (view: UIView, superview: UIView, index: Int)?
    /// Counts animations, so that only the latest one's completion acts.
    private var animationGeneration = 0
    /// The view an alert or action sheet dims the tint of, and the mode it had set itself.
    private var dimmedView: (view: UIView, mode: UIView.TintAdjustmentMode)?
    /// The coordinator of the presentation, dismissal or swipe under way.
    private var coordinator: TransitionCoordinator?

    /// Starts a transition's coordinator, the presented and presenting view controllers'
    /// (and their children's) until it ends; one still under way ends first.
    @discardableResult
    private func beginCoordinator(animated: Bool, duration: TimeInterval, interactive: Bool = false,
                                  presenting: Bool) -> TransitionCoordinator {
        finishCoordinator()
        let style = presented.modalPresentationStyle == .automatic ? UIModalPresentationStyle.pageSheet
            : presented.modalPresentationStyle
        let next = TransitionCoordinator(animated: animated, duration: duration, presentationStyle: style,
                                         interactive: interactive, container: self,
                                         from: presenting ? presenter : presented, to: presenting ? presented : presenter)
        next.install(on: [presented, presenter])
        coordinator = next
        return next
    }

    /// Ends the coordinator under way: its completions run.
    private func finishCoordinator() {
        let ending = coordinator
        coordinator = nil
        ending?.complete()
    }

    static let sheetDuration: TimeInterval = 0.45
    static let fullScreenDuration: TimeInterval = 0.4
    static let fadeDuration: TimeInterval = 0.3

    private init(presented: UIViewController, presenter: UIViewController, kind: Kind, bounds: CGRect) {
        self.presented = presented
        self.presenter = presenter
        self.kind = kind
        let style = presented.modalTransitionStyle
        crossDissolve = kind == .fullScreen || kind == .overFullScreen ? style != .coverVertical : false
        card = kind == .sheet ? UIView(frame: .zero) : presented.view
        super.init(frame: bounds)
        backgroundColor = nil
        isOpaque = false
        autoresizingMask = [.flexibleWidth, .flexibleHeight]
        dimming.frame = bounds
        dimming.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        dimming.backgroundColor = UIColor(white: 0, alpha: kind == .sheet ? 0.18 : 0.2)
        dimming.isOpaque = false
        dimming.alpha = 0
        if kind != .fullScreen && kind != .overFullScreen { addSubview(dimming) }
        if kind == .actionSheet {
            // A tap outside an action sheet cancels it (when it has a cancel action).
            dimming.addGestureRecognizer(UITapGestureRecognizer { [weak presented] _ in
                (presented as? UIAlertController)?.tapOutside()
            })
        }
        if kind == .sheet {
            card.clipsToBounds = true
            card.layer.cornerRadius = 10
            card.backgroundColor = .systemBackground
            card.addSubview(presented.view)
            presented.view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        }
        addSubview(card)
        if kind == .alert { followKeyboard() }
    }

    private var keyboardObservers: [NSObjectProtocol] = []

    /// An alert with text fields rises above the keyboard as it comes up, and settles back
    /// as it goes, with the keyboard's duration.
    private func followKeyboard() {
        for name in [UIResponder.keyboardWillShowNotification, UIResponder.keyboardWillHideNotification] {
            keyboardObservers.append(NotificationCenter.default.addObserver(forName: name, object: nil, queue: nil) { [weak self] _ in
                MainActor.assumeIsolated {
                    guard let self, self.window != nil, self.hearsAnnouncedKeyboard, self.card.transform.isIdentity else { return }
                    UIView.animate(withDuration: SoftwareKeyboard.animationDuration, delay: 0,
                                   options: [.allowUserInteraction, .beginFromCurrentState]) {
                        self.card.frame = self.restingFrame
                    }
                }
            })
        }
    }

    override func willMove(toWindow newWindow: UIWindow?) {
        super.willMove(toWindow: newWindow)
        guard newWindow == nil else { return }
        for observer in keyboardObservers { NotificationCenter.default.removeObserver(observer) }
        keyboardObservers = []
    }

    required init?(coder: NSCoder) { fatalError("not used") }

    private static func kind(of controller: UIViewController) -> Kind {
        if let alert = controller as? UIAlertController { return alert.preferredStyle == .alert ? .alert : .actionSheet }
        switch controller.modalPresentationStyle {
        case .fullScreen, .currentContext: return .fullScreen
        case .overFullScreen, .overCurrentContext: return .overFullScreen
        case .automatic, .pageSheet, .formSheet, .popover, .custom, .none: return .sheet
        }
    }

    // MARK: Presenting

    /// Shows `controller` over `window`, presented by `presenter`.
    static func present(_ controller: UIViewController, from presenter: UIViewController, in window: UIWindow,
                        animated: Bool, completion: (() -> Void)?) {
        controller.loadViewIfNeeded()
        let container = PresentationContainerView(presented: controller, presenter: presenter,
                                                  kind: kind(of: controller), bounds: window.bounds)
        presenter.presentationLinks.presented = controller
        controller.presentationLinks.presenting = presenter
        controller.presentationLinks.container = container
        controller.presentationLinks.isBeingPresented = true
        container.presentAnimated(animated, in: window, completion: completion)
    }

    private func presentAnimated(_ animated: Bool, in window: UIWindow, completion: (() -> Void)?) {
        let covers = kind == .fullScreen
        beginCoordinator(animated: animated, duration: duration, presenting: true)
        if covers { presenter?.beginAppearanceTransition(false, animated: animated) }
        presented.beginAppearanceTransition(true, animated: animated)
        window.addSubview(self)
        placeContent()
        presented.viewIsInHierarchy()
        presented.view.layoutIfNeeded()
        if kind == .sheet {
            installSwipe()
            card.layer.cornerRadius = sheetController?.preferredCornerRadius ?? 10
            updateGrabber()
        }
        window.updateStatusBarAppearance()

        UIView.performWithoutAnimation { applyProgress(0) }
        dimTintBehind(in: window)
        let finish = { [weak self] in
            guard let self else { return }
            if covers, let presenterView = self.presenterRootView(in: window) {
                self.coveredView = (presenterView, presenterView.superview ?? window,
                                    presenterView.superview?.subviews.firstIndex { $0 === presenterView } ?? 0)
                presenterView.removeFromSuperview()
            }
            self.presented.presentationLinks.isBeingPresented = false
            self.finishCoordinator()
            if covers { self.presenter?.endAppearanceTransition() }
            self.presented.endAppearanceTransition()
            completion?()
        }
        animate(animated, to: 1, duration: duration, spring: kind == .sheet || kind == .actionSheet, completion: finish)
    }

    private var duration: TimeInterval {
        switch kind {
        case .sheet: Self.sheetDuration
        case .fullScreen, .overFullScreen: crossDissolve ? Self.fadeDuration : Self.fullScreenDuration
        case .alert: 0.3
        case .actionSheet: 0.4
        }
    }

    /// The view behind this presentation: the presenter's root view in the window, or the
    /// card of the presentation it sits in.
    private func presenterRootView(in window: UIWindow) -> UIView? {
        guard let presenter else { return nil }
        if let container = presenter.presentationLinks.container { return container.kind == .sheet ? container.card : container }
        return presenter.viewIfLoaded
    }

    /// Where the card rests.
    private var restingFrame: CGRect { restingFrame(in: bounds) }

    /// The size of the presented view controller's view once the container is `size`
    /// large (the screen turned): what it hears in `viewWillTransition(to:with:)`.
    func presentedSize(inContainerOf size: CGSize) -> CGSize {
        restingFrame(in: CGRect(origin: .zero, size: size)).size
    }

    /// Where the card rests in a container with `bounds`.
    private func restingFrame(in bounds: CGRect) -> CGRect {
        switch kind {
        case .sheet:
            let tops = detentTops(in: bounds)
            let resting = sheetController?.selectedDetentIdentifier
            let top = tops.first { $0.id == resting }?.top ?? tops[0].top
            var width = bounds.width
            if isEdgeAttachedInCompactHeight(bounds) {
                let preferred = presented.preferredContentSize.width
                let follows = sheetController?.widthFollowsPreferredContentSizeWhenEdgeAttached == true
                width = min(bounds.width, follows && preferred > 0 ? preferred : min(bounds.width, bounds.height))
            }
            return CGRect(x: (bounds.width - width) / 2, y: top, width: width, height: max(0, bounds.height - top))
        case .fullScreen, .overFullScreen:
            return bounds
        case .alert:
            // Centred in what the keyboard leaves, below the status bar; a card taller than
            // that space scrolls its contents inside.
            var free = bounds.height
            if let window, window.showsSoftwareKeyboard, let keyboard = window.softwareKeyboard.frame {
                free = min(free, convert(keyboard, from: window).minY)
            }
            let top = max(window?.safeAreaInsets.top ?? 0, 20)
            let bottomMargin = max(free < bounds.height ? 0 : window?.safeAreaInsets.bottom ?? 0, 20)
            let size = (presented as? UIAlertController)?.alertView
                .fittingSize(width: UIAlertController.alertWidth, maximumHeight: free - top - bottomMargin) ?? .zero
            return CGRect(x: (bounds.width - size.width) / 2, y: max(top, (free - size.height) / 2),
                          width: size.width, height: size.height)
        case .actionSheet:
            let width = min(bounds.width - 16, 414)
            let bottom = max(window?.safeAreaInsets.bottom ?? 0, 8)
            let top = max(window?.safeAreaInsets.top ?? 0, 20) + 8
            let size = (presented as? UIAlertController)?.alertView
                .fittingSize(width: width, maximumHeight: bounds.height - bottom - top) ?? .zero
            return CGRect(x: (bounds.width - width) / 2, y: bounds.height - bottom - size.height, width: width, height: size.height)
        }
    }

    private func placeContent() {
        placedSize = bounds.size
        cardContentChanged = false
        UIView.performWithoutAnimation {
            card.frame = restingFrame
            if kind == .sheet { presented.view.frame = card.bounds }
        }
    }

    /// The container's size when the card was last placed.
    private var placedSize: CGSize = .zero

    /// Whether an alert's or action sheet's card changed what it shows (text, actions, text
    /// size) since it was placed, so that it needs placing again at its new size.
    private var cardContentChanged = false

    /// The alert's or action sheet's card changed what it shows: it is placed again at
    /// the next layout pass (the text grew with the text size and the card stayed at its
    /// old height, cutting off its buttons).
    func cardContentDidChange() {
        guard kind == .alert || kind == .actionSheet else { return }
        cardContentChanged = true
        setNeedsLayout()
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        // The screen turned (or the window resized) while the card rests, or the card's
        // content changed: it goes where it rests now, with the rotation's animation (an
        // alert stayed where portrait had put it, half off a landscape screen).
        guard placedSize != .zero, bounds.size != placedSize || cardContentChanged else { return }
        placedSize = bounds.size
        cardContentChanged = false
        let links = presented.presentationLinks
        guard !links.isBeingPresented, !links.isBeingDismissed, card.transform.isIdentity else { return }
        card.frame = restingFrame
        if kind == .sheet {
            presented.view.frame = card.bounds
            dimming.alpha = dimFactor(forTop: card.frame.minY)
            pushBack(pushFactor(forTop: card.frame.minY))
        }
    }

    /// Puts everything where `progress` of the way in (1: presented, 0: gone) puts it.
    private func applyProgress(_ progress: CGFloat) {
        let rest = restingFrame
        switch kind {
        case .sheet:
            card.frame = rest.offsetBy(dx: 0, dy: (bounds.height - rest.minY) * (1 - progress))
            dimming.alpha = progress * dimFactor(forTop: rest.minY)
            pushBack(progress * pushFactor(forTop: rest.minY))
        case .fullScreen, .overFullScreen:
            if crossDissolve {
                card.frame = rest
                card.alpha = progress
            } else {
                card.frame = rest.offsetBy(dx: 0, dy: bounds.height * (1 - progress))
            }
        case .alert:
            card.frame = rest
            card.alpha = progress
            let scale = 1 + 0.2 * (1 - progress)
            card.transform = progress >= 1 ? .identity : CGAffineTransform(scaleX: scale, y: scale)
            dimming.alpha = progress
        case .actionSheet:
            card.frame = rest.offsetBy(dx: 0, dy: (bounds.height - rest.minY) * (1 - progress))
            dimming.alpha = progress
        }
    }

    /// A sheet pushes the view behind it back: smaller, rounded, its top just under the
    /// status bar, as iOS does.
    private func pushBack(_ progress: CGFloat) {
        guard let window else { return }
        if pushedBack == nil, let view = presenterRootView(in: window) {
            pushedBack = view
            pushedBackCorner = view.layer.cornerRadius
            pushedBackClips = view.clipsToBounds
        }
        guard let view = pushedBack else { return }
        let width = view.bounds.width, height = view.bounds.height
        guard width > 0, height > 0 else { return }
        let scale = 1 - (32 / width) * progress
        let safeTop = max(window.safeAreaInsets.top, 20)
        // Move the scaled view so that its top edge comes to rest 12 points above the
        // safe area's top (where the status bar's text is).
        let restingTop = safeTop - 12
        let naturalTop = view.center.y - height * scale / 2
        let frameTop = view.center.y - height / 2
        let targetTop = frameTop + (restingTop - frameTop) * progress
        view.transform = progress == 0 ? .identity
            : CGAffineTransform(translationX: 0, y: targetTop - naturalTop).scaledBy(x: scale, y: scale)
        view.layer.cornerRadius = progress > 0 ? 10 : pushedBackCorner
        view.clipsToBounds = progress > 0 ? true : pushedBackClips
    }

    private func animate(_ animated: Bool, to progress: CGFloat, duration: TimeInterval, spring: Bool,
                         completion: @escaping () -> Void) {
        animationGeneration += 1
        let generation = animationGeneration
        let alongside = coordinator
        guard animated, window != nil else {
            UIView.performWithoutAnimation { applyProgress(progress); alongside?.runAlongside() }
            completion()
            return
        }
        // While it slides (or fades), the card is kept as one bitmap as long as its content
        // holds still: a frame copies it instead of compositing the presented view again.
        // An alert's card grows as it appears, which a kept bitmap would only resample.
        if kind != .alert { card.layer.cachesSubtreeWhileMoving = true }
        // The screen behind holds still under everything but a sheet (which pushes it back,
        // smaller every frame): it is kept too, and copied (with the dimming over it, in one
        // pass) instead of composited again.
        let behind = kind != .sheet ? window.flatMap { presenterRootView(in: $0) } : nil
        let keptBehind = behind.map { !$0.layer.cachesSubtreeWhileMoving } ?? false
        if keptBehind { behind?.layer.cachesSubtreeWhileMoving = true }
        let done: (Bool) -> Void = { [weak self] _ in
            if keptBehind { behind?.layer.cachesSubtreeWhileMoving = false }
            guard let self, self.animationGeneration == generation else { return }
            self.card.layer.cachesSubtreeWhileMoving = false
            completion()
        }
        if spring {
            UIView.animate(withDuration: duration, delay: 0, usingSpringWithDamping: 1, initialSpringVelocity: 0,
                           options: [.beginFromCurrentState], animations: { self.applyProgress(progress); alongside?.runAlongside() },
                           completion: done)
        } else {
            UIView.animate(withDuration: duration, delay: 0, options: [.curveEaseOut, .beginFromCurrentState],
                           animations: { self.applyProgress(progress); alongside?.runAlongside() }, completion: done)
        }
    }

    // MARK: Dismissing

    /// Dismisses the presented view controller (and, at once, whatever it presents in
    /// turn), animating only this one, then calls `completion`.
    func dismiss(animated: Bool, completion: (() -> Void)?) {
        if let above = presented.presentationLinks.presented?.presentationLinks.container {
            above.dismiss(animated: false, completion: nil)
        }
        guard !presented.presentationLinks.isBeingDismissed else { completion?(); return }
        presented.presentationLinks.isBeingDismissed = true
        // The view leaving takes its keyboard (or input view) with it, as in UIKit: the
        // keyboard goes down with the sheet instead of staying over what it uncovers.
        presented.viewIfLoaded?.endEditing(true)
        beginCoordinator(animated: animated, duration: kind == .alert ? 0.2 : duration, presenting: false)
        presented.beginAppearanceTransition(false, animated: animated)
        restoreTintBehind()
        beginUncovering(animated: animated)
        animate(animated, to: 0, duration: kind == .alert ? 0.2 : duration, spring: false) { [weak self] in
            self?.finishDismissal(completion: completion)
        }
    }

    /// An alert or action sheet dims the tint colours of the view behind it (its buttons,
    /// switches and other tinted parts turn grey) while it is up, as iOS does: that view's
    /// `tintAdjustmentMode` becomes `.dimmed` until the dismissal begins.
    private func dimTintBehind(in window: UIWindow) {
        guard kind == .alert || kind == .actionSheet, dimmedView == nil,
              let view = presenterRootView(in: window) else { return }
        dimmedView = (view, view.ownTintAdjustmentMode)
        view.tintAdjustmentMode = .dimmed
    }

    /// Gives the view behind an alert or action sheet back the tint mode it had.
    private func restoreTintBehind() {
        guard let (view, mode) = dimmedView else { return }
        dimmedView = nil
        view.tintAdjustmentMode = mode
    }

    /// A full-screen presentation puts its presenter back before it slides away.
    private func beginUncovering(animated: Bool) {
        guard kind == .fullScreen else { return }
        if let (view, superview, index) = coveredView {
            superview.insertSubview(view, at: min(index, superview.subviews.count))
            coveredView = nil
        }
        presenter?.beginAppearanceTransition(true, animated: animated)
        presenter?.viewIsInHierarchy()
    }

    private func finishDismissal(completion: (() -> Void)?) {
        let window = self.window
        swipe.map { removeGestureRecognizer($0) }
        UIView.performWithoutAnimation { pushBack(0) }
        if kind == .sheet { presented.view.removeFromSuperview() }
        removeFromSuperview()
        presenter?.presentationLinks.presented = nil
        presented.presentationLinks.presenting = nil
        presented.presentationLinks.container = nil
        presented.presentationLinks.isBeingDismissed = false
        finishCoordinator()
        presented.endAppearanceTransition()
        if kind == .fullScreen { presenter?.endAppearanceTransition() }
        window?.updateStatusBarAppearance()
        (presented as? UIAlertController)?.dismissalDidFinish()
        completion?()
    }

    // MARK: The swipe down

    private func installSwipe() {
        let recognizer = SheetSwipeRecognizer()
        recognizer.addTarget { [weak self] pan in self?.handleSwipe(pan as! UIPanGestureRecognizer) }
        recognizer.mayGrow = { [weak self] inScrollView in
            guard let self, self.sheetMayGrow else { return false }
            return !inScrollView || self.sheetController?.prefersScrollingExpandsWhenScrolledToEdge != false
        }
        card.addGestureRecognizer(recognizer)
        swipe = recognizer
        // A scroll view in the sheet scrolls only once the swipe has failed (it is not at
        // its top, or the finger goes up).
        func visit(_ view: UIView) {
            if let scrollView = view as? UIScrollView { scrollView.panGestureRecognizer.require(toFail: recognizer) }
            view.subviews.forEach(visit)
        }
        visit(presented.view)
    }

    /// How far down the sheet is dragged, in points, while the finger is down.
    private var swipeOffset: CGFloat = 0

    private func handleSwipe(_ pan: UIPanGestureRecognizer) {
        if pan.state == .began { dragTops = detentTops(in: bounds) }
        if dragTops.count > 1 { return handleDetentDrag(pan) }
        let rest = restingFrame
        switch pan.state {
        case .began:
            presented.presentationLinks.isBeingDismissed = true
            swipeMayDismiss = mayDismissBySwipe
            if swipeMayDismiss, let controller = presented.presentationController {
                controller.delegate?.presentationControllerWillDismiss(controller)
            }
            let coordinator = beginCoordinator(animated: true, duration: Self.sheetDuration, interactive: true, presenting: false)
            presented.beginAppearanceTransition(false, animated: true)
            coordinator.beginInteraction()
        case .changed:
            let ty = pan.translation(in: self).y
            // A sheet that may not be dismissed follows the finger with growing resistance.
            swipeOffset = swipeMayDismiss ? max(0, ty) : Self.resist(max(0, ty))
            UIView.performWithoutAnimation { applyProgress(1 - swipeOffset / max(1, bounds.height - rest.minY)) }
            coordinator?.update(swipeOffset / max(1, bounds.height - rest.minY))
        case .ended, .cancelled:
            let vy = pan.state == .ended ? pan.velocity(in: self).y : 0
            let height = max(1, bounds.height - rest.minY)
            let allowed = swipeMayDismiss
            let wants = pan.state == .ended && (vy > 800 || (swipeOffset > height * 0.4 && vy > -300))
            // Any pull down of a sheet that may not go is an attempt the delegate hears of.
            if !allowed, pan.state == .ended, swipeOffset > 0, let controller = presented.presentationController {
                controller.delegate?.presentationControllerDidAttemptToDismiss(controller)
            }
            if wants && allowed {
                let remaining = height - swipeOffset
                let time = TimeInterval(min(0.35, max(0.15, remaining / max(vy, 1))))
                coordinator?.endInteraction(cancelled: false, duration: time)
                let presentedController = presented
                animate(true, to: 0, duration: time, spring: false) { [weak self] in
                    self?.finishDismissal(completion: nil)
                    if let controller = presentedController.presentationController {
                        controller.delegate?.presentationControllerDidDismiss(controller)
                    }
                }
            } else {
                // Back up: the sheet reappears, and says so.
                coordinator?.endInteraction(cancelled: true, duration: 0.35)
                presented.beginAppearanceTransition(true, animated: true)
                animate(true, to: 1, duration: 0.35, spring: true) { [weak self] in
                    guard let self else { return }
                    self.presented.presentationLinks.isBeingDismissed = false
                    self.finishCoordinator()
                    self.presented.endAppearanceTransition()
                }
            }
            swipeOffset = 0
        default:
            break
        }
    }

    /// Asked once when a swipe starts: whether it may dismiss the sheet.
    private var swipeMayDismiss = true

    // MARK: Detents

    /// The sheet's presentation controller: the presented controller's own, or, for a
    /// popover (a sheet on iPhone), its adaptive sheet's.
    private var sheetController: UISheetPresentationController? {
        presented.sheetPresentationController ?? presented.popoverPresentationController?.adaptiveSheetPresentationController
    }

    /// The detents' tops at the start of the drag under way (more than one: the drag moves
    /// the sheet between them).
    private var dragTops: [(id: UISheetPresentationController.Detent.Identifier, top: CGFloat)] = []
    /// Where the sheet's top was when the drag began.
    private var dragStartTop: CGFloat = 0

    /// Whether `bounds` is a compact height where the sheet stays at the bottom edge at its
    /// detents (``UISheetPresentationController/prefersEdgeAttachedInCompactHeight``).
    private func isEdgeAttachedInCompactHeight(_ bounds: CGRect) -> Bool {
        isCompactHeight(bounds) && sheetController?.prefersEdgeAttachedInCompactHeight == true
    }

    private func isCompactHeight(_ bounds: CGRect) -> Bool {
        window == nil ? traitCollection.verticalSizeClass == .compact : UIWindow.sizeClasses(for: bounds.size).vertical == .compact
    }

    /// The sheet's detents resolved for a container of `bounds`: each one's identifier and
    /// the sheet's top there, the smallest sheet first; at least one. A compact height
    /// (an iPhone in landscape) has one, covering the screen, unless the sheet stays
    /// attached to the bottom edge.
    private func detentTops(in bounds: CGRect) -> [(id: UISheetPresentationController.Detent.Identifier, top: CGFloat)] {
        let largeTop = max(window?.safeAreaInsets.top ?? 0, 20) + 10
        guard let sheet = sheetController else { return [(.large, largeTop)] }
        if isCompactHeight(bounds) && !sheet.prefersEdgeAttachedInCompactHeight { return [(sheet.restingDetent, 0)] }
        let bottomSafe = window?.safeAreaInsets.bottom ?? 0
        let top = isCompactHeight(bounds) ? (window?.safeAreaInsets.top ?? 0) + 8 : largeTop
        let context = SheetDetentContext(containerTraitCollection: traitCollection,
                                         maximumDetentValue: max(0, bounds.height - top - bottomSafe),
                                         halfScreenAllowance: top - bottomSafe)
        var tops: [(id: UISheetPresentationController.Detent.Identifier, top: CGFloat)] = []
        for detent in sheet.detents {
            guard let value = detent.resolvedValue(in: context) else { continue }
            tops.append((detent.identifier, (bounds.height - bottomSafe - value).rounded()))
        }
        tops.sort { $0.top > $1.top }
        return tops.isEmpty ? [(.large, top)] : tops
    }

    /// How far the screen behind is pushed back with the sheet's top at `top`: fully at
    /// the large detent, not at all at the next smaller one or below (iOS keeps the screen
    /// behind full size at the medium detent), and in between during a drag.
    private func pushFactor(forTop top: CGFloat) -> CGFloat {
        guard !isCompactHeight(bounds) else { return 0 }
        let largeTop = max(window?.safeAreaInsets.top ?? 0, 20) + 10
        let below = detentTops(in: bounds).map(\.top).filter { $0 > largeTop + 1 }.min() ?? bounds.height
        guard below > largeTop else { return 1 }
        return min(max((below - top) / (below - largeTop), 0), 1)
    }

    /// How dimmed what is behind is with the sheet's top at `top`: not at all at
    /// ``UISheetPresentationController/largestUndimmedDetentIdentifier`` or below, fully at
    /// the next larger detent, in between during a drag; fully at every detent without one.
    private func dimFactor(forTop top: CGFloat) -> CGFloat {
        guard let undimmed = sheetController?.largestUndimmedDetentIdentifier else { return 1 }
        let tops = detentTops(in: bounds)
        guard let limit = tops.first(where: { $0.id == undimmed })?.top else { return 1 }
        guard let next = tops.map(\.top).filter({ $0 < limit - 1 }).max() else { return top < limit - 1 ? 1 : 0 }
        return min(max((limit - top) / (limit - next), 0), 1)
    }

    /// Whether touches outside the sheet reach what is behind: the sheet rests at or below
    /// its largest undimmed detent.
    var passesTouchesBehind: Bool {
        kind == .sheet && sheetController?.largestUndimmedDetentIdentifier != nil
            && dimFactor(forTop: card.frame.minY) == 0
    }

    override func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        let hit = super.hitTest(point, with: event)
        if passesTouchesBehind, hit === self || hit === dimming { return nil }
        return hit
    }

    /// Whether a drag up may grow the sheet: it rests below its largest detent.
    var sheetMayGrow: Bool {
        let tops = detentTops(in: bounds)
        return tops.count > 1 && card.frame.minY > (tops.last?.top ?? 0) + 1
    }

    /// Places the sheet with its top at `top` during a drag: the screen behind, the
    /// dimming and the sheet's content follow.
    private func placeSheet(top: CGFloat) {
        UIView.performWithoutAnimation {
            let rest = restingFrame
            card.frame = CGRect(x: rest.minX, y: top, width: rest.width, height: max(0, bounds.height - top))
            presented.view.frame = card.bounds
            dimming.alpha = dimFactor(forTop: top)
            pushBack(pushFactor(forTop: top))
        }
    }

    /// A drag of a sheet with several detents: it follows the finger between them (with
    /// resistance past the largest, and past the smallest when it may not be dismissed);
    /// on release it settles at the detent nearest where it was heading, or is dismissed
    /// when dragged well below the smallest.
    private func handleDetentDrag(_ pan: UIPanGestureRecognizer) {
        guard let smallest = dragTops.first, let largest = dragTops.last else { return }
        switch pan.state {
        case .began:
            dragStartTop = card.frame.minY
            swipeMayDismiss = mayDismissBySwipe
        case .changed:
            var top = dragStartTop + pan.translation(in: self).y
            if top < largest.top { top = largest.top - Self.resist(largest.top - top) }
            if top > smallest.top && !swipeMayDismiss { top = smallest.top + Self.resist(top - smallest.top) }
            placeSheet(top: top)
        case .ended, .cancelled:
            let top = card.frame.minY
            let vy = pan.state == .ended ? pan.velocity(in: self).y : 0
            let below = top - smallest.top
            if pan.state == .ended, below > 0, !swipeMayDismiss, let controller = presented.presentationController {
                controller.delegate?.presentationControllerDidAttemptToDismiss(controller)
            }
            if pan.state == .ended, swipeMayDismiss,
               below > (bounds.height - smallest.top) * 0.4 || (below > 0 && vy > 800) {
                let controller = presented.presentationController
                if let controller { controller.delegate?.presentationControllerWillDismiss(controller) }
                dismiss(animated: true) {
                    if let controller { controller.delegate?.presentationControllerDidDismiss(controller) }
                }
            } else {
                // Where the sheet was heading: a fling carries it on, about a fifth of a second's worth.
                let projected = top + vy * 0.2
                let nearest = dragTops.min { abs($0.top - projected) < abs($1.top - projected) } ?? smallest
                sheetController?.dragDidSettle(at: nearest.id)
            }
            dragTops = []
        default:
            break
        }
    }

    /// The sheet's grabber, when its presentation controller asks for one.
    private lazy var grabber: UIView = {
        let view = UIView(frame: .zero)
        view.backgroundColor = UIColor(white: 0.5, alpha: 0.35)
        view.layer.cornerRadius = 2.5
        view.isUserInteractionEnabled = false
        return view
    }()

    /// Shows or hides the grabber, 36 × 5 points centred 5 points from the sheet's top.
    private func updateGrabber() {
        guard kind == .sheet else { return }
        if sheetController?.prefersGrabberVisible == true {
            card.addSubview(grabber)
            grabber.frame = CGRect(x: (card.bounds.width - 36) / 2, y: 5, width: 36, height: 5)
        } else {
            grabber.removeFromSuperview()
        }
    }

    /// Whether a swipe may dismiss the sheet: not modal in presentation, and its
    /// presentation controller's delegate agrees.
    private var mayDismissBySwipe: Bool {
        guard !presented.isModalInPresentation else { return false }
        guard let controller = presented.presentationController, let delegate = controller.delegate else { return true }
        return delegate.presentationControllerShouldDismiss(controller)
    }

    /// A drag of `offset` points against a sheet that may not leave moves it less and less.
    static func resist(_ offset: CGFloat) -> CGFloat { 60 * (1 - 1 / (offset / 180 + 1)) }

    /// The sheet's detents, selected detent or corner radius changed: it moves to rest
    /// there, with a spring when `animated`.
    func sheetMetricsDidChange(animated: Bool) {
        guard kind == .sheet, window != nil, !presented.isBeingPresented, !presented.isBeingDismissed else { return }
        card.layer.cornerRadius = sheetController?.preferredCornerRadius ?? 10
        updateGrabber()
        let settle = { self.applyProgress(1); self.presented.view.frame = self.card.bounds }
        defer { window?.updateStatusBarAppearance() }
        guard animated else { return UIView.performWithoutAnimation(settle) }
        UIView.animate(withDuration: 0.35, delay: 0, usingSpringWithDamping: 1, initialSpringVelocity: 0,
                       options: [.allowUserInteraction, .beginFromCurrentState], animations: settle)
    }

    /// Whether a sheet in the window pushes the screen behind back (the status bar turns
    /// light over the black around it); a sheet at a smaller detent leaves the status bar
    /// as the screen behind has it.
    static func windowShowsSheet(_ window: UIWindow) -> Bool {
        window.subviews.contains { view in
            guard let container = view as? PresentationContainerView, container.kind == .sheet else { return false }
            return container.pushFactor(forTop: container.restingFrame.minY) > 0.5
        }
    }
}

/// A sheet's drag: a pan that fails when the finger first moves up (unless the sheet may
/// grow to a larger detent), or when it starts in a scroll view that is not resting at its
/// top (that scroll view scrolls instead).
@MainActor
final class SheetSwipeRecognizer: UIPanGestureRecognizer {
    private var start: CGPoint?
    private weak var scrollViewUnderFinger: UIScrollView?
    /// Whether a drag up may grow the sheet; told whether the finger is in a scroll view.
    var mayGrow: (Bool) -> Bool = { _ in false }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        if start == nil, let touch = touches.first {
            start = touch.location(in: nil)
            var view = touch.view
            while let current = view, current !== self.view {
                if let scrollView = current as? UIScrollView { scrollViewUnderFinger = scrollView; break }
                view = current.superview
            }
        }
        super.touchesBegan(touches, with: event)
    }

    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        if state == .possible, let start, let p = touches.first?.location(in: nil) {
            let dx = p.x - start.x, dy = p.y - start.y
            if hypot(dx, dy) >= hysteresis {
                let atTop = scrollViewUnderFinger.map { $0.contentOffset.y <= -$0.adjustedContentInset.top + 0.5 } ?? true
                let down = dy > abs(dx) && atTop
                let up = -dy > abs(dx) && atTop && mayGrow(scrollViewUnderFinger != nil)
                guard down || up else { state = .failed; return }
            }
        }
        super.touchesMoved(touches, with: event)
    }

    override func reset() {
        super.reset()
        start = nil
        scrollViewUnderFinger = nil
    }
}
