import Foundation

/// Drops from outside the app: what the desktop drops onto the SDL window (text, files),
/// and what a test drops to see how a view takes it.
extension HeadlessScreen {
    /// Drops `providers` at `point` (window coordinates) as a drag from outside the app
    /// does: the view under the point that takes drops (a table with a drop delegate) is
    /// asked whether it can handle them, what it would do there, and — when it proposes a
    /// copy — to perform the drop. Returns what the drop did: `.cancel` when nothing took
    /// it (also reported, once per call, to ``onReport`` with what was dropped and where).
    ///
    /// The session is not local (``UIDropSession/localDragSession`` is nil) and does not
    /// allow moves. Load the items with ``UIDropSession/loadObjects(ofClass:completion:)``;
    /// their completions run on the main queue (`await screen.advance(by: 0)` in a test).
    @discardableResult
    public func drop(_ providers: [NSItemProvider], at point: CGPoint) -> UIDropOperation {
        guard let window else { return .cancel }
        var result = UIDropOperation.cancel
        work {
            let session = DragDropSession(items: providers.map { UIDragItem(itemProvider: $0) }, window: window,
                                          location: point, isLocal: false, allowsMove: false)
            let drag = DragPresentation(session: session, source: nil, picture: nil,
                                        frame: CGRect(origin: point, size: .zero), parameters: nil, window: window)
            drag.move(to: point)
            result = drag.operation
            drag.drop()
            CATransaction.endImplicitTransaction()
        }
        if result == .cancel {
            let types = providers.flatMap(\.registeredTypeIdentifiers)
            ProblemReports.report("Nothing took the drop of \(providers.count) item(s) (\(types.joined(separator: ", "))) at "
                   + "(\(point.x), \(point.y)): no view there has a drop delegate that accepts them.",
                                  on: self, otherwise: { ProblemReports.reportUnattributed($0) })
        }
        return result
    }

    /// Drops `text` at `point`, as text dragged from another app onto the window.
    @discardableResult
    public func drop(text: String, at point: CGPoint) -> UIDropOperation {
        drop([NSItemProvider(object: text as NSString)], at: point)
    }

    /// Drops the files at `fileURLs` at `point`, as files dragged from the desktop onto the window.
    @discardableResult
    public func drop(fileURLs: [URL], at point: CGPoint) -> UIDropOperation {
        drop(fileURLs.compactMap { NSItemProvider(contentsOf: $0) }, at: point)
    }
}
