import Foundation
import Testing
@testable import TabulaUIKit
import TabulaUIKitTestSupport
import TabulaSymbols

/// The symbols as images: every name Tabula lists draws a picture of its own through
/// `UIImage(systemName:)`. (The data itself, its parser and its problems are tested in
/// TabulaSymbolsTests.)
@MainActor
@Suite("Symbol images: the catalog drawn by UIImage(systemName:)")
struct SymbolCatalogTests {
    /// The names a public settings clone asked for and got blank squares (issue 33),
    /// and the names most used by public UIKit code (docs/symbols.md).
    static let asked = [
        "antenna.radiowaves.left.and.right", "personalhotspot", "network", "bonjour", "bell.badge.fill", "eye",
        "eye.slash", "gear", "gearshape", "house", "person", "person.circle", "star", "star.fill", "heart",
        "heart.fill", "trash", "square.and.arrow.up", "magnifyingglass", "plus", "minus", "xmark", "checkmark",
        "chevron.right", "chevron.left", "chevron.up", "chevron.down", "arrow.up", "arrow.down", "arrow.left",
        "arrow.right", "wifi", "lock", "lock.fill", "envelope", "phone", "message", "camera", "photo", "folder", "doc",
        "calendar", "clock", "bell", "bookmark", "tag", "cart", "creditcard", "map", "location", "globe", "cloud",
        "sun.max", "moon", "bolt", "flame", "leaf", "questionmark.circle", "info.circle", "paperplane.fill",
        "square.and.pencil", "note.text", "ellipsis", "person.2", "person.crop.circle.fill", "doc.on.doc",
        "list.bullet", "list.dash", "slider.horizontal.3", "xmark.circle.fill", "play.fill", "pause.fill",
    ]

    func bitmap(_ name: String, pointSize: CGFloat = 17, weight: UIImage.SymbolWeight = .regular,
                scale: CGFloat = 2) throws -> Bitmap {
        let configuration = UIImage.SymbolConfiguration(pointSize: pointSize, weight: weight)
            .withTraitCollection(UITraitCollection(displayScale: scale))
        let image = try #require(UIImage(systemName: name, withConfiguration: configuration), "\(name)")
        return try #require(image.cgImage)
    }

    @Test("the data that ships reads without a problem, and holds at least 300 names")
    func shippedData() {
        #expect(SymbolCatalog.shared.problems == [], "\(SymbolCatalog.shared.problems.map(\.description))")
        #expect(SymbolLibrary.names.count >= 300, "\(SymbolLibrary.names.count) names")
        #expect(UIImage.tabulaSymbolNames == SymbolLibrary.names)
        #expect(!SymbolLibrary.names.contains { $0.hasPrefix("_") }, "parts are never symbols")
    }

    @Test("the names public code asks for most are there")
    func askedNames() {
        for name in Self.asked { #expect(UIImage(systemName: name) != nil, "\(name)") }
        #expect(UIImage(systemName: "_ring") == nil, "a part is not a symbol")
        #expect(UIImage(systemName: "antenna") == nil, "an unknown name gives nil, as in UIKit")
    }

    @Test("every name draws ink inside its image, small and light, regular, and large and black")
    func everyNameDraws() throws {
        for (pointSize, weight) in [(CGFloat(11), UIImage.SymbolWeight.ultraLight), (17, .regular), (44, .black)] {
            for name in SymbolLibrary.names {
                let pixels = try bitmap(name, pointSize: pointSize, weight: weight)
                // Hairlines at 11 points are faint: there, any ink counts.
                let threshold: UInt8 = weight == .ultraLight ? 1 : 128
                let ink = inkCount(pixels, threshold: threshold)
                let area = pixels.width * pixels.height
                #expect(ink * 25 > area, "\(name) at \(pointSize) \(weight): \(ink) of \(area) pixels")
                let bounds = try #require(inkBounds(pixels, threshold: threshold), "\(name) draws nothing")
                // Not a speck in a corner: the drawing spans most of the image one way or the other.
                #expect(bounds.width * 2 > CGFloat(pixels.width) || bounds.height * 2 > CGFloat(pixels.height),
                        "\(name) at \(pointSize): ink \(bounds) in \(pixels.width) × \(pixels.height)")
            }
        }
    }

    @Test("no two names draw the same picture, but the declared aliases, which draw exactly their original")
    func distinctPictures() throws {
        var seen: [Data: String] = [:]
        for name in SymbolLibrary.names where SymbolLibrary.aliases[name] == nil {
            let png = try bitmap(name, scale: 1).pngData()
            #expect(seen[png] == nil, "\(name) looks exactly like \(seen[png] ?? "")")
            seen[png] = name
        }
        #expect(SymbolLibrary.aliases["chevron.forward"] == "chevron.right")
        for (alias, original) in SymbolLibrary.aliases {
            #expect(try bitmap(alias).pngData() == bitmap(original).pngData(), "\(alias) draws \(original)")
        }
    }

    @Test("every .fill form covers more of its image than its outline form")
    func fillsCoverMore() throws {
        var pairs = 0
        for name in SymbolLibrary.names where name.hasSuffix(".fill") {
            let outline = String(name.dropLast(".fill".count))
            guard SymbolLibrary.names.contains(outline) else { continue }
            pairs += 1
            let filled = inkCount(try bitmap(name)), stroked = inkCount(try bitmap(outline))
            #expect(filled > stroked, "\(name): \(filled) pixels against \(stroked) for \(outline)")
        }
        #expect(pairs >= 100, "\(pairs) outline and .fill pairs")
    }

    @Test("iOS 17's plain speech bubble is drawn in both forms, as apps' tab bar items ask for it")
    func plainBubble() throws {
        // A ported tab bar item made with UIImage(systemName: "bubble") showed its title
        // over an empty space where iOS shows the bubble.
        let outline = try bitmap("bubble"), filled = try bitmap("bubble.fill")
        #expect(inkCount(filled) > inkCount(outline))
        #expect(try bitmap("bubble").pngData() != bitmap("bubble.left").pngData(), "its own drawing, not bubble.left's")
    }

    @Test("a mirrored symbol is its original's pixels mirrored: chevron.left is chevron.right turned over")
    func mirrored() throws {
        let right = try bitmap("chevron.right"), left = try bitmap("chevron.left")
        #expect(right.width == left.width && right.height == left.height)
        var differing = 0
        for y in 0 ..< right.height {
            for x in 0 ..< right.width where abs(Int(right.pixel(x: x, y: y).alpha) - Int(left.pixel(x: right.width - 1 - x, y: y).alpha)) > 8 {
                differing += 1
            }
        }
        #expect(differing == 0)
    }

    @Test("a catalog with a broken entry gives nil for its name through UIImage(systemName:), and still draws the rest")
    func brokenEntryThroughImages() {
        let catalog = SymbolCatalog(parsing: "symbol good 100 100\n  stroke: circle 0 0 40\nsymbol broken 100 100\n  stroke: L 10 10\n")
        #expect(catalog.problems.count == 1)
        #expect(UIImage(systemName: "broken", withConfiguration: nil, catalog: catalog) == nil)
        #expect(UIImage(systemName: "good", withConfiguration: nil, catalog: catalog) != nil)
    }
}
