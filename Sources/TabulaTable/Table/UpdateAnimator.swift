import Foundation
import TabulaUIKit
import TabulaCore

/// One batch update as the table hands it to its `UpdateAnimator`: every record of the
/// ``UpdateTransition`` that has a view to play it, in the transition's order, and what
/// to do when it is over.
struct AnimatedUpdate {
    /// One record and the view that plays it.
    struct Part {
        /// Where the view starts and ends, and how it draws among the others.
        var record: UpdateTransition.Record
        /// The cell, header or footer view.
        let view: UIView
        /// Where the view rests sideways (a grouped cell's inset): the records' `x` is
        /// measured from here.
        let restingX: CGFloat
        /// For a view that leaves the table (`.slidesOff`, `.disappears`): what lets it go
        /// once it is gone.
        var leave: (@MainActor () -> Void)?
        /// For a cell sliding off screen, the row it still shows (the table takes it back
        /// if the row comes on screen again before it is gone).
        var slidingRow: IndexPath?
        /// Its place among the parts drawn in front (0 draws lowest), from
        /// `UpdateTransition/frontOrder`.
        var frontRank: Int?
    }

    /// The parts, in the order of the transition's records.
    var parts: [Part]
    /// Whether the update animates (animations enabled, the table in a window); if not,
    /// every part goes to its end at once.
    var animated: Bool
    /// Whether the table's sections are rounded groups (`.insetGrouped`): rows sliding
    /// sideways slide their content inside the cell, and `.middle` rows get no veil.
    var roundedGroups: Bool
    /// The update block's completions, told whether the animation ran to its end.
    var completions: [(Bool) -> Void]
    /// Run once every part stands at its start, before anything moves: lets go of views
    /// leaving the table that no record names (cells a reload handed back, say).
    var releaseUnnamed: @MainActor () -> Void = {}
}

/// Plays a table's batch updates from their records (RecyclerView's `ItemAnimator`, for a
/// table): each view animates from where its record starts to where it ends; views that
/// leave are let go when their animation ends; rows sliding sideways in grouped styles
/// slide their content; `.middle` rows in plain style get a veil; the update's completions
/// run when it ends, unless a later update or a reload took over (the generation counter).
///
/// A view's model goes to its end at once, and what animates is the offset from where it
/// started, down to zero (an additive animation of its position, as UIKit's block
/// animations of position are since iOS 8). An update over another therefore adds to the
/// motion already running instead of stopping it: updates that come every frame (a live
/// feed, a chat) move every row at the speed its own updates ask for, and a row fading in
/// is opaque 0.3 s after it came, however many updates followed (unless one of them
/// changes its alpha again). An alpha animates from
/// where it is shown to where it goes, replacing the earlier update's alpha animation
/// only when the new update changes the alpha. Every animation it adds has a key that
/// starts with ``keyPrefix``.
///
/// The table owns one (`updateAnimator`) and only hands it records and views;
/// tests swap in a subclass that records what it is handed. Invariants: a view is in
/// `leaving` at most once; every view in `leaving` is let go exactly once (when its
/// animation ends, when the table takes it back, or at `cancel(stopping:)`).
@MainActor
class UpdateAnimator {
    /// The table whose views it moves.
    private(set) weak var table: UITableView?
    /// Counts updates begun and cancelled; an animation's completion that is no longer
    /// the latest is stale.
    private(set) var generation = 0
    /// Completions of the update animating now.
    private var completions: [(Bool) -> Void] = []
    /// Views animating out (deleted, reloaded, or slid off screen) and veils, each let go
    /// when its own animation ends. (Which views are leaving is the item store's:
    /// `TableItemStore.leaving`.)
    private(set) var leaving: [LeavingView] = []
    /// Numbers the leaving views' animations.
    private var serial = 0
    /// Views fading in or out that this animator asked the compositor to keep as a bitmap
    /// while they fade (see ``keepBitmapWhileFading(_:)``).
    @exclusivity(unchecked) private var keptWhileFading: [UIView] = []

    /// The prefix of the key of every animation this animator adds to a view's layer:
    /// a layer whose animations all have it moves only as the table's updates move it.
    static let keyPrefix = "tabula.update."

    /// An animator for `table`.
    init(table: UITableView) {
        self.table = table
    }

    /// Whether an update is animating (views leaving, or completions waiting).
    var isBusy: Bool { !leaving.isEmpty || !completions.isEmpty }

    /// A new update begins over the one animating: that one's completions get `false`,
    /// and its animation's end no longer counts.
    func interrupt() {
        table?.finishCompletions(completions, finished: false)
        completions = []
        generation += 1
    }

    /// Plays `update`: every part staged (its model at its end, or a leaving view at its
    /// start), then animated from its start to its end, or put there at once.
    func play(_ update: AnimatedUpdate) {
        guard let table else { return }
        var staged = Staged()
        UIView.performWithoutAnimation {
            for part in update.parts { stage(part, update, into: &staged) }
            arrangeDepths(staged, in: table)
        }
        update.releaseUnnamed()
        guard update.animated else {
            UIView.performWithoutAnimation {
                for target in staged.targets {
                    target.view.frame = target.end
                    target.view.alpha = target.alpha
                }
                for (content, _) in staged.contentSlides { content.transform = .identity }
            }
            for view in staged.leaving { finish(view) }
            table.finishCompletions(update.completions, finished: true)
            return
        }
        run(staged, completions: update.completions, in: table)
    }

    // MARK: Staging

    /// What staging the parts found to do.
    private struct Staged {
        /// Views that stay in the table and go from `start` to `end`; their alpha from
        /// `shownAlpha` (where it is drawn now) to `alpha`.
        var targets: [Target] = []
        /// Items that persist where they stand, without an animation of their own: only
        /// laid out inside the animation block, as the targets are.
        var resting: [UIView] = []
        var leaving: [LeavingView] = []
        var inFront: [(view: UIView, rank: Int)] = []
        /// Rows arriving at their own place (a fade, say): over the rows that persist.
        var overPersisting: [UIView] = []
        /// In rounded groups a row sliding sideways slides its content inside the cell,
        /// which clips it: the rounded group keeps its edges (the cell itself only fades).
        var contentSlides: [(view: UIView, to: CGFloat)] = []
    }

    /// A view that stays in the table, where it starts and where it ends.
    private struct Target {
        let view: UIView
        let start: CGRect
        let end: CGRect
        let shownAlpha: CGFloat
        let alpha: CGFloat
    }

    /// Puts `part`'s view at its start size (its model at its end place, to which its
    /// offset animates) and notes where it goes.
    private func stage(_ part: AnimatedUpdate.Part, _ update: AnimatedUpdate, into staged: inout Staged) {
        var record = part.record
        let view = part.view
        // The sideways slide of a row in a rounded group is its content's (a leaving row's only if animated).
        let slidesContent = update.roundedGroups && (record.style == .left || record.style == .right)
            && (record.change == .disappears ? update.animated : record.change != .slidesOff)
        if slidesContent, let cell = view as? UITableViewCell {
            if record.change != .disappears {
                cell.contentView.transform = CGAffineTransform(translationX: CGFloat(record.from.x), y: 0)
            }
            staged.contentSlides.append((cell.contentView, CGFloat(record.to.x)))
            record.from.x = 0
            record.to.x = 0
        }
        if let rank = part.frontRank { staged.inFront.append((view, rank)) }
        let end = frame(record.to, part), start = frame(record.from, part)
        if record.change == .persists, record.from == record.to, !slidesContent,
           view.frame == end, view.alpha == CGFloat(record.to.alpha) {
            // Where it ends: nothing to stage or animate (setting the same frame and alpha
            // again would change nothing; what an earlier update animates goes on), only
            // its layout inside the block.
            staged.resting.append(view)
            if record.depth == .back { sendToBack(view) }
            return
        }
        // An alpha the update leaves alone goes on with what an earlier update does to it.
        let alpha = CGFloat(record.to.alpha)
        let shownAlpha = record.from.alpha != record.to.alpha || view.alpha != alpha
            ? shownAlpha(of: view, otherwise: CGFloat(record.from.alpha)) : alpha
        // A view staying in the table has its start size now and its end place (what
        // moves it is its offset); a view leaving has its start frame: ``animateOut(at:)``
        // takes it from there.
        if record.change == .persists || record.change == .slidesOn || record.change == .appears {
            view.frame = CGRect(x: end.midX - start.width / 2, y: end.midY - start.height / 2,
                                width: start.width, height: start.height)
        } else {
            view.frame = start
            view.alpha = CGFloat(record.from.alpha)
        }
        if record.change == .appears || record.change == .slidesOn {
            // A row coming in is laid out where it starts, before anything moves: laid out
            // first inside the animation, its content would animate from wherever a new
            // cell has it (its separator from a point thick to a hairline, say).
            view.layer.layoutSubtree()
        }
        switch record.change {
        case .persists, .slidesOn, .appears:
            staged.targets.append(Target(view: view, start: start, end: end, shownAlpha: shownAlpha,
                                         alpha: CGFloat(record.to.alpha)))
            if record.depth == .back { sendToBack(view) }
            if record.change == .appears, record.depth == .normal, view is UITableViewCell {
                staged.overPersisting.append(view)
            }
            if record.change == .appears, record.style == .middle, !update.roundedGroups, let cell = view as? UITableViewCell {
                staged.leaving.append(veil(over: cell, appearing: true))
            }
        case .slidesOff:
            var leaving = LeavingView(view: view, frame: frame(record.to, part), alpha: CGFloat(record.to.alpha),
                                      finish: part.leave ?? {})
            leaving.slidingRow = part.slidingRow
            staged.leaving.append(leaving)
        case .disappears:
            let done = part.leave ?? {}
            guard update.animated, record.style != RowTransitionStyle.none else {
                done()
                return
            }
            if record.depth == .back { sendToBack(view) }
            if record.style == .middle, !update.roundedGroups, let cell = view as? UITableViewCell {
                staged.leaving.append(veil(over: cell, appearing: false))
            }
            staged.leaving.append(LeavingView(view: view, frame: frame(record.to, part),
                                              alpha: CGFloat(record.to.alpha), finish: done))
        }
    }

    private func frame(_ state: ItemState, _ part: AnimatedUpdate.Part) -> CGRect {
        CGRect(x: part.restingX + CGFloat(state.x), y: CGFloat(state.y), width: part.view.frame.width,
               height: CGFloat(state.height))
    }

    /// Moved rows (and the headers of moved sections) pass over the others, also over the
    /// headers of sections that stay, in `UpdateTransition/frontOrder`. When the update
    /// ends, headers and footers go back on top of every row, where a floating header must be.
    ///
    /// The whole order is made in one `bringSubviewsToFront`, which moves only what is out
    /// of place: in an update every frame of a scroll it usually already is.
    private func arrangeDepths(_ staged: Staged, in table: UITableView) {
        guard !staged.inFront.isEmpty || !staged.overPersisting.isEmpty else { return }
        let moved = Set(staged.inFront.map { ObjectKey($0.view) })
        let supplements = table.store.shownSupplements.filter { !moved.contains(ObjectKey($0)) }
        let inFront = staged.inFront.sorted(by: { $0.rank < $1.rank }).map(\.view)
        table.bringSubviewsToFront(staged.overPersisting + supplements + inFront + table.chrome
                                   + table.viewsTheAppKeepsInFront())
    }

    private func sendToBack(_ view: UIView) {
        guard let table else { return }
        if let background = table.backgroundView, background.superview === table {
            table.insertSubview(view, aboveSubview: background)
        } else {
            table.insertSubview(view, at: 0)
        }
    }

    /// A dark veil over a `.middle` row in plain style, lifting as the row comes in (or
    /// falling as it goes): the "shadows" of WWDC 2010, "Mastering Table Views", as if the
    /// row lay beneath the others.
    private func veil(over cell: UITableViewCell, appearing: Bool) -> LeavingView {
        let veil = UIView(frame: cell.bounds)
        veil.backgroundColor = .black
        veil.alpha = appearing ? UITableView.middleShadeAlpha : 0
        cell.addSubview(veil)
        var leaving = LeavingView(view: veil, frame: veil.frame, alpha: appearing ? 0 : UITableView.middleShadeAlpha,
                                  shiftsWithContent: false) { veil.removeFromSuperview() }
        leaving.isVeil = true
        return leaving
    }

    // MARK: Running

    /// Animates every staged view to its end; leaving views go when theirs ends.
    private func run(_ staged: Staged, completions: [(Bool) -> Void], in table: UITableView) {
        self.completions = completions
        let duration = UITableView.updateAnimationDuration
        for view in staged.leaving {
            leaving.append(view)
            animateOut(at: leaving.count - 1, duration: duration)
        }
        let generation = generation, raised = !staged.inFront.isEmpty
        // One transaction holds the update's animations; it ends when the last one does.
        CATransaction.begin()
        CATransaction.currentGroup?.onStop = { [weak self] finished in
            self?.dropBitmapsNoLongerFading()
            guard let self, self.generation == generation else { return }
            if raised { self.table?.bringSupplementsToFront() }
            let completions = self.completions
            self.completions = []
            for completion in completions { completion(finished) }
        }
        // It ends no sooner than the update's own time: what earlier updates set going
        // (and this one adds to) is over by then, however little this one adds itself. Any
        // animation this update adds lasts that long; only without one does the table's
        // layer hold the transaction open.
        var added = false
        for target in staged.targets {
            if target.shownAlpha != target.alpha { keepBitmapWhileFading(target.view) }
            if move(target.view, from: target.start, to: target.end, shownAlpha: target.shownAlpha, alpha: target.alpha,
                    duration: duration) {
                added = true
            }
        }
        if !added { holdOpen(table, for: duration) }
        // (Only when there is something to lay out or slide: an update every frame mostly
        // moves rows whose insides stand as they are.)
        var laysOut = !staged.contentSlides.isEmpty
        for target in staged.targets where !laysOut && target.view.layer.subtreeNeedsLayout { laysOut = true }
        for view in staged.resting where !laysOut && view.layer.subtreeNeedsLayout { laysOut = true }
        guard laysOut else {
            CATransaction.commit()
            return
        }
        UIView.animate(withDuration: duration, delay: 0, options: [.beginFromCurrentState], animations: {
            // Each item lays its content out for its new size inside the animation, as in
            // UIKit: a row that grows or shrinks carries its label along, centred, in
            // every frame, instead of the label jumping to where the final size puts it.
            // Only the item's own subtree: the table's pass (tiling) must not run in here.
            for target in staged.targets { target.view.layer.layoutSubtree() }
            for view in staged.resting { view.layer.layoutSubtree() }
            for (content, x) in staged.contentSlides { content.transform = CGAffineTransform(translationX: x, y: 0) }
        })
        CATransaction.commit()
    }

    /// Takes `view` from `start` to `end` (and its alpha from `shownAlpha`, where it is
    /// drawn now, to `alpha`) in `duration` seconds, on top of whatever it is already
    /// doing: its place, size and alpha in the model go to their ends at once; its
    /// position and size animate additively from the offsets `start − end` to zero (so
    /// a row that grows and the rows it pushes move as one, however many updates
    /// overlap); its alpha, when it changes, animates from `shownAlpha`, replacing an
    /// alpha animation of an earlier update.
    ///
    /// Returns whether it added an animation (none when the view neither moves, grows nor
    /// fades).
    @discardableResult
    private func move(_ view: UIView, from start: CGRect, to end: CGRect, shownAlpha: CGFloat, alpha: CGFloat,
                      duration: Double) -> Bool {
        let layer = view.layer
        let changesAlpha = shownAlpha != alpha || view.alpha != alpha
        if changesAlpha, let keys = layer.animationKeys() {
            for key in keys where key.hasPrefix(Self.opacityKey) { layer.removeAnimation(forKey: key) }
        }
        // A frame is a center and a size only for an untransformed view turning about its
        // middle; a transformed one (a pressed cell scaled down, say) keeps its size and
        // moves by the offset of its frame.
        let plain = view.transform3D == CATransform3DIdentity && layer.anchorPoint == CGPoint(x: 0.5, y: 0.5)
        UIView.performWithoutAnimation {
            if plain {
                view.center = CGPoint(x: end.midX, y: end.midY)
                if view.bounds.size != end.size { view.bounds.size = end.size }
            } else if view.frame != end {
                view.frame = end
            }
            if changesAlpha { view.alpha = alpha }
        }
        let from = plain ? CGPoint(x: start.midX, y: start.midY)
            : CGPoint(x: view.center.x + start.midX - end.midX, y: view.center.y + start.midY - end.midY)
        var added = view.animateOffset(fromCenter: from, size: plain ? start.size : view.bounds.size,
                                       duration: duration, keyPrefix: Self.keyPrefix)
        if changesAlpha, shownAlpha != alpha {
            view.fadeOpacity(from: Double(shownAlpha), to: Double(alpha), duration: duration, keyPrefix: Self.opacityKey)
            added = true
        }
        return added
    }

    private static let opacityKey = keyPrefix + "opacity."

    /// Keeps the open transaction from ending before `duration` seconds from now: an
    /// animation of `view` that changes nothing (an additive position offset of zero).
    private func holdOpen(_ view: UIView, for duration: Double) {
        view.holdInPlace(duration: duration, keyPrefix: Self.keyPrefix + "hold.")
    }

    /// The alpha `view` is drawn with now when an update of this animator is fading it,
    /// else `otherwise` (its model's, as the update takes it).
    private func shownAlpha(of view: UIView, otherwise: CGFloat) -> CGFloat {
        guard view.layer.hasAnimation(keyedWithPrefix: Self.opacityKey) else { return otherwise }
        return CGFloat(view.layer.presentedOpacity)
    }

    /// Animates a leaving view to its last frame and alpha in `duration` seconds, when it
    /// is due to be gone, then lets it go (unless the table took it back first).
    ///
    /// The duration is the update's own, not an end time less the time now: that
    /// difference is off by a rounding error (0.30000000000000004), which makes the leaving
    /// views' animations time differently from the rest of the update's, so that each frame
    /// solves the same curve twice.
    private func animateOut(at index: Int, duration: Double) {
        serial += 1
        leaving[index].serial = serial
        let view = leaving[index], serial = serial
        let shown = view.view.alpha != view.alpha ? shownAlpha(of: view.view, otherwise: view.view.alpha) : view.alpha
        if !view.isVeil, shown != view.alpha { keepBitmapWhileFading(view.view) }
        CATransaction.begin()
        CATransaction.currentGroup?.onStop = { [weak self] _ in
            self?.dropBitmapsNoLongerFading()
            // A cut-off animation (the view was moved on) is not the end of it.
            guard let self, let i = self.leaving.firstIndex(where: { $0.serial == serial }) else { return }
            let leaving = self.leaving.remove(at: i)
            self.finish(leaving)
        }
        // Let go when due, not sooner: a view already at its end in the model may still be
        // carried there by an earlier update's offsets. What this update adds lasts that
        // long; without it, an animation of nothing holds the view.
        if !move(view.view, from: view.view.frame, to: view.frame, shownAlpha: shown, alpha: view.alpha, duration: duration) {
            holdOpen(view.view, for: duration)
        }
        CATransaction.commit()
    }

    private func finish(_ view: LeavingView) {
        UIView.performWithoutAnimation { view.view.alpha = 1 }
        view.finish()
    }

    // MARK: Bitmaps while fading

    /// Asks the compositor to keep `view`'s subtree as a bitmap while it fades: a row
    /// fading in or out is otherwise drawn layer by layer into an offscreen group and
    /// blended, every frame, though nothing in it changes; from the bitmap it is one blend.
    /// (While the subtree changes, the compositor draws it layer by layer, so what shows
    /// is the same.) A view someone else marked is left to them.
    private func keepBitmapWhileFading(_ view: UIView) {
        guard !view.subviews.isEmpty, !view.layer.cachesSubtreeWhileMoving else { return }
        view.layer.cachesSubtreeWhileMoving = true
        keptWhileFading.append(view)
    }

    /// Lets the compositor drop the bitmaps of the views that no longer animate. Every
    /// animation that marked a view calls this when it ends, so the last one to end
    /// leaves no view marked.
    private func dropBitmapsNoLongerFading() {
        // A loop rather than `removeAll(where:)`: it runs each time one of the update's
        // animations ends, over every row fading, and a main-actor closure checks its
        // executor on each call.
        var kept = 0
        for i in keptWhileFading.indices {
            let view = keptWhileFading[i]
            if view.layer.hasAnimations {
                keptWhileFading[kept] = view
                kept += 1
            } else {
                view.layer.cachesSubtreeWhileMoving = false
            }
        }
        keptWhileFading.removeLast(keptWhileFading.count - kept)
    }

    // MARK: Content moved under the screen

    /// Moves every view leaving in the table's content (not a veil, which rides on its
    /// row) `delta` points down, its model and where it is going: the table shifted its
    /// content offset by `delta` to keep the rows on screen where they are (rows inserted,
    /// deleted or measured above them), and what is still leaving stays with them on
    /// screen instead of jumping by the shift. Its running animations go on from there.
    func shiftLeaving(by delta: CGFloat) {
        guard delta != 0, delta.isFinite, !leaving.isEmpty else { return }
        UIView.performWithoutAnimation {
            for i in leaving.indices where leaving[i].shiftsWithContent {
                leaving[i].frame.origin.y += delta
                leaving[i].view.center.y += delta
            }
        }
    }

    // MARK: Ending early

    /// Ends every update animation at once (a reload, or an invalid update): `stopping`
    /// (the views on screen) stand at their places, views animating out leave,
    /// completions get `false`.
    func cancel(stopping views: [UIView]) {
        guard isBusy else { return }
        generation += 1
        for view in views { view.layer.removeAllAnimations() }
        for leaving in leaving { leaving.view.layer.removeAllAnimations() }
        let all = leaving
        leaving = []
        for view in all { finish(view) }
        table?.finishCompletions(completions, finished: false)
        completions = []
        dropBitmapsNoLongerFading()
    }

    /// Takes `view` off the leaving views without letting it go (the table shows it
    /// again), with the veils over it when `veils` (they are removed).
    /// Returns whether it was leaving.
    @discardableResult
    func stopLeaving(_ view: UIView, veils: Bool = false) -> Bool {
        // A plain loop first: most views asked about are not leaving, and a main-actor
        // closure handed to the standard library checks its executor at every call.
        var isLeaving = false
        for other in leaving where other.view === view {
            isLeaving = true
            break
        }
        guard isLeaving else { return false }
        let over = veils ? leaving.filter { $0.view.superview === view } : []
        leaving.removeAll { $0.view === view || (veils && $0.view.superview === view) }
        for veil in over { veil.view.removeFromSuperview() }
        return true
    }

    /// Takes back the cell sliding off for `path`, if there is one, without letting it go.
    func takeSlidingCell(for path: IndexPath) -> UITableViewCell? {
        var found: Int?
        for i in leaving.indices where leaving[i].slidingRow == path {
            found = i
            break
        }
        guard let i = found, let cell = leaving[i].view as? UITableViewCell else { return nil }
        leaving.remove(at: i)
        return cell
    }

    /// Takes back every cell sliding off that `reclaim` accepts (it is handed the row the
    /// cell shows). Returns the views taken, in the order they were leaving.
    func takeSlidingCells(where reclaim: (IndexPath, UITableViewCell) -> Bool) -> [LeavingView] {
        var anySliding = false
        for view in leaving where view.slidingRow != nil {
            anySliding = true
            break
        }
        guard anySliding else { return [] }
        var kept: [LeavingView] = [], taken: [LeavingView] = []
        for view in leaving {
            if let path = view.slidingRow, let cell = view.view as? UITableViewCell, reclaim(path, cell) {
                taken.append(view)
            } else {
                kept.append(view)
            }
        }
        leaving = kept
        return taken
    }
}
