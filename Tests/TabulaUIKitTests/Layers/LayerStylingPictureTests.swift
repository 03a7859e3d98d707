import Foundation
import Testing
@testable import TabulaUIKit
import TabulaUIKitTestSupport

/// A progress ring drawn with UIBezierPath: a faint full track and a round-capped arc
/// from 12 o'clock, clockwise, over `progress` of the turn.
private final class ProgressRingView: UIView {
    var progress: CGFloat = 0.7
    override func draw(_ rect: CGRect) {
        let center = CGPoint(x: bounds.midX, y: bounds.midY), radius = min(bounds.width, bounds.height) / 2 - 8
        let track = UIBezierPath(arcCenter: center, radius: radius, startAngle: 0, endAngle: 2 * .pi, clockwise: true)
        track.lineWidth = 10
        UIColor.systemGray5.setStroke()
        track.stroke()
        let arc = UIBezierPath(arcCenter: center, radius: radius, startAngle: -.pi / 2,
                               endAngle: -.pi / 2 + 2 * .pi * progress, clockwise: true)
        arc.lineWidth = 10
        arc.lineCapStyle = .round
        UIColor.systemBlue.setStroke()
        arc.stroke()
    }
}

@MainActor
@Suite("Layer styling in a picture: a card, a ring and a header")
struct LayerStylingPictureTests {
    @Test("a bordered, shadowed card with continuous corners and a progress ring, on a grouped background")
    func cardAndRing() throws {
        let screen = HeadlessScreen(size: CGSize(width: 390, height: 420), scale: 2)
        let window = UIWindow(frame: .zero)
        window.backgroundColor = .systemGroupedBackground
        screen.show(window)
        let header = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 120))
        header.backgroundColor = .systemIndigo
        header.layer.maskedCorners = [.layerMinXMaxYCorner, .layerMaxXMaxYCorner]
        header.layer.cornerRadius = 28
        header.layer.cornerCurve = .continuous
        header.layer.shadowOpacity = 0.3
        header.layer.shadowRadius = 12
        header.layer.shadowOffset = CGSize(width: 0, height: 6)
        window.addSubview(header)

        let card = UIView(frame: CGRect(x: 24, y: 160, width: 342, height: 220))
        card.backgroundColor = .white
        card.layer.cornerRadius = 20
        card.layer.cornerCurve = .continuous
        card.layer.borderWidth = 1
        card.layer.borderColor = UIColor.separator.cgColor
        card.layer.shadowOpacity = 0.18
        card.layer.shadowRadius = 10
        card.layer.shadowOffset = CGSize(width: 0, height: 4)
        window.addSubview(card)
        let ring = ProgressRingView(frame: CGRect(x: 111, y: 30, width: 120, height: 120))
        ring.backgroundColor = .white
        card.addSubview(ring)
        screen.advance(by: 1.0 / 60)
        let image = screen.snapshot()
        writeForLooking(image, "layer-styling-card")
        let bitmap = try #require(image.cgImage)

        let ground = bitmap.color(x: 10, y: 2 * 300)
        let underCard = bitmap.color(x: 2 * 195, y: 2 * 386)
        #expect(underCard.red < ground.red - 0.03, "the card's shadow darkens the ground below it: \(underCard) vs \(ground)")
        let underHeader = bitmap.color(x: 2 * 195, y: 2 * 124)
        #expect(underHeader.red < ground.red - 0.05, "the header's shadow too: \(underHeader)")
        // The ring: blue at 3 o'clock (70 % of the turn covers it), grey track at 10 o'clock.
        let threeOClock = bitmap.color(x: 2 * (24 + 111 + 112), y: 2 * (160 + 30 + 60))
        #expect(threeOClock.blue > 0.8 && threeOClock.red < 0.3, "the arc passes 3 o'clock: \(threeOClock)")
        let tenOClock = bitmap.color(x: 2 * (24 + 111 + 60 - 45), y: 2 * (160 + 30 + 60 - 26))
        #expect(abs(tenOClock.red - tenOClock.blue) < 0.08, "the grey track shows at 10 o'clock: \(tenOClock)")
    }
}
