import SnapshotTesting
import Tabula

extension Snapshotting where Value == UIView, Format == UIImage {
    /// A snapshot strategy for comparing views based on pixel equality.
    public static var image: Snapshotting { .image() }

    /// A snapshot strategy for comparing views based on pixel equality.
    ///
    /// The view is shown alone on a `HeadlessScreen` of its size (or `size`), one frame
    /// is run, and its layer is composited into a transparent image at the traits' display
    /// scale (2 when unspecified).
    ///
    /// - Parameters:
    ///   - drawHierarchyInKeyWindow: Accepted for source compatibility; Tabula renders the
    ///     same way either way (its headless screen is the key window).
    ///   - precision: The percentage of pixels that must match.
    ///   - perceptualPrecision: The percentage a pixel must match the source pixel to be considered a
    ///     match (CIE94 ΔE at most `(1 - perceptualPrecision) × 100`). 98-99% mimics the
    ///     precision of the human eye.
    ///   - size: A view size override.
    ///   - traits: A trait collection override: its display scale and appearance apply.
    public static func image(
        drawHierarchyInKeyWindow: Bool = false,
        precision: Float = 1,
        perceptualPrecision: Float = 1,
        size: CGSize? = nil,
        traits: UITraitCollection = .init()
    ) -> Snapshotting {
        let renderer = SnapshotRenderer(config: ViewImageConfig(safeArea: .zero, size: size), traits: traits)
        return SimplySnapshotting.image(precision: precision, perceptualPrecision: perceptualPrecision,
                                        scale: traits.displayScale)
            .pullback { view in onMainActor { renderer.image(view: view, controller: nil) } }
    }
}

extension Snapshotting where Value == UIViewController, Format == UIImage {
    /// A snapshot strategy for comparing view controller views based on pixel equality.
    public static var image: Snapshotting { .image() }

    /// A snapshot strategy for comparing view controller views based on pixel equality.
    ///
    /// The controller is the root of a window on a `HeadlessScreen` of the
    /// configuration's size and safe area; its view is composited after one frame.
    ///
    /// ```swift
    /// assertSnapshot(of: controller, as: .image(on: .iPhone13))
    /// assertSnapshot(of: controller, as: .image(on: .iPhone13, traits: UITraitCollection(userInterfaceStyle: .dark)))
    /// ```
    ///
    /// - Parameters:
    ///   - config: A set of device configuration settings.
    ///   - drawHierarchyInKeyWindow: Accepted for source compatibility; no effect in Tabula.
    ///   - precision: The percentage of pixels that must match.
    ///   - perceptualPrecision: The percentage a pixel must match the source pixel to be considered a
    ///     match (CIE94 ΔE at most `(1 - perceptualPrecision) × 100`). 98-99% mimics the
    ///     precision of the human eye.
    ///   - size: A view size override.
    ///   - traits: A trait collection override: its display scale and appearance apply.
    public static func image(
        on config: ViewImageConfig,
        drawHierarchyInKeyWindow: Bool = false,
        precision: Float = 1,
        perceptualPrecision: Float = 1,
        size: CGSize? = nil,
        traits: UITraitCollection = .init()
    ) -> Snapshotting {
        let sized = size.map { ViewImageConfig(safeArea: config.safeArea, size: $0, traits: config.traits) } ?? config
        let renderer = SnapshotRenderer(config: sized, traits: traits)
        return SimplySnapshotting.image(precision: precision, perceptualPrecision: perceptualPrecision,
                                        scale: renderer.scale)
            .pullback { controller in onMainActor { renderer.image(view: nil, controller: controller) } }
    }

    /// A snapshot strategy for comparing view controller views based on pixel equality.
    ///
    /// The controller's view is shown at `size`, else at its own size, else at 390 × 844
    /// points, with no safe area.
    ///
    /// - Parameters:
    ///   - drawHierarchyInKeyWindow: Accepted for source compatibility; no effect in Tabula.
    ///   - precision: The percentage of pixels that must match.
    ///   - perceptualPrecision: The percentage a pixel must match the source pixel to be considered a
    ///     match (CIE94 ΔE at most `(1 - perceptualPrecision) × 100`).
    ///   - size: A view size override.
    ///   - traits: A trait collection override: its display scale and appearance apply.
    public static func image(
        drawHierarchyInKeyWindow: Bool = false,
        precision: Float = 1,
        perceptualPrecision: Float = 1,
        size: CGSize? = nil,
        traits: UITraitCollection = .init()
    ) -> Snapshotting {
        .image(on: ViewImageConfig(safeArea: .zero, size: size, traits: traits),
               drawHierarchyInKeyWindow: drawHierarchyInKeyWindow, precision: precision,
               perceptualPrecision: perceptualPrecision, traits: traits)
    }
}
