import Foundation
import TabulaCore

/// Section headers and footers: heights from titles (the automatic dimension of WWDC
/// 2011, What's New in Table Views), the standard title views for plain and grouped
/// styles, and custom views.
extension UITableView {
    /// Side inset of grouped sections (0 in plain style).
    var groupInset: CGFloat {
        switch style {
        case .plain: 0
        case .grouped: 10
        case .insetGrouped: 16
        }
    }

    static let groupCornerRadius: CGFloat = 10

    /// Title metrics: font and the padding above and below the text.
    struct TitleMetrics {
        var font: UIFont
        var color: UIColor
        var insets: UIEdgeInsets
        var uppercased: Bool
    }

    func titleMetrics(header: Bool, section: Int) -> TitleMetrics {
        let side = groupInset + UITableViewCell.defaultMargin
        switch style {
        case .plain:
            return TitleMetrics(font: header ? .boldSystemFont(ofSize: 15) : .systemFont(ofSize: 15),
                                color: header ? .label : .secondaryLabel,
                                insets: UIEdgeInsets(top: 5, left: side, bottom: 5, right: side), uppercased: false)
        case .grouped, .insetGrouped:
            let top: CGFloat = header ? (section == 0 ? 28 : 17) : 7
            return TitleMetrics(font: .systemFont(ofSize: 13), color: .secondaryLabel,
                                insets: UIEdgeInsets(top: top, left: side, bottom: header ? 7 : 17, right: side),
                                uppercased: header)
        }
    }

    /// The spacing grouped sections keep when they have no title.
    func untitledHeight(header: Bool, section: Int) -> Double {
        guard style != .plain else { return 0 }
        return header ? (section == 0 ? 35 : 18) : 18
    }

    func headerHeight(for s: Int, _ dataSource: UITableViewDataSource, _ delegate: UITableViewDelegate?) -> Double {
        sectionSupplementHeight(header: true, s, dataSource, delegate)
    }

    func footerHeight(for s: Int, _ dataSource: UITableViewDataSource, _ delegate: UITableViewDelegate?) -> Double {
        sectionSupplementHeight(header: false, s, dataSource, delegate)
    }

    private func sectionSupplementHeight(header: Bool, _ s: Int, _ dataSource: UITableViewDataSource,
                                         _ delegate: UITableViewDelegate?) -> Double {
        let title = header ? dataSource.tableView(self, titleForHeaderInSection: s)
                           : dataSource.tableView(self, titleForFooterInSection: s)
        if let title, !title.isEmpty {
            if header { headerTitles[s] = title } else { footerTitles[s] = title }
        }
        let view = header ? delegate?.tableView(self, viewForHeaderInSection: s)
                          : delegate?.tableView(self, viewForFooterInSection: s)
        if let view {
            if header { providedHeaderViews[s] = view } else { providedFooterViews[s] = view }
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
        let width = bounds.width
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
        let m = titleMetrics(header: header, section: section)
        view.titleInsets = m.insets
        if let label = view.textLabel {
            label.font = m.font
            label.textColor = m.color
            if let title { label.text = m.uppercased ? title.uppercased() : title }
        }
        if style == .plain {
            if view.backgroundView == nil && view.backgroundColor == nil {
                view.backgroundColor = .secondarySystemBackground
            }
        }
    }

    /// The view shown for a section's header or footer: the delegate's, or a standard
    /// title view from the pool; nil when there is neither.
    func supplementaryView(header: Bool, section s: Int) -> UIView? {
        let cached = header ? providedHeaderViews.removeValue(forKey: s) : providedFooterViews.removeValue(forKey: s)
        let asked = cached ?? (header ? tableDelegate?.tableView(self, viewForHeaderInSection: s)
                                      : tableDelegate?.tableView(self, viewForFooterInSection: s))
        if let provided = asked {
            if let headerFooter = provided as? UITableViewHeaderFooterView {
                style(headerFooter, header: header, section: s, title: nil)
            }
            return provided
        }
        guard let title = (header ? headerTitles : footerTitles)[s] else { return nil }
        let view = reusableHeaderFooterViews[Self.titleViewIdentifier]?.popLast()
            ?? UITableViewHeaderFooterView(reuseIdentifier: Self.titleViewIdentifier)
        view.backgroundColor = nil
        style(view, header: header, section: s, title: title)
        return view
    }

    static let titleViewIdentifier = "Tabula.title"
}
