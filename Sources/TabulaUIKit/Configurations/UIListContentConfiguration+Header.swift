import Foundation

extension UIListContentConfiguration {
    /// Whether a header factory made the configuration (`header()`, `groupedHeader()`, the
    /// prominent and sidebar headers): a list cell's outline disclosure in the `.automatic`
    /// style then expands and collapses its item on a tap anywhere in the cell.
    package var isHeaderStyle: Bool {
        switch base {
        case .plainHeader, .groupedHeader, .prominentInsetGroupedHeader, .extraProminentInsetGroupedHeader, .sidebarHeader: true
        default: false
        }
    }
}
