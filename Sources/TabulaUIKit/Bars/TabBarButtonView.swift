import Foundation

/// One item of a ``UITabBar``: its image (a symbol at the bar's size) above its title, or
/// beside it when the bar is compact, and its badge; a tap selects it.
@MainActor
final class TabBarButtonView: UIView {
    let item: UITabBarItem
    private weak var bar: UITabBar?
    let titleLabel = UILabel(frame: .zero)
    let badge = TabBarBadgeView(frame: .zero)
    /// The image drawn now (the selected image while selected), at the bar's size.
    private(set) var image: UIImage?
    /// The image and title side by side (a compact bar) instead of stacked.
    var isInline = false { didSet { if isInline != oldValue { update() } } }

    /// The symbols' size in a tab bar.
    static let symbolConfiguration = UIImage.SymbolConfiguration(pointSize: 17, weight: .regular, scale: .large)
    /// The symbols' size in a compact bar, beside their titles.
    static let compactSymbolConfiguration = UIImage.SymbolConfiguration(pointSize: 17, weight: .regular, scale: .medium)
    /// The titles' font: 10 points, medium, at every text size (as iOS).
    static let titleFont = UIFont.systemFont(ofSize: 10, weight: .medium)
    /// Where the image's centre sits in a stacked item, from the top.
    static let imageCenterY: CGFloat = 18
    /// Where the title's centre sits in a stacked item, from the top.
    static let titleCenterY: CGFloat = 38.5

    init(item: UITabBarItem, bar: UITabBar) {
        self.item = item
        self.bar = bar
        super.init(frame: .zero)
        backgroundColor = .clear
        isOpaque = false
        titleLabel.font = Self.titleFont
        titleLabel.textAlignment = .center
        addSubview(titleLabel)
        addSubview(badge)
        isAccessibilityElement = true
        addGestureRecognizer(UITapGestureRecognizer(target: { [weak self] _ in
            guard let self else { return }
            self.bar?.userSelected(self.item)
        }))
        update()
    }

    required init?(coder: NSCoder) { fatalError("not used") }

    var isSelected: Bool { bar?.selectedItem === item }

    /// The colour of the item's image (its title may differ, see ``UITabBar/titleColor(for:)``).
    private var iconColor: UIColor = .systemGray

    /// Takes the item's title, image, badge and state again.
    func update() {
        iconColor = bar?.color(for: item) ?? .systemGray
        titleLabel.text = item.displayedTitle
        titleLabel.textColor = bar?.titleColor(for: item) ?? iconColor
        if let font = bar.map({ bar in isSelected ? bar.itemAppearance.selected : bar.itemAppearance.normal })?
            .titleTextAttributes.font {
            titleLabel.font = font
        }
        let shown = isSelected ? item.displayedSelectedImage : item.displayedImage
        let configuration = isInline ? Self.compactSymbolConfiguration : Self.symbolConfiguration
        image = shown.map { $0.isSymbolImage ? $0.withConfiguration(configuration.applying($0.symbolConfiguration)) : $0 }
        badge.value = item.badgeValue
        badge.color = item.badgeColor ?? .systemRed
        accessibilityLabel = item.accessibilityLabel ?? item.displayedTitle
        accessibilityValue = item.badgeValue
        var traits: UIAccessibilityTraits = .button
        if isSelected { traits.insert(.selected) }
        if !item.isEnabled { traits.insert(.notEnabled) }
        accessibilityTraits = traits
        setNeedsLayout()
        setNeedsDisplay()
    }

    /// Where the image is drawn.
    var imageRect: CGRect {
        let size = image?.size ?? .zero
        let center: CGPoint
        if isInline {
            let title = titleLabel.sizeThatFits(CGSize(width: 1000, height: 20)).width
            let gap: CGFloat = size.width > 0 && title > 0 ? 6 : 0
            let start = (bounds.width - size.width - gap - title) / 2
            center = CGPoint(x: start + size.width / 2, y: bounds.midY)
        } else {
            center = CGPoint(x: bounds.midX, y: Self.imageCenterY)
        }
        return CGRect(x: (center.x - size.width / 2).rounded(), y: (center.y - size.height / 2).rounded(),
                      width: size.width, height: size.height)
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        let adjust = item.titlePositionAdjustment
        let imageRect = self.imageRect
        if isInline {
            let title = titleLabel.sizeThatFits(CGSize(width: 1000, height: 20)).width
            let x = image == nil ? (bounds.width - title) / 2 : imageRect.maxX + 6
            titleLabel.frame = CGRect(x: x + adjust.horizontal, y: bounds.midY - 7 + adjust.vertical, width: title, height: 14)
        } else {
            titleLabel.frame = CGRect(x: 2 + adjust.horizontal, y: Self.titleCenterY - 7 + adjust.vertical,
                                      width: max(0, bounds.width - 4), height: 14)
        }
        let size = badge.sizeThatFits(.zero)
        // Over the image's trailing top corner, as iOS places it.
        let anchorX = image == nil ? bounds.midX + 10 : imageRect.midX + 6
        let anchorY = image == nil ? 2 : imageRect.minY - 4
        badge.frame = CGRect(x: anchorX.rounded(), y: max(1, anchorY).rounded(), width: size.width, height: size.height)
        setNeedsDisplay()
    }

    override func draw(_ rect: CGRect) {
        guard let image, let ctx = UIGraphicsGetCurrentContext() else { return }
        image.drawForDisplay(in: ctx, rect: imageRect, tint: iconColor, automaticIsTemplate: true)
    }
}

/// A tab bar item's badge: its value in white on a capsule of its colour (red by
/// default); an empty value is a small dot, nil hides it.
@MainActor
final class TabBarBadgeView: UIView {
    private let label = UILabel(frame: .zero)
    static let height: CGFloat = 18
    static let dotSize: CGFloat = 10

    override init(frame: CGRect) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
        isOpaque = false
        label.font = .systemFont(ofSize: 13, weight: .regular)
        label.textColor = .white
        label.textAlignment = .center
        addSubview(label)
        isHidden = true
        backgroundColor = .systemRed
    }

    required init?(coder: NSCoder) { fatalError("not used") }

    var value: String? {
        didSet {
            label.text = value
            isHidden = value == nil
            setNeedsLayout()
        }
    }

    var color: UIColor = .systemRed { didSet { backgroundColor = color } }

    override func sizeThatFits(_ size: CGSize) -> CGSize {
        guard let value else { return .zero }
        if value.isEmpty { return CGSize(width: Self.dotSize, height: Self.dotSize) }
        let text = label.sizeThatFits(CGSize(width: 1000, height: Self.height)).width
        return CGSize(width: max(Self.height, (text + 10).rounded(.up)), height: Self.height)
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        layer.cornerRadius = bounds.height / 2
        label.frame = bounds
    }
}
