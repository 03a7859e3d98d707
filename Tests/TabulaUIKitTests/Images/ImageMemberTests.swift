import Foundation
import Testing
@testable import TabulaUIKit
import TabulaUIKitTestSupport

/// A `size`-point image of one colour at scale 1.
@MainActor
func solidImage(_ color: UIColor, size: CGSize = CGSize(width: 10, height: 10)) -> UIImage {
    let format = UIGraphicsImageRendererFormat()
    format.scale = 1
    return UIGraphicsImageRenderer(size: size, format: format).image { _ in
        color.setFill()
        UIRectFill(CGRect(origin: .zero, size: size))
    }
}

@Suite("UIImage animated images")
@MainActor
struct AnimatedImageTests {
    @Test("animatedImage(with:duration:) holds the frames and duration, and has the first frame's size and pixels")
    func animatedImage() throws {
        let frames = [solidImage(.red), solidImage(.green), solidImage(.blue)]
        let animated = try #require(UIImage.animatedImage(with: frames, duration: 0.3))
        #expect(animated.images?.count == 3 && animated.images?[1] === frames[1])
        #expect(animated.duration == 0.3 && animated.size == CGSize(width: 10, height: 10))
        #expect(animated.cgImage === frames[0].cgImage)
        #expect(frames[0].images == nil && frames[0].duration == 0)
        #expect(UIImage.animatedImage(with: [], duration: 1) == nil)
        #expect(UIImage.animatedImage(with: frames, duration: -2)?.duration == 0)
        #expect(UIImage.animatedImage(with: frames, duration: .infinity)?.duration == 0)
    }

    @Test("an image view plays an animated image with the screen clock, repeating, until another image replaces it")
    func imageViewPlays() throws {
        let (screen, root) = makeScreen(width: 20, height: 20, scale: 1)
        defer { withExtendedLifetime(screen) {} }
        let frames = [solidImage(.red), solidImage(.green), solidImage(.blue)]
        let animated = try #require(UIImage.animatedImage(with: frames, duration: 0.3))
        let view = UIImageView(image: animated)
        root.addSubview(view)
        #expect(!view.isAnimating, "isAnimating is about animationImages")
        func shownColor() throws -> Color { try #require(screen.snapshot().cgImage).color(x: 5, y: 5) }
        screen.advance(by: 1.0 / 60)
        #expect(view.displayedImage === frames[0])
        #expect(try shownColor().red > 0.9)
        screen.advance(by: 0.15)
        #expect(view.displayedImage === frames[1])
        #expect(try shownColor().green > 0.4)
        screen.advance(by: 0.1)
        #expect(view.displayedImage === frames[2])
        #expect(try shownColor().blue > 0.9)
        screen.advance(by: 0.1)
        #expect(view.displayedImage === frames[0], "a second pass: animated images repeat")
        let still = solidImage(.black)
        view.image = still
        screen.advance(by: 0.5)
        #expect(view.displayedImage === still)
        #expect(try shownColor().red < 0.1)
    }

    @Test("animationImages started by startAnimating take precedence over an animated image, which plays again after")
    func animationImagesWin() throws {
        let (screen, root) = makeScreen(width: 20, height: 20, scale: 1)
        defer { withExtendedLifetime(screen) {} }
        let frames = [solidImage(.red), solidImage(.green)]
        let other = [solidImage(.black), solidImage(.white)]
        let view = UIImageView(image: UIImage.animatedImage(with: frames, duration: 0.2))
        root.addSubview(view)
        view.animationImages = other
        view.animationDuration = 0.2
        view.startAnimating()
        #expect(view.isAnimating)
        screen.advance(by: 0.05)
        #expect(other.contains { $0 === view.displayedImage })
        view.stopAnimating()
        screen.advance(by: 0.05)
        #expect(frames.contains { $0 === view.displayedImage })
    }

    @Test("animatedImageNamed loads name0, name1, … (or from 1) until a number is missing; resizable frames keep their insets")
    func named() throws {
        let folder = try ResourceFolder()
        for (i, color) in [Color(red: 1, green: 0, blue: 0), Color(red: 0, green: 1, blue: 0), Color(red: 0, green: 0, blue: 1)].enumerated() {
            try folder.png("spin\(i).png", width: 8, height: 8, color: color)
            try folder.png("walk\(i + 1).png", width: 6, height: 4, color: color)
        }
        try folder.png("spin5.png", width: 8, height: 8, color: .black)  // after a gap: not loaded
        let spin = try #require(UIImage.animatedImage(named: "spin", in: folder.bundle, duration: 1))
        #expect(spin.images?.count == 3 && spin.duration == 1)
        #expect(spin.images?[2].cgImage?.color(x: 1, y: 1).blue ?? 0 > 0.9)
        #expect(UIImage.animatedImage(named: "walk", in: folder.bundle, duration: 1)?.images?.count == 3)
        #expect(UIImage.animatedImage(named: "missing", in: folder.bundle, duration: 1) == nil)
        let insets = UIEdgeInsets(top: 1, left: 2, bottom: 1, right: 2)
        let resizable = try #require(UIImage.animatedImage(named: "spin", in: folder.bundle, capInsets: insets,
                                                           resizingMode: .tile, duration: 1))
        #expect(resizable.capInsets == insets && resizable.resizingMode == .tile)
        #expect(resizable.images?.allSatisfy { $0.capInsets == insets && $0.resizingMode == .tile } == true)
        #expect(UIImage.animatedImageNamed("no-such-frames", duration: 1) == nil)
        #expect(UIImage.animatedResizableImageNamed("no-such-frames", capInsets: insets, duration: 1) == nil)
    }
}

@Suite("UIImageAsset and image traits")
@MainActor
struct ImageAssetTests {
    @Test("an asset hands out the variant for the appearance and display scale")
    func variants() {
        let asset = UIImageAsset()
        let light = solidImage(.white), dark = solidImage(.black)
        let dark3x = UIImage(cgImage: Bitmap(width: 30, height: 30), scale: 3)
        asset.register(light, with: UITraitCollection(traitsFrom: [UITraitCollection(userInterfaceStyle: .light), UITraitCollection(displayScale: 2)]))
        asset.register(dark, with: UITraitCollection(traitsFrom: [UITraitCollection(userInterfaceStyle: .dark), UITraitCollection(displayScale: 2)]))
        asset.register(dark3x, with: UITraitCollection(traitsFrom: [UITraitCollection(userInterfaceStyle: .dark), UITraitCollection(displayScale: 3)]))
        func pick(_ style: UIUserInterfaceStyle, _ scale: CGFloat) -> UIImage {
            asset.image(with: UITraitCollection(traitsFrom: [UITraitCollection(userInterfaceStyle: style), UITraitCollection(displayScale: scale)]))
        }
        #expect(pick(.light, 2) === light && pick(.unspecified, 2) === light)
        #expect(pick(.dark, 2) === dark && pick(.dark, 3) === dark3x)
        #expect(pick(.dark, 1) === dark, "the nearest larger scale")
        #expect(pick(.light, 3) === light, "no light 3x: the largest light one")
        #expect(light.imageAsset === asset && dark.imageAsset === asset)
        #expect(dark.traitCollection.userInterfaceStyle == .dark && dark.traitCollection.displayScale == 2)
        let replacement = solidImage(.green)
        asset.register(replacement, with: UITraitCollection(traitsFrom: [UITraitCollection(userInterfaceStyle: .dark), UITraitCollection(displayScale: 2)]))
        #expect(pick(.dark, 2) === replacement)
        asset.unregister(imageWith: UITraitCollection(traitsFrom: [UITraitCollection(userInterfaceStyle: .dark), UITraitCollection(displayScale: 2)]))
        #expect(pick(.dark, 2) === dark3x)
        let configured = UIImage.Configuration(traitCollection: UITraitCollection(traitsFrom: [UITraitCollection(userInterfaceStyle: .light), UITraitCollection(displayScale: 2)]))
        #expect(asset.image(with: configured) === light)
        asset.unregisterImage(with: configured)
        #expect(pick(.light, 2) === dark3x, "no light one left: any")
        #expect(UIImageAsset().image(with: UITraitCollection()).size == .zero)
    }

    @Test("a plain image has no asset; its traits carry its scale")
    func plainImageTraits() {
        let image = UIImage(cgImage: Bitmap(width: 4, height: 4), scale: 2)
        #expect(image.imageAsset == nil)
        #expect(image.traitCollection.displayScale == 2 && image.traitCollection.userInterfaceStyle == .unspecified)
    }

    @Test("an image view shows the asset's variant for its appearance and switches with dark mode")
    func imageViewFollowsAppearance() throws {
        let (screen, root) = makeScreen(width: 20, height: 20, scale: 1)
        defer { withExtendedLifetime(screen) {} }
        let asset = UIImageAsset()
        let light = solidImage(.red), dark = solidImage(.blue)
        asset.register(light, with: UITraitCollection(traitsFrom: [UITraitCollection(userInterfaceStyle: .light), UITraitCollection(displayScale: 1)]))
        asset.register(dark, with: UITraitCollection(traitsFrom: [UITraitCollection(userInterfaceStyle: .dark), UITraitCollection(displayScale: 1)]))
        let view = UIImageView(image: light)
        root.addSubview(view)
        screen.advance(by: 1.0 / 60)
        #expect(try #require(screen.snapshot().cgImage).color(x: 5, y: 5).red > 0.9)
        screen.userInterfaceStyle = .dark
        screen.advance(by: 1.0 / 60)
        #expect(view.displayedImage === dark)
        let shown = try #require(screen.snapshot().cgImage)
        writeBitmapForLooking(shown, "image-asset-dark")
        #expect(shown.color(x: 5, y: 5).blue > 0.9 && shown.color(x: 5, y: 5).red < 0.1)
        screen.userInterfaceStyle = .light
        screen.advance(by: 1.0 / 60)
        #expect(view.displayedImage === light)
    }
}

@Suite("UIImage alignment, baseline, dynamic range and drawing members")
@MainActor
struct ImageMiscMemberTests {
    @Test("alignment insets are kept by copies and reported by an image view")
    func alignmentInsets() {
        let insets = UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4)
        let image = solidImage(.red, size: CGSize(width: 20, height: 20)).withAlignmentRectInsets(insets)
        #expect(image.alignmentRectInsets == insets)
        #expect(image.withRenderingMode(.alwaysTemplate).alignmentRectInsets == insets)
        #expect(solidImage(.red).alignmentRectInsets == .zero)
        let view = UIImageView(image: image)
        #expect(view.alignmentRectInsets == insets)
        #expect(view.alignmentRect(forFrame: view.frame) == CGRect(x: 2, y: 1, width: 14, height: 16))
        view.image = nil
        #expect(view.alignmentRectInsets == .zero)
        let nan = image.withAlignmentRectInsets(UIEdgeInsets(top: .nan, left: 1, bottom: .infinity, right: 1))
        #expect(nan.alignmentRectInsets == UIEdgeInsets(top: 0, left: 1, bottom: 0, right: 1))
    }

    @Test("a baseline is set, kept by copies, and removed")
    func baseline() {
        let image = solidImage(.red)
        #expect(image.baselineOffsetFromBottom == nil)
        let based = image.withBaselineOffset(fromBottom: 4)
        #expect(based.baselineOffsetFromBottom == 4 && based.withTintColor(.blue).baselineOffsetFromBottom == 4)
        #expect(based.withBaselineOffset(fromBottom: -2).baselineOffsetFromBottom == -2)
        #expect(based.imageWithoutBaseline().baselineOffsetFromBottom == nil)
        #expect(based.withBaselineOffset(fromBottom: .nan).baselineOffsetFromBottom == nil)
    }

    @Test("dynamic range: no HDR in Tabula, documented values")
    func dynamicRange() {
        let image = solidImage(.red)
        #expect(!image.isHighDynamicRange)
        let standard = image.imageRestrictedToStandardDynamicRange()
        #expect(standard !== image && standard.cgImage === image.cgImage)
        let view = UIImageView(frame: .zero)
        #expect(view.imageDynamicRange == .unspecified && view.preferredImageDynamicRange == .unspecified)
        view.preferredImageDynamicRange = .high
        view.image = image
        #expect(view.preferredImageDynamicRange == .high && view.imageDynamicRange == .standard)
        #expect(UIImage.DynamicRange(rawValue: -1) == .unspecified && UIImage.DynamicRange.constrainedHigh.rawValue == 1)
    }

    @Test("imageRendererFormat matches the image's scale and opacity")
    func rendererFormat() {
        let opaque = UIImage(cgImage: Bitmap(width: 6, height: 6, opaque: true), scale: 3)
        #expect(opaque.imageRendererFormat.scale == 3 && opaque.imageRendererFormat.opaque)
        let clear = UIImage(cgImage: Bitmap(width: 6, height: 6), scale: 2)
        #expect(clear.imageRendererFormat.scale == 2 && !clear.imageRendererFormat.opaque)
        let redrawn = UIGraphicsImageRenderer(size: opaque.size, format: opaque.imageRendererFormat).image { _ in opaque.draw(at: .zero) }
        #expect(redrawn.cgImage?.width == 6 && redrawn.scale == 3)
    }

    @Test("drawAsPattern tiles the image from the context's origin, only inside the rectangle")
    func pattern() throws {
        // 10 × 10: red top-left quarter, the rest transparent.
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        let tile = UIGraphicsImageRenderer(size: CGSize(width: 10, height: 10), format: format).image { _ in
            UIColor.red.setFill()
            UIRectFill(CGRect(x: 0, y: 0, width: 5, height: 5))
        }
        let picture = UIGraphicsImageRenderer(size: CGSize(width: 40, height: 30), format: format).image { _ in
            tile.drawAsPattern(in: CGRect(x: 3, y: 3, width: 30, height: 20))
        }
        let pixels = try #require(picture.cgImage)
        writeBitmapForLooking(pixels, "draw-as-pattern")
        #expect(pixels.pixel(x: 4, y: 4).alpha == 255 && pixels.color(x: 4, y: 4).red > 0.9, "tile at the origin, clipped")
        #expect(pixels.pixel(x: 1, y: 1).alpha == 0, "outside the rectangle")
        #expect(pixels.pixel(x: 12, y: 12).alpha == 255 && pixels.pixel(x: 22, y: 22).alpha == 255)
        #expect(pixels.pixel(x: 17, y: 12).alpha == 0 && pixels.pixel(x: 12, y: 17).alpha == 0)
        #expect(pixels.pixel(x: 32, y: 22).alpha == 255 && pixels.pixel(x: 34, y: 22).alpha == 0, "clipped at the right")
        // A rectangle needing too many tiles draws nothing rather than stalling.
        let huge = UIGraphicsImageRenderer(size: CGSize(width: 4, height: 4), format: format).image { _ in
            UIImage(cgImage: Bitmap(width: 1, height: 1), scale: 1000).drawAsPattern(in: CGRect(x: 0, y: 0, width: 4, height: 4))
        }
        #expect(huge.cgImage?.pixel(x: 1, y: 1).alpha == 0)
    }

    @Test("strokedCheckmark is a tinted disc with a white border that keeps its colours; actions is the ellipsis symbol")
    func standardImages() throws {
        let stroked = UIImage.strokedCheckmark
        #expect(!stroked.isSymbolImage && stroked.renderingMode == .alwaysOriginal)
        #expect(stroked.size.width > UIImage.checkmark.size.width)
        let pixels = try #require(stroked.cgImage)
        writeBitmapForLooking(pixels, "stroked-checkmark")
        // Along the middle row: white border, blue disc, white checkmark knocked out… of the disc.
        let y = pixels.height / 2
        let edge = (0 ..< pixels.width).first { pixels.pixel(x: $0, y: y).alpha > 200 }!
        #expect(isClose(pixels.color(x: edge + 1, y: y), .white, tolerance: 0.1), "the border is white")
        let disc = pixels.color(x: pixels.width / 4, y: pixels.height / 3)
        #expect(disc.blue > 0.8 && disc.red < 0.3, "the disc is blue: \(disc)")
        #expect(UIImage.actions.symbol?.name == "ellipsis.circle" && UIImage.actions.isSymbolImage)
    }

    @Test("image literals find named images; a missing one is reported and empty; variable values are accepted")
    func literalAndVariableValue() throws {
        let errors = collectingAssetErrors {
            let missing = UIImage(imageLiteralResourceName: "no-such-image-literal")
            #expect(missing.size == .zero)
            // The literal Xcode's image picker writes goes through the same initializer.
            let literal: UIImage = #imageLiteral(resourceName: "no-such-image-literal-2")
            #expect(literal.size == .zero)
        }
        #expect(errors.count == 2 && errors.first?.name == "no-such-image-literal" && errors.last?.name == "no-such-image-literal-2")
        // And a colour literal makes the sRGB colour it names.
        let orange: UIColor = #colorLiteral(red: 1, green: 0.5, blue: 0, alpha: 1)
        #expect(orange == UIColor(red: 1, green: 0.5, blue: 0, alpha: 1))
        let plain = try #require(UIImage(systemName: "gear"))
        let variable = try #require(UIImage(systemName: "gear", variableValue: 0.5, configuration: nil))
        #expect(variable.size == plain.size && variable.symbol?.name == "gear")
        #expect(UIImage(systemName: "no.such.symbol", variableValue: 1, configuration: nil) == nil)
        #expect(UIImage(named: "no-such-image", in: nil, variableValue: 0.5, configuration: nil) == nil)
    }
}
