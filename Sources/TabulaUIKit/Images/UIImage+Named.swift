import Foundation

extension UIImage {
    /// The image named `name` in the main bundle's resources, in the `@2x`/`@3x`
    /// variant for the screen shown last (`UIScreen.main`); nil when there is none.
    ///
    /// Looks in asset catalogs (`Assets.xcassets/…/name.imageset`, with namespaces
    /// from folders that provide one: `Icons/gear`) and then for PNG files
    /// (`name.png`, `name@2x.png`, `name@3x.png`, each also with `~iphone`). A file that
    /// cannot be read, or a broken `Contents.json`, gives nil and one report to
    /// ``onInvalidAsset``. Images are decoded once and shared. An image set marked
    /// "Render As: Template Image" gives an `.alwaysTemplate` image.
    public convenience init?(named name: String) {
        self.init(named: name, in: nil, compatibleWith: nil)
    }

    /// The image named `name` in `bundle` (nil: the main bundle; for a package's
    /// resources, `Bundle.module`), in the variant for `traitCollection`'s display
    /// scale (or the screen's when it specifies none).
    public convenience init?(named name: String, in bundle: Bundle?, compatibleWith traitCollection: UITraitCollection?) {
        let scale = DisplayScale.resolve(traitCollection)
        guard let found = ImageAssets.shared.image(named: name, in: bundle, scale: scale) else { return nil }
        self.init(found, configuration: Configuration(traitCollection: traitCollection), traits: traitCollection)
    }

    /// The image of `found`; one from an image set with a dark variant is the variant for
    /// `traits`' appearance (the current traits' when they give none) and has an
    /// ``imageAsset`` holding both, so that an image view showing it follows dark mode.
    private convenience init(_ found: ImageAssets.Found, configuration: Configuration?, traits: UITraitCollection?) {
        let mode: RenderingMode = found.isTemplate ? .alwaysTemplate : .automatic
        guard let dark = found.dark else {
            self.init(content: .bitmap(found.bitmap), scale: found.scale, renderingMode: mode, configuration: configuration,
                      attributes: Attributes(vector: found.vector))
            return
        }
        let style = traits?.userInterfaceStyle ?? .unspecified
        let wantsDark = (style == .unspecified ? UITraitCollection.current.userInterfaceStyle : style) == .dark
        // Each variant keeps its own vector document: an image view showing either larger
        // draws it again (``UIImageView``).
        let variants: [(style: UIUserInterfaceStyle, bitmap: Bitmap, scale: CGFloat, vector: VectorImage.Source?)] = [
            (.light, found.bitmap, found.scale, found.vector), (.dark, dark.bitmap, dark.scale, dark.vector),
        ]
        let asset = UIImageAsset()
        for variant in variants where (variant.style == .dark) != wantsDark {
            asset.register(UIImage(content: .bitmap(variant.bitmap), scale: variant.scale, renderingMode: mode,
                                   configuration: configuration, attributes: Attributes(vector: variant.vector)),
                           with: Self.assetTraits(variant.style, variant.scale))
        }
        let own = wantsDark ? variants[1] : variants[0]
        self.init(content: .bitmap(own.bitmap), scale: own.scale, renderingMode: mode, configuration: configuration,
                  attributes: Attributes(vector: own.vector))
        asset.register(self, with: Self.assetTraits(own.style, own.scale))
    }

    private static func assetTraits(_ style: UIUserInterfaceStyle, _ scale: CGFloat) -> UITraitCollection {
        UITraitCollection(traitsFrom: [UITraitCollection(userInterfaceStyle: style), UITraitCollection(displayScale: scale)])
    }

    /// The image named `name` in `bundle`, for the traits of `configuration`; a symbol
    /// configuration is recorded with the image (it sizes only symbols).
    public convenience init?(named name: String, in bundle: Bundle?, with configuration: UIImage.Configuration?) {
        let scale = DisplayScale.resolve(configuration?.traitCollection)
        guard let found = ImageAssets.shared.image(named: name, in: bundle, scale: scale) else { return nil }
        self.init(found, configuration: configuration, traits: configuration?.traitCollection)
    }

    /// The image named `name` in `bundle`, for `configuration`, at the variable value
    /// `variableValue`: only symbols have variable layers, so for a named image the value
    /// has no effect (as ``init(named:in:with:)``).
    public convenience init?(named name: String, in bundle: Bundle?, variableValue: Double,
                             configuration: UIImage.Configuration?) {
        self.init(named: name, in: bundle, with: configuration)
    }
}
