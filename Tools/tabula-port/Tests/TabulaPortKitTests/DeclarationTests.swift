import Testing
@testable import TabulaPortKit

@Suite("Declarations")
struct DeclarationTests {
    @Test("A cell subclass's override init(style:reuseIdentifier:) is left as UIKit writes it: Tabula needs no required")
    func cellInitializersUnchanged() throws {
        let source = """
            class PlayCell: UITableViewCell {
                override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
                    super.init(style: .subtitle, reuseIdentifier: reuseIdentifier)
                }
                required init?(coder: NSCoder) { fatalError() }
            }
            """
        let result = try ported(source)
        #expect(!result.changed)
        #expect(result.notes.isEmpty)
    }

    @Test("A cell made only from its nib (init?(coder:) alone) gets Tabula's required initializer for Linux")
    func nibOnlyCellGetsRegisteredInitializer() throws {
        let result = try ported("""
            final class BadgeCell: UICollectionViewCell {
                @IBOutlet weak var label: UILabel!
                required init?(coder: NSCoder) {
                    super.init(coder: coder)
                    backgroundColor = .systemGray6
                }
            }
            class TitleHeader: UITableViewHeaderFooterView {
                init(title: String) { super.init(reuseIdentifier: nil) }
                required init?(coder: NSCoder) { fatalError() }
            }
            class FramedCell: UICollectionViewCell {
                override init(frame: CGRect) { super.init(frame: frame) }
                required init?(coder: NSCoder) { fatalError() }
            }
            class PlainCell: UITableViewCell {}
            """)
        #expect(result.source.contains("""
                }

            #if !canImport(UIKit)
                /// tabula-port: how Tabula makes a registered BadgeCell; UIKit would call init(frame:), which it lacks.
                required convenience init(registeredWithReuseIdentifier identifier: String) {
                    fatalError("BadgeCell has no init(frame:): register its nib, not its class")
                }
            #endif
            }
            """))
        #expect(result.source.contains(
            "    required convenience init(registeredWithReuseIdentifier identifier: String?) {\n"
                + "        fatalError(\"TitleHeader has no init(reuseIdentifier:): register its nib, not its class\")"))
        // A class with the initializer Tabula's calls, or with none of its own, inherits it.
        #expect(result.source.components(separatedBy: "registeredWithReuseIdentifier").count == 3)
        #expect(result.notes.filter { $0.message.contains("init(registeredWithReuseIdentifier:) added") }.count == 2)
    }

    @Test("Overrides in an extension move into the class body; the extension keeps its conformance and other members")
    func overridesMove() throws {
        let result = try ported("""
            class PlaysController: UITableViewController {
                var plays: [String] = []
            }

            extension PlaysController {
                override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
                    plays.count
                }
            }

            extension PlaysController: UISearchResultsUpdating {
                func updateSearchResults(for searchController: UISearchController) {}
                override func viewDidLoad() {}
            }
            """)
        #expect(lines(result.source) == [
            "class PlaysController: UITableViewController {",
            "var plays: [String] = []",
            "// Moved from an extension by tabula-port: without the Objective-C",
            "// runtime, overrides must be in the class body.",
            "override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {",
            "plays.count",
            "}",
            "override func viewDidLoad() {}",
            "}",
            "extension PlaysController: UISearchResultsUpdating {",
            "func updateSearchResults(for searchController: UISearchController) {}",
            "}",
        ])
        #expect(result.conversions.map(\.line) == [6, 13])
    }

    @Test("An override in an extension of a class from another file is listed, not moved")
    func overrideElsewhere() throws {
        let result = try ported("""
            extension SettingsController {
                override func viewWillAppear(_ animated: Bool) {}
            }
            """)
        #expect(!result.changed)
        #expect(result.manualItems.count == 1)
        #expect(result.manualItems[0].line == 2)
        #expect(result.manualItems[0].message.contains("viewWillAppear(_:)"))
        #expect(!result.manualItems[0].message.contains("private to this file"))
    }

    @Test("An override moved by hand that calls the file's private helpers names them: they must move too, or lose private")
    func overrideElsewhereWithPrivateHelpers() throws {
        let result = try ported("""
            extension SettingsController {
                override func viewDidLoad() {
                    super.viewDidLoad()
                    configureHeader(title)
                    view.backgroundColor = accent
                }
                private func configureHeader(_ text: String?) {}
                fileprivate var accent: UIColor { .systemBlue }
                func shared() {}
            }
            """)
        #expect(result.manualItems.count == 1)
        let message = result.manualItems.first?.message ?? ""
        #expect(message.contains("it uses configureHeader, accent, private to this file: move them too, or make them internal"),
                "\(message)")
        #expect(!message.contains("shared"))
    }

    @Test("Outlets are listed with the storyboard that connects them; an action a storyboard connects keeps @IBAction for iOS only")
    func interfaceBuilder() throws {
        var index = InterfaceBuilderIndex()
        index.add(xml: """
            <document><connections>
            <outlet property="tableView" destination="x1" id="a"/>
            <action selector="refresh:" destination="y" eventType="touchUpInside" id="b"/>
            </connections></document>
            """, file: "Main.storyboard")
        let result = try ported("""
            class C: UIViewController {
                @IBOutlet weak var tableView: UITableView!
                @IBAction func refresh(_ sender: Any) {}
                @IBAction func other(_ sender: Any) {}
            }
            """, context: ProjectContext(interfaceBuilder: index))
        // Nothing is left for a person: the Swift generated from Main.storyboard connects both.
        #expect(result.manualItems.isEmpty)
        #expect(result.conversions.contains { $0.message.contains("tableView comes from Main.storyboard") })
        #expect(result.conversions.contains { $0.message.contains("refresh is connected in Main.storyboard") })
        #expect(result.source.contains("""
                #if canImport(UIKit)
                @IBAction
                #endif
                func refresh(_ sender: Any) {}
            """))
        #expect(result.source.contains("    func other(_ sender: Any) {}"))
        #expect(!result.source.contains("@IBAction func"))
    }

    @Test("A connected @IBAction with no parameter, one, or sender and event, or an unwind action: @IBAction for iOS only, so Linux compiles it")
    func actionsOfEveryForm() throws {
        var index = InterfaceBuilderIndex()
        index.add(xml: """
            <document><connections>
            <action selector="reset" destination="y" id="a"/>
            <action selector="tapped:" destination="y" id="b"/>
            <action selector="dragged:forEvent:" destination="y" id="c"/>
            <segue destination="z" kind="unwind" unwindAction="unwindToList:" id="d"/>
            </connections></document>
            """, file: "Main.storyboard")
        #expect(index.actions["unwindToList"] == ["Main.storyboard"])
        let result = try ported("""
            class C: UIViewController {
                @IBAction func reset() {}
                @IBAction private func tapped(_ sender: UIButton) {}
                @IBAction func dragged(_ sender: UIControl, forEvent event: UIEvent) {}
                @IBAction func unwindToList(_ segue: UIStoryboardSegue) {}
            }
            """, context: ProjectContext(interfaceBuilder: index))
        #expect(result.source == """
            class C: UIViewController {
                #if canImport(UIKit)
                @IBAction
                #endif
                func reset() {}
                #if canImport(UIKit)
                @IBAction
                #endif
                func tapped(_ sender: UIButton) {}
                #if canImport(UIKit)
                @IBAction
                #endif
                func dragged(_ sender: UIControl, forEvent event: UIEvent) {}
                #if canImport(UIKit)
                @IBAction
                #endif
                func unwindToList(_ segue: UIStoryboardSegue) {}
            }
            """)
        #expect(result.manualItems.isEmpty)
        #expect(result.conversions.filter { $0.message.contains("@IBAction kept for iOS under #if canImport(UIKit)") }.count == 4)
        // The connected private action is made internal, so that the generated Swift can call it.
        #expect(result.conversions.contains { $0.message.contains("@IBAction tapped: private removed (made internal)") })
        // Porting again changes nothing.
        let again = try ported(result.source, context: ProjectContext(interfaceBuilder: index))
        #expect(again.source == result.source)
    }

    @Test("@objc protocols lose @objc unless they have optional requirements, which are listed")
    func objcProtocols() throws {
        let result = try ported("""
            @objc protocol Plain { func a() }
            @objc protocol WithOptionals { @objc optional func b() }
            """)
        #expect(result.source.hasPrefix("protocol Plain { func a() }"))
        #expect(result.source.contains("@objc protocol WithOptionals"))
        #expect(result.manualItems.count == 1)
        #expect(result.manualItems[0].line == 2)
    }
}
