import Foundation
import Testing
@testable import TabulaUIKit
import TabulaUIKitTestSupport

/// The configuration values: copies, the factories' iOS 17 looks, and what a state does
/// to them (UIKit: "applying the configuration's default values for that state to any
/// properties that you haven't customized").
@MainActor
@Suite("List content and background configurations")
struct ListContentConfigurationTests {
    @Test("a configuration is a value: a changed copy leaves the original, nested properties included")
    func copies() {
        var original = UIListContentConfiguration.cell()
        original.text = "Wi-Fi"
        var copy = original
        copy.text = "Bluetooth"
        copy.textProperties.font = .boldSystemFont(ofSize: 30)
        copy.imageProperties.cornerRadius = 7
        copy.directionalLayoutMargins.top = 40
        #expect(original.text == "Wi-Fi")
        #expect(original.textProperties.font == .systemFont(ofSize: 17))
        #expect(original.imageProperties.cornerRadius == 0)
        #expect(original.directionalLayoutMargins.top == 11)
        #expect(copy != original)
        var again = original
        #expect(again == original)
        again.secondaryText = "On"
        #expect(again != original && original.secondaryText == nil)
    }

    @Test("the row factories: 17-point text in the label colour, 11-point vertical margins, horizontal margins from the cell")
    func rowFactories() {
        let cell = UIListContentConfiguration.cell()
        #expect(cell.textProperties.font == .systemFont(ofSize: 17) && cell.textProperties.color == .label)
        #expect(cell.secondaryTextProperties.font == .systemFont(ofSize: 15))
        #expect(cell.secondaryTextProperties.color == .secondaryLabel)
        #expect(cell.directionalLayoutMargins == NSDirectionalEdgeInsets(top: 11, leading: 0, bottom: 11, trailing: 0))
        #expect(cell.axesPreservingSuperviewLayoutMargins == .horizontal)
        #expect(!cell.prefersSideBySideTextAndSecondaryText)
        #expect(cell.textProperties.numberOfLines == 0, "list text wraps: rows grow")
        #expect(cell.imageToTextPadding == 15)

        let subtitle = UIListContentConfiguration.subtitleCell()
        #expect(subtitle.secondaryTextProperties.font == .systemFont(ofSize: 12))
        #expect(!subtitle.prefersSideBySideTextAndSecondaryText)

        let value = UIListContentConfiguration.valueCell()
        #expect(value.prefersSideBySideTextAndSecondaryText)
        #expect(value.secondaryTextProperties.font == .systemFont(ofSize: 17))
        #expect(value.secondaryTextProperties.color == .secondaryLabel)
        #expect(value.textToSecondaryTextHorizontalPadding == 8)
    }

    @Test("header and footer factories: bold plain headers, small grey upper-case grouped headers, grouped footers")
    func headerFactories() {
        let plain = UIListContentConfiguration.plainHeader()
        #expect(plain.textProperties.font == .boldSystemFont(ofSize: 15) && plain.textProperties.color == .label)
        #expect(plain.directionalLayoutMargins.top == 5 && plain.directionalLayoutMargins.bottom == 5)
        #expect(UIListContentConfiguration.header() == plain, "iOS 18's name")
        let plainFooter = UIListContentConfiguration.plainFooter()
        #expect(plainFooter.textProperties.color == .secondaryLabel && plainFooter.textProperties.font == .systemFont(ofSize: 15))

        let grouped = UIListContentConfiguration.groupedHeader()
        #expect(grouped.textProperties.font == .systemFont(ofSize: 13) && grouped.textProperties.color == .secondaryLabel)
        #expect(grouped.textProperties.transform == .uppercase, "iOS 17 upper-cases grouped headers")
        #expect(grouped.directionalLayoutMargins.top == 17 && grouped.directionalLayoutMargins.bottom == 7)
        var title = grouped
        title.text = "Cellular Data"
        #expect(title.shownText == "CELLULAR DATA")
        title.textProperties.transform = .none
        #expect(title.shownText == "Cellular Data")

        let footer = UIListContentConfiguration.groupedFooter()
        #expect(footer.textProperties.transform == .none)
        #expect(footer.directionalLayoutMargins.top == 7 && footer.directionalLayoutMargins.bottom == 17)
        #expect(UIListContentConfiguration.prominentInsetGroupedHeader().textProperties.font == .boldSystemFont(ofSize: 20))
        #expect(UIListContentConfiguration.extraProminentInsetGroupedHeader().textProperties.font == .boldSystemFont(ofSize: 22))
    }

    @Test("attributed text is shown instead of the text, as its characters")
    func attributedText() {
        var c = UIListContentConfiguration.cell()
        c.text = "Plain"
        #expect(c.shownText == "Plain")
        c.attributedText = NSAttributedString(string: "Attributed")
        #expect(c.shownText == "Attributed" && c.text == "Plain")
        c.secondaryAttributedText = NSAttributedString(string: "Second")
        #expect(c.shownSecondaryText == "Second")
    }

    @Test("a state changes the colours you did not set, and only those")
    func updatedForState() {
        var selected = UICellConfigurationState()
        selected.isSelected = true
        var sidebar = UIListContentConfiguration.sidebarCell()
        sidebar.text = "Inbox"
        let shown = sidebar.updated(for: selected)
        #expect(shown.textProperties.color == .white && shown.imageProperties.tintColor == .white)
        #expect(shown.text == "Inbox")
        #expect(shown.updated(for: UICellConfigurationState()).textProperties.color == .label, "back when deselected")

        sidebar.textProperties.color = .systemRed
        #expect(sidebar.updated(for: selected).textProperties.color == .systemRed, "a colour you set stays")
        #expect(sidebar.updated(for: selected).secondaryTextProperties.color == .white)

        let row = UIListContentConfiguration.cell()
        #expect(row.updated(for: selected) == row, "a plain row shows selection in its background, not its text")
    }

    @Test("the list backgrounds turn system grey 4 when selected or highlighted, unless you set the colour")
    func backgroundStates() throws {
        var highlighted = UICellConfigurationState()
        highlighted.isHighlighted = true
        var selectedEditing = UICellConfigurationState()
        selectedEditing.isSelected = true
        selectedEditing.isEditing = true
        let plain = UIBackgroundConfiguration.listPlainCell()
        #expect(plain.backgroundColor == .systemBackground)
        #expect(plain.updated(for: highlighted).backgroundColor == .systemGray4)
        #expect(plain.updated(for: highlighted).updated(for: UICellConfigurationState()).backgroundColor == .systemBackground)
        let editingBlue = try #require(plain.updated(for: selectedEditing).backgroundColor)
        #expect(editingBlue.resolvedColor(with: UITraitCollection(userInterfaceStyle: .light)) == UIColor(rgb: 0xE3ECFA),
                "Mail's pale blue")
        var (r, g, b, a) = (CGFloat(0), CGFloat(0), CGFloat(0), CGFloat(0))
        _ = editingBlue.resolvedColor(with: UITraitCollection(userInterfaceStyle: .dark)).getRed(&r, green: &g, blue: &b, alpha: &a)
        #expect(max(r, g, b) < 0.3 && b > r, "a dark blue in the dark appearance, under light text: \(r) \(g) \(b)")
        #expect(UIBackgroundConfiguration.listGroupedCell().backgroundColor == .secondarySystemGroupedBackground)
        #expect(UIBackgroundConfiguration.listPlainHeaderFooter().backgroundColor == .secondarySystemBackground)
        #expect(UIBackgroundConfiguration.clear().updated(for: highlighted).backgroundColor == .clear)

        var custom = plain
        custom.backgroundColor = .systemYellow
        #expect(custom.updated(for: highlighted).backgroundColor == .systemYellow)

        var sidebar = UIBackgroundConfiguration.listSidebarCell().updated(for: highlighted)
        #expect(sidebar.backgroundColor == nil, "nil: the tint colour")
        #expect(sidebar.resolvedBackgroundColor(for: .systemPink) == .systemPink)
        sidebar.backgroundColorTransformer = .grayscale
        let grey = sidebar.resolvedBackgroundColor(for: .systemRed).cgColor
        #expect(abs(grey.red - grey.green) < 0.001 && abs(grey.green - grey.blue) < 0.001)
    }

    @Test("colour transformers: resolved colours go through them; equal only to themselves")
    func transformers() {
        let half = UIConfigurationColorTransformer { $0.withAlphaComponent(0.5) }
        var text = UIListContentConfiguration.cell().textProperties
        text.colorTransformer = half
        #expect(text.resolvedColor() == UIColor.label.withAlphaComponent(0.5))
        #expect(text.color == .label, "the colour itself is unchanged")
        #expect(half == half && half != UIConfigurationColorTransformer { $0 })
        #expect(UIConfigurationColorTransformer.grayscale == .grayscale)
        var image = UIListContentConfiguration.cell().imageProperties
        #expect(image.resolvedTintColor(for: .systemBlue) == .systemBlue, "no tint: the inherited one")
        image.tintColor = .systemOrange
        #expect(image.resolvedTintColor(for: .systemBlue) == .systemOrange)
    }

    @Test("custom state under keys of your own, in both kinds of state")
    func customState() {
        let archived = UIConfigurationStateCustomKey("com.example.archived")
        var state = UICellConfigurationState()
        #expect(state[archived] == nil)
        state[archived] = true
        #expect(state[archived] == AnyHashable(true))
        var view = UIViewConfigurationState()
        view[archived] = 3
        #expect(view[archived] == AnyHashable(3))
    }

    @Test("unusable numbers are replaced and reported once each, naming the property")
    func badNumbers() {
        var c = UIListContentConfiguration.cell()
        c.text = "Row"
        c.directionalLayoutMargins.leading = -.infinity
        c.imageToTextPadding = .nan
        c.textProperties.numberOfLines = -2
        c.alpha = 3
        var view: UIListContentView?
        let reports = collectingConfigurationReports { view = UIListContentView(configuration: c) }
        #expect(reports.count == 4)
        #expect(reports.contains { $0.contains("directionalLayoutMargins.leading") && $0.contains("-inf") })
        #expect(reports.contains { $0.contains("imageToTextPadding") })
        #expect(reports.contains { $0.contains("textProperties.numberOfLines is -2") })
        #expect(reports.contains { $0.contains("alpha is 3") })
        #expect(view?.alpha == 1)
        view?.frame = CGRect(x: 0, y: 0, width: 300, height: 44)
        view?.layoutIfNeeded()
        #expect(view?.textLabel.frame.minX == 0, "the leading margin falls back to 0")
    }
}
