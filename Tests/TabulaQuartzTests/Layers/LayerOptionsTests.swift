import Foundation
import Testing
@testable import TabulaQuartz

/// A `width`×`height` bitmap whose left half is red and right half blue.
@MainActor
private func redBlue(width: Int = 2, height: Int = 1) -> Bitmap {
    let bitmap = Bitmap(width: width, height: height, opaque: true)
    let ctx = GraphicsContext(bitmap: bitmap)
    ctx.setFillColor(Color(red: 1, green: 0, blue: 0))
    ctx.fill(CGRect(x: 0, y: 0, width: CGFloat(width) / 2, height: CGFloat(height)))
    ctx.setFillColor(Color(red: 0, green: 0, blue: 1))
    ctx.fill(CGRect(x: CGFloat(width) / 2, y: 0, width: CGFloat(width) / 2, height: CGFloat(height)))
    return bitmap
}

/// Draws `"cornerRadius"` changes again, and counts its draws.
private final class RedrawingLayer: CALayer {
    var draws = 0
    override class func needsDisplay(forKey key: String) -> Bool {
        key == "cornerRadius" || super.needsDisplay(forKey: key)
    }
    override func draw(in ctx: CGContext) { draws += 1 }
}

/// A layer class whose new layers are half transparent, rounded and clipped.
private final class RoundedLayer: CALayer {
    override class func defaultValue(forKey key: String) -> Any? {
        switch key {
        case "opacity": Float(0.5)
        case "cornerRadius": CGFloat(8)
        case "masksToBounds": true
        case "borderWidth": "thick"
        default: super.defaultValue(forKey: key)
        }
    }
}

@MainActor
@Suite("CALayer: contentsRect, filters, group opacity, flipped geometry, render(in:), class defaults, scroll layers")
struct LayerOptionsTests {
    @Test("contentsRect shows that part of the contents, stretched over the bounds; it animates")
    func contentsRect() throws {
        let (screen, root) = layerStage()
        let layer = CALayer()
        layer.frame = CGRect(x: 50, y: 50, width: 100, height: 100)
        layer.contents = redBlue(width: 20, height: 10)
        root.addSublayer(layer)
        screen.advance(by: 1.0 / 60)
        var bitmap = screen.snapshot()
        #expect(close(bitmap.color(x: 60, y: 100), 1, 0, 0) && close(bitmap.color(x: 140, y: 100), 0, 0, 1),
                "the whole image: red then blue")
        layer.contentsRect = CGRect(x: 0.5, y: 0, width: 0.5, height: 1)
        screen.advance(by: 1)
        let image = screen.snapshot()
        writeForLooking(image, "layer-contents-rect")
        bitmap = image
        #expect(close(bitmap.color(x: 55, y: 100), 0, 0, 1) && close(bitmap.color(x: 145, y: 100), 0, 0, 1),
                "only the blue half, over the whole layer: \(bitmap.color(x: 55, y: 100))")

        let animation = CABasicAnimation(keyPath: "contentsRect")
        animation.fromValue = CGRect(x: 0, y: 0, width: 0.5, height: 1)
        animation.toValue = CGRect(x: 0.5, y: 0, width: 0.5, height: 1)
        animation.duration = 1
        layer.add(animation, forKey: "slide")
        screen.advance(by: 0.01)
        bitmap = screen.snapshot()
        #expect(close(bitmap.color(x: 100, y: 100), 1, 0, 0, tolerance: 0.15), "at the start of the animation, the red half")
        #expect(layer.contentsRect == CGRect(x: 0.5, y: 0, width: 0.5, height: 1), "the model keeps its value")
        layer.contentsRect = CGRect(x: CGFloat.nan, y: 0, width: 1, height: 1)
        #expect(layer.contentsRect == CGRect(x: 0, y: 0, width: 1, height: 1), "a non-finite rectangle is taken as the unit one")
    }

    @Test("magnificationFilter .nearest draws enlarged pixels as hard squares; .linear blends them")
    func magnification() throws {
        let (screen, root) = layerStage()
        let layer = CALayer()
        layer.frame = CGRect(x: 0, y: 50, width: 200, height: 100)
        layer.contents = redBlue()
        root.addSublayer(layer)
        screen.advance(by: 1.0 / 60)
        let smooth = screen.snapshot().color(x: 90, y: 100)
        #expect(smooth.blue > 0.1 && smooth.red > 0.1, "linear: red blends into blue near the middle: \(smooth)")
        layer.magnificationFilter = .nearest
        screen.advance(by: 1.0 / 60)
        let image = screen.snapshot()
        writeForLooking(image, "layer-magnification-nearest")
        let hard = image.color(x: 90, y: 100)
        #expect(close(hard, 1, 0, 0, tolerance: 0.02), "nearest: pure red up to the middle: \(hard)")
        #expect(layer.minificationFilter == .linear && layer.minificationFilterBias == 0)
    }

    @Test("minificationFilter .nearest picks whole pixels when contents are drawn smaller")
    func minification() throws {
        let (screen, root) = layerStage()
        // 200×200 pixels of alternating red and blue columns, drawn 20 points wide.
        let stripes = Bitmap(width: 200, height: 200, opaque: true)
        let ctx = GraphicsContext(bitmap: stripes)
        for x in 0 ..< 200 {
            ctx.setFillColor(x % 2 == 0 ? Color(red: 1, green: 0, blue: 0) : Color(red: 0, green: 0, blue: 1))
            ctx.fill(CGRect(x: CGFloat(x), y: 0, width: 1, height: 200))
        }
        let layer = CALayer()
        layer.frame = CGRect(x: 50, y: 50, width: 20, height: 20)
        layer.contents = stripes
        root.addSublayer(layer)
        layer.minificationFilter = .nearest
        screen.advance(by: 1.0 / 60)
        let bitmap = screen.snapshot()
        let samples = (51 ..< 69).map { bitmap.color(x: $0, y: 60) }
        layer.minificationFilter = .linear
        screen.advance(by: 1.0 / 60)
        let blended = screen.snapshot().color(x: 60, y: 60)
        #expect(blended.red > 0.2 && blended.blue > 0.2, "linear blends the stripes: \(blended)")
        #expect(samples.allSatisfy { close($0, 1, 0, 0, tolerance: 0.02) || close($0, 0, 0, 1, tolerance: 0.02) },
                "each pixel is one stripe's colour, never a mix: \(samples)")
    }

    @Test("allowsGroupOpacity: true fades overlapping sublayers as one; false fades each, and the one behind shows through")
    func groupOpacity() throws {
        let (screen, root) = layerStage()
        let parent = CALayer()
        parent.frame = CGRect(x: 0, y: 0, width: 200, height: 100)
        parent.opacity = 0.5
        parent.addSublayer(solidLayer(CGRect(x: 0, y: 0, width: 120, height: 100), 1, 0, 0))
        parent.addSublayer(solidLayer(CGRect(x: 80, y: 0, width: 120, height: 100), 0, 0, 1))
        root.addSublayer(parent)
        #expect(parent.allowsGroupOpacity, "true by default, as in iOS 7 and later")
        screen.advance(by: 1.0 / 60)
        let grouped = screen.snapshot().color(x: 100, y: 50)
        #expect(close(grouped, 0.5, 0.5, 1), "as a group, the overlap is the front blue at half opacity: \(grouped)")
        parent.allowsGroupOpacity = false
        screen.advance(by: 1.0 / 60)
        let image = screen.snapshot()
        writeForLooking(image, "layer-group-opacity-off")
        let separate = image.color(x: 100, y: 50)
        #expect(close(separate, 0.5, 0.25, 0.75), "each faded on its own, the red shows through the blue: \(separate)")
        #expect(close(image.color(x: 20, y: 50), 1, 0.5, 0.5), "a part without overlap is the same either way")
    }

    @Test("isGeometryFlipped places sublayers from the bottom up; each keeps its own content upright; hit testing follows")
    func flippedGeometry() throws {
        let (screen, root) = layerStage()
        let parent = solidLayer(CGRect(x: 50, y: 50, width: 100, height: 100), 1, 1, 0)
        let bar = solidLayer(CGRect(x: 0, y: 0, width: 100, height: 20), 1, 0, 0)
        bar.addSublayer(solidLayer(CGRect(x: 0, y: 0, width: 100, height: 5), 0, 1, 0))
        parent.addSublayer(bar)
        root.addSublayer(parent)
        screen.advance(by: 1.0 / 60)
        var bitmap = screen.snapshot()
        #expect(close(bitmap.color(x: 100, y: 60), 1, 0, 0), "unflipped: the bar at the top")
        parent.isGeometryFlipped = true
        screen.advance(by: 1.0 / 60)
        let image = screen.snapshot()
        writeForLooking(image, "layer-geometry-flipped")
        bitmap = image
        #expect(close(bitmap.color(x: 100, y: 60), 1, 1, 0), "the top is the parent's own yellow now")
        #expect(close(bitmap.color(x: 100, y: 145), 1, 0, 0), "the bar sits at the bottom: \(bitmap.color(x: 100, y: 145))")
        #expect(close(bitmap.color(x: 100, y: 132), 0, 1, 0), "its green strip stays at its top (upright): \(bitmap.color(x: 100, y: 132))")
        #expect(root.hitTest(CGPoint(x: 100, y: 145)) === bar, "hit testing finds the bar where it is drawn")
        #expect(root.hitTest(CGPoint(x: 100, y: 60)) === parent)
        #expect(bar.contentsAreFlipped() && !parent.contentsAreFlipped())
        #expect(bar.convert(CGPoint(x: 0, y: 0), to: parent) == CGPoint(x: 0, y: 80), "its top-left is 80 points down")
    }

    @Test("render(in:) draws the tree in the layer's own coordinates, with model values, over what the context holds")
    func renderInContext() throws {
        let layer = solidLayer(CGRect(x: 500, y: 500, width: 20, height: 10), 1, 0, 0)
        layer.addSublayer(solidLayer(CGRect(x: 10, y: 0, width: 10, height: 10), 0, 0, 1))
        let bitmap = Bitmap(width: 40, height: 20, opaque: true)
        let ctx = GraphicsContext(bitmap: bitmap)
        ctx.setFillColor(Color(red: 0, green: 1, blue: 0))
        ctx.fill(CGRect(x: 0, y: 0, width: 40, height: 20))
        ctx.scaleBy(x: 2, y: 2)
        layer.render(in: ctx)
        writeForLooking(bitmap, "layer-render-in-context")
        #expect(close(bitmap.color(x: 5, y: 5), 1, 0, 0), "the layer at the origin, scaled by the context")
        #expect(close(bitmap.color(x: 30, y: 15), 0, 0, 1), "the sublayer in its place")
        let untouched = Bitmap(width: 40, height: 20, opaque: true)
        let other = GraphicsContext(bitmap: untouched)
        other.setFillColor(Color(red: 0, green: 1, blue: 0))
        other.fill(CGRect(x: 0, y: 0, width: 40, height: 20))
        layer.render(in: other)
        #expect(close(untouched.color(x: 30, y: 15), 0, 1, 0), "outside the layer, the context keeps its pixels")
    }

    @Test("needsDisplay(forKey:) true makes a change of that property redraw the layer; plain layers do not redraw")
    func needsDisplayForKey() {
        let layer = RedrawingLayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        layer.displayIfNeeded()
        #expect(!layer.needsDisplay())
        layer.cornerRadius = 3
        #expect(layer.needsDisplay(), "cornerRadius redraws")
        layer.displayIfNeeded()
        #expect(layer.draws == 1)
        layer.opacity = 0.5
        #expect(!layer.needsDisplay(), "opacity does not")
        let plain = CALayer()
        plain.cornerRadius = 3
        #expect(!plain.needsDisplay() && !CALayer.needsDisplay(forKey: "cornerRadius"))
    }

    @Test("defaultValue(forKey:) gives CALayer's defaults, and a subclass's values become its new layers' values")
    func defaultValues() {
        #expect(CALayer.defaultValue(forKey: "anchorPoint") as? CGPoint == CGPoint(x: 0.5, y: 0.5))
        #expect(CALayer.defaultValue(forKey: "opacity") as? Double == 1)
        #expect(CALayer.defaultValue(forKey: "doubleSided") as? Bool == true)
        #expect(CALayer.defaultValue(forKey: "noSuchProperty") == nil)
        var layer: RoundedLayer?
        let reports = capturingInvalidValues { layer = RoundedLayer() }
        #expect(layer?.opacity == 0.5 && layer?.cornerRadius == 8 && layer?.masksToBounds == true)
        #expect(layer?.borderWidth == 0, "a value of the wrong type is not used")
        #expect(reports.count == 1 && reports[0].contains("borderWidth"), "\(reports)")
        #expect(CALayer().opacity == 1, "plain layers are untouched")
    }

    @Test("init(layer:) copies the model values but not the tree; shape layers keep their drawing")
    func initWithLayer() {
        let original = solidLayer(CGRect(x: 10, y: 20, width: 30, height: 40), 0, 1, 0)
        original.cornerRadius = 6
        original.contentsRect = CGRect(x: 0, y: 0, width: 0.5, height: 0.5)
        original.allowsGroupOpacity = false
        original.name = "original"
        original.addSublayer(CALayer())
        let copy = CALayer(layer: original)
        #expect(copy.frame == original.frame && copy.cornerRadius == 6 && copy.backgroundColor == original.backgroundColor)
        #expect(copy.contentsRect == original.contentsRect && !copy.allowsGroupOpacity && copy.name == "original")
        #expect(copy.sublayers == nil && copy.superlayer == nil)
        let shape = CAShapeLayer()
        shape.path = Path(rect: CGRect(x: 0, y: 0, width: 5, height: 5))
        shape.lineWidth = 3
        shape.lineCap = .round
        let shapeCopy = CAShapeLayer(layer: shape)
        #expect(shapeCopy.path == shape.path && shapeCopy.lineWidth == 3 && shapeCopy.lineCap == .round)
        #expect(CALayer(layer: "not a layer").opacity == 1)
    }

    @Test("preferredFrameSize() is the bounds size through the transform")
    func preferredFrameSize() {
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 100, height: 50)
        #expect(layer.preferredFrameSize() == CGSize(width: 100, height: 50))
        layer.setAffineTransform(CGAffineTransform(rotationAngle: .pi / 2))
        let size = layer.preferredFrameSize()
        #expect(abs(size.width - 50) < 1e-6 && abs(size.height - 100) < 1e-6, "\(size)")
    }

    @Test("scrollRectToVisible(_:) and scroll(_:) move the nearest CAScrollLayer; visibleRect is what it shows")
    func scrollLayer() throws {
        let (screen, root) = layerStage()
        let scroller = CAScrollLayer()
        scroller.frame = CGRect(x: 50, y: 50, width: 100, height: 100)
        scroller.masksToBounds = true
        let content = solidLayer(CGRect(x: 0, y: 0, width: 300, height: 300), 1, 1, 0)
        let square = solidLayer(CGRect(x: 200, y: 200, width: 50, height: 50), 0, 0, 1)
        content.addSublayer(square)
        scroller.addSublayer(content)
        root.addSublayer(scroller)
        #expect(square.visibleRect.isNull, "nothing of the square shows")
        square.scrollRectToVisible(square.bounds)
        #expect(scroller.bounds.origin == CGPoint(x: 150, y: 150), "the least scroll that shows it: \(scroller.bounds)")
        #expect(square.visibleRect == square.bounds)
        #expect(content.visibleRect == CGRect(x: 150, y: 150, width: 100, height: 100))
        screen.advance(by: 1)
        let image = screen.snapshot()
        writeForLooking(image, "layer-scroll-rect-to-visible")
        #expect(close(image.color(x: 140, y: 140), 0, 0, 1), "the square shows at the bottom right")
        content.scroll(CGPoint(x: 10, y: 20))
        #expect(scroller.bounds.origin == CGPoint(x: 10, y: 20))
        scroller.scrollMode = .vertically
        content.scroll(CGPoint(x: 99, y: 30))
        #expect(scroller.bounds.origin == CGPoint(x: 10, y: 30), "only y moves")
        let loose = solidLayer(CGRect(x: 0, y: 0, width: 10, height: 10), 0, 0, 0)
        loose.addSublayer(square)
        square.scroll(CGPoint(x: 5, y: 5))
        #expect(loose.bounds.origin == .zero && square.visibleRect == square.bounds, "without a scroll layer nothing moves")
    }

    @Test("anchorPointZ moves the point a layer turns about in depth: a layer turned about y swings sideways")
    func anchorPointZ() throws {
        let (screen, root) = layerStage()
        let card = solidLayer(CGRect(x: 50, y: 50, width: 100, height: 100), 0, 0, 1)
        card.transform = CATransform3D(rotationAngle: .pi / 3, x: 0, y: 1, z: 0)
        root.addSublayer(card)
        screen.advance(by: 1.0 / 60)
        var bitmap = screen.snapshot()
        #expect(close(bitmap.color(x: 100, y: 100), 0, 0, 1), "turned about its own plane, it stays centred")
        card.anchorPointZ = 40
        screen.advance(by: 1)
        let image = screen.snapshot()
        writeForLooking(image, "layer-anchor-point-z")
        bitmap = image
        #expect(close(bitmap.color(x: 100, y: 100), 1, 1, 1), "turned about a point 40 in front, it swings off the centre")
        let left = bitmap.color(x: 65, y: 100), right = bitmap.color(x: 135, y: 100)
        #expect(close(left, 0, 0, 1) != close(right, 0, 0, 1), "it lies to one side: \(left) \(right)")
        let hit = root.hitTest(CGPoint(x: close(left, 0, 0, 1) ? 65 : 135, y: 100))
        #expect(hit === card, "hit testing finds it where it is drawn")
    }

    @Test("The values Tabula stores without effect keep what is set; bad values are clamped")
    func storedValues() {
        let layer = CALayer()
        #expect(layer.preferredDynamicRange == .automatic && layer.toneMapMode == .automatic && layer.contentsHeadroom == 0)
        #expect(layer.edgeAntialiasingMask == [.layerLeftEdge, .layerRightEdge, .layerBottomEdge, .layerTopEdge])
        layer.preferredDynamicRange = .high
        layer.contentsHeadroom = -3
        layer.wantsExtendedDynamicRangeContent = true
        layer.drawsAsynchronously = true
        layer.contentsFormat = .RGBA16Float
        layer.anchorPointZ = CGFloat.nan
        layer.style = ["cornerRadius": 4]
        layer.filters = ["blur"]
        #expect(layer.preferredDynamicRange == .high && layer.contentsHeadroom == 0 && layer.wantsExtendedDynamicRangeContent)
        #expect(layer.drawsAsynchronously && layer.contentsFormat == .RGBA16Float && layer.anchorPointZ == 0)
        #expect(layer.style?["cornerRadius"] as? Int == 4 && layer.filters?.count == 1)
        #expect(layer.shouldArchiveValue(forKey: "position"))
        #expect(layer.convertTime(2.5, from: nil) == 2.5 && layer.convertTime(2.5, to: CALayer()) == 2.5)
        let presented = layer.presentation()
        #expect(presented?.preferredDynamicRange == .high && presented?.contentsFormat == .RGBA16Float,
                "presentation copies keep them")
    }
}
