import Foundation
import Testing
@testable import TabulaUIKit
import TabulaUIKitTestSupport

/// A spinner-like progress ring: a view backed by a CAShapeLayer (the track) with a
/// second shape layer on top (the arc) whose strokeEnd is the progress.
private final class RingView: UIView {
    override class var layerClass: AnyClass { CAShapeLayer.self }
    let arc = CAShapeLayer()

    override init(frame: CGRect) {
        super.init(frame: frame)
        let track = layer as! CAShapeLayer
        let path = UIBezierPath(arcCenter: CGPoint(x: bounds.midX, y: bounds.midY), radius: min(bounds.width, bounds.height) / 2 - 8,
                                startAngle: -.pi / 2, endAngle: 3 * .pi / 2, clockwise: true).cgPath
        for shape in [track, arc] {
            shape.path = path
            shape.fillColor = nil
            shape.lineWidth = 8
        }
        arc.lineCap = .round
        arc.frame = bounds
        layer.addSublayer(arc)
        applyColors()
    }

    required init?(coder: NSCoder) { return nil }

    func applyColors() {
        (layer as! CAShapeLayer).strokeColor = UIColor.systemGray5.resolvedColor(with: traitCollection).cgColor
        arc.strokeColor = UIColor.systemBlue.resolvedColor(with: traitCollection).cgColor
    }

    override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
        super.traitCollectionDidChange(previousTraitCollection)
        applyColors()
    }
}

/// A small "photo": sky, sun and hills, drawn once.
@MainActor
private func landscape(size: CGSize) -> UIImage {
    UIGraphicsImageRenderer(size: size).image { context in
        let ctx = context.cgContext
        ctx.drawLinearGradient(Gradient(colors: [Color(rgb: 0x4A90E2), Color(rgb: 0xBFE3FF)]),
                               start: .zero, end: CGPoint(x: 0, y: size.height))
        ctx.setFillColor(Color(rgb: 0xFFC83D))
        ctx.fill(Path(ellipseIn: CGRect(x: size.width * 0.6, y: size.height * 0.15, width: 36, height: 36)))
        ctx.setFillColor(Color(rgb: 0x3C8D3F))
        ctx.fill(Path(ellipseIn: CGRect(x: -40, y: size.height * 0.6, width: size.width * 0.9, height: size.height)))
        ctx.setFillColor(Color(rgb: 0x2E6B30))
        ctx.fill(Path(ellipseIn: CGRect(x: size.width * 0.35, y: size.height * 0.7, width: size.width, height: size.height)))
    }
}

/// A five-pointed star inscribed in `rect`.
private func star(in rect: CGRect) -> Path {
    var path = Path()
    let c = CGPoint(x: rect.midX, y: rect.midY), outer = min(rect.width, rect.height) / 2, inner = outer * 0.45
    for i in 0 ..< 10 {
        let angle = -CGFloat.pi / 2 + CGFloat(i) * .pi / 5, r = i % 2 == 0 ? outer : inner
        let p = CGPoint(x: c.x + r * cos(angle), y: c.y + r * sin(angle))
        if i == 0 { path.move(to: p) } else { path.addLine(to: p) }
    }
    path.closeSubpath()
    return path
}

@MainActor
@Suite("Shape, gradient and mask layers in pictures")
struct ShapeLayerPictureTests {
    @Test("a progress ring animating strokeEnd: every frame draws more of the arc than the one before", arguments: ["light", "dark"])
    func progressRingFilmstrip(_ style: String) throws {
        let screen = HeadlessScreen(size: CGSize(width: 100, height: 100), scale: 2)
        screen.userInterfaceStyle = style == "dark" ? .dark : .light
        let window = UIWindow(frame: .zero)
        window.backgroundColor = .systemBackground
        screen.show(window)
        let ring = RingView(frame: CGRect(x: 10, y: 10, width: 80, height: 80))
        window.addSubview(ring)
        ring.applyColors()   // the first traits in a window are recorded without traitCollectionDidChange
        ring.arc.strokeEnd = 0
        screen.advance(by: 1.0 / 60)
        let anim = CABasicAnimation(keyPath: "strokeEnd")
        anim.fromValue = 0
        anim.toValue = 1
        anim.duration = 0.5
        anim.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        ring.arc.strokeEnd = 1
        ring.arc.add(anim, forKey: "progress")
        var frames: [UIImage] = []
        var blueCounts: [Int] = []
        let blue = UIColor.systemBlue.resolvedColor(with: ring.traitCollection).cgColor
        for _ in 0 ..< 32 {
            screen.advance(by: 1.0 / 60)
            let image = screen.snapshot()
            frames.append(image)
            let bitmap = try #require(image.cgImage)
            var count = 0
            for y in stride(from: 0, to: bitmap.height, by: 2) {
                for x in stride(from: 0, to: bitmap.width, by: 2) where close(bitmap.color(x: x, y: y), blue.red, blue.green, blue.blue, tolerance: 0.08) {
                    count += 1
                }
            }
            blueCounts.append(count)
        }
        writeForLooking(HeadlessScreen.filmstrip(frames, columns: 8), "shape-ring-filmstrip-\(style)")
        #expect(zip(blueCounts, blueCounts.dropFirst()).allSatisfy { $0 <= $1 + 2 }, "the arc never shrinks: \(blueCounts)")
        #expect(blueCounts.first! < blueCounts.last! / 4, "it starts short and ends whole: \(blueCounts)")
        let background = try #require(frames.last?.cgImage).color(x: 2, y: 2)
        #expect(style == "dark" ? background.red < 0.1 : background.red > 0.9, "the \(style) background: \(background)")
        let track = try #require(frames.first?.cgImage).color(x: 2 * 50, y: 2 * 82)
        let gray5 = UIColor.systemGray5.resolvedColor(with: ring.traitCollection).cgColor
        #expect(close(track, gray5.red, gray5.green, gray5.blue, tolerance: 0.05), "the track in the \(style) grey: \(track)")
    }

    @Test("gradients of the three types and a masked image, in light and dark", arguments: ["light", "dark"])
    func gradientsAndMask(_ style: String) throws {
        let screen = HeadlessScreen(size: CGSize(width: 360, height: 250), scale: 2)
        screen.userInterfaceStyle = style == "dark" ? .dark : .light
        let window = UIWindow(frame: .zero)
        window.backgroundColor = .systemGroupedBackground
        screen.show(window)
        let traits = window.traitCollection
        let colors = [UIColor.systemPink, .systemOrange, .systemYellow, .systemTeal, .systemIndigo]
            .map { $0.resolvedColor(with: traits).cgColor }
        var gradients: [CAGradientLayer] = []
        for (i, type) in [CAGradientLayerType.axial, .radial, .conic].enumerated() {
            let gradient = CAGradientLayer()
            gradient.frame = CGRect(x: 15 + CGFloat(i) * 115, y: 15, width: 100, height: 100)
            gradient.cornerRadius = 16
            gradient.cornerCurve = .continuous
            gradient.type = type
            gradient.colors = type == .conic ? colors + [colors[0]] : colors
            if type == .axial {
                gradient.startPoint = CGPoint(x: 0, y: 0)
                gradient.endPoint = CGPoint(x: 1, y: 1)
            } else {
                gradient.startPoint = CGPoint(x: 0.5, y: 0.5)
                gradient.endPoint = type == .radial ? CGPoint(x: 1, y: 1) : CGPoint(x: 0.5, y: 0)
            }
            window.layer.addSublayer(gradient)
            gradients.append(gradient)
        }
        let photo = UIImageView(image: landscape(size: CGSize(width: 110, height: 110)))
        photo.frame = CGRect(x: 15, y: 130, width: 110, height: 110)
        let starMask = CAShapeLayer()
        starMask.path = star(in: photo.bounds)
        photo.layer.mask = starMask
        window.addSubview(photo)
        let circled = UIImageView(image: landscape(size: CGSize(width: 110, height: 110)))
        circled.frame = CGRect(x: 140, y: 130, width: 110, height: 110)
        let fade = CAGradientLayer()
        fade.frame = circled.bounds
        fade.colors = [Color.black, Color.clear]
        fade.type = .radial
        fade.startPoint = CGPoint(x: 0.5, y: 0.5)
        fade.endPoint = CGPoint(x: 1, y: 1)
        circled.layer.mask = fade
        window.addSubview(circled)
        let dashed = CAShapeLayer()
        dashed.frame = CGRect(x: 265, y: 130, width: 80, height: 110)
        dashed.path = UIBezierPath(roundedRect: CGRect(x: 4, y: 4, width: 72, height: 102), cornerRadius: 14).cgPath
        dashed.fillColor = UIColor.secondarySystemGroupedBackground.resolvedColor(with: traits).cgColor
        dashed.strokeColor = UIColor.systemBlue.resolvedColor(with: traits).cgColor
        dashed.lineWidth = 3
        dashed.lineDashPattern = [8, 5]
        dashed.lineCap = .round
        window.layer.addSublayer(dashed)
        screen.advance(by: 1.0 / 60)
        let image = screen.snapshot()
        writeForLooking(image, "gradients-and-masks-\(style)")
        let bitmap = try #require(image.cgImage)
        let pink = colors[0], indigo = colors[4]
        #expect(close(bitmap.color(x: 2 * 20, y: 2 * 20), pink.red, pink.green, pink.blue, tolerance: 0.1), "axial starts pink at the top-left")
        let nearEnd = bitmap.color(x: 2 * 105, y: 2 * 105)
        func distance(_ a: Color, _ b: Color) -> Double { abs(a.red - b.red) + abs(a.green - b.green) + abs(a.blue - b.blue) }
        #expect(distance(nearEnd, indigo) < distance(nearEnd, pink) / 3, "and ends indigo: \(nearEnd)")
        #expect(close(bitmap.color(x: 2 * 180, y: 2 * 65), pink.red, pink.green, pink.blue, tolerance: 0.1), "radial is pink in the middle")
        let starTip = bitmap.color(x: 2 * 70, y: 2 * 134), starCorner = bitmap.color(x: 2 * 18, y: 2 * 133)
        let groupedBackground = bitmap.color(x: 2 * 5, y: 2 * 245)
        #expect(!close(starTip, groupedBackground.red, groupedBackground.green, groupedBackground.blue, tolerance: 0.05),
                "the star's top point shows the photo")
        #expect(close(starCorner, groupedBackground.red, groupedBackground.green, groupedBackground.blue, tolerance: 0.03),
                "the photo's corner is masked away: \(starCorner)")
    }

    @Test("a card flip: single-sided front and back under a perspective sublayerTransform; one face at a time", arguments: ["light", "dark"])
    func cardFlipFilmstrip(_ style: String) throws {
        let screen = HeadlessScreen(size: CGSize(width: 120, height: 120), scale: 2)
        screen.userInterfaceStyle = style == "dark" ? .dark : .light
        let window = UIWindow(frame: .zero)
        window.backgroundColor = .systemBackground
        screen.show(window)
        let traits = window.traitCollection
        let stage = CALayer()
        stage.frame = CGRect(x: 0, y: 0, width: 120, height: 120)
        var perspective = CATransform3D.identity
        perspective.m34 = -1 / 250
        stage.sublayerTransform = perspective
        let front = CAGradientLayer(), back = CALayer()
        front.colors = [UIColor.systemOrange, .systemPink].map { $0.resolvedColor(with: traits).cgColor }
        back.backgroundColor = UIColor.systemIndigo.resolvedColor(with: traits).cgColor
        for (face, angle) in [(front as CALayer, 0.0), (back, CGFloat.pi)] {
            face.frame = CGRect(x: 25, y: 20, width: 70, height: 80)
            face.cornerRadius = 10
            face.isDoubleSided = false
            face.transform = CATransform3D(rotationAngle: angle, x: 0, y: 1, z: 0)
            stage.addSublayer(face)
        }
        window.layer.addSublayer(stage)
        screen.advance(by: 1.0 / 60)
        for (face, start) in [(front as CALayer, 0.0), (back, Double.pi)] {
            let flip = CABasicAnimation(keyPath: "transform.rotation.y")
            flip.fromValue = start
            flip.toValue = start + .pi
            flip.duration = 0.5
            flip.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
            flip.fillMode = .forwards
            flip.isRemovedOnCompletion = false
            face.add(flip, forKey: "flip")
        }
        let indigo = UIColor.systemIndigo.resolvedColor(with: traits).cgColor
        var frames: [UIImage] = []
        var faces: [(front: Bool, back: Bool)] = []
        for _ in 0 ..< 32 {
            screen.advance(by: 1.0 / 60)
            let image = screen.snapshot()
            frames.append(image)
            let bitmap = try #require(image.cgImage)
            var sawFront = false, sawBack = false
            for x in stride(from: 50, to: 190, by: 4) {
                let c = bitmap.color(x: x, y: 120)
                if close(c, indigo.red, indigo.green, indigo.blue, tolerance: 0.08) { sawBack = true }
                if c.red > 0.9 && c.green > 0.2 && c.blue < 0.5 { sawFront = true }
            }
            faces.append((sawFront, sawBack))
        }
        writeForLooking(HeadlessScreen.filmstrip(frames, columns: 8), "card-flip-filmstrip-\(style)")
        let first = try #require(faces.first), last = try #require(faces.last)
        #expect(first.front && !first.back, "the front shows first")
        #expect(!last.front && last.back, "the back shows last")
        #expect(faces.allSatisfy { !($0.front && $0.back) }, "never both faces: \(faces)")
    }
}
