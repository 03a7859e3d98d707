import Foundation

/// Variants of one piece of artwork for different traits — light and dark appearance,
/// display scales — from which the one for an environment is picked: UIKit's
/// `UIImageAsset`.
///
/// ```swift
/// let asset = UIImageAsset()
/// asset.register(lightLogo, with: UITraitCollection(userInterfaceStyle: .light))
/// asset.register(darkLogo, with: UITraitCollection(userInterfaceStyle: .dark))
/// imageView.image = asset.image(with: imageView.traitCollection)  // follows dark mode
/// ```
///
/// A registered image's ``UIImage/imageAsset`` is the asset, so a ``UIImageView`` showing
/// it switches to the matching variant whenever its traits change. Tabula matches the
/// appearance (`userInterfaceStyle`) and the display scale; other traits are recorded
/// with the variant but do not take part in the choice. A named image from an asset
/// catalog's image set with a dark variant has an asset holding its light and dark images.
open class UIImageAsset: @unchecked Sendable {
    private let lock = NSLock()
    private var variants: [(traits: UITraitCollection, image: UIImage)] = []

    /// An empty asset.
    public init() {}

    /// Adds `image` as the variant for `traitCollection`, replacing one registered with
    /// the same appearance and scale. As UIKit asks, give the traits a display scale; one
    /// without is taken as scale 1.
    open func register(_ image: UIImage, with traitCollection: UITraitCollection) {
        lock.withLock {
            variants.removeAll { Self.sameSlot($0.traits, traitCollection) }
            variants.append((traitCollection, image))
        }
        image.assetReference.set(self, traits: traitCollection)
    }

    /// Adds `image` as the variant for `configuration`'s traits (as the trait-collection form does).
    open func register(_ image: UIImage, with configuration: UIImage.Configuration) {
        register(image, with: configuration.traitCollection ?? UITraitCollection())
    }

    /// Removes the variant registered for traits with `traitCollection`'s appearance and scale.
    open func unregister(imageWith traitCollection: UITraitCollection) {
        lock.withLock { variants.removeAll { Self.sameSlot($0.traits, traitCollection) } }
    }

    /// Removes the variant registered for `configuration`'s traits.
    open func unregisterImage(with configuration: UIImage.Configuration) {
        unregister(imageWith: configuration.traitCollection ?? UITraitCollection())
    }

    /// The variant for `traitCollection`: of the variants whose appearance is the one
    /// asked for (an unspecified appearance counts as light) or unspecified, preferring
    /// an exact appearance, the one at the display scale asked for (the screen's when
    /// unspecified), else the nearest larger scale, else the largest. An empty asset
    /// gives an empty image (UIKit's answer is undefined there).
    open func image(with traitCollection: UITraitCollection) -> UIImage {
        let variants = lock.withLock { self.variants }
        guard !variants.isEmpty else { return UIImage(cgImage: Bitmap(width: 0, height: 0)) }
        let style = traitCollection.userInterfaceStyle == .dark ? UIUserInterfaceStyle.dark : .light
        func styleOf(_ traits: UITraitCollection) -> UIUserInterfaceStyle? {
            traits.userInterfaceStyle == .unspecified ? nil : traits.userInterfaceStyle
        }
        let exact = variants.filter { styleOf($0.traits) == style }
        let neutral = variants.filter { styleOf($0.traits) == nil }
        let candidates = !exact.isEmpty ? exact : !neutral.isEmpty ? neutral : variants
        let scale = DisplayScale.resolve(traitCollection)
        let best = ImageAssets.best(candidates, for: scale) { Self.scale(of: $0.traits) }
        return (best ?? candidates[0]).image
    }

    /// The variant for `configuration`'s traits (as the trait-collection form picks it).
    open func image(with configuration: UIImage.Configuration) -> UIImage {
        image(with: configuration.traitCollection ?? UITraitCollection())
    }

    private static func scale(of traits: UITraitCollection) -> CGFloat {
        traits.displayScale > 0 ? traits.displayScale : 1
    }

    private static func sameSlot(_ a: UITraitCollection, _ b: UITraitCollection) -> Bool {
        a.userInterfaceStyle == b.userInterfaceStyle && scale(of: a) == scale(of: b)
    }
}

/// The asset an image was registered with, and the traits it was registered for.
final class AssetReference: @unchecked Sendable {
    private let lock = NSLock()
    private var asset: UIImageAsset?
    private var traits: UITraitCollection?

    func set(_ asset: UIImageAsset, traits: UITraitCollection) {
        lock.withLock {
            self.asset = asset
            self.traits = traits
        }
    }

    var value: (asset: UIImageAsset?, traits: UITraitCollection?) { lock.withLock { (asset, traits) } }
}

extension UIImage {
    /// The asset this image is a variant of: set when the image is registered with a
    /// ``UIImageAsset`` (and for the images an asset hands out), and for a named image
    /// whose image set has a dark variant; nil otherwise.
    public var imageAsset: UIImageAsset? { assetReference.value.asset }

    /// The traits the image is for: those it was registered with in a ``UIImageAsset``,
    /// else those of its ``configuration``, with the display scale set to its ``scale``
    /// when they give none.
    public var traitCollection: UITraitCollection {
        let base = assetReference.value.traits ?? configuration?.traitCollection ?? UITraitCollection()
        guard base.displayScale <= 0 else { return base }
        return UITraitCollection(traitsFrom: [base, UITraitCollection(displayScale: scale)])
    }
}
