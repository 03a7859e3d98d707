import Testing
@testable import TabulaUIKit
import TabulaUIKitTestSupport

/// A view that counts the frames set on it and its layout passes.
@MainActor
private final class CountingView: UIView {
    var centerSets = 0, boundsSets = 0, layouts = 0

    override var center: CGPoint { didSet { centerSets += 1 } }
    override var bounds: CGRect { didSet { boundsSets += 1 } }

    override func layoutSubviews() {
        super.layoutSubviews()
        layouts += 1
    }

    func resetCounts() { (centerSets, boundsSets, layouts) = (0, 0, 0) }
}

/// A layout pass of a kept system follows what changed since the last: the constraints
/// activated, deactivated or changed (its journal), the variables the solver moved, and
/// the views whose values moved. These tests pin that it still lays out as a system
/// built afresh would, where that shortcut could miss something.
@MainActor
@Suite("Auto Layout: a kept system follows what changed")
struct FollowedChangesTests {
    /// `count` counting views in a chain, as `makeViewChain`.
    private func makeCountingChain(_ count: Int) -> (container: UIView, views: [CountingView], links: [NSLayoutConstraint]) {
        let container = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        var views: [CountingView] = [], links: [NSLayoutConstraint] = []
        for _ in 0 ..< count {
            let view = CountingView(frame: .zero)
            view.translatesAutoresizingMaskIntoConstraints = false
            container.addSubview(view)
            let link = view.leadingAnchor.constraint(equalTo: views.last?.trailingAnchor ?? container.leadingAnchor, constant: 8)
            NSLayoutConstraint.activate([
                link,
                view.topAnchor.constraint(equalTo: container.topAnchor, constant: 10),
                view.widthAnchor.constraint(equalToConstant: 40),
                view.heightAnchor.constraint(equalToConstant: 20),
            ])
            views.append(view)
            links.append(link)
        }
        container.layoutIfNeeded()
        return (container, views, links)
    }

    /// Expects `root`'s frames to be those a system built afresh gives (which replaces the kept one).
    private func expectSameAsBuiltAfresh(_ root: UIView, sourceLocation: SourceLocation = #_sourceLocation) {
        let kept = subtreeFrames(root)
        root.layoutSystem = nil
        root.setNeedsLayout()
        root.layoutIfNeeded()
        let fresh = subtreeFrames(root)
        let wrong = kept.indices.filter { kept[$0] != fresh[$0] }
        #expect(wrong.isEmpty, "\(wrong.count) frames differ, the first at \(wrong.first ?? -1)", sourceLocation: sourceLocation)
    }

    @Test("a middle link replaced: the views after it get new frames; the views before it are not touched and do not lay out")
    func replacementTouchesTheViewsAfter() throws {
        let (container, views, links) = makeCountingChain(300)
        let system = try #require(container.layoutSystem)
        for view in views { view.resetCounts() }
        links[150].isActive = false
        views[150].leadingAnchor.constraint(equalTo: views[149].trailingAnchor, constant: 20).isActive = true
        container.layoutIfNeeded()
        #expect(container.layoutSystem === system, "the system is kept")
        #expect(system.lastPassFollowedJournal, "the changes came from the journal, not from collecting every constraint")
        #expect(system.lastPassPlaced < 160, "\(system.lastPassPlaced) views placed for 150 that moved")
        let before = views[..<150]
        #expect(before.allSatisfy { $0.centerSets == 0 && $0.boundsSets == 0 && $0.layouts == 0 })
        #expect(before.indices.allSatisfy { views[$0].frame == CGRect(x: CGFloat(8 + $0 * 48), y: 10, width: 40, height: 20) })
        let after = views[150...]
        #expect(after.allSatisfy { $0.centerSets == 1 && $0.boundsSets == 0 && $0.layouts == 0 })
        #expect(after.indices.allSatisfy { views[$0].frame == CGRect(x: CGFloat(20 + $0 * 48), y: 10, width: 40, height: 20) })
        expectSameAsBuiltAfresh(container)
    }

    @Test("a frame set by hand, or by exerciseAmbiguityInLayout, is set back by the kept system's next pass")
    func framesMovedOutsideAreSetBack() throws {
        let (container, views, links) = makeViewChain(50)
        let system = try #require(container.layoutSystem)
        views[10].frame = CGRect(x: 1, y: 2, width: 3, height: 4)
        links[40].constant = 9   // a change after it, in the next pass
        container.layoutIfNeeded()
        #expect(container.layoutSystem === system)
        #expect(views[10].frame == CGRect(x: 488, y: 10, width: 40, height: 20))   // 8 + 10 × 48
        #expect(views[40].frame.minX == 1_929)   // 9 + 40 × 48

        let loose = UIView()
        loose.translatesAutoresizingMaskIntoConstraints = false
        container.addSubview(loose)
        NSLayoutConstraint.activate([
            loose.topAnchor.constraint(equalTo: container.topAnchor, constant: 100),
            loose.widthAnchor.constraint(equalToConstant: 30), loose.heightAnchor.constraint(equalToConstant: 30),
        ])
        container.layoutIfNeeded()
        let placed = loose.frame
        loose.exerciseAmbiguityInLayout()
        #expect(loose.frame != placed)
        container.setNeedsLayout()
        container.layoutIfNeeded()
        #expect(loose.frame == placed, "the next pass puts it back")
        expectSameAsBuiltAfresh(container)
    }

    @Test("a superview whose new size autoresizes a subview placed by constraints: the subview ends where they say")
    func autoresizingDuringThePassIsUndone() throws {
        let container = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let outer = UIView(), inner = UIView()
        for view in [outer, inner] { view.translatesAutoresizingMaskIntoConstraints = false }
        container.addSubview(outer)
        outer.addSubview(inner)
        inner.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        let width = outer.widthAnchor.constraint(equalToConstant: 200)
        NSLayoutConstraint.activate([
            outer.leadingAnchor.constraint(equalTo: container.leadingAnchor, constant: 10),
            outer.topAnchor.constraint(equalTo: container.topAnchor, constant: 10),
            width, outer.heightAnchor.constraint(equalToConstant: 100),
            inner.leadingAnchor.constraint(equalTo: outer.leadingAnchor, constant: 5),
            inner.topAnchor.constraint(equalTo: outer.topAnchor, constant: 5),
            inner.widthAnchor.constraint(equalToConstant: 20), inner.heightAnchor.constraint(equalToConstant: 20),
        ])
        container.layoutIfNeeded()
        let system = try #require(container.layoutSystem)
        #expect(inner.frame == CGRect(x: 5, y: 5, width: 20, height: 20))
        width.constant = 300   // outer grows; its mask would widen inner
        container.layoutIfNeeded()
        #expect(container.layoutSystem === system)
        #expect(outer.frame == CGRect(x: 10, y: 10, width: 300, height: 100))
        #expect(inner.frame == CGRect(x: 5, y: 5, width: 20, height: 20))
        expectSameAsBuiltAfresh(container)
    }

    @Test("a solved superview's bounds origin moved (as a scroll does): its subviews are placed against it")
    func superviewOriginMoved() throws {
        let container = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let outer = UIView(), inner = UIView()
        for view in [outer, inner] { view.translatesAutoresizingMaskIntoConstraints = false }
        container.addSubview(outer)
        outer.addSubview(inner)
        let top = inner.topAnchor.constraint(equalTo: outer.topAnchor, constant: 5)
        NSLayoutConstraint.activate([
            outer.leadingAnchor.constraint(equalTo: container.leadingAnchor), outer.topAnchor.constraint(equalTo: container.topAnchor),
            outer.widthAnchor.constraint(equalToConstant: 200), outer.heightAnchor.constraint(equalToConstant: 100),
            inner.leadingAnchor.constraint(equalTo: outer.leadingAnchor, constant: 5), top,
            inner.widthAnchor.constraint(equalToConstant: 20), inner.heightAnchor.constraint(equalToConstant: 20),
        ])
        container.layoutIfNeeded()
        outer.bounds.origin = CGPoint(x: 0, y: 40)
        top.constant = 6
        container.layoutIfNeeded()
        #expect(inner.frame.minY == 46, "6 below the top of the content, which starts at the bounds' origin here")
        expectSameAsBuiltAfresh(container)
    }

    @Test("what the journal follows — constants, an activation undone before the pass, a priority, more changes than it holds, a view added — lays out as a system built afresh")
    func journalKinds() throws {
        let (container, views, links) = makeViewChain(100)
        var system = try #require(container.layoutSystem)
        func minX(_ i: Int) -> CGFloat { views[i].frame.minX }

        links[10].constant = 18
        container.layoutIfNeeded()
        #expect(container.layoutSystem === system && system.lastPassFollowedJournal)
        #expect(minX(9) == 440 && minX(10) == 498 && minX(99) == 4_770)   // 8 + 9 × 48; 18 + 10 × 48; + 10

        links[20].isActive = false
        links[20].isActive = true
        container.layoutIfNeeded()
        #expect(container.layoutSystem === system && system.lastPassFollowedJournal)
        #expect(minX(99) == 4_770)

        links[30].priority = .defaultHigh   // a priority changed: built anew
        container.layoutIfNeeded()
        #expect(container.layoutSystem !== system)
        system = try #require(container.layoutSystem)
        #expect(minX(99) == 4_770)

        for n in 0 ..< 2_000 { links[50].constant = CGFloat(8 + n % 7) }   // ends at 12
        container.layoutIfNeeded()
        #expect(container.layoutSystem === system && !system.lastPassFollowedJournal, "the journal overflowed: all compared")
        #expect(minX(49) == 2_370 && minX(99) == 4_774)   // 18 + 49 × 48; the views after link 50 + 4

        links[60].constant = 9   // noted again after the overflow
        container.layoutIfNeeded()
        #expect(system.lastPassFollowedJournal)
        #expect(minX(99) == 4_775)

        // A view moved in: that pass compares all (and its new view's size lays the
        // container out once more, from the journal, which has nothing then).
        var grown = views, grownLinks = links
        appendChainView(to: container, &grown, &grownLinks)
        container.layoutIfNeeded()
        #expect(container.layoutSystem === system)
        #expect(grown[100].frame.minX == 4_823)
        links[70].constant = 7
        container.layoutIfNeeded()
        #expect(system.lastPassFollowedJournal)
        #expect(grown[100].frame.minX == 4_822)
        expectSameAsBuiltAfresh(container)
    }
}
