import Foundation
import Testing
@testable import TabulaUIKit
import TabulaUIKitTestSupport

/// A white 200×200 screen at scale 1 with a window whose layer takes standalone layers.
@MainActor
func layerStage(scale: CGFloat = 1) -> (HeadlessScreen, UIWindow) {
    let screen = HeadlessScreen(size: CGSize(width: 200, height: 200), scale: scale)
    let window = UIWindow(frame: .zero)
    window.backgroundColor = .white
    screen.show(window)
    return (screen, window)
}

/// Replaces `CALayer.onInvalidValue` while `body` runs and returns the reported messages.
@MainActor
func capturingInvalidValues(_ body: () -> Void) -> [String] {
    let saved = CALayer.onInvalidValue
    let log = CallLog()
    CALayer.onInvalidValue = { log.add($0) }
    defer { CALayer.onInvalidValue = saved }
    body()
    return log.entries
}

/// True when `c` is within `tolerance` of (r, g, b) in every channel.
func close(_ c: Color, _ r: Double, _ g: Double, _ b: Double, tolerance: Double = 0.06) -> Bool {
    abs(c.red - r) <= tolerance && abs(c.green - g) <= tolerance && abs(c.blue - b) <= tolerance
}

/// A circle of radius 50 around (100, 100), from 12 o'clock clockwise, stroked 10 wide in blue.
@MainActor
func ringLayer() -> CAShapeLayer {
    let ring = CAShapeLayer()
    ring.frame = CGRect(x: 0, y: 0, width: 200, height: 200)
    ring.path = UIBezierPath(arcCenter: CGPoint(x: 100, y: 100), radius: 50, startAngle: -.pi / 2,
                             endAngle: 3 * .pi / 2, clockwise: true).cgPath
    ring.fillColor = nil
    ring.strokeColor = UIColor(red: 0, green: 0, blue: 1, alpha: 1).cgColor
    ring.lineWidth = 10
    return ring
}

@MainActor
@Suite("CAShapeLayer and CAGradientLayer")
struct ShapeAndGradientLayerTests {
    @Test("a stroked circle with strokeEnd 0.5 draws its first half only (clockwise from 12 o'clock: the right half)")
    func strokeEndHalf() throws {
        let (screen, window) = layerStage()
        let ring = ringLayer()
        window.layer.addSublayer(ring)
        screen.advance(by: 1.0 / 60)
        var bitmap = try #require(screen.snapshot().cgImage)
        #expect(close(bitmap.color(x: 150, y: 100), 0, 0, 1) && close(bitmap.color(x: 50, y: 100), 0, 0, 1),
                "the whole ring is stroked at first")
        ring.strokeEnd = 0.5
        screen.advance(by: 1)
        bitmap = try #require(screen.snapshot().cgImage)
        #expect(close(bitmap.color(x: 150, y: 100), 0, 0, 1), "3 o'clock is in the first half: \(bitmap.color(x: 150, y: 100))")
        #expect(close(bitmap.color(x: 50, y: 100), 1, 1, 1), "9 o'clock is not drawn: \(bitmap.color(x: 50, y: 100))")
        #expect(close(bitmap.color(x: 100, y: 100), 1, 1, 1), "no fill")
        ring.strokeStart = 0.25
        screen.advance(by: 1)
        bitmap = try #require(screen.snapshot().cgImage)
        #expect(close(bitmap.color(x: 128, y: 60), 1, 1, 1), "the first quarter is gone after strokeStart 0.25")
        #expect(close(bitmap.color(x: 128, y: 140), 0, 0, 1), "the second quarter stays")
    }

    @Test("evenOdd leaves a hole where two subpaths overlap; nonZero fills it (both wound the same way)")
    func evenOddLeavesHole() throws {
        let (screen, window) = layerStage()
        var path = Path(rect: CGRect(x: 20, y: 20, width: 160, height: 160))
        path.addRect(CGRect(x: 70, y: 70, width: 60, height: 60))
        let shape = CAShapeLayer()
        shape.frame = CGRect(x: 0, y: 0, width: 200, height: 200)
        shape.path = path
        shape.fillColor = UIColor(red: 1, green: 0, blue: 0, alpha: 1).cgColor
        window.layer.addSublayer(shape)
        screen.advance(by: 1.0 / 60)
        var bitmap = try #require(screen.snapshot().cgImage)
        #expect(close(bitmap.color(x: 100, y: 100), 1, 0, 0), "nonZero fills the middle")
        shape.fillRule = .evenOdd
        screen.advance(by: 1.0 / 60)
        bitmap = try #require(screen.snapshot().cgImage)
        #expect(close(bitmap.color(x: 100, y: 100), 1, 1, 1), "evenOdd leaves a hole: \(bitmap.color(x: 100, y: 100))")
        #expect(close(bitmap.color(x: 40, y: 40), 1, 0, 0), "the ring around the hole stays filled")
    }

    @Test("dashes, caps and line width: a dashed line leaves gaps; bad widths draw no stroke")
    func dashesAndBadWidths() throws {
        let (screen, window) = layerStage()
        let line = CAShapeLayer()
        line.frame = CGRect(x: 0, y: 0, width: 200, height: 200)
        var path = Path()
        path.move(to: CGPoint(x: 10, y: 100))
        path.addLine(to: CGPoint(x: 190, y: 100))
        line.path = path
        line.strokeColor = UIColor(red: 0, green: 0, blue: 0, alpha: 1).cgColor
        line.lineWidth = 6
        line.lineDashPattern = [20, 20]
        window.layer.addSublayer(line)
        screen.advance(by: 1.0 / 60)
        var bitmap = try #require(screen.snapshot().cgImage)
        #expect(close(bitmap.color(x: 20, y: 100), 0, 0, 0), "the first dash is painted")
        #expect(close(bitmap.color(x: 40, y: 100), 1, 1, 1), "the first gap is not")
        line.lineDashPhase = 20   // animates implicitly (a standalone layer): let it finish
        screen.advance(by: 1)
        bitmap = try #require(screen.snapshot().cgImage)
        #expect(close(bitmap.color(x: 20, y: 100), 1, 1, 1) && close(bitmap.color(x: 40, y: 100), 0, 0, 0),
                "a phase of one dash swaps dashes and gaps")
        line.lineWidth = -3
        #expect(line.lineWidth == 0)
        line.lineWidth = .nan
        #expect(line.lineWidth == 0)
        screen.advance(by: 1)
        bitmap = try #require(screen.snapshot().cgImage)
        #expect(close(bitmap.color(x: 40, y: 100), 1, 1, 1) && close(bitmap.color(x: 60, y: 100), 1, 1, 1),
                "a zero width draws nothing")
    }

    @Test("a dash pattern of zeros or with a negative length is reported once and strokes a solid line")
    func badDashPatterns() throws {
        let (screen, window) = layerStage()
        let line = CAShapeLayer()
        line.frame = CGRect(x: 0, y: 0, width: 200, height: 200)
        var path = Path()
        path.move(to: CGPoint(x: 10, y: 100))
        path.addLine(to: CGPoint(x: 190, y: 100))
        line.path = path
        line.strokeColor = UIColor(red: 0, green: 0, blue: 0, alpha: 1).cgColor
        line.lineWidth = 6
        window.layer.addSublayer(line)
        var reports = capturingInvalidValues {
            line.lineDashPattern = [0, 0]
            screen.advance(by: 3.0 / 60)
        }
        #expect(reports.count == 1 && reports[0].contains("lineDashPattern") && reports[0].contains("no positive length"),
                "\(reports)")
        var bitmap = try #require(screen.snapshot().cgImage)
        #expect(close(bitmap.color(x: 40, y: 100), 0, 0, 0) && close(bitmap.color(x: 100, y: 100), 0, 0, 0), "solid")
        reports = capturingInvalidValues { line.lineDashPattern = [10, -5] }
        #expect(reports.count == 1 && reports[0].contains("-5") && reports[0].contains("index 1"), "\(reports)")
        #expect(line.lineDashPattern == [10, -5], "the property keeps what was set, as in Core Animation")
        screen.advance(by: 1.0 / 60)
        bitmap = try #require(screen.snapshot().cgImage)
        #expect(close(bitmap.color(x: 25, y: 100), 0, 0, 0) && close(bitmap.color(x: 35, y: 100), 0, 0, 0), "solid")
    }

    @Test("an axial gradient has its first colour at the start, the blend in the middle, the last at the end")
    func axialGradientPixels() throws {
        let (screen, window) = layerStage()
        let gradient = CAGradientLayer()
        gradient.frame = CGRect(x: 0, y: 0, width: 200, height: 200)
        gradient.colors = [UIColor(red: 1, green: 0, blue: 0, alpha: 1).cgColor, UIColor(red: 0, green: 0, blue: 1, alpha: 1).cgColor]
        window.layer.addSublayer(gradient)
        screen.advance(by: 1.0 / 60)
        var bitmap = try #require(screen.snapshot().cgImage)
        #expect(close(bitmap.color(x: 100, y: 0), 1, 0, 0, tolerance: 0.02), "top: \(bitmap.color(x: 100, y: 0))")
        #expect(close(bitmap.color(x: 100, y: 100), 0.5, 0, 0.5), "middle: \(bitmap.color(x: 100, y: 100))")
        #expect(close(bitmap.color(x: 100, y: 199), 0, 0, 1, tolerance: 0.02), "bottom: \(bitmap.color(x: 100, y: 199))")
        #expect(close(bitmap.color(x: 0, y: 100), 0.5, 0, 0.5) && close(bitmap.color(x: 199, y: 100), 0.5, 0, 0.5),
                "rows are uniform across")
        // Left to right, with the blue held from 0.25 on.
        gradient.startPoint = CGPoint(x: 0, y: 0.5)
        gradient.endPoint = CGPoint(x: 1, y: 0.5)
        gradient.locations = [0, 0.25]
        screen.advance(by: 1)
        bitmap = try #require(screen.snapshot().cgImage)
        #expect(close(bitmap.color(x: 0, y: 100), 1, 0, 0, tolerance: 0.03), "left: \(bitmap.color(x: 0, y: 100))")
        #expect(close(bitmap.color(x: 25, y: 100), 0.5, 0, 0.5), "an eighth across: \(bitmap.color(x: 25, y: 100))")
        #expect(close(bitmap.color(x: 120, y: 100), 0, 0, 1, tolerance: 0.02), "past 0.25: blue")
    }

    @Test("radial and conic gradients: centre and rim colours, and the turn around the centre")
    func radialAndConicPixels() throws {
        let (screen, window) = layerStage()
        let gradient = CAGradientLayer()
        gradient.frame = CGRect(x: 0, y: 0, width: 200, height: 200)
        gradient.colors = [UIColor(red: 1, green: 0, blue: 0, alpha: 1).cgColor, UIColor(red: 0, green: 0, blue: 1, alpha: 1).cgColor]
        gradient.type = .radial
        gradient.startPoint = CGPoint(x: 0.5, y: 0.5)
        gradient.endPoint = CGPoint(x: 1, y: 1)
        window.layer.addSublayer(gradient)
        screen.advance(by: 1.0 / 60)
        var bitmap = try #require(screen.snapshot().cgImage)
        #expect(close(bitmap.color(x: 100, y: 100), 1, 0, 0, tolerance: 0.03), "centre: \(bitmap.color(x: 100, y: 100))")
        #expect(close(bitmap.color(x: 150, y: 100), 0.5, 0, 0.5), "half way out: \(bitmap.color(x: 150, y: 100))")
        #expect(close(bitmap.color(x: 100, y: 50), 0.5, 0, 0.5), "half way up: \(bitmap.color(x: 100, y: 50))")
        #expect(close(bitmap.color(x: 2, y: 2), 0, 0, 1, tolerance: 0.02), "corner, past the ellipse: blue")

        gradient.type = .conic
        gradient.endPoint = CGPoint(x: 1, y: 0.5)   // animates implicitly: let it finish
        screen.advance(by: 1)
        bitmap = try #require(screen.snapshot().cgImage)
        #expect(close(bitmap.color(x: 180, y: 104), 1, 0, 0, tolerance: 0.1), "just past the start ray (below it, clockwise): red, \(bitmap.color(x: 180, y: 104))")
        #expect(close(bitmap.color(x: 180, y: 96), 0, 0, 1, tolerance: 0.1), "just before it, a turn later: blue, \(bitmap.color(x: 180, y: 96))")
        #expect(close(bitmap.color(x: 20, y: 100), 0.5, 0, 0.5), "half a turn: \(bitmap.color(x: 20, y: 100))")
        #expect(close(bitmap.color(x: 100, y: 180), 0.75, 0, 0.25), "a quarter turn (6 o'clock): \(bitmap.color(x: 100, y: 180))")
    }

    @Test("locations whose count differs from the colours' are reported once and spread evenly")
    func locationsMismatch() throws {
        let (screen, window) = layerStage()
        let gradient = CAGradientLayer()
        gradient.frame = CGRect(x: 0, y: 0, width: 200, height: 200)
        gradient.colors = [UIColor(red: 1, green: 0, blue: 0, alpha: 1).cgColor, UIColor(red: 0, green: 0, blue: 1, alpha: 1).cgColor]
        window.layer.addSublayer(gradient)
        let reports = capturingInvalidValues {
            gradient.locations = [0, 0.1, 0.2]
            screen.advance(by: 1.0 / 60)
            gradient.startPoint = CGPoint(x: 0.5, y: 0)   // another frame with the same mismatch
            screen.advance(by: 1.0 / 60)
            _ = screen.snapshot()
        }
        #expect(reports.count == 1 && reports[0].contains("3 locations for 2 colours"), "\(reports)")
        let bitmap = try #require(screen.snapshot().cgImage)
        #expect(close(bitmap.color(x: 100, y: 100), 0.5, 0, 0.5), "evenly spaced: \(bitmap.color(x: 100, y: 100))")
        let rejected = capturingInvalidValues { gradient.colors = [UIColor.red.cgColor, "blue"] }
        #expect(rejected.count == 1 && rejected[0].contains("entry 1"), "\(rejected)")
        #expect(gradient.colors?.count == 2 && (gradient.colors?[1] as? CGColor) == UIColor(red: 0, green: 0, blue: 1, alpha: 1).cgColor,
                "a list with a non-colour is not applied")
    }

    @Test("strokeEnd animates explicitly (CABasicAnimation) and implicitly; the presentation follows the clock")
    func strokeEndAnimates() throws {
        let (screen, window) = layerStage()
        let ring = ringLayer()
        ring.strokeEnd = 0
        window.layer.addSublayer(ring)
        screen.advance(by: 1.0 / 60)
        let anim = CABasicAnimation(keyPath: "strokeEnd")
        anim.fromValue = 0
        anim.toValue = 1
        anim.duration = 1
        ring.add(anim, forKey: "progress")
        screen.advance(by: 0.5)
        let half = try #require(ring.presentation()?.strokeEnd)
        #expect(abs(half - 0.5) < 0.05, "half way: \(half)")
        var bitmap = try #require(screen.snapshot().cgImage)
        #expect(close(bitmap.color(x: 150, y: 100), 0, 0, 1) && close(bitmap.color(x: 50, y: 100), 1, 1, 1),
                "the right half is drawn at t = 0.5")
        screen.advance(by: 0.6)
        #expect(ring.presentation()?.strokeEnd == 0, "back to the model after the animation")

        ring.strokeEnd = 1   // implicit: a standalone layer on screen
        screen.advance(by: 0.1)
        let moving = try #require(ring.presentation()?.strokeEnd)
        #expect(moving > 0 && moving < 1, "an implicit animation is under way: \(moving)")
        screen.advance(by: 0.5)
        bitmap = try #require(screen.snapshot().cgImage)
        #expect(close(bitmap.color(x: 50, y: 100), 0, 0, 1), "ends whole")
    }

    @Test("paths with the same elements blend point by point; different ones jump at the midpoint; no implicit path animation")
    func pathAnimation() throws {
        let (screen, window) = layerStage()
        let shape = CAShapeLayer()
        shape.frame = CGRect(x: 0, y: 0, width: 200, height: 200)
        shape.path = Path(rect: CGRect(x: 0, y: 0, width: 40, height: 40))
        window.layer.addSublayer(shape)
        screen.advance(by: 1.0 / 60)
        shape.path = Path(rect: CGRect(x: 0, y: 0, width: 120, height: 120))
        #expect(shape.animationKeys() == nil, "setting path adds no implicit animation")
        let anim = CABasicAnimation(keyPath: "path")
        anim.fromValue = Path(rect: CGRect(x: 0, y: 0, width: 40, height: 40))
        anim.toValue = Path(rect: CGRect(x: 0, y: 0, width: 120, height: 120))
        anim.duration = 1
        shape.add(anim, forKey: "grow")
        screen.advance(by: 0.5)
        let box = try #require(shape.presentation()?.path?.boundingBox)
        #expect(abs(box.width - 80) < 4, "half way between 40 and 120: \(box)")
        let jump = CABasicAnimation(keyPath: "path")
        jump.fromValue = Path(rect: CGRect(x: 0, y: 0, width: 40, height: 40))
        jump.toValue = Path(ellipseIn: CGRect(x: 0, y: 0, width: 120, height: 120))
        jump.duration = 1
        shape.add(jump, forKey: "grow")
        screen.advance(by: 0.25)
        #expect(shape.presentation()?.path == Path(rect: CGRect(x: 0, y: 0, width: 40, height: 40)), "before the midpoint: the start")
        screen.advance(by: 0.5)
        #expect(shape.presentation()?.path == Path(ellipseIn: CGRect(x: 0, y: 0, width: 120, height: 120)), "after it: the end")
    }

    @Test("gradient colours, locations and points animate; colour lists blend entry by entry")
    func gradientAnimates() throws {
        let (screen, window) = layerStage()
        let gradient = CAGradientLayer()
        gradient.frame = CGRect(x: 0, y: 0, width: 200, height: 200)
        let red = UIColor(red: 1, green: 0, blue: 0, alpha: 1).cgColor, blue = UIColor(red: 0, green: 0, blue: 1, alpha: 1).cgColor
        gradient.colors = [red, red]
        window.layer.addSublayer(gradient)
        screen.advance(by: 1.0 / 60)
        CATransaction.begin()
        CATransaction.setAnimationDuration(1)
        CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
        gradient.colors = [blue, blue]
        CATransaction.commit()
        screen.advance(by: 0.5)
        let bitmap = try #require(screen.snapshot().cgImage)
        #expect(close(bitmap.color(x: 100, y: 100), 0.5, 0, 0.5, tolerance: 0.08), "half way from red to blue: \(bitmap.color(x: 100, y: 100))")
        let anim = CABasicAnimation(keyPath: "locations")
        anim.fromValue = [0.0, 0.2]
        anim.toValue = [0.8, 1.0]
        anim.duration = 1
        gradient.add(anim, forKey: "slide")
        screen.advance(by: 0.5)
        let locations = try #require(gradient.presentation()?.locations?.map(\.doubleValue))
        #expect(locations.count == 2 && abs(locations[0] - 0.4) < 0.05 && abs(locations[1] - 0.6) < 0.05, "\(locations)")
        let point = CABasicAnimation(keyPath: "startPoint")
        point.toValue = CGPoint(x: 0, y: 0)
        point.duration = 1
        gradient.add(point, forKey: "start")
        screen.advance(by: 0.5)
        let start = try #require(gradient.presentation()?.startPoint)
        #expect(abs(start.x - 0.25) < 0.05 && start.y == 0, "\(start)")
    }

    @Test("layerClass: a view that returns CAShapeLayer.self is backed by a shape layer that draws; a non-layer class is reported")
    func layerClassOverride() throws {
        let (screen, window) = layerStage()
        let view = ShapeView(frame: CGRect(x: 50, y: 50, width: 100, height: 100))
        let shape = try #require(view.layer as? CAShapeLayer)
        #expect(view.shapeLayer === shape)
        shape.path = Path(ellipseIn: view.bounds)
        shape.fillColor = UIColor(red: 0, green: 0.6, blue: 0, alpha: 1).cgColor
        window.addSubview(view)
        screen.advance(by: 1.0 / 60)
        let bitmap = try #require(screen.snapshot().cgImage)
        #expect(close(bitmap.color(x: 100, y: 100), 0, 0.6, 0), "the view shows its layer's shape")
        #expect(close(bitmap.color(x: 53, y: 53), 1, 1, 1), "outside the ellipse the window shows (the view has no background)")
        let reports = capturingInvalidValues { _ = NotALayerView(frame: .zero) }
        #expect(reports.count == 1 && reports[0].contains("not a CALayer subclass"), "\(reports)")
        #expect(type(of: GradientBackedView(frame: .zero).layer) == CAGradientLayer.self)
    }
}

private final class ShapeView: UIView {
    override class var layerClass: AnyClass { CAShapeLayer.self }
    var shapeLayer: CAShapeLayer { layer as! CAShapeLayer }
}

private final class GradientBackedView: UIView {
    override class var layerClass: AnyClass { CAGradientLayer.self }
}

private final class NotALayerView: UIView {
    override class var layerClass: AnyClass { NSObject.self }
}
