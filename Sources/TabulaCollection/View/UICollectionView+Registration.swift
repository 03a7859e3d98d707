import Foundation
import TabulaUIKit
import TabulaCore

/// Cell and supplementary registrations: a cell class and the closure that configures it
/// for an item, registered with the collection view on first use under an identifier of
/// their own, as UIKit's `UICollectionView.CellRegistration` and `SupplementaryRegistration`.
///
/// Where UIKit raises an exception, the collection view reports and recovers: a
/// supplementary registration used for a view of another kind makes the view for the kind
/// the layout asked for; a dequeued cell of another class (its identifier registered again
/// with another class) is replaced by a new cell of the registration's class.
extension UICollectionView {
    /// A cell class and the handler that configures a cell of it for an item. Make one
    /// outside the cell provider (a property, or before the data source is made) and pass
    /// it to ``UICollectionView/dequeueConfiguredReusableCell(using:for:item:)``.
    @preconcurrency @MainActor
    public struct CellRegistration<Cell: UICollectionViewCell, Item> {
        /// Configures `cell` for the item at the index path.
        public typealias Handler = (Cell, IndexPath, Item) -> Void

        /// The identifier the registration's cells are registered and pooled under.
        let reuseIdentifier: String
        let handler: Handler

        /// A registration of `Cell`, made with `init(frame:)`, configured by `handler`.
        public init(handler: @escaping Handler) {
            reuseIdentifier = "CellRegistration \(Cell.self) \(UUID().uuidString)"
            self.handler = handler
        }
    }

    /// A supplementary view class of one kind (a header, a footer) and the handler that
    /// configures one, for ``UICollectionView/dequeueConfiguredReusableSupplementary(using:for:)``.
    @preconcurrency @MainActor
    public struct SupplementaryRegistration<Supplementary: UICollectionReusableView> {
        /// Configures the view, given its element kind and index path.
        public typealias Handler = (Supplementary, String, IndexPath) -> Void

        /// The kind of view the registration makes.
        let elementKind: String
        let reuseIdentifier: String
        let handler: Handler

        /// A registration of `Supplementary` views of `elementKind`, configured by `handler`.
        public init(elementKind: String, handler: @escaping Handler) {
            self.elementKind = elementKind
            reuseIdentifier = "SupplementaryRegistration \(Supplementary.self) \(UUID().uuidString)"
            self.handler = handler
        }
    }

    /// A cell of the registration's class for the item at `indexPath`, from its pool or
    /// new, configured by the registration's handler with `item` (not called when `item`
    /// is nil). The registration is registered with this collection view on first use.
    public func dequeueConfiguredReusableCell<Cell, Item>(using registration: CellRegistration<Cell, Item>,
                                                          for indexPath: IndexPath, item: Item?) -> Cell {
        let identifier = registration.reuseIdentifier
        if registrations.cells[identifier] == nil {
            registrations.cells[identifier] = Cell.self
            noteNewCellRegistration()
        }
        let dequeued = dequeueReusableCell(withReuseIdentifier: identifier, for: indexPath)
        let cell: Cell
        if let typed = dequeued as? Cell {
            cell = typed
        } else {
            reportCollectionProblem("dequeueConfiguredReusableCell(using:for: \(indexPath.tableDescription), item:): the cell "
                + "dequeued for the registration is a \(type(of: dequeued)), not its \(Cell.self) (its identifier was "
                + "registered again with another class); a new \(Cell.self) is used.")
            registrations.cells[identifier] = Cell.self
            cell = Cell(registeredWithReuseIdentifier: identifier)
            adoptTraits(cell)
        }
        if let item { registration.handler(cell, indexPath, item) }
        return cell
    }

    /// Counts a cell registration used for the first time, and reports (once) when there
    /// are far more of them than cells ever shown at once: a registration made inside the
    /// cell provider is new for every cell, so no cell is ever reused (UIKit raises an
    /// exception). The cells are still made and configured.
    private func noteNewCellRegistration() {
        registrations.cellRegistrationsUsed += 1
        guard !registrations.reportedRegistrationChurn,
              registrations.cellRegistrationsUsed > Self.registrationChurnLimit + 2 * store.cells.count else { return }
        registrations.reportedRegistrationChurn = true
        reportCollectionProblem("\(registrations.cellRegistrationsUsed) cell registrations have been used, far more than "
            + "cells are shown: a registration made inside the cell provider (or collectionView(_:cellForItemAt:)) is new "
            + "for every cell, and its cells are never reused. Make registrations once, before the cells are asked for.")
    }

    /// How many cell registrations a collection view may use beyond twice the cells it shows
    /// before they are reported as made anew for each cell.
    static let registrationChurnLimit = 50

    /// A supplementary view of the registration's class for `indexPath`, from its pool or
    /// new, configured by the registration's handler.
    ///
    /// Used while the layout asks for a view of another kind than the registration's, the
    /// mistake is reported and the view is made for the kind asked (UIKit raises an exception).
    public func dequeueConfiguredReusableSupplementary<Supplementary>(
        using registration: SupplementaryRegistration<Supplementary>, for indexPath: IndexPath) -> Supplementary {
        var kind = registration.elementKind
        if let asked = supplementKindAsked, asked != kind {
            reportCollectionProblem("dequeueConfiguredReusableSupplementary(using:for: \(indexPath.tableDescription)): the "
                + "registration makes views of kind \"\(kind)\", but the layout asked for a view of kind \"\(asked)\"; "
                + "use a registration of that kind. A \(Supplementary.self) of kind \"\(asked)\" is used.")
            kind = asked
        }
        let key = Registrations.supplementKey(kind, registration.reuseIdentifier)
        if registrations.supplements[key] == nil { registrations.supplements[key] = Supplementary.self }
        let dequeued = dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: registration.reuseIdentifier,
                                                        for: indexPath)
        let view: Supplementary
        if let typed = dequeued as? Supplementary {
            view = typed
        } else {
            reportCollectionProblem("dequeueConfiguredReusableSupplementary(using:for: \(indexPath.tableDescription)): the "
                + "view dequeued is a \(type(of: dequeued)), not the registration's \(Supplementary.self); a new one is used.")
            registrations.supplements[key] = Supplementary.self
            view = Supplementary(registeredWithReuseIdentifier: registration.reuseIdentifier)
        }
        registration.handler(view, kind, indexPath)
        return view
    }
}
