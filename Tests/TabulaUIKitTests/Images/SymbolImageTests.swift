import Foundation
import Synchronization
import Testing
@testable import TabulaUIKit
import TabulaUIKitTestSupport

@MainActor
@Suite("UIImage(systemName:): Tabula's symbols")
struct SymbolImageTests {
    /// The symbols table code uses most, which the README promises.
    static let promised = [
        "chevron.right", "chevron.left", "chevron.up", "chevron.down", "plus", "minus", "plus.circle", "plus.circle.fill",
        "trash", "trash.fill", "checkmark", "checkmark.circle", "checkmark.circle.fill", "circle", "star", "star.fill",
        "heart", "heart.fill", "gear", "magnifyingglass", "person", "person.fill", "person.circle", "square.and.arrow.up",
        "square.and.pencil", "xmark", "xmark.circle.fill", "info.circle", "pencil", "ellipsis", "ellipsis.circle", "folder",
        "doc", "doc.text", "book", "bookmark", "bell", "envelope", "phone", "house", "calendar", "clock", "camera", "photo",
        "paperplane", "arrow.clockwise", "arrow.up", "arrow.down", "play.fill", "pause.fill", "flag", "tag", "link", "lock",
        "cart", "line.3.horizontal", "exclamationmark.triangle", "questionmark.circle", "list.bullet", "square.grid.2x2",
        "globe", "wifi", "airplane", "bolt", "moon", "sun.max",
    ]

    func pixels(_ name: String, _ configuration: UIImage.SymbolConfiguration = .unspecified, scale: CGFloat = 3) throws -> Bitmap {
        let traits = UITraitCollection(displayScale: scale)
        let image = try #require(UIImage(systemName: name, withConfiguration: configuration.withTraitCollection(traits)))
        return try #require(image.cgImage)
    }

    @Test("every promised symbol is there and draws ink")
    func promisedSymbols() throws {
        for name in Self.promised {
            let image = try #require(UIImage(systemName: name), "\(name)")
            #expect(image.isSymbolImage)
            #expect(image.size.width >= 8 && image.size.height >= 3, "\(name): \(image.size)")
            #expect(inkCount(try pixels(name)) > 40, "\(name) draws ink")
        }
        #expect(SymbolLibrary.names.count >= 90)
    }

    @Test("a name Tabula draws no symbol for gives nil")
    func unknownName() {
        #expect(UIImage(systemName: "no.such.symbol") == nil)
        #expect(UIImage(systemName: "") == nil)
        #expect(UIImage(systemName: "Star") == nil, "names are case-sensitive, as in UIKit")
    }

    @Test("unconfigured, a symbol is the size of body text: a circle is 20 points across at 17 points, regular, medium")
    func defaultSize() throws {
        let circle = try #require(UIImage(systemName: "circle"))
        #expect(circle.size == CGSize(width: 20, height: 20))
        let configured = try #require(UIImage(systemName: "circle", withConfiguration: UIImage.SymbolConfiguration(
            pointSize: 17, weight: .regular, scale: .medium)))
        #expect(configured.size == circle.size)
        #expect(circle.symbolConfiguration == .unspecified, "an unconfigured symbol's configuration specifies nothing")
    }

    @Test("the point size scales a symbol; small, medium and large are about 0.8, 1 and 1.2 of it")
    func pointSizeAndScale() throws {
        func width(_ configuration: UIImage.SymbolConfiguration) throws -> CGFloat {
            try #require(inkBounds(try pixels("star.fill", configuration))).width
        }
        let medium = try width(.init(pointSize: 17))
        #expect(abs(try width(.init(pointSize: 34)) / medium - 2) < 0.06)
        let small = try width(.init(pointSize: 17, weight: .regular, scale: .small))
        let large = try width(.init(pointSize: 17, weight: .regular, scale: .large))
        #expect(abs(small / medium - 0.8) < 0.05, "\(small / medium)")
        #expect(abs(large / medium - 1.2) < 0.05, "\(large / medium)")
        let big = try #require(UIImage(systemName: "star", withConfiguration: UIImage.SymbolConfiguration(scale: .large)))
        let plain = try #require(UIImage(systemName: "star"))
        #expect(big.size.width > plain.size.width && big.size.height > plain.size.height)
    }

    @Test("bolder weights draw more ink: ultralight < regular < bold < black")
    func weights() throws {
        let weights: [UIImage.SymbolWeight] = [.ultraLight, .thin, .light, .regular, .medium, .semibold, .bold, .heavy, .black]
        for name in ["plus", "star", "gear", "heart.fill"] {
            let inks = try weights.map { inkCount(try pixels(name, .init(weight: $0))) }
            #expect(inks == inks.sorted() && Set(inks).count == inks.count, "\(name): \(inks)")
            #expect(Double(inks.last!) > Double(inks.first!) * (name.hasSuffix(".fill") ? 1.15 : 3), "\(name): \(inks)")
        }
        #expect(UIImage.SymbolWeight.bold.fontWeight() == .bold)
        #expect(UIImage.SymbolWeight.unspecified.fontWeight() == .regular)
    }

    @Test("a filled symbol has more ink than its outline")
    func filledHasMoreInk() throws {
        for name in ["star", "heart", "circle", "person", "bookmark", "folder", "bell", "trash", "checkmark.circle", "house"] {
            let filled = inkCount(try pixels(name + ".fill")), outline = inkCount(try pixels(name))
            #expect(filled > outline * 5 / 4, "\(name): \(filled) against \(outline)")
        }
    }

    @Test("a filled circled symbol cuts its mark out of the disc: the middle of xmark.circle.fill is empty")
    func knockout() throws {
        let disc = try pixels("circle.fill")
        let cut = try pixels("xmark.circle.fill")
        #expect(disc.width == cut.width)
        let middle = (x: cut.width / 2, y: cut.height / 2)
        #expect(disc.pixel(x: middle.x, y: middle.y).alpha == 255)
        #expect(cut.pixel(x: middle.x, y: middle.y).alpha < 10, "the cross is a hole")
        #expect(cut.pixel(x: 4 * cut.width / 5, y: middle.y).alpha == 255, "the disc around it is ink")
    }

    @Test("a hierarchical colour draws the disc lighter than the mark, in that colour")
    func hierarchical() throws {
        let image = try #require(UIImage(systemName: "xmark.circle.fill", withConfiguration: UIImage.SymbolConfiguration(
            hierarchicalColor: .systemRed).withTraitCollection(UITraitCollection(displayScale: 3))))
        let bitmap = try #require(image.cgImage)
        let middle = bitmap.pixel(x: bitmap.width / 2, y: bitmap.height / 2)
        let disc = bitmap.pixel(x: 4 * bitmap.width / 5, y: bitmap.height / 2)
        #expect(middle.alpha == 255, "the cross is drawn, not cut")
        #expect(disc.alpha > 100 && disc.alpha < 160, "the disc at half strength: \(disc)")
        #expect(isClose(bitmap.color(x: bitmap.width / 2, y: bitmap.height / 2), UIColor.systemRed.cgColor))
        #expect(!image.drawsAsTemplate, "a hierarchical colour is the symbol's own")
    }

    @Test("palette colours draw the mark in the first colour and the disc in the second, at full strength")
    func palette() throws {
        let configuration = UIImage.SymbolConfiguration(paletteColors: [.white, .systemRed])
        let image = try #require(UIImage(systemName: "xmark.circle.fill", withConfiguration: configuration
            .withTraitCollection(UITraitCollection(displayScale: 3))))
        let bitmap = try #require(image.cgImage)
        let middle = bitmap.color(x: bitmap.width / 2, y: bitmap.height / 2)
        let disc = bitmap.pixel(x: 4 * bitmap.width / 5, y: bitmap.height / 2)
        #expect(isClose(middle, UIColor.white.cgColor), "the cross in the first colour: \(middle)")
        #expect(disc.alpha == 255, "the disc at full strength: \(disc)")
        #expect(isClose(bitmap.color(x: 4 * bitmap.width / 5, y: bitmap.height / 2), UIColor.systemRed.cgColor))
        #expect(!image.drawsAsTemplate, "palette colours are the symbol's own")
        #expect(configuration != UIImage.SymbolConfiguration(hierarchicalColor: .white))
        #expect(configuration.applying(UIImage.SymbolConfiguration(pointSize: 30)) ==
                UIImage.SymbolConfiguration(pointSize: 30).applying(configuration), "merging keeps the palette")
    }

    @Test("preferringMulticolor over a palette: the palette goes; a symbol without a multicolor variant draws as a plain one")
    func preferringMulticolor() throws {
        let palette = UIImage.SymbolConfiguration(paletteColors: [.white, .systemRed])
        let multicolor = palette.applying(UIImage.SymbolConfiguration.preferringMulticolor())
        #expect(multicolor == UIImage.SymbolConfiguration.preferringMulticolor())
        #expect(multicolor != UIImage.SymbolConfiguration.preferringMonochrome())
        #expect(multicolor.applying(palette) == palette, "a palette applied after it wins in turn")
        let traits = UITraitCollection(displayScale: 2)
        let plain = try #require(UIImage(systemName: "xmark.circle.fill", compatibleWith: traits)?.cgImage)
        let drawn = try #require(UIImage(systemName: "xmark.circle.fill", withConfiguration: UIImage.SymbolConfiguration
            .preferringMulticolor().withTraitCollection(traits))?.cgImage)
        #expect(drawn.width == plain.width && drawn.height == plain.height)
        #expect(isClose(try #require(solidInkColor(drawn)), .black), "drawn in one colour, as a symbol without colours")
        #expect(UIImage(systemName: "cloud.sun.rain.fill") != nil && UIImage(systemName: "tortoise") != nil)
    }

    @Test("images are Hashable as UIKit's isEqual: the same pixels or symbol shown the same way; usable in a Hashable item")
    func imagesAreHashable() throws {
        struct Item: Hashable { let title: String; let image: UIImage? }
        let star = try #require(UIImage(systemName: "star")), star2 = try #require(UIImage(systemName: "star"))
        #expect(star == star2 && star.hashValue == star2.hashValue, "one symbol, one configuration")
        #expect(star != UIImage(systemName: "star.fill"))
        #expect(star != star.withRenderingMode(.alwaysOriginal))
        #expect(star != UIImage(systemName: "star", withConfiguration: UIImage.SymbolConfiguration(pointSize: 40)))
        let pixels = Bitmap(width: 4, height: 4)
        let a = UIImage(cgImage: pixels, scale: 2), b = UIImage(cgImage: pixels, scale: 2)
        #expect(a == b && a.isEqual(b) && !a.isEqual("b"))
        #expect(a != UIImage(cgImage: pixels, scale: 1), "another scale")
        #expect(a != UIImage(cgImage: Bitmap(width: 4, height: 4), scale: 2), "other pixels")
        let items: Set = [Item(title: "Star", image: star), Item(title: "Star", image: star2), Item(title: "None", image: nil)]
        #expect(items.count == 2)
    }

    @Test("a list configuration's preferredSymbolConfiguration sizes its symbol, and CGColor gives its components")
    func listImagePreferredSymbolConfiguration() throws {
        var configuration = UIListContentConfiguration.cell()
        configuration.text = "Speaker"
        configuration.image = UIImage(systemName: "star")
        let plain = UIListContentView(configuration: configuration)
        configuration.imageProperties.preferredSymbolConfiguration = UIImage.SymbolConfiguration(pointSize: 34)
        let large = UIListContentView(configuration: configuration)
        for view in [plain, large] {
            view.frame = CGRect(x: 0, y: 0, width: 320, height: 80)
            view.layoutIfNeeded()
        }
        let small = try #require(plain.subviews.compactMap { $0 as? UIImageView }.first)
        let big = try #require(large.subviews.compactMap { $0 as? UIImageView }.first)
        #expect(big.frame.width > small.frame.width * 1.6, "34-point symbol \(big.frame) against \(small.frame)")
        #expect(big.image?.size == small.image?.size, "the image itself is unchanged; the view draws it larger")
        #expect(UIColor(red: 1, green: 0.5, blue: 0, alpha: 0.25).cgColor.components == [1, 0.5, 0, 0.25])
    }

    @Test("the pixels of a symbol are black unless it has a colour; at the display scale of its traits")
    func pixelsOfASymbol() throws {
        let image = try #require(UIImage(systemName: "heart.fill", compatibleWith: UITraitCollection(displayScale: 2)))
        #expect(image.scale == 2)
        let bitmap = try #require(image.cgImage)
        #expect(CGFloat(bitmap.width) == image.size.width * 2)
        #expect(isClose(try #require(solidInkColor(bitmap)), .black))
        let red = try #require(image.withTintColor(.systemRed).cgImage)
        #expect(isClose(try #require(solidInkColor(red)), UIColor.systemRed.cgColor))
    }

    @Test("configurations merge: the applied one's specified values win; the others stay")
    func configurationsMerge() {
        let base = UIImage.SymbolConfiguration(pointSize: 20, weight: .bold)
        let merged = base.applying(UIImage.SymbolConfiguration(scale: .large))
        #expect(merged == UIImage.SymbolConfiguration(pointSize: 20, weight: .bold, scale: .large))
        #expect(base.applying(UIImage.SymbolConfiguration(weight: .light)) == UIImage.SymbolConfiguration(pointSize: 20, weight: .light))
        #expect(merged.configurationWithoutPointSizeAndWeight() == UIImage.SymbolConfiguration(scale: .large))
        #expect(merged.configurationWithoutScale() == base)
        #expect(merged.configurationWithoutWeight().isEqual(to: UIImage.SymbolConfiguration(pointSize: 20, weight: .unspecified, scale: .large)))
        #expect(!merged.isEqual(to: nil))
        #expect(UIImage.SymbolConfiguration(pointSize: .nan) == .unspecified, "a point size that is not a number is unspecified")
        #expect(UIImage.SymbolConfiguration(pointSize: -4) == .unspecified)
        #expect(UIImage.SymbolConfiguration(scale: .default) == UIImage.SymbolConfiguration(scale: .medium))
        let font = UIImage.SymbolConfiguration(font: .systemFont(ofSize: 28, weight: .semibold))
        #expect(font == UIImage.SymbolConfiguration(pointSize: 28, weight: .semibold))
        let traits = UIImage.SymbolConfiguration(weight: .bold).withTraitCollection(UITraitCollection(displayScale: 2))
        #expect(traits.traitCollection?.displayScale == 2)
        #expect(traits.applying(UIImage.Configuration(traitCollection: UITraitCollection(displayScale: 3))).traitCollection?.displayScale == 3)
        #expect(traits.applying(nil) == traits)
        #expect(merged.description.contains("pointSize 20") && merged.description.contains("large"))
    }

    @Test("withConfiguration replaces a symbol's configuration; applyingSymbolConfiguration merges into it")
    func reconfigure() throws {
        let bold = try #require(UIImage(systemName: "star", withConfiguration: UIImage.SymbolConfiguration(pointSize: 30, weight: .bold)))
        let replaced = bold.withConfiguration(UIImage.SymbolConfiguration(scale: .small))
        #expect(replaced.symbolConfiguration == UIImage.SymbolConfiguration(scale: .small))
        let merged = try #require(bold.applyingSymbolConfiguration(UIImage.SymbolConfiguration(scale: .small)))
        #expect(merged.symbolConfiguration == UIImage.SymbolConfiguration(pointSize: 30, weight: .bold, scale: .small))
        #expect(merged.size.width > replaced.size.width)
        let traitsOnly = bold.withConfiguration(UIImage.Configuration(traitCollection: UITraitCollection(displayScale: 1)))
        #expect(traitsOnly.size == bold.size, "a plain configuration brings only traits")
        #expect(traitsOnly.scale == 1)
    }

    @Test("draw(in:) draws a symbol from its paths, filling the rectangle")
    func drawIn() throws {
        let star = try #require(UIImage(systemName: "star.fill")?.withTintColor(.systemGreen))
        let renderer = UIGraphicsImageRenderer(size: CGSize(width: 100, height: 100), format: {
            let format = UIGraphicsImageRendererFormat()
            format.scale = 1
            return format
        }())
        let drawn = renderer.image { _ in star.draw(in: CGRect(x: 10, y: 10, width: 80, height: 80)) }
        let drawnPixels = try #require(drawn.cgImage)
        let bounds = try #require(inkBounds(drawnPixels))
        #expect(bounds.minX >= 10 && bounds.maxX <= 90 && bounds.width > 60, "\(bounds)")
        #expect(isClose(try #require(solidInkColor(drawnPixels)), UIColor.systemGreen.cgColor))
    }

    @Test("a huge point size draws a coarser bitmap rather than gigabytes")
    func hugeSymbol() throws {
        let image = try #require(UIImage(systemName: "circle", withConfiguration: UIImage.SymbolConfiguration(pointSize: 50_000)))
        #expect(image.size.width > 50_000)
        let bitmap = try #require(image.cgImage)
        #expect(bitmap.width <= 2048 && bitmap.height <= 2048)
    }

    @Test("a name Tabula does not draw gives nil, as UIKit's unknown names do, and is reported once, naming the list to pick from")
    func missingSymbolReported() {
        let lines = Mutex<[String]>([])
        let previous = ProblemReports.unattributedHandler
        ProblemReports.unattributedHandler = { line in lines.withLock { $0.append(line) } }
        defer { ProblemReports.unattributedHandler = previous }
        let name = "tabula.test.no-such-symbol.\(UUID().uuidString)"
        #expect(UIImage(systemName: name) == nil)
        #expect(UIImage(systemName: name, withConfiguration: UIImage.SymbolConfiguration(pointSize: 30)) == nil)
        #expect(UIImage(systemName: "star.fill") != nil)
        let reports = lines.withLock { $0 }.filter { $0.contains(name) }
        #expect(reports.count == 1, "once a name: \(reports)")
        #expect(reports.first?.contains("tabulaSymbolNames") == true)
    }

    @Test("a text style's configuration is its preferred font's size and weight")
    func textStyleConfiguration() {
        let headline = UIFont.preferredFont(forTextStyle: .headline)
        #expect(UIImage.SymbolConfiguration(textStyle: .headline) == UIImage.SymbolConfiguration(font: headline))
        #expect(UIImage.SymbolConfiguration(textStyle: .largeTitle, scale: .small)
                == UIImage.SymbolConfiguration(font: UIFont.preferredFont(forTextStyle: .largeTitle), scale: .small))
        let small = UIImage(systemName: "star", withConfiguration: UIImage.SymbolConfiguration(textStyle: .caption2))!
        let large = UIImage(systemName: "star", withConfiguration: UIImage.SymbolConfiguration(textStyle: .largeTitle))!
        #expect(large.size.width > small.size.width * 2)
    }
}
