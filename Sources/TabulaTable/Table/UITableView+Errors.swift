import Foundation
import TabulaUIKit
import TabulaCore

extension UITableView {
    /// What a table does with a `TableUpdateError`.
    public enum InvalidUpdatePolicy: Sendable {
        /// Report the error to ``UITableView/onInvalidUpdate`` (or standard error when it
        /// is nil) and continue with consistent content. The default.
        case reportAndReload
        /// Stop the program with the error's message (for tests that must not pass over one).
        case trap
    }

    /// Reports `error` as ``invalidUpdatePolicy`` says.
    func report(_ error: TableUpdateError) {
        switch invalidUpdatePolicy {
        case .trap:
            fatalError(error.message)
        case .reportAndReload:
            if let onInvalidUpdate {
                onInvalidUpdate(error)
            } else {
                FileHandle.standardError.write(Data("UITableView: \(error.message)\n".utf8))
            }
        }
    }
}
