import Foundation
import TabulaUIKit
import TabulaCore

/// What sits at the left of a cell while its table is editing.
enum EditingControlKind: Equatable {
    case none, delete, insert
    /// Multiple selection while editing (Mail): an empty circle, filled with a check when selected.
    case multipleSelection
}

/// A cell in editing mode: the pieces, where they go, and how they come and go.
///
/// Left to right: the editing control (``editingControlWidth`` points, content shifted by
/// as much when the cell indents), the content, the accessory, the reorder control
/// (``reorderControlWidth``), and while a delete is being confirmed, the red button.
/// Every change of these is a layout change, so inside an animation block they slide.
extension UITableViewCell {
    static let editingControlWidth: CGFloat = 40
    static let reorderControlWidth: CGFloat = 44
    static let editingAnimationDuration: TimeInterval = 0.3

    /// Whether the content moves right to make room for the editing control: in an
    /// editable row while editing, when ``shouldIndentWhileEditing`` (the delegate's
    /// `shouldIndentWhileEditingRowAt`, true by default) — also for the editing style
    /// `.none`, as in UIKit, where the space is left blank; apps that do not want it
    /// answer false there. Rows that cannot be edited are not indented.
    var indentsForEditingControl: Bool {
        editingFlag && isEditableRow && (shouldIndentWhileEditing || editingControlKind == .multipleSelection)
    }

    /// Sets the editing control, indentation and reorder control the table decided on;
    /// `editable` is the data source's `canEditRowAt`.
    func configureEditing(control: EditingControlKind, indents: Bool, reorders: Bool, editable: Bool) {
        isEditableRow = editable
        editingControlKind = control
        shouldIndentWhileEditing = indents
        showsReorderControl = reorders
        if control != .none && editingControl == nil {
            let view = EditingControlView(cell: self)
            editingControl = view
            insertSubview(view, aboveSubview: contentView)
        }
        editingControl?.kind = control
        if reorders && reorderControl == nil {
            let view = ReorderControlView()
            reorderControl = view
            addSubview(view)
        }
        setNeedsLayout()
    }

    func applyEditing(animated: Bool) {
        if !editingFlag { hideDeleteConfirmation(animated: animated) }
        accessoryDidChange(animated: animated && window != nil)
        refreshSelectionBackground()
        guard animated, window != nil else { setNeedsLayout(); return }
        setNeedsLayout()
        UIView.animate(withDuration: Self.editingAnimationDuration) { self.layoutIfNeeded() }
    }

    /// Places the editing pieces; returns the room they leave the content, as the left
    /// inset and the right edge.
    func layoutEditingControls(in b: CGRect) -> (left: CGFloat, right: CGFloat) {
        let showsControl = editingFlag && editingControlKind != .none
        let safe = tableContentSafeSides
        if let control = editingControl {
            control.frame = CGRect(x: showsControl ? safe.left : -Self.editingControlWidth, y: 0,
                                   width: Self.editingControlWidth, height: b.height)
            control.alpha = showsControl ? 1 : 0
        }
        var right = b.width - trailingInset - safe.right
        if let confirm = deleteConfirmation {
            let width = confirm.preferredWidth
            confirm.frame = CGRect(x: right - width, y: 0, width: width, height: b.height)
            right -= width
        }
        let showsReorder = editingFlag && showsReorderControl && deleteConfirmation == nil
        if let reorder = reorderControl {
            reorder.frame = CGRect(x: showsReorder ? right - Self.reorderControlWidth : right, y: 0,
                                   width: Self.reorderControlWidth, height: b.height)
            reorder.alpha = showsReorder ? 1 : 0
            reorder.isUserInteractionEnabled = showsReorder
            if showsReorder { right -= Self.reorderControlWidth }
        }
        accessoryContainer?.alpha = deleteConfirmation == nil ? 1 : 0
        return (safe.left + (indentsForEditingControl ? Self.editingControlWidth : 0), right)
    }

    // MARK: Delete confirmation

    /// Shows the red confirmation button (the minus turns upright), or hides it.
    func showDeleteConfirmation(title: String, animated: Bool) {
        guard deleteConfirmation == nil else { return }
        let target = currentStateMask.union(.showingDeleteConfirmation)
        willTransition(to: target)
        defer { didTransition(to: target) }
        let button = DeleteConfirmationButton(title: title)
        deleteConfirmation = button
        addSubview(button)
        editingControl?.setConfirming(true, animated: animated)
        guard animated, window != nil else { setNeedsLayout(); return }
        button.frame = CGRect(x: bounds.width - trailingInset, y: 0, width: button.preferredWidth, height: bounds.height)
        setNeedsLayout()
        UIView.animate(withDuration: Self.editingAnimationDuration) { self.layoutIfNeeded() }
    }

    func hideDeleteConfirmation(animated: Bool) {
        guard let button = deleteConfirmation else { return }
        let target = currentStateMask.subtracting(.showingDeleteConfirmation)
        let reports = !reportingTransition
        if reports { willTransition(to: target) }
        defer { if reports { didTransition(to: target) } }
        deleteConfirmation = nil
        editingControl?.setConfirming(false, animated: animated)
        guard animated, window != nil else { button.removeFromSuperview(); setNeedsLayout(); return }
        setNeedsLayout()
        UIView.animate(withDuration: Self.editingAnimationDuration, animations: {
            button.frame.origin.x = self.bounds.width
            button.alpha = 0
            self.layoutIfNeeded()
        }, completion: { _ in button.removeFromSuperview() })
    }

    // MARK: Cross-fades

    func crossFadeOut(_ view: UIView) {
        UIView.animate(withDuration: Self.editingAnimationDuration, animations: { view.alpha = 0 },
                       completion: { [weak self] _ in
            if view !== self?.accessoryContainer { view.removeFromSuperview() }
            view.alpha = 1
        })
    }

    func crossFadeIn(_ view: UIView) {
        view.alpha = 0
        UIView.animate(withDuration: Self.editingAnimationDuration) { view.alpha = 1 }
    }
}

/// The round control at the left of an editing cell: red minus (delete), green plus
/// (insert), or the multiple-selection circle.
@MainActor
final class EditingControlView: UIView {
    weak var cell: UITableViewCell?
    var kind = EditingControlKind.none {
        didSet {
            guard kind != oldValue else { return }
            bar.isHidden = kind != .delete && kind != .insert
            crossBar.isHidden = kind != .insert
            isUserInteractionEnabled = kind == .delete || kind == .insert
            setNeedsDisplay()
        }
    }
    /// The minus (and the plus's horizontal stroke); turns upright while confirming a delete.
    private let bar = UIView()
    private let crossBar = UIView()
    private(set) var isConfirming = false
    static let diameter: CGFloat = 22

    init(cell: UITableViewCell) {
        self.cell = cell
        super.init(frame: .zero)
        isOpaque = false
        contentMode = .redraw
        for stroke in [bar, crossBar] {
            stroke.backgroundColor = .white
            stroke.isUserInteractionEnabled = false
            stroke.layer.cornerRadius = 1.25
            addSubview(stroke)
        }
        crossBar.transform = CGAffineTransform(rotationAngle: .pi / 2)
        addGestureRecognizer(UITapGestureRecognizer { [weak self] _ in
            guard let self, let cell = self.cell, let table = cell.superview as? UITableView else { return }
            table.editingControlTapped(in: cell)
        })
    }

    required init?(coder: NSCoder) { return nil }

    func setConfirming(_ confirming: Bool, animated: Bool) {
        isConfirming = confirming
        let turn = { self.bar.transform = confirming ? CGAffineTransform(rotationAngle: .pi / 2) : .identity }
        if animated && window != nil { UIView.animate(withDuration: UITableViewCell.editingAnimationDuration, animations: turn) } else { turn() }
    }

    private var circle: CGRect {
        let d = Self.diameter
        return CGRect(x: (bounds.width - d) / 2, y: ((bounds.height - d) / 2).rounded(), width: d, height: d)
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        let c = circle
        for stroke in [bar, crossBar] {
            stroke.bounds = CGRect(x: 0, y: 0, width: 12, height: 2.5)
            stroke.center = CGPoint(x: c.midX, y: c.midY)
        }
    }

    override func draw(_ rect: CGRect) {
        guard let ctx = UIGraphicsGetCurrentContext() else { return }
        let c = circle
        switch kind {
        case .none: break
        case .delete:
            ctx.setFillColor(UIColor.systemRed.cgColor)
            ctx.fill(Path(ellipseIn: c))
        case .insert:
            ctx.setFillColor(UIColor.systemGreen.cgColor)
            ctx.fill(Path(ellipseIn: c))
        case .multipleSelection:
            if cell?.isSelected == true {
                ctx.setFillColor(UIColor.systemBlue.cgColor)
                ctx.fill(Path(ellipseIn: c))
                var check = Path()
                check.move(to: CGPoint(x: c.minX + 6, y: c.midY + 0.5))
                check.addLine(to: CGPoint(x: c.minX + 9.5, y: c.midY + 4))
                check.addLine(to: CGPoint(x: c.maxX - 5.5, y: c.midY - 3.5))
                ctx.setStrokeColor(UIColor.white.cgColor)
                ctx.setLineWidth(2)
                ctx.stroke(check)
            } else {
                ctx.setStrokeColor(UIColor(rgb: 0xC7C7CC).cgColor)
                ctx.setLineWidth(1.5)
                ctx.stroke(Path(ellipseIn: c.insetBy(dx: 0.75, dy: 0.75)))
            }
        }
    }
}

/// The three grey lines at the right of a movable row while editing; dragging it moves the row.
@MainActor
final class ReorderControlView: UIView {
    override init(frame: CGRect) {
        super.init(frame: frame)
        isOpaque = false
        contentMode = .redraw
        let grab = UILongPressGestureRecognizer { [weak self] press in
            guard let self, let cell = self.superview as? UITableViewCell,
                  let table = cell.superview as? UITableView else { return }
            table.handleReorder(press, cell: cell)
        }
        grab.minimumPressDuration = 0
        grab.allowableMovement = .greatestFiniteMagnitude
        addGestureRecognizer(grab)
    }

    required init?(coder: NSCoder) { return nil }

    override func draw(_ rect: CGRect) {
        guard let ctx = UIGraphicsGetCurrentContext() else { return }
        ctx.setFillColor(UIColor(rgb: 0xAEAEB2).cgColor)
        let midY = (bounds.height / 2).rounded()
        for dy in [-5.0, 0, 5] as [CGFloat] {
            ctx.fill(CGRect(x: (bounds.width - 18) / 2, y: midY + dy - 0.75, width: 18, height: 1.5))
        }
    }
}

/// The red button that confirms a delete; tapping it commits the deletion.
@MainActor
final class DeleteConfirmationButton: UIView {
    let titleLabel = UILabel()

    init(title: String) {
        super.init(frame: .zero)
        backgroundColor = .systemRed
        titleLabel.text = title
        titleLabel.textColor = .white
        titleLabel.font = .systemFont(ofSize: 17)
        titleLabel.textAlignment = .center
        addSubview(titleLabel)
        addGestureRecognizer(UITapGestureRecognizer { [weak self] _ in
            guard let self, let cell = self.superview as? UITableViewCell,
                  let table = cell.superview as? UITableView else { return }
            table.commitDeletion(in: cell)
        })
    }

    required init?(coder: NSCoder) { return nil }

    var preferredWidth: CGFloat { max(82, titleLabel.sizeThatFits(.zero).width + 30).rounded(.up) }

    override func layoutSubviews() {
        super.layoutSubviews()
        titleLabel.frame = bounds
    }
}
