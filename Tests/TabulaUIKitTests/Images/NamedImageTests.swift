import Foundation
import Synchronization
import Testing
@testable import TabulaUIKit
import TabulaUIKitTestSupport

/// A folder of resources made by a test: PNG files and asset catalogs, opened as a
/// bundle the way `Bundle.module` opens a package's `<Package>_<Target>.resources`.
struct ResourceFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("tabula-images-\(UUID().uuidString)", isDirectory: true)
            .appendingPathComponent("App_App.resources", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    var bundle: Bundle { Bundle(path: url.path)! }

    /// Writes a `width`×`height` PNG of one colour at `path` (relative to the folder).
    func png(_ path: String, width: Int, height: Int, color: Color) throws {
        let bitmap = Bitmap(width: width, height: height)
        bitmap.clear(to: color)
        try write(path, bitmap.pngData())
    }

    func write(_ path: String, _ data: Data) throws {
        let file = url.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: file)
    }

    func json(_ path: String, _ text: String) throws { try write(path, Data(text.utf8)) }

    /// An image set's Contents.json listing `entries` (filename, scale) for the universal idiom.
    func imageSet(_ folder: String, _ entries: [(String, String)]) throws {
        let images = entries.map { #"{"filename": "\#($0.0)", "idiom": "universal", "scale": "\#($0.1)"}"# }
        try json(folder + "/Contents.json", #"{"images": [\#(images.joined(separator: ", "))], "info": {"author": "xcode", "version": 1}}"#)
    }
}

/// Collects the asset errors reported while `body` runs.
@MainActor
func collectingAssetErrors(_ body: () throws -> Void) rethrows -> [UIImage.AssetError] {
    let collected = Mutex<[UIImage.AssetError]>([])
    let previous = UIImage.onInvalidAsset
    UIImage.onInvalidAsset = { error in collected.withLock { $0.append(error) } }
    defer { UIImage.onInvalidAsset = previous }
    try body()
    return collected.withLock { $0 }
}

@MainActor
@Suite("UIImage(named:): files, scales and asset catalogs")
struct NamedImageTests {
    let red = Color(red: 1, green: 0, blue: 0), green = Color(red: 0, green: 1, blue: 0), blue = Color(red: 0, green: 0, blue: 1)

    func named(_ name: String, _ folder: ResourceFolder, scale: CGFloat) -> UIImage? {
        UIImage(named: name, in: folder.bundle, compatibleWith: UITraitCollection(displayScale: scale))
    }

    @Test("a PNG in a bundle's resources is found by name, in the @2x or @3x variant for the display scale")
    func scaleVariants() throws {
        let folder = try ResourceFolder()
        try folder.png("icon.png", width: 10, height: 8, color: red)
        try folder.png("icon@2x.png", width: 20, height: 16, color: green)
        try folder.png("icon@3x.png", width: 30, height: 24, color: blue)
        for (scale, color) in [(CGFloat(1), red), (2, green), (3, blue)] {
            let image = try #require(named("icon", folder, scale: scale))
            #expect(image.scale == scale)
            #expect(image.size == CGSize(width: 10, height: 8), "the same size in points at every scale")
            #expect(isClose(try #require(image.cgImage).color(x: 0, y: 0), color))
        }
        #expect(named("icon.png", folder, scale: 2)?.scale == 2, "the name may end in .png")
    }

    @Test("without the exact variant, the next larger one is chosen, else the largest there is")
    func nearestVariant() throws {
        let folder = try ResourceFolder()
        try folder.png("a.png", width: 4, height: 4, color: red)
        try folder.png("a@3x.png", width: 12, height: 12, color: blue)
        try folder.png("b.png", width: 4, height: 4, color: red)
        try folder.png("b@2x.png", width: 8, height: 8, color: green)
        try folder.png("c~iphone.png", width: 4, height: 4, color: green)
        #expect(named("a", folder, scale: 2)?.scale == 3, "drawn smaller, still sharp")
        #expect(named("b", folder, scale: 3)?.scale == 2)
        #expect(named("b", folder, scale: 3)?.size == CGSize(width: 4, height: 4))
        #expect(named("c", folder, scale: 1)?.size == CGSize(width: 4, height: 4), "the ~iphone variant counts")
    }

    @Test("a name that is not there gives nil and no report")
    func missingName() throws {
        let folder = try ResourceFolder()
        try folder.png("there.png", width: 4, height: 4, color: red)
        let errors = collectingAssetErrors {
            #expect(named("not-there", folder, scale: 2) == nil)
            #expect(named("", folder, scale: 2) == nil)
            #expect(UIImage(named: "tabula-no-such-image") == nil)
        }
        #expect(errors.isEmpty)
    }

    @Test("a corrupt PNG gives nil and one report naming the file, however often it is asked for")
    func corruptPNG() throws {
        let folder = try ResourceFolder()
        try folder.write("broken@2x.png", Data("not a png at all".utf8))
        var truncated = Bitmap(width: 40, height: 40).pngData()
        truncated = truncated.prefix(truncated.count / 2)
        try folder.write("truncated.png", truncated)
        let errors = collectingAssetErrors {
            for _ in 0 ..< 3 { #expect(named("broken", folder, scale: 2) == nil) }
            #expect(named("broken", folder, scale: 3) == nil, "asked for at another scale: still the one file")
            #expect(named("truncated", folder, scale: 1) == nil)
        }
        #expect(errors.count == 2, "\(errors)")
        #expect(errors.first?.path.hasSuffix("broken@2x.png") == true)
        #expect(errors.first?.name == "broken")
        #expect(errors.first?.description.contains("PNG") == true, "\(errors.first?.description ?? "")")
        #expect(errors.last?.path.hasSuffix("truncated.png") == true)
    }

    @Test("an image set in an asset catalog is found by name with its scales; namespaced groups prefix the name")
    func assetCatalog() throws {
        let folder = try ResourceFolder()
        try folder.json("Assets.xcassets/Contents.json", #"{"info": {"version": 1}}"#)
        try folder.imageSet("Assets.xcassets/star.imageset", [("star.png", "1x"), ("star@2x.png", "2x"), ("star-big.png", "3x")])
        try folder.png("Assets.xcassets/star.imageset/star.png", width: 5, height: 5, color: red)
        try folder.png("Assets.xcassets/star.imageset/star@2x.png", width: 10, height: 10, color: green)
        try folder.png("Assets.xcassets/star.imageset/star-big.png", width: 15, height: 15, color: blue)
        try folder.json("Assets.xcassets/Icons/Contents.json", #"{"properties": {"provides-namespace": true}}"#)
        try folder.imageSet("Assets.xcassets/Icons/gear.imageset", [("gear.png", "2x")])
        try folder.png("Assets.xcassets/Icons/gear.imageset/gear.png", width: 8, height: 8, color: green)
        try folder.imageSet("Assets.xcassets/Plain Group/leaf.imageset", [("leaf.png", "1x")])
        try folder.png("Assets.xcassets/Plain Group/leaf.imageset/leaf.png", width: 3, height: 3, color: red)

        let star3 = try #require(named("star", folder, scale: 3))
        #expect(star3.scale == 3 && star3.size == CGSize(width: 5, height: 5))
        #expect(isClose(try #require(star3.cgImage).color(x: 1, y: 1), blue), "the file the 3x entry names")
        #expect(named("star", folder, scale: 2)?.scale == 2)
        #expect(named("star", folder, scale: 1)?.scale == 1)
        let gear = try #require(named("Icons/gear", folder, scale: 3))
        #expect(gear.size == CGSize(width: 4, height: 4), "only a 2x image: used at 3x, at its own scale")
        #expect(named("gear", folder, scale: 3) == nil, "a namespace is part of the name")
        #expect(named("leaf", folder, scale: 2) != nil, "a group without a namespace adds nothing to the name")
    }

    @Test("in a catalog, the phone's entries win over universal ones; other devices' and dark-appearance entries are passed over")
    func catalogEntries() throws {
        let folder = try ResourceFolder()
        try folder.json("Media.xcassets/logo.imageset/Contents.json", """
            {"images": [
              {"filename": "pad.png", "idiom": "ipad", "scale": "2x"},
              {"filename": "any.png", "idiom": "universal", "scale": "2x"},
              {"filename": "phone.png", "idiom": "iphone", "scale": "2x"},
              {"filename": "dark.png", "idiom": "universal", "scale": "3x",
               "appearances": [{"appearance": "luminosity", "value": "dark"}]},
              {"idiom": "universal", "scale": "3x"}
            ]}
            """)
        for (file, color) in [("pad", red), ("any", blue), ("phone", green), ("dark", red)] {
            try folder.png("Media.xcassets/logo.imageset/\(file).png", width: 4, height: 4, color: color)
        }
        let logo = try #require(named("logo", folder, scale: 3))
        #expect(logo.scale == 2, "the 3x slots are a dark variant and an empty slot")
        #expect(isClose(try #require(logo.cgImage).color(x: 0, y: 0), green))
    }

    @Test("an image set marked Render As Template Image gives a template image")
    func templateIntent() throws {
        let folder = try ResourceFolder()
        try folder.json("Assets.xcassets/glyph.imageset/Contents.json", """
            {"images": [{"filename": "g.png", "idiom": "universal", "scale": "1x"}],
             "properties": {"template-rendering-intent": "template"}}
            """)
        try folder.png("Assets.xcassets/glyph.imageset/g.png", width: 4, height: 4, color: red)
        try folder.imageSet("Assets.xcassets/photo.imageset", [("p.png", "1x")])
        try folder.png("Assets.xcassets/photo.imageset/p.png", width: 4, height: 4, color: red)
        #expect(named("glyph", folder, scale: 1)?.renderingMode == .alwaysTemplate)
        #expect(named("photo", folder, scale: 1)?.renderingMode == .automatic)
    }

    @Test("the asset catalog is looked in before loose files of the same name")
    func catalogFirst() throws {
        let folder = try ResourceFolder()
        try folder.png("badge.png", width: 4, height: 4, color: red)
        try folder.imageSet("Assets.xcassets/badge.imageset", [("b.png", "1x")])
        try folder.png("Assets.xcassets/badge.imageset/b.png", width: 6, height: 6, color: blue)
        #expect(named("badge", folder, scale: 1)?.size == CGSize(width: 6, height: 6))
    }

    @Test("a broken Contents.json, a missing file or a format Tabula cannot read gives nil and one report naming the file")
    func brokenCatalog() throws {
        let folder = try ResourceFolder()
        try folder.json("Assets.xcassets/garbled.imageset/Contents.json", #"{"images": [ {"filename": "#)
        try folder.json("Assets.xcassets/listless.imageset/Contents.json", #"{"info": {"version": 1}}"#)
        try folder.imageSet("Assets.xcassets/absent.imageset", [("absent.png", "1x")])
        try folder.imageSet("Assets.xcassets/vector.imageset", [("vector.pdf", "1x")])
        try folder.write("Assets.xcassets/vector.imageset/vector.pdf", Data("%PDF-1.4".utf8))
        try folder.json("Assets.xcassets/Bad Group/Contents.json", "not json")
        try folder.imageSet("Assets.xcassets/Bad Group/inner.imageset", [("inner.png", "1x")])
        try folder.png("Assets.xcassets/Bad Group/inner.imageset/inner.png", width: 2, height: 2, color: red)
        try folder.write("photo.jpg", Data([0xFF, 0xD8, 0xFF]))
        let errors = collectingAssetErrors {
            for _ in 0 ..< 2 {
                #expect(named("garbled", folder, scale: 1) == nil)
                #expect(named("listless", folder, scale: 1) == nil)
                #expect(named("absent", folder, scale: 1) == nil)
                #expect(named("vector", folder, scale: 1) == nil)
                #expect(named("photo.jpg", folder, scale: 1) == nil)
            }
            #expect(named("inner", folder, scale: 1) != nil, "a group with a broken Contents.json still holds its image sets")
        }
        let described = errors.map(\.description)
        #expect(errors.count == 6, "\(described)")
        func report(about file: String) -> String? { described.first { $0.contains(file) } }
        #expect(report(about: "garbled.imageset/Contents.json")?.contains("is not valid JSON") == true)
        #expect(report(about: "listless.imageset/Contents.json")?.contains("no \"images\"") == true)
        #expect(report(about: "absent.imageset/Contents.json")?.contains("absent.png") == true)
        #expect(report(about: "vector.pdf")?.contains("not a PDF document") == true, "damaged: a header and nothing else")
        #expect(report(about: "photo.jpg")?.contains("JPEG decoding failed") == true, "damaged: three bytes")
        #expect(report(about: "Bad Group/Contents.json") != nil)
    }

    @Test("JPEG photos load from an image set and as a loose file named with its extension, at the set's scale")
    func jpegImages() throws {
        let folder = try ResourceFolder()
        let photo = Bitmap(width: 12, height: 8, opaque: true)
        photo.clear(to: blue)
        let jpeg = try #require(photo.jpegData(quality: 90))
        try folder.imageSet("Assets.xcassets/meal.imageset", [("meal.jpg", "2x")])
        try folder.write("Assets.xcassets/meal.imageset/meal.jpg", jpeg)
        try folder.write("cover.jpeg", jpeg)
        let errors = collectingAssetErrors {
            let meal = named("meal", folder, scale: 2)
            #expect(meal?.size == CGSize(width: 6, height: 4) && meal?.scale == 2)
            #expect(named("cover.jpeg", folder, scale: 1)?.size == CGSize(width: 12, height: 8))
            let pixel = meal?.cgImage.map { bitmap in bitmap.withUnsafeMutablePixels { pixels, _ in pixels[0] } }
            #expect(pixel.map { $0 & 0xFF > 0xF0 && ($0 >> 16) & 0xFF < 0x10 } == true, "blue, as drawn")
        }
        #expect(errors.isEmpty, "\(errors)")
    }

    @Test("an image set's file is found when Contents.json spells its name in another Unicode normalization, as on a Mac")
    func normalizationOfFileNames() throws {
        // "사과" (apple) as precomposed syllables and as the jamo a Mac may write instead,
        // and "Café" with a precomposed é and with e and a combining accent.
        let apple = "\u{C0AC}\u{ACFC}", appleJamo = "\u{1109}\u{1161}\u{1100}\u{116A}"
        let cafe = "Caf\u{E9}", cafeDecomposed = "Cafe\u{301}"
        #expect(Array(apple.utf8) != Array(appleJamo.utf8) && apple == appleJamo, "the same name in different bytes")
        let folder = try ResourceFolder()
        try folder.imageSet("Assets.xcassets/\(apple).imageset", [("\(appleJamo).png", "1x")])
        try folder.png("Assets.xcassets/\(apple).imageset/\(apple).png", width: 4, height: 4, color: green)
        try folder.imageSet("Assets.xcassets/\(cafe).imageset", [("\(cafe).png", "1x")])
        try folder.png("Assets.xcassets/\(cafe).imageset/\(cafeDecomposed).png", width: 6, height: 6, color: blue)
        let errors = collectingAssetErrors {
            let first = named(apple, folder, scale: 1)
            #expect(first?.size == CGSize(width: 4, height: 4), "a profile photo shows instead of no image")
            #expect(first?.cgImage.map { isClose($0.color(x: 1, y: 1), green) } == true)
            #expect(named(cafe, folder, scale: 1)?.size == CGSize(width: 6, height: 6))
        }
        #expect(errors.isEmpty, "no report that the file is missing: \(errors)")
    }

    @Test("a loose PNG or JPEG is found when the app spells its name in another Unicode normalization than the file's, as on a Mac")
    func normalizationOfLooseFileNames() throws {
        let apple = "\u{C0AC}\u{ACFC}", appleJamo = "\u{1109}\u{1161}\u{1100}\u{116A}"
        let cafe = "Caf\u{E9}", cafeDecomposed = "Cafe\u{301}"
        let folder = try ResourceFolder()
        try folder.png("\(apple)@2x.png", width: 8, height: 8, color: green)
        try folder.png("\(cafeDecomposed).png", width: 6, height: 6, color: blue)
        let photo = Bitmap(width: 12, height: 8, opaque: true)
        photo.clear(to: blue)
        try folder.write("\(appleJamo).jpg", try #require(photo.jpegData(quality: 90)))
        let errors = collectingAssetErrors {
            let first = named(appleJamo, folder, scale: 2)
            #expect(first?.size == CGSize(width: 4, height: 4), "the @2x file, in points")
            #expect(named("\(cafe).png", folder, scale: 1)?.size == CGSize(width: 6, height: 6))
            #expect(named("\(apple).jpg", folder, scale: 1)?.size == CGSize(width: 12, height: 8), "a JPEG by its whole name")
        }
        #expect(errors.isEmpty, "\(errors)")
    }

    /// A one-page PDF of `width` × `height` points whose left half is filled red: its
    /// objects, then a cross-reference table with their offsets, as a PDF writer makes one.
    /// With `pages: false`, a valid PDF whose page tree is empty.
    static func pdf(width: Int, height: Int, pages: Bool = true) -> Data {
        let drawing = "1 0 0 rg 0 0 \(width / 2) \(height) re f"
        let objects = pages ? [
            "<< /Type /Catalog /Pages 2 0 R >>",
            "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 \(width) \(height)] /Contents 4 0 R >>",
            "<< /Length \(drawing.utf8.count) >>\nstream\n\(drawing)\nendstream",
        ] : ["<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [] /Count 0 >>"]
        var text = "%PDF-1.4\n", offsets: [Int] = []
        for (i, object) in objects.enumerated() {
            offsets.append(text.utf8.count)
            text += "\(i + 1) 0 obj\n\(object)\nendobj\n"
        }
        let table = text.utf8.count
        text += "xref\n0 \(objects.count + 1)\n0000000000 65535 f \n"
        for offset in offsets { text += String(repeating: "0", count: 10 - String(offset).count) + "\(offset) 00000 n \n" }
        text += "trailer\n<< /Size \(objects.count + 1) /Root 1 0 R >>\nstartxref\n\(table)\n%%EOF\n"
        return Data(text.utf8)
    }

    /// An image set holding one vector file, as Xcode writes one that preserves vector data.
    func vectorSet(_ folder: ResourceFolder, _ name: String, file: String, _ data: Data, template: Bool = false) throws {
        let intent = template ? #", "template-rendering-intent": "template""# : ""
        try folder.json("Assets.xcassets/\(name).imageset/Contents.json", #"{"images": [{"filename": "\#(file)", "idiom": "universal"}], "#
                        + #""info": {"author": "xcode", "version": 1}, "properties": {"preserves-vector-representation": true\#(intent)}}"#)
        try folder.write("Assets.xcassets/\(name).imageset/\(file)", data)
    }

    @Test("PDF and SVG images in a catalog are drawn at the display's scale, at their size in points, sharp")
    func vectorImages() throws {
        let folder = try ResourceFolder()
        let halves = ##"<svg xmlns="http://www.w3.org/2000/svg" width="24" height="16">"##
            + ##"<rect width="12" height="16" fill="#FF0000"/><rect x="12" width="12" height="16" fill="#0000FF"/></svg>"##
        try vectorSet(folder, "halves", file: "halves.svg", Data(halves.utf8))
        let boxed = ##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 20"><rect width="10" height="20" fill="#00FF00"/></svg>"##
        try vectorSet(folder, "boxed", file: "boxed.svg", Data(boxed.utf8), template: true)
        try vectorSet(folder, "page", file: "page.pdf", Self.pdf(width: 24, height: 16))
        let ring = ##"<svg xmlns="http://www.w3.org/2000/svg" width="30" height="30" viewBox="0 0 60 60">"##
            + ##"<circle cx="30" cy="30" r="24" fill="none" stroke="#FF9500" stroke-width="8"/></svg>"##
        try vectorSet(folder, "ring", file: "ring.svg", Data(ring.utf8))
        let errors = try collectingAssetErrors {
            // A view box scaled to the width and height: a ring 30 points across, its
            // stroke 4 points wide, drawn smooth at 3x (the picture is written for looking).
            let ringImage = try #require(named("ring", folder, scale: 3))
            writeForLooking(ringImage, "vector-ring-3x")
            let ringPixels = try #require(ringImage.cgImage)
            #expect(ringImage.size == CGSize(width: 30, height: 30) && ringPixels.width == 90)
            #expect(isClose(ringPixels.color(x: 45, y: 9), Color(red: 1, green: 149.0 / 255, blue: 0)), "on the stroke")
            #expect(ringPixels.withUnsafeMutablePixels { p, stride in p[45 * stride + 45] } == 0, "clear in the middle")
            let edge = ringPixels.withUnsafeMutablePixels { p, stride in (0 ..< 45).map { p[45 * stride + $0] >> 24 } }
            #expect(edge.contains { $0 > 0 && $0 < 255 }, "the stroke's edge is smoothed: \(edge)")
            for scale in [CGFloat(1), 2, 3] {
                let image = try #require(named("halves", folder, scale: scale))
                #expect(image.size == CGSize(width: 24, height: 16) && image.scale == scale)
                let bitmap = try #require(image.cgImage)
                #expect(bitmap.width == Int(24 * scale) && bitmap.height == Int(16 * scale))
                // The edge between the halves falls between two pixels at every scale.
                let edge = Int(12 * scale)
                #expect(isClose(bitmap.color(x: edge - 1, y: 2), red) && isClose(bitmap.color(x: edge, y: 2), blue),
                        "at \(scale)x: \(bitmap.color(x: edge - 1, y: 2)), \(bitmap.color(x: edge, y: 2))")
            }
            // Without width and height, the view box's size; the template intent still applies.
            let boxedImage = try #require(named("boxed", folder, scale: 2))
            #expect(boxedImage.size == CGSize(width: 10, height: 20) && boxedImage.renderingMode == .alwaysTemplate)
            #expect(isClose(try #require(boxedImage.cgImage).color(x: 19, y: 39), green))
            // A PDF page's size in points (1/72 inch); the page is not painted white: what
            // the drawing leaves is clear.
            let page = try #require(named("page", folder, scale: 2))
            #expect(page.size == CGSize(width: 24, height: 16) && page.scale == 2)
            let pixels = try #require(page.cgImage)
            #expect(isClose(pixels.color(x: 23, y: 31), red))
            #expect(pixels.withUnsafeMutablePixels { p, stride in p[5 * stride + 40] } == 0, "clear beyond the drawing")
        }
        #expect(errors.isEmpty, "\(errors)")
    }

    @Test("an image view showing a vector image larger than its size draws it again at that size, sharp; a PNG keeps its pixels")
    func vectorImageDrawnAgainLarger() throws {
        let folder = try ResourceFolder()
        let ring = ##"<svg xmlns="http://www.w3.org/2000/svg" width="30" height="30" viewBox="0 0 60 60">"##
            + ##"<circle cx="30" cy="30" r="24" fill="none" stroke="#FF9500" stroke-width="8"/></svg>"##
        try vectorSet(folder, "ring", file: "ring.svg", Data(ring.utf8))
        try folder.imageSet("Assets.xcassets/dot.imageset", [("dot.png", "3x")])
        try folder.png("Assets.xcassets/dot.imageset/dot.png", width: 90, height: 90, color: red)
        let (screen, root) = makeScreen(width: 200, height: 200, scale: 3)
        defer { withExtendedLifetime(screen) {} }
        func shown(_ name: String, mode: UIView.ContentMode, side: CGFloat) throws -> Bitmap {
            let image = try #require(named(name, folder, scale: 3))
            let view = UIImageView(image: image)
            view.contentMode = mode
            view.frame = CGRect(x: 0, y: 0, width: side, height: side)
            root.addSubview(view)
            screen.advance(by: 1.0 / 60)
            defer { view.removeFromSuperview() }
            return try #require(view.layer.contents)
        }
        // 96 points across at 3x: 3.2 times its 30 points, drawn at 10 pixels a point.
        #expect(try shown("ring", mode: .scaleAspectFit, side: 96).width == 300)
        #expect(try shown("ring", mode: .scaleToFill, side: 150).width == 450)
        // At its own size, or placed without scaling: its own pixels.
        #expect(try shown("ring", mode: .scaleAspectFit, side: 30).width == 90)
        #expect(try shown("ring", mode: .center, side: 96).width == 90)
        // A PNG has no document to draw again.
        #expect(try shown("dot", mode: .scaleAspectFit, side: 96).width == 90)
        // Resized, the view draws it again at its new size.
        let ringImage = try #require(named("ring", folder, scale: 3))
        let view = UIImageView(image: ringImage)
        view.frame = CGRect(x: 0, y: 0, width: 60, height: 60)
        root.addSubview(view)
        screen.advance(by: 1.0 / 60)
        #expect(view.layer.contents?.width == 180)
        view.frame.size = CGSize(width: 120, height: 120)
        screen.advance(by: 1.0 / 60)
        #expect(view.layer.contents?.width == 360)
        writeForLooking(screen.snapshot(), "vector-ring-redrawn")
    }

    @Test("a vector image set with a dark variant: shown larger in either appearance, the variant shown is drawn again at that size")
    func vectorDarkVariantDrawnAgainLarger() throws {
        let folder = try ResourceFolder()
        func ring(_ color: String) -> Data {
            Data((##"<svg xmlns="http://www.w3.org/2000/svg" width="30" height="30" viewBox="0 0 60 60">"##
                + ##"<circle cx="30" cy="30" r="24" fill="none" stroke="\##(color)" stroke-width="8"/></svg>"##).utf8)
        }
        try folder.write("Assets.xcassets/ring.imageset/light.svg", ring("#FF0000"))
        try folder.write("Assets.xcassets/ring.imageset/dark.svg", ring("#0000FF"))
        try folder.json("Assets.xcassets/ring.imageset/Contents.json", """
            {"images": [
              {"filename": "light.svg", "idiom": "universal"},
              {"appearances": [{"appearance": "luminosity", "value": "dark"}], "filename": "dark.svg", "idiom": "universal"}
            ], "info": {"author": "xcode", "version": 1}, "properties": {"preserves-vector-representation": true}}
            """)
        let screen = HeadlessScreen(size: CGSize(width: 120, height: 120), scale: 3)
        let window = UIWindow(frame: .zero)
        let image: UIImage = try #require(named("ring", folder, scale: 3))
        let view = UIImageView(image: image)
        view.frame = CGRect(x: 0, y: 0, width: 120, height: 120)
        window.addSubview(view)
        screen.show(window)
        // 120 points at 3x is 4 times the ring's 30 points: 12 pixels a point, 360 across.
        // The ring's stroke (radius 20 to 28 of its 60 units) crosses the middle row at
        // x = 2 to 10 units: 12 to 60 pixels here, 36 in its middle.
        let light = try #require(view.layer.contents)
        #expect(light.width == 360)
        #expect(isClose(try #require(screen.snapshot().cgImage).color(x: 36, y: 180), red))
        window.overrideUserInterfaceStyle = .dark
        screen.advance(by: 0.1)
        let dark = try #require(view.layer.contents)
        #expect(dark.width == 360, "the dark variant drawn again at the size shown, not scaled up from 90 pixels")
        #expect(isClose(try #require(screen.snapshot().cgImage).color(x: 36, y: 180), blue))
        writeForLooking(screen.snapshot(), "vector-ring-dark-redrawn")
    }

    @Test("a damaged, sizeless, enormous, 10,000-deep or billion-laughs SVG, a huge PDF page and a PDF without pages give nil and one report each, at once")
    func carelessVectorImages() throws {
        let folder = try ResourceFolder()
        try vectorSet(folder, "cut", file: "cut.svg", Data(#"<svg xmlns="http://www.w3.org/2000/svg" width="10"#.utf8))
        try vectorSet(folder, "sizeless", file: "sizeless.svg", Data(#"<svg xmlns="http://www.w3.org/2000/svg"/>"#.utf8))
        try vectorSet(folder, "huge", file: "huge.svg", Data(#"<svg xmlns="http://www.w3.org/2000/svg" width="1e9" height="1e9"/>"#.utf8))
        try vectorSet(folder, "flat", file: "flat.svg", Data(#"<svg xmlns="http://www.w3.org/2000/svg" width="0" height="10"/>"#.utf8))
        try vectorSet(folder, "pageless", file: "pageless.pdf", Self.pdf(width: 10, height: 10, pages: false))
        // Hostile documents: groups nested 10,000 deep, entities that expand a billion
        // times, a PDF page a billion points wide. Each gives an answer, at once.
        let deep = ##"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">"##
            + String(repeating: "<g>", count: 10_000) + ##"<rect width="10" height="10" fill="#FF0000"/>"##
            + String(repeating: "</g>", count: 10_000) + "</svg>"
        try vectorSet(folder, "deep", file: "deep.svg", Data(deep.utf8))
        var laughs = #"<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "lol">"#
        for i in 1 ... 9 { laughs += "<!ENTITY \(Character(UnicodeScalar(97 + i)!)) \"" + String(repeating: "&\(Character(UnicodeScalar(96 + i)!));", count: 10) + "\">" }
        laughs += ##"]><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><text>&j;</text></svg>"##
        try vectorSet(folder, "laughs", file: "laughs.svg", Data(laughs.utf8))
        try vectorSet(folder, "wide", file: "wide.pdf", Self.pdf(width: 1_000_000_000, height: 10))
        let started = Date()
        let hostile = collectingAssetErrors {
            for name in ["deep", "laughs", "wide"] { _ = named(name, folder, scale: 3) }
        }
        #expect(Date().timeIntervalSince(started) < 20, "hostile documents took \(Date().timeIntervalSince(started)) s")
        #expect(hostile.count == 3, "\(hostile)")
        func hostileReport(about file: String) -> String { hostile.map(\.description).first { $0.contains(file) } ?? "" }
        #expect(hostileReport(about: "deep.svg").contains("Excessive depth"))
        #expect(hostileReport(about: "laughs.svg").contains("entity"))
        #expect(hostileReport(about: "wide.pdf").contains("not drawn"))
        let errors = collectingAssetErrors {
            for _ in 0 ..< 2 {
                for name in ["cut", "sizeless", "huge", "flat", "pageless"] { #expect(named(name, folder, scale: 3) == nil, "\(name)") }
            }
        }
        let described = errors.map(\.description)
        #expect(errors.count == 5, "\(described)")
        func report(about file: String) -> String { described.first { $0.contains(file) } ?? "" }
        #expect(report(about: "cut.svg").contains("not an SVG document"))
        #expect(report(about: "sizeless.svg").contains("has no size"))
        #expect(report(about: "huge.svg").contains("not drawn"))
        #expect(report(about: "flat.svg").contains("finite width and height above zero"))
        #expect(report(about: "pageless.pdf").contains("no pages"))
    }

    @Test("images of one name share their decoded pixels")
    func sharedPixels() throws {
        let folder = try ResourceFolder()
        try folder.png("shared.png", width: 4, height: 4, color: red)
        let a = try #require(named("shared", folder, scale: 1))
        let b = try #require(named("shared", folder, scale: 1))
        #expect(a !== b)
        #expect(a.cgImage === b.cgImage)
    }

    @Test("the main bundle's images are also in the executable's own target's resource bundle, not in other packages'")
    func executableTargetResources() throws {
        // A build folder as SwiftPM leaves it: the executable `Squad`, its target's bundle
        // `App_Squad.resources` (where `.process("Assets.xcassets")` goes), a library's
        // bundle, and `Squad.resources`.
        let build = FileManager.default.temporaryDirectory.appendingPathComponent("tabula-main-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: build) }
        for folder in ["App_Squad.resources", "Tabula_TabulaSymbols.resources", "Squad.resources", "_Squad.resources"] {
            try FileManager.default.createDirectory(at: build.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        try Data("#!".utf8).write(to: build.appendingPathComponent("Squad"))
        try Data().write(to: build.appendingPathComponent("Other_Squad.resources")) // a file, not a bundle
        let folders = ImageAssets.resourceFolders(besideExecutable: build.appendingPathComponent("Squad").path)
            .map { ($0 as NSString).lastPathComponent }
        #expect(folders == ["Squad.resources", "App_Squad.resources"])
        #expect(ImageAssets.resourceFolders(besideExecutable: build.appendingPathComponent("Nowhere/App").path).isEmpty)
    }

    @Test("an app whose code and catalog live in a library target, run by a small executable, finds its images: its package's bundles, not other packages'")
    func libraryTargetResources() throws {
        // `swift run Squad` in the package `Squad`: the executable has no resources of its
        // own; its library `SquadKit` put the catalog in `Squad_SquadKit.resources`. A
        // second app, `Tool`, of the package `App`, has its own bundle `App_Tool.resources`
        // and a library's `App_Models.resources`.
        let build = FileManager.default.temporaryDirectory.appendingPathComponent("tabula-library-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: build) }
        for folder in ["Squad_SquadKit.resources", "App_Tool.resources", "App_Models.resources", "GRDB_GRDB.resources",
                       "Tabula_TabulaSymbols.resources", "Squad_.resources"] {
            try FileManager.default.createDirectory(at: build.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        for executable in ["Squad", "Tool"] { try Data("#!".utf8).write(to: build.appendingPathComponent(executable)) }
        func folders(_ executable: String) -> [String] {
            ImageAssets.resourceFolders(besideExecutable: build.appendingPathComponent(executable).path)
                .map { ($0 as NSString).lastPathComponent }
        }
        #expect(folders("Squad") == ["Squad_SquadKit.resources"])
        #expect(folders("Tool") == ["App_Tool.resources", "App_Models.resources"])

        // An executable named unlike its package, without resources of its own: every
        // bundle that is not a dependency's, as the build's workspace state lists them.
        try Data("#!".utf8).write(to: build.appendingPathComponent("Harness"))
        #expect(folders("Harness").isEmpty, "without a workspace state, nothing is guessed")
        let state = #"{"object": {"dependencies": [{"packageRef": {"identity": "grdb.swift", "name": "GRDB"}},"#
            + #" {"packageRef": {"identity": "tabula", "name": "Tabula"}}]}, "version": 6}"#
        try Data(state.utf8).write(to: build.appendingPathComponent("workspace-state.json"))
        #expect(folders("Harness") == ["App_Models.resources", "App_Tool.resources", "Squad_SquadKit.resources"])
    }

    @Test("under swift test, the main bundle's images are in the tested package's bundles: an app's catalog is found as from its host app")
    func testBundleFindsPackageResources() throws {
        // `swift test` runs `<Package>PackageTests.xctest`; the app target `Squad` of the
        // package `App` put its catalog in `App_Squad.resources`.
        let build = FileManager.default.temporaryDirectory.appendingPathComponent("tabula-test-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: build) }
        for folder in ["App_Squad.resources", "App_Models.resources", "GRDB_GRDB.resources", "Other_Squad.resources"] {
            try FileManager.default.createDirectory(at: build.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        try Data().write(to: build.appendingPathComponent("AppPackageTests.xctest"))
        let folders = ImageAssets.resourceFolders(besideExecutable: build.appendingPathComponent("AppPackageTests.xctest").path)
            .map { ($0 as NSString).lastPathComponent }
        #expect(folders == ["App_Models.resources", "App_Squad.resources"])
    }

    @Test("a bundle whose resources are in a Resources folder is searched there and at its top")
    func resourcesSubfolder() throws {
        let folder = try ResourceFolder()
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("Resources"), withIntermediateDirectories: true)
        try folder.png("Resources/inside.png", width: 2, height: 2, color: red)
        try folder.png("top.png", width: 3, height: 3, color: red)
        #expect(named("inside", folder, scale: 1) != nil)
        #expect(named("top", folder, scale: 1) != nil)
    }

    @Test("images and symbols can be made off the main actor, as in UIKit")
    func offMainActor() async throws {
        let folder = try ResourceFolder()
        try folder.png("far.png", width: 2, height: 2, color: red)
        try folder.png("far@3x.png", width: 6, height: 6, color: blue)
        let path = folder.url.path
        let (scale, symbolInk) = await Task.detached {
            let image = UIImage(named: "far", in: Bundle(path: path), compatibleWith: nil)
            let symbol = UIImage(systemName: "star.fill", compatibleWith: UITraitCollection(displayScale: 2))
            return (image?.scale, symbol?.cgImage.map { inkCount($0) })
        }.value
        #expect(scale == 3, "off the main thread, the default device's scale")
        #expect((symbolInk ?? 0) > 100)
    }

    @Test("UIImage(named:in:with:) takes the display scale from the configuration's traits")
    func withConfiguration() throws {
        let folder = try ResourceFolder()
        try folder.png("pic.png", width: 2, height: 2, color: red)
        try folder.png("pic@2x.png", width: 4, height: 4, color: green)
        let configuration = UIImage.Configuration(traitCollection: UITraitCollection(displayScale: 2))
        let image = try #require(UIImage(named: "pic", in: folder.bundle, with: configuration))
        #expect(image.scale == 2)
        #expect(image.configuration == configuration)
        #expect(!image.isSymbolImage && image.symbolConfiguration == nil)
    }

    @Test("an image set with a dark variant: the image for the traits asked, and an image view that follows dark mode")
    func darkVariant() throws {
        let folder = try ResourceFolder()
        try folder.png("Assets.xcassets/Logo.imageset/light.png", width: 8, height: 8, color: red)
        try folder.png("Assets.xcassets/Logo.imageset/dark.png", width: 8, height: 8, color: blue)
        try folder.json("Assets.xcassets/Logo.imageset/Contents.json", """
            {"images": [
              {"filename": "light.png", "idiom": "universal", "scale": "1x"},
              {"appearances": [{"appearance": "luminosity", "value": "dark"}], "filename": "dark.png", "idiom": "universal", "scale": "1x"},
              {"appearances": [{"appearance": "contrast", "value": "high"}], "filename": "missing.png", "idiom": "universal", "scale": "1x"}
            ], "info": {"author": "xcode", "version": 1}}
            """)
        let dark = UITraitCollection(traitsFrom: [UITraitCollection(userInterfaceStyle: .dark), UITraitCollection(displayScale: 1)])
        let darkImage = try #require(UIImage(named: "Logo", in: folder.bundle, compatibleWith: dark))
        #expect(isClose(try #require(darkImage.cgImage).color(x: 4, y: 4), blue))
        let lightImage = try #require(named("Logo", folder, scale: 1))
        #expect(isClose(try #require(lightImage.cgImage).color(x: 4, y: 4), red))
        let asset = try #require(lightImage.imageAsset, "the named image holds both variants")
        #expect(isClose(try #require(asset.image(with: dark).cgImage).color(x: 4, y: 4), blue))

        // On screen, an image view shows the variant for its window's appearance.
        let screen = HeadlessScreen(size: CGSize(width: 40, height: 40), scale: 1)
        let window = UIWindow(frame: .zero)
        let view = UIImageView(image: lightImage)
        view.frame = CGRect(x: 0, y: 0, width: 8, height: 8)
        window.addSubview(view)
        screen.show(window)
        #expect(isClose(try #require(screen.snapshot().cgImage).color(x: 4, y: 4), red))
        window.overrideUserInterfaceStyle = .dark
        screen.advance(by: 0.1)
        #expect(isClose(try #require(screen.snapshot().cgImage).color(x: 4, y: 4), blue), "dark mode shows the dark variant")
        window.overrideUserInterfaceStyle = .light
        screen.advance(by: 0.1)
        #expect(isClose(try #require(screen.snapshot().cgImage).color(x: 4, y: 4), red))
    }
}
