import Foundation
import Testing
@testable import TabulaUIKit
import TabulaUIKitTestSupport

/// A 40 × 20 pixel image, white, with a red 10 × 10 block at its stored top-left corner
/// and a blue one at its stored top-right corner.
func markerBitmap() -> Bitmap {
    let bitmap = Bitmap(width: 40, height: 20, opaque: true)
    bitmap.clear(to: .white)
    let ctx = CGContext(bitmap: bitmap)
    ctx.setFillColor(Color(red: 1, green: 0, blue: 0))
    ctx.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
    ctx.setFillColor(Color(red: 0, green: 0, blue: 1))
    ctx.fill(CGRect(x: 30, y: 0, width: 10, height: 10))
    return bitmap
}

enum Corner: String, CaseIterable { case topLeft, topRight, bottomLeft, bottomRight }

/// Which marker colour is in which corner of `bitmap` (sampled 3 pixels in from it).
func markerCorners(_ bitmap: Bitmap, inset: Int = 3) -> (red: Corner?, blue: Corner?) {
    var red: Corner?, blue: Corner?
    for corner in Corner.allCases {
        let x = corner == .topLeft || corner == .bottomLeft ? inset : bitmap.width - 1 - inset
        let y = corner == .topLeft || corner == .topRight ? inset : bitmap.height - 1 - inset
        let c = bitmap.color(x: x, y: y)
        if c.red > 0.8 && c.green < 0.2 && c.blue < 0.2 { red = corner }
        if c.blue > 0.8 && c.red < 0.2 && c.green < 0.2 { blue = corner }
    }
    return (red, blue)
}

/// `image` drawn at its size into a new bitmap at scale 1.
@MainActor
func drawn(_ image: UIImage) -> Bitmap {
    let format = UIGraphicsImageRendererFormat()
    format.scale = 1
    return UIGraphicsImageRenderer(size: image.size, format: format).image { _ in image.draw(at: .zero) }.cgImage!
}

@Suite("UIImage orientation")
@MainActor
struct ImageOrientationTests {
    /// Where the stored top-left (red) and top-right (blue) blocks are shown, from the
    /// EXIF definitions: e.g. `.right` (EXIF 6) shows stored row 0 on the right and stored
    /// column 0 at the top.
    static let expected: [(UIImage.Orientation, Corner, Corner)] = [
        (.up, .topLeft, .topRight), (.upMirrored, .topRight, .topLeft),
        (.down, .bottomRight, .bottomLeft), (.downMirrored, .bottomLeft, .bottomRight),
        (.left, .bottomLeft, .topLeft), (.right, .topRight, .bottomRight),
        (.leftMirrored, .topLeft, .bottomLeft), (.rightMirrored, .bottomRight, .topRight),
    ]

    @Test("each of the 8 orientations turns the size and the drawing as EXIF defines it; cgImage keeps the stored pixels")
    func drawingFollowsOrientation() throws {
        let stored = markerBitmap()
        for (orientation, red, blue) in Self.expected {
            let image = UIImage(cgImage: stored, scale: 1, orientation: orientation)
            #expect(image.imageOrientation == orientation)
            #expect(image.cgImage === stored)
            let quarter = [.left, .right, .leftMirrored, .rightMirrored].contains(orientation)
            #expect(image.size == (quarter ? CGSize(width: 20, height: 40) : CGSize(width: 40, height: 20)))
            let picture = drawn(image)
            let corners = markerCorners(picture)
            #expect(corners.red == red && corners.blue == blue, "\(orientation): red \(String(describing: corners.red)), blue \(String(describing: corners.blue))")
            // PNG data holds the pixels as shown: decoding it gives an upright image that looks the same.
            let png = try #require(image.pngData())
            let decoded = try #require(UIImage(data: png))
            #expect(decoded.imageOrientation == .up && decoded.size == image.size)
            let again = markerCorners(try #require(decoded.cgImage))
            #expect(again.red == red && again.blue == blue)
        }
        #expect(UIImage.Orientation.allCases.count == 8)
        #expect(UIImage.Orientation.leftMirrored.rawValue == 6 && UIImage.Orientation.down.rawValue == 1)
    }

    @Test("an image view shows an oriented image turned, at the turned size")
    func imageViewShowsOrientation() throws {
        let (screen, root) = makeScreen(width: 60, height: 60, scale: 1)
        defer { withExtendedLifetime(screen) {} }
        let image = UIImage(cgImage: markerBitmap(), scale: 1, orientation: .right)
        let view = UIImageView(image: image)
        #expect(view.frame.size == CGSize(width: 20, height: 40))
        root.addSubview(view)
        screen.advance(by: 1.0 / 60)
        let frame = try #require(screen.snapshot().cgImage)
        writeBitmapForLooking(frame, "orientation-image-view-right")
        let shown = frame.cropped(to: CGRect(x: 0, y: 0, width: 20, height: 40))
        let corners = markerCorners(shown)
        #expect(corners.red == .topRight && corners.blue == .bottomRight)
    }

    @Test("withHorizontallyFlippedOrientation mirrors what is drawn, for every orientation, and twice is the original")
    func horizontalFlip() {
        let stored = markerBitmap()
        for orientation in UIImage.Orientation.allCases {
            let image = UIImage(cgImage: stored, scale: 1, orientation: orientation)
            let flipped = image.withHorizontallyFlippedOrientation()
            #expect(flipped.cgImage === stored && flipped.size == image.size)
            let a = drawn(image), b = drawn(flipped)
            var mismatches = 0
            for y in 0 ..< a.height {
                for x in 0 ..< a.width where a.pixel(x: x, y: y) != b.pixel(x: a.width - 1 - x, y: y) { mismatches += 1 }
            }
            #expect(mismatches == 0, "\(orientation) → \(flipped.imageOrientation)")
            #expect(flipped.withHorizontallyFlippedOrientation().imageOrientation == orientation)
        }
    }

    @Test("copies keep the orientation: tint, rendering mode, cap insets, configuration")
    func copiesKeepOrientation() {
        let image = UIImage(cgImage: markerBitmap(), scale: 2, orientation: .left)
        #expect(image.size == CGSize(width: 10, height: 20))
        #expect(image.withRenderingMode(.alwaysTemplate).imageOrientation == .left)
        #expect(image.withTintColor(.green).imageOrientation == .left)
        #expect(image.resizableImage(withCapInsets: UIEdgeInsets(top: 1, left: 1, bottom: 1, right: 1)).imageOrientation == .left)
        #expect(image.withConfiguration(UIImage.Configuration(traitCollection: nil)).imageOrientation == .left)
    }

    @Test("a symbol can be mirrored: its ink moves to the other side")
    func mirroredSymbol() throws {
        let symbol = try #require(UIImage(systemName: "chevron.forward")).withTintColor(.black)
        let plain = drawn(symbol), mirrored = drawn(symbol.withHorizontallyFlippedOrientation())
        let a = try #require(inkBounds(plain)), b = try #require(inkBounds(mirrored))
        #expect(abs(a.minX - (CGFloat(plain.width) - b.maxX)) <= 1 && abs(a.minY - b.minY) <= 1)
        // The chevron's point is on the right; mirrored, on the left.
        func inkColumnsAtMiddle(_ bitmap: Bitmap) -> [Int] {
            (0 ..< bitmap.width).filter { bitmap.pixel(x: $0, y: bitmap.height / 2).alpha > 128 }
        }
        let pointPlain = try #require(inkColumnsAtMiddle(plain).max())
        let pointMirrored = try #require(inkColumnsAtMiddle(mirrored).min())
        #expect(pointPlain > plain.width / 2 && pointMirrored < mirrored.width / 2)
    }
}

@Suite("UIImage right-to-left flipping")
@MainActor
struct ImageRightToLeftTests {
    @Test("an image view in a right-to-left layout mirrors an image made to flip, and only that one")
    func imageViewMirrors() throws {
        let (screen, root) = makeScreen(width: 100, height: 30, scale: 1)
        defer { withExtendedLifetime(screen) {} }
        let plain = UIImage(cgImage: markerBitmap(), scale: 1)
        let flipping = plain.imageFlippedForRightToLeftLayoutDirection()
        #expect(!plain.flipsForRightToLeftLayoutDirection && flipping.flipsForRightToLeftLayoutDirection)
        #expect(flipping.imageOrientation == .up && flipping.size == plain.size)
        let container = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 30))
        root.addSubview(container)
        let flippingView = UIImageView(image: flipping)
        let plainView = UIImageView(image: plain)
        plainView.frame.origin.x = 50
        container.addSubview(flippingView)
        container.addSubview(plainView)
        screen.advance(by: 1.0 / 60)
        func corners() throws -> (flipping: (red: Corner?, blue: Corner?), plain: (red: Corner?, blue: Corner?)) {
            let frame = try #require(screen.snapshot().cgImage)
            return (markerCorners(frame.cropped(to: CGRect(x: 0, y: 0, width: 40, height: 20))),
                    markerCorners(frame.cropped(to: CGRect(x: 50, y: 0, width: 40, height: 20))))
        }
        var shown = try corners()
        #expect(shown.flipping.red == .topLeft && shown.plain.red == .topLeft, "left to right: as drawn")
        container.semanticContentAttribute = .forceRightToLeft
        screen.advance(by: 1.0 / 60)
        writeBitmapForLooking(try #require(screen.snapshot().cgImage), "rtl-image-views")
        shown = try corners()
        #expect(shown.flipping.red == .topRight && shown.flipping.blue == .topLeft, "mirrored in right to left")
        #expect(shown.plain.red == .topLeft, "an image not made to flip stays as it is")
        container.semanticContentAttribute = .forceLeftToRight
        screen.advance(by: 1.0 / 60)
        shown = try corners()
        #expect(shown.flipping.red == .topLeft)
        // Added to a right-to-left container, a flipping image is mirrored at once.
        flippingView.removeFromSuperview()
        container.semanticContentAttribute = .forceRightToLeft
        let late = UIImageView(image: flipping)
        container.addSubview(late)
        screen.advance(by: 1.0 / 60)
        shown = try corners()
        #expect(shown.flipping.red == .topRight)
    }
}
