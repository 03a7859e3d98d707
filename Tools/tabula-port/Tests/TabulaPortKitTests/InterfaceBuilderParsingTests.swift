import Foundation
import Testing
@testable import TabulaPortKit

@Suite("Reading Interface Builder files")
struct InterfaceBuilderParsingTests {
    @Test("The element tree keeps names, attributes, children in order, text and start lines")
    func elementTree() throws {
        let root = try IBXMLReader.parse("""
            <?xml version="1.0" encoding="UTF-8"?>
            <document version="3.0">
                <objects>
                    <label id="a" text="Hi"/>
                    <textView id="b"><string key="text">Two
            lines</string></textView>
                </objects>
            </document>
            """)
        #expect(root.name == "document")
        #expect(root["version"] == "3.0")
        let objects = try #require(root.child("objects"))
        #expect(objects.children.map(\.name) == ["label", "textView"])
        #expect(objects.children[0].id == "a")
        #expect(objects.children[0].line == 4)
        #expect(objects.children[1].child("string", key: "text")?.text == "Two\nlines")
        #expect(objects.children[1].parent === objects)
    }

    @Test("Malformed XML is an error with the line where the parser stopped")
    func malformed() {
        #expect(throws: IBParseError.self) {
            try IBXMLReader.parse("<document>\n<objects>\n<label id=\"a\">\n</objects>\n</document>")
        }
        do {
            _ = try IBXMLReader.parse("<document>\n<objects>\n<label id=\"a\">\n</objects>\n</document>")
        } catch let error as IBParseError {
            #expect(error.line >= 3 && error.line <= 4)
            #expect(!error.message.isEmpty)
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }

    @Test("The storyboard model lists scenes, the initial scene, identifiers, outlets and segues")
    func storyboardModel() throws {
        let document = IBDocument(root: try IBXMLReader.parse(IBFixtures.text("Main.storyboard")), kind: .storyboard)
        #expect(document.initialViewController == "Nav-Cq-0a1")
        #expect(document.scenes.map(\.id) == ["Nav-Cq-0a1", "LsT-vC-0b2", "Dtl-vC-0k1", "Add-vC-0q7"])
        #expect(document.scenes.map(\.className) == ["UINavigationController", "ListViewController", "DetailViewController", "AddItemViewController"])
        #expect(document.identifiers.map(\.identifier) == ["Detail", "List"])
        let detail = document.scenes[2]
        #expect(detail.outlets.compactMap { $0["property"] } == ["badgeLabel", "titleLabel"])
        #expect(detail.actions.compactMap { $0["selector"] } == ["done:"])
        let list = document.scenes[1]
        #expect(list.segues.compactMap { $0["kind"] } == ["show", "presentation"])
        #expect(list.segues.compactMap { $0["identifier"] } == ["showDetail", "addItem"])
        #expect(document.scenes[0].segues.first?["relationship"] == "rootViewController")
        #expect(document.scenes[3].others.map(\.name) == ["placeholder", "exit"])
        #expect(document.elements["Dtl-Sa-1b8"]?.name == "viewLayoutGuide")
    }

    @Test("The nib model separates placeholders from top-level objects and reads system images")
    func nibModel() throws {
        let document = IBDocument(root: try IBXMLReader.parse(IBFixtures.text("ProfileCell.xib")), kind: .nib)
        #expect(document.placeholders.count == 2)
        #expect(document.filesOwner?.id == "-1")
        #expect(document.topLevelObjects.map(\.name) == ["tableViewCell"])
        #expect(document.systemImages == ["person.crop.circle"])
    }

    @Test("Project symbols know methods with labels and types, properties and superclasses, per class")
    func symbols() {
        var symbols = ProjectSymbols()
        symbols.add(source: """
            class Base: UIViewController {
                @IBOutlet weak var label: UILabel!
                @IBAction func tapped(_ sender: UIButton) {}
            }
            class Child: Base {
                @IBAction func other(sender: Any) {}
                struct Inner { func hidden() {} }
            }
            extension Child { func more() {} }
            """)
        #expect(symbols.classes["Base"]?.superclass == "UIViewController")
        #expect(symbols.methods("tapped", in: "Child") == [[ProjectSymbols.Parameter(label: "_", type: "UIButton")]])
        #expect(symbols.methods("other", in: "Child").first?.first?.label == "sender")
        #expect(symbols.methods("hidden", in: "Child").isEmpty)
        #expect(symbols.methods("more", in: "Child").count == 1)
        #expect(symbols.propertyType("label", in: "Child") == "UILabel")
    }

    @Test("Selectors give the method name and argument labels")
    func selectors() {
        #expect(IBGenerator.parseSelector("done") == ("done", []))
        #expect(IBGenerator.parseSelector("done:") == ("done", ["_"]))
        #expect(IBGenerator.parseSelector("doneWithSender:") == ("done", ["sender"]))
        #expect(IBGenerator.parseSelector("tapped:forEvent:") == ("tapped", ["_", "forEvent"]))
    }
}
