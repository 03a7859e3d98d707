import Testing
@testable import TabulaUIKit
import TabulaUIKitTestSupport

/// Deactivating constraints takes them out of the system the layout root keeps (the
/// solver's incremental removal) instead of building it anew, and lays out exactly as a
/// system built afresh from the constraints that remain.
@MainActor
@Suite("Auto Layout: deactivating removes from the kept system", .serialized)
struct LayoutRemovalTests {
    /// Every frame in `root`'s subtree after `root` is laid out by a system built for the
    /// purpose (from the frames the views have now); the kept system and the frames are put back after.
    func framesFromFreshSystem(_ root: UIView) -> [CGRect] {
        let kept = root.layoutSystem
        var views: [UIView] = []
        func walk(_ view: UIView) {
            views.append(view)
            view.subviews.forEach(walk)
        }
        walk(root)
        let before = views.map(\.frame)
        root.layoutSystem = nil
        root.setNeedsLayout()
        root.layoutIfNeeded()
        let result = subtreeFrames(root)
        for (view, frame) in zip(views, before) where view.frame != frame { view.frame = frame }
        root.layoutSystem = kept
        return result
    }

    @Test("a middle link of a 300-view chain replaced: the kept system loses one constraint and gains one")
    func replacingALinkKeepsTheSystem() throws {
        let (container, views, links) = makeViewChain(300)
        let system = try #require(container.layoutSystem)
        let before = system.solverAdditions
        links[150].isActive = false
        let replacement = views[150].leadingAnchor.constraint(equalTo: views[149].trailingAnchor, constant: 20)
        replacement.isActive = true
        container.layoutIfNeeded()
        #expect(container.layoutSystem === system, "the system is kept, not built anew")
        #expect(system.solverAdditions - before == 1, "\(system.solverAdditions - before) constraints added")
        #expect(views[149].frame.minX == 7_160, "before the link: 8 + 149 × 48")
        #expect(views[150].frame.minX == 7_220, "20 + 150 × 48")
        #expect(views[299].frame.minX == 14_372)
        #expect(subtreeFrames(container) == framesFromFreshSystem(container))
        // And again, in place of the replacement: the views after it follow each time.
        for (n, constant) in [8.0, 30, -4].enumerated() {
            replacement.isActive = false
            let again = views[150].leadingAnchor.constraint(equalTo: views[149].trailingAnchor, constant: constant)
            again.isActive = true
            container.layoutIfNeeded()
            #expect(container.layoutSystem === system)
            #expect(views[299].frame.minX == CGFloat(8 + 299 * 48) + CGFloat(constant - 8), "round \(n)")
            again.isActive = false
            replacement.isActive = true
        }
    }

    @Test("a link deactivated and not replaced: the views after it keep following one another, as a fresh solve places them")
    func deactivatingALink() throws {
        let (container, views, links) = makeViewChain(60)
        let system = try #require(container.layoutSystem)
        // An optional pull on the tail keeps its place unique once the link goes.
        let pull = views[30].leadingAnchor.constraint(equalTo: container.leadingAnchor, constant: 2_000)
        pull.priority = .defaultLow
        pull.isActive = true
        container.layoutIfNeeded()
        #expect(views[30].frame.minX == 1_448, "the link holds: 8 + 30 × 48")
        links[30].isActive = false
        container.layoutIfNeeded()
        #expect(container.layoutSystem === system)
        #expect(views[30].frame.minX == 2_000, "the pull holds now")
        #expect(views[59].frame.minX == 3_392, "2,000 + 29 × 48")
        #expect(views[29].frame.minX == 1_400)
        #expect(subtreeFrames(container) == framesFromFreshSystem(container))
        links[30].isActive = true
        container.layoutIfNeeded()
        #expect(container.layoutSystem === system)
        #expect(views[59].frame.minX == 2_840, "8 + 59 × 48")
    }

    @Test("a view whose constraints are all deactivated leaves the system and keeps its frame, as a fresh solve leaves it")
    func viewLeavesTheSystem() throws {
        let (container, views, links) = makeViewChain(10)
        // A translated holder with a solved-for view inside, placed from the chain by
        // constraints installed on the container: the holder is in the system only for the
        // view inside it.
        let holder = UIView(frame: CGRect(x: 30, y: 100, width: 200, height: 100))
        holder.autoresizingMask = [.flexibleWidth]
        container.addSubview(holder)
        let inner = UIView()
        inner.translatesAutoresizingMaskIntoConstraints = false
        holder.addSubview(inner)
        let innerConstraints = [
            inner.leadingAnchor.constraint(equalTo: views[2].leadingAnchor),
            inner.topAnchor.constraint(equalTo: views[2].bottomAnchor, constant: 5),
            inner.widthAnchor.constraint(equalTo: views[2].widthAnchor, multiplier: 2),
            inner.heightAnchor.constraint(equalTo: views[2].heightAnchor),
        ]
        NSLayoutConstraint.activate(innerConstraints)
        container.layoutIfNeeded()
        let system = try #require(container.layoutSystem)
        #expect(inner.frame == CGRect(x: 74, y: -65, width: 80, height: 20), "in the holder: 104 − 30 from the left, 35 − 100 from the top")
        let last = views[9]
        let lastConstraints = (container.constraints + last.constraints).filter { $0.firstItem === last }
        #expect(lastConstraints.count == 4)
        NSLayoutConstraint.deactivate(lastConstraints + innerConstraints)
        links[0].constant = 20
        container.layoutIfNeeded()
        #expect(container.layoutSystem === system)
        #expect(views[8].frame.minX == 404, "the others move: 20 + 8 × 48")
        #expect(last.frame == CGRect(x: 440, y: 10, width: 40, height: 20), "left where it was, not solved to the origin")
        #expect(inner.frame == CGRect(x: 74, y: -65, width: 80, height: 20))
        #expect(subtreeFrames(container) == framesFromFreshSystem(container))
        // Back in: new boxes for them, placed again.
        NSLayoutConstraint.activate(lastConstraints + innerConstraints)
        container.layoutIfNeeded()
        #expect(container.layoutSystem === system)
        #expect(last.frame.minX == 452, "20 + 9 × 48")
        #expect(inner.frame.minX == 86, "20 + 2 × 48 − 30, in the holder")
        #expect(subtreeFrames(container) == framesFromFreshSystem(container))
    }

    @Test("bounds deactivated: the tightest left holds; with none left, the width is free to follow an optional one")
    func removingBounds() throws {
        let container = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let view = UIView()
        view.translatesAutoresizingMaskIntoConstraints = false
        container.addSubview(view)
        let lower = (1 ... 50).map { view.widthAnchor.constraint(greaterThanOrEqualToConstant: CGFloat(10 * $0)) }
        let preferred = view.widthAnchor.constraint(equalToConstant: 7)
        preferred.priority = .defaultLow
        NSLayoutConstraint.activate(lower + [
            preferred, view.leadingAnchor.constraint(equalTo: container.leadingAnchor),
            view.topAnchor.constraint(equalTo: container.topAnchor), view.heightAnchor.constraint(equalToConstant: 10),
        ])
        container.layoutIfNeeded()
        let system = try #require(container.layoutSystem)
        #expect(view.frame.width == 500)
        NSLayoutConstraint.deactivate(Array(lower[30...]))
        container.layoutIfNeeded()
        #expect(view.frame.width == 300)
        NSLayoutConstraint.deactivate(Array(lower[..<30]))
        container.layoutIfNeeded()
        #expect(view.frame.width == 7, "no bound left: the optional width holds")
        lower[4].isActive = true
        container.layoutIfNeeded()
        #expect(view.frame.width == 50)
        #expect(container.layoutSystem === system)
    }

    @Test("random activations and deactivations, constants and sizes: every pass matches a fresh solve", arguments: 0 ..< 3)
    func randomToggles(seed: Int) {
        let reports = ConstraintReports()
        defer { reports.restore() }
        let container = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 300))
        let a = UIView(), b = UIView(), c = UIView(), label = UILabel(), inner = UIView()
        label.text = "Label"
        let holder = UIView(frame: CGRect(x: 50, y: 60, width: 100, height: 80))
        holder.autoresizingMask = [.flexibleWidth, .flexibleBottomMargin]
        container.addSubview(holder)
        for view in [a, b, c, label] { container.addSubview(view) }
        holder.addSubview(inner)
        let solved = [a, b, c, label, inner]
        for view in solved { view.translatesAutoresizingMaskIntoConstraints = false }
        // Weak pulls at distinct priorities keep every frame unique whatever else is active.
        var weak: [NSLayoutConstraint] = []
        for (k, view) in solved.enumerated() {
            let pulls = [view.leftAnchor.constraint(equalTo: container.leftAnchor, constant: CGFloat(10 * k + 3)),
                         view.topAnchor.constraint(equalTo: container.topAnchor, constant: CGFloat(20 * k + 1)),
                         view.widthAnchor.constraint(equalToConstant: CGFloat(30 + k)),
                         view.heightAnchor.constraint(equalToConstant: CGFloat(20 + 2 * k))]
            for (i, pull) in pulls.enumerated() { pull.priority = UILayoutPriority(Float(1 + 4 * k + i)) }
            weak += pulls
        }
        NSLayoutConstraint.activate(weak)
        func at(_ constraint: NSLayoutConstraint, _ priority: Float) -> NSLayoutConstraint {
            constraint.priority = UILayoutPriority(priority)
            return constraint
        }
        // Required ones that hold together in any subset; optional ones at distinct priorities.
        let pool: [NSLayoutConstraint] = [
            a.leftAnchor.constraint(equalTo: container.leftAnchor, constant: 15),
            b.leftAnchor.constraint(equalTo: a.rightAnchor, constant: 8),
            at(c.topAnchor.constraint(equalTo: b.bottomAnchor, constant: 5), 700),
            c.widthAnchor.constraint(greaterThanOrEqualToConstant: 60),
            c.widthAnchor.constraint(greaterThanOrEqualToConstant: 90),
            c.widthAnchor.constraint(lessThanOrEqualToConstant: 200),
            label.leadingAnchor.constraint(equalTo: c.trailingAnchor, constant: 4),
            at(label.topAnchor.constraint(equalTo: a.topAnchor), 600),
            inner.leftAnchor.constraint(equalTo: a.leftAnchor),
            at(inner.topAnchor.constraint(equalTo: container.topAnchor, constant: 7), 800),
            at(inner.widthAnchor.constraint(equalTo: b.widthAnchor, multiplier: 0.5), 900),
            at(a.widthAnchor.constraint(equalToConstant: 50), 750),
            at(a.widthAnchor.constraint(greaterThanOrEqualToConstant: 70), 850),
            b.heightAnchor.constraint(equalTo: a.heightAnchor, constant: 6),
            at(c.rightAnchor.constraint(equalTo: container.rightAnchor, constant: -10), 650),
        ]
        container.layoutIfNeeded()
        var random = SeededRandom(seed: UInt64(4_200 + seed))
        var reused = 0, steps = 0
        for step in 0 ..< 150 {
            let before = container.layoutSystem
            for _ in 0 ..< Int.random(in: 1 ... 3, using: &random) {
                switch Int.random(in: 0 ..< 10, using: &random) {
                case 0:
                    let constraint = pool.randomElement(using: &random)!
                    constraint.constant += CGFloat(Int.random(in: -5 ... 5, using: &random))
                case 1:
                    container.bounds.size = CGSize(width: CGFloat(Int.random(in: 300 ... 500, using: &random)),
                                                   height: CGFloat(Int.random(in: 200 ... 400, using: &random)))
                case 2: label.text = ["Label", "A longer label", ""].randomElement(using: &random)!
                default: pool.randomElement(using: &random)!.isActive.toggle()
                }
            }
            container.layoutIfNeeded()
            if before != nil && container.layoutSystem === before { reused += 1 }
            steps += 1
            let kept = subtreeFrames(container), fresh = framesFromFreshSystem(container)
            #expect(kept == fresh, "step \(step)")
            if kept != fresh { break }
        }
        #expect(reports.messages.isEmpty, "\(reports.messages.first ?? "")")
        #expect(reused > steps * 3 / 4, "most passes reuse the kept system (\(reused) of \(steps))")
    }

    @Test("measuring again after a constraint is deactivated reuses the measuring system and matches a fresh one")
    func measuringAfterDeactivation() throws {
        let content = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 44))
        let top = UIView(), bottom = UIView()
        for view in [top, bottom] {
            view.translatesAutoresizingMaskIntoConstraints = false
            content.addSubview(view)
        }
        let spacer = bottom.topAnchor.constraint(equalTo: top.bottomAnchor, constant: 30)
        let fallback = bottom.topAnchor.constraint(equalTo: top.bottomAnchor, constant: 4)
        fallback.priority = .defaultLow
        NSLayoutConstraint.activate([
            top.topAnchor.constraint(equalTo: content.topAnchor, constant: 10), top.heightAnchor.constraint(equalToConstant: 20),
            spacer, fallback, bottom.heightAnchor.constraint(equalToConstant: 15),
            bottom.bottomAnchor.constraint(equalTo: content.bottomAnchor, constant: -10),
            top.leadingAnchor.constraint(equalTo: content.leadingAnchor), top.trailingAnchor.constraint(equalTo: content.trailingAnchor),
            bottom.leadingAnchor.constraint(equalTo: content.leadingAnchor),
            bottom.trailingAnchor.constraint(equalTo: content.trailingAnchor),
        ])
        func measure() -> CGSize {
            content.systemLayoutSizeFitting(CGSize(width: 320, height: 0), withHorizontalFittingPriority: .required,
                                            verticalFittingPriority: .fittingSizeLevel)
        }
        #expect(measure() == CGSize(width: 320, height: 85))
        let system = try #require(content.measuringSystem)
        spacer.isActive = false
        #expect(measure() == CGSize(width: 320, height: 59), "the fallback spacing holds")
        #expect(content.measuringSystem === system)
        content.measuringSystem = nil
        #expect(measure() == CGSize(width: 320, height: 59))
    }
}
