import Foundation
import Testing
@testable import TabulaUIKit
import TabulaUIKitTestSupport

/// A view whose alignment rectangle is its frame less a 4-point shadow on the right and bottom.
@MainActor
private final class ShadowedView: UIView {
    override var alignmentRectInsets: UIEdgeInsets { UIEdgeInsets(top: 0, left: 0, bottom: 4, right: 4) }
}

@Suite("UIView and UIColor members")
@MainActor
struct ViewMemberTests {
    @Test("anchorPoint keeps the center and moves the frame; transform3D is the layer's transform")
    func anchorPointAndTransform3D() {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 40))
        view.anchorPoint = CGPoint(x: 0, y: 0)
        #expect(view.layer.anchorPoint == CGPoint(x: 0, y: 0))
        #expect(view.center == CGPoint(x: 50, y: 20))
        #expect(view.frame == CGRect(x: 50, y: 20, width: 100, height: 40))
        view.transform3D = CATransform3DMakeScale(2, 2, 1)
        #expect(view.layer.transform == CATransform3DMakeScale(2, 2, 1))
        #expect(view.transform == CGAffineTransform(scaleX: 2, y: 2))
        #expect(view.frame == CGRect(x: 50, y: 20, width: 200, height: 80))
    }

    @Test("alignment rectangles inset and outset the frame by alignmentRectInsets")
    func alignmentRects() {
        let view = ShadowedView(frame: CGRect(x: 10, y: 10, width: 50, height: 30))
        #expect(view.alignmentRect(forFrame: view.frame) == CGRect(x: 10, y: 10, width: 46, height: 26))
        #expect(view.frame(forAlignmentRect: CGRect(x: 0, y: 0, width: 46, height: 26)) == CGRect(x: 0, y: 0, width: 50, height: 30))
        #expect(UIView().alignmentRect(forFrame: CGRect(x: 1, y: 2, width: 3, height: 4)) == CGRect(x: 1, y: 2, width: 3, height: 4))
    }

    @Test("contentScaleFactor is the window's scale once shown, and sets the layer's contentsScale")
    func contentScaleFactor() {
        let (screen, root) = makeScreen(width: 100, height: 100, scale: 2)
        defer { withExtendedLifetime(screen) {} }
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        root.addSubview(view)
        runFrames(screen, 1)
        #expect(view.contentScaleFactor == 2)
        view.contentScaleFactor = 3
        #expect(view.layer.contentsScale == 3)
        view.contentScaleFactor = 0
        #expect(view.contentScaleFactor == 3)
    }

    @Test("an exclusive-touch view holds off touches elsewhere, and is not touched while another view is")
    func exclusiveTouch() {
        let (screen, root) = touchScreen()
        defer { withExtendedLifetime(screen) {} }
        let exclusive = TouchLogView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        exclusive.isExclusiveTouch = true
        let other = TouchLogView(frame: CGRect(x: 150, y: 0, width: 100, height: 100))
        root.addSubview(exclusive)
        root.addSubview(other)
        let first = screen.touchDown(at: CGPoint(x: 50, y: 50))
        let second = screen.touchDown(at: CGPoint(x: 200, y: 50))
        screen.liftTouch(second)
        screen.liftTouch(first)
        #expect(exclusive.log == ["began(1)", "ended"])
        #expect(other.log.isEmpty)

        let third = screen.touchDown(at: CGPoint(x: 200, y: 50))
        let fourth = screen.touchDown(at: CGPoint(x: 50, y: 50))
        screen.liftTouch(fourth)
        screen.liftTouch(third)
        #expect(other.log == ["began(1)", "ended"])
        #expect(exclusive.log == ["began(1)", "ended"])

        exclusive.isExclusiveTouch = false
        let a = screen.touchDown(at: CGPoint(x: 50, y: 50))
        let b = screen.touchDown(at: CGPoint(x: 200, y: 50))
        screen.liftTouch(a)
        screen.liftTouch(b)
        #expect(exclusive.log.count == 4 && other.log.count == 4)
    }

    @Test("restorationIdentifier is stored")
    func restorationIdentifier() {
        let view = UIView()
        #expect(view.restorationIdentifier == nil)
        view.restorationIdentifier = "detail"
        #expect(view.restorationIdentifier == "detail")
    }

    @Test("darkText is black, lightText 60 % white, and Display P3 colours convert to sRGB")
    func colors() {
        #expect(UIColor.darkText.cgColor == UIColor(white: 0, alpha: 1).cgColor)
        let light = UIColor.lightText.cgColor
        #expect(light == UIColor(white: 1, alpha: 0.6).cgColor)
        // P3 white and black are sRGB white and black; P3's pure red lies outside sRGB and clamps.
        var r: CGFloat = 0, g: CGFloat = 0, b: CGFloat = 0, a: CGFloat = 0
        UIColor(displayP3Red: 1, green: 1, blue: 1, alpha: 1).getRed(&r, green: &g, blue: &b, alpha: &a)
        #expect(abs(r - 1) < 1e-3 && abs(g - 1) < 1e-3 && abs(b - 1) < 1e-3 && a == 1)
        UIColor(displayP3Red: 1, green: 0, blue: 0, alpha: 0.5).getRed(&r, green: &g, blue: &b, alpha: &a)
        #expect(abs(r - 1) < 1e-3 && g == 0 && b == 0 && a == 0.5, "outside sRGB: clamped")
        // A mid P3 grey stays grey; a muted P3 red shifts toward sRGB's more saturated primaries.
        UIColor(displayP3Red: 0.5, green: 0.5, blue: 0.5, alpha: 1).getRed(&r, green: &g, blue: &b, alpha: &a)
        #expect(abs(r - 0.5) < 0.01 && abs(g - 0.5) < 0.01 && abs(b - 0.5) < 0.01)
        UIColor(displayP3Red: 0.8, green: 0.3, blue: 0.3, alpha: 1).getRed(&r, green: &g, blue: &b, alpha: &a)
        #expect(r > 0.82 && g < 0.3)
    }
}
