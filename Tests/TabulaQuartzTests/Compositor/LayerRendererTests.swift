import Foundation
import Testing
@testable import TabulaQuartz

/// The renderer seam, seen from a renderer that only records what it is asked to do.
/// These tests import TabulaQuartz alone: the compositor needs no view.
@MainActor
@Suite("Compositor: the renderer seam")
struct LayerRendererTests {
    static let red = Color(red: 1, green: 0, blue: 0)
    static let green = Color(red: 0, green: 1, blue: 0)
    static let blue = Color(red: 0, green: 0, blue: 1)
    static let yellow = Color(red: 1, green: 1, blue: 0)

    static func layer(_ frame: CGRect, _ color: Color?, opacity: Float = 1) -> CALayer {
        let layer = CALayer()
        layer.frame = frame
        layer.backgroundColor = color
        layer.opacity = opacity
        return layer
    }

    @Test("layers reach the renderer back to front; a translucent layer with sublayers is one group, a masking layer clips only its sublayers")
    func paintOrderGroupsAndClips() {
        let root = Self.layer(CGRect(x: 0, y: 0, width: 100, height: 100), .white)
        let translucent = Self.layer(CGRect(x: 0, y: 0, width: 50, height: 50), Self.red, opacity: 0.5)
        translucent.addSublayer(Self.layer(CGRect(x: 0, y: 0, width: 20, height: 20), Self.blue))
        let masking = Self.layer(CGRect(x: 50, y: 50, width: 40, height: 40), Self.green)
        masking.masksToBounds = true
        masking.addSublayer(Self.layer(CGRect(x: 30, y: 30, width: 20, height: 20), Self.yellow))
        root.addSublayer(translucent)
        root.addSublayer(masking)

        let renderer = RecordingRenderer(width: 100, height: 100)
        let stats = Compositor().render(root, to: renderer, scale: 1, background: .black)

        #expect(renderer.calls == [
            .fill([]),                       // the opaque root covers the whole screen
            .layer(.white), .beginGroup, .layer(Self.red), .layer(Self.blue), .endGroup(0.5),
            .layer(Self.green), .pushClip, .layer(Self.yellow), .popClip,
        ])
        // Inside the group each layer is drawn opaque; the group applies the opacity once.
        #expect(renderer.paints[1].opacity == 1)
        // The root is drawn only where the opaque green square and its sublayer leave it.
        #expect(renderer.paints[0].visibleRects != nil)
        #expect(stats.layersComposited == 5)
        #expect(stats.layersOccluded == 0)
    }

    @Test("a layer that an opaque layer in front covers is not drawn, and the background is filled only where no opaque layer is")
    func occludedLayerIsSkipped() {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        root.addSublayer(Self.layer(CGRect(x: 0, y: 0, width: 50, height: 50), Self.red))
        root.addSublayer(Self.layer(CGRect(x: 0, y: 0, width: 50, height: 50), Self.blue))

        let renderer = RecordingRenderer(width: 100, height: 100)
        let stats = Compositor().render(root, to: renderer, scale: 1, background: .black)

        #expect(renderer.calls.dropFirst() == [.layer(Self.blue)])
        #expect(stats.layersOccluded == 1)
        #expect(stats.layersComposited == 1)
        #expect(stats.layersBlended == 0)
        guard case .fill(let rects) = renderer.calls.first else {
            Issue.record("the frame did not start with the background")
            return
        }
        let area: CGFloat = rects.reduce(0) { $0 + $1.width * $1.height }
        #expect(area == CGFloat(100 * 100 - 50 * 50))
        #expect(rects.allSatisfy { $0.minX >= 50 || $0.minY >= 50 }, "nothing is filled under the opaque square")
    }

    @Test("the renderer gets device pixels: the scale and the layer's transform are in the paint's map")
    func paintsAreInDevicePixels() {
        let root = Self.layer(CGRect(x: 10, y: 20, width: 30, height: 40), Self.red)
        let renderer = RecordingRenderer(width: 300, height: 300)
        _ = Compositor().render(root, to: renderer, scale: 3, background: .black)
        let paint = try! #require(renderer.paints.first)
        #expect(paint.map.isAffine)
        #expect(paint.bounds.applying(paint.map.affineTransform) == CGRect(x: 30, y: 60, width: 90, height: 120))
    }

    @Test("a group is only as large as what its subtree draws: a 30 × 10 layer fading on a 300 × 600 screen is a 90 × 30 group, not the screen")
    func groupsAreBoundedByTheirSubtree() {
        let root = Self.layer(CGRect(x: 0, y: 0, width: 100, height: 200), .white)
        // A title fading: a translucent layer with a sublayer that reaches out below it.
        let title = Self.layer(CGRect(x: 10, y: 20, width: 30, height: 10), nil, opacity: 0.5)
        title.addSublayer(Self.layer(CGRect(x: 0, y: 0, width: 30, height: 15), Self.red))
        // A card masking its sublayer to its bounds, and one with a shadow.
        let card = Self.layer(CGRect(x: 50, y: 50, width: 20, height: 20), nil, opacity: 0.5)
        card.masksToBounds = true
        card.addSublayer(Self.layer(CGRect(x: -40, y: -40, width: 100, height: 100), Self.blue))
        let shadowed = Self.layer(CGRect(x: 10, y: 100, width: 20, height: 20), Self.green, opacity: 0.5)
        shadowed.shadowOpacity = 0.5
        shadowed.addSublayer(Self.layer(CGRect(x: 0, y: 0, width: 5, height: 5), Self.yellow))
        for layer in [title, card, shadowed] { root.addSublayer(layer) }

        let renderer = RecordingRenderer(width: 300, height: 600)
        _ = Compositor().render(root, to: renderer, scale: 3, background: .black)
        #expect(renderer.groupBoxes.count == 3)
        #expect(renderer.groupBoxes.first == CGRect(x: 30, y: 60, width: 90, height: 45), "the title and the sublayer below it, in pixels")
        #expect(renderer.groupBoxes.dropFirst().first == CGRect(x: 150, y: 150, width: 60, height: 60), "cut to the card's bounds")
        #expect(renderer.groupBoxes.last == .some(nil), "a shadow reaches outside the bounds: the group is the clip")
    }

    @Test("a fading layer that opaque layers in front cover, or that lies off the screen, opens no group; one they leave a pixel of does")
    func hiddenGroupsAreNotOpened() {
        let root = Self.layer(CGRect(x: 0, y: 0, width: 100, height: 100), .white)
        /// A row fading out: a translucent layer with a sublayer.
        func fading(_ frame: CGRect) -> CALayer {
            let row = Self.layer(frame, Self.red, opacity: 0.5)
            row.addSublayer(Self.layer(CGRect(x: 5, y: 5, width: 10, height: 10), Self.blue))
            return row
        }
        let covered = fading(CGRect(x: 0, y: 10, width: 100, height: 20))
        let offScreen = fading(CGRect(x: 0, y: -40, width: 100, height: 20))
        let peeking = fading(CGRect(x: 0, y: 60, width: 100, height: 20))
        for layer in [covered, offScreen, peeking] { root.addSublayer(layer) }
        // Opaque rows in front: over the first fading row with a pixel to spare, and over
        // all of the third but its last pixel row.
        root.addSublayer(Self.layer(CGRect(x: 0, y: 8, width: 100, height: 24), Self.green))
        root.addSublayer(Self.layer(CGRect(x: 0, y: 58, width: 100, height: 21), Self.yellow))

        let renderer = RecordingRenderer(width: 100, height: 100)
        let stats = Compositor().render(root, to: renderer, scale: 1, background: .black)
        #expect(renderer.calls.dropFirst() == [
            .layer(.white), .beginGroup, .layer(Self.red), .endGroup(0.5), .layer(Self.green), .layer(Self.yellow),
        ], "the covered row's layers are occluded one by one, the off-screen row is skipped, the peeking row's square is covered")
        // The covered row's two layers and the peeking row's square count as occluded, as
        // they would in a group.
        #expect(stats.layersOccluded == 3)
        #expect(stats.layersComposited == 4)
    }

    @Test("a fading row half covered by an opaque row in front is blended only where it shows, and its pixels are the same")
    func halfCoveredGroupIsCut() throws {
        func scene() -> CALayer {
            let root = Self.layer(CGRect(x: 0, y: 0, width: 100, height: 100), .white)
            let fading = Self.layer(CGRect(x: 0, y: 40, width: 100, height: 20), Self.red, opacity: 0.5)
            fading.addSublayer(Self.layer(CGRect(x: 5, y: 2, width: 10, height: 16), Self.blue))
            root.addSublayer(fading)
            // A row sliding over the lower half of it.
            root.addSublayer(Self.layer(CGRect(x: 0, y: 50, width: 100, height: 30), Self.green))
            return root
        }
        let recorder = RecordingRenderer(width: 100, height: 100)
        _ = Compositor().render(scene(), to: recorder, scale: 1, background: .black)
        let box = try #require(recorder.groupBoxes.first ?? nil)
        #expect(box.integral.insetBy(dx: -1, dy: -1) == CGRect(x: 0, y: 39, width: 100, height: 11),
                "the ten rows that show and the pixel of margin above them, not the row's 22")

        // The pixels: those of the row drawn whole without the one in front, above it;
        // the opaque row's where it is.
        let cut = Bitmap(width: 100, height: 100, opaque: true)
        _ = Compositor().render(scene(), into: cut, scale: 1, background: .black)
        let alone = scene()
        alone.sublayers?.last?.removeFromSuperlayer()
        let whole = Bitmap(width: 100, height: 100, opaque: true)
        _ = Compositor().render(alone, into: whole, scale: 1, background: .black)
        for y in [0, 38, 39, 40, 45, 49] {
            for x in [0, 5, 10, 50, 99] {
                #expect(cut.pixel(x: x, y: y) == whole.pixel(x: x, y: y), "(\(x), \(y))")
            }
        }
        #expect(whole.pixel(x: 10, y: 45) != whole.pixel(x: 50, y: 45), "the blue square shows, faded, above the row in front")
        #expect(cut.pixel(x: 10, y: 45) == whole.pixel(x: 10, y: 45))
        for y in [50, 55, 59, 79] { #expect(cut.pixel(x: 10, y: y) == cut.pixel(x: 10, y: 79), "green at \(y)") }
    }

    @Test("a shadow is left out under the opaque card drawn after it and under its own card, and is cut to the pixels it does not leave transparent")
    func shadowCutToWhatShows() throws {
        let root = Self.layer(CGRect(x: 0, y: 0, width: 200, height: 200), .white)
        /// A white card casting a faint shadow, as in a list of cards.
        func card(_ frame: CGRect) -> CALayer {
            let card = Self.layer(frame, .white)
            card.shadowOpacity = 0.18
            card.shadowRadius = 8
            card.shadowOffset = CGSize(width: 0, height: 4)
            return card
        }
        let first = card(CGRect(x: 20, y: 20, width: 160, height: 40))
        let second = card(CGRect(x: 20, y: 70, width: 160, height: 40))
        root.addSublayer(first)
        root.addSublayer(second)
        let renderer = RecordingRenderer(width: 200, height: 200)
        _ = Compositor().render(root, to: renderer, scale: 1, background: .black)
        let paint = try #require(renderer.paints.first { $0.bounds.height == 40 })
        #expect(paint.shadowCoveredInFront == [CGRect(x: 20, y: 70, width: 160, height: 40)], "the second card covers the tail of the first one's shadow")

        let shadow = try #require(paint.shadow)
        let placed = try #require(ShadowCache().place(shadow, of: paint))
        let secondCard = CGRect(x: 20, y: 70, width: 160, height: 40)
        #expect(!(placed.visibleRects ?? []).contains { $0.intersects(secondCard.insetBy(dx: 0.5, dy: 0.5)) },
                "nothing of the shadow is drawn under the second card: \(placed.visibleRects ?? [])")
        #expect((placed.visibleRects ?? []).contains { $0.intersects(CGRect(x: 20, y: 62, width: 160, height: 8)) },
                "the shadow shows in the gap between the cards")
        // Three standard deviations of blur would make the shadow 160 + 2 × 25 wide; at
        // opacity 0.18 the last pixels round to nothing, and are not blended.
        #expect(placed.bitmap.width < 160 + 48)
        placed.bitmap.withUnsafePixels { p, stride in
            let w = placed.bitmap.width, h = placed.bitmap.height
            #expect((0 ..< w).contains { p[$0] != 0 }, "the top row shows")
            #expect((0 ..< w).contains { p[(h - 1) * stride + $0] != 0 }, "the bottom row shows")
            #expect((0 ..< h).contains { p[$0 * stride] != 0 }, "the left column shows")
            #expect((0 ..< h).contains { p[$0 * stride + w - 1] != 0 }, "the right column shows")
        }
    }
}

/// A renderer that draws nothing and remembers each call.
@MainActor
private final class RecordingRenderer: LayerRenderer {
    enum Call: Equatable {
        case fill([CGRect])
        case layer(Color?)
        case pushClip, popClip, beginGroup
        case endGroup(Double)
        case border(Color)
    }

    private(set) var calls: [Call] = []
    private(set) var paints: [LayerPaint] = []
    /// The box each group was opened within, in order.
    private(set) var groupBoxes: [CGRect?] = []
    let pixelBounds: CGRect
    var drawingFailure: String? { nil }
    var shadowsBlurred: Int { 0 }

    init(width: Int, height: Int) { pixelBounds = CGRect(x: 0, y: 0, width: width, height: height) }

    func fill(_ rects: [CGRect], with color: Color) { calls.append(.fill(rects)) }
    func drawLayer(_ paint: LayerPaint) {
        calls.append(.layer(paint.background))
        paints.append(paint)
    }
    func drawBorder(_ ring: Path, map: ProjectiveTransform, color: Color, opacity: Double) {
        calls.append(.border(color))
    }
    func pushClip(_ shape: Path, map: ProjectiveTransform) { calls.append(.pushClip) }
    func popClip() { calls.append(.popClip) }
    func beginGroup(within box: CGRect?) {
        calls.append(.beginGroup)
        groupBoxes.append(box)
    }
    func endGroup(opacity: Double) { calls.append(.endGroup(opacity)) }
}

/// A scroll view mid-fling has a bounds origin between pixels. Its own background and clip
/// belong where its frame is; only what scrolls inside it moves.
@MainActor
@Suite("Compositor: a layer whose bounds origin lies between pixels")
struct FractionalBoundsOriginTests {
    @Test("its clip and background stay on the frame's whole pixels: no half-covered edge row, at 1x and 3x", arguments: [CGFloat(1), 3])
    func clipStaysOnFrame(scale: CGFloat) {
        let (stage, root) = layerStage(scale: scale)
        let scroller = CALayer()
        scroller.frame = CGRect(x: 10, y: 10, width: 80, height: 80)
        scroller.bounds.origin.y = 1000.5 / scale      // half a pixel into a long fling
        scroller.masksToBounds = true
        scroller.backgroundColor = Color(red: 0, green: 0, blue: 1)
        let content = CALayer()
        content.frame = CGRect(x: 0, y: 0, width: 80, height: 2000)
        content.backgroundColor = Color(red: 1, green: 0, blue: 0)
        scroller.addSublayer(content)
        root.addSublayer(scroller)
        runFrames(stage, 1)
        let frame = stage.snapshot()
        let top = Int(10 * scale), bottom = Int(90 * scale)
        #expect(frame.pixel(x: Int(50 * scale), y: top) == Pixel(red: 255, green: 0, blue: 0, alpha: 255),
                "the first row inside the frame is wholly the content: \(frame.pixel(x: Int(50 * scale), y: top))")
        #expect(frame.pixel(x: Int(50 * scale), y: bottom - 1) == Pixel(red: 255, green: 0, blue: 0, alpha: 255))
        #expect(frame.pixel(x: Int(50 * scale), y: top - 1) == Pixel(red: 255, green: 255, blue: 255, alpha: 255),
                "the row above the frame is the white behind it")
        #expect(frame.pixel(x: Int(50 * scale), y: bottom) == Pixel(red: 255, green: 255, blue: 255, alpha: 255),
                "the row below the frame is the white behind it: \(frame.pixel(x: Int(50 * scale), y: bottom))")
    }
}
