import Foundation

/// A custom item for the edit menu (after cut, copy and paste).
@preconcurrency @MainActor
public final class UIMenuItem {
    /// The item's title in the menu.
    public var title: String
    /// The action the item stands for; a table passes it to its delegate's `canPerformAction` and `performAction`.
    public var action: Selector
    /// Creates a menu item with a title and an action.
    public init(title: String, action: Selector) {
        self.title = title
        self.action = action
    }
}

/// The edit menu: a dark bar of actions with an arrow pointing at what it is about.
///
/// Tables show it for a long-pressed row (WWDC 2011, What's New in Table Views). One
/// menu shows at a time; a touch anywhere outside it hides it.
@preconcurrency @MainActor
public final class UIMenuController {
    /// The one edit menu.
    public static let shared = UIMenuController()

    /// Items added after the standard ones.
    public var menuItems: [UIMenuItem]?
    /// Whether the menu is showing.
    public var isMenuVisible: Bool { presented != nil }
    /// The menu's frame in window coordinates (`.zero` when hidden).
    public var menuFrame: CGRect { presented?.frame ?? .zero }

    private var presented: MenuView?
    private var catcher: MenuDismissView?
    private var onHide: (() -> Void)?

    /// The standard titles of the edit actions.
    package static func title(of action: Selector) -> String? {
        switch action {
        case .cut: "Cut"
        case .copy: "Copy"
        case .paste: "Paste"
        case .delete: "Delete"
        case .select: "Select"
        case .selectAll: "Select All"
        default: nil
        }
    }

    /// Shows `items` pointing at `rect` of `view`; `choose` gets the chosen action, then
    /// the menu hides. `onHide` runs however it goes.
    package func present(_ items: [(title: String, action: Selector)], pointingAt rect: CGRect, in view: UIView,
                 choose: @escaping @MainActor (Selector) -> Void, onHide: @escaping @MainActor () -> Void) {
        hideMenu()
        guard let window = view.window, !items.isEmpty else { return }
        let target = view.convert(rect, to: nil)
        let menu = MenuView(items: items) { [weak self] action in
            self?.hideMenu()
            choose(action)
        }
        let size = menu.preferredSize
        let above = target.minY - size.height - MenuView.arrowHeight >= 0
        let x = min(max(8, target.midX - size.width / 2), window.bounds.width - size.width - 8)
        let y = above ? target.minY - size.height - MenuView.arrowHeight : target.maxY
        menu.pointsDown = above
        menu.arrowX = target.midX - x
        menu.frame = CGRect(x: x, y: y, width: size.width, height: size.height + MenuView.arrowHeight)
        let catcher = MenuDismissView(frame: window.bounds) { [weak self] in self?.hideMenu() }
        window.addSubview(catcher)
        window.addSubview(menu)
        menu.alpha = 0
        UIView.animate(withDuration: 0.15) { menu.alpha = 1 }
        presented = menu
        self.catcher = catcher
        self.onHide = onHide
    }

    /// Hides the menu if it is showing.
    public func hideMenu() {
        guard let menu = presented else { return }
        presented = nil
        menu.removeFromSuperview()
        catcher?.removeFromSuperview()
        catcher = nil
        let hidden = onHide
        onHide = nil
        hidden?()
    }

    /// The titles on screen, in order (for tests and accessibility).
    public var visibleItemTitles: [String] { presented?.items.map(\.title) ?? [] }
}

/// The menu's bar.
@MainActor
final class MenuView: UIView {
    let items: [(title: String, action: Selector)]
    var pointsDown = true { didSet { setNeedsDisplay(); setNeedsLayout() } }
    var arrowX: CGFloat = 0 { didSet { setNeedsDisplay() } }
    private var labels: [UILabel] = []
    static let arrowHeight: CGFloat = 8
    static let barHeight: CGFloat = 36
    static let fill = UIColor(rgb: 0x2C2C2E)

    init(items: [(title: String, action: Selector)], choose: @escaping @MainActor (Selector) -> Void) {
        self.items = items
        super.init(frame: .zero)
        isOpaque = false
        contentMode = .redraw
        for item in items {
            let label = UILabel()
            label.text = item.title
            label.textColor = .white
            label.font = .systemFont(ofSize: 14)
            label.textAlignment = .center
            label.isUserInteractionEnabled = true
            label.addGestureRecognizer(UITapGestureRecognizer { _ in choose(item.action) })
            addSubview(label)
            labels.append(label)
        }
    }

    required init?(coder: NSCoder) { return nil }

    private func itemWidth(_ label: UILabel) -> CGFloat { (label.sizeThatFits(.zero).width + 24).rounded(.up) }

    var preferredSize: CGSize {
        CGSize(width: labels.reduce(0) { $0 + itemWidth($1) } + CGFloat(max(0, labels.count - 1)), height: Self.barHeight)
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        var x: CGFloat = 0
        let top: CGFloat = pointsDown ? 0 : Self.arrowHeight
        for label in labels {
            let w = itemWidth(label)
            label.frame = CGRect(x: x, y: top, width: w, height: Self.barHeight)
            x += w + 1
        }
    }

    override func draw(_ rect: CGRect) {
        guard let ctx = UIGraphicsGetCurrentContext() else { return }
        let top: CGFloat = pointsDown ? 0 : Self.arrowHeight
        let bar = CGRect(x: 0, y: top, width: bounds.width, height: Self.barHeight)
        ctx.setFillColor(Self.fill.cgColor)
        ctx.fill(Path(roundedRect: bar, cornerRadius: 8))
        var arrow = Path()
        let x = min(max(arrowX, 12), bounds.width - 12)
        if pointsDown {
            arrow.move(to: CGPoint(x: x - 8, y: bar.maxY))
            arrow.addLine(to: CGPoint(x: x, y: bar.maxY + Self.arrowHeight))
            arrow.addLine(to: CGPoint(x: x + 8, y: bar.maxY))
        } else {
            arrow.move(to: CGPoint(x: x - 8, y: top))
            arrow.addLine(to: CGPoint(x: x, y: 0))
            arrow.addLine(to: CGPoint(x: x + 8, y: top))
        }
        arrow.closeSubpath()
        ctx.fill(arrow)
        ctx.setFillColor(UIColor(white: 1, alpha: 0.25).cgColor)
        for label in labels.dropLast() {
            ctx.fill(CGRect(x: label.frame.maxX, y: top + 8, width: 1, height: Self.barHeight - 16))
        }
    }
}

/// Covers the window behind a menu: a touch on it hides the menu and goes no further.
@MainActor
final class MenuDismissView: UIView {
    private let dismiss: @MainActor () -> Void
    init(frame: CGRect, dismiss: @escaping @MainActor () -> Void) {
        self.dismiss = dismiss
        super.init(frame: frame)
        backgroundColor = nil
        isOpaque = false
    }

    required init?(coder: NSCoder) { return nil }
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { dismiss() }
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {}
    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {}
}
