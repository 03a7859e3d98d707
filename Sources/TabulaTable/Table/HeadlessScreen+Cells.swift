import Foundation
import TabulaUIKit

extension HeadlessScreen {
    /// The table view cells.
    public var cells: AccessibilityQuery { AccessibilityQuery(screen: self, kind: "cell") { $0.view is UITableViewCell } }
}
