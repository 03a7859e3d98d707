import Testing
@testable import TabulaUIKit
import TabulaUIKitTestSupport

@Suite("CALayer members: affine transform, conversion, hit testing")
@MainActor
struct LayerMemberTests {
    func layer(_ frame: CGRect) -> CALayer {
        let layer = CALayer()
        layer.frame = frame
        return layer
    }

    @Test("setAffineTransform sets the 3D transform; affineTransform reads it back")
    func affineTransform() {
        let l = layer(CGRect(x: 0, y: 0, width: 20, height: 10))
        l.setAffineTransform(CGAffineTransform(rotationAngle: .pi / 2))
        #expect(l.transform == CATransform3D(CGAffineTransform(rotationAngle: .pi / 2)))
        #expect(l.affineTransform() == CGAffineTransform(rotationAngle: .pi / 2))
        #expect(abs(l.frame.width - 10) < 1e-9 && abs(l.frame.height - 20) < 1e-9)
    }

    @Test("points and rects convert between sibling layers through offsets and scales")
    func conversion() {
        let root = layer(CGRect(x: 0, y: 0, width: 300, height: 300))
        let a = layer(CGRect(x: 10, y: 20, width: 50, height: 50))
        let b = layer(CGRect(x: 100, y: 100, width: 50, height: 50))
        b.setAffineTransform(CGAffineTransform(scaleX: 2, y: 2))  // frame now (75, 75, 100, 100)
        root.addSublayer(a)
        root.addSublayer(b)
        #expect(a.convert(CGPoint(x: 5, y: 5), to: root) == CGPoint(x: 15, y: 25))
        #expect(a.convert(CGPoint(x: 15, y: 25), from: nil) == CGPoint(x: 5, y: 5))
        #expect(b.convert(CGPoint(x: 10, y: 10), to: root) == CGPoint(x: 95, y: 95))
        #expect(b.convert(CGPoint(x: 95, y: 95), from: root) == CGPoint(x: 10, y: 10))
        #expect(a.convert(CGPoint(x: 0, y: 0), to: b) == CGPoint(x: -32.5, y: -27.5))
        #expect(b.convert(CGRect(x: 0, y: 0, width: 50, height: 50), to: a) == CGRect(x: 65, y: 55, width: 100, height: 100))
        #expect(a.convert(CGRect(x: 65, y: 55, width: 100, height: 100), to: b) == CGRect(x: 0, y: 0, width: 50, height: 50))
    }

    @Test("hitTest finds the frontmost deepest layer, skips hidden ones, and respects masksToBounds")
    func hitTest() {
        let root = layer(CGRect(x: 0, y: 0, width: 200, height: 200))
        let back = layer(CGRect(x: 0, y: 0, width: 100, height: 100))
        let front = layer(CGRect(x: 50, y: 50, width: 100, height: 100))
        let child = layer(CGRect(x: 80, y: 80, width: 40, height: 40))  // reaches outside front
        root.addSublayer(back)
        root.addSublayer(front)
        front.addSublayer(child)
        #expect(root.hitTest(CGPoint(x: 10, y: 10)) === back)
        #expect(root.hitTest(CGPoint(x: 75, y: 75)) === front)
        #expect(root.hitTest(CGPoint(x: 140, y: 140)) === child)
        #expect(root.hitTest(CGPoint(x: 160, y: 160)) === child)
        #expect(root.hitTest(CGPoint(x: 190, y: 190)) === root)
        #expect(root.hitTest(CGPoint(x: 250, y: 10)) == nil)
        front.masksToBounds = true
        #expect(root.hitTest(CGPoint(x: 160, y: 160)) === root)
        back.zPosition = 1
        #expect(root.hitTest(CGPoint(x: 75, y: 75)) === back)
        back.isHidden = true
        #expect(root.hitTest(CGPoint(x: 75, y: 75)) === front)
        #expect(back.contains(CGPoint(x: 99, y: 99)) && !back.contains(CGPoint(x: 101, y: 5)))
    }

    @Test("allowsEdgeAntialiasing is stored, false by default")
    func edgeAntialiasing() {
        let l = CALayer()
        #expect(l.allowsEdgeAntialiasing == false)
        l.allowsEdgeAntialiasing = true
        #expect(l.allowsEdgeAntialiasing)
    }
}

/// A layer class whose opacity never animates implicitly.
private final class SteadyLayer: CALayer {
    override class func defaultAction(forKey event: String) -> (any CAAction)? {
        event == "opacity" ? NSNull() : nil
    }
}

@Suite("CALayer actions")
@MainActor
struct LayerActionTests {
    func standalone(_ layer: CALayer = CALayer()) -> (HeadlessScreen, CALayer) {
        let (screen, view) = makeAnimationScreen()
        layer.frame = CGRect(x: 10, y: 10, width: 20, height: 20)
        view.layer.addSublayer(layer)
        runFrames(screen, 1)
        return (screen, layer)
    }

    @Test("NSNull in actions turns one property's implicit animation off; others still animate")
    func nullDisables() {
        let (screen, layer) = standalone()
        defer { withExtendedLifetime(screen) {} }
        layer.actions = ["position": NSNull()]
        #expect(layer.action(forKey: "position") == nil)
        #expect(layer.action(forKey: "opacity") is CABasicAnimation, "the implicit animation")
        #expect(layer.action(forKey: "notAProperty") == nil)
        layer.position = CGPoint(x: 70, y: 20)
        layer.opacity = 0
        #expect(layer.animationKeys() == ["opacity"])
    }

    @Test("an animation in actions replaces the implicit one, running from the old value to the new")
    func customAnimation() {
        let (screen, layer) = standalone()
        defer { withExtendedLifetime(screen) {} }
        let slow = CABasicAnimation()
        slow.duration = 1
        layer.actions = ["position": slow]
        layer.position = CGPoint(x: 120, y: 20)
        let running = layer.animation(forKey: "position") as? CABasicAnimation
        #expect(running?.duration == 1)
        runFrames(screen, 30)  // half a second: linear timing would be halfway; the curve is not linear either way
        let x = layer.presentation()!.position.x
        #expect(x > 20 && x < 120, "still moving after 0.5 s of a 1 s animation")
        runFrames(screen, 32)
        #expect(layer.animationKeys() == nil && layer.presentation()!.position.x == 120)
        #expect(slow.fromValue == nil, "the action itself is left as it was")
    }

    @Test("a subclass's defaultAction(forKey:) applies when actions has no entry")
    func classDefault() {
        let (screen, layer) = standalone(SteadyLayer())
        defer { withExtendedLifetime(screen) {} }
        layer.opacity = 0.5
        layer.bounds.size = CGSize(width: 40, height: 40)
        #expect(layer.animationKeys() == ["bounds"])
    }
}
