import Tabula

/// The foundation at work: labels in four scripts, rounded and clipped views,
/// a translucent rotated view, a perspective card and a stretchable image.
final class FoundationScene: Scene {
    static let name = "foundation"
    static let title = "Foundation"
    static let summary = "Views, text in four scripts, translucency, a perspective card"
    static let seed = "Modifying Views at Runtime (layers, transforms, text)"
    static let tryIt = "Ctrl-B colours the blended layers: the rotated view and the card are red."
    static let size = CGSize(width: 390, height: 520)

    let controller = FoundationViewController()
    init() {}
    func makeRootViewController() -> UIViewController { controller }

    /// The card turns to face the other way and back, in perspective, while the
    /// translucent square swings the other way over the blue one.
    func play(on screen: HeadlessScreen) {
        controller.turn(to: .pi / 5)
        screen.advance(by: 1.2)
        controller.turn(to: -.pi / 5)
        screen.advance(by: 1.2)
    }
}

final class FoundationViewController: UIViewController {
    private let card = TitleCardView(frame: CGRect(x: 210, y: 318, width: 150, height: 110))
    private let red = UIView(frame: CGRect(x: 80, y: 350, width: 90, height: 90))

    /// The card turned `angle` about its y axis, seen with perspective (m34 = −1/500).
    private static func cardTransform(_ angle: CGFloat) -> CATransform3D {
        var t = CATransform3D.identity
        t.m34 = -1.0 / 500
        return t.rotated(by: angle, x: 0, y: 1, z: 0)
    }

    /// Animates the card to `angle` about y (the still shows −36°) and the translucent
    /// square the other way (20° when the card is at −36°).
    func turn(to angle: CGFloat) {
        UIView.animate(withDuration: 1, delay: 0, options: [.curveEaseInOut]) { [card, red] in
            card.layer.transform = Self.cardTransform(angle)
            red.transform = CGAffineTransform(rotationAngle: -angle * 5 / 9)   // −π/5 → π/9, as first shown
        }
    }

    /// Holds the content, placed below the navigation bar (the safe area's top); the
    /// view itself runs under the bar, so the bar shows the grouped background through it
    /// instead of a white strip.
    private let content = UIView()

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        let top = view.safeAreaInsets.top
        content.frame = CGRect(x: 0, y: top, width: view.bounds.width, height: max(0, view.bounds.height - top))
    }

    override func viewDidLoad() {
        view.backgroundColor = .systemGroupedBackground
        view.addSubview(content)

        let title = UILabel(frame: CGRect(x: 20, y: 24, width: 350, height: 34))
        title.text = "Tabula"
        title.font = .systemFont(ofSize: 30, weight: .bold)
        content.addSubview(title)

        let subtitle = UILabel(frame: CGRect(x: 20, y: 60, width: 350, height: 40))
        subtitle.text = "UIKit's views, layers and text, drawn with Cairo and Pango on Linux."
        subtitle.numberOfLines = 2
        subtitle.font = .systemFont(ofSize: 15)
        subtitle.textColor = .secondaryLabel
        content.addSubview(subtitle)

        let group = UIView(frame: CGRect(x: 20, y: 116, width: 350, height: 176))
        group.backgroundColor = .secondarySystemGroupedBackground
        group.layer.cornerRadius = 10
        group.clipsToBounds = true
        content.addSubview(group)
        let greetings = [("Hello, world", "English"), ("שלום עולם", "Hebrew"),
                         ("مرحبا بالعالم", "Arabic"), ("नमस्ते दुनिया", "Hindi")]
        for (i, (text, language)) in greetings.enumerated() {
            let label = UILabel(frame: CGRect(x: 16, y: CGFloat(i) * 44, width: 318, height: 44))
            label.text = text
            label.font = .systemFont(ofSize: 17)
            group.addSubview(label)
            let detail = UILabel(frame: CGRect(x: 16, y: CGFloat(i) * 44, width: 318, height: 44))
            detail.text = language
            detail.textColor = .secondaryLabel
            detail.textAlignment = text.unicodeScalars.first!.value >= 0x590 && text.unicodeScalars.first!.value < 0x900
                ? .left : .right
            group.addSubview(detail)
            if i < 3 {
                let separator = UIView(frame: CGRect(x: 16, y: CGFloat(i + 1) * 44 - 0.5, width: 334, height: 0.5))
                separator.backgroundColor = .opaqueSeparator
                group.addSubview(separator)
            }
        }

        let blue = UIView(frame: CGRect(x: 20, y: 318, width: 150, height: 90))
        blue.backgroundColor = .systemBlue
        blue.layer.cornerRadius = 14
        content.addSubview(blue)
        red.backgroundColor = UIColor.systemPink.withAlphaComponent(0.75)
        red.transform = CGAffineTransform(rotationAngle: .pi / 9)
        red.layer.cornerRadius = 8
        content.addSubview(red)

        card.isOpaque = false
        card.layer.transform = Self.cardTransform(-.pi / 5)
        content.addSubview(card)

        let footer = UILabel(frame: CGRect(x: 20, y: 466, width: 350, height: 40))
        footer.text = "Rotated translucent view (left), card turned 36° about y with m34 = −1/500 (right)"
        footer.numberOfLines = 2
        footer.font = .systemFont(ofSize: 12)
        footer.textColor = .secondaryLabel
        footer.textAlignment = .center
        content.addSubview(footer)
    }
}

/// A card drawn once into its backing store; the compositor turns it in 3D.
final class TitleCardView: UIView {
    override func draw(_ rect: CGRect) {
        let ctx = UIGraphicsGetCurrentContext()!
        ctx.saveGState()
        ctx.clip(to: Path(roundedRect: bounds, cornerRadius: 14))
        ctx.drawLinearGradient(Gradient(colors: [Color(rgb: 0xFF9500), Color(rgb: 0xFF2D55)]),
                               start: .zero, end: CGPoint(x: bounds.width, y: bounds.height))
        ctx.restoreGState()
        let layout = TextLayout(text: "Card", font: .system(size: 26, weight: .bold), width: bounds.width,
                                alignment: .center)
        ctx.draw(layout, at: CGPoint(x: 0, y: bounds.midY - layout.size.height / 2), color: .white)
    }
}
