import Tabula

/// A screen built from a storyboard: `Examples/StoryboardNotes`' Main.storyboard, through
/// the Swift `tabula-port` generated from it — a navigation controller, a table of prototype
/// cells, a show segue to a detail scene laid out with Auto Layout, a form sheet with an
/// unwind segue back.
final class StoryboardScene: Scene {
    static let name = "storyboard"
    static let title = "Storyboard"
    static let summary = "A list, detail and add sheet from Main.storyboard, compiled into Swift by tabula-port: prototype cells, segues, an unwind"
    static let seed = "Examples/StoryboardNotes, Interface Builder files ported with tabula-port"
    static let tryIt = "Tap a row to follow its segue, then Done; tap + for the sheet, type a name and Save to unwind."

    func makeRootViewController() -> UIViewController {
        InterfaceBuilder.registerFiles(ofModule: "StoryboardNotes")
        return UIStoryboard(name: "Main", bundle: nil).instantiateInitialViewController() ?? UIViewController()
    }

    /// Follows the showDetail segue and back, then adds an item through the sheet's unwind.
    func play(on screen: HeadlessScreen) {
        try? screen.element(labelContaining: "Bread").tap()
        screen.advance(by: 1)
        try? screen.buttons["Done"].tap()
        screen.advance(by: 0.8)
        try? screen.buttons["Add"].tap()
        screen.advance(by: 0.8)
        if let field = screen.textFields.allElements.first {
            field.tap()
            screen.advance(by: 0.2)
            for character in "Dates" {
                screen.typeText(String(character))
                screen.advance(by: 0.06)
            }
        }
        try? screen.buttons["Save"].tap()
        screen.advance(by: 1)
    }
}
