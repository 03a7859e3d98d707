import Foundation
import TabulaQuartz

/// Where Tabula tells the app about a call it could not carry out as asked — a text range
/// made before the text changed, a NaN size, a view added to itself, a font size that
/// cannot be drawn — and what it did instead.
///
/// Each report is one sentence that names the call, what was wrong, and what happened
/// instead; the app goes on, and nothing is left half changed. A view on a
/// ``HeadlessScreen`` reports to that screen's ``HeadlessScreen/onReport`` (so two
/// screens in one process, and two tests, hear only their own). A problem that belongs
/// to no screen (a font made at a size that cannot be drawn, a view on no screen) goes to
/// ``unattributedHandler``: the one process-wide handler, since there is no host to own
/// it, and since fonts are made on any thread, it is guarded by a lock.
enum ProblemReports {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var storedHandler: (@Sendable (String) -> Void)?

    /// Receives the reports that belong to no screen; nil (the default) writes them to
    /// standard error.
    static var unattributedHandler: (@Sendable (String) -> Void)? {
        get { lock.withLock { storedHandler } }
        set { lock.withLock { storedHandler = newValue } }
    }

    /// Reports `message` for `view` (nil: the report belongs to no view).
    @MainActor
    static func report(_ message: String, from view: UIView?) {
        if let screen = view?.layer.host as? HeadlessScreen, let handler = screen.onReport {
            handler(message)
        } else {
            reportUnattributed(message)
        }
    }

    /// Reports `message`, which belongs to no screen, from any thread.
    static func reportUnattributed(_ message: String) {
        if let handler = unattributedHandler {
            handler(message)
        } else {
            FileHandle.standardError.write(Data("Tabula: \(message)\n".utf8))
        }
    }
}

extension UIView {
    /// Reports a problem with a call made on this view (see ``ProblemReports``).
    func reportProblem(_ message: String) { ProblemReports.report(message, from: self) }
}
