import Testing
@testable import TabulaUIKit
import TabulaUIKitTestSupport

@MainActor
@Suite("Layers: CALayer geometry, tree and compositing")
struct CALayerTests {
    func approx(_ a: CGRect, _ b: CGRect, _ tolerance: CGFloat = 1e-9) -> Bool {
        abs(a.minX - b.minX) <= tolerance && abs(a.minY - b.minY) <= tolerance
            && abs(a.width - b.width) <= tolerance && abs(a.height - b.height) <= tolerance
    }

    func close(_ a: Color, _ b: Color, _ tolerance: Double = 2.5 / 255) -> Bool {
        abs(a.red - b.red) <= tolerance && abs(a.green - b.green) <= tolerance
            && abs(a.blue - b.blue) <= tolerance && abs(a.alpha - b.alpha) <= tolerance
    }

    func solid(_ color: Color, _ frame: CGRect) -> CALayer {
        let layer = CALayer()
        layer.frame = frame
        layer.backgroundColor = color
        return layer
    }

    static let red = Color(red: 1, green: 0, blue: 0)
    static let blue = Color(red: 0, green: 0, blue: 1)

    // MARK: Geometry

    @Test("frame comes from position, bounds and anchor point")
    func frameFromGeometry() {
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 100, height: 50)
        layer.position = CGPoint(x: 100, y: 100)
        #expect(layer.frame == CGRect(x: 50, y: 75, width: 100, height: 50))
        layer.anchorPoint = .zero
        #expect(layer.position == CGPoint(x: 100, y: 100), "the position stays")
        #expect(layer.frame == CGRect(x: 100, y: 100, width: 100, height: 50), "the frame moves")
        layer.anchorPoint = CGPoint(x: 1, y: 1)
        #expect(layer.frame == CGRect(x: 0, y: 50, width: 100, height: 50))
        // The bounds origin scrolls the content, not the frame.
        layer.bounds.origin = CGPoint(x: 30, y: 40)
        #expect(layer.frame == CGRect(x: 0, y: 50, width: 100, height: 50))
        // Exactly, for any scroll offset (a scrolled view's safe area depends on its frame).
        for y in stride(from: -400.0, through: 400, by: 0.37) {
            layer.bounds.origin = CGPoint(x: 0, y: y - 0.0001234)
            #expect(layer.frame == CGRect(x: 0, y: 50, width: 100, height: 50), "offset \(y)")
        }
    }

    @Test("setting the frame sets the position for the current anchor point and the bounds size")
    func settingFrame() {
        let layer = CALayer()
        layer.anchorPoint = CGPoint(x: 0, y: 1)
        layer.frame = CGRect(x: 10, y: 20, width: 40, height: 30)
        #expect(layer.bounds.size == CGSize(width: 40, height: 30))
        #expect(layer.position == CGPoint(x: 10, y: 50))
        #expect(layer.frame == CGRect(x: 10, y: 20, width: 40, height: 30))
    }

    @Test("the frame of a rotated layer is the bounding box of its transformed bounds")
    func rotatedFrame() {
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 100, height: 50)
        layer.position = CGPoint(x: 100, y: 100)
        layer.transform = CATransform3D(rotationAngle: .pi / 2, x: 0, y: 0, z: 1)
        #expect(approx(layer.frame, CGRect(x: 75, y: 50, width: 50, height: 100)))
        layer.transform = CATransform3D(rotationAngle: .pi / 4, x: 0, y: 0, z: 1)
        let side = 150 / 2.0.squareRoot()
        #expect(approx(layer.frame, CGRect(x: 100 - side / 2, y: 100 - side / 2, width: side, height: side)))
        #expect(layer.bounds.size == CGSize(width: 100, height: 50), "the bounds are untouched")
        // With the anchor at a corner the layer turns about that corner.
        layer.anchorPoint = .zero
        layer.transform = CATransform3D(rotationAngle: .pi / 2, x: 0, y: 0, z: 1)
        #expect(approx(layer.frame, CGRect(x: 50, y: 100, width: 50, height: 100)))
    }

    // MARK: Tree

    @Test("sublayers is nil when there are none, and superlayer follows membership")
    func sublayersNil() {
        let parent = CALayer()
        #expect(parent.sublayers == nil)
        let child = CALayer()
        parent.addSublayer(child)
        #expect(parent.sublayers?.count == 1)
        #expect(child.superlayer === parent)
        child.removeFromSuperlayer()
        #expect(parent.sublayers == nil)
        #expect(child.superlayer == nil)
    }

    @Test("insertSublayer below and above a sibling, at an index, and replaceSublayer")
    func insertion() {
        let parent = CALayer()
        let a = CALayer(), b = CALayer(), c = CALayer(), d = CALayer(), e = CALayer()
        a.name = "a"; b.name = "b"; c.name = "c"; d.name = "d"; e.name = "e"
        func names() -> [String] { (parent.sublayers ?? []).map { $0.name ?? "?" } }
        parent.addSublayer(a)
        parent.addSublayer(b)
        parent.insertSublayer(c, below: b)
        #expect(names() == ["a", "c", "b"])
        parent.insertSublayer(d, above: a)
        #expect(names() == ["a", "d", "c", "b"])
        parent.insertSublayer(e, at: 0)
        #expect(names() == ["e", "a", "d", "c", "b"])
        parent.insertSublayer(e, above: b)
        #expect(names() == ["a", "d", "c", "b", "e"], "inserting a sublayer again moves it")
        let f = CALayer()
        f.name = "f"
        parent.replaceSublayer(d, with: f)
        #expect(names() == ["a", "f", "c", "b", "e"])
        #expect(d.superlayer == nil)

        // Moving a layer to another parent removes it from the first.
        let other = CALayer()
        other.addSublayer(c)
        #expect(names() == ["a", "f", "b", "e"])
        #expect(c.superlayer === other)
    }

    // MARK: Compositing

    @Test("a higher zPosition draws in front even when earlier in the sublayers")
    func zPositionOrder() {
        let (screen, root) = makeScreen(width: 100, height: 100, scale: 1)
        let first = solid(Self.red, CGRect(x: 10, y: 10, width: 50, height: 50))
        let second = solid(Self.blue, CGRect(x: 30, y: 30, width: 50, height: 50))
        root.layer.addSublayer(first)
        root.layer.addSublayer(second)
        screen.advance(by: 1.0 / 60)
        #expect(close(screen.snapshot().cgImage!.color(x: 45, y: 45), Self.blue), "array order: the later wins")
        // A standalone layer on screen animates zPosition implicitly; this test is about order.
        CATransaction.setDisableActions(true)
        first.zPosition = 1
        #expect(close(screen.snapshot().cgImage!.color(x: 45, y: 45), Self.red), "zPosition wins")
        #expect(close(screen.snapshot().cgImage!.color(x: 70, y: 70), Self.blue))
        #expect(root.layer.sublayers!.last === second, "the array is not reordered")
        // zPosition also orders views' layers: a view added last is still behind a higher layer.
        let late = UIView(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
        late.backgroundColor = .green
        root.addSubview(late)
        let green = Color(red: 0, green: 1, blue: 0)
        #expect(close(screen.snapshot().cgImage!.color(x: 5, y: 5), green))
        #expect(close(screen.snapshot().cgImage!.color(x: 20, y: 20), Self.red))
        late.layer.zPosition = 2
        #expect(close(screen.snapshot().cgImage!.color(x: 20, y: 20), green))
    }

    @Test("hidden layers and their sublayers are not drawn")
    func hiddenNotDrawn() {
        let (screen, root) = makeScreen(width: 100, height: 100, scale: 1)
        let layer = solid(Self.red, CGRect(x: 10, y: 10, width: 50, height: 50))
        let sub = solid(Self.blue, CGRect(x: 0, y: 0, width: 10, height: 10))
        layer.addSublayer(sub)
        root.layer.addSublayer(layer)
        #expect(close(screen.snapshot().cgImage!.color(x: 30, y: 30), Self.red))
        #expect(close(screen.snapshot().cgImage!.color(x: 15, y: 15), Self.blue))
        layer.isHidden = true
        let image = screen.snapshot().cgImage!
        #expect(close(image.color(x: 30, y: 30), .white))
        #expect(close(image.color(x: 15, y: 15), .white))
        layer.isHidden = false
        layer.opacity = 0
        #expect(close(screen.snapshot().cgImage!.color(x: 15, y: 15), .white), "opacity 0 shows nothing either")
    }

    @Test("a translucent parent blends its children as one group: no double blend where they overlap")
    func groupOpacity() {
        let (screen, root) = makeScreen(width: 120, height: 80, scale: 1)
        let group = UIView(frame: CGRect(x: 10, y: 10, width: 100, height: 60))
        group.alpha = 0.5
        let back = UIView(frame: CGRect(x: 0, y: 0, width: 60, height: 60))
        back.backgroundColor = .red
        let front = UIView(frame: CGRect(x: 40, y: 0, width: 60, height: 60))
        front.backgroundColor = .blue
        group.addSubview(back)
        group.addSubview(front)
        root.addSubview(group)
        screen.advance(by: 1.0 / 60)
        let image = screen.snapshot().cgImage!
        let frontOnly = image.color(x: 90, y: 40)
        let overlap = image.color(x: 60, y: 40)
        let backOnly = image.color(x: 20, y: 40)
        // Half blue over white.
        #expect(close(frontOnly, Color(red: 0.5, green: 0.5, blue: 1)))
        #expect(close(backOnly, Color(red: 1, green: 0.5, blue: 0.5)))
        #expect(close(overlap, frontOnly), "the overlap looks like the front child alone")
        // Each child blended on its own would give (0.5, 0.25, 0.75) here.
        #expect(!close(overlap, Color(red: 0.5, green: 0.25, blue: 0.75)))
    }

    @Test("a layer's own opacity blends it once over what is behind")
    func singleLayerOpacity() {
        let (screen, root) = makeScreen(width: 100, height: 100, scale: 1)
        let layer = solid(Self.blue, CGRect(x: 10, y: 10, width: 50, height: 50))
        layer.opacity = 0.25
        root.layer.addSublayer(layer)
        #expect(close(screen.snapshot().cgImage!.color(x: 30, y: 30), Color(red: 0.75, green: 0.75, blue: 1)))
    }

    @Test("masksToBounds clips sublayers to the bounds")
    func masksToBounds() {
        let (screen, root) = makeScreen(width: 100, height: 100, scale: 1)
        let layer = solid(Self.red, CGRect(x: 10, y: 10, width: 40, height: 40))
        let sub = solid(Self.blue, CGRect(x: 20, y: 20, width: 40, height: 40))
        layer.addSublayer(sub)
        root.layer.addSublayer(layer)
        #expect(close(screen.snapshot().cgImage!.color(x: 55, y: 55), Self.blue), "not clipped by default")
        layer.masksToBounds = true
        #expect(close(screen.snapshot().cgImage!.color(x: 55, y: 55), .white))
        #expect(close(screen.snapshot().cgImage!.color(x: 45, y: 45), Self.blue))
    }
}
