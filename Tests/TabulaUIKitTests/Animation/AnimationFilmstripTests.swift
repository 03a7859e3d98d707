import Foundation
import Testing
@testable import TabulaUIKit
import TabulaUIKitTestSupport

/// A card like the tutorial's CTCardCell main view: a blue card with two white text bars.
@MainActor
final class FilmstripCard: UIView {
    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = .systemBlue
        for (y, width) in [(12.0, 80.0), (30.0, 110.0), (44.0, 60.0)] {
            let bar = UIView(frame: CGRect(x: 14, y: y, width: width, height: 8))
            bar.backgroundColor = .white
            addSubview(bar)
        }
    }

    required init?(coder: NSCoder) { return nil }
}

/// White clouds on a 180-point period, so that moving left by 180 points looks the same.
@MainActor
final class CloudStrip: UIView {
    override func draw(_ rect: CGRect) {
        let ctx = UIGraphicsGetCurrentContext()!
        ctx.setFillColor(Color(rgb: 0x8EC5F0))
        ctx.fill(bounds)
        ctx.setFillColor(.white)
        var x: CGFloat = 0
        while x < bounds.width {
            for (dx, dy, w, h) in [(10.0, 30.0, 70.0, 26.0), (40.0, 18.0, 50.0, 30.0), (110.0, 55.0, 60.0, 22.0)] {
                ctx.fill(Path(ellipseIn: CGRect(x: x + dx, y: dy, width: w, height: h)))
            }
            x += 180
        }
    }
}

@MainActor
@Suite("Animation: filmstrips of the WWDC and guide demos")
struct AnimationFilmstripTests {
    @Test("the drop-in card falls into place: filmstrip of 0.4 s at 15 fps")
    func dropInCardFilmstrip() throws {
        let (screen, root) = makeScreen(width: 180, height: 110, scale: 1)
        root.backgroundColor = UIColor(white: 0.93, alpha: 1)
        let card = FilmstripCard(frame: CGRect(x: 18, y: 22, width: 144, height: 66))
        root.addSubview(card)
        screen.advance(by: 1.0 / 60)
        let initial = CATransform3DTranslate(CATransform3DRotate(CATransform3DIdentity, -15 * .pi / 180, 0, 0, 1), -20, -20, 0)
        card.layer.transform = initial
        card.layer.opacity = 0.8
        UIView.animate(withDuration: 0.4) {
            card.layer.transform = CATransform3DIdentity
            card.layer.opacity = 1
        }
        let frames = screen.record(duration: 0.4, fps: 15)
        #expect(frames.count == 7)
        let strip = HeadlessScreen.filmstrip(frames, columns: 7)
        try GoldenImage.verify(strip.cgImage!, named: "drop-in-card-filmstrip", goldenDirectory: goldenDirectory)
        // The first frame is tilted (the card's top-left corner area shows the background),
        // the last is square and opaque.
        let first = frames.first!.cgImage!, last = frames.last!.cgImage!
        #expect(first.color(x: 20, y: 24) != last.color(x: 20, y: 24))
        #expect(last.color(x: 20, y: 24) == UIColor.systemBlue.cgColor)
    }

    @Test("the cloud background drifts left forever: after one period the picture repeats")
    func cloudFilmstrip() throws {
        let (screen, root) = makeScreen(width: 180, height: 90, scale: 1)
        let clouds = CloudStrip(frame: CGRect(x: 0, y: 0, width: 360, height: 90))
        root.addSubview(clouds)
        screen.advance(by: 1.0 / 60)
        UIView.animate(withDuration: 3, delay: 0, options: [.curveLinear, .repeat], animations: {
            clouds.frame.origin.x = -180
        })
        let frames = screen.record(duration: 3, fps: 2)
        #expect(frames.count == 7)
        let strip = HeadlessScreen.filmstrip(frames, columns: 4)
        try GoldenImage.verify(strip.cgImage!, named: "cloud-background-filmstrip", goldenDirectory: goldenDirectory)
        let start = frames[0].cgImage!, oneCycle = frames[6].cgImage!, half = frames[3].cgImage!
        #expect(oneCycle.difference(from: start, tolerance: 2).differingPixels == 0, "seamless loop")
        #expect(half.difference(from: start, tolerance: 2).differingPixels > 0, "it moved in between")
        screen.advance(by: 30)
        #expect(clouds.layer.animationKeys() == ["position"], "still running after 30 more seconds")
    }

    @Test("the tutorial's advanced flip: a card turns about its y axis in perspective")
    func flipFilmstrip() throws {
        let (screen, root) = makeScreen(width: 180, height: 110, scale: 1)
        root.backgroundColor = UIColor(white: 0.93, alpha: 1)
        let card = FilmstripCard(frame: CGRect(x: 18, y: 22, width: 144, height: 66))
        root.addSubview(card)
        screen.advance(by: 1.0 / 60)
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 400
        card.layer.transform = CATransform3DRotate(perspective, .pi * 0.45, 0, 1, 0)
        UIView.animate(withDuration: 0.5, delay: 0, options: .curveEaseOut, animations: {
            card.layer.transform = perspective
        })
        let frames = screen.record(duration: 0.5, fps: 12)
        let strip = HeadlessScreen.filmstrip(frames, columns: 7)
        try GoldenImage.verify(strip.cgImage!, named: "flip-card-filmstrip", goldenDirectory: goldenDirectory)
        // Edge-on at first (narrow), full width at the end.
        func blueColumns(_ image: UIImage) -> Int {
            let bitmap = image.cgImage!
            return (0 ..< bitmap.width).filter { bitmap.color(x: $0, y: 55).blue > 0.8 && bitmap.color(x: $0, y: 55).red < 0.3 }.count
        }
        #expect(blueColumns(frames.first!) < blueColumns(frames.last!) / 3)
    }
}
