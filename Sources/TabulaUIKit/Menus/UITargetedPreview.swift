import Foundation

/// A view that stands for something as a context menu opens or closes, and where it
/// shows, as UIKit's `UITargetedPreview`: return one from a delegate's highlighting
/// preview method to lift part of a cell (its picture, say) instead of the whole cell,
/// and from the dismissing method to send the preview back somewhere else.
///
/// The preview shows a picture of ``view`` as it is when the menu opens, with the
/// ``parameters``' background colour behind its transparent parts and, when the
/// parameters give a visible path, cut to that path.
@preconcurrency @MainActor
open class UITargetedPreview {
    /// The view the preview pictures.
    public let view: UIView
    /// How the preview looks: its visible part, shadow shape and background colour.
    public let parameters: UIPreviewParameters
    /// Where the preview stands: a centre in a container view.
    public let target: UIPreviewTarget

    /// The size of the preview: the view's bounds.
    open var size: CGSize { view.bounds.size }

    /// A preview of `view` looking as `parameters` say, standing at `target`.
    public init(view: UIView, parameters: UIPreviewParameters, target: UIPreviewTarget) {
        self.view = view
        self.parameters = parameters
        self.target = target
    }

    /// A preview of `view` where it is, looking as `parameters` say. UIKit requires the
    /// view to be in a window; Tabula takes one that is not and reports it when the
    /// preview is used (the menu then lifts its default preview).
    public convenience init(view: UIView, parameters: UIPreviewParameters) {
        let container = view.superview ?? view
        let center = view.superview == nil ? CGPoint(x: view.bounds.midX, y: view.bounds.midY) : view.center
        self.init(view: view, parameters: parameters, target: UIPreviewTarget(container: container, center: center))
    }

    /// A preview of `view` where it is, with default parameters.
    public convenience init(view: UIView) {
        self.init(view: view, parameters: UIPreviewParameters())
    }

    /// The same preview standing at `newTarget`.
    open func retargetedPreview(with newTarget: UIPreviewTarget) -> UITargetedPreview {
        UITargetedPreview(view: view, parameters: parameters, target: newTarget)
    }

    /// Where the preview stands, in `window`'s coordinates; nil when its target's
    /// container is in no window (or in another one).
    func frame(in window: UIWindow) -> CGRect? {
        guard target.container.window === window else { return nil }
        let center = target.container.convert(target.center, to: window)
        let size = size
        guard center.x.isFinite, center.y.isFinite, size.width.isFinite, size.height.isFinite else { return nil }
        return CGRect(x: center.x - size.width / 2, y: center.y - size.height / 2, width: size.width, height: size.height)
    }
}
