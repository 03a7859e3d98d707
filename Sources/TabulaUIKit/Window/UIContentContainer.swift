import Foundation

/// What a view controller (or another container of content) hears when its size or its
/// children's preferred sizes change, as in UIKit. ``UIViewController`` provides the
/// defaults: it passes a size change on to its children, each at the size
/// ``size(forChildContentContainer:withParentContainerSize:)`` gives it.
///
/// Tabula calls ``viewWillTransition(to:with:)`` when the screen turns or the window is
/// resized (``HeadlessScreen/rotate(to:duration:)``), on the root view controller and on
/// every view controller presented over it, and
/// ``willTransition(to:with:)`` just before a turn changes a size class.
@preconcurrency @MainActor
public protocol UIContentContainer: NSObjectProtocol {
    /// The size the container would like its content to have.
    var preferredContentSize: CGSize { get }
    /// A child's ``preferredContentSize`` changed.
    func preferredContentSizeDidChange(forChildContentContainer container: any UIContentContainer)
    /// A child's Auto Layout fitting size changed.
    func systemLayoutFittingSizeDidChange(forChildContentContainer container: any UIContentContainer)
    /// The size a child gets when this container becomes `parentSize` large.
    func size(forChildContentContainer container: any UIContentContainer, withParentContainerSize parentSize: CGSize) -> CGSize
    /// The container's view is about to become `size` large; animate alongside with
    /// `coordinator`.
    func viewWillTransition(to size: CGSize, with coordinator: any UIViewControllerTransitionCoordinator)
    /// The container's traits are about to become `newCollection`.
    func willTransition(to newCollection: UITraitCollection, with coordinator: any UIViewControllerTransitionCoordinator)
}

extension UIViewController: UIContentContainer {}
