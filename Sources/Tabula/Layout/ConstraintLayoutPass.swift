import Foundation
import Synchronization

/// One solve of the constraints in a layout root's subtree.
///
/// Every view a constraint mentions, and each of its ancestors up to the root, gets four
/// variables — left, top, width, height — in the root's bounds coordinates. The root is
/// fixed at its bounds, and a view that translates its autoresizing mask at its frame
/// relative to its superview (required constraints, as UIKit's
/// `NSAutoresizingMaskLayoutConstraint`s). After solving, views with
/// `translatesAutoresizingMaskIntoConstraints == false` get their bounds size and center
/// from the solution, superviews before subviews.
@MainActor
struct ConstraintLayoutPass {
    /// A view's variables.
    struct Box {
        let view: UIView
        let parent: Int?
        let left, top, width, height: LayoutVariable
    }

    let root: UIView
    private var solver = LayoutSolver()
    /// In insertion order: a superview's box comes before its subviews'.
    private var boxes: [Box] = []
    private var indexOfView: [ObjectIdentifier: Int] = [:]
    /// What each solver label stands for, for reports.
    private var descriptions: [String: String] = [:]
    private var sources: [String: NSLayoutConstraint] = [:]

    init(root: UIView) { self.root = root }

    /// Solves `constraints` and sets the frames they decide.
    mutating func solve(_ constraints: [NSLayoutConstraint]) {
        let conflicts = ConflictLog()
        solver.onUnsatisfiable = { _, broken, conflicting in
            conflicts.record(broken: broken.label, conflicting: conflicting.map(\.label))
        }
        for constraint in constraints { add(constraint) }
        for (broken, conflicting) in conflicts.reports.withLock({ $0 }) {
            report(broken: broken, conflicting: conflicting)
        }
        apply()
    }

    private mutating func add(_ constraint: NSLayoutConstraint) {
        guard let first = constraint.firstView, let firstBox = box(for: first) else { return }
        guard constraint.constant.isFinite, constraint.multiplier.isFinite,
              constraint.priority.rawValue > 0, constraint.priority.rawValue <= 1000 else {
            if !constraint.conflictReported {
                constraint.conflictReported = true
                NSLayoutConstraint.report("Ignoring \(constraint.description): its constant, multiplier "
                    + "or priority is not usable (finite numbers, priority 1...1000).")
            }
            return
        }
        var rhs = LinearExpression(Double(constraint.constant))
        if let second = constraint.secondView, constraint.secondAttribute != .notAnAttribute {
            guard let secondBox = box(for: second) else { return }
            rhs = rhs + expression(boxes[secondBox], constraint.secondAttribute) * Double(constraint.multiplier)
        }
        let lhs = expression(boxes[firstBox], constraint.firstAttribute)
        let relation: LayoutConstraint.Relation = switch constraint.relation {
        case .equal: .equal
        case .lessThanOrEqual: .lessThanOrEqual
        case .greaterThanOrEqual: .greaterThanOrEqual
        }
        let label = "c\(sources.count)"
        sources[label] = constraint
        descriptions[label] = constraint.description
        solver.add(LayoutConstraint(lhs - rhs, relation, priority: constraint.priority.rawValue, label: label))
    }

    private func expression(_ box: Box, _ attribute: NSLayoutConstraint.Attribute) -> LinearExpression {
        let left = LinearExpression(box.left), top = LinearExpression(box.top)
        let width = LinearExpression(box.width), height = LinearExpression(box.height)
        return switch attribute {
        case .left, .leading: left
        case .right, .trailing: left + width
        case .top, .firstBaseline: top
        case .bottom, .lastBaseline: top + height
        case .width: width
        case .height: height
        case .centerX: left + width * 0.5
        case .centerY: top + height * 0.5
        case .notAnAttribute: LinearExpression(0)
        }
    }

    /// The index of `view`'s box, making it (and its ancestors') on first use; nil when
    /// the view is not in the root's subtree.
    private mutating func box(for view: UIView) -> Int? {
        if let index = indexOfView[ObjectIdentifier(view)] { return index }
        let name = String(describing: type(of: view))
        if view === root {
            let index = makeBox(view, parent: nil, name: name)
            let b = root.bounds
            fix(index, left: b.minX, top: b.minY, width: b.width, height: b.height, name: name)
            return index
        }
        guard let parent = view.superview, let parentIndex = box(for: parent) else { return nil }
        let index = makeBox(view, parent: parentIndex, name: name)
        if view.translatesAutoresizingMaskIntoConstraints {
            let size = view.bounds.size
            let offset = CGPoint(x: view.center.x - size.width / 2 - parent.bounds.minX,
                                 y: view.center.y - size.height / 2 - parent.bounds.minY)
            let p = boxes[parentIndex]
            let b = boxes[index]
            fixRequired(LinearExpression(b.left) - LinearExpression(p.left) - LinearExpression(Double(offset.x)),
                        "\(name).minX == \(p.view === root ? "" : "superview.minX + ")\(offset.x)")
            fixRequired(LinearExpression(b.top) - LinearExpression(p.top) - LinearExpression(Double(offset.y)),
                        "\(name).minY == \(p.view === root ? "" : "superview.minY + ")\(offset.y)")
            fixRequired(LinearExpression(b.width) - LinearExpression(Double(size.width)), "\(name).width == \(size.width)")
            fixRequired(LinearExpression(b.height) - LinearExpression(Double(size.height)), "\(name).height == \(size.height)")
        }
        return index
    }

    private mutating func makeBox(_ view: UIView, parent: Int?, name: String) -> Int {
        let box = Box(view: view, parent: parent,
                      left: solver.makeVariable("\(name).left"), top: solver.makeVariable("\(name).top"),
                      width: solver.makeVariable("\(name).width"), height: solver.makeVariable("\(name).height"))
        boxes.append(box)
        indexOfView[ObjectIdentifier(view)] = boxes.count - 1
        return boxes.count - 1
    }

    private mutating func fix(_ index: Int, left: CGFloat, top: CGFloat, width: CGFloat, height: CGFloat, name: String) {
        let b = boxes[index]
        fixRequired(LinearExpression(b.left) - LinearExpression(Double(left)), "\(name).minX == \(left)")
        fixRequired(LinearExpression(b.top) - LinearExpression(Double(top)), "\(name).minY == \(top)")
        fixRequired(LinearExpression(b.width) - LinearExpression(Double(width)), "\(name).width == \(width)")
        fixRequired(LinearExpression(b.height) - LinearExpression(Double(height)), "\(name).height == \(height)")
    }

    /// A required equality standing for a frame the solver may not move.
    private mutating func fixRequired(_ expression: LinearExpression, _ what: String) {
        let label = "a\(descriptions.count)"
        descriptions[label] = "<NSAutoresizingMaskLayoutConstraint \(what)>"
        solver.add(LayoutConstraint(expression, .equal, label: label))
    }

    /// Sends UIKit's report for a broken constraint, once until the constraint changes.
    private func report(broken: String, conflicting: [String]) {
        if let constraint = sources[broken] {
            if constraint.conflictReported { return }
            constraint.conflictReported = true
        }
        let listed = (conflicting + [broken]).map { "    " + (descriptions[$0] ?? $0) }
        NSLayoutConstraint.report("Unable to simultaneously satisfy constraints.\n"
            + listed.joined(separator: "\n")
            + "\nWill attempt to recover by breaking constraint\n    " + (descriptions[broken] ?? broken))
    }

    /// Sets the bounds size and center of each solved-for view, in its superview's
    /// coordinates; superviews first, as their boxes come first.
    private func apply() {
        for box in boxes where box.view !== root && !box.view.translatesAutoresizingMaskIntoConstraints {
            guard let parentIndex = box.parent else { continue }
            let parent = boxes[parentIndex]
            let width = max(0, solver.value(of: box.width)), height = max(0, solver.value(of: box.height))
            let left = solver.value(of: box.left) - solver.value(of: parent.left) + Double(parent.view.bounds.minX)
            let top = solver.value(of: box.top) - solver.value(of: parent.top) + Double(parent.view.bounds.minY)
            var bounds = box.view.bounds
            bounds.size = CGSize(width: width, height: height)
            if box.view.bounds != bounds { box.view.bounds = bounds }
            let center = CGPoint(x: left + width / 2, y: top + height / 2)
            if box.view.center != center { box.view.center = center }
        }
    }
}

/// The solver's unsatisfiable-constraint reports of one pass, gathered to be sent after it.
private final class ConflictLog: Sendable {
    let reports = Mutex<[(String, [String])]>([])

    func record(broken: String, conflicting: [String]) {
        reports.withLock { $0.append((broken, conflicting)) }
    }
}
