import Foundation
import TabulaUIKit

/// A view at the leading or trailing edge of a ``UICollectionViewListCell``: a chevron,
/// a checkmark, a detail button, the delete, insert, multiselect and reorder controls of
/// editing, an outline disclosure, a pop-up menu, a label, or a view of your own.
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

    /// Which side of the cell a custom view is on, and where among that side's accessories.
    ///
    /// System accessories keep their fixed places (see ``UICollectionViewListCell/accessories``);
    /// a custom view goes in among them at the index its ``Position`` returns.
    public enum Placement {
        /// Where among a side's accessories a custom view goes: given the accessories
        /// already on that side, in leading-to-trailing order (the side's system
        /// accessories, then the custom views of that side placed before it in the
        /// cell's ``UICollectionViewListCell/accessories``), the index to insert it at.
        /// An index out of the array's range is clamped to its nearer end.
        ///
        /// Apple's type, without an actor: the cell calls it on the main actor, and a
        /// position kept in a constant in main-actor code passes without a Swift 6 warning.
        public typealias Position = ([UICellAccessory]) -> Int

        /// Before the content, when `displayed` says, at the index `at` gives: by default
        /// the end of the leading accessories, next to the content.
        case leading(displayed: DisplayedState = .always, at: Position = { $0.count })
        /// After the content, when `displayed` says, at the index `at` gives: by default
        /// the start of the trailing accessories, next to the content.
        case trailing(displayed: DisplayedState = .always, at: Position = { _ in 0 })

        /// A position just after the first accessory of the same kind as `accessory` (a
        /// disclosure indicator, a checkmark, a label, a custom view, …), or at the end
        /// when the side has none.
        @MainActor
        public static func position(after accessory: UICellAccessory) -> Position {
            let kind = accessory.kindKey
            return { accessories in
                guard let index = accessories.firstIndex(where: { $0.kindKey == kind }) else { return accessories.count }
                return index + 1
            }
        }

        /// A position just before the first accessory of the same kind as `accessory`, or
        /// at the beginning when the side has none.
        @MainActor
        public static func position(before accessory: UICellAccessory) -> Position {
            let kind = accessory.kindKey
            return { accessories in accessories.firstIndex(where: { $0.kindKey == kind }) ?? 0 }
        }
    }

    /// Called when an accessory with an action (delete, insert, detail, outline disclosure) is tapped.
    public typealias ActionHandler = @MainActor () -> Void

    /// Called with the menu of a pop-up menu accessory when a tap chose another of its actions.
    public typealias MenuSelectedElementDidChangeHandler = @MainActor (UIMenu) -> Void

    /// What kind of accessory one is, without its options: what ``accessoryType`` holds.
    public enum AccessoryType: Hashable {
        /// The chevron of ``disclosureIndicator(displayed:options:)``.
        case disclosureIndicator
        /// The detail button of ``detail(displayed:options:actionHandler:)``.
        case detail
        /// The checkmark of ``checkmark(displayed:options:)``.
        case checkmark
        /// The delete control of ``delete(displayed:options:actionHandler:)``.
        case delete
        /// The insert control of ``insert(displayed:options:actionHandler:)``.
        case insert
        /// The reorder grip of ``reorder(displayed:options:)``.
        case reorder
        /// The selection circle of ``multiselect(displayed:options:)``.
        case multiselect
        /// The outline chevron of ``outlineDisclosure(displayed:options:actionHandler:)``.
        case outlineDisclosure
        /// The chevrons of ``popUpMenu(_:displayed:options:selectedElementDidChangeHandler:)``.
        case popUpMenu
        /// A label of ``label(text:displayed:options:)``.
        case label
        /// A view of your own, from ``customView(configuration:)``.
        case customView(UIView)
    }

    enum Kind {
        case disclosureIndicator, checkmark, delete, reorder, outlineDisclosure
        case multiselect, detail, insert
        case popUpMenu(UIMenu)
        case label(String, UIFont, adjustsFont: Bool)
        case custom(UIView)
    }

    let kind: Kind
    /// What kind of accessory this is.
    public let accessoryType: AccessoryType
    let displayed: DisplayedState
    /// Whether it keeps its room in the row without being drawn or doing anything.
    let isHidden: Bool
    /// The room kept for it at its edge; its view is centred in it.
    let reservedLayoutWidth: LayoutDimension
    let tintColor: UIColor?
    /// The fill of a control drawn on a circle (insert), or inside the ring (multiselect).
    let backgroundColor: UIColor?
    let actionHandler: ActionHandler?
    let isLeading: Bool
    /// For an outline disclosure: what a tap on the cell does.
    var outlineStyle: OutlineDisclosureOptions.Style = .automatic
    /// For a custom view: where among its side's accessories it goes.
    var position: Placement.Position?
    /// For a pop-up menu: called when a tap chose another of its actions.
    var menuHandler: MenuSelectedElementDidChangeHandler?

    init(kind: Kind, displayed: DisplayedState, isHidden: Bool, reservedLayoutWidth: LayoutDimension? = nil, tintColor: UIColor?,
         backgroundColor: UIColor? = nil, actionHandler: ActionHandler?, isLeading: Bool,
         outlineStyle: OutlineDisclosureOptions.Style = .automatic, position: Placement.Position? = nil,
         menuHandler: MenuSelectedElementDidChangeHandler? = nil) {
        self.kind = kind
        self.accessoryType = switch kind {
        case .disclosureIndicator: .disclosureIndicator
        case .checkmark: .checkmark
        case .delete: .delete
        case .reorder: .reorder
        case .outlineDisclosure: .outlineDisclosure
        case .multiselect: .multiselect
        case .detail: .detail
        case .insert: .insert
        case .popUpMenu: .popUpMenu
        case .label: .label
        case .custom(let view): .customView(view)
        }
        self.displayed = displayed
        self.isHidden = isHidden
        self.reservedLayoutWidth = reservedLayoutWidth ?? .standard
        self.tintColor = tintColor
        self.backgroundColor = backgroundColor
        self.actionHandler = actionHandler
        self.isLeading = isLeading
        self.outlineStyle = outlineStyle
        self.position = position
        self.menuHandler = menuHandler
    }

    /// The chevron of a row that leads somewhere.
    public static func disclosureIndicator(displayed: DisplayedState = .always,
                                           options: DisclosureIndicatorOptions = DisclosureIndicatorOptions()) -> UICellAccessory {
        UICellAccessory(kind: .disclosureIndicator, displayed: displayed, isHidden: options.isHidden,
                        reservedLayoutWidth: options.reservedLayoutWidth, tintColor: options.tintColor, actionHandler: nil, isLeading: false)
    }

    /// A checkmark in the tint colour.
    public static func checkmark(displayed: DisplayedState = .always, options: CheckmarkOptions = CheckmarkOptions()) -> UICellAccessory {
        UICellAccessory(kind: .checkmark, displayed: displayed, isHidden: options.isHidden,
                        reservedLayoutWidth: options.reservedLayoutWidth, tintColor: options.tintColor, actionHandler: nil, isLeading: false)
    }

    /// The red delete control at the leading edge.
    public static func delete(displayed: DisplayedState = .whenEditing, options: DeleteOptions = DeleteOptions(),
                              actionHandler: ActionHandler? = nil) -> UICellAccessory {
        UICellAccessory(kind: .delete, displayed: displayed, isHidden: options.isHidden,
                        reservedLayoutWidth: options.reservedLayoutWidth, tintColor: options.tintColor,
                        backgroundColor: options.backgroundColor, actionHandler: actionHandler, isLeading: true)
    }

    /// The green insert control at the leading edge: a white plus on a green circle. A tap
    /// on it runs `actionHandler` (and does not select the cell).
    public static func insert(displayed: DisplayedState = .whenEditing, options: InsertOptions = InsertOptions(),
                              actionHandler: ActionHandler? = nil) -> UICellAccessory {
        UICellAccessory(kind: .insert, displayed: displayed, isHidden: options.isHidden, reservedLayoutWidth: options.reservedLayoutWidth,
                        tintColor: options.tintColor, backgroundColor: options.backgroundColor, actionHandler: actionHandler,
                        isLeading: true)
    }

    /// The reorder grip at the trailing edge.
    public static func reorder(displayed: DisplayedState = .whenEditing, options: ReorderOptions = ReorderOptions()) -> UICellAccessory {
        UICellAccessory(kind: .reorder, displayed: displayed, isHidden: options.isHidden,
                        reservedLayoutWidth: options.reservedLayoutWidth, tintColor: options.tintColor, actionHandler: nil, isLeading: false)
    }

    /// The selection circle at the leading edge, which follows the cell's selection: an
    /// empty ring while the cell is not selected, a circle filled with the tint colour
    /// around a white checkmark while it is. The circle itself does nothing on a tap: a tap
    /// on the row selects or deselects it, as the collection view allows
    /// (``UICollectionView/allowsMultipleSelectionDuringEditing``).
    public static func multiselect(displayed: DisplayedState = .whenEditing,
                                   options: MultiselectOptions = MultiselectOptions()) -> UICellAccessory {
        UICellAccessory(kind: .multiselect, displayed: displayed, isHidden: options.isHidden,
                        reservedLayoutWidth: options.reservedLayoutWidth, tintColor: options.tintColor,
                        backgroundColor: options.backgroundColor, actionHandler: nil, isLeading: true)
    }

    /// The detail button at the trailing edge: an "i" in a ring, in the tint colour. A tap
    /// on it runs `actionHandler` and never selects the cell.
    public static func detail(displayed: DisplayedState = .always, options: DetailOptions = DetailOptions(),
                              actionHandler: ActionHandler? = nil) -> UICellAccessory {
        UICellAccessory(kind: .detail, displayed: displayed, isHidden: options.isHidden, reservedLayoutWidth: options.reservedLayoutWidth,
                        tintColor: options.tintColor, actionHandler: actionHandler, isLeading: false)
    }

    /// Up and down chevrons at the trailing edge: a tap anywhere on the cell shows `menu`
    /// below them instead of selecting the cell. The menu chooses one action at a time: the
    /// action a tap chooses gets the `.on` state and the others `.off`, then, if that
    /// changed which action was on, `selectedElementDidChangeHandler` gets the menu, and
    /// then the action runs.
    public static func popUpMenu(_ menu: UIMenu, displayed: DisplayedState = .always, options: PopUpMenuOptions = PopUpMenuOptions(),
                                 selectedElementDidChangeHandler: MenuSelectedElementDidChangeHandler? = nil) -> UICellAccessory {
        UICellAccessory(kind: .popUpMenu(menu), displayed: displayed, isHidden: options.isHidden,
                        reservedLayoutWidth: options.reservedLayoutWidth, tintColor: options.tintColor, actionHandler: nil,
                        isLeading: false, menuHandler: selectedElementDidChangeHandler)
    }

    /// The chevron that expands and collapses an outline item: it points to the trailing
    /// side while the item is collapsed and turns down as it expands. A tap (on the whole
    /// cell in the `.header` style, on the chevron in the `.cell` style) runs
    /// `actionHandler`, or without one expands or collapses the item through the
    /// collection view's diffable data source (see
    /// ``UICollectionViewDiffableDataSource/sectionSnapshotHandlers``).
    public static func outlineDisclosure(displayed: DisplayedState = .always, options: OutlineDisclosureOptions = OutlineDisclosureOptions(),
                                         actionHandler: ActionHandler? = nil) -> UICellAccessory {
        UICellAccessory(kind: .outlineDisclosure, displayed: displayed, isHidden: options.isHidden,
                        reservedLayoutWidth: options.reservedLayoutWidth, tintColor: options.tintColor, actionHandler: actionHandler,
                        isLeading: false, outlineStyle: options.style)
    }

    /// A short text at the trailing edge, in the secondary label colour.
    public static func label(text: String, displayed: DisplayedState = .always, options: LabelOptions = LabelOptions()) -> UICellAccessory {
        UICellAccessory(kind: .label(text, options.font, adjustsFont: options.adjustsFontForContentSizeCategory), displayed: displayed, isHidden: options.isHidden,
                        reservedLayoutWidth: options.reservedLayoutWidth, tintColor: options.tintColor,
                        actionHandler: nil, isLeading: false)
    }

    /// A view of your own, on the side and at the position its configuration's placement gives.
    public static func customView(configuration: CustomViewConfiguration) -> UICellAccessory {
        let (leading, displayed, position): (Bool, DisplayedState, Placement.Position) = switch configuration.placement {
        case .leading(let displayed, let position): (true, displayed, position)
        case .trailing(let displayed, let position): (false, displayed, position)
        }
        return UICellAccessory(kind: .custom(configuration.customView), displayed: displayed, isHidden: configuration.isHidden,
                               reservedLayoutWidth: configuration.reservedLayoutWidth, tintColor: configuration.tintColor,
                               actionHandler: nil, isLeading: leading, position: position)
    }

    /// Which kind of accessory it is, whatever its options: what `position(after:)` and
    /// `position(before:)` match.
    var kindKey: Int {
        switch kind {
        case .disclosureIndicator: 0
        case .checkmark: 1
        case .delete: 2
        case .reorder: 3
        case .outlineDisclosure: 4
        case .label: 5
        case .custom: 6
        case .multiselect: 7
        case .detail: 8
        case .insert: 9
        case .popUpMenu: 10
        }
    }

    /// A system accessory's fixed place on its side, leading to trailing. Leading: the
    /// multiselect circle at the edge, then the delete control, then the insert control
    /// next to the content (as in a table, a row normally shows only one of them). Trailing:
    /// the label next to the content, then the pop-up menu's chevrons (after the label that
    /// usually shows the chosen value), the checkmark, the detail button, the outline
    /// disclosure and the chevron (the detail button before the chevron, as a table's
    /// `.detailDisclosureButton` draws them), the reorder grip at the trailing edge.
    private var systemRank: Int {
        switch kind {
        case .multiselect: 0
        case .delete: 1
        case .insert: 2
        case .label: 0
        case .popUpMenu: 1
        case .checkmark: 2
        case .detail: 3
        case .outlineDisclosure: 4
        case .disclosureIndicator: 5
        case .reorder: 6
        case .custom: 7
        }
    }

    /// The order, leading to trailing, of the accessories of one side of a cell (as
    /// indices into `accessories`): the side's system accessories in their fixed places,
    /// then each of its custom views, in the array's order, inserted at the index its
    /// position gives among those placed so far (clamped to their range).
    static func sideOrder(of accessories: [UICellAccessory], leading: Bool) -> [Int] {
        let side = accessories.indices.filter { accessories[$0].isLeading == leading }
        var placed = side.filter { accessories[$0].position == nil }
            .sorted { (accessories[$0].systemRank, $0) < (accessories[$1].systemRank, $1) }
        for index in side {
            guard let position = accessories[index].position else { continue }
            let wanted = position(placed.map { accessories[$0] })
            placed.insert(index, at: min(max(wanted, 0), placed.count))
        }
        return placed
    }

    /// Whether it stands in a cell that is (or is not) editing. A hidden accessory stands
    /// there too: it keeps its room, undrawn and inert, as in UIKit.
    func shows(editing: Bool) -> Bool {
        switch displayed {
        case .always: return true
        case .whenEditing: return editing
        case .whenNotEditing: return !editing
        }
    }
}
