import Foundation
import TabulaUIKit

/// A storyboard's static cells: what `tabula-port` generates for a table whose content is
/// "Static Cells", shown by the ``UITableViewController`` that owns the table.
extension InterfaceBuilder {
    /// One section of static cells, with its titles and the heights the file gives its rows.
    @preconcurrency @MainActor
    public struct StaticCellSection {
        /// The header title, or nil.
        public var header: String?
        /// The footer title, or nil.
        public var footer: String?
        /// The section's cells, made once; the table shows these very cells.
        public var cells: [UITableViewCell]
        /// Each row's height from the file, or nil for the table's row height.
        public var rowHeights: [CGFloat?]

        /// A section of `cells` with optional titles and per-row heights (shorter arrays
        /// of heights leave the rest at the table's row height).
        public init(header: String?, footer: String?, cells: [UITableViewCell], rowHeights: [CGFloat?] = []) {
            self.header = header
            self.footer = footer
            self.cells = cells
            self.rowHeights = rowHeights
        }
    }

    /// Gives `tableView` static cells. Its ``UITableViewController``'s data source and
    /// delegate methods answer from them unless a subclass overrides them (and a subclass
    /// that calls `super` gets them), as UIKit's table view controller does.
    public static func setStaticCells(_ sections: [StaticCellSection], of tableView: UITableView) {
        tableView.store.forgetKept()
        tableView.storyboardStaticSections = sections
        tableView.reloadData()
    }
}

extension UITableView {
    /// Registers a nib for cells of `identifier`: a cell is the first `UITableViewCell`
    /// among the nib's top-level objects, made anew for each cell the pool lacks. A nib
    /// with no cell is reported when a cell is asked for, and a plain cell is made
    /// instead. Nil unregisters.
    public func register(_ nib: UINib?, forCellReuseIdentifier identifier: String) {
        guard let nib else { cellFactories[identifier] = nil; return }
        cellFactories[identifier] = {
            if let cell = nib.instantiate(withOwner: nil).lazy.compactMap({ $0 as? UITableViewCell }).first { return cell }
            UIViewController.onInvalidUse("the nib registered for cells \"\(identifier)\" holds no UITableViewCell; a plain cell was made")
            return UITableViewCell(style: .default, reuseIdentifier: identifier)
        }
    }

    /// Registers a nib for header and footer views of `identifier`: the first
    /// `UITableViewHeaderFooterView` among its top-level objects. Nil unregisters.
    public func register(_ nib: UINib?, forHeaderFooterViewReuseIdentifier identifier: String) {
        guard let nib else { headerFooterFactories[identifier] = nil; return }
        headerFooterFactories[identifier] = {
            if let view = nib.instantiate(withOwner: nil).lazy.compactMap({ $0 as? UITableViewHeaderFooterView }).first {
                return view
            }
            UIViewController.onInvalidUse("the nib registered for header and footer views \"\(identifier)\" holds no UITableViewHeaderFooterView; a plain one was made")
            return UITableViewHeaderFooterView(reuseIdentifier: identifier)
        }
    }

    /// The static cell at `indexPath`, if the table has static cells and the path is in them.
    func storyboardStaticCell(at indexPath: IndexPath) -> UITableViewCell? {
        guard let sections = storyboardStaticSections, sections.indices.contains(indexPath.section),
              sections[indexPath.section].cells.indices.contains(indexPath.row) else { return nil }
        return sections[indexPath.section].cells[indexPath.row]
    }

    /// Triggers the storyboard segue of the cell at `indexPath` (its prototype's selection
    /// segue), after the delegate heard of the selection.
    func triggerSelectionSegue(at indexPath: IndexPath) {
        guard let cell = store.visible[indexPath] ?? storyboardStaticCell(at: indexPath),
              let segue = cell.selectionSegue else { return }
        InterfaceBuilder.trigger(segue, sender: cell)
    }
}
