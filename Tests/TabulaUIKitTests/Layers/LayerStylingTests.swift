import Foundation
import Testing
@testable import TabulaUIKit
import TabulaUIKitTestSupport

/// A white 300×300 screen at scale 1 with a window to put views on.
@MainActor
private func stylingStage(scale: CGFloat = 1) -> (HeadlessScreen, UIWindow) {
    let screen = HeadlessScreen(size: CGSize(width: 300, height: 300), scale: scale)
    let window = UIWindow(frame: .zero)
    window.backgroundColor = .white
    screen.show(window)
    return (screen, window)
}

@MainActor
private func card(_ frame: CGRect, color: UIColor = .white) -> UIView {
    let view = UIView(frame: frame)
    view.backgroundColor = color
    return view
}

/// How much darker than white a pixel is (0 white, 1 black), from its red channel.
private func darkness(_ bitmap: Bitmap, _ x: Int, _ y: Int) -> Double { 1 - bitmap.color(x: x, y: y).red }

private let red = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
private let blue = UIColor(red: 0, green: 0, blue: 1, alpha: 1)

/// A view that draws a filled circle on a clear background: its shadow follows the circle.
private final class DiscView: UIView {
    override func draw(_ rect: CGRect) {
        let ctx = UIGraphicsGetCurrentContext()!
        ctx.setFillColor(Color(red: 0.2, green: 0.5, blue: 0.9))
        ctx.fill(Path(ellipseIn: bounds))
    }
}

@MainActor
@Suite("Layer styling: borders, shadows, masked corners and corner curves")
struct LayerStylingTests {
    @Test("a border is drawn inside the bounds, over the sublayers, in its colour; the inside keeps its content")
    func borderInsideOverSublayers() throws {
        let (screen, window) = stylingStage(scale: 2)
        let view = card(CGRect(x: 50, y: 50, width: 100, height: 80))
        view.layer.borderWidth = 4
        view.layer.borderColor = red.cgColor
        let child = card(view.bounds, color: blue)
        view.addSubview(child)
        window.addSubview(view)
        screen.advance(by: 1.0 / 60)
        let image = screen.snapshot()
        writeForLooking(image, "layer-border")
        let bitmap = try #require(image.cgImage)
        let edge = bitmap.color(x: 51 * 2, y: 90 * 2), inside = bitmap.color(x: 60 * 2, y: 90 * 2)
        let outside = bitmap.color(x: 48 * 2, y: 90 * 2)
        #expect(edge.red > 0.95 && edge.blue < 0.05, "the border covers the blue subview at the edge: \(edge)")
        #expect(inside.blue > 0.95 && inside.red < 0.05, "4 points in, the subview shows: \(inside)")
        #expect(outside.red > 0.95 && outside.green > 0.95, "nothing outside the bounds: \(outside)")
    }

    @Test("a border follows the rounded corners: the corner itself stays clear, the diagonal is bordered")
    func borderFollowsCornerRadius() throws {
        let (screen, window) = stylingStage(scale: 2)
        let view = card(CGRect(x: 50, y: 50, width: 100, height: 100))
        view.layer.cornerRadius = 20
        view.layer.borderWidth = 3
        view.layer.borderColor = red.cgColor
        window.addSubview(view)
        screen.advance(by: 1.0 / 60)
        let bitmap = try #require(screen.snapshot().cgImage)
        let corner = bitmap.color(x: 101, y: 101)
        // The arc crosses the diagonal 20·(1 − 1/√2) ≈ 5.9 points in; the border is the next 3 points.
        let diagonal = bitmap.color(x: 2 * 57 + 1, y: 2 * 57 + 1)
        let middle = bitmap.color(x: 200, y: 200)
        #expect(corner.green > 0.95, "outside the rounded corner: \(corner)")
        #expect(diagonal.red > 0.9 && diagonal.green < 0.2, "border along the arc: \(diagonal)")
        #expect(middle.green > 0.95, "the middle is the white background: \(middle)")
    }

    @Test("negative or non-finite border widths and shadow radii are clamped to 0; opacity to 0…1")
    func badValuesAreClamped() throws {
        let (screen, window) = stylingStage()
        let view = card(CGRect(x: 50, y: 50, width: 100, height: 100))
        window.addSubview(view)
        for bad in [-2, .nan, .infinity, -.infinity] as [CGFloat] {
            view.layer.borderWidth = bad
            #expect(view.layer.borderWidth == 0, "borderWidth \(bad)")
            view.layer.shadowRadius = bad
            #expect(view.layer.shadowRadius == 0, "shadowRadius \(bad)")
        }
        view.layer.shadowOpacity = 3
        #expect(view.layer.shadowOpacity == 1)
        view.layer.shadowOpacity = -1
        #expect(view.layer.shadowOpacity == 0)
        view.layer.shadowOffset = CGSize(width: CGFloat.nan, height: 4)
        #expect(view.layer.shadowOffset == CGSize(width: 0, height: 4))
        view.layer.shadowOpacity = 1
        screen.advance(by: 1.0 / 60)
        let stats = screen.renderFrame()
        #expect(stats.drawingFailure == nil)
        let bitmap = try #require(screen.snapshot().cgImage)
        // A shadow of radius 0 and offset (0, 4): a hard dark band just under the card.
        #expect(darkness(bitmap, 100, 152) > 0.9, "the unblurred shadow shows below the card")
        #expect(darkness(bitmap, 100, 156) < 0.02, "and ends 4 points below it")
    }

    /// Darkness at 1…40 points right of a 100-point white card's right edge, at its middle.
    private func shadowProfile(radius: CGFloat, offset: CGSize = .zero, masks: Bool = false) throws -> [Double] {
        let (screen, window) = stylingStage()
        let view = card(CGRect(x: 100, y: 100, width: 100, height: 100))
        view.layer.shadowOpacity = 1
        view.layer.shadowRadius = radius
        view.layer.shadowOffset = offset
        view.layer.masksToBounds = masks
        window.addSubview(view)
        screen.advance(by: 1.0 / 60)
        let image = screen.snapshot()
        writeForLooking(image, "layer-shadow-r\(Int(radius))")
        let bitmap = try #require(image.cgImage)
        #expect(darkness(bitmap, 150, 150) < 0.01, "the card covers its own shadow")
        return (1 ... 40).map { darkness(bitmap, 200 + $0 - 1, 150) }
    }

    @Test("a shadow darkens outside the shape and fades with distance")
    func shadowFades() throws {
        let p = try shadowProfile(radius: 6)
        #expect(p[0] > 0.3, "next to the edge: \(p[0])")
        for i in 1 ..< p.count { #expect(p[i] <= p[i - 1] + 1e-3, "fades at \(i + 1) points: \(p)") }
        #expect(p[29] < 0.01, "gone 5 radii out: \(p[29])")
    }

    @Test("a larger radius widens the falloff")
    func radiusWidens() throws {
        let narrow = try shadowProfile(radius: 2), wide = try shadowProfile(radius: 10)
        #expect(narrow[9] < 0.01, "a 2-point blur is gone 10 points out: \(narrow[9])")
        #expect(wide[9] > 0.1, "a 10-point blur still shows there: \(wide[9])")
    }

    @Test("the offset moves the shadow; masksToBounds clips it away")
    func offsetAndMasks() throws {
        let (screen, window) = stylingStage()
        let view = card(CGRect(x: 100, y: 100, width: 100, height: 100))
        view.layer.shadowOpacity = 1
        view.layer.shadowRadius = 4
        view.layer.shadowOffset = CGSize(width: 0, height: 10)
        window.addSubview(view)
        screen.advance(by: 1.0 / 60)
        let bitmap = try #require(screen.snapshot().cgImage)
        let below = darkness(bitmap, 150, 204), above = darkness(bitmap, 150, 96)
        #expect(below > 0.5 && above < 0.05, "moved down: \(below) below, \(above) above")
        let masked = try shadowProfile(radius: 6, masks: true)
        #expect(masked.allSatisfy { $0 < 1e-6 }, "no shadow when masking to bounds: \(masked.prefix(4))")
    }

    @Test("a layer with no background casts the shadow of its contents' alpha")
    func shadowOfContents() throws {
        let (screen, window) = stylingStage()
        let disc = DiscView(frame: CGRect(x: 100, y: 100, width: 100, height: 100))
        disc.backgroundColor = nil
        disc.isOpaque = false
        disc.layer.shadowOpacity = 1
        disc.layer.shadowRadius = 3
        disc.layer.shadowOffset = .zero
        window.addSubview(disc)
        screen.advance(by: 1.0 / 60)
        let image = screen.snapshot()
        writeForLooking(image, "layer-shadow-contents")
        let bitmap = try #require(image.cgImage)
        #expect(darkness(bitmap, 201, 150) > 0.2, "dark just right of the disc: \(darkness(bitmap, 201, 150))")
        #expect(darkness(bitmap, 102, 102) < 0.02, "the bounds' corner, far outside the disc, is not")
    }

    @Test("maskedCorners rounds only the chosen corners")
    func maskedCornersRoundChosenCorners() throws {
        let (screen, window) = stylingStage()
        let view = card(CGRect(x: 100, y: 100, width: 100, height: 100), color: red)
        view.layer.cornerRadius = 30
        view.layer.maskedCorners = [.layerMaxXMaxYCorner]
        window.addSubview(view)
        screen.advance(by: 1.0 / 60)
        let bitmap = try #require(screen.snapshot().cgImage)
        #expect(bitmap.color(x: 101, y: 101).green < 0.05, "top left stays square")
        #expect(bitmap.color(x: 198, y: 101).green < 0.05, "top right stays square")
        #expect(bitmap.color(x: 101, y: 198).green < 0.05, "bottom left stays square")
        #expect(bitmap.color(x: 198, y: 198).green > 0.95, "bottom right is rounded away")
    }

    @Test("a continuous corner starts further along the edges than a circular one, and is smoother")
    func continuousCorner() throws {
        func ink(_ curve: CALayerCornerCurve) throws -> (total: Double, at: Double) {
            let (screen, window) = stylingStage(scale: 2)
            let view = card(CGRect(x: 50, y: 50, width: 200, height: 200), color: red)
            view.layer.cornerRadius = 40
            view.layer.cornerCurve = curve
            window.addSubview(view)
            screen.advance(by: 1.0 / 60)
            let image = screen.snapshot()
            writeForLooking(image, "layer-corner-\(curve.rawValue)")
            let bitmap = try #require(image.cgImage)
            // Ink (1 − green) in the top-left 62 × 62 points, where a continuous corner lies.
            var total = 0.0
            for y in 100 ..< 224 { for x in 100 ..< 224 { total += 1 - bitmap.color(x: x, y: y).green } }
            // 30 points along the top edge, 1.5 points down: inside a circle's arc (1.3 points
            // down there), outside the continuous curve (2.6 points down).
            return (total, 1 - bitmap.color(x: 160, y: 103).green)
        }
        let circular = try ink(.circular), continuous = try ink(.continuous)
        #expect(continuous.total < circular.total - 20, "less ink near the corner: \(continuous.total) vs \(circular.total)")
        #expect(circular.at > 0.8 && continuous.at < 0.5, "30 pt along, 1.5 pt down: \(circular.at) vs \(continuous.at)")
        #expect(CALayer.cornerCurveExpansionFactor(.circular) == 1)
        #expect(CALayer.cornerCurveExpansionFactor(.continuous) > 1.5)
    }

    @Test("shadows are blurred once and reused: equal cards share a blur; moving or recolouring does not blur again")
    func shadowCacheIsReused() throws {
        let (screen, window) = stylingStage()
        let cards = (0 ..< 3).map { card(CGRect(x: 20 + 90 * CGFloat($0), y: 100, width: 70, height: 70)) }
        for c in cards {
            c.layer.cornerRadius = 12
            c.layer.shadowOpacity = 0.5
            window.addSubview(c)
        }
        screen.advance(by: 1.0 / 60)
        for c in cards { c.layer.shadowRadius = 6 }
        #expect(screen.renderFrame().shadowsBlurred == 1, "three equal shadows, one blur")
        let before = try #require(screen.snapshot().cgImage)

        screen.invalidateFrame()
        #expect(screen.renderFrame().shadowsBlurred == 0, "nothing changed: no blur")
        let again = try #require(screen.snapshot().cgImage)
        #expect(before.difference(from: again).differingPixels == 0, "and the same pixels")

        for c in cards { c.frame.origin.y += 7 }
        #expect(screen.renderFrame().shadowsBlurred == 0, "moved: no blur")
        cards[0].layer.shadowColor = red.cgColor
        #expect(screen.renderFrame().shadowsBlurred == 0, "recoloured: no blur")
        let tinted = try #require(screen.snapshot().cgImage).color(x: 18, y: 140)
        #expect(tinted.red > tinted.blue + 0.1, "the shadow is red now: \(tinted)")
        cards[1].layer.shadowRadius = 9
        #expect(screen.renderFrame().shadowsBlurred == 1, "a new radius: one blur")
    }

    @Test("shadow opacity animates: the shadow darkens frame by frame")
    func shadowAnimatesInFilmstrip() throws {
        let (screen, window) = stylingStage()
        let view = card(CGRect(x: 100, y: 100, width: 100, height: 100))
        view.layer.shadowRadius = 5
        view.layer.shadowOffset = CGSize(width: 0, height: 4)
        view.layer.borderColor = red.cgColor
        window.addSubview(view)
        screen.advance(by: 1.0 / 60)
        let frames = screen.record(fps: 10) {
            UIView.animate(withDuration: 0.5, delay: 0, options: .curveLinear, animations: {
                view.layer.shadowOpacity = 1
                view.layer.borderWidth = 10
            })
            screen.advance(by: 0.6)
        }
        let shades = try frames.map { darkness(try #require($0.cgImage), 150, 203) }
        let borders = try frames.map { 1 - (try #require($0.cgImage)).color(x: 106, y: 150).green }
        #expect(shades.first! < 0.01 && shades.last! > 0.3, "from no shadow to a shadow: \(shades)")
        for i in 1 ..< shades.count { #expect(shades[i] >= shades[i - 1] - 1e-3, "darkens steadily: \(shades)") }
        #expect(shades.contains { $0 > 0.05 && $0 < shades.last! - 0.05 }, "with frames in between: \(shades)")
        #expect(borders.first! < 0.05 && borders.last! > 0.95, "the border grows past 6 points: \(borders)")
    }
}
