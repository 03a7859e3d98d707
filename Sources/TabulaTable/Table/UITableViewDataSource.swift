import Foundation
import TabulaUIKit

/// Supplies a table's sections, rows and cells. Only the two required methods have no
/// default; the rest behave as in UIKit when not implemented.
@preconcurrency @MainActor
public protocol UITableViewDataSource: AnyObject {
    /// The number of rows in `section`. Required.
    ///
    /// Asked for every section at each reload, and again at the end of a batch update to check
    /// the new counts against the update. A negative count is reported and counts as 0.
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int
    /// The cell for the row at `indexPath`, usually from
    /// ``UITableView/dequeueReusableCell(withIdentifier:for:)``. Required.
    ///
    /// Asked only for rows coming on screen (and, with estimated heights, for a row about to
    /// be measured), including rows reloaded on screen; for a row reconfigured on screen, the
    /// dequeue hands back the row's own cell. Returning the cell that is showing another row
    /// is reported, and an empty cell is shown instead.
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell
    /// The number of sections, asked at each reload and at the end of a batch update.
    ///
    /// The default implementation returns 1.
    func numberOfSections(in tableView: UITableView) -> Int
    /// The title of the header of `section`, asked for every section at each reload; nil for none.
    ///
    /// With ``UITableView/automaticDimension`` the header is sized to fit the title. The default
    /// implementation returns nil.
    func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String?
    /// The title of the footer of `section`, asked for every section at each reload; nil for none.
    ///
    /// With ``UITableView/automaticDimension`` the footer is sized to fit the title. The default
    /// implementation returns nil.
    func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String?
    /// Titles for the section index bar at the right edge (nil: no index).
    func sectionIndexTitles(for tableView: UITableView) -> [String]?
    /// The section a touched index title scrolls to (default: the title's position).
    func tableView(_ tableView: UITableView, sectionForSectionIndexTitle title: String, at index: Int) -> Int
    /// Whether the row can be edited, asked when a row on screen is configured for editing and
    /// before a swipe offers Delete. A row that cannot be edited shows no editing control.
    ///
    /// The default implementation returns true.
    func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool
    /// Whether the row shows a reorder control while editing, asked when a row on screen is
    /// configured for editing.
    ///
    /// The default implementation returns false: unlike UIKit, which shows the control when
    /// the data source implements `moveRowAt` (something Swift cannot detect), return true to
    /// allow reordering.
    func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool
    /// Commits an insertion or deletion the user asked for: the Delete confirmation button or
    /// a Delete swipe action (`.delete`), or the green plus (`.insert`).
    ///
    /// Update the model, then delete or insert the row in the table (`deleteRows(at:with:)`,
    /// `insertRows(at:with:)`). The default implementation does nothing.
    func tableView(_ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle,
                   forRowAt indexPath: IndexPath)
    /// Tells the data source that the user dropped a row dragged by its reorder control at a
    /// new place; called only when the place changed.
    ///
    /// Move the item in the model only: the table then moves the row itself, animated. The
    /// default implementation does nothing.
    func tableView(_ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath)
}

extension UITableViewDataSource {
    /// One section.
    public func numberOfSections(in tableView: UITableView) -> Int { 1 }
    /// No header title.
    public func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { nil }
    /// No footer title.
    public func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String? { nil }
    /// No section index.
    public func sectionIndexTitles(for tableView: UITableView) -> [String]? { nil }
    /// The section at the title's position: `index`.
    public func tableView(_ tableView: UITableView, sectionForSectionIndexTitle title: String, at index: Int) -> Int {
        index
    }
    /// Every row can be edited: true.
    public func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool { true }
    /// No row can be moved: false.
    public func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool { false }
    /// Does nothing.
    public func tableView(_ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle,
                          forRowAt indexPath: IndexPath) {}
    /// Does nothing.
    public func tableView(_ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath,
                          to destinationIndexPath: IndexPath) {}
}
