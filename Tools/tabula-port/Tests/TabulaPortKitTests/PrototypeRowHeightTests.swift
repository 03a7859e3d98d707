import Foundation
import Testing
@testable import TabulaPortKit

/// A prototype cell: its reuse identifier, its `rowHeight` attribute (nil: none written)
/// and, when `constrained`, a label pinned to its content view's top and bottom.
private func cell(_ identifier: String, height: String?, custom: String? = nil, constrained: Bool = false) -> String {
    let heightAttribute = height.map { " rowHeight=\"\($0)\"" } ?? ""
    let customAttribute = custom.map { " customRowHeight=\"\($0)\"" } ?? ""
    let frameHeight = height ?? "44"
    let content = constrained ? """
                        <subviews>
                            <label text="Title" id="\(identifier)-label">
                                <rect key="frame" x="20" y="11" width="353" height="21"/>
                            </label>
                        </subviews>
                        <constraints>
                            <constraint firstItem="\(identifier)-label" firstAttribute="top" secondItem="\(identifier)-content" secondAttribute="top" constant="11" id="\(identifier)-c1"/>
                            <constraint firstItem="\(identifier)-label" firstAttribute="bottom" secondItem="\(identifier)-content" secondAttribute="bottom" constant="-11" id="\(identifier)-c2"/>
                        </constraints>
        """ : ""
    return """
                <tableViewCell contentMode="scaleToFill" selectionStyle="default" reuseIdentifier="\(identifier)"\(heightAttribute)\(customAttribute) id="\(identifier)-cell">
                    <rect key="frame" x="0.0" y="50" width="393" height="\(frameHeight)"/>
                    <tableViewCellContentView key="contentView" contentMode="center" tableViewCell="\(identifier)-cell" id="\(identifier)-content">
                        <rect key="frame" x="0.0" y="0.0" width="393" height="\(frameHeight)"/>
    \(content)
                    </tableViewCellContentView>
                </tableViewCell>
    """
}

/// A storyboard whose root view holds a table with `rowHeight` (nil: not written) and `cells`.
private func tableStoryboard(rowHeight: String?, cells: [String]) -> String {
    let attribute = rowHeight.map { " rowHeight=\"\($0)\" estimatedRowHeight=\"-1\"" } ?? ""
    return storyboard(view: """
            <subviews>
                <tableView clipsSubviews="YES" contentMode="scaleToFill" dataMode="prototypes" style="plain"\(attribute) id="tbl">
                    <rect key="frame" x="0.0" y="0.0" width="393" height="852"/>
                    <prototypes>
        \(cells.joined(separator: "\n"))
                    </prototypes>
                </tableView>
            </subviews>
        """, controller: "ListViewController")
}

private func compile(_ xml: String) throws -> IBCompileResult {
    var symbols = ProjectSymbols()
    symbols.add(source: "class ListViewController: UIViewController {}")
    return try InterfaceBuilderCompiler.compile(xml: xml, fileName: "List.storyboard", symbols: symbols)
}

@Suite("Prototype cells' row heights")
struct PrototypeRowHeightTests {
    /// UIKit shows a prototype cell that has no constraints at its storyboard height when
    /// the table's row height is automatic; the table's own row height, when set, wins.
    @Test("An automatic table takes its unconstrained prototypes' custom row height", arguments: [nil, "-1"] as [String?])
    func carried(tableHeight: String?) throws {
        let result = try compile(tableStoryboard(rowHeight: tableHeight, cells: [cell("Tall", height: "88")]))
        let code = lines(result.source)
        #expect(code.contains("tableView1.rowHeight = 88"))
        #expect(!code.contains("tableView1.rowHeight = UITableView.automaticDimension"))
        #expect(result.warnings.isEmpty, "\(result.warnings)")
    }

    @Test("Two prototypes of one height: that height; the estimated height stays automatic")
    func sameHeights() throws {
        let result = try compile(tableStoryboard(rowHeight: "-1", cells: [cell("A", height: "60"), cell("B", height: "60")]))
        let code = lines(result.source)
        #expect(code.contains("tableView1.rowHeight = 60"))
        #expect(code.contains("tableView1.estimatedRowHeight = UITableView.automaticDimension"))
    }

    @Test("A table's own row height wins over its prototypes'")
    func tableWins() throws {
        let result = try compile(tableStoryboard(rowHeight: "70", cells: [cell("Tall", height: "88")]))
        let code = lines(result.source)
        #expect(code.contains("tableView1.rowHeight = 70"))
        #expect(!code.contains("tableView1.rowHeight = 88"))
    }

    @Test("No custom height, or customRowHeight NO: the table stays automatic")
    func noCustomHeight() throws {
        for cells in [[cell("Plain", height: nil)], [cell("Off", height: "88", custom: "NO")]] {
            let result = try compile(tableStoryboard(rowHeight: "-1", cells: cells))
            let code = lines(result.source)
            #expect(code.contains("tableView1.rowHeight = UITableView.automaticDimension"))
            #expect(!code.contains { $0.hasPrefix("tableView1.rowHeight = 8") })
        }
    }

    @Test("A prototype that sizes itself by its constraints keeps the table automatic; a custom height beside it is warned about")
    func selfSizing() throws {
        let alone = try compile(tableStoryboard(rowHeight: "-1", cells: [cell("Sized", height: "88", constrained: true)]))
        #expect(lines(alone.source).contains("tableView1.rowHeight = UITableView.automaticDimension"))
        #expect(alone.warnings.isEmpty, "\(alone.warnings)")

        let mixed = try compile(tableStoryboard(rowHeight: "-1", cells: [cell("Sized", height: nil, constrained: true),
                                                                        cell("Tall", height: "88")]))
        #expect(lines(mixed.source).contains("tableView1.rowHeight = UITableView.automaticDimension"))
        let warning = try #require(mixed.warnings.first { $0.message.contains("row height 88 is not carried over") })
        #expect(warning.message.hasPrefix("prototype cell \"Tall\": "))
        #expect(warning.message.contains("prototype \"Sized\" sizes itself by its constraints"))
        #expect(warning.message.hasSuffix("return it from tableView(_:heightForRowAt:)"))
    }

    @Test("Prototypes of different heights: none is carried over, with a warning listing them")
    func differentHeights() throws {
        let result = try compile(tableStoryboard(rowHeight: nil, cells: [cell("Tall", height: "88"), cell("Plain", height: nil)]))
        #expect(!lines(result.source).contains { $0.hasPrefix("tableView1.rowHeight") })
        let warning = try #require(result.warnings.first { $0.message.contains("different row heights") })
        #expect(warning.message.contains("(\"Tall\" 88, \"Plain\" 44)"))
    }
}
