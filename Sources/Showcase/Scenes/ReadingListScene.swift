import ReadingList
import Tabula

/// The example app of `Examples/ReadingList`, written once for iOS and Linux: a reading
/// list in SQLite with Add through an alert, swipe to delete and search.
final class ReadingListScene: Scene {
    static let name = "reading-list"
    static let title = "Reading List"
    static let summary = "The example app written once for iOS and Linux: books in SQLite, add through an alert, edit, swipe to delete, search"
    static let seed = "Examples/ReadingList, an app with one codebase for UIKit and Tabula"
    static let tryIt = "Tap + and type a title; tap a book to edit it; swipe a row left to delete; search by title or author."

    let controller: BooksViewController
    init() {
        // An in-memory library never fails to open; the sample's titles are all valid.
        controller = BooksViewController(library: (try? Library.sample()) ?? Self.emptyLibrary())
    }

    private static func emptyLibrary() -> Library {
        do { return try Library() } catch { fatalError("an in-memory SQLite database could not be opened: \(error)") }
    }

    func makeRootViewController() -> UIViewController { controller }

    /// Adds a book through the alert, then swipes one away.
    func play(on screen: HeadlessScreen) {
        guard let add = try? screen.element(labelled: "Add Book") else { return }
        add.tap()
        screen.advance(by: 0.6)
        for character in "Emma" {
            screen.typeText(String(character))
            screen.advance(by: 0.08)
        }
        if let author = try? screen.element(labelled: "Author") {
            author.tap()
            screen.advance(by: 0.1)
            screen.typeText("Jane Austen")
        }
        screen.advance(by: 0.3)
        try? screen.element(labelled: "Add").tap()
        screen.advance(by: 1)
        if let row = screen.cells.allElements.first(where: { $0.label?.contains("Middlemarch") == true }) {
            let frame = row.frame
            screen.drag(from: CGPoint(x: frame.maxX - 20, y: frame.midY), to: CGPoint(x: frame.maxX - 220, y: frame.midY))
            screen.advance(by: 0.5)
            try? screen.element(labelled: "Delete").tap()
        }
        screen.advance(by: 1)
    }
}
