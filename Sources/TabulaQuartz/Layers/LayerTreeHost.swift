/// The object that runs frames for a layer tree (`HeadlessScreen` or a window host).
///
/// Layers tell it when anything that affects the next frame changed, so that a
/// host can sleep while nothing does.
@MainActor
package protocol LayerTreeHost: AnyObject {
    /// Something visible, a layout or a display is pending.
    func layerTreeNeedsUpdate()
    /// A backing store was redrawn (for frame statistics).
    func noteBackingStoreRedrawn()
    /// The host's clock, frame work, callback queue and animation driver.
    var engine: FrameEngine { get }
    /// Receives the problems reported about layers of this tree (a value a layer cannot
    /// use, an animation that cannot run); nil sends them to the process-wide handler of
    /// their kind (``CALayer/onInvalidValue``, ``CALayer/onInvalidAnimation``).
    var problemHandler: ((String) -> Void)? { get }
}

extension LayerTreeHost {
    /// Evaluates the animations of the tree's layers each frame.
    package var animationDriver: AnimationDriver { engine.animationDriver }
    /// How many frames the host has run.
    package var framesRun: Int { engine.framesRun }
}
