import Tabula

/// The 2011 session's Mail-style multiple selection: in editing mode each row shows a
/// check circle and taps toggle it (`allowsMultipleSelectionDuringEditing`).
final class MailSelectionScene: Scene {
    static let name = "mail"
    static let title = "Mailboxes"
    static let summary = "Mail-style multiple selection while editing, with check circles"
    static let seed = "WWDC 2011, What's New in Table Views (multiple selection during editing)"
    static let tryIt = "Tap “Edit” in the bar, then tap messages to check them; “Done” leaves editing. Outside editing, long-press a message for its context menu."
    let controller = MailController(style: .plain)
    init() {}
    func makeRootViewController() -> UIViewController { controller }

    func play(on screen: HeadlessScreen) {
        let table = controller.tableView!
        guard let bar = controller.navigationController?.navigationBar, let edit = centerOfLabel("Edit", in: bar) else { return }
        screen.tap(at: edit)
        screen.advance(by: 0.5)
        for row in [1, 3, 4] {
            screen.tap(at: centerOfRow(row, in: table))
            screen.advance(by: 0.3)
        }
        screen.tap(at: centerOfRow(3, in: table))
        screen.advance(by: 0.6)
    }
}

final class MailController: UITableViewController {
    /// The messages shown; the context menu's Delete removes one.
    private(set) var messages = SampleData.messages

    override func viewDidLoad() {
        scaleRowHeight(from: 64)
        tableView.allowsMultipleSelectionDuringEditing = true
        tableView.register(SubtitleCell.self, forCellReuseIdentifier: "message")
        // Mail's Edit button: UIKit's editButtonItem reads Edit, then Done.
        navigationItem.rightBarButtonItem = editButtonItem
        navigationItem.largeTitleDisplayMode = .always
        navigationController?.navigationBar.prefersLargeTitles = true
        updateBar()
    }

    override func setEditing(_ editing: Bool, animated: Bool) {
        super.setEditing(editing, animated: animated)
        updateBar()
    }

    private func updateBar() {
        let checked = tableView.indexPathsForSelectedRows?.count ?? 0
        title = isEditing && checked > 0 ? "\(checked) Selected" : "Inbox"
    }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { messages.count }
    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "message", for: indexPath)
        cell.textLabel?.text = messages[indexPath.row].from
        cell.textLabel?.font = .systemFont(ofSize: 17, weight: .semibold)
        cell.detailTextLabel?.text = messages[indexPath.row].subject
        cell.accessoryType = .disclosureIndicator
        return cell
    }
    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        if !isEditing { tableView.deselectRow(at: indexPath, animated: true) }
        updateBar()
    }
    override func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath) { updateBar() }
    // Context menu (iOS 13 and later): long-press a message.
    override func tableView(_ tableView: UITableView, contextMenuConfigurationForRowAt indexPath: IndexPath,
                            point: CGPoint) -> UIContextMenuConfiguration? {
        guard !isEditing else { return nil }
        let message = messages[indexPath.row]
        return UIContextMenuConfiguration(identifier: NSString(string: message.subject), previewProvider: nil) { _ in
            UIMenu(children: [
                UIAction(title: "Reply", image: UIImage(systemName: "arrowshape.turn.up.left")) { _ in },
                UIAction(title: "Flag", image: UIImage(systemName: "flag")) { _ in },
                UIAction(title: "Share…", image: UIImage(systemName: "square.and.arrow.up")) { [weak self] _ in
                    self?.share(message)
                },
                UIAction(title: "Move…", image: UIImage(systemName: "archivebox"), attributes: .disabled) { _ in },
                UIMenu(options: .displayInline, children: [
                    UIAction(title: "Delete", image: UIImage(systemName: "trash"), attributes: .destructive) { [weak self] _ in
                        self?.delete(subject: message.subject)
                    },
                ]),
            ])
        }
    }

    /// The share sheet for a message: its subject and sender, to copy.
    private func share(_ message: (from: String, subject: String)) {
        present(UIActivityViewController(activityItems: ["\(message.subject) (from \(message.from))"],
                                         applicationActivities: nil), animated: true)
    }

    /// Removes the message (found by subject: rows may have moved since the menu opened).
    private func delete(subject: String) {
        guard let row = messages.firstIndex(where: { $0.subject == subject }) else { return }
        messages.remove(at: row)
        tableView.deleteRows(at: [IndexPath(row: row, section: 0)], with: .automatic)
        updateBar()
    }
}
