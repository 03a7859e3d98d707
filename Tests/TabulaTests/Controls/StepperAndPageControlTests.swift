import Foundation
import Testing
@testable import Tabula

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
}
