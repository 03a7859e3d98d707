import Foundation
import TabulaUIKit
import TabulaCore

/// Section headers and footers: heights from titles (the automatic dimension of WWDC
/// 2011, What's New in Table Views), the standard title views for plain and grouped
/// styles, and custom views.
extension UITableView {
    /// Side inset of the rows: the rounded groups of `.insetGrouped` stand 16 points in
    /// from the sides; plain and grouped rows are full width.
    var groupInset: CGFloat { style == .insetGrouped ? 16 : 0 }

    static let groupCornerRadius: CGFloat = 10

    /// The background a cell gets in this table's style.
    var defaultCellBackgroundColor: UIColor { style == .plain ? .systemBackground : .secondarySystemGroupedBackground }

    /// Title metrics: font and the padding above and below the text.
    struct TitleMetrics {
        var font: UIFont
        var color: UIColor
        var insets: UIEdgeInsets
        var uppercased: Bool
    }

    /// Where a section's header or footer is: the table's style, which of the two, the
    /// extra space above a grouped table's first header, the group's side inset.
    func headerFooterRole(header: Bool, section: Int) -> HeaderFooterRole {
        HeaderFooterRole(style: style, isHeader: header, extraTop: style != .plain && header && section == 0 ? 11 : 0,
                         sideInset: groupInset, safeSides: contentSafeSides)
    }

    /// The safe area on the left and right, added, that headers, footers and cells keep
    /// their content out of (``insetsContentViewsToSafeArea``); 0 when they do not.
    var contentSafeSides: CGFloat {
        guard insetsContentViewsToSafeArea else { return 0 }
        let sides = safeAreaInsets.left + safeAreaInsets.right
        return sides.isFinite ? max(0, sides) : 0
    }

    /// The title's look: that of the header or footer view's default content
    /// configuration (``UIListContentConfiguration/plainHeader()``,
    /// ``UIListContentConfiguration/groupedHeader()``…), so that a title from the data
    /// source and a configured header look the same. Its font is a text style's, at the
    /// table's preferred text size (Dynamic Type), whenever the heights are asked — also
    /// outside a layout pass, where the current traits are not the table's.
    func titleMetrics(header: Bool, section: Int) -> TitleMetrics {
        let role = headerFooterRole(header: header, section: section)
        let side = role.sideInset + UITableViewCell.defaultMargin
        var configuration = UIListContentConfiguration.plainHeader()
        traitCollection.performAsCurrent {
            configuration = switch (style, header) {
            case (.plain, true): .plainHeader()
            case (.plain, false): .plainFooter()
            case (_, true): .groupedHeader()
            case (_, false): .groupedFooter()
            }
        }
        let margins = configuration.directionalLayoutMargins
        return TitleMetrics(font: configuration.textProperties.font, color: configuration.textProperties.color,
                            insets: UIEdgeInsets(top: margins.top + role.extraTop, left: side, bottom: margins.bottom,
                                                 right: side),
                            uppercased: configuration.textProperties.transform == .uppercase)
    }

    /// Asks the delegate for a header or footer view, with ``UITableViewHeaderFooterView/pendingRole``
    /// set so that a view made or dequeued there knows where it goes.
    func askDelegateForView(header: Bool, section s: Int) -> UIView? {
        guard let delegate = tableDelegate else { return nil }
        return ask(delegate, forViewOfHeader: header, section: s)
    }

    /// ``askDelegateForView(header:section:)`` of a delegate the caller holds already (a
    /// reload asks every section with the one it loaded once).
    private func ask(_ delegate: UITableViewDelegate, forViewOfHeader header: Bool, section s: Int) -> UIView? {
        let previous = UITableViewHeaderFooterView.beginAsking(self, header: header, section: s)
        defer { UITableViewHeaderFooterView.endAsking(restoring: previous) }
        return header ? delegate.tableView(self, viewForHeaderInSection: s) : delegate.tableView(self, viewForFooterInSection: s)
    }

    /// The spacing grouped sections keep when they have no title.
    func untitledHeight(header: Bool, section: Int) -> Double {
        guard style != .plain else { return 0 }
        return header ? (section == 0 ? 35 : 18) : 18
    }

    func headerHeight(for s: Int, _ dataSource: UITableViewDataSource, _ delegate: UITableViewDelegate?) -> Double {
        let height = sectionSupplementHeight(header: true, s, dataSource, delegate)
        return height > 0 ? height + Double(headerTopPadding) : height
    }

    /// The padding above each header of a plain table: ``UITableView/sectionHeaderTopPadding``,
    /// with ``UITableView/automaticDimension`` (and anything negative or not finite) as 0.
    var headerTopPadding: CGFloat {
        let p = sectionHeaderTopPadding
        guard style == .plain, p != UITableView.automaticDimension, p.isFinite, p > 0 else { return 0 }
        return p
    }

    func footerHeight(for s: Int, _ dataSource: UITableViewDataSource, _ delegate: UITableViewDelegate?) -> Double {
        sectionSupplementHeight(header: false, s, dataSource, delegate)
    }

    private func sectionSupplementHeight(header: Bool, _ s: Int, _ dataSource: UITableViewDataSource,
                                         _ delegate: UITableViewDelegate?) -> Double {
        let title = header ? dataSource.tableView(self, titleForHeaderInSection: s)
                           : dataSource.tableView(self, titleForFooterInSection: s)
        // (Not `delegate.flatMap`: a main-actor closure handed to the standard library checks
        // its executor at each call, and a reload asks every section. Not `if let` either:
        // the copy it binds is retained around the call, and the delegate, held weakly,
        // takes the runtime's slow path for it; the payload of a `switch` is borrowed.)
        let view: UIView?
        switch delegate {
        case .some(let delegate): view = ask(delegate, forViewOfHeader: header, section: s)
        case .none: view = nil
        }
        // (Only when there is something to keep: most sections of a long list have neither,
        // and each access to the store is checked for exclusivity at run time.)
        if view != nil || title?.isEmpty == false {
            store.provide(header ? .header(s) : .footer(s), title: title, view: view)
        }
        let asked = header ? (delegate?.tableView(self, heightForHeaderInSection: s) ?? sectionHeaderHeight)
                           : (delegate?.tableView(self, heightForFooterInSection: s) ?? sectionFooterHeight)
        let what = { "\(header ? "header" : "footer") height of section \(s)" }
        if asked != UITableView.automaticDimension {
            return validatedHeight(Double(asked), what: what(), fallback: 0)
        }
        if let view {
            let width = bounds.width
            if let headerFooter = view as? UITableViewHeaderFooterView {
                style(headerFooter, header: header, section: s, title: nil)
            }
            let fitted = view.sizeThatFits(CGSize(width: width, height: 0)).height
            return validatedHeight(Double(fitted > 0 ? fitted : view.frame.height), what: what(),
                                   fallback: 0)
        }
        guard let title, !title.isEmpty else { return untitledHeight(header: header, section: s) }
        // Where the title view lays it out: inside the safe area's sides.
        let width = max(0, bounds.width - contentSafeSides)
        let label = UILabel()
        let m = titleMetrics(header: header, section: s)
        label.font = m.font
        label.numberOfLines = 0
        label.text = m.uppercased ? title.uppercased() : title
        let h = label.sizeThatFits(CGSize(width: max(0, width - m.insets.horizontal), height: 0)).height
        return Double((h + m.insets.vertical).rounded(.up))
    }

    /// Applies the standard title look to a header or footer view.
    func style(_ view: UITableViewHeaderFooterView, header: Bool, section: Int, title: String?) {
        let role = headerFooterRole(header: header, section: section)
        if view.tableRole != role {
            view.tableRole = role
            view.setNeedsLayout()
        }
        let m = titleMetrics(header: header, section: section)
        // A view with no title and no label made yet (a custom header) is left without one.
        if let label = title != nil ? view.textLabel : view.contentConfiguration == nil ? view.madeTextLabel : nil {
            label.font = m.font
            label.textColor = m.color
            if let title { label.text = m.uppercased ? title.uppercased() : title }
        }
        if style == .plain {
            if view.backgroundView == nil && view.backgroundColor == nil && view.backgroundConfiguration == nil {
                view.backgroundColor = .secondarySystemBackground
            }
        }
    }

    /// The view shown for a section's header or footer: the delegate's, or a standard
    /// title view from the pool; nil when there is neither.
    func supplementaryView(header: Bool, section s: Int) -> UIView? {
        let item: TableItem = header ? .header(s) : .footer(s)
        let asked = store.takeProvided(item) ?? askDelegateForView(header: header, section: s)
        if let provided = asked {
            if let headerFooter = provided as? UITableViewHeaderFooterView {
                style(headerFooter, header: header, section: s, title: nil)
            }
            return provided
        }
        guard let title = store.titles[item] else { return nil }
        // Pooled while the traits changed, or new: the table's traits before it is styled.
        let view = store.dequeueSupplement(Self.titleViewIdentifier, role: nil)
            ?? store.makeSupplement { UITableViewHeaderFooterView(reuseIdentifier: Self.titleViewIdentifier) }
        view.backgroundColor = nil
        style(view, header: header, section: s, title: title)
        return view
    }

    static let titleViewIdentifier = "Tabula.title"
}
