import Foundation
import Synchronization
import TabulaSymbols

/// A symbol image's drawing: which symbol, at what size and weight, in what colour.
package struct SymbolImage: Sendable {
    /// The SF Symbols name.
    package let name: String
    let glyph: SymbolGlyph
    let metrics: SymbolMetrics
    /// The colour fixed by `withTintColor(_:)`, drawn whatever the view's tint.
    let tintColor: UIColor?
    /// The colour of hierarchical rendering, from the configuration.
    let hierarchicalColor: UIColor?
    /// The colours of palette rendering (primary, secondary, …), from the configuration.
    let paletteColors: [UIColor]?

    /// The opacity of secondary layers in hierarchical rendering.
    static let secondaryOpacity = 0.5

    init(name: String, glyph: SymbolGlyph, configuration: UIImage.SymbolConfiguration, tintColor: UIColor?) {
        self.name = name
        self.glyph = glyph
        metrics = SymbolMetrics(configuration)
        self.tintColor = tintColor
        hierarchicalColor = configuration.hierarchicalColor
        paletteColors = configuration.paletteColors
    }

    /// The colour the symbol is always drawn in, if it has one: its tint colour, else
    /// its hierarchical colour. Without one, a view paints it in its tint.
    var fixedColor: UIColor? { tintColor ?? paletteColors?.first ?? hierarchicalColor }

    /// The colour of the secondary layers in palette rendering: the palette's second
    /// colour (its first, for a palette of one).
    private var secondaryColor: Color? {
        guard tintColor == nil, let palette = paletteColors, let first = palette.first else { return nil }
        return (palette.count > 1 ? palette[1] : first).cgColor
    }
    private var secondaryOpacity: Double? { hierarchicalColor == nil || paletteColors != nil ? nil : Self.secondaryOpacity }

    /// The size in whole points.
    var size: CGSize { metrics.size(of: glyph) }

    /// The symbol drawn into a bitmap at `scale` pixels per point, in its fixed colour or else `color`.
    func render(scale: CGFloat, color: Color) -> Bitmap {
        metrics.render(glyph, scale: scale, color: fixedColor?.cgColor ?? color, secondaryOpacity: secondaryOpacity,
                       secondaryColor: secondaryColor)
    }

    /// The symbol drawn into `ctx` filling `rect`, in its fixed colour or else `color`.
    func draw(in ctx: CGContext, rect: CGRect, color: Color) {
        metrics.draw(glyph, in: ctx, rect: rect, color: fixedColor?.cgColor ?? color, secondaryOpacity: secondaryOpacity,
                     secondaryColor: secondaryColor)
    }
}

extension UIImage {
    /// One of Tabula's symbols, by its SF Symbols name, at 17 points, regular weight,
    /// medium scale; nil when Tabula draws no symbol of that name (see
    /// ``tabulaSymbolNames`` and the README for the list). Tabula draws its own
    /// artwork, not Apple's.
    ///
    /// A symbol is a template: an image view, button or bar paints it in its tint colour.
    public convenience init?(systemName name: String) {
        self.init(systemName: name, withConfiguration: nil)
    }

    /// A symbol drawn as `configuration` says: a ``SymbolConfiguration``'s point size,
    /// weight and scale, and the display scale of any configuration's traits.
    public convenience init?(systemName name: String, withConfiguration configuration: UIImage.Configuration?) {
        self.init(systemName: name, withConfiguration: configuration, catalog: .shared)
    }

    /// The symbol `name` as `catalog` draws it (tests read malformed data through this).
    convenience init?(systemName name: String, withConfiguration configuration: UIImage.Configuration?,
                      catalog: SymbolCatalog) {
        guard let glyph = catalog.glyph(named: name) else {
            MissingSymbols.report(name)
            return nil
        }
        let symbolConfiguration = Self.symbolConfiguration(from: configuration)
        self.init(content: .symbol(SymbolImage(name: name, glyph: glyph, configuration: symbolConfiguration, tintColor: nil)),
                  scale: DisplayScale.resolve(symbolConfiguration.traitCollection), configuration: symbolConfiguration)
    }

    /// The name of every symbol Tabula draws, sorted: what `UIImage(systemName:)` gives
    /// an image for. Tabula's addition (UIKit has no such list); the drawings are
    /// Tabula's own, read from the data in `Symbols.txt`.
    public static var tabulaSymbolNames: [String] { SymbolLibrary.names }

    /// A symbol drawn as `configuration` says, at the variable value `variableValue`
    /// (0 to 1). Tabula's symbols have no variable layers, so the value has no effect:
    /// the symbol is drawn whole, as ``init(systemName:withConfiguration:)`` draws it.
    public convenience init?(systemName name: String, variableValue: Double, configuration: UIImage.Configuration?) {
        self.init(systemName: name, withConfiguration: configuration)
    }

    /// A symbol drawn for `traitCollection`'s display scale.
    public convenience init?(systemName name: String, compatibleWith traitCollection: UITraitCollection?) {
        self.init(systemName: name, withConfiguration: SymbolConfiguration(traitCollection: traitCollection))
    }

    /// The configuration of a symbol image (never nil for one; unspecified values
    /// until configured); nil for other images.
    public var symbolConfiguration: SymbolConfiguration? {
        isSymbolImage ? configuration as? SymbolConfiguration : nil
    }

    /// A copy made for `configuration`. A symbol takes a ``SymbolConfiguration`` as its
    /// new point size, weight and scale; from another configuration it takes only the
    /// traits. Other images keep their pixels and record the configuration.
    public func withConfiguration(_ configuration: UIImage.Configuration) -> UIImage {
        guard let symbol else {
            return UIImage(content: content, scale: scale, capInsets: capInsets, resizingMode: resizingMode,
                           renderingMode: renderingMode, configuration: configuration, attributes: attributes)
        }
        let current = symbolConfiguration ?? .unspecified
        let next = configuration as? SymbolConfiguration ?? current.withTraitCollection(configuration.traitCollection)
        return symbolImage(symbol, configuration: next)
    }

    /// A copy with `configuration`'s specified values replacing the image's own (for a
    /// symbol: point size, weight, scale, colours and traits; for other images: traits).
    public func applyingSymbolConfiguration(_ configuration: UIImage.SymbolConfiguration) -> UIImage? {
        guard let symbol else {
            let traits = Configuration.merge(self.configuration?.traitCollection, configuration.traitCollection)
            return withConfiguration(Configuration(traitCollection: traits))
        }
        return symbolImage(symbol, configuration: (symbolConfiguration ?? .unspecified).applying(configuration))
    }

    /// This symbol redrawn for `configuration`, keeping its colour and rendering mode.
    func symbolImage(_ symbol: SymbolImage, configuration: SymbolConfiguration, tintColor: UIColor?? = nil,
                     renderingMode: RenderingMode? = nil) -> UIImage {
        let scale = configuration.traitCollection.map { DisplayScale.resolve($0) } ?? self.scale
        let image = SymbolImage(name: symbol.name, glyph: symbol.glyph, configuration: configuration,
                                tintColor: tintColor ?? symbol.tintColor)
        return UIImage(content: .symbol(image), scale: scale, renderingMode: renderingMode ?? self.renderingMode,
                       configuration: configuration, attributes: attributes)
    }

    /// The symbol configuration for `configuration`: itself if it is one, else an
    /// unspecified one with its traits.
    static func symbolConfiguration(from configuration: Configuration?) -> SymbolConfiguration {
        if let symbol = configuration as? SymbolConfiguration { return symbol }
        return SymbolConfiguration(traitCollection: configuration?.traitCollection)
    }
}

/// The display scale images are chosen and drawn for.
enum DisplayScale {
    /// `traits`' display scale when it specifies one; otherwise, on the main thread, the
    /// scale of the screen shown last (`UIScreen.main`), and elsewhere that of the
    /// default device (3).
    static func resolve(_ traits: UITraitCollection?) -> CGFloat {
        if let scale = traits?.displayScale, scale > 0 { return scale }
        if Thread.isMainThread { return MainActor.assumeIsolated { UIScreen.main.scale } }
        return 3
    }
}

extension UIImage {
    /// The standard image for a checkmark on a filled circle: the `checkmark.circle.fill`
    /// symbol of Tabula's symbol library (a template image, drawn in the tint colour).
    public class var checkmark: UIImage { UIImage(systemName: "checkmark.circle.fill")! }

    /// The standard image for a checkmark on a tinted circle with a white border: the
    /// `checkmark.circle.fill` symbol in the system blue on a white disc a little larger,
    /// drawn at the screen's scale. It keeps its colours (it is not a template), so the
    /// border shows on any background.
    public class var strokedCheckmark: UIImage {
        let symbol = UIImage(systemName: "checkmark.circle.fill")!
        let border: CGFloat = 1.5
        let size = CGSize(width: symbol.size.width + 2 * border, height: symbol.size.height + 2 * border)
        let scale = symbol.scale
        let bitmap = Bitmap(width: Int((size.width * scale).rounded(.up)), height: Int((size.height * scale).rounded(.up)))
        let ctx = CGContext(bitmap: bitmap)
        ctx.scaleBy(x: scale, y: scale)
        ctx.setFillColor(.white)
        ctx.fill(Path(ellipseIn: CGRect(origin: .zero, size: size)))
        if let tinted = symbol.symbol {
            tinted.draw(in: ctx, rect: CGRect(x: border, y: border, width: symbol.size.width, height: symbol.size.height),
                        color: UIColor.systemBlue.cgColor)
        }
        return UIImage(content: .bitmap(bitmap), scale: scale, renderingMode: .alwaysOriginal)
    }

    /// The standard image for more actions: the `ellipsis.circle` symbol (a template image).
    public class var actions: UIImage { UIImage(systemName: "ellipsis.circle")! }

    /// The standard image for adding content: the `plus` symbol (a template image).
    public class var add: UIImage { UIImage(systemName: "plus")! }

    /// The standard image for removing content: the `minus` symbol (a template image).
    public class var remove: UIImage { UIImage(systemName: "minus")! }
}

/// Tells the app, once a name, that Tabula draws no symbol of that name: UIKit's answer,
/// nil, is kept, but SF Symbols has thousands of names and Tabula draws its own few
/// hundred, so a name that works on iOS may be missing here.
enum MissingSymbols {
    private static let reported = Mutex<Set<String>>([])

    static func report(_ name: String) {
        guard reported.withLock({ $0.insert(name).inserted }) else { return }
        ProblemReports.reportUnattributed("UIImage(systemName: \"\(name)\"): Tabula draws no symbol of that name, so it "
            + "gives nil, as UIKit does for an unknown name. Tabula draws \(SymbolLibrary.names.count) symbols of its own "
            + "(UIImage.tabulaSymbolNames lists them); use one of those or an image of your own.")
    }
}
