import Foundation
import TabulaUIKit

/// A row swiped sideways, showing its actions.
struct SwipeState {
    var indexPath: IndexPath
    let cell: UITableViewCell
    let configuration: UISwipeActionsConfiguration
    /// Swiped from the leading (left) edge: the actions are at the left.
    let leading: Bool
    /// How far the cell is moved sideways (positive: to the right).
    var offset: CGFloat
    /// The offset when the current drag began.
    var dragStart: CGFloat
    let actionsView: SwipeActionsView
}

/// Swipe actions, as in current UIKit: a sideways drag on a row moves it and reveals the
/// buttons of `leadingSwipeActionsConfigurationForRowAt` (drag right) or
/// `trailingSwipeActionsConfigurationForRowAt` (drag left). Let go past half the
/// buttons' width and the row stays open; past 60% of the row's width with
/// `performsFirstActionWithFullSwipe`, the first action runs. Tapping a button runs its
/// handler; a touch anywhere else on the table closes the row.
extension UITableView {
    /// Half the buttons' width opens the row; this fraction of the row's width performs the first action.
    static let fullSwipeFraction: CGFloat = 0.6

    func installRowGestures() {
        let gate = RowGestureGate(table: self)
        rowGestureGate = gate
        swipeRecognizer.delegate = gate
        swipeRecognizer.addTarget { [unowned self] pan in self.handleSwipe(pan as! UIPanGestureRecognizer) }
        addGestureRecognizer(swipeRecognizer)
        // A sideways drag on a row with actions swipes it; any other drag scrolls, and
        // closes open actions or a delete confirmation as it begins.
        panGestureRecognizer.require(toFail: swipeRecognizer)
        panGestureRecognizer.addTarget { [unowned self] pan in
            if pan.state == .began { self.dismissAllTransientUI(animated: true) }
        }
        menuRecognizer.delegate = gate
        menuRecognizer.addTarget { [unowned self] press in self.handleMenuPress(press as! UILongPressGestureRecognizer) }
        addGestureRecognizer(menuRecognizer)
    }

    /// The actions a row shows when swiped from one side (with the Delete default).
    func swipeConfiguration(for indexPath: IndexPath, leading: Bool) -> UISwipeActionsConfiguration? {
        let delegate = tableDelegate
        if leading {
            return delegate?.tableView(self, leadingSwipeActionsConfigurationForRowAt: indexPath)
                .flatMap { $0.actions.isEmpty ? nil : $0 }
        }
        if let configuration = delegate?.tableView(self, trailingSwipeActionsConfigurationForRowAt: indexPath) {
            return configuration.actions.isEmpty ? nil : configuration
        }
        guard allowsSwipeToDelete, dataSource?.tableView(self, canEditRowAt: indexPath) ?? false,
              (delegate?.tableView(self, editingStyleForRowAt: indexPath) ?? .delete) == .delete else { return nil }
        let title = delegate?.tableView(self, titleForDeleteConfirmationButtonForRowAt: indexPath) ?? "Delete"
        let delete = UIContextualAction(style: .destructive, title: title) { [weak self] _, _, done in
            guard let self else { return }
            self.dataSource?.tableView(self, commit: .delete, forRowAt: indexPath)
            done(true)
        }
        return UISwipeActionsConfiguration(actions: [delete])
    }

    /// Whether a sideways drag here should swipe a row.
    func swipeShouldBegin(_ pan: UIPanGestureRecognizer) -> Bool {
        let t = pan.translation(in: self)
        guard abs(t.x) > abs(t.y), !editingState, interaction.reorder == nil, interaction.menu == nil else { return false }
        let start = pan.location(in: self)
        if t.x > 0, backSwipeWouldTake(from: convert(CGPoint(x: start.x - t.x, y: start.y - t.y), to: nil)) { return false }
        guard let indexPath = indexPathForRow(at: CGPoint(x: start.x - t.x, y: start.y - t.y)) else { return false }
        if let swipe = interaction.swipe { return swipe.indexPath == indexPath }
        return swipeConfiguration(for: indexPath, leading: t.x > 0) != nil
    }

    /// Whether a rightward swipe that came down at `point` (window coordinates) is the
    /// navigation controller's back swipe: it came down within the screen's left edge
    /// strip, and a navigation controller around the table can pop. As on iOS, the back
    /// swipe wins from the edge, even over a row with leading swipe actions.
    private func backSwipeWouldTake(from point: CGPoint) -> Bool {
        guard point.x <= UIScreenEdgePanGestureRecognizer.edgeWidth else { return false }
        var view: UIView? = self
        while let v = view {
            if let navigation = v.viewController?.navigationController ?? (v.viewController as? UINavigationController),
               navigation.viewControllers.count > 1, navigation.interactivePopGestureRecognizer?.isEnabled == true {
                return true
            }
            view = v.superview
        }
        return false
    }

    private func handleSwipe(_ pan: UIPanGestureRecognizer) {
        let t = pan.translation(in: self)
        switch pan.state {
        case .began:
            if interaction.swipe == nil { openSwipe(at: pan.location(in: self), leading: t.x > 0) }
            if var swipe = interaction.swipe {
                swipe.dragStart = swipe.offset
                interaction.swipe = swipe
            }
            if let touched = touchedRow { rowTouchesCancelled([touched.touch]) }
        case .changed:
            guard var swipe = interaction.swipe else { return }
            let raw = swipe.dragStart + t.x
            swipe.offset = swipe.leading ? max(0, raw) : min(0, raw)
            interaction.swipe = swipe
            placeSwipedRow()
        case .ended, .cancelled:
            guard let swipe = interaction.swipe else { return }
            let width = swipe.actionsView.totalWidth
            let distance = abs(swipe.offset)
            let flung = (swipe.leading ? 1 : -1) * pan.velocity(in: self).x > 500
            if distance > rowWidth * Self.fullSwipeFraction && swipe.configuration.performsFirstActionWithFullSwipe {
                perform(swipe.configuration.actions[0], swipe)
            } else if distance > width / 2 || flung {
                settleSwipe(to: swipe.leading ? width : -width)
            } else {
                closeSwipe(animated: true)
            }
        default:
            break
        }
    }

    private func openSwipe(at location: CGPoint, leading: Bool) {
        let start = location
        guard let indexPath = indexPathForRow(at: start), let cell = store.visible[indexPath],
              let configuration = swipeConfiguration(for: indexPath, leading: leading) else { return }
        tableDelegate?.tableView(self, willBeginEditingRowAt: indexPath)
        let view = SwipeActionsView(configuration: configuration, leading: leading) { [weak self] action in
            guard let self, let swipe = self.interaction.swipe else { return }
            self.perform(action, swipe)
        }
        view.frame = cellFrame(row: indexPath.row, section: indexPath.section)
        insertSubview(view, belowSubview: cell)
        interaction.swipe = SwipeState(indexPath: indexPath, cell: cell, configuration: configuration,
                                       leading: leading, offset: 0, dragStart: 0, actionsView: view)
    }

    /// Moves the swiped cell to its offset (layout keeps it there).
    func placeSwipedRow() {
        guard let swipe = interaction.swipe else { return }
        var frame = cellFrame(row: swipe.indexPath.row, section: swipe.indexPath.section)
        swipe.actionsView.frame = frame
        swipe.cell.safeAreaMeasuringFrame = frame
        frame.origin.x += swipe.offset
        swipe.cell.frame = frame
    }

    private func settleSwipe(to offset: CGFloat) {
        interaction.swipe?.offset = offset
        UIView.animate(withDuration: 0.25) { self.placeSwipedRow() }
    }

    /// Runs an action's handler; the row closes when the handler calls its completion.
    private func perform(_ action: UIContextualAction, _ swipe: SwipeState) {
        settleSwipe(to: swipe.leading ? swipe.actionsView.totalWidth : -swipe.actionsView.totalWidth)
        let source = swipe.actionsView.button(for: action) ?? swipe.actionsView
        action.handler(action, source) { [weak self] _ in self?.closeSwipe(animated: true) }
    }

    /// A batch update moved the open row (the swipe follows it) or removed it: the swipe
    /// ends, the cell leaves with the update's animation and its buttons go at once.
    /// Before, a row deleted from its own action's handler without calling the completion
    /// (as apps often do) left the swipe open on a row that was gone, and the next swipe
    /// on any row only closed it.
    func updateSwipe(for plan: UpdatePlan) {
        guard let swipe = interaction.swipe else { return }
        let old = swipe.indexPath
        if old.section < plan.oldRowCounts.count, old.row < plan.oldRowCounts[old.section] {
            switch plan.fate(ofRow: old) {
            case .persists(let new), .moved(let new):
                interaction.swipe?.indexPath = new
                return
            case .reloaded, .deleted:
                break   // a reloaded row gets a new cell: the swiped one leaves
            }
        }
        interaction.swipe = nil
        swipe.actionsView.removeFromSuperview()
        swipe.cell.safeAreaMeasuringFrame = nil
        tableDelegate?.tableView(self, didEndEditingRowAt: old)
    }

    /// Slides an open row back and removes its buttons.
    func closeSwipe(animated: Bool) {
        guard let swipe = interaction.swipe else { return }
        interaction.swipe = nil
        let home = indexPath(for: swipe.cell).map { cellFrame(row: $0.row, section: $0.section) }
        let close = {
            if let home { swipe.cell.frame = home }
            swipe.cell.safeAreaMeasuringFrame = nil
        }
        if animated && window != nil {
            UIView.animate(withDuration: 0.25, animations: close) { _ in swipe.actionsView.removeFromSuperview() }
        } else {
            close()
            swipe.actionsView.removeFromSuperview()
        }
        tableDelegate?.tableView(self, didEndEditingRowAt: swipe.indexPath)
    }
}

/// The table's buttons for `configuration`, for a list cell in a collection view: laid
/// out from the edge swiped from; `tapped` is told which action's button was tapped.
@MainActor
package func makeSwipeActionsView(_ configuration: UISwipeActionsConfiguration, leading: Bool,
                                  tapped: @escaping @MainActor (UIContextualAction) -> Void) -> UIView {
    SwipeActionsView(configuration: configuration, leading: leading, tapped: tapped)
}

/// The width all the buttons of a view from ``makeSwipeActionsView(_:leading:tapped:)`` need.
@MainActor
package func swipeActionsWidth(_ view: UIView) -> CGFloat { (view as? SwipeActionsView)?.totalWidth ?? 0 }

/// The buttons behind a swiped row, laid out from the edge it was swiped from.
@MainActor
final class SwipeActionsView: UIView {
    let leading: Bool
    private(set) var buttons: [(action: UIContextualAction, view: UIView)] = []

    init(configuration: UISwipeActionsConfiguration, leading: Bool, tapped: @escaping @MainActor (UIContextualAction) -> Void) {
        self.leading = leading
        super.init(frame: .zero)
        clipsToBounds = true
        for action in configuration.actions {
            let button = SwipeActionButton(action: action)
            button.addGestureRecognizer(UITapGestureRecognizer { _ in tapped(action) })
            addSubview(button)
            buttons.append((action, button))
        }
    }

    required init?(coder: NSCoder) { return nil }

    func width(of button: UIView) -> CGFloat {
        (button as? SwipeActionButton)?.fittingWidth ?? 74
    }

    var totalWidth: CGFloat { buttons.reduce(0) { $0 + width(of: $1.view) } }

    func button(for action: UIContextualAction) -> UIView? { buttons.first { $0.action === action }?.view }

    override func layoutSubviews() {
        super.layoutSubviews()
        var edge: CGFloat = leading ? 0 : bounds.width
        for (_, button) in buttons {
            let w = width(of: button)
            button.frame = CGRect(x: leading ? edge : edge - w, y: 0, width: w, height: bounds.height)
            edge += leading ? w : -w
        }
    }
}

/// One action's button: its title, its image (a symbol, in white), or the image over
/// the title when the row is tall enough (91 points, as in iOS; a shorter row shows
/// only the image).
@MainActor
final class SwipeActionButton: UIView {
    let label = UILabel()
    let imageView = UIImageView(frame: .zero)
    /// The least height that shows the title under an image.
    static let heightForImageAndTitle: CGFloat = 91

    init(action: UIContextualAction) {
        super.init(frame: .zero)
        backgroundColor = action.backgroundColor
        label.text = action.title
        label.textColor = .white
        label.font = .systemFont(ofSize: 15)
        label.textAlignment = .center
        addSubview(label)
        imageView.image = action.image
        imageView.tintColor = .white
        imageView.isHidden = action.image == nil
        addSubview(imageView)
    }

    required init?(coder: NSCoder) { fatalError("not used") }

    private var showsTitle: Bool {
        imageView.isHidden || bounds.height >= Self.heightForImageAndTitle
    }

    /// The button's width: the title's (or the image's) with a margin, at least 74 points.
    var fittingWidth: CGFloat {
        let title = label.text == nil ? 0 : label.sizeThatFits(.zero).width
        let image = imageView.isHidden ? 0 : imageView.sizeThatFits(.zero).width
        return max(74, (max(title, image) + 30).rounded(.up))
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        label.isHidden = !showsTitle
        guard !imageView.isHidden else {
            label.frame = bounds
            return
        }
        let size = imageView.sizeThatFits(.zero)
        let titleHeight: CGFloat = showsTitle && label.text != nil ? label.sizeThatFits(.zero).height : 0
        let gap: CGFloat = titleHeight > 0 ? 4 : 0
        let top = ((bounds.height - size.height - gap - titleHeight) / 2).rounded()
        imageView.frame = CGRect(x: ((bounds.width - size.width) / 2).rounded(), y: top, width: size.width, height: size.height)
        label.frame = CGRect(x: 0, y: top + size.height + gap, width: bounds.width, height: titleHeight)
    }
}

/// Decides for the table's own recognizers (swipe and menu) whether they may begin.
@MainActor
final class RowGestureGate: UIGestureRecognizerDelegate {
    weak var table: UITableView?
    init(table: UITableView) { self.table = table }

    func gestureRecognizerShouldBegin(_ recognizer: UIGestureRecognizer) -> Bool {
        guard let table else { return false }
        if let pan = recognizer as? UIPanGestureRecognizer { return table.swipeShouldBegin(pan) }
        if let press = recognizer as? UILongPressGestureRecognizer { return table.menuShouldBegin(press) }
        return true
    }
}
