import Foundation
import Testing
@testable import TabulaUIKit
import TabulaUIKitTestSupport

@Suite("UIImageView animation")
@MainActor
struct ImageViewAnimationTests {
    func solid(_ color: UIColor) -> UIImage {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        return UIGraphicsImageRenderer(size: CGSize(width: 10, height: 10), format: format).image { _ in
            color.setFill()
            UIRectFill(CGRect(x: 0, y: 0, width: 10, height: 10))
        }
    }

    @Test("frames advance with the screen clock, one pass per animationDuration, and stop after animationRepeatCount passes")
    func framesAdvance() throws {
        let (screen, root) = makeScreen(width: 40, height: 40, scale: 1)
        defer { withExtendedLifetime(screen) {} }
        let still = solid(.black)
        let frames = [solid(.red), solid(.green), solid(.blue)]
        let view = UIImageView(image: still)
        view.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        root.addSubview(view)
        view.animationImages = frames
        view.animationDuration = 0.3
        view.animationRepeatCount = 1
        #expect(!view.isAnimating)
        view.startAnimating()
        #expect(view.isAnimating)
        screen.advance(by: 1.0 / 60)
        #expect(view.displayedImage === frames[0])
        let red = try #require(screen.snapshot().cgImage).color(x: 5, y: 5)
        #expect(red.red > 0.9 && red.green < 0.1)
        screen.advance(by: 0.15)
        #expect(view.displayedImage === frames[1])
        screen.advance(by: 0.1)
        #expect(view.displayedImage === frames[2])
        screen.advance(by: 0.1)
        #expect(!view.isAnimating, "one pass, then it stops by itself")
        #expect(view.displayedImage === still)
    }

    @Test("stopAnimating shows the still image; empty images never animate; repeat 0 goes on")
    func stopAndEdgeCases() {
        let (screen, root) = makeScreen(width: 40, height: 40, scale: 1)
        defer { withExtendedLifetime(screen) {} }
        let still = solid(.black)
        let frames = [solid(.red), solid(.green)]
        let view = UIImageView(image: still)
        root.addSubview(view)
        view.startAnimating()
        #expect(!view.isAnimating, "no images: nothing to animate")
        view.animationImages = frames  // default duration: 2/30 s a pass, repeating forever
        view.startAnimating()
        screen.advance(by: 1.0)
        #expect(view.isAnimating)
        #expect(frames.contains { $0 === view.displayedImage })
        view.stopAnimating()
        #expect(!view.isAnimating && view.displayedImage === still)
        view.startAnimating()
        view.animationImages = []
        #expect(!view.isAnimating && view.displayedImage === still)
    }
}

@Suite("UIImage standard images")
@MainActor
struct StandardImageTests {
    @Test("checkmark, add and remove are template symbols that draw ink, each different")
    func standardImages() throws {
        let images = [UIImage.checkmark, UIImage.add, UIImage.remove]
        for image in images {
            #expect(image.isSymbolImage && image.renderingMode != .alwaysOriginal)
            let pixels = try #require(image.withTintColor(.black).pixels(displayScale: 2, tint: .black))
            #expect(inkCount(pixels.bitmap, threshold: 1) > 20)
        }
        #expect(UIImage.checkmark.symbol?.name == "checkmark.circle.fill")
        #expect(UIImage.add.symbol?.name == "plus" && UIImage.remove.symbol?.name == "minus")
    }
}
