import Foundation
import Testing
@testable import TabulaUIKit
import TabulaUIKitTestSupport

@MainActor
@Suite("String drawing: size(withAttributes:), boundingRect, draw(in:withAttributes:)")
struct StringDrawingTests {
    static let long = "A row that says a good deal more than fits on one line of a narrow cell"

    @Test("A string measures as a label showing it does: one line, and wrapped to a width")
    func measuresAsALabel() {
        let font = UIFont.systemFont(ofSize: 17)
        let label = UILabel()
        label.font = font
        label.text = "Tabula"
        let size = "Tabula".size(withAttributes: [.font: font])
        // Measurements are not rounded; a label rounds its size up to whole points, as UIKit's do.
        #expect(abs(size.width.rounded(.up) - label.intrinsicContentSize.width) < 0.01)
        #expect(abs(size.height.rounded(.up) - label.intrinsicContentSize.height) < 0.01)

        label.text = Self.long
        label.numberOfLines = 0
        let fitted = label.sizeThatFits(CGSize(width: 120, height: CGFloat.greatestFiniteMagnitude))
        let rect = Self.long.boundingRect(with: CGSize(width: 120, height: CGFloat.greatestFiniteMagnitude),
                                          options: .usesLineFragmentOrigin, attributes: [.font: font], context: nil)
        #expect(rect.origin == .zero)
        #expect(rect.width <= 120)
        #expect(rect.height > 3 * size.height, "several lines")
        #expect(abs(rect.height.rounded(.up) - fitted.height) < 0.01)
        // Without .usesLineFragmentOrigin the string is measured on one line.
        let oneLine = Self.long.boundingRect(with: CGSize(width: 120, height: 1_000), options: [],
                                             attributes: [.font: font], context: nil)
        #expect(abs(oneLine.height - size.height) < 0.5)
    }

    @Test("No font attribute measures in Helvetica 12, as UIKit; a bigger font measures bigger")
    func defaultFont() {
        let plain = "Tabula".size()
        let big = "Tabula".size(withAttributes: [.font: UIFont.systemFont(ofSize: 34)])
        #expect(plain.height > 10 && plain.height < 20)
        #expect(big.width > 2 * plain.width)
    }

    @Test("Careless sizes: NaN, negative and infinite widths measure unbounded; truncation keeps the box's height")
    func carelessSizes() {
        let attributes: [NSAttributedString.Key: Any] = [.font: UIFont.systemFont(ofSize: 17)]
        let unbounded = Self.long.size(withAttributes: attributes)
        for width in [CGFloat.nan, -40, .infinity] {
            let rect = Self.long.boundingRect(with: CGSize(width: width, height: .nan), options: .usesLineFragmentOrigin,
                                              attributes: attributes, context: nil)
            #expect(abs(rect.width - unbounded.width) < 0.5, "width \(width)")
        }
        let context = NSStringDrawingContext()
        let clipped = Self.long.boundingRect(with: CGSize(width: 100, height: 30),
                                             options: [.usesLineFragmentOrigin, .truncatesLastVisibleLine],
                                             attributes: attributes, context: context)
        #expect(clipped.height <= 30)
        #expect(context.totalBounds == clipped)
    }

    @Test("draw(in:withAttributes:) paints the text inside the rect and nothing outside it")
    func drawsInsideTheRect() throws {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        let box = CGRect(x: 10, y: 10, width: 80, height: 40)
        let image = UIGraphicsImageRenderer(size: CGSize(width: 100, height: 60), format: format).image { _ in
            UIColor.white.setFill()
            UIRectFill(CGRect(x: 0, y: 0, width: 100, height: 60))
            Self.long.draw(in: box, withAttributes: [.font: UIFont.systemFont(ofSize: 17),
                                                     .foregroundColor: UIColor.red])
        }
        let bitmap = try #require(image.cgImage)
        var inside = 0, outside = 0
        for y in 0 ..< 60 {
            for x in 0 ..< 100 {
                let c = bitmap.color(x: x, y: y)
                guard c.green < 0.6 else { continue }
                if box.contains(CGPoint(x: CGFloat(x) + 0.5, y: CGFloat(y) + 0.5)) { inside += 1 } else { outside += 1 }
            }
        }
        #expect(inside > 100, "red text in the box")
        #expect(outside == 0, "clipped to the box")
    }

    @Test("A window scene's coordinate space is its screen: a window made from its bounds fills the screen")
    func sceneCoordinateSpace() {
        let screen = HeadlessScreen(size: CGSize(width: 393, height: 852), scale: 1)
        let scene = screen.windowScene
        #expect(scene.coordinateSpace.bounds == CGRect(x: 0, y: 0, width: 393, height: 852))
        #expect(scene.screen.coordinateSpace.bounds == scene.screen.bounds)
        let window = UIWindow(frame: scene.coordinateSpace.bounds)
        screen.show(window)
        #expect(window.frame == CGRect(x: 0, y: 0, width: 393, height: 852))
    }
}
