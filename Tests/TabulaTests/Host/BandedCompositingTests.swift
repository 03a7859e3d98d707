import Foundation
import Testing
@testable import TabulaUIKit
@testable import TabulaQuartz
@testable import TabulaTable

/// A large frame is composited in horizontal bands, each on its own thread. Every kind of
/// drawing must come out the same whatever the number of bands: nothing may be cut, doubled
/// or shifted where two bands meet.
@MainActor
@Suite("Frames drawn in bands on several threads are the same as frames drawn in one pass")
struct BandedCompositingTests {
    /// The frame's pixels.
    func pixels(_ screen: HeadlessScreen) -> [UInt32] {
        screen.withFramePixels { base, _, height, wordsPerRow in Array(UnsafeBufferPointer(start: base, count: height * wordsPerRow)) }
    }

    /// Composites the frame as it stands with each number of threads and returns the
    /// pictures and the bands each was drawn in.
    func frames(_ screen: HeadlessScreen, threads: [Int]) -> [(pixels: [UInt32], bands: Int)] {
        let saved = screen.compositor.bandThreads
        defer { screen.compositor.bandThreads = saved }
        return threads.map { count in
            screen.compositor.bandThreads = count
            let stats = screen.compositeAgain()
            return (pixels(screen), stats.bandsDrawn)
        }
    }

    /// The index of the first pixel where `a` and `b` differ, as (x, y), or nil.
    func firstDifference(_ a: [UInt32], _ b: [UInt32], width: Int) -> (Int, Int)? {
        guard a != b, let i = a.indices.first(where: { a[$0] != b[$0] }) else { return nil }
        return (i % width, i / width)
    }

    /// A screen of everything the compositor draws: a grouped table under a bar, rounded
    /// cards with shadows straddling band edges, a gradient, a rotated translucent view, a
    /// faded group, a masked view, a border and a layer turned in perspective.
    func busyScreen() -> HeadlessScreen {
        let screen = HeadlessScreen(device: .iPhone15)
        let table = NumberedTableController(style: .insetGrouped)
        table.title = "Bands"
        let nav = UINavigationController(rootViewController: table)
        let window = UIWindow(frame: .zero)
        window.rootViewController = nav
        screen.show(window)
        screen.advance(by: 0.1)
        let overlay = UIView(frame: window.bounds)
        overlay.isUserInteractionEnabled = false
        window.addSubview(overlay)
        for i in 0 ..< 6 {
            // Cards every 130 points: at 3x some cross the edges between bands (2556 / 2, / 3).
            let card = UIView(frame: CGRect(x: 24, y: 120 + CGFloat(i) * 130, width: 342, height: 90))
            card.backgroundColor = .white
            card.layer.cornerRadius = 14
            card.layer.cornerCurve = i % 2 == 0 ? .continuous : .circular
            card.layer.shadowOpacity = 0.3
            card.layer.shadowRadius = 10
            card.layer.shadowOffset = CGSize(width: 0, height: 6)
            card.layer.borderWidth = i == 2 ? 2 : 0
            card.layer.borderColor = UIColor.systemBlue.cgColor
            let label = UILabel(frame: CGRect(x: 16, y: 16, width: 300, height: 24))
            label.text = "Card \(i) across a band edge"
            card.addSubview(label)
            overlay.addSubview(card)
        }
        let gradient = CAGradientLayer()
        gradient.frame = CGRect(x: 40, y: 410, width: 300, height: 40)
        gradient.colors = [UIColor.systemPink.cgColor, UIColor.systemTeal.cgColor]
        overlay.layer.addSublayer(gradient)
        let rotated = UIView(frame: CGRect(x: 120, y: 380, width: 150, height: 150))
        rotated.backgroundColor = UIColor.systemOrange.withAlphaComponent(0.6)
        rotated.transform = CGAffineTransform(rotationAngle: .pi / 9)
        overlay.addSubview(rotated)
        let faded = UIView(frame: CGRect(x: 30, y: 560, width: 200, height: 120))
        faded.alpha = 0.5
        for j in 0 ..< 3 {
            let square = UIView(frame: CGRect(x: CGFloat(j) * 50, y: CGFloat(j) * 20, width: 90, height: 90))
            square.backgroundColor = [UIColor.systemRed, .systemGreen, .systemBlue][j]
            faded.addSubview(square)
        }
        overlay.addSubview(faded)
        let masked = UIView(frame: CGRect(x: 240, y: 600, width: 120, height: 120))
        masked.backgroundColor = .systemPurple
        let circle = CAShapeLayer()
        circle.path = UIBezierPath(ovalIn: CGRect(x: 0, y: 0, width: 120, height: 120)).cgPath
        masked.layer.mask = circle
        overlay.addSubview(masked)
        let turned = CALayer()
        turned.frame = CGRect(x: 100, y: 700, width: 180, height: 90)
        turned.backgroundColor = UIColor.systemIndigo.cgColor
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / 400
        turned.transform = CATransform3DRotate(perspective, .pi / 5, 0, 1, 0)
        overlay.layer.addSublayer(turned)
        screen.advance(by: 1.0 / 60)
        return screen
    }

    @Test("2, 3 and 4 bands give the very pixels of one pass, on a screen of every kind of drawing")
    func samePixels() {
        let screen = busyScreen()
        let results = frames(screen, threads: [1, 2, 3, 4])
        #expect(results.map(\.bands) == [1, 2, 3, 4], "the frame was drawn in as many bands as threads")
        let width = screen.withFramePixels { _, _, _, wordsPerRow in wordsPerRow }
        for result in results.dropFirst() {
            let difference = firstDifference(results[0].pixels, result.pixels, width: width)
            #expect(difference == nil, "\(result.bands) bands differ from one pass first at \(String(describing: difference))")
        }
    }

    @Test("bars blurring what is behind them: the bands wait for each other at each blur, and the pixels are the same")
    func backdropBarriers() {
        let screen = busyScreen()
        let window = screen.window!
        // Two blurred bars, one across the edge between two bands (at 3x, row 1278 = 426 pt).
        for y in [380.0, 120.0] {
            let bar = UIView(frame: CGRect(x: 0, y: y, width: 393, height: 90))
            bar.layer.backdropMaterial = BackdropMaterial(blurRadius: 20, saturation: 1.8)
            bar.backgroundColor = UIColor(white: 1, alpha: 0.3)
            window.addSubview(bar)
        }
        screen.advance(by: 1.0 / 60)
        let results = frames(screen, threads: [1, 2, 3])
        #expect(results.map(\.bands) == [1, 2, 3])
        #expect(screen.compositeAgain().readBackBarriers == 2, "one wait per blurred bar")
        // The blurred backdrop is kept at a lower resolution and scaled up as it is drawn;
        // Cairo's filter, started at a band's first row, may land one level of 255 apart.
        for result in results.dropFirst() {
            let worst = zip(results[0].pixels, result.pixels).reduce(0) { worst, pair in
                pair.0 == pair.1 ? worst : [0, 8, 16].reduce(worst) { max($0, abs(Int((pair.0 >> $1) & 0xFF) - Int((pair.1 >> $1) & 0xFF))) }
            }
            #expect(worst <= 1, "\(result.bands) bands differ from one pass by \(worst) levels")
        }
    }

    @Test("small frames are drawn in one pass; the environment can set the threads")
    func smallFrames() {
        #expect(Compositor.bandCount(forHeight: 200, width: 200, threads: 4) == 1)
        // A phone's screen at 1x is drawn in one pass: waking a second thread costs more
        // than it saves there. At 2x it is banded.
        #expect(Compositor.bandCount(forHeight: 844, width: 390, threads: 2) == 1)
        #expect(Compositor.bandCount(forHeight: 1688, width: 780, threads: 2) == 2)
        #expect(Compositor.bandCount(forHeight: 2556, width: 1179, threads: 2) == 2)
        #expect(Compositor.bandCount(forHeight: 2556, width: 1179, threads: 1) == 1)
        #expect((1 ... 16).contains(Compositor.defaultBandThreads))
    }
}


