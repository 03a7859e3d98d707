import Foundation
import TabulaUIKit

/// Starts drags from a table's rows, as UIKit's `UITableViewDragDelegate` (set it as the
/// table's ``UITableView/dragDelegate``). Only ``tableView(_:itemsForBeginning:at:)`` is
/// required; the others have defaults (Swift on Linux has no optional requirements).
///
/// A long press on a row (0.5 s) lifts it when ``UITableView/dragInteractionEnabled`` is
/// true and this delegate gives items for it; the row's picture follows the finger.
@preconcurrency @MainActor
public protocol UITableViewDragDelegate: AnyObject {
    /// The items a drag of the row at `indexPath` carries; none (the default answer of
    /// an app that says nothing) means the row cannot be dragged.
    func tableView(_ tableView: UITableView, itemsForBeginning session: any UIDragSession,
                   at indexPath: IndexPath) -> [UIDragItem]
    /// The items to add to a drag in progress when the row at `indexPath` is tapped (none by default).
    func tableView(_ tableView: UITableView, itemsForAddingTo session: any UIDragSession, at indexPath: IndexPath,
                   point: CGPoint) -> [UIDragItem]
    /// How the lifted row looks (nil, the default: the whole row, rounded).
    func tableView(_ tableView: UITableView, dragPreviewParametersForRowAt indexPath: IndexPath) -> UIDragPreviewParameters?
    /// The drag has lifted and is about to move.
    func tableView(_ tableView: UITableView, dragSessionWillBegin session: any UIDragSession)
    /// The drag is over: dropped somewhere or cancelled.
    func tableView(_ tableView: UITableView, dragSessionDidEnd session: any UIDragSession)
    /// Whether a drop may move the items rather than copy them (true by default).
    func tableView(_ tableView: UITableView, dragSessionAllowsMoveOperation session: any UIDragSession) -> Bool
    /// Whether the drag must stay in the app (false by default; it always does here).
    func tableView(_ tableView: UITableView, dragSessionIsRestrictedToDraggingApplication session: any UIDragSession) -> Bool
}

extension UITableViewDragDelegate {
    /// None.
    public func tableView(_ tableView: UITableView, itemsForAddingTo session: any UIDragSession, at indexPath: IndexPath,
                          point: CGPoint) -> [UIDragItem] { [] }
    /// Nil: the whole row, rounded.
    public func tableView(_ tableView: UITableView, dragPreviewParametersForRowAt indexPath: IndexPath)
        -> UIDragPreviewParameters? { nil }
    /// Does nothing.
    public func tableView(_ tableView: UITableView, dragSessionWillBegin session: any UIDragSession) {}
    /// Does nothing.
    public func tableView(_ tableView: UITableView, dragSessionDidEnd session: any UIDragSession) {}
    /// True.
    public func tableView(_ tableView: UITableView, dragSessionAllowsMoveOperation session: any UIDragSession) -> Bool { true }
    /// False.
    public func tableView(_ tableView: UITableView,
                          dragSessionIsRestrictedToDraggingApplication session: any UIDragSession) -> Bool { false }
}

/// Takes drops on a table, as UIKit's `UITableViewDropDelegate` (set it as the table's
/// ``UITableView/dropDelegate``). Only ``tableView(_:performDropWith:)`` is required.
///
/// As the finger moves over the table the delegate proposes what a drop there would do
/// (``tableView(_:dropSessionDidUpdate:withDestinationIndexPath:)``); without a proposal
/// of `.copy` or `.move` nothing drops, as in UIKit, whose default is `.cancel`.
@preconcurrency @MainActor
public protocol UITableViewDropDelegate: AnyObject {
    /// Take the dropped items: update the model and the table (insert the rows), then
    /// tell the coordinator where each item went so that its picture lands there.
    func tableView(_ tableView: UITableView, performDropWith coordinator: any UITableViewDropCoordinator)
    /// Whether the table can take this session's items at all (true by default).
    func tableView(_ tableView: UITableView, canHandle session: any UIDropSession) -> Bool
    /// The drag came over the table.
    func tableView(_ tableView: UITableView, dropSessionDidEnter session: any UIDropSession)
    /// What a drop at the finger would do. `destinationIndexPath` is where a row
    /// inserted there would go (a section's row count past its last row), nil over no row.
    /// By default `.cancel`: nothing drops.
    func tableView(_ tableView: UITableView, dropSessionDidUpdate session: any UIDropSession,
                   withDestinationIndexPath destinationIndexPath: IndexPath?) -> UITableViewDropProposal
    /// The drag left the table (or ended without dropping on it).
    func tableView(_ tableView: UITableView, dropSessionDidExit session: any UIDropSession)
    /// The drag that came over the table is over.
    func tableView(_ tableView: UITableView, dropSessionDidEnd session: any UIDropSession)
    /// How the row a dropped item lands in looks as the item's picture settles (nil by default).
    func tableView(_ tableView: UITableView, dropPreviewParametersForRowAt indexPath: IndexPath) -> UIDragPreviewParameters?
}

extension UITableViewDropDelegate {
    /// True.
    public func tableView(_ tableView: UITableView, canHandle session: any UIDropSession) -> Bool { true }
    /// Does nothing.
    public func tableView(_ tableView: UITableView, dropSessionDidEnter session: any UIDropSession) {}
    /// `.cancel`: nothing drops (UIKit's default).
    public func tableView(_ tableView: UITableView, dropSessionDidUpdate session: any UIDropSession,
                          withDestinationIndexPath destinationIndexPath: IndexPath?) -> UITableViewDropProposal {
        UITableViewDropProposal(operation: .cancel)
    }
    /// Does nothing.
    public func tableView(_ tableView: UITableView, dropSessionDidExit session: any UIDropSession) {}
    /// Does nothing.
    public func tableView(_ tableView: UITableView, dropSessionDidEnd session: any UIDropSession) {}
    /// Nil.
    public func tableView(_ tableView: UITableView, dropPreviewParametersForRowAt indexPath: IndexPath)
        -> UIDragPreviewParameters? { nil }
}

/// How a table would take a drop, as UIKit's `UITableViewDropProposal`: an operation and
/// where the items go.
@preconcurrency @MainActor
open class UITableViewDropProposal: UIDropProposal {
    /// Where a drop goes relative to the destination row.
    public enum Intent: Int, Sendable {
        /// The table shows nothing special; the delegate decides.
        case unspecified = 0
        /// New rows go at the destination: the rows there open a gap for them.
        case insertAtDestinationIndexPath = 1
        /// The items go into the row at the destination (a folder): it highlights.
        case insertIntoDestinationIndexPath = 2
        /// Into the row when the finger is over its middle, between rows otherwise.
        case automatic = 3
    }

    /// Where the items go.
    public let intent: Intent

    /// A proposal to do `operation` with the items, going where `intent` says.
    public init(operation: UIDropOperation, intent: Intent) {
        self.intent = intent
        super.init(operation: operation)
    }

    /// A proposal to do `operation`, with no particular place (`.unspecified`).
    public override init(operation: UIDropOperation) {
        self.intent = .unspecified
        super.init(operation: operation)
    }
}

/// One item of a drop on a table, as UIKit's `UITableViewDropItem`.
@preconcurrency @MainActor
public protocol UITableViewDropItem: AnyObject {
    /// The dragged item.
    var dragItem: UIDragItem { get }
    /// The row it was dragged from, when that is in this table; nil otherwise.
    var sourceIndexPath: IndexPath? { get }
    /// The size of its picture.
    var previewSize: CGSize { get }
}

/// What a table's drop delegate is given to take a drop, as UIKit's `UITableViewDropCoordinator`.
@preconcurrency @MainActor
public protocol UITableViewDropCoordinator: AnyObject {
    /// The dropped items.
    var items: [any UITableViewDropItem] { get }
    /// Where the drop goes (as the last proposal was made); nil over no row.
    var destinationIndexPath: IndexPath? { get }
    /// The delegate's last proposal.
    var proposal: UITableViewDropProposal { get }
    /// The drop session.
    var session: any UIDropSession { get }
    /// Lands `dragItem`'s picture on the row at `indexPath` (a row you inserted for it).
    @discardableResult
    func drop(_ dragItem: UIDragItem, toRowAt indexPath: IndexPath) -> any UIDragAnimating
    /// Lands `dragItem`'s picture in `rect` of the row at `indexPath` (the row took it in).
    @discardableResult
    func drop(_ dragItem: UIDragItem, intoRowAt indexPath: IndexPath, rect: CGRect) -> any UIDragAnimating
    /// Lands `dragItem`'s picture at `target`.
    @discardableResult
    func drop(_ dragItem: UIDragItem, to target: UIDragPreviewTarget) -> any UIDragAnimating
}
