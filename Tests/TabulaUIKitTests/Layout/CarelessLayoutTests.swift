import Foundation
import Testing
@testable import TabulaUIKit
import TabulaUIKitTestSupport

/// Careless app code against Auto Layout, stack views and layout passes: every bad input
/// gets a report or a defined outcome, never a trap, a hang or a half-applied state.
@MainActor
@Suite("Careless code: Auto Layout, stack views and layout passes", .serialized)
struct CarelessLayoutTests {
    final class Lines { var lines: [String] = [] }

    /// A 200×200 root on a screen, collecting the screen's reports.
    func screenRoot() -> (HeadlessScreen, UIView, Lines) {
        let (screen, root) = makeScreen(width: 200, height: 200, scale: 1)
        let lines = Lines()
        screen.onReport = { lines.lines.append($0) }
        return (screen, root, lines)
    }

    func constrained(in root: UIView) -> UIView {
        let child = UIView()
        child.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(child)
        return child
    }

    // MARK: Auto Layout

    @Test("Int.max-sized constants and a 1e300 multiplier leave every frame finite")
    func hugeConstants() {
        let (screen, root, _) = screenRoot()
        let reports = ConstraintReports()
        defer { reports.restore() }
        let child = constrained(in: root)
        NSLayoutConstraint.activate([
            child.widthAnchor.constraint(equalToConstant: CGFloat(Int.max)),
            child.heightAnchor.constraint(equalTo: root.heightAnchor, multiplier: 1e300),
            child.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: -CGFloat(Int.max)),
            child.topAnchor.constraint(equalTo: root.topAnchor),
        ])
        screen.advance(by: 1.0 / 60)
        root.layoutIfNeeded()
        #expect(child.frame.origin.x.isFinite && child.frame.width.isFinite && child.frame.height.isFinite,
                "\(child.frame)")
    }

    @Test("activating one constraint twice, in one call and in two, holds it once")
    func activateTwice() {
        let (_, root, _) = screenRoot()
        let reports = ConstraintReports()
        defer { reports.restore() }
        let child = constrained(in: root)
        let width = child.widthAnchor.constraint(equalToConstant: 40)
        NSLayoutConstraint.activate([width, width, child.heightAnchor.constraint(equalToConstant: 10),
                                     child.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                                     child.topAnchor.constraint(equalTo: root.topAnchor)])
        width.isActive = true
        root.layoutIfNeeded()
        #expect(child.frame.width == 40)
        width.isActive = false
        root.layoutIfNeeded()
        #expect(!width.isActive)
        #expect(reports.messages.isEmpty, "\(reports.messages)")
    }

    @Test("a constraint between views with no common ancestor is reported and stays inactive")
    func noCommonAncestor() {
        let reports = ConstraintReports()
        defer { reports.restore() }
        let (_, root, lines) = screenRoot()
        let child = constrained(in: root)
        let stranger = UIView()
        let c = child.leadingAnchor.constraint(equalTo: stranger.trailingAnchor)
        c.isActive = true
        #expect(!c.isActive)
        #expect(reports.messages.count + lines.lines.count == 1, "\(reports.messages) \(lines.lines)")
        root.layoutIfNeeded()
        #expect(child.frame.minX.isFinite)
    }

    final class Remover: UIView {
        var victim: UIView?
        override func layoutSubviews() {
            super.layoutSubviews()
            victim?.removeFromSuperview()
            victim = nil
        }
    }

    @Test("a view removed by layoutSubviews in the middle of a pass takes its constraints with it")
    func removedMidLayout() {
        let (screen, _, _) = screenRoot()
        let reports = ConstraintReports()
        defer { reports.restore() }
        let host = Remover(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        screen.showInWindow([host])
        let a = constrained(in: host), b = constrained(in: host)
        NSLayoutConstraint.activate([
            a.leadingAnchor.constraint(equalTo: host.leadingAnchor), a.topAnchor.constraint(equalTo: host.topAnchor),
            a.widthAnchor.constraint(equalToConstant: 30), a.heightAnchor.constraint(equalToConstant: 30),
            b.leadingAnchor.constraint(equalTo: a.trailingAnchor), b.topAnchor.constraint(equalTo: a.bottomAnchor),
            b.widthAnchor.constraint(equalTo: a.widthAnchor), b.heightAnchor.constraint(equalTo: a.heightAnchor),
        ])
        host.victim = a
        screen.advance(by: 1.0 / 60)
        host.layoutIfNeeded()
        screen.advance(by: 1.0 / 60)
        #expect(a.superview == nil && b.superview === host)
        #expect(b.frame.minX.isFinite && b.frame.width.isFinite)
    }

    final class Recursive: UIView {
        var calls = 0
        override func layoutSubviews() {
            calls += 1
            super.layoutSubviews()
            setNeedsLayout()
            layoutIfNeeded()
        }
    }

    @Test("layoutIfNeeded and setNeedsLayout inside layoutSubviews end, and the next frame runs")
    func layoutRecursion() {
        let (screen, root, _) = screenRoot()
        let view = Recursive(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        root.addSubview(view)
        screen.advance(by: 1.0 / 60)
        view.layoutIfNeeded()
        screen.advance(by: 1.0 / 60)
        #expect(view.calls > 0 && view.calls < 1000, "\(view.calls)")
    }

    final class Looper: UIView {
        var calls = 0
        override func layoutSubviews() {
            calls += 1
            super.layoutSubviews()
            superview?.setNeedsLayout()
            frame.size.width += 1
        }
    }

    @Test("a layoutSubviews that resizes its view and dirties its superview every pass is cut off within a frame, and reported once")
    func setNeedsLayoutLoop() {
        let (screen, root, lines) = screenRoot()
        let view = Looper(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        root.addSubview(view)
        screen.advance(by: 1.0 / 60)
        let before = view.calls
        screen.advance(by: 1.0 / 60)
        screen.advance(by: 1.0 / 60)
        #expect(view.calls - before < 1000, "\(view.calls - before)")
        #expect(view.calls > before, "the next frames lay it out again")
        let loops = lines.lines.filter { $0.contains("does not settle") }
        #expect(loops.count == 1, "\(lines.lines)")
        #expect(loops.first?.contains("Looper") == true, "\(loops)")
    }

    @Test("a 10,000-deep chain of nested constrained views is cut at the depth limit and lays out")
    func deepChain() {
        let (screen, root, lines) = screenRoot()
        var parent = root
        for _ in 0 ..< 10_000 {
            let child = UIView()
            child.translatesAutoresizingMaskIntoConstraints = false
            parent.addSubview(child)
            guard child.superview === parent else { break }
            NSLayoutConstraint.activate([
                child.leadingAnchor.constraint(equalTo: parent.leadingAnchor),
                child.trailingAnchor.constraint(equalTo: parent.trailingAnchor),
                child.topAnchor.constraint(equalTo: parent.topAnchor),
                child.bottomAnchor.constraint(equalTo: parent.bottomAnchor),
            ])
            parent = child
        }
        screen.advance(by: 1.0 / 60)
        #expect(!lines.lines.isEmpty)
        #expect(parent.frame.width == 200, "\(parent.frame)")
    }

    @Test("5,000 constraints deactivated and activated again every frame keep the layout and the pace")
    func reactivateEveryFrame() {
        let (screen, root, _) = screenRoot()
        var constraints: [NSLayoutConstraint] = []
        var views: [UIView] = []
        for i in 0 ..< 1250 {
            let v = constrained(in: root)
            views.append(v)
            constraints += [v.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: CGFloat(i % 100)),
                            v.topAnchor.constraint(equalTo: root.topAnchor, constant: CGFloat(i / 100)),
                            v.widthAnchor.constraint(equalToConstant: 10), v.heightAnchor.constraint(equalToConstant: 10)]
        }
        NSLayoutConstraint.activate(constraints)
        screen.advance(by: 1.0 / 60)
        let start = Date()
        for _ in 0 ..< 10 {
            NSLayoutConstraint.deactivate(constraints)
            NSLayoutConstraint.activate(constraints)
            screen.advance(by: 1.0 / 60)
        }
        let elapsed = Date().timeIntervalSince(start)
        #expect(views[1249].frame == CGRect(x: 49, y: 12, width: 10, height: 10))
        #expect(elapsed < 30, "\(elapsed) s for 10 frames")
    }

    @Test("a stack view's NaN or infinite spacing is reported and the old spacing kept")
    func stackSpacing() {
        let (screen, root, lines) = screenRoot()
        let reports = ConstraintReports()
        defer { reports.restore() }
        let a = UIView(), b = UIView()
        let stack = UIStackView(arrangedSubviews: [a, b])
        stack.frame = CGRect(x: 0, y: 0, width: 200, height: 100)
        stack.distribution = .fillEqually
        stack.spacing = 10
        root.addSubview(stack)
        screen.advance(by: 1.0 / 60)
        stack.spacing = .nan
        stack.spacing = .infinity
        stack.setCustomSpacing(-.infinity, after: a)
        stack.setCustomSpacing(.nan, after: a)
        screen.advance(by: 1.0 / 60)
        #expect(b.frame.minX == 105, "\(a.frame) \(b.frame)")
        #expect(!(lines.lines + reports.messages).isEmpty)
        stack.addArrangedSubview(stack)
        stack.addArrangedSubview(root)
        screen.advance(by: 1.0 / 60)
        #expect(stack.arrangedSubviews.count == 2 && stack.superview === root)
    }

    @Test("a layout guide constrained to a view in no window, or added to no view, is reported and inactive")
    func guideElsewhere() {
        let reports = ConstraintReports()
        defer { reports.restore() }
        let (_, root, lines) = screenRoot()
        let guide = UILayoutGuide()
        root.addLayoutGuide(guide)
        let other = UIView()
        let c = guide.widthAnchor.constraint(equalTo: other.widthAnchor)
        c.isActive = true
        #expect(!c.isActive)
        #expect(reports.messages.count + lines.lines.count == 1)
        let loose = UILayoutGuide()
        let d = loose.widthAnchor.constraint(equalToConstant: 10)
        d.isActive = true
        #expect(!d.isActive, "a guide added to no view holds no constraint")
        #expect(reports.messages.last?.contains("belongs to no view") == true, "\(reports.messages)")
    }

    @Test("1,000 views each with two conflicting required widths: each conflict reported once, over three passes, and every view takes one of its widths")
    func massConflicts() {
        let (screen, root, lines) = screenRoot()
        let reports = ConstraintReports()
        defer { reports.restore() }
        var views: [UIView] = []
        for _ in 0 ..< 1000 {
            let v = constrained(in: root)
            views.append(v)
            NSLayoutConstraint.activate([v.widthAnchor.constraint(equalToConstant: 10), v.widthAnchor.constraint(equalToConstant: 20),
                                         v.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                                         v.topAnchor.constraint(equalTo: root.topAnchor), v.heightAnchor.constraint(equalToConstant: 5)])
        }
        screen.advance(by: 1.0 / 60)
        screen.advance(by: 1.0 / 60)
        root.setNeedsLayout()
        screen.advance(by: 1.0 / 60)
        #expect(reports.messages.count + lines.lines.count == 1000, "\(reports.messages.count) \(lines.lines.count)")
        #expect(views.allSatisfy { $0.frame.width == 10 || $0.frame.width == 20 })
    }

    @Test("a required constraint made optional while active, and back, lays out with the priority it has")
    func priorityFlip() {
        let (screen, root, _) = screenRoot()
        let reports = ConstraintReports()
        defer { reports.restore() }
        let child = constrained(in: root)
        let wide = child.widthAnchor.constraint(equalToConstant: 100)
        let narrow = child.widthAnchor.constraint(equalToConstant: 50)
        narrow.priority = .defaultHigh
        NSLayoutConstraint.activate([wide, narrow, child.heightAnchor.constraint(equalToConstant: 10),
                                     child.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                                     child.topAnchor.constraint(equalTo: root.topAnchor)])
        screen.advance(by: 1.0 / 60)
        #expect(child.frame.width == 100)
        wide.priority = .defaultLow
        screen.advance(by: 1.0 / 60)
        #expect(child.frame.width == 50)
        wide.priority = .required
        screen.advance(by: 1.0 / 60)
        #expect(child.frame.width == 100)
    }

    @Test("a layout guide added to a second view moves there: its constraints to the first view's subtree are dropped")
    func guideMoved() {
        let (screen, root, lines) = screenRoot()
        let reports = ConstraintReports()
        defer { reports.restore() }
        let a = constrained(in: root), b = constrained(in: root)
        let guide = UILayoutGuide()
        a.addLayoutGuide(guide)
        let c = guide.widthAnchor.constraint(equalTo: a.widthAnchor, multiplier: 0.5)
        c.isActive = true
        b.addLayoutGuide(guide)
        #expect(guide.owningView === b && !a.layoutGuides.contains { $0 === guide })
        screen.advance(by: 1.0 / 60)
        #expect(guide.layoutFrame.width.isFinite)
        _ = lines
    }

    final class SelfRemover: UIView {
        override func layoutSubviews() {
            super.layoutSubviews()
            removeFromSuperview()
        }
    }

    @Test("a view that removes itself, and its siblings, in its own layoutSubviews leaves the pass intact")
    func removesItself() {
        let (screen, root, _) = screenRoot()
        let views = (0 ..< 5).map { _ in SelfRemover(frame: CGRect(x: 0, y: 0, width: 10, height: 10)) }
        views.forEach(root.addSubview)
        let keeper = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        root.addSubview(keeper)
        screen.advance(by: 1.0 / 60)
        #expect(views.allSatisfy { $0.superview == nil } && keeper.superview === root)
    }
}
