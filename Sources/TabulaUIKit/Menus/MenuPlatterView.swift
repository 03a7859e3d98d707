import Foundation

/// The menu a bar button item shows when tapped without a primary action (iOS 14 and
/// later): a rounded platter of its actions just below the button, growing out of it.
/// A tap on an action closes the menu and performs it (sender: the item); a tap anywhere
/// else closes it. Inline submenus are separated by a thicker gap; a destructive action
/// is red, a disabled one grey and inert, one whose state is `.on` has a checkmark.
@MainActor
final class MenuPlatterView: UIView {
    static let rowHeight: CGFloat = 44
    static let width: CGFloat = 250

    /// What a row shows and does.
    struct Row {
        let action: UIAction
        let startsGroup: Bool
    }

    private let rows: [Row]
    private let sender: Any?
    /// Told of the action a tap chose, before it is performed (a pop-up menu marks it).
    private var choosing: (@MainActor (UIAction) -> Void)?
    private let platter = UIView(frame: .zero)

    /// Shows `menu` for `source` (a bar button) in its window; `sender` is what the
    /// performed action gets as its sender.
    @discardableResult
    static func show(_ menu: UIMenu, from source: UIView, sender: Any?,
                     choosing: (@MainActor (UIAction) -> Void)? = nil) -> MenuPlatterView? {
        guard let window = source.window else { return nil }
        window.showingMenu?.dismiss(animated: false)
        let rows = flatten(menu)
        guard !rows.isEmpty else { return nil }
        let view = MenuPlatterView(rows: rows, sender: sender, bounds: window.bounds)
        view.choosing = choosing
        window.addSubview(view)
        view.place(below: source.convert(source.bounds, to: window), in: window.bounds)
        window.showingMenu = view
        return view
    }

    private static func flatten(_ menu: UIMenu) -> [Row] {
        var rows: [Row] = []
        var newGroup = false
        for element in menu.children {
            if let action = element as? UIAction {
                rows.append(Row(action: action, startsGroup: newGroup && !rows.isEmpty))
                newGroup = false
            } else if let submenu = element as? UIMenu {
                let inner = flatten(submenu)
                for (i, row) in inner.enumerated() {
                    rows.append(Row(action: row.action, startsGroup: i == 0 ? !rows.isEmpty : row.startsGroup))
                }
                newGroup = true
            }
        }
        return rows
    }

    private init(rows: [Row], sender: Any?, bounds: CGRect) {
        self.rows = rows
        self.sender = sender
        // The view is a clear overlay over the window: it catches the taps outside the platter.
        super.init(frame: bounds)
        autoresizingMask = [.flexibleWidth, .flexibleHeight]
        addGestureRecognizer(UITapGestureRecognizer { [weak self] tap in
            guard let self else { return }
            let point = tap.location(in: self.platter)
            if self.platter.bounds.contains(point) { self.tapRow(at: point.y) } else { self.dismiss(animated: true) }
        })
        backgroundColor = .clear
        isOpaque = false
        platter.backgroundColor = UIColor(red: 0.97, green: 0.97, blue: 0.97, alpha: 0.98)
        platter.layer.cornerRadius = 13
        platter.clipsToBounds = true
        platter.isOpaque = false
        addSubview(platter)
        buildRows()
    }

    required init?(coder: NSCoder) { fatalError("not used") }

    /// The gap above a row that starts a group.
    static let groupGap: CGFloat = 8

    private func buildRows() {
        var y: CGFloat = 0
        for (i, row) in rows.enumerated() {
            if row.startsGroup {
                let gap = UIView(frame: CGRect(x: 0, y: y, width: Self.width, height: Self.groupGap))
                gap.backgroundColor = UIColor(white: 0, alpha: 0.08)
                platter.addSubview(gap)
                y += Self.groupGap
            } else if i > 0 {
                let line = UIView(frame: CGRect(x: 0, y: y, width: Self.width, height: 0.5))
                line.backgroundColor = .separator
                platter.addSubview(line)
            }
            let label = UILabel(frame: CGRect(x: 16, y: y, width: Self.width - 56, height: Self.rowHeight))
            let action = row.action
            label.text = action.title
            label.font = .systemFont(ofSize: 17)
            label.textColor = action.attributes.contains(.disabled) ? .systemGray
                : action.attributes.contains(.destructive) ? .systemRed : .label
            platter.addSubview(label)
            if action.state == .on {
                let check = UILabel(frame: CGRect(x: Self.width - 36, y: y, width: 24, height: Self.rowHeight))
                check.text = "✓"
                check.font = .systemFont(ofSize: 17, weight: .semibold)
                check.textColor = label.textColor
                platter.addSubview(check)
            }
            y += Self.rowHeight
        }
        platter.bounds = CGRect(x: 0, y: 0, width: Self.width, height: y)
    }

    /// The platter's top edge meets the button's bottom; it keeps 8 points from the
    /// window's sides, right-aligned to a button on the right half.
    private func place(below source: CGRect, in window: CGRect) {
        let size = platter.bounds.size
        var x = source.midX > window.midX ? source.maxX - size.width : source.minX
        x = min(max(8, x), window.width - 8 - size.width)
        let y = min(source.maxY + 6, window.height - 8 - size.height)
        let frame = CGRect(x: x, y: y, width: size.width, height: size.height)
        // Grows out of the button: from a small platter at the corner nearest it.
        let anchor = CGPoint(x: source.midX > window.midX ? 1 : 0, y: 0)
        UIView.performWithoutAnimation {
            platter.layer.anchorPoint = anchor
            platter.frame = frame
            platter.transform = CGAffineTransform(scaleX: 0.2, y: 0.2)
            platter.alpha = 0
        }
        UIView.animate(withDuration: 0.3, delay: 0, usingSpringWithDamping: 0.85, initialSpringVelocity: 0, options: [], animations: {
            self.platter.transform = .identity
            self.platter.alpha = 1
        })
    }

    private func tapRow(at y: CGFloat) {
        var top: CGFloat = 0
        for row in rows {
            if row.startsGroup { top += Self.groupGap }
            if y >= top && y < top + Self.rowHeight {
                guard !row.action.attributes.contains(.disabled) else { return }
                dismiss(animated: true)
                choosing?(row.action)
                row.action.performWithSender(sender, target: nil)
                return
            }
            top += Self.rowHeight
        }
    }

    /// Closes the menu: it fades out (at once when not animated).
    func dismiss(animated: Bool) {
        guard superview != nil, !isDismissing else { return }
        guard animated else { removeFromSuperview(); return }
        isDismissing = true
        isUserInteractionEnabled = false
        UIView.animate(withDuration: 0.15, animations: { self.platter.alpha = 0 },
                       completion: { _ in self.removeFromSuperview() })
    }

    private var isDismissing = false

    /// The labels of the rows, top to bottom (for tests).
    var rowTitles: [String] { rows.map(\.action.title) }
    /// Whether the menu is on screen.
    var isShowing: Bool { superview != nil && !isDismissing }
}

/// Shows `menu` in a platter just below `source`, as a bar button item's menu is shown; a
/// tap on an action closes it, tells `choosing` which action it chose, then performs it
/// with `sender`. A list cell's pop-up menu accessory shows its menu so.
@MainActor
package func showMenuPlatter(_ menu: UIMenu, from source: UIView, sender: Any?, choosing: @escaping @MainActor (UIAction) -> Void) {
    MenuPlatterView.show(menu, from: source, sender: sender, choosing: choosing)
}
