import Foundation
import Testing
@testable import TabulaUIKit
import TabulaUIKitTestSupport

/// A rounded layer with an opaque background hides what is behind its middle: the
/// compositor skips drawing there (rows under a card, the card's own shadow). Nothing
/// of that may show: the pictures must equal those of a background a hair short of opaque,
/// which the compositor draws in full.
@MainActor
@Suite("Opaque rounded layers hide what is behind them, shadows included, without changing a pixel")
struct OpaqueRoundedLayerTests {
    /// A screen at `scale` with striped rows behind shadowed, rounded cards of `alpha`.
    func cards(alpha: Double, curve: CALayerCornerCurve, scale: CGFloat) -> (HeadlessScreen, FrameStatistics) {
        let (screen, window) = layerStage(scale: scale)
        for i in 0 ..< 10 {
            let row = CALayer()
            row.frame = CGRect(x: 0, y: CGFloat(i) * 20, width: 200, height: 20)
            row.backgroundColor = i % 2 == 0 ? Color(red: 0.9, green: 0.3, blue: 0.2) : Color(red: 0.2, green: 0.5, blue: 0.9)
            window.layer.addSublayer(row)
        }
        for (i, frame) in [CGRect(x: 20, y: 20, width: 160, height: 60), CGRect(x: 30, y: 110, width: 60, height: 60),
                           CGRect(x: 110, y: 110, width: 70, height: 24)].enumerated() {
            let card = CALayer()
            card.frame = frame
            card.backgroundColor = Color(red: 1, green: 1, blue: 1, alpha: alpha)
            card.cornerRadius = [12, 30, 12][i]
            card.cornerCurve = curve
            card.shadowOpacity = 0.4
            card.shadowRadius = 6
            card.shadowOffset = CGSize(width: 0, height: 4)
            window.layer.addSublayer(card)
        }
        screen.advance(by: 1.0 / 60)
        return (screen, screen.renderFrame())
    }

    @Test("cards with circular and continuous corners, at 1x and 3x: the same pixels as nearly opaque ones",
          arguments: [CALayerCornerCurve.circular, .continuous], [CGFloat(1), 3])
    func samePixels(curve: CALayerCornerCurve, scale: CGFloat) throws {
        let (opaque, opaqueStats) = cards(alpha: 1, curve: curve, scale: scale)
        let (nearly, nearlyStats) = cards(alpha: 0.9999, curve: curve, scale: scale)
        let a = try #require(opaque.snapshot().cgImage), b = try #require(nearly.snapshot().cgImage)
        let difference = a.difference(from: b, tolerance: 2)
        #expect(difference.differingPixels == 0, "\(difference)")
        // The opaque cards did hide something: rows behind them were cut or skipped.
        #expect(opaqueStats.layersOccluded >= nearlyStats.layersOccluded)
    }

    @Test("a stack of shadowed cards, each one's shadow falling under the next: the same pixels as nearly opaque cards")
    func stackedShadows() throws {
        func stack(alpha: Double) -> HeadlessScreen {
            let (screen, window) = layerStage(scale: 2)
            for i in 0 ..< 5 {
                let card = CALayer()
                card.frame = CGRect(x: 16, y: 10 + CGFloat(i) * 36, width: 168, height: 30)
                card.backgroundColor = Color(red: 1, green: 1, blue: 1, alpha: alpha)
                card.cornerRadius = CGFloat(i % 2) * 10
                card.shadowOpacity = 0.5
                card.shadowRadius = 8
                card.shadowOffset = CGSize(width: 0, height: 6)
                window.layer.addSublayer(card)
            }
            screen.advance(by: 1.0 / 60)
            return screen
        }
        let a = try #require(stack(alpha: 1).snapshot().cgImage), b = try #require(stack(alpha: 0.9999).snapshot().cgImage)
        let difference = a.difference(from: b, tolerance: 2)
        #expect(difference.differingPixels == 0, "\(difference)")
        // The shadows do show between the cards (a darker band under each but the last).
        #expect(a.color(x: 200, y: 2 * 43).red < 0.95, "\(a.color(x: 200, y: 86))")
    }

    @Test("a layer entirely behind the middle of an opaque rounded card is not drawn at all")
    func hiddenLayerSkipped() {
        let (screen, window) = layerStage(scale: 2)
        let behind = CALayer()
        behind.frame = CGRect(x: 60, y: 60, width: 80, height: 40)
        behind.backgroundColor = Color(red: 1, green: 0, blue: 0)
        window.layer.addSublayer(behind)
        let card = CALayer()
        card.frame = CGRect(x: 40, y: 40, width: 120, height: 80)
        card.backgroundColor = Color(red: 1, green: 1, blue: 1)
        card.cornerRadius = 16
        window.layer.addSublayer(card)
        screen.advance(by: 1.0 / 60)
        let covered = screen.renderFrame()
        card.backgroundColor = Color(red: 1, green: 1, blue: 1, alpha: 0.5)
        screen.advance(by: 1.0 / 60)
        let shown = screen.renderFrame()
        #expect(covered.layersOccluded == shown.layersOccluded + 1,
                "behind the opaque card the red layer is skipped; behind a translucent one it is drawn: \(covered) / \(shown)")
    }

    @Test("an opaque sublayer of a rounded, clipping layer hides nothing at the cut corners: what is behind them shows, never an old frame")
    func clippedCornersHideNothing() throws {
        let (screen, window) = layerStage(scale: 2)
        let behind = CALayer()
        behind.frame = CGRect(x: 0, y: 0, width: 60, height: 60)
        behind.backgroundColor = Color(red: 1, green: 0, blue: 0)
        window.layer.addSublayer(behind)
        let card = CALayer()
        card.frame = CGRect(x: 20, y: 20, width: 120, height: 120)
        card.cornerRadius = 24
        card.masksToBounds = true
        let fill = CALayer()
        fill.frame = card.bounds
        fill.backgroundColor = Color(red: 0, green: 0, blue: 1)
        card.addSublayer(fill)
        window.layer.addSublayer(card)
        screen.advance(by: 1.0 / 60)
        let first = try #require(screen.snapshot().cgImage)
        #expect(close(first.color(x: 42, y: 42), 1, 0, 0), "the red layer shows at the card's cut corner")
        behind.removeFromSuperlayer()
        screen.advance(by: 1.0 / 60)
        let second = try #require(screen.snapshot().cgImage)
        #expect(close(second.color(x: 42, y: 42), 1, 1, 1), "the window's white shows there now, not the red of the last frame: \(second.color(x: 42, y: 42))")
        #expect(close(second.color(x: 140, y: 140), 0, 0, 1), "the card's middle is blue")
    }
}
