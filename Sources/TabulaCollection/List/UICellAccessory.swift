import Foundation
import TabulaUIKit

/// A view at the leading or trailing edge of a ``UICollectionViewListCell``: a chevron,
/// a checkmark, the delete and reorder controls of editing, an outline disclosure, a
/// label, or a view of your own.
@preconcurrency @MainActor
public struct UICellAccessory {
    /// When an accessory shows.
    public enum DisplayedState: Int, Sendable {
        /// Always.
        case always
        /// While the cell is editing.
        case whenEditing
        /// While the cell is not editing.
        case whenNotEditing
    }

    /// How much room an accessory keeps.
    public enum LayoutDimension: Sendable, Equatable {
        /// The standard room of its kind.
        case standard
        /// Its own size.
        case actual
        /// So many points.
        case custom(CGFloat)
    }

    /// Options of the chevron.
    public struct DisclosureIndicatorOptions {
        /// Whether the accessory is hidden (nil: the default, shown).
        public var isHidden: Bool?
        /// The room kept for it (nil: the standard room).
        public var reservedLayoutWidth: LayoutDimension?
        /// Its colour (nil: the cell's default for it).
        public var tintColor: UIColor?
        /// Options as given; nil keeps each default.
        public init(isHidden: Bool? = nil, reservedLayoutWidth: LayoutDimension? = nil, tintColor: UIColor? = nil) {
            self.isHidden = isHidden
            self.reservedLayoutWidth = reservedLayoutWidth
            self.tintColor = tintColor
        }
    }

    /// Options of the checkmark.
    public typealias CheckmarkOptions = DisclosureIndicatorOptions
    /// Options of the delete control.
    public typealias DeleteOptions = DisclosureIndicatorOptions
    /// Options of the reorder control.
    public typealias ReorderOptions = DisclosureIndicatorOptions
    /// Options of the outline disclosure.
    public struct OutlineDisclosureOptions {
        /// What a tap on the cell does.
        public enum Style: Int, Sendable {
            /// `.header` when the cell's content is a header configuration (such as
            /// `UIListContentConfiguration.header()`), otherwise `.cell`.
            case automatic
            /// A tap anywhere on the cell expands or collapses the item; the cell is not selected.
            case header
            /// Only a tap on the chevron expands or collapses the item; a tap elsewhere
            /// selects it as usual.
            case cell
        }
        /// What a tap on the cell does (nil: `.automatic`).
        public var style: Style?
        /// Whether the accessory is hidden (nil: the default, shown).
        public var isHidden: Bool?
        /// The room kept for it (nil: the standard room).
        public var reservedLayoutWidth: LayoutDimension?
        /// Its colour (nil: the cell's tint).
        public var tintColor: UIColor?
        /// Options as given; nil keeps each default.
        public init(style: Style? = nil, isHidden: Bool? = nil, reservedLayoutWidth: LayoutDimension? = nil, tintColor: UIColor? = nil) {
            self.style = style
            self.isHidden = isHidden
            self.reservedLayoutWidth = reservedLayoutWidth
            self.tintColor = tintColor
        }
    }

    /// Options of a label accessory.
    public struct LabelOptions {
        /// Whether the label is hidden (nil: shown).
        public var isHidden: Bool?
        /// The room kept for it (nil: its own width).
        public var reservedLayoutWidth: LayoutDimension?
        /// Its text colour (nil: secondary label).
        public var tintColor: UIColor?
        /// Its font (nil: body).
        public var font: UIFont?
        /// Options as given; nil keeps each default.
        public init(isHidden: Bool? = nil, reservedLayoutWidth: LayoutDimension? = nil, tintColor: UIColor? = nil,
                    font: UIFont? = nil) {
            self.isHidden = isHidden
            self.reservedLayoutWidth = reservedLayoutWidth
            self.tintColor = tintColor
            self.font = font
        }
    }

    /// Where among a cell's accessories a custom view goes: given the accessories on that
    /// side, the index to insert at.
    public typealias PlacementPosition = @MainActor ([UICellAccessory]) -> Int

    /// Which side of the cell a custom view is on.
    public enum Placement {
        /// Before the content, when `displayed` says, at the index `at` gives.
        case leading(displayed: DisplayedState = .always, at: PlacementPosition = { _ in 0 })
        /// After the content, when `displayed` says, at the index `at` gives.
        case trailing(displayed: DisplayedState = .always, at: PlacementPosition = { _ in 0 })
    }

    /// A view of your own as an accessory.
    public struct CustomViewConfiguration {
        /// The view shown.
        public var customView: UIView
        /// Which side it is on, and where among that side's accessories.
        public var placement: Placement
        /// Whether it is hidden (nil: shown).
        public var isHidden: Bool?
        /// The room kept for it.
        public var reservedLayoutWidth: LayoutDimension
        /// Its tint (nil: the cell's).
        public var tintColor: UIColor?
        /// Whether it keeps its own size rather than the row's height.
        public var maintainsFixedSize: Bool
        /// A configuration of `customView` at `placement`.
        public init(customView: UIView, placement: Placement, isHidden: Bool? = nil, reservedLayoutWidth: LayoutDimension = .standard,
                    tintColor: UIColor? = nil, maintainsFixedSize: Bool = false) {
            self.customView = customView
            self.placement = placement
            self.isHidden = isHidden
            self.reservedLayoutWidth = reservedLayoutWidth
            self.tintColor = tintColor
            self.maintainsFixedSize = maintainsFixedSize
        }
    }

    /// Called when an accessory with an action (delete, outline disclosure) is tapped.
    public typealias ActionHandler = @MainActor () -> Void

    enum Kind {
        case disclosureIndicator, checkmark, delete, reorder, outlineDisclosure
        case label(String, UIFont?)
        case custom(UIView)
    }

    let kind: Kind
    let displayed: DisplayedState
    let isHidden: Bool
    let tintColor: UIColor?
    let actionHandler: ActionHandler?
    let isLeading: Bool
    /// For an outline disclosure: what a tap on the cell does.
    var outlineStyle: OutlineDisclosureOptions.Style = .automatic

    /// The chevron of a row that leads somewhere.
    public static func disclosureIndicator(displayed: DisplayedState = .always,
                                           options: DisclosureIndicatorOptions = DisclosureIndicatorOptions()) -> UICellAccessory {
        UICellAccessory(kind: .disclosureIndicator, displayed: displayed, isHidden: options.isHidden ?? false,
                        tintColor: options.tintColor, actionHandler: nil, isLeading: false)
    }

    /// A checkmark in the tint colour.
    public static func checkmark(displayed: DisplayedState = .always, options: CheckmarkOptions = CheckmarkOptions()) -> UICellAccessory {
        UICellAccessory(kind: .checkmark, displayed: displayed, isHidden: options.isHidden ?? false,
                        tintColor: options.tintColor, actionHandler: nil, isLeading: false)
    }

    /// The red delete control at the leading edge.
    public static func delete(displayed: DisplayedState = .whenEditing, options: DeleteOptions = DeleteOptions(),
                              actionHandler: ActionHandler? = nil) -> UICellAccessory {
        UICellAccessory(kind: .delete, displayed: displayed, isHidden: options.isHidden ?? false,
                        tintColor: options.tintColor, actionHandler: actionHandler, isLeading: true)
    }

    /// The reorder grip at the trailing edge.
    public static func reorder(displayed: DisplayedState = .whenEditing, options: ReorderOptions = ReorderOptions()) -> UICellAccessory {
        UICellAccessory(kind: .reorder, displayed: displayed, isHidden: options.isHidden ?? false,
                        tintColor: options.tintColor, actionHandler: nil, isLeading: false)
    }

    /// The chevron that expands and collapses an outline item: it points to the trailing
    /// side while the item is collapsed and turns down as it expands. A tap (on the whole
    /// cell in the `.header` style, on the chevron in the `.cell` style) runs
    /// `actionHandler`, or without one expands or collapses the item through the
    /// collection view's diffable data source (see
    /// ``UICollectionViewDiffableDataSource/sectionSnapshotHandlers``).
    public static func outlineDisclosure(displayed: DisplayedState = .always, options: OutlineDisclosureOptions = OutlineDisclosureOptions(),
                                         actionHandler: ActionHandler? = nil) -> UICellAccessory {
        UICellAccessory(kind: .outlineDisclosure, displayed: displayed, isHidden: options.isHidden ?? false,
                        tintColor: options.tintColor, actionHandler: actionHandler, isLeading: false,
                        outlineStyle: options.style ?? .automatic)
    }

    /// A short text at the trailing edge, in the secondary label colour.
    public static func label(text: String, displayed: DisplayedState = .always, options: LabelOptions = LabelOptions()) -> UICellAccessory {
        UICellAccessory(kind: .label(text, options.font), displayed: displayed, isHidden: options.isHidden ?? false,
                        tintColor: options.tintColor, actionHandler: nil, isLeading: false)
    }

    /// A view of your own.
    public static func customView(configuration: CustomViewConfiguration) -> UICellAccessory {
        let (leading, displayed): (Bool, DisplayedState) = switch configuration.placement {
        case .leading(let displayed, _): (true, displayed)
        case .trailing(let displayed, _): (false, displayed)
        }
        return UICellAccessory(kind: .custom(configuration.customView), displayed: displayed, isHidden: configuration.isHidden ?? false,
                               tintColor: configuration.tintColor, actionHandler: nil, isLeading: leading)
    }

    /// Whether it shows in a cell that is (or is not) editing.
    func shows(editing: Bool) -> Bool {
        guard !isHidden else { return false }
        switch displayed {
        case .always: return true
        case .whenEditing: return editing
        case .whenNotEditing: return !editing
        }
    }
}
