import Foundation
import Testing
@testable import TabulaUIKit
import TabulaUIKitTestSupport

@MainActor
@Suite("UIColor(named:): colour sets in asset catalogs")
struct NamedColorTests {
    /// A colour set's Contents.json with the given `colors` entries.
    func colorSet(_ folder: ResourceFolder, _ path: String, _ entries: String) throws {
        try folder.json(path + "/Contents.json", #"{"colors": [\#(entries)], "info": {"author": "xcode", "version": 1}}"#)
    }

    func rgba(_ color: UIColor?, _ traits: UITraitCollection = UITraitCollection(userInterfaceStyle: .light)) -> [Int] {
        guard let color else { return [] }
        var r: CGFloat = 0, g: CGFloat = 0, b: CGFloat = 0, a: CGFloat = 0
        _ = color.resolvedColor(with: traits).getRed(&r, green: &g, blue: &b, alpha: &a)
        return [r, g, b, a].map { Int(($0 * 255).rounded()) }
    }

    let dark = UITraitCollection(userInterfaceStyle: .dark)

    @Test("a colour set with a dark entry gives a dynamic colour; Xcode's float, 8-bit and hex components all read")
    func lightAndDark() throws {
        let folder = try ResourceFolder()
        try colorSet(folder, "Assets.xcassets/Accent.colorset", #"""
            {"idiom": "universal", "color": {"color-space": "srgb", "components": {"red": "1.000", "green": "0.400", "blue": "0.200", "alpha": "1.000"}}},
            {"idiom": "universal", "appearances": [{"appearance": "luminosity", "value": "dark"}],
             "color": {"color-space": "srgb", "components": {"red": "0x33", "green": "102", "blue": "255", "alpha": "0.500"}}}
            """#)
        let accent = UIColor(named: "Accent", in: folder.bundle, compatibleWith: nil)
        #expect(rgba(accent) == [255, 102, 51, 255])
        #expect(rgba(accent, dark) == [51, 102, 255, 128])
        let resolved = UIColor(named: "Accent", in: folder.bundle, compatibleWith: dark)
        #expect(rgba(resolved) == [51, 102, 255, 128], "with a trait collection, the colour for those traits, fixed")
        #expect(UIColor(named: "Missing", in: folder.bundle, compatibleWith: nil) == nil)
        #expect(UIColor(named: "Accent") == nil, "the main bundle has no such set")
    }

    @Test("a view's background from a colour set follows the screen's appearance")
    func drawnInBothAppearances() throws {
        let folder = try ResourceFolder()
        try colorSet(folder, "Colors.xcassets/Brand/Tile.colorset", #"""
            {"idiom": "universal", "color": {"color-space": "srgb", "components": {"red": "0.000", "green": "0.502", "blue": "0.000", "alpha": "1.000"}}},
            {"idiom": "universal", "appearances": [{"appearance": "luminosity", "value": "dark"}],
             "color": {"color-space": "srgb", "components": {"red": "0.502", "green": "0.000", "blue": "0.502", "alpha": "1.000"}}}
            """#)
        try folder.json("Colors.xcassets/Brand/Contents.json", #"{"properties": {"provides-namespace": true}}"#)
        let (screen, root) = makeScreen(width: 40, height: 40, scale: 1)
        let tile = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        tile.backgroundColor = try #require(UIColor(named: "Brand/Tile", in: folder.bundle, compatibleWith: nil))
        root.addSubview(tile)
        screen.advance(by: 0)
        let light = try #require(screen.snapshot().cgImage).color(x: 10, y: 10)
        #expect(light.green > 0.45 && light.red < 0.05)
        screen.userInterfaceStyle = .dark
        screen.advance(by: 0)
        let darkPixel = try #require(screen.snapshot().cgImage).color(x: 10, y: 10)
        #expect(darkPixel.red > 0.45 && darkPixel.blue > 0.45 && darkPixel.green < 0.05)
    }

    @Test("system colour references, grey and Display P3 colour spaces")
    func referencesAndSpaces() throws {
        let folder = try ResourceFolder()
        try colorSet(folder, "A.xcassets/Link.colorset", #"{"idiom": "universal", "color": {"platform": "ios", "reference": "systemBlueColor"}}"#)
        try colorSet(folder, "A.xcassets/Ink.colorset", #"{"idiom": "universal", "color": {"color-space": "gray-gamma-22", "components": {"white": "0.200", "alpha": "1.000"}}}"#)
        try colorSet(folder, "A.xcassets/Vivid.colorset", #"{"idiom": "universal", "color": {"color-space": "display-p3", "components": {"red": "1.000", "green": "0.000", "blue": "0.000", "alpha": "1.000"}}}"#)
        try colorSet(folder, "A.xcassets/Phone.colorset", #"""
            {"idiom": "ipad", "color": {"color-space": "srgb", "components": {"red": "0", "green": "0", "blue": "0", "alpha": "1"}}},
            {"idiom": "universal", "color": {"color-space": "srgb", "components": {"red": "255", "green": "255", "blue": "255", "alpha": "1"}}}
            """#)
        let link = UIColor(named: "Link", in: folder.bundle, compatibleWith: nil)
        #expect(rgba(link) == rgba(.systemBlue) && rgba(link, dark) == rgba(.systemBlue, dark))
        #expect(rgba(UIColor(named: "Ink", in: folder.bundle, compatibleWith: nil)) == [51, 51, 51, 255])
        #expect(rgba(UIColor(named: "Vivid", in: folder.bundle, compatibleWith: nil)) == rgba(UIColor(displayP3Red: 1, green: 0, blue: 0, alpha: 1)))
        #expect(rgba(UIColor(named: "Phone", in: folder.bundle, compatibleWith: nil)) == [255, 255, 255, 255], "the iPad entry is not used")
    }

    @Test("a malformed colour set gives nil and one report naming the file and what was wrong")
    func badInput() throws {
        let folder = try ResourceFolder()
        try folder.json("B.xcassets/Broken.colorset/Contents.json", "{ not json")
        try colorSet(folder, "B.xcassets/Word.colorset", #"{"idiom": "universal", "color": {"color-space": "srgb", "components": {"red": "lots", "green": "0", "blue": "0", "alpha": "1"}}}"#)
        try colorSet(folder, "B.xcassets/Cmyk.colorset", #"{"idiom": "universal", "color": {"color-space": "cmyk", "components": {"alpha": "1"}}}"#)
        try colorSet(folder, "B.xcassets/Unknown.colorset", #"{"idiom": "universal", "color": {"reference": "systemChartreuseColor"}}"#)
        var results: [UIColor?] = []
        let errors = collectingAssetErrors {
            for name in ["Broken", "Broken", "Word", "Cmyk", "Unknown"] {
                results.append(UIColor(named: name, in: folder.bundle, compatibleWith: nil))
            }
        }
        #expect(results.allSatisfy { $0 == nil })
        #expect(errors.count == 4, "once per file: \(errors)")
        let text = errors.map(\.description)
        #expect(text[0].hasPrefix(#"UIColor(named: "Broken"): "#) && text[0].contains("Broken.colorset/Contents.json is not valid JSON; no colour"))
        #expect(text[1].contains(#"component red "lots", which is not a number"#))
        #expect(text[2].contains(#"colour space "cmyk""#))
        #expect(text[3].contains(#""systemChartreuseColor", which Tabula does not have"#))
    }
}
