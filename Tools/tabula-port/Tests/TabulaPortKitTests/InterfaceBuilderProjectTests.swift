import Foundation
import SwiftParser
import SwiftSyntax
import Testing
@testable import TabulaPortKit

@Suite("Interface Builder files across a project")
struct InterfaceBuilderProjectTests {
    @Test("Gallery.storyboard: collection view prototype cells and the section header become factories; the custom segue a closure")
    func galleryPrototypes() throws {
        let result = try IBFixtures.compile("Gallery.storyboard")
        let code = lines(result.source)
        #expect(code.contains("controller.collectionView = collectionView1"))
        #expect(code.contains("let segue0 = InterfaceBuilder.addSegue(from: controller, identifier: \"showPhoto\", kind: .custom({ FadeSegue(identifier: $0, source: $1, destination: $2) }),"))
        // The custom cell: through InterfaceBuilder.make, its subviews in its content view, its outlets and selection segue.
        #expect(code.contains("collectionView1.register(forCellWithReuseIdentifier: \"PhotoCell\") {"))
        #expect(code.contains("let made = InterfaceBuilder.make(PhotoCell.self, coder: InterfaceBuilder.coder(for: UICollectionViewCell.self, values: [\"UIFrame\": CGRect(x: 16, y: 16, width: 120, height: 140), \"UIReuseIdentifier\": \"PhotoCell\"]) { object in"))
        #expect(code.contains("guard let cell3 = made else { return UICollectionViewCell(registeredWithReuseIdentifier: \"PhotoCell\") }"))
        #expect(code.contains("cell3.contentView.addSubview(imageView4)"))
        #expect(code.contains("label5.text = \"Photo\""))
        #expect(code.contains("cell3.photoView = imageView4"))
        #expect(code.contains("cell3.captionLabel = label5"))
        #expect(code.contains("InterfaceBuilder.setSelectionSegue(segue0, of: cell3)"))
        #expect(code.contains("return cell3"))
        // The plain cell, whose button sends a parameterless action to the controller.
        #expect(code.contains("collectionView1.register(forCellWithReuseIdentifier: \"AddCell\") { [unowned controller] in"))
        #expect(code.contains("let cell13 = UICollectionViewCell(registeredWithReuseIdentifier: \"AddCell\")"))
        #expect(code.contains("cell13.contentView.backgroundColor = UIColor.secondarySystemBackground"))
        #expect(code.contains("controller.addPhoto()"))
        // <string key="placeholder"> as a child element.
        #expect(code.contains("textField1.placeholder = \"Caption, e.g. \\\"Harvest\\\"\""))
        // The section header registers for its kind, as UIKit registers it when the storyboard loads.
        #expect(code.contains("collectionView1.register(forSupplementaryViewOfKind: UICollectionView.elementKindSectionHeader, withReuseIdentifier: \"Header\") {"))
        #expect(result.warnings.isEmpty, "\(result.warnings)")
    }

    @Test("A collection view cell without a reuse identifier is warned and left out")
    func prototypeWithoutIdentifier() throws {
        let result = try InterfaceBuilderCompiler.compile(xml: storyboard(view: """
                <subviews>
                    <collectionView id="cv" dataMode="prototypes">
                        <rect key="frame" x="0.0" y="0.0" width="100" height="100"/>
                        <cells><collectionViewCell id="cc"/></cells>
                    </collectionView>
                </subviews>
            """), fileName: "C.storyboard", symbols: IBFixtures.symbols)
        #expect(!result.source.contains("register(forCellWithReuseIdentifier:"))
        #expect(result.warnings.map(\.message) == ["a prototype cell without a reuse identifier cannot be dequeued; left out"])
    }

    @Test("A cell's content view as Xcode 11 and later write it (<collectionViewCellContentView>): its subviews, colour, constraints and the outlets to them")
    func collectionViewCellContentView() throws {
        var symbols = ProjectSymbols()
        symbols.add(source: "class MovieCell: UICollectionViewCell { @IBOutlet weak var posterView: UIImageView! }")
        let result = try InterfaceBuilderCompiler.compile(xml: storyboard(view: """
                <subviews>
                    <collectionView id="cv" dataMode="prototypes">
                        <rect key="frame" x="0.0" y="0.0" width="100" height="100"/>
                        <cells>
                            <collectionViewCell reuseIdentifier="cell" id="cc" customClass="MovieCell">
                                <rect key="frame" x="0.0" y="0.0" width="150" height="200"/>
                                <collectionViewCellContentView key="contentView" opaque="NO" id="content">
                                    <rect key="frame" x="0.0" y="0.0" width="150" height="200"/>
                                    <subviews>
                                        <imageView contentMode="scaleAspectFill" translatesAutoresizingMaskIntoConstraints="NO" id="poster">
                                            <rect key="frame" x="0.0" y="0.0" width="150" height="200"/>
                                        </imageView>
                                    </subviews>
                                    <color key="backgroundColor" systemColor="systemBlueColor"/>
                                    <constraints>
                                        <constraint firstItem="poster" firstAttribute="top" secondItem="content" secondAttribute="top" id="c1"/>
                                    </constraints>
                                </collectionViewCellContentView>
                                <connections>
                                    <outlet property="posterView" destination="poster" id="o1"/>
                                </connections>
                            </collectionViewCell>
                        </cells>
                    </collectionView>
                </subviews>
            """), fileName: "C.storyboard", symbols: symbols)
        let code = lines(result.source)
        #expect(code.contains("cell3.contentView.addSubview(imageView4)"))
        #expect(code.contains("cell3.posterView = imageView4"))
        #expect(code.contains("cell3.contentView.backgroundColor = UIColor.systemBlue"))
        #expect(code.contains("let constraint5 = NSLayoutConstraint(item: imageView4, attribute: .top, relatedBy: .equal, toItem: cell3.contentView, attribute: .top, multiplier: 1, constant: 0)"))
        #expect(result.warnings.isEmpty)
    }

    @Test("A flow layout's estimated size (Automatic, the default since Xcode 11, or a size) and header and footer sizes")
    func flowLayoutEstimates() throws {
        func layoutLines(_ attributes: String, _ children: String) throws -> [String] {
            let result = try InterfaceBuilderCompiler.compile(xml: storyboard(view: """
                    <subviews>
                        <collectionView id="cv" dataMode="prototypes">
                            <rect key="frame" x="0.0" y="0.0" width="100" height="100"/>
                            <collectionViewFlowLayout key="collectionViewLayout" \(attributes) id="fl">
                                <size key="itemSize" width="50" height="50"/>
                                \(children)
                            </collectionViewFlowLayout>
                        </collectionView>
                    </subviews>
                """), fileName: "C.storyboard", symbols: IBFixtures.symbols)
            #expect(result.warnings.isEmpty)
            return lines(result.source).filter { $0.hasPrefix("layout2.") }
        }
        let automatic = try layoutLines(#"automaticEstimatedItemSize="YES""#, #"""
            <size key="headerReferenceSize" width="0.0" height="0.0"/>
            <size key="footerReferenceSize" width="0.0" height="0.0"/>
            """#)
        #expect(automatic.contains("layout2.estimatedItemSize = UICollectionViewFlowLayout.automaticSize"))
        #expect(!automatic.contains { $0.contains("ReferenceSize") })
        let sized = try layoutLines("", #"""
            <size key="estimatedItemSize" width="100" height="120"/>
            <size key="headerReferenceSize" width="0.0" height="44"/>
            <size key="footerReferenceSize" width="0.0" height="20"/>
            """#)
        #expect(sized.contains("layout2.estimatedItemSize = CGSize(width: 100, height: 120)"))
        #expect(sized.contains("layout2.headerReferenceSize = CGSize(width: 0, height: 44)"))
        #expect(sized.contains("layout2.footerReferenceSize = CGSize(width: 0, height: 20)"))
        let none = try layoutLines("", #"<size key="estimatedItemSize" width="0.0" height="0.0"/>"#)
        #expect(!none.contains { $0.contains("estimatedItemSize") })
    }

    @Test("Text in <string key=…> children: a text field's placeholder and text, a text view's and a label's text, a button title")
    func stringChildren() throws {
        let result = try InterfaceBuilderCompiler.compile(xml: storyboard(view: """
                <subviews>
                    <textField id="tf"><rect key="frame" x="0.0" y="0.0" width="100" height="30"/>
                        <string key="text">Line one
            line two</string>
                        <string key="placeholder">Name &amp; "nickname"</string>
                    </textField>
                    <textView id="tv"><rect key="frame" x="0.0" y="0.0" width="100" height="30"/>
                        <string key="text">Notes</string>
                    </textView>
                    <label id="lb"><rect key="frame" x="0.0" y="0.0" width="100" height="30"/>
                        <string key="text">Hello</string>
                    </label>
                    <button id="bt" buttonType="system"><rect key="frame" x="0.0" y="0.0" width="100" height="30"/>
                        <state key="normal"><string key="title">Go</string></state>
                    </button>
                </subviews>
            """), fileName: "S.storyboard", symbols: IBFixtures.symbols)
        let code = lines(result.source)
        #expect(code.contains("textField1.text = \"Line one\\nline two\""))
        #expect(code.contains("textField1.placeholder = \"Name & \\\"nickname\\\"\""))
        #expect(code.contains("textView2.text = \"Notes\""))
        #expect(code.contains("label3.text = \"Hello\""))
        #expect(code.contains("button4.setTitle(\"Go\", for: .normal)"))
    }

    @Test("Outlets to a styled cell's textLabel, detailTextLabel and imageView reach the cell's own, unwrapped")
    func styledCellOutlets() throws {
        var symbols = ProjectSymbols()
        symbols.add(source: """
            class VC: UITableViewController {
                @IBOutlet weak var titleLabel: UILabel!
                @IBOutlet weak var valueLabel: UILabel!
                @IBOutlet weak var icon: UIImageView!
            }
            """)
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="vc">
                <scenes><scene sceneID="s"><objects>
                    <tableViewController id="vc" customClass="VC" sceneMemberID="viewController">
                        <tableView key="view" dataMode="static" style="grouped" id="tv">
                            <rect key="frame" x="0.0" y="0.0" width="393" height="852"/>
                            <sections><tableViewSection id="sec"><cells>
                                <tableViewCell textLabel="t1" detailTextLabel="d1" imageView="i1" style="IBUITableViewCellStyleValue1" id="c1">
                                    <tableViewCellContentView key="contentView" id="cv1">
                                        <subviews>
                                            <label text="Version" id="t1"/>
                                            <label text="1.0" id="d1"/>
                                            <imageView image="gear" catalog="system" id="i1"/>
                                        </subviews>
                                    </tableViewCellContentView>
                                </tableViewCell>
                                <tableViewCell textLabel="t2" customClass="MissingCell" id="c2">
                                    <tableViewCellContentView key="contentView" id="cv2">
                                        <subviews><label text="Custom" id="t2"/></subviews>
                                    </tableViewCellContentView>
                                </tableViewCell>
                            </cells></tableViewSection></sections>
                        </tableView>
                        <connections>
                            <outlet property="titleLabel" destination="t1" id="o1"/>
                            <outlet property="valueLabel" destination="d1" id="o2"/>
                            <outlet property="icon" destination="i1" id="o3"/>
                            <outlet property="titleLabel" destination="t2" id="o4"/>
                        </connections>
                    </tableViewController>
                </objects></scene></scenes>
            </document>
            """
        let result = try InterfaceBuilderCompiler.compile(xml: xml, fileName: "Cells.storyboard", symbols: symbols)
        #expect(result.source.contains("""
                        if let cell1TextLabel = cell1.textLabel {
                            controller.titleLabel = cell1TextLabel
                        }
                        if let cell1DetailTextLabel = cell1.detailTextLabel {
                            controller.valueLabel = cell1DetailTextLabel
                        }
                        if let cell1ImageView = cell1.imageView {
                            controller.icon = cell1ImageView
                        }
            """))
        // A custom-class cell is optional itself: both are unwrapped.
        #expect(result.source.contains("""
                        if let cell2, let cell2TextLabel = cell2.textLabel {
                            controller.titleLabel = cell2TextLabel
                        }
            """))
        #expect(!result.warnings.contains { $0.message.hasPrefix("outlet") }, "\(result.warnings)")
        #expect(Porter.firstError(in: Parser.parse(source: result.source)) == nil)
    }

    @Test("Files of one name in different folders get enum names with as many folders as tell them apart")
    func uniqueTypeNames() {
        let names = InterfaceBuilderCompiler.typeNames(forPaths: [
            "App/Phone/Main.storyboard", "App/Pad/Main.storyboard", "App/Settings.storyboard",
            "A/x/Cell.xib", "B/x/Cell.xib", "Cell.xib", "a-b/Item.xib", "a_b/Item.xib",
        ])
        #expect(names["App/Settings.storyboard"] == "Settings_storyboard")
        #expect(names["App/Phone/Main.storyboard"] == "Phone_Main_storyboard")
        #expect(names["App/Pad/Main.storyboard"] == "Pad_Main_storyboard")
        // One folder is not enough for A/x and B/x: two are, and the whole group uses as many.
        #expect(names["A/x/Cell.xib"] == "A_x_Cell_xib")
        #expect(names["B/x/Cell.xib"] == "B_x_Cell_xib")
        #expect(names["Cell.xib"] == "Cell_xib")
        // Folders an identifier cannot tell apart: numbered in path order.
        #expect(names["a-b/Item.xib"] == "a_b_Item_xib")
        #expect(names["a_b/Item.xib"] == "a_b_Item_xib_2")
        #expect(Set(names.values).count == names.count)
        // The same names whatever the order.
        #expect(InterfaceBuilderCompiler.typeNames(forPaths: Array(names.keys).reversed()) == names)
        #expect(InterfaceBuilderCompiler.registryFile(fileNames: ["Phone/Main.storyboard", "Pad/Main.storyboard"]).contains("""
                    Pad_Main_storyboard.register()
                    Phone_Main_storyboard.register()
            """))
    }

    @Test("A project with two Main.storyboards: unique enums, one registration file, a warning; --check finds missing and changed files")
    func projectAndCheck() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("tabula-port-check-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        for folder in ["Phone", "Pad"] {
            let url = root.appendingPathComponent(folder)
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            try storyboard(view: "").write(to: url.appendingPathComponent("Main.storyboard"), atomically: true, encoding: .utf8)
        }
        try "class DetailViewController: UIViewController {}\n"
            .write(to: root.appendingPathComponent("DetailViewController.swift"), atomically: true, encoding: .utf8)

        let project = InterfaceBuilderProject(paths: [root.path])
        #expect(project.errors.isEmpty)
        #expect(project.compiled == 2)
        #expect(project.outputs.map(\.file.lastPathComponent) == ["Main.storyboard.swift", "Main.storyboard.swift", "TabulaInterfaceBuilderFiles.swift"])
        #expect(project.outputs[0].text.contains("enum Pad_Main_storyboard {"))
        #expect(project.outputs[1].text.contains("enum Phone_Main_storyboard {"))
        #expect(project.outputs[2].text.contains("Pad_Main_storyboard.register()\n        Phone_Main_storyboard.register()"))
        #expect(project.warnings.contains { $0.contains("2 files register the storyboard \"Main\"") })

        // Nothing written yet: every file is missing.
        #expect(project.differences().map(\.difference) == [.missing, .missing, .missing])
        for output in project.outputs { try output.text.write(to: output.file, atomically: true, encoding: .utf8) }
        #expect(InterfaceBuilderProject(paths: [root.path]).differences().isEmpty)

        // A storyboard changes: its generated file is out of date.
        let phone = root.appendingPathComponent("Phone/Main.storyboard")
        try storyboard(view: "", extra: "<navigationItem key=\"navigationItem\" title=\"Phone\" id=\"n\"/>")
            .write(to: phone, atomically: true, encoding: .utf8)
        let stale = InterfaceBuilderProject(paths: [root.path]).differences()
        #expect(stale.count == 1)
        #expect(stale.first?.file.path.hasSuffix("Phone/Main.storyboard.swift") == true)
        #expect(stale.first?.difference == .outOfDate)
    }

    @Test("Ported, the fixtures' Swift classes keep @IBOutlet and @IBAction only for iOS")
    func fixturesAttributesForIOSOnly() throws {
        let index = InterfaceBuilderIndex.scanning(folder: IBFixtures.folder)
        let files = try FileManager.default.contentsOfDirectory(at: IBFixtures.folder, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "swift" }.sorted { $0.path < $1.path }
        #expect(files.count >= 10)
        var attributes = 0
        for file in files {
            let result = try Porter.port(source: String(contentsOf: file, encoding: .utf8),
                                         context: ProjectContext(interfaceBuilder: index))
            let tree = Parser.parse(source: result.source)
            #expect(Porter.firstError(in: tree) == nil)
            for attribute in IBAttributes(tree).found {
                attributes += 1
                #expect(attribute.underCanImportUIKit, "\(file.lastPathComponent): @\(attribute.name) outside #if canImport(UIKit)")
            }
        }
        #expect(attributes >= 20)
    }
}

/// The `@IBOutlet` and `@IBAction` attributes of a tree, and whether each is in an
/// `#if canImport(UIKit)` clause.
private final class IBAttributes: SyntaxVisitor {
    var found: [(name: String, underCanImportUIKit: Bool)] = []

    init(_ tree: SourceFileSyntax) {
        super.init(viewMode: .sourceAccurate)
        walk(tree)
    }

    override func visit(_ node: AttributeSyntax) -> SyntaxVisitorContinueKind {
        let name = node.attributeName.trimmedDescription
        guard name == "IBOutlet" || name == "IBAction" else { return .visitChildren }
        var parent = node.parent
        var inside = false
        while let current = parent {
            if let clause = current.as(IfConfigClauseSyntax.self),
               clause.poundKeyword.tokenKind == .poundIf,
               clause.condition?.trimmedDescription == "canImport(UIKit)" { inside = true }
            parent = current.parent
        }
        found.append((name, inside))
        return .visitChildren
    }
}
