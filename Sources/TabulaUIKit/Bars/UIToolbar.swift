import Foundation

/// A bar of bar button items along the bottom of the screen: a navigation controller's
/// ``UINavigationController/toolbar`` shows the top view controller's
/// ``UIViewController/toolbarItems``, or you place one yourself.
///
/// Items are laid out from the leading edge, 16 points in and 8 apart; flexible spaces
/// share what is left over equally, fixed spaces take their `width`. System items with
/// a symbol (add, compose, trash, share …) are drawn as glyphs. Like the navigation bar,
/// the background is the translucent material with a hairline along its top, and reaches
/// down behind the home indicator inside a navigation controller.
@preconcurrency @MainActor
open class UIToolbar: UIView, BarItemHost {
    /// Which `appearance()` call this bar last took the proxy after (see `AppearanceProxies`).
    var appearanceGeneration = -1

    /// Entering a window, the bar takes an appearance proxy set since it took the proxy last.
    open override func didMoveToWindow() {
        super.didMoveToWindow()
        if window != nil, appearanceGeneration != AppearanceProxies.generation { adoptAppearanceProxy() }
    }

    /// Creates an empty toolbar.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        setUpBar()
    }

    /// Creates the toolbar from a storyboard or nib, as ``UIView/init(coder:)`` does: the
    /// file's properties are set before it returns, so that a subclass in a file is made.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUpBar()
        InterfaceBuilderCoder.decode(coder, into: self, at: UIToolbar.self)
    }

    private func setUpBar() {
        backgroundColor = nil
        isOpaque = false
        background.hairlineAtTop = true
        edgeBackground.hairlineAtTop = true
        edgeBackground.alpha = 0
        addSubview(edgeBackground)
        addSubview(background)
        appearanceDidChange()

        adoptAppearanceProxy()
    }

    /// The items shown, leading first.
    open var items: [UIBarButtonItem]? {
        get { _items }
        set { setItems(newValue, animated: false) }
    }
    private var _items: [UIBarButtonItem]?

    /// The bar's look: `.default` (light) or `.black` (dark, white items' text).
    open var barStyle: UIBarStyle = .default {
        didSet {
            background.isDark = barStyle == .black
            edgeBackground.isDark = barStyle == .black
        }
    }

    /// Whether the background is translucent (default true); false makes the standard
    /// appearance opaque (the ``barTintColor``, or the system background).
    open var isTranslucent = true {
        didSet {
            guard isTranslucent != oldValue else { return }
            storedAppearances.standard.backgroundEffect = isTranslucent ? UIBlurEffect(style: .systemChromeMaterial) : nil
            storedAppearances.standard.backgroundColor = isTranslucent ? barTintColor : barTintColor ?? .systemBackground
            appearanceDidChange()
        }
    }

    /// The background colour (the older way): it becomes the standard appearance's
    /// ``UIBarAppearance/backgroundColor``.
    open var barTintColor: UIColor? {
        didSet {
            storedAppearances.standard.backgroundColor = barTintColor ?? (isTranslucent ? nil : .systemBackground)
            appearanceDidChange()
        }
    }

    private var storedAppearances: (standard: UIToolbarAppearance, compact: UIToolbarAppearance?,
                                    scrollEdge: UIToolbarAppearance?, compactScrollEdge: UIToolbarAppearance?)
        = (UIToolbarAppearance(), nil, nil, nil)

    /// The bar's look while content lies under it. Assigning stores a copy.
    open var standardAppearance: UIToolbarAppearance {
        get { storedAppearances.standard }
        set { storedAppearances.standard = newValue.copy(); appearanceDidChange() }
    }
    /// The look in a compact height (nil: ``standardAppearance``).
    open var compactAppearance: UIToolbarAppearance? {
        get { storedAppearances.compact }
        set { storedAppearances.compact = newValue?.copy(); appearanceDidChange() }
    }
    /// The look when the content ends above the bar (nil: ``standardAppearance`` made
    /// transparent).
    open var scrollEdgeAppearance: UIToolbarAppearance? {
        get { storedAppearances.scrollEdge }
        set { storedAppearances.scrollEdge = newValue?.copy(); appearanceDidChange() }
    }
    /// The scroll-edge look in a compact height (nil: ``scrollEdgeAppearance``).
    open var compactScrollEdgeAppearance: UIToolbarAppearance? {
        get { storedAppearances.compactScrollEdge }
        set { storedAppearances.compactScrollEdge = newValue?.copy(); appearanceDidChange() }
    }

    /// The appearances in force: compact ones in a compact height; the scroll edge's
    /// falls back to the standard one made transparent.
    private func resolvedAppearances() -> (standard: UIToolbarAppearance, scrollEdge: UIToolbarAppearance) {
        let compact = traitCollection.verticalSizeClass == .compact
        let standard = compact ? storedAppearances.compact ?? storedAppearances.standard : storedAppearances.standard
        let edge = (compact ? storedAppearances.compactScrollEdge : nil) ?? storedAppearances.scrollEdge
        if let edge { return (standard, edge) }
        let transparent = standard.copy()
        transparent.configureWithTransparentBackground()
        return (standard, transparent)
    }

    private func appearanceDidChange() {
        let resolved = resolvedAppearances()
        background.apply(resolved.standard)
        edgeBackground.apply(resolved.scrollEdge)
        itemDidChange()
    }

    /// A change of height class can change the appearance in force.
    open override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
        super.traitCollectionDidChange(previousTraitCollection)
        if previousTraitCollection?.verticalSizeClass != traitCollection.verticalSizeClass { appearanceDidChange() }
    }

    /// Replaces the items; when `animated`, the new ones fade in as the old fade out.
    open func setItems(_ items: [UIBarButtonItem]?, animated: Bool) {
        for item in _items ?? [] where item.barShowingItem === self { item.barShowingItem = nil }
        _items = items
        let old = buttons
        buildButtons()
        layoutItems()
        guard animated, window != nil else {
            old.forEach { $0.removeFromSuperview() }
            return
        }
        UIView.performWithoutAnimation { for button in buttons { button.alpha = 0 } }
        UIView.animate(withDuration: 0.25, animations: {
            for button in old { button.alpha = 0 }
            for button in self.buttons { button.alpha = 1 }
        }, completion: { _ in old.forEach { $0.removeFromSuperview() } })
    }

    /// The standard appearance's background and hairline.
    private let background = BarBackgroundView(frame: .zero)
    /// The scroll edge appearance's background, while no content lies under the bar.
    private let edgeBackground = BarBackgroundView(frame: .zero)
    /// How far the background reaches below the bar (behind the home indicator).
    var backgroundExtension: CGFloat = 0 { didSet { if backgroundExtension != oldValue { setNeedsLayout() } } }
    /// 0 with the content's bottom edge above the bar (no background), 1 with content under it.
    var scrollEdgeProgress: CGFloat = 1 {
        didSet {
            background.alpha = scrollEdgeProgress
            edgeBackground.alpha = 1 - scrollEdgeProgress
        }
    }

    /// One view per item (spaces included, as empty views).
    private var buttons: [UIView] = []
    private var needsRebuild = false

    func itemDidChange() {
        needsRebuild = true
        setNeedsLayout()
    }

    private func buildButtons() {
        needsRebuild = false
        // Resolved once for all the items (the scroll edge's fallback is a copy).
        let look = resolvedAppearances().standard
        buttons = (_items ?? []).map { item -> UIView in
            if let custom = item.customView { return custom }
            if item.systemItem == .flexibleSpace || item.systemItem == .fixedSpace {
                let space = UIView(frame: .zero)
                space.isUserInteractionEnabled = false
                space.backgroundColor = nil
                space.isOpaque = false
                return space
            }
            let attributes = (item.style == .done ? look.doneButtonAppearance : look.buttonAppearance).normal.titleTextAttributes
            let tint: UIColor = attributes.color ?? (barStyle == .black ? .white : tintColor)
            let button = BarButtonView(item: item, tint: tint, bar: self, onMenu: UINavigationBar.showMenu)
            if let font = attributes.font { button.label.font = font }
            return button
        }
        for button in buttons { addSubview(button) }
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        if needsRebuild {
            buttons.forEach { $0.removeFromSuperview() }
            buildButtons()
        }
        background.frame = CGRect(x: 0, y: 0, width: bounds.width, height: bounds.height + backgroundExtension)
        edgeBackground.frame = background.frame
        layoutItems()
    }

    /// The height of the bar's item strip.
    static let height: CGFloat = 49
    /// The strip's height in a compact height (an iPhone in landscape), as iOS's.
    static let compactHeight: CGFloat = 32
    /// The strip's height now: 49 points, 32 in a compact height.
    var stripHeight: CGFloat { traitCollection.verticalSizeClass == .compact ? Self.compactHeight : Self.height }

    private func layoutItems() {
        let items = _items ?? []
        guard items.count == buttons.count else { return }
        let height = min(bounds.height, stripHeight)
        let gap: CGFloat = 8, margin: CGFloat = 16
        func width(_ i: Int) -> CGFloat {
            let item = items[i]
            if item.systemItem == .flexibleSpace { return 0 }
            if item.systemItem == .fixedSpace || item.width > 0 { return item.width }
            if let custom = item.customView { return custom.bounds.width }
            return (buttons[i] as? BarButtonView)?.fittingWidth ?? 0
        }
        let widths = items.indices.map(width)
        let flexible = items.indices.filter { items[$0].systemItem == .flexibleSpace }
        let used = widths.reduce(0, +) + gap * CGFloat(max(0, items.count - 1)) + 2 * margin
        let share = flexible.isEmpty ? 0 : max(0, bounds.width - used) / CGFloat(flexible.count)
        var x = margin
        for (i, button) in buttons.enumerated() {
            let w = flexible.contains(i) ? share : widths[i]
            if let custom = items[i].customView {
                custom.frame = CGRect(x: x, y: (height - custom.bounds.height) / 2, width: w, height: custom.bounds.height)
            } else {
                button.frame = CGRect(x: x, y: 0, width: w, height: height)
            }
            x += w + gap
        }
    }

    /// The views showing the items, in order (for tests).
    var itemViews: [UIView] { buttons }
}
