import Foundation
import Synchronization

/// A relation between two attributes of views that the layout pass keeps:
/// `firstItem.firstAttribute relation multiplier × secondItem.secondAttribute + constant`.
///
/// A constraint does nothing until it is active (``isActive``, ``activate(_:)``, or
/// `UIView.addConstraint(_:)`); it is then installed on the nearest common ancestor of its
/// views, which solves it when it lays out. Changing ``constant`` or ``priority`` of an
/// active constraint lays its views out again before the next frame.
@preconcurrency @MainActor
open class NSLayoutConstraint {
    /// A direction of layout: the one content hugging and compression resistance speak of.
    public enum Axis: Int, Sendable {
        /// Left to right: widths.
        case horizontal = 0
        /// Top to bottom: heights.
        case vertical = 1
    }

    /// The part of a view's frame a constraint speaks of.
    public enum Attribute: Int, Sendable {
        /// The left edge.
        case left = 1
        /// The right edge.
        case right = 2
        /// The top edge.
        case top = 3
        /// The bottom edge.
        case bottom = 4
        /// The leading edge: the left edge, or the right edge where the view the constraint
        /// is installed on lays out right to left.
        case leading = 5
        /// The trailing edge: the right edge, or the left edge right to left.
        case trailing = 6
        /// The width.
        case width = 7
        /// The height.
        case height = 8
        /// The horizontal center.
        case centerX = 9
        /// The vertical center.
        case centerY = 10
        /// The last line's baseline (the bottom edge of a view without text).
        case lastBaseline = 11
        /// The first line's baseline (the bottom edge of a view without text).
        case firstBaseline = 12
        /// The left edge inset by the view's left layout margin (its ``UIView/layoutMarginsGuide``'s left edge).
        case leftMargin = 13
        /// The right edge inset by the view's right layout margin.
        case rightMargin = 14
        /// The top edge inset by the view's top layout margin.
        case topMargin = 15
        /// The bottom edge inset by the view's bottom layout margin.
        case bottomMargin = 16
        /// The leading edge inset by the view's leading layout margin.
        case leadingMargin = 17
        /// The trailing edge inset by the view's trailing layout margin.
        case trailingMargin = 18
        /// The horizontal centre between the view's left and right layout margins.
        case centerXWithinMargins = 19
        /// The vertical centre between the view's top and bottom layout margins.
        case centerYWithinMargins = 20
        /// No attribute: the second attribute of a constraint with a constant only.
        case notAnAttribute = 0

        /// For an attribute relative to the margins, the same attribute of the margins guide.
        var withoutMargins: Attribute? {
            switch self {
            case .leftMargin: .left
            case .rightMargin: .right
            case .topMargin: .top
            case .bottomMargin: .bottom
            case .leadingMargin: .leading
            case .trailingMargin: .trailing
            case .centerXWithinMargins: .centerX
            case .centerYWithinMargins: .centerY
            default: nil
            }
        }
    }

    /// How the first attribute compares with the second.
    public enum Relation: Int, Sendable {
        /// First ≤ second.
        case lessThanOrEqual = -1
        /// First = second.
        case equal = 0
        /// First ≥ second.
        case greaterThanOrEqual = 1
    }

    /// The view (or layout guide) whose ``firstAttribute`` is constrained.
    open var firstItem: AnyObject? { (firstView as? LayoutGuideProxy)?.guide ?? firstView }
    /// The view (or layout guide) whose ``secondAttribute`` the first is related to; nil for a constant.
    open var secondItem: AnyObject? { (secondView as? LayoutGuideProxy)?.guide ?? secondView }
    /// The first view's attribute.
    public let firstAttribute: Attribute
    /// The second view's attribute (``Attribute/notAnAttribute`` for a constant).
    public let secondAttribute: Attribute
    /// How the two sides compare.
    public let relation: Relation
    /// The factor of the second attribute.
    public let multiplier: CGFloat

    /// Added to the second side; setting it lays the views out again. A NaN or infinite
    /// constant on an active constraint is reported and not taken: the constraint keeps
    /// its constant and stays active (UIKit raises an exception).
    open var constant: CGFloat {
        didSet {
            guard constant != oldValue else { return }
            if isActive, !constant.isFinite {
                let bad = constant
                constant = oldValue
                return NSLayoutConstraint.report("Ignoring constant \(bad) for \(description): a constraint's constant "
                                                 + "must be a finite number; it keeps \(oldValue).", about: firstView)
            }
            constraintDidChange()
        }
    }

    /// How much the constraint matters (default required), from 1 to 1000. UIKit does not
    /// allow changing an active constraint between required and optional; Tabula allows
    /// it. A priority outside 1...1000 (or NaN) on an active constraint is reported and
    /// not taken; an inactive constraint with one cannot be activated (it is reported).
    open var priority: UILayoutPriority = .required {
        didSet {
            guard priority != oldValue else { return }
            if isActive, !(priority.rawValue > 0 && priority.rawValue <= 1000) {
                let bad = priority.rawValue
                priority = oldValue
                return NSLayoutConstraint.report("Ignoring priority \(bad) for \(description): a priority must be "
                                                 + "from 1 to 1000; it keeps \(oldValue.rawValue).", about: firstView)
            }
            constraintDidChange()
        }
    }

    /// A name for reports, shown in "Unable to simultaneously satisfy constraints".
    open var identifier: String?

    weak var firstView: UIView?
    weak var secondView: UIView?
    /// The view the constraint is installed on while active.
    weak var owner: UIView?
    /// Where the constraint is in its owner's `installedSlots`.
    var installedSlot = -1
    /// Whether this constraint's conflict has been reported since it last changed.
    var conflictReported = false
    /// Whether this constraint is counted in ``activeCount``: installed, and its owner
    /// not yet gone (the weak ``owner`` is nil by the time the constraint's deinit runs).
    nonisolated(unsafe) var isCounted = false
    /// When the constraint was last activated, in the order of activations (see
    /// ``nextActivationStamp``): the layout pass adds constraints to its solver in this order.
    var activationStamp = 0
    /// The stamp the next activation takes.
    static var nextActivationStamp = 0

    /// A plain deinit, not an isolated one: a subclass's own `deinit` (which UIKit code
    /// writes freely) does not compile under an isolated one. It touches only the count
    /// and a flag of its own.
    deinit {
        if isCounted { NSLayoutConstraint.activeConstraints.subtract(1, ordering: .relaxed) }
    }

    /// `view1.attr1 relation multiplier × view2.attr2 + c`; either item may be a view or a
    /// layout guide (`view.safeAreaLayoutGuide`). Another item is accepted but makes the
    /// constraint inactive-able only (it is reported and skipped when activated).
    public init(item view1: Any, attribute attr1: Attribute, relatedBy relation: Relation,
                toItem view2: Any?, attribute attr2: Attribute, multiplier: CGFloat, constant c: CGFloat) {
        firstView = view1 as? UIView ?? (view1 as? UILayoutGuide)?.proxy
        secondView = view2 as? UIView ?? (view2 as? UILayoutGuide)?.proxy
        firstAttribute = attr1
        secondAttribute = view2 == nil ? .notAnAttribute : attr2
        self.relation = relation
        self.multiplier = multiplier
        constant = c
    }

    /// An empty constraint, as `NSObject`'s `init()` makes one in UIKit: no items, no
    /// attributes, a multiplier of 1, a constant of 0. Code keeps one as a placeholder
    /// (`var top = NSLayoutConstraint()`) until it makes the real one. Activating it is
    /// reported (its first item is not a view), and it stays inactive.
    public init() {
        firstAttribute = .notAnAttribute
        secondAttribute = .notAnAttribute
        relation = .equal
        multiplier = 1
        constant = 0
    }

    /// Whether the constraint takes part in layout. Setting true installs it on the nearest
    /// common ancestor of its views; with none, or when the constraint cannot be solved
    /// (a NaN or infinite constant or multiplier, a priority outside 1...1000, attributes
    /// that cannot be related), the problem is reported and it stays inactive: it reads
    /// false.
    open var isActive: Bool {
        get { owner != nil }
        set {
            if newValue { install(on: nil) } else { owner?.uninstall(self) }
        }
    }

    /// Activates every constraint in `constraints`.
    public static func activate(_ constraints: [NSLayoutConstraint]) {
        for constraint in constraints { constraint.isActive = true }
    }

    /// Deactivates every constraint in `constraints`; their views keep their frames
    /// until something else moves them.
    public static func deactivate(_ constraints: [NSLayoutConstraint]) {
        for constraint in constraints { constraint.isActive = false }
    }

    /// `<NSLayoutConstraint 'identifier' UILabel.width == 2.0 × UIView.width + 8.0 @750>`,
    /// the form used in conflict reports.
    open var description: String {
        var text = "<NSLayoutConstraint"
        if let identifier { text += " '\(identifier)'" }
        text += " " + Self.side(firstView, firstAttribute)
        let op = switch relation {
        case .equal: " == "
        case .lessThanOrEqual: " <= "
        case .greaterThanOrEqual: " >= "
        }
        text += op
        if secondAttribute == .notAnAttribute {
            text += "\(constant)"
        } else {
            if multiplier != 1 { text += "\(multiplier) × " }
            text += Self.side(secondView, secondAttribute)
            if constant > 0 { text += " + \(constant)" }
            if constant < 0 { text += " - \(-constant)" }
        }
        if priority != .required { text += " @\(priority.rawValue)" }
        return text + ">"
    }

    private static func side(_ view: UIView?, _ attribute: Attribute) -> String {
        (view.map { String(describing: type(of: $0)) } ?? "nil") + ".\(attribute)"
    }

    /// Installs on `view`, or on the nearest common ancestor when nil; reports and
    /// stays inactive when there is none.
    func install(on view: UIView?) {
        guard let first = firstView else {
            NSLayoutConstraint.report("Cannot activate \(description): its first item is not a view.", about: nil)
            return
        }
        if let problem {
            NSLayoutConstraint.report("Unable to activate \(description): \(problem).", about: first)
            return
        }
        // Margin attributes are solved as the margins guide's edges: make it now, so that
        // its own constraints are active before the layout pass that needs them.
        if firstAttribute.withoutMargins != nil { _ = first.layoutMarginsGuide }
        if secondAttribute.withoutMargins != nil { _ = secondView?.layoutMarginsGuide }
        guard let ancestor = first.nearestCommonAncestor(with: secondView) else {
            NSLayoutConstraint.report("Unable to activate \(description): its items have no common ancestor.", about: first)
            return
        }
        var target = view ?? ancestor
        // A layout guide's stand-in is not among its owner's subviews: install on the owner.
        while target is LayoutGuideProxy, let owner = target.superview { target = owner }
        if target is LayoutGuideProxy {
            NSLayoutConstraint.report("Unable to activate \(description): its layout guide belongs to no view "
                                      + "(add it with addLayoutGuide(_:) first).", about: first)
            return
        }
        if owner === target { return }
        owner?.uninstall(self)
        target.appendInstalled(self)
        first.addNamingConstraint(self)
        secondView?.addNamingConstraint(self)
        activationStamp = NSLayoutConstraint.nextActivationStamp
        NSLayoutConstraint.nextActivationStamp += 1
        NSLayoutConstraint.activeConstraints.add(1, ordering: .relaxed)
        isCounted = true
        target.adjustConstraintsInSubtree(by: 1)
        owner = target
        conflictReported = false
        if reachesIntoNestedRoot {
            UIView.constraintScopeChanges &+= 1
            NSLayoutConstraint.reachingIntoNestedRoots += 1
            countedAsReaching = true
        }
        target.constraintLayoutRoot.installedConstraintDidChange(self)
    }

    /// How many active constraints reach into a nested layout root (``reachesIntoNestedRoot``):
    /// while there are none, collecting a root's constraints looks for none.
    static var reachingIntoNestedRoots = 0

    /// Whether this constraint was counted in ``reachingIntoNestedRoots`` when installed
    /// (the hierarchy may have changed by the time it is uninstalled).
    var countedAsReaching = false

    /// Whether an item of this constraint lies inside `view` without being `view`.
    func names(aViewInside view: UIView) -> Bool {
        (firstView.map { $0 !== view && $0.isInside(view) } ?? false)
            || (secondView.map { $0 !== view && $0.isInside(view) } ?? false)
    }

    /// Whether an item of this installed constraint lies under a layout root below the one
    /// that solves it (see `ConstraintSystem.isPlacedFromAbove`): activating or
    /// deactivating it changes which views that nested root holds, so every kept system
    /// looks at its views again.
    var reachesIntoNestedRoot: Bool {
        guard let root = owner?.constraintLayoutRoot else { return false }
        return (firstView.map { $0.constraintLayoutRoot !== root } ?? false)
            || (secondView.map { $0.constraintLayoutRoot !== root } ?? false)
    }

    /// Why UIKit would refuse this constraint (it raises; Tabula reports and leaves it
    /// inactive), or nil: a position needs a second item and a non-zero multiplier, and
    /// attributes must be on the same axis and both positions or both lengths.
    var problem: String? {
        func isLength(_ a: Attribute) -> Bool { a == .width || a == .height }
        func isHorizontal(_ a: Attribute) -> Bool {
            [.left, .right, .leading, .trailing, .centerX, .width].contains(a.withoutMargins ?? a)
        }
        if firstAttribute == .notAnAttribute { return "its first attribute is notAnAttribute" }
        if (firstAttribute.withoutMargins != nil && firstView is LayoutGuideProxy)
            || (secondAttribute.withoutMargins != nil && secondView is LayoutGuideProxy) {
            return "a layout guide has no margins; use a view's margin attributes or its layoutMarginsGuide"
        }
        if !constant.isFinite || !multiplier.isFinite { return "its constant and multiplier must be finite numbers" }
        if !(priority.rawValue > 0 && priority.rawValue <= 1000) {
            return "its priority \(priority.rawValue) is outside 1...1000"
        }
        if secondAttribute == .notAnAttribute {
            return isLength(firstAttribute) ? nil : "a position cannot equal a constant; relate it to another item"
        }
        if secondView == nil { return "its second item is not a view" }
        if !isLength(firstAttribute) && multiplier == 0 { return "a multiplier of 0 on a position" }
        if isLength(firstAttribute) != isLength(secondAttribute) { return "a position cannot be related to a length" }
        if !isLength(firstAttribute) && isHorizontal(firstAttribute) != isHorizontal(secondAttribute) {
            return "a horizontal position cannot be related to a vertical one"
        }
        return nil
    }

    private func constraintDidChange() {
        conflictReported = false
        owner?.constraintLayoutRoot.installedConstraintDidChange(self)
        owner?.tellEnclosingCellSizeMayHaveChanged(fromConstraint: true)
    }

    /// Receives the conflict and activation reports of the layout pass.
    ///
    /// A report about a constraint whose first view is on a screen goes to that screen's
    /// ``HeadlessScreen/onReport``, so two screens in one process hear only their own;
    /// this process-wide handler hears the rest: views on no screen and screens that set
    /// no handler. The default writes each to standard error. Tests replace it to see the
    /// reports.
    public static var reportHandler: @MainActor (String) -> Void = { message in
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }

    /// Reports `message` about `view`'s constraints: to its screen's handler, or else to
    /// ``reportHandler``.
    static func report(_ message: String, about view: UIView?) {
        ProblemReports.report(message, on: view?.layer.host, otherwise: { reportHandler($0) })
    }
}
