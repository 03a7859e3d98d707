import Foundation
import Testing
@testable import TabulaUIKit
@testable import TabulaTable
import TabulaTestSupport

/// A view that counts its trait changes.
@MainActor
private final class TraitLoggingView: UIView {
    var changes: [UIUserInterfaceStyle?] = []
    override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
        super.traitCollectionDidChange(previousTraitCollection)
        changes.append(previousTraitCollection?.userInterfaceStyle)
    }
}

@MainActor
private final class TraitLoggingController: UIViewController {
    var changes = 0
    override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
        super.traitCollectionDidChange(previousTraitCollection)
        changes += 1
    }
}

private let dark = UITraitCollection(userInterfaceStyle: .dark)
private let light = UITraitCollection(userInterfaceStyle: .light)

private func rgb(_ color: UIColor, _ traits: UITraitCollection) -> UInt32 {
    let c = color.resolvedColor(with: traits).cgColor
    return UInt32((c.red * 255).rounded()) << 16 | UInt32((c.green * 255).rounded()) << 8 | UInt32((c.blue * 255).rounded())
}

@MainActor
@Suite("Colours and dark mode")
struct DarkModeTests {
    @Test("system colours resolve to Apple's light and dark values; unspecified traits resolve as light")
    func systemColours() {
        #expect(rgb(.label, light) == 0x000000 && rgb(.label, dark) == 0xFFFFFF)
        #expect(rgb(.systemBackground, light) == 0xFFFFFF && rgb(.systemBackground, dark) == 0x000000)
        #expect(rgb(.secondarySystemBackground, dark) == 0x1C1C1E)
        #expect(rgb(.tertiarySystemBackground, dark) == 0x2C2C2E)
        #expect(rgb(.systemGroupedBackground, light) == 0xF2F2F7 && rgb(.systemGroupedBackground, dark) == 0x000000)
        #expect(rgb(.secondarySystemGroupedBackground, dark) == 0x1C1C1E)
        #expect(rgb(.systemBlue, light) == 0x007AFF && rgb(.systemBlue, dark) == 0x0A84FF)
        #expect(rgb(.systemRed, dark) == 0xFF453A)
        #expect(rgb(.systemGray6, dark) == 0x1C1C1E && rgb(.systemGray2, dark) == 0x636366)
        #expect(rgb(.opaqueSeparator, dark) == 0x38383A)
        #expect(rgb(.secondaryLabel, dark) == 0xEBEBF5)
        #expect(abs(UIColor.secondaryLabel.resolvedColor(with: dark).cgColor.alpha - 0.6) < 0.01)
        #expect(abs(UIColor.systemFill.resolvedColor(with: dark).cgColor.alpha - 0.36) < 0.01)
        #expect(rgb(.label, UITraitCollection()) == 0x000000, "unspecified is light")
        #expect(UIColor.label.cgColor == Color(white: 0), "outside drawing the current traits are light")
    }

    @Test("the twelve system colours and six grays have the iOS light and dark values of the Human Interface Guidelines' tables")
    func humanInterfaceGuidelinesValues() {
        // (colour, light R, G, B, dark R, G, B) as the HIG's "iOS, iPadOS system colors" and
        // "system gray colors" tables give them (the iOS 17 values, before the June 2025 update).
        let table: [(String, UIColor, [UInt32])] = [
            ("red", .systemRed, [255, 59, 48, 255, 69, 58]), ("orange", .systemOrange, [255, 149, 0, 255, 159, 10]),
            ("yellow", .systemYellow, [255, 204, 0, 255, 214, 10]), ("green", .systemGreen, [52, 199, 89, 48, 209, 88]),
            ("mint", .systemMint, [0, 199, 190, 102, 212, 207]), ("teal", .systemTeal, [48, 176, 199, 64, 200, 224]),
            ("cyan", .systemCyan, [50, 173, 230, 100, 210, 255]), ("blue", .systemBlue, [0, 122, 255, 10, 132, 255]),
            ("indigo", .systemIndigo, [88, 86, 214, 94, 92, 230]), ("purple", .systemPurple, [175, 82, 222, 191, 90, 242]),
            ("pink", .systemPink, [255, 45, 85, 255, 55, 95]), ("brown", .systemBrown, [165, 132, 94, 172, 142, 104]),
            ("gray", .systemGray, [142, 142, 147, 142, 142, 147]), ("gray2", .systemGray2, [174, 174, 178, 99, 99, 102]),
            ("gray3", .systemGray3, [199, 199, 204, 72, 72, 74]), ("gray4", .systemGray4, [209, 209, 214, 58, 58, 60]),
            ("gray5", .systemGray5, [229, 229, 234, 44, 44, 46]), ("gray6", .systemGray6, [242, 242, 247, 28, 28, 30]),
        ]
        for (name, colour, v) in table {
            #expect(rgb(colour, light) == v[0] << 16 | v[1] << 8 | v[2], "\(name), light")
            #expect(rgb(colour, dark) == v[3] << 16 | v[4] << 8 | v[5], "\(name), dark")
        }
    }

    @Test("a dynamic colour picks per trait collection; performAsCurrent sets what cgColor resolves with")
    func dynamicProvider() {
        let accent = UIColor { traits in traits.userInterfaceStyle == .dark ? .yellow : .purple }
        #expect(accent.resolvedColor(with: dark) == .yellow)
        #expect(accent.resolvedColor(with: light) == .purple)
        #expect(accent.resolvedColor(with: dark).resolvedColor(with: light) == .yellow, "a resolved colour is fixed")
        var seen: CGColor?
        dark.performAsCurrent { seen = accent.cgColor }
        #expect(seen == UIColor.yellow.cgColor)
        #expect(accent.cgColor == UIColor.purple.cgColor, "restored after performAsCurrent")
        let faded = accent.withAlphaComponent(0.5)
        #expect(faded.resolvedColor(with: dark).cgColor == Color(red: 1, green: 1, blue: 0, alpha: 0.5))
        #expect(accent != UIColor { _ in .yellow } && UIColor.label.withAlphaComponent(0.5) == UIColor.label.withAlphaComponent(0.5),
                "dynamic colours compare by their light and dark values")
        #expect(UIColor.systemGray4 != UIColor(rgb: 0xD1D1D6), "a dynamic colour never equals a fixed one")
    }

    @Test("hue, saturation and brightness convert both ways")
    func hsb() {
        #expect(UIColor(hue: 0, saturation: 1, brightness: 1, alpha: 1) == .red)
        #expect(UIColor(hue: 1.0 / 3, saturation: 1, brightness: 1, alpha: 1) == .green)
        #expect(UIColor(hue: 2.0 / 3, saturation: 1, brightness: 1, alpha: 1) == .blue)
        #expect(UIColor(hue: 0.5, saturation: 0, brightness: 0.5, alpha: 1) == .gray)
        var (h, s, b, a) = (CGFloat(0), CGFloat(0), CGFloat(0), CGFloat(0))
        UIColor(hue: 0.8, saturation: 0.4, brightness: 0.6, alpha: 0.7).getHue(&h, saturation: &s, brightness: &b, alpha: &a)
        #expect(abs(h - 0.8) < 1e-9 && abs(s - 0.4) < 1e-9 && abs(b - 0.6) < 1e-9 && abs(a - 0.7) < 1e-9)
        var r = CGFloat(0), g = CGFloat(0), bl = CGFloat(0)
        UIColor.systemBlue.getRed(&r, green: &g, blue: &bl, alpha: &a)
        #expect(abs(bl - 1) < 1e-9 && abs(g - 122.0 / 255) < 1e-9)
        // As in UIKit, nil for the parts not wanted.
        var hueOnly = CGFloat(-1), whiteOnly = CGFloat(-1)
        #expect(UIColor(hue: 0.25, saturation: 1, brightness: 1, alpha: 1).getHue(&hueOnly, saturation: nil, brightness: nil, alpha: nil))
        #expect(abs(hueOnly - 0.25) < 1e-9)
        #expect(UIColor.white.getWhite(&whiteOnly, alpha: nil) && abs(whiteOnly - 1) < 1e-9)
        #expect(UIColor.red.getRed(nil, green: nil, blue: nil, alpha: nil))
    }

    @Test("trait collections merge, compare and report contained traits")
    func traitCollections() {
        let merged = UITraitCollection(traitsFrom: [UITraitCollection(displayScale: 2), dark,
                                                    UITraitCollection(horizontalSizeClass: .regular),
                                                    UITraitCollection(preferredContentSizeCategory: .accessibilityLarge)])
        #expect(merged.displayScale == 2 && merged.userInterfaceStyle == .dark && merged.horizontalSizeClass == .regular)
        #expect(merged.verticalSizeClass == .unspecified)
        #expect(merged.containsTraits(in: dark) && !merged.containsTraits(in: light))
        #expect(merged.preferredContentSizeCategory.isAccessibilityCategory)
        #expect(UIContentSizeCategory.small < .large && !UIContentSizeCategory.extraExtraExtraLarge.isAccessibilityCategory)
        #expect(merged.hasDifferentColorAppearance(comparedTo: light))
    }

    @Test("overrides inherit down the tree; a view's override wins over its controller's")
    func overridesInherit() {
        let screen = HeadlessScreen(size: CGSize(width: 320, height: 480), scale: 2)
        let window = UIWindow(frame: .zero)
        let controller = UIViewController()
        window.rootViewController = controller
        let outer = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let inner = UIView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        outer.addSubview(inner)
        controller.view.addSubview(outer)
        screen.show(window)
        #expect(inner.traitCollection.userInterfaceStyle == .light)
        #expect(inner.traitCollection.displayScale == 2 && inner.traitCollection.horizontalSizeClass == .compact)
        screen.userInterfaceStyle = .dark
        #expect(inner.traitCollection.userInterfaceStyle == .dark && controller.traitCollection.userInterfaceStyle == .dark)
        outer.overrideUserInterfaceStyle = .light
        #expect(inner.traitCollection.userInterfaceStyle == .light && controller.view.traitCollection.userInterfaceStyle == .dark)
        screen.userInterfaceStyle = .light
        controller.overrideUserInterfaceStyle = .dark
        #expect(controller.view.traitCollection.userInterfaceStyle == .dark)
        #expect(inner.traitCollection.userInterfaceStyle == .light, "the view's own override wins")
        outer.overrideUserInterfaceStyle = .unspecified
        #expect(inner.traitCollection.userInterfaceStyle == .dark, "inherits the controller's override")
    }

    @Test("traitCollectionDidChange fires once per change, with the traits before it, on views and controllers")
    func didChangeOncePerChange() {
        let screen = HeadlessScreen(size: CGSize(width: 320, height: 480), scale: 1)
        let window = UIWindow(frame: .zero)
        let controller = TraitLoggingController()
        window.rootViewController = controller
        let view = TraitLoggingView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        let pinned = TraitLoggingView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        pinned.overrideUserInterfaceStyle = .light
        controller.view.addSubview(view)
        controller.view.addSubview(pinned)
        screen.show(window)
        #expect(view.changes.isEmpty && controller.changes == 0, "entering the window is no change")
        screen.userInterfaceStyle = .dark
        #expect(view.changes == [.light] && controller.changes == 1)
        screen.userInterfaceStyle = .dark
        #expect(view.changes == [.light] && controller.changes == 1, "the same style again is no change")
        screen.userInterfaceStyle = .light
        #expect(view.changes == [.light, .dark] && controller.changes == 2)
        #expect(pinned.changes.isEmpty, "a view that overrides the style does not change with the screen")
    }

    @Test("colours set before the switch update after it, on views and in drawn content")
    func coloursSetBeforeSwitchUpdate() {
        let screen = HeadlessScreen(size: CGSize(width: 100, height: 100), scale: 1)
        let window = UIWindow(frame: .zero)
        let controller = UIViewController()
        window.rootViewController = controller
        controller.view.backgroundColor = .systemBackground
        let panel = UIView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        panel.backgroundColor = .secondarySystemBackground
        let accent = UIColor { $0.userInterfaceStyle == .dark ? UIColor(rgb: 0x00FF00) : UIColor(rgb: 0xFF0000) }
        let swatch = UIView(frame: CGRect(x: 50, y: 50, width: 50, height: 50))
        swatch.backgroundColor = accent
        let label = UILabel(frame: CGRect(x: 0, y: 60, width: 50, height: 30))
        label.text = "████"
        label.textColor = .label
        controller.view.addSubview(panel)
        controller.view.addSubview(swatch)
        controller.view.addSubview(label)
        screen.show(window)
        #expect(panel.layer.backgroundColor == Color(rgb: 0xF2F2F7))
        #expect(screen.snapshot().cgImage!.pixel(x: 75, y: 75) == Pixel(red: 255, green: 0, blue: 0, alpha: 255))
        screen.userInterfaceStyle = .dark
        screen.advance(by: 0.1)
        #expect(panel.layer.backgroundColor == Color(rgb: 0x1C1C1E))
        #expect(controller.view.layer.backgroundColor == Color(rgb: 0x000000))
        let image = screen.snapshot().cgImage!
        #expect(image.pixel(x: 75, y: 75) == Pixel(red: 0, green: 255, blue: 0, alpha: 255))
        #expect(image.pixel(x: 25, y: 25) == Pixel(red: 28, green: 28, blue: 30, alpha: 255))
        let brightest = (0 ..< 50).map { Int(image.pixel(x: $0, y: 75).red) }.max() ?? 0
        #expect(brightest > 200, "the label's text is drawn light on dark")
    }

    private func tableScreen(style: UITableView.Style, source: TitlesSource) -> (HeadlessScreen, UITableView) {
        let screen = HeadlessScreen(size: CGSize(width: 320, height: 480), scale: 1)
        let window = UIWindow(frame: .zero)
        let list = UIViewController()
        list.title = "Settings"
        let table = UITableView(frame: .zero, style: style)
        table.dataSource = source
        table.frame = CGRect(x: 0, y: 0, width: 320, height: 480)
        table.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        list.view = table
        window.rootViewController = UINavigationController(rootViewController: list)
        screen.show(window)
        screen.advance(by: 0.1)
        return (screen, table)
    }

    private func center(ofRow row: Int, in table: UITableView) -> (x: Int, y: Int) {
        let rect = table.convert(table.rectForRow(at: IndexPath(row: row, section: 0)), to: nil)
        return (Int(rect.midX), Int(rect.midY))
    }

    @Test("a plain table under a navigation bar draws dark after the switch: background, text, bar")
    func plainTableDark() {
        let source = TitlesSource(["Wi-Fi", "Bluetooth", "Mobile Data"])
        let (screen, table) = tableScreen(style: .plain, source: source)
        let row = center(ofRow: 0, in: table)
        var image = screen.snapshot().cgImage!
        #expect(image.pixel(x: 300, y: row.y) == Pixel(red: 255, green: 255, blue: 255, alpha: 255))
        #expect(image.pixel(x: 300, y: 20).red > 230, "the light bar")
        writeForLooking(screen.snapshot(), "dark-mode-plain-light")
        screen.userInterfaceStyle = .dark
        screen.advance(by: 0.1)
        image = screen.snapshot().cgImage!
        writeForLooking(screen.snapshot(), "dark-mode-plain-dark")
        #expect(image.pixel(x: 300, y: row.y) == Pixel(red: 0, green: 0, blue: 0, alpha: 255), "cell background")
        #expect(image.pixel(x: 300, y: 400) == Pixel(red: 0, green: 0, blue: 0, alpha: 255), "table background")
        #expect(image.pixel(x: 300, y: 20).red < 40, "the dark bar")
        let text = (16 ..< 120).map { Int(image.pixel(x: $0, y: row.y).red) }
        #expect(text.max()! > 200, "the row's title is light")
        let title = (100 ..< 220).map { Int(image.pixel(x: $0, y: 22).red) }
        #expect(title.max()! > 200, "the bar's title is light")
        let line = (Int(table.convert(table.rectForRow(at: IndexPath(row: 0, section: 0)), to: nil).maxY) - 1)
        let separator = image.pixel(x: 300, y: line)
        #expect(separator.red > 20 && separator.red < 80, "the separator is a dark grey, got \(separator)")
    }

    @Test("an inset grouped table draws its dark background and cell colours after the switch")
    func insetGroupedDark() {
        let source = TitlesSource(["Wi-Fi", "Bluetooth"])
        let (screen, table) = tableScreen(style: .insetGrouped, source: source)
        let row = center(ofRow: 0, in: table)
        var image = screen.snapshot().cgImage!
        #expect(image.pixel(x: 300, y: row.y) == Pixel(red: 255, green: 255, blue: 255, alpha: 255))
        #expect(image.pixel(x: 4, y: row.y) == Pixel(red: 242, green: 242, blue: 247, alpha: 255))
        writeForLooking(screen.snapshot(), "dark-mode-grouped-light")
        screen.userInterfaceStyle = .dark
        screen.advance(by: 0.1)
        image = screen.snapshot().cgImage!
        writeForLooking(screen.snapshot(), "dark-mode-grouped-dark")
        #expect(image.pixel(x: 300, y: row.y) == Pixel(red: 28, green: 28, blue: 30, alpha: 255), "the cell")
        #expect(image.pixel(x: 4, y: row.y) == Pixel(red: 0, green: 0, blue: 0, alpha: 255), "the grouped background")
        screen.userInterfaceStyle = .light
        screen.advance(by: 0.1)
        #expect(screen.snapshot().cgImage!.pixel(x: 300, y: row.y) == Pixel(red: 255, green: 255, blue: 255, alpha: 255),
                "and back to light")
    }
}
