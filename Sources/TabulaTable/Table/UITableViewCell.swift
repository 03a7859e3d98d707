import Foundation
import TabulaUIKit
import TabulaCore

/// A row of a table view.
///
/// From back to front, as the exploded diagram of WWDC 2009, Perfecting Your iPhone Table Views shows: the cell itself, its
/// ``backgroundView``, the ``selectedBackgroundView`` (or
/// ``multipleSelectionBackgroundView``) while selected or highlighted, then the
/// ``contentView`` with the labels and image, and the accessory. Put your own views in
/// ``contentView``.
@preconcurrency @MainActor
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

    /// The colour behind the cell. Until the app sets one (in code, in `cellForRowAt`, or
    /// in the cell's nib or prototype), the table gives its style's colour to each cell it
    /// shows; once the app has set one, the table leaves the cell's colour alone, as
    /// UIKit does (a nib cell's own colour was painted over with the table's).
    open override var backgroundColor: UIColor? {
        didSet { if !isTakingTableBackground { hasOwnBackgroundColor = true } }
    }
    /// Whether the app has set ``backgroundColor``.
    package private(set) var hasOwnBackgroundColor = false
    private var isTakingTableBackground = false

    /// Gives the cell the table's colour behind it, unless the app has set its own.
    package func takeTableBackgroundColor(_ color: UIColor) {
        guard !hasOwnBackgroundColor else { return }
        resetBackgroundColor(to: color)
    }

    /// Sets the colour behind the cell as the table's, whatever the app set before (a
    /// background configuration replaces it).
    package func resetBackgroundColor(to color: UIColor?) {
        isTakingTableBackground = true
        backgroundColor = color
        isTakingTableBackground = false
        hasOwnBackgroundColor = false
    }
    /// The identifier the cell is pooled under; nil keeps it out of the reuse pools. A
    /// cell the table makes for a registered identifier (from a nib, a class or a factory)
    /// carries that identifier, as in UIKit.
    public internal(set) var reuseIdentifier: String?

    /// Creates a cell with one of the standard layouts. A subclass overrides it as in UIKit
    /// (`override init(style:reuseIdentifier:)`); the table reaches the override through
    /// ``init(registeredWithReuseIdentifier:)``.
    public init(style: CellStyle, reuseIdentifier: String?) {
        self.style = style
        self.reuseIdentifier = reuseIdentifier
        super.init(frame: CGRect(x: 0, y: 0, width: 320, height: 44))
        setUpCell()
    }

    /// Creates a cell from a storyboard prototype or a nib, as ``UIView/init(coder:)`` does:
    /// its style and reuse identifier are the file's (`"UITableViewCellStyle"`,
    /// `"UIReuseIdentifier"`), and its properties are set before it returns.
    public required init?(coder: NSCoder) {
        let style = InterfaceBuilderCoder.value("UITableViewCellStyle", in: coder) as? CellStyle ?? .default
        self.style = style
        reuseIdentifier = InterfaceBuilderCoder.value("UIReuseIdentifier", in: coder) as? String
        super.init(coder: coder)
        if bounds.size == .zero { frame.size = CGSize(width: 320, height: 44) }
        setUpCell()
        InterfaceBuilderCoder.decode(coder, into: self, at: UITableViewCell.self)
    }

    private func setUpCell() {
        takeTableBackgroundColor(.systemBackground)
        contentView.backgroundColor = nil
        // UIKit's content view margins on a phone: the text's inset at the sides, 11 points
        // above and below, so that content constrained to `layoutMarginsGuide` (as
        // storyboard cells are) lines up with the standard labels.
        contentView.directionalLayoutMargins = NSDirectionalEdgeInsets(
            top: 11, leading: Self.defaultMargin, bottom: 11, trailing: Self.defaultMargin)
        // As UIKit's: the content view fills a new cell (320 × 44) before any layout, so
        // code that reads its size in `heightForRowAt` or `cellForRowAt` gets one.
        contentView.frame = bounds
        addSubview(contentView)
        configureStandardViews()
        addSubview(separatorView)
    }

    /// How a table makes a cell of a registered class: `init(style: .default,
    /// reuseIdentifier:)`, run as the subclass overrides it. Swift can call an initializer
    /// on a class value only when it is `required`; this one is a convenience initializer,
    /// which subclasses inherit as long as they override `init(style:reuseIdentifier:)`
    /// (or no initializer at all), so UIKit's subclasses need no `required` of their own.
    public required convenience init(registeredWithReuseIdentifier identifier: String?) {
        self.init(style: .default, reuseIdentifier: identifier)
    }

    public convenience override init(frame: CGRect) {
        self.init(style: .default, reuseIdentifier: nil)
        self.frame = frame
    }


    // MARK: Subviews

    /// Where the cell's content goes; inset to make room for the accessory and editing
    /// controls. Setting ``contentConfiguration`` replaces it with the configuration's
    /// content view (a ``UIListContentView`` for a list configuration).
    public internal(set) var contentView = UIView()
    /// The main label; nil while a ``contentConfiguration`` is set (they are exclusive).
    ///
    /// As in UIKit, the label is made, and added to the ``contentView``, the first time
    /// this is read: a cell whose code never reads it has only its own views in its
    /// content view (code that reads `contentView.subviews[0]` as its own view works).
    public var textLabel: UILabel? { contentConfiguration == nil ? legacyTextLabel : nil }
    /// The secondary label; nil for `.default`, and while a ``contentConfiguration`` is set.
    /// Made on first use, as ``textLabel`` is.
    public var detailTextLabel: UILabel? { contentConfiguration == nil ? legacyDetailTextLabel : nil }
    /// The image at the left; nil for `.value1` and `.value2`, and while a ``contentConfiguration`` is set.
    /// Made on first use, as ``textLabel`` is.
    public var imageView: UIImageView? { contentConfiguration == nil ? legacyImageView : nil }

    /// The standard views made so far (nil until first used).
    private(set) var madeTextLabel: UILabel?
    private(set) var madeDetailTextLabel: UILabel?
    private(set) var madeImageView: UIImageView?

    /// The main label, made and put into the content view on first use.
    var legacyTextLabel: UILabel { madeTextLabel ?? makeStandardLabel(isText: true) }

    /// The secondary label of the styles that have one, made on first use.
    var legacyDetailTextLabel: UILabel? {
        style == .default ? nil : madeDetailTextLabel ?? makeStandardLabel(isText: false)
    }

    /// Makes the main label (`isText`) or the secondary one, styled, in the content view.
    private func makeStandardLabel(isText: Bool) -> UILabel {
        let label = UILabel()
        if isText { madeTextLabel = label } else { madeDetailTextLabel = label }
        styleStandardLabel(label, isText: isText)
        addStandardView(label)
        return label
    }

    /// The image view of the styles that have one, made on first use.
    var legacyImageView: UIImageView? {
        guard style == .default || style == .subtitle else { return nil }
        if let madeImageView { return madeImageView }
        let view = UIImageView()
        madeImageView = view
        addStandardView(view)
        return view
    }

    /// Behind everything (a grouped table's rounded piece, the App Store demo's grooves).
    /// Setting one clears ``backgroundConfiguration``.
    open var backgroundView: UIView? {
        didSet {
            if backgroundView != nil { backgroundConfiguration = nil }
            replace(oldValue, with: backgroundView, at: 0)
        }
    }

    /// Shown behind the content while the cell is selected or highlighted. Nil means the
    /// default (a grey fill, per ``selectionStyle``). Setting one clears ``backgroundConfiguration``.
    open var selectedBackgroundView: UIView? {
        didSet {
            if selectedBackgroundView != nil { backgroundConfiguration = nil }
            selectionBackgroundChanged(from: oldValue)
        }
    }

    /// Used instead of ``selectedBackgroundView`` when the table allows multiple selection.
    /// Setting one clears ``backgroundConfiguration``.
    open var multipleSelectionBackgroundView: UIView? {
        didSet {
            if multipleSelectionBackgroundView != nil { backgroundConfiguration = nil }
            selectionBackgroundChanged(from: oldValue)
        }
    }

    // MARK: Configurations (storage; see UITableViewCell+Configuration.swift)

    /// The content and its styling as a value; setting one installs its content view as
    /// ``contentView`` (or updates the one there when it supports the new configuration),
    /// and the legacy ``textLabel``, ``detailTextLabel`` and ``imageView`` go. Nil puts
    /// back a plain content view with the legacy labels.
    public var contentConfiguration: (any UIContentConfiguration)? {
        didSet { contentConfigurationDidChange(from: oldValue) }
    }
    /// Whether a state change (selection, highlight, editing, swipe) applies the content
    /// configuration's `updated(for:)` to it; true by default.
    public var automaticallyUpdatesContentConfiguration = true
    /// The background as a value: colour, corners, insets, stroke. Setting one clears
    /// ``backgroundView``, ``selectedBackgroundView`` and ``multipleSelectionBackgroundView``,
    /// and the background follows the state from then on (a selected row turns grey).
    public var backgroundConfiguration: UIBackgroundConfiguration? {
        didSet { backgroundConfigurationDidChange() }
    }
    /// Whether a state change applies the background configuration's `updated(for:)`; true by default.
    public var automaticallyUpdatesBackgroundConfiguration = true
    /// Called after ``updateConfiguration(using:)`` each time the configuration is updated
    /// for a new state; setting it asks for an update.
    public var configurationUpdateHandler: ConfigurationUpdateHandler? {
        didSet { setNeedsUpdateConfiguration() }
    }
    /// A handler that configures a cell for a state (``configurationUpdateHandler``).
    public typealias ConfigurationUpdateHandler = (_ cell: UITableViewCell, _ state: UICellConfigurationState) -> Void

    /// Whether a configuration update is due before the next layout or measurement.
    var needsConfigurationUpdate = true
    /// Whether an update is running (configurations it sets do not ask for another).
    var isUpdatingConfiguration = false
    /// Whether the next update should animate (an animated deselection fades the background).
    var animatesNextConfigurationUpdate = false
    /// The view that draws ``backgroundConfiguration``.
    var backgroundConfigurationView: BackgroundConfigurationView?

    /// The cell's current state: selected, highlighted, editing, swiped, reordering.
    /// Override it (calling `super`) to add custom states.
    open var configurationState: UICellConfigurationState { currentConfigurationState() }

    /// Updates the cell's configurations for `state`; called before the cell is first
    /// shown and after every state change, after the automatic updates of the content and
    /// background configurations and before ``configurationUpdateHandler``. Override it
    /// rather than calling it; ask for an update with ``setNeedsUpdateConfiguration()``.
    /// The default does nothing.
    open func updateConfiguration(using state: UICellConfigurationState) {}

    /// Asks for a configuration update before the next layout; requests coalesce.
    open func setNeedsUpdateConfiguration() {
        needsConfigurationUpdate = true
        setNeedsLayout()
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
    open var selectionStyle: SelectionStyle = .default {
        didSet { if selectionStyle != oldValue { setNeedsUpdateConfiguration() } }
    }
    /// Whether the cell shows a selected row. Setting it calls ``setSelected(_:animated:)``
    /// without animation; the table selects with that method, so an override of this
    /// property sees only the app's own sets, as in UIKit.
    open var isSelected: Bool {
        get { selectedFlag }
        set { setSelected(newValue, animated: false) }
    }
    /// Whether a finger is on the row. Setting it calls ``setHighlighted(_:animated:)`` without animation.
    open var isHighlighted: Bool {
        get { highlightedFlag }
        set { setHighlighted(newValue, animated: false) }
    }
    /// Whether the cell is in editing mode. Setting it calls ``setEditing(_:animated:)`` without animation.
    open var isEditing: Bool {
        get { editingFlag }
        set { setEditing(newValue, animated: false) }
    }
    /// The editing control the table gave the row: `.delete`, `.insert`, or `.none` (also
    /// for the multiple-selection circle), from the delegate's `editingStyleForRowAt`.
    open var editingStyle: EditingStyle {
        switch editingControlKind {
        case .delete: .delete
        case .insert: .insert
        case .none, .multipleSelection: .none
        }
    }
    var selectedFlag = false
    var highlightedFlag = false
    var editingFlag = false
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
    /// Set by a table whose `separatorInsetReference` is `.fromAutomaticInsets`: the
    /// separator inset is added to the automatic one instead of measured from the edges.
    var separatorInsetIsFromAutomatic = false { didSet { if separatorInsetIsFromAutomatic != oldValue { setNeedsLayout() } } }

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
        let changed = selected != selectedFlag
        selectedFlag = selected
        editingControl?.setNeedsDisplay()
        if selected { showSelection() } else if !highlightedFlag { hideSelection(animated: animated) }
        if changed { stateDidChange(animated: animated && !selected) }
    }

    /// Highlights the cell while a finger is on it.
    open func setHighlighted(_ highlighted: Bool, animated: Bool) {
        let changed = highlighted != highlightedFlag
        highlightedFlag = highlighted
        if highlighted { showSelection() } else if !selectedFlag { hideSelection(animated: animated) }
        if changed { stateDidChange(animated: animated && !highlighted) }
    }

    /// Moves the cell into or out of editing: the editing control slides in at the left
    /// and the content makes room (when ``shouldIndentWhileEditing``), the reorder control
    /// appears at the right, and the accessory cross-fades to the editing accessory
    /// (UITableViewCell+Editing.swift). The table calls this from its own `setEditing`.
    open func setEditing(_ editing: Bool, animated: Bool) {
        guard editing != editingFlag else { return }
        // Lay out as things are, so that an animated change starts from there.
        if animated && window != nil { layoutIfNeeded() }
        let target: StateMask = editing ? [.showingEditControl] : []
        reportingTransition = true
        willTransition(to: target)
        editingFlag = editing
        applyEditing(animated: animated)
        stateDidChange(animated: false)
        didTransition(to: target)
        reportingTransition = false
    }

    /// Whether lines separate the rows (``UITableView/separatorStyle``).
    public enum SeparatorStyle: Int, Sendable {
        /// No separators.
        case none
        /// A thin line under each row (in grouped styles, not under a section's last row).
        case singleLine
    }

    /// The editing states a cell moves between, as ``willTransition(to:)`` and
    /// ``didTransition(to:)`` report them.
    public struct StateMask: OptionSet, Hashable, Sendable {
        /// The raw bits.
        public let rawValue: UInt
        /// A mask from raw bits.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// No editing control or confirmation: the cell's normal state.
        public static let defaultMask: StateMask = []
        /// The table is editing: the editing control (and reorder control) shows.
        public static let showingEditControl = StateMask(rawValue: 1 << 0)
        /// The red delete-confirmation button shows.
        public static let showingDeleteConfirmation = StateMask(rawValue: 1 << 1)
    }

    /// Whether the red delete-confirmation button shows (after a tap on the editing
    /// control's minus).
    open var showingDeleteConfirmation: Bool { deleteConfirmation != nil }

    /// Called just before the cell changes state: editing begins (`[.showingEditControl]`)
    /// or ends (`[]`), or the delete confirmation appears or goes. `state` is the state to
    /// come. Override to adjust subviews; the default does nothing.
    open func willTransition(to state: StateMask) {}

    /// Called once the cell has changed to `state` (the layout of the change, animated or
    /// not, has been set). The default does nothing.
    open func didTransition(to state: StateMask) {}

    /// The state the cell is in, as ``StateMask`` bits.
    var currentStateMask: StateMask {
        var mask: StateMask = []
        if editingFlag { mask.insert(.showingEditControl) }
        if deleteConfirmation != nil { mask.insert(.showingDeleteConfirmation) }
        return mask
    }

    /// True while ``setEditing(_:animated:)`` reports its own transition, so that the delete
    /// confirmation it hides does not report a second one.
    var reportingTransition = false

    // MARK: Editing (storage; see UITableViewCell+Editing.swift)

    /// The control the table asked for at the left while editing.
    var editingControlKind = EditingControlKind.none
    /// Whether the table's data source lets this row be edited (`canEditRowAt`).
    var isEditableRow = false
    var editingControl: EditingControlView?
    var reorderControl: ReorderControlView?
    var deleteConfirmation: DeleteConfirmationButton?

    /// Called before the table hands this cell out again from the reuse pool: reset
    /// state that belongs to the previous row. The default clears selection and
    /// highlight; the table resets nothing else.
    open func prepareForReuse() {
        if selectedFlag || highlightedFlag {
            selectedFlag = false
            highlightedFlag = false
            hideSelection(animated: false)
            stateDidChange(animated: false)
        }
    }

    // MARK: Internals

    private func replace(_ old: UIView?, with new: UIView?, at index: Int) {
        old?.removeFromSuperview()
        if let new { insertSubview(new, at: index) }
        setNeedsLayout()
    }

    /// A standard label just made takes the font and colour of the style's default content
    /// configuration (`isText`: the main label's, otherwise the secondary's), so that a
    /// legacy cell and a configured one look the same; the font follows its text style and
    /// the label adjusts to the text size, as a standard style's labels do in iOS (a fixed
    /// font the app sets keeps its size).
    private func styleStandardLabel(_ label: UILabel, isText: Bool) {
        let defaults = defaultContentConfiguration()
        label.highlightedTextColor = .label
        label.adjustsFontForContentSizeCategory = true
        switch (style, isText) {
        case (.value2, true):
            label.font = UIFontMetrics(forTextStyle: .caption1).scaledFont(for: .boldSystemFont(ofSize: 12))
            label.textColor = .systemBlue
            label.textAlignment = .right
        case (.value2, false):
            label.font = UIFontMetrics(forTextStyle: .subheadline).scaledFont(for: .systemFont(ofSize: 15))
            label.textColor = .label
        case (_, true):
            label.font = defaults.textProperties.font
            label.textColor = defaults.textProperties.color
        case (_, false):
            label.font = defaults.secondaryTextProperties.font
            label.textColor = defaults.secondaryTextProperties.color
            if style == .value1 { label.textAlignment = .right }
        }
    }

    /// Puts a standard view just made into the content view, unless a content
    /// configuration holds the content view now (it joins the plain content view that
    /// comes back when the configuration is removed), and lays the cell out again. Made
    /// while the cell shows its selection, it is highlighted with the views already there.
    private func addStandardView(_ view: UIView) {
        if contentConfiguration == nil {
            contentView.addSubview(view)
            joinSelectionLook(view)
        }
        setNeedsLayout()
    }

    private func configureStandardViews() {
        separatorView.backgroundColor = .separator
        separatorView.isUserInteractionEnabled = false
    }

    /// Puts the standard labels and image view made so far into `content`.
    func addLegacyViews(to content: UIView) {
        for view in [madeTextLabel, madeDetailTextLabel, madeImageView as UIView?].compactMap({ $0 }) {
            content.addSubview(view)
        }
    }

    /// The selected or multiple-selection background on screen now, if any.
    var currentSelectionBackground: UIView?
    /// What the selection changed on the views in front, to put back (nil: nothing changed).
    var savedLooks: [SavedLook]?
    /// Bumped by every selection change, so that a fade cut short does not finish.
    var selectionSerial = 0

    lazy var defaultSelectedBackground: UIView = {
        let view = UIView()
        view.backgroundColor = .systemGray4
        return view
    }()

    /// Multiple selection while editing (Mail): a light blue tint, or in the dark appearance
    /// a dark one under the light text; the check circle is the editing control.
    lazy var defaultEditingMultipleSelectionBackground: UIView = {
        let view = UIView()
        view.backgroundColor = UIBackgroundConfiguration.editingSelectionColor
        return view
    }()

    func accessoryDidChange(animated: Bool = false) {
        let old = accessoryContainer
        accessoryContainer = nil
        let custom = editingFlag ? editingAccessoryView : accessoryView
        let type = editingFlag ? editingAccessoryType : accessoryType
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
        updateConfigurationIfNeeded()
        super.layoutSubviews()
        let b = bounds
        backgroundView?.frame = b
        backgroundConfigurationView?.frame = b
        currentSelectionBackground?.frame = b
        let editingRoom = layoutEditingControls(in: b)
        if let accessory = accessoryContainer {
            let size = Self.accessorySize(accessory, in: b.size)
            let x = editingRoom.right - Self.defaultMargin - size.width
            accessory.frame = CGRect(x: x, y: ((b.height - size.height) / 2).rounded(), width: size.width,
                                     height: size.height)
        }
        let span = contentSpan(cellWidth: b.width, editingRoom: editingRoom)
        contentView.frame = CGRect(x: span.x, y: 0, width: span.width, height: b.height)
        if contentConfiguration == nil {
            layoutStandardViews(in: contentView.bounds)
        } else if let list = contentView as? UIListContentView {
            // Its margins come from here (an accessory takes the trailing one away), and the
            // separator below starts where its text does: it is laid out now, not after.
            list.setNeedsLayout()
            list.layer.layoutSubtree()
        }
        let scale = window?.screenScale ?? 1
        // The separator starts under the content, so it moves with the editing indent,
        // and stops short of the index bar, as the content does. Under a row with an
        // image it starts where the text does, as iOS draws it.
        var separatorLeft = separatorInset.left + editingRoom.left
        if separatorInsetIsFromAutomatic {
            var automatic = Self.defaultMargin + editingRoom.left
            if let text = textLeadingForSeparator() { automatic = max(automatic, contentView.frame.minX + text) }
            separatorLeft = automatic + separatorInset.left
        } else if separatorInset.left == Self.defaultMargin, let text = textLeadingForSeparator() {
            separatorLeft = max(separatorLeft, contentView.frame.minX + text)
        }
        separatorView.frame = CGRect(x: separatorLeft, y: b.height - 1 / scale,
                                     width: max(0, b.width - separatorLeft - separatorInset.right - trailingInset),
                                     height: 1 / scale)
        if subviews.last !== separatorView { bringSubviewToFront(separatorView) }
    }

    static func accessorySize(_ accessory: UIView, in size: CGSize) -> CGSize {
        let own = accessory.bounds.size
        return own == .zero ? accessory.sizeThatFits(size) : own
    }

    /// Where the content view goes in a cell `cellWidth` wide: after the editing control
    /// (when the content indents) and the indentation, up to 6 points before the
    /// accessory, or to the editing room's right edge.
    func contentSpan(cellWidth: CGFloat, editingRoom: (left: CGFloat, right: CGFloat)) -> (x: CGFloat, width: CGFloat) {
        var right = editingRoom.right
        if let accessory = accessoryContainer {
            right = editingRoom.right - Self.defaultMargin - Self.accessorySize(accessory, in: bounds.size).width - 6
        }
        let x = CGFloat(indentationLevel) * indentationWidth + editingRoom.left
        return (x, max(0, right - x))
    }

    /// The room the editing pieces leave at `width`, without moving them (for measuring):
    /// inside the side safe areas of the row the cell is measured for.
    func editingRoom(cellWidth width: CGFloat) -> (left: CGFloat, right: CGFloat) {
        let safe = tableContentSafeSides(inRowOfWidth: width)
        var right = width - trailingInset - safe.right
        if let confirm = deleteConfirmation { right -= confirm.preferredWidth }
        if editingFlag && showsReorderControl && deleteConfirmation == nil { right -= Self.reorderControlWidth }
        return (safe.left + (indentsForEditingControl ? Self.editingControlWidth : 0), right)
    }

    /// The margins the content lines up with: 16 points at each side, none at the
    /// trailing side when an accessory follows (it keeps its own 6-point gap).
    var contentMargins: NSDirectionalEdgeInsets {
        NSDirectionalEdgeInsets(top: 0, leading: Self.defaultMargin, bottom: 0,
                                trailing: accessoryContainer == nil ? Self.defaultMargin : 0)
    }

    /// Where the text starts in the content view when a leading image precedes it (the
    /// separator starts there too); nil without an image.
    private func textLeadingForSeparator() -> CGFloat? {
        if contentConfiguration == nil {
            guard madeImageView?.image != nil, let label = madeTextLabel, !label.frame.isEmpty else { return nil }
            return label.frame.minX
        }
        guard let list = contentView as? UIListContentView,
              (list.configuration as? UIListContentConfiguration)?.image != nil else { return nil }
        return list.textFrame?.minX
    }

    /// The width the image takes before the text: a symbol is centred in a column of
    /// 29 points (wider symbols take their width), so that the text of rows with
    /// different symbols lines up, as in iOS; other images take their own width.
    static func imageSlotWidth(for image: UIImage, size: CGSize) -> CGFloat {
        image.isSymbolImage ? max(29, size.width) : size.width
    }

    /// The legacy labels' layout: the one of the style's default content configuration
    /// (``ListContentLayout``), or the `.value2` columns.
    private func standardLayout() -> ListContentLayout {
        let defaults = Self.standardConfigurations[style] ?? .cell()
        var layout = ListContentLayout(margins: NSDirectionalEdgeInsets(
            top: defaults.directionalLayoutMargins.top, leading: contentMargins.leading,
            bottom: defaults.directionalLayoutMargins.bottom, trailing: contentMargins.trailing))
        if let imageView = madeImageView, let image = imageView.image {
            let size = imageView.intrinsicContentSize
            layout.imageSize = size
            layout.imageBox = CGSize(width: Self.imageSlotWidth(for: image, size: size), height: size.height)
        }
        layout.imageToTextPadding = defaults.imageToTextPadding
        layout.sideBySide = defaults.prefersSideBySideTextAndSecondaryText
        layout.horizontalPadding = defaults.textToSecondaryTextHorizontalPadding
        layout.verticalPadding = defaults.textToSecondaryTextVerticalPadding
        layout.text = madeTextLabel?.listMeasure
        if let madeDetailTextLabel, style != .default { layout.secondary = madeDetailTextLabel.listMeasure }
        return layout
    }

    /// Each style's default content configuration, made once (the legacy layout reads it at every layout).
    private static let standardConfigurations: [CellStyle: UIListContentConfiguration] = Dictionary(
        uniqueKeysWithValues: [CellStyle.default, .subtitle, .value1, .value2].map { ($0, defaultConfiguration(for: $0)) })

    /// Lays out the labels and image of the standard styles.
    private func layoutStandardViews(in area: CGRect) {
        if style == .value2 {
            let right = area.width - contentMargins.trailing
            let column: CGFloat = 91
            madeTextLabel?.frame = CGRect(x: Self.defaultMargin, y: 0, width: column - Self.defaultMargin, height: area.height)
            madeDetailTextLabel?.frame = CGRect(x: column + 6, y: 0, width: max(0, right - column - 6), height: area.height)
            return
        }
        let frames = standardLayout().frames(in: area.size)
        madeImageView?.frame = frames.image ?? .zero
        madeTextLabel?.frame = frames.text ?? .zero
        madeDetailTextLabel?.frame = frames.secondary ?? .zero
    }

    /// The height the cell needs at `size.width` (UITableView.automaticDimension): its
    /// content's height at the width the content view gets there (the standard labels'
    /// layout, or the content configuration's view), at least 44 points. Subclasses
    /// with their own content override this.
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        updateConfigurationIfNeeded()
        let span = contentSpan(cellWidth: size.width, editingRoom: editingRoom(cellWidth: size.width))
        let height: CGFloat
        if contentConfiguration != nil {
            height = contentView.sizeThatFits(CGSize(width: span.width, height: 0)).height
        } else if style == .value2 {
            let title = madeTextLabel?.sizeThatFits(.zero).height ?? 0
            let detail = madeDetailTextLabel?.sizeThatFits(.zero).height ?? 0
            height = max(title, detail) + 22
        } else {
            height = standardLayout().height(forWidth: span.width)
        }
        return CGSize(width: size.width, height: max(44, height).rounded(.up))
    }

    /// A cell whose content view holds constraints sizes itself by them, as UIKit's
    /// self-sizing cells do: the cell takes `targetSize.width`, lays out (the content view
    /// makes room for the accessory), and its height is what the content view's
    /// constraints make of that width at the given vertical priority. A cell without
    /// constraints in its content view answers as a plain view does.
    open override func systemLayoutSizeFitting(_ targetSize: CGSize, withHorizontalFittingPriority horizontalFittingPriority: UILayoutPriority,
                                               verticalFittingPriority: UILayoutPriority) -> CGSize {
        updateConfigurationIfNeeded()
        guard contentView.constraintsInSubtree > 0 else {
            return super.systemLayoutSizeFitting(targetSize, withHorizontalFittingPriority: horizontalFittingPriority,
                                                 verticalFittingPriority: verticalFittingPriority)
        }
        let resized = bounds.width != targetSize.width || contentView.bounds.width == 0
        if resized || layer.needsLayout() {
            // Only this cell's own layout (where the content view goes beside the
            // accessory): layoutIfNeeded could lay out the table the cell is in. Also when
            // only the height changed since the last layout (a cell frozen mid-animation):
            // what the cell adds around its content is measured from the two heights, which
            // must come from one layout.
            UIView.performWithoutAnimation {
                if resized {
                    bounds.size = CGSize(width: targetSize.width, height: max(bounds.height, 44))
                    // Centred where its row will be, not around the old width's centre: the
                    // content is laid out inside the safe area of the row's frame (see
                    // tableContentSafeSides(inRowOfWidth:)).
                    if let row = frameInRow(width: targetSize.width) { center.x = row.midX }
                }
                layoutSubviews()
            }
        }
        let content = contentView.systemLayoutSizeFitting(CGSize(width: contentView.bounds.width, height: targetSize.height),
                                                          withHorizontalFittingPriority: .required,
                                                          verticalFittingPriority: verticalFittingPriority)
        return CGSize(width: targetSize.width, height: (content.height + (bounds.height - contentView.bounds.height)).rounded(.up))
    }
}

/// The table's drawn accessory glyph of `type`, for a list cell in a collection view.
@MainActor
package func makeAccessoryGlyph(_ type: UITableViewCell.AccessoryType) -> UIView { AccessoryGlyphView(type: type) }

/// The info button's glyph, 22 points square with its left edge at `x`: a ring in `tint`
/// around an "i". A list cell's detail accessory draws the same glyph.
package func drawInfoGlyph(in ctx: CGContext, atX x: CGFloat, tint: CGColor) {
    ctx.setStrokeColor(tint)
    ctx.setLineWidth(1.5)
    ctx.stroke(Path(ellipseIn: CGRect(x: x + 1, y: 1, width: 20, height: 20)))
    ctx.setFillColor(tint)
    ctx.fill(Path(ellipseIn: CGRect(x: x + 9.75, y: 5, width: 2.5, height: 2.5)))
    ctx.fill(CGRect(x: x + 10, y: 9, width: 2, height: 8))
}

/// The standard accessory glyphs: chevron, checkmark, info button. They grow with the
/// preferred text size.
@MainActor
final class AccessoryGlyphView: UIView, ContentSizeCategoryFollowing {
    let type: UITableViewCell.AccessoryType
    var isHighlighted = false { didSet { setNeedsDisplay() } }

    /// Whether it is (or holds) the info button, which takes taps.
    var isInfoButton: Bool { type == .detailButton || type == .detailDisclosureButton }

    init(type: UITableViewCell.AccessoryType) {
        self.type = type
        super.init(frame: .zero)
        isOpaque = false
        contentMode = .redraw
        isUserInteractionEnabled = isInfoButton
        // At the standard text size until it first reads its traits in a window (then
        // ``followContentSizeCategory(from:to:)`` sizes it for theirs).
        frame.size = Self.size(of: type)
        if isUserInteractionEnabled {
            // The info button: the table tells its delegate instead of selecting the row.
            addGestureRecognizer(UITapGestureRecognizer { [weak self] _ in
                guard let cell = self?.superview as? UITableViewCell, let table = cell.superview as? UITableView,
                      let indexPath = table.indexPath(for: cell) else { return }
                table.tableDelegate?.tableView(table, accessoryButtonTappedForRowWith: indexPath)
                if let segue = cell.accessorySegue { InterfaceBuilder.trigger(segue, sender: cell) }
            })
        }
    }

    required init?(coder: NSCoder) { return nil }

    /// The glyph's size at the standard text size, scaled by `scale`.
    static func size(of type: UITableViewCell.AccessoryType, scale: CGFloat = 1) -> CGSize {
        let size = switch type {
        case .none: CGSize.zero
        case .disclosureIndicator: CGSize(width: 8, height: 13)
        case .checkmark: CGSize(width: 14, height: 11)
        case .detailButton: CGSize(width: 22, height: 22)
        case .detailDisclosureButton: CGSize(width: 22 + 12 + 8, height: 22)
        }
        return CGSize(width: (size.width * scale).rounded(), height: (size.height * scale).rounded())
    }

    /// How much larger than at the standard text size the glyph is drawn at the text size
    /// `category` (nil: its traits'): it follows the preferred text size as body text
    /// does (UIKit's accessory glyphs are symbols configured with the body text style).
    private func glyphScale(for category: UIContentSizeCategory? = nil) -> CGFloat {
        let traits = category.map { UITraitCollection(preferredContentSizeCategory: $0) } ?? traitCollection
        let scale = UIFontMetrics(forTextStyle: .body).scaledValue(for: 1, compatibleWith: traits)
        return scale.isFinite && scale > 0 ? scale : 1
    }

    override func sizeThatFits(_ size: CGSize) -> CGSize { Self.size(of: type, scale: glyphScale()) }

    func followContentSizeCategory(from previous: UIContentSizeCategory?, to category: UIContentSizeCategory) {
        let size = Self.size(of: type, scale: glyphScale(for: category))
        guard size != bounds.size else { return }
        bounds.size = size
        setNeedsDisplay()
        // The cell places the glyph by its size, and its content beside it.
        superview?.setNeedsLayout()
    }

    override func draw(_ rect: CGRect) {
        guard let ctx = UIGraphicsGetCurrentContext() else { return }
        // Drawn at the standard size, scaled to the glyph's own.
        let standard = Self.size(of: type)
        if standard.width > 0, standard.height > 0, bounds.size != standard {
            ctx.scaleBy(x: bounds.width / standard.width, y: bounds.height / standard.height)
        }
        let tint = (tintColor ?? .systemBlue).cgColor
        // iOS draws the chevron in the tertiary label colour: light grey on white, dark
        // grey on black.
        let grey = UIColor.tertiaryLabel.resolvedColor(with: traitCollection).cgColor
        ctx.setLineWidth(2)
        func chevron(at x: CGFloat) {
            var p = Path()
            p.move(to: CGPoint(x: x + 1.5, y: 1.5))
            p.addLine(to: CGPoint(x: x + 6.5, y: 6.5))
            p.addLine(to: CGPoint(x: x + 1.5, y: 11.5))
            ctx.setStrokeColor(grey)
            ctx.stroke(p)
        }
        func info(at x: CGFloat) { drawInfoGlyph(in: ctx, atX: x, tint: tint) }
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
