import Foundation
import Synchronization

/// The constraints of a layout root's subtree as one solver system, kept from pass to pass.
///
/// Every view a constraint mentions, and each of its ancestors up to the root, gets four
/// variables — left, top, width, height — in the root's bounds coordinates. The root is
/// fixed at its bounds (or, when measuring, held to the target size at the fitting
/// priorities). A view that translates its autoresizing mask gets UIKit's
/// `NSAutoresizingMaskLayoutConstraint`s: required equalities that keep its frame as its
/// mask says when its superview's size changes (fixed margins and size, or the flexible
/// ones sharing the change in proportion, as autoresizing does). A solved-for view with an
/// intrinsic content size gets UIKit's four content-size constraints: its width and
/// height at most their intrinsic values at its hugging priority, and at least them at its
/// compression resistance. A multi-line label's height depends on its width, so a pass
/// that gives one a new width solves again (at most three times) with the height at that
/// width. Leading and trailing are left and right, or right and left where the view the
/// constraint is installed on lays out right to left.
///
/// The system is kept on its root (one for layout, one for `systemLayoutSizeFitting`):
/// the next pass reuses it, and only moves the numbers that changed — constants, the
/// root's bounds or fitting target, translated frames, intrinsic sizes — with
/// ``LayoutSolver/setConstant(_:_:)``, a dual simplex step over the rows each change
/// touches. Constraints deactivated since are removed from the kept solver (Cassowary's
/// incremental removal: the constraint's marker leaves the basis and its row goes), newest
/// first, with the boxes of views no remaining constraint names; then constraints
/// activated since are added (their views' boxes with them). So deactivating and
/// activating cost what the constraints changed cost, not the whole system. Anything else
/// (a priority, a view moved, `translatesAutoresizingMaskIntoConstraints` switched, a
/// layout direction, a conflict, or removals past a few times what the system holds,
/// whose symbols the solver keeps) builds the system anew.
///
/// A pass of a kept system looks only at what changed, not at every view and constraint:
/// the root's constraints note their activations, deactivations and changed constants in
/// its journal (`noteChanged`), so a pass collects and compares them all only after a view
/// moved or switched its mask's translation (`UIView.constraintScopeChanges`) or the
/// journal overflowed; it refreshes only the numbers that can change without a note (the
/// root's bounds, translated frames, content sizes, baselines) and those of the
/// constraints noted; it checks only the boxes of views that could have changed unseen
/// (`watchedBoxes`: not a plain `UIView` placed by constraints); and it sets the frames of
/// the views whose variables the solver moved (`LayoutSolver.takeChangedVariables()`),
/// unless a frame changed since the last pass (`CALayer.geometryChanges`), when it sets
/// them all. A replaced link of a chain then sets the frames of the views after it only;
/// the solver itself still does work in proportion to the whole chain (see below).
///
/// Constraints go into the solver in the order they were activated (building anew too),
/// so that a rebuilt system breaks the same constraint of a conflict as an extended one
/// (the last activated), and a chain's sizes, activated with its links, are in the solver
/// before the links that use them. Then each link defines a new variable (the next view's
/// edge) from solved ones, and its row refers to theirs rather than copying them (see
/// `LayoutTableau`): a chain of n views costs the solver O(n), and a constant changed in
/// it costs the views after it. Replacing a link in a kept system costs more: removing
/// the old link leaves the chain's last view's edge as the free variable, so the removal
/// and the re-insertion each rewrite rows as long as the whole chain (the benchmark
/// `layout.viewChain.5000views.replaceLink`: 10× the views cost 15–16× the time, where
/// 12× is the goal; choosing the freed variable at the link instead would change where an
/// ambiguous layout rests). Building anew is
/// linear when each link comes after the one before it, but not after a link was
/// replaced: the replacement, activated last, goes in last, so the views after it are
/// solved free of the chain's head (each link rewriting the rows of the views before it)
/// and then anchored, O(k²) for a tail of k views.
@MainActor
final class ConstraintSystem {
    /// A view's variables.
    struct Box {
        /// The view; nil for the root, which owns the system (holding it would be a cycle),
        /// and for a box removed from the system.
        var held: UIView?
        let parent: Int?
        let left, top, width, height: LayoutVariable
        /// For a view that translates its mask: the shares of its superview's growth that
        /// its left margin, width, top margin and height take.
        let shares: MaskShares?
        /// Whether the box left the system: no constraint names its view or a view inside
        /// it any more (its slot stays, so that the indices of the others hold).
        var isRemoved = false
    }

    /// How a translated view follows its superview's size (see `UIView.autoresize`).
    struct MaskShares: Equatable {
        var left = 0.0, width = 0.0, top = 0.0, height = 0.0
    }

    /// A number of the system that follows the views: what a solver constraint's constant is made of.
    enum Source {
        /// `-constant` of a constraint of the app's.
        case constraint(NSLayoutConstraint)
        /// The root's bounds (layout) — 0 minX, 1 minY, 2 width, 3 height — or its fitting
        /// target (measuring: 2 width, 3 height).
        case root(Int)
        /// A translated view's frame in its superview: 0 minX, 1 minY, 2 width, 3 height.
        case frame(box: Int, Int)
        /// A view's intrinsic width (0) or height (1).
        case content(box: Int, Int)
        /// The tightest of a group of required bounds of one length by a constant (`bounds`).
        case bound(Int)
        /// A scroll view's areas: 0 and 1 its bounds origin (the content offset, where its
        /// frame guide is), 2 and 3 its content size.
        case scrollContent(box: Int, Int)
    }

    /// What groups required bounds of one view's width or height by a constant.
    struct BoundKey: Hashable {
        let view: ObjectIdentifier
        let attribute: NSLayoutConstraint.Attribute
        let relation: NSLayoutConstraint.Relation
    }

    struct Entry {
        let source: Source
        let handle: Int
        var constant: Double
        /// The solver constraint's label (see `descriptions`).
        let label: String
        /// Whether the solver constraint was removed (the entry goes at the next compaction).
        var isRemoved = false
    }

    /// An app's constraint in the system, as it was added.
    struct Record {
        let constraint: NSLayoutConstraint
        let priority: Float
        let rightToLeft: Bool
        let usable: Bool
        /// The order it was added in: removals go newest first, so that the order is the same every run.
        let order: Int
        /// Its solver constraint; nil for a bound (its group's stands for it) and for one
        /// that is not usable or names a view outside the root's subtree.
        let handle: Int?
        /// Its bound group, for a bound (see `addBound`).
        let group: Int?
        /// The boxes it holds in the system (see `uses`).
        let boxes: [Int]
    }

    unowned let root: UIView
    /// When measuring, how strongly the root's width and height are held to the target; nil when the root is fixed.
    let fitting: (horizontal: UILayoutPriority, vertical: UILayoutPriority)?
    private var solver = LayoutSolver()
    /// In insertion order: a superview's box comes before its subviews'.
    private(set) var boxes: [Box] = []
    private var indexOfView: [ObjectIdentifier: Int] = [:]
    /// The numbers `refresh` moves, in the order their solver constraints were added.
    private var entries: [Entry] = []
    /// Where the entry of each solver handle is in `entries`.
    private var entryOfHandle: [Int: Int] = [:]
    /// How many of `entries` are removed.
    private var removedEntries = 0
    /// The app's constraints the system holds (it holds them, so an identifier is never
    /// reused by another while it is here).
    private var built: [ObjectIdentifier: Record] = [:]
    private var nextOrder = 0
    /// Per box: how many records and child boxes hold it. A box no one holds leaves the
    /// system (but the root's, held by the system itself).
    private var uses: [Int] = []
    /// Per box: the handles of its own solver constraints (its autoresizing and content
    /// size constraints), removed with it.
    private var boxHandles: [[Int]] = []
    /// How many solver constraints have been removed: each leaves some memory in the
    /// solver, so a system that has removed several times what it holds is built anew.
    private var solverRemovals = 0
    /// Required bounds of a length by a constant, grouped by view, length and direction
    /// (see `addBound`), and where each group is in `bounds`.
    private var bounds: [[NSLayoutConstraint]] = []
    private var boundGroups: [BoundKey: Int] = [:]
    /// Each group's solver constraint, once added.
    private var boundHandles: [Int?] = []
    /// Labels for solver constraints are numbered, never reused.
    private var nextLabel = 0
    /// How many constraints (the app's and the system's own: frames, content sizes) have
    /// been added to the solver: the work of building the system and of the passes that
    /// extended it. A pass that only moves numbers adds none.
    private(set) var solverAdditions = 0
    /// Each box's hugging and compression priorities, and whether it has an intrinsic width and height.
    private var contentShape: [ContentShape?] = []
    /// The widths multi-line labels were last measured at (kept across passes, so a pass
    /// at an unchanged width solves once), with the text each showed then: read through
    /// ``measuredWidth(of:)``.
    private var labelWidths: [ObjectIdentifier: MeasuredWidth] = [:]
    /// What each solver label stands for, for reports: made only when one is reported.
    private var descriptions: [String: () -> String] = [:]
    private var sources: [String: NSLayoutConstraint] = [:]
    /// Whether building broke a conflicting required constraint (such a system is not kept).
    private(set) var hadConflicts = false
    /// The boxes a pass checks for a change it is not told of: the root's, translated
    /// views', and those of views of a subclass (which may have an intrinsic size or
    /// wrap); a plain `UIView` placed by constraints has none to check. In box order.
    private var watchedBoxes: [Int] = []
    /// The handles of the solver constraints whose numbers may change without a note
    /// (see `noteChanged`): the root's, frames, content sizes, bounds' groups, baselines.
    private var volatileHandles: [Int] = []
    /// Per variable id: the index of its box.
    private var boxOfVariable: [Int32] = []
    /// Per box: the boxes of its subviews.
    private var childBoxes: [[Int]] = []
    /// The constraints activated, deactivated or changed in the root's subtree since the
    /// last pass, in order, repeats included (see `noteChanged`).
    private var journal: [NSLayoutConstraint] = []
    /// Whether `journal` holds every change since the last pass: not before the system is
    /// kept, nor after the journal outgrew its limit.
    private var journalIsComplete = false
    /// `UIView.constraintScopeChanges` when the journal started.
    private var scopeChangesSeen = 0
    /// `CALayer.geometryChanges` after the last pass set the frames; nil before one did.
    private var geometryChangesSeen: Int?
    /// How many boxes there were after the last pass set the frames (those made since are new).
    private var boxesBeforePass = 0
    /// Whether the last layout pass took what changed from the journal (see `noteChanged`).
    private(set) var lastPassFollowedJournal = false
    /// How many boxes the last layout pass placed (see `apply(changedOnly:)`).
    private(set) var lastPassPlaced = 0
    /// The pixels per point the last pass rounded the frames it set to (see `pixelScale`).
    private var scaleApplied: Double?

    struct ContentShape: Equatable {
        var hugging: (Float, Float), compression: (Float, Float)
        var hasWidth: Bool, hasHeight: Bool
        static func == (a: Self, b: Self) -> Bool {
            a.hugging == b.hugging && a.compression == b.compression && a.hasWidth == b.hasWidth && a.hasHeight == b.hasHeight
        }
    }

    private init(root: UIView, fitting: (horizontal: UILayoutPriority, vertical: UILayoutPriority)?) {
        self.root = root
        self.fitting = fitting
    }

    // MARK: Entry points

    /// Solves the constraints installed in `root`'s subtree and sets the frames they
    /// decide, reusing the system the last pass left on `root` when it can. `collect`
    /// gives the constraints; it is called only when the kept system's journal cannot say
    /// what changed (see `noteChanged`) or the system is built anew. Nothing happens when
    /// there are none.
    ///
    /// - Complexity: with a kept system that follows its journal and no frame moved since
    ///   the last pass, what changed: the constraints noted, the solver's work on them, and
    ///   the views whose values moved (see `apply(changedOnly:)`), plus the watched boxes.
    static func layOut(_ root: UIView, collect: () -> [NSLayoutConstraint]) {
        let kept = root.layoutSystem
        let journaled = kept?.journaledChanges() ?? .unknown
        var constraints: [NSLayoutConstraint]?
        if case .changes(_, _, let held) = journaled {
            // What a collection would find empty: nothing to solve (see below).
            guard held > 0 else { return }
        } else {
            constraints = collect()
            guard !constraints!.isEmpty else { return }
        }
        let system = prepared(kept, journaled: journaled, root: root, constraints: { constraints ?? collect() },
                              fitting: nil, target: nil)
        root.layoutSystem = system.hadConflicts ? nil : system
        // Changes from here on, the frames set below included, are the next pass's.
        system.startJournal()
        if case .changes = journaled { system.lastPassFollowedJournal = system === kept } else { system.lastPassFollowedJournal = false }
        system.apply(changedOnly: system === kept)
        system.sizeScrollContent()
    }

    /// The size of `root` that its subtree's constraints give for `target` at these priorities.
    static func measure(_ root: UIView, target: CGSize, horizontal: UILayoutPriority, vertical: UILayoutPriority,
                        constraints: [NSLayoutConstraint]) -> CGSize {
        var cached = root.measuringSystem
        if let fitting = cached?.fitting, fitting.horizontal != horizontal || fitting.vertical != vertical { cached = nil }
        let system = prepared(cached, journaled: .unknown, root: root, constraints: { constraints },
                              fitting: (horizontal, vertical), target: target)
        root.measuringSystem = system.hadConflicts ? nil : system
        let box = system.boxes[0]
        return CGSize(width: max(0, system.value(box.width)), height: max(0, system.value(box.height)))
    }

    /// Whether `view`'s variables are among those `constraints` leave free (solving in a
    /// system of its own, without setting any frame).
    static func isAmbiguous(_ view: UIView, root: UIView, constraints: [NSLayoutConstraint]) -> Bool {
        let system = ConstraintSystem(root: root, fitting: nil)
        system.build(constraints, target: nil, reportConflicts: false)
        system.settleLabels(target: nil)
        guard let index = system.indexOfView[ObjectIdentifier(view)] else { return false }
        let box = system.boxes[index]
        let free = Set(system.solver.ambiguousVariables().map(\.id))
        return [box.left, box.top, box.width, box.height].contains { !system.solver.isConstrained($0) || free.contains($0.id) }
    }

    /// Moves `view` to another solution of `constraints` when they leave its frame free:
    /// each of its free edges or sizes is pulled `offset` points from the value the
    /// solver picks, by the weakest constraint, and the frames of the solution are set
    /// (a bound the view cannot pass keeps it there). Returns whether anything was free.
    @discardableResult
    static func exerciseAmbiguity(of view: UIView, root: UIView, constraints: [NSLayoutConstraint], offset: Double) -> Bool {
        let system = ConstraintSystem(root: root, fitting: nil)
        system.build(constraints, target: nil, reportConflicts: false)
        system.settleLabels(target: nil)
        guard let index = system.indexOfView[ObjectIdentifier(view)] else { return false }
        let box = system.boxes[index]
        let ambiguous = Set(system.solver.ambiguousVariables().map(\.id))
        let free = [box.left, box.top, box.width, box.height].filter {
            !system.solver.isConstrained($0) || ambiguous.contains($0.id)
        }
        guard !free.isEmpty else { return false }
        for variable in free {
            var expression = LinearExpression(variable)
            expression.constant = -(system.solver.value(of: variable) + offset)
            system.solver.add(LayoutConstraint(expression, .equal, priority: 1, label: "exercise"))
        }
        system.apply()
        return true
    }

    /// `cached` brought up to date (its numbers moved), or a system built anew when it
    /// cannot be; solved, with multi-line labels settled. `journaled` is what `cached`'s
    /// journal says changed; `constraints` gives the root's constraints, called only when
    /// the journal cannot say or the system is built anew.
    private static func prepared(_ cached: ConstraintSystem?, journaled: Journaled, root: UIView,
                                 constraints collect: () -> [NSLayoutConstraint],
                                 fitting: (horizontal: UILayoutPriority, vertical: UILayoutPriority)?,
                                 target: CGSize?) -> ConstraintSystem {
        if let cached {
            let changes: (added: [NSLayoutConstraint], removed: [Record])?
            let noted: [NSLayoutConstraint]?
            switch journaled {
            case .changes(let added, let removed, _):
                changes = (added, removed)
                noted = cached.journal
            case .rebuild:
                changes = nil
                noted = nil
            case .unknown:
                changes = cached.changes(collect())
                noted = nil
            }
            if let (added, removed) = changes {
                cached.remove(removed)
                if cached.matchesViews(all: noted == nil), cached.extend(with: added, target: target),
                   cached.settleLabels(target: target, noted: noted) {
                    return cached
                }
            }
        }
        let system = ConstraintSystem(root: root, fitting: fitting)
        if let cached { system.labelWidths = cached.labelWidths }
        let constraints = collect()
        system.build(constraints, target: target, reportConflicts: fitting == nil)
        if !system.settleLabels(target: target) {
            // Moving a label's height made the required constraints conflict: build with
            // the widths now known, which breaks (and reports) what conflicts.
            let again = ConstraintSystem(root: root, fitting: fitting)
            again.labelWidths = system.labelWidths
            again.build(constraints, target: target, reportConflicts: fitting == nil)
            again.hadConflicts = true   // not kept: the next pass builds again
            return again
        }
        return system
    }

    // MARK: Following changes

    /// What changed since a kept system's last pass, as its journal says.
    private enum Journaled {
        /// The journal cannot say (the system is not kept for layout, the journal outgrew
        /// its limit, or views moved): the constraints are collected and compared.
        case unknown
        /// The system cannot be kept (see `changes`).
        case rebuild
        /// The constraints activated and those deactivated (newest first) since, and how
        /// many the root's subtree holds now.
        case changes(added: [NSLayoutConstraint], removed: [Record], held: Int)
    }

    /// Notes that `constraint` was activated or deactivated in the root's subtree, or its
    /// constant or priority changed: the next pass then looks at the constraints noted
    /// instead of collecting and comparing them all. Views moving in or out, and changes
    /// of `translatesAutoresizingMaskIntoConstraints` or the layout direction, are not
    /// noted: they count `UIView.constraintScopeChanges`, and the pass compares all.
    ///
    /// The journal holds at most about as many as the system (then it stops, and the
    /// next pass compares all), so a root that changes its constraints for ever without
    /// laying out does not hold them for ever.
    func noteChanged(_ constraint: NSLayoutConstraint) {
        guard journalIsComplete else { return }
        guard journal.count < max(1_024, built.count) else {
            journal = []
            journalIsComplete = false
            return
        }
        journal.append(constraint)
    }

    /// Starts a new journal: the system has caught up with every change so far. Also
    /// starts the solver's notes of the variables that move (see `apply(changedOnly:)`).
    private func startJournal() {
        journal = []
        journalIsComplete = true
        scopeChangesSeen = UIView.constraintScopeChanges
        solver.tracksChangedVariables = true
    }

    /// What `changes` would find, from the journal alone: each constraint noted is in the
    /// root's subtree or not, and held by the system or not.
    ///
    /// That is all that changed when no view moved and none changed how its constraints
    /// are placed (`UIView.constraintScopeChanges`): the constraints a pass collects are
    /// those installed on the root and on the views below it down to nested roots, which
    /// only activation, deactivation and those moves change, and the priorities, usability
    /// and layout direction `changes` compares change only with a note or such a move.
    ///
    /// - Complexity: O(k) for k constraints noted, plus sorting those removed.
    private func journaledChanges() -> Journaled {
        guard journalIsComplete, scopeChangesSeen == UIView.constraintScopeChanges, !hadConflicts else { return .unknown }
        var seen = Set<ObjectIdentifier>()
        var added: [NSLayoutConstraint] = [], removed: [Record] = []
        for constraint in journal where seen.insert(ObjectIdentifier(constraint)).inserted {
            let isInSubtree = constraint.owner?.constraintsAreSolved(by: root) ?? false
            guard let record = built[ObjectIdentifier(constraint)] else {
                if isInSubtree { added.append(constraint) }
                continue
            }
            guard isInSubtree else {
                removed.append(record)
                continue
            }
            guard constraint.priority.rawValue == record.priority, Self.isUsable(constraint) == record.usable,
                  !record.usable || Self.isRightToLeft(constraint) == record.rightToLeft else { return .rebuild }
        }
        if !removed.isEmpty {
            removed.sort { $0.order > $1.order }
            let held = entries.count - removedEntries
            guard solverRemovals + removed.count <= max(4_096, 4 * held) else { return .rebuild }
        }
        return .changes(added: added, removed: removed, held: built.count - removed.count + added.count)
    }

    // MARK: Reuse

    /// What changed since the system was last brought up to date: the constraints of
    /// `constraints` it does not hold yet (`added`), and those it holds that are no longer
    /// among them (`removed`, newest first); the numbers may differ too
    /// (``refresh(target:)`` moves them). Nil when it cannot be reused: one of its
    /// constraints changed its priority, its usability or its layout direction, or it has
    /// removed so much that it is time to build it anew (see `solverRemovals`).
    ///
    /// - Complexity: O(n) for n constraints (a set of them when one was removed).
    private func changes(_ constraints: [NSLayoutConstraint]) -> (added: [NSLayoutConstraint], removed: [Record])? {
        guard !hadConflicts else { return nil }
        var added: [NSLayoutConstraint] = []
        for constraint in constraints {
            guard let record = built[ObjectIdentifier(constraint)] else {
                added.append(constraint)
                continue
            }
            guard constraint.priority.rawValue == record.priority, Self.isUsable(constraint) == record.usable,
                  !record.usable || Self.isRightToLeft(constraint) == record.rightToLeft else { return nil }
        }
        guard constraints.count - added.count < built.count else { return (added, []) }
        // What the system holds and the views no longer do: the deactivated constraints
        // when they account for all of it (no hashing of every constraint to find one);
        // else also those whose view left this tree, found through a set of the present.
        let missing = built.count - (constraints.count - added.count)
        var removed = built.values.filter { !$0.constraint.isActive }
        if removed.count != missing {
            let present = Set(constraints.lazy.map(ObjectIdentifier.init))
            removed = built.values.filter { !present.contains(ObjectIdentifier($0.constraint)) }
        }
        removed.sort { $0.order > $1.order }
        // The solver keeps the symbols of what it removed (see LayoutTableau): building anew
        // now and then keeps its memory within a few times what the system holds.
        let held = entries.count - removedEntries
        guard solverRemovals + removed.count <= max(4_096, 4 * held) else { return nil }
        return (added, removed)
    }

    /// Takes `removed` out of the system: each one's solver constraint (Cassowary's
    /// incremental removal, which re-solves what the constraint held), and the boxes no
    /// constraint holds any more with their own constraints, which a system built anew
    /// would not have (their views keep their frames, as after a rebuild).
    ///
    /// - Complexity: the solver's removals, plus O(1) a record and O(g) for each group of
    /// g bounds that loses some.
    private func remove(_ removed: [Record]) {
        var emptied: [Int: Set<ObjectIdentifier>] = [:]
        for record in removed {
            built[ObjectIdentifier(record.constraint)] = nil
            if let handle = record.handle {
                removeFromSolver(handle)
            } else if let group = record.group {
                emptied[group, default: []].insert(ObjectIdentifier(record.constraint))
            }
        }
        // Bounds leave their groups together: one pass over each group.
        for (group, gone) in emptied.sorted(by: { $0.key < $1.key }) {
            bounds[group].removeAll { gone.contains(ObjectIdentifier($0)) }
            if bounds[group].isEmpty, let handle = boundHandles[group] {
                removeFromSolver(handle)
                boundHandles[group] = nil
            }
        }
        for record in removed {
            for box in record.boxes { release(box) }
        }
        compactEntries()
    }

    /// Lets go of one use of box `index`; a box no one uses leaves the system with its own
    /// constraints, and lets go of its parent.
    private func release(_ index: Int) {
        var next: Int? = index
        while let i = next, i != 0 {
            uses[i] -= 1
            guard uses[i] == 0 else { return }
            for handle in boxHandles[i] { removeFromSolver(handle) }
            boxHandles[i] = []
            contentShape[i] = nil
            if let view = boxes[i].held { indexOfView[ObjectIdentifier(view)] = nil }
            boxes[i].held = nil
            boxes[i].isRemoved = true
            next = boxes[i].parent
        }
    }

    /// Removes a solver constraint and forgets its entry, label and source.
    private func removeFromSolver(_ handle: Int) {
        solver.remove(handle)
        solverRemovals += 1
        guard let index = entryOfHandle.removeValue(forKey: handle) else { return }
        entries[index].isRemoved = true
        removedEntries += 1
        descriptions[entries[index].label] = nil
        sources[entries[index].label] = nil
    }

    /// Drops the removed entries once they are half of them, so that a pass costs what the
    /// system holds, not what it ever held.
    private func compactEntries() {
        guard removedEntries > 64, removedEntries * 2 > entries.count else { return }
        entries.removeAll { $0.isRemoved }
        removedEntries = 0
        entryOfHandle.removeAll(keepingCapacity: true)
        for (index, entry) in entries.enumerated() { entryOfHandle[entry.handle] = index }
        volatileHandles.removeAll { entryOfHandle[$0] == nil }
    }

    /// Whether every view of the system is still where it was, translates its mask as it
    /// did, and has the same kind of content size. Not `all`: only the watched boxes, when
    /// no view moved or switched its mask's translation since (`UIView.constraintScopeChanges`),
    /// so that a plain view placed by constraints, whose box has nothing else that could
    /// change (no content size), needs no look.
    private func matchesViews(all: Bool) -> Bool {
        func matches(_ index: Int) -> Bool {
            let box = boxes[index]
            guard !box.isRemoved else { return true }
            if let view = box.held, let parent = box.parent {
                let translates = view.translatesAutoresizingMaskIntoConstraints, held = translates || isPlacedFromAbove(view)
                guard view.superview === self.view(boxes[parent]), held == (box.shares != nil) else { return false }
                if translates, shares(of: view, parentIsFixed: parent == 0 && fitting == nil) != box.shares { return false }
            }
            return contentShape[index] == contentShapeOf(self.view(box), in: index)
        }
        return all ? boxes.indices.allSatisfy(matches) : watchedBoxes.allSatisfy(matches)
    }

    /// Moves every number that changed since the last solve; false when the required
    /// constraints no longer hold together (the system must then be built anew).
    ///
    /// With `noted` (the journal's constraints), only the numbers that may change without
    /// a note (`volatileHandles`) and those of the constraints noted are looked at: an
    /// app's constraint changes its constant only with a note. In the order of `entries`
    /// either way.
    private func refresh(target: CGSize?, noted: [NSLayoutConstraint]?) -> Bool {
        let sizes = contentSizes()
        func move(_ i: Int) -> Bool {
            guard !entries[i].isRemoved else { return true }
            let value = currentConstant(entries[i].source, target: target, contentSizes: sizes)
            guard value.isFinite else { return false }
            if value != entries[i].constant {
                entries[i].constant = value
                guard solver.setConstant(entries[i].handle, value) else { return false }
            }
            return true
        }
        guard let noted else { return entries.indices.allSatisfy(move) }
        var indices = Set(volatileHandles.compactMap { entryOfHandle[$0] })
        for constraint in noted {
            if let handle = built[ObjectIdentifier(constraint)]?.handle, let i = entryOfHandle[handle] { indices.insert(i) }
        }
        return indices.sorted().allSatisfy(move)
    }

    /// Refreshes, then solves again while a multi-line label came out at another width than
    /// the one its height was measured at (three times at most); false when a refresh fails.
    /// With `noted`, the refresh looks at the numbers that may have changed (see `refresh`).
    @discardableResult
    private func settleLabels(target: CGSize?, noted: [NSLayoutConstraint]? = nil) -> Bool {
        for attempt in 0 ..< 3 {
            guard refresh(target: target, noted: noted) else { return false }
            var changed = false
            // A wrapping view is of a subclass: its box is watched.
            for index in watchedBoxes where !boxes[index].isRemoved {
                let box = boxes[index], view = view(box)
                guard isWrapping(view), box.held != nil || fitting != nil else { continue }
                let width = CGFloat(solver.value(of: box.width))
                if abs((measuredWidth(of: view) ?? -1) - width) > 0.5 {
                    labelWidths[ObjectIdentifier(view)] = MeasuredWidth(width: width, text: shownText(of: view),
                                                                        font: (view as? UILabel)?.font)
                    changed = true
                }
            }
            if !changed || attempt == 2 { return true }
        }
        return true
    }

    private func view(_ box: Box) -> UIView { box.held ?? root }

    /// The width a wrapping view was last measured at, while a label still shows the text
    /// it showed then; nil before it is measured, and after its text changed: new text is
    /// measured afresh, from its own lines, and not wrapped at the width of the old (a
    /// reused cell's "Jo Anne" had been broken into letters at the width "Li" needed, where
    /// constraints leave the width to the text).
    private func measuredWidth(of view: UIView) -> CGFloat? {
        guard let measured = labelWidths[ObjectIdentifier(view)] else { return nil }
        if view is UILabel || view is UITextView, shownText(of: view) != measured.text { return nil }
        if let label = view as? UILabel, label.font != measured.font { return nil }
        return measured.width
    }

    /// The text a label or a text view shows, which its measured width goes with: a text
    /// view typed into is measured afresh, and grows sideways before it wraps, as a label
    /// does. A label's width goes with its font too (``MeasuredWidth/font``).
    private func shownText(of view: UIView) -> String? {
        (view as? UILabel)?.text ?? (view as? UITextView)?.text
    }

    /// Whether the system holds `view` where it is, as it holds a view that translates its
    /// autoresizing mask: such a view, or one that a layout root above this one places.
    private func isHeld(_ view: UIView) -> Bool {
        view.translatesAutoresizingMaskIntoConstraints || isPlacedFromAbove(view)
    }

    /// Whether an active constraint naming `view` is installed outside this root's subtree
    /// (laying out, not measuring): a subview of a cell's content view pinned to the cell
    /// itself, as Xcode's cells are, while the content view is this root. The root above
    /// solves that constraint and places the view; solved here without it, the view would
    /// land elsewhere (a bar pinned to the cell's trailing edge, 0 wide), so it is held
    /// where that root put it, and the views here that depend on it follow it.
    private func isPlacedFromAbove(_ view: UIView) -> Bool {
        // (Asked of every view placed in every pass: nothing to look for, in the common
        // case, while no active constraint reaches into a nested root.)
        guard NSLayoutConstraint.reachingIntoNestedRoots > 0, fitting == nil, view !== root, root.superview != nil,
              !view.namingConstraints.isEmpty else { return false }
        for constraint in view.namingConstraints.values {
            if let owner = constraint.owner, owner !== root, !owner.isInside(root) { return true }
        }
        return false
    }

    /// Whether `view`'s height depends on the width the solve gives it (a wrapping label,
    /// list content), so it is measured at that width.
    private func isWrapping(_ view: UIView) -> Bool {
        guard let dependent = view as? WidthDependentHeight else { return false }
        return dependent.heightDependsOnWidth && (!isHeld(view) || view === root)
    }

    // MARK: Numbers

    /// The expression constant `source` stands for now: minus the value the constraint holds its expression to.
    private func currentConstant(_ source: Source, target: CGSize?, contentSizes: [Int: CGSize]) -> Double {
        switch source {
        case .constraint(let c):
            var constant = -Double(c.constant)
            if c.firstAttribute == .firstBaseline || c.firstAttribute == .lastBaseline {
                constant += baselineOffset(c.firstView, c.firstAttribute)
            }
            if c.secondAttribute == .firstBaseline || c.secondAttribute == .lastBaseline {
                constant -= Double(c.multiplier) * baselineOffset(c.secondView, c.secondAttribute)
            }
            return constant
        case .root(let edge):
            if edge >= 2, let target, fitting != nil { return -Double(edge == 2 ? target.width : target.height) }
            let b = root.bounds
            // A scroll view's subtree is solved in content coordinates (see `isContentSpace`).
            if edge < 2 && Self.isContentSpace(root) { return 0 }
            return -Double([b.minX, b.minY, b.width, b.height][edge])
        case .frame(let index, let edge):
            let box = boxes[index], view = view(box), parent = view.superview!
            let shares = box.shares ?? MaskShares()
            let size = view.bounds.size, parentSize = parent.bounds.size
            let origin = Self.isContentSpace(parent) ? .zero : parent.bounds.origin
            let left = view.center.x - size.width / 2 - origin.x
            let top = view.center.y - size.height / 2 - origin.y
            // The frame now, less what the superview's size contributes through the shares.
            return -Double([left - CGFloat(shares.left) * parentSize.width, top - CGFloat(shares.top) * parentSize.height,
                            size.width - CGFloat(shares.width) * parentSize.width,
                            size.height - CGFloat(shares.height) * parentSize.height][edge])
        case .content(let index, let axis):
            let size = contentSizes[index] ?? .zero
            return -Double(axis == 0 ? size.width : size.height)
        case .bound(let group):
            return -Double(tightest(bounds[group]).constant)
        case .scrollContent(let index, let edge):
            guard let scroll = view(boxes[index]) as? UIScrollView else { return 0 }
            let b = scroll.bounds, size = scroll.contentSize
            return -Double([b.minX, b.minY, size.width, size.height][edge])
        }
    }

    /// Where a label's first or last baseline is, from its vertical centre (a label draws
    /// its text centred in its bounds): its text laid out at the width it was given. 0 for
    /// a view without text, whose baselines are its bottom edge.
    private func baselineOffset(_ view: UIView?, _ attribute: NSLayoutConstraint.Attribute) -> Double {
        guard let label = view as? UILabel, let text = label.text, !text.isEmpty else { return 0 }
        let width: CGFloat? = if label.numberOfLines == 1 { nil }
            else if label.preferredMaxLayoutWidth > 0 { label.preferredMaxLayoutWidth }
            else { measuredWidth(of: label) ?? label.bounds.width }
        let layout = label.layout(forWidth: width.map { max(1, $0) })
        let baseline = attribute == .firstBaseline ? layout.firstBaseline : layout.lastBaseline
        return Double(baseline - layout.size.height / 2)
    }

    /// Each box's intrinsic size (nil for a box without content-size constraints); a
    /// wrapping label's is its text's size wrapped at the width it was last given (UIKit's
    /// automatic preferred width), one line's before it was given any.
    ///
    /// Only watched boxes can have one (see `watchedBoxes`).
    private func contentSizes() -> [Int: CGSize] {
        var sizes: [Int: CGSize] = [:]
        for index in watchedBoxes where index < contentShape.count && contentShape[index] != nil {
            let view = view(boxes[index])
            if isWrapping(view), let dependent = view as? WidthDependentHeight, let width = measuredWidth(of: view) {
                sizes[index] = dependent.contentSize(forLayoutWidth: max(1, width))
            } else {
                sizes[index] = view.intrinsicContentSize
            }
        }
        return sizes
    }

    /// Whether the view gets content-size constraints, and at which priorities.
    private func contentShapeOf(_ view: UIView, in index: Int) -> ContentShape? {
        guard index != 0 || fitting != nil else { return nil }
        guard !isHeld(view) || index == 0 else { return nil }
        // A wrapping view measured before is sized at its width (see contentSizes), never
        // without a metric: no need to lay a label's text out on one line to know that.
        let measured = isWrapping(view) && measuredWidth(of: view) != nil
        let size = measured ? .zero : view.intrinsicContentSize
        let hasWidth = size.width != UIView.noIntrinsicMetric && size.width >= 0
        let hasHeight = size.height != UIView.noIntrinsicMetric && size.height >= 0
        guard hasWidth || hasHeight else { return nil }
        return ContentShape(hugging: (view.huggingPriorities.horizontal.rawValue, view.huggingPriorities.vertical.rawValue),
                            compression: (view.compressionPriorities.horizontal.rawValue,
                                          view.compressionPriorities.vertical.rawValue),
                            hasWidth: hasWidth, hasHeight: hasHeight)
    }

    /// The shares of its superview's growth a translated view's margins and size take
    /// (autoresizing distributes it among the flexible parts in proportion to their size,
    /// or equally when they are all zero); all zero under a fixed superview.
    private func shares(of view: UIView, parentIsFixed: Bool) -> MaskShares {
        guard !parentIsFixed, let parent = view.superview else { return MaskShares() }
        let mask = view.autoresizingMask, frame = view.frame, outer = parent.bounds.size
        func split(_ flexible: [Bool], _ parts: [CGFloat]) -> (Double, Double) {
            let count = flexible.filter { $0 }.count
            guard count > 0 else { return (0, 0) }
            let sizes = zip(flexible, parts).map { $0 ? max(0, $1) : 0 }
            let total = sizes.reduce(0, +)
            func share(_ i: Int) -> Double {
                guard flexible[i] else { return 0 }
                return total > 0 ? Double(sizes[i] / total) : 1 / Double(count)
            }
            return (share(0), share(1))
        }
        let x = split([mask.contains(.flexibleLeftMargin), mask.contains(.flexibleWidth), mask.contains(.flexibleRightMargin)],
                      [frame.minX, frame.width, outer.width - frame.maxX])
        let y = split([mask.contains(.flexibleTopMargin), mask.contains(.flexibleHeight), mask.contains(.flexibleBottomMargin)],
                      [frame.minY, frame.height, outer.height - frame.maxY])
        return MaskShares(left: x.0, width: x.1, top: y.0, height: y.1)
    }

    // MARK: Building

    /// Adds `added` (constraints activated since the system was built) to the solver in the
    /// order they were activated, and the content-size constraints of the views they bring:
    /// the work is that of the new constraints, not of the whole system. False when one
    /// conflicts (the system must then be built anew, which reports it).
    private func extend(with added: [NSLayoutConstraint], target: CGSize?) -> Bool {
        guard !added.isEmpty else { return true }
        buildTarget = target
        let conflicts = ConflictLog()
        solver.onUnsatisfiable = { _, broken, conflicting in
            conflicts.record(broken: broken.label, conflicting: conflicting.map(\.label))
        }
        let firstNewBox = boxes.count
        // A bound joining a group already in the solver moves its number (refresh does).
        groupBounds(added)
        for constraint in added.sorted(by: { $0.activationStamp < $1.activationStamp }) { add(constraint) }
        addIntrinsicSizes(from: firstNewBox)
        return conflicts.reports.withLock { $0.isEmpty }
    }

    /// While building: the target and intrinsic sizes the new constraints start from.
    private var buildTarget: CGSize?
    private var buildSizes: [Int: CGSize] = [:]

    /// Adds every constraint of the system to a new solver, with the numbers of the moment.
    private func build(_ constraints: [NSLayoutConstraint], target: CGSize?, reportConflicts: Bool) {
        buildTarget = target
        let conflicts = ConflictLog()
        solver.onUnsatisfiable = { _, broken, conflicting in
            conflicts.record(broken: broken.label, conflicting: conflicting.map(\.label))
        }
        _ = box(for: root)
        groupBounds(constraints)
        // In the order they were activated, not the order they are installed in (by view):
        // a chain's link to the view before then comes after that view's size. Installed
        // order puts every link before every size, and each size added later rewrites
        // every row after it in the chain (cubic time where the rows are long).
        for constraint in constraints.sorted(by: { $0.activationStamp < $1.activationStamp }) { add(constraint) }
        addIntrinsicSizes()
        let reports = conflicts.reports.withLock { $0 }
        hadConflicts = !reports.isEmpty
        guard reportConflicts else { return }
        for (broken, conflicting) in reports { report(broken: broken, conflicting: conflicting) }
    }

    /// Adds a solver constraint whose constant follows `source`; the expression's own
    /// constant is ignored. Returns its handle.
    @discardableResult
    private func add(_ expression: LinearExpression, _ relation: LayoutConstraint.Relation, priority: Float = 1000,
                     label: String, source: Source?) -> Int {
        var expression = expression
        let constant = source.map { currentConstant($0, target: buildTarget, contentSizes: buildSizes) } ?? expression.constant
        expression.constant = constant.isFinite ? constant : 0
        let handle = solver.add(LayoutConstraint(expression, relation, priority: priority, label: label))
        solverAdditions += 1
        if let source {
            entryOfHandle[handle] = entries.count
            entries.append(Entry(source: source, handle: handle, constant: expression.constant, label: label))
            if Self.isVolatile(source) { volatileHandles.append(handle) }
        }
        return handle
    }

    /// Whether the number `source` stands for may change without a note (see
    /// `noteChanged`): all but an app's constraint's constant, which changes through its
    /// setter; a baseline's offset moves with the label's text.
    private static func isVolatile(_ source: Source) -> Bool {
        guard case .constraint(let c) = source else { return true }
        func isBaseline(_ a: NSLayoutConstraint.Attribute) -> Bool { a == .firstBaseline || a == .lastBaseline }
        return isBaseline(c.firstAttribute) || isBaseline(c.secondAttribute)
    }

    /// A new label for a solver constraint: `prefix` and a number.
    private func makeLabel(_ prefix: String) -> String {
        nextLabel += 1
        return prefix + String(nextLabel)
    }

    /// The number the solver constraint `handle` holds now (for reports).
    private func entryConstant(_ handle: Int) -> Double { entryOfHandle[handle].map { -entries[$0].constant } ?? .nan }

    /// UIKit's content-size constraints for every solved-for view with an intrinsic size,
    /// among the boxes from `start` on (those made since the last call).
    private func addIntrinsicSizes(from start: Int = 0) {
        contentShape += boxes.indices[start...].map { contentShapeOf(view(boxes[$0]), in: $0) }
        buildSizes = contentSizes()
        for index in start ..< boxes.count {
            let box = boxes[index]
            guard let shape = contentShape[index] else { continue }
            let name = String(describing: type(of: view(box)))
            if shape.hasWidth {
                addContentSize(LinearExpression(box.width), index: index, axis: 0, hugging: shape.hugging.0,
                               compression: shape.compression.0, what: "\(name).width")
            }
            if shape.hasHeight {
                addContentSize(LinearExpression(box.height), index: index, axis: 1, hugging: shape.hugging.1,
                               compression: shape.compression.1, what: "\(name).height")
            }
        }
    }

    private func addContentSize(_ dimension: LinearExpression, index: Int, axis: Int, hugging: Float, compression: Float,
                                what: String) {
        let hugLabel = makeLabel("h")
        let hug = add(dimension, .lessThanOrEqual, priority: min(max(hugging, 1), 1000), label: hugLabel,
                      source: .content(box: index, axis))
        descriptions[hugLabel] = { [unowned self] in
            "<NSContentSizeLayoutConstraint \(what) <= \(self.entryConstant(hug)) hug:\(Int(hugging))>"
        }
        // Two views too long together at the same resistance (a name and a count, both at
        // 750) leave UIKit free to squeeze either, the short one below zero as readily as
        // the long one. Tabula squeezes the one with more content first: each point of its
        // resistance weighs a little less (at most a hundredth of one priority step, so no
        // real difference of priority is crossed), and a size below zero is resisted half
        // a step harder than the resistance itself.
        let resistance = min(max(compression, 1), 1000)
        let size = Double(axis == 0 ? buildSizes[index]?.width ?? 0 : buildSizes[index]?.height ?? 0)
        // A size that is not a number (an app's intrinsicContentSize) breaks no tie.
        let weighed = size.isFinite ? min(max(size, 0), Self.tieBreakSpan) : 0
        let lighter = resistance < 1000 ? Float(weighed / Self.tieBreakSpan) / 100 : 0
        let compressLabel = makeLabel("k")
        let compress = add(dimension, .greaterThanOrEqual, priority: resistance - lighter, label: compressLabel,
                           source: .content(box: index, axis))
        descriptions[compressLabel] = { [unowned self] in
            "<NSContentSizeLayoutConstraint \(what) >= \(self.entryConstant(compress)) compressionResistance:\(Int(compression))>"
        }
        boxHandles[index] += [hug, compress]
        if resistance < 1000 {
            let floorLabel = makeLabel("z")
            let floor = add(dimension, .greaterThanOrEqual, priority: min(resistance + 0.5, 999.5), label: floorLabel, source: nil)
            descriptions[floorLabel] = { "<NSContentSizeLayoutConstraint \(what) >= 0 compressionResistance:\(Int(compression))>" }
            boxHandles[index].append(floor)
        }
    }

    /// The content size (points) past which more content no longer makes a view squeeze
    /// first (see `addContentSize`).
    private static let tieBreakSpan = 10_000.0

    private static func isUsable(_ constraint: NSLayoutConstraint) -> Bool {
        constraint.constant.isFinite && constraint.multiplier.isFinite
            && constraint.priority.rawValue > 0 && constraint.priority.rawValue <= 1000
    }

    /// Whether the constraint's leading and trailing are right and left: it names one, and
    /// the view it is installed on lays out right to left.
    private static func isRightToLeft(_ constraint: NSLayoutConstraint) -> Bool {
        func isDirectional(_ a: NSLayoutConstraint.Attribute) -> Bool {
            [.leading, .trailing, .leadingMargin, .trailingMargin].contains(a)
        }
        guard isDirectional(constraint.firstAttribute) || isDirectional(constraint.secondAttribute) else { return false }
        let container = constraint.owner ?? constraint.firstView
        return container?.effectiveUserInterfaceLayoutDirection == .rightToLeft
    }

    /// The bound of `group` that decides: the largest of lower bounds, the smallest of upper ones.
    private func tightest(_ group: [NSLayoutConstraint]) -> NSLayoutConstraint {
        let lower = group[0].relation == .greaterThanOrEqual
        return group.max { lower ? $0.constant < $1.constant : $0.constant > $1.constant }!
    }

    /// Adds an app's constraint to the solver (or its bound to its group) and records it in `built`.
    private func add(_ constraint: NSLayoutConstraint) {
        let usable = Self.isUsable(constraint), rightToLeft = Self.isRightToLeft(constraint)
        var held: [Int] = []
        var handle: Int?
        // A bound is in its group (see groupBounds) whether or not its view is in the subtree.
        let group = Self.isBound(constraint) ? boundGroups[Self.boundKey(constraint)] : nil
        defer {
            built[ObjectIdentifier(constraint)] = Record(
                constraint: constraint, priority: constraint.priority.rawValue, rightToLeft: rightToLeft, usable: usable,
                order: nextOrder, handle: handle, group: group, boxes: held)
            nextOrder += 1
            for box in held { uses[box] += 1 }
        }
        let second = constraint.secondAttribute == .notAnAttribute ? nil : constraint.secondView
        guard var first = constraint.firstView else { return }
        var secondView = second
        // A margin attribute is the margins guide's edge (made when the constraint was activated).
        var (firstAttribute, secondAttribute) = (constraint.firstAttribute, constraint.secondAttribute)
        if let edge = firstAttribute.withoutMargins, let guide = first.systemGuideStorage?.margins?.guide {
            (first, firstAttribute) = (guide.proxy, edge)
        }
        if let edge = secondAttribute.withoutMargins, let guide = secondView?.systemGuideStorage?.margins?.guide {
            (secondView, secondAttribute) = (guide.proxy, edge)
        }
        if let second = secondView {
            // A scroll view's edges against its content are its content area's (UIKit's rule).
            if let area = Self.contentArea(first, firstAttribute, other: second) { first = area }
            else if let area = Self.contentArea(second, secondAttribute, other: first) { secondView = area }
        }
        guard let firstBox = box(for: first) else { return }
        held.append(firstBox)
        guard usable else {
            if !constraint.conflictReported {
                constraint.conflictReported = true
                NSLayoutConstraint.report("Ignoring \(constraint.description): its constant, multiplier "
                    + "or priority is not usable (finite numbers, priority 1...1000).", about: first)
            }
            return
        }
        if let group {
            addBound(constraint, group: group, box: firstBox)
            return
        }
        var rhs = LinearExpression(0)
        if let second = secondView {
            guard let secondBox = box(for: second) else { return }
            held.append(secondBox)
            rhs = expression(boxes[secondBox], secondAttribute, rightToLeft) * Double(constraint.multiplier)
        }
        let lhs = expression(boxes[firstBox], firstAttribute, rightToLeft)
        let relation: LayoutConstraint.Relation = switch constraint.relation {
        case .equal: .equal
        case .lessThanOrEqual: .lessThanOrEqual
        case .greaterThanOrEqual: .greaterThanOrEqual
        }
        let label = makeLabel("c")
        sources[label] = constraint
        descriptions[label] = { constraint.description }
        handle = add(lhs - rhs, relation, priority: constraint.priority.rawValue, label: label, source: .constraint(constraint))
    }

    /// Whether `constraint` is a required bound of a length by a constant (`width >= 10`):
    /// those of one view, length and direction share one solver constraint (see `addBound`).
    private static func isBound(_ constraint: NSLayoutConstraint) -> Bool {
        constraint.secondAttribute == .notAnAttribute && constraint.relation != .equal
            && constraint.priority == .required && constraint.firstView != nil && isUsable(constraint)
    }

    /// Puts each bound of `constraints` in its group (before any is added to the solver,
    /// so that a group's solver constraint starts at the tightest of its bounds).
    private func groupBounds(_ constraints: [NSLayoutConstraint]) {
        for constraint in constraints where Self.isBound(constraint) {
            let key = Self.boundKey(constraint)
            if let group = boundGroups[key] {
                bounds[group].append(constraint)
            } else {
                boundGroups[key] = bounds.count
                bounds.append([constraint])
                boundHandles.append(nil)
            }
        }
    }

    /// Adds the solver constraint of the group of `constraint` (see `groupBounds`) unless
    /// the group has one: it holds the tightest of the group's bounds (see
    /// `currentConstant`). One solver constraint a bound would make the solver pivot the
    /// length's row at each tighter bound and rewrite every earlier bound's row: 100,000
    /// bounds on one view took 20 minutes.
    private func addBound(_ constraint: NSLayoutConstraint, group: Int, box: Int) {
        guard boundHandles[group] == nil else { return }
        let label = makeLabel("c")
        sources[label] = constraint
        descriptions[label] = { [unowned self] in tightest(bounds[group]).description }
        let relation: LayoutConstraint.Relation = constraint.relation == .lessThanOrEqual ? .lessThanOrEqual : .greaterThanOrEqual
        boundHandles[group] = add(expression(boxes[box], constraint.firstAttribute, false), relation, label: label,
                                  source: .bound(group))
    }

    /// The group of a bound (see `isBound`).
    private static func boundKey(_ constraint: NSLayoutConstraint) -> BoundKey {
        BoundKey(view: ObjectIdentifier(constraint.firstView!), attribute: constraint.firstAttribute, relation: constraint.relation)
    }

    /// The expression of `attribute` of `box`. Right to left, a constraint's horizontal
    /// positions are mirrored (x becomes −x), so leading is the right edge and a positive
    /// constant moves toward the trailing (left) side.
    private func expression(_ box: Box, _ attribute: NSLayoutConstraint.Attribute, _ rightToLeft: Bool) -> LinearExpression {
        let left = LinearExpression(box.left), top = LinearExpression(box.top)
        let width = LinearExpression(box.width), height = LinearExpression(box.height)
        let mirror: Double = rightToLeft ? -1 : 1
        return switch attribute {
        case .left: left
        case .right: left + width
        case .leading: (rightToLeft ? left + width : left) * mirror
        case .trailing: (rightToLeft ? left : left + width) * mirror
        case .top: top
        case .bottom: top + height
        // A label's baselines are its centre plus an offset its text decides (the
        // constraint's constant carries it: see baselineOffset); other views', the bottom.
        case .firstBaseline, .lastBaseline: box.held.map { $0 is UILabel } ?? (root is UILabel) ? top + height * 0.5 : top + height
        case .width: width
        case .height: height
        case .centerX: (left + width * 0.5) * mirror
        case .centerY: top + height * 0.5
        // Margin attributes were taken to the margins guide's edges (see `add`); a guide has none.
        case .notAnAttribute, .leftMargin, .rightMargin, .topMargin, .bottomMargin, .leadingMargin, .trailingMargin,
             .centerXWithinMargins, .centerYWithinMargins: LinearExpression(0)
        }
    }

    /// The index of `view`'s box, making it (and its ancestors') on first use; nil when
    /// the view is not in the root's subtree.
    private func box(for view: UIView) -> Int? {
        if let index = indexOfView[ObjectIdentifier(view)] { return index }
        let name = String(describing: type(of: view))
        if view === root {
            let index = makeBox(view, parent: nil, shares: nil)
            uses[index] = 1   // the system's own: the root's box stays
            let box = boxes[index]
            fixRequired(LinearExpression(box.left), .root(0), "\(name).minX", box: index)
            fixRequired(LinearExpression(box.top), .root(1), "\(name).minY", box: index)
            if let fitting {
                // Measuring: the root's size is what the constraints make of the target.
                add(LinearExpression(box.width), .equal, priority: fitting.horizontal.rawValue, label: "fit.width", source: .root(2))
                add(LinearExpression(box.height), .equal, priority: fitting.vertical.rawValue, label: "fit.height", source: .root(3))
                add(LinearExpression(box.width), .greaterThanOrEqual, label: "fit.width >= 0", source: nil)
                add(LinearExpression(box.height), .greaterThanOrEqual, label: "fit.height >= 0", source: nil)
            } else {
                fixRequired(LinearExpression(box.width), .root(2), "\(name).width", box: index)
                fixRequired(LinearExpression(box.height), .root(3), "\(name).height", box: index)
            }
            return index
        }
        guard let parent = view.superview, let parentIndex = box(for: parent) else { return nil }
        // A view held where a root above put it keeps its frame: no margin or size flexes.
        let shares = view.translatesAutoresizingMaskIntoConstraints
            ? self.shares(of: view, parentIsFixed: parentIndex == 0 && fitting == nil)
            : isPlacedFromAbove(view) ? MaskShares() : nil
        let index = makeBox(view, parent: parentIndex, shares: shares)
        uses[parentIndex] += 1
        if let area = (view as? LayoutGuideProxy)?.guide as? ScrollAreaGuide {
            pinScrollArea(area, box: index, scroll: parentIndex)
        }
        if let shares {
            let p = boxes[parentIndex], b = boxes[index]
            let within = parentIndex == 0 ? "" : "superview.minX + "
            fixRequired(LinearExpression(b.left) - LinearExpression(p.left) - LinearExpression(p.width) * shares.left,
                        .frame(box: index, 0), "\(name).minX == \(within)", box: index)
            fixRequired(LinearExpression(b.top) - LinearExpression(p.top) - LinearExpression(p.height) * shares.top,
                        .frame(box: index, 1), "\(name).minY == \(within.replacingOccurrences(of: "X", with: "Y"))", box: index)
            fixRequired(LinearExpression(b.width) - LinearExpression(p.width) * shares.width,
                        .frame(box: index, 2), "\(name).width ==", box: index)
            fixRequired(LinearExpression(b.height) - LinearExpression(p.height) * shares.height,
                        .frame(box: index, 3), "\(name).height ==", box: index)
        }
        return index
    }

    /// Whether the boxes of `view`'s subviews are in its content's coordinates, not its
    /// bounds': a scroll view's are, so that scrolling moves no number of the system but
    /// where its frame guide is (see `pinScrollArea`).
    private static func isContentSpace(_ view: UIView) -> Bool { view is UIScrollView }

    /// Places a scroll view's content or frame guide, whose box is `index`, in the box of
    /// its scroll view (whose subviews' boxes are in content coordinates).
    ///
    /// The content guide's corner is the scroll view's; its size is the content size:
    /// held there for a scroll view that sizes its own content (a table), and otherwise
    /// free for the constraints to decide, the content size as it is being only the
    /// weakest preference (an axis the constraints leave open keeps the size the app
    /// set). `layOut` then makes what was solved the scroll view's content size. The
    /// frame guide is the scroll view's size, at the content offset: a view pinned to it
    /// stays put on screen, and is placed again at each pass after a scroll.
    private func pinScrollArea(_ guide: ScrollAreaGuide, box index: Int, scroll: Int) {
        let g = boxes[index], s = boxes[scroll]
        let (left, top) = (LinearExpression(g.left), LinearExpression(g.top))
        let (width, height) = (LinearExpression(g.width), LinearExpression(g.height))
        var handles: [Int] = []
        func pin(_ expression: LinearExpression, _ source: Source?, priority: Float = 1000, _ what: String) {
            let label = makeLabel("s")
            let handle = add(expression, .equal, priority: priority, label: label, source: source)
            descriptions[label] = { [unowned self] in
                "<NSLayoutConstraint \(guide.identifier).\(what) \(source == nil ? "" : "\(-self.entryConstant(handle))")>"
            }
            handles.append(handle)
        }
        switch guide.area {
        case .frame:
            pin(left - LinearExpression(s.left), .scrollContent(box: scroll, 0), "minX == contentOffset.x")
            pin(top - LinearExpression(s.top), .scrollContent(box: scroll, 1), "minY == contentOffset.y")
            pin(width - LinearExpression(s.width), nil, "width == scrollView.width")
            pin(height - LinearExpression(s.height), nil, "height == scrollView.height")
        case .content:
            let follows = (view(s) as? UIScrollView)?.contentSizeFollowsConstraints ?? false
            pin(left - LinearExpression(s.left), nil, "minX == 0")
            pin(top - LinearExpression(s.top), nil, "minY == 0")
            pin(width, .scrollContent(box: scroll, 2), priority: follows ? 1 : 1000, "width == contentSize.width")
            pin(height, .scrollContent(box: scroll, 3), priority: follows ? 1 : 1000, "height == contentSize.height")
            handles.append(add(width, .greaterThanOrEqual, label: makeLabel("s"), source: nil))
            handles.append(add(height, .greaterThanOrEqual, label: makeLabel("s"), source: nil))
            if follows { scrollContentBoxes.append(index) }
        }
        boxHandles[index] += handles
    }

    /// The content guides' boxes of scroll views whose content size the constraints decide.
    private var scrollContentBoxes: [Int] = []

    /// Gives each scroll view whose content guide is in the system the content size the
    /// constraints decided for it (see `pinScrollArea`).
    private func sizeScrollContent() {
        scrollContentBoxes.removeAll { boxes[$0].isRemoved }
        for index in scrollContentBoxes {
            guard let proxy = boxes[index].held, let scroll = proxy.superview as? UIScrollView else { continue }
            let size = CGSize(width: max(0, value(boxes[index].width)), height: max(0, value(boxes[index].height)))
            if scroll.contentSize != size { scroll.contentSize = size }
        }
    }

    /// UIKit's rule for a scroll view's edges: in a constraint with a view inside the
    /// scroll view, its leading, trailing, left, right, top and bottom are the content's
    /// (its content layout guide's); its width, height and centre, and every attribute
    /// in a constraint with a view outside it, are its frame's. Returns the content
    /// guide's stand-in where the rule applies to `view`'s side of a constraint, and the
    /// scroll view where `view` is its frame guide and the other side is outside it.
    private static func contentArea(_ view: UIView, _ attribute: NSLayoutConstraint.Attribute, other: UIView?) -> UIView? {
        // A scroll view's frame guide against a view outside the scroll view (or the
        // scroll view itself) is the scroll view's frame there: its box, which no offset moves.
        if let proxy = view as? LayoutGuideProxy, let guide = proxy.guide as? ScrollAreaGuide, guide.area == .frame,
           let scroll = proxy.superview, let other, other !== proxy, !other.isInside(scroll) || other === scroll {
            return scroll
        }
        guard let scroll = view as? UIScrollView, let other, other !== scroll else { return nil }
        switch attribute {
        case .left, .right, .top, .bottom, .leading, .trailing: break
        default: return nil
        }
        guard other.isInside(scroll) else { return nil }
        // The scroll view's own guides (margins, safe area, frame) keep to its frame.
        if let proxy = other as? LayoutGuideProxy, proxy.superview === scroll, scroll.isSystemGuide(proxy) { return nil }
        return scroll.contentLayoutGuide.proxy
    }

    private func makeBox(_ view: UIView, parent: Int?, shares: MaskShares?) -> Int {
        let box = Box(held: view === root ? nil : view, parent: parent,
                      left: solver.makeVariable("left"), top: solver.makeVariable("top"),
                      width: solver.makeVariable("width"), height: solver.makeVariable("height"), shares: shares)
        boxes.append(box)
        uses.append(0)
        boxHandles.append([])
        childBoxes.append([])
        let index = boxes.count - 1
        indexOfView[ObjectIdentifier(view)] = index
        if let parent { childBoxes[parent].append(index) }
        for variable in [box.left, box.top, box.width, box.height] {
            if boxOfVariable.count <= variable.id {
                boxOfVariable += repeatElement(-1, count: variable.id + 1 - boxOfVariable.count)
            }
            boxOfVariable[variable.id] = Int32(index)
        }
        if parent == nil || shares != nil || type(of: view) != UIView.self { watchedBoxes.append(index) }
        return index
    }

    /// A required equality standing for a frame the solver may not move (or may move only
    /// as the mask says); its report shows the number it holds at the time.
    private func fixRequired(_ expression: LinearExpression, _ source: Source, _ what: String, box: Int) {
        let label = makeLabel("a")
        let handle = add(expression, .equal, label: label, source: source)
        descriptions[label] = { [unowned self] in "<NSAutoresizingMaskLayoutConstraint \(what) \(self.entryConstant(handle))>" }
        boxHandles[box].append(handle)
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
            + "\nWill attempt to recover by breaking constraint\n    " + (descriptions[broken]?() ?? broken),
            about: sources[broken]?.firstView ?? root)
    }

    /// The solved value of `variable`, without the rounding noise of incremental solving.
    private func value(_ variable: LayoutVariable) -> Double { Self.clean(solver.value(of: variable)) }

    /// `value` snapped to the nearest 1/64 point when it is within 10⁻⁶ of it: the sums of
    /// a system updated in place drift by a few ulps, which must not show as 372.00000000000006.
    private static func clean(_ value: Double) -> Double {
        let snapped = (value * 64).rounded() / 64
        return abs(snapped - value) < 1e-6 ? snapped : value
    }

    /// Sets the bounds size and center of solved-for views, in their superviews'
    /// coordinates; superviews first, as their boxes come first. Their edges are rounded
    /// to the root's pixels (see `place`), so a pass at another scale sets them all.
    ///
    /// `changedOnly` (the system kept from the last pass, whose solver has noted since
    /// which variables moved): only the views whose values moved, their subviews when
    /// their position did (a frame is relative to the superview's), and the views new to
    /// the system; every other view has the frame the last pass gave it, unless a frame
    /// changed since (`CALayer.geometryChanges`: the app, an animation or a layout moved a
    /// view), when all are set as a pass that builds anew would. Setting a frame can move
    /// others (a superview's new size autoresizes its subviews): when one of those moves
    /// happens, all are set again, so that each view ends where the solution says.
    ///
    /// - Complexity: O(k log k) for k views set, with `changedOnly`; O(n) for all n otherwise.
    private func apply(changedOnly: Bool = false) {
        let moved = solver.takeChangedVariables()
        let scale = pixelScale
        defer {
            geometryChangesSeen = CALayer.geometryChanges
            boxesBeforePass = boxes.count
            scaleApplied = scale
        }
        guard changedOnly, geometryChangesSeen == CALayer.geometryChanges, scaleApplied == scale else {
            applyAll(scale: scale)
            return
        }
        // The boxes to place, each once, in index order (parents before children): marks
        // and a list rather than a set, so that moving thousands of views costs no hashing,
        // and a walk over the marks instead of a sort when many are due.
        var isDue = [Bool](repeating: false, count: boxes.count)
        var due: [Int] = []
        func mark(_ index: Int) {
            if !isDue[index] { isDue[index] = true; due.append(index) }
        }
        for variable in moved where variable.id < boxOfVariable.count {
            let index = Int(boxOfVariable[variable.id])
            guard index >= 0 else { continue }
            mark(index)
            let box = boxes[index]
            if variable == box.left || variable == box.top { childBoxes[index].forEach(mark) }
        }
        (boxesBeforePass ..< boxes.count).forEach(mark)
        if due.count * 16 > boxes.count {
            due = isDue.indices.filter { isDue[$0] }
        } else {
            due.sort()
        }
        let before = CALayer.geometryChanges
        let solver = self.solver   // one copy for the reads, not one a read
        var set = 0
        lastPassPlaced = due.count
        var origins = Origins()
        for index in due { set += place(index, solver, scale, &origins) }
        if CALayer.geometryChanges != before &+ set { applyAll(scale: scale) }
    }

    /// `apply` of every solved-for view.
    private func applyAll(scale: Double) {
        lastPassPlaced = boxes.count
        let solver = self.solver
        var origins = Origins()
        for index in boxes.indices { place(index, solver, scale, &origins) }
    }

    /// The pixels per point of the screen the root is shown on: its window's scale, else
    /// the scale of its traits (a table's cell held out of the table has its table's), else
    /// 1. (UIKit falls back to the main screen's scale; here that is the screen that showed
    /// a window last, which would make a view laid out outside any window land differently
    /// after an unrelated screen at another scale.)
    private var pixelScale: Double {
        let scale = root.window?.screenScale ?? root.traitCollection.displayScale
        return scale.isFinite && scale > 0 ? Double(scale) : 1
    }

    /// The last superview `place` read: its box, its solved left and top, its bounds'
    /// origin, and whether its subviews' frames are rounded to pixels (see `place`).
    /// Siblings come one after another, so one is enough.
    private struct Origins {
        var box = -1
        var left = 0.0, top = 0.0, minX = 0.0, minY = 0.0
        var rounds = true
    }

    /// Sets the bounds size and center of the view of box `index` (when it is solved for)
    /// to `solver`'s values; returns how many of the two it changed.
    ///
    /// As in UIKit, the frame's edges are rounded to the nearest pixel (1/`scale` point) in
    /// the superview's coordinates, each edge on its own: the left and right edges, not the
    /// left edge and the width, so that views the constraints put edge to edge still touch
    /// (both round the same number) and a view's width is off by at most one pixel. A value
    /// that is not finite is set as it was solved.
    ///
    /// A scroll view's own subviews are set as solved: its content offset comes to rest
    /// anywhere, not on a pixel, so rounding them in its content's coordinates would move a
    /// view pinned to its frame guide off the screen's pixels, by a different part of one
    /// at each offset, as the content scrolls under it (their subviews are rounded).
    ///
    /// So are the subviews of a view held by its frame (one that translates its autoresizing
    /// mask, below the root): such a view is a layout root of its own (a cell's content
    /// view), which holds a subview this system places (one pinned to the cell) where it is
    /// put. Rounded here, a subview whose own height constraint lies between pixels would
    /// be held there at a height its constraint does not allow, and every pass would report
    /// the two as a conflict.
    @discardableResult
    private func place(_ index: Int, _ solver: LayoutSolver, _ scale: Double, _ origins: inout Origins) -> Int {
        guard let view = boxes[index].held, !isHeld(view), let parentIndex = boxes[index].parent else { return 0 }
        if origins.box != parentIndex {
            let parent = boxes[parentIndex], parentView = self.view(parent)
            let isContentSpace = Self.isContentSpace(parentView)
            let origin = isContentSpace ? .zero : parentView.bounds.origin
            origins = Origins(box: parentIndex, left: solver.value(of: parent.left), top: solver.value(of: parent.top),
                              minX: Double(origin.x), minY: Double(origin.y),
                              rounds: !isContentSpace && (parentIndex == 0 || parent.shares == nil))
        }
        var width = max(0, Self.clean(solver.value(of: boxes[index].width)))
        var height = max(0, Self.clean(solver.value(of: boxes[index].height)))
        var left = Self.clean(solver.value(of: boxes[index].left) - origins.left + origins.minX)
        var top = Self.clean(solver.value(of: boxes[index].top) - origins.top + origins.minY)
        if origins.rounds, left.isFinite, top.isFinite, width.isFinite, height.isFinite {
            (left, width) = Self.pixelAligned(left, width, scale: scale)
            (top, height) = Self.pixelAligned(top, height, scale: scale)
        }
        var set = 0
        let old = view.bounds
        var bounds = old
        bounds.size = CGSize(width: width, height: height)
        if old != bounds {
            view.bounds = bounds
            set += 1
        }
        let center = CGPoint(x: left + width / 2, y: top + height / 2)
        if view.center != center {
            view.center = center
            set += 1
        }
        return set
    }

    /// The span from `start` `length` long with both ends rounded to the nearest multiple
    /// of 1/`scale` (halves away from zero, as `round` does), as a start and a length.
    static func pixelAligned(_ start: Double, _ length: Double, scale: Double) -> (start: Double, length: Double) {
        let first = pixel(start * scale), last = pixel((start + length) * scale)
        return (first / scale, max(0, last - first) / scale)
    }

    /// The pixel nearest `position` (in pixels). A position within 10⁻⁷ of a half pixel is
    /// taken as on it: a centre solved as 10.5 pixels in one pass and 10.499999999999998 in
    /// the next (the sums of a system updated in place drift) must not flip a pixel.
    private static func pixel(_ position: Double) -> Double {
        let half = (position * 2).rounded() / 2
        return (abs(position - half) < 1e-7 ? half : position).rounded()
    }
}

/// The solver's unsatisfiable-constraint reports of one build, gathered to be sent after it.
private final class ConflictLog: Sendable {
    let reports = Mutex<[(String, [String])]>([])

    func record(broken: String, conflicting: [String]) {
        reports.withLock { $0.append((broken, conflicting)) }
    }
}

/// The width a wrapping view was measured at, and for a label or a text view the text it showed then.
private struct MeasuredWidth {
    var width: CGFloat
    var text: String?
    /// A label's font then: one set a larger font (or a larger text size) is measured
    /// afresh, not wrapped at the width its smaller letters needed ("Ga/mes").
    var font: UIFont?
}

/// A view whose height depends on the width it is given — a multi-line label, list
/// content: the solve measures it at the width the previous solve gave it, and solves
/// again while that width changes.
@MainActor
protocol WidthDependentHeight: UIView {
    /// Whether the height depends on the width now (a one-line label's does not).
    var heightDependsOnWidth: Bool { get }
    /// The intrinsic size at `width`: the height there, and the width the content wants.
    func contentSize(forLayoutWidth width: CGFloat) -> CGSize
}

extension UITextView: WidthDependentHeight {
    /// A text view that does not scroll is as tall as its text wrapped at its width.
    var heightDependsOnWidth: Bool { !isScrollEnabled }
    /// The text wrapped at `width`: as wide as its widest line, insets included.
    func contentSize(forLayoutWidth width: CGFloat) -> CGSize { textSize(wrappedAt: width) }
}

extension UILabel: WidthDependentHeight {
    var heightDependsOnWidth: Bool { numberOfLines != 1 && preferredMaxLayoutWidth <= 0 }
    /// The text wrapped at `width` (UIKit's automatic preferred width): as wide as its widest line.
    func contentSize(forLayoutWidth width: CGFloat) -> CGSize { sizeThatFits(CGSize(width: width, height: 0)) }
}
