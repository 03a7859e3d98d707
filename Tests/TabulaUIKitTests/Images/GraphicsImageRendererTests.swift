import Foundation
import Testing
@testable import TabulaUIKit
import TabulaUIKitTestSupport

@MainActor
@Suite("UIGraphicsImageRenderer")
struct GraphicsImageRendererTests {
    func format(scale: CGFloat, opaque: Bool = false) -> UIGraphicsImageRendererFormat {
        let format = UIGraphicsImageRendererFormat()
        format.scale = scale
        format.opaque = opaque
        return format
    }

    @Test("an image of the renderer's size in points, at the format's scale")
    func sizeAndScale() throws {
        let renderer = UIGraphicsImageRenderer(size: CGSize(width: 30, height: 20), format: format(scale: 2))
        let image = renderer.image { _ in }
        #expect(image.size == CGSize(width: 30, height: 20))
        #expect(image.scale == 2)
        #expect(image.cgImage?.width == 60 && image.cgImage?.height == 40)
        #expect(renderer.format.bounds == CGRect(x: 0, y: 0, width: 30, height: 20))
        #expect(inkCount(try #require(image.cgImage), threshold: 1) == 0, "transparent until drawn")
        // The default format has the scale of the screen shown last, which tests running
        // beside this one change: only that it is a screen's scale is checked here.
        #expect([2, 3].contains(UIGraphicsImageRenderer(size: CGSize(width: 1, height: 1)).format.scale),
                "the default format has a screen's scale")
        #expect(UIGraphicsImageRendererFormat(for: UITraitCollection(displayScale: 2)).scale == 2,
                "a format for traits has their display scale")
    }

    @Test("UIKit's drawing calls draw into the image: setFill, UIRectFill, UIRectFrame, the context's fill and stroke, image drawing")
    func drawingCalls() throws {
        let renderer = UIGraphicsImageRenderer(size: CGSize(width: 40, height: 40), format: format(scale: 1))
        var before: UIImage?
        let image = renderer.image { context in
            #expect(UIGraphicsGetCurrentContext() === context.cgContext)
            UIColor.red.setFill()
            UIRectFill(CGRect(x: 0, y: 0, width: 20, height: 20))
            before = context.currentImage
            UIColor.blue.setFill()
            context.fill(CGRect(x: 20, y: 0, width: 20, height: 20))
            UIColor.green.setFill()
            UIRectFrame(CGRect(x: 0, y: 20, width: 20, height: 20))
            UIColor.black.setStroke()
            context.stroke(CGRect(x: 20, y: 20, width: 20, height: 20))
            UIImage(systemName: "circle.fill")?.withTintColor(.yellow).draw(in: CGRect(x: 24, y: 24, width: 12, height: 12))
        }
        #expect(UIGraphicsGetCurrentContext() == nil, "the context is current only while drawing")
        let bitmap = try #require(image.cgImage)
        #expect(isClose(bitmap.color(x: 5, y: 5), Color(red: 1, green: 0, blue: 0)))
        #expect(isClose(bitmap.color(x: 25, y: 5), Color(red: 0, green: 0, blue: 1)))
        #expect(isClose(bitmap.color(x: 0, y: 30), Color(red: 0, green: 1, blue: 0)), "the frame is inside the rectangle")
        #expect(bitmap.color(x: 10, y: 30).alpha == 0, "and only a frame")
        #expect(isClose(bitmap.color(x: 20, y: 30), .black))
        #expect(isClose(bitmap.color(x: 30, y: 30), Color(red: 1, green: 1, blue: 0)))
        let earlier = try #require(before?.cgImage)
        #expect(earlier.color(x: 25, y: 5).alpha == 0, "currentImage is what was drawn so far")
        #expect(isClose(earlier.color(x: 5, y: 5), Color(red: 1, green: 0, blue: 0)))
    }

    @Test("pngData gives the same pixels as image")
    func pngData() throws {
        let renderer = UIGraphicsImageRenderer(size: CGSize(width: 10, height: 10), format: format(scale: 3))
        let data = renderer.pngData { _ in
            UIColor.systemIndigo.setFill()
            UIRectFill(CGRect(x: 0, y: 0, width: 5, height: 10))
        }
        let decoded = try #require(UIImage(data: data, scale: 3))
        #expect(decoded.size == CGSize(width: 10, height: 10))
        #expect(isClose(try #require(decoded.cgImage).color(x: 3, y: 15), UIColor.systemIndigo.cgColor))
        #expect(try #require(decoded.cgImage).color(x: 25, y: 15).alpha == 0)
    }

    @Test("an opaque format starts black and opaque; bounds with an origin put that point at the top left")
    func opaqueAndBounds() throws {
        let opaque = UIGraphicsImageRenderer(size: CGSize(width: 4, height: 4), format: format(scale: 1, opaque: true)).image { _ in }
        #expect(opaque.cgImage?.isOpaque == true)
        #expect(opaque.cgImage?.pixel(x: 1, y: 1) == Pixel(red: 0, green: 0, blue: 0, alpha: 255))
        let shifted = UIGraphicsImageRenderer(bounds: CGRect(x: 100, y: 50, width: 10, height: 10), format: format(scale: 1))
        let image = shifted.image { _ in
            UIColor.red.setFill()
            UIRectFill(CGRect(x: 100, y: 50, width: 2, height: 2))
        }
        #expect(isClose(try #require(image.cgImage).color(x: 0, y: 0), Color(red: 1, green: 0, blue: 0)))
        #expect(try #require(image.cgImage).color(x: 3, y: 3).alpha == 0)
    }

    @Test("blend modes: a clear fill makes the pixels transparent; destinationOut cuts")
    func blendModes() throws {
        let renderer = UIGraphicsImageRenderer(size: CGSize(width: 10, height: 10), format: format(scale: 1))
        let image = renderer.image { context in
            UIColor.red.setFill()
            UIRectFill(CGRect(x: 0, y: 0, width: 10, height: 10))
            context.fill(CGRect(x: 0, y: 0, width: 5, height: 10), blendMode: .clear)
            UIRectFillUsingBlendMode(CGRect(x: 5, y: 5, width: 5, height: 5), .destinationOut)
        }
        let bitmap = try #require(image.cgImage)
        #expect(bitmap.color(x: 2, y: 2).alpha == 0)
        #expect(isClose(bitmap.color(x: 7, y: 2), Color(red: 1, green: 0, blue: 0)))
        #expect(bitmap.color(x: 7, y: 7).alpha == 0)
    }

    @Test("a size beyond the limit is cut to it and reported, not a crash; a size that is not a number draws nothing")
    func hugeAndInvalidSizes() throws {
        let saved = UIGraphicsImageRenderer.maximumPixelsPerSide
        UIGraphicsImageRenderer.maximumPixelsPerSide = 64
        defer { UIGraphicsImageRenderer.maximumPixelsPerSide = saved }
        var reports: [String] = []
        let previous = UIViewController.onInvalidUse
        UIViewController.onInvalidUse = { reports.append($0) }
        defer { UIViewController.onInvalidUse = previous }
        let image = UIGraphicsImageRenderer(size: CGSize(width: 100, height: 10), format: format(scale: 1)).image { _ in }
        #expect(image.cgImage?.width == 64 && image.cgImage?.height == 10)
        #expect(reports.count == 1 && reports.first?.contains("UIGraphicsImageRenderer") == true, "\(reports)")
        let nan = UIGraphicsImageRenderer(size: CGSize(width: CGFloat.nan, height: 10), format: format(scale: 1)).image { _ in }
        #expect(nan.size == .zero)
    }
}
