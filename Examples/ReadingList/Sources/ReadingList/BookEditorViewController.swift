#if canImport(UIKit)
import UIKit
#else
import Tabula
#endif
import Foundation

/// Edits one book's title and author in an inset grouped table; Save is enabled while the
/// title is not blank, and goes back to the list.
public final class BookEditorViewController: UITableViewController, UITextFieldDelegate {
    private let library: Library
    private let book: Book
    /// The title field (first row).
    public let titleField = UITextField()
    /// The author field (second row).
    public let authorField = UITextField()
    private lazy var saveItem = UIBarButtonItem(systemItem: .save, primaryAction: UIAction { [weak self] _ in self?.save() })

    /// An editor for `book`.
    public init(library: Library, book: Book) {
        self.library = library
        self.book = book
        super.init(style: .insetGrouped)
    }

    /// Not used: the editor is made in code.
    public required init?(coder: NSCoder) { fatalError("BookEditorViewController is made in code") }

    public override func viewDidLoad() {
        super.viewDidLoad()
        title = "Edit Book"
        navigationItem.largeTitleDisplayMode = .never
        navigationItem.rightBarButtonItem = saveItem
        for (field, text, name) in [(titleField, book.title, "Title"), (authorField, book.author, "Author")] {
            field.text = text
            field.placeholder = name
            field.accessibilityLabel = name
            field.clearButtonMode = .whileEditing
            field.returnKeyType = field === titleField ? .next : .done
            field.delegate = self
            field.addAction(UIAction { [weak self] _ in self?.updateSaveButton() }, for: .editingChanged)
        }
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "field")
    }

    private func updateSaveButton() {
        saveItem.isEnabled = !(titleField.text ?? "").trimmingCharacters(in: .whitespaces).isEmpty
    }

    private func save() {
        do {
            try library.update(book.id, title: titleField.text ?? "", author: authorField.text ?? "")
            navigationController?.popViewController(animated: true)
        } catch {
            let alert = UIAlertController(title: "Could Not Save", message: "\(error)", preferredStyle: .alert)
            alert.addAction(UIAlertAction(title: "OK", style: .default))
            present(alert, animated: true)
        }
    }

    public func textFieldShouldReturn(_ textField: UITextField) -> Bool {
        if textField === titleField {
            authorField.becomeFirstResponder()
        } else {
            textField.resignFirstResponder()
        }
        return false
    }

    public override func numberOfSections(in tableView: UITableView) -> Int { 2 }

    public override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 1 }

    public override func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
        section == 0 ? "Title" : "Author"
    }

    public override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "field", for: indexPath)
        let field = indexPath.section == 0 ? titleField : authorField
        cell.selectionStyle = .none
        if field.superview !== cell.contentView {
            field.translatesAutoresizingMaskIntoConstraints = false
            cell.contentView.addSubview(field)
            NSLayoutConstraint.activate([
                field.leadingAnchor.constraint(equalTo: cell.contentView.layoutMarginsGuide.leadingAnchor),
                field.trailingAnchor.constraint(equalTo: cell.contentView.layoutMarginsGuide.trailingAnchor),
                field.topAnchor.constraint(equalTo: cell.contentView.topAnchor),
                field.bottomAnchor.constraint(equalTo: cell.contentView.bottomAnchor),
                field.heightAnchor.constraint(greaterThanOrEqualToConstant: 44),
            ])
        }
        return cell
    }
}
