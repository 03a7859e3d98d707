import Foundation
import TabulaCore

/// A row of a table view.
///
/// From back to front, as the exploded diagram of WWDC 2009, Perfecting Your iPhone Table Views shows: the cell itself, its
/// ``backgroundView``, the ``selectedBackgroundView`` (or
/// ``multipleSelectionBackgroundView``) while selected or highlighted, then the
/// ``contentView`` with the labels and image, and the accessory. Put your own views in
/// ``contentView``.
@MainActor
open class UITableViewCell: UIView {
    /// The four standard layouts (WWDC 2009, Perfecting Your iPhone Table Views).
    public enum CellStyle: Int, Sendable {
        /// An image and one label (``detailTextLabel`` is nil).
        case `default`
        /// Label left, value right-aligned in grey (Settings); no image.
        case value1
        /// Small blue label right-aligned in a left column, value after it (Contacts); no image.
        case value2
        /// Title with a smaller grey subtitle below it, and an image (iPod).
        case subtitle
    }

    /// The standard views a cell can show at its right edge.
    public enum AccessoryType: Int, Sendable {
        /// No accessory.
        case none
        /// A grey chevron: tapping the row leads somewhere. Not tappable on its own.
        case disclosureIndicator
        /// An info button followed by a chevron; tapping the button calls the delegate's
        /// `accessoryButtonTappedForRowWith` instead of selecting the row.
        case detailDisclosureButton
        /// A checkmark in the tint colour.
        case checkmark
        /// An info button in the tint colour; tapping it calls the delegate's
        /// `accessoryButtonTappedForRowWith` instead of selecting the row.
        case detailButton
    }

    /// Whether the cell shows a selected background when selected or highlighted.
    public enum SelectionStyle: Int, Sendable {
        /// No selected background: the row does not change when selected or highlighted.
        case none
        /// The selected background; the same grey as `.default`, as in current UIKit.
        case blue
        /// The selected background: a grey fill (#D1D1D6) unless ``UITableViewCell/selectedBackgroundView`` is set.
        case gray
        /// The selected background, as `.gray`.
        case `default`
    }

    /// The control at the left of a row while the table is editing.
    public enum EditingStyle: Int, Sendable {
        /// No editing control.
        case none
        /// A red minus; tapping it shows the Delete confirmation button.
        case delete
        /// A green plus; tapping it commits an insertion (the data source's `commit editingStyle`).
        case insert
    }

    /// The cell's standard layout, fixed at initialization.
    public let style: CellStyle
    /// The identifier the cell is pooled under; nil keeps it out of the reuse pools.
    public let reuseIdentifier: String?

    /// Creates a cell with one of the standard layouts. It is `required` (UIKit's is not)
    /// so that `register(_:forCellReuseIdentifier:)` can create subclasses from their class:
    /// a subclass that overrides it writes `required override init`.
    public required init(style: CellStyle, reuseIdentifier: String?) {
        self.style = style
        self.reuseIdentifier = reuseIdentifier
        textLabel = UILabel()
        detailTextLabel = style == .default ? nil : UILabel()
        imageView = (style == .default || style == .subtitle) ? UIImageView() : nil
        super.init(frame: CGRect(x: 0, y: 0, width: 320, height: 44))
        backgroundColor = .systemBackground
        contentView.backgroundColor = nil
        addSubview(contentView)
        configureStandardViews()
        addSubview(separatorView)
    }

    public convenience override init(frame: CGRect) {
        self.init(style: .default, reuseIdentifier: nil)
        self.frame = frame
    }

    // MARK: Subviews

    /// Where the cell's content goes; inset to make room for the accessory and editing controls.
    public let contentView = UIView()
    /// The main label (nil never, here: every style has one).
    public let textLabel: UILabel?
    /// The secondary label; nil for `.default`.
    public let detailTextLabel: UILabel?
    /// The image at the left; nil for `.value1` and `.value2`.
    public let imageView: UIImageView?

    /// Behind everything (a grouped table's rounded piece, the App Store demo's grooves).
    open var backgroundView: UIView? {
        didSet { replace(oldValue, with: backgroundView, at: 0) }
    }

    /// Shown behind the content while the cell is selected or highlighted. Nil means the
    /// default (a grey fill, per ``selectionStyle``).
    open var selectedBackgroundView: UIView? {
        didSet { selectionBackgroundChanged(from: oldValue) }
    }

    /// Used instead of ``selectedBackgroundView`` when the table allows multiple selection.
    open var multipleSelectionBackgroundView: UIView? {
        didSet { selectionBackgroundChanged(from: oldValue) }
    }

    // MARK: Accessory

    /// The standard accessory at the right edge when not editing; `.none` by default.
    open var accessoryType: AccessoryType = .none { didSet { accessoryDidChange() } }
    /// A custom accessory, used instead of ``accessoryType``.
    open var accessoryView: UIView? { didSet { accessoryDidChange() } }
    /// The standard accessory while editing; `.none` by default. The accessories cross-fade when editing starts or ends animated.
    open var editingAccessoryType: AccessoryType = .none { didSet { accessoryDidChange() } }
    /// A custom accessory while editing, used instead of ``editingAccessoryType``.
    open var editingAccessoryView: UIView? { didSet { accessoryDidChange() } }

    // MARK: State

    /// Whether a selected or highlighted cell shows its selected background; `.default` shows it.
    open var selectionStyle: SelectionStyle = .default
    /// Whether the cell shows a selected row; read-only here, change it with ``setSelected(_:animated:)``.
    public private(set) var isSelected = false
    /// Whether a finger is on the row; read-only here, change it with ``setHighlighted(_:animated:)``.
    public private(set) var isHighlighted = false
    /// Whether the cell is in editing mode; read-only here, change it with ``setEditing(_:animated:)``.
    public private(set) var isEditing = false
    /// Whether the reorder control shows while editing. In a table, set by the table from the
    /// data source's `canMoveRowAt` each time it configures the row for editing.
    open var showsReorderControl = false
    /// Whether the content moves right to make room for the editing control. In a table, set
    /// by the table from the delegate's `shouldIndentWhileEditingRowAt`.
    open var shouldIndentWhileEditing = true
    /// How many steps of ``indentationWidth`` the content is indented; 0 by default.
    open var indentationLevel = 0 { didSet { setNeedsLayout() } }
    /// The width of one indentation step, 10 points by default.
    open var indentationWidth: CGFloat = 10 { didSet { setNeedsLayout() } }
    /// Insets of the separator line under the cell (left and right are used).
    open var separatorInset = UIEdgeInsets(top: 0, left: UITableViewCell.defaultMargin, bottom: 0, right: 0) {
        didSet { setNeedsLayout() }
    }

    /// Whether the table allows several selected rows (it picks the background view).
    var usesMultipleSelectionBackground = false { didSet { refreshSelectionBackground() } }
    /// Room the table keeps free at the right edge (for the section index bar).
    var trailingInset: CGFloat = 0 { didSet { if trailingInset != oldValue { setNeedsLayout() } } }
    /// The hairline under the cell, managed by the table.
    let separatorView = UIView()
    var accessoryContainer: UIView?

    static let defaultMargin: CGFloat = 16

    /// Selects or deselects the cell. Deselecting with animation fades the selected
    /// background out as WWDC 2009, Perfecting Your iPhone Table Views describes (see UITableViewCell+Selection.swift).
    open func setSelected(_ selected: Bool, animated: Bool) {
        isSelected = selected
        editingControl?.setNeedsDisplay()
        if selected { showSelection() } else if !isHighlighted { hideSelection(animated: animated) }
    }

    /// Highlights the cell while a finger is on it.
    open func setHighlighted(_ highlighted: Bool, animated: Bool) {
        isHighlighted = highlighted
        if highlighted { showSelection() } else if !isSelected { hideSelection(animated: animated) }
    }

    /// Moves the cell into or out of editing: the editing control slides in at the left
    /// and the content makes room (when ``shouldIndentWhileEditing``), the reorder control
    /// appears at the right, and the accessory cross-fades to the editing accessory
    /// (UITableViewCell+Editing.swift). The table calls this from its own `setEditing`.
    open func setEditing(_ editing: Bool, animated: Bool) {
        guard editing != isEditing else { return }
        // Lay out as things are, so that an animated change starts from there.
        if animated && window != nil { layoutIfNeeded() }
        isEditing = editing
        applyEditing(animated: animated)
    }

    // MARK: Editing (storage; see UITableViewCell+Editing.swift)

    /// The control the table asked for at the left while editing.
    var editingControlKind = EditingControlKind.none
    var editingControl: EditingControlView?
    var reorderControl: ReorderControlView?
    var deleteConfirmation: DeleteConfirmationButton?

    /// Called before the table hands this cell out again from the reuse pool: reset
    /// state that belongs to the previous row. The default clears selection and
    /// highlight; the table resets nothing else.
    open func prepareForReuse() {
        if isSelected || isHighlighted {
            isSelected = false
            isHighlighted = false
            hideSelection(animated: false)
        }
    }

    // MARK: Internals

    private func replace(_ old: UIView?, with new: UIView?, at index: Int) {
        old?.removeFromSuperview()
        if let new { insertSubview(new, at: index) }
        setNeedsLayout()
    }

    private func configureStandardViews() {
        textLabel?.font = .systemFont(ofSize: 17)
        switch style {
        case .default, .subtitle:
            if style == .subtitle {
                detailTextLabel?.font = .systemFont(ofSize: 12)
                detailTextLabel?.textColor = .secondaryLabel
            }
        case .value1:
            detailTextLabel?.font = .systemFont(ofSize: 17)
            detailTextLabel?.textColor = .secondaryLabel
            detailTextLabel?.textAlignment = .right
        case .value2:
            textLabel?.font = .boldSystemFont(ofSize: 12)
            textLabel?.textColor = .systemBlue
            textLabel?.textAlignment = .right
            detailTextLabel?.font = .systemFont(ofSize: 15)
        }
        for label in [textLabel, detailTextLabel].compactMap({ $0 }) {
            label.highlightedTextColor = .label
            contentView.addSubview(label)
        }
        if let imageView { contentView.addSubview(imageView) }
        separatorView.backgroundColor = .separator
        separatorView.isUserInteractionEnabled = false
    }

    /// The selected or multiple-selection background on screen now, if any.
    var currentSelectionBackground: UIView?
    /// What the selection changed on the views in front, to put back (nil: nothing changed).
    var savedLooks: [SavedLook]?
    /// Bumped by every selection change, so that a fade cut short does not finish.
    var selectionSerial = 0

    lazy var defaultSelectedBackground: UIView = {
        let view = UIView()
        view.backgroundColor = UIColor(rgb: 0xD1D1D6)
        return view
    }()

    /// Multiple selection while editing (Mail): a light tint; the check circle is the editing control.
    lazy var defaultEditingMultipleSelectionBackground: UIView = {
        let view = UIView()
        view.backgroundColor = UIColor(rgb: 0xE3ECFA)
        return view
    }()

    func accessoryDidChange(animated: Bool = false) {
        let old = accessoryContainer
        accessoryContainer = nil
        let custom = isEditing ? editingAccessoryView : accessoryView
        let type = isEditing ? editingAccessoryType : accessoryType
        if let custom {
            accessoryContainer = custom
        } else if type != .none {
            accessoryContainer = AccessoryGlyphView(type: type)
        }
        if let old, old !== accessoryContainer {
            if animated { crossFadeOut(old) } else { old.removeFromSuperview() }
        }
        if let accessoryContainer, accessoryContainer.superview !== self {
            addSubview(accessoryContainer)
            if animated {
                // Appear where the old one was (right-aligned), not from the corner.
                var size = accessoryContainer.bounds.size
                if size == .zero { size = accessoryContainer.sizeThatFits(bounds.size) }
                let right = old?.frame.maxX ?? bounds.width - trailingInset - Self.defaultMargin
                accessoryContainer.frame = CGRect(x: right - size.width, y: ((bounds.height - size.height) / 2).rounded(),
                                                  width: size.width, height: size.height)
                crossFadeIn(accessoryContainer)
            }
        }
        setNeedsLayout()
    }

    /// The frame the table gives the selected and background views (the whole cell).
    open override func layoutSubviews() {
        super.layoutSubviews()
        let b = bounds
        backgroundView?.frame = b
        currentSelectionBackground?.frame = b
        let editingRoom = layoutEditingControls(in: b)
        var contentRight = editingRoom.right
        if let accessory = accessoryContainer {
            var size = accessory.bounds.size
            if size == .zero { size = accessory.sizeThatFits(b.size) }
            let x = editingRoom.right - Self.defaultMargin - size.width
            accessory.frame = CGRect(x: x, y: ((b.height - size.height) / 2).rounded(), width: size.width,
                                     height: size.height)
            contentRight = x - 6
        }
        let indent = CGFloat(indentationLevel) * indentationWidth + editingRoom.left
        contentView.frame = CGRect(x: indent, y: 0, width: max(0, contentRight - indent), height: b.height)
        layoutStandardViews(in: contentView.bounds, hasAccessory: accessoryContainer != nil)
        let scale = window?.screenScale ?? 1
        // The separator starts under the content, so it moves with the editing indent,
        // and stops short of the index bar, as the content does.
        let separatorLeft = separatorInset.left + editingRoom.left
        separatorView.frame = CGRect(x: separatorLeft, y: b.height - 1 / scale,
                                     width: max(0, b.width - separatorLeft - separatorInset.right - trailingInset),
                                     height: 1 / scale)
        if subviews.last !== separatorView { bringSubviewToFront(separatorView) }
    }

    /// The width the image takes before the text: a symbol is centred in a column of
    /// 29 points (wider symbols take their width), so that the text of rows with
    /// different symbols lines up, as in iOS; other images take their own width.
    static func imageSlotWidth(for image: UIImage, size: CGSize) -> CGFloat {
        image.isSymbolImage ? max(29, size.width) : size.width
    }

    /// Lays out the labels and image of the standard styles.
    private func layoutStandardViews(in area: CGRect, hasAccessory: Bool) {
        let margin = Self.defaultMargin
        var left = margin
        if let imageView, let image = imageView.image {
            let size = imageView.intrinsicContentSize
            let slot = Self.imageSlotWidth(for: image, size: size)
            imageView.frame = CGRect(x: margin + ((slot - size.width) / 2).rounded(), y: ((area.height - size.height) / 2).rounded(),
                                     width: size.width, height: size.height)
            left = margin + slot + 15
        } else {
            imageView?.frame = .zero
        }
        let right = area.width - (hasAccessory ? 0 : margin)
        let width = max(0, right - left)
        guard let textLabel else { return }
        switch style {
        case .default:
            textLabel.frame = CGRect(x: left, y: 0, width: width, height: area.height)
        case .subtitle:
            let titleHeight = textLabel.sizeThatFits(CGSize(width: width, height: 0)).height
            let detailHeight = detailTextLabel?.sizeThatFits(CGSize(width: width, height: 0)).height ?? 0
            let gap: CGFloat = detailHeight > 0 && titleHeight > 0 ? 2 : 0
            let top = ((area.height - titleHeight - detailHeight - gap) / 2).rounded()
            textLabel.frame = CGRect(x: left, y: top, width: width, height: titleHeight)
            detailTextLabel?.frame = CGRect(x: left, y: top + titleHeight + gap, width: width, height: detailHeight)
        case .value1:
            let detailWidth = min(width, detailTextLabel?.sizeThatFits(.zero).width ?? 0)
            let titleWidth = min(textLabel.sizeThatFits(.zero).width, max(0, width - detailWidth - 8))
            textLabel.frame = CGRect(x: left, y: 0, width: titleWidth, height: area.height)
            detailTextLabel?.frame = CGRect(x: right - detailWidth, y: 0, width: detailWidth, height: area.height)
        case .value2:
            let column: CGFloat = 91
            textLabel.frame = CGRect(x: left, y: 0, width: column - left, height: area.height)
            detailTextLabel?.frame = CGRect(x: column + 6, y: 0, width: max(0, right - column - 6),
                                            height: area.height)
        }
    }

    /// The height the cell needs at `size.width` (UITableView.automaticDimension): the
    /// standard labels' heights plus margins, at least 44 points. Subclasses with
    /// their own content override this.
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        let imageWidth = imageView.flatMap { view in
            view.image.map { Self.imageSlotWidth(for: $0, size: view.intrinsicContentSize) + 15 }
        } ?? 0
        let width = max(0, size.width - 2 * Self.defaultMargin - (accessoryContainer == nil ? 0 : 30) - imageWidth)
        var height: CGFloat = 0
        if let textLabel {
            let title = textLabel.sizeThatFits(CGSize(width: width, height: 0)).height
            let detail = detailTextLabel?.sizeThatFits(CGSize(width: width, height: 0)).height ?? 0
            height = style == .subtitle ? title + detail + (detail > 0 ? 2 : 0) : max(title, detail)
        }
        let image = imageView?.image == nil ? 0 : imageView?.intrinsicContentSize.height ?? 0
        return CGSize(width: size.width, height: max(44, max(height, image) + 22).rounded(.up))
    }

    /// A cell whose content view holds constraints sizes itself by them, as UIKit's
    /// self-sizing cells do: the cell takes `targetSize.width`, lays out (the content view
    /// makes room for the accessory), and its height is what the content view's
    /// constraints make of that width at the given vertical priority. A cell without
    /// constraints in its content view answers as a plain view does.
    open override func systemLayoutSizeFitting(_ targetSize: CGSize, withHorizontalFittingPriority horizontalFittingPriority: UILayoutPriority,
                                               verticalFittingPriority: UILayoutPriority) -> CGSize {
        guard contentView.constraintsInSubtree > 0 else {
            return super.systemLayoutSizeFitting(targetSize, withHorizontalFittingPriority: horizontalFittingPriority,
                                                 verticalFittingPriority: verticalFittingPriority)
        }
        if bounds.width != targetSize.width || contentView.bounds.width == 0 {
            // Only this cell's own layout (where the content view goes beside the
            // accessory): layoutIfNeeded could lay out the table the cell is in.
            UIView.performWithoutAnimation {
                bounds.size = CGSize(width: targetSize.width, height: max(bounds.height, 44))
                layoutSubviews()
            }
        }
        let content = contentView.systemLayoutSizeFitting(CGSize(width: contentView.bounds.width, height: targetSize.height),
                                                          withHorizontalFittingPriority: .required,
                                                          verticalFittingPriority: verticalFittingPriority)
        return CGSize(width: targetSize.width, height: (content.height + (bounds.height - contentView.bounds.height)).rounded(.up))
    }
}

/// The standard accessory glyphs: chevron, checkmark, info button.
@MainActor
final class AccessoryGlyphView: UIView {
    let type: UITableViewCell.AccessoryType
    var isHighlighted = false { didSet { setNeedsDisplay() } }

    init(type: UITableViewCell.AccessoryType) {
        self.type = type
        super.init(frame: .zero)
        isOpaque = false
        contentMode = .redraw
        isUserInteractionEnabled = type == .detailButton || type == .detailDisclosureButton
        frame.size = Self.size(of: type)
        if isUserInteractionEnabled {
            // The info button: the table tells its delegate instead of selecting the row.
            addGestureRecognizer(UITapGestureRecognizer { [weak self] _ in
                guard let cell = self?.superview as? UITableViewCell, let table = cell.superview as? UITableView,
                      let indexPath = table.indexPath(for: cell) else { return }
                table.tableDelegate?.tableView(table, accessoryButtonTappedForRowWith: indexPath)
            })
        }
    }

    static func size(of type: UITableViewCell.AccessoryType) -> CGSize {
        switch type {
        case .none: .zero
        case .disclosureIndicator: CGSize(width: 8, height: 13)
        case .checkmark: CGSize(width: 14, height: 11)
        case .detailButton: CGSize(width: 22, height: 22)
        case .detailDisclosureButton: CGSize(width: 22 + 12 + 8, height: 22)
        }
    }

    override func sizeThatFits(_ size: CGSize) -> CGSize { Self.size(of: type) }

    override func draw(_ rect: CGRect) {
        guard let ctx = UIGraphicsGetCurrentContext() else { return }
        let tint = (tintColor ?? .systemBlue).cgColor
        let grey = UIColor(rgb: 0xC4C4C7).cgColor
        ctx.setLineWidth(2)
        func chevron(at x: CGFloat) {
            var p = Path()
            p.move(to: CGPoint(x: x + 1.5, y: 1.5))
            p.addLine(to: CGPoint(x: x + 6.5, y: 6.5))
            p.addLine(to: CGPoint(x: x + 1.5, y: 11.5))
            ctx.setStrokeColor(grey)
            ctx.stroke(p)
        }
        func info(at x: CGFloat) {
            ctx.setStrokeColor(tint)
            ctx.setLineWidth(1.5)
            ctx.stroke(Path(ellipseIn: CGRect(x: x + 1, y: 1, width: 20, height: 20)))
            ctx.setFillColor(tint)
            ctx.fill(Path(ellipseIn: CGRect(x: x + 9.75, y: 5, width: 2.5, height: 2.5)))
            ctx.fill(CGRect(x: x + 10, y: 9, width: 2, height: 8))
        }
        switch type {
        case .none: break
        case .disclosureIndicator: chevron(at: 0)
        case .checkmark:
            var p = Path()
            p.move(to: CGPoint(x: 1, y: 5.5))
            p.addLine(to: CGPoint(x: 5, y: 9.5))
            p.addLine(to: CGPoint(x: 13, y: 1))
            ctx.setStrokeColor(tint)
            ctx.stroke(p)
        case .detailButton: info(at: 0)
        case .detailDisclosureButton:
            info(at: 0)
            ctx.setLineWidth(2)
            ctx.translateBy(x: 0, y: 4.5)
            chevron(at: 34)
        }
    }
}
