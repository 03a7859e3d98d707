import Tabula

/// The 2011 session's Mail-style multiple selection: in editing mode each row shows a
/// check circle and taps toggle it (`allowsMultipleSelectionDuringEditing`).
final class MailSelectionScene: Scene {
    static let name = "mail"
    static let title = "Mailboxes"
    static let summary = "Mail-style multiple selection while editing, with check circles"
    static let seed = "WWDC 2011, What's New in Table Views (multiple selection during editing)"
    static let tryIt = "Tap “Edit” in the bar, then tap messages to check them; “Done” leaves editing. Outside editing, long-press a message for its context menu, and move the finger to drag the message to another place; drop text or files from the desktop onto the list to add them."
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
        // Drag to reorder, and drops of text from elsewhere (on a phone drags are off by default).
        tableView.dragInteractionEnabled = true
        tableView.dragDelegate = self
        tableView.dropDelegate = self
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
        // The sender in the headline style, so that it grows with the text size as the subject does.
        cell.textLabel?.font = .preferredFont(forTextStyle: .headline)
        cell.textLabel?.adjustsFontForContentSizeCategory = true
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

/// Messages drag as their text; a drag inside the list moves the message, and text or
/// files dropped from elsewhere become new messages.
extension MailController: UITableViewDragDelegate, UITableViewDropDelegate {
    func tableView(_ tableView: UITableView, itemsForBeginning session: any UIDragSession,
                   at indexPath: IndexPath) -> [UIDragItem] {
        let message = messages[indexPath.row]
        let item = UIDragItem(itemProvider: NSItemProvider(object: "\(message.subject) (from \(message.from))" as NSString))
        item.localObject = message.subject
        return [item]
    }

    func tableView(_ tableView: UITableView, dropSessionDidUpdate session: any UIDropSession,
                   withDestinationIndexPath destinationIndexPath: IndexPath?) -> UITableViewDropProposal {
        guard !isEditing else { return UITableViewDropProposal(operation: .forbidden) }
        if session.localDragSession != nil {
            return UITableViewDropProposal(operation: .move, intent: .insertAtDestinationIndexPath)
        }
        return UITableViewDropProposal(operation: session.canLoadObjects(ofClass: String.self) ? .copy : .forbidden,
                                       intent: .insertAtDestinationIndexPath)
    }

    func tableView(_ tableView: UITableView, performDropWith coordinator: any UITableViewDropCoordinator) {
        let destination = coordinator.destinationIndexPath ?? IndexPath(row: messages.count, section: 0)
        if let item = coordinator.items.first, let source = item.sourceIndexPath {
            // A message moved inside the list.
            let target = IndexPath(row: min(destination.row, messages.count - 1), section: 0)
            messages.insert(messages.remove(at: source.row), at: target.row)
            tableView.moveRow(at: source, to: target)
            coordinator.drop(item.dragItem, toRowAt: target)
            return
        }
        coordinator.session.loadObjects(ofClass: String.self) { [weak self] texts in
            guard let self else { return }
            let row = min(destination.row, self.messages.count)
            let new = texts.map { (from: "Dropped", subject: $0) }
            self.messages.insert(contentsOf: new, at: row)
            tableView.insertRows(at: new.indices.map { IndexPath(row: row + $0, section: 0) }, with: .automatic)
        }
    }
}
