import Foundation
import TabulaUIKit

/// The options of the multiselect circle, the detail button and the insert control.
///
/// As in UIKit, each initializer takes optionals, and nil keeps that option's default;
/// the properties hold the values in effect.
extension UICellAccessory {
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
