import Foundation
import Testing
@testable import TabulaUIKit
import TabulaUIKitTestSupport

@MainActor
@Suite("Snapshots: snapshotView and drawHierarchy")
struct SnapshotTests {
    /// A red 60×40 card with a blue 20×10 badge at (30, 20), placed at (50, 30) of the root.
    func card(in root: UIView) -> (card: UIView, badge: UIView) {
        let card = UIView(frame: CGRect(x: 50, y: 30, width: 60, height: 40))
        card.backgroundColor = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
        let badge = UIView(frame: CGRect(x: 30, y: 20, width: 20, height: 10))
        badge.backgroundColor = UIColor(red: 0, green: 0, blue: 1, alpha: 1)
        card.addSubview(badge)
        root.addSubview(card)
        return (card, badge)
    }

    @Test("a snapshot is the view and its subviews in the view's own coordinates, upright, at the screen's scale")
    func snapshotViewPixels() throws {
        let (screen, root) = makeScreen(scale: 2)
        let (card, _) = card(in: root)
        card.transform = CGAffineTransform(rotationAngle: .pi / 5)
        screen.advance(by: 1.0 / 60)
        let snapshot = try #require(card.snapshotView(afterScreenUpdates: false))
        #expect(snapshot.bounds.size == CGSize(width: 60, height: 40))
        let bitmap = try #require(snapshot.layer.contents)
        #expect(bitmap.width == 120 && bitmap.height == 80, "two pixels per point")
        let red = bitmap.color(x: 10, y: 10), blue = bitmap.color(x: 80, y: 50), edge = bitmap.color(x: 58, y: 50)
        #expect(red.red > 0.99 && red.blue < 0.01)
        #expect(blue.blue > 0.99 && blue.red < 0.01, "the badge at (30, 20) points is at (60, 40) pixels")
        #expect(edge.red > 0.99, "left of the badge is the card")
        // The snapshot does not follow the view.
        card.backgroundColor = .green
        screen.advance(by: 1.0 / 60)
        #expect(snapshot.layer.contents!.color(x: 10, y: 10).red > 0.99)
        root.addSubview(snapshot)
        snapshot.frame.origin = CGPoint(x: 0, y: 0)
        screen.advance(by: 1.0 / 60)
        writeForLooking(screen.snapshot(), "snapshot-view")
        #expect(screen.currentFrame.color(x: 20, y: 20).red > 0.99, "the snapshot shows on screen")
    }

    @Test("afterScreenUpdates lays out first; a view never drawn still draws for its snapshot")
    func afterUpdates() throws {
        let (screen, root) = makeScreen(scale: 1)
        let (card, badge) = card(in: root)
        screen.advance(by: 1.0 / 60)
        let label = UILabel(frame: CGRect(x: 2, y: 2, width: 56, height: 16))
        label.text = "Hello"
        label.textColor = .black
        card.addSubview(label)
        badge.backgroundColor = .green
        let snapshot = try #require(card.snapshotView(afterScreenUpdates: true)?.layer.contents)
        #expect(snapshot.color(x: 40, y: 25).green > 0.4 && snapshot.color(x: 40, y: 25).blue < 0.1,
                "the badge's new colour shows before any frame ran")
        var dark = 0
        for y in 2 ..< 18 { for x in 2 ..< 40 where snapshot.color(x: x, y: y).red < 0.5 { dark += 1 } }
        #expect(dark > 10, "the label's text, never displayed before, is drawn into the snapshot")
    }

    @Test("drawHierarchy draws into an image renderer's context, scaled to the rect")
    func drawHierarchyIntoRenderer() throws {
        let (screen, root) = makeScreen(scale: 2)
        let (card, _) = card(in: root)
        screen.advance(by: 1.0 / 60)
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        var drew = false
        let image = UIGraphicsImageRenderer(size: CGSize(width: 40, height: 40), format: format).image { _ in
            UIColor.white.setFill()
            UIRectFill(CGRect(x: 0, y: 0, width: 40, height: 40))
            drew = card.drawHierarchy(in: CGRect(x: 5, y: 10, width: 30, height: 20), afterScreenUpdates: false)
        }
        #expect(drew)
        let bitmap = try #require(image.cgImage)
        writeForLooking(image, "draw-hierarchy")
        #expect(bitmap.color(x: 2, y: 2).red > 0.99 && bitmap.color(x: 2, y: 2).green > 0.99, "outside the rect: white")
        #expect(bitmap.color(x: 8, y: 14).red > 0.99 && bitmap.color(x: 8, y: 14).green < 0.01, "the card, at half size")
        // The badge (30…50, 20…30 of 60×40) lands at 5 + 15…25, 10 + 10…15.
        #expect(bitmap.color(x: 26, y: 22).blue > 0.9)
    }

    @Test("nothing to draw: empty bounds give no snapshot, drawHierarchy without a context returns false")
    func emptyCases() {
        let view = UIView(frame: .zero)
        #expect(view.snapshotView(afterScreenUpdates: true) == nil)
        let other = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(!other.drawHierarchy(in: other.bounds, afterScreenUpdates: false))
        #expect(other.resizableSnapshotView(from: CGRect(x: 0, y: 0, width: CGFloat.nan, height: 3), afterScreenUpdates: false,
                                            withCapInsets: .zero) == nil)
    }
}
