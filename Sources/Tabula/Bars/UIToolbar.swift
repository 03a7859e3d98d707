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
    /// Creates an empty toolbar.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = nil
        isOpaque = false
        background.hairlineAtTop = true
        addSubview(background)
    }

    /// Returns `nil`: Tabula decodes no views (see ``UIView/init(coder:)``).
    public required init?(coder: NSCoder) { return nil }

    /// The items shown, leading first.
    open var items: [UIBarButtonItem]? {
        get { _items }
        set { setItems(newValue, animated: false) }
    }
    private var _items: [UIBarButtonItem]?

    /// The bar's look: `.default` (light) or `.black` (dark, white items' text).
    open var barStyle: UIBarStyle = .default {
        didSet { background.isDark = barStyle == .black }
    }

    /// Whether the background is translucent (default true; Tabula always draws it so).
    open var isTranslucent = true

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

    /// The translucent material and the hairline.
    private let background = BarBackgroundView(frame: .zero)
    /// How far the background reaches below the bar (behind the home indicator).
    var backgroundExtension: CGFloat = 0 { didSet { if backgroundExtension != oldValue { setNeedsLayout() } } }
    /// 0 with the content's bottom edge above the bar (no background), 1 with content under it.
    var scrollEdgeProgress: CGFloat = 1 {
        didSet { background.alpha = scrollEdgeProgress }
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
        buttons = (_items ?? []).map { item -> UIView in
            if let custom = item.customView { return custom }
            if item.systemItem == .flexibleSpace || item.systemItem == .fixedSpace {
                let space = UIView(frame: .zero)
                space.isUserInteractionEnabled = false
                space.backgroundColor = nil
                space.isOpaque = false
                return space
            }
            let tint: UIColor = barStyle == .black ? .white : tintColor
            return BarButtonView(item: item, tint: tint, bar: self, onMenu: UINavigationBar.showMenu)
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
