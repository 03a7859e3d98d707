import Foundation
import Testing
@testable import TabulaUIKit
import TabulaTestSupport
@testable import TabulaTable

/// A cell written as UIKit code writes one that is made both in code and from a storyboard:
/// its own initializer, and `init(coder:)` calling `super` and the same set-up.
@MainActor
private final class BadgeCell: UITableViewCell {
    let badge = UILabel()

    override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
        super.init(style: style, reuseIdentifier: reuseIdentifier)
        setUp()
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUp()
    }

    private func setUp() {
        badge.text = "New"
        contentView.addSubview(badge)
    }
}

/// A view with the `fatalError` form Xcode's fix-it writes.
@MainActor
private final class TitledCard: UIView {
    let title: String

    init(title: String) {
        self.title = title
        super.init(frame: .zero)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }
}

@Suite("init(coder:)")
@MainActor
struct CoderInitTests {
    @Test("UIKit's required init(coder:) forms compile; decoding gives nil, as Tabula loads no nibs")
    func decodingGivesNil() throws {
        let archive = try NSKeyedArchiver.archivedData(withRootObject: ["title": "Hamlet"], requiringSecureCoding: false)
        let coder = try NSKeyedUnarchiver(forReadingFrom: archive)
        #expect(UIView(coder: coder) == nil)
        #expect(UILabel(coder: coder) == nil)
        #expect(UITableView(coder: coder) == nil)
        #expect(BadgeCell(coder: coder) == nil)
        #expect(CALayer(coder: coder) == nil)
        #expect(CAShapeLayer(coder: coder) == nil)
    }

    @Test("a cell with both initializers is made by the table through its init(style:reuseIdentifier:)")
    func tableUsesTheCodeInitializer() throws {
        let table = UITableView(frame: CGRect(x: 0, y: 0, width: 320, height: 200), style: .plain)
        table.register(BadgeCell.self, forCellReuseIdentifier: "badge")
        let cell = try #require(table.dequeueReusableCell(withIdentifier: "badge") as? BadgeCell)
        #expect(cell.badge.text == "New")
        #expect(cell.badge.superview === cell.contentView)
        #expect(cell.reuseIdentifier == "badge")
        #expect(TitledCard(title: "Plays").title == "Plays")
    }
}
