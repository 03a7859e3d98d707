import Testing
@testable import TabulaUIKit
import TabulaUIKitTestSupport

/// UIKit rounds the frames Auto Layout gives views to the pixels of their screen: each
/// edge to the nearest 1/scale point (so a view centred where the centre falls between
/// pixels moves by less than a pixel, and views placed edge to edge still touch). Frames
/// set in code are left as they are.
@MainActor
@Suite("Auto Layout: frames from constraints are rounded to the screen's pixels", .serialized)
struct PixelRoundingTests {
    /// Whether `value` points is a whole number of pixels at `scale`.
    func isOnPixel(_ value: CGFloat, scale: CGFloat) -> Bool {
        abs((value * scale).rounded() - value * scale) < 1e-9
    }

    func expectOnPixels(_ frame: CGRect, scale: CGFloat, sourceLocation: SourceLocation = #_sourceLocation) {
        for edge in [frame.minX, frame.maxX, frame.minY, frame.maxY] {
            #expect(isOnPixel(edge, scale: scale), "\(frame) has an edge between pixels at \(scale)x", sourceLocation: sourceLocation)
        }
    }

    @Test("a button centred where the centre falls between pixels moves to the nearest pixel, its size kept")
    func centredButton() {
        // 161 wide: a 100-point button centred starts at 30.5, a pixel and a half from 30 at 3x.
        let (screen, root) = makeScreen(width: 161, height: 120, scale: 3)
        let button = UIButton(type: .system)
        button.setTitle("Sign In", for: .normal)
        button.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(button)
        NSLayoutConstraint.activate([
            button.centerXAnchor.constraint(equalTo: root.centerXAnchor),
            button.widthAnchor.constraint(equalToConstant: 100),
            // The port trial's case: a top edge solved at 98.571 points.
            button.topAnchor.constraint(equalTo: root.topAnchor, constant: 690.0 / 7),
            button.heightAnchor.constraint(equalToConstant: 44),
        ])
        screen.advance(by: 1.0 / 60)
        expectOnPixels(button.frame, scale: 3)
        // 30.5 points is 91.5 pixels: the half rounds up, to 92 (as UIKit: 173.5 → 173.667).
        #expect(abs(button.frame.minX - 92.0 / 3) < 1e-9, "\(button.frame)")
        // 98.571 points is 295.71 pixels: 296.
        #expect(abs(button.frame.minY - 296.0 / 3) < 1e-9, "\(button.frame)")
        #expect(abs(button.frame.width - 100) < 1e-9 && abs(button.frame.height - 44) < 1e-9, "\(button.frame)")
        writeForLooking(screen.snapshot(), "pixel-rounded-centred-button")
    }

    @Test("the same layout on a 2x screen rounds to half points", arguments: [(CGFloat(2), CGFloat(30.5)), (1, 31)])
    func roundsToTheScreensScale(scale: CGFloat, left: CGFloat) {
        let (screen, root) = makeScreen(width: 161, height: 120, scale: scale)
        let view = UIView()
        view.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(view)
        NSLayoutConstraint.activate([
            view.centerXAnchor.constraint(equalTo: root.centerXAnchor),
            view.widthAnchor.constraint(equalToConstant: 100),
            view.topAnchor.constraint(equalTo: root.topAnchor, constant: 10.2),
            view.heightAnchor.constraint(equalToConstant: 20),
        ])
        screen.advance(by: 1.0 / 60)
        expectOnPixels(view.frame, scale: scale)
        #expect(view.frame.minX == left, "\(view.frame)")
        #expect(view.frame.minY == 10, "\(view.frame)")
    }

    @Test("views chained edge to edge in equal shares still touch, each within a pixel of its share")
    func chainStaysTouching() {
        let (screen, root) = makeScreen(width: 100, height: 60, scale: 3)
        var views: [UIView] = []
        for _ in 0 ..< 7 {
            let view = UIView()
            view.translatesAutoresizingMaskIntoConstraints = false
            root.addSubview(view)
            NSLayoutConstraint.activate([
                view.leadingAnchor.constraint(equalTo: views.last?.trailingAnchor ?? root.leadingAnchor),
                view.topAnchor.constraint(equalTo: root.topAnchor, constant: 10),
                view.heightAnchor.constraint(equalToConstant: 20),
                // 100/7 = 14.2857… points each.
                view.widthAnchor.constraint(equalTo: root.widthAnchor, multiplier: 1.0 / 7),
            ])
            views.append(view)
        }
        screen.advance(by: 1.0 / 60)
        #expect(views.first!.frame.minX == 0)
        #expect(abs(views.last!.frame.maxX - 100) < 1e-9, "\(views.last!.frame)")
        for (view, next) in zip(views, views.dropFirst()) {
            #expect(abs(view.frame.maxX - next.frame.minX) < 1e-9, "a gap or an overlap: \(view.frame) then \(next.frame)")
        }
        for (i, view) in views.enumerated() {
            expectOnPixels(view.frame, scale: 3)
            #expect(abs(view.frame.width - 100.0 / 7) <= 1.0 / 3 + 1e-9, "view \(i): \(view.frame)")
            // Each edge is the nearest pixel to where the solver put it.
            #expect(abs(view.frame.minX - CGFloat(i) * 100 / 7) <= 1.0 / 6 + 1e-9, "view \(i): \(view.frame)")
        }
    }

    @Test("a subview's edges are rounded in its superview's coordinates, inside a rounded superview")
    func nestedViews() {
        let (screen, root) = makeScreen(width: 160, height: 120, scale: 3)
        let outer = UIView(), inner = UIView()
        for view in [outer, inner] { view.translatesAutoresizingMaskIntoConstraints = false }
        root.addSubview(outer)
        outer.addSubview(inner)
        NSLayoutConstraint.activate([
            outer.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 10.1),
            outer.topAnchor.constraint(equalTo: root.topAnchor, constant: 20.45),
            outer.widthAnchor.constraint(equalToConstant: 80.3),
            outer.heightAnchor.constraint(equalToConstant: 50),
            inner.leadingAnchor.constraint(equalTo: outer.leadingAnchor, constant: 5.05),
            inner.trailingAnchor.constraint(equalTo: outer.trailingAnchor, constant: -5.05),
            inner.topAnchor.constraint(equalTo: outer.topAnchor, constant: 0.2),
            inner.bottomAnchor.constraint(equalTo: outer.bottomAnchor),
        ])
        screen.advance(by: 1.0 / 60)
        expectOnPixels(outer.frame, scale: 3)
        expectOnPixels(inner.frame, scale: 3)
        // 10.1 → 30.3 px → 30; 90.4 → 271.2 px → 271; 20.45 → 61.35 px → 61.
        #expect(abs(outer.frame.minX - 10) < 1e-9 && abs(outer.frame.maxX - 271.0 / 3) < 1e-9, "\(outer.frame)")
        #expect(abs(outer.frame.minY - 61.0 / 3) < 1e-9, "\(outer.frame)")
        // 5.05 → 15.15 px → 15; 75.25 → 225.75 px → 226; 0.2 → 0.6 px → 1.
        #expect(abs(inner.frame.minX - 5) < 1e-9 && abs(inner.frame.maxX - 226.0 / 3) < 1e-9, "\(inner.frame)")
        #expect(abs(inner.frame.minY - 1.0 / 3) < 1e-9, "\(inner.frame)")
    }

    @Test("a frame set in code is kept as it is, beside views that constraints place")
    func framesSetInCodeAreNotRounded() {
        let (screen, root) = makeScreen(width: 160, height: 120, scale: 3)
        let placed = UIView(), byHand = UIView(frame: CGRect(x: 10.25, y: 20.1, width: 30.05, height: 10.4))
        placed.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(placed)
        root.addSubview(byHand)
        NSLayoutConstraint.activate([
            placed.leadingAnchor.constraint(equalTo: byHand.trailingAnchor),
            placed.topAnchor.constraint(equalTo: byHand.bottomAnchor),
            placed.widthAnchor.constraint(equalToConstant: 20),
            placed.heightAnchor.constraint(equalToConstant: 20),
        ])
        screen.advance(by: 1.0 / 60)
        // (Within the error of a frame kept as a centre and a size.)
        let set = CGRect(x: 10.25, y: 20.1, width: 30.05, height: 10.4)
        for (kept, given) in [(byHand.frame.minX, set.minX), (byHand.frame.minY, set.minY),
                              (byHand.frame.width, set.width), (byHand.frame.height, set.height)] {
            #expect(abs(kept - given) < 1e-9, "\(byHand.frame)")
        }
        expectOnPixels(placed.frame, scale: 3)
        // 40.3 → 120.9 px → 121; 30.5 → 91.5 px → 92.
        #expect(abs(placed.frame.minX - 121.0 / 3) < 1e-9 && abs(placed.frame.minY - 92.0 / 3) < 1e-9, "\(placed.frame)")
    }

    @Test("a kept system sets its frames again when the screen's scale changes")
    func newScaleRoundsAgain() {
        let (screen, root) = makeScreen(width: 161, height: 120, scale: 2)
        let view = UIView()
        view.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(view)
        NSLayoutConstraint.activate([
            view.centerXAnchor.constraint(equalTo: root.centerXAnchor),
            view.widthAnchor.constraint(equalToConstant: 100),
            view.topAnchor.constraint(equalTo: root.topAnchor, constant: 10),
            view.heightAnchor.constraint(equalToConstant: 20),
        ])
        screen.advance(by: 1.0 / 60)
        #expect(view.frame.minX == 30.5)
        let other = HeadlessScreen(size: CGSize(width: 161, height: 120), scale: 3)
        other.show(root.window!)
        other.advance(by: 1.0 / 60)
        #expect(abs(view.frame.minX - 92.0 / 3) < 1e-9, "\(view.frame)")
    }

    @Test("pixelAligned rounds both ends, halves away from zero, and ignores the drift of incremental sums")
    func pixelAligned() {
        let a = ConstraintSystem.pixelAligned(30.5, 100, scale: 3)
        #expect(a.start * 3 == 92 && a.length * 3 == 300)
        let b = ConstraintSystem.pixelAligned(-0.5, 1, scale: 1)
        #expect(b.start == -1 && b.length == 2)
        // 10.1666… is 30.5 pixels at 3x; a sum that drifted below it rounds up all the same.
        let drifted = ConstraintSystem.pixelAligned(61.0 / 6 - 1e-12, 1, scale: 3)
        #expect(drifted.start * 3 == 31)
        let c = ConstraintSystem.pixelAligned(0.1, 0.1, scale: 3)
        #expect(c.start == 0 && c.length * 3 == 1)
    }
}
