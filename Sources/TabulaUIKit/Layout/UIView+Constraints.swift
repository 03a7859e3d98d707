import Foundation
import Synchronization

extension UIView {
    /// The constraints installed on this view: those activated whose nearest common
    /// ancestor is this view, and those added with ``addConstraint(_:)``.
    public var constraints: [NSLayoutConstraint] { installedConstraints }

    /// Installs and activates `constraint` on this view, which should be an ancestor of
    /// (or one of) its views.
    public func addConstraint(_ constraint: NSLayoutConstraint) { constraint.install(on: self) }

    /// Installs and activates each of `constraints` on this view.
    public func addConstraints(_ constraints: [NSLayoutConstraint]) {
        for constraint in constraints { constraint.install(on: self) }
    }

    /// Deactivates `constraint` if it is installed on this view.
    public func removeConstraint(_ constraint: NSLayoutConstraint) {
        if constraint.owner === self { uninstall(constraint) }
    }

    /// Deactivates each of `constraints` that is installed on this view.
    public func removeConstraints(_ constraints: [NSLayoutConstraint]) {
        for constraint in constraints { removeConstraint(constraint) }
    }

    /// The leading edge: the left edge (left to right only, for now).
    public var leadingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(view: self, attribute: .leading) }
    /// The trailing edge: the right edge (left to right only, for now).
    public var trailingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(view: self, attribute: .trailing) }
    /// The left edge.
    public var leftAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(view: self, attribute: .left) }
    /// The right edge.
    public var rightAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(view: self, attribute: .right) }
    /// The horizontal center.
    public var centerXAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(view: self, attribute: .centerX) }
    /// The top edge.
    public var topAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(view: self, attribute: .top) }
    /// The bottom edge.
    public var bottomAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(view: self, attribute: .bottom) }
    /// The baseline of the first line of text: for a label, where its first line sits;
    /// for a view without text, its bottom edge (as in UIKit).
    public var firstBaselineAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(view: self, attribute: .firstBaseline) }
    /// The baseline of the last line of text: for a label, its last drawn line's; for a
    /// view without text, its bottom edge.
    public var lastBaselineAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(view: self, attribute: .lastBaseline) }
    /// The vertical center.
    public var centerYAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(view: self, attribute: .centerY) }
    /// The width.
    public var widthAnchor: NSLayoutDimension { NSLayoutDimension(view: self, attribute: .width) }
    /// The height.
    public var heightAnchor: NSLayoutDimension { NSLayoutDimension(view: self, attribute: .height) }

    /// The active constraints installed on this view, in the order they were installed.
    var installedConstraints: [NSLayoutConstraint] { installedSlots.compactMap { $0 } }

    /// Adds `constraint` to this view's installed constraints.
    func appendInstalled(_ constraint: NSLayoutConstraint) {
        constraint.installedSlot = installedSlots.count
        installedSlots.append(constraint)
    }

    /// Takes `constraint` out of this view's installed constraints in O(1) (amortized: the
    /// holes are closed, in order, when they are half the slots).
    private func removeInstalled(_ constraint: NSLayoutConstraint) {
        let slot = constraint.installedSlot
        guard installedSlots.indices.contains(slot), installedSlots[slot] === constraint else { return }
        installedSlots[slot] = nil
        constraint.installedSlot = -1
        installedHoles += 1
        guard installedHoles * 2 >= installedSlots.count else { return }
        installedSlots.removeAll { $0 == nil }
        installedHoles = 0
        for (index, kept) in installedSlots.enumerated() { kept?.installedSlot = index }
    }

    /// Removes `constraint` from this view's installed constraints and deactivates it.
    func uninstall(_ constraint: NSLayoutConstraint) {
        guard constraint.owner === self else { return }
        if constraint.countedAsReaching {
            UIView.constraintScopeChanges &+= 1
            NSLayoutConstraint.reachingIntoNestedRoots -= 1
            constraint.countedAsReaching = false
        }
        removeInstalled(constraint)
        constraint.firstView?.removeNamingConstraint(constraint)
        constraint.secondView?.removeNamingConstraint(constraint)
        constraint.owner = nil
        constraint.isCounted = false
        NSLayoutConstraint.activeConstraints.subtract(1, ordering: .relaxed)
        adjustConstraintsInSubtree(by: -1)
        constraintLayoutRoot.installedConstraintDidChange(constraint)
    }

    /// Tells this layout root that `constraint`, installed in its subtree now or until
    /// now, was activated, deactivated or changed: its kept system notes it (see
    /// `ConstraintSystem.noteChanged`), and it lays out again.
    func installedConstraintDidChange(_ constraint: NSLayoutConstraint) {
        layoutSystem?.noteChanged(constraint)
        setNeedsLayout()
        if let above = constraintRootAbove, above !== self { above.constraintLayoutRoot.installedConstraintDidChange(constraint) }
    }

    /// How many times a view's superview was set, or a view changed what decides which
    /// layout root solves its constraints and how (``translatesAutoresizingMaskIntoConstraints``,
    /// ``semanticContentAttribute``): a kept constraint system that finds the count as it
    /// left it knows that its root's constraints changed only as its journal says (see
    /// `ConstraintSystem.noteChanged`).
    static var constraintScopeChanges = 0

    /// The view whose layout pass solves constraints installed here: the nearest
    /// ancestor-or-self whose frame is not itself solved for (it translates its
    /// autoresizing mask, or has no superview).
    var constraintLayoutRoot: UIView {
        var view = self
        while !view.translatesAutoresizingMaskIntoConstraints, let parent = view.superview { view = parent }
        return view
    }

    /// The nearest view that is both this view or an ancestor of it and `other` or an
    /// ancestor of it; this view when `other` is nil; nil when they share no window or root.
    func nearestCommonAncestor(with other: UIView?) -> UIView? {
        guard let other else { return self }
        var ancestors = Set<ObjectIdentifier>()
        var view: UIView? = self
        while let v = view { ancestors.insert(ObjectIdentifier(v)); view = v.superview }
        view = other
        while let v = view {
            if ancestors.contains(ObjectIdentifier(v)) { return v }
            view = v.superview
        }
        return nil
    }

    /// Before this view leaves its superview: deactivates the constraints installed on its
    /// old ancestors that mention it or a view inside it, as UIKit does; constraints
    /// installed inside the view stay.
    ///
    /// Costs the views inside and the constraints that name them, not the constraints
    /// installed above: each view knows the active constraints that name it.
    func deactivateConstraintsLeavingWithView() {
        guard NSLayoutConstraint.activeCount > 0 else { return }
        var leaving: [NSLayoutConstraint] = []
        func visit(_ view: UIView) {
            for constraint in view.namingConstraints.values {
                // Installed inside: it stays (and is seen once per view it names).
                if let owner = constraint.owner, !owner.isInside(self) { leaving.append(constraint) }
            }
            for subview in view.subviews { visit(subview) }
        }
        visit(self)
        for constraint in leaving { constraint.owner?.uninstall(constraint) }
    }

    /// Records that active `constraint` names this view (as its first or second item).
    func addNamingConstraint(_ constraint: NSLayoutConstraint) {
        namingConstraints[ObjectIdentifier(constraint)] = constraint
    }

    /// Records that `constraint` no longer names this view while active.
    func removeNamingConstraint(_ constraint: NSLayoutConstraint) {
        namingConstraints[ObjectIdentifier(constraint)] = nil
    }

    /// Whether this view is `view` or one of its descendants.
    func isInside(_ view: UIView) -> Bool {
        var current: UIView? = self
        while let v = current {
            if v === view { return true }
            current = v.superview
        }
        return false
    }

    /// Called when ``translatesAutoresizingMaskIntoConstraints`` changes: the layout
    /// root above may now solve for this view, or no longer.
    func translatesAutoresizingMaskDidChange() {
        UIView.constraintScopeChanges &+= 1
        guard NSLayoutConstraint.activeCount > 0 else { return }
        (superview ?? self).constraintLayoutRoot.setNeedsLayout()
    }

    /// Before `layoutSubviews`: when this view is a layout root, solves the active
    /// constraints installed in its subtree and sets the frames of the views they
    /// place (those with `translatesAutoresizingMaskIntoConstraints == false`).
    ///
    /// The system is kept on the view for the next pass, which only moves the numbers
    /// that changed (see ``ConstraintSystem``); a view inside a nested layout root is
    /// solved again (with the same result) when that root lays out.
    func applyConstraintLayout() {
        guard constraintsInSubtree > 0,
              translatesAutoresizingMaskIntoConstraints || superview == nil else { return }
        // The kept system knows what changed since the last pass, when nothing it cannot
        // follow happened: the constraints are collected only when it does not.
        ConstraintSystem.layOut(self) {
            var installed: [NSLayoutConstraint] = []
            collectInstalledConstraints(into: &installed)
            return installed
        }
    }

    /// Whether the constraints leave this view's frame free to take more than one value
    /// (UIKit's debugging aid): a view that constraints place, and whose position or size
    /// some solution of its layout root's constraints could change at no cost. A view
    /// placed by its autoresizing mask is never ambiguous.
    ///
    /// Solved on demand, in a system of its own (not the one layout keeps).
    public var hasAmbiguousLayout: Bool {
        guard !translatesAutoresizingMaskIntoConstraints else { return false }
        let root = (superview ?? self).constraintLayoutRoot
        var installed: [NSLayoutConstraint] = []
        root.collectInstalledConstraints(into: &installed)
        return ConstraintSystem.isAmbiguous(self, root: root, constraints: installed)
    }

    /// Moves a view whose layout is ambiguous (``hasAmbiguousLayout``) to another frame the
    /// constraints allow, to show in which directions it is free: each free edge or size
    /// moves 10 points, forwards and backwards on alternate calls (UIKit picks at random).
    /// Does nothing for a view whose constraints fix its frame. The next layout pass puts
    /// the view back where the solver places it.
    public func exerciseAmbiguityInLayout() {
        guard !translatesAutoresizingMaskIntoConstraints else { return }
        let root = (superview ?? self).constraintLayoutRoot
        var installed: [NSLayoutConstraint] = []
        root.collectInstalledConstraints(into: &installed)
        extras.exercisesForwards.toggle()
        ConstraintSystem.exerciseAmbiguity(of: self, root: root, constraints: installed,
                                           offset: extras.exercisesForwards ? 10 : -10)
    }

    /// What ``systemLayoutSizeFitting(_:withHorizontalFittingPriority:verticalFittingPriority:)``
    /// does: solves this view's subtree with its own size free, held to `target` at the
    /// given priorities. Without constraints (and no intrinsic size) the current size.
    func measureWithConstraints(_ target: CGSize, horizontal: UILayoutPriority, vertical: UILayoutPriority) -> CGSize {
        var installed: [NSLayoutConstraint] = []
        collectInstalledConstraints(into: &installed)
        let intrinsic = intrinsicContentSize
        guard !installed.isEmpty || intrinsic.width != UIView.noIntrinsicMetric || intrinsic.height != UIView.noIntrinsicMetric
        else { return bounds.size }
        // Constraints installed here may reach outside (to a superview); only those
        // within the subtree count.
        installed = installed.filter { c in
            c.firstView?.isInside(self) != false && (c.secondView == nil || c.secondView?.isInside(self) == true)
        }
        return ConstraintSystem.measure(self, target: target, horizontal: horizontal, vertical: vertical,
                                            constraints: installed)
    }

    /// The active constraints installed on this view and below it, down to nested layout
    /// roots: a subview that translates its mask is held at its frame here and solves its
    /// own subtree (whose constraints cannot reach outside it), so a table does not solve
    /// its cells' constraints again on every scroll frame.
    func collectInstalledConstraints(into list: inout [NSLayoutConstraint]) {
        collectInstalledConstraints(into: &list, root: self)
    }

    /// The constraints installed on this view and on the views below it that `root`'s
    /// pass solves: not those under a nested layout root (a subview that translates its
    /// mask), which solves its own, unless a constraint collected here names a view inside
    /// it — a cell's subview pinned to the cell, with the content view the nested root.
    /// Then the nested root's constraints are collected too, so that this system places
    /// that view with every constraint on it (the nested root holds it where this one puts
    /// it, and passes changes to its constraints on here: `constraintRootAbove`).
    private func collectInstalledConstraints(into list: inout [NSLayoutConstraint], root: UIView) {
        list += installedConstraints
        for subview in subviews where subview.constraintsInSubtree > 0 {
            if subview.translatesAutoresizingMaskIntoConstraints {
                guard NSLayoutConstraint.reachingIntoNestedRoots > 0,
                      list.contains(where: { $0.names(aViewInside: subview) }) else {
                    if subview.constraintRootAbove === root { subview.constraintRootAbove = nil }
                    continue
                }
                subview.constraintRootAbove = root
            }
            subview.collectInstalledConstraints(into: &list, root: root)
        }
    }

    /// Whether `root`'s pass solves the constraints installed on this view: `root` is this
    /// view's layout root, or the root above that one reaches into it
    /// (``constraintRootAbove``), and so on up.
    func constraintsAreSolved(by root: UIView) -> Bool {
        var nested = constraintLayoutRoot
        while nested !== root {
            guard let above = nested.constraintRootAbove, above !== nested else { return false }
            nested = above
        }
        return true
    }

    /// Adds `delta` to ``constraintsInSubtree`` of this view and every ancestor.
    func adjustConstraintsInSubtree(by delta: Int) {
        var view: UIView? = self
        while let v = view {
            v.constraintsInSubtree += delta
            view = v.superview
        }
    }
}

extension NSLayoutConstraint {
    /// How many constraints are active anywhere: with none, layout passes skip the solver.
    static var activeCount: Int { activeConstraints.load(ordering: .relaxed) }

    /// The count behind ``activeCount``, atomic: a constraint released while still counted
    /// (its view went first) takes itself off in its deinit, which has no actor isolation
    /// (so that a subclass's own deinit compiles, as in UIKit).
    nonisolated static let activeConstraints = Atomic<Int>(0)
}

/// A view held weakly (for the list of views whose constraints need updating).
struct WeakView {
    weak var view: UIView?
}

extension UIView {
    /// The views that asked for ``updateConstraints()``, oldest first.
    static var viewsNeedingConstraintUpdate: [WeakView] = []

    /// How many rounds of ``updateConstraints()`` one layout runs before it stops a view
    /// that keeps asking for another (and reports it).
    static let maximumConstraintUpdateRounds = 10

    /// Runs the pending constraint updates of the views inside `root` (itself included),
    /// deepest views first, round after round while updates ask for more — at most
    /// ``maximumConstraintUpdateRounds`` rounds; a view still asking then is reported and
    /// left until the next layout.
    func runPendingConstraintUpdates(within root: UIView) {
        for _ in 0 ..< Self.maximumConstraintUpdateRounds {
            var due: [UIView] = []
            UIView.viewsNeedingConstraintUpdate.removeAll { entry in
                guard let view = entry.view else { return true }
                guard view.isInside(root) else { return false }
                due.append(view)
                return true
            }
            guard !due.isEmpty else { return }
            // Leaves first, as UIKit updates constraints from the bottom of the tree up.
            func depth(_ view: UIView) -> Int {
                var d = 0, v = view.superview
                while let p = v { d += 1; v = p.superview }
                return d
            }
            for view in due.sorted(by: { depth($0) > depth($1) }) {
                view.needsConstraintUpdate = false
                view.updateConstraints()
            }
        }
        let stuck = UIView.viewsNeedingConstraintUpdate.compactMap(\.view).filter { $0.isInside(root) }
        guard !stuck.isEmpty else { return }
        NSLayoutConstraint.report("updateConstraints() kept asking for another update ("
            + stuck.map { "\(type(of: $0))" }.joined(separator: ", ")
            + ") after \(Self.maximumConstraintUpdateRounds) rounds in one layout; the layout goes on with the constraints as they are. "
            + "Don't call setNeedsUpdateConstraints() from updateConstraints().", about: root)
    }
}

/// The direction a user interface reads in.
public enum UIUserInterfaceLayoutDirection: Int, Sendable {
    /// Left to right, as English.
    case leftToRight = 0
    /// Right to left, as Arabic and Hebrew.
    case rightToLeft = 1
}

/// What a view's content is, to decide whether it flips between left-to-right and
/// right-to-left layouts.
public enum UISemanticContentAttribute: Int, Sendable {
    /// The default: flips with the layout direction.
    case unspecified = 0
    /// Playback controls (play, rewind, a scrubber): never flipped.
    case playback = 1
    /// Directional controls (a D-pad, text alignment segments): never flipped.
    case spatial = 2
    /// Always laid out left to right.
    case forceLeftToRight = 3
    /// Always laid out right to left.
    case forceRightToLeft = 4
}

extension UIView {
    /// The direction a view with `attribute` lays out in, in an app that reads left to right.
    public class func userInterfaceLayoutDirection(for attribute: UISemanticContentAttribute) -> UIUserInterfaceLayoutDirection {
        userInterfaceLayoutDirection(for: attribute, relativeTo: UIApplication.shared.userInterfaceLayoutDirection)
    }

    /// The direction a view with `semanticContentAttribute` lays out in, where its
    /// surroundings lay out in `layoutDirection`.
    public class func userInterfaceLayoutDirection(for semanticContentAttribute: UISemanticContentAttribute,
                                                   relativeTo layoutDirection: UIUserInterfaceLayoutDirection)
        -> UIUserInterfaceLayoutDirection {
        switch semanticContentAttribute {
        case .unspecified: layoutDirection
        case .playback, .spatial, .forceLeftToRight: .leftToRight
        case .forceRightToLeft: .rightToLeft
        }
    }

    /// After ``semanticContentAttribute`` changes: every layout root in and above the
    /// subtree solves again (their leading and trailing may have swapped), and labels
    /// redraw (their natural alignment may have).
    func layoutDirectionDidChange() {
        UIView.constraintScopeChanges &+= 1
        updateSystemGuides()
        if NSLayoutConstraint.activeCount > 0 { (superview ?? self).constraintLayoutRoot.setNeedsLayout() }
        func mark(_ view: UIView) {
            view.setNeedsLayout()
            if view is UILabel { view.setNeedsDisplay() }
            (view as? UIImageView)?.layoutDirectionDidChangeForImage()
            // Margins assigned as leading and trailing, and a root view's minimum, follow the direction.
            view.resolveLayoutMargins()
            for subview in view.subviews { mark(subview) }
        }
        mark(self)
    }
}
