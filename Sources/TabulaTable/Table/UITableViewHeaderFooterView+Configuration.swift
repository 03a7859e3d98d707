import Foundation
import TabulaUIKit

/// Header and footer configurations, as for cells (UITableViewCell+Configuration.swift):
/// the default content configuration for the view's place in the table, installing a
/// configuration's content view, the background configuration, and the update before
/// the view is first shown.
extension UITableViewHeaderFooterView {
    /// A list content configuration styled for where the view is: a plain table's header
    /// (``UIListContentConfiguration/plainHeader()``) or footer, a grouped or inset grouped
    /// table's header (``UIListContentConfiguration/groupedHeader()``) or footer. A view
    /// dequeued or made while the table asks its delegate for a header or footer knows
    /// which; any other is a plain header until the table shows it.
    public func defaultContentConfiguration() -> UIListContentConfiguration {
        switch (tableRole.style, tableRole.isHeader) {
        case (.plain, true): .plainHeader()
        case (.plain, false): .plainFooter()
        case (_, true): .groupedHeader()
        case (_, false): .groupedFooter()
        }
    }

    /// A background configuration styled for where the view is (known as for
    /// ``defaultContentConfiguration()``): ``UIBackgroundConfiguration/listPlainHeaderFooter()``
    /// in a plain table, ``UIBackgroundConfiguration/listGroupedHeaderFooter()`` in a grouped
    /// or inset grouped one.
    public func defaultBackgroundConfiguration() -> UIBackgroundConfiguration {
        tableRole.style == .plain ? .listPlainHeaderFooter() : .listGroupedHeaderFooter()
    }

    func contentConfigurationDidChange(from old: (any UIContentConfiguration)?) {
        defer { if !isUpdatingConfiguration { setNeedsUpdateConfiguration() } }
        guard let new = contentConfiguration else {
            guard old != nil else { return }
            let fresh = UIView()
            if let madeTextLabel { fresh.addSubview(madeTextLabel) }
            if let legacyDetailTextLabel { fresh.addSubview(legacyDetailTextLabel) }
            replaceContentView(with: fresh)
            return
        }
        if updateContentViewInPlace(contentView, from: old, to: new) {
            setNeedsLayout()
            return
        }
        replaceContentView(with: new.makeContentView())
    }

    private func replaceContentView(with view: UIView) {
        let old = contentView
        guard view !== old else { return }
        let index = subviews.firstIndex { $0 === old }
        old.removeFromSuperview()
        contentView = view
        if let index { insertSubview(view, at: index) } else { addSubview(view) }
        setNeedsLayout()
    }

    func backgroundConfigurationDidChange() {
        defer { if !isUpdatingConfiguration { setNeedsUpdateConfiguration() } }
        guard let configuration = backgroundConfiguration else {
            backgroundConfigurationView?.removeFromSuperview()
            backgroundConfigurationView = nil
            return
        }
        if let view = backgroundConfigurationView {
            view.apply(configuration)
            return
        }
        if backgroundView != nil { backgroundView = nil }
        let view = BackgroundConfigurationView(configuration)
        view.frame = bounds
        insertSubview(view, at: 0)
        backgroundConfigurationView = view
        backgroundColor = nil
    }

    /// Runs a pending configuration update now.
    func updateConfigurationIfNeeded() {
        guard needsConfigurationUpdate, !isUpdatingConfiguration else { return }
        needsConfigurationUpdate = false
        isUpdatingConfiguration = true
        defer { isUpdatingConfiguration = false }
        let state = configurationState
        if automaticallyUpdatesBackgroundConfiguration, let background = backgroundConfiguration {
            backgroundConfiguration = background.updated(for: state)
        }
        if automaticallyUpdatesContentConfiguration, let content = contentConfiguration {
            contentConfiguration = content.updated(for: state)
        }
        updateConfiguration(using: state)
        configurationUpdateHandler?(self, state)
    }
}

extension UITableViewHeaderFooterView: ListContentHost {
    package var hostedContentView: UIView { contentView }
    /// The title lines up with the rows' text: 16 points in from the group's edge.
    package var hostedContentMargins: NSDirectionalEdgeInsets {
        let side = tableRole.sideInset + UITableViewCell.defaultMargin
        return NSDirectionalEdgeInsets(top: 0, leading: side, bottom: 0, trailing: side)
    }
    package var hostedContentExtraTop: CGFloat { tableRole.extraTop }
}

extension UIView {
    /// How far from its left and right edges a table's cell or header/footer view keeps
    /// its content: the safe area's sides where the table insets content views to the
    /// safe area (``UITableView/insetsContentViewsToSafeArea``), else none.
    ///
    /// A cell's also keep within the readable width with
    /// ``UITableView/cellLayoutMarginsFollowReadableWidth``.
    var tableContentSafeSides: (left: CGFloat, right: CGFloat) {
        guard let table = superview as? UITableView else { return (0, 0) }
        let sides: (left: CGFloat, right: CGFloat) = table.insetsContentViewsToSafeArea ? (safeAreaInsets.left, safeAreaInsets.right) : (0, 0)
        guard self is UITableViewCell else { return sides }
        let readable = table.readableInset(rowWidth: bounds.width, sides: sides)
        return (sides.left + readable, sides.right + readable)
    }
}
