import Foundation
import Testing
@testable import TabulaUIKit
import TabulaUIKitTestSupport

@MainActor
@Suite("UIStepper and UIPageControl")
struct StepperAndPageControlTests {
    let screen = HeadlessScreen(size: CGSize(width: 240, height: 100), scale: 2)

    func show(_ view: UIView) {
        let window = UIWindow(frame: .zero)
        window.backgroundColor = .white
        window.addSubview(view)
        screen.show(window)
    }

    @Test("tapping + and − steps the value within its bounds; wrapping goes round")
    func stepper() {
        let stepper = UIStepper(frame: CGRect(x: 20, y: 30, width: 10, height: 10))
        stepper.maximumValue = 2
        var changes = 0
        stepper.addAction(UIAction { _ in changes += 1 }, for: .valueChanged)
        show(stepper)
        #expect(stepper.frame.size == CGSize(width: 94, height: 32))
        let plus = CGPoint(x: 20 + 70, y: 46), minus = CGPoint(x: 20 + 24, y: 46)
        screen.tap(at: plus); screen.tap(at: plus); screen.tap(at: plus)
        #expect(stepper.value == 2 && changes == 2, "stops at the maximum")
        screen.tap(at: minus)
        #expect(stepper.value == 1 && changes == 3)
        writeForLooking(screen.snapshot(), "stepper")
        stepper.wraps = true
        screen.tap(at: plus); screen.tap(at: plus)
        #expect(stepper.value == 0, "wrapped round to the minimum")
    }

    @Test("holding + steps at once, repeats after half a second at ten a second, then faster; not continuous reports once")
    func stepperAutorepeat() {
        let stepper = UIStepper(frame: CGRect(x: 20, y: 30, width: 10, height: 10))
        stepper.maximumValue = 1000
        var changes = 0
        stepper.addAction(UIAction { _ in changes += 1 }, for: .valueChanged)
        show(stepper)
        let plus = CGPoint(x: 20 + 70, y: 46)
        let finger = screen.touchDown(at: plus)
        #expect(stepper.value == 1, "the first step comes with the finger")
        screen.advance(by: 0.45)
        #expect(stepper.value == 1, "no repeat before half a second")
        screen.advance(by: 0.55)
        #expect(stepper.value >= 6 && stepper.value <= 7, "about ten a second after the delay: \(stepper.value)")
        screen.advance(by: 2)
        let late = stepper.value
        screen.advance(by: 1)
        #expect(stepper.value - late >= 19, "twenty a second after two seconds: \(stepper.value - late)")
        screen.liftTouch(finger)
        let atLift = stepper.value
        screen.advance(by: 1)
        #expect(stepper.value == atLift, "lifting stops it")
        #expect(changes == Int(atLift))

        stepper.isContinuous = false
        stepper.autorepeat = true
        changes = 0
        let again = screen.touchDown(at: plus)
        screen.advance(by: 1)
        #expect(changes == 0, "not continuous: nothing sent while held")
        screen.liftTouch(again)
        #expect(changes == 1 && stepper.value > atLift + 4)
        stepper.autorepeat = false
        let value = stepper.value
        let third = screen.touchDown(at: plus)
        screen.advance(by: 1)
        screen.liftTouch(third)
        #expect(stepper.value == value + 1, "without autorepeat, one step")
    }

    @Test("a tap right of the current dot goes forward a page, left goes back")
    func pageControl() {
        let pages = UIPageControl(frame: CGRect(x: 20, y: 30, width: 200, height: 26))
        pages.numberOfPages = 4
        var changes: [Int] = []
        pages.addAction(UIAction { action in changes.append((action.sender as? UIPageControl)?.currentPage ?? -1) }, for: .valueChanged)
        show(pages)
        screen.tap(at: CGPoint(x: 200, y: 43))
        screen.tap(at: CGPoint(x: 200, y: 43))
        #expect(pages.currentPage == 2 && changes == [1, 2])
        screen.tap(at: CGPoint(x: 30, y: 43))
        #expect(pages.currentPage == 1)
        writeForLooking(screen.snapshot(), "pages")
        pages.numberOfPages = 1
        pages.hidesForSinglePage = true
        #expect(pages.isHidden && pages.currentPage == 0)
    }

    /// Found porting a public compositional-layout sample, whose pager footer sets
    /// `backgroundStyle = .prominent`: the property was missing.
    @Test("a prominent page control draws a platter around its dots; a minimal one none")
    func pageControlBackgroundStyle() {
        let pages = UIPageControl(frame: CGRect(x: 20, y: 30, width: 200, height: 26))
        pages.numberOfPages = 3
        #expect(pages.backgroundStyle == .automatic)
        show(pages)
        // Between the first two dots (at x 104 and 120, y 43), inside the platter: a
        // point 2x pixels, half-way between the dots.
        func between() -> Pixel { screen.snapshot().cgImage!.pixel(x: 224, y: 86) }
        let white = between()
        #expect(white.red == 255 && white.green == 255 && white.blue == 255, "no platter untouched")
        pages.backgroundStyle = .prominent
        screen.advance(by: 1.0 / 60)
        let platter = between()
        #expect(platter.red < 240 && platter.red == platter.blue, "grey platter: \(platter)")
        writeForLooking(screen.snapshot(), "pages-prominent")
        pages.backgroundStyle = .minimal
        screen.advance(by: 1.0 / 60)
        #expect(between() == white)
    }
    @Test("more pages than fit (up to Int.max) draw the dots that fit, around the current page, and taps still step")
    func hugePageCount() throws {
        let pages = UIPageControl(frame: CGRect(x: 20, y: 30, width: 200, height: 26))
        pages.numberOfPages = Int.max
        pages.currentPage = 1_000
        var changes: [Int] = []
        pages.addAction(UIAction { action in changes.append((action.sender as? UIPageControl)?.currentPage ?? -1) }, for: .valueChanged)
        show(pages)
        let started = Date()
        _ = screen.snapshot()
        #expect(Date().timeIntervalSince(started) < 5, "drawing costs the dots shown, not the pages")
        // A tap right of the middle goes forward one page, left of it back one.
        screen.tap(at: CGPoint(x: 200, y: 43))
        #expect(pages.currentPage == 1_001 && changes == [1_001])
        screen.tap(at: CGPoint(x: 40, y: 43))
        #expect(pages.currentPage == 1_000 && changes == [1_001, 1_000])
        // The dots drawn fill the width, none outside the control: the pixel just inside
        // its left end, at the dots' height, is a dot's grey.
        let image = try #require(screen.snapshot().cgImage)
        let dotted = (0 ..< 200).filter { image.pixel(x: 2 * (20 + $0), y: 86).red < 250 }
        #expect(!dotted.isEmpty && dotted.first! >= 0 && dotted.last! < 200, "\(dotted.first ?? -1)...\(dotted.last ?? -1)")
        pages.currentPage = Int.max - 1
        _ = screen.snapshot()
        #expect(pages.currentPage == Int.max - 1)
    }
}
