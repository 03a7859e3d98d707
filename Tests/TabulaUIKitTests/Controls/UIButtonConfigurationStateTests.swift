import Foundation
import Testing
@testable import TabulaUIKit
import TabulaUIKitTestSupport

/// A configured button's look per state, `CornerStyle.dynamic` and
/// `UIButton.Configuration.updated(for:)`, as Apple documents them: "Returns a copy of the
/// configuration, updated for the given button … preserves custom values set on the
/// configuration, and updates default values based on the button state"; `.dynamic`
/// "adjusts the background corner radius for dynamic type". How much a pressed background
/// darkens is not documented: Tabula takes it 15% towards black (white in the dark).
@MainActor
@Suite("UIButton.Configuration state, dynamic corners and updated(for:)")
struct UIButtonConfigurationStateTests {
    let screen = HeadlessScreen(size: CGSize(width: 390, height: 500), scale: 1)

    func button(_ configuration: UIButton.Configuration, _ frame: CGRect) -> UIButton {
        var configuration = configuration
        if configuration.title == nil { configuration.title = "Press" }
        let button = UIButton(configuration: configuration)
        button.frame = frame
        return button
    }

    /// The screen's colour at a point, in points.
    func screenColor(_ x: CGFloat, _ y: CGFloat) throws -> Color {
        try #require(screen.snapshot().cgImage).color(x: Int(x), y: Int(y))
    }

    static func brightness(_ c: Color) -> Double { c.red + c.green + c.blue }

    static let light = UITraitCollection(userInterfaceStyle: .light)
    static let dark = UITraitCollection(userInterfaceStyle: .dark)

    /// `color` as drawn over `backdrop`, in the light appearance unless told.
    static func composited(_ color: UIColor, over backdrop: Color, traits: UITraitCollection = light) -> Color {
        let c = color.resolvedColor(with: traits).cgColor
        func mix(_ a: Double, _ b: Double) -> Double { a * c.alpha + b * (1 - c.alpha) }
        return Color(red: mix(c.red, backdrop.red), green: mix(c.green, backdrop.green), blue: mix(c.blue, backdrop.blue),
                     alpha: 1)
    }

    static func close(_ a: Color, _ b: Color, within tolerance: Double = 0.02) -> Bool {
        abs(a.red - b.red) <= tolerance && abs(a.green - b.green) <= tolerance && abs(a.blue - b.blue) <= tolerance
    }

    // MARK: Pressed and disabled

    @Test("pressed, a filled button's background darkens at once and its title stays white; released, it fades back")
    func filledPressDarkens() throws {
        let filled = button(.filled(), CGRect(x: 20, y: 20, width: 200, height: 50))
        screen.showInWindow([filled])
        screen.advance(by: 0.1)
        let normal = try screenColor(26, 45)
        #expect(normal.blue > 0.9 && normal.red < 0.1, "the tint colour: \(normal)")

        let finger = screen.touchDown(at: CGPoint(x: 120, y: 45))
        screen.advance(by: 1.0 / 60)
        #expect(filled.isHighlighted)
        let pressed = try screenColor(26, 45)
        #expect(pressed.blue < normal.blue - 0.1, "darker while pressed: \(normal) → \(pressed)")
        #expect(pressed.blue > 0.6, "still blue, not black: \(pressed)")
        #expect(filled.titleLabel?.alpha == 1 && filled.titleLabel?.textColor == .white,
                "a filled button's title does not dim")

        screen.liftTouch(finger)
        screen.advance(by: 0.1)
        let midway = try screenColor(26, 45)
        #expect(midway.blue > pressed.blue + 0.02 && midway.blue < normal.blue - 0.02,
                "fading back: \(pressed.blue) < \(midway.blue) < \(normal.blue)")
        screen.advance(by: 0.3)
        #expect(Self.close(try screenColor(26, 45), normal, within: 0.005), "back to the tint colour")
    }

    @Test("tinted and gray backgrounds darken while pressed; a plain button has no background and dims its title instead")
    func everyStylePresses() throws {
        let tinted = button(.tinted(), CGRect(x: 20, y: 20, width: 150, height: 44))
        let gray = button(.gray(), CGRect(x: 20, y: 80, width: 150, height: 44))
        let plain = button(.plain(), CGRect(x: 20, y: 140, width: 150, height: 44))
        screen.showInWindow([tinted, gray, plain])
        screen.advance(by: 0.1)
        for (view, y) in [(tinted, 42.0), (gray, 102.0)] {
            let before = try screenColor(25, y)
            view.isHighlighted = true
            screen.advance(by: 1.0 / 60)
            let after = try screenColor(25, y)
            #expect(Self.brightness(after) < Self.brightness(before) - 0.1, "\(before) → \(after)")
            #expect(view.titleLabel?.alpha == 1)
            view.isHighlighted = false
        }
        let before = try screenColor(25, 162)
        plain.isHighlighted = true
        screen.advance(by: 1.0 / 60)
        #expect(Self.close(try screenColor(25, 162), before, within: 0.001), "no pressed background on a plain button")
        #expect(abs((plain.titleLabel?.alpha ?? 1) - UIButton.highlightedAlpha) < 0.001, "its title dims")
    }

    @Test("in the dark appearance a pressed filled background turns lighter, not darker")
    func darkPress() throws {
        var configuration = UIButton.Configuration.filled()
        configuration.baseBackgroundColor = .systemRed
        let filled = button(configuration, CGRect(x: 20, y: 20, width: 200, height: 50))
        screen.userInterfaceStyle = .dark
        screen.showInWindow([filled])
        screen.advance(by: 0.1)
        let normal = try screenColor(26, 45)
        filled.isHighlighted = true
        screen.advance(by: 1.0 / 60)
        let pressed = try screenColor(26, 45)
        #expect(pressed.green > normal.green + 0.08 && pressed.red > 0.9, "lighter red: \(normal) → \(pressed)")
    }

    @Test("disabled, at once: a faint grey background whatever baseBackgroundColor, a grey title; a foreground colour you set stays")
    func disabled() throws {
        var configuration = UIButton.Configuration.filled()
        configuration.baseBackgroundColor = .systemGreen
        let off = button(configuration, CGRect(x: 20, y: 20, width: 160, height: 44))
        configuration.baseForegroundColor = .systemOrange
        let custom = button(configuration, CGRect(x: 20, y: 80, width: 160, height: 44))
        screen.showInWindow([off, custom])
        off.isEnabled = false
        custom.isEnabled = false
        screen.advance(by: 1.0 / 60)
        let fill = try screenColor(25, 42)
        #expect(fill.green < 0.95 && abs(fill.red - fill.green) < 0.02 && abs(fill.green - fill.blue) < 0.02,
                "grey, not green: \(fill)")
        #expect(off.titleLabel?.textColor == .systemGray)
        #expect(custom.titleLabel?.textColor == .systemOrange, "the app's colour is kept")
        off.isHighlighted = true
        #expect(off.configurationBackgroundView?.configuration.backgroundColorTransformer == nil,
                "a disabled button does not darken")
    }

    // MARK: Dynamic corners

    @Test(".dynamic corners grow with the text size, shrink below the default, and stop at a capsule; .fixed stays")
    func dynamicCornerRadius() throws {
        var configuration = UIButton.Configuration.filled()
        configuration.background.cornerRadius = 8
        #expect(configuration.cornerStyle == .dynamic, "the default")
        let r = { (category: UIContentSizeCategory, height: CGFloat) in
            configuration.resolvedCornerRadius(height: height, contentSizeCategory: category)
        }
        #expect(r(.large, 44) == 8, "as set at the default size")
        #expect(abs(r(.extraSmall, 44) - 8 * 14 / 17) < 0.001)
        #expect(abs(r(.extraExtraExtraLarge, 44) - 8 * 23 / 17) < 0.001)
        #expect(abs(r(.accessibilityExtraExtraExtraLarge, 100) - 8 * 53 / 17) < 0.001)
        #expect(r(.accessibilityExtraExtraExtraLarge, 30) == 15, "never more than a capsule")
        #expect(r(.unspecified, 44) == 8)
        configuration.cornerStyle = .fixed
        #expect(r(.accessibilityExtraExtraExtraLarge, 100) == 8)

        var previous: CGFloat = 0
        configuration.cornerStyle = .dynamic
        for category in DynamicTypeScaling.categories {
            let radius = r(category, 1000)
            #expect(radius >= previous, "never smaller at a larger size: \(category)")
            previous = radius
        }
    }

    @Test("a shown button's corners round more when the user picks a larger text size")
    func dynamicCornersOnScreen() throws {
        var configuration = UIButton.Configuration.filled()
        configuration.background.cornerRadius = 8
        let dynamic = button(configuration, CGRect(x: 20, y: 20, width: 200, height: 60))
        configuration.cornerStyle = .fixed
        let fixed = button(configuration, CGRect(x: 20, y: 100, width: 200, height: 60))
        screen.showInWindow([dynamic, fixed])
        screen.advance(by: 0.1)
        #expect(dynamic.configurationBackgroundView?.configuration.cornerRadius == 8)
        #expect(try screenColor(23, 23).blue > 0.9, "filled near the corner with an 8-point radius")

        screen.preferredContentSizeCategory = .accessibilityExtraExtraExtraLarge
        screen.advance(by: 0.1)
        let radius = try #require(dynamic.configurationBackgroundView?.configuration.cornerRadius)
        #expect(abs(radius - 8 * 53 / 17) < 0.001, "\(radius)")
        let corner = try screenColor(23, 23)
        #expect(corner.red > 0.9 && corner.green > 0.9, "cut away with the larger radius: \(corner)")
        #expect(try screenColor(23, 103).blue > 0.9, "the fixed corner is as it was")
        #expect(fixed.configurationBackgroundView?.configuration.cornerRadius == 8)
        writeForLooking(screen.snapshot(), "button-dynamic-corners")

        screen.preferredContentSizeCategory = .large
        screen.advance(by: 0.1)
        #expect(dynamic.configurationBackgroundView?.configuration.cornerRadius == 8, "back with the text size")
    }

    @Test("a configured button's title grows with the user's text size and its size follows; back at the default it is as it was")
    func titleFollowsTextSize() throws {
        var configuration = UIButton.Configuration.filled()
        configuration.title = "Create Account"
        let big = UIButton(configuration: configuration)
        configuration.buttonSize = .mini
        configuration.subtitle = "Free"
        let mini = UIButton(configuration: configuration)
        screen.showInWindow([big, mini])
        screen.advance(by: 0.1)
        let title = try #require(big.titleLabel)
        #expect(title.font.pointSize == 17, "body size at the default text size")
        let size = big.intrinsicContentSize
        let miniSize = mini.intrinsicContentSize

        screen.preferredContentSizeCategory = .accessibilityExtraExtraExtraLarge
        screen.advance(by: 0.1)
        #expect(abs(title.font.pointSize - 53) < 0.5, "body text at the largest size: \(title.font.pointSize)")
        #expect(big.intrinsicContentSize.width > size.width * 2 && big.intrinsicContentSize.height > size.height,
                "the button grows with its title: \(size) → \(big.intrinsicContentSize)")
        #expect(mini.intrinsicContentSize.height > miniSize.height, "a mini button's title and subtitle grow too")

        screen.preferredContentSizeCategory = .extraSmall
        screen.advance(by: 0.1)
        #expect(title.font.pointSize < 17, "smaller below the default: \(title.font.pointSize)")

        screen.preferredContentSizeCategory = .large
        screen.advance(by: 0.1)
        #expect(title.font.pointSize == 17)
        #expect(big.intrinsicContentSize == size && mini.intrinsicContentSize == miniSize, "back as it was")
    }

    @Test("a configured button narrower than its title wraps it and grows taller under Auto Layout; a truncating mode keeps one line")
    func titleWrapsToWidth() throws {
        var configuration = UIButton.Configuration.filled()
        configuration.title = "Create an account to keep your list"
        let wrapping = UIButton(configuration: configuration)
        configuration.titleLineBreakMode = .byTruncatingTail
        let truncating = UIButton(configuration: configuration)
        let container = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 500))
        for (i, button) in [wrapping, truncating].enumerated() {
            button.translatesAutoresizingMaskIntoConstraints = false
            container.addSubview(button)
            NSLayoutConstraint.activate([
                button.leadingAnchor.constraint(equalTo: container.leadingAnchor, constant: 20),
                button.widthAnchor.constraint(equalToConstant: 150),
                button.topAnchor.constraint(equalTo: container.topAnchor, constant: 20 + CGFloat(i) * 200),
            ])
        }
        screen.showInWindow([container])
        screen.advance(by: 0.1)
        let oneLine = truncating.frame.height
        let title = try #require(wrapping.titleLabel)
        #expect(wrapping.frame.width == 150 && truncating.frame.width == 150)
        #expect(title.numberOfLines == 0 && truncating.titleLabel?.numberOfLines == 1)
        #expect(wrapping.frame.height > oneLine + title.font.lineHeight,
                "at least two more lines than one: \(wrapping.frame.height) against \(oneLine)")
        #expect(title.frame.width <= 150 - 2 * 12 + 0.5, "the title stays inside the insets: \(title.frame)")
        #expect(title.frame.maxY <= wrapping.bounds.height, "every line inside the button")
        writeForLooking(screen.snapshot(), "button-wrapped-title")
    }

    // MARK: updated(for:)

    @Test("updated(for:) a highlighted filled button gives the darkened colour it draws, and white for the title")
    func updatedForHighlighted() throws {
        let filled = button(.filled(), CGRect(x: 20, y: 20, width: 200, height: 50))
        screen.showInWindow([filled])
        screen.advance(by: 0.1)
        let configuration = try #require(filled.configuration)
        let normal = configuration.updated(for: filled)
        #expect(normal.baseForegroundColor == .white)
        #expect(normal.background.backgroundColor == .systemBlue, "the style's colour, the tint")
        #expect(normal.background.resolvedBackgroundColor(for: filled.tintColor) == .systemBlue)

        filled.isHighlighted = true
        screen.advance(by: 1.0 / 60)
        let pressed = configuration.updated(for: filled)
        let colour = pressed.background.resolvedBackgroundColor(for: filled.tintColor)
        let resolved = colour.resolvedColor(with: Self.light).cgColor
        let blue = UIColor.systemBlue.resolvedColor(with: Self.light).cgColor
        #expect(resolved.blue < blue.blue - 0.1 && resolved.alpha == 1, "darker: \(resolved)")
        #expect(pressed.baseForegroundColor == .white)
        let drawn = try screenColor(26, 45)
        #expect(Self.close(Self.composited(colour, over: Color(white: 1, alpha: 1)), drawn),
                "the colour it returns is the colour drawn: \(drawn)")
        #expect(configuration.background.backgroundColor == nil && configuration.baseForegroundColor == nil,
                "a copy: the button's own configuration is unchanged")
    }

    @Test("updated(for:) keeps the app's colours and transformer; updating again for another state undoes the last")
    func updatedKeepsCustomValues() throws {
        var configuration = UIButton.Configuration.gray()
        configuration.baseForegroundColor = .systemPink
        configuration.background.backgroundColor = .systemYellow
        let view = button(configuration, CGRect(x: 20, y: 20, width: 160, height: 44))
        view.isHighlighted = true
        let pressed = configuration.updated(for: view)
        #expect(pressed.baseForegroundColor == .systemPink)
        #expect(pressed.background.backgroundColor == .systemYellow, "the app's colour is kept…")
        let shown = pressed.background.resolvedBackgroundColor(for: .systemBlue).resolvedColor(with: Self.light).cgColor
        let yellow = UIColor.systemYellow.resolvedColor(with: Self.light).cgColor
        #expect(shown.green < yellow.green - 0.1, "…and drawn darker while pressed: \(shown)")

        view.isHighlighted = false
        let released = pressed.updated(for: view)
        #expect(released == configuration.updated(for: view), "no trace of the pressed state")
        #expect(released.background.backgroundColorTransformer == nil)

        var own = configuration
        own.background.backgroundColorTransformer = .grayscale
        view.isHighlighted = true
        #expect(own.updated(for: view).background.backgroundColorTransformer == .grayscale,
                "an app's transformer is kept (and no veil is added)")

        // A default filled in by one update is replaced by the next.
        let plain = button(.plain(), CGRect(x: 0, y: 0, width: 100, height: 44))
        plain.isHighlighted = true
        let dimmed = try #require(plain.configuration).updated(for: plain)
        let dimmedAlpha = try #require(dimmed.baseForegroundColor).resolvedColor(with: Self.light).cgColor.alpha
        #expect(abs(dimmedAlpha - Double(UIButton.highlightedAlpha)) < 0.001, "a plain title dims while pressed")
        plain.isHighlighted = false
        #expect(dimmed.updated(for: plain).baseForegroundColor == plain.tintColor, "and is back in full")
        plain.isEnabled = false
        #expect(dimmed.updated(for: plain).baseForegroundColor == .systemGray)
    }

    @Test("a handler that stores updated(for:) in the button does not fix it in the pressed look")
    func handlerStoringUpdated() throws {
        let filled = button(.filled(), CGRect(x: 20, y: 20, width: 200, height: 50))
        filled.configurationUpdateHandler = { button in
            button.configuration = button.configuration?.updated(for: button)
        }
        screen.showInWindow([filled])
        screen.advance(by: 0.1)
        let normal = try screenColor(26, 45)
        let finger = screen.touchDown(at: CGPoint(x: 120, y: 45))
        screen.advance(by: 1.0 / 60)
        #expect(try screenColor(26, 45).blue < normal.blue - 0.1)
        screen.liftTouch(finger)
        screen.advance(by: 0.5)
        #expect(Self.close(try screenColor(26, 45), normal, within: 0.005), "back after release")
        #expect(filled.configuration?.background.backgroundColorTransformer == nil)
    }

    // MARK: Careless input

    @Test("careless input: NaN and infinite radii and heights, nil and clear colours")
    func carelessInput() throws {
        var configuration = UIButton.Configuration.filled()
        for radius in [CGFloat.nan, .infinity, -.infinity, -5] {
            configuration.background.cornerRadius = radius
            for height in [CGFloat.nan, .infinity, -10, 0, 44] {
                for style in [UIButton.Configuration.CornerStyle.dynamic, .fixed, .capsule] {
                    configuration.cornerStyle = style
                    let r = configuration.resolvedCornerRadius(height: height,
                                                               contentSizeCategory: .accessibilityExtraExtraExtraLarge)
                    #expect(r.isFinite && r >= 0, "\(radius) \(height) \(style): \(r)")
                }
            }
        }
        #expect(UIButton.Configuration.highlightTransformer(.clear).resolvedColor(with: Self.light).cgColor.alpha == 0,
                "a clear background stays clear while pressed")

        var cleared = UIButton.Configuration.tinted()
        cleared.background.backgroundColor = nil // asks for the style's colour again
        cleared.baseForegroundColor = nil
        cleared.baseBackgroundColor = nil
        let view = button(cleared, CGRect(x: 20, y: 20, width: 160, height: 44))
        view.tintColor = nil // inherits the window's
        screen.showInWindow([view])
        view.isHighlighted = true
        screen.advance(by: 1.0 / 60)
        let updated = try #require(view.configuration).updated(for: view)
        #expect(updated.background.backgroundColor == UIColor.systemBlue.withAlphaComponent(0.15))
        #expect(updated.background.backgroundColorTransformer == UIButton.Configuration.highlightTransformer)
        #expect(updated.baseForegroundColor == .systemBlue)
    }

    // MARK: To look at

    @Test("normal, pressed and disabled buttons of each style, light and dark, to look at")
    func lookAtStates() throws {
        var views: [UIButton] = []
        let styles: [(String, UIButton.Configuration)] = [
            ("Filled", .filled()), ("Tinted", .tinted()), ("Gray", .gray()), ("Plain", .plain()),
        ]
        for (row, (name, style)) in styles.enumerated() {
            for (column, state) in ["", " ↓", " off"].enumerated() {
                var configuration = style
                configuration.title = name + state
                let view = button(configuration, CGRect(x: 10 + CGFloat(column) * 125, y: 20 + CGFloat(row) * 60,
                                                        width: 115, height: 44))
                view.isEnabled = column != 2
                views.append(view)
            }
        }
        screen.showInWindow(views)
        for (i, view) in views.enumerated() where i % 3 == 1 { view.isHighlighted = true }
        screen.advance(by: 0.5)
        writeForLooking(screen.snapshot(), "button-states-light")
        screen.userInterfaceStyle = .dark
        screen.advance(by: 0.5)
        writeForLooking(screen.snapshot(), "button-states-dark")
        #expect(views[1].configurationBackgroundView?.configuration.backgroundColorTransformer != nil)
    }
}
