import Foundation
import Testing
@testable import TabulaUIKit
import TabulaUIKitTestSupport
@testable import TabulaQuartz

/// UIVisualEffectView's blur: the pixels behind the view, blurred for real, under the
/// material's tint; and the cards and bars made of the same material.
@MainActor
@Suite("Visual effects: a real blur of what lies behind")
struct VisualEffectViewTests {
    /// A 300 × 200 screen at scale 1 whose root view shows vertical stripes, black and
    /// white, 6 points each.
    private func stripedScreen() -> (HeadlessScreen, UIView) {
        let screen = HeadlessScreen(size: CGSize(width: 300, height: 200), scale: 1)
        let window = UIWindow(frame: .zero)
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 200))
        root.backgroundColor = .white
        for x in stride(from: 0, to: 300, by: 12) {
            let stripe = UIView(frame: CGRect(x: CGFloat(x), y: 0, width: 6, height: 200))
            stripe.backgroundColor = .black
            root.addSubview(stripe)
        }
        window.addSubview(root)
        screen.show(window)
        return (screen, root)
    }

    private func luminance(_ image: UIImage, x: Int, y: Int) -> Double {
        let c = image.cgImage!.color(x: x, y: y)
        return 0.2126 * c.red + 0.7152 * c.green + 0.0722 * c.blue
    }

    /// The spread of luminance along row `y` from `x0` to `x1`.
    private func contrast(_ image: UIImage, y: Int, from x0: Int, to x1: Int) -> Double {
        let values = (x0 ..< x1).map { luminance(image, x: $0, y: y) }
        return values.max()! - values.min()!
    }

    @Test("stripes behind an ultra-thin material blur into an even grey; the tint alone would leave two thirds of their contrast")
    func blursWhatIsBehind() {
        let (screen, root) = stripedScreen()
        let effect = UIVisualEffectView(effect: UIBlurEffect(style: .systemUltraThinMaterialLight))
        effect.frame = CGRect(x: 60, y: 50, width: 180, height: 100)
        root.addSubview(effect)
        screen.advance(by: 1.0 / 60)
        let image = screen.snapshot()
        writeForLooking(image, "blur-stripes")
        #expect(contrast(image, y: 20, from: 60, to: 240) > 0.95, "outside, the stripes are black and white")
        let inside = contrast(image, y: 100, from: 80, to: 220)
        #expect(inside < 0.08, "inside, the stripes are blurred away (contrast \(inside))")
        let grey = luminance(image, x: 150, y: 100)
        #expect(grey > 0.5 && grey < 0.85, "a light grey: half black, half white, under a light tint (\(grey))")
    }

    @Test("the blur follows what moves behind it, frame by frame")
    func followsTheBackdrop() {
        let (screen, root) = stripedScreen()
        for stripe in root.subviews { stripe.isHidden = true }
        let red = UIView(frame: CGRect(x: 70, y: 60, width: 40, height: 80))
        red.backgroundColor = .red
        root.addSubview(red)
        let effect = UIVisualEffectView(effect: UIBlurEffect(style: .systemThinMaterialLight))
        effect.frame = CGRect(x: 60, y: 50, width: 180, height: 100)
        root.addSubview(effect)
        screen.advance(by: 1.0 / 60)
        var c = screen.snapshot().cgImage!.color(x: 90, y: 100)
        #expect(c.red - c.green > 0.15, "over the red square the material is reddish (\(c))")
        c = screen.snapshot().cgImage!.color(x: 220, y: 100)
        #expect(abs(c.red - c.green) < 0.03, "far from it, neutral (\(c))")
        red.frame.origin.x = 190
        screen.advance(by: 1.0 / 60)
        c = screen.snapshot().cgImage!.color(x: 90, y: 100)
        #expect(abs(c.red - c.green) < 0.03, "the square moved away: neutral there now (\(c))")
        c = screen.snapshot().cgImage!.color(x: 210, y: 100)
        #expect(c.red - c.green > 0.15, "and reddish where it went (\(c))")
    }

    @Test("over an even colour the material is even to its edges: the screen's edge does not darken it")
    func evenToTheEdges() {
        let (screen, root) = stripedScreen()
        for stripe in root.subviews { stripe.isHidden = true }
        let effect = UIVisualEffectView(effect: UIBlurEffect(style: .systemMaterialLight))
        effect.frame = CGRect(x: 0, y: 0, width: 300, height: 60)
        root.addSubview(effect)
        screen.advance(by: 1.0 / 60)
        let image = screen.snapshot()
        let centre = luminance(image, x: 150, y: 30)
        for (x, y) in [(0, 0), (299, 0), (0, 59), (150, 59)] {
            #expect(abs(luminance(image, x: x, y: y) - centre) < 0.01, "(\(x), \(y)) matches the centre")
        }
    }

    @Test("an adaptable material turns dark with the dark appearance; a pinned one does not")
    func darkAppearance() {
        let (screen, root) = stripedScreen()
        let adaptable = UIVisualEffectView(effect: UIBlurEffect(style: .systemMaterial))
        adaptable.frame = CGRect(x: 20, y: 50, width: 120, height: 100)
        let pinned = UIVisualEffectView(effect: UIBlurEffect(style: .systemMaterialLight))
        pinned.frame = CGRect(x: 160, y: 50, width: 120, height: 100)
        root.addSubview(adaptable)
        root.addSubview(pinned)
        screen.advance(by: 1.0 / 60)
        let light = screen.snapshot()
        screen.userInterfaceStyle = .dark
        screen.advance(by: 1.0 / 60)
        let dark = screen.snapshot()
        #expect(luminance(dark, x: 80, y: 100) < luminance(light, x: 80, y: 100) - 0.3, "the adaptable one darkens")
        #expect(abs(luminance(dark, x: 220, y: 100) - luminance(light, x: 220, y: 100)) < 0.02, "the light one stays")
        adaptable.effect = nil
        screen.advance(by: 1.0 / 60)
        #expect(contrast(screen.snapshot(), y: 100, from: 30, to: 130) > 0.95, "no effect: the stripes show through")
    }

    @Test("an alert card and a navigation bar blur what lies behind them")
    func cardsAndBars() {
        let screen = HeadlessScreen(device: .iPhone15)
        let window = UIWindow(frame: .zero)
        let content = UIViewController()
        content.title = "Stripes"
        // Scrolled content under the bar: at the scroll edge the bar is clear, as in iOS 15+.
        let scroll = UIScrollView(frame: .zero)
        scroll.contentSize = CGSize(width: 393, height: 3000)
        for x in stride(from: 0, to: 400, by: 12) {
            let stripe = UIView(frame: CGRect(x: CGFloat(x), y: 0, width: 6, height: 3000))
            stripe.backgroundColor = .black
            scroll.addSubview(stripe)
        }
        content.view = scroll
        window.rootViewController = UINavigationController(rootViewController: content)
        screen.show(window)
        screen.advance(by: 0.1)
        scroll.contentOffset.y += 300
        screen.advance(by: 0.5)
        var image = screen.snapshot()
        let scale = Int(screen.scale)
        // The bar's material, below the status bar and clear of the title.
        let barRow = 95 * scale
        #expect(contrast(image, y: barRow, from: 20 * scale, to: 120 * scale) < 0.08, "under the bar the stripes blur")
        let alert = UIAlertController(title: "Blurred", message: "Behind this card the stripes are soft.", preferredStyle: .alert)
        alert.addAction(UIAlertAction(title: "OK", style: .default))
        content.present(alert, animated: false)
        screen.advance(by: 0.5)
        image = screen.snapshot()
        writeForLooking(image, "blur-alert")
        let card = alert.alertView.convert(alert.alertView.bounds, to: nil)
        let y = Int(card.maxY - 60) * scale
        #expect(contrast(image, y: y, from: Int(card.minX + 10) * scale, to: Int(card.minX + 60) * scale) < 0.08,
                "inside the card the stripes blur")
    }
}

extension VisualEffectViewTests {
    @Test("an alert stays blurred through a change of appearance")
    func alertThroughDarkMode() {
        let screen = HeadlessScreen(device: .iPhone15)
        let window = UIWindow(frame: .zero)
        let content = UIViewController()
        for x in stride(from: 0, to: 400, by: 12) {
            let stripe = UIView(frame: CGRect(x: CGFloat(x), y: 0, width: 6, height: 852))
            stripe.backgroundColor = .systemRed
            content.view.addSubview(stripe)
        }
        window.rootViewController = content
        screen.show(window)
        let alert = UIAlertController(title: "Blurred", message: "Behind this card the stripes are soft.", preferredStyle: .alert)
        alert.addAction(UIAlertAction(title: "OK", style: .default))
        content.present(alert, animated: true)
        screen.advance(by: 1)
        let scale = Int(screen.scale)
        let card = alert.alertView.convert(alert.alertView.bounds, to: nil)
        let y = Int(card.maxY - 60) * scale
        #expect(contrast(screen.snapshot(), y: y, from: Int(card.minX + 10) * scale, to: Int(card.minX + 60) * scale) < 0.08)
        screen.userInterfaceStyle = .dark
        for frame in 1 ... 10 {
            screen.advance(by: 1.0 / 60)
            let image = screen.snapshot()
            if frame == 1 { writeForLooking(image, "blur-alert-dark-1") }
            #expect(contrast(image, y: y, from: Int(card.minX + 10) * scale, to: Int(card.minX + 60) * scale) < 0.08, "frame \(frame)")
        }
    }
}
