import Foundation
import TabulaQuartz

/// Where Tabula tells the app about a call it could not carry out as asked — a text range
/// made before the text changed, a NaN size, a view added to itself, a font size that
/// cannot be drawn — and what it did instead.
///
/// Each report is one sentence that names the call, what was wrong, and what happened
/// instead; the app goes on, and nothing is left half changed.
///
/// A report belongs to the screen of what it is about: a view, a layer, a view
/// controller's view, a constraint's first view, the screen itself. It goes to that
/// screen's ``HeadlessScreen/onReport`` (so two screens in one process, and two tests,
/// hear only their own). What belongs to no screen — a view on no screen, a font made at
/// a size that cannot be drawn, a screen that set no handler, a call that names nothing on
/// a screen (`CATransaction.commit()` without `begin()`) — goes to the process-wide
/// handler of its kind, since there is no host to own it: `UIViewController.onInvalidUse`,
/// `NSLayoutConstraint.reportHandler`, `CALayer.onInvalidValue`,
/// `CALayer.onInvalidAnimation`, or, for the rest, ``unattributedHandler`` (fonts are made
/// on any thread, so that one is guarded by a lock).
package enum ProblemReports {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var storedHandler: (@Sendable (String) -> Void)?

    /// Receives the reports that belong to no screen; nil (the default) writes them to
    /// standard error.
    package static var unattributedHandler: (@Sendable (String) -> Void)? {
        get { lock.withLock { storedHandler } }
        set { lock.withLock { storedHandler = newValue } }
    }

    /// Reports `message` for `view` (nil: the report belongs to no view).
    @MainActor
    static func report(_ message: String, from view: UIView?) {
        report(message, on: view?.layer.host, otherwise: { reportUnattributed($0) })
    }

    /// Reports `message` about something on `host` (nil: on no host) to that host's
    /// handler, or, when there is no host or it set no handler, to `fallback`, the
    /// process-wide handler of the report's kind.
    @MainActor
    static func report(_ message: String, on host: (any LayerTreeHost)?, otherwise fallback: (String) -> Void) {
        if let handler = host?.problemHandler { handler(message) } else { fallback(message) }
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
    package func reportProblem(_ message: String) { ProblemReports.report(message, from: self) }

    /// Reports a misuse of UIKit's API made on this view: to its screen's handler, or else
    /// to `UIViewController.onInvalidUse`.
    func reportInvalidUse(_ message: String) {
        ProblemReports.report(message, on: layer.host, otherwise: UIViewController.onInvalidUse)
    }
}

extension UIViewController {
    /// Reports a misuse of this controller: to the handler of the screen its view is on,
    /// or else to ``onInvalidUse``.
    package func reportInvalidUse(_ message: String) {
        ProblemReports.report(message, on: viewIfLoaded?.layer.host, otherwise: Self.onInvalidUse)
    }
}
