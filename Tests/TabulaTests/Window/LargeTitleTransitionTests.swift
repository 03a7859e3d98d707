import Foundation
import Testing
@testable import TabulaUIKit
import TabulaTestSupport
@testable import TabulaTable

/// Large titles through a push and a back swipe, frame by frame: the outgoing title never
/// overlaps the incoming one while both can be seen, and the incoming title is there.
@MainActor
@Suite("Large titles in navigation transitions")
struct LargeTitleTransitionTests {
    /// Tall enough for a regular height (large titles give way to the bar's title in a
    /// compact one).
    let screen = HeadlessScreen(size: CGSize(width: 393, height: 520))

    /// A large title as drawn in one frame: where its text lies on screen, and how visible it is.
    struct DrawnTitle: CustomStringConvertible {
        var text: String
        var extent: ClosedRange<CGFloat>
        var opacity: CGFloat
        var shownHeight: CGFloat
        var description: String {
            "\"\(text)\" x \(Int(extent.lowerBound))…\(Int(extent.upperBound)) opacity \(String(format: "%.2f", opacity)) height \(Int(shownHeight))"
        }
    }

    /// The large titles the bar draws in the current frame (presentation values).
    func drawnTitles(_ bar: UINavigationBar) -> [DrawnTitle] {
        bar.subviews.compactMap { $0 as? UINavigationBar.ContentView }.compactMap { content in
            guard let large = content.largeTitleLabel, content.largeTitleClip.superview === content else { return nil }
            let layer = content.layer.presentation() ?? content.layer
            let clip = content.largeTitleClip.layer.presentation() ?? content.largeTitleClip.layer
            let labelFrame = large.layer.presentation()?.frame ?? large.frame
            // The text's ink, as far as the clip shows it.
            let clipX = layer.frame.minX + clip.frame.minX
            let x = clipX + labelFrame.minX
            let width = min(large.sizeThatFits(CGSize(width: 10_000, height: 41)).width, labelFrame.width)
            let start = max(x, clipX), end = min(x + width, clipX + clip.bounds.width)
            guard start < end else { return nil }
            return DrawnTitle(text: large.text ?? "", extent: start ... end,
                              opacity: CGFloat(layer.opacity) * CGFloat(clip.opacity),
                              shownHeight: clip.bounds.height)
        }
    }

    /// The problems of one frame: two titles that can both be seen overlapping.
    func overlaps(_ titles: [DrawnTitle]) -> String? {
        let seen = titles.filter { $0.opacity > 0.05 && $0.shownHeight > 0 }
        for (i, a) in seen.enumerated() {
            for b in seen.dropFirst(i + 1) where a.extent.overlaps(b.extent) {
                return "\(a) overlaps \(b)"
            }
        }
        return nil
    }

    func twoLevels(_ firstTitle: String = "Tabula", _ secondTitle: String = "Inbox") -> (UINavigationController, UIViewController) {
        let root = NumberedTableController(style: .plain)
        root.title = firstTitle
        let nav = UINavigationController(rootViewController: root)
        nav.navigationBar.prefersLargeTitles = true
        let window = UIWindow(frame: .zero)
        window.rootViewController = nav
        screen.show(window)
        screen.advance(by: 0.1)
        let second = NumberedTableController(style: .plain)
        second.title = secondTitle
        return (nav, second)
    }

    @Test("pushing, the large titles slide apart: never overlapping while both show", arguments: [
        ("Tabula", "Inbox"), ("Settings and Privacy", "Notifications and Sounds"),
    ])
    func push(_ first: String, _ second: String) {
        let (nav, next) = twoLevels(first, second)
        nav.pushViewController(next, animated: true)
        var frames: [UIImage] = []
        var sawBoth = false
        var incomingX: [CGFloat] = []
        for frame in 0 ..< 40 {
            screen.advance(by: 1.0 / 60)
            let titles = drawnTitles(nav.navigationBar)
            sawBoth = sawBoth || titles.count == 2
            if titles.count == 2, let incoming = titles.first(where: { $0.text == second }) {
                incomingX.append(incoming.extent.lowerBound)
            }
            #expect(overlaps(titles) == nil, "frame \(frame): \(overlaps(titles) ?? "")")
            if frame % 4 == 0 { frames.append(screen.snapshot()) }
        }
        writeForLooking(HeadlessScreen.filmstrip(frames, columns: 5), "large-title-push-\(first.count)")
        #expect(sawBoth, "both titles were in the bar during the push")
        #expect(incomingX.first.map { $0 > 150 } == true, "the new title comes in from the right: \(incomingX)")
        #expect(zip(incomingX, incomingX.dropFirst()).allSatisfy { $0 >= $1 }, "and only moves left: \(incomingX)")
        let settled = drawnTitles(nav.navigationBar)
        #expect(settled.count == 1 && settled.first?.text == second && settled.first!.extent.lowerBound == 16,
                "at rest the new title alone, 16 points in: \(settled)")
    }

    @Test("pushing a screen without a large title, the old large title rides out with its view and its small title stays hidden")
    func pushToSmallTitle() {
        let (nav, next) = twoLevels("Tabula", "Contacts")
        next.navigationItem.largeTitleDisplayMode = .never
        nav.pushViewController(next, animated: true)
        var frames: [UIImage] = []
        for frame in 0 ..< 12 {
            screen.advance(by: 1.0 / 60)
            let leaving = nav.navigationBar.subviews.compactMap { $0 as? UINavigationBar.ContentView }
                .first { $0.titleLabel?.text == "Tabula" }
            guard let leaving else { continue }
            let opacity = (leaving.layer.presentation() ?? leaving.layer).opacity
            if opacity > 0.2 {
                let shown = (leaving.largeTitleClip.layer.presentation() ?? leaving.largeTitleClip.layer).bounds.height
                #expect(shown > 40, "frame \(frame): the old large title still shows (\(shown) points of it)")
                #expect((leaving.titleLabel?.alpha ?? 1) == 0, "frame \(frame): its small title does not appear over the back button")
            }
            if frame % 3 == 0 { frames.append(screen.snapshot()) }
        }
        writeForLooking(HeadlessScreen.filmstrip(frames, columns: 4), "large-title-push-to-small")
        screen.advance(by: 0.5)
        let content = nav.navigationBar.subviews.compactMap { $0 as? UINavigationBar.ContentView }
        #expect(content.count == 1 && content[0].titleLabel?.text == "Contacts" && content[0].titleLabel?.alpha == 1)
    }

    @Test("popping back (Back or a Done button) from a screen without a large title, the large title opens as it slides in, not after")
    func popToLargeTitle() {
        let (nav, next) = twoLevels("Items", "Detail")
        next.navigationItem.largeTitleDisplayMode = .never
        nav.pushViewController(next, animated: false)
        screen.advance(by: 0.1)
        nav.popViewController(animated: true)
        var heights: [CGFloat] = []
        var frames: [UIImage] = []
        for frame in 0 ..< 24 {
            screen.advance(by: 1.0 / 60)
            if let incoming = drawnTitles(nav.navigationBar).first(where: { $0.text == "Items" }) {
                heights.append(incoming.shownHeight)
            }
            if frame % 4 == 0 { frames.append(screen.snapshot()) }
        }
        writeForLooking(HeadlessScreen.filmstrip(frames, columns: 6), "large-title-pop-from-small")
        #expect(heights.count >= 12, "the incoming large title is drawn during the pop: \(heights)")
        #expect(heights.dropFirst(heights.count / 2).allSatisfy { $0 > 20 }, "and has opened by the middle of it: \(heights)")
        #expect(zip(heights, heights.dropFirst()).allSatisfy { $0 <= $1 + 0.01 }, "opening, never closing: \(heights)")
    }

    @Test("swiping back, the incoming large title shows and the two never overlap")
    func backSwipe() {
        let (nav, next) = twoLevels()
        nav.pushViewController(next, animated: false)
        screen.advance(by: 0.1)
        let y: CGFloat = 200
        let id = screen.touchDown(at: CGPoint(x: 4, y: y))
        screen.advance(by: 1.0 / 60)
        var frames: [UIImage] = []
        for step in 1 ... 12 {
            let x = 4 + (300 - 4) * CGFloat(step) / 12
            screen.moveTouch(id, to: CGPoint(x: x, y: y))
            screen.advance(by: 1.0 / 60)
            let titles = drawnTitles(nav.navigationBar)
            #expect(overlaps(titles) == nil, "step \(step): \(overlaps(titles) ?? "")")
            if step == 6 {
                let incoming = titles.first { $0.text == "Tabula" }
                #expect(incoming != nil && incoming!.opacity > 0.3 && incoming!.shownHeight > 40,
                        "half way, the incoming title shows: \(titles)")
            }
            if step % 2 == 0 { frames.append(screen.snapshot()) }
        }
        screen.liftTouch(id)
        for frame in 0 ..< 30 {
            screen.advance(by: 1.0 / 60)
            let titles = drawnTitles(nav.navigationBar)
            #expect(overlaps(titles) == nil, "after release, frame \(frame): \(overlaps(titles) ?? "")")
            if frame % 6 == 0 { frames.append(screen.snapshot()) }
        }
        writeForLooking(HeadlessScreen.filmstrip(frames, columns: 5), "large-title-back-swipe")
        let settled = drawnTitles(nav.navigationBar)
        #expect(settled.count == 1 && settled.first?.text == "Tabula", "at rest the root's title alone: \(settled)")
    }
}
