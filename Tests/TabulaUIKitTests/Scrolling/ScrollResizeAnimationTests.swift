import Foundation
import Testing
@testable import TabulaUIKit
import TabulaUIKitTestSupport

/// A scroll view under the status bar (its content inset adjusted by the safe area) whose
/// frame grows in an animation block, as a chat screen's list grows when the keyboard goes.
@Suite("UIScrollView: a frame change in an animation block")
@MainActor
struct ScrollResizeAnimationTests {
    @Test("growing downwards, the top edge stays put: the size animates with the position")
    func growsInPlace() throws {
        let screen = HeadlessScreen(device: .iPhone15)
        let window = UIWindow(frame: .zero)
        let controller = UIViewController()
        window.rootViewController = controller
        screen.show(window)
        let scroll = UIScrollView(frame: CGRect(x: 0, y: 0, width: 393, height: 400))
        scroll.contentSize = CGSize(width: 393, height: 200)
        controller.view.addSubview(scroll)
        screen.advance(by: 0.1)
        #expect(scroll.adjustedContentInset.top == 59)
        #expect(scroll.contentOffset.y == -59, "the content rests at its top, under the status bar")
        var offsets: [CGFloat] = []
        let observer = ScrollOffsetLog()
        scroll.delegate = observer
        UIView.animate(withDuration: 1, delay: 0, options: .curveLinear) {
            scroll.frame = CGRect(x: 0, y: 0, width: 393, height: 800)
        }
        offsets = observer.offsets
        #expect(scroll.contentOffset.y == -59)
        #expect(scroll.adjustedContentInset.top == 59)
        #expect(offsets.isEmpty, "the offset never moved: the top edge did not move, so neither did the safe area")
        screen.advance(by: 0.5)
        let shown = try #require(scroll.layer.presentation())
        #expect(abs(shown.bounds.height - 600) < 1, "half way, the height is half way: \(shown.bounds.height)")
        #expect(abs(shown.position.y - shown.bounds.height / 2) < 0.5,
                "the top edge stays at 0: position \(shown.position.y), height \(shown.bounds.height)")
        #expect(shown.bounds.origin.y == -59)
        screen.advance(by: 0.6)
        #expect(scroll.layer.animationKeys() == nil)
    }

    @Test("a size change that moves the resting offset animates from the old size, not from the offset's change")
    func boundsChangeMovingTheOffset() throws {
        let screen = HeadlessScreen(device: .iPhone15)
        let window = UIWindow(frame: .zero)
        let controller = UIViewController()
        window.rootViewController = controller
        screen.show(window)
        let scroll = UIScrollView(frame: CGRect(x: 0, y: 100, width: 393, height: 400))
        scroll.contentSize = CGSize(width: 393, height: 200)
        controller.view.addSubview(scroll)
        screen.advance(by: 0.1)
        #expect(scroll.adjustedContentInset.top == 0)
        #expect(scroll.contentOffset.y == 0)
        // The centre stays; growing by 400 takes the top edge up to -100, 159 points into
        // the status bar's 59: the content, resting at its top, follows the new inset.
        UIView.animate(withDuration: 1, delay: 0, options: .curveLinear) {
            scroll.bounds.size.height = 800
        }
        #expect(scroll.adjustedContentInset.top == 159)
        #expect(scroll.bounds == CGRect(x: 0, y: -159, width: 393, height: 800))
        screen.advance(by: 0.5)
        let shown = try #require(scroll.layer.presentation())
        #expect(abs(shown.bounds.height - 600) < 1, "half way, the height is half way: \(shown.bounds.height)")
        #expect(abs(shown.bounds.origin.y + 79.5) < 1, "and so is the offset: \(shown.bounds.origin.y)")
    }
}

@MainActor
private final class ScrollOffsetLog: NSObject, UIScrollViewDelegate {
    var offsets: [CGFloat] = []
    func scrollViewDidScroll(_ scrollView: UIScrollView) { offsets.append(scrollView.contentOffset.y) }
}
