import Testing
@testable import TabulaUIKit
import TabulaUIKitTestSupport

/// A view whose touch area reaches `outset` points past its bounds on every side.
final class GenerousView: UIView {
    var outset: CGFloat = 20
    override func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
        bounds.insetBy(dx: -outset, dy: -outset).contains(point)
    }
}

@MainActor
@Suite("Views: hit testing and coordinate conversion")
struct HitTestingTests {
    func approx(_ a: CGPoint, _ b: CGPoint, _ tolerance: CGFloat = 1e-6) -> Bool {
        abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
    }

    func approx(_ a: CGRect, _ b: CGRect, _ tolerance: CGFloat = 1e-6) -> Bool {
        abs(a.minX - b.minX) <= tolerance && abs(a.minY - b.minY) <= tolerance
            && abs(a.width - b.width) <= tolerance && abs(a.height - b.height) <= tolerance
    }

    /// A shown window whose root view fills a 200×200 screen.
    func makeWindow() -> (HeadlessScreen, UIWindow, UIView) {
        let (screen, root) = makeScreen(width: 200, height: 200, scale: 1)
        return (screen, root.window!, root)
    }

    @Test("hitTest returns the deepest, front-most view containing the point")
    func deepestFrontMost() {
        let (_, window, root) = makeWindow()
        let back = UIView(frame: CGRect(x: 10, y: 10, width: 100, height: 100))
        let front = UIView(frame: CGRect(x: 50, y: 50, width: 100, height: 100))
        let inner = UIView(frame: CGRect(x: 10, y: 10, width: 20, height: 20))
        root.addSubview(back)
        root.addSubview(front)
        front.addSubview(inner)
        #expect(window.hitTest(CGPoint(x: 20, y: 20), with: nil) === back)
        #expect(window.hitTest(CGPoint(x: 70, y: 70), with: nil) === inner, "deepest, in the front view")
        #expect(window.hitTest(CGPoint(x: 100, y: 100), with: nil) === front, "front wins the overlap")
        #expect(window.hitTest(CGPoint(x: 190, y: 5), with: nil) === root)
        #expect(window.hitTest(CGPoint(x: 250, y: 5), with: nil) == nil, "outside the window")
        root.bringSubviewToFront(back)
        #expect(window.hitTest(CGPoint(x: 100, y: 100), with: nil) === back, "order follows the subviews")
    }

    @Test("hidden views and their subviews are skipped")
    func hiddenSkipped() {
        let (_, window, root) = makeWindow()
        let back = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let front = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let child = UIView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        root.addSubview(back)
        root.addSubview(front)
        front.addSubview(child)
        #expect(window.hitTest(CGPoint(x: 10, y: 10), with: nil) === child)
        front.isHidden = true
        #expect(window.hitTest(CGPoint(x: 10, y: 10), with: nil) === back)
    }

    @Test("alpha below 0.01 is skipped, alpha 0.02 is still hit",
          arguments: [(CGFloat(0.005), false), (0.0, false), (0.02, true), (0.5, true)])
    func alphaThreshold(_ alpha: CGFloat, _ hit: Bool) {
        let (_, window, root) = makeWindow()
        let back = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let front = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let child = UIView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        root.addSubview(back)
        root.addSubview(front)
        front.addSubview(child)
        front.alpha = alpha
        #expect((window.hitTest(CGPoint(x: 10, y: 10), with: nil) === child) == hit)
        #expect((window.hitTest(CGPoint(x: 10, y: 10), with: nil) === back) == !hit)
    }

    @Test("a view with user interaction disabled is skipped with its subviews")
    func interactionDisabled() {
        let (_, window, root) = makeWindow()
        let back = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let front = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let child = UIView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        root.addSubview(back)
        root.addSubview(front)
        front.addSubview(child)
        front.isUserInteractionEnabled = false
        #expect(window.hitTest(CGPoint(x: 10, y: 10), with: nil) === back)
        #expect(window.hitTest(CGPoint(x: 70, y: 70), with: nil) === back)
        // A label (interaction off by default) lets touches through to what is behind it.
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        root.addSubview(label)
        #expect(window.hitTest(CGPoint(x: 10, y: 10), with: nil) === back)
    }

    @Test("overriding point(inside:with:) extends the touch area")
    func extendedHitArea() {
        let (_, window, root) = makeWindow()
        let button = GenerousView(frame: CGRect(x: 80, y: 80, width: 20, height: 20))
        root.addSubview(button)
        #expect(window.hitTest(CGPoint(x: 70, y: 75), with: nil) === button)
        #expect(window.hitTest(CGPoint(x: 115, y: 115), with: nil) === button)
        #expect(window.hitTest(CGPoint(x: 125, y: 90), with: nil) === root)
        #expect(button.point(inside: CGPoint(x: -19, y: 0), with: nil))
    }

    @Test("a subview outside its superview's bounds is not hit, even though it is drawn")
    func outsideSuperview() {
        let (_, window, root) = makeWindow()
        let parent = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let overhang = UIView(frame: CGRect(x: 80, y: 0, width: 60, height: 40))
        root.addSubview(parent)
        parent.addSubview(overhang)
        #expect(parent.clipsToBounds == false)
        #expect(window.hitTest(CGPoint(x: 90, y: 10), with: nil) === overhang, "the part inside is hit")
        #expect(window.hitTest(CGPoint(x: 120, y: 10), with: nil) === root, "the part outside is not")
        #expect(overhang.hitTest(CGPoint(x: 50, y: 10), with: nil) === overhang,
                "the view itself does contain the point")
    }

    @Test("hit testing goes through a rotated view's transformed geometry")
    func rotatedView() {
        let (_, window, root) = makeWindow()
        // 100×20 centred at (100, 100), turned a quarter: it covers x 90...110, y 50...150.
        let bar = UIView(frame: CGRect(x: 50, y: 90, width: 100, height: 20))
        bar.transform = CGAffineTransform(rotationAngle: .pi / 2)
        let tip = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 20))
        bar.addSubview(tip)
        root.addSubview(bar)
        #expect(window.hitTest(CGPoint(x: 100, y: 70), with: nil) === bar)
        #expect(window.hitTest(CGPoint(x: 140, y: 100), with: nil) === root, "inside the untransformed frame only")
        // The bar's left end (its tip) is now at the top, and its top edge faces right.
        #expect(window.hitTest(CGPoint(x: 105, y: 55), with: nil) === tip)
        #expect(window.hitTest(CGPoint(x: 100, y: 145), with: nil) === bar)
    }

    @Test("hit testing goes through a scaled view's transformed geometry")
    func scaledView() {
        let (_, window, root) = makeWindow()
        let view = UIView(frame: CGRect(x: 40, y: 40, width: 20, height: 20))
        view.transform = CGAffineTransform(scaleX: 3, y: 3)
        let corner = UIView(frame: CGRect(x: 0, y: 0, width: 5, height: 5))
        view.addSubview(corner)
        root.addSubview(view)
        // Scaled 3× about its centre (50, 50): it covers 20...80, its corner subview 20...35.
        #expect(window.hitTest(CGPoint(x: 22, y: 22), with: nil) === corner)
        #expect(window.hitTest(CGPoint(x: 40, y: 30), with: nil) === view)
        #expect(window.hitTest(CGPoint(x: 78, y: 78), with: nil) === view)
        #expect(window.hitTest(CGPoint(x: 85, y: 50), with: nil) === root)
        #expect(approx(view.frame, CGRect(x: 20, y: 20, width: 60, height: 60)))
    }

    @Test("convert(_:to:) and convert(_:from:) map through transforms; nil means the window")
    func pointConversion() {
        let (_, window, root) = makeWindow()
        let container = UIView(frame: CGRect(x: 10, y: 10, width: 180, height: 180))
        root.addSubview(container)
        let a = UIView(frame: CGRect(x: 20, y: 20, width: 40, height: 40))
        a.transform = CGAffineTransform(rotationAngle: .pi / 2)
        let b = UIView(frame: CGRect(x: 100, y: 100, width: 20, height: 20))
        b.transform = CGAffineTransform(scaleX: 2, y: 2).rotated(by: .pi / 6)
        container.addSubview(a)
        container.addSubview(b)

        // a's centre is (40, 40) in the container, (50, 50) in the window; turned a
        // quarter, its top-left corner lands at the top-right.
        #expect(approx(a.convert(CGPoint(x: 0, y: 0), to: nil), CGPoint(x: 70, y: 30)))
        #expect(approx(a.convert(CGPoint(x: 20, y: 20), to: nil), CGPoint(x: 50, y: 50)))
        #expect(approx(a.convert(CGPoint(x: 0, y: 0), to: window), CGPoint(x: 70, y: 30)))
        #expect(approx(a.convert(CGPoint(x: 70, y: 30), from: nil), .zero))
        #expect(approx(a.convert(CGPoint(x: 0, y: 0), to: container), CGPoint(x: 60, y: 20)))

        // Round trips between the siblings.
        for p in [CGPoint(x: 0, y: 0), CGPoint(x: 5, y: 33), CGPoint(x: -12, y: 48)] {
            let inB = a.convert(p, to: b)
            #expect(approx(b.convert(inB, to: a), p, 1e-9))
            #expect(approx(a.convert(inB, from: b), p, 1e-9))
            #expect(approx(b.convert(p, from: a), inB, 1e-9))
        }
        // b's centre maps to itself through the window.
        let bCentre = CGPoint(x: 10, y: 10)
        #expect(approx(b.convert(bCentre, to: nil), CGPoint(x: 120, y: 120)))
        #expect(approx(b.convert(CGPoint(x: 120, y: 120), from: nil), bCentre))
    }

    @Test("converting a rect through a rotation gives the bounding box of its corners")
    func rectConversion() {
        let (screen, window, root) = makeWindow()
        defer { withExtendedLifetime((screen, window)) {} }
        let view = UIView(frame: CGRect(x: 40, y: 40, width: 20, height: 20))
        view.transform = CGAffineTransform(rotationAngle: .pi / 4)
        root.addSubview(view)
        let box = view.convert(view.bounds, to: nil)
        let half = 10 * 2.0.squareRoot()
        #expect(approx(box, CGRect(x: 50 - half, y: 50 - half, width: 2 * half, height: 2 * half), 1e-9))
        #expect(approx(box, view.frame, 1e-9), "the bounds in the superview are the frame")
        let back = view.convert(CGRect(x: 40, y: 40, width: 20, height: 20), from: nil)
        #expect(approx(back, CGRect(x: -half + 10, y: -half + 10, width: 2 * half, height: 2 * half), 1e-9))
        // Without a transform a rect just moves.
        let plain = UIView(frame: CGRect(x: 5, y: 7, width: 10, height: 10))
        root.addSubview(plain)
        #expect(plain.convert(CGRect(x: 1, y: 2, width: 3, height: 4), to: nil) == CGRect(x: 6, y: 9, width: 3, height: 4))
    }
}
