import Foundation
import TabulaUIKit

/// The options of each kind of accessory, and the configuration of a custom view.
///
/// As in UIKit, each initializer takes optionals, and nil keeps that option's default;
/// the properties hold the values in effect. A hidden accessory keeps its room in the row,
/// is not drawn and does nothing; an accessory is centred in the room its
/// `reservedLayoutWidth` keeps (`.standard` and `.actual`: its own width).
extension UICellAccessory {
    /// Options of the chevron (``disclosureIndicator(displayed:options:)``).
    public struct DisclosureIndicatorOptions {
        /// Whether the chevron is hidden (false by default).
        public var isHidden: Bool
        /// The room kept for the chevron (`.standard` by default).
        public var reservedLayoutWidth: LayoutDimension
        /// The chevron's colour (nil: the tertiary label colour, as in a table).
        public var tintColor: UIColor?
        /// Options as given; nil keeps each default.
        public init(isHidden: Bool? = nil, reservedLayoutWidth: LayoutDimension? = nil, tintColor: UIColor? = nil) {
            self.isHidden = isHidden ?? false
            self.reservedLayoutWidth = reservedLayoutWidth ?? .standard
            self.tintColor = tintColor
        }
    }

    /// Options of the checkmark (``checkmark(displayed:options:)``).
    public struct CheckmarkOptions {
        /// Whether the checkmark is hidden (false by default).
        public var isHidden: Bool
        /// The room kept for the checkmark (`.standard` by default).
        public var reservedLayoutWidth: LayoutDimension
        /// The checkmark's colour (nil: the cell's tint).
        public var tintColor: UIColor?
        /// Options as given; nil keeps each default.
        public init(isHidden: Bool? = nil, reservedLayoutWidth: LayoutDimension? = nil, tintColor: UIColor? = nil) {
            self.isHidden = isHidden ?? false
            self.reservedLayoutWidth = reservedLayoutWidth ?? .standard
            self.tintColor = tintColor
        }
    }

    /// Options of the delete control (``delete(displayed:options:actionHandler:)``).
    public struct DeleteOptions {
        /// Whether the control is hidden (false by default).
        public var isHidden: Bool
        /// The room kept for the control (`.standard` by default).
        public var reservedLayoutWidth: LayoutDimension
        /// The colour of the minus (nil: white).
        public var tintColor: UIColor?
        /// The colour of the circle behind the minus (nil: system red).
        public var backgroundColor: UIColor?
        /// Options as given; nil keeps each default.
        public init(isHidden: Bool? = nil, reservedLayoutWidth: LayoutDimension? = nil, tintColor: UIColor? = nil,
                    backgroundColor: UIColor? = nil) {
            self.isHidden = isHidden ?? false
            self.reservedLayoutWidth = reservedLayoutWidth ?? .standard
            self.tintColor = tintColor
            self.backgroundColor = backgroundColor
        }
    }

    /// Options of the reorder grip (``reorder(displayed:options:)``).
    public struct ReorderOptions {
        /// Whether the grip is hidden (false by default).
        public var isHidden: Bool
        /// The room kept for the grip (`.standard` by default).
        public var reservedLayoutWidth: LayoutDimension
        /// The grip's colour (nil: the tertiary label colour).
        public var tintColor: UIColor?
        /// Whether a vertical separator stands before the grip when another accessory is
        /// before it (true by default). Tabula keeps the value and draws no separator.
        public var showsVerticalSeparator: Bool
        /// Options as given; nil keeps each default.
        public init(isHidden: Bool? = nil, reservedLayoutWidth: LayoutDimension? = nil, tintColor: UIColor? = nil,
                    showsVerticalSeparator: Bool? = nil) {
            self.isHidden = isHidden ?? false
            self.reservedLayoutWidth = reservedLayoutWidth ?? .standard
            self.tintColor = tintColor
            self.showsVerticalSeparator = showsVerticalSeparator ?? true
        }
    }

    /// Options of the outline disclosure (``outlineDisclosure(displayed:options:actionHandler:)``).
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
        /// What a tap on the cell does (`.automatic` by default).
        public var style: Style
        /// Whether the chevron is hidden (false by default).
        public var isHidden: Bool
        /// The room kept for the chevron (`.standard` by default).
        public var reservedLayoutWidth: LayoutDimension
        /// The chevron's colour (nil: the cell's tint).
        public var tintColor: UIColor?
        /// Options as given; nil keeps each default.
        public init(style: Style? = nil, isHidden: Bool? = nil, reservedLayoutWidth: LayoutDimension? = nil, tintColor: UIColor? = nil) {
            self.style = style ?? .automatic
            self.isHidden = isHidden ?? false
            self.reservedLayoutWidth = reservedLayoutWidth ?? .standard
            self.tintColor = tintColor
        }
    }

    /// Options of a label accessory (``label(text:displayed:options:)``).
    public struct LabelOptions {
        /// Whether the label is hidden (false by default).
        public var isHidden: Bool
        /// The room kept for the label (`.standard` by default: its own width).
        public var reservedLayoutWidth: LayoutDimension
        /// The text colour (nil: the secondary label colour).
        public var tintColor: UIColor?
        /// The font (the preferred font for `.body` by default).
        public var font: UIFont
        /// Whether the label follows the preferred text size (true by default).
        public var adjustsFontForContentSizeCategory: Bool
        /// Options as given; nil keeps each default.
        public init(isHidden: Bool? = nil, reservedLayoutWidth: LayoutDimension? = nil, tintColor: UIColor? = nil,
                    font: UIFont? = nil, adjustsFontForContentSizeCategory: Bool? = nil) {
            self.isHidden = isHidden ?? false
            self.reservedLayoutWidth = reservedLayoutWidth ?? .standard
            self.tintColor = tintColor
            self.font = font ?? .preferredFont(forTextStyle: .body)
            self.adjustsFontForContentSizeCategory = adjustsFontForContentSizeCategory ?? true
        }
    }

    /// A view of your own as an accessory (``customView(configuration:)``).
    public struct CustomViewConfiguration {
        /// The view shown.
        public let customView: UIView
        /// Which side it is on, and where among that side's accessories.
        public let placement: Placement
        /// Whether it is hidden (false by default).
        public var isHidden: Bool
        /// The room kept for it (`.standard` by default: its own width).
        public var reservedLayoutWidth: LayoutDimension
        /// Its tint (nil: the cell's).
        public var tintColor: UIColor?
        /// Whether it keeps its own size rather than the row's height (false by default).
        /// Tabula keeps the view's own size either way.
        public var maintainsFixedSize: Bool
        /// A configuration of `customView` at `placement`; nil keeps each default.
        public init(customView: UIView, placement: Placement, isHidden: Bool? = nil, reservedLayoutWidth: LayoutDimension? = nil,
                    tintColor: UIColor? = nil, maintainsFixedSize: Bool? = nil) {
            self.customView = customView
            self.placement = placement
            self.isHidden = isHidden ?? false
            self.reservedLayoutWidth = reservedLayoutWidth ?? .standard
            self.tintColor = tintColor
            self.maintainsFixedSize = maintainsFixedSize ?? false
        }
    }

    /// Options of the multiselect circle (``multiselect(displayed:options:)``).
    public struct MultiselectOptions {
        /// Whether the circle is hidden: it keeps its room in the row, is not drawn and does
        /// nothing. False by default.
        public var isHidden: Bool
        /// The room kept for the circle, which is centred in it (`.standard` by default:
        /// the circle's own width).
        public var reservedLayoutWidth: LayoutDimension
        /// The colour that fills the circle of a selected cell (nil: the cell's tint).
        public var tintColor: UIColor?
        /// The colour inside the ring of a cell that is not selected (nil: none; the
        /// row shows through).
        public var backgroundColor: UIColor?
        /// Options as given; nil keeps each default.
        public init(isHidden: Bool? = nil, reservedLayoutWidth: LayoutDimension? = nil, tintColor: UIColor? = nil,
                    backgroundColor: UIColor? = nil) {
            self.isHidden = isHidden ?? false
            self.reservedLayoutWidth = reservedLayoutWidth ?? .standard
            self.tintColor = tintColor
            self.backgroundColor = backgroundColor
        }
    }

    /// Options of the detail button (``detail(displayed:options:actionHandler:)``).
    public struct DetailOptions {
        /// Whether the button is hidden: it keeps its room in the row, is not drawn and does
        /// nothing. False by default.
        public var isHidden: Bool
        /// The room kept for the button, which is centred in it (`.standard` by default:
        /// the button's own width).
        public var reservedLayoutWidth: LayoutDimension
        /// The colour of the button (nil: the cell's tint).
        public var tintColor: UIColor?
        /// Options as given; nil keeps each default.
        public init(isHidden: Bool? = nil, reservedLayoutWidth: LayoutDimension? = nil, tintColor: UIColor? = nil) {
            self.isHidden = isHidden ?? false
            self.reservedLayoutWidth = reservedLayoutWidth ?? .standard
            self.tintColor = tintColor
        }
    }

    /// Options of the insert control (``insert(displayed:options:actionHandler:)``).
    public struct InsertOptions {
        /// Whether the control is hidden: it keeps its room in the row, is not drawn and does
        /// nothing. False by default.
        public var isHidden: Bool
        /// The room kept for the control, which is centred in it (`.standard` by default:
        /// the control's own width).
        public var reservedLayoutWidth: LayoutDimension
        /// The colour of the plus (nil: white).
        public var tintColor: UIColor?
        /// The colour of the circle behind the plus (nil: system green).
        public var backgroundColor: UIColor?
        /// Options as given; nil keeps each default.
        public init(isHidden: Bool? = nil, reservedLayoutWidth: LayoutDimension? = nil, tintColor: UIColor? = nil,
                    backgroundColor: UIColor? = nil) {
            self.isHidden = isHidden ?? false
            self.reservedLayoutWidth = reservedLayoutWidth ?? .standard
            self.tintColor = tintColor
            self.backgroundColor = backgroundColor
        }
    }
}

extension UICellAccessory {
    /// Options of the pop-up menu accessory (``popUpMenu(_:displayed:options:selectedElementDidChangeHandler:)``).
    public struct PopUpMenuOptions {
        /// Whether the accessory is hidden: it keeps its room in the row, is not drawn, and
        /// a tap on the row no longer shows the menu. False by default.
        public var isHidden: Bool
        /// The room kept for the accessory, which is centred in it (`.standard` by default:
        /// its own width).
        public var reservedLayoutWidth: LayoutDimension
        /// The colour of the chevrons (nil: the secondary label colour).
        public var tintColor: UIColor?
        /// Options as given; nil keeps each default.
        public init(isHidden: Bool? = nil, reservedLayoutWidth: LayoutDimension? = nil, tintColor: UIColor? = nil) {
            self.isHidden = isHidden ?? false
            self.reservedLayoutWidth = reservedLayoutWidth ?? .standard
            self.tintColor = tintColor
        }
    }
}
