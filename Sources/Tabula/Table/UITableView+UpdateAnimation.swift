import Foundation
import TabulaCore

/// Animating a batch update from before to after (DESIGN.md: "animation from
/// before/after").
///
/// 1. Every visible cell, header and footer — and every view still animating out of an
///    earlier update — stops where it is *on screen* (its presentation), so a new update
///    in the middle of another starts from what the user sees: no jump. The earlier
///    update's completion runs with `finished == false`.
/// 2. The plan is applied: views re-keyed to their new index paths, geometry rebuilt,
///    and the content offset moved so that the first visible row that survives stays
///    where it is on screen (unless the table is scrolled to the top, which stays at the
///    top so that rows inserted there are seen). Rows on screen are measured again.
/// 3. The new layout is made without animation; then each view is put back where it
///    started and animated to where it now is. Persisting rows slide; inserted rows come
///    in, and deleted rows go out, as their ``UITableView/RowAnimation`` says.
extension UITableView {
    func animateUpdate(_ plan: UpdatePlan, _ batch: PendingBatch) {
        let animated = UIView.areAnimationsEnabled && window != nil
        let oldGeometry = geometry
        let oldOffset = contentOffset

        // 1. Stop everything where it is on screen.
        var start: [ObjectIdentifier: (frame: CGRect, alpha: CGFloat)] = [:]
        let onScreen: [UIView] = Array(visibleCellsByIndexPath.values) + Array(visibleHeaders.values)
            + Array(visibleFooters.values)
        for view in onScreen { start[ObjectIdentifier(view)] = freezeAtPresentation(view) }
        finishCompletions(updates.completions, finished: false)
        updates.completions = []
        updates.generation += 1

        // The anchor: the first row on screen that survives, and where it is on screen.
        let top = Double(oldOffset.y)
        let pinnedToTop = oldOffset.y <= minimumContentOffset.y
        let anchor: (path: IndexPath, screenY: Double)? = pinnedToTop ? nil : visibleCellsByIndexPath.keys.sorted()
            .lazy.compactMap { old -> (IndexPath, Double)? in
                let span = oldGeometry.rowSpan(row: old.row, section: old.section)
                // A moved row is no anchor: the screen would follow it wherever it goes.
                guard span.maxY > top, case .persists(let new) = plan.fate(ofRow: old) else { return nil }
                return (new, span.y - top)
            }.first

        // 2. Re-key the views on screen to the new index paths.
        var leavingCells: [(old: IndexPath, cell: UITableViewCell)] = []
        var persisting: [IndexPath: UITableViewCell] = [:]
        for (old, cell) in visibleCellsByIndexPath {
            switch plan.fate(ofRow: old) {
            case .persists(let new), .moved(let new):
                persisting[new] = cell
                cellOwners[ObjectIdentifier(cell)] = new
            case .reloaded, .deleted:
                cellOwners[ObjectIdentifier(cell)] = nil
                leavingCells.append((old, cell))
            }
        }
        visibleCellsByIndexPath = persisting
        updates.departing = Set(leavingCells.map { ObjectIdentifier($0.cell) })
        defer { updates.departing = [] }
        var leavingSupplements: [(view: UIView, header: Bool, section: Int)] = []
        func rekey(_ views: [Int: UIView], header: Bool) -> [Int: UIView] {
            var result: [Int: UIView] = [:]
            for (s, view) in views {
                if case .persists(let new) = plan.fate(ofSection: s) { result[new] = view }
                else if case .moved(let new) = plan.fate(ofSection: s) { result[new] = view }
                else { leavingSupplements.append((view, header, s)) }
            }
            return result
        }
        visibleHeaders = rekey(visibleHeaders, header: true)
        visibleFooters = rekey(visibleFooters, header: false)

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

        // Rows that survive but end off screen slide there before they leave.
        let viewTop = contentOffset.y, viewBottom = contentOffset.y + bounds.height
        let rowsOnScreen = Set(geometry.items(from: Double(viewTop), to: Double(viewBottom)).rows
            .map { IndexPath(row: $0.row, section: $0.section) })
        var slidingOff: [(path: IndexPath, cell: UITableViewCell)] = []
        for (path, cell) in visibleCellsByIndexPath where !rowsOnScreen.contains(path) {
            visibleCellsByIndexPath[path] = nil
            slidingOff.append((path, cell))
        }

        // 3. The new layout, made at once; then each view goes back to its start.
        UIView.performWithoutAnimation {
            layoutTableParts()
            tile()
            layoutSectionIndex()
        }
        /// A frame moved onto the edge of the viewport, if it lies beyond it.
        func nearViewport(_ frame: CGRect) -> CGRect {
            var f = frame
            f.origin.y = min(max(f.minY, viewTop - f.height), viewBottom)
            return f
        }
        var targets: [(view: UIView, frame: CGRect, alpha: CGFloat)] = []
        // Views still leaving from earlier updates keep their own schedule; if the
        // content moved under them, they go on from the moved place.
        if delta != 0 {
            for i in updates.leaving.indices where updates.leaving[i].shiftsWithContent {
                let old = updates.leaving[i]
                var from = freezeAtPresentation(old.view).frame
                from.origin.y += delta
                UIView.performWithoutAnimation { old.view.frame = from }
                updates.leaving[i].frame.origin.y += delta
                if animated { animateOut(at: i) }
            }
        }
        var leaving: [LeavingView] = []
        UIView.performWithoutAnimation {
            for (path, cell) in visibleCellsByIndexPath {
                targets.append((cell, cell.frame, 1))
                if let from = start[ObjectIdentifier(cell)] {
                    cell.frame = from.frame.offsetBy(dx: 0, dy: delta)
                    cell.alpha = from.alpha
                    continue
                }
                switch plan.origin(ofRow: path) {
                case .persisted(let old), .moved(let old):
                    // Coming on screen from where it was, but from no further than the edge.
                    let span = oldGeometry.rowSpan(row: old.row, section: old.section)
                    cell.frame = nearViewport(CGRect(x: cell.frame.minX, y: CGFloat(span.y) + delta,
                                                     width: cell.frame.width, height: CGFloat(span.height)))
                case .inserted, .reloaded:
                    let animation = resolved(insertAnimation(for: path, plan, batch), row: path.row,
                                             rowsInSection: geometry.numberOfRows(inSection: path.section))
                    let gap = plan.origin(ofRow: path) == .inserted ? gapBefore(newRow: path, plan, oldGeometry) + delta
                        : reloadGap(path, animation)
                    let from = Self.rowAnimationState(animation, frame: cell.frame, gap: gap)
                    cell.frame = from.frame
                    cell.alpha = from.alpha
                    if animation != .none { sendToBack(cell) }
                    if animation == .middle && style == .plain { leaving.append(shade(cell, appearing: true)) }
                }
            }
            for view in Array(visibleHeaders.values) + Array(visibleFooters.values) {
                targets.append((view, view.frame, 1))
                if let from = start[ObjectIdentifier(view)] {
                    view.frame = from.frame.offsetBy(dx: 0, dy: delta)
                    view.alpha = from.alpha
                } else {
                    view.alpha = 0
                }
            }
            for (old, cell) in leavingCells where updates.departing.contains(ObjectIdentifier(cell)) {
                let animation = resolved(deleteAnimation(for: old, plan, batch), row: old.row,
                                         rowsInSection: oldGeometry.numberOfRows(inSection: old.section))
                cell.frame.origin.y += delta
                guard animation != .none && animated else {
                    enqueue(cell, notifying: tableDelegate, old)
                    continue
                }
                sendToBack(cell)
                let gap = plan.fate(ofRow: old).newIndexPath.map { reloadGap($0, animation) }
                    ?? gapAfter(oldRow: old, plan, oldGeometry)
                let to = Self.rowAnimationState(animation, frame: cell.frame, gap: gap)
                if animation == .middle && style == .plain { leaving.append(shade(cell, appearing: false)) }
                leaving.append(LeavingView(view: cell, frame: to.frame, alpha: to.alpha) { [weak self] in
                    self?.enqueue(cell, notifying: self?.tableDelegate, old)
                })
            }
            for (path, cell) in slidingOff {
                cell.frame = (start[ObjectIdentifier(cell)]?.frame ?? cell.frame).offsetBy(dx: 0, dy: delta)
                let span = geometry.rowSpan(row: path.row, section: path.section)
                let to = nearViewport(CGRect(x: cell.frame.minX, y: CGFloat(span.y), width: cell.frame.width,
                                             height: CGFloat(span.height)))
                leaving.append(LeavingView(view: cell, frame: to, alpha: cell.alpha) { [weak self] in
                    guard let self else { return }
                    if self.cellOwners[ObjectIdentifier(cell)] == path { self.cellOwners[ObjectIdentifier(cell)] = nil }
                    self.enqueue(cell, notifying: self.tableDelegate, path)
                })
            }
            for (view, header, section) in leavingSupplements {
                view.frame.origin.y += delta
                leaving.append(LeavingView(view: view, frame: view.frame, alpha: 0) { [weak self] in
                    self?.enqueueHeaderFooter(view, header: header, section: section)
                })
            }
        }
        guard animated else {
            UIView.performWithoutAnimation {
                for (view, frame, alpha) in targets {
                    view.frame = frame
                    view.alpha = alpha
                }
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
        }, completion: { [weak self] finished in
            guard let self, self.updates.generation == generation else { return }
            let completions = self.updates.completions
            self.updates.completions = []
            for completion in completions { completion(finished) }
        })
    }

    /// Takes `cell` back from the views animating out, if it is one: its leave
    /// animation (and any veil over it) ends now, and nothing will remove it when the
    /// animation would have ended. Returns whether it was leaving.
    func reclaimLeavingCell(_ cell: UITableViewCell) -> Bool {
        if updates.departing.remove(ObjectIdentifier(cell)) != nil { return true }
        guard updates.leaving.contains(where: { $0.view === cell }) else { return false }
        let veils = updates.leaving.filter { $0.view.superview === cell }
        updates.leaving.removeAll { $0.view === cell || $0.view.superview === cell }
        for veil in veils { veil.view.removeFromSuperview() }
        cell.layer.removeAllAnimations()
        UIView.performWithoutAnimation { cell.alpha = 1 }
        return true
    }

    /// Ends every update animation at once (a reload, or an invalid update): views
    /// animating out leave, the rest stand at their places, completions get `false`.
    func cancelUpdateAnimations() {
        guard !updates.leaving.isEmpty || !updates.completions.isEmpty else { return }
        updates.generation += 1
        for view in Array(visibleCellsByIndexPath.values) + Array(visibleHeaders.values) + Array(visibleFooters.values) {
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

    /// Asks again the heights of the rows on screen after the update (the 2010 seed:
    /// "we rebuild the geometry by recalling the delegate methods"), keeping the anchor.
    private func remeasureRowsOnScreen(keeping anchor: (path: IndexPath, screenY: Double)?) {
        dataSourceDepth += 1
        defer { dataSourceDepth -= 1 }
        var measured = Set<IndexPath>()
        for _ in 0 ..< 8 {
            let rows = geometry.items(from: Double(contentOffset.y), to: Double(contentOffset.y + bounds.height)).rows
            var changed = false
            for (s, r) in rows {
                let path = IndexPath(row: r, section: s)
                guard sectionEstimates[s] > 0, tableDelegate != nil || rowHeight == UITableView.automaticDimension,
                      measured.insert(path).inserted,
                      let cell = visibleCellsByIndexPath[path] ?? preparedCells[path] ?? obtainCell(path) else { continue }
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
    /// falling as it goes): the "shadows" of the 2010 seed, as if the row lay beneath the others.
    private func shade(_ cell: UITableViewCell, appearing: Bool) -> LeavingView {
        let veil = UIView(frame: cell.bounds)
        veil.backgroundColor = .black
        veil.alpha = appearing ? Self.middleShadeAlpha : 0
        cell.addSubview(veil)
        return LeavingView(view: veil, frame: veil.frame, alpha: appearing ? 0 : Self.middleShadeAlpha,
                           shiftsWithContent: false) { veil.removeFromSuperview() }
    }

    static let middleShadeAlpha: CGFloat = 0.3

    // MARK: Row animations

    /// Where a row animating in starts (or one animating out ends), given its frame at
    /// rest and `gap`, the y where the rows around it part (or close).
    static func rowAnimationState(_ animation: RowAnimation, frame: CGRect, gap: CGFloat) -> (frame: CGRect, alpha: CGFloat) {
        var f = frame
        switch animation {
        case .fade: return (f, 0)
        case .right: return (f.offsetBy(dx: f.width, dy: 0), 0)
        case .left: return (f.offsetBy(dx: -f.width, dy: 0), 0)
        // From beneath the row above the gap, or beneath the row below it.
        case .top: f.origin.y = gap - f.height; return (f, 0)
        case .bottom: f.origin.y = gap; return (f, 0)
        case .middle: f.origin.y = gap - f.height / 2; return (f, 1)
        case .none, .automatic: return (f, 1)
        }
    }

    /// `.automatic` made concrete, as the 2011 seed describes: in grouped styles a row at
    /// the top of its section comes from below the rows after it (`.bottom`), one at the
    /// bottom from above (`.top`), one between them opens the gap around itself
    /// (`.middle`), so the rounded group never breaks; a section's only row, and every
    /// row in plain style, fades.
    func resolved(_ animation: RowAnimation, row: Int, rowsInSection count: Int) -> RowAnimation {
        guard animation == .automatic else { return animation }
        guard style != .plain, count > 1 else { return .fade }
        if row == 0 { return .bottom }
        return row == count - 1 ? .top : .middle
    }

    private func insertAnimation(for new: IndexPath, _ plan: UpdatePlan, _ batch: PendingBatch) -> RowAnimation {
        if let a = batch.insertAnimations[new] { return a }
        if case .reloaded(let old) = plan.origin(ofRow: new), let a = batch.reloadAnimations[old] { return a }
        if let a = batch.sectionInsertAnimations[new.section] { return a }
        if let old = plan.oldSectionForNew[new.section], let a = batch.sectionReloadAnimations[old] { return a }
        return .automatic
    }

    private func deleteAnimation(for old: IndexPath, _ plan: UpdatePlan, _ batch: PendingBatch) -> RowAnimation {
        batch.deleteAnimations[old] ?? batch.reloadAnimations[old] ?? batch.sectionDeleteAnimations[old.section]
            ?? batch.sectionReloadAnimations[old.section] ?? .automatic
    }

    /// The gap a reloaded row's old and new cells use: they trade places at the row's
    /// new position, each sliding beneath the row above (`.top`) or below (`.bottom`).
    private func reloadGap(_ new: IndexPath, _ animation: RowAnimation) -> CGFloat {
        let span = geometry.rowSpan(row: new.row, section: new.section)
        switch animation {
        case .bottom: return CGFloat(span.maxY)
        case .middle: return CGFloat(span.y + span.height / 2)
        default: return CGFloat(span.y)
        }
    }

    /// Where, in the new layout, the rows around deleted row `old` close up: the top of the
    /// next row that stays, or the end of the section's rows, or the next surviving section.
    private func gapAfter(oldRow old: IndexPath, _ plan: UpdatePlan, _ oldGeometry: TableGeometry) -> CGFloat {
        let s = old.section
        if let new = plan.newSectionForOld[s], plan.fate(ofSection: s) != .reloaded(new) {
            let count = oldGeometry.numberOfRows(inSection: s)
            for r in old.row + 1 ..< min(count, old.row + Self.gapSearchLimit) {
                switch plan.fate(ofRow: IndexPath(row: r, section: s)) {
                case .persists(let p), .reloaded(let p): return CGFloat(geometry.rowSpan(row: p.row, section: p.section).y)
                case .moved, .deleted: continue
                }
            }
            return CGFloat(geometry.footerSpan(new).y)
        }
        for later in s + 1 ..< oldGeometry.numberOfSections {
            if let new = plan.newSectionForOld[later] { return CGFloat(geometry.sectionSpan(new).y) }
        }
        return CGFloat(geometry.tableFooterSpan.y)
    }

    /// Where, in the old layout (in old content coordinates), the rows part for inserted
    /// row `new`: the old top of the next row that was there, or the end of the section.
    private func gapBefore(newRow new: IndexPath, _ plan: UpdatePlan, _ oldGeometry: TableGeometry) -> CGFloat {
        let s = new.section
        if let old = plan.oldSectionForNew[s], plan.fate(ofSection: old) != .reloaded(s) {
            let count = geometry.numberOfRows(inSection: s)
            for r in new.row + 1 ..< min(count, new.row + Self.gapSearchLimit) {
                switch plan.origin(ofRow: IndexPath(row: r, section: s)) {
                case .persisted(let p), .reloaded(let p):
                    return CGFloat(oldGeometry.rowSpan(row: p.row, section: p.section).y)
                case .moved, .inserted: continue
                }
            }
            return CGFloat(oldGeometry.footerSpan(old).y)
        }
        for later in s + 1 ..< geometry.numberOfSections {
            if let old = plan.oldSectionForNew[later] { return CGFloat(oldGeometry.sectionSpan(old).y) }
        }
        return CGFloat(oldGeometry.tableFooterSpan.y)
    }

    /// How far the gap searches look for a surviving neighbour before giving up (beyond
    /// that, the row animates at its own place: only rows on screen animate at all).
    static let gapSearchLimit = 64
}
