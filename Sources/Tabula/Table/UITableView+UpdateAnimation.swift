import Foundation
import TabulaCore

/// Animating a batch update from before to after (DESIGN.md: "animation from
/// before/after").
///
/// 1. Every visible cell, header and footer — and every cell still sliding off screen
///    from an earlier update — stops where it is *on screen* (its presentation), so a
///    new update in the middle of another starts from what the user sees: no jump. The
///    earlier update's completion runs with `finished == false`.
/// 2. The plan is applied: views re-keyed to their new index paths, geometry rebuilt,
///    and the content offset moved so that the first visible row that persists stays
///    where it is on screen (unless the table is scrolled to the top, which stays at the
///    top so that rows inserted there are seen). Rows on screen are measured again.
/// 3. The new layout is made without animation. ``UpdateTransition`` (TabulaCore, pure
///    and tested on every small table) says, for each item on screen before or after,
///    where it starts and where it ends; this file only applies those records: each view
///    goes back to its start and animates to its end, and views that leave are removed
///    when their animation ends.
extension UITableView {
    func animateUpdate(_ plan: UpdatePlan, _ batch: PendingBatch) {
        let animated = UIView.areAnimationsEnabled && window != nil
        let oldGeometry = geometry
        let oldOffset = contentOffset

        // 1. Stop everything where it is on screen; cells sliding off from an earlier
        //    update count as on screen again (their rows persist).
        let reclaimed = reclaimSlidingCells()
        var before: [TableItem: ItemState] = [:]
        for (path, cell) in store.visible {
            before[.row(path)] = state(of: freezeAtPresentation(cell), restingX: groupInset)
        }
        for (item, view) in store.supplements { before[item] = state(of: freezeAtPresentation(view), restingX: 0) }
        finishCompletions(updates.completions, finished: false)
        updates.completions = []
        updates.generation += 1

        // The anchor: the first row on screen that persists, and where it is on screen.
        let top = Double(oldOffset.y)
        let pinnedToTop = oldOffset.y <= minimumContentOffset.y
        let anchor: (path: IndexPath, screenY: Double)? = pinnedToTop ? nil : store.visible.keys.sorted()
            .lazy.compactMap { old -> (IndexPath, Double)? in
                let span = oldGeometry.rowSpan(row: old.row, section: old.section)
                // A moved row is no anchor: the screen would follow it wherever it goes.
                guard span.maxY > top, case .persists(let new) = plan.fate(ofRow: old) else { return nil }
                return (new, span.y - top)
            }.first

        // 2. Re-key the views on screen to the new index paths.
        let departing = store.remapVisible { old in
            switch plan.fate(ofRow: old) {
            case .persists(let new), .moved(let new): new
            case .reloaded, .deleted: nil
            }
        }
        let departingSupplements = store.remapSupplements { s in
            switch plan.fate(ofSection: s) {
            case .persists(let new), .moved(let new): new
            case .reloaded, .deleted: nil
            }
        }

        // Geometry, offset and heights.
        rebuildGeometry(for: plan)
        updateContentSize()
        keep(anchor, clamp: !isTracking && motion == nil)
        remeasureRowsOnScreen(keeping: anchor)
        // An animated scroll goes on to its row where the update put it, or inside the content.
        retargetScroll(mappingRow: { old in
            guard old.section < plan.oldRowCounts.count, old.row < plan.oldRowCounts[old.section] else { return nil }
            return plan.fate(ofRow: old).newIndexPath
        })
        let delta = contentOffset.y - oldOffset.y

        // Rows that persist but end off screen: their cells leave the table's books now
        // (the tiling must not see them) and slide off as the records say.
        let viewTop = Double(contentOffset.y), viewBottom = Double(contentOffset.y + bounds.height)
        let rowsOnScreen = Set(geometry.items(from: viewTop, to: viewBottom).rows
            .map { IndexPath(row: $0.row, section: $0.section) })
        var slidingOff: [IndexPath: UITableViewCell] = [:]
        for path in store.visible.keys where !rowsOnScreen.contains(path) {
            slidingOff[path] = store.beginSliding(path)
        }
        // 3. The new layout, made at once. Headers and footers it no longer shows are
        //    held back (by new name) to slide off.
        let leavingBefore = store.leavingViews
        UIView.performWithoutAnimation {
            inPhase(.updating) {
                inPhase(.updateTiling) {
                    layoutTableParts()
                    tile()
                    layoutSectionIndex()
                }
            }
        }
        // Cells taken back from sliding off were off the books: their rows are asked again.
        for old in reclaimed {
            if let new = plan.fate(ofRow: old).newIndexPath, store.visible[new] != nil { reconfigure(new) }
        }
        let slidingOffSupplements = store.supplementsLeaving(since: leavingBefore)
        var after: [TableItem: ItemState] = [:]
        for (path, cell) in store.visible { after[.row(path)] = state(of: (cell.frame, 1), restingX: groupInset) }
        for (item, view) in store.supplements { after[item] = state(of: (view.frame, 1), restingX: 0) }

        let transition = UpdateTransition(.init(
            plan: plan, old: oldGeometry, new: geometry, before: before, after: after, delta: Double(delta),
            width: Double(rowWidth), grouped: style != .plain,
            insertStyle: { [batch] p in Self.transitionStyle(Self.insertAnimation(for: p, plan, batch)) },
            deleteStyle: { [batch] p in Self.transitionStyle(Self.deleteAnimation(for: p, plan, batch)) }))

        var targets: [(view: UIView, frame: CGRect, alpha: CGFloat)] = []
        var leaving: [LeavingView] = []
        var inFront: [(view: UIView, distance: Double)] = []
        // Rows arriving at their own place (a fade, say): over the rows that persist.
        var overPersisting: [UIView] = []
        // In grouped styles a row sliding sideways slides its content inside the cell,
        // which clips it: the rounded group keeps its edges (the cell itself only fades).
        var contentSlides: [(view: UIView, to: CGFloat)] = []
        func slidesInside(_ record: UpdateTransition.Record, _ view: UIView) -> UITableViewCell? {
            guard style != .plain, record.style == .left || record.style == .right else { return nil }
            return view as? UITableViewCell
        }
        UIView.performWithoutAnimation {
            for var record in transition.records {
                switch record.change {
                case .persists, .slidesOn, .appears:
                    guard let new = record.new, let view = shownView(new) else { continue }
                    if let cell = slidesInside(record, view) {
                        cell.contentView.transform = CGAffineTransform(translationX: CGFloat(record.from.x), y: 0)
                        contentSlides.append((cell.contentView, CGFloat(record.to.x)))
                        record.from.x = 0
                        record.to.x = 0
                    }
                    let restingX = view is UITableViewCell ? groupInset : 0
                    view.frame = frame(record.from, restingX: restingX, width: view.frame.width)
                    view.alpha = CGFloat(record.from.alpha)
                    targets.append((view, frame(record.to, restingX: restingX, width: view.frame.width),
                                    CGFloat(record.to.alpha)))
                    if record.depth == .back { sendToBack(view) }
                    if record.depth == .front { inFront.append((view, abs(record.to.y - record.from.y))) }
                    if record.change == .appears, record.depth == .normal, view is UITableViewCell {
                        overPersisting.append(view)
                    }
                    if record.style == .middle, style == .plain, record.change == .appears, let cell = view as? UITableViewCell {
                        leaving.append(shade(cell, appearing: true))
                    }
                case .slidesOff:
                    guard let old = record.old, let new = record.new else { continue }
                    let view: UIView?
                    if case .row(let path) = new {
                        // Unless the data source handed it out for another row during the layout.
                        view = slidingOff[path].flatMap { store.sliding.contains(ObjectIdentifier($0)) ? $0 : nil }
                    } else {
                        view = slidingOffSupplements[new]
                    }
                    guard let view else { continue }
                    let restingX = view is UITableViewCell ? groupInset : 0
                    view.frame = frame(record.from, restingX: restingX, width: view.frame.width)
                    view.alpha = CGFloat(record.from.alpha)
                    if record.depth == .front { inFront.append((view, abs(record.to.y - record.from.y))) }
                    leaving.append(slideOff(view, to: frame(record.to, restingX: restingX, width: view.frame.width),
                                            as: new, from: old))
                case .disappears:
                    guard let old = record.old else { continue }
                    let view: UIView? = if case .row(let p) = old { departing[p] } else { departingSupplements[old] }
                    guard let view else { continue }
                    if !store.isLeaving(view) {
                        continue // handed out again during the layout (reclaimed)
                    }
                    if animated, let cell = slidesInside(record, view) {
                        contentSlides.append((cell.contentView, CGFloat(record.to.x)))
                        record.from.x = 0
                        record.to.x = 0
                    }
                    let restingX = view is UITableViewCell ? groupInset : 0
                    view.frame = frame(record.from, restingX: restingX, width: view.frame.width)
                    view.alpha = CGFloat(record.from.alpha)
                    let done: @MainActor () -> Void
                    switch old {
                    case .row(let p):
                        let cell = view as! UITableViewCell
                        done = { [weak self] in self?.enqueue(cell, notifying: self?.tableDelegate, p) }
                    case .header(let s):
                        done = { [weak self] in self?.enqueueHeaderFooter(view, header: true, section: s) }
                    case .footer(let s):
                        done = { [weak self] in self?.enqueueHeaderFooter(view, header: false, section: s) }
                    }
                    guard animated, record.style != RowTransitionStyle.none else {
                        done()
                        continue
                    }
                    if record.depth == .back { sendToBack(view) }
                    if record.style == .middle, style == .plain, let cell = view as? UITableViewCell {
                        leaving.append(shade(cell, appearing: false))
                    }
                    leaving.append(LeavingView(view: view, frame: frame(record.to, restingX: restingX, width: view.frame.width),
                                               alpha: CGFloat(record.to.alpha), finish: done))
                }
            }
            for view in overPersisting { bringSubviewToFront(view) }
            if inFront.isEmpty && !overPersisting.isEmpty { bringSupplementsToFront() }
            // Moved rows (and the headers of moved sections) pass over the others, also
            // over the headers of sections that stay, and of two moved items the one going
            // farther passes over the other (it is the one the eye follows; a row that only
            // makes room shifts beneath it). When the update ends, headers and footers go
            // back on top of every row, where a floating header must be.
            if !inFront.isEmpty {
                let moved = Set(inFront.map { ObjectIdentifier($0.view) })
                for view in store.shownSupplements
                    where view.superview === self && !moved.contains(ObjectIdentifier(view)) { bringSubviewToFront(view) }
                for (view, _) in inFront.sorted(by: { $0.distance < $1.distance }) { bringSubviewToFront(view) }
                bringChromeToFront()
            }
        }
        // Whatever the records did not name (cells a reload handed back) simply leaves.
        for (old, cell) in departing where store.isLeaving(cell)
            && !transition.records.contains(where: { $0.old == TableItem.row(old) }) {
            enqueue(cell, notifying: tableDelegate, old)
        }
        for (path, cell) in slidingOff where !leaving.contains(where: { $0.view === cell }) {
            if store.endSliding(cell) { enqueue(cell, notifying: tableDelegate, path) }
        }
        for (item, view) in Array(departingSupplements) + Array(slidingOffSupplements)
            where store.isLeaving(view) && !leaving.contains(where: { $0.view === view }) {
            if case .header(let s) = item { enqueueHeaderFooter(view, header: true, section: s) }
            if case .footer(let s) = item { enqueueHeaderFooter(view, header: false, section: s) }
        }
        guard animated else {
            UIView.performWithoutAnimation {
                for (view, frame, alpha) in targets {
                    view.frame = frame
                    view.alpha = alpha
                }
                for (content, _) in contentSlides { content.transform = .identity }
            }
            for view in leaving { finish(view) }
            finishCompletions(batch.completions, finished: true)
            return
        }
        updates.completions = batch.completions
        let ends = layer.mediaClock.now + Self.updateAnimationDuration
        for var view in leaving {
            view.ends = ends
            updates.leaving.append(view)
            animateOut(at: updates.leaving.count - 1)
        }
        let generation = updates.generation
        UIView.animate(withDuration: Self.updateAnimationDuration, delay: 0, options: [], animations: {
            for (view, frame, alpha) in targets {
                view.frame = frame
                view.alpha = alpha
            }
            // Each item lays its content out for its new size inside the animation, as in
            // UIKit: a row that grows or shrinks carries its label along, centred, in
            // every frame, instead of the label jumping to where the final size puts it.
            // Only the item's own subtree: the table's pass (tiling) must not run in here.
            for (view, _, _) in targets { view.layer.layoutSubtree() }
            for (content, x) in contentSlides { content.transform = CGAffineTransform(translationX: x, y: 0) }
        }, completion: { [weak self] finished in
            guard let self, self.updates.generation == generation else { return }
            if !inFront.isEmpty { self.bringSupplementsToFront() }
            let completions = self.updates.completions
            self.updates.completions = []
            for completion in completions { completion(finished) }
        })
    }

    // MARK: Applying records

    /// Headers and footers above every row, then the indicators and the index.
    func bringSupplementsToFront() {
        for view in store.shownSupplements where view.superview === self {
            bringSubviewToFront(view)
        }
        bringChromeToFront()
    }

    private func bringChromeToFront() {
        for case let view? in [verticalIndicator as UIView?, horizontalIndicator, indexView] where view.superview === self {
            bringSubviewToFront(view)
        }
    }

    private func state(of presented: (frame: CGRect, alpha: CGFloat), restingX: CGFloat) -> ItemState {
        ItemState(y: Double(presented.frame.minY), height: Double(presented.frame.height),
                  x: Double(presented.frame.minX - restingX), alpha: Double(presented.alpha))
    }

    private func frame(_ state: ItemState, restingX: CGFloat, width: CGFloat) -> CGRect {
        CGRect(x: restingX + CGFloat(state.x), y: CGFloat(state.y), width: width, height: CGFloat(state.height))
    }

    /// The view the new layout shows for `item`.
    private func shownView(_ item: TableItem) -> UIView? {
        switch item {
        case .row(let p): store.visible[p]
        case .header, .footer: store.supplements[item]
        }
    }

    /// A cell (or header) sliding to `frame` off screen, then leaving; a cell is found
    /// again if its row comes back on screen first (``reclaimSlidingCells()``, tiling).
    private func slideOff(_ view: UIView, to frame: CGRect, as new: TableItem, from old: TableItem) -> LeavingView {
        var leaving = LeavingView(view: view, frame: frame, alpha: 1) { [weak self] in
            guard let self else { return }
            switch new {
            case .row(let path):
                guard let cell = view as? UITableViewCell, self.store.endSliding(cell) else { return }
                self.enqueue(cell, notifying: self.tableDelegate, path)
            case .header(let s): self.enqueueHeaderFooter(view, header: true, section: s)
            case .footer(let s): self.enqueueHeaderFooter(view, header: false, section: s)
            }
        }
        if case .row(let path) = new { leaving.slidingRow = path }
        return leaving
    }

    /// Cells still sliding off screen from an earlier update go back on the books as
    /// the cells of their rows, stopped where they are drawn.
    /// Returns their rows.
    func reclaimSlidingCells() -> [IndexPath] {
        guard updates.leaving.contains(where: { $0.slidingRow != nil }) else { return [] }
        var kept: [LeavingView] = [], reclaimed: [LeavingView] = []
        for leaving in updates.leaving {
            guard let path = leaving.slidingRow, let cell = leaving.view as? UITableViewCell,
                  store.reclaim(cell, for: path) else {
                kept.append(leaving)
                continue
            }
            reclaimed.append(leaving)
        }
        updates.leaving = kept
        for leaving in reclaimed { _ = freezeAtPresentation(leaving.view) }
        return reclaimed.compactMap(\.slidingRow)
    }

    /// A cell sliding off for `path`, taken back for the tiling that shows the row again.
    func reclaimSlidingCell(for path: IndexPath) -> UITableViewCell? {
        guard let i = updates.leaving.firstIndex(where: { $0.slidingRow == path }),
              let cell = updates.leaving[i].view as? UITableViewCell else { return nil }
        updates.leaving.remove(at: i)
        _ = freezeAtPresentation(cell)
        return cell
    }

    static func transitionStyle(_ animation: RowAnimation) -> RowTransitionStyle {
        switch animation {
        case .fade: .fade
        case .right: .right
        case .left: .left
        case .top: .top
        case .bottom: .bottom
        case .none: .none
        case .middle: .middle
        case .automatic: .automatic
        }
    }

    /// Ends every update animation at once (a reload, or an invalid update): views
    /// animating out leave, the rest stand at their places, completions get `false`.
    func cancelUpdateAnimations() {
        guard !updates.leaving.isEmpty || !updates.completions.isEmpty else { return }
        updates.generation += 1
        for view in Array(store.visible.values) + Array(store.shownSupplements) {
            view.layer.removeAllAnimations()
        }
        for leaving in updates.leaving { leaving.view.layer.removeAllAnimations() }
        finishLeavingViews()
        finishCompletions(updates.completions, finished: false)
        updates.completions = []
    }

    private func finishLeavingViews() {
        let leaving = updates.leaving
        updates.leaving = []
        for view in leaving { finish(view) }
    }

    private func finish(_ view: LeavingView) {
        UIView.performWithoutAnimation { view.view.alpha = 1 }
        view.finish()
    }

    /// Animates a leaving view to its last frame and alpha by the time it is due to be
    /// gone, then lets it go (unless a reload let it go first).
    private func animateOut(at index: Int) {
        updates.serial += 1
        updates.leaving[index].serial = updates.serial
        let view = updates.leaving[index], serial = updates.serial
        let remaining = max(view.ends - layer.mediaClock.now, 1.0 / 60)
        UIView.animate(withDuration: remaining, delay: 0, options: [], animations: {
            view.view.frame = view.frame
            view.view.alpha = view.alpha
        }, completion: { [weak self] _ in
            // A cut-off animation (the view was moved on) is not the end of it.
            guard let self, let i = self.updates.leaving.firstIndex(where: { $0.serial == serial }) else { return }
            let leaving = self.updates.leaving.remove(at: i)
            self.finish(leaving)
        })
    }

    /// Stops `view`'s animations, leaving it where it is on screen now.
    private func freezeAtPresentation(_ view: UIView) -> (frame: CGRect, alpha: CGFloat) {
        let presented = view.layer.presentation()
        let frame = presented?.frame ?? view.frame
        let alpha = presented.map { CGFloat($0.opacity) } ?? view.alpha
        view.layer.removeAllAnimations()
        UIView.performWithoutAnimation {
            view.frame = frame
            view.alpha = alpha
        }
        return (frame, alpha)
    }

    /// Moves the content offset so that `anchor` is where it was on screen (clamped to
    /// the content unless the user holds or flings it).
    private func keep(_ anchor: (path: IndexPath, screenY: Double)?, clamp: Bool) {
        var target = contentOffset
        if let anchor {
            target.y = CGFloat(geometry.rowSpan(row: anchor.path.row, section: anchor.path.section).y - anchor.screenY)
        }
        if clamp { target = clampedContentOffset(target) }
        if target.y != contentOffset.y { shiftContentOffset(by: target.y - contentOffset.y) }
    }

    /// Asks again the heights of the rows on screen after the update (WWDC 2010, "Mastering Table Views":
    /// "we rebuild the geometry by recalling the delegate methods"), keeping the anchor.
    private func remeasureRowsOnScreen(keeping anchor: (path: IndexPath, screenY: Double)?) {
        let previous = phase.enter(.updating)
        defer { phase.leave(restoring: previous) }
        var measured = Set<IndexPath>()
        for _ in 0 ..< 8 {
            let rows = geometry.items(from: Double(contentOffset.y), to: Double(contentOffset.y + bounds.height)).rows
            var changed = false
            for (s, r) in rows {
                let path = IndexPath(row: r, section: s)
                guard sectionEstimates[s] > 0, tableDelegate != nil || rowHeight == UITableView.automaticDimension,
                      measured.insert(path).inserted,
                      let cell = store.visible[path] ?? store.prepared[path] ?? obtainCell(path) else { continue }
                let before = geometry.rowSpan(row: r, section: s).height
                let height = measuredHeight(of: path, cell: cell)
                if height != before || !geometry.sections[s].rows.isMeasured(r) {
                    geometry.setRowHeight(height, row: r, section: s)
                    changed = true
                }
            }
            guard changed else { break }
            updateContentSize()
            keep(anchor, clamp: !isTracking && motion == nil)
        }
    }

    private func sendToBack(_ view: UIView) {
        if let backgroundView, backgroundView.superview === self {
            insertSubview(view, aboveSubview: backgroundView)
        } else {
            insertSubview(view, at: 0)
        }
    }

    /// A dark veil over a `.middle` row in plain style, lifting as the row comes in (or
    /// falling as it goes): the "shadows" of WWDC 2010, "Mastering Table Views", as if the row lay beneath the others.
    private func shade(_ cell: UITableViewCell, appearing: Bool) -> LeavingView {
        let veil = UIView(frame: cell.bounds)
        veil.backgroundColor = .black
        veil.alpha = appearing ? Self.middleShadeAlpha : 0
        cell.addSubview(veil)
        var leaving = LeavingView(view: veil, frame: veil.frame, alpha: appearing ? 0 : Self.middleShadeAlpha,
                                  shiftsWithContent: false) { veil.removeFromSuperview() }
        leaving.isVeil = true
        return leaving
    }

    static let middleShadeAlpha: CGFloat = 0.3

    // MARK: Row animations

    /// `.automatic` made concrete for a single row, as ``UpdateTransition`` does for a
    /// block: in grouped styles a row at the top of its section comes from below
    /// (`.bottom`), one at the bottom from above (`.top`), one between opens the gap around
    /// itself (`.middle`), so the rounded group never breaks; a section's only row, and
    /// every row in plain style, fades (WWDC 2011, "What's New in Table Views").
    func resolved(_ animation: RowAnimation, row: Int, rowsInSection count: Int) -> RowAnimation {
        guard animation == .automatic else { return animation }
        switch UpdateTransition.resolved(.automatic, first: row, last: row, count: count, grouped: style != .plain) {
        case .bottom: return .bottom
        case .top: return .top
        case .middle: return .middle
        default: return .fade
        }
    }

    private static func insertAnimation(for new: IndexPath, _ plan: UpdatePlan, _ batch: PendingBatch) -> RowAnimation {
        if let a = batch.insertAnimations[new] { return a }
        if case .reloaded(let old) = plan.origin(ofRow: new), let a = batch.reloadAnimations[old] { return a }
        if let a = batch.sectionInsertAnimations[new.section] { return a }
        if let old = plan.oldSectionForNew[new.section], let a = batch.sectionReloadAnimations[old] { return a }
        return .automatic
    }

    private static func deleteAnimation(for old: IndexPath, _ plan: UpdatePlan, _ batch: PendingBatch) -> RowAnimation {
        batch.deleteAnimations[old] ?? batch.reloadAnimations[old] ?? batch.sectionDeleteAnimations[old.section]
            ?? batch.sectionReloadAnimations[old.section] ?? .automatic
    }
}
