import Foundation
import Testing
@testable import TabulaUIKit
import TabulaUIKitTestSupport

@MainActor
private func solid(_ frame: CGRect, _ r: Double, _ g: Double, _ b: Double) -> CALayer {
    let layer = CALayer()
    layer.frame = frame
    layer.backgroundColor = Color(red: r, green: g, blue: b)
    return layer
}

/// How many pixels of column `x` are not white.
private func inkedRows(_ bitmap: Bitmap, x: Int) -> Int {
    (0 ..< bitmap.height).filter { !close(bitmap.color(x: x, y: $0), 1, 1, 1, tolerance: 0.1) }.count
}

@MainActor
@Suite("Layer composition: mask, double-sidedness, sublayer transform, zPosition, sublayers, rasterization")
struct LayerCompositionTests {
    @Test("a mask's alpha cuts the layer's content and sublayers; a transparent part of the mask hides them")
    func maskCutsContent() throws {
        let (screen, window) = layerStage()
        let layer = solid(CGRect(x: 50, y: 50, width: 100, height: 100), 1, 0, 0)
        layer.addSublayer(solid(CGRect(x: 0, y: 80, width: 100, height: 20), 0, 0, 1))
        let mask = CALayer()
        mask.frame = CGRect(x: 0, y: 0, width: 50, height: 100)
        mask.backgroundColor = Color(white: 0, alpha: 1)
        layer.mask = mask
        window.layer.addSublayer(layer)
        screen.advance(by: 1.0 / 60)
        let image = screen.snapshot()
        writeForLooking(image, "layer-mask")
        let bitmap = try #require(image.cgImage)
        #expect(close(bitmap.color(x: 75, y: 100), 1, 0, 0), "the left half shows")
        #expect(close(bitmap.color(x: 125, y: 100), 1, 1, 1), "the right half is cut away: \(bitmap.color(x: 125, y: 100))")
        #expect(close(bitmap.color(x: 75, y: 140), 0, 0, 1) && close(bitmap.color(x: 125, y: 140), 1, 1, 1), "the sublayer is masked too")
        mask.backgroundColor = Color(white: 0, alpha: 0.5)
        screen.advance(by: 1)
        let half = try #require(screen.snapshot().cgImage).color(x: 75, y: 100)
        #expect(close(half, 1, 0.5, 0.5), "a half-transparent mask lets half through: \(half)")
    }

    @Test("UIView.mask: a mask view's shape (a shape-layer view) cuts the view; a mask already in a tree is refused")
    func viewMask() throws {
        let (screen, window) = layerStage()
        let view = UIView(frame: CGRect(x: 50, y: 50, width: 100, height: 100))
        view.backgroundColor = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
        let circle = UIView(frame: view.bounds)
        circle.backgroundColor = .clear
        let disc = CAShapeLayer()
        disc.path = Path(ellipseIn: view.bounds)
        circle.layer.addSublayer(disc)
        view.mask = circle
        window.addSubview(view)
        screen.advance(by: 1.0 / 60)
        let bitmap = try #require(screen.snapshot().cgImage)
        #expect(close(bitmap.color(x: 100, y: 100), 1, 0, 0), "inside the circle")
        #expect(close(bitmap.color(x: 53, y: 53), 1, 1, 1), "the corner is cut: \(bitmap.color(x: 53, y: 53))")
        #expect(view.layer.mask === circle.layer)
        let inTree = UIView(frame: .zero)
        window.addSubview(inTree)
        let reports = capturingInvalidValues { view.mask = inTree }
        #expect(reports.count == 1 && reports[0].contains("already has a superlayer"), "\(reports)")
        #expect(view.mask === circle && view.layer.mask === circle.layer, "the old mask stays")
    }

    @Test("isDoubleSided false hides a layer turned over about y (and its sublayers); true shows it mirrored")
    func doubleSided() throws {
        let (screen, window) = layerStage()
        let card = solid(CGRect(x: 50, y: 50, width: 100, height: 100), 0, 0, 1)
        card.addSublayer(solid(CGRect(x: 0, y: 0, width: 30, height: 100), 0, 1, 0))
        card.transform = CATransform3D(rotationAngle: .pi, x: 0, y: 1, z: 0)
        window.layer.addSublayer(card)
        screen.advance(by: 1.0 / 60)
        var bitmap = try #require(screen.snapshot().cgImage)
        #expect(close(bitmap.color(x: 140, y: 100), 0, 1, 0), "double-sided: the back shows the green strip mirrored to the right")
        card.isDoubleSided = false
        screen.advance(by: 1.0 / 60)
        bitmap = try #require(screen.snapshot().cgImage)
        #expect(close(bitmap.color(x: 100, y: 100), 1, 1, 1) && close(bitmap.color(x: 140, y: 100), 1, 1, 1),
                "single-sided and turned over: nothing drawn")
        card.transform = CATransform3D(rotationAngle: .pi / 4, x: 0, y: 1, z: 0)
        screen.advance(by: 1)
        bitmap = try #require(screen.snapshot().cgImage)
        #expect(close(bitmap.color(x: 100, y: 100), 0, 0, 1), "turned less than 90°, it faces the viewer and shows")
    }

    @Test("a perspective sublayerTransform makes a sublayer turned about y taller on its near side; without it both sides match")
    func sublayerPerspective() throws {
        let (screen, window) = layerStage()
        let container = CALayer()
        container.frame = CGRect(x: 0, y: 0, width: 200, height: 200)
        let card = solid(CGRect(x: 50, y: 50, width: 100, height: 100), 0, 0, 1)
        card.transform = CATransform3D(rotationAngle: .pi / 4, x: 0, y: 1, z: 0)
        container.addSublayer(card)
        window.layer.addSublayer(container)
        screen.advance(by: 1.0 / 60)
        var bitmap = try #require(screen.snapshot().cgImage)
        let flatLeft = inkedRows(bitmap, x: 70), flatRight = inkedRows(bitmap, x: 130)
        #expect(abs(flatLeft - flatRight) <= 1 && flatLeft >= 98, "flattened, both sides are 100 tall: \(flatLeft), \(flatRight)")
        var perspective = CATransform3D.identity
        perspective.m34 = -1 / 300
        container.sublayerTransform = perspective
        screen.advance(by: 1)
        let image = screen.snapshot()
        writeForLooking(image, "layer-sublayer-perspective")
        bitmap = try #require(image.cgImage)
        let columns = (40 ..< 160).map { inkedRows(bitmap, x: $0) }.filter { $0 > 0 }
        let first = try #require(columns.first), last = try #require(columns.last)
        #expect(abs(first - last) > 10, "one side is nearer and taller: \(first) vs \(last)")
        #expect(container.sublayerTransform.m34 == perspective.m34)
    }

    @Test("zPosition orders siblings for drawing; hit testing still follows the subview order, as in UIKit")
    func zPositionDrawsButDoesNotHitTest() throws {
        let (screen, window) = layerStage()
        let back = UIView(frame: CGRect(x: 40, y: 40, width: 100, height: 100))
        back.backgroundColor = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
        let front = UIView(frame: CGRect(x: 80, y: 80, width: 100, height: 100))
        front.backgroundColor = UIColor(red: 0, green: 0, blue: 1, alpha: 1)
        window.addSubview(back)
        window.addSubview(front)
        back.layer.zPosition = 1
        screen.advance(by: 1.0 / 60)
        let bitmap = try #require(screen.snapshot().cgImage)
        #expect(close(bitmap.color(x: 110, y: 110), 1, 0, 0), "the red view is drawn in front in the overlap")
        #expect(window.hitTest(CGPoint(x: 110, y: 110), with: nil) === front, "the later subview still gets the touch")
    }

    @Test("maskedCorners rounds only the corners named; the others stay square")
    func maskedCornersRoundSome() throws {
        let (screen, window) = layerStage()
        let layer = solid(CGRect(x: 50, y: 50, width: 100, height: 100), 0, 0, 1)
        layer.cornerRadius = 30
        layer.maskedCorners = [.layerMinXMinYCorner]
        window.layer.addSublayer(layer)
        screen.advance(by: 1.0 / 60)
        let bitmap = try #require(screen.snapshot().cgImage)
        #expect(close(bitmap.color(x: 52, y: 52), 1, 1, 1), "top-left is rounded")
        #expect(close(bitmap.color(x: 147, y: 52), 0, 0, 1) && close(bitmap.color(x: 147, y: 147), 0, 0, 1)
                && close(bitmap.color(x: 52, y: 147), 0, 0, 1), "the other three are square")
    }

    @Test("setting sublayers replaces them; a layer that would become its own ancestor is reported and nothing changes")
    func settableSublayers() {
        let parent = CALayer(), a = CALayer(), b = CALayer(), c = CALayer()
        let other = CALayer()
        other.addSublayer(c)
        parent.sublayers = [a, b]
        #expect(parent.sublayers?.count == 2 && a.superlayer === parent && b.superlayer === parent)
        parent.sublayers = [c, a]
        #expect(parent.sublayers?.map(ObjectIdentifier.init) == [ObjectIdentifier(c), ObjectIdentifier(a)])
        #expect(b.superlayer == nil && c.superlayer === parent && other.sublayers == nil, "b left; c moved over")
        parent.sublayers = [a, a]
        #expect(parent.sublayers?.count == 1, "a layer named twice appears once")
        let reports = capturingInvalidValues { a.sublayers = [parent] }
        #expect(reports.count == 1 && reports[0].contains("ancestor"), "\(reports)")
        #expect(a.sublayers == nil && parent.sublayers?.count == 1)
        parent.sublayers = nil
        #expect(parent.sublayers == nil && a.superlayer == nil)
    }

    @Test("shouldRasterize draws the same pixels, reuses the bitmap while only the layer moves, redraws it when a sublayer changes")
    func rasterization() throws {
        let (screen, window) = layerStage()
        let group = solid(CGRect(x: 20, y: 20, width: 100, height: 100), 1, 1, 0)
        group.cornerRadius = 12
        let child = solid(CGRect(x: 10, y: 10, width: 40, height: 40), 0, 0, 1)
        group.addSublayer(child)
        window.layer.addSublayer(group)
        screen.advance(by: 1.0 / 60)
        let plain = try #require(screen.snapshot().cgImage)
        group.shouldRasterize = true
        screen.advance(by: 1.0 / 60)
        var stats = screen.renderFrame()
        let rasterized = try #require(screen.snapshot().cgImage)
        #expect(stats.rastersDrawn == 1)
        let difference = plain.difference(from: rasterized, tolerance: 2)
        #expect(difference.differingPixels == 0, "rasterized at scale 1 on a scale-1 screen: the same pixels, \(difference)")
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        group.position.x += 30
        CATransaction.commit()
        screen.advance(by: 1.0 / 60)
        stats = screen.renderFrame()
        #expect(stats.rastersReused == 1 && stats.rastersDrawn == 0, "moved only: reused \(stats)")
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        child.backgroundColor = Color(red: 0, green: 1, blue: 0)
        CATransaction.commit()
        screen.advance(by: 1.0 / 60)
        stats = screen.renderFrame()
        #expect(stats.rastersDrawn == 1, "a sublayer changed: drawn again \(stats)")
        let bitmap = try #require(screen.snapshot().cgImage)
        #expect(close(bitmap.color(x: 80, y: 50), 0, 1, 0), "the new colour shows at the moved place")
    }
}
