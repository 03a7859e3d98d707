#if canImport(UIKit)
import UIKit
#else
import Tabula
#endif
import Foundation
import TabulaData

/// The reading list: every book by title, with Add and Edit in the navigation bar, a search
/// field under the large title, swipe actions to delete or mark read, and a tap to edit.
public final class BooksViewController: UITableViewController, UISearchResultsUpdating {
    /// The library shown.
    public let library: Library
    private var results: FetchedResultsController<Book>?
    private var dataSource: FetchedResultsTableDataSource<Book>?
    private let search = UISearchController(searchResultsController: nil)
    /// The last error shown to the reader (for tests and logs).
    public private(set) var lastError: String?

    /// A list over `library`.
    public init(library: Library) {
        self.library = library
        super.init(style: .plain)
    }

    /// Not used: the list is made in code.
    public required init?(coder: NSCoder) { fatalError("BooksViewController is made in code") }

    public override func viewDidLoad() {
        super.viewDidLoad()
        title = "Reading List"
        navigationController?.navigationBar.prefersLargeTitles = true
        navigationItem.leftBarButtonItem = editButtonItem
        // Pushed (from the Showcase's home), Edit goes beside the Back button, not in its place.
        navigationItem.leftItemsSupplementBackButton = true
        let add = UIBarButtonItem(systemItem: .add, primaryAction: UIAction { [weak self] _ in self?.showAddAlert() })
        add.accessibilityLabel = "Add Book"
        navigationItem.rightBarButtonItem = add
        search.searchResultsUpdater = self
        search.obscuresBackgroundDuringPresentation = false
        search.searchBar.placeholder = "Title or Author"
        navigationItem.searchController = search
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "book")
        showBooks(matching: "")
    }

    /// The books on screen, in order.
    public var shownBooks: [Book] { results?.fetchedObjects ?? [] }

    /// Feeds the table from a fetched results controller over the books matching `text`.
    private func showBooks(matching text: String) {
        let results = FetchedResultsController(database: library.database, request: Library.books(matching: text))
        results.onError = { [weak self] error in self?.report("\(error)") }
        do {
            try results.performFetch()
        } catch {
            report("\(error)")
            return
        }
        dataSource = FetchedResultsTableDataSource(tableView: tableView, controller: results) { table, indexPath, book in
            let cell = table.dequeueReusableCell(withIdentifier: "book", for: indexPath)
            var content = UIListContentConfiguration.subtitleCell()
            content.text = book.title
            content.secondaryText = book.author
            content.secondaryTextProperties.color = .secondaryLabel
            cell.contentConfiguration = content
            cell.accessoryType = book.isRead ? .checkmark : .none
            cell.accessibilityValue = book.isRead ? "Read" : nil
            return cell
        }
        self.results = results
        tableView.reloadData()
    }

    // MARK: Search

    public func updateSearchResults(for searchController: UISearchController) {
        showBooks(matching: searchController.searchBar.text ?? "")
    }

    // MARK: Adding

    /// Asks for a title and an author in an alert; Add is enabled once there is a title.
    func showAddAlert() {
        let alert = UIAlertController(title: "New Book", message: nil, preferredStyle: .alert)
        alert.addTextField { field in
            field.placeholder = "Title"
            field.accessibilityLabel = "Title"
        }
        alert.addTextField { field in
            field.placeholder = "Author"
            field.accessibilityLabel = "Author"
        }
        alert.addAction(UIAlertAction(title: "Cancel", style: .cancel))
        let add = UIAlertAction(title: "Add", style: .default) { [weak self, weak alert] _ in
            guard let self, let fields = alert?.textFields, fields.count == 2 else { return }
            self.attempt { try self.library.add(title: fields[0].text ?? "", author: fields[1].text ?? "") }
        }
        alert.addAction(add)
        alert.preferredAction = add
        present(alert, animated: true)
    }

    // MARK: Editing and swiping

    public override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        guard let book = results?.object(at: indexPath) else { return }
        tableView.deselectRow(at: indexPath, animated: true)
        navigationController?.pushViewController(BookEditorViewController(library: library, book: book), animated: true)
    }

    public override func tableView(_ tableView: UITableView,
                                   trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> UISwipeActionsConfiguration? {
        guard let book = results?.object(at: indexPath) else { return nil }
        let delete = UIContextualAction(style: .destructive, title: "Delete") { [weak self] _, _, done in
            self?.attempt { try self?.library.delete(book.id) }
            done(true)
        }
        return UISwipeActionsConfiguration(actions: [delete])
    }

    public override func tableView(_ tableView: UITableView,
                                   leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> UISwipeActionsConfiguration? {
        guard let book = results?.object(at: indexPath) else { return nil }
        let toggle = UIContextualAction(style: .normal, title: book.isRead ? "Unread" : "Read") { [weak self] _, _, done in
            self?.attempt { try self?.library.setRead(book.id, !book.isRead) }
            done(true)
        }
        toggle.backgroundColor = .systemBlue
        return UISwipeActionsConfiguration(actions: [toggle])
    }

    public override func tableView(_ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle,
                                   forRowAt indexPath: IndexPath) {
        guard editingStyle == .delete, let book = results?.object(at: indexPath) else { return }
        attempt { try library.delete(book.id) }
    }

    // MARK: Errors

    /// Runs a change; a refused change is shown in an alert, and nothing is half done.
    private func attempt(_ change: () throws -> Void) {
        do {
            try change()
        } catch {
            report("\(error)")
        }
    }

    private func report(_ message: String) {
        lastError = message
        let alert = UIAlertController(title: "Could Not Save", message: message, preferredStyle: .alert)
        alert.addAction(UIAlertAction(title: "OK", style: .default))
        (presentedViewController == nil ? self : presentedViewController)?.present(alert, animated: true)
    }
}
