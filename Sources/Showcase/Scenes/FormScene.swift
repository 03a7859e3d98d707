import Tabula

/// A form of text fields in an inset grouped table: tapping a field low on the screen
/// brings the keyboard up, and the table scrolls the field above it (the 2009 session's
/// table view controller, which "scrolls the cell being edited above the keyboard").
/// Return moves to the next field; the last one ends editing.
final class FormScene: Scene {
    static let name = "form"
    static let title = "New Contact"
    static let summary = "Text fields in cells: the keyboard slides up and the table keeps the edited row above it"
    static let seed = "WWDC 2009, Perfecting Your iPhone Table Views (UITableViewController and the keyboard)"
    static let tryIt = "Tap a field and type; Return moves to the next one. Drag the table to put the keyboard away."

    let controller = FormController(style: .insetGrouped)
    init() {}
    func makeRootViewController() -> UIViewController { controller }

    /// Taps the "Met" field near the bottom (the keyboard comes up and the table scrolls
    /// it above), types, moves to the last field with Return, types, and ends with Done.
    func play(on screen: HeadlessScreen) {
        let fields = controller.fields
        guard fields.count >= 2 else { return }
        controller.tableView.layoutIfNeeded()
        let field = fields[fields.count - 2]
        screen.tap(at: field.convert(CGPoint(x: 40, y: field.bounds.midY), to: nil))
        screen.advance(by: 0.5)
        type("WWDC 2009", on: screen)
        screen.typeText("\n")
        screen.advance(by: 0.3)
        type("Tables!", on: screen)
        screen.typeText("\n")
        screen.advance(by: 0.6)
    }

    /// Types `text` a character at a time, as a person would.
    private func type(_ text: String, on screen: HeadlessScreen) {
        for character in text {
            screen.typeText(String(character))
            screen.advance(by: 0.06)
        }
    }
}

final class FormController: UITableViewController, UITextFieldDelegate {
    struct Field {
        let label: String
        let placeholder: String
        var keyboard: UIKeyboardType = .default
        var secure = false
    }

    let sections: [(String, [Field])] = [
        ("Name", [Field(label: "First", placeholder: "Ada"), Field(label: "Last", placeholder: "Lovelace"),
                  Field(label: "Company", placeholder: "Analytical Engines")]),
        ("Contact", [Field(label: "Phone", placeholder: "+44 20 7946 0000", keyboard: .phonePad),
                     Field(label: "Email", placeholder: "ada@example.com", keyboard: .emailAddress),
                     Field(label: "Website", placeholder: "example.com", keyboard: .URL)]),
        ("Account", [Field(label: "User", placeholder: "ada"), Field(label: "Password", placeholder: "Required", secure: true)]),
        ("Notes", [Field(label: "Met", placeholder: "Where and when"), Field(label: "Note", placeholder: "Anything else")]),
    ]

    /// One text field per row, kept while the form lives (cells are not reused).
    private(set) lazy var fields: [UITextField] = sections.flatMap(\.1).map { spec in
        let field = UITextField(frame: .zero)
        field.placeholder = spec.placeholder
        field.keyboardType = spec.keyboard
        field.isSecureTextEntry = spec.secure
        field.clearButtonMode = .whileEditing
        field.returnKeyType = .next
        field.delegate = self
        return field
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        fields.last?.returnKeyType = .done
        tableView.keyboardDismissMode = .onDrag
    }

    private func index(of indexPath: IndexPath) -> Int {
        sections[..<indexPath.section].reduce(0) { $0 + $1.1.count } + indexPath.row
    }

    override func numberOfSections(in tableView: UITableView) -> Int { sections.count }
    override func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { sections[section].0 }
    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { sections[section].1.count }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = FieldCell(style: .default, reuseIdentifier: nil)
        cell.selectionStyle = .none
        cell.textLabel?.text = sections[indexPath.section].1[indexPath.row].label
        cell.textLabel?.font = .preferredFont(forTextStyle: .body)
        cell.textLabel?.adjustsFontForContentSizeCategory = true
        let field = fields[index(of: indexPath)]
        field.font = .preferredFont(forTextStyle: .body)
        field.adjustsFontForContentSizeCategory = true
        cell.field = field
        cell.contentView.addSubview(field)
        return cell
    }

    /// Return moves to the next field; the last one ends editing.
    func textFieldShouldReturn(_ textField: UITextField) -> Bool {
        if let i = fields.firstIndex(where: { $0 === textField }), i + 1 < fields.count {
            fields[i + 1].becomeFirstResponder()
        } else {
            textField.resignFirstResponder()
        }
        return true
    }
}

/// A form row: the label in a column as wide as the text size needs, the field filling
/// the rest of the row, centred on the label whatever the row's height.
final class FieldCell: UITableViewCell {
    var field: UITextField?

    override func layoutSubviews() {
        super.layoutSubviews()
        guard let field, let label = textLabel else { return }
        // 94 points hold the longest label ("Password") at the default size; the column
        // grows with the text.
        let column = UIFontMetrics(forTextStyle: .body).scaledValue(for: 94, compatibleWith: traitCollection)
        label.frame.size.width = min(label.frame.width, column)
        let x = label.frame.minX + column + 8
        field.frame = CGRect(x: x, y: 0, width: max(0, contentView.bounds.width - x - 12), height: contentView.bounds.height)
    }
}
