import Foundation
import Tabula
import Testing
@testable import ReadingList

/// The example app driven as a person uses it: through the accessibility labels on screen,
/// taps, typing and swipes on a virtual clock.
@MainActor
@Suite("Reading list, the example app")
struct ReadingListTests {
    let screen = HeadlessScreen(device: .iPhone15)

    /// The list in a navigation controller, shown and settled.
    func launch(_ library: Library) -> BooksViewController {
        let list = BooksViewController(library: library)
        let window = UIWindow(frame: .zero)
        window.rootViewController = UINavigationController(rootViewController: list)
        screen.show(window)
        screen.advance(by: 0.5)
        return list
    }

    func titles(_ list: BooksViewController) -> [String] { list.shownBooks.map(\.title) }

    func cellLabels() -> [String] { screen.cells.allElements.compactMap(\.label) }

    @Test("The list shows every book by title, each row reading its title and author")
    func firstLaunch() throws {
        let list = launch(try Library.sample())
        #expect(titles(list) == ["Beloved", "Dune", "Invisible Cities", "Middlemarch", "Pride and Prejudice",
                                 "The Left Hand of Darkness"])
        #expect(cellLabels().first?.contains("Beloved") == true)
        #expect(cellLabels().first?.contains("Toni Morrison") == true)
        _ = try screen.staticTexts["Reading List"]
    }

    @Test("Add asks for a title and author in an alert; the new book appears in its place in the list")
    func addThroughAlert() throws {
        let library = try Library.sample()
        let list = launch(library)
        try screen.buttons["Add Book"].tap()
        screen.advance(by: 0.6)
        // The title field has the keyboard as the alert appears.
        screen.typeText("Emma")
        try screen.textFields["Author"].tap()
        screen.typeText("Jane Austen")
        try screen.buttons["Add"].tap()
        screen.advance(by: 1)
        #expect(titles(list) == ["Beloved", "Dune", "Emma", "Invisible Cities", "Middlemarch",
                                 "Pride and Prejudice", "The Left Hand of Darkness"])
        let count = try library.database.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM book") }
        #expect(count == 7)
        #expect(cellLabels().contains { $0.contains("Emma") })
    }

    @Test("A blank title is refused with an alert saying why, and nothing is added")
    func blankTitleRefused() throws {
        let library = try Library.sample()
        let list = launch(library)
        try screen.buttons["Add Book"].tap()
        screen.advance(by: 0.6)
        screen.typeText("   ")
        try screen.buttons["Add"].tap()
        screen.advance(by: 1)
        #expect(list.lastError == "A book needs a title.")
        _ = try screen.staticTexts["A book needs a title."]
        #expect(titles(list).count == 6)
        try screen.buttons["OK"].tap()
        screen.advance(by: 0.5)
        #expect(screen.staticTexts.labels.contains("A book needs a title.") == false)
    }

    @Test("Tapping a book opens its editor; Save renames it and the list re-sorts")
    func editAndSave() throws {
        let library = try Library.sample()
        let list = launch(library)
        screen.cells.allElements.first { $0.label?.contains("Dune") == true }?.tap()
        screen.advance(by: 0.8)
        _ = try screen.headers["Edit Book"]
        let editor = try #require(list.navigationController?.topViewController as? BookEditorViewController)
        #expect(editor.titleField.text == "Dune")
        try screen.textFields["Title"].tap()
        editor.titleField.text = ""
        screen.typeText("Aurora")
        try screen.buttons["Save"].tap()
        screen.advance(by: 0.8)
        #expect(list.navigationController?.topViewController === list)
        #expect(titles(list).first == "Aurora")
        #expect(!titles(list).contains("Dune"))
    }

    @Test("Swiping a row left and tapping Delete removes the book from the database and the list")
    func swipeToDelete() throws {
        let library = try Library.sample()
        let list = launch(library)
        let row = try #require(screen.cells.allElements.first { $0.label?.contains("Middlemarch") == true })
        let frame = row.frame
        screen.drag(from: CGPoint(x: frame.maxX - 20, y: frame.midY), to: CGPoint(x: frame.maxX - 220, y: frame.midY))
        screen.advance(by: 0.5)
        try screen.buttons["Delete"].tap()
        screen.advance(by: 1)
        #expect(!titles(list).contains("Middlemarch"))
        let left = try library.database.read { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM book WHERE title = 'Middlemarch'")
        }
        #expect(left == 0)
    }

    @Test("Searching filters by title or author, and Cancel brings every book back")
    func search() throws {
        let list = launch(try Library.sample())
        try screen.textFields["Title or Author"].tap()
        screen.advance(by: 0.5)
        screen.typeText("austen")
        screen.advance(by: 0.3)
        #expect(titles(list) == ["Pride and Prejudice"])
        try screen.buttons["Cancel"].tap()
        screen.advance(by: 0.6)
        #expect(titles(list).count == 6)
    }
}
