import Testing
@testable import TabulaUIKit
import TabulaUIKitTestSupport

/// A view that counts its layout passes.
private final class LayoutPassCountingView: UIView {
    var layouts = 0
    override func layoutSubviews() {
        layouts += 1
        super.layoutSubviews()
    }
}

@MainActor
@Suite("UIView.bringSubviewsToFront: several views raised in one call")
struct BringSubviewsToFrontTests {
    /// Every order of four subviews, and every list of up to three of them (with a
    /// repeat and a view that is not a subview): the subviews and their layers end as
    /// one `bringSubviewToFront` after another leaves them.
    @Test("ends in the order of one bringSubviewToFront after another, for every small case")
    func sameOrderAsOneByOne() {
        let count = 4
        func permutations(_ items: [Int]) -> [[Int]] {
            items.count <= 1 ? [items] : items.indices.flatMap { i in
                var rest = items
                let first = rest.remove(at: i)
                return permutations(rest).map { [first] + $0 }
            }
        }
        // Every list of 0 to 3 indexes into the views (repeats allowed).
        var lists: [[Int]] = [[]], longest: [[Int]] = [[]]
        for _ in 0 ..< 3 {
            longest = longest.flatMap { list in (0 ... count).map { list + [$0] } }
            lists += longest
        }
        for start in permutations(Array(0 ..< count)) {
            for list in lists {
                func make() -> (UIView, [UIView]) {
                    let parent = UIView()
                    // Index `count` names a view that is not a subview.
                    let views = (0 ... count).map { _ in UIView() }
                    for i in start { parent.addSubview(views[i]) }
                    return (parent, views)
                }
                let (expected, e) = make()
                for i in list { expected.bringSubviewToFront(e[i]) }
                let (actual, a) = make()
                actual.bringSubviewsToFront(list.map { a[$0] })
                let order = { (parent: UIView, views: [UIView]) in
                    parent.subviews.map { v in views.firstIndex { $0 === v }! }
                }
                let layerOrder = { (parent: UIView, views: [UIView]) in
                    (parent.layer.sublayers ?? []).map { l in views.firstIndex { $0.layer === l }! }
                }
                #expect(order(actual, a) == order(expected, e), "start \(start), raising \(list)")
                #expect(layerOrder(actual, a) == order(expected, e), "layers follow: start \(start), raising \(list)")
            }
        }
    }

    @Test("views already in front, in order: nothing moves, and the superview is not laid out again")
    func alreadyInFront() {
        let screen = HeadlessScreen(size: CGSize(width: 100, height: 100))
        let window = UIWindow(frame: .zero)
        screen.show(window)
        let parent = LayoutPassCountingView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        window.addSubview(parent)
        let views = (0 ..< 4).map { _ in UIView() }
        for view in views { parent.addSubview(view) }
        screen.advance(by: 1.0 / 60)
        let layouts = parent.layouts
        parent.bringSubviewsToFront([views[2], views[3]])
        #expect(!parent.layer.needsLayout())
        screen.advance(by: 1.0 / 60)
        #expect(parent.layouts == layouts)
        // Out of order, they move (and the superview is laid out again, as after bringSubviewToFront).
        parent.bringSubviewsToFront([views[3], views[2]])
        #expect(parent.subviews.map { v in views.firstIndex { $0 === v }! } == [0, 1, 3, 2])
        #expect(parent.layer.needsLayout())
    }
}
