import Foundation

extension TextEngine {
    /// The system fonts nearly every screen draws: body and its semibold, the subheadline,
    /// footnote and caption sizes of secondary text and section headers, a title, and the
    /// large title.
    static let commonFonts: [Font] = [
        .system(size: 17), .system(size: 17, weight: .semibold), .system(size: 15), .system(size: 13),
        .system(size: 12), .system(size: 20, weight: .semibold), .system(size: 34, weight: .bold),
    ]

    /// The characters drawn to prepare a font: letters, digits and everyday punctuation.
    static let commonCharacters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ abcdefghijklmnopqrstuvwxyz 0123456789 .,:;!?'’\"()-–—/&@%+…"

    /// Loads the common system fonts and draws their common characters once at `scale`
    /// on this thread, so that the first frame to show a new screen does not pay for
    /// matching and opening font files, shaping and rasterizing glyphs (issue "first
    /// use": those made the first push of a process hitch). Done once per thread and
    /// scale; later calls return at once. Text engines are per thread, so the thread
    /// that draws must be the one that prepares.
    package static func prepareCommonFonts(scale: CGFloat) {
        let engine = current
        guard scale.isFinite, scale > 0, engine.preparedScales.insert(scale).inserted else { return }
        let side = 1024
        let bitmap = Bitmap(width: side, height: side, opaque: false)
        let context = GraphicsContext(bitmap: bitmap)
        context.scaleBy(x: scale, y: scale)
        let width = CGFloat(side) / scale
        for font in commonFonts {
            let layout = TextLayout(text: commonCharacters, font: font, width: width)
            context.draw(layout, at: .zero, color: .black)
        }
    }
}
