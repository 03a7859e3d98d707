import Foundation
import Tabula
import TabulaQuartz

/// Puts a view or view controller on a ``HeadlessScreen`` shaped by a ``ViewImageConfig``
/// and renders it: what the image and text strategies share.
///
/// The screen is as large as the configuration's size (or the view's own), has the
/// configuration's safe area and no status bar, and shows the appearance the traits ask
/// for (light unless `userInterfaceStyle` is `.dark`) at their display scale (else
/// ``defaultSnapshotScale``). The view controller becomes the window's root; a bare view
/// is added to a plain root controller's view at the origin. One frame runs after the
/// window is shown, so that layout, table rows and drawing are done. Afterwards the
/// controller is taken out of the window and a view goes back to its superview and frame,
/// so the same value can be snapshotted again.
struct SnapshotRenderer: Sendable {
    /// The size a view controller is shown at when neither the configuration nor its view
    /// gives one: the iPhone 13's screen, 390 × 844 points.
    static let fallbackControllerSize = CGSize(width: 390, height: 844)

    let config: ViewImageConfig
    let traits: UITraitCollection

    /// The traits of the configuration with those of `traits` laid over them.
    var mergedTraits: UITraitCollection { UITraitCollection(traitsFrom: [config.traits, traits]) }

    /// Pixels per point: the traits' display scale, else ``defaultSnapshotScale``.
    var scale: CGFloat {
        let scale = mergedTraits.displayScale
        return scale > 0 ? scale : defaultSnapshotScale
    }

    /// Shows `view` (alone, in a plain controller) or `controller`, runs `body` with the
    /// view to render and the screen, then takes them down again. `body` is not called,
    /// and nil is returned, when the size is empty even after `sizeToFit()`.
    @MainActor
    func withShown<R>(view: UIView?, controller: UIViewController?,
                      _ body: (UIView, HeadlessScreen) -> R) -> R? {
        let host = controller ?? UIViewController()
        let shownView = view ?? host.view!
        let oldFrame = shownView.frame
        let oldSuperview = view?.superview
        let oldIndex = oldSuperview?.subviews.firstIndex { $0 === view }

        var size = config.size ?? shownView.frame.size
        if view == nil, size.width <= 0 || size.height <= 0 { size = Self.fallbackControllerSize }
        if size.width <= 0 || size.height <= 0 {
            // As the library does for a view without a size: let it size itself.
            shownView.sizeToFit()
            size = shownView.frame.size
        }
        guard size.width > 0, size.height > 0, size.width.isFinite, size.height.isFinite else { return nil }

        let device = DeviceProfile(name: "snapshot", portraitSize: size, scale: scale,
                                   portraitSafeAreaInsets: config.safeArea, landscapeSafeAreaInsets: config.safeArea,
                                   showsStatusBar: false)
        let screen = HeadlessScreen(device: device)
        screen.userInterfaceStyle = mergedTraits.userInterfaceStyle == .dark ? .dark : .light
        let window = UIWindow(frame: CGRect(origin: .zero, size: size))
        window.rootViewController = host
        if let view {
            view.removeFromSuperview()
            view.frame = CGRect(origin: .zero, size: size)
            host.view.addSubview(view)
        }
        screen.show(window)
        screen.advance(by: screen.frameDuration)
        defer {
            window.rootViewController = nil
            if let view {
                view.removeFromSuperview()
                view.frame = oldFrame
                if let oldSuperview {
                    oldSuperview.insertSubview(view, at: min(oldIndex ?? oldSuperview.subviews.count,
                                                             oldSuperview.subviews.count))
                }
            }
        }
        return body(shownView, screen)
    }

    /// The view's layer composited on its own into a transparent image (as the library's
    /// `view.layer.render(in:)` gives), at ``scale``; an empty image when there is nothing
    /// to show.
    @MainActor
    func image(view: UIView?, controller: UIViewController?) -> UIImage {
        let rendered = withShown(view: view, controller: controller) { shown, screen -> UIImage in
            let bitmap = Bitmap(width: Int((shown.bounds.width * scale).rounded()),
                                height: Int((shown.bounds.height * scale).rounded()), opaque: false)
            _ = Compositor().render(shown.layer, into: bitmap, scale: scale, background: .clear)
            return UIImage(cgImage: bitmap, scale: scale)
        }
        return rendered ?? UIImage(cgImage: Bitmap(width: 0, height: 0), scale: scale)
    }
}

/// Runs `body` on the main actor, which the caller must be on: Tabula's views live there.
/// swift-snapshot-testing calls strategies synchronously from `assertSnapshot`, so a test
/// that is `@MainActor` (as any test making views is) satisfies this.
func onMainActor<T: Sendable>(_ body: @MainActor () -> T) -> T {
    MainActor.preconditionIsolated(
        "TabulaSnapshotTesting renders views on the main actor: mark the test (or its suite) @MainActor")
    return MainActor.assumeIsolated(body)
}
