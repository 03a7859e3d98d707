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
        self.init(content: .bitmap(found.bitmap), scale: found.scale, renderingMode: found.isTemplate ? .alwaysTemplate : .automatic,
                  configuration: Configuration(traitCollection: traitCollection))
    }

    /// The image named `name` in `bundle`, for the traits of `configuration`; a symbol
    /// configuration is recorded with the image (it sizes only symbols).
    public convenience init?(named name: String, in bundle: Bundle?, with configuration: UIImage.Configuration?) {
        let scale = DisplayScale.resolve(configuration?.traitCollection)
        guard let found = ImageAssets.shared.image(named: name, in: bundle, scale: scale) else { return nil }
        self.init(content: .bitmap(found.bitmap), scale: found.scale, renderingMode: found.isTemplate ? .alwaysTemplate : .automatic,
                  configuration: configuration)
    }

    /// The image named `name` in `bundle`, for `configuration`, at the variable value
    /// `variableValue`: only symbols have variable layers, so for a named image the value
    /// has no effect (as ``init(named:in:with:)``).
    public convenience init?(named name: String, in bundle: Bundle?, variableValue: Double,
                             configuration: UIImage.Configuration?) {
        self.init(named: name, in: bundle, with: configuration)
    }
}
