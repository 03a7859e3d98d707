import Foundation

/// The platter of a context menu, iOS 17 style: rows of 44 points with the title on the
/// left and the image on the right; a destructive action is red, a disabled one grey and
/// inert, one whose state is `.on` has a checkmark before its title. Inline submenus are
/// groups between thick gaps (under their title, if any); other submenus are rows with
/// a chevron that open in place, with a row at the top to go back.
///
/// Each row is an accessibility button labelled with its title, so a test finds it with
/// `screen.buttons["Delete"]`.
@MainActor
final class ContextMenuListView: UIView {
    /// One line of the platter.
    enum Row {
        case header(String)
        case action(UIAction)
        case submenu(UIMenu)
        case back(UIMenu)
    }

    static let width: CGFloat = 250
    static let rowHeight: CGFloat = 44
    static let headerHeight: CGFloat = 30
    static let groupGap: CGFloat = 8

    /// The menu showing (the root, or a submenu opened from it), and the menus above it.
    private(set) var menu: UIMenu
    private var path: [UIMenu] = []
    /// Called with a chosen (enabled) action.
    var choose: (UIAction) -> Void = { _ in }
    /// Called after the rows changed (a submenu opened or closed), so the platter can be placed again.
    var resized: () -> Void = {}

    private(set) var rows: [(row: Row, frame: CGRect)] = []

    init(menu: UIMenu) {
        self.menu = menu
        super.init(frame: .zero)
        backgroundColor = Self.platterColor
        layer.backdropMaterial = AlertColors.blur
        layer.cornerRadius = 13
        clipsToBounds = true
        isOpaque = false
        build()
    }

    required init?(coder: NSCoder) { fatalError("not used") }

    /// Frosted white in light appearance, dark grey in dark, over the blurred backdrop.
    static let platterColor = UIColor { traits in
        traits.userInterfaceStyle == .dark ? UIColor(red: 0.15, green: 0.15, blue: 0.16, alpha: 0.82)
            : UIColor(red: 0.97, green: 0.97, blue: 0.97, alpha: 0.82)
    }
    /// The band between groups.
    static let gapColor = UIColor { traits in
        traits.userInterfaceStyle == .dark ? UIColor(white: 0, alpha: 0.45) : UIColor(white: 0, alpha: 0.07)
    }

    /// The rows of `menu`: its title, its actions, its inline submenus as groups and the
    /// other submenus as rows. Hidden actions are left out.
    static func rows(of menu: UIMenu, isSubmenu: Bool) -> [(row: Row, startsGroup: Bool)] {
        var result: [(row: Row, startsGroup: Bool)] = []
        if isSubmenu {
            result.append((.back(menu), false))
        } else if !menu.title.isEmpty {
            result.append((.header(menu.title), false))
        }
        var newGroup = false
        for element in menu.children {
            if let action = element as? UIAction {
                guard !action.attributes.contains(.hidden) else { continue }
                result.append((.action(action), newGroup && !result.isEmpty))
                newGroup = false
            } else if let submenu = element as? UIMenu {
                guard submenu.options.contains(.displayInline) else {
                    result.append((.submenu(submenu), newGroup && !result.isEmpty))
                    newGroup = false
                    continue
                }
                let inner = rows(of: submenu, isSubmenu: false)
                guard !inner.isEmpty else { continue }
                for (i, entry) in inner.enumerated() {
                    result.append((entry.row, i == 0 ? !result.isEmpty : entry.startsGroup))
                }
                newGroup = true
            }
        }
        return result
    }

    private func build() {
        for subview in subviews { subview.removeFromSuperview() }
        rows = []
        var y: CGFloat = 0
        for (i, entry) in Self.rows(of: menu, isSubmenu: !path.isEmpty).enumerated() {
            if entry.startsGroup {
                let gap = UIView(frame: CGRect(x: 0, y: y, width: Self.width, height: Self.groupGap))
                gap.backgroundColor = Self.gapColor
                addSubview(gap)
                y += Self.groupGap
            } else if i > 0 {
                let line = UIView(frame: CGRect(x: 0, y: y, width: Self.width, height: 0.5))
                line.backgroundColor = .separator
                addSubview(line)
            }
            let height = if case .header = entry.row { Self.headerHeight } else { Self.rowHeight }
            let frame = CGRect(x: 0, y: y, width: Self.width, height: height)
            addSubview(ContextMenuRowView(row: entry.row, frame: frame) { [weak self] in self?.activate(entry.row) })
            rows.append((entry.row, frame))
            y += height
        }
        bounds.size = CGSize(width: Self.width, height: y)
    }

    /// Does what tapping `row` does: runs an enabled action, opens a submenu, goes back.
    func activate(_ row: Row) {
        switch row {
        case .header: break
        case .action(let action):
            guard !action.attributes.contains(.disabled) else { return }
            choose(action)
        case .submenu(let submenu):
            path.append(menu)
            menu = submenu
            build()
            resized()
        case .back:
            guard let parent = path.popLast() else { return }
            menu = parent
            build()
            resized()
        }
    }

    /// The row under `point` (in this view's coordinates), if any.
    func row(at point: CGPoint) -> Row? {
        rows.first { $0.frame.contains(point) }?.row
    }

    /// The titles of the rows, top to bottom (headers included), for tests.
    var rowTitles: [String] {
        rows.map { entry in
            switch entry.row {
            case .header(let title): title
            case .action(let action): action.title
            case .submenu(let submenu): submenu.title
            case .back(let submenu): submenu.title
            }
        }
    }
}

/// One row of the platter: the title, the image or chevron, and the checkmark.
@MainActor
final class ContextMenuRowView: UIView {
    private let activateRow: () -> Void
    private let isEnabled: Bool

    init(row: ContextMenuListView.Row, frame: CGRect, activate: @escaping () -> Void) {
        activateRow = activate
        var enabled = true
        let title: String
        var color = UIColor.label
        var image: UIImage?
        var checked = false
        var font = UIFont.systemFont(ofSize: 17)
        switch row {
        case .header(let text):
            title = text
            color = .secondaryLabel
            font = .systemFont(ofSize: 13)
            enabled = false
        case .action(let action):
            title = action.title
            image = action.image
            checked = action.state == .on
            if action.attributes.contains(.disabled) {
                color = .tertiaryLabel
                enabled = false
            } else if action.attributes.contains(.destructive) {
                color = .systemRed
            }
        case .submenu(let submenu):
            title = submenu.title
            image = submenu.image ?? UIImage(systemName: "chevron.right")
            if submenu.options.contains(.destructive) { color = .systemRed }
        case .back(let submenu):
            title = submenu.title
            image = UIImage(systemName: "chevron.left")
            font = .systemFont(ofSize: 17, weight: .semibold)
        }
        isEnabled = enabled
        super.init(frame: frame)
        isOpaque = false
        let leading: CGFloat = checked || (row.isBack) ? 40 : 16
        let label = UILabel(frame: CGRect(x: leading, y: 0, width: frame.width - leading - 44, height: frame.height))
        label.text = title
        label.font = font
        label.textColor = color
        label.isAccessibilityElement = false
        addSubview(label)
        if checked {
            let mark = UIImageView(frame: CGRect(x: 14, y: (frame.height - 16) / 2, width: 16, height: 16))
            mark.image = UIImage(systemName: "checkmark")?.withRenderingMode(.alwaysTemplate)
            mark.tintColor = color
            mark.contentMode = .scaleAspectFit
            addSubview(mark)
        }
        if let image {
            let isBack = row.isBack
            let side: CGFloat = isBack ? 14 : 20
            let x = isBack ? 14 : frame.width - 16 - side
            let view = UIImageView(frame: CGRect(x: x, y: (frame.height - side) / 2, width: side, height: side))
            view.image = image.withRenderingMode(.alwaysTemplate)
            view.tintColor = color
            view.contentMode = .scaleAspectFit
            view.isAccessibilityElement = false
            addSubview(view)
        }
        if case .header = row {
            isAccessibilityElement = true
            accessibilityLabel = title
            accessibilityTraits = .header
        } else {
            isAccessibilityElement = true
            accessibilityLabel = title
            accessibilityTraits = enabled ? .button : [.button, .notEnabled]
        }
    }

    required init?(coder: NSCoder) { fatalError("not used") }

    override func accessibilityActivate() -> Bool {
        guard isEnabled else { return false }
        activateRow()
        return true
    }
}

extension ContextMenuListView.Row {
    var isBack: Bool { if case .back = self { true } else { false } }
}
