import Testing
@testable import TabulaUIKit
import TabulaUIKitTestSupport

@MainActor
@Suite("UIScrollView paging")
struct PagingTests {
    /// A 200-point-wide paging scroll view over five pages.
    func make() -> (HeadlessScreen, UIScrollView) {
        let (screen, root) = makeScreen(width: 200, height: 120)
        let scroll = UIScrollView(frame: root.bounds)
        scroll.contentSize = CGSize(width: 1000, height: 120)
        scroll.isPagingEnabled = true
        root.addSubview(scroll)
        screen.advance(by: 1.0 / 60)
        return (screen, scroll)
    }

    @Test("a slow drag past half a page settles on the next page; short of half, back on the first")
    func slowDrags() {
        let (screen, scroll) = make()
        screen.drag(from: CGPoint(x: 180, y: 60), to: CGPoint(x: 60, y: 60), duration: 1.5)   // 120 pt: past half
        screen.advance(by: 2)
        #expect(scroll.contentOffset.x == 200)
        screen.drag(from: CGPoint(x: 150, y: 60), to: CGPoint(x: 90, y: 60), duration: 1.5)   // 60 pt: short of half
        screen.advance(by: 2)
        #expect(scroll.contentOffset.x == 200)
        #expect(!scroll.isDecelerating)
    }

    @Test("a quick flick moves one page only, however fast; back flicks go back one")
    func flicks() {
        let (screen, scroll) = make()
        screen.drag(from: CGPoint(x: 190, y: 60), to: CGPoint(x: 10, y: 60), duration: 0.05)
        screen.advance(by: 2)
        #expect(scroll.contentOffset.x == 200, "one page, not the four a free fling would cover")
        screen.drag(from: CGPoint(x: 100, y: 60), to: CGPoint(x: 70, y: 60), duration: 0.05)   // short but quick
        screen.advance(by: 2)
        #expect(scroll.contentOffset.x == 400)
        screen.drag(from: CGPoint(x: 70, y: 60), to: CGPoint(x: 100, y: 60), duration: 0.05)
        screen.advance(by: 2)
        #expect(scroll.contentOffset.x == 200)
    }

    @Test("without paging the same flick coasts past the next page")
    func withoutPaging() {
        let (screen, scroll) = make()
        scroll.isPagingEnabled = false
        screen.drag(from: CGPoint(x: 190, y: 60), to: CGPoint(x: 10, y: 60), duration: 0.05)
        screen.advance(by: 3)
        #expect(scroll.contentOffset.x > 400)
    }
}
