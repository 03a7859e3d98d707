import Foundation
import Testing
import TabulaCore
import TabulaGraphics
@testable import TabulaSymbols

/// The symbols as data, without a view or an image: the data that ships reads cleanly and
/// every glyph in it puts ink inside its own bounds, a broken entry costs only its own
/// names, and the path commands draw what they say.
@Suite("Symbol data: the catalog read from Symbols.txt")
struct SymbolCatalogTests {
    /// The catalog that ships, read as Tabula reads it (problems collected, not printed).
    static func shipped() throws -> (catalog: SymbolCatalog, reports: [String]) {
        var reports: [String] = []
        let text = try #require(SymbolCatalog.shippedText(), "Symbols.txt is among the module's resources")
        let catalog = SymbolCatalog.loaded(from: text) { reports.append($0) }
        return (catalog, reports)
    }

    @Test("the data that ships reads without a problem, and holds at least 300 names, none of them a part")
    func shippedData() throws {
        let (catalog, reports) = try Self.shipped()
        #expect(catalog.problems == [], "\(catalog.problems.map(\.description))")
        #expect(reports == [])
        #expect(catalog.names.count >= 300, "\(catalog.names.count) names")
        #expect(!catalog.names.contains { $0.hasPrefix("_") }, "parts are never symbols")
        #expect(catalog.aliases["chevron.forward"] == "chevron.right")
        for name in catalog.names { #expect(catalog.glyph(named: name) != nil, "\(name)") }
    }

    /// The ink pixels of `glyph` drawn 100 units to 100 pixels.
    static func ink(_ glyph: SymbolGlyph) -> (count: Int, centre: Bool) {
        let bitmap = Bitmap(width: 120, height: 120)
        let ctx = GraphicsContext(bitmap: bitmap)
        ctx.translateBy(x: 60, y: 60)
        glyph.draw(in: ctx, color: .black, lineWidth: 8, secondaryOpacity: nil)
        var count = 0
        for y in 0 ..< 120 { for x in 0 ..< 120 where bitmap.pixel(x: x, y: y).alpha >= 128 { count += 1 } }
        return (count, bitmap.pixel(x: 60, y: 60).alpha >= 128)
    }

    @Test("a symbol drawn without a circled form gets one: NAME.circle (the ring, the picture inside) and NAME.circle.fill (the picture cut out of the disc); those drawn by hand keep theirs, and none is listed among the names")
    func derivedCircles() throws {
        let (catalog, _) = try Self.shipped()
        let disc = Self.ink(try #require(catalog.glyph(named: "circle.fill"))).count
        let ring = Self.ink(try #require(catalog.glyph(named: "circle"))).count
        for name in ["briefcase", "airplane", "hand.thumbsup", "graduationcap", "flag"] {
            #expect(catalog.glyphs[name + ".circle"] == nil, "\(name).circle is not drawn by hand")
            let outline = Self.ink(try #require(catalog.glyph(named: name + ".circle"), "\(name).circle"))
            let filled = Self.ink(try #require(catalog.glyph(named: name + ".circle.fill"), "\(name).circle.fill"))
            #expect(outline.count > ring + 200, "\(name).circle: the picture inside the ring (\(outline.count) vs \(ring))")
            #expect(filled.count < disc - 200 && filled.count > disc / 2, "\(name).circle.fill: cut out of the disc (\(filled.count) vs \(disc))")
            #expect(!catalog.names.contains(name + ".circle"))
        }
        let star = try #require(catalog.glyphs["star.circle"], "drawn by hand")
        #expect(Self.ink(try #require(catalog.glyph(named: "star.circle"))).count == Self.ink(star).count)
        #expect(catalog.glyph(named: "chevron.forward.circle.fill") != nil, "an alias's circled form")
        #expect(catalog.glyph(named: "nothing.circle") == nil)
    }

    /// Names that apps ported in trials asked for (a tab bar item's image that came out nil).
    @Test("names ported apps use are drawn", arguments: [
        "list.dash.header.rectangle", "list.dash.header.rectangle.fill", "shuffle", "arrow.2.squarepath",
        "square.grid.3x3.square", "list.bullet.rectangle.portrait.fill",
    ])
    func namesPortedAppsUse(name: String) throws {
        let (catalog, _) = try Self.shipped()
        #expect(catalog.glyph(named: name) != nil)
    }

    @Test("every glyph, drawn at 1 point per unit, puts ink in its bitmap and none outside its ink bounds")
    func everyGlyphDrawsInsideItsBounds() throws {
        let (catalog, _) = try Self.shipped()
        let lineWidth: CGFloat = 8
        let margin = 4
        for name in catalog.names where catalog.aliases[name] == nil {
            let glyph = try #require(catalog.glyph(named: name))
            let bounds = glyph.inkBounds(lineWidth: lineWidth)
            #expect(bounds.minX <= glyph.box.minX && bounds.minY <= glyph.box.minY
                        && bounds.maxX >= glyph.box.maxX && bounds.maxY >= glyph.box.maxY, "\(name): the ink bounds hold the box")
            // Drawn with a margin around its ink bounds: any ink in the margin was clipped
            // off an image of the bounds' size.
            let bitmap = Bitmap(width: Int(bounds.width.rounded(.up)) + 2 * margin,
                                height: Int(bounds.height.rounded(.up)) + 2 * margin)
            let ctx = GraphicsContext(bitmap: bitmap)
            ctx.translateBy(x: CGFloat(margin) - bounds.minX, y: CGFloat(margin) - bounds.minY)
            glyph.draw(in: ctx, color: .black, lineWidth: lineWidth, secondaryOpacity: nil)
            var ink = 0, outside = 0
            for y in 0 ..< bitmap.height {
                for x in 0 ..< bitmap.width where bitmap.pixel(x: x, y: y).alpha >= 128 {
                    ink += 1
                    let inside = x >= margin - 1 && y >= margin - 1
                        && x <= bitmap.width - margin && y <= bitmap.height - margin
                    if !inside { outside += 1 }
                }
            }
            #expect(ink > 0, "\(name) draws nothing")
            #expect(outside == 0, "\(name): \(outside) pixels of ink outside its bounds")
        }
    }

    nonisolated static let wellFormed = """
        symbol good 100 100
          stroke: circle 0 0 40
        """

    /// Malformed entries, each with the line the problem is on.
    nonisolated static let malformed: [(text: String, line: Int, name: String?, says: String)] = [
        ("symbol broken 100 100\n  stroke: M 0 0 L 10", 2, "broken", "groups of 2"),
        ("symbol broken 100 100\n  sketch: M 0 0 L 10 10", 2, "broken", "\"sketch\" is not a kind"),
        ("symbol broken 100 100\n  stroke: M 0 0 T 10 10", 2, "broken", "\"T\" is not a path command"),
        ("symbol broken 100 100\n  stroke: L 10 10", 2, "broken", "begin with M"),
        ("symbol broken 100 100\n  use nothing.here", 2, "broken", "names no earlier symbol"),
        ("symbol broken 100 100\n  stroke wide: circle 0 0 10", 2, "broken", "\"wide\" is not an option"),
        ("symbol broken 100\n  stroke: circle 0 0 10", 1, "broken", "expected \"symbol NAME WIDTH HEIGHT\""),
        ("symbol broken 100 -4\n  stroke: circle 0 0 10", 1, "broken", "is not two sizes"),
        ("symbol Broken 100 100\n  stroke: circle 0 0 10", 1, "Broken", "is not a symbol name"),
        ("symbol good 100 100\n  stroke: circle 0 0 10", 1, "good", "defined twice"),
        ("alias broken = missing", 1, "broken", "not an earlier symbol"),
        ("alias good.too = good\n  stroke: circle 0 0 10", 2, nil, "outside any symbol"),
    ]

    @Test("a malformed entry is reported once with its line, gives nil, and the symbols around it still draw",
          arguments: 0 ..< malformed.count)
    func malformedEntry(_ index: Int) throws {
        let entry = Self.malformed[index]
        let text = Self.wellFormed + "\n" + entry.text + "\nsymbol after 100 100 +fill\n  body: rect -40 -40 80 80 8\n"
        var reports: [String] = []
        let catalog = SymbolCatalog.loaded(from: text) { reports.append($0) }
        let line = entry.line + 2
        #expect(catalog.problems.map(\.line) == [line], "\(catalog.problems)")
        #expect(catalog.problems.first?.name == entry.name)
        #expect(reports.count == 1, "\(reports)")
        let report = try #require(reports.first)
        #expect(report.contains("line \(line)") && report.contains(entry.says), "\(report)")
        if let name = entry.name { #expect(report.contains("\"\(name)\"")) }
        if let name = entry.name, name != "good" { #expect(catalog.glyph(named: name) == nil) }
        for name in ["good", "after", "after.fill"] {
            #expect(catalog.glyph(named: name) != nil, "\(name) still draws")
        }
    }

    @Test("data that cannot be found is reported once and gives no symbols, not a crash")
    func missingData() {
        var reports: [String] = []
        let catalog = SymbolCatalog.loaded(from: nil) { reports.append($0) }
        #expect(catalog.names.isEmpty)
        #expect(reports.count == 1 && reports[0].contains("Symbols.txt"), "\(reports)")
    }

    @Test("the path commands draw what they say: a circle of radius 40 is 80 units across, a star has its points")
    func pathCommands() throws {
        let circle = try SymbolPathReader.path("circle 0 0 40")
        #expect(abs(circle.boundingBox.width - 80) < 0.01)
        let star = try SymbolPathReader.path("star 0 0 50 20 5")
        #expect(star.elements.count == 11, "ten corners and a close")
        let arc = try SymbolPathReader.path("M -10 0 A 0 0 10 180 360")
        #expect(abs(arc.boundingBox.minY + 10) < 0.01, "the arc runs over the top (y grows down)")
        #expect(throws: SymbolPathReader.Failure.self) { try SymbolPathReader.path("circle 0 0") }
    }
}
