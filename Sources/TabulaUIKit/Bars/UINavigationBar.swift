import Foundation

/// The bar at the top of a navigation controller's view: the top navigation item's
/// title in the middle, a back button to the item below it on the left (a chevron and
/// that item's back title), and the top item's bar button items on either side.
///
/// A ``UINavigationController`` owns one and keeps its ``items`` in step with its stack;
/// tapping the back button pops. Tabula draws it as iOS 17 does, 44 points high: clear
/// while the content under it rests at its top (the scroll edge), and a translucent light
/// background with a hairline along the bottom once content scrolls under it. Inside a
/// navigation controller the background reaches up behind the status bar.
@preconcurrency @MainActor
open class UINavigationBar: UIView, BarItemHost {
    /// Which `appearance()` call this bar last took the proxy after (see `AppearanceProxies`).
    var appearanceGeneration = -1

    /// Entering a window, the bar takes an appearance proxy set since it took the proxy last.
    open override func didMoveToWindow() {
        super.didMoveToWindow()
        if window != nil, appearanceGeneration != AppearanceProxies.generation { adoptAppearanceProxy() }
    }

    /// Creates an empty bar.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        setUpBar()
    }

    /// Creates the bar from a storyboard or nib, as ``UIView/init(coder:)`` does: the
    /// file's properties are set before it returns, so that a subclass in a file is made.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUpBar()
        InterfaceBuilderCoder.decode(coder, into: self, at: UINavigationBar.self)
    }

    private func setUpBar() {
        backgroundColor = nil
        isOpaque = false
        addSubview(edgeBackground)
        addSubview(background)
        addSubview(content)
        background.alpha = scrollEdgeProgress
        edgeBackground.alpha = 1 - scrollEdgeProgress

        adoptAppearanceProxy()
    }

    /// Whether the bar's background is translucent (default true); false makes the
    /// standard appearance opaque (the ``barTintColor``, or the system background).
    open var isTranslucent = true {
        didSet {
            guard isTranslucent != oldValue else { return }
            let standard = storedStandardAppearance
            standard.backgroundEffect = isTranslucent ? UIBlurEffect(style: .systemChromeMaterial) : nil
            standard.backgroundColor = isTranslucent ? barTintColor : barTintColor ?? .systemBackground
            appearanceDidChange()
        }
    }

    // MARK: Appearance

    /// The bar's look while content scrolls under it (and at the scroll edge when there
    /// is no ``scrollEdgeAppearance``, with its background taken away). The top item's
    /// ``UINavigationItem/standardAppearance`` wins over it. Assigning stores a copy.
    open var standardAppearance: UINavigationBarAppearance {
        get { storedStandardAppearance }
        set { storedStandardAppearance = newValue.copy(); appearanceDidChange() }
    }
    private var storedStandardAppearance = UINavigationBarAppearance()

    /// The look in a compact height (an iPhone in landscape); nil: ``standardAppearance``.
    open var compactAppearance: UINavigationBarAppearance? {
        get { storedCompactAppearance }
        set { storedCompactAppearance = newValue?.copy(); appearanceDidChange() }
    }
    private var storedCompactAppearance: UINavigationBarAppearance?

    /// The look while the content rests at its top edge; nil: ``standardAppearance``
    /// with a transparent background, as iOS 15 and later draw it.
    open var scrollEdgeAppearance: UINavigationBarAppearance? {
        get { storedScrollEdgeAppearance }
        set { storedScrollEdgeAppearance = newValue?.copy(); appearanceDidChange() }
    }
    private var storedScrollEdgeAppearance: UINavigationBarAppearance?

    /// The scroll-edge look in a compact height; nil: ``scrollEdgeAppearance``.
    open var compactScrollEdgeAppearance: UINavigationBarAppearance? {
        get { storedCompactScrollEdgeAppearance }
        set { storedCompactScrollEdgeAppearance = newValue?.copy(); appearanceDidChange() }
    }
    private var storedCompactScrollEdgeAppearance: UINavigationBarAppearance?

    /// The background colour (the older way): it becomes the standard appearance's
    /// ``UIBarAppearance/backgroundColor``, so it shows once content scrolls under the
    /// bar, as on iOS 15 and later.
    open var barTintColor: UIColor? {
        didSet {
            storedStandardAppearance.backgroundColor = barTintColor ?? (isTranslucent ? nil : .systemBackground)
            appearanceDidChange()
        }
    }

    /// The title's text attributes (the older way): they become the standard
    /// appearance's ``UINavigationBarAppearance/titleTextAttributes``.
    open var titleTextAttributes: [NSAttributedString.Key: Any]? {
        didSet { storedStandardAppearance.titleTextAttributes = titleTextAttributes ?? [:]; appearanceDidChange() }
    }

    /// The large title's text attributes (the older way).
    open var largeTitleTextAttributes: [NSAttributedString.Key: Any]? {
        didSet { storedStandardAppearance.largeTitleTextAttributes = largeTitleTextAttributes ?? [:]; appearanceDidChange() }
    }

    /// The image drawn as the bar's shadow (the older way); an empty `UIImage()` hides
    /// the hairline.
    open var shadowImage: UIImage? {
        didSet { storedStandardAppearance.shadowImage = shadowImage; appearanceDidChange() }
    }

    private var backgroundImages: [UIBarMetrics: UIImage] = [:]

    /// Sets the background image for `barMetrics` (the older way): for `.default` it
    /// replaces the standard appearance's blur; an empty `UIImage()` makes the bar
    /// transparent, the classic way.
    open func setBackgroundImage(_ backgroundImage: UIImage?, for barMetrics: UIBarMetrics) {
        backgroundImages[barMetrics] = backgroundImage
        guard barMetrics == .default else { return }
        let standard = storedStandardAppearance
        standard.backgroundImage = backgroundImage.flatMap { $0.size.width > 0 && $0.size.height > 0 ? $0 : nil }
        standard.backgroundEffect = backgroundImage == nil && isTranslucent ? UIBlurEffect(style: .systemChromeMaterial) : nil
        appearanceDidChange()
    }

    /// The background image set for `barMetrics`.
    open func backgroundImage(for barMetrics: UIBarMetrics) -> UIImage? { backgroundImages[barMetrics] }

    private var needsAppearance = true

    /// An appearance changed: the backgrounds and the title and buttons take it at the
    /// next layout.
    func appearanceDidChange() {
        needsAppearance = true
        needsRebuild = true
        setNeedsLayout()
    }

    /// The appearances in force now: the top item's, else the bar's, compact ones in a
    /// compact height; the scroll edge's falls back to the standard one made transparent.
    func resolvedAppearances() -> (standard: UINavigationBarAppearance, scrollEdge: UINavigationBarAppearance,
                                   explicitScrollEdge: Bool) {
        let item = topItem
        let compact = traitCollection.verticalSizeClass == .compact
        var standard = item?.standardAppearance ?? storedStandardAppearance
        if compact, let compactLook = item?.compactAppearance ?? storedCompactAppearance { standard = compactLook }
        var edge = item?.scrollEdgeAppearance ?? storedScrollEdgeAppearance
        if compact, let compactEdge = item?.compactScrollEdgeAppearance ?? storedCompactScrollEdgeAppearance { edge = compactEdge }
        if let edge { return (standard, edge, true) }
        let transparent = standard.copy()
        transparent.configureWithTransparentBackground()
        return (standard, transparent, false)
    }

    /// The appearance whose text attributes the title and buttons take now: the scroll
    /// edge's while the content rests at its top, when the app gave one.
    var textAppearance: UINavigationBarAppearance {
        let resolved = resolvedAppearances()
        return resolved.explicitScrollEdge && scrollEdgeProgress < 0.5 ? resolved.scrollEdge : resolved.standard
    }

    private func applyAppearance() {
        needsAppearance = false
        let resolved = resolvedAppearances()
        background.apply(resolved.standard)
        edgeBackground.apply(resolved.scrollEdge)
    }

    /// The bar's look: `.default` is light with dark text; `.black` is dark with white
    /// text, and makes a navigation controller ask for a light status bar.
    open var barStyle: UIBarStyle = .default {
        didSet {
            guard barStyle != oldValue else { return }
            background.isDark = barStyle == .black
            edgeBackground.isDark = barStyle == .black
            itemDidChange()
            if let controller = next as? UIViewController ?? superview?.next as? UIViewController {
                controller.setNeedsStatusBarAppearanceUpdate()
            }
        }
    }

    /// The standard appearance's background and hairline, behind the title and buttons.
    private let background = BarBackgroundView(frame: .zero)
    /// The scroll edge appearance's background, shown while the content rests at its top.
    private let edgeBackground = BarBackgroundView(frame: .zero)

    /// How far the background reaches above the bar (behind the status bar), in points;
    /// set by the navigation controller.
    var backgroundExtension: CGFloat = 0 { didSet { if backgroundExtension != oldValue { setNeedsLayout() } } }

    /// 0 at the scroll edge (no background), 1 once content has scrolled under the bar
    /// (the full background and hairline); in between while the first points scroll under.
    var scrollEdgeProgress: CGFloat = 0 {
        didSet {
            guard scrollEdgeProgress != oldValue else { return }
            background.alpha = scrollEdgeProgress
            edgeBackground.alpha = 1 - scrollEdgeProgress
            // Text attributes follow the scroll edge's appearance when the app gave one.
            if (oldValue < 0.5) != (scrollEdgeProgress < 0.5), resolvedAppearances().explicitScrollEdge { itemDidChange() }
        }
    }

    /// The navigation items, bottom first; the bar shows the last one (``topItem``).
    open var items: [UINavigationItem]? {
        get { _items }
        set { setItems(newValue, animated: false) }
    }

    private var _items: [UINavigationItem]?

    /// The item on top of the stack: the one whose title and buttons the bar shows.
    open var topItem: UINavigationItem? { _items?.last }
    /// The item just below the top one: the one the back button goes back to.
    open var backItem: UINavigationItem? {
        guard let items = _items, items.count > 1 else { return nil }
        return items[items.count - 2]
    }

    /// Replaces the items; when `animated`, the old title and buttons fade out as the new
    /// ones fade in.
    open func setItems(_ items: [UINavigationItem]?, animated: Bool) {
        setItems(items, animated: animated, leavingReveal: nil)
    }

    /// Replaces the items; the outgoing title keeps `leavingReveal` of its large title
    /// area (default: what shows now) as it leaves. A navigation controller passes what
    /// showed before it began the transition, which may already have resized the bar.
    func setItems(_ items: [UINavigationItem]?, animated: Bool, leavingReveal: CGFloat?) {
        let isPush = items?.last.map { new in !(_items ?? []).contains { $0 === new } } ?? false
        // A search that hid the bar belongs to the item on top; another item shows it all.
        if items?.last !== _items?.last { searchHidesBar = false }
        for item in _items ?? [] where item.barShowingItem === self { item.barShowingItem = nil }
        _items = items
        for item in items ?? [] { item.barShowingItem = self }
        setNeedsLayout()
        guard animated, window != nil else {
            rebuild()
            return
        }
        // The old title and buttons fade out sliding toward the back (left on a push),
        // the new ones fade in from the other side, over the navigation slide's time.
        let old = content
        old.leavingReveal = leavingReveal ?? largeTitleReveal
        // At once: a layout since the transition began may have closed its title area.
        UIView.performWithoutAnimation { layOut(old) }
        let shift = bounds.width / 3 * (isPush ? 1 : -1)
        content = ContentView(frame: bounds)
        addSubview(content)
        rebuild()
        layOut(content)
        let (behind, ahead) = isPush ? (old, content) : (content, old)
        UIView.performWithoutAnimation {
            content.alpha = 0
            content.frame = bounds.offsetBy(dx: shift, dy: 0)
            placeTransition(behind: behind, ahead: ahead, uncovered: isPush ? 1 : 0)
        }
        UIView.animate(withDuration: UINavigationController.transitionDuration, delay: 0,
                       options: [.curveEaseOut, .beginFromCurrentState], animations: {
            old.alpha = 0
            old.frame = self.bounds.offsetBy(dx: -shift, dy: 0)
            self.content.alpha = 1
            self.content.frame = self.bounds
            self.placeTransition(behind: behind, ahead: ahead, uncovered: isPush ? 0 : 1)
        }, completion: { _ in old.removeFromSuperview() })
    }

    /// Places the titles and back buttons of a transition (see ``placeBackButtons``), and
    /// the large titles as if each rode with its view controller's
    /// view, as in iOS: the view ahead (pushed, or being popped) covers the screen from
    /// its left edge, `bounds.width × (1 − uncovered)`, and its title moves with it at
    /// full speed; the view behind shows only to the left of that edge, moved a third of
    /// the way left, as the navigation controller moves it. So the two titles never
    /// overlap, whatever their lengths. `uncovered` is how much of the screen the view
    /// ahead has left (0: it covers all of it; 1: it is gone). The content views
    /// themselves slide a third of the width (behind: from the left, ahead: to the right);
    /// only the titles' horizontal geometry inside them is set here, all of it linear in
    /// `uncovered`, so that one animation curve moves everything together.
    private func placeTransition(behind: ContentView, ahead: ContentView, uncovered progress: CGFloat) {
        placeBackButtons(behind: behind, ahead: ahead, uncovered: progress)
        let width = bounds.width, parallax = width / 3
        // Ahead: its content view sits `parallax × progress` right of rest; its title at
        // `width × progress` right of rest, unclipped on the left.
        if let label = ahead.largeTitleLabel {
            ahead.largeTitleClip.frame.origin.x = (width - parallax) * progress
            ahead.largeTitleClip.frame.size.width = width
            label.frame.origin.x = Self.largeTitleInset
        }
        // Behind: its content view sits `parallax × (1 − progress)` left of rest; shown
        // from the bar's left edge to the edge of the view ahead.
        if let label = behind.largeTitleLabel {
            behind.largeTitleClip.frame.origin.x = parallax * (1 - progress)
            behind.largeTitleClip.frame.size.width = width * progress
            label.frame.origin.x = Self.largeTitleInset - parallax * (1 - progress)
        }
    }

    /// The back buttons' part of a transition, as iOS draws it: the upper item's back
    /// label and the lower item's title are one label moving between the two places (the
    /// title at the centre, the label beside the chevron), cross-fading where their texts
    /// differ; chevrons stay where they are, fading in or out; the lower item's own back
    /// label slides away to the left as the upper item covers it. Everything else rides
    /// with its content view (a third of the width, fading). The content views move by
    /// `−width/3 × (1 − progress)` (behind) and `width/3 × progress` (ahead), so each
    /// element's offset inside its content view cancels that to follow its own path; all
    /// of it is linear in `progress`, so one animation curve moves everything together.
    /// At rest (progress 0 for the view ahead, 1 for the view behind) every offset is 0.
    private func placeBackButtons(behind: ContentView, ahead: ContentView, uncovered progress: CGFloat) {
        let shift = bounds.width / 3, behindX = -shift * (1 - progress), aheadX = shift * progress
        let chevron = BarButtonView.chevronWidth
        // A new button sizes its label now, not in a later layout pass, which would
        // resize it outside the transition's animation.
        UIView.performWithoutAnimation {
            ahead.backButton?.layoutIfNeeded()
            behind.backButton?.layoutIfNeeded()
        }
        if let back = ahead.backButton {
            let restX = back.frame.minX - ahead.backShift, labelRest = restX + chevron
            // Where the lower item's title rests; without one the label rides its view.
            let titleRest = behind.titleLabel.map { $0.frame.minX - behind.titleShift } ?? labelRest + shift
            let labelX = labelRest + (titleRest - labelRest) * progress
            ahead.backShift = -aheadX
            back.frame.origin.x = restX + ahead.backShift
            back.labelShift = labelX - aheadX - labelRest - ahead.backShift
            back.label.frame.origin.x = chevron + back.labelShift
            if let title = behind.titleLabel {
                behind.titleShift = labelX - behindX - titleRest
                title.frame.origin.x = titleRest + behind.titleShift
            }
        }
        if let back = behind.backButton {
            let restX = back.frame.minX - behind.backShift
            behind.backShift = -behindX
            back.frame.origin.x = restX + behind.backShift
            back.labelShift = behindX
            back.label.frame.origin.x = chevron + back.labelShift
        }
    }

    /// The large title's distance from the bar's leading edge.
    static let largeTitleInset: CGFloat = 16

    // MARK: Following a finger (the navigation controller's back swipe)

    /// The title and buttons shown before an interactive pop began, and the items then.
    private var interactivePop: (old: ContentView, oldItems: [UINavigationItem]?)?

    /// Starts showing `items` as a back swipe uncovers them: the new top item's title and
    /// buttons are built, and ``updateInteractivePop(_:)`` moves both sets with the finger.
    func beginInteractivePop(to items: [UINavigationItem]?) {
        let old = content, oldItems = _items
        old.leavingReveal = largeTitleReveal
        for item in _items ?? [] where item.barShowingItem === self { item.barShowingItem = nil }
        _items = items
        for item in items ?? [] { item.barShowingItem = self }
        content = ContentView(frame: bounds)
        addSubview(content)
        rebuild()
        layOut(content)
        interactivePop = (old, oldItems)
        updateInteractivePop(0)
    }

    /// Places the outgoing and incoming titles and buttons for `progress` (0 to 1) of the
    /// swipe: the old ones fade out sliding right, the new ones fade in from the left.
    func updateInteractivePop(_ progress: CGFloat) {
        guard let old = interactivePop?.old else { return }
        let shift = bounds.width / 3
        UIView.performWithoutAnimation {
            old.alpha = 1 - progress
            old.frame.origin.x = shift * progress
            content.alpha = progress
            content.frame.origin.x = -shift * (1 - progress)
            placeTransition(behind: content, ahead: old, uncovered: progress)
        }
    }

    /// Ends a swipe: animates over `duration` to the new item (`completed`) or back to
    /// the old one, whose items the bar then shows again.
    func endInteractivePop(completed: Bool, duration: TimeInterval) {
        guard let (old, oldItems) = interactivePop else { return }
        interactivePop = nil
        let new = content
        if !completed {
            for item in _items ?? [] where item.barShowingItem === self { item.barShowingItem = nil }
            _items = oldItems
            for item in oldItems ?? [] { item.barShowingItem = self }
            content = old
            old.leavingReveal = nil
            new.leavingReveal = largeTitleReveal
        }
        let shift = bounds.width / 3
        UIView.animate(withDuration: duration, delay: 0, options: [.curveEaseOut, .beginFromCurrentState], animations: {
            old.alpha = completed ? 0 : 1
            old.frame.origin.x = completed ? shift : 0
            new.alpha = completed ? 1 : 0
            new.frame.origin.x = completed ? 0 : -shift
            self.placeTransition(behind: new, ahead: old, uncovered: completed ? 1 : 0)
        }, completion: { _ in (completed ? old : new).removeFromSuperview() })
    }

    /// Pushes `item` onto the stack of items and shows it, its back button going back to
    /// the item that was on top.
    open func pushItem(_ item: UINavigationItem, animated: Bool) {
        setItems((_items ?? []) + [item], animated: animated)
    }

    /// Pops the top item and shows the one below it; returns the popped item (nil when
    /// there are no items).
    @discardableResult
    open func popItem(animated: Bool) -> UINavigationItem? {
        guard var items = _items, let top = items.popLast() else { return nil }
        setItems(items, animated: animated)
        return top
    }

    /// An item shown (the top one, the back one, or one of their bar button items)
    /// changed: the bar rebuilds its content before the next frame.
    func itemDidChange() {
        needsRebuild = true
        needsAppearance = true
        setNeedsLayout()
        // A prompt added or removed changes the bar's height.
        if showsPrompt != hadPrompt {
            hadPrompt = showsPrompt
            onLargeTitleChange?()
        }
    }

    private var hadPrompt = false

    private var needsRebuild = false

    /// Shows the menu of a bar button item tapped without a primary action.
    static func showMenu(_ menu: UIMenu, from button: UIView) {
        MenuPlatterView.show(menu, from: button, sender: (button as? BarButtonView)?.item)
    }

    /// Called when the back button is tapped; the navigation controller pops.
    var onBack: (() -> Void)?

    /// The title, back button and items of the top item; replaced whole when the items change.
    private var content = ContentView(frame: .zero)

    // MARK: Large titles

    /// Whether the bar shows the title large, left-aligned below the buttons, when the
    /// top item's ``UINavigationItem/largeTitleDisplayMode`` allows it (default false), as
    /// Settings and Mail do. Inside a navigation controller the large title collapses into
    /// the bar as the content scrolls up, and grows when it is pulled down.
    open var prefersLargeTitles = false {
        didSet { if prefersLargeTitles != oldValue { itemDidChange(); onLargeTitleChange?() } }
    }

    /// The large title's point size at the bar's text size: 34 at the default size,
    /// following ``UIFont/TextStyle/largeTitle`` (31 to 40, and 44 to 60 at the
    /// accessibility sizes), as UIKit's large titles do; the small title and the buttons
    /// keep their size, as UIKit's bars do.
    var largeTitlePointSize: CGFloat {
        UIFontMetrics(forTextStyle: .largeTitle).scaledValue(for: 34, compatibleWith: traitCollection).rounded()
    }

    /// The height of the large title's line: 41 points at 34 points.
    var largeTitleLineHeight: CGFloat { (41 * largeTitlePointSize / 34).rounded() }

    /// The height of the large title area below the 44-point bar: 52 points at the
    /// default text size, growing and shrinking with the title's line.
    var largeTitleHeight: CGFloat { largeTitleLineHeight + 11 }

    /// Whether `item` (at `index` in `items`) shows a large title: `.always`, or
    /// `.automatic` like the item below it (the first item: whenever the bar prefers them).
    /// Never in a compact height (an iPhone in landscape), where iOS shows every title in
    /// the bar.
    func showsLargeTitle(at index: Int, in items: [UINavigationItem]) -> Bool {
        guard prefersLargeTitles, traitCollection.verticalSizeClass != .compact,
              items.indices.contains(index) else { return false }
        switch items[index].largeTitleDisplayMode {
        case .always: return true
        case .never: return false
        case .automatic: return index == 0 ? true : showsLargeTitle(at: index - 1, in: items)
        }
    }

    /// Whether the top item shows a large title now.
    var showsLargeTitle: Bool {
        guard let items = _items, !items.isEmpty else { return false }
        return showsLargeTitle(at: items.count - 1, in: items)
    }

    /// How much of the large title area shows: 52 points at rest, less as the content
    /// scrolls up (0: collapsed into the bar, whose small title then fades in), more when
    /// it is pulled down. Set by the navigation controller.
    var largeTitleReveal: CGFloat = 0 {
        didSet { if largeTitleReveal != oldValue { setNeedsLayout() } }
    }

    /// A change of height class (a rotation) changes the strip's height and turns large
    /// titles off or on, and a change of text size changes the large title's: the bar
    /// rebuilds its title and the navigation controller lays it out again.
    open override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
        super.traitCollectionDidChange(previousTraitCollection)
        guard previousTraitCollection?.verticalSizeClass != traitCollection.verticalSizeClass
            || previousTraitCollection?.preferredContentSizeCategory != traitCollection.preferredContentSizeCategory else { return }
        appearanceDidChange()
        itemDidChange()
        onLargeTitleChange?()
    }

    /// Told when the bar's height may have changed — large titles turned on or off, a
    /// prompt added or removed — so that the navigation controller lays it out again.
    var onLargeTitleChange: (() -> Void)?

    /// Holds one item's title and buttons, so that a change can fade one set out and the next in.
    final class ContentView: UIView {
        var titleLabel: UILabel?
        /// The item's title view, shown instead of the title.
        var titleView: UIView?
        /// The prompt line above the buttons.
        var promptLabel: UILabel?
        /// The large title, in a container that clips it as it collapses.
        var largeTitleLabel: UILabel?
        let largeTitleClip: UIView = {
            let clip = UIView(frame: .zero)
            clip.clipsToBounds = true
            clip.isUserInteractionEnabled = false
            return clip
        }()
        var backButton: BarButtonView?
        /// How far a transition has moved the back button from its place (see
        /// ``UINavigationBar/placeBackButtons(behind:ahead:uncovered:)``); 0 at rest.
        var backShift: CGFloat = 0
        /// How far a transition has moved the small title from its place; 0 at rest.
        var titleShift: CGFloat = 0
        var leftButtons: [BarButtonView] = []
        var rightButtons: [BarButtonView] = []
        /// The top item's search bar, in the row at the bottom.
        var searchBar: UISearchBar?
        /// The large title area's height when this content stopped being the bar's own
        /// (it is leaving in a transition): it keeps it, riding out with its view,
        /// while the bar takes the incoming item's.
        var leavingReveal: CGFloat?
        /// Holds the search bar, clipping it as the row closes.
        let searchClip: UIView = {
            let clip = UIView(frame: .zero)
            clip.clipsToBounds = true
            return clip
        }()
    }

    private func rebuild() {
        needsRebuild = false
        applyAppearance()
        let look = textAppearance
        for view in content.subviews { view.removeFromSuperview() }
        for view in content.largeTitleClip.subviews { view.removeFromSuperview() }
        for view in content.searchClip.subviews { view.removeFromSuperview() }
        content.largeTitleLabel = nil
        content.titleLabel = nil
        content.titleView = nil
        content.promptLabel = nil
        content.backButton = nil
        content.leftButtons = []
        content.rightButtons = []
        content.searchBar = nil
        guard let top = topItem else { return }
        if let searchBar = top.searchController?.searchBar {
            content.searchBar = searchBar
            content.searchClip.addSubview(searchBar)
            content.addSubview(content.searchClip)
        }
        let tint: UIColor = tintColor
        let left = top.leftBarButtonItems ?? []
        if let back = backItem, !top.hidesBackButton, left.isEmpty || top.leftItemsSupplementBackButton {
            let titles = back.backButtonTitleCandidates
            let attributes = look.backButtonAppearance.normal.titleTextAttributes
            let button = BarButtonView(title: titles[0], bold: false, color: attributes.color ?? tint, chevron: true) { [weak self] in
                self?.onBack?()
            }
            button.backTitles = titles
            if let font = attributes.font { button.label.font = font }
            content.backButton = button
            content.addSubview(button)
        }
        func button(for item: UIBarButtonItem) -> BarButtonView {
            let attributes = (item.style == .done ? look.doneButtonAppearance : look.buttonAppearance).normal.titleTextAttributes
            let button = BarButtonView(item: item, tint: attributes.color ?? tint, bar: self, onMenu: Self.showMenu)
            if let font = attributes.font { button.label.font = font }
            return button
        }
        for item in left {
            let button = button(for: item)
            content.leftButtons.append(button)
            content.addSubview(button)
        }
        for item in top.rightBarButtonItems ?? [] {
            let button = button(for: item)
            content.rightButtons.append(button)
            content.addSubview(button)
        }
        if let prompt = top.prompt {
            let label = UILabel(frame: .zero)
            label.text = prompt
            label.font = .systemFont(ofSize: 13)
            label.textColor = barStyle == .black ? .white : .secondaryLabel
            label.textAlignment = .center
            content.promptLabel = label
            content.addSubview(label)
        }
        if let titleView = top.titleView {
            content.titleView = titleView
            content.addSubview(titleView)
        } else if let title = top.title {
            let label = UILabel(frame: .zero)
            label.text = title
            let attributes = look.titleTextAttributes
            label.font = attributes.font ?? .systemFont(ofSize: 17, weight: .semibold)
            label.textColor = attributes.color ?? (barStyle == .black ? .white : .label)
            label.textAlignment = .center
            content.titleLabel = label
            content.addSubview(label)
            if showsLargeTitle {
                let large = UILabel(frame: .zero)
                large.text = title
                let largeAttributes = look.largeTitleTextAttributes
                large.font = largeAttributes.font ?? .systemFont(ofSize: largeTitlePointSize, weight: .bold)
                large.textColor = largeAttributes.color ?? (barStyle == .black ? .white : .label)
                content.largeTitleLabel = large
                content.largeTitleClip.addSubview(large)
                content.addSubview(content.largeTitleClip)
            }
        }
    }

    /// Places the buttons from the edges in (a back button's chevron 8 points from the
    /// edge, other items at the bar's margin: 16 points, 20 in a regular width; 8 points
    /// apart) and centres the title in the bar, moved aside only as far as the buttons need.
    open override func layoutSubviews() {
        super.layoutSubviews()
        if needsAppearance { applyAppearance() }
        if needsRebuild { rebuild() }
        background.frame = CGRect(x: 0, y: -backgroundExtension, width: bounds.width,
                                  height: bounds.height + backgroundExtension)
        edgeBackground.frame = background.frame
        for case let view as ContentView in subviews { layOut(view) }
    }

    /// How far from the bar's edges its items keep (outside the safe area): 16 points in
    /// a compact width, 20 in a regular one, as the large title's leading edge.
    static func itemMargin(for traits: UITraitCollection) -> CGFloat {
        traits.horizontalSizeClass == .regular ? 20 : 16
    }

    private func layOut(_ content: ContentView) {
        // Only the size: a content view sliding out keeps its animated origin.
        content.frame = CGRect(origin: content.frame.origin, size: bounds.size)
        let bounds = content.bounds
        // An active search that hides the bar leaves only its row: the rest fades away.
        let hidden = searchHidesBar && content.searchBar != nil
        for view in content.subviews where view !== content.searchClip { view.alpha = hidden ? 0 : 1 }
        // A prompt takes a line above the strip of buttons and title.
        let top = content.promptLabel == nil ? 0 : Self.promptHeight
        // Hidden by a search, the prompt, the strip and the large title keep their sizes and
        // slide up out of the bar as they fade, so the search row rises into the space they
        // leave instead of passing over a title that stays put.
        let clip = content.largeTitleClip
        let lift = hidden ? top + stripHeight + clip.frame.height : 0
        content.promptLabel?.frame = CGRect(x: 8, y: -lift, width: bounds.width - 16, height: Self.promptHeight)
        let height = hidden ? stripHeight : min(bounds.height - top, stripHeight)
        let stripTop = top - lift
        // Buttons keep clear of the side safe areas (a landscape iPhone's sensor housing).
        let safe = safeAreaInsets
        // A back button's chevron sits 8 points from the edge; other items keep to the
        // bar's margins (16 points on an iPhone, 20 in a regular width), as in iOS.
        let margin = Self.itemMargin(for: traitCollection)
        var x: CGFloat = (content.backButton == nil ? margin : 8) + safe.left
        if let back = content.backButton { fitBackTitle(back, in: content, from: x, stripHeight: height) }
        for button in [content.backButton].compactMap({ $0 }) + content.leftButtons {
            let width = button.fittingWidth
            let shift = button === content.backButton ? content.backShift : 0
            button.frame = CGRect(x: x + shift, y: stripTop, width: width, height: height)
            x += width + 8
        }
        let leftEdge = x
        var right = bounds.width - margin - safe.right
        for button in content.rightButtons {
            let width = button.fittingWidth
            right -= width
            button.frame = CGRect(x: right, y: stripTop, width: width, height: height)
            right -= 8
        }
        let available = max(0, right - leftEdge)
        if let searchBar = content.searchBar {
            // The row shows its lower part as it closes, the field fading over its last
            // two thirds, as iOS's does; the clip keeps it off the content below.
            let shown = min(searchRowReveal, searchRowHeight)
            content.searchClip.frame = CGRect(x: 0, y: bounds.height - shown, width: bounds.width, height: shown)
            searchBar.frame = CGRect(x: 0, y: shown - searchRowHeight, width: bounds.width, height: searchRowHeight)
            searchBar.alpha = min(1, max(0, (shown / searchRowHeight - 1.0 / 3) * 1.5))
        }
        if let titleView = content.titleView {
            // A title view keeps its size (or the size it fits) and is centred, moved aside
            // only as far as the buttons need.
            var size = titleView.bounds.size
            if size.width <= 0 || size.height <= 0 { size = titleView.sizeThatFits(CGSize(width: available, height: height)) }
            size = CGSize(width: min(size.width, available), height: min(size.height, height))
            var originX = (bounds.width - size.width) / 2
            originX = min(max(originX, leftEdge), right - size.width)
            titleView.frame = CGRect(x: originX, y: stripTop + (height - size.height) / 2, width: size.width, height: size.height)
        }
        guard let label = content.titleLabel else { return }
        let width = min(label.sizeThatFits(CGSize(width: 10_000, height: height)).width, available)
        var originX = (bounds.width - width) / 2
        originX = min(max(originX, leftEdge), right - width)
        label.frame = CGRect(x: originX + content.titleShift, y: stripTop, width: width, height: height)
        guard let large = content.largeTitleLabel else { label.alpha = hidden ? 0 : 1; return }
        // The large title sits at the bottom of its area, 16 points in, and is clipped at
        // the area's top as the area shrinks; the small title fades in over the last 10
        // points of the collapse.
        let reveal = content.leavingReveal ?? largeTitleReveal
        // While a transition shows two sets of titles it owns their horizontal geometry
        // (see placeTransition); at rest the title spans the bar, 16 points in.
        let inTransition = subviews.lazy.filter { $0 is ContentView }.dropFirst().first != nil
        let shown = hidden ? clip.frame.height : max(0, reveal)
        clip.frame = CGRect(x: inTransition ? clip.frame.minX : 0, y: stripTop + stripHeight,
                            width: inTransition ? clip.frame.width : bounds.width, height: shown)
        let largeHeight = largeTitleLineHeight
        large.frame = CGRect(x: inTransition ? large.frame.minX : Self.largeTitleInset, y: shown - largeHeight - 4,
                             width: bounds.width - 2 * Self.largeTitleInset, height: largeHeight)
        label.alpha = hidden ? 0 : min(max(1 - reveal / 10, 0), 1)
    }

    /// Gives the back button the longest of its titles (``UINavigationItem/backButtonDisplayMode``)
    /// that ends 8 points before the centred title (or the right-hand buttons) begins, as
    /// iOS does: a long title becomes "Back", and then the chevron alone.
    private func fitBackTitle(_ back: BarButtonView, in content: ContentView, from x: CGFloat, stripHeight: CGFloat) {
        guard back.backTitles.count > 1 else { return }
        let width = content.bounds.width
        let margin = Self.itemMargin(for: traitCollection)
        var end = width - margin - safeAreaInsets.right
        for button in content.rightButtons { end -= button.fittingWidth + 8 }
        if let label = content.titleLabel, content.leftButtons.isEmpty {
            let titleWidth = label.sizeThatFits(CGSize(width: 10_000, height: stripHeight)).width
            end = min(end, (width - titleWidth) / 2)
        }
        let room = end - 8 - x
        for title in back.backTitles {
            back.label.text = title
            if back.fittingWidth <= room || title.isEmpty { break }
        }
    }

    /// The height of the strip with the buttons and the small title.
    static let barContentHeight: CGFloat = 44
    /// The strip's height in a compact height (an iPhone in landscape), as iOS's.
    static let compactBarContentHeight: CGFloat = 32
    /// The strip's height now: 44 points, 32 in a compact height.
    var stripHeight: CGFloat {
        traitCollection.verticalSizeClass == .compact ? Self.compactBarContentHeight : Self.barContentHeight
    }
    /// The height of the prompt line above it, when the top item has a prompt.
    static let promptHeight: CGFloat = 30

    /// Whether the top item has a prompt (the bar is ``promptHeight`` taller).
    var showsPrompt: Bool { topItem?.prompt != nil }

    /// Whether an active search hides the rest of the bar (the search controller's
    /// ``UISearchController/hidesNavigationBarDuringPresentation``): only the search row
    /// shows, just below the status bar, the title, buttons and large title gone until
    /// the search ends. Set by the search controller, inside an animation.
    var searchHidesBar = false {
        didSet {
            guard searchHidesBar != oldValue else { return }
            setNeedsLayout()
            onLargeTitleChange?()
        }
    }

    /// How much of the search row shows (its full height unless the content has scrolled
    /// up under a bar whose item ``UINavigationItem/hidesSearchBarWhenScrolling``): the
    /// row is clipped from the top and its field fades as it closes. Set by the
    /// navigation controller.
    var searchRowReveal: CGFloat = .infinity {
        didSet { if searchRowReveal != oldValue { setNeedsLayout() } }
    }

    /// The height of the row with the top item's search bar, at the bottom of the bar.
    static let searchRowHeight: CGFloat = 52
    /// The height of the top item's search row: ``searchRowHeight``, and the scope bar
    /// under it while it shows; 0 without a search controller.
    var searchRowHeight: CGFloat {
        guard let bar = topItem?.searchController?.searchBar else { return 0 }
        return Self.searchRowHeight + (bar.scopeBarShown ? UISearchBar.scopeBarHeight : 0)
    }

    /// The search row's height changed (the scope bar came or went): the navigation
    /// controller lays the bar out again, animated inside an animation block.
    func searchRowDidChange() {
        setNeedsLayout()
        onLargeTitleChange?()
    }

}

/// A bar's background, as a ``UIBarAppearance`` describes it: a blur of what scrolls
/// under the bar (by default iOS's chrome material — blurred, saturated, under a
/// translucent white-grey, near-black in the dark appearance), a colour and an image over
/// it, and a hairline along the bottom edge (the top edge for toolbars and tab bars).
@MainActor
final class BarBackgroundView: UIView {
    private let hairline = UIView(frame: .zero)
    private let colorLayer = UIView(frame: .zero)
    private let imageView = UIImageView(frame: .zero)

    /// The default material: light grey-white, or near-black in the dark appearance.
    static let material = UIColor.appearance(
        light: UIColor(red: 249.0 / 255, green: 249.0 / 255, blue: 249.0 / 255, alpha: 0.8),
        dark: UIColor(white: 0.11, alpha: 0.8))

    /// The dark material of a `.black` bar instead of the light one.
    var isDark = false { didSet { if isDark != oldValue { apply(appearance) } } }

    /// What the background draws (default: the default background).
    private(set) var appearance = UIBarAppearance()

    override init(frame: CGRect) {
        super.init(frame: frame)
        isOpaque = false
        isUserInteractionEnabled = false
        colorLayer.isUserInteractionEnabled = false
        imageView.isUserInteractionEnabled = false
        addSubview(colorLayer)
        addSubview(imageView)
        addSubview(hairline)
        apply(appearance)
    }

    required init?(coder: NSCoder) { fatalError("not used") }

    /// Draws `appearance` from now on.
    func apply(_ appearance: UIBarAppearance) {
        self.appearance = appearance
        if let effect = appearance.backgroundEffect {
            // The chrome material is the bars' own blur and tint; other styles bring theirs.
            let chrome = effect.style == .systemChromeMaterial
            layer.backdropMaterial = chrome ? BackdropMaterial(blurRadius: 20, saturation: 1.8) : effect.backdrop
            backgroundColor = isDark ? UIColor(white: 0.11, alpha: 0.8) : chrome ? Self.material : effect.tint
        } else {
            layer.backdropMaterial = nil
            backgroundColor = nil
        }
        colorLayer.backgroundColor = appearance.backgroundColor
        colorLayer.isHidden = appearance.backgroundColor == nil
        imageView.image = appearance.backgroundImage
        imageView.contentMode = appearance.backgroundImageContentMode == .redraw ? .scaleToFill : appearance.backgroundImageContentMode
        imageView.isHidden = appearance.backgroundImage == nil
        let shadow = appearance.shadowColor
        hairline.backgroundColor = isDark && shadow != nil ? UIColor(white: 1, alpha: 0.15) : shadow
        // An empty shadow image (the classic way to hide the line) hides it.
        let hidesLine = appearance.shadowImage.map { $0.size.width <= 0 || $0.size.height <= 0 } ?? false
        hairline.isHidden = shadow == nil || hidesLine
        setNeedsLayout()
    }

    /// A toolbar's hairline runs along its top edge, above the bar.
    var hairlineAtTop = false { didSet { setNeedsLayout() } }

    override func layoutSubviews() {
        super.layoutSubviews()
        colorLayer.frame = bounds
        imageView.frame = bounds
        // One device pixel, as UIKit's shadow line.
        let scale = max(layer.contentsScale, 1)
        hairline.frame = CGRect(x: 0, y: hairlineAtTop ? -1 / scale : bounds.height, width: bounds.width, height: 1 / scale)
    }
}

/// A tappable text button in a navigation bar: a bar button item, or the back button
/// (which draws a chevron before its title).
@MainActor
final class BarButtonView: UIView {
    let label = UILabel(frame: .zero)
    let showsChevron: Bool
    let color: UIColor
    private let action: () -> Void
    /// The item shown, if the button is not the back button.
    private(set) weak var item: UIBarButtonItem?

    /// Width of the chevron plus the gap before the title.
    static let chevronWidth: CGFloat = 18

    /// How far a navigation transition has moved the title from its place beside the
    /// chevron (the chevron stays); 0 at rest.
    var labelShift: CGFloat = 0
    /// A back button's titles, longest first: the bar shows the first that fits.
    var backTitles: [String] = []

    init(title: String, bold: Bool, color: UIColor, chevron: Bool, enabled: Bool = true, action: @escaping () -> Void) {
        self.showsChevron = chevron
        self.color = color
        self.action = action
        super.init(frame: .zero)
        backgroundColor = .clear
        isOpaque = false
        label.text = title
        label.font = .systemFont(ofSize: 17, weight: bold ? .semibold : .regular)
        label.textColor = enabled ? color : UIColor.systemGray
        addSubview(label)
        if enabled {
            addGestureRecognizer(UITapGestureRecognizer(target: { [weak self] _ in
                guard let self else { return }
                if let tapAction = self.tapAction { tapAction() } else { self.action() }
            }))
        }
    }

    convenience init(item: UIBarButtonItem, tint: UIColor, bar: (any BarItemHost)?, onMenu: ((UIMenu, UIView) -> Void)? = nil) {
        // A custom view handles its own touches: no tap recognizer over it.
        let enabled = item.isEnabled && item.customView == nil
        self.init(title: item.displayedTitle ?? "", bold: item.style == .done, color: item.tintColor ?? tint,
                  chevron: false, enabled: enabled) { [weak item] in _ = item?.perform() }
        self.item = item
        if let custom = item.customView {
            customView = custom
            label.isHidden = true
            addSubview(custom)
        }
        if let other = item.barShowingItem, let bar, other !== bar, (other as? UIView)?.window != nil {
            // Reported for the screen of the bar that now shows it (this view is on none yet).
            ((bar as? UIView) ?? self).reportInvalidUse("UIBarButtonItem \"\(item.displayedTitle ?? "")\" is shown in two bars at once; "
                + "a bar button item belongs to one bar. The newer bar shows it; the other no longer follows its changes. Make one item per bar.")
        }
        item.barShowingItem = bar
        if let symbol = item.systemSymbolName, SymbolLibrary.glyph(named: symbol) != nil {
            self.symbol = symbol
            label.isHidden = true
        } else if item.customView == nil, let image = item.image {
            self.image = image.isSymbolImage
                ? image.withConfiguration(SymbolLibrary.barConfiguration.applying(image.symbolConfiguration)) : image
            label.isHidden = true
        }
        if enabled, let onMenu {
            // A tap on an item with a menu and no primary action shows the menu.
            replaceTapAction { [weak self, weak item] in
                guard let self, let item else { return }
                if case .showsMenu(let menu) = item.perform() { onMenu(menu, self) }
            }
        }
    }

    /// The system symbol drawn instead of the title, if any.
    private(set) var symbol: String?
    /// The item's image, drawn instead of the title (a symbol at the bar's size), if any.
    private(set) var image: UIImage?
    /// The item's custom view, shown instead of the title at its own size.
    private(set) var customView: UIView?

    private var tapAction: (() -> Void)?

    private func replaceTapAction(_ action: @escaping () -> Void) { tapAction = action }

    required init?(coder: NSCoder) { fatalError("not used") }

    var fittingWidth: CGFloat {
        if let customView { return customView.bounds.width }
        if let item, item.width > 0 { return item.width }
        if symbol != nil { return 28 }
        if let image { return max(28, image.size.width.rounded(.up) + 8) }
        let text = label.sizeThatFits(CGSize(width: 10_000, height: 44)).width
        return text + (showsChevron ? Self.chevronWidth : 0)
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        let inset = showsChevron ? Self.chevronWidth : 0
        label.frame = CGRect(x: inset + labelShift, y: 0, width: max(0, bounds.width - inset), height: bounds.height)
        if let customView {
            let size = customView.bounds.size
            customView.frame = CGRect(x: 0, y: (bounds.height - size.height) / 2, width: size.width, height: size.height)
        }
        if showsChevron || symbol != nil || image != nil { setNeedsDisplay() }
    }

    /// The back chevron: two strokes meeting at a point on the left, about 12 × 21
    /// points, drawn as a path.
    override func draw(_ rect: CGRect) {
        guard let ctx = UIGraphicsGetCurrentContext() else { return }
        if let symbol {
            // The close item's cross sits in a faint disc, as iOS draws it.
            SymbolLibrary.draw(symbol, center: CGPoint(x: bounds.midX, y: bounds.midY), color: label.textColor, in: ctx,
                               secondaryOpacity: symbol == "xmark.circle.fill" ? 0.15 : nil)
            return
        }
        if let image {
            let size = image.size
            let rect = CGRect(x: (bounds.midX - size.width / 2).rounded(), y: (bounds.midY - size.height / 2).rounded(),
                              width: size.width, height: size.height)
            image.drawForDisplay(in: ctx, rect: rect, tint: label.textColor, automaticIsTemplate: true)
            return
        }
        guard showsChevron else { return }
        let midY = bounds.midY
        var chevron = Path()
        chevron.move(to: CGPoint(x: 10.5, y: midY - 10))
        chevron.addLine(to: CGPoint(x: 1.5, y: midY))
        chevron.addLine(to: CGPoint(x: 10.5, y: midY + 10))
        ctx.setStrokeColor(color.cgColor)
        ctx.setLineWidth(2.6)
        ctx.stroke(chevron)
    }
}

extension Dictionary where Key == NSAttributedString.Key, Value == Any {
    /// The `.font` attribute, if it is a font.
    var font: UIFont? { self[.font] as? UIFont }
    /// The `.foregroundColor` attribute, if it is a colour.
    var color: UIColor? { self[.foregroundColor] as? UIColor }
}

/// The bar sizes an image of the older bar API is set for.
public enum UIBarMetrics: Int, Sendable {
    /// The standard height.
    case `default` = 0
    /// The compact height (an iPhone in landscape).
    case compact = 1
    /// The standard height with a prompt.
    case defaultPrompt = 101
    /// The compact height with a prompt.
    case compactPrompt = 102
}
