import Foundation
import Testing
@testable import TabulaUIKit
@testable import TabulaTable
import TabulaTestSupport

/// A list of words that can be dragged (each as its text, with the word as the local
/// object) and takes drops of text, logging what the table tells it.
@MainActor
final class DragDropSource: UITableViewDataSource, UITableViewDelegate, UITableViewDragDelegate, UITableViewDropDelegate {
    var items: [String]
    var log: [String] = []
    /// What the drop delegate proposes; nil leaves the default (cancel).
    var proposal: ((any UIDropSession, IndexPath?) -> UITableViewDropProposal)?
    var canMove = true
    var dropped: [String] = []
    /// Where performDrop says the first item went (nil: the coordinator is not told).
    var landRow: ((IndexPath) -> IndexPath?)? = { $0 }
    var lastCoordinatorDestination: IndexPath?

    init(_ items: [String]) { self.items = items }

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { items.count }
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "row") ?? UITableViewCell(style: .default, reuseIdentifier: "row")
        cell.textLabel?.text = items[indexPath.row]
        return cell
    }
    func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool { canMove }
    func tableView(_ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {
        log.append("move \(sourceIndexPath.row)->\(destinationIndexPath.row)")
        items.insert(items.remove(at: sourceIndexPath.row), at: destinationIndexPath.row)
    }
    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) { log.append("select \(indexPath.row)") }
    /// Whether rows have a context menu too.
    var hasMenu = false
    func tableView(_ tableView: UITableView, contextMenuConfigurationForRowAt indexPath: IndexPath,
                   point: CGPoint) -> UIContextMenuConfiguration? {
        guard hasMenu else { return nil }
        return UIContextMenuConfiguration(identifier: nil, previewProvider: nil) { _ in
            UIMenu(title: "", children: [UIAction(title: "Copy") { _ in }])
        }
    }

    func tableView(_ tableView: UITableView, itemsForBeginning session: any UIDragSession,
                   at indexPath: IndexPath) -> [UIDragItem] {
        log.append("begin \(indexPath.row)")
        let item = UIDragItem(itemProvider: NSItemProvider(object: items[indexPath.row] as NSString))
        item.localObject = items[indexPath.row]
        return [item]
    }
    func tableView(_ tableView: UITableView, dragSessionWillBegin session: any UIDragSession) { log.append("willBegin") }
    func tableView(_ tableView: UITableView, dragSessionDidEnd session: any UIDragSession) { log.append("didEnd") }

    func tableView(_ tableView: UITableView, dropSessionDidEnter session: any UIDropSession) { log.append("enter") }
    func tableView(_ tableView: UITableView, dropSessionDidExit session: any UIDropSession) { log.append("exit") }
    func tableView(_ tableView: UITableView, dropSessionDidEnd session: any UIDropSession) { log.append("dropEnd") }
    func tableView(_ tableView: UITableView, dropSessionDidUpdate session: any UIDropSession,
                   withDestinationIndexPath destinationIndexPath: IndexPath?) -> UITableViewDropProposal {
        proposal?(session, destinationIndexPath) ?? UITableViewDropProposal(operation: .cancel)
    }
    func tableView(_ tableView: UITableView, performDropWith coordinator: any UITableViewDropCoordinator) {
        log.append("perform")
        lastCoordinatorDestination = coordinator.destinationIndexPath
        let destination = coordinator.destinationIndexPath ?? IndexPath(row: items.count, section: 0)
        if coordinator.proposal.operation == .move, let item = coordinator.items.first, let source = item.sourceIndexPath {
            // A move inside the table, made by the delegate itself (canMoveRowAt says no).
            items.insert(items.remove(at: source.row), at: destination.row)
            tableView.moveRow(at: source, to: destination)
            coordinator.drop(item.dragItem, toRowAt: destination)
            return
        }
        // What a UIKit app does: the local object when the drag began in the app, else load the text.
        let texts = coordinator.items.compactMap { $0.dragItem.localObject as? String }
        if texts.count == coordinator.items.count {
            insert(texts, at: destination, in: tableView)
            if let first = coordinator.items.first, let row = landRow?(destination) {
                coordinator.drop(first.dragItem, toRowAt: row)
            }
        } else {
            coordinator.session.loadObjects(ofClass: String.self) { strings in
                self.insert(strings, at: destination, in: tableView)
            }
        }
    }

    private func insert(_ texts: [String], at destination: IndexPath, in tableView: UITableView) {
        dropped += texts
        items.insert(contentsOf: texts, at: destination.row)
        tableView.insertRows(at: texts.indices.map { IndexPath(row: destination.row + $0, section: 0) }, with: .automatic)
    }
}

@MainActor
@Suite("Drag and drop: lift a row, move it, drop it")
struct DragAndDropTests {
    static let words = (0 ..< 30).map { "Word \($0)" }

    func dragTable(_ source: DragDropSource, enabled: Bool = true) -> (HeadlessScreen, UITableView) {
        let table = UITableView(frame: CGRect(x: 0, y: 0, width: 390, height: 600), style: .plain)
        table.dataSource = source
        table.delegate = source
        table.dragDelegate = source
        table.dropDelegate = source
        if enabled { table.dragInteractionEnabled = true }
        let screen = showTable(table, scale: 1, size: CGSize(width: 390, height: 600))
        screen.advance(by: 1.0 / 60)
        return (screen, table)
    }

    /// Presses row `row`, holds until the lift, then moves the finger to `to` in `steps`.
    func lift(_ screen: HeadlessScreen, _ table: UITableView, row: Int) -> (Int, CGPoint) {
        let start = table.centerOfRow(IndexPath(row: row, section: 0))
        let finger = screen.touchDown(at: start)
        screen.advance(by: 0.6)
        return (finger, start)
    }

    func move(_ screen: HeadlessScreen, _ finger: Int, from start: CGPoint, to end: CGPoint, steps: Int = 12) {
        for step in 1 ... steps {
            let t = CGFloat(step) / CGFloat(steps)
            screen.moveTouch(finger, to: CGPoint(x: start.x + (end.x - start.x) * t, y: start.y + (end.y - start.y) * t))
            screen.advance(by: 1.0 / 60)
        }
    }

    @Test("A drag on a phone needs dragInteractionEnabled: off by default, a long press then does nothing")
    func offByDefaultOnAPhone() {
        let source = DragDropSource(Self.words)
        let (screen, table) = dragTable(source, enabled: false)
        #expect(table.dragInteractionEnabled == false)
        let (finger, start) = lift(screen, table, row: 2)
        move(screen, finger, from: start, to: CGPoint(x: start.x, y: start.y + 200))
        screen.liftTouch(finger)
        screen.advance(by: 0.5)
        #expect(!source.log.contains("begin 2"))
        #expect(table.window?.activeDrag == nil)
        #expect(source.items == Self.words)
    }

    @Test("Dragging a row down its own table: the row follows the finger, the rows between step up, the drop moves it")
    func reorderInsideTheTable() {
        let source = DragDropSource(Self.words)
        source.proposal = { session, _ in
            UITableViewDropProposal(operation: session.localDragSession != nil ? .move : .copy,
                                    intent: .insertAtDestinationIndexPath)
        }
        let (screen, table) = dragTable(source)
        let (finger, start) = lift(screen, table, row: 1)
        #expect(source.log.prefix(3) == ["begin 1", "willBegin", "enter"])
        #expect(table.hasActiveDrag && table.hasActiveDrop)
        let rowHeight = table.rectForRow(at: IndexPath(row: 0, section: 0)).height
        // Over row 4's middle: the dragged row's place moves there.
        let target = CGPoint(x: start.x, y: table.centerOfRow(IndexPath(row: 4, section: 0)).y)
        move(screen, finger, from: start, to: target)
        screen.advance(by: 0.3)
        guard let drag = table.window?.activeDrag else {
            Issue.record("no drag on screen")
            return
        }
        // The picture follows the finger (lifted 1.02×, centred where the finger holds it).
        #expect(abs(drag.previewFrame.midY - target.y) < 1)
        // The dragged row is hidden; rows 2–4 moved up one row; row 5 stays.
        #expect(table.cellForRow(at: IndexPath(row: 1, section: 0))?.alpha == 0)
        for row in 2 ... 4 {
            let frame = table.cellForRow(at: IndexPath(row: row, section: 0))!.frame
            #expect(abs(frame.minY - table.rectForRow(at: IndexPath(row: row - 1, section: 0)).minY) < 0.5, "row \(row)")
        }
        #expect(table.cellForRow(at: IndexPath(row: 5, section: 0))!.frame.minY
                == table.rectForRow(at: IndexPath(row: 5, section: 0)).minY)
        #expect(table.hasUncommittedUpdates, "rows moved aside for the drop: not the data source's order")
        screen.liftTouch(finger)
        // Mid-landing: the picture moves towards row 4; rows keep touching.
        screen.advance(by: 0.1)
        #expect(source.log.contains("move 1->4"))
        #expect(!source.log.contains("perform"))
        for row in 0 ..< 8 {
            let layer = table.cellForRow(at: IndexPath(row: row, section: 0))!.layer
            #expect((layer.presentation() ?? layer).opacity == (row == 4 ? 0 : 1), "row \(row), as drawn mid-landing")
        }
        screen.advance(by: 0.5)
        #expect(source.items[4] == "Word 1")
        #expect(table.window?.activeDrag == nil)
        #expect(!table.hasActiveDrag && !table.hasActiveDrop && !table.hasUncommittedUpdates)
        #expect(source.log.suffix(2) == ["dropEnd", "didEnd"])
        for row in 0 ..< 8 {
            let cell = table.cellForRow(at: IndexPath(row: row, section: 0))!
            #expect(cell.textLabel?.text == source.items[row])
            #expect(cell.alpha == 1)
            #expect(abs(cell.frame.minY - CGFloat(row) * rowHeight) < 0.5)
        }
    }

    @Test("A move the drop delegate makes itself: the moved row stays hidden until its picture lands on it")
    func delegateMadeMove() {
        let source = DragDropSource(Self.words)
        source.canMove = false
        source.proposal = { _, _ in UITableViewDropProposal(operation: .move, intent: .insertAtDestinationIndexPath) }
        let (screen, table) = dragTable(source)
        let (finger, start) = lift(screen, table, row: 0)
        move(screen, finger, from: start, to: CGPoint(x: start.x, y: table.centerOfRow(IndexPath(row: 3, section: 0)).y))
        screen.advance(by: 0.3)
        screen.liftTouch(finger)
        screen.advance(by: 0.1)
        #expect(source.log.contains("perform"))
        #expect(source.items[3] == "Word 0")
        // Mid-landing, as drawn: the moved row's cell is hidden under the picture (no
        // ghost of it sliding down); every other row shows.
        for row in 0 ..< 8 {
            let cell = table.cellForRow(at: IndexPath(row: row, section: 0))!
            let shown = (cell.layer.presentation() ?? cell.layer).opacity
            #expect(shown == (row == 3 ? 0 : 1), "row \(row)")
        }
        screen.advance(by: 0.5)
        #expect(table.cellForRow(at: IndexPath(row: 3, section: 0))?.alpha == 1)
        #expect(table.cellForRow(at: IndexPath(row: 3, section: 0))?.textLabel?.text == "Word 0")
    }

    @Test("Without a proposal (UIKit's default, cancel) nothing drops: the picture flies back and the row shows again")
    func cancelledDropFliesBack() {
        let source = DragDropSource(Self.words)
        let (screen, table) = dragTable(source)
        let (finger, start) = lift(screen, table, row: 3)
        move(screen, finger, from: start, to: CGPoint(x: start.x, y: start.y + 150))
        // No gap: the rows stay where they are.
        #expect(table.cellForRow(at: IndexPath(row: 4, section: 0))!.frame.minY
                == table.rectForRow(at: IndexPath(row: 4, section: 0)).minY)
        screen.liftTouch(finger)
        screen.advance(by: 0.15)
        let flying = table.window?.subviews.compactMap { $0 as? DragPresentation }.first
        #expect(flying != nil, "the picture is still on its way back")
        if let flying {
            let home = table.convert(table.rectForRow(at: IndexPath(row: 3, section: 0)), to: table.window)
            #expect(flying.previewFrame.midY < start.y + 150 && flying.previewFrame.midY > home.midY - 1)
        }
        screen.advance(by: 0.5)
        #expect(table.window?.subviews.contains { $0 is DragPresentation } == false)
        #expect(!source.log.contains("perform"))
        #expect(source.log.contains("didEnd"))
        #expect(source.items == Self.words)
    }

    @Test("A drag from one table onto another: the drop delegate inserts the row and the picture lands on it")
    func dropOnAnotherTable() {
        let left = DragDropSource(["Apple", "Banana", "Cherry"])
        let right = DragDropSource(["Xylophone", "Yacht", "Zebra"])
        right.proposal = { _, _ in UITableViewDropProposal(operation: .copy, intent: .insertAtDestinationIndexPath) }
        let container = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 600))
        let a = UITableView(frame: CGRect(x: 0, y: 0, width: 195, height: 600), style: .plain)
        let b = UITableView(frame: CGRect(x: 195, y: 0, width: 195, height: 600), style: .plain)
        for (table, source) in [(a, left), (b, right)] {
            table.dataSource = source
            table.delegate = source
            table.dragDelegate = source
            table.dropDelegate = source
            table.dragInteractionEnabled = true
            container.addSubview(table)
        }
        let screen = HeadlessScreen(size: CGSize(width: 390, height: 600), scale: 1)
        let window = UIWindow(frame: .zero)
        let controller = UIViewController()
        window.rootViewController = controller
        screen.show(window)
        controller.view.addSubview(container)
        screen.advance(by: 1.0 / 60)
        let start = a.convert(a.centerOfRow(IndexPath(row: 0, section: 0)), to: container)
        let finger = screen.touchDown(at: start)
        screen.advance(by: 0.6)
        // Onto the right table, the lower half of its row 1: the gap opens before row 2.
        let over = b.convert(b.rectForRow(at: IndexPath(row: 1, section: 0)), to: container)
        move(screen, finger, from: start, to: CGPoint(x: over.midX, y: over.midY + over.height / 4))
        screen.advance(by: 0.3)
        #expect(left.log.contains("exit"))
        #expect(right.log.contains("enter"))
        #expect(b.cellForRow(at: IndexPath(row: 2, section: 0))!.frame.minY
                == b.rectForRow(at: IndexPath(row: 2, section: 0)).maxY, "row 2 stepped down one row")
        screen.liftTouch(finger)
        screen.advance(by: 0.6)
        #expect(right.items == ["Xylophone", "Yacht", "Apple", "Zebra"])
        #expect(right.lastCoordinatorDestination == IndexPath(row: 2, section: 0))
        #expect(left.items == ["Apple", "Banana", "Cherry"], "a copy: the source keeps its row")
        #expect(b.cellForRow(at: IndexPath(row: 2, section: 0))?.textLabel?.text == "Apple")
        #expect(left.log.last == "didEnd")
        #expect(right.log.suffix(2) == ["perform", "dropEnd"])
    }

    @Test("Text dropped from outside the app (the desktop) is loaded from its item provider and inserted")
    func externalTextDrop() async {
        let source = DragDropSource(["One", "Two"])
        source.proposal = { session, _ in
            #expect(session.localDragSession == nil)
            #expect(!session.allowsMoveOperation)
            return UITableViewDropProposal(operation: session.canLoadObjects(ofClass: String.self) ? .copy : .forbidden,
                                           intent: .insertAtDestinationIndexPath)
        }
        let (screen, table) = dragTable(source)
        let operation = screen.drop(text: "Dropped", at: table.centerOfRow(IndexPath(row: 0, section: 0)))
        #expect(operation == .copy)
        await screen.advance(by: 0)
        await screen.advance(by: 0.5)
        #expect(source.items == ["Dropped", "One", "Two"])
        #expect(table.cellForRow(at: IndexPath(row: 0, section: 0))?.textLabel?.text == "Dropped")
    }

    @Test("A drop where no view takes drops is reported and does nothing")
    func dropNobodyTakes() {
        let source = DragDropSource(["One"])
        let (screen, table) = dragTable(source)
        table.dropDelegate = nil
        var reports: [String] = []
        screen.onReport = { reports.append($0) }
        #expect(screen.drop(text: "Lost", at: CGPoint(x: 100, y: 20)) == .cancel)
        #expect(reports.count == 1)
        #expect(reports.first?.contains("Nothing took the drop of 1 item(s) (public.utf8-plain-text)") == true)
        #expect(source.items == ["One"])
    }

    @Test("Careless delegates: no items, a landing row that does not exist, the table reloaded mid-drag")
    func carelessDelegates() {
        let source = DragDropSource(Self.words)
        source.proposal = { _, _ in UITableViewDropProposal(operation: .copy, intent: .insertAtDestinationIndexPath) }
        source.canMove = false
        source.landRow = { _ in IndexPath(row: 9_999, section: 7) }
        let (screen, table) = dragTable(source)
        let (finger, start) = lift(screen, table, row: 2)
        move(screen, finger, from: start, to: CGPoint(x: start.x, y: start.y + 100))
        source.items.removeAll()
        table.reloadData()
        screen.advance(by: 1.0 / 60)
        screen.liftTouch(finger)
        screen.advance(by: 0.6)
        #expect(table.window?.subviews.contains { $0 is DragPresentation } == false)
        #expect(source.items == ["Word 2"], "the drop inserted the dragged word into the emptied table")
        #expect(table.numberOfRows(inSection: 0) == 1)
        #expect(source.log.last == "didEnd")
    }

    @Test("Held near the bottom edge, the table scrolls under the dragged row")
    func autoscroll() {
        let source = DragDropSource(Self.words)
        source.proposal = { _, _ in UITableViewDropProposal(operation: .move, intent: .insertAtDestinationIndexPath) }
        let (screen, table) = dragTable(source)
        let (finger, start) = lift(screen, table, row: 2)
        move(screen, finger, from: start, to: CGPoint(x: start.x, y: 590))
        let before = table.contentOffset.y
        screen.advance(by: 0.5)
        #expect(table.contentOffset.y > before + 100)
        screen.liftTouch(finger)
        screen.advance(by: 0.6)
        let moved = source.items.firstIndex(of: "Word 2") ?? 0
        #expect(moved > 10, "dropped further down than the screen showed at the lift")
    }

    @Test("With a context menu too, the long press shows the menu and moving the finger lifts the row out of it")
    func dragOutOfAContextMenu() {
        let source = DragDropSource(Self.words)
        source.hasMenu = true
        let (screen, table) = dragTable(source)
        let (finger, start) = lift(screen, table, row: 2)
        screen.advance(by: 0.4)
        #expect(table.window?.showingContextMenu != nil)
        #expect(!source.log.contains("begin 2"))
        move(screen, finger, from: start, to: CGPoint(x: start.x, y: start.y + 80), steps: 6)
        #expect(source.log.contains("begin 2"))
        #expect(table.window?.activeDrag != nil)
        screen.liftTouch(finger)
        screen.advance(by: 0.6)
        #expect(table.window?.showingContextMenu == nil)
        #expect(table.window?.activeDrag == nil)
    }
}

@MainActor
@Suite("NSItemProvider: representations, conformance and loading")
struct ItemProviderTests {
    @Test("Text loads as String and NSString; UTF-8 text conforms to plain text, text and data, not to images")
    func text() async {
        let provider = NSItemProvider(object: "Héllo" as NSString)
        #expect(provider.registeredTypeIdentifiers == ["public.utf8-plain-text"])
        #expect(provider.hasItemConformingToTypeIdentifier(UTType.plainText.identifier))
        #expect(provider.hasItemConformingToTypeIdentifier("public.text"))
        #expect(provider.hasItemConformingToTypeIdentifier(kUTTypeData as String))
        #expect(!provider.hasItemConformingToTypeIdentifier(UTType.image.identifier))
        #expect(provider.canLoadObject(ofClass: String.self))
        #expect(!provider.canLoadObject(ofClass: UIImage.self))
        let loaded = await withCheckedContinuation { continuation in
            provider.loadObject(ofClass: String.self) { string, _ in continuation.resume(returning: string) }
        }
        #expect(loaded == "Héllo")
    }

    @Test("A load of a type the provider does not have completes with an error naming both")
    func missingType() async {
        let provider = NSItemProvider(object: NSURL(string: "https://example.com/a")!)
        let message = await withCheckedContinuation { continuation in
            provider.loadObject(ofClass: UIImage.self) { image, error in
                continuation.resume(returning: image == nil ? (error?.localizedDescription ?? "") : "an image")
            }
        }
        #expect(message.contains("cannot load a UIImage"))
        #expect(message.contains("public.url"))
        let url = await withCheckedContinuation { continuation in
            provider.loadObject(ofClass: URL.self) { url, _ in continuation.resume(returning: url) }
        }
        #expect(url?.absoluteString == "https://example.com/a")
    }

    @Test("A registered load handler runs when the data is asked for, not before")
    func loadHandler() async {
        let provider = NSItemProvider()
        let calls = Counter()
        provider.registerDataRepresentation(forTypeIdentifier: UTType.json.identifier, visibility: .all) { completion in
            calls.add()
            completion(Data("{\"a\":1}".utf8), nil)
            return nil
        }
        #expect(calls.value == 0)
        #expect(provider.hasItemConformingToTypeIdentifier("public.text"))
        let data = await withCheckedContinuation { continuation in
            provider.loadDataRepresentation(forTypeIdentifier: "public.json") { data, _ in continuation.resume(returning: data) }
        }
        #expect(calls.value == 1)
        #expect(data.map { String(decoding: $0, as: UTF8.self) } == "{\"a\":1}")
    }

    @Test("A file dropped from the desktop is typed by its extension and loads as data and as a file URL")
    func file() async throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("drop-\(UUID().uuidString).txt")
        try Data("notes".utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let provider = try #require(NSItemProvider(contentsOf: url))
        #expect(provider.registeredTypeIdentifiers == ["public.plain-text", "public.file-url"])
        #expect(NSItemProvider(contentsOf: URL(string: "https://example.com")) == nil)
        let text = await withCheckedContinuation { continuation in
            provider.loadObject(ofClass: String.self) { string, _ in continuation.resume(returning: string) }
        }
        #expect(text == "notes")
        let file = await withCheckedContinuation { continuation in
            provider.loadFileRepresentation(forTypeIdentifier: "public.text") { file, _ in continuation.resume(returning: file) }
        }
        #expect(file == url)
    }
}

/// A count shared with a `@Sendable` closure.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.withLock { count } }
    func add() { lock.withLock { count += 1 } }
}
