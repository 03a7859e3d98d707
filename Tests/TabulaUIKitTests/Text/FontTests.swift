import Foundation
import Testing
@testable import TabulaUIKit
import TabulaUIKitTestSupport

/// The width of `text` on one line in `font`.
@MainActor
private func width(_ text: String, _ font: UIFont) -> CGFloat {
    TextLayout(text: text, font: font.font).size.width
}

/// The height above the baseline of the topmost inked pixel of `text` drawn in `font`
/// (one pixel per point).
@MainActor
private func inkHeight(_ text: String, _ font: UIFont) -> CGFloat {
    let layout = TextLayout(text: text, font: font.font)
    let bitmap = Bitmap(width: Int(layout.size.width.rounded(.up)) + 4, height: Int(layout.size.height.rounded(.up)) + 4,
                        opaque: true)
    bitmap.clear(to: Color(rgb: 0xFFFFFF))
    GraphicsContext(bitmap: bitmap).draw(layout, at: CGPoint(x: 2, y: 2), color: Color(rgb: 0x000000))
    for y in 0 ..< bitmap.height {
        for x in 0 ..< bitmap.width where bitmap.color(x: x, y: y).red < 0.5 {
            return 2 + layout.firstBaseline - CGFloat(y)
        }
    }
    return 0
}

@MainActor
@Suite("UIFont and UIFontDescriptor")
struct FontTests {
    @Test("monospacedDigitSystemFont gives every digit the same advance; the system font's digits differ")
    func tabularDigits() {
        let proportional = UIFont.systemFont(ofSize: 20)
        let tabular = UIFont.monospacedDigitSystemFont(ofSize: 20, weight: .regular)
        let digits = (0 ... 9).map { String(repeating: String($0), count: 6) }
        let proportionalWidths = digits.map { width($0, proportional) }
        let tabularWidths = digits.map { width($0, tabular) }
        #expect(proportionalWidths.max()! - proportionalWidths.min()! > 1, "Inter's default digits are proportional")
        #expect(tabularWidths.max()! - tabularWidths.min()! < 0.01, "\(tabularWidths)")
        // Letters keep their proportional widths.
        #expect(abs(width("Wilhelm", tabular) - width("Wilhelm", proportional)) < 0.01)
        // In a run of attributed text in another font, the feature does not leak in.
        let layout = TextLayout(text: "111111", font: tabular.font,
                                runs: [{ var run = TextRun(range: 0 ..< 6); run.font = proportional.font; return run }()])
        #expect(abs(layout.size.width - proportionalWidths[1]) < 0.01)
    }

    @Test("cap height and x-height match the ink of H and x; leading is the line gap")
    func verticalMetrics() {
        let font = UIFont.systemFont(ofSize: 100)
        #expect(font.capHeight > font.xHeight && font.xHeight > 0 && font.capHeight < font.ascender)
        #expect(abs(font.capHeight - inkHeight("H", font)) <= 1.5, "\(font.capHeight) vs \(inkHeight("H", font))")
        #expect(abs(font.xHeight - inkHeight("x", font)) <= 1.5, "\(font.xHeight) vs \(inkHeight("x", font))")
        let small = UIFont.systemFont(ofSize: 50)
        #expect(abs(small.capHeight * 2 - font.capHeight) < 0.01)
        for f in [font, UIFont(name: "DejaVu Sans", size: 100)!, UIFont.monospacedSystemFont(ofSize: 100, weight: .regular)] {
            #expect(f.leading >= 0)
            #expect(abs(f.lineHeight - (f.ascender - f.descender + f.leading)) < 0.01)
        }
        #expect(UIFont.buttonFontSize == 18)
    }

    @Test("iOS's names for the system font (.AppleSystemUIFont, as storyboards write it; .SFUI faces) give the system font")
    func appleSystemFontNames() throws {
        #expect(UIFont(name: ".AppleSystemUIFont", size: 17) == UIFont.systemFont(ofSize: 17))
        #expect(UIFont(name: ".SFUI-Regular", size: 14) == UIFont.systemFont(ofSize: 14))
        #expect(UIFont(name: ".SFUI-Semibold", size: 15) == UIFont.systemFont(ofSize: 15, weight: .semibold))
        #expect(UIFont(name: ".SFUIText-Bold", size: 13) == UIFont.systemFont(ofSize: 13, weight: .bold))
        #expect(UIFont(name: ".SFUIText", size: 13) == UIFont.systemFont(ofSize: 13))
        #expect(try #require(UIFont(name: ".AppleSystemUIFont", size: 17)).familyName == UIFont.systemFont(ofSize: 17).familyName)
        #expect(UIFont(name: "DejaVu Sans", size: 17) != UIFont.systemFont(ofSize: 17))
    }

    @Test("familyNames lists the pinned families; fontNames lists faces that init(name:size:) reads back")
    func familiesAndFaces() throws {
        let families = UIFont.familyNames
        for pinned in ["Inter", "DejaVu Sans", "DejaVu Sans Mono", "DejaVu Serif"] { #expect(families.contains(pinned)) }
        #expect(families == families.sorted())
        let inter = UIFont.fontNames(forFamilyName: "inter")
        #expect(inter.contains("Inter-Regular") && inter.contains("Inter-Bold") && inter.contains("Inter-SemiBoldItalic"))
        #expect(UIFont.fontNames(forFamilyName: "No Such Family").isEmpty)
        for name in inter {
            let font = try #require(UIFont(name: name, size: 17))
            #expect(font.familyName == "Inter")
            #expect(font.fontName == name, "\(name) reads back as \(font.fontName)")
        }
        let bold = try #require(UIFont(name: "Inter-Bold", size: 17))
        #expect(bold.font.weight == .bold && !bold.font.isItalic)
        #expect(width("Wilhelm", bold) > width("Wilhelm", .systemFont(ofSize: 17)))
        // Every face of DejaVu Sans round-trips through its font name.
        for name in UIFont.fontNames(forFamilyName: "DejaVu Sans") {
            let font = try #require(UIFont(name: name, size: 17))
            #expect(UIFont(name: font.fontName, size: 17) == font, "\(name)")
        }
    }

    @Test("a condensed width draws narrower where the family has condensed faces; Inter has none")
    func widths() throws {
        let text = "The quick brown fox"
        let dejaVu = try #require(UIFont(name: "DejaVu Sans", size: 20))
        let condensedDescriptor = try #require(dejaVu.fontDescriptor.withSymbolicTraits(.traitCondensed))
        let condensed = UIFont(descriptor: condensedDescriptor, size: 0)
        #expect(condensed.font.width == .condensed && condensed.fontName == "DejaVuSans-Condensed")
        #expect(width(text, condensed) < width(text, dejaVu) * 0.95)
        #expect(condensed.fontDescriptor.symbolicTraits.contains(.traitCondensed))
        let system = UIFont.systemFont(ofSize: 20, weight: .regular, width: .condensed)
        #expect(system.font.width == .condensed && system != .systemFont(ofSize: 20))
        #expect(abs(width(text, system) - width(text, .systemFont(ofSize: 20))) < 0.01, "Inter has no condensed face")
        #expect(dejaVu.fontDescriptor.withSymbolicTraits([.traitCondensed, .traitExpanded]) == nil)
    }

    @Test("a font's descriptor makes the same font; a size of 0 keeps the descriptor's, a positive one wins")
    func descriptorRoundTrip() {
        let fonts: [UIFont] = [
            .systemFont(ofSize: 17), .boldSystemFont(ofSize: 22), .italicSystemFont(ofSize: 13),
            .monospacedDigitSystemFont(ofSize: 15, weight: .semibold), .monospacedSystemFont(ofSize: 12, weight: .bold),
            .systemFont(ofSize: 20, weight: .light, width: .expanded), UIFont(name: "DejaVu Serif", size: 30)!,
        ]
        for font in fonts {
            #expect(UIFont(descriptor: font.fontDescriptor, size: 0) == font, "\(font)")
            #expect(UIFont(descriptor: font.fontDescriptor, size: 40).pointSize == 40)
            #expect(font.fontDescriptor.pointSize == font.pointSize)
            #expect(font.fontDescriptor.postscriptName == font.fontName)
        }
        #expect(UIFontDescriptor().pointSize == 0 && UIFont(descriptor: UIFontDescriptor(), size: 0).pointSize == 17)
        // Bad sizes: a negative or NaN size counts as none.
        #expect(UIFont(descriptor: UIFontDescriptor().withSize(-3), size: .nan).pointSize == 17)
        let named = UIFontDescriptor(name: "Inter-SemiBold", size: 11)
        #expect(UIFont(descriptor: named, size: 0) == .systemFont(ofSize: 11, weight: .semibold))
    }

    @Test("symbolic traits, designs, faces and feature settings change the font that is drawn")
    func descriptorTraits() throws {
        let base = UIFont.systemFont(ofSize: 20).fontDescriptor
        let boldItalic = UIFont(descriptor: try #require(base.withSymbolicTraits([.traitBold, .traitItalic])), size: 0)
        #expect(boldItalic.font.weight == .bold && boldItalic.font.isItalic)
        #expect(boldItalic.fontDescriptor.symbolicTraits.isSuperset(of: [.traitBold, .traitItalic]))
        #expect(UIFont(descriptor: try #require(boldItalic.fontDescriptor.withSymbolicTraits([])), size: 0) == .systemFont(ofSize: 20))

        let mono = UIFont(descriptor: try #require(base.withDesign(.monospaced)), size: 0)
        #expect(mono.familyName == "DejaVu Sans Mono" && mono.fontDescriptor.symbolicTraits.contains(.traitMonoSpace))
        #expect(abs(width("iiii", mono) - width("MMMM", mono)) < 0.01)
        let serif = UIFont(descriptor: try #require(base.withDesign(.serif)), size: 0)
        #expect(serif.familyName == "DejaVu Serif" && serif.pointSize == 20)
        #expect(UIFont(descriptor: try #require(serif.fontDescriptor.withDesign(.default)), size: 0) == .systemFont(ofSize: 20))
        #expect(UIFont(name: "Lohit Devanagari", size: 20)!.fontDescriptor.withDesign(.serif) == nil)

        let semibold = UIFont(descriptor: base.withFace("Semi Bold Italic"), size: 0)
        #expect(semibold.font.weight == .semibold && semibold.font.isItalic)
        let dejaVu = UIFont(descriptor: base.withFamily("DejaVu Sans"), size: 0)
        #expect(dejaVu.familyName == "DejaVu Sans" && dejaVu.pointSize == 20)

        let tabular = base.addingAttributes([.featureSettings: [[UIFontDescriptor.FeatureKey.type: 6,
                                                                 UIFontDescriptor.FeatureKey.selector: 0]]])
        let font = UIFont(descriptor: tabular, size: 0)
        #expect(font == .monospacedDigitSystemFont(ofSize: 20, weight: .regular))
        #expect(abs(width("111", font) - width("000", font)) < 0.01)
        // A weight outside −1…1 is clamped.
        let heavy = base.addingAttributes([.traits: [UIFontDescriptor.TraitKey.weight: 5.0]])
        #expect(UIFont(descriptor: heavy, size: 0).font.weight == Font.Weight(1))
    }

    @Test("matchingFontDescriptors lists the family's installed faces, narrowed by the mandatory keys")
    func matching() throws {
        let descriptor = UIFontDescriptor(fontAttributes: [.family: "Inter"])
        let all = descriptor.matchingFontDescriptors(withMandatoryKeys: nil)
        let names = Set(all.map(\.postscriptName))
        #expect(names == Set(UIFont.fontNames(forFamilyName: "Inter")))
        #expect(all.allSatisfy { $0.object(forKey: .family) as? String == "Inter" && $0.pointSize == 0 })
        let bold = try #require(UIFont.boldSystemFont(ofSize: 15).fontDescriptor.matchingFontDescriptors(withMandatoryKeys: [.traits]).first)
        #expect(UIFont(descriptor: bold, size: 0) == .boldSystemFont(ofSize: 15))
        #expect(bold.object(forKey: .face) as? String == "Bold")
        #expect(UIFontDescriptor(fontAttributes: [.family: "No Such Family"]).matchingFontDescriptors(withMandatoryKeys: nil).isEmpty)
    }

    @Test("a preferred font descriptor makes a font that follows the content size category")
    func preferredDescriptor() {
        let descriptor = UIFontDescriptor.preferredFontDescriptor(withTextStyle: .headline)
        #expect(descriptor.object(forKey: .textStyle) as? String == UIFont.TextStyle.headline.rawValue)
        let font = UIFont(descriptor: descriptor, size: 0)
        #expect(font == .preferredFont(forTextStyle: .headline))
        #expect(font.adjusted(to: .extraLarge).pointSize == 19)
        let large = UIFontDescriptor.preferredFontDescriptor(withTextStyle: .body,
                                                            compatibleWith: UITraitCollection(preferredContentSizeCategory: .accessibilityMedium))
        #expect(large.pointSize == 28)
        #expect(UIFont(descriptor: descriptor, size: 30).adjusted(to: .extraLarge).pointSize == 30, "a fixed size does not scale")
    }

    @Test("a picture of the fonts: designs, traits, widths and tabular digits, each line a label")
    func picture() throws {
        let (screen, root) = makeScreen(width: 300, height: 250, scale: 2)
        let base = UIFont.systemFont(ofSize: 17).fontDescriptor
        let dejaVu = try #require(UIFont(name: "DejaVu Sans", size: 17))
        let lines: [(String, UIFont)] = [
            ("Inter regular 0123456789", .systemFont(ofSize: 17)),
            ("Tabular 1111 / 0000 / 7777", .monospacedDigitSystemFont(ofSize: 17, weight: .regular)),
            ("Proportional 1111 / 0000", .systemFont(ofSize: 17)),
            ("Bold italic from traits", UIFont(descriptor: try #require(base.withSymbolicTraits([.traitBold, .traitItalic])), size: 0)),
            ("Serif design", UIFont(descriptor: try #require(base.withDesign(.serif)), size: 0)),
            ("Monospaced design", UIFont(descriptor: try #require(base.withDesign(.monospaced)), size: 0)),
            ("DejaVu Sans standard", dejaVu),
            ("DejaVu Sans condensed", UIFont(descriptor: try #require(dejaVu.fontDescriptor.withSymbolicTraits(.traitCondensed)), size: 0)),
            ("Inter \"condensed\" (no such face)", .systemFont(ofSize: 17, weight: .regular, width: .condensed)),
        ]
        var labels: [UILabel] = []
        for (index, (text, font)) in lines.enumerated() {
            let label = UILabel(frame: CGRect(x: 8, y: 6 + CGFloat(index) * 26, width: 284, height: 24))
            label.text = text
            label.font = font
            root.addSubview(label)
            labels.append(label)
        }
        screen.advance(by: 1.0 / 60)
        let image = try #require(screen.snapshot().cgImage)
        writeBitmapForLooking(image, "fonts")
        // The tabular line's digit groups are as wide as each other; the proportional line's are not.
        let tabular = labels[1].font!, proportional = labels[2].font!
        #expect(abs(width("1111", tabular) - width("0000", tabular)) < 0.01)
        #expect(width("1111", proportional) < width("0000", proportional) - 1)
    }
}
