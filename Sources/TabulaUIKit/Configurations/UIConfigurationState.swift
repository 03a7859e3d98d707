import Foundation

/// A key for state of your own in a configuration state (UIKit's `UIConfigurationStateCustomKey`).
///
/// ```swift
/// extension UIConfigurationStateCustomKey {
///     static let isArchived = UIConfigurationStateCustomKey("com.example.isArchived")
/// }
/// state[.isArchived] = true
/// ```
public struct UIConfigurationStateCustomKey: Hashable, RawRepresentable, Sendable {
    /// The key's name; use a reverse-DNS name so that keys of different code do not clash.
    public let rawValue: String
    /// A key named `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// A key named `rawValue`.
    public init(_ rawValue: String) { self.rawValue = rawValue }
}

/// What a view is doing that its configurations may depend on: selected, highlighted,
/// disabled and so on, plus state of your own under custom keys.
///
/// UIKit's protocol also requires a trait collection (`init(traitCollection:)`,
/// `traitCollection`); Tabula has no `UITraitCollection` yet, so the protocol has only
/// the custom-state subscript.
public protocol UIConfigurationState {
    /// Custom state stored under `key`; nil when none is set.
    subscript(key: UIConfigurationStateCustomKey) -> AnyHashable? { get set }
}

/// The state of a view that is not a cell: a header or footer
/// (``UITableViewHeaderFooterView/configurationState``), a button.
public struct UIViewConfigurationState: UIConfigurationState, Hashable {
    /// Whether the view is disabled.
    public var isDisabled = false
    /// Whether a finger is on the view.
    public var isHighlighted = false
    /// Whether the view is selected.
    public var isSelected = false
    /// Whether the view has the focus.
    public var isFocused = false
    /// Whether the view is pinned (a floating section header).
    public var isPinned = false
    private var custom: [UIConfigurationStateCustomKey: AnyHashable] = [:]

    /// A state with every flag off and no custom state.
    public init() {}

    /// Custom state stored under `key`; nil when none is set.
    public subscript(key: UIConfigurationStateCustomKey) -> AnyHashable? {
        get { custom[key] }
        set { custom[key] = newValue }
    }
}

/// The state of a cell (``UITableViewCell/configurationState``): the view states plus
/// editing, swiping, expansion, reordering, and drag and drop.
public struct UICellConfigurationState: UIConfigurationState, Hashable {
    /// Where a cell is in a drag.
    public enum DragState: Int, Hashable, Sendable {
        /// Not being dragged.
        case none
        /// Lifting, as the drag begins.
        case lifting
        /// Being dragged.
        case dragging
    }

    /// Where a cell is in a drop.
    public enum DropState: Int, Hashable, Sendable {
        /// Not taking part in a drop.
        case none
        /// A drop is under way but not over this cell.
        case notTargeted
        /// A drop is over this cell.
        case targeted
    }

    /// Whether the cell is disabled. A table cell is never disabled by the table; override
    /// ``UITableViewCell/configurationState`` to set it.
    public var isDisabled = false
    /// Whether a finger is on the row.
    public var isHighlighted = false
    /// Whether the row is selected.
    public var isSelected = false
    /// Whether the row has the keyboard focus.
    public var isFocused = false
    /// Whether the cell is pinned.
    public var isPinned = false
    /// Whether the table is editing.
    public var isEditing = false
    /// Whether the row is expanded (an outline; table rows are not).
    public var isExpanded = false
    /// Whether the row is swiped open, showing its swipe actions.
    public var isSwiped = false
    /// Whether the row is being moved by its reorder control.
    public var isReordering = false
    /// The cell's part in a drag.
    public var cellDragState = DragState.none
    /// The cell's part in a drop.
    public var cellDropState = DropState.none
    private var custom: [UIConfigurationStateCustomKey: AnyHashable] = [:]

    /// A state with every flag off and no custom state.
    public init() {}

    /// Custom state stored under `key`; nil when none is set.
    public subscript(key: UIConfigurationStateCustomKey) -> AnyHashable? {
        get { custom[key] }
        set { custom[key] = newValue }
    }
}

/// The flags configurations read, whichever kind of state they get.
struct ConfigurationFlags {
    var isSelected = false, isHighlighted = false, isDisabled = false, isEditing = false, isSwiped = false

    init(_ state: any UIConfigurationState) {
        if let cell = state as? UICellConfigurationState {
            isSelected = cell.isSelected
            isHighlighted = cell.isHighlighted
            isDisabled = cell.isDisabled
            isEditing = cell.isEditing
            isSwiped = cell.isSwiped
        } else if let view = state as? UIViewConfigurationState {
            isSelected = view.isSelected
            isHighlighted = view.isHighlighted
            isDisabled = view.isDisabled
        }
    }
}
