import Foundation
import Testing
@testable import TabulaUIKit
import TabulaUIKitTestSupport

/// `UIButton.Configuration`'s `background` and `showsActivityIndicator` (iOS 15), as
/// Apple documents them: the indicator stands where the image was (by `imagePlacement`),
/// a non-nil `background.backgroundColor` wins over `baseBackgroundColor`, and
/// `cornerStyle` `.fixed` and `.dynamic` use the background's corner radius.
@MainActor
@Suite("UIButton.Configuration background and activity indicator")
struct UIButtonConfigurationBackgroundTests {
    let screen = HeadlessScreen(size: CGSize(width: 390, height: 500), scale: 2)

    /// The button alone, at one pixel a point, over transparency.
    func pixels(of button: UIButton) throws -> CGImage {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        format.opaque = false
        let image = UIGraphicsImageRenderer(size: button.bounds.size, format: format).image { _ in
            button.drawHierarchy(in: button.bounds, afterScreenUpdates: true)
        }
        return try #require(image.cgImage)
    }

    static let square = UIGraphicsImageRenderer(size: CGSize(width: 20, height: 20)).image { context in
        UIColor.systemGreen.setFill()
        context.fill(CGRect(x: 0, y: 0, width: 20, height: 20))
    }

    @Test("showsActivityIndicator spins an indicator where the image was, the title stays; off, the image is back")
    func activityIndicatorReplacesImage() throws {
        var configuration = UIButton.Configuration.filled()
        configuration.title = "Save"
        configuration.image = Self.square
        let button = UIButton(configuration: configuration)
        button.frame = CGRect(x: 20, y: 20, width: 160, height: 44)
        screen.showInWindow([button])
        screen.advance(by: 0.1)
        let imageFrame = try #require(button.imageView).frame
        let titleFrame = try #require(button.titleLabel).frame
        #expect(button.activityIndicator == nil, "no indicator is made until one is shown")

        button.configuration?.showsActivityIndicator = true
        screen.advance(by: 0.1)
        let indicator = try #require(button.activityIndicator)
        #expect(indicator.isAnimating && !indicator.isHidden && indicator.layer.animation(forKey: "spin") != nil)
        #expect(abs(indicator.frame.midX - imageFrame.midX) < 0.5 && abs(indicator.frame.midY - imageFrame.midY) < 0.5,
                "in the image's place: \(indicator.frame) \(imageFrame)")
        #expect(button.imageView?.isHidden == true)
        #expect(button.titleLabel?.text == "Save" && button.titleLabel?.isHidden == false)
        #expect(button.titleLabel?.frame == titleFrame, "the title does not move")
        #expect(indicator.color == .white, "the foreground colour, white on a filled button")

        button.configuration?.showsActivityIndicator = false
        screen.advance(by: 0.1)
        #expect(!indicator.isAnimating && indicator.isHidden)
        #expect(button.imageView?.isHidden == false && button.imageView?.frame == imageFrame)
    }

    @Test("with no image the indicator is before the title; at .top above it; its colour transformer applies")
    func activityIndicatorPlacement() throws {
        var configuration = UIButton.Configuration.plain()
        configuration.title = "Loading"
        configuration.showsActivityIndicator = true
        configuration.activityIndicatorColorTransformer = UIConfigurationColorTransformer { _ in .systemOrange }
        let leading = UIButton(configuration: configuration)
        configuration.imagePlacement = .top
        let top = UIButton(configuration: configuration)
        for (i, button) in [leading, top].enumerated() {
            button.sizeToFit()
            button.frame.origin = CGPoint(x: 20, y: 20 + CGFloat(i) * 100)
        }
        screen.showInWindow([leading, top])
        screen.advance(by: 0.1)
        let (l, li) = (try #require(leading.titleLabel).frame, try #require(leading.activityIndicator).frame)
        #expect(li.maxX <= l.minX && li.width == 20, "before the title: \(li) \(l)")
        #expect(leading.bounds.width >= l.width + 20 + 4 + 24, "sized to fit with the indicator: \(leading.bounds)")
        let (t, ti) = (try #require(top.titleLabel).frame, try #require(top.activityIndicator).frame)
        #expect(ti.maxY <= t.minY, "above the title: \(ti) \(t)")
        #expect(leading.activityIndicator?.color == .systemOrange)
    }

    @Test("background.backgroundColor with a fixed corner radius draws a rounded fill and wins over baseBackgroundColor")
    func roundedFill() throws {
        var configuration = UIButton.Configuration.filled()
        configuration.title = "Delete"
        configuration.baseBackgroundColor = .systemGreen
        configuration.background.backgroundColor = .systemRed
        configuration.background.cornerRadius = 12
        configuration.cornerStyle = .fixed
        let red = UIButton(configuration: configuration)
        red.frame = CGRect(x: 20, y: 20, width: 120, height: 44)
        configuration.background.backgroundColor = nil
        let green = UIButton(configuration: configuration)
        green.frame = CGRect(x: 20, y: 80, width: 120, height: 44)
        screen.showInWindow([red, green])
        screen.advance(by: 0.1)

        let bitmap = try pixels(of: red)
        let centre = bitmap.color(x: 10, y: 22)
        #expect(centre.red > 0.9 && centre.green < 0.35 && centre.alpha > 0.99, "red inside: \(centre)")
        #expect(bitmap.pixel(x: 0, y: 0).alpha == 0 && bitmap.pixel(x: 1, y: 1).alpha == 0, "the corner is cut away")
        #expect(bitmap.pixel(x: 119, y: 43).alpha == 0)
        #expect(bitmap.pixel(x: 60, y: 0).alpha == 255, "the top edge is filled between the corners")
        #expect(red.backgroundColor == nil, "the button's own background colour is left alone")

        let base = try pixels(of: green).color(x: 10, y: 22)
        #expect(base.green > 0.6 && base.red < 0.4, "without a background colour, baseBackgroundColor: \(base)")
    }

    @Test("corner styles other than fixed and dynamic ignore the background's radius")
    func cornerStyles() {
        var configuration = UIButton.Configuration.filled()
        configuration.background.cornerRadius = 3
        let expected: [(UIButton.Configuration.CornerStyle, CGFloat)] = [
            (.fixed, 3), (.dynamic, 3), (.small, 4), (.medium, 8), (.large, 12), (.capsule, 22),
        ]
        for (style, radius) in expected {
            configuration.cornerStyle = style
            #expect(configuration.resolvedCornerRadius(height: 44) == radius, "\(style)")
        }
        #expect(UIButton.Configuration.gray().background.cornerRadius == 8, "8-point corners by default")
        #expect(UIButton.Configuration.gray().background.backgroundColor == nil, "the style supplies the colour")
    }

    @Test("a stroke shows at the edge, inside the corners")
    func stroke() throws {
        var configuration = UIButton.Configuration.plain()
        configuration.title = "Outline"
        configuration.background.strokeColor = .systemBlue
        configuration.background.strokeWidth = 3
        configuration.background.cornerRadius = 8
        let button = UIButton(configuration: configuration)
        button.frame = CGRect(x: 20, y: 20, width: 120, height: 44)
        screen.showInWindow([button])
        screen.advance(by: 0.1)
        let bitmap = try pixels(of: button)
        let edge = bitmap.color(x: 1, y: 22)
        #expect(edge.blue > 0.9 && edge.red < 0.2 && edge.alpha > 0.9, "the stroke at the left edge: \(edge)")
        let top = bitmap.color(x: 60, y: 1)
        #expect(top.blue > 0.9 && top.alpha > 0.9, "and at the top: \(top)")
        #expect(bitmap.pixel(x: 8, y: 22).alpha == 0, "inside, a plain button has no fill")
        #expect(bitmap.pixel(x: 0, y: 0).alpha == 0, "the corner is rounded")
    }

    @Test("the dark appearance resolves dynamic background and stroke colours")
    func darkMode() throws {
        let dynamic = UIColor { $0.userInterfaceStyle == .dark ? .systemRed : .systemGreen }
        var configuration = UIButton.Configuration.filled()
        configuration.title = "Mode"
        configuration.background.backgroundColor = dynamic
        configuration.background.strokeColor = UIColor { $0.userInterfaceStyle == .dark ? .white : .black }
        configuration.background.strokeWidth = 2
        configuration.cornerStyle = .large
        let button = UIButton(configuration: configuration)
        button.frame = CGRect(x: 40, y: 40, width: 160, height: 50)
        screen.showInWindow([button])
        screen.advance(by: 0.1)
        let light = try #require(screen.snapshot().cgImage)
        let s = screen.scale
        let lightFill = light.color(x: Int(60 * s), y: Int(65 * s))
        #expect(lightFill.green > 0.6 && lightFill.red < 0.4, "green in the light appearance: \(lightFill)")
        let lightStroke = light.color(x: Int(40 * s) + 1, y: Int(65 * s))
        #expect(lightStroke.red < 0.2 && lightStroke.green < 0.2, "a black stroke: \(lightStroke)")

        screen.userInterfaceStyle = .dark
        screen.advance(by: 0.1)
        let image = screen.snapshot()
        writeForLooking(image, "button-background-dark")
        let dark = try #require(image.cgImage)
        let darkFill = dark.color(x: Int(60 * s), y: Int(65 * s))
        #expect(darkFill.red > 0.9 && darkFill.green < 0.4, "red in the dark appearance: \(darkFill)")
        let darkStroke = dark.color(x: Int(40 * s) + 1, y: Int(65 * s))
        #expect(darkStroke.red > 0.9 && darkStroke.green > 0.9, "a white stroke: \(darkStroke)")
    }

    @Test("careless radii and stroke widths (NaN, negative, infinite) are clamped, not trapped on")
    func carelessInput() throws {
        var buttons: [UIButton] = []
        for (i, value) in [CGFloat.nan, -12, .infinity, -.infinity].enumerated() {
            var configuration = UIButton.Configuration.filled()
            configuration.title = "Odd"
            configuration.background.cornerRadius = value
            configuration.background.strokeWidth = value
            configuration.cornerStyle = i.isMultiple(of: 2) ? .fixed : .dynamic
            let button = UIButton(configuration: configuration)
            button.frame = CGRect(x: 20, y: 20 + CGFloat(i) * 60, width: 120, height: 44)
            buttons.append(button)
        }
        screen.showInWindow(buttons)
        screen.advance(by: 0.1)
        for button in buttons {
            let drawn = try #require(button.configurationBackgroundView?.configuration)
            #expect(drawn.cornerRadius == 0 && drawn.strokeWidth == 0, "\(drawn.cornerRadius) \(drawn.strokeWidth)")
            let bitmap = try pixels(of: button)
            #expect(bitmap.pixel(x: 0, y: 0).alpha == 255, "square corners, filled")
        }
    }

    @Test("a background image and custom view are drawn inside the corners; all of it, to look at")
    func imageAndCustomView() throws {
        var configuration = UIButton.Configuration.gray()
        configuration.title = "Photo"
        configuration.baseForegroundColor = .white
        configuration.background.image = Self.square
        configuration.background.cornerRadius = 10
        configuration.cornerStyle = .fixed
        let withImage = UIButton(configuration: configuration)
        withImage.frame = CGRect(x: 20, y: 20, width: 120, height: 44)

        let stripe = UIView()
        stripe.backgroundColor = .systemPurple
        var custom = UIButton.Configuration.plain()
        custom.title = "Custom"
        custom.baseForegroundColor = .white
        custom.background.customView = stripe
        custom.cornerStyle = .capsule
        let withView = UIButton(configuration: custom)
        withView.frame = CGRect(x: 160, y: 20, width: 120, height: 44)

        var spinning = UIButton.Configuration.filled()
        spinning.title = "Saving"
        spinning.image = Self.square
        spinning.showsActivityIndicator = true
        spinning.background.backgroundColor = .systemRed
        spinning.background.strokeColor = .systemYellow
        spinning.background.strokeWidth = 3
        spinning.cornerStyle = .medium
        let spinner = UIButton(configuration: spinning)
        spinner.frame = CGRect(x: 20, y: 90, width: 160, height: 50)
        screen.showInWindow([withImage, withView, spinner])
        screen.advance(by: 0.1)

        let image = try pixels(of: withImage)
        let middle = image.color(x: 60, y: 40)
        #expect(middle.green > 0.6 && middle.red < 0.4, "the image stretched over the fill: \(middle)")
        #expect(image.pixel(x: 0, y: 0).alpha == 0, "clipped to the corners")
        let view = try pixels(of: withView)
        #expect(view.color(x: 60, y: 22).blue > 0.8 && view.pixel(x: 1, y: 1).alpha == 0, "the custom view, in a capsule")
        #expect(stripe.frame.size == CGSize(width: 120, height: 44))
        writeForLooking(screen.snapshot(), "button-background-activity")
    }
}
