import Foundation
import Tabula

/// A table's data source and delegate over an array model of titles per section, that
/// logs the interaction messages it gets and applies edits to its model as an app would.
@MainActor
package final class InteractionSource: UITableViewDataSource, UITableViewDelegate {
    package var sections: [[String]]
    package var log: [String] = []
    /// willSelectRowAt's answer; nil passes the row through.
    package var redirect: ((IndexPath) -> IndexPath?)?
    package var highlightable: (IndexPath) -> Bool = { _ in true }
    package var editingStyle: (IndexPath) -> UITableViewCell.EditingStyle = { _ in .delete }
    package var canMove: (IndexPath) -> Bool = { _ in false }
    package var canEdit: (IndexPath) -> Bool = { _ in true }
    package var shouldIndent: (IndexPath) -> Bool = { _ in true }
    package var moveTarget: ((IndexPath, IndexPath) -> IndexPath)?
    package var deleteTitle: String?
    package var leadingActions: ((IndexPath) -> UISwipeActionsConfiguration?)?
    package var trailingActions: ((IndexPath) -> UISwipeActionsConfiguration?)?
    package var showsMenu = false
    package var menuActions: Set<Selector> = [Selector.copy]
    package var rowHeight: (IndexPath) -> CGFloat = { _ in 44 }
    package var didSelect: ((IndexPath) -> Void)?

    package init(_ sections: [[String]]) { self.sections = sections }

    package static func rows(_ count: Int, sections: Int = 1) -> InteractionSource {
        InteractionSource((0 ..< sections).map { s in (0 ..< count).map { "Item \(s).\($0)" } })
    }

    package func numberOfSections(in tableView: UITableView) -> Int { sections.count }
    package func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { sections[section].count }
    package func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "row")
            ?? UITableViewCell(style: .default, reuseIdentifier: "row")
        cell.textLabel?.text = sections[indexPath.section][indexPath.row]
        return cell
    }
    package func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat { rowHeight(indexPath) }

    package func tableView(_ tableView: UITableView, shouldHighlightRowAt indexPath: IndexPath) -> Bool { highlightable(indexPath) }
    package func tableView(_ tableView: UITableView, didHighlightRowAt indexPath: IndexPath) { log.append("highlight \(indexPath.tableDescription)") }
    package func tableView(_ tableView: UITableView, didUnhighlightRowAt indexPath: IndexPath) { log.append("unhighlight \(indexPath.tableDescription)") }
    package func tableView(_ tableView: UITableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? {
        log.append("willSelect \(indexPath.tableDescription)")
        return redirect.map { $0(indexPath) } ?? indexPath
    }
    package func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        log.append("didSelect \(indexPath.tableDescription)")
        didSelect?(indexPath)
    }
    package func tableView(_ tableView: UITableView, willDeselectRowAt indexPath: IndexPath) -> IndexPath? {
        log.append("willDeselect \(indexPath.tableDescription)")
        return indexPath
    }
    package func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath) {
        log.append("didDeselect \(indexPath.tableDescription)")
    }

    // Editing
    package func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool { canEdit(indexPath) }
    package func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool { canMove(indexPath) }
    package func tableView(_ tableView: UITableView, editingStyleForRowAt indexPath: IndexPath) -> UITableViewCell.EditingStyle {
        editingStyle(indexPath)
    }
    package func tableView(_ tableView: UITableView, shouldIndentWhileEditingRowAt indexPath: IndexPath) -> Bool {
        shouldIndent(indexPath)
    }
    package func tableView(_ tableView: UITableView, titleForDeleteConfirmationButtonForRowAt indexPath: IndexPath) -> String? {
        deleteTitle
    }
    /// Deletes from the model and the table, as an app does.
    package func tableView(_ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle, forRowAt indexPath: IndexPath) {
        log.append("commit \(editingStyle == .delete ? "delete" : "insert") \(indexPath.tableDescription)")
        switch editingStyle {
        case .delete:
            sections[indexPath.section].remove(at: indexPath.row)
            tableView.deleteRows(at: [indexPath], with: .automatic)
        case .insert:
            sections[indexPath.section].insert("New", at: indexPath.row)
            tableView.insertRows(at: [indexPath], with: .automatic)
        case .none:
            break
        }
    }
    package func tableView(_ tableView: UITableView, moveRowAt source: IndexPath, to destination: IndexPath) {
        log.append("move \(source.tableDescription) -> \(destination.tableDescription)")
        let item = sections[source.section].remove(at: source.row)
        sections[destination.section].insert(item, at: destination.row)
    }
    package func tableView(_ tableView: UITableView, targetIndexPathForMoveFromRowAt source: IndexPath,
                   toProposedIndexPath proposed: IndexPath) -> IndexPath {
        moveTarget?(source, proposed) ?? proposed
    }

    // Swipe actions
    package func tableView(_ tableView: UITableView, leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> UISwipeActionsConfiguration? {
        leadingActions?(indexPath)
    }
    package func tableView(_ tableView: UITableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> UISwipeActionsConfiguration? {
        trailingActions?(indexPath)
    }

    // Menus
    package func tableView(_ tableView: UITableView, shouldShowMenuForRowAt indexPath: IndexPath) -> Bool {
        log.append("shouldShowMenu \(indexPath.tableDescription)")
        return showsMenu
    }
    package func tableView(_ tableView: UITableView, canPerformAction action: Selector, forRowAt indexPath: IndexPath, withSender sender: Any?) -> Bool {
        log.append("canPerform \(action)")
        return menuActions.contains(action)
    }
    package func tableView(_ tableView: UITableView, performAction action: Selector, forRowAt indexPath: IndexPath, withSender sender: Any?) {
        log.append("perform \(action) \(indexPath.tableDescription)")
    }
}

/// A table showing `source`, full screen on a 390×600 screen at scale 1, laid out.
@MainActor
package func interactionTable(_ source: InteractionSource, style: UITableView.Style = .plain,
                              size: CGSize = CGSize(width: 390, height: 600), scale: CGFloat = 1)
    -> (HeadlessScreen, UITableView) {
    let table = UITableView(frame: CGRect(origin: .zero, size: size), style: style)
    table.dataSource = source
    table.delegate = source
    let screen = showTable(table, scale: scale, size: size)
    return (screen, table)
}

extension UITableView {
    /// The centre of a row in window coordinates, where a finger would touch it.
    package func centerOfRow(_ indexPath: IndexPath) -> CGPoint {
        let rect = rectForRow(at: indexPath)
        return convert(CGPoint(x: rect.midX, y: rect.midY), to: nil)
    }
}
