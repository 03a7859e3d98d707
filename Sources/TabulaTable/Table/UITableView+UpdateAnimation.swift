import Foundation
import TabulaUIKit
import TabulaCore

/// Animating a batch update from before to after (DESIGN.md: "animation from
/// before/after").
///
/// 1. Every visible cell, header and footer — and every cell still sliding off screen
///    from an earlier update — is taken as it stands in the model: where the earlier
///    update is taking it. Its animations from that update go on, and those of this one
///    add to them (they animate offsets, as UIKit's do since iOS 8), so a new update in
///    the middle of another starts from what the user sees — no jump — and a row fading
///    in still ends its fade on time, however many updates follow. (A view someone else
///    animates, or any view in an update without animation, stops where it is on screen
///    instead.) The earlier update's completion runs with `finished == false`.
/// 2. The plan is applied: views re-keyed to their new index paths, geometry rebuilt,
///    and the content offset moved so that the first visible row that persists stays
///    where it is on screen (unless the table is scrolled to the top, which stays at the
///    top so that rows inserted there are seen). Rows on screen are measured again.
/// 3. The new layout is made without animation. ``UpdateTransition`` (TabulaCore, pure
///    and tested on every small table) says, for each item on screen before or after,
///    where it starts and where it ends; this file finds the view of each record and hands
///    them to the `UpdateAnimator`, which puts each view's model at its end and animates
///    it there from its start (as offsets added to what is running), and lets views that
///    leave go when their animation ends.
extension UITableView {
    func animateUpdate(_ plan: UpdatePlan, _ batch: PendingBatch) {
        var pass = captureBefore(plan)
        commit(&pass)
        layOutAfter(&pass)
        let transition = UpdateTransition(.init(
            plan: plan, old: pass.oldGeometry, new: geometry, before: pass.before, after: pass.after,
            delta: Double(pass.delta), width: Double(rowWidth), grouped: style != .plain,
            insertStyle: { [batch] p in Self.transitionStyle(Self.insertAnimation(for: p, plan, batch)) },
            deleteStyle: { [batch] p in Self.transitionStyle(Self.deleteAnimation(for: p, plan, batch)) }))
        updateAnimator.play(animatedUpdate(transition, pass, completions: batch.completions))
    }

    /// 1. Everything on screen is taken as it stands (``takeAsItStands(_:animated:)``);
    ///    cells sliding off from an earlier update count as on screen again (their rows
    ///    persist). The anchor is found.
    private func captureBefore(_ plan: UpdatePlan) -> UpdatePass {
        var pass = UpdatePass(plan: plan,
                              animated: UIView.areAnimationsEnabled && !CATransaction.disableActions() && window != nil,
                              oldGeometry: geometry, oldOffset: contentOffset)
        pass.reclaimed = reclaimSlidingCells(animated: pass.animated)
        pass.before.reserveCapacity(store.visible.count + store.supplements.count)
        for (path, cell) in store.visible {
            pass.before[.row(path)] = state(of: takeAsItStands(cell, animated: pass.animated), restingX: rowInsets.left)
        }
        for (item, view) in store.supplements {
            pass.before[item] = state(of: takeAsItStands(view, animated: pass.animated), restingX: 0)
        }
        updateAnimator.interrupt()
        // The anchor: the first row on screen that persists, and where it is on screen.
        let top = Double(pass.oldOffset.y), oldGeometry = pass.oldGeometry
        let pinnedToTop = pass.oldOffset.y <= minimumContentOffset.y
        guard !pinnedToTop else { return pass }
        // In index order, compared as pairs of integers (comparing index paths costs
        // several times as much).
        var onScreen: [(Int, Int)] = []
        onScreen.reserveCapacity(store.visible.count)
        for old in store.visible.keys { onScreen.append((old.section, old.row)) }
        onScreen.sort(by: <)
        for (section, row) in onScreen {
            let span = oldGeometry.rowSpan(row: row, section: section)
            // A moved row is no anchor: the screen would follow it wherever it goes.
            guard span.maxY > top, case .persists(let new) = plan.fate(ofRow: IndexPath(row: row, section: section)) else {
                continue
            }
            pass.anchor = (new, span.y - top)
            break
        }
        return pass
    }

    /// 2. The plan committed: the views on screen re-keyed to their new index paths, the
    ///    geometry rebuilt, the offset moved to keep the anchor, the rows on screen measured.
    private func commit(_ pass: inout UpdatePass) {
        let plan = pass.plan
        pass.departing = store.remapVisible { old in
            switch plan.fate(ofRow: old) {
            case .persists(let new), .moved(let new): new
            case .reloaded, .deleted: nil
            }
        }
        pass.departingSupplements = store.remapSupplements { s in
            switch plan.fate(ofSection: s) {
            case .persists(let new), .moved(let new): new
            case .reloaded, .deleted: nil
            }
        }
        updateSwipe(for: plan)
        rebuildGeometry(for: plan)
        updateContentSize()
        // The heights of the rows on screen are asked again (WWDC 2010, "Mastering Table
        // Views": "we rebuild the geometry by recalling the delegate methods"), the anchor
        // kept where it was on screen, the offset inside the content unless held or flung.
        let anchor: ViewportSolver.Anchor = pass.anchor.map { .row($0.path, screenY: $0.screenY) } ?? .none
        let resting = !isTracking && motion == nil
        apply(inPhase(.updating) {
            viewportSolver(anchor: anchor, clamp: resting ? .both : .none, measuring: .all)
                .solve(geometry, measures: sectionIsMeasured) { heightForMeasuring($0) }
        })
        // An animated scroll goes on to its row where the update put it, or inside the content.
        retargetScroll(mappingRow: { old in
            guard old.section < plan.oldRowCounts.count, old.row < plan.oldRowCounts[old.section] else { return nil }
            return plan.fate(ofRow: old).newIndexPath
        })
        pass.delta = contentOffset.y - pass.oldOffset.y
    }

    /// 3. The new layout, made at once. Rows that persist but end off screen leave the
    ///    table's books first (the tiling must not see them) to slide off; headers and
    ///    footers it no longer shows are held back (by new name) to slide off.
    private func layOutAfter(_ pass: inout UpdatePass) {
        let viewTop = Double(contentOffset.y), viewBottom = Double(contentOffset.y + bounds.height)
        let rows = geometry.items(from: viewTop, to: viewBottom).rows
        var rowsOnScreen = Set<RowKey>(minimumCapacity: rows.count)
        for (section, row) in rows {
            if let key = RowKey(row: row, section: section) { rowsOnScreen.insert(key) }
        }
        for key in Array(store.visible.rowKeys) where !rowsOnScreen.contains(key) {
            pass.slidingOff[key] = store.beginSliding(key.indexPath)
        }
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
        for old in pass.reclaimed {
            if let new = pass.plan.fate(ofRow: old).newIndexPath, store.visible[new] != nil { reconfigure(new) }
        }
        pass.slidingOffSupplements = store.supplementsLeaving(since: leavingBefore)
        pass.after.reserveCapacity(store.visible.count + store.supplements.count)
        for (path, cell) in store.visible { pass.after[.row(path)] = state(of: (cell.frame, 1), restingX: rowInsets.left) }
        for (item, view) in store.supplements { pass.after[item] = state(of: (view.frame, 1), restingX: 0) }
    }

    /// 4. Each record with the view that plays it, for the animator.
    private func animatedUpdate(_ transition: UpdateTransition, _ pass: UpdatePass,
                                completions: [(Bool) -> Void]) -> AnimatedUpdate {
        var ranks = [Int?](repeating: nil, count: transition.records.count)
        for (rank, i) in transition.frontOrder.enumerated() { ranks[i] = rank }
        var parts: [AnimatedUpdate.Part] = []
        var played = Set<ObjectKey>()
        for (i, record) in transition.records.enumerated() {
            guard var part = part(for: record, pass) else { continue }
            part.frontRank = ranks[i]
            parts.append(part)
            played.insert(ObjectKey(part.view))
        }
        return AnimatedUpdate(parts: parts, animated: pass.animated, roundedGroups: style == .insetGrouped,
                              completions: completions) { [weak self] in
            self?.releaseUnnamed(pass, played: played)
        }
    }

    /// The part `record` plays with its view, or nil when it has none (a cell the data
    /// source handed out again during the layout).
    private func part(for record: UpdateTransition.Record, _ pass: UpdatePass) -> AnimatedUpdate.Part? {
        func part(_ view: UIView, leave: (@MainActor () -> Void)? = nil) -> AnimatedUpdate.Part {
            AnimatedUpdate.Part(record: record, view: view, restingX: view is UITableViewCell ? rowInsets.left : 0,
                                leave: leave)
        }
        switch record.change {
        case .persists, .slidesOn, .appears:
            guard let new = record.new, let view = shownView(new) else { return nil }
            return part(view)
        case .slidesOff:
            guard record.old != nil, let new = record.new else { return nil }
            let view: UIView?
            if case .row(let path) = new {
                // Unless the data source handed it out for another row during the layout.
                view = pass.slidingOff[path].flatMap { store.sliding.contains(ObjectKey($0)) ? $0 : nil }
            } else {
                view = pass.slidingOffSupplements[new]
            }
            guard let view else { return nil }
            var slide = part(view, leave: slideOffEnd(of: view, as: new))
            if case .row(let path) = new { slide.slidingRow = path }
            return slide
        case .disappears:
            guard let old = record.old else { return nil }
            let view: UIView? = if case .row(let p) = old { pass.departing[p] } else { pass.departingSupplements[old] }
            // Not if handed out again during the layout (reclaimed).
            guard let view, store.isLeaving(view) else { return nil }
            return part(view, leave: leaveEnd(of: view, as: old))
        }
    }

    /// Whatever the records did not give the animator (cells a reload handed back, slides
    /// that ended early) simply leaves.
    private func releaseUnnamed(_ pass: UpdatePass, played: Set<ObjectKey>) {
        for (old, cell) in pass.departing where store.isLeaving(cell) && !played.contains(ObjectKey(cell)) {
            enqueue(cell, notifying: tableDelegate, old)
        }
        for (path, cell) in pass.slidingOff where !played.contains(ObjectKey(cell)) {
            if store.endSliding(cell) { enqueue(cell, notifying: tableDelegate, path) }
        }
        for (item, view) in Array(pass.departingSupplements) + Array(pass.slidingOffSupplements)
            where store.isLeaving(view) && !played.contains(ObjectKey(view)) {
            if case .header(let s) = item { enqueueHeaderFooter(view, header: true, section: s) }
            if case .footer(let s) = item { enqueueHeaderFooter(view, header: false, section: s) }
        }
    }

    // MARK: Handing over records

    /// Headers and footers above every row, then the indicators and the index; the views
    /// the app keeps in front of them stay there (``viewsTheAppKeepsInFront()``).
    func bringSupplementsToFront() {
        bringSubviewsToFront(Array(store.shownSupplements) + chrome + viewsTheAppKeepsInFront())
    }

    /// Whether `view` is one the table places itself, though no row, header, footer or
    /// chrome: the table's header and footer views, its background, the refresh control,
    /// a lifted row's shadow, also while it fades after the drop. (The header view is added over everything; taken for a view
    /// the app keeps in front, it covered the scroll indicator.)
    private func isTablesOwn(_ view: UIView) -> Bool {
        view === tableHeaderView || view === tableFooterView || view === backgroundView || view === refreshControl
            || view is ReorderShadowView
    }

    /// The subviews the app keeps in front of the table's own (a button floating over the
    /// rows, as in WWDC 2011's "What's New in Table Views"), lowest first: those above the
    /// lowest of the headers, footers, indicators and index on screen that are none of
    /// the table's own views. Every reordering of the table leaves them in front, as in
    /// UIKit, whose rows go in beneath such a view. (Raised over them, an app's view that
    /// its `viewDidLayoutSubviews` brings back to the front traded places with the
    /// indicators in every layout pass: eight passes a frame while the indicator showed.)
    ///
    /// `band`: those headers, footers, indicators and index, when the caller has them.
    func viewsTheAppKeepsInFront(over band: [UIView]? = nil) -> [UIView] {
        var band = band ?? []
        if band.isEmpty {
            for view in Array(store.shownSupplements) + chrome where view.superview === self { band.append(view) }
        }
        guard !band.isEmpty else { return [] }
        // From the top down to the lowest of the band: usually the band itself and the
        // app's views, the rows lying beneath.
        var found = 0, kept: [UIView] = []
        for view in subviews.reversed() {
            if band.contains(where: { $0 === view }) {
                found += 1
                if found == band.count { break }
            } else if !(view is UITableViewCell), !store.isLeaving(view), !isTablesOwn(view) {
                kept.append(view)
            }
        }
        return kept.reversed()
    }

    /// What draws above every row, header and footer, lowest first: the scroll
    /// indicators, those showing above those hidden, then the section index. Every layout
    /// pass leaves them so (`tileNow`, `layoutSectionIndex()`): one order for all, or each
    /// would move the subviews again, and each move lays the table out again.
    var chrome: [UIView] {
        // Without closures: handed to the standard library, a main-actor closure checks its
        // executor at every call, and this runs in every tiling.
        var chrome: [UIView] = []
        chrome.reserveCapacity(3)
        let vertical: UIView = verticalIndicator, horizontal: UIView = horizontalIndicator
        let verticalShows = vertical.alpha > 0, horizontalShows = horizontal.alpha > 0
        if !verticalShows { chrome.append(vertical) }
        if !horizontalShows { chrome.append(horizontal) }
        if verticalShows { chrome.append(vertical) }
        if horizontalShows { chrome.append(horizontal) }
        if let indexView { chrome.append(indexView) }
        return chrome
    }

    private func state(of presented: (frame: CGRect, alpha: CGFloat), restingX: CGFloat) -> ItemState {
        ItemState(y: Double(presented.frame.minY), height: Double(presented.frame.height),
                  x: Double(presented.frame.minX - restingX), alpha: Double(presented.alpha))
    }

    /// The view the new layout shows for `item`.
    private func shownView(_ item: TableItem) -> UIView? {
        switch item {
        case .row(let p): store.visible[p]
        case .header, .footer: store.supplements[item]
        }
    }

    /// What lets a cell (or header) sliding off screen go once it is there, unless the
    /// table took it back first (its row came back on screen: `reclaimSlidingCells(animated:)`, tiling).
    private func slideOffEnd(of view: UIView, as new: TableItem) -> @MainActor () -> Void {
        { [weak self] in
            guard let self else { return }
            switch new {
            case .row(let path):
                guard let cell = view as? UITableViewCell, self.store.endSliding(cell) else { return }
                self.enqueue(cell, notifying: self.tableDelegate, path)
            case .header(let s): self.enqueueHeaderFooter(view, header: true, section: s)
            case .footer(let s): self.enqueueHeaderFooter(view, header: false, section: s)
            }
        }
    }

    /// What lets a deleted or reloaded item's view go once it has animated out.
    ///
    /// Taking the view off the table does not ask for the table's layout: no row, header
    /// or footer on the books moves (without this, a frame in which an update's leaving
    /// row finished laid the table out twice).
    private func leaveEnd(of view: UIView, as old: TableItem) -> @MainActor () -> Void {
        let enqueue: @MainActor (UITableView) -> Void
        switch old {
        case .row(let p):
            let cell = view as! UITableViewCell
            enqueue = { table in table.enqueue(cell, notifying: table.tableDelegate, p) }
        case .header(let s):
            enqueue = { table in table.enqueueHeaderFooter(view, header: true, section: s) }
        case .footer(let s):
            enqueue = { table in table.enqueueHeaderFooter(view, header: false, section: s) }
        }
        return { [weak self] in
            guard let self else { return }
            layer.changingSublayersWithoutRelayout { enqueue(self) }
        }
    }

    /// Cells still sliding off screen from an earlier update go back on the books as
    /// the cells of their rows, taken as they stand (``takeAsItStands(_:animated:)``).
    /// Returns their rows.
    func reclaimSlidingCells(animated: Bool) -> [IndexPath] {
        let reclaimed = updateAnimator.takeSlidingCells { path, cell in store.reclaim(cell, for: path) }
        for leaving in reclaimed { _ = takeAsItStands(leaving.view, animated: animated) }
        return reclaimed.compactMap(\.slidingRow)
    }

    /// A cell sliding off for `path`, taken back for the tiling that shows the row again.
    /// Its model is its row's place: the slide's animations, still running, carry it
    /// there from where it is drawn.
    func reclaimSlidingCell(for path: IndexPath) -> UITableViewCell? {
        guard let cell = updateAnimator.takeSlidingCell(for: path) else { return nil }
        _ = takeAsItStands(cell, animated: true)
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
        guard updateAnimator.isBusy else { return }
        updateAnimator.cancel(stopping: Array(store.visible.values) + Array(store.shownSupplements))
    }

    /// Where `view` stands for an update about to begin, as a frame and an alpha.
    ///
    /// A view that only this table's update animations move (each animates an offset
    /// from its model, or its alpha from where it was shown) goes on as it is: its model
    /// is where those animations end, and an update that starts from there continues the
    /// motion on screen without a jump (``UpdateAnimator`` adds its own offsets on top).
    /// Anything else — an animation added by someone else, or an update without
    /// animation — stops where it is on screen (``freezeAtPresentation(_:)``).
    /// A view without animations is only read.
    private func takeAsItStands(_ view: UIView, animated: Bool) -> (frame: CGRect, alpha: CGFloat) {
        if animated, view.layer.animationKeysAllStart(with: UpdateAnimator.keyPrefix) { return (view.frame, view.alpha) }
        return freezeAtPresentation(view)
    }

    /// Stops `view`'s animations, leaving it where it is on screen now.
    ///
    /// A view without animations is on screen where its model is: it is only read.
    private func freezeAtPresentation(_ view: UIView) -> (frame: CGRect, alpha: CGFloat) {
        guard view.layer.hasAnimations else { return (view.frame, view.alpha) }
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

    /// How dark the veil over a `.middle` row in plain style is at its darkest (see `UpdateAnimator`).
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

/// What an update knows as it goes from before to after (`animateUpdate(_:_:)`).
private struct UpdatePass {
    let plan: UpdatePlan
    let animated: Bool
    let oldGeometry: TableGeometry
    let oldOffset: CGPoint
    /// Rows (old names) whose cells were taken back from sliding off an earlier update.
    var reclaimed: [IndexPath] = []
    /// What was drawn before, by old name, in the old content coordinates.
    var before: [TableItem: ItemState] = [:]
    /// The first row on screen that persists (new name) and where it was on screen.
    var anchor: (path: IndexPath, screenY: Double)?
    /// Views of rows and sections deleted or reloaded, by old name.
    var departing: RowMap<UITableViewCell> = [:]
    var departingSupplements: [TableItem: UIView] = [:]
    /// Views of items that persist but end off screen, by new name.
    var slidingOff: RowMap<UITableViewCell> = [:]
    var slidingOffSupplements: [TableItem: UIView] = [:]
    /// What the new layout shows, by new name.
    var after: [TableItem: ItemState] = [:]
    /// The change of content offset (new − old).
    var delta: CGFloat = 0
}
