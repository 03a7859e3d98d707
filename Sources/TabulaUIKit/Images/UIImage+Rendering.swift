import Foundation

extension UIImage {
    /// A copy drawn as `renderingMode` says: `.alwaysTemplate` makes an image view (or
    /// button, or bar) paint its shape in the tint colour; `.alwaysOriginal` keeps its
    /// colours (a symbol is then black, or its tint colour).
    public func withRenderingMode(_ renderingMode: RenderingMode) -> UIImage {
        if let symbol { return symbolImage(symbol, configuration: symbolConfiguration ?? .unspecified, renderingMode: renderingMode) }
        return UIImage(content: content, scale: scale, capInsets: capInsets, resizingMode: resizingMode,
                       renderingMode: renderingMode, configuration: configuration, attributes: attributes)
    }

    /// A copy in `color`, keeping the rendering mode. A symbol is then always drawn in
    /// `color`, whatever the tint of the view showing it; other images are painted
    /// `color` wherever they have coverage (their own colours are replaced).
    public func withTintColor(_ color: UIColor) -> UIImage {
        withTintColor(color, renderingMode: renderingMode)
    }

    /// A copy in `color` with the given rendering mode (see ``withTintColor(_:)``).
    public func withTintColor(_ color: UIColor, renderingMode: RenderingMode) -> UIImage {
        switch content {
        case .symbol(let symbol):
            return symbolImage(symbol, configuration: symbolConfiguration ?? .unspecified, tintColor: .some(color),
                               renderingMode: renderingMode)
        case .bitmap(let bitmap):
            return UIImage(content: .bitmap(bitmap.tinted(with: color.cgColor)), scale: scale, capInsets: capInsets,
                           resizingMode: resizingMode, renderingMode: renderingMode, configuration: configuration,
                           attributes: attributes)
        }
    }

    /// Whether a view paints this image in its tint colour: a template, or a symbol in
    /// `.automatic` mode. A symbol with a colour of its own (``withTintColor(_:)``, a
    /// hierarchical colour) keeps it.
    var drawsAsTemplate: Bool { drawsAsTemplate(automaticIsTemplate: false) }

    /// ``drawsAsTemplate`` where `.automatic` may mean template for any image: in bars
    /// (bar button items, tab bar items), which UIKit draws from their images' alpha alone.
    func drawsAsTemplate(automaticIsTemplate: Bool) -> Bool {
        if let symbol, symbol.fixedColor != nil { return false }
        switch renderingMode {
        case .alwaysTemplate: return true
        case .alwaysOriginal: return false
        case .automatic: return isSymbolImage || automaticIsTemplate
        }
    }

    /// The pixels a view shows for this image when its tint colour is `tint`: a symbol
    /// drawn at `displayScale` (the window's, so it is sharp), a template painted in
    /// `tint`, or the image's own pixels; with the scale they are at.
    func pixels(displayScale: CGFloat, tint: UIColor) -> (bitmap: Bitmap, scale: CGFloat)? {
        let template = drawsAsTemplate
        if let symbol {
            let color = template ? tint : UIColor.black
            let rendered = symbol.render(scale: displayScale, color: color.cgColor)
            return (imageOrientation == .up ? rendered : imageOrientation.apply(to: rendered), displayScale)
        }
        guard let pixels = uprightPixels else { return nil }
        return template ? (pixels.tinted(with: tint.cgColor), scale) : (pixels, scale)
    }
}

extension UIImage {
    /// Draws the image into `ctx` filling `rect` as a view shows it: a template in
    /// `tint`, a symbol from its paths (sharp at any scale), other images as they are —
    /// or, with `automaticIsTemplate` (a bar's items), in `tint` too unless `.alwaysOriginal`.
    @MainActor
    func drawForDisplay(in ctx: CGContext, rect: CGRect, tint: UIColor, automaticIsTemplate: Bool = false) {
        let template = drawsAsTemplate(automaticIsTemplate: automaticIsTemplate)
        if let symbol {
            drawOriented(in: ctx, rect: rect) { symbol.draw(in: ctx, rect: $0, color: (template ? tint : .black).cgColor) }
            return
        }
        guard let upright = uprightPixels else { return }
        let pixels = template ? upright.tinted(with: tint.cgColor) : upright
        if capInsets != .zero {
            ctx.draw(pixels, in: rect, capInsets: capInsets, scale: scale)
        } else {
            ctx.draw(pixels, in: rect)
        }
    }
}
