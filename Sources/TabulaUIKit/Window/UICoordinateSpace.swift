import Foundation

/// A rectangle with coordinates that points and rects convert into and out of, as UIKit's
/// `UICoordinateSpace`. A screen's ``UIScreen/coordinateSpace`` (and its window scene's)
/// is the screen's rectangle, as the interface is turned: the space windows are placed in.
///
/// UIKit's `UIView` adopts the protocol too; here views keep their own
/// `convert(_:to: UIView?)` family, and converting between a view and a screen's space
/// goes through `convert(_:to:)` of the screen's space with the view's window.
@preconcurrency @MainActor
public protocol UICoordinateSpace: AnyObject {
    /// The space's rectangle in its own coordinates.
    var bounds: CGRect { get }
    /// `point` in this space, in `coordinateSpace`'s coordinates.
    func convert(_ point: CGPoint, to coordinateSpace: any UICoordinateSpace) -> CGPoint
    /// `point` in `coordinateSpace`, in this space's coordinates.
    func convert(_ point: CGPoint, from coordinateSpace: any UICoordinateSpace) -> CGPoint
    /// `rect` in this space, in `coordinateSpace`'s coordinates.
    func convert(_ rect: CGRect, to coordinateSpace: any UICoordinateSpace) -> CGRect
    /// `rect` in `coordinateSpace`, in this space's coordinates.
    func convert(_ rect: CGRect, from coordinateSpace: any UICoordinateSpace) -> CGRect
}

/// A screen's space: its origin is the screen's top left as the interface is turned, the
/// place a full-screen window's origin is too.
@MainActor
final class ScreenCoordinateSpace: UICoordinateSpace {
    private let screen: UIScreen
    init(screen: UIScreen) { self.screen = screen }

    var bounds: CGRect { screen.bounds }

    // A screen has one space (Tabula has no fixed, portrait space): conversion between
    // screen spaces is the identity.
    func convert(_ point: CGPoint, to coordinateSpace: any UICoordinateSpace) -> CGPoint { point }
    func convert(_ point: CGPoint, from coordinateSpace: any UICoordinateSpace) -> CGPoint { point }
    func convert(_ rect: CGRect, to coordinateSpace: any UICoordinateSpace) -> CGRect { rect }
    func convert(_ rect: CGRect, from coordinateSpace: any UICoordinateSpace) -> CGRect { rect }
}

extension UIScreen {
    /// The screen's space, as the interface is turned (its bounds are ``bounds``).
    public var coordinateSpace: any UICoordinateSpace { ScreenCoordinateSpace(screen: self) }
}

extension UIWindowScene {
    /// The scene's space: its screen's (`UIWindow(frame: scene.coordinateSpace.bounds)`
    /// makes a full-screen window, as Xcode's template does).
    public var coordinateSpace: any UICoordinateSpace { screen.coordinateSpace }
}
