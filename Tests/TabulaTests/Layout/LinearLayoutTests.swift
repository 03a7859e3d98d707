import Testing
@testable import Tabula
import TabulaTestSupport

/// Auto Layout through views costs what changed: activating constraints adds them to the
/// system the layout root keeps, a constant moves a number, a removal is O(1).
@MainActor
@Suite("Auto Layout: work in proportion to what changed")
struct LinearLayoutTests {
    /// A container with `count` views in a row, 40 × 20 and 8 points apart, laid out.
    func chain(_ count: Int) -> (container: UIView, views: [UIView], links: [NSLayoutConstraint]) {
        let container = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        var views: [UIView] = [], links: [NSLayoutConstraint] = []
        for _ in 0 ..< count { append(to: container, &views, &links) }
        container.layoutIfNeeded()
        return (container, views, links)
    }

    /// Adds a view after the last of `views`, with its four constraints activated.
    func append(to container: UIView, _ views: inout [UIView], _ links: inout [NSLayoutConstraint]) {
        let view = UIView(frame: .zero)
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

    @Test("activating one more view in a 200-view chain adds its 4 constraints to the kept system, not 804")
    func activationExtendsTheSystem() throws {
        let (container, made, madeLinks) = chain(200)
        var views = made, links = madeLinks
        let system = try #require(container.layoutSystem)
        let before = system.solverAdditions
        #expect(before >= 800, "built with every constraint: \(before)")
        append(to: container, &views, &links)
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
        let (container, views, links) = chain(200)
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
        let (container, views, links) = chain(50)
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
}
