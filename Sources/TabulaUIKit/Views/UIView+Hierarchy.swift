import TabulaCore

extension UIView {
    /// The window the view is in, if any.
    public var window: UIWindow? {
        var view: UIView? = self
        while let v = view {
            if let w = v as? UIWindow { return w }
            view = v.superview
        }
        return nil
    }

    /// Adds `view` in front of the other subviews, removing it from its old superview first.
    public func addSubview(_ view: UIView) {
        insertSubview(view, at: subviews.count)
    }

    /// Inserts `view` at `index` in the subviews (clamped), moving it if it already has a superview.
    ///
    /// Adding the view to itself or to one of its own descendants would make a cycle: UIKit
    /// raises an exception; Tabula reports it and changes nothing.
    public func insertSubview(_ view: UIView, at index: Int) {
        guard view !== self && !isDescendant(of: view) else {
            return reportProblem("\(type(of: self)).addSubview/insertSubview: \(view === self ? "a view cannot be added to itself" : "a view cannot be added to one of its own descendants") (\(type(of: view)) would become its own ancestor); the hierarchy was not changed")
        }
        if view.superview !== self, wouldBeTooDeep(adding: view) {
            return reportProblem("\(type(of: self)).addSubview/insertSubview: the hierarchy would be more than "
                                 + "\(Self.maximumHierarchyDepth) views deep (every pass walks it on the main thread's "
                                 + "stack); \(type(of: view)) was not added")
        }
        let oldWindow = view.window
        let newWindow = window
        if view.superview === self {
            let old = identityIndex(of: view, in: subviews)
            if let old { subviews.remove(at: old) }
            let new = max(0, min(index, subviews.count))
            subviews.insert(view, at: new)
            syncLayerOrder(of: view)
            // A view put back where it was (brought to the front it is at) changes nothing,
            // and lays nothing out again: a layoutSubviews that keeps a view in front
            // would otherwise mark itself for layout every time it runs.
            if old != new { didReorderSubviews() }
            return
        }
        if oldWindow !== newWindow {
            if let oldWindow { view.endEditingLeaving(oldWindow) }
            view.notifyWillMove(toWindow: newWindow)
        }
        view.willMove(toSuperview: self)
        view.removeFromSuperviewSilently()
        let i = max(0, min(index, subviews.count))
        subviews.insert(view, at: i)
        view.superview = self
        if view.constraintsInSubtree > 0 { adjustConstraintsInSubtree(by: view.constraintsInSubtree) }
        layer.addSublayer(view.layer)
        syncLayerOrder(of: view)
        view.layer.setNeedsLayout()
        view.refreshSafeAreaInsets()
        view.didMoveToSuperview()
        view.tintDidChangeInTree()
        if oldWindow !== newWindow { view.notifyDidMoveToWindow() }
        if newWindow != nil { view.traitsMayHaveChanged() }
        didAddSubview(view)
    }

    /// Inserts `view` just in front of `sibling`; in front of all subviews when `sibling` is not one.
    public func insertSubview(_ view: UIView, aboveSubview sibling: UIView) {
        let i = identityIndex(of: sibling, in: subviews).map { $0 + 1 } ?? subviews.count
        insertSubview(view, at: indexAfterRemoving(view, target: i))
    }

    /// Inserts `view` just behind `sibling`; behind all subviews when `sibling` is not one.
    public func insertSubview(_ view: UIView, belowSubview sibling: UIView) {
        let i = identityIndex(of: sibling, in: subviews) ?? 0
        insertSubview(view, at: indexAfterRemoving(view, target: i))
    }

    /// How deep a tree of views may be: the number of views from the root (a window) to
    /// its deepest view. Layout, display, compositing, hit testing, traits and the
    /// accessibility walk all recurse through the tree on the main thread's stack, which
    /// a tree of ten thousand levels would overflow; UIKit has no documented limit and
    /// crashes somewhere past it. Tabula refuses, with a report, to add a view that would
    /// make a tree deeper than this. Real screens are a few dozen levels deep.
    static let maximumHierarchyDepth = 1000

    /// Whether the deepest view of `view`'s subtree would lie deeper than the limit if
    /// `view` were added here: the ancestors of this view and the levels of `view`'s
    /// subtree (itself one) add up to more. Costs the depth here plus the size of the
    /// subtree, as the window notifications of an addition already do, and allocates
    /// nothing: every cell that comes on screen asks.
    private func wouldBeTooDeep(adding view: UIView) -> Bool {
        var ancestors = 0
        var ancestor = superview
        while let a = ancestor {
            ancestors += 1
            ancestor = a.superview
        }
        return view.hasMoreLevels(than: Self.maximumHierarchyDepth - ancestors)
    }

    /// Whether this view's subtree, itself the first level, has more than `levels`
    /// levels. The walk stops `levels` deep, so it never recurses past the limit.
    private func hasMoreLevels(than levels: Int) -> Bool {
        guard levels >= 1 else { return true }
        for subview in subviews where subview.hasMoreLevels(than: levels - 1) { return true }
        return false
    }

    /// `insertSubview(_:at:)` takes a moved subview out before inserting it, so a
    /// target index past the view's current place shifts down by one.
    private func indexAfterRemoving(_ view: UIView, target: Int) -> Int {
        guard view.superview === self, let current = identityIndex(of: view, in: subviews),
              current < target else { return target }
        return target - 1
    }

    /// Removes the view from its superview and its window, calling the will/did-move hooks;
    /// does nothing when it has no superview.
    public func removeFromSuperview() {
        guard let parent = superview else { return }
        let oldWindow = window
        parent.willRemoveSubview(self)
        willMove(toSuperview: nil)
        if let oldWindow {
            endEditingLeaving(oldWindow)
            notifyWillMove(toWindow: nil)
        }
        removeFromSuperviewSilently()
        refreshSafeAreaInsets()
        didMoveToSuperview()
        if oldWindow != nil { notifyDidMoveToWindow() }
    }

    private func removeFromSuperviewSilently() {
        guard let parent = superview else { return }
        deactivateConstraintsLeavingWithView()
        if constraintsInSubtree > 0 { parent.adjustConstraintsInSubtree(by: -constraintsInSubtree) }
        if let i = identityIndex(of: self, in: parent.subviews) { parent.subviews.remove(at: i) }
        superview = nil
        layer.removeFromSuperlayer()
    }

    /// Moves `view` in front of its siblings; does nothing when it is not a subview.
    public func bringSubviewToFront(_ view: UIView) {
        guard view.superview === self else { return }
        insertSubview(view, at: subviews.count - 1)
    }

    /// Moves `views` in front of the other subviews, the last one on top: the order that
    /// ``bringSubviewToFront(_:)`` for each in turn gives. Views that are not subviews
    /// are skipped. Only the views not yet in place move: when they already are the
    /// frontmost subviews in that order nothing happens (no reordering of layers, no new
    /// layout), as there is nothing to change.
    ///
    /// Invariant: the subviews end as the others, in their old order, then `views`.
    ///
    /// - Complexity: O(`views.count`) when nothing moves; otherwise each view that moves
    ///   costs what one ``insertSubview(_:belowSubview:)`` does.
    package func bringSubviewsToFront(_ views: [UIView]) {
        // Each view counts where it last appears, as with one call after another.
        var seen = Set<ObjectKey>(minimumCapacity: views.count)
        var order: [UIView] = []
        for view in views.reversed() where view.superview === self && seen.insert(ObjectKey(view)).inserted {
            order.append(view)
        }
        order.reverse()
        guard !order.isEmpty else { return }
        // The longest tail of `order` already at the front, in order, stays where it is.
        var kept = 0
        while kept < order.count, subviews[subviews.count - 1 - kept] === order[order.count - 1 - kept] {
            kept += 1
        }
        guard kept < order.count else { return }
        if kept == 0 {
            for view in order { bringSubviewToFront(view) }
        } else {
            let first = order[order.count - kept]
            for view in order[..<(order.count - kept)] { insertSubview(view, belowSubview: first) }
        }
    }

    /// Moves `view` behind its siblings; does nothing when it is not a subview.
    public func sendSubviewToBack(_ view: UIView) {
        guard view.superview === self else { return }
        insertSubview(view, at: 0)
    }

    /// Swaps the subviews at two indices (and their layers); does nothing when either index is out of range.
    public func exchangeSubview(at index1: Int, withSubviewAt index2: Int) {
        guard subviews.indices.contains(index1), subviews.indices.contains(index2), index1 != index2 else { return }
        subviews.swapAt(index1, index2)
        syncLayerOrder(of: subviews[index1])
        syncLayerOrder(of: subviews[index2])
        didReorderSubviews()
    }

    /// Places the subview's layer just above the previous subview's layer, so that
    /// layers added directly (not through views) keep their places.
    private func syncLayerOrder(of view: UIView) {
        let siblings = subviews
        guard let i = identityIndex(of: view, in: siblings, last: true), let layers = layer.sublayers else { return }
        // The layers compared, read once: a property read in a search costs a retain, a
        // release and an exclusivity check per sublayer.
        let own = view.layer
        // The common case, addSubview: the view and its layer are both last already.
        if i == siblings.count - 1, layers.last === own { return }
        let previous = i > 0 ? siblings[i - 1].layer : nil
        let next = i + 1 < siblings.count ? siblings[i + 1].layer : nil
        let target: Int
        if let previous, let prev = identityIndex(of: previous, in: layers) {
            let current = identityIndex(of: own, in: layers)!
            target = current > prev ? prev + 1 : prev
        } else if let next, let nextIndex = identityIndex(of: next, in: layers) {
            let current = identityIndex(of: own, in: layers)!
            target = current < nextIndex ? nextIndex - 1 : nextIndex
        } else {
            return
        }
        layer.moveSublayer(own, to: target)
    }

    /// Subviews reordered ask for the view's layout, as its layer's sublayers reordered
    /// do, and not while the view's own layout changes them without asking for it again
    /// (``CALayer/changingSublayersWithoutRelayout(_:)``: a table's tiling).
    private func didReorderSubviews() {
        if layer.sublayerChangesNeedLayout { setNeedsLayout() }
    }

    /// Whether this view is `view` or lies anywhere inside it.
    public func isDescendant(of view: UIView) -> Bool {
        var v: UIView? = self
        while let current = v {
            if current === view { return true }
            v = current.superview
        }
        return false
    }

    /// The first view with `tag`, searching this view and then its subviews depth-first.
    public func viewWithTag(_ tag: Int) -> UIView? {
        if self.tag == tag { return self }
        for subview in subviews {
            if let found = subview.viewWithTag(tag) { return found }
        }
        return nil
    }

    /// Removes the view from its superview without ending the editing inside it: how a table
    /// or collection view takes a cell scrolled out of view off screen. UIKit holds the cell
    /// with the first responder back from reuse, so a field in a row scrolled away keeps
    /// the keyboard; Tabula pools the cell and leaves the field editing, as it was.
    package func removeFromSuperviewKeepingEditing() {
        Self.removalKeepsEditing = true
        defer { Self.removalKeepsEditing = false }
        removeFromSuperview()
    }

    /// Whether ``removeFromSuperviewKeepingEditing()`` is removing a view now.
    private static var removalKeepsEditing = false

    /// A view leaving `oldWindow` takes its editing with it, as in UIKit: the window's first
    /// responder, when it is this view or inside it, resigns (forced: a field that is
    /// leaving cannot keep the keyboard), so that the keyboard goes down (replacing the window's root view controller while a
    /// field is editing, or removing the field, leaves no keyboard up over the new screen).
    private func endEditingLeaving(_ oldWindow: UIWindow) {
        guard !Self.removalKeepsEditing, let responder = oldWindow.firstResponder as? UIView,
              responder === self || responder.isDescendant(of: self) else { return }
        endEditing(true)
    }

    private func notifyWillMove(toWindow window: UIWindow?) {
        viewController?.rootViewWillMove(toWindow: window)
        willMove(toWindow: window)
        for subview in subviews { subview.notifyWillMove(toWindow: window) }
    }

    private func notifyDidMoveToWindow() {
        if let window {
            adoptScale(window.screenScale)
            if isFirstResponder { window.adoptFirstResponder(self) }
        }
        didMoveToWindow()
        for subview in subviews { subview.notifyDidMoveToWindow() }
        viewController?.rootViewDidMoveToWindow()
    }
}

/// Where `object` is in `array` (the first place, or the last with `last`), by identity.
/// A loop, not `firstIndex(where:)`: a closure made on the main actor checks its executor
/// each time it is called, once per element, and these searches run for every subview
/// added or moved.
private nonisolated func identityIndex<T: AnyObject>(of object: T, in array: [T], last: Bool = false) -> Int? {
    let target = ObjectIdentifier(object)
    return array.withUnsafeBufferPointer { buffer in
        if last {
            var i = buffer.count - 1
            while i >= 0 {
                if ObjectIdentifier(buffer[i]) == target { return i }
                i -= 1
            }
        } else {
            for i in buffer.indices where ObjectIdentifier(buffer[i]) == target { return i }
        }
        return nil
    }
}
