import Foundation

/// The factories: iOS 17's looks at the default (Large) text size, which are also the
/// looks of the legacy `textLabel` cells and `titleForHeaderInSection` titles, so that a
/// table looks the same either way.
///
/// | Style | Text | Secondary text | Margins (top, bottom) |
/// | --- | --- | --- | --- |
/// | cell | 17 pt, label | 15 pt, secondary label, below | 11, 11 |
/// | subtitleCell | 17 pt, label | 12 pt, secondary label, below | 11, 11 |
/// | valueCell | 17 pt, label | 17 pt, secondary label, trailing | 11, 11 |
/// | plainHeader | 15 pt bold, label | 15 pt, secondary label, trailing | 5, 5 |
/// | plainFooter | 15 pt, secondary label | the same | 5, 5 |
/// | groupedHeader | 13 pt, secondary label, upper case | 13 pt, trailing | 17, 7 |
/// | groupedFooter | 13 pt, secondary label | 13 pt | 7, 17 |
///
/// Grouped headers are upper-cased as iOS 17 does (iOS 26 stopped); set
/// `textProperties.transform = .none` to keep the title's case.
extension UIListContentConfiguration {
    /// A row: text, with any secondary text below it in a smaller grey font.
    public static func cell() -> UIListContentConfiguration { make(.cell) }
    /// A row with a subtitle: text, and the secondary text below it at 12 points.
    public static func subtitleCell() -> UIListContentConfiguration { make(.subtitleCell) }
    /// A row with a value: text at the leading edge, the secondary text in grey at the
    /// trailing edge (below the text when both do not fit on one line).
    public static func valueCell() -> UIListContentConfiguration { make(.valueCell) }
    /// A section header in a plain table: bold, on the floating grey bar.
    public static func plainHeader() -> UIListContentConfiguration { make(.plainHeader) }
    /// A section footer in a plain table.
    public static func plainFooter() -> UIListContentConfiguration { make(.plainFooter) }
    /// A section header in a grouped or inset grouped table: small grey capitals above the group.
    public static func groupedHeader() -> UIListContentConfiguration { make(.groupedHeader) }
    /// A section footer in a grouped or inset grouped table: small grey text below the group.
    public static func groupedFooter() -> UIListContentConfiguration { make(.groupedFooter) }
    /// A section header in a plain list (iOS 18's name for ``plainHeader()``).
    public static func header() -> UIListContentConfiguration { make(.plainHeader) }
    /// A section footer in a plain list (iOS 18's name for ``plainFooter()``).
    public static func footer() -> UIListContentConfiguration { make(.plainFooter) }
    /// A larger, bold header for an inset grouped table (20 points, in the label colour).
    public static func prominentInsetGroupedHeader() -> UIListContentConfiguration { make(.prominentInsetGroupedHeader) }
    /// The largest header for an inset grouped table (22 points bold).
    public static func extraProminentInsetGroupedHeader() -> UIListContentConfiguration {
        make(.extraProminentInsetGroupedHeader)
    }
    /// A row of a sidebar: like ``cell()``, but its text and image turn white while selected.
    public static func sidebarCell() -> UIListContentConfiguration { make(.sidebarCell) }
    /// A sidebar row with a subtitle.
    public static func sidebarSubtitleCell() -> UIListContentConfiguration { make(.sidebarSubtitleCell) }
    /// A row of a sidebar shown beside other content (its selection is grey, the text keeps its colour).
    public static func accompaniedSidebarCell() -> UIListContentConfiguration { make(.accompaniedSidebarCell) }
    /// An accompanied sidebar row with a subtitle.
    public static func accompaniedSidebarSubtitleCell() -> UIListContentConfiguration {
        make(.accompaniedSidebarSubtitleCell)
    }
    /// A section header of a sidebar.
    public static func sidebarHeader() -> UIListContentConfiguration { make(.sidebarHeader) }

    /// The configuration a factory returns.
    static func make(_ base: Base) -> UIListContentConfiguration {
        // Each font follows a text style, as UIKit's do: body 17, subheadline 15, caption 12,
        // footnote 13, scaled for the current traits' preferred text size.
        func styled(_ font: UIFont, _ style: UIFont.TextStyle) -> UIFont {
            UIFontMetrics(forTextStyle: style).scaledFont(for: font)
        }
        let body = styled(.systemFont(ofSize: 17), .body)
        let subheadline = styled(.systemFont(ofSize: 15), .subheadline)
        let footnote = styled(.systemFont(ofSize: 13), .footnote)
        let row = NSDirectionalEdgeInsets(top: 11, leading: 0, bottom: 11, trailing: 0)
        func text(_ font: UIFont, _ color: UIColor) -> TextProperties { TextProperties(font: font, color: color) }
        var c: UIListContentConfiguration
        switch base {
        case .cell, .sidebarCell, .accompaniedSidebarCell:
            c = .init(base: base, text: text(body, .label), secondary: text(subheadline, .secondaryLabel),
                      margins: row)
        case .subtitleCell, .sidebarSubtitleCell, .accompaniedSidebarSubtitleCell:
            c = .init(base: base, text: text(body, .label), secondary: text(styled(.systemFont(ofSize: 12), .caption1), .secondaryLabel),
                      margins: row)
        case .valueCell:
            c = .init(base: base, text: text(body, .label), secondary: text(body, .secondaryLabel), margins: row)
            c.prefersSideBySideTextAndSecondaryText = true
        case .plainHeader:
            c = .init(base: base, text: text(styled(.boldSystemFont(ofSize: 15), .subheadline), .label),
                      secondary: text(subheadline, .secondaryLabel),
                      margins: NSDirectionalEdgeInsets(top: 5, leading: 0, bottom: 5, trailing: 0))
            c.prefersSideBySideTextAndSecondaryText = true
        case .plainFooter:
            let footer = text(subheadline, .secondaryLabel)
            c = .init(base: base, text: footer, secondary: footer,
                      margins: NSDirectionalEdgeInsets(top: 5, leading: 0, bottom: 5, trailing: 0))
        case .groupedHeader:
            var title = text(footnote, .secondaryLabel)
            title.transform = .uppercase
            c = .init(base: base, text: title, secondary: text(footnote, .secondaryLabel),
                      margins: NSDirectionalEdgeInsets(top: 17, leading: 0, bottom: 7, trailing: 0))
            c.prefersSideBySideTextAndSecondaryText = true
        case .groupedFooter:
            let footer = text(footnote, .secondaryLabel)
            c = .init(base: base, text: footer, secondary: footer,
                      margins: NSDirectionalEdgeInsets(top: 7, leading: 0, bottom: 17, trailing: 0))
        case .prominentInsetGroupedHeader, .extraProminentInsetGroupedHeader:
            let size: CGFloat = base == .prominentInsetGroupedHeader ? 20 : 22
            c = .init(base: base, text: text(styled(.boldSystemFont(ofSize: size), size == 20 ? .title3 : .title2), .label),
                      secondary: text(subheadline, .secondaryLabel),
                      margins: NSDirectionalEdgeInsets(top: 17, leading: 0, bottom: 9, trailing: 0))
            c.prefersSideBySideTextAndSecondaryText = true
        case .sidebarHeader:
            c = .init(base: base, text: text(styled(.systemFont(ofSize: 15, weight: .semibold), .subheadline), .secondaryLabel),
                      secondary: text(subheadline, .secondaryLabel),
                      margins: NSDirectionalEdgeInsets(top: 11, leading: 0, bottom: 7, trailing: 0))
            c.prefersSideBySideTextAndSecondaryText = true
        }
        return c
    }
}
