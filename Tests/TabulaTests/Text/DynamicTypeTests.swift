import Foundation
import Testing
@testable import TabulaUIKit
@testable import TabulaTable
import TabulaTestSupport

private func traits(_ category: UIContentSizeCategory) -> UITraitCollection {
    UITraitCollection(preferredContentSizeCategory: category)
}

/// A self-sizing cell whose label is pinned to the content view by constraints.
@MainActor
private final class ConstraintCell: UITableViewCell {
    let label = UILabel()

    override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
        super.init(style: style, reuseIdentifier: reuseIdentifier)
        label.translatesAutoresizingMaskIntoConstraints = false
        label.numberOfLines = 0
        label.font = .preferredFont(forTextStyle: .body)
        label.adjustsFontForContentSizeCategory = true
        contentView.addSubview(label)
        NSLayoutConstraint.activate([
            label.topAnchor.constraint(equalTo: contentView.topAnchor, constant: 8),
            label.bottomAnchor.constraint(equalTo: contentView.bottomAnchor, constant: -8),
            label.leadingAnchor.constraint(equalTo: contentView.leadingAnchor, constant: 16),
            label.trailingAnchor.constraint(equalTo: contentView.trailingAnchor, constant: -16),
        ])
    }

    required init?(coder: NSCoder) { return nil }
}

/// Rows 0–2: constraint cells; rows 3–5: list content configuration cells.
@MainActor
private final class MixedSource: NSObject, UITableViewDataSource {
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 6 }
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        if indexPath.row < 3 {
            let cell = tableView.dequeueReusableCell(withIdentifier: "constraints", for: indexPath) as! ConstraintCell
            cell.label.text = "Row \(indexPath.row)"
            return cell
        }
        let cell = tableView.dequeueReusableCell(withIdentifier: "list", for: indexPath)
        var content = cell.defaultContentConfiguration()
        content.text = "Configured \(indexPath.row)"
        content.secondaryText = "Secondary"
        cell.contentConfiguration = content
        return cell
    }
}

@MainActor
@Suite("Dynamic Type")
struct DynamicTypeTests {
    @Test("preferredFont gives iOS's size for each text style at each content size category")
    func sizeTable() {
        func size(_ style: UIFont.TextStyle, _ category: UIContentSizeCategory) -> CGFloat {
            UIFont.preferredFont(forTextStyle: style, compatibleWith: traits(category)).pointSize
        }
        // The default column (Human Interface Guidelines).
        let defaults: [(UIFont.TextStyle, CGFloat)] = [
            (.largeTitle, 34), (.title1, 28), (.title2, 22), (.title3, 20), (.headline, 17), (.body, 17),
            (.callout, 16), (.subheadline, 15), (.footnote, 13), (.caption1, 12), (.caption2, 11),
        ]
        for (style, points) in defaults { #expect(size(style, .large) == points, "\(style.rawValue)") }
        #expect(UIFont.preferredFont(forTextStyle: .body).pointSize == 17, "outside any view: the default size")
        // Other columns.
        #expect(size(.body, .extraSmall) == 14 && size(.body, .extraExtraExtraLarge) == 23)
        #expect(size(.body, .accessibilityMedium) == 28 && size(.body, .accessibilityExtraExtraExtraLarge) == 53)
        #expect(size(.largeTitle, .extraLarge) == 36 && size(.largeTitle, .accessibilityExtraExtraExtraLarge) == 60)
        #expect(size(.title1, .small) == 26 && size(.title2, .accessibilityLarge) == 39)
        #expect(size(.title3, .extraExtraLarge) == 24 && size(.callout, .accessibilityExtraLarge) == 38)
        #expect(size(.subheadline, .medium) == 14 && size(.footnote, .extraSmall) == 12)
        #expect(size(.footnote, .accessibilityExtraExtraLarge) == 38 && size(.caption1, .accessibilityMedium) == 22)
        #expect(size(.caption2, .extraSmall) == 11 && size(.caption2, .accessibilityExtraExtraExtraLarge) == 41)
        // Weights: headline is semibold, body regular; both Inter (the system font).
        #expect(UIFont.preferredFont(forTextStyle: .headline).font.weight == .semibold)
        #expect(UIFont.preferredFont(forTextStyle: .body).font.weight == .regular)
        #expect(UIFont.preferredFont(forTextStyle: .title1).familyName == "Inter")
        // The current traits decide when none are given.
        traits(.accessibilityLarge).performAsCurrent {
            #expect(UIFont.preferredFont(forTextStyle: .body).pointSize == 33)
        }
    }

    @Test("UIFontMetrics scales custom fonts and values by the style's ratio, capped by a maximum")
    func fontMetrics() {
        let custom = UIFont.systemFont(ofSize: 20, weight: .bold)
        let body = UIFontMetrics(forTextStyle: .body)
        let xl = traits(.extraLarge)
        #expect(abs(body.scaledFont(for: custom, compatibleWith: xl).pointSize - 20 * 19 / 17) < 1e-9)
        #expect(body.scaledFont(for: custom, compatibleWith: xl).font.weight == .bold)
        #expect(body.scaledFont(for: custom).pointSize == 20, "the default category leaves the size")
        #expect(body.scaledFont(for: custom, maximumPointSize: 30, compatibleWith: traits(.accessibilityExtraExtraExtraLarge))
            .pointSize == 30)
        #expect(abs(UIFontMetrics.default.scaledValue(for: 10, compatibleWith: traits(.accessibilityMedium)) - 10 * 28 / 17) < 1e-9)
        #expect(UIFontMetrics(forTextStyle: .caption2).scaledValue(for: 44, compatibleWith: traits(.small)) == 44)
        traits(.extraExtraLarge).performAsCurrent {
            #expect(abs(UIFontMetrics(forTextStyle: .largeTitle).scaledValue(for: 34) - 38) < 1e-9)
            #expect(body.scaledFont(for: custom, maximumPointSize: 22).pointSize == 22)
        }
    }

    @Test("categories are ordered, and the five largest are the accessibility ones")
    func categories() {
        #expect(UIContentSizeCategory.extraSmall < .large && UIContentSizeCategory.large < .extraExtraExtraLarge)
        #expect(UIContentSizeCategory.extraExtraExtraLarge < .accessibilityMedium)
        #expect(!UIContentSizeCategory.extraExtraExtraLarge.isAccessibilityCategory)
        #expect(UIContentSizeCategory.accessibilityMedium.isAccessibilityCategory)
        #expect(UIContentSizeCategory.accessibilityExtraExtraExtraLarge.isAccessibilityCategory)
    }

    @Test("a label with adjustsFontForContentSizeCategory re-scales; one without, or with a fixed font, keeps its size")
    func labelsFollowTheScreen() {
        let (screen, root) = makeScreen(width: 300, height: 200, scale: 1)
        let adjusting = UILabel(), fixedStyle = UILabel(), fixedFont = UILabel()
        for label in [adjusting, fixedStyle, fixedFont] {
            label.text = "Hamlet"
            root.addSubview(label)
        }
        adjusting.font = .preferredFont(forTextStyle: .body)
        adjusting.adjustsFontForContentSizeCategory = true
        fixedStyle.font = .preferredFont(forTextStyle: .body)
        fixedFont.font = .systemFont(ofSize: 17)
        fixedFont.adjustsFontForContentSizeCategory = true
        screen.advance(by: 1.0 / 60)
        let before = adjusting.intrinsicContentSize
        #expect(UIApplication.shared.preferredContentSizeCategory == .large)

        var posted: [UIContentSizeCategory] = []
        let observer = NotificationCenter.default.addObserver(
            forName: UIContentSizeCategory.didChangeNotification, object: nil, queue: nil) { note in
            if let category = note.userInfo?[UIContentSizeCategory.newValueUserInfoKey] as? UIContentSizeCategory {
                MainActor.assumeIsolated { posted.append(category) }
            }
        }
        defer { NotificationCenter.default.removeObserver(observer) }
        screen.preferredContentSizeCategory = .accessibilityLarge
        screen.advance(by: 1.0 / 60)
        #expect(posted == [.accessibilityLarge])
        #expect(adjusting.traitCollection.preferredContentSizeCategory == .accessibilityLarge)
        #expect(UIApplication.shared.preferredContentSizeCategory == .accessibilityLarge)
        #expect(adjusting.font.pointSize == 33)
        #expect(adjusting.intrinsicContentSize.height > before.height * 1.8)
        #expect(adjusting.intrinsicContentSize.width > before.width * 1.8)
        #expect(fixedStyle.font.pointSize == 17, "adjustsFontForContentSizeCategory is off")
        #expect(fixedFont.font.pointSize == 17, "a font without a text style does not scale")

        // A text-style font set while the screen prefers a larger size is scaled at once.
        adjusting.font = .preferredFont(forTextStyle: .caption1, compatibleWith: traits(.large))
        #expect(adjusting.font.pointSize == 26)
        screen.preferredContentSizeCategory = .extraSmall
        screen.advance(by: 1.0 / 60)
        #expect(adjusting.font.pointSize == 11)
    }

    @Test("text fields and text views with adjustsFontForContentSizeCategory re-scale")
    func textInputsFollowTheScreen() {
        let (screen, root) = makeScreen(width: 300, height: 200, scale: 1)
        let field = UITextField(frame: CGRect(x: 0, y: 0, width: 300, height: 40))
        field.font = .preferredFont(forTextStyle: .body)
        field.adjustsFontForContentSizeCategory = true
        field.text = "Field"
        let textView = UITextView(frame: CGRect(x: 0, y: 50, width: 300, height: 100))
        textView.font = .preferredFont(forTextStyle: .footnote)
        textView.adjustsFontForContentSizeCategory = true
        root.addSubview(field)
        root.addSubview(textView)
        screen.advance(by: 1.0 / 60)
        let fieldHeight = field.intrinsicContentSize.height
        screen.preferredContentSizeCategory = .accessibilityExtraExtraExtraLarge
        screen.advance(by: 1.0 / 60)
        #expect(field.font?.pointSize == 53 && textView.font?.pointSize == 44)
        #expect(field.intrinsicContentSize.height > fieldHeight * 1.8)
    }

    @Test("self-sizing rows grow with the category: constraint cells and list configuration cells; and shrink back")
    func rowsGrow() {
        let table = UITableView(frame: .zero, style: .plain)
        table.register(ConstraintCell.self, forCellReuseIdentifier: "constraints")
        table.register(UITableViewCell.self, forCellReuseIdentifier: "list")
        let source = MixedSource()
        table.dataSource = source
        let screen = showTable(table, size: CGSize(width: 390, height: 1400))
        let heights = { (0 ..< 6).map { table.rectForRow(at: IndexPath(row: $0, section: 0)).height } }
        let large = heights()
        screen.preferredContentSizeCategory = .accessibilityExtraLarge
        screen.advance(by: 1.0 / 60)
        let huge = heights()
        for row in 0 ..< 6 { #expect(huge[row] > large[row] + 20, "row \(row): \(large[row]) → \(huge[row])") }
        let label = table.cellForRow(at: IndexPath(row: 0, section: 0)) as? ConstraintCell
        #expect(label?.label.font.pointSize == 40)
        #expect((label?.label.frame.height ?? 0) > 40)
        func labels(in view: UIView) -> [UILabel] {
            ((view as? UILabel).map { [$0] } ?? []) + view.subviews.flatMap(labels)
        }
        let configuredCell = table.cellForRow(at: IndexPath(row: 3, section: 0))
        let shown = configuredCell.map(labels)?.first { $0.text == "Configured 3" }
        #expect(shown?.font.pointSize == 40, "the configuration's body font is shown at the new size")
        writeForLooking(screen.snapshot(), "dynamic-type-rows-ax3")
        screen.preferredContentSizeCategory = .large
        screen.advance(by: 1.0 / 60)
        #expect(heights() == large)
    }
    @Test("a large title grows and shrinks with the text size, the rows staying below it; the small title keeps its size")
    func largeTitles() throws {
        let screen = HeadlessScreen(device: .iPhone15)
        let list = UITableViewController(style: .insetGrouped)
        list.title = "Settings"
        let source = MixedSource()
        list.tableView.register(ConstraintCell.self, forCellReuseIdentifier: "constraints")
        list.tableView.register(UITableViewCell.self, forCellReuseIdentifier: "list")
        list.tableView.dataSource = source
        let navigation = UINavigationController(rootViewController: list)
        navigation.navigationBar.prefersLargeTitles = true
        let window = UIWindow(frame: .zero)
        window.rootViewController = navigation
        screen.show(window)
        screen.advance(by: 0.1)
        let bar = navigation.navigationBar
        func labels(in view: UIView) -> [UILabel] {
            ((view as? UILabel).map { [$0] } ?? []) + view.subviews.flatMap(labels)
        }
        func largeTitle() throws -> UILabel {
            try #require(labels(in: bar).first { $0.text == "Settings" && $0.font.pointSize > 20 })
        }
        func firstRowTop() -> CGFloat {
            list.tableView.convert(list.tableView.rectForRow(at: IndexPath(row: 0, section: 0)), to: nil).minY
        }
        #expect(try largeTitle().font.pointSize == 34)
        #expect(abs(bar.frame.height - (44 + 52)) < 0.01, "\(bar.frame)")
        let defaultTop = firstRowTop()
        #expect(defaultTop >= bar.frame.maxY)

        screen.preferredContentSizeCategory = .accessibilityExtraExtraExtraLarge
        screen.advance(by: 0.1)
        let title = try largeTitle()
        #expect(title.font.pointSize == 60)
        #expect(title.frame.height >= 70, "the line holds the larger title: \(title.frame)")
        #expect(abs(bar.frame.height - (44 + 83)) < 0.01, "\(bar.frame)")
        let titleOnScreen = title.convert(title.bounds, to: nil)
        #expect(titleOnScreen.maxY <= bar.frame.maxY && titleOnScreen.minY >= bar.frame.minY + 44)
        #expect(firstRowTop() >= bar.frame.maxY, "the first row starts below the grown title")
        #expect(firstRowTop() - defaultTop >= 31)
        let small = try #require(labels(in: bar).first { $0.text == "Settings" && $0 !== title })
        #expect(small.font.pointSize == 17, "the small title keeps its size, as UIKit's bar titles do")
        writeForLooking(screen.snapshot(), "large-title-ax5")

        screen.preferredContentSizeCategory = .large
        screen.advance(by: 0.1)
        #expect(try largeTitle().font.pointSize == 34)
        #expect(abs(bar.frame.height - (44 + 52)) < 0.01, "\(bar.frame)")
        #expect(firstRowTop() == defaultTop)
    }
}
