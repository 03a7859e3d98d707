import Foundation

/// The methods a tab bar's delegate implements to hear that the user selected an item.
@preconcurrency @MainActor
public protocol UITabBarDelegate: AnyObject {
    /// Called when the user selected `item` (a tap on it, also when it was already selected).
    func tabBar(_ tabBar: UITabBar, didSelect item: UITabBarItem)
}

extension UITabBarDelegate {
    /// Does nothing.
    public func tabBar(_ tabBar: UITabBar, didSelect item: UITabBarItem) {}
}

/// A bar of tabs along the bottom of the screen: one button per ``UITabBarItem``, its
/// image above a 10-point title, the selected one in the ``UIView/tintColor`` and the
/// others in a secondary grey (``unselectedItemTintColor``).
///
/// A ``UITabBarController`` owns one and keeps its items in step with its view
/// controllers. Tabula draws it as iOS 17 does: 49 points of items over the translucent
/// material of the navigation bar and toolbar, with a hairline along the top, the
/// background reaching down behind the home indicator (the bar's frame includes that
/// area, as in UIKit); 32 points with the image beside the title when the height is
/// compact (a phone in landscape). Badges are red capsules over the image's top trailing
/// corner. The titles stay at 10 points at every text size, as on iOS.
@preconcurrency @MainActor
open class UITabBar: UIView {
    /// Which `appearance()` call this bar last took the proxy after (see `AppearanceProxies`).
    var appearanceGeneration = -1

    /// Entering a window, the bar takes an appearance proxy set since it took the proxy last.
    open override func didMoveToWindow() {
        super.didMoveToWindow()
        if window != nil, appearanceGeneration != AppearanceProxies.generation { adoptAppearanceProxy() }
    }

    /// Creates an empty tab bar.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        setUpBar()
    }

    /// Creates the tab bar from a storyboard or nib, as ``UIView/init(coder:)`` does: the
    /// file's properties are set before it returns, so that a subclass in a file is made.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUpBar()
        InterfaceBuilderCoder.decode(coder, into: self, at: UITabBar.self)
    }

    private func setUpBar() {
        backgroundColor = nil
        isOpaque = false
        background.hairlineAtTop = true
        addSubview(background)

        adoptAppearanceProxy()
    }

    /// The object told when the user selects an item. A tab bar controller's bar has the
    /// controller as its delegate.
    open weak var delegate: (any UITabBarDelegate)?

    /// The items shown, leading first.
    open var items: [UITabBarItem]? {
        get { _items }
        set { setItems(newValue, animated: false) }
    }
    private var _items: [UITabBarItem]?

    /// The selected item, drawn in the tint colour; nil selects none. Setting it does not
    /// tell the delegate. An item that is not among ``items`` is reported and ignored.
    open weak var selectedItem: UITabBarItem? {
        didSet {
            if let item = selectedItem, !(_items ?? []).contains(where: { $0 === item }) {
                reportProblem("UITabBar.selectedItem: the item \"\(item.displayedTitle ?? "")\" is not one of the bar's items; "
                    + "the selection is unchanged")
                selectedItem = oldValue
                return
            }
            if selectedItem !== oldValue { updateButtons() }
        }
    }

    /// The colour of the items that are not selected; nil (the default) is the system grey.
    open var unselectedItemTintColor: UIColor? { didSet { updateButtons() } }

    /// The bar's look: `.default` (light, or dark in the dark appearance) or `.black`
    /// (always dark).
    open var barStyle: UIBarStyle = .default {
        didSet { background.isDark = barStyle == .black }
    }

    /// Whether the background is translucent (default true); false makes the standard
    /// appearance opaque (the ``barTintColor``, or the system background).
    open var isTranslucent = true {
        didSet {
            guard isTranslucent != oldValue else { return }
            storedStandardAppearance.backgroundEffect = isTranslucent ? UIBlurEffect(style: .systemChromeMaterial) : nil
            storedStandardAppearance.backgroundColor = isTranslucent ? barTintColor : barTintColor ?? .systemBackground
            appearanceDidChange()
        }
    }

    /// The background colour (the older way): it becomes the standard appearance's
    /// ``UIBarAppearance/backgroundColor``.
    open var barTintColor: UIColor? {
        didSet {
            storedStandardAppearance.backgroundColor = barTintColor ?? (isTranslucent ? nil : .systemBackground)
            appearanceDidChange()
        }
    }

    /// The bar's look: its background and its items in each layout. Assigning stores a copy.
    open var standardAppearance: UITabBarAppearance {
        get { storedStandardAppearance }
        set { storedStandardAppearance = newValue.copy(); appearanceDidChange() }
    }
    private var storedStandardAppearance = UITabBarAppearance()

    /// The look when no content lies under the bar. Tabula keeps the bar's standard
    /// background at all times (the scroll edge is not followed for tab bars), so it is
    /// kept but not drawn; nil (the default): ``standardAppearance``.
    open var scrollEdgeAppearance: UITabBarAppearance? {
        get { storedScrollEdgeAppearance }
        set { storedScrollEdgeAppearance = newValue?.copy(); appearanceDidChange() }
    }
    private var storedScrollEdgeAppearance: UITabBarAppearance?

    private func appearanceDidChange() {
        background.apply(storedStandardAppearance)
        updateButtons()
    }

    /// The items' look in the layout shown now: stacked, or inline in a compact height.
    var itemAppearance: UITabBarItemAppearance {
        traitCollection.verticalSizeClass == .compact
            ? storedStandardAppearance.compactInlineLayoutAppearance : storedStandardAppearance.stackedLayoutAppearance
    }

    /// A change of height class switches the items between the stacked and the inline
    /// layout's appearance.
    open override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
        super.traitCollectionDidChange(previousTraitCollection)
        if previousTraitCollection?.verticalSizeClass != traitCollection.verticalSizeClass { updateButtons() }
    }

    /// Replaces the items. Items shown by another bar move to this one. When `animated`,
    /// the new items fade in.
    open func setItems(_ items: [UITabBarItem]?, animated: Bool) {
        for item in _items ?? [] where item.tabBar === self { item.tabBar = nil }
        _items = items
        for item in items ?? [] { item.tabBar = self }
        if let selected = selectedItem, !(items ?? []).contains(where: { $0 === selected }) { selectedItem = nil }
        rebuildButtons()
        guard animated, window != nil else { return }
        UIView.performWithoutAnimation { for button in buttons { button.alpha = 0 } }
        UIView.animate(withDuration: 0.25) { for button in self.buttons { button.alpha = 1 } }
    }

    /// The tint colour changed: the selected item follows it.
    open override func tintColorDidChange() {
        super.tintColorDidChange()
        updateButtons()
    }

    /// 49 points (32 when the height is compact) above the bottom of the safe area, as
    /// wide as `size`.
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        CGSize(width: size.width, height: itemHeight + safeAreaInsets.bottom)
    }

    // MARK: Internals

    /// The height of the strip of items: 49 points, 32 when the height is compact.
    package var itemHeight: CGFloat { traitCollection.verticalSizeClass == .compact ? Self.compactHeight : Self.height }
    /// The height of the item strip (a phone in portrait).
    package static let height: CGFloat = 49
    /// The height of the item strip when the height is compact (a phone in landscape).
    static let compactHeight: CGFloat = 32

    /// Asked before a tapped item is selected; false leaves the selection as it is. Set by
    /// a tab bar controller, which asks its delegate.
    package var shouldSelect: ((UITabBarItem) -> Bool)?

    /// The translucent material and the hairline along the top.
    private let background = BarBackgroundView(frame: .zero)
    /// One button per item, in order.
    private(set) var buttons: [TabBarButtonView] = []

    func itemDidChange(_ item: UITabBarItem) {
        buttons.first { $0.item === item }?.update()
        setNeedsLayout()
    }

    private func rebuildButtons() {
        buttons.forEach { $0.removeFromSuperview() }
        buttons = (_items ?? []).map { TabBarButtonView(item: $0, bar: self) }
        for button in buttons { addSubview(button) }
        updateButtons()
        setNeedsLayout()
    }

    private func updateButtons() {
        for button in buttons { button.update() }
    }

    /// The colour of `item`'s image now: the appearance's icon colour for its state, else
    /// the tint when selected and the unselected tint (or grey) otherwise.
    func color(for item: UITabBarItem) -> UIColor {
        let selected = item === selectedItem
        let look = itemAppearance
        let state = !item.isEnabled ? look.disabled : selected ? look.selected : look.normal
        if let color = state.iconColor { return color }
        let color: UIColor = selected ? (barStyle == .black ? .white : tintColor) : (unselectedItemTintColor ?? .systemGray)
        return item.isEnabled ? color : color.withAlphaComponent(0.35)
    }

    /// The colour of `item`'s title now: the appearance's title colour for its state,
    /// else the image's.
    func titleColor(for item: UITabBarItem) -> UIColor {
        let look = itemAppearance
        let state = !item.isEnabled ? look.disabled : item === selectedItem ? look.selected : look.normal
        return state.titleTextAttributes.color ?? color(for: item)
    }

    /// A tap on `item`'s button: asks ``shouldSelect``, selects it, tells the delegate.
    func userSelected(_ item: UITabBarItem) {
        guard item.isEnabled, (_items ?? []).contains(where: { $0 === item }) else { return }
        if let shouldSelect, !shouldSelect(item) { return }
        selectedItem = item
        delegate?.tabBar(self, didSelect: item)
    }

    /// Lays the items out side by side, sharing the width inside the safe area's sides.
    open override func layoutSubviews() {
        super.layoutSubviews()
        background.frame = bounds
        guard !buttons.isEmpty else { return }
        let left = safeAreaInsets.left, right = safeAreaInsets.right
        let width = max(0, bounds.width - left - right) / CGFloat(buttons.count)
        let height = min(bounds.height, itemHeight)
        let inline = traitCollection.verticalSizeClass == .compact
        for (index, button) in buttons.enumerated() {
            button.isInline = inline
            button.frame = CGRect(x: (left + CGFloat(index) * width).rounded(), y: 0,
                                  width: (left + CGFloat(index + 1) * width).rounded() - (left + CGFloat(index) * width).rounded(),
                                  height: height)
        }
    }
}
