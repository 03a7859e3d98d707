import Foundation

/// A container that shows a hierarchy side by side in columns — a list (the primary
/// column) beside the detail it drives (the secondary column) — when the width is regular,
/// and collapses them into one navigation stack when it is compact, as on an iPhone.
///
/// A column-style split view controller (``init(style:)`` with `.doubleColumn` or
/// `.tripleColumn`) takes a view controller per column with ``setViewController(_:for:)``
/// and wraps each one that is not a navigation controller in a navigation controller of
/// its own. Collapsed, it shows the ``Column/compact`` column's view controller if there is
/// one, else the primary column's navigation stack with the other columns' stacks pushed on
/// top, as far as the column the delegate picks in
/// ``UISplitViewControllerDelegate/splitViewController(_:topColumnForCollapsingToProposedTopColumn:)``
/// (`.secondary` unless it says otherwise). A classic one (style `.unspecified`) takes
/// ``viewControllers`` `[primary, secondary]`; collapsed, the secondary is pushed onto the
/// primary's navigation controller unless the delegate's
/// ``UISplitViewControllerDelegate/splitViewController(_:collapseSecondary:onto:)`` says it
/// took care of it. Expanding hands what was pushed above the primary's own stack back to
/// the secondary column.
///
/// Expanded, the primary column is 320 points wide (see ``preferredPrimaryColumnWidth``)
/// on a sidebar background, a hairline apart from the secondary; each column's view gets
/// its share of the safe area. The split view controller collapses when its horizontal
/// size class is compact (every phone in portrait) and expands when it is regular.
@preconcurrency @MainActor
open class UISplitViewController: UIViewController {
    /// The kinds of split view interface.
    public enum Style: Int, Sendable {
        /// A classic split view controller, configured with ``UISplitViewController/viewControllers``.
        case unspecified = 0
        /// Two columns: primary and secondary.
        case doubleColumn = 1
        /// Three columns: primary, supplementary and secondary.
        case tripleColumn = 2
    }

    /// The columns of a column-style split view interface.
    public enum Column: Int, Sendable {
        /// The leading column: the sidebar or list.
        case primary = 0
        /// The middle column of a triple-column interface.
        case supplementary = 1
        /// The detail column.
        case secondary = 2
        /// The view controller shown instead of the others while collapsed.
        case compact = 3
    }

    /// How the columns show while the interface is expanded.
    public enum DisplayMode: Int, Sendable {
        /// The split view controller picks from the space it has.
        case automatic = 0
        /// Only the secondary column shows.
        case secondaryOnly = 1
        /// One column (the primary, or the supplementary in a triple-column interface)
        /// beside the secondary.
        case oneBesideSecondary = 2
        /// One column over the secondary, which keeps the full width.
        case oneOverSecondary = 3
        /// The primary and supplementary columns beside the secondary.
        case twoBesideSecondary = 4
        /// The primary and supplementary columns over the secondary.
        case twoOverSecondary = 5
        /// The primary and supplementary columns push the secondary partly off screen.
        case twoDisplaceSecondary = 6

        /// The old name of ``secondaryOnly``.
        public static let primaryHidden = DisplayMode.secondaryOnly
        /// The old name of ``oneBesideSecondary``.
        public static let allVisible = DisplayMode.oneBesideSecondary
        /// The old name of ``oneOverSecondary``.
        public static let primaryOverlay = DisplayMode.oneOverSecondary
    }

    /// How the leading columns make room beside the secondary.
    public enum SplitBehavior: Int, Sendable {
        /// The split view controller picks: tile when wider than tall, else overlay.
        case automatic = 0
        /// Side by side: the secondary narrows.
        case tile = 1
        /// On top of the secondary, which keeps the full width.
        case overlay = 2
        /// The leading columns push the secondary aside.
        case displace = 3
    }

    /// The value that asks for the split view controller's own choice of a width.
    public static let automaticDimension: CGFloat = -1
    /// The primary column's width when nothing is preferred, in points.
    static let defaultPrimaryWidth: CGFloat = 320
    /// How long the primary column slides in or out, in seconds.
    static let slideDuration: TimeInterval = 0.3

    /// The kind of interface, fixed at creation.
    public let style: Style

    /// The object told about display modes and asked about collapsing and expanding.
    open weak var delegate: (any UISplitViewControllerDelegate)?

    /// The display mode asked for; `.automatic` (the default) lets the space decide.
    open var preferredDisplayMode: DisplayMode = .automatic {
        didSet {
            chosenDisplayMode = nil
            displayModeMayHaveChanged()
        }
    }

    /// How the leading columns share the space with the secondary; `.automatic` (the
    /// default) tiles when the split view is wider than tall and overlays otherwise.
    open var preferredSplitBehavior: SplitBehavior = .automatic {
        didSet { displayModeMayHaveChanged() }
    }

    /// The primary column's width in points, or ``automaticDimension`` (the default) for
    /// ``preferredPrimaryColumnWidthFraction`` or 320 points. It takes precedence over the fraction.
    open var preferredPrimaryColumnWidth: CGFloat = UISplitViewController.automaticDimension {
        didSet { viewIfLoaded?.setNeedsLayout() }
    }

    /// The primary column's width as a fraction (0 to 1) of the split view's, or
    /// ``automaticDimension`` (the default).
    open var preferredPrimaryColumnWidthFraction: CGFloat = UISplitViewController.automaticDimension {
        didSet { viewIfLoaded?.setNeedsLayout() }
    }

    /// The least width of the primary column, or ``automaticDimension`` (the default: no limit).
    open var minimumPrimaryColumnWidth: CGFloat = UISplitViewController.automaticDimension {
        didSet { viewIfLoaded?.setNeedsLayout() }
    }

    /// The greatest width of the primary column, or ``automaticDimension`` (the default: no limit).
    open var maximumPrimaryColumnWidth: CGFloat = UISplitViewController.automaticDimension {
        didSet { viewIfLoaded?.setNeedsLayout() }
    }

    /// Whether a swipe shows and hides the primary column; accepted and kept (Tabula has
    /// no such gesture yet).
    open var presentsWithGesture = true

    /// Whether the secondary column's navigation bar shows a button that hides the other
    /// columns; accepted and kept.
    open var showsSecondaryOnlyButton = false

    // MARK: State

    /// The view controllers set per column (column style), as given.
    private var assigned: [Column: UIViewController] = [:]
    /// The navigation controller shown in each of primary, supplementary and secondary:
    /// the one given, or the wrapper made for what was given.
    private var navigations: [Column: UINavigationController] = [:]
    /// The wrappers this split view controller made (column style).
    private var wrappers: Set<ObjectIdentifier> = []
    /// The classic style's view controllers: primary, then secondary.
    private var classic: [UIViewController] = []
    /// Whether the interface is collapsed; nil until the view first lays out.
    private var collapsed: Bool?
    /// While collapsed: how many view controllers at the bottom of the primary's stack are
    /// its own; the rest came from the other columns or ``showDetailViewController(_:sender:)``.
    private var collapsedBase = 0
    /// While collapsed: the stacks of the columns folded onto the primary's, in order.
    private var folded: [(column: Column, stack: [UIViewController])] = []
    /// Classic style while collapsed: the secondary left out of the collapsed interface.
    private var setAsideSecondary: UIViewController?
    /// A display mode chosen by ``show(_:)`` or ``hide(_:)`` since ``preferredDisplayMode`` was set.
    private var chosenDisplayMode: DisplayMode?
    /// The display mode the delegate was last told about.
    private var announcedDisplayMode: DisplayMode?

    /// The hairlines between columns.
    private let separators = [UIView(frame: .zero), UIView(frame: .zero)]

    /// Creates a split view controller of `style`.
    public init(style: Style) {
        self.style = style
        super.init(nibName: nil, bundle: nil)
    }

    /// Creates a classic split view controller (style `.unspecified`).
    public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        style = .unspecified
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
    }

    /// Creates a split view controller from a storyboard: in the style the file gives
    /// (`"UISplitViewControllerStyle"`), classic without one (see ``UIViewController/init(coder:)``).
    public required init?(coder: NSCoder) {
        style = InterfaceBuilderCoder.value("UISplitViewControllerStyle", in: coder) as? Style ?? .unspecified
        super.init(coder: coder)
        InterfaceBuilderCoder.decode(coder, into: self, at: UISplitViewController.self)
    }

    // MARK: The columns

    /// The view controllers of the interface: while collapsed, only the one shown (the
    /// primary's, or the compact column's). Expanded, classic style: `[primary, secondary]`;
    /// column style: the navigation controllers of the columns, primary first. Setting it
    /// replaces a classic split view controller's; a column-style one takes its columns
    /// from ``setViewController(_:for:)`` (setting this is reported and ignored).
    open var viewControllers: [UIViewController] {
        get {
            if isCollapsed { return collapsedShown.map { [$0] } ?? [] }
            if style == .unspecified { return classic }
            return [Column.primary, .supplementary, .secondary].compactMap { navigations[$0] }
        }
        set { setClassicViewControllers(newValue) }
    }

    /// Puts `vc` in `column` (column style), wrapped in a navigation controller unless it
    /// is one; nil empties the column. A classic split view controller reports the call
    /// and changes nothing. So does a `vc` that cannot be a column here: the split view
    /// controller itself or one that contains or presents it (UIKit raises), or one that is
    /// already in another column or another container (a navigation stack), which would
    /// leave it in two places; the column keeps what it showed.
    open func setViewController(_ vc: UIViewController?, for column: Column) {
        guard style != .unspecified else {
            return reportInvalidUse("UISplitViewController.setViewController(_:for:) applies to column-style split view controllers; "
                                    + "set viewControllers on a classic one; nothing changed")
        }
        if column == .supplementary, style != .tripleColumn {
            return reportInvalidUse("UISplitViewController.setViewController(_:for: .supplementary) needs the .tripleColumn style; nothing changed")
        }
        let wasCollapsed = collapsed == true
        if wasCollapsed { expandStacks() }
        if let vc, vc !== assigned[column], let problem = reasonNotToPlace(vc, in: column) {
            if wasCollapsed { collapseStacks(askingDelegate: false) }
            return reportInvalidUse("UISplitViewController.setViewController(_:for: .\(column)): \(problem); the column is unchanged")
        }
        if column == .compact {
            if let old = assigned[.compact], old !== vc { removeChild(old) }
            assigned[.compact] = vc
            if let vc, vc.parent !== self { addChild(vc); vc.didMove(toParent: self) }
        } else {
            setColumn(column, to: vc)
        }
        if wasCollapsed { collapseStacks(askingDelegate: false) }
        viewIfLoaded?.setNeedsLayout()
    }

    /// The view controller given for `column` (not the navigation controller made to wrap
    /// it), or nil; always nil for a classic split view controller.
    open func viewController(for column: Column) -> UIViewController? {
        style == .unspecified ? nil : assigned[column]
    }

    private func setColumn(_ column: Column, to vc: UIViewController?) {
        let old = navigations[column]
        assigned[column] = vc
        guard let vc else {
            if let old { removeChild(old); wrappers.remove(ObjectIdentifier(old)) }
            navigations[column] = nil
            return
        }
        let navigation: UINavigationController
        if let given = vc as? UINavigationController {
            navigation = given
        } else if let old, wrappers.contains(ObjectIdentifier(old)) {
            old.setViewControllers([vc], animated: false)
            navigation = old
        } else {
            navigation = UINavigationController(rootViewController: vc)
            wrappers.insert(ObjectIdentifier(navigation))
        }
        if let old, old !== navigation { removeChild(old); wrappers.remove(ObjectIdentifier(old)) }
        navigations[column] = navigation
        if navigation.parent !== self { addChild(navigation); navigation.didMove(toParent: self) }
    }

    /// Why `vc` cannot go in `column`: it would be its own ancestor, or in two places (see
    /// ``UIViewController/reasonNotToAdopt(_:)``); a controller already in another column
    /// (as given, or wrapped in the navigation controller made for it) counts as in two places.
    private func reasonNotToPlace(_ vc: UIViewController, in column: Column) -> String? {
        for (other, placed) in assigned where other != column && placed === vc {
            return "\(type(of: vc)) is already in the .\(other) column; remove it there first"
        }
        return reasonNotToAdopt(vc)
    }

    private func setClassicViewControllers(_ controllers: [UIViewController]) {
        guard style == .unspecified else {
            return reportInvalidUse("UISplitViewController.viewControllers cannot be set on a column-style split view controller; "
                                    + "use setViewController(_:for:); nothing changed")
        }
        if Set(controllers.map(ObjectIdentifier.init)).count != controllers.count {
            return reportInvalidUse("UISplitViewController.viewControllers: the same view controller is given twice; nothing changed")
        }
        let wasCollapsed = collapsed == true
        if wasCollapsed { expandStacks() }
        for controller in controllers.prefix(2) where controller.parent !== self {
            if let problem = reasonNotToAdopt(controller) {
                if wasCollapsed { collapseStacks(askingDelegate: true) }
                return reportInvalidUse("UISplitViewController.viewControllers: \(problem); nothing changed")
            }
        }
        for old in classic where !controllers.contains(where: { $0 === old }) { removeChild(old) }
        classic = Array(controllers.prefix(2))
        for controller in classic where controller.parent !== self { addChild(controller); controller.didMove(toParent: self) }
        if wasCollapsed { collapseStacks(askingDelegate: true) }
        viewIfLoaded?.setNeedsLayout()
    }

    private func removeChild(_ child: UIViewController) {
        guard child.parent === self else { return }
        child.willMove(toParent: nil)
        child.viewIfLoaded?.removeFromSuperview()
        child.removeFromParent()
    }

    /// What fills `column` while expanded: its navigation controller (column style), or the
    /// classic primary or secondary.
    private func shownController(in column: Column) -> UIViewController? {
        if style != .unspecified { return navigations[column] }
        switch column {
        case .primary: return classic.first
        case .secondary: return classic.count > 1 ? classic[1] : nil
        default: return nil
        }
    }

    // MARK: Collapsing and expanding

    /// Whether the columns are collapsed into one stack: true while the horizontal size
    /// class is compact.
    open var isCollapsed: Bool { collapsed ?? (traitCollection.horizontalSizeClass != .regular) }

    /// Collapses or expands to suit the current width.
    private func updateCollapse() {
        guard let view = viewIfLoaded else { return }
        let shouldCollapse = view.traitCollection.horizontalSizeClass != .regular
        guard shouldCollapse != collapsed else { return }
        let first = collapsed == nil
        if shouldCollapse {
            // As in UIKit, isCollapsed turns true only once the collapse is done (the
            // delegate's questions are asked while it is still false).
            collapsed = false
            collapseStacks(askingDelegate: true)
            collapsed = true
            if style != .unspecified { delegate?.splitViewControllerDidCollapse(self) }
        } else {
            if !first { expandStacks() }
            collapsed = false
            if style != .unspecified, !first {
                let proposed = displayMode
                let mode = delegate?.splitViewController(self, displayModeForExpandingToProposedDisplayMode: proposed) ?? proposed
                if mode != proposed { chosenDisplayMode = mode }
                delegate?.splitViewControllerDidExpand(self)
            }
        }
    }

    /// The navigation controller the collapsed interface stacks onto, if any.
    private var collapsedNavigation: UINavigationController? {
        style == .unspecified ? classic.first as? UINavigationController : navigations[.primary]
    }

    private func collapseStacks(askingDelegate: Bool) {
        folded = []
        setAsideSecondary = nil
        if style == .unspecified {
            guard let primary = classic.first, classic.count > 1 else { return }
            let secondary = classic[1]
            secondary.viewIfLoaded?.removeFromSuperview()
            let handled = delegate?.splitViewController(self, collapseSecondary: secondary, onto: primary) ?? false
            guard !handled, let navigation = primary as? UINavigationController else {
                setAsideSecondary = secondary
                return
            }
            collapsedBase = navigation.viewControllers.count
            let stack: [UIViewController]
            if let secondaryNavigation = secondary as? UINavigationController {
                stack = secondaryNavigation.viewControllers
                secondaryNavigation.setViewControllers([], animated: false)
                setAsideSecondary = secondary
            } else {
                stack = [secondary]
                removeChild(secondary)
            }
            folded = [(.secondary, stack)]
            navigation.setViewControllers(navigation.viewControllers + stack, animated: false)
            return
        }
        guard assigned[.compact] == nil, let navigation = navigations[.primary] else { return }
        let proposed = Column.secondary
        let top = askingDelegate
            ? (delegate?.splitViewController(self, topColumnForCollapsingToProposedTopColumn: proposed) ?? proposed)
            : lastTopColumn
        lastTopColumn = top
        collapsedBase = navigation.viewControllers.count
        let columns: [Column] = switch top {
        case .secondary, .compact: style == .tripleColumn ? [.supplementary, .secondary] : [.secondary]
        case .supplementary: style == .tripleColumn ? [.supplementary] : []
        case .primary: []
        }
        navigation.setViewControllers(navigation.viewControllers + takeStacks(of: columns), animated: false)
    }

    /// The column last put on top of the collapsed stack.
    private var lastTopColumn = Column.secondary

    /// Empties the navigation controllers of `columns`, noting what each had, and returns
    /// their view controllers in order.
    private func takeStacks(of columns: [Column]) -> [UIViewController] {
        var moved: [UIViewController] = []
        for column in columns {
            guard let navigation = navigations[column], !navigation.viewControllers.isEmpty else { continue }
            let stack = navigation.viewControllers
            navigation.setViewControllers([], animated: false)
            folded.append((column, stack))
            moved += stack
        }
        return moved
    }

    /// Hands what was stacked above the primary's own view controllers back to the columns
    /// they came from; what was shown as a detail while collapsed goes to the secondary.
    private func expandStacks() {
        defer { folded = []; setAsideSecondary = nil }
        if style == .unspecified {
            guard let primary = classic.first else { return }
            if let separated = delegate?.splitViewController(self, separateSecondaryFrom: primary) {
                popToBase(primary as? UINavigationController)
                replaceClassicSecondary(with: separated)
                return
            }
            guard let navigation = primary as? UINavigationController else { return }
            let extra = popToBase(navigation)
            if let secondaryNavigation = setAsideSecondary as? UINavigationController {
                let stack = extra.isEmpty ? (folded.first?.stack ?? []) : extra
                secondaryNavigation.setViewControllers(stack, animated: false)
            } else if extra.count == 1 {
                replaceClassicSecondary(with: extra[0])
            } else if !extra.isEmpty {
                let wrapper = UINavigationController(nibName: nil, bundle: nil)
                wrapper.setViewControllers(extra, animated: false)
                replaceClassicSecondary(with: wrapper)
            } else if let secondary = folded.first?.stack.first ?? setAsideSecondary {
                replaceClassicSecondary(with: secondary)
            }
            return
        }
        guard let navigation = navigations[.primary] else { return }
        var extra = popToBase(navigation)
        for (column, stack) in folded where column == .supplementary {
            if extra.starts(with: stack, by: ===) {
                extra.removeFirst(stack.count)
                navigations[.supplementary]?.setViewControllers(stack, animated: false)
            } else if let supplementary = navigations[.supplementary] {
                supplementary.setViewControllers(stack, animated: false)
            }
        }
        if let secondary = navigations[.secondary] {
            if !extra.isEmpty {
                secondary.setViewControllers(extra, animated: false)
            } else if secondary.viewControllers.isEmpty, let stack = folded.first(where: { $0.column == .secondary })?.stack {
                secondary.setViewControllers(stack, animated: false)
            }
        }
    }

    /// Pops `navigation` to the view controllers it had before collapsing; returns the rest.
    @discardableResult
    private func popToBase(_ navigation: UINavigationController?) -> [UIViewController] {
        guard let navigation else { return [] }
        let stack = navigation.viewControllers
        let base = min(collapsedBase, stack.count)
        guard base < stack.count else { return [] }
        navigation.setViewControllers(Array(stack[..<max(base, 1)]), animated: false)
        return Array(stack[max(base, 1)...])
    }

    private func replaceClassicSecondary(with secondary: UIViewController) {
        if classic.count > 1, classic[1] !== secondary { removeChild(classic[1]) }
        classic = Array(classic.prefix(1)) + [secondary]
        if secondary.parent !== self {
            if let parent = secondary.parent as? UINavigationController {
                parent.setViewControllers(parent.viewControllers.filter { $0 !== secondary }, animated: false)
            }
            addChild(secondary)
            secondary.didMove(toParent: self)
        }
    }

    // MARK: Showing

    /// Shows `vc` as the detail: pushed onto the collapsed stack while collapsed, else put in
    /// the secondary column (hiding a column that overlays it). The delegate's
    /// ``UISplitViewControllerDelegate/splitViewController(_:showDetail:sender:)`` may show it instead.
    open override func showDetailViewController(_ vc: UIViewController, sender: Any?) {
        if delegate?.splitViewController(self, showDetail: vc, sender: sender) == true { return }
        if isCollapsed {
            if style != .unspecified, let compact = assigned[.compact] {
                return compact.show(vc, sender: sender)
            }
            guard let navigation = collapsedNavigation else { return present(vc, animated: true) }
            if let given = vc as? UINavigationController {
                let stack = given.viewControllers
                given.setViewControllers([], animated: false)
                navigation.setViewControllers(navigation.viewControllers + stack, animated: true)
            } else {
                navigation.pushViewController(vc, animated: true)
            }
            return
        }
        if style == .unspecified {
            replaceClassicSecondary(with: vc)
        } else {
            setColumn(.secondary, to: vc)
            if [.oneOverSecondary, .twoOverSecondary].contains(displayMode) { setDisplayMode(.secondaryOnly) }
        }
        viewIfLoaded?.setNeedsLayout()
    }

    /// Shows `column`. Collapsed: the stack goes back to the primary's own view controllers,
    /// or the column's stack is pushed on top. Expanded: a hidden primary or supplementary
    /// column slides in, beside or over the secondary as the split behavior says.
    open func show(_ column: Column) {
        guard style != .unspecified else { return }
        delegate?.splitViewController(self, willShow: column)
        if isCollapsed {
            guard assigned[.compact] == nil, let navigation = navigations[.primary] else { return }
            switch column {
            case .primary:
                if navigation.viewControllers.count > collapsedBase {
                    navigation.setViewControllers(Array(navigation.viewControllers.prefix(max(collapsedBase, 1))), animated: true)
                }
            case .supplementary, .secondary:
                let columns: [Column] = column == .secondary && style == .tripleColumn ? [.supplementary, .secondary] : [column]
                let moved = takeStacks(of: columns.filter { c in !folded.contains { $0.column == c } })
                if !moved.isEmpty { navigation.setViewControllers(navigation.viewControllers + moved, animated: true) }
            case .compact:
                break
            }
            return
        }
        let overlay = splitBehavior == .overlay
        switch column {
        case .primary:
            if style == .tripleColumn {
                setDisplayMode(overlay ? .twoOverSecondary : .twoBesideSecondary, animated: true)
            } else {
                setDisplayMode(overlay ? .oneOverSecondary : .oneBesideSecondary, animated: true)
            }
        case .supplementary:
            if displayMode == .secondaryOnly { setDisplayMode(overlay ? .oneOverSecondary : .oneBesideSecondary, animated: true) }
        case .secondary:
            if [.oneOverSecondary, .twoOverSecondary].contains(displayMode) { setDisplayMode(.secondaryOnly, animated: true) }
        case .compact:
            break
        }
    }

    /// Hides `column` while expanded: the primary (and, in a triple-column interface, what
    /// overlays with it) slides out; hiding the secondary shows the leading columns beside it.
    open func hide(_ column: Column) {
        guard style != .unspecified, !isCollapsed else { return }
        delegate?.splitViewController(self, willHide: column)
        switch column {
        case .primary:
            let next: DisplayMode = style == .tripleColumn && [.twoBesideSecondary, .twoDisplaceSecondary].contains(displayMode)
                ? .oneBesideSecondary : .secondaryOnly
            setDisplayMode(next, animated: true)
        case .supplementary:
            setDisplayMode(.secondaryOnly, animated: true)
        case .secondary, .compact:
            break
        }
    }

    // MARK: Display mode and layout

    /// The display mode in effect while expanded: the one ``show(_:)`` or ``hide(_:)``
    /// chose, else ``preferredDisplayMode``, with `.automatic` resolved: a column beside
    /// the secondary when the split behavior tiles, the secondary only otherwise.
    open var displayMode: DisplayMode {
        if let chosenDisplayMode { return chosenDisplayMode }
        if preferredDisplayMode != .automatic { return preferredDisplayMode }
        return splitBehavior == .overlay ? .secondaryOnly : .oneBesideSecondary
    }

    /// The split behavior in effect: ``preferredSplitBehavior``, with `.automatic` resolved
    /// to tile when the split view is wider than tall and overlay otherwise.
    open var splitBehavior: SplitBehavior {
        if preferredSplitBehavior != .automatic { return preferredSplitBehavior }
        guard let bounds = viewIfLoaded?.bounds, bounds.height > 0 else { return .tile }
        return bounds.width > bounds.height ? .tile : .overlay
    }

    /// The width of the primary column, in points: ``preferredPrimaryColumnWidth``, else
    /// ``preferredPrimaryColumnWidthFraction`` of the split view's width, else 320, kept
    /// within the minimum and maximum.
    open var primaryColumnWidth: CGFloat {
        let total = viewIfLoaded?.bounds.width ?? 0
        var width = Self.defaultPrimaryWidth
        if preferredPrimaryColumnWidth >= 0 {
            width = preferredPrimaryColumnWidth
        } else if preferredPrimaryColumnWidthFraction >= 0 {
            width = (total * min(preferredPrimaryColumnWidthFraction, 1)).rounded()
        }
        if minimumPrimaryColumnWidth >= 0 { width = max(width, minimumPrimaryColumnWidth) }
        if maximumPrimaryColumnWidth >= 0 { width = min(width, maximumPrimaryColumnWidth) }
        return total > 0 ? min(width, total) : width
    }

    private func setDisplayMode(_ mode: DisplayMode, animated: Bool = false) {
        chosenDisplayMode = mode
        displayModeMayHaveChanged(animated: animated)
    }

    private func displayModeMayHaveChanged(animated: Bool = false) {
        let mode = displayMode
        if announcedDisplayMode != mode, collapsed == false {
            delegate?.splitViewController(self, willChangeTo: mode)
        }
        announcedDisplayMode = mode
        guard viewIfLoaded != nil, collapsed == false else { return viewIfLoaded?.setNeedsLayout() ?? () }
        if animated, view.window != nil {
            placeIncomingColumns()
            UIView.animate(withDuration: Self.slideDuration, animations: { self.layoutColumns() },
                           completion: { _ in self.layoutColumns() })
        } else {
            layoutColumns()
        }
    }

    /// Makes the container view: the columns' views are added as they show.
    open override func loadView() {
        let container = UIView(frame: UIScreen.main.bounds)
        container.backgroundColor = .systemBackground
        for separator in separators {
            separator.backgroundColor = .opaqueSeparator
            separator.isUserInteractionEnabled = false
        }
        view = container
    }

    /// Collapses or expands for the new size, then lays out the columns.
    open override func viewWillLayoutSubviews() {
        super.viewWillLayoutSubviews()
        updateCollapse()
        if announcedDisplayMode == nil { announcedDisplayMode = displayMode }
        layoutColumns()
    }

    /// The size class may have changed: collapse or expand.
    open override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
        super.traitCollectionDidChange(previousTraitCollection)
        viewIfLoaded?.setNeedsLayout()
    }

    /// The status bar style of the secondary column, or of the collapsed stack.
    open override var childForStatusBarStyle: UIViewController? {
        isCollapsed ? collapsedShown : shownController(in: .secondary)
    }

    /// What fills the split view while collapsed.
    private var collapsedShown: UIViewController? {
        if style != .unspecified, let compact = assigned[.compact] { return compact }
        return shownController(in: .primary) ?? shownController(in: .secondary)
    }

    /// The frames of the columns' views while expanded, by column, and of the hairlines.
    private func expandedFrames() -> (columns: [(Column, CGRect)], separators: [CGRect]) {
        let bounds = view.bounds
        let hairline = 1 / max(traitCollection.displayScale, 1)
        let primary = primaryColumnWidth
        let supplementary = Self.defaultPrimaryWidth
        let triple = style == .tripleColumn
        var leading: [(Column, CGFloat)] = []
        var overlays = false
        switch displayMode {
        case .automatic, .secondaryOnly:
            break
        case .oneBesideSecondary:
            leading = [(triple ? .supplementary : .primary, triple ? supplementary : primary)]
        case .oneOverSecondary:
            leading = [(triple ? .supplementary : .primary, triple ? supplementary : primary)]
            overlays = true
        case .twoBesideSecondary, .twoDisplaceSecondary:
            leading = triple ? [(.primary, primary), (.supplementary, supplementary)] : [(.primary, primary)]
        case .twoOverSecondary:
            leading = triple ? [(.primary, primary), (.supplementary, supplementary)] : [(.primary, primary)]
            overlays = true
        }
        leading = leading.filter { shownController(in: $0.0) != nil }
        var x: CGFloat = 0
        var columns: [(Column, CGRect)] = []
        var lines: [CGRect] = []
        for (column, width) in leading {
            columns.append((column, CGRect(x: x, y: 0, width: width, height: bounds.height)))
            x += width
            lines.append(CGRect(x: x - hairline, y: 0, width: hairline, height: bounds.height))
        }
        let secondaryX = overlays ? 0 : x
        columns.insert((.secondary, CGRect(x: secondaryX, y: 0, width: max(bounds.width - secondaryX, 0), height: bounds.height)), at: 0)
        return (columns, lines)
    }

    /// Before a column slides in: puts its view just off the leading edge.
    private func placeIncomingColumns() {
        guard collapsed == false else { return }
        let frames = expandedFrames()
        for (column, frame) in frames.columns where column != .secondary {
            guard let controller = shownController(in: column), controller.viewIfLoaded?.superview !== view else { continue }
            controller.view.frame = frame.offsetBy(dx: -frame.maxX, dy: 0)
            view.addSubview(controller.view)
        }
    }

    /// Puts each shown column's view in its place and takes the others out.
    private func layoutColumns() {
        guard let view = viewIfLoaded else { return }
        var shown: [UIViewController] = []
        var lines: [CGRect] = []
        if isCollapsed {
            if let controller = collapsedShown {
                controller.view.frame = view.bounds
                shown = [controller]
            }
        } else {
            let frames = expandedFrames()
            for (column, frame) in frames.columns {
                guard let controller = shownController(in: column) else { continue }
                controller.view.frame = frame
                shown.append(controller)
            }
            lines = frames.separators
        }
        let candidates = [shownController(in: .primary), shownController(in: .supplementary), shownController(in: .secondary),
                          style == .unspecified ? nil : assigned[.compact]].compactMap { $0 }
        for controller in candidates where !shown.contains(where: { $0 === controller }) {
            guard let old = controller.viewIfLoaded, old.superview === view else { continue }
            if UIView.inheritedAnimationDuration > 0, !isCollapsed {
                old.frame = old.frame.offsetBy(dx: -old.frame.maxX, dy: 0)
            } else {
                old.removeFromSuperview()
            }
        }
        for controller in shown where controller.view.superview !== view { view.addSubview(controller.view) }
        var front: [UIView] = shown.map(\.view)
        for (index, separator) in separators.enumerated() {
            if index < lines.count {
                separator.frame = lines[index]
                if separator.superview !== view { view.addSubview(separator) }
                front.append(separator)
            } else {
                separator.removeFromSuperview()
            }
        }
        // The columns, then their separators, in front; nothing moves when they already are
        // (brought forward one by one, they traded places in every pass, and each move
        // marked the split view for layout again).
        view.bringSubviewsToFront(front)
        updateSidebarBackgrounds()
    }

    /// A column's navigation controller is about to show a new top view controller: in
    /// the primary column, it takes the sidebar background before it shows.
    func columnStackDidChange() { updateSidebarBackgrounds() }

    /// The root views that show the sidebar background in place of the default one.
    private var sidebarViews: [ObjectIdentifier: UIView] = [:]

    /// Expanded, the primary column's view controllers whose views keep the default
    /// background (in UIKit they have none, and the column's shows through) show the
    /// sidebar's; collapsed, or out of the column, they get the default back.
    private func updateSidebarBackgrounds() {
        var wanted: [UIView] = []
        if !isCollapsed, let primary = shownController(in: .primary) {
            let controllers = (primary as? UINavigationController).map { [$0] + $0.viewControllers } ?? [primary]
            wanted = controllers.compactMap(\.viewIfLoaded)
        }
        for (id, view) in sidebarViews where !wanted.contains(where: { $0 === view }) {
            if view.backgroundColor === UIColor.secondarySystemBackground { view.backgroundColor = .systemBackground }
            sidebarViews[id] = nil
        }
        for view in wanted where view.backgroundColor === UIColor.systemBackground {
            view.backgroundColor = .secondarySystemBackground
            sidebarViews[ObjectIdentifier(view)] = view
        }
    }
}
