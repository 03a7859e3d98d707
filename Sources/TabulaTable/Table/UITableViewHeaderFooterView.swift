import Foundation
import TabulaUIKit
import TabulaCore

/// A reusable section header or footer, with a ``textLabel`` for its title, or a content
/// configuration (``defaultContentConfiguration()``).
@preconcurrency @MainActor
open class UITableViewHeaderFooterView: UIView {
    /// The identifier the view is pooled under for ``UITableView/dequeueReusableHeaderFooterView(withIdentifier:)``.
    public internal(set) var reuseIdentifier: String?
    /// Put custom content here. Setting ``contentConfiguration`` replaces it with the
    /// configuration's content view.
    public internal(set) var contentView = UIView()
    /// The title; styled by the table for plain or grouped headers and footers. Nil while
    /// a ``contentConfiguration`` is set. As in UIKit, made (and added to the
    /// ``contentView``) the first time it is read, or when the table gives the view a title:
    /// a custom header's content view holds only its own views.
    public var textLabel: UILabel? { contentConfiguration == nil ? legacyTextLabel : nil }
    /// A second text at the trailing end of the title (below it when both do not fit on
    /// one line), made when first asked for; nil while a ``contentConfiguration`` is set.
    /// UIKit documents it for grouped tables; Tabula shows it in every style.
    public var detailTextLabel: UILabel? {
        guard contentConfiguration == nil else { return nil }
        return legacyDetailTextLabel ?? makeLabel(secondary: true)
    }

    /// The title label once made (``textLabel``).
    private(set) var madeTextLabel: UILabel?
    /// The secondary label once made (``detailTextLabel``).
    private(set) var legacyDetailTextLabel: UILabel?

    /// The title label, made on first use with the look of the view's place in the table.
    var legacyTextLabel: UILabel { madeTextLabel ?? makeLabel(secondary: false) }

    /// Makes the title label or the `secondary` one with the look of the view's place in
    /// the table, in the content view (unless a content configuration holds it). Both
    /// follow the text size, as in iOS (a text style's font, the table's title look or one
    /// the app sets, re-scales when the preferred size changes).
    private func makeLabel(secondary: Bool) -> UILabel {
        let label = UILabel()
        label.numberOfLines = 0
        label.adjustsFontForContentSizeCategory = true
        let defaults = defaultContentConfiguration()
        let properties = secondary ? defaults.secondaryTextProperties : defaults.textProperties
        label.font = properties.font
        label.textColor = properties.color
        if secondary { legacyDetailTextLabel = label } else { madeTextLabel = label }
        if contentConfiguration == nil { contentView.addSubview(label) }
        setNeedsLayout()
        return label
    }

    /// Where the table shows the view: style, header or footer, spacing (set by the table).
    var tableRole: HeaderFooterRole

    /// The role of a view the table is asking its delegate for right now: a view made or
    /// dequeued during that call starts with it, so that ``defaultContentConfiguration()``
    /// called there fits the table. Worked out only when such a view asks for it, from the
    /// table, section and kind set for the delegate call and put back after it
    /// (``beginAsking(_:header:section:)``): an argument passed down a synchronous call on the
    /// main actor, where nothing else runs meanwhile. (It was a task-local value holding
    /// the role: binding it, and working out the role, cost more than the rest of asking a
    /// section that has no header view, and a reload asks every section.)
    static var pendingRole: HeaderFooterRole? {
        pendingAsk.map { $0.table.headerFooterRole(header: $0.header, section: $0.section) }
    }

    /// The table asking its delegate for a view now, and for which header or footer.
    private static var pendingAsk: PendingAsk?

    /// A table asking for a header or footer view. The table is held unowned and unsafe:
    /// it is set only for the span of the table's own synchronous call to its delegate,
    /// while the table is running it; a strong reference would retain and release the
    /// table around every section's question (through the runtime's slow path, as the
    /// table is referenced weakly elsewhere), which cost as much as the rest of asking a
    /// section without a header view.
    struct PendingAsk {
        unowned(unsafe) let table: UITableView
        let header: Bool
        let section: Int
    }

    /// Notes that `table` asks its delegate for the header (or footer) view of `section`
    /// now, until ``endAsking(restoring:)`` is handed what this returns. (A pair of calls
    /// rather than a closure around the delegate's call: the closure would retain the
    /// delegate, through the runtime's slow path, for every section of a reload.)
    static func beginAsking(_ table: UITableView, header: Bool, section: Int) -> PendingAsk? {
        let previous = pendingAsk
        pendingAsk = PendingAsk(table: table, header: header, section: section)
        return previous
    }

    /// Ends what ``beginAsking(_:header:section:)`` began, putting back what it returned.
    static func endAsking(restoring previous: PendingAsk?) {
        pendingAsk = previous
    }

    /// A header or footer view with a title label, reused under `reuseIdentifier` (nil: not
    /// reused). Subclasses override it as in UIKit.
    public init(reuseIdentifier: String?) {
        self.reuseIdentifier = reuseIdentifier
        tableRole = Self.pendingRole ?? HeaderFooterRole(style: .plain, isHeader: true, extraTop: 0, sideInset: 0)
        super.init(frame: CGRect(x: 0, y: 0, width: 320, height: 28))
        setUpHeaderFooter()
    }

    private func setUpHeaderFooter() {
        addSubview(contentView)
    }

    /// How a table makes a view of a registered class: `init(reuseIdentifier:)`, run as
    /// the subclass overrides it (see ``UITableViewCell/init(registeredWithReuseIdentifier:)``).
    public required convenience init(registeredWithReuseIdentifier identifier: String?) {
        self.init(reuseIdentifier: identifier)
    }

    public convenience override init(frame: CGRect) {
        self.init(reuseIdentifier: nil)
        self.frame = frame
    }

    /// Creates the view from a nib, as ``UIView/init(coder:)`` does: its reuse identifier
    /// is the file's (`"UIReuseIdentifier"`), and its properties are set before it returns.
    public required init?(coder: NSCoder) {
        reuseIdentifier = InterfaceBuilderCoder.value("UIReuseIdentifier", in: coder) as? String
        tableRole = Self.pendingRole ?? HeaderFooterRole(style: .plain, isHeader: true, extraTop: 0, sideInset: 0)
        super.init(coder: coder)
        if bounds.size == .zero { frame.size = CGSize(width: 320, height: 28) }
        setUpHeaderFooter()
        InterfaceBuilderCoder.decode(coder, into: self, at: UITableViewHeaderFooterView.self)
    }

    /// A view behind the content. Setting one clears ``backgroundConfiguration``.
    open var backgroundView: UIView? {
        didSet {
            if backgroundView != nil { backgroundConfiguration = nil }
            oldValue?.removeFromSuperview()
            if let backgroundView { insertSubview(backgroundView, at: 0) }
        }
    }

    // MARK: Configurations (see UITableViewHeaderFooterView+Configuration.swift)

    /// The content and its styling as a value; setting one installs its content view as
    /// ``contentView`` (or updates the one there), and ``textLabel`` and
    /// ``detailTextLabel`` go. Nil puts back a plain content view with the title label.
    public var contentConfiguration: (any UIContentConfiguration)? {
        didSet { contentConfigurationDidChange(from: oldValue) }
    }
    /// Whether a state change applies the content configuration's `updated(for:)`; true by default.
    public var automaticallyUpdatesContentConfiguration = true
    /// The background as a value. Setting one clears ``backgroundView``.
    public var backgroundConfiguration: UIBackgroundConfiguration? {
        didSet { backgroundConfigurationDidChange() }
    }
    /// Whether a state change applies the background configuration's `updated(for:)`; true by default.
    public var automaticallyUpdatesBackgroundConfiguration = true
    /// Called after ``updateConfiguration(using:)`` at each configuration update; setting it asks for one.
    public var configurationUpdateHandler: ConfigurationUpdateHandler? {
        didSet { setNeedsUpdateConfiguration() }
    }
    /// A handler that configures a header or footer for a state (``configurationUpdateHandler``).
    public typealias ConfigurationUpdateHandler = (_ view: UITableViewHeaderFooterView, _ state: UIViewConfigurationState) -> Void

    var needsConfigurationUpdate = true
    var isUpdatingConfiguration = false
    var backgroundConfigurationView: BackgroundConfigurationView?

    /// The view's state: pinned while a plain table's header floats over the rows (or its
    /// footer over the rows above); never selected or highlighted. Override it (calling
    /// `super`) to add custom states.
    open var configurationState: UIViewConfigurationState {
        var state = UIViewConfigurationState()
        state.isPinned = isPinnedInTable
        return state
    }

    /// Whether the table shows the view away from its place in the content (floating).
    var isPinnedInTable = false {
        didSet { if isPinnedInTable != oldValue { setNeedsUpdateConfiguration() } }
    }

    /// Updates the view's configurations for `state`; called before the view is first
    /// shown and when an update is asked for, after the automatic updates and before
    /// ``configurationUpdateHandler``. The default does nothing.
    open func updateConfiguration(using state: UIViewConfigurationState) {}

    /// Asks for a configuration update before the next layout; requests coalesce.
    open func setNeedsUpdateConfiguration() {
        needsConfigurationUpdate = true
        setNeedsLayout()
    }

    /// Called just before the view comes back from the reuse pool; does nothing unless overridden.
    open func prepareForReuse() {}

    open override func layoutSubviews() {
        updateConfigurationIfNeeded()
        super.layoutSubviews()
        backgroundView?.frame = bounds
        backgroundConfigurationView?.frame = bounds
        let safe = tableContentSafeSides
        contentView.frame = CGRect(x: safe.left, y: 0, width: max(0, bounds.width - safe.left - safe.right),
                                   height: bounds.height)
        if contentConfiguration == nil {
            let frames = standardLayout().frames(in: contentView.bounds.size)
            madeTextLabel?.frame = frames.text ?? .zero
            legacyDetailTextLabel?.frame = frames.secondary ?? .zero
        } else if let list = contentView as? UIListContentView {
            // Its margins come from the table's place for the view.
            list.setNeedsLayout()
        }
    }

    /// The title's layout: the one of the default content configuration for the view's
    /// place in the table.
    private func standardLayout() -> ListContentLayout {
        let defaults = defaultContentConfiguration()
        let margins = hostedContentMargins
        var layout = ListContentLayout(margins: NSDirectionalEdgeInsets(
            top: defaults.directionalLayoutMargins.top + tableRole.extraTop, leading: margins.leading,
            bottom: defaults.directionalLayoutMargins.bottom, trailing: margins.trailing))
        layout.sideBySide = defaults.prefersSideBySideTextAndSecondaryText
        layout.horizontalPadding = defaults.textToSecondaryTextHorizontalPadding
        layout.verticalPadding = defaults.textToSecondaryTextVerticalPadding
        if let title = madeTextLabel, !(title.text ?? "").isEmpty { layout.text = title.listMeasure }
        if let detail = legacyDetailTextLabel, !(detail.text ?? "").isEmpty { layout.secondary = detail.listMeasure }
        return layout
    }

    /// The height that fits the title (or the content configuration) at `size.width`
    /// with the table's spacing; 0 for a legacy view without text.
    ///
    /// In a table the content is measured where ``layoutSubviews()`` puts it: inside the
    /// table's safe area on the left and right (in landscape on a phone with a notch, 59
    /// points each side), where a long title may need a line more than across the whole width.
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        updateConfigurationIfNeeded()
        let inner = max(0, size.width - tableRole.safeSides)
        if contentConfiguration != nil {
            return CGSize(width: size.width, height: contentView.sizeThatFits(CGSize(width: inner, height: 0)).height)
        }
        let layout = standardLayout()
        guard layout.text != nil || layout.secondary != nil else { return CGSize(width: size.width, height: 0) }
        return CGSize(width: size.width, height: layout.height(forWidth: inner).rounded(.up))
    }
}

/// Where a header or footer view is shown: the table's style, header or footer, the
/// space added above a grouped table's first header, and the group's side inset.
struct HeaderFooterRole: Equatable, Sendable {
    var style: UITableView.Style
    var isHeader: Bool
    var extraTop: CGFloat
    var sideInset: CGFloat
    /// The table's safe area on the left and right, added: the view keeps its content
    /// inside them (``UITableView/insetsContentViewsToSafeArea``), so it is measured
    /// inside them too, before it is placed.
    var safeSides: CGFloat = 0
}
