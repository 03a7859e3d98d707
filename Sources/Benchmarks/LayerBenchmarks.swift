import Foundation
import Tabula

/// A card whose subtree is costly to draw: a gradient, 24 stroked and dashed stars and a
/// masked disc, as shape and gradient layers.
@MainActor
private func costlyCard() -> CALayer {
    let card = CAGradientLayer()
    card.frame = CGRect(x: 45, y: 200, width: 300, height: 300)
    card.cornerRadius = 24
    card.colors = [Color(rgb: 0xFF2D55), Color(rgb: 0x5856D6)]
    card.type = .conic
    card.startPoint = CGPoint(x: 0.5, y: 0.5)
    card.endPoint = CGPoint(x: 1, y: 0.5)
    for i in 0 ..< 24 {
        let star = CAShapeLayer()
        star.frame = CGRect(x: CGFloat(i % 6) * 48 + 6, y: CGFloat(i / 6) * 60 + 20, width: 44, height: 44)
        var path = Path()
        for k in 0 ..< 10 {
            let angle = -CGFloat.pi / 2 + CGFloat(k) * .pi / 5, r: CGFloat = k % 2 == 0 ? 21 : 9
            let p = CGPoint(x: 22 + r * cos(angle), y: 22 + r * sin(angle))
            if k == 0 { path.move(to: p) } else { path.addLine(to: p) }
        }
        path.closeSubpath()
        star.path = path
        star.fillColor = Color(white: 1, alpha: 0.8)
        star.strokeColor = Color(rgb: 0x1C1C1E)
        star.lineWidth = 2
        star.lineDashPattern = [4, 2]
        card.addSublayer(star)
    }
    return card
}

@MainActor
func runLayerBenchmarks() {
    guard selected("composite.rasterizedCard", "composite.unrasterizedCard") else { return }
    /// A screen showing one card, and a frame that moves it by a third of a point, as a scroll would.
    func scene(rasterize: Bool) -> () -> Void {
        let screen = HeadlessScreen(size: CGSize(width: 390, height: 844), scale: 3)
        let window = UIWindow(frame: .zero)
        window.backgroundColor = .white
        screen.show(window)
        let card = costlyCard()
        card.shouldRasterize = rasterize
        card.rasterizationScale = 3
        window.layer.addSublayer(card)
        screen.advance(by: 1.0 / 60)
        screen.renderFrame()
        var offset: CGFloat = 0
        return {
            offset = offset >= 60 ? 0 : offset + 1.0 / 3
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            card.position.y = 350 + offset
            CATransaction.commit()
            screen.renderFrame()
        }
    }
    let rasterized = scene(rasterize: true), plain = scene(rasterize: false)
    benchmark("composite.rasterizedCard", iterations: 100,
              notes: ["what": "a 300x300 pt conic-gradient card with 24 dashed, stroked star shape layers, shouldRasterize at scale 3, moved 1 px a frame on a 1170x2532 screen"],
              rasterized, against: "composite.unrasterizedCard",
              baselineNotes: ["what": "the same card drawn layer by layer every frame"], plain)
}
