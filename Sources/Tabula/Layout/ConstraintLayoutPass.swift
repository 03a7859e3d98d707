import Foundation
import Synchronization

/// One solve of the constraints in a layout root's subtree.
///
/// Every view a constraint mentions, and each of its ancestors up to the root, gets four
/// variables — left, top, width, height — in the root's bounds coordinates. The root is
/// fixed at its bounds, and a view that translates its autoresizing mask at its frame
/// relative to its superview (required constraints, as UIKit's
/// `NSAutoresizingMaskLayoutConstraint`s). A solved-for view with an intrinsic content
/// size gets UIKit's four content-size constraints: its width and height at most their
/// intrinsic values at its hugging priority, and at least them at its compression
/// resistance. A multi-line label's height depends on its width, so a pass that gives one
/// a new width solves again (at most three times) with the height at that width. After
/// solving, views with `translatesAutoresizingMaskIntoConstraints == false` get their
/// bounds size and center from the solution, superviews before subviews.
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
    /// What each solver label stands for, for reports: made only when one is reported
    /// (formatting them for every pass cost more than solving).
    private var descriptions: [String: () -> String] = [:]
    private var sources: [String: NSLayoutConstraint] = [:]

    /// When measuring (``measure(_:target:horizontal:vertical:)``), the target size and
    /// how strongly the root's width and height are held to it; nil when the root is fixed.
    private let fitting: (target: CGSize, horizontal: UILayoutPriority, vertical: UILayoutPriority)?
    /// The widths multi-line labels (and other ``WidthDependentHeight`` views) are measured at, from the previous solve.
    private var labelWidths: [ObjectIdentifier: CGFloat] = [:]

    init(root: UIView) {
        self.root = root
        fitting = nil
    }

    private init(measuring root: UIView, target: CGSize, horizontal: UILayoutPriority, vertical: UILayoutPriority) {
        self.root = root
        fitting = (target, horizontal, vertical)
    }

    /// Whether `view`'s variables are among those `constraints` leave free (solving
    /// without setting any frame).
    mutating func isAmbiguous(_ view: UIView, constraints: [NSLayoutConstraint]) -> Bool {
        solveSettlingLabels(constraints, reportConflicts: false)
        guard let index = indexOfView[ObjectIdentifier(view)] else { return false }
        let box = boxes[index]
        let free = Set(solver.ambiguousVariables().map(\.id))
        return [box.left, box.top, box.width, box.height].contains { !solver.isConstrained($0) || free.contains($0.id) }
    }

    /// Solves `constraints` and sets the frames they decide.
    mutating func solve(_ constraints: [NSLayoutConstraint]) {
        solveSettlingLabels(constraints, reportConflicts: true)
        apply()
    }

    /// The size of `root` that its subtree's constraints give for `target` at these priorities.
    static func measure(_ root: UIView, target: CGSize, horizontal: UILayoutPriority, vertical: UILayoutPriority,
                        constraints: [NSLayoutConstraint]) -> CGSize {
        var pass = ConstraintLayoutPass(measuring: root, target: target, horizontal: horizontal, vertical: vertical)
        pass.solveSettlingLabels(constraints, reportConflicts: false)
        guard let box = pass.indexOfView[ObjectIdentifier(root)].map({ pass.boxes[$0] }) else { return root.bounds.size }
        return CGSize(width: max(0, pass.solver.value(of: box.width)), height: max(0, pass.solver.value(of: box.height)))
    }

    /// Solves, and solves again while a multi-line label came out at another width than
    /// the one its height was measured at (three times at most).
    private mutating func solveSettlingLabels(_ constraints: [NSLayoutConstraint], reportConflicts: Bool) {
        for attempt in 0 ..< 3 {
            let last = attempt == 2
            solveOnce(constraints, reportConflicts: reportConflicts)
            var changed = false
            for box in boxes where box.view !== root || fitting != nil {
                guard let view = box.view as? WidthDependentHeight, view.heightDependsOnWidth,
                      !view.translatesAutoresizingMaskIntoConstraints || box.view === root else { continue }
                let width = CGFloat(solver.value(of: box.width))
                if abs((labelWidths[ObjectIdentifier(view)] ?? -1) - width) > 0.5 {
                    labelWidths[ObjectIdentifier(view)] = width
                    changed = true
                }
            }
            if !changed || last { return }
        }
    }

    private mutating func solveOnce(_ constraints: [NSLayoutConstraint], reportConflicts: Bool) {
        solver = LayoutSolver()
        boxes = []
        indexOfView = [:]
        descriptions = [:]
        sources = [:]
        let conflicts = ConflictLog()
        solver.onUnsatisfiable = { _, broken, conflicting in
            conflicts.record(broken: broken.label, conflicting: conflicting.map(\.label))
        }
        _ = box(for: root)
        for constraint in constraints { add(constraint) }
        addIntrinsicSizes()
        guard reportConflicts else { return }
        for (broken, conflicting) in conflicts.reports.withLock({ $0 }) {
            report(broken: broken, conflicting: conflicting)
        }
    }

    /// UIKit's content-size constraints for every solved-for view with an intrinsic size.
    private mutating func addIntrinsicSizes() {
        for box in boxes {
            let view = box.view
            guard !view.translatesAutoresizingMaskIntoConstraints || (view === root && fitting != nil) else { continue }
            guard view !== root || fitting != nil else { continue }
            var size = view.intrinsicContentSize
            if let dependent = view as? WidthDependentHeight, dependent.heightDependsOnWidth {
                // A wrapping label (or list content) is as tall as its text at the width it is given.
                if let width = labelWidths[ObjectIdentifier(view)] {
                    size = CGSize(width: size.width, height: dependent.height(forLayoutWidth: width))
                }
            }
            let name = { String(describing: type(of: view)) }
            if size.width != UIView.noIntrinsicMetric && size.width >= 0 {
                addContentSize(LinearExpression(box.width), Double(size.width), hugging: view.huggingPriorities.horizontal,
                               compression: view.compressionPriorities.horizontal, what: "\(name()).width")
            }
            if size.height != UIView.noIntrinsicMetric && size.height >= 0 {
                addContentSize(LinearExpression(box.height), Double(size.height), hugging: view.huggingPriorities.vertical,
                               compression: view.compressionPriorities.vertical, what: "\(name()).height")
            }
        }
    }

    private mutating func addContentSize(_ dimension: LinearExpression, _ value: Double, hugging: UILayoutPriority,
                                         compression: UILayoutPriority, what: @autoclosure @escaping () -> String) {
        let hugLabel = "h\(descriptions.count)"
        descriptions[hugLabel] = { "<NSContentSizeLayoutConstraint \(what()) <= \(value) hug:\(Int(hugging.rawValue))>" }
        solver.add(LayoutConstraint(dimension - LinearExpression(value), .lessThanOrEqual,
                                    priority: min(max(hugging.rawValue, 1), 1000), label: hugLabel))
        let compressLabel = "k\(descriptions.count)"
        descriptions[compressLabel] = { "<NSContentSizeLayoutConstraint \(what()) >= \(value) compressionResistance:\(Int(compression.rawValue))>" }
        solver.add(LayoutConstraint(dimension - LinearExpression(value), .greaterThanOrEqual,
                                    priority: min(max(compression.rawValue, 1), 1000), label: compressLabel))
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
        descriptions[label] = { constraint.description }
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
        let name: () -> String = { String(describing: type(of: view)) }
        if view === root {
            let index = makeBox(view, parent: nil)
            let b = root.bounds
            if let fitting {
                // Measuring: the root's size is what the constraints make of the target.
                let box = boxes[index]
                fixRequired(LinearExpression(box.left) - LinearExpression(Double(b.minX)), "\(name()).minX == \(b.minX)")
                fixRequired(LinearExpression(box.top) - LinearExpression(Double(b.minY)), "\(name()).minY == \(b.minY)")
                solver.add(LayoutConstraint(LinearExpression(box.width) - LinearExpression(Double(fitting.target.width)), .equal,
                                            priority: fitting.horizontal.rawValue, label: "fit.width"))
                solver.add(LayoutConstraint(LinearExpression(box.height) - LinearExpression(Double(fitting.target.height)), .equal,
                                            priority: fitting.vertical.rawValue, label: "fit.height"))
                solver.add(LayoutConstraint(LinearExpression(box.width), .greaterThanOrEqual, label: "fit.width >= 0"))
                solver.add(LayoutConstraint(LinearExpression(box.height), .greaterThanOrEqual, label: "fit.height >= 0"))
            } else {
                fix(index, left: b.minX, top: b.minY, width: b.width, height: b.height, name: name)
            }
            return index
        }
        guard let parent = view.superview, let parentIndex = box(for: parent) else { return nil }
        let index = makeBox(view, parent: parentIndex)
        if view.translatesAutoresizingMaskIntoConstraints {
            let size = view.bounds.size
            let offset = CGPoint(x: view.center.x - size.width / 2 - parent.bounds.minX,
                                 y: view.center.y - size.height / 2 - parent.bounds.minY)
            let p = boxes[parentIndex]
            let b = boxes[index]
            let parentIsRoot = p.view === root
            fixRequired(LinearExpression(b.left) - LinearExpression(p.left) - LinearExpression(Double(offset.x)),
                        "\(name()).minX == \(parentIsRoot ? "" : "superview.minX + ")\(offset.x)")
            fixRequired(LinearExpression(b.top) - LinearExpression(p.top) - LinearExpression(Double(offset.y)),
                        "\(name()).minY == \(parentIsRoot ? "" : "superview.minY + ")\(offset.y)")
            fixRequired(LinearExpression(b.width) - LinearExpression(Double(size.width)), "\(name()).width == \(size.width)")
            fixRequired(LinearExpression(b.height) - LinearExpression(Double(size.height)), "\(name()).height == \(size.height)")
        }
        return index
    }

    private mutating func makeBox(_ view: UIView, parent: Int?) -> Int {
        let box = Box(view: view, parent: parent,
                      left: solver.makeVariable("left"), top: solver.makeVariable("top"),
                      width: solver.makeVariable("width"), height: solver.makeVariable("height"))
        boxes.append(box)
        indexOfView[ObjectIdentifier(view)] = boxes.count - 1
        return boxes.count - 1
    }

    private mutating func fix(_ index: Int, left: CGFloat, top: CGFloat, width: CGFloat, height: CGFloat, name: @escaping () -> String) {
        let b = boxes[index]
        fixRequired(LinearExpression(b.left) - LinearExpression(Double(left)), "\(name()).minX == \(left)")
        fixRequired(LinearExpression(b.top) - LinearExpression(Double(top)), "\(name()).minY == \(top)")
        fixRequired(LinearExpression(b.width) - LinearExpression(Double(width)), "\(name()).width == \(width)")
        fixRequired(LinearExpression(b.height) - LinearExpression(Double(height)), "\(name()).height == \(height)")
    }

    /// A required equality standing for a frame the solver may not move.
    private mutating func fixRequired(_ expression: LinearExpression, _ what: @autoclosure @escaping () -> String) {
        let label = "a\(descriptions.count)"
        descriptions[label] = { "<NSAutoresizingMaskLayoutConstraint \(what())>" }
        solver.add(LayoutConstraint(expression, .equal, label: label))
    }

    /// Sends UIKit's report for a broken constraint, once until the constraint changes.
    private func report(broken: String, conflicting: [String]) {
        if let constraint = sources[broken] {
            if constraint.conflictReported { return }
            constraint.conflictReported = true
        }
        let listed = (conflicting + [broken]).map { "    " + (descriptions[$0]?() ?? $0) }
        NSLayoutConstraint.report("Unable to simultaneously satisfy constraints.\n"
            + listed.joined(separator: "\n")
            + "\nWill attempt to recover by breaking constraint\n    " + (descriptions[broken]?() ?? broken))
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

/// A view whose height depends on the width it is given — a multi-line label, list
/// content: the layout pass measures it at the width the previous solve gave it and
/// solves again while that width changes.
@MainActor
protocol WidthDependentHeight: UIView {
    /// Whether the height depends on the width now (a one-line label's does not).
    var heightDependsOnWidth: Bool { get }
    /// The height at `width`.
    func height(forLayoutWidth width: CGFloat) -> CGFloat
}

extension UILabel: WidthDependentHeight {
    var heightDependsOnWidth: Bool { numberOfLines != 1 && preferredMaxLayoutWidth <= 0 }
    func height(forLayoutWidth width: CGFloat) -> CGFloat { sizeThatFits(CGSize(width: max(1, width), height: 0)).height }
}
