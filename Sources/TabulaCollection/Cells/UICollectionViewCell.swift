import Foundation
import TabulaUIKit

/// The view of one item of a collection view: a ``contentView`` for what the item shows,
/// in front of an optional ``backgroundView`` and, while selected or highlighted, a
/// ``selectedBackgroundView``.
///
/// Content and background configurations work as in a table cell: setting
/// ``contentConfiguration`` makes its view the ``contentView``; a
/// ``backgroundConfiguration`` replaces the background views. Each change of
/// ``isSelected`` or ``isHighlighted`` asks for a configuration update, in which the
/// configurations get their `updated(for:)`, then ``updateConfiguration(using:)`` runs,
/// then ``configurationUpdateHandler``.
@preconcurrency @MainActor
open class UICollectionViewCell: UICollectionReusableView {
    /// The view to add the cell's content to; it fills the cell, in front of the backgrounds.
    public private(set) var contentView = UIView()
    func setContentView(_ view: UIView) { contentView = view }

    /// A view behind the content, filling the cell.
    open var backgroundView: UIView? {
        didSet {
            guard backgroundView !== oldValue else { return }
            oldValue?.removeFromSuperview()
            if backgroundView != nil { backgroundConfiguration = nil }
            arrangeBackgrounds()
        }
    }

    /// A view shown above ``backgroundView`` while the cell is selected or highlighted.
    open var selectedBackgroundView: UIView? {
        didSet {
            guard selectedBackgroundView !== oldValue else { return }
            oldValue?.removeFromSuperview()
            if selectedBackgroundView != nil { backgroundConfiguration = nil }
            arrangeBackgrounds()
        }
    }

    /// Whether the cell shows a selected item (the collection view sets it).
    open var isSelected = false {
        didSet { if isSelected != oldValue { stateDidChange() } }
    }

    /// Whether a finger is on the cell (the collection view sets it).
    open var isHighlighted = false {
        didSet { if isHighlighted != oldValue { stateDidChange() } }
    }

    // MARK: Configurations

    /// The content configuration; its view becomes the ``contentView``. Nil by default.
    public var contentConfiguration: (any UIContentConfiguration)? {
        didSet { contentConfigurationDidChange(from: oldValue) }
    }

    /// The background configuration; it replaces ``backgroundView`` and
    /// ``selectedBackgroundView``. Nil by default.
    public var backgroundConfiguration: UIBackgroundConfiguration? {
        didSet { if backgroundConfiguration != oldValue { backgroundConfigurationDidChange() } }
    }

    /// Whether the content configuration is replaced by its `updated(for:)` at each
    /// state change (true by default).
    public var automaticallyUpdatesContentConfiguration = true
    /// Whether the background configuration is replaced by its `updated(for:)` at each
    /// state change (true by default).
    public var automaticallyUpdatesBackgroundConfiguration = true

    /// A handler that configures a cell for a state (``configurationUpdateHandler``).
    public typealias ConfigurationUpdateHandler = (_ cell: UICollectionViewCell, _ state: UICellConfigurationState) -> Void

    /// Called at each configuration update, after ``updateConfiguration(using:)``.
    public var configurationUpdateHandler: ConfigurationUpdateHandler? {
        didSet { setNeedsUpdateConfiguration() }
    }

    /// The cell's state: selected, highlighted, editing (its collection view is editing
    /// and the delegate lets the item be edited), expanded (an outline item showing its children).
    open var configurationState: UICellConfigurationState {
        var state = UICellConfigurationState()
        state.isSelected = isSelected
        state.isHighlighted = isHighlighted
        state.isEditing = isEditingItem
        state.isExpanded = isExpandedItem
        return state
    }

    /// Whether the collection view shows this cell's item in editing mode (it sets it).
    private(set) var isEditingItem = false
    /// Whether the cell's item is an expanded outline item (the collection view sets it).
    private(set) var isExpandedItem = false

    /// Puts the cell in or out of editing mode; subclasses show what changes in
    /// ``editingItemDidChange(animated:)``.
    func setEditingItem(_ editing: Bool, animated: Bool) {
        guard editing != isEditingItem else { return }
        isEditingItem = editing
        editingItemDidChange(animated: animated)
        stateDidChange()
    }

    /// Marks the cell's outline item expanded or collapsed.
    func setExpandedItem(_ expanded: Bool, animated: Bool) {
        guard expanded != isExpandedItem else { return }
        isExpandedItem = expanded
        expandedItemDidChange(animated: animated)
        stateDidChange()
    }

    /// Called after the editing state changed (the list cell swaps its accessories).
    func editingItemDidChange(animated: Bool) {}
    /// Called after a background configuration was set or removed (the list cell's own
    /// background gives way to it).
    func backgroundConfigurationWasReplaced() {}
    /// Called after the expanded state changed (the list cell turns its outline chevron).
    func expandedItemDidChange(animated: Bool) {}

    /// Override to configure the cell for `state`; runs at each configuration update,
    /// after the configurations are updated. The default does nothing.
    open func updateConfiguration(using state: UICellConfigurationState) {}

    /// Asks for a configuration update before the next layout of the cell.
    open func setNeedsUpdateConfiguration() {
        needsConfigurationUpdate = true
        setNeedsLayout()
    }

    /// A background configuration for a cell of a list: ``UIBackgroundConfiguration/listPlainCell()``.
    public func defaultBackgroundConfiguration() -> UIBackgroundConfiguration { .listPlainCell() }

    var needsConfigurationUpdate = true
    var isUpdatingConfiguration = false
    /// Whether the cell is laid out at its estimate only to place its content view before
    /// that is measured (``preferredLayoutAttributesFitting(_:)``): its content is not to be
    /// laid out then.
    var isPlacingForMeasurement = false
    var backgroundConfigurationView: BackgroundConfigurationView?

    // MARK: Making

    /// An empty cell.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        contentView.frame = bounds
        addSubview(contentView)
    }

    /// Creates the view from a storyboard or nib, as ``UIView/init(coder:)`` does; the
    /// file's cell properties are set before it returns.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        contentView.frame = bounds
        addSubview(contentView)
        InterfaceBuilderCoder.decode(coder, into: self, at: UICollectionViewCell.self)
    }

    override var measuredView: UIView { contentView }

    /// The content view follows the cell's size at once, as UIKit's autoresizing content
    /// view does: the constraints of views pinned to it are solved against its new size.
    open override var bounds: CGRect {
        didSet {
            let content = CGRect(origin: .zero, size: bounds.size)
            if bounds.size != oldValue.size, contentView.frame != content { contentView.frame = content }
        }
    }

    open override func layoutSubviews() {
        updateConfigurationIfNeeded()
        super.layoutSubviews()
        contentView.frame = bounds
        backgroundView?.frame = bounds
        selectedBackgroundView?.frame = bounds
        backgroundConfigurationView?.frame = bounds
    }

    /// The content view's size for a self-sizing layout, after any pending configuration
    /// update (it may install the content view that is measured).
    open override func preferredLayoutAttributesFitting(_ layoutAttributes: UICollectionViewLayoutAttributes)
        -> UICollectionViewLayoutAttributes {
        updateConfigurationIfNeeded()
        // Measuring one length: the cell places its content view at the estimate first (a
        // list cell's is narrower by its accessories), but the content itself is not laid
        // out there: its constraints (a subview 200 points tall) would conflict with the
        // estimated height. It is laid out once the cell has its measured size.
        if layoutAttributes.selfSizingAxis != .both, layer.needsLayout() {
            isPlacingForMeasurement = true
            layoutSublayers(of: layer)
            isPlacingForMeasurement = false
        }
        return super.preferredLayoutAttributesFitting(layoutAttributes)
    }
}
