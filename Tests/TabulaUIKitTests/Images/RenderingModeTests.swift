import Foundation
import Testing
@testable import TabulaUIKit
import TabulaUIKitTestSupport

@MainActor
@Suite("Rendering modes and tint in image views")
struct RenderingModeTests {
    /// An image view showing `image` on a white screen at 2x, and the screen.
    func show(_ image: UIImage?, tint: UIColor? = nil) -> (HeadlessScreen, UIImageView) {
        let (screen, root) = makeScreen(width: 80, height: 60, scale: 2)
        let view = UIImageView(image: image)
        view.frame.origin = CGPoint(x: 10, y: 10)
        if let tint { view.tintColor = tint }
        root.addSubview(view)
        screen.advance(by: 1.0 / 60)
        return (screen, view)
    }

    /// The colour of the most saturated or darkest solid pixel the view covers on screen.
    func inkColor(_ screen: HeadlessScreen, _ view: UIImageView) throws -> Color {
        let frame = try #require(screen.snapshot().cgImage)
        let rect = view.frame
        var best = Color.white, bestDistance = 0.0
        for y in Int(rect.minY * 2) ..< Int(rect.maxY * 2) {
            for x in Int(rect.minX * 2) ..< Int(rect.maxX * 2) {
                let c = frame.color(x: x, y: y)
                let distance = (1 - c.red) + (1 - c.green) + (1 - c.blue)
                if distance > bestDistance { (best, bestDistance) = (c, distance) }
            }
        }
        return best
    }

    @Test("a symbol is a template: the image view paints it in its tint colour and repaints when the tint changes")
    func symbolTakesTint() throws {
        let (screen, view) = show(UIImage(systemName: "heart.fill"), tint: .systemRed)
        #expect(isClose(try inkColor(screen, view), UIColor.systemRed.cgColor))
        view.tintColor = .systemGreen
        screen.advance(by: 1.0 / 60)
        #expect(isClose(try inkColor(screen, view), UIColor.systemGreen.cgColor))
        view.tintColor = nil
        view.superview?.tintColor = .systemPurple
        screen.advance(by: 1.0 / 60)
        #expect(isClose(try inkColor(screen, view), UIColor.systemPurple.cgColor), "an inherited tint counts")
    }

    @Test("withTintColor fixes a symbol's colour whatever the view's tint; alwaysOriginal draws it black")
    func fixedColours() throws {
        let heart = try #require(UIImage(systemName: "heart.fill"))
        let (screen, view) = show(heart.withTintColor(.systemOrange), tint: .systemBlue)
        #expect(isClose(try inkColor(screen, view), UIColor.systemOrange.cgColor))
        view.image = heart.withRenderingMode(.alwaysOriginal)
        screen.advance(by: 1.0 / 60)
        #expect(isClose(try inkColor(screen, view), .black))
        #expect(heart.withTintColor(.red, renderingMode: .alwaysOriginal).renderingMode == .alwaysOriginal)
        #expect(heart.withTintColor(.red).renderingMode == .automatic, "withTintColor keeps the rendering mode")
    }

    @Test("a bitmap keeps its colours, unless made a template: then the view paints its shape in the tint")
    func bitmapTemplate() throws {
        let bitmap = Bitmap(width: 20, height: 20)
        let ctx = CGContext(bitmap: bitmap)
        ctx.setFillColor(Color(rgb: 0x336699))
        ctx.fill(Path(ellipseIn: CGRect(x: 0, y: 0, width: 20, height: 20)))
        let image = UIImage(cgImage: bitmap, scale: 2)
        #expect(image.renderingMode == .automatic && !image.drawsAsTemplate)
        let (screen, view) = show(image, tint: .systemRed)
        #expect(isClose(try inkColor(screen, view), Color(rgb: 0x336699)))
        view.image = image.withRenderingMode(.alwaysTemplate)
        screen.advance(by: 1.0 / 60)
        #expect(isClose(try inkColor(screen, view), UIColor.systemRed.cgColor))
        let corner = try #require(screen.snapshot().cgImage).color(x: 21, y: 21)
        #expect(isClose(corner, .white), "only the shape is painted: the corners stay clear")
        view.tintColor = .systemTeal
        screen.advance(by: 1.0 / 60)
        #expect(isClose(try inkColor(screen, view), UIColor.systemTeal.cgColor))
    }

    @Test("withTintColor on a bitmap paints it in the colour where it has coverage")
    func bitmapWithTint() throws {
        let bitmap = Bitmap(width: 4, height: 4)
        bitmap.clear(to: Color(red: 0, green: 0, blue: 1, alpha: 0.5))
        let tinted = try #require(UIImage(cgImage: bitmap).withTintColor(.red).cgImage)
        let pixel = tinted.color(x: 1, y: 1)
        #expect(isClose(pixel, Color(red: 1, green: 0, blue: 0)) && abs(pixel.alpha - 0.5) < 0.02)
    }

    @Test("an image view sizes a symbol by its preferred configuration, under the image's own; its intrinsic size is the image's")
    func preferredConfiguration() throws {
        let star = try #require(UIImage(systemName: "star"))
        let view = UIImageView(image: star)
        #expect(view.intrinsicContentSize == star.size)
        view.preferredSymbolConfiguration = UIImage.SymbolConfiguration(pointSize: 34)
        let large = view.intrinsicContentSize
        #expect(large.width > star.size.width * 1.8)
        view.image = UIImage(systemName: "star", withConfiguration: UIImage.SymbolConfiguration(pointSize: 17))
        #expect(view.intrinsicContentSize == star.size, "the image's own point size wins")
        view.image = UIImage(systemName: "star", withConfiguration: UIImage.SymbolConfiguration(weight: .black))
        #expect(view.intrinsicContentSize.width > large.width, "its weight adds to the view's point size")
        view.preferredSymbolConfiguration = nil
        view.image = nil
        #expect(view.intrinsicContentSize == CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric), "no image, no intrinsic size")
    }

    @Test("a symbol is drawn at the window's pixel density, so it stays sharp")
    func sharpAtWindowScale() throws {
        let image = try #require(UIImage(systemName: "gear", compatibleWith: UITraitCollection(displayScale: 1)))
        let (_, view) = show(image)
        #expect(view.layer.contentsScale == 2)
        let contents = try #require(view.layer.contents)
        #expect(CGFloat(contents.width) == image.size.width * 2)
    }

    @Test("a highlighted image view shows its highlighted image, tinted too")
    func highlighted() throws {
        let (screen, view) = show(UIImage(systemName: "star"), tint: .systemRed)
        view.highlightedImage = UIImage(systemName: "star.fill")
        let outlineInk = inkCount(try #require(view.layer.contents))
        view.isHighlighted = true
        screen.advance(by: 1.0 / 60)
        #expect(inkCount(try #require(view.layer.contents)) > outlineInk)
        #expect(isClose(try inkColor(screen, view), UIColor.systemRed.cgColor))
    }
}
