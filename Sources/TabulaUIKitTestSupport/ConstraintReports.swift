import TabulaUIKit

/// Collects what the layout pass reports (`NSLayoutConstraint.reportHandler`) instead of
/// writing it to standard error, until ``restore()``.
@MainActor
package final class ConstraintReports {
    /// The reports, oldest first.
    package var messages: [String] = []
    private let previous: @MainActor (String) -> Void

    package init() {
        previous = NSLayoutConstraint.reportHandler
        NSLayoutConstraint.reportHandler = { [unowned self] in self.messages.append($0) }
    }

    /// Puts back the handler that was there before.
    package func restore() { NSLayoutConstraint.reportHandler = previous }
}
