import Foundation

/// What a drop does with the items, as UIKit's `UIDropOperation`.
public enum UIDropOperation: UInt, Sendable {
    /// Nothing: the drop is not taken here (the default).
    case cancel = 0
    /// Nothing, and the person is shown that a drop here is not allowed.
    case forbidden = 1
    /// The items are copied.
    case copy = 2
    /// The items are moved (a drop in the same app that allows moves).
    case move = 3
}

/// How a view would take a drop at the finger's place, as UIKit's `UIDropProposal`.
@preconcurrency @MainActor
open class UIDropProposal {
    /// What the drop would do.
    public let operation: UIDropOperation
    /// Whether the drop needs a precise place (text between characters); recorded.
    open var isPrecise = false
    /// Whether the preview should show at full size over the view; recorded.
    open var prefersFullSizePreview = false

    /// A proposal to do `operation`.
    public init(operation: UIDropOperation) {
        self.operation = operation
    }
}

/// What drag and drop sessions have in common, as UIKit's `UIDragDropSession`.
@preconcurrency @MainActor
public protocol UIDragDropSession: AnyObject {
    /// The items being dragged.
    var items: [UIDragItem] { get }
    /// Where the finger is, in `view`'s coordinates.
    func location(in view: UIView) -> CGPoint
    /// Whether the items may be moved (not only copied).
    var allowsMoveOperation: Bool { get }
    /// Whether the drag may leave the app (always in it here).
    var isRestrictedToDraggingApplication: Bool { get }
    /// Whether an item has a representation conforming to one of `typeIdentifiers`.
    func hasItemsConforming(toTypeIdentifiers typeIdentifiers: [String]) -> Bool
    /// Whether an object of `aClass` can be made from an item.
    func canLoadObjects(ofClass aClass: NSItemProviderReading.Type) -> Bool
}

extension UIDragDropSession {
    /// Whether a `String`, `URL` (or another type bridged to a readable class) can be made from an item.
    public func canLoadObjects<T: _ObjectiveCBridgeable>(ofClass: T.Type) -> Bool
        where T._ObjectiveCType: NSItemProviderReading {
        canLoadObjects(ofClass: T._ObjectiveCType.self)
    }
}

/// A drag that began in this app, as UIKit's `UIDragSession`.
@preconcurrency @MainActor
public protocol UIDragSession: UIDragDropSession {
    /// Anything the app keeps with the drag (it sees it again in the drop's ``UIDropSession/localDragSession``).
    var localContext: Any? { get set }
}

/// Whether a drop shows its loading progress, as UIKit's `UIDropSessionProgressIndicatorStyle`.
public enum UIDropSessionProgressIndicatorStyle: UInt, Sendable {
    /// No indicator.
    case none = 0
    /// The system's indicator (recorded; loads here are immediate).
    case `default` = 1
}

/// A drag as the view under the finger sees it, as UIKit's `UIDropSession`.
@preconcurrency @MainActor
public protocol UIDropSession: UIDragDropSession {
    /// The drag, when it began in this app; nil for a drop from the desktop.
    var localDragSession: UIDragSession? { get }
    /// Whether the drop shows its loading progress.
    var progressIndicatorStyle: UIDropSessionProgressIndicatorStyle { get set }
    /// The progress of the loads started by ``loadObjects(ofClass:completion:)``.
    var progress: Progress { get }
    /// Makes an object of `aClass` from each item that can give one, and passes them,
    /// in the items' order, to `completion` on the main queue.
    @discardableResult
    func loadObjects(ofClass aClass: NSItemProviderReading.Type,
                     completion: @escaping @MainActor ([NSItemProviderReading]) -> Void) -> Progress
}

extension UIDropSession {
    /// Makes a `String`, `URL` (or another type bridged to a readable class) from each item
    /// that can give one, and passes them to `completion` on the main queue.
    @discardableResult
    public func loadObjects<T: _ObjectiveCBridgeable>(ofClass: T.Type,
                                                      completion: @escaping @MainActor ([T]) -> Void) -> Progress
        where T._ObjectiveCType: NSItemProviderReading {
        loadObjects(ofClass: T._ObjectiveCType.self) { objects in
            completion(objects.compactMap { object in
                var result: T?
                guard let bridged = object as? T._ObjectiveCType else { return nil }
                _ = T._conditionallyBridgeFromObjectiveC(bridged, result: &result)
                return result
            })
        }
    }
}

/// One drag, from lift to drop (or from the desktop's drop): the session both the
/// source and the views it passes over see.
@MainActor
package final class DragDropSession: UIDragSession, UIDropSession {
    package private(set) var items: [UIDragItem]
    package var localContext: Any?
    package var progressIndicatorStyle = UIDropSessionProgressIndicatorStyle.default
    package let progress = Progress(totalUnitCount: 0)
    /// The window the drag moves over.
    package private(set) weak var window: UIWindow?
    /// The finger, in the window's coordinates.
    package var windowLocation: CGPoint
    /// Whether the drag began in this app (a lifted row) rather than on the desktop.
    package let isLocal: Bool
    package var allowsMoveOperation: Bool
    package var isRestrictedToDraggingApplication = false

    package init(items: [UIDragItem], window: UIWindow, location: CGPoint, isLocal: Bool, allowsMove: Bool) {
        self.items = items
        self.window = window
        self.windowLocation = location
        self.isLocal = isLocal
        self.allowsMoveOperation = allowsMove
    }

    package var localDragSession: UIDragSession? { isLocal ? self : nil }

    package func location(in view: UIView) -> CGPoint {
        guard let window else { return windowLocation }
        return view.window === window ? window.convert(windowLocation, to: view) : windowLocation
    }

    package func hasItemsConforming(toTypeIdentifiers typeIdentifiers: [String]) -> Bool {
        items.contains { item in typeIdentifiers.contains { item.itemProvider.hasItemConformingToTypeIdentifier($0) } }
    }

    package func canLoadObjects(ofClass aClass: NSItemProviderReading.Type) -> Bool {
        items.contains { $0.itemProvider.canLoadObject(ofClass: aClass) }
    }

    @discardableResult
    package func loadObjects(ofClass aClass: NSItemProviderReading.Type,
                             completion: @escaping @MainActor ([NSItemProviderReading]) -> Void) -> Progress {
        let providers = items.map(\.itemProvider).filter { $0.canLoadObject(ofClass: aClass) }
        let collector = LoadCollector(count: providers.count, completion: completion)
        progress.totalUnitCount += Int64(providers.count)
        if providers.isEmpty {
            DispatchQueue.main.async { MainActor.assumeIsolated { collector.finish() } }
        }
        for (index, provider) in providers.enumerated() {
            provider.loadObject(ofClass: aClass) { [progress] object, _ in
                let box = LoadedObject(object)
                MainActor.assumeIsolated {
                    progress.completedUnitCount += 1
                    collector.set(index, box.object)
                }
            }
        }
        return progress
    }

    /// Adds items to the drag (more rows tapped while it moves).
    package func append(_ more: [UIDragItem]) { items += more }
}

/// An object handed from a load's completion to the main actor.
private struct LoadedObject: @unchecked Sendable {
    let object: NSItemProviderReading?
    init(_ object: NSItemProviderReading?) { self.object = object }
}

/// Gathers the objects of several loads, in order, and completes once all have come.
@MainActor
private final class LoadCollector {
    private var objects: [NSItemProviderReading?]
    private var remaining: Int
    private var completion: (@MainActor ([NSItemProviderReading]) -> Void)?

    init(count: Int, completion: @escaping @MainActor ([NSItemProviderReading]) -> Void) {
        objects = Array(repeating: nil, count: count)
        remaining = count
        self.completion = completion
    }

    func set(_ index: Int, _ object: NSItemProviderReading?) {
        objects[index] = object
        remaining -= 1
        if remaining == 0 { finish() }
    }

    func finish() {
        guard let completion else { return }
        self.completion = nil
        completion(objects.compactMap { $0 })
    }
}
