import Foundation
import Testing
@testable import TabulaUIKit
@testable import TabulaTable
import TabulaTestSupport

/// Tab with a hardware keyboard through a form in a table taller than the screen.
@MainActor
@Suite("Text input: the Tab key in a table")
struct TabKeyTableTests {
    let screen = HeadlessScreen(device: .iPhone15)

    @Test("Tab walks a long form in a table whose further rows are not loaded yet, then goes round to the first field")
    func tabWalksALongTable() throws {
        final class Form: NSObject, UITableViewDataSource {
            var fields: [Int: UITextField] = [:]
            func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 40 }
            func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                let cell = tableView.dequeueReusableCell(withIdentifier: "field", for: indexPath)
                let field = cell.contentView.subviews.compactMap { $0 as? UITextField }.first ?? {
                    let field = UITextField(frame: cell.contentView.bounds.insetBy(dx: 16, dy: 4))
                    field.autoresizingMask = [.flexibleWidth, .flexibleHeight]
                    cell.contentView.addSubview(field)
                    return field
                }()
                field.placeholder = "Field \(indexPath.row)"
                fields[indexPath.row] = field
                return cell
            }
        }
        let root = UIViewController()
        let window = UIWindow(frame: .zero)
        window.rootViewController = root
        screen.show(window)
        let table = UITableView(frame: root.view.bounds, style: .plain)
        table.register(UITableViewCell.self, forCellReuseIdentifier: "field")
        let form = Form()
        table.dataSource = form
        root.view.addSubview(table)
        screen.advance(by: 0.1)
        #expect(form.fields[0]?.becomeFirstResponder() == true)
        var visited: [String] = []
        for _ in 0 ..< 40 {
            screen.pressKey(.keyboardTab, characters: "\t")
            screen.advance(by: 0.5)
            guard let field = screen.firstResponder as? UITextField else { break }
            visited.append(field.placeholder ?? "?")
        }
        #expect(visited == (1 ..< 40).map { "Field \($0)" } + ["Field 0"], "every row in turn, then the first: \(visited)")
        var back: [String] = []
        for _ in 0 ..< 3 {
            screen.pressKey(.keyboardTab, characters: "\t", modifierFlags: .shift)
            screen.advance(by: 0.5)
            back.append((screen.firstResponder as? UITextField)?.placeholder ?? "none")
        }
        #expect(back == ["Field 39", "Field 38", "Field 37"], "Shift-Tab goes round to the last row and back up: \(back)")
        let last = try #require(form.fields[37])
        #expect(CGRect(origin: .zero, size: screen.size).contains(last.convert(last.bounds, to: nil)), "in view")
    }
}
