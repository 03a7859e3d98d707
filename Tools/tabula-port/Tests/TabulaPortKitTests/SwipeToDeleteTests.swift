import Testing
@testable import TabulaPortKit

@Suite("allowsSwipeToDelete for a data source that commits deletions")
struct SwipeToDeleteTests {
    static let controller = """
    import UIKit

    class ListController: UITableViewController {
        var items = ["a", "b"]

        override func viewDidLoad() {
            super.viewDidLoad()
            title = "List"
        }
    }

    extension ListController {
        override func tableView(_ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle, forRowAt indexPath: IndexPath) {
            guard editingStyle == .delete else { return }
            items.remove(at: indexPath.row)
            tableView.deleteRows(at: [indexPath], with: .automatic)
        }
    }

    """

    @Test("a table view controller that commits deletions turns swipe to delete on in viewDidLoad, for Linux only")
    func turnedOn() throws {
        let result = try ported(Self.controller)
        #expect(result.source.contains("""
                super.viewDidLoad()
                #if !canImport(UIKit)
                // tabula-port: UIKit offers swipe to delete when commit editingStyle exists; Tabula asks this.
                tableView.allowsSwipeToDelete = true
                #endif
                title = "List"
        """), "\(result.source)")
        #expect(result.notes.contains { $0.kind == .converted && $0.message.contains("allowsSwipeToDelete = true set") })
        // Ported again, nothing more is added.
        let again = try ported(result.source)
        #expect(!again.source.contains("allowsSwipeToDelete = true\n        #endif\n        #if"))
        #expect(again.source.components(separatedBy: "allowsSwipeToDelete = true").count == 2)
    }

    @Test("without a viewDidLoad, the commit method gets a note saying what to add; a controller that does not commit is left alone")
    func noViewDidLoad() throws {
        let source = Self.controller.replacingOccurrences(of: """
                override func viewDidLoad() {
                    super.viewDidLoad()
                    title = "List"
                }

            """, with: "")
        let result = try ported(source)
        #expect(!result.source.contains("allowsSwipeToDelete"))
        #expect(result.notes.contains { $0.kind == .manual && $0.message.contains("add a viewDidLoad that sets it") })

        let plain = try ported("""
            import UIKit

            class Plain: UITableViewController {
                override func viewDidLoad() {
                    super.viewDidLoad()
                }
            }

            """)
        #expect(!plain.source.contains("allowsSwipeToDelete"))
    }

    @Test("a diffable data source subclass that commits deletions gets a note naming the table it serves, not a viewDidLoad")
    func diffableDataSource() throws {
        let result = try ported("""
            import UIKit

            class EditingDataSource: UITableViewDiffableDataSource<Int, String> {
                override func tableView(_ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle,
                                        forRowAt indexPath: IndexPath) {
                }
            }

            """)
        #expect(!result.source.contains("allowsSwipeToDelete = true"))
        #expect(result.notes.contains { $0.kind == .manual && $0.message.contains("on the table this data source serves") })
        #expect(!result.notes.contains { $0.message.contains("add a viewDidLoad") })
    }
}

@Suite("Localized strings")
struct LocalizedStringNoteTests {
    @Test("a localized-string lookup without a bundle is noted once per file; one with a bundle is left alone")
    func localizedStrings() throws {
        let result = try ported("""
            import UIKit

            let title = NSLocalizedString("trackers.title", comment: "")
            let other = NSLocalizedString("tabBar.statistics.title", comment: "")
            let modern = String(localized: "onboarding.next")

            """)
        #expect(result.notes.filter { $0.kind == .manual && $0.message.contains("pass `bundle: .module`") }.count == 1)
        let bundled = try ported("""
            import UIKit

            let title = NSLocalizedString("trackers.title", bundle: .module, comment: "")

            """)
        #expect(!bundled.notes.contains { $0.message.contains("Bundle.main") })
    }
}

@Suite("Bundle resources")
struct MainBundleResourceNoteTests {
    @Test("Bundle.main.url(forResource:withExtension:) and path(forResource:ofType:) are noted once per file, not rewritten")
    func mainBundleLookups() throws {
        let result = try ported("""
            import UIKit

            let data = Bundle.main.url(forResource: "plays", withExtension: "json")
            let path = Bundle.main.path(forResource: "cover", ofType: "png")
            let all = Bundle.main.urls(forResourcesWithExtension: "json", subdirectory: nil)

            """)
        let notes = result.manualItems.filter { $0.message.contains("Bundle.module") }
        #expect(notes.count == 1)
        #expect(notes.first?.line == 3)
        #expect(notes.first?.message.hasPrefix("Bundle.main.url(forResource:withExtension:) looks in the app's bundle") == true)
        #expect(notes.first?.message.contains("#if SWIFT_PACKAGE") == true)
        #expect(result.source.contains("Bundle.main.url(forResource: \"plays\", withExtension: \"json\")"))
        #expect(result.source.contains("Bundle.main.path(forResource: \"cover\", ofType: \"png\")"))

        let plural = try ported("let all = Bundle.main.paths(forResourcesOfType: \"json\", inDirectory: nil)\n")
        #expect(plural.manualItems.count == 1)
    }

    @Test("Bundle.module, another bundle, a lookup under #if and Bundle.main's other members are not noted")
    func otherLookups() throws {
        let result = try ported("""
            import Foundation

            let data = Bundle.module.url(forResource: "plays", withExtension: "json")
            let other = Bundle(for: Plays.self).path(forResource: "cover", ofType: "png")
            let version = Bundle.main.object(forInfoDictionaryKey: "CFBundleShortVersionString")
            let identifier = Bundle.main.bundleIdentifier
            #if SWIFT_PACKAGE
            let bundle = Bundle.module
            #else
            let url = Bundle.main.url(forResource: "plays", withExtension: "json")
            #endif

            """)
        #expect(result.manualItems.isEmpty, "\(result.manualItems)")
    }
}
