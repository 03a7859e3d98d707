import Testing
@testable import TabulaUIKit
import TabulaUIKitTestSupport

/// Auto Layout through views costs what changed: activating constraints adds them to the
/// system the layout root keeps, a constant moves a number, a removal is O(1).
@MainActor
@Suite("Auto Layout: work in proportion to what changed")
struct LinearLayoutTests {
    @Test("activating one more view in a 200-view chain adds its 4 constraints to the kept system, not 804")
    func activationExtendsTheSystem() throws {
        let (container, made, madeLinks) = makeViewChain(200)
        var views = made, links = madeLinks
        let system = try #require(container.layoutSystem)
        let before = system.solverAdditions
        #expect(before >= 800, "built with every constraint: \(before)")
        appendChainView(to: container, &views, &links)
        container.layoutIfNeeded()
        #expect(container.layoutSystem === system, "the system is kept")
        #expect(system.solverAdditions - before == 4, "\(system.solverAdditions - before) constraints added")
        let expected = CGRect(x: 9_608, y: 10, width: 40, height: 20)   // 8 + 200 × 48
        #expect(views[200].frame == expected)
        // The same frames as a system built afresh.
        let kept = views.map(\.frame)
        container.layoutSystem = nil
        container.setNeedsLayout()
        container.layoutIfNeeded()
        #expect(views.map(\.frame) == kept)
    }

    @Test("changing one constant in a 200-view chain adds nothing to the solver and moves the views after it")
    func constantMovesANumber() throws {
        let (container, views, links) = makeViewChain(200)
        let system = try #require(container.layoutSystem)
        let before = system.solverAdditions
        links[100].constant = 20
        container.layoutIfNeeded()
        #expect(container.layoutSystem === system)
        #expect(system.solverAdditions == before)
        let lefts: [CGFloat] = [views[99].frame.minX, views[100].frame.minX, views[199].frame.minX]
        let expected: [CGFloat] = [4_760, 4_820, 9_572]   // 8 + 99 × 48; 20 + 100 × 48; 20 + 199 × 48
        #expect(lefts == expected)
    }

    @Test("deactivating constraints one by one keeps the others in order, and the layout right")
    func removalKeepsOrder() {
        let (container, views, links) = makeViewChain(50)
        let tops = container.constraints.filter { $0.firstAttribute == .top }
        #expect(tops.count == 50)
        // Every other link goes: the views after each gap still follow their own links.
        let removed = links.enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
        for link in removed { link.isActive = false }
        let leadings: [ObjectIdentifier] = container.constraints.filter { $0.firstAttribute == .leading }.map { ObjectIdentifier($0) }
        let kept: [ObjectIdentifier] = links.enumerated().filter { $0.offset % 2 == 0 }.map { ObjectIdentifier($0.element) }
        #expect(leadings == kept)
        let topsNow: [ObjectIdentifier] = container.constraints.filter { $0.firstAttribute == .top }.map { ObjectIdentifier($0) }
        #expect(topsNow == tops.map { ObjectIdentifier($0) })
        // Put back, in a new order: the views line up again.
        NSLayoutConstraint.activate(removed.reversed())
        container.layoutIfNeeded()
        let expected: [CGFloat] = (0 ..< 50).map { CGFloat(8 + $0 * 48) }
        #expect(views.map(\.frame.minX) == expected)
        #expect(container.constraints.count == 100)
    }

    @Test("10,000 required lower bounds on one width share one solver constraint, the tightest")
    func boundsShareARow() throws {
        let container = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let view = UIView(frame: .zero)
        view.translatesAutoresizingMaskIntoConstraints = false
        container.addSubview(view)
        var bounds = (0 ..< 10_000).map { view.widthAnchor.constraint(greaterThanOrEqualToConstant: CGFloat($0)) }
        NSLayoutConstraint.activate(bounds + [
            view.leadingAnchor.constraint(equalTo: container.leadingAnchor),
            view.topAnchor.constraint(equalTo: container.topAnchor),
            view.heightAnchor.constraint(equalToConstant: 10),
        ])
        container.layoutIfNeeded()
        #expect(view.frame.width == 9_999)
        let system = try #require(container.layoutSystem)
        #expect(system.solverAdditions < 20, "\(system.solverAdditions) constraints in the solver")
        // A looser bound made the tightest, and one more activated: the width follows.
        bounds[17].constant = 12_000
        container.layoutIfNeeded()
        #expect(view.frame.width == 12_000)
        let more = view.widthAnchor.constraint(greaterThanOrEqualToConstant: 15_000)
        more.isActive = true
        bounds.append(more)
        container.layoutIfNeeded()
        #expect(view.frame.width == 15_000)
        #expect(container.layoutSystem === system && system.solverAdditions < 20)
        // An upper bound below them conflicts: reported once, and the width stays within what can hold.
        let reports = ConstraintReports()
        defer { reports.restore() }
        view.widthAnchor.constraint(lessThanOrEqualToConstant: 100).isActive = true
        container.layoutIfNeeded()
        #expect(reports.messages.count == 1)
        #expect(view.frame.width <= 15_000 && view.frame.width >= 100)
    }

    @Test("a chain of 5,000 views lays out end to end; a constant changed in the middle moves the views after it")
    func longChain() {
        let (container, views, links) = makeViewChain(5_000)
        #expect(views[0].frame == CGRect(x: 8, y: 10, width: 40, height: 20))
        #expect(views[4_999].frame == CGRect(x: 239_960, y: 10, width: 40, height: 20))   // 8 + 4,999 × 48
        let wrong = views.indices.filter { views[$0].frame != CGRect(x: CGFloat(8 + $0 * 48), y: 10, width: 40, height: 20) }
        #expect(wrong.isEmpty, "\(wrong.count) views out of place, the first \(wrong.first ?? -1)")
        links[2_500].constant = 20
        container.layoutIfNeeded()
        #expect(views[2_499].frame.minX == 119_960, "before the change: 8 + 2,499 × 48")
        #expect(views[2_500].frame.minX == 120_020, "20 + 2,500 × 48")
        #expect(views[4_999].frame.minX == 239_972)
    }

    @Test("a middle view's required width deactivated: its optional width holds and the views after it close up")
    func removingAMiddleWidth() throws {
        let (container, views, _) = makeViewChain(2_000)
        let middle = views[1_000]
        let required = try #require(middle.constraints.first { $0.firstAttribute == .width })
        let preferred = middle.widthAnchor.constraint(equalToConstant: 25)
        preferred.priority = .defaultLow
        preferred.isActive = true
        container.layoutIfNeeded()
        #expect(middle.frame.width == 40, "the required width wins")
        required.isActive = false
        container.layoutIfNeeded()
        #expect(middle.frame == CGRect(x: 48_008, y: 10, width: 25, height: 20))   // 8 + 1,000 × 48
        #expect(views[999].frame.minX == 47_960)
        #expect(views[1_001].frame.minX == 48_041, "15 points closer: 8 + 1,001 × 48 − 15")
        #expect(views[1_999].frame.minX == 95_945)
        required.isActive = true
        container.layoutIfNeeded()
        #expect(views[1_999].frame.minX == 95_960)
    }

    @Test("a middle link replaced by one with another constant: the views after it move, the ones before stay")
    func replacingAMiddleLink() {
        let (container, views, links) = makeViewChain(2_000)
        links[700].isActive = false
        let replacement = views[700].leadingAnchor.constraint(equalTo: views[699].trailingAnchor, constant: 100)
        replacement.isActive = true
        container.layoutIfNeeded()
        #expect(views[699].frame.minX == 33_560)   // 8 + 699 × 48
        #expect(views[700].frame.minX == 33_700, "92 points further: 8 + 700 × 48 + 92")
        #expect(views[1_999].frame.minX == 96_052)
        #expect(views.allSatisfy { $0.frame.size == CGSize(width: 40, height: 20) })
    }

    @Test("10,000 bounds width >= i on one view: the largest holds, and the next once it is deactivated")
    func largestBoundHolds() {
        let container = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let view = UIView(frame: .zero)
        view.translatesAutoresizingMaskIntoConstraints = false
        container.addSubview(view)
        let bounds = (1 ... 10_000).map { view.widthAnchor.constraint(greaterThanOrEqualToConstant: CGFloat($0)) }
        NSLayoutConstraint.activate(bounds.reversed() + [
            view.leadingAnchor.constraint(equalTo: container.leadingAnchor),
            view.topAnchor.constraint(equalTo: container.topAnchor),
            view.heightAnchor.constraint(equalToConstant: 10),
        ])
        container.layoutIfNeeded()
        #expect(view.frame.width == 10_000)
        bounds[9_999].isActive = false
        container.layoutIfNeeded()
        #expect(view.frame.width == 9_999)
        NSLayoutConstraint.deactivate(Array(bounds[5_000...]))
        container.layoutIfNeeded()
        #expect(view.frame.width == 5_000)
    }

    @Test("a view leaving its superview deactivates the constraints naming it that are installed above, and only those")
    func leavingDeactivates() {
        let (container, views, links) = makeViewChain(20)
        let inner = UIView(frame: .zero)
        inner.translatesAutoresizingMaskIntoConstraints = false
        views[5].addSubview(inner)
        let inside = inner.widthAnchor.constraint(equalTo: views[5].widthAnchor)
        let across = inner.topAnchor.constraint(equalTo: views[6].topAnchor)
        NSLayoutConstraint.activate([inside, across])
        #expect(inside.firstItem === inner && across.isActive)
        views[5].removeFromSuperview()
        #expect(!links[5].isActive && !links[6].isActive, "the links to and from the view")
        #expect(!across.isActive, "installed above, naming a view inside")
        #expect(inside.isActive, "installed inside: it stays")
        #expect(links[4].isActive && links[7].isActive)
        #expect(container.constraints.count == 2 * 20 - 3, "its link, its top and the link after it went")
    }
}
