import Foundation
import Testing
@testable import TabulaUIKit
import TabulaUIKitTestSupport

let goldenDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Golden")

@MainActor
@Suite("Compositor: golden images")
struct GoldenCompositorTests {
    @Test("a rotated translucent view blends over what is behind it")
    func rotatedTranslucent() throws {
        let (screen, root) = makeScreen()
        let behind = UIView(frame: CGRect(x: 20, y: 20, width: 120, height: 40))
        behind.backgroundColor = .systemBlue
        root.addSubview(behind)
        let card = UIView(frame: CGRect(x: 50, y: 35, width: 60, height: 60))
        card.backgroundColor = .systemRed
        card.alpha = 0.6
        card.transform = CGAffineTransform(rotationAngle: .pi / 6)
        root.addSubview(card)
        screen.advance(by: 1.0 / 60)
        let frame = screen.currentFrame
        try GoldenImage.verify(frame, named: "rotated-translucent", goldenDirectory: goldenDirectory)
        // Where the red overlaps the blue, both show through.
        let mixed = frame.color(x: 160, y: 100)
        #expect(mixed.red > 0.5 && mixed.blue > 0.25)
    }

    @Test("a card rotated about its y axis with perspective looks like a card turned in 3D")
    func perspectiveCard() throws {
        let (screen, root) = makeScreen()
        let card = CardView(frame: CGRect(x: 30, y: 20, width: 100, height: 80))
        card.isOpaque = false
        var t = CATransform3D.identity
        t.m34 = -1.0 / 500
        card.layer.transform = t.rotated(by: .pi / 4, x: 0, y: 1, z: 0)
        root.addSubview(card)
        screen.advance(by: 1.0 / 60)
        try GoldenImage.verify(screen.currentFrame, named: "perspective-card", goldenDirectory: goldenDirectory)
    }

    @Test("labels in several scripts, a rounded clipped view and a gradient-drawing view")
    func labelsAndShapes() throws {
        let (screen, root) = makeScreen(width: 200, height: 140)
        let texts = ["Hello, Tabula", "שלום", "مرحبا", "नमस्ते"]
        for (i, text) in texts.enumerated() {
            let label = UILabel(frame: CGRect(x: 10, y: 8 + CGFloat(i) * 24, width: 120, height: 22))
            label.text = text
            root.addSubview(label)
        }
        let rounded = UIView(frame: CGRect(x: 140, y: 10, width: 50, height: 50))
        rounded.backgroundColor = .systemGreen
        rounded.layer.cornerRadius = 12
        rounded.clipsToBounds = true
        root.addSubview(rounded)
        let gradient = GradientView(frame: CGRect(x: 10, y: 108, width: 180, height: 24))
        root.addSubview(gradient)
        screen.advance(by: 1.0 / 60)
        try GoldenImage.verify(screen.currentFrame, named: "labels-shapes", goldenDirectory: goldenDirectory)
    }
}

/// A view that draws a bordered card with a title, so that a perspective transform
/// has something to show.
final class CardView: UIView {
    override func draw(_ rect: CGRect) {
        let ctx = UIGraphicsGetCurrentContext()!
        ctx.setFillColor(Color(rgb: 0xFFCC00))
        ctx.fill(Path(roundedRect: bounds, cornerRadius: 10))
        ctx.setStrokeColor(Color(rgb: 0x1C1C1E))
        ctx.setLineWidth(3)
        ctx.stroke(Path(roundedRect: bounds.insetBy(dx: 6, dy: 6), cornerRadius: 6))
        let layout = TextLayout(text: "Card", font: .system(size: 20, weight: .bold), width: bounds.width,
                                alignment: .center)
        ctx.draw(layout, at: CGPoint(x: 0, y: bounds.midY - layout.size.height / 2), color: .black)
    }
}

final class GradientView: UIView {
    override func draw(_ rect: CGRect) {
        let ctx = UIGraphicsGetCurrentContext()!
        ctx.drawLinearGradient(Gradient(colors: [Color(rgb: 0x5856D6), Color(rgb: 0xFF9500)]),
                               start: .zero, end: CGPoint(x: bounds.width, y: 0))
    }
}
