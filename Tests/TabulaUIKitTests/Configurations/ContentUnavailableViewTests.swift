import Foundation
import Testing
@testable import TabulaUIKit
import TabulaUIKitTestSupport

/// A content-unavailable view on a screen, as a person sees it: the pieces stacked and
/// centred inside the view, the spinner while loading, buttons that work, colours that
/// follow dark mode and fonts that follow the text size, and careless input survived.
/// Set TABULA_LOOK_DIR to write the pictures out.
@MainActor
@Suite("UIContentUnavailableView")
struct ContentUnavailableViewTests {
    /// `configuration` in a view filling a plain root view on an iPhone 15-sized screen
    /// (keep the screen: the window and the view's superview go with it).
    private func shown(_ configuration: UIContentUnavailableConfiguration, style: UIUserInterfaceStyle = .light)
        -> (HeadlessScreen, UIContentUnavailableView) {
        let screen = HeadlessScreen(device: .iPhone15)
        screen.userInterfaceStyle = style
        let root = screen.showPlainRoot()
        let view = UIContentUnavailableView(configuration: configuration)
        view.frame = root.view.bounds
        root.view.addSubview(view)
        screen.advance(by: 0.1)
        return (screen, view)
    }

    /// A configuration with every piece.
    private func everything() -> UIContentUnavailableConfiguration {
        var c = UIContentUnavailableConfiguration.empty()
        c.image = UIImage(systemName: "star")
        c.text = "No Favorites"
        c.secondaryText = "Tap the star on a recipe to keep it here."
        c.button.title = "Browse Recipes"
        c.secondaryButton.title = "Import"
        return c
    }

    @Test("image, title, secondary text and buttons stack in that order, centred, inside the bounds, none overlapping")
    func stackedAndCentred() throws {
        let (screen, view) = shown(everything())
        defer { withExtendedLifetime(screen) {} }
        let frames = view.pieceFrames
        let order: [ContentUnavailableLayout.Piece] = [.image, .text, .secondaryText, .button, .secondaryButton]
        #expect(frames.count == 5)
        for (index, piece) in order.enumerated() {
            let frame = try #require(frames[piece])
            #expect(view.bounds.contains(frame), "\(piece) inside: \(frame)")
            #expect(abs(frame.midX - view.bounds.midX) <= 1, "\(piece) centred across: \(frame)")
            #expect(frame.width > 0 && frame.height > 0)
            if index > 0 {
                let above = try #require(frames[order[index - 1]])
                #expect(frame.minY >= above.maxY, "\(piece) below \(order[index - 1]): \(frame) under \(above)")
            }
        }
        // Centred down between the safe area's edges (the superview's margins include it).
        let safe = view.superview!.safeAreaInsets
        let top = frames[.image]!.minY, bottom = frames[.secondaryButton]!.maxY
        let middle = safe.top + (view.bounds.height - safe.top - safe.bottom) / 2
        #expect(abs((top + bottom) / 2 - middle) <= 1, "\(top)…\(bottom) around \(middle)")
        // Across, inside the root view's 16-point margins.
        #expect(frames.values.allSatisfy { $0.minX >= 16 && $0.maxX <= view.bounds.width - 16 })
        // The symbol is drawn large and grey.
        #expect(frames[.image]!.height >= 36)
        #expect(view.textLabel.text == "No Favorites" && view.textLabel.textAlignment == .center)
    }

    @Test("a long title wraps onto several lines and stays inside the view; an empty title shows nothing")
    func longAndEmptyText() throws {
        var c = everything()
        c.text = String(repeating: "A title long enough to need many lines ", count: 6)
        let (screen, view) = shown(c)
        defer { withExtendedLifetime(screen) {} }
        let title = try #require(view.pieceFrames[.text])
        #expect(title.height > 3 * c.textProperties.font.lineHeight, "wrapped: \(title)")
        #expect(view.bounds.contains(title))
        let secondary = try #require(view.pieceFrames[.secondaryText])
        #expect(title.maxY <= secondary.minY)

        c.text = ""
        c.secondaryText = nil
        view.configuration = c
        view.layoutIfNeeded()
        #expect(view.pieceFrames[.text] == nil && view.pieceFrames[.secondaryText] == nil)
        #expect(view.pieceFrames[.image] != nil && view.pieceFrames[.button] != nil)
    }

    @Test("loading() turns an activity indicator above its text, centred")
    func loadingSpinner() throws {
        let (screen, view) = shown(.loading())
        #expect(view.activityIndicator.isAnimating && !view.activityIndicator.isHidden)
        #expect(view.imageView.isHidden)
        let spinner = try #require(view.pieceFrames[.image])
        let text = try #require(view.pieceFrames[.text])
        #expect(spinner.size == CGSize(width: 20, height: 20))
        #expect(abs(spinner.midX - view.bounds.midX) <= 1 && spinner.maxY <= text.minY)
        #expect(view.textLabel.text == "Loading…")
        #expect(view.activityIndicator.layer.animation(forKey: "spin") != nil, "the spokes turn")
        let first = screen.snapshot()
        screen.advance(by: 0.3)
        #expect(differingFraction(first, screen.snapshot()) > 0, "a later frame shows the spokes elsewhere")

        view.configuration = UIContentUnavailableConfiguration.empty()
        #expect(!view.activityIndicator.isAnimating && view.activityIndicator.isHidden)
    }

    @Test("tapping the button runs its primary action; a disabled one does nothing; the action's title names it")
    func buttonAction() throws {
        var taps: [String] = []
        var c = UIContentUnavailableConfiguration.empty()
        c.text = "No Mail"
        c.buttonProperties.primaryAction = UIAction(title: "Compose") { _ in taps.append("compose") }
        c.secondaryButton.title = "Refresh"
        c.secondaryButtonProperties.primaryAction = UIAction { _ in taps.append("refresh") }
        let (screen, view) = shown(c)
        #expect(view.button.currentTitle == "Compose")
        try screen.buttons["Compose"].tap()
        try screen.buttons["Refresh"].tap()
        #expect(taps == ["compose", "refresh"])

        c.buttonProperties.isEnabled = false
        view.configuration = c
        screen.advance(by: 0.1)
        let frame = try #require(view.pieceFrames[.button])
        screen.tap(at: view.convert(CGPoint(x: frame.midX, y: frame.midY), to: nil))
        #expect(taps == ["compose", "refresh"], "disabled")

        // A new action replaces the old one rather than joining it.
        c.buttonProperties.isEnabled = true
        c.buttonProperties.primaryAction = UIAction(title: "Compose") { _ in taps.append("new") }
        view.configuration = c
        screen.advance(by: 0.1)
        try screen.buttons["Compose"].tap()
        #expect(taps == ["compose", "refresh", "new"])
    }

    /// The colour of the darkest (light appearance) or lightest (dark) pixel inside `rect` of `image`.
    private func inkBrightness(_ image: UIImage, in rect: CGRect, scale: CGFloat, dark: Bool) -> Double {
        let bitmap = image.cgImage!
        var extreme = dark ? 0.0 : 1.0
        for y in Int(rect.minY * scale) ..< Int(rect.maxY * scale) {
            for x in Int(rect.minX * scale) ..< Int(rect.maxX * scale) {
                let c = bitmap.color(x: x, y: y)
                let brightness = (c.red + c.green + c.blue) / 3
                extreme = dark ? max(extreme, brightness) : min(extreme, brightness)
            }
        }
        return extreme
    }

    @Test("dark mode: the title turns from black to white and the secondary text stays grey, on the dark background")
    func darkMode() throws {
        let c = everything()
        let (lightScreen, lightView) = shown(c)
        let (darkScreen, darkView) = shown(c, style: .dark)
        let scale = lightScreen.scale
        let title = try #require(lightView.pieceFrames[.text])
        let secondary = try #require(lightView.pieceFrames[.secondaryText])
        let light = lightScreen.snapshot(), dark = darkScreen.snapshot()
        #expect(inkBrightness(light, in: title, scale: scale, dark: false) < 0.15, "black title")
        #expect(inkBrightness(dark, in: title, scale: scale, dark: true) > 0.85, "white title")
        let greyLight = inkBrightness(light, in: secondary, scale: scale, dark: false)
        let greyDark = inkBrightness(dark, in: secondary, scale: scale, dark: true)
        #expect(greyLight > 0.2 && greyLight < 0.7, "grey secondary text: \(greyLight)")
        #expect(greyDark > 0.4 && greyDark < 0.85, "grey secondary text: \(greyDark)")
        #expect(darkView.textLabel.textColor.resolvedColor(with: darkView.traitCollection) == .white)

        // Switching the screen's appearance reaches a view already shown.
        lightScreen.userInterfaceStyle = .dark
        lightScreen.advance(by: 0.1)
        #expect(inkBrightness(lightScreen.snapshot(), in: title, scale: scale, dark: true) > 0.85)
    }

    @Test("a larger text size makes the title, the secondary text and the symbol larger")
    func dynamicType() throws {
        let (screen, view) = shown(everything())
        let before = view.pieceFrames
        screen.preferredContentSizeCategory = .accessibilityMedium
        screen.advance(by: 0.1)
        let after = view.pieceFrames
        #expect(after[.text]!.height > before[.text]!.height * 1.3, "\(before[.text]!) → \(after[.text]!)")
        #expect(after[.secondaryText]!.height > before[.secondaryText]!.height)
        #expect(after[.image]!.height > before[.image]!.height)
        #expect(view.bounds.contains(after[.text]!))
    }

    @Test("NaN, infinite and negative paddings and margins fall back to 0, reported once each, and nothing traps")
    func carelessNumbers() throws {
        var c = everything()
        c.imageToTextPadding = .nan
        c.textToSecondaryTextPadding = -12
        c.textToButtonPadding = .infinity
        c.buttonToSecondaryButtonPadding = -.infinity
        c.directionalLayoutMargins.leading = .nan
        c.textProperties.numberOfLines = -1
        c.imageProperties.maximumSize = CGSize(width: -5, height: CGFloat.nan)
        c.textProperties.adjustsFontSizeToFitWidth = true
        c.textProperties.minimumScaleFactor = .nan
        var view: UIContentUnavailableView?
        let reports = collectingConfigurationReports { view = UIContentUnavailableView(configuration: c) }
        #expect(reports.count == 8, "\(reports)")
        #expect(reports.contains { $0.contains("imageToTextPadding is nan") })
        #expect(reports.contains { $0.contains("textToSecondaryTextPadding is -12") })
        #expect(reports.contains { $0.contains("textProperties.numberOfLines is -1") })
        let shownView = try #require(view)
        shownView.frame = CGRect(x: 0, y: 0, width: 320, height: 480)
        shownView.layoutIfNeeded()
        let frames = shownView.pieceFrames
        #expect(frames[.text]!.minY == frames[.image]!.maxY, "a NaN padding is no padding")
        #expect(frames[.secondaryText]!.minY == frames[.text]!.maxY)
        #expect(frames.values.allSatisfy { $0.minX.isFinite && $0.minY.isFinite && shownView.bounds.contains($0) })
        #expect(shownView.sizeThatFits(CGSize(width: CGFloat.nan, height: 0)).height.isFinite)
    }

    @Test("a view too small for its content scrolls to it when scrolling is enabled")
    func scrolling() throws {
        var c = everything()
        c.secondaryText = String(repeating: "Many lines of explanation. ", count: 40)
        let (screen, view) = shown(c)
        view.frame = CGRect(x: 0, y: 0, width: 300, height: 200)
        view.isScrollEnabled = true
        screen.advance(by: 0.1)
        let scroll = try #require(view.subviews.compactMap { $0 as? UIScrollView }.first)
        #expect(scroll.contentSize.height > 400, "\(scroll.contentSize)")
        #expect(try #require(view.pieceFrames[.image]).minY >= 0, "the stack starts at the top")
        view.isScrollEnabled = false
        screen.advance(by: 0.1)
        #expect(scroll.superview == nil)
        #expect(view.pieceFrames[.image] != nil)
    }

    @Test("natural alignment: every piece at the leading margin, texts aligned naturally")
    func naturalAlignment() throws {
        var c = everything()
        c.alignment = .natural
        let (screen, view) = shown(c)
        defer { withExtendedLifetime(screen) {} }
        let frames = view.pieceFrames
        let leading = try #require(frames[.image]).minX
        #expect(frames.values.allSatisfy { abs($0.minX - leading) <= 0.5 }, "\(frames)")
        #expect(view.textLabel.textAlignment == .natural)
    }

    @Test("its height follows its width, for Auto Layout and sizeThatFits")
    func sizing() {
        let view = UIContentUnavailableView(configuration: everything())
        let narrow = view.sizeThatFits(CGSize(width: 200, height: 0))
        let wide = view.sizeThatFits(CGSize(width: 600, height: 0))
        #expect(narrow.height > wide.height)
        #expect(view.intrinsicContentSize.width > 0)
    }

    @Test("a configuration of another kind is reported and ignored; supports(_:) says which it takes")
    func wrongConfiguration() throws {
        let view = UIContentUnavailableView(configuration: .search())
        #expect(view.supports(UIContentUnavailableConfiguration.empty()))
        #expect(!view.supports(UIListContentConfiguration.cell()))
        let reports = collectingConfigurationReports { view.configuration = UIListContentConfiguration.cell() }
        #expect(reports.count == 1 && reports[0].contains("UIListContentConfiguration"))
        #expect((view.configuration as? UIContentUnavailableConfiguration)?.text == "No Results")
        #expect(UIContentUnavailableConfiguration.loading().makeContentView() is UIContentUnavailableView)
        let archive = try NSKeyedArchiver.archivedData(withRootObject: [String: String](), requiringSecureCoding: false)
        let decoded = UIContentUnavailableView(coder: try NSKeyedUnarchiver(forReadingFrom: archive))
        #expect((decoded.configuration as? UIContentUnavailableConfiguration) == .empty())
    }

    @Test("pictures: empty, loading and search, light and dark")
    func pictures() throws {
        var empty = UIContentUnavailableConfiguration.empty()
        empty.image = UIImage(systemName: "tray")
        empty.text = "No Mail"
        empty.secondaryText = "New messages you receive will appear here."
        empty.button.title = "Compose"
        var state = UIContentUnavailableConfigurationState(traitCollection: UITraitCollection(userInterfaceStyle: .light))
        state.searchText = "kiwi"
        let samples: [(String, UIContentUnavailableConfiguration)] = [
            ("empty", empty), ("loading", .loading()), ("search", UIContentUnavailableConfiguration.search().updated(for: state)),
        ]
        for (name, configuration) in samples {
            for style in [UIUserInterfaceStyle.light, .dark] {
                let (screen, view) = shown(configuration, style: style)
                let picture = screen.snapshot()
                writeForLooking(picture, "content-unavailable-\(name)-\(style == .dark ? "dark" : "light")")
                // Something is drawn where each piece is, and nothing outside the stack.
                let frames = view.pieceFrames
                #expect(!frames.isEmpty)
                let union = frames.values.reduce(frames.values.first!) { $0.union($1) }
                #expect(abs(union.midX - view.bounds.midX) <= 1, "\(name): centred")
            }
        }
    }
}
