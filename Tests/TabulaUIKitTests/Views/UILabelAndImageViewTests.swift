import Foundation
import Testing
@testable import TabulaUIKit
import TabulaUIKitTestSupport

/// A PNG of `width`×`height` pixels: a 2-pixel red border around a blue centre.
@MainActor
func borderedImageData(width: Int, height: Int) -> Data {
    let bitmap = Bitmap(width: width, height: height, opaque: true)
    bitmap.clear(to: Color(rgb: 0xFF0000))
    let ctx = GraphicsContext(bitmap: bitmap)
    ctx.setFillColor(Color(rgb: 0x0000FF))
    ctx.fill(CGRect(x: 2, y: 2, width: width - 4, height: height - 4))
    return bitmap.pngData()
}

@MainActor
@Suite("UILabel")
struct UILabelTests {
    @Test("intrinsic size grows with the text and the font, rounded up to whole points")
    func intrinsicSize() {
        let label = UILabel()
        label.text = "Short"
        let short = label.intrinsicContentSize
        label.text = "A considerably longer line of text"
        let long = label.intrinsicContentSize
        #expect(long.width > short.width * 3)
        #expect(long.height == short.height)
        #expect(long.width == long.width.rounded(.up))
        label.font = .systemFont(ofSize: 34)
        #expect(label.intrinsicContentSize.height > long.height * 1.8)
        label.text = nil
        #expect(label.intrinsicContentSize == .zero)
    }

    @Test("numberOfLines = 0 wraps at the given width; 1 line stays one line")
    func wrapping() {
        let label = UILabel()
        label.text = String(repeating: "Wrap me please. ", count: 10)
        let oneLine = label.sizeThatFits(CGSize(width: 200, height: 0))
        #expect(oneLine.width <= 200)
        label.numberOfLines = 0
        let wrapped = label.sizeThatFits(CGSize(width: 200, height: 0))
        #expect(wrapped.width <= 200)
        #expect(wrapped.height >= oneLine.height * 3)
        label.numberOfLines = 2
        let two = label.sizeThatFits(CGSize(width: 200, height: 0))
        #expect(two.height < wrapped.height && two.height > oneLine.height * 1.5)
    }

    @Test("a highlighted label draws in highlightedTextColor, and the change redraws it")
    func highlightedColour() {
        let (screen, root) = makeScreen(width: 120, height: 40, scale: 1)
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 120, height: 40))
        label.text = "████"
        label.font = .systemFont(ofSize: 30)
        label.textColor = .black
        label.highlightedTextColor = .systemRed
        root.addSubview(label)
        screen.advance(by: 1.0 / 60)
        func inkColour() -> Color {
            let image = screen.snapshot().cgImage!
            for x in 0 ..< image.width {
                let c = image.color(x: x, y: 20)
                if abs(c.red - c.green) > 0.5 || c.red < 0.2 { return c }
            }
            return .white
        }
        #expect(inkColour().red < 0.2)
        label.isHighlighted = true
        screen.advance(by: 1.0 / 60)
        let ink = inkColour()
        #expect(ink.red > 0.8 && ink.green < 0.4)
    }
}

@MainActor
@Suite("UIImage and UIImageView")
struct UIImageViewTests {
    @Test("a PNG decodes with its size in points by scale; bad data gives nil")
    func imageFromData() throws {
        let data = borderedImageData(width: 40, height: 20)
        let image = try #require(UIImage(data: data, scale: 2))
        #expect(image.size == CGSize(width: 20, height: 10))
        #expect(UIImage(data: Data([1, 2, 3])) == nil)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("tabula-test-image@2x.png")
        try data.write(to: url)
        #expect(UIImage(contentsOfFile: url.path)?.scale == 2)
    }

    @Test("a resizable image keeps its corners' size while the centre stretches")
    func resizableImage() throws {
        let (screen, root) = makeScreen(width: 100, height: 60, scale: 1)
        let image = try #require(UIImage(data: borderedImageData(width: 10, height: 10)))
            .resizableImage(withCapInsets: UIEdgeInsets(top: 2, left: 2, bottom: 2, right: 2))
        let view = UIImageView(image: image)
        view.frame = CGRect(x: 10, y: 10, width: 80, height: 40)
        root.addSubview(view)
        let plain = UIImageView(image: UIImage(data: borderedImageData(width: 10, height: 10)))
        plain.frame = CGRect(x: 0, y: 0, width: 1, height: 1)
        root.addSubview(plain)
        plain.frame = CGRect(x: 60, y: 0, width: 40, height: 10)
        screen.advance(by: 1.0 / 60)
        let frame = screen.snapshot().cgImage!
        // The border stays 2 points wide: pixel 11 is border, pixel 12 is centre.
        #expect(frame.color(x: 11, y: 30).red > 0.9)
        #expect(frame.color(x: 13, y: 30).blue > 0.9)
        #expect(frame.color(x: 88, y: 30).red > 0.9)
        #expect(frame.color(x: 86, y: 30).blue > 0.9)
        // Without cap insets, the 2-pixel border of the 10-pixel image is stretched 4× (to 8).
        #expect(frame.color(x: 65, y: 5).red > 0.9)
    }

    @Test("highlightedImage replaces the image while highlighted; contentMode .center does not scale")
    func highlightAndContentMode() throws {
        let (screen, root) = makeScreen(width: 60, height: 60, scale: 1)
        let red = Bitmap(width: 10, height: 10, opaque: true)
        red.clear(to: Color(rgb: 0xFF0000))
        let green = Bitmap(width: 10, height: 10, opaque: true)
        green.clear(to: Color(rgb: 0x00FF00))
        let view = UIImageView(image: UIImage(cgImage: red), highlightedImage: UIImage(cgImage: green))
        view.frame = CGRect(x: 0, y: 0, width: 60, height: 60)
        view.contentMode = .center
        root.addSubview(view)
        screen.advance(by: 1.0 / 60)
        var frame = screen.snapshot().cgImage!
        #expect(frame.color(x: 30, y: 30).red > 0.9)
        #expect(frame.color(x: 5, y: 5) == Color.white, "centred, not scaled: the corner shows the root view")
        view.isHighlighted = true
        screen.advance(by: 1.0 / 60)
        frame = screen.snapshot().cgImage!
        #expect(frame.color(x: 30, y: 30).green > 0.9)
        #expect(view.intrinsicContentSize == CGSize(width: 10, height: 10))
    }

    @Test("an image view with no image has no intrinsic size: constrained above two labels, it takes the room they leave")
    func emptyImageViewTakesTheRoom() {
        #expect(UIImageView().intrinsicContentSize == CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric))
        let card = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 250))
        let thumbnail = UIImageView(), title = UILabel(), category = UILabel()
        title.text = "A talk"
        category.text = "Design"
        for view in [thumbnail, title, category] {
            view.translatesAutoresizingMaskIntoConstraints = false
            card.addSubview(view)
            view.leadingAnchor.constraint(equalTo: card.leadingAnchor).isActive = true
            view.trailingAnchor.constraint(equalTo: card.trailingAnchor).isActive = true
        }
        NSLayoutConstraint.activate([
            thumbnail.topAnchor.constraint(equalTo: card.topAnchor),
            title.topAnchor.constraint(equalTo: thumbnail.bottomAnchor, constant: 10),
            category.topAnchor.constraint(equalTo: title.bottomAnchor),
            category.bottomAnchor.constraint(equalTo: card.bottomAnchor),
        ])
        card.layoutIfNeeded()
        #expect(thumbnail.frame.height > 180, "the empty thumbnail fills the card above the labels: \(thumbnail.frame)")
        #expect(abs(title.frame.height - title.intrinsicContentSize.height) < 1, "the title keeps its height: \(title.frame)")
        #expect(abs(category.frame.height - category.intrinsicContentSize.height) < 1, "\(category.frame)")
    }
}

/// An image view class no test has displayed before: its first display decides that the
/// class does not draw.
private final class FirstOfItsKindImageView: UIImageView {}

@MainActor
@Suite("UIImageView display")
struct ImageViewDisplayTests {
    @Test("the first image view of a class to be displayed keeps its image (its display found it draws nothing)")
    func firstDisplayKeepsImage() throws {
        let image = try #require(UIImage(data: borderedImageData(width: 40, height: 40)))
        let screen = HeadlessScreen(size: CGSize(width: 100, height: 100))
        let window = UIWindow(frame: .zero)
        window.rootViewController = UIViewController()
        screen.show(window)
        let view = FirstOfItsKindImageView(image: image)
        view.frame.origin = CGPoint(x: 10, y: 10)
        window.rootViewController!.view.addSubview(view)
        screen.advance(by: 1.0 / 60)
        #expect(view.layer.contents === image.cgImage)
        #expect(screen.snapshot().cgImage!.pixel(x: 30, y: 30) == Pixel(red: 0, green: 0, blue: 255, alpha: 255))
    }
}
