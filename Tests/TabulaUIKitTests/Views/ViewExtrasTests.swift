import Foundation
import Testing
@testable import TabulaUIKit
import TabulaUIKitTestSupport

/// Counts `tintColorDidChange()` and `traitCollectionDidChange(_:)`.
private final class WatchingView: UIView {
    var tintChanges = 0
    var traitChanges = 0
    var propertyUpdates = 0
    override func tintColorDidChange() { tintChanges += 1 }
    override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) { traitChanges += 1 }
    override func updateProperties() { propertyUpdates += 1 }
}

/// Fills the left half red on its first draw and the right half blue on later ones.
private final class HalfPainter: UIView {
    var draws = 0
    override func draw(_ rect: CGRect) {
        draws += 1
        let ctx = UIGraphicsGetCurrentContext()!
        if draws == 1 {
            ctx.setFillColor(Color(red: 1, green: 0, blue: 0))
            ctx.fill(CGRect(x: 0, y: 0, width: bounds.width / 2, height: bounds.height))
        } else {
            ctx.setFillColor(Color(red: 0, green: 0, blue: 1))
            ctx.fill(CGRect(x: bounds.width / 2, y: 0, width: bounds.width / 2, height: bounds.height))
        }
    }
}

/// Whether a colour is grey (its channels within `tolerance` of each other).
private func isGrey(_ c: Color, tolerance: Double = 0.02) -> Bool {
    abs(c.red - c.green) <= tolerance && abs(c.green - c.blue) <= tolerance
}

@MainActor
@Suite("UIView: tint adjustment, content size limits, trait overrides, layout regions, system animations, stored extras")
struct ViewExtrasTests {
    @Test("a view deep in a window reads the screen's appearance, text size and size classes after each change")
    func screenTraitsFollowEveryChange() throws {
        let screen = HeadlessScreen(device: .iPhone15)
        let root = screen.showPlainRoot()
        let window = try #require(root.view.window)
        var deep: UIView = root.view
        for _ in 0 ..< 6 {
            let child = UIView(frame: deep.bounds)
            deep.addSubview(child)
            deep = child
        }
        screen.advance(by: 0.1)
        func expectTraits(_ style: UIUserInterfaceStyle, _ category: UIContentSizeCategory,
                          _ vertical: UIUserInterfaceSizeClass, _ label: String) {
            let traits = deep.traitCollection
            #expect(traits.userInterfaceStyle == style, "\(label): appearance")
            #expect(traits.preferredContentSizeCategory == category, "\(label): text size")
            #expect(traits.verticalSizeClass == vertical, "\(label): vertical size class")
            #expect(traits.displayScale == screen.scale, "\(label): scale")
        }
        expectTraits(.light, .large, .regular, "at first")
        // Read twice in a row, the window's traits are the same object (not made again).
        #expect(window.screenTraitCollection === window.screenTraitCollection)
        screen.userInterfaceStyle = .dark
        expectTraits(.dark, .large, .regular, "dark")
        screen.preferredContentSizeCategory = .accessibilityLarge
        expectTraits(.dark, .accessibilityLarge, .regular, "larger text")
        screen.rotate(to: .landscapeLeft)
        screen.advance(by: 1)
        expectTraits(.dark, .accessibilityLarge, .compact, "landscape")
        screen.userInterfaceStyle = .light
        screen.preferredContentSizeCategory = .large
        screen.rotate(to: .portrait)
        screen.advance(by: 1)
        expectTraits(.light, .large, .regular, "back as it was")
    }

    @Test("a view's kept traits follow each thing they are made from at once: a move, overrides, a controller, the window's size, a trait parent")
    func keptTraitsFollowEveryInput() throws {
        let screen = HeadlessScreen(device: .iPhone15)
        let root = screen.showPlainRoot()
        let window = try #require(root.view.window)
        let left = UIView(frame: root.view.bounds), right = UIView(frame: root.view.bounds)
        root.view.addSubview(left)
        root.view.addSubview(right)
        let middle = UIView(frame: .zero), leaf = UIView(frame: .zero)
        left.addSubview(middle)
        middle.addSubview(leaf)
        screen.advance(by: 0.1)
        // Each read right after a change, no frame between: kept traits must not answer.
        #expect(leaf.traitCollection.userInterfaceStyle == .light)
        right.overrideUserInterfaceStyle = .dark
        #expect(leaf.traitCollection.userInterfaceStyle == .light, "a sibling's override is not the leaf's")
        middle.removeFromSuperview()
        right.addSubview(middle)
        #expect(leaf.traitCollection.userInterfaceStyle == .dark, "moved under the dark view")
        right.overrideUserInterfaceStyle = .unspecified
        #expect(leaf.traitCollection.userInterfaceStyle == .light, "the override taken away")
        middle.traitOverrides.preferredContentSizeCategory = .extraExtraLarge
        #expect(leaf.traitCollection.preferredContentSizeCategory == .extraExtraLarge, "trait overrides above")
        middle.maximumContentSizeCategory = .large
        #expect(leaf.traitCollection.preferredContentSizeCategory == .large, "a text size limit above")
        middle.maximumContentSizeCategory = nil
        middle.traitOverrides = UITraitOverrides()
        #expect(leaf.traitCollection.preferredContentSizeCategory == .large, "overrides taken away")
        root.overrideUserInterfaceStyle = .dark
        #expect(leaf.traitCollection.userInterfaceStyle == .dark, "the view controller's override")
        root.overrideUserInterfaceStyle = .unspecified
        #expect(leaf.traitCollection.userInterfaceStyle == .light)
        // The window's size alone (no rotation): a wide, short window has a compact height.
        #expect(leaf.traitCollection.verticalSizeClass == .regular)
        let portrait = window.bounds
        window.frame = CGRect(x: 0, y: 0, width: 852, height: 393)
        #expect(leaf.traitCollection.verticalSizeClass == .compact, "the window made landscape-sized")
        window.frame = portrait
        #expect(leaf.traitCollection.verticalSizeClass == .regular, "and back")
        window.layer.bounds = CGRect(x: 0, y: 0, width: 852, height: 393)
        #expect(leaf.traitCollection.verticalSizeClass == .compact, "the window's layer made landscape-sized")
        window.frame = portrait
        // Out of the tree, a view takes its trait parent's traits, and its subviews with it.
        middle.removeFromSuperview()
        #expect(leaf.traitCollection.displayScale != screen.scale, "detached: no screen's scale")
        right.overrideUserInterfaceStyle = .dark
        middle.traitParent = right
        #expect(leaf.traitCollection.userInterfaceStyle == .dark, "under a trait parent")
        #expect(leaf.traitCollection.displayScale == screen.scale)
        middle.traitParent = nil
        #expect(leaf.traitCollection.userInterfaceStyle == .light, "the trait parent let go")
        // Asked again with nothing changed: the same answer, kept.
        right.addSubview(middle)
        #expect(leaf.traitCollection === leaf.traitCollection)
        screen.userInterfaceStyle = .dark
        #expect(leaf.traitCollection.userInterfaceStyle == .dark, "the screen's appearance")
    }

    @Test("tintAdjustmentMode: .automatic inherits, .dimmed turns the tint grey and tells the subtree")
    func tintAdjustment() {
        let parent = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let child = WatchingView(frame: .zero)
        parent.addSubview(child)
        parent.tintColor = .systemRed
        child.tintChanges = 0
        #expect(child.tintAdjustmentMode == .normal, "no ancestor sets one: normal, never automatic")
        parent.tintAdjustmentMode = .dimmed
        #expect(child.tintAdjustmentMode == .dimmed && child.tintChanges == 1)
        let dimmed = child.tintColor.resolvedColor(with: child.traitCollection).cgColor
        #expect(isGrey(dimmed), "a dimmed tint is grey: \(dimmed)")
        child.tintAdjustmentMode = .normal
        #expect(child.tintAdjustmentMode == .normal && child.tintChanges == 2)
        #expect(child.tintColor.resolvedColor(with: child.traitCollection).cgColor
                == UIColor.systemRed.resolvedColor(with: child.traitCollection).cgColor)
        parent.tintAdjustmentMode = .normal
        #expect(child.tintChanges == 2, "a child that sets its own mode is not told of its parent's")
    }

    @Test("Presenting an alert dims the tint of the views behind it (a tinted button turns grey); dismissing undoes it")
    func alertDimsTint() throws {
        let screen = HeadlessScreen(device: .iPhone15)
        let root = UIViewController()
        let window = UIWindow(frame: .zero)
        window.rootViewController = root
        root.view.backgroundColor = .white
        let button = UIButton(type: .system)
        button.setTitle("Tinted", for: .normal)
        button.frame = CGRect(x: 20, y: 100, width: 200, height: 44)
        button.backgroundColor = nil
        let swatch = UIView(frame: CGRect(x: 20, y: 160, width: 60, height: 60))
        root.view.addSubview(button)
        root.view.addSubview(swatch)
        screen.show(window)
        screen.advance(by: 0.1)
        #expect(button.tintAdjustmentMode == .normal)
        let alert = UIAlertController(title: "Delete?", message: nil, preferredStyle: .alert)
        alert.addAction(UIAlertAction(title: "Cancel", style: .cancel))
        root.present(alert, animated: true)
        screen.advance(by: 1)
        #expect(root.view.tintAdjustmentMode == .dimmed && button.tintAdjustmentMode == .dimmed)
        swatch.backgroundColor = swatch.tintColor
        screen.advance(by: 0.1)
        let image = screen.snapshot()
        writeForLooking(image, "view-alert-dims-tint")
        let swatchColor = try #require(image.cgImage).color(x: Int(40 * screen.scale), y: Int(190 * screen.scale))
        #expect(isGrey(swatchColor, tolerance: 0.03), "a swatch of the tint colour is grey behind the alert: \(swatchColor)")
        screen.userInterfaceStyle = .dark
        screen.advance(by: 0.1)
        let dark = screen.snapshot()
        writeForLooking(dark, "view-alert-dims-tint-dark")
        let darkSwatch = try #require(dark.cgImage).color(x: Int(40 * screen.scale), y: Int(190 * screen.scale))
        #expect(isGrey(darkSwatch, tolerance: 0.03), "grey in the dark appearance too: \(darkSwatch)")
        screen.userInterfaceStyle = .light
        screen.advance(by: 0.1)
        alert.dismiss(animated: true)
        screen.advance(by: 1)
        #expect(root.view.tintAdjustmentMode == .normal && button.tintAdjustmentMode == .normal)
        #expect(!isGrey(button.tintColor.resolvedColor(with: button.traitCollection).cgColor), "the blue is back")
    }

    @Test("clearsContextBeforeDrawing false keeps what was drawn before under the new drawing")
    func clearsContext() throws {
        func secondDraw(clearing: Bool) throws -> Bitmap {
            let (screen, window) = layerStage()
            let painter = HalfPainter(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
            painter.isOpaque = false
            painter.backgroundColor = nil
            painter.clearsContextBeforeDrawing = clearing
            window.addSubview(painter)
            screen.advance(by: 1.0 / 60)
            painter.setNeedsDisplay()
            screen.advance(by: 1.0 / 60)
            #expect(painter.draws == 2)
            return try #require(screen.snapshot().cgImage)
        }
        let cleared = try secondDraw(clearing: true)
        #expect(close(cleared.color(x: 50, y: 50), 1, 1, 1) && close(cleared.color(x: 150, y: 50), 0, 0, 1),
                "cleared: only the new blue half")
        let kept = try secondDraw(clearing: false)
        writeBitmapForLooking(kept, "view-clears-context-false")
        #expect(close(kept.color(x: 50, y: 50), 1, 0, 0) && close(kept.color(x: 150, y: 50), 0, 0, 1),
                "not cleared: the old red half stays beside the new blue")
        #expect(UIView().clearsContextBeforeDrawing)
    }

    @Test("maximumContentSizeCategory stops a label that follows Dynamic Type from growing; the minimum raises it")
    func contentSizeLimits() {
        let screen = HeadlessScreen(size: CGSize(width: 300, height: 300), scale: 1)
        screen.preferredContentSizeCategory = .accessibilityExtraExtraLarge
        let window = UIWindow(frame: .zero)
        let container = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 300, height: 40))
        label.font = .preferredFont(forTextStyle: .body)
        label.adjustsFontForContentSizeCategory = true
        label.text = "Limited"
        container.addSubview(label)
        window.addSubview(container)
        screen.show(window)
        screen.advance(by: 0.1)
        let unlimited = label.font.pointSize
        container.maximumContentSizeCategory = .large
        screen.advance(by: 0.1)
        #expect(label.traitCollection.preferredContentSizeCategory == .large)
        let limited = label.font.pointSize
        let large = UIFont.preferredFont(forTextStyle: .body, compatibleWith: UITraitCollection(preferredContentSizeCategory: .large)).pointSize
        #expect(limited == large && unlimited > limited, "the label stops at Large: \(unlimited) → \(limited)")
        #expect(label.appliedContentSizeCategoryLimitsDescription.contains("maximum"))
        container.maximumContentSizeCategory = nil
        container.minimumContentSizeCategory = .accessibilityExtraExtraExtraLarge
        screen.advance(by: 0.1)
        #expect(label.traitCollection.preferredContentSizeCategory == .accessibilityExtraExtraExtraLarge)
        #expect(label.font.pointSize > unlimited, "raised to the minimum")
        #expect(window.traitCollection.preferredContentSizeCategory == .accessibilityExtraExtraLarge, "above it nothing changes")
        #expect(window.appliedContentSizeCategoryLimitsDescription.isEmpty)
    }

    @Test("traitOverrides: a subtree takes the dark appearance (its dynamic colours resolve dark) and hears about it")
    func traitOverrides() throws {
        let (screen, window) = layerStage()
        let panel = WatchingView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let inner = UIView(frame: CGRect(x: 10, y: 10, width: 50, height: 50))
        inner.backgroundColor = .systemBackground
        panel.addSubview(inner)
        let sibling = UIView(frame: CGRect(x: 100, y: 0, width: 100, height: 100))
        window.addSubview(panel)
        window.addSubview(sibling)
        screen.advance(by: 1.0 / 60)
        panel.traitOverrides.userInterfaceStyle = .dark
        #expect(panel.traitOverrides.userInterfaceStyle == .dark && panel.traitOverrides.horizontalSizeClass == .unspecified)
        #expect(inner.traitCollection.userInterfaceStyle == .dark && sibling.traitCollection.userInterfaceStyle == .light)
        #expect(panel.traitChanges == 1)
        panel.updateTraitsIfNeeded()
        #expect(panel.traitChanges == 1, "nothing more to update")
        screen.advance(by: 1.0 / 60)
        let image = screen.snapshot()
        writeForLooking(image, "view-trait-overrides-dark")
        let pixel = try #require(image.cgImage).color(x: 30, y: 30)
        #expect(pixel.red < 0.1 && pixel.green < 0.1 && pixel.blue < 0.1, "systemBackground resolves black: \(pixel)")
        panel.traitOverrides = UITraitOverrides()
        #expect(inner.traitCollection.userInterfaceStyle == .light && panel.traitChanges == 2)
    }

    @Test("modifyAnimations repeats and reverses the animations made inside it; outside a block it is reported")
    func modifyAnimations() throws {
        let (screen, window) = layerStage()
        let plain = UIView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        let modified = UIView(frame: CGRect(x: 50, y: 0, width: 50, height: 50))
        window.addSubview(plain)
        window.addSubview(modified)
        screen.advance(by: 1.0 / 60)
        UIView.animate(withDuration: 1, delay: 0, options: [.curveLinear]) {
            plain.alpha = 0
            UIView.modifyAnimations(withRepeatCount: 2, autoreverses: true) { modified.alpha = 0 }
        }
        screen.advance(by: 1.5)
        let plainOpacity = try #require(plain.layer.presentation()).opacity
        let modifiedOpacity = try #require(modified.layer.presentation()).opacity
        #expect(plainOpacity == 0, "the plain animation is over")
        #expect(modifiedOpacity > 0.3 && modifiedOpacity < 0.7, "the modified one is on its way back: \(modifiedOpacity)")
        screen.advance(by: 3)
        #expect(try #require(modified.layer.presentation()).opacity == 0, "after two cycles it ends at the new value")
        var reports: [CAAnimationError] = []
        let saved = CALayer.onInvalidAnimation
        CALayer.onInvalidAnimation = { reports.append($0) }
        defer { CALayer.onInvalidAnimation = saved }
        UIView.modifyAnimations(withRepeatCount: 2, autoreverses: false) { modified.alpha = 1 }
        #expect(modified.alpha == 1 && reports.count == 1)
    }

    @Test("perform(.delete) fades the views out with the parallel animations, removes them, then calls completion")
    func systemDelete() throws {
        let (screen, window) = layerStage()
        let doomed = [UIView(frame: CGRect(x: 0, y: 0, width: 50, height: 50)),
                      UIView(frame: CGRect(x: 60, y: 0, width: 50, height: 50))]
        let mover = UIView(frame: CGRect(x: 0, y: 100, width: 50, height: 50))
        for view in doomed + [mover] { window.addSubview(view) }
        screen.advance(by: 1.0 / 60)
        var finished: Bool?
        UIView.perform(.delete, on: doomed, options: [.curveLinear], animations: { mover.center.x = 125 }) { finished = $0 }
        screen.advance(by: 0.15)
        let midway = try #require(doomed[0].layer.presentation()).opacity
        #expect(midway > 0.2 && midway < 0.8, "fading: \(midway)")
        #expect(doomed.allSatisfy { $0.superview === window }, "still there while they fade")
        let moving = try #require(mover.layer.presentation()).position.x
        #expect(moving > 30 && moving < 120, "the parallel change animates alongside: \(moving)")
        screen.advance(by: 0.5)
        #expect(doomed.allSatisfy { $0.superview == nil && $0.alpha == 1 }, "removed, their alpha put back")
        #expect(finished == true && mover.center.x == 125)
    }

    @Test("perform(.delete), frame by frame: the views fade steadily and never reappear; the parallel change moves steadily")
    func systemDeleteFrames() throws {
        let (screen, window) = layerStage()
        let doomed = UIView(frame: CGRect(x: 10, y: 10, width: 60, height: 60))
        doomed.backgroundColor = .systemRed
        let mover = UIView(frame: CGRect(x: 10, y: 100, width: 40, height: 40))
        mover.backgroundColor = .systemBlue
        window.addSubview(doomed)
        window.addSubview(mover)
        screen.advance(by: 1.0 / 60)
        UIView.perform(.delete, on: [doomed], options: [], animations: { mover.center.x = 160 })
        var frames: [UIImage] = []
        var reds: [Double] = [], moverX: [Double] = []
        for _ in 0 ..< 24 {
            screen.advance(by: 1.0 / 60)
            let image = screen.snapshot()
            frames.append(image)
            let bitmap = try #require(image.cgImage)
            // How red the doomed view's middle still is (1 opaque red, 0 the white behind).
            let c = bitmap.color(x: 40, y: 40)
            reds.append(1 - c.green)
            moverX.append(Double(mover.layer.presentation()?.position.x ?? mover.center.x))
        }
        writeForLooking(HeadlessScreen.filmstrip(frames, columns: 8), "view-perform-delete-film")
        #expect(zip(reds, reds.dropFirst()).allSatisfy { $1 <= $0 + 0.01 }, "the fade only goes one way: \(reds)")
        #expect(reds.last! < 0.05, "gone by the end: \(reds.last!)")
        #expect(zip(moverX, moverX.dropFirst()).allSatisfy { $1 >= $0 }, "the mover never steps back: \(moverX)")
        #expect(doomed.superview == nil)
    }

    @Test("constraintsAffectingLayout(for:) lists the constraints that place the view along each axis")
    func constraintsAffecting() {
        let container = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        let box = UIView()
        box.translatesAutoresizingMaskIntoConstraints = false
        container.addSubview(box)
        let left = box.leftAnchor.constraint(equalTo: container.leftAnchor, constant: 10)
        let width = box.widthAnchor.constraint(equalToConstant: 50)
        let top = box.topAnchor.constraint(equalTo: container.topAnchor, constant: 20)
        let height = box.heightAnchor.constraint(equalToConstant: 40)
        NSLayoutConstraint.activate([left, width, top, height])
        let horizontal = box.constraintsAffectingLayout(for: .horizontal)
        let vertical = box.constraintsAffectingLayout(for: .vertical)
        #expect(horizontal.count == 2 && horizontal.contains { $0 === left } && horizontal.contains { $0 === width })
        #expect(vertical.count == 2 && vertical.contains { $0 === top } && vertical.contains { $0 === height })
        #expect(container.constraintsAffectingLayout(for: .horizontal).contains { $0 === left })
        #expect(UIView().constraintsAffectingLayout(for: .vertical).isEmpty)
    }

    @Test("exerciseAmbiguityInLayout moves an ambiguous view along its free direction only; a fixed view stays")
    func exerciseAmbiguity() {
        let container = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        let loose = UIView()
        let fixed = UIView()
        for view in [loose, fixed] {
            view.translatesAutoresizingMaskIntoConstraints = false
            container.addSubview(view)
        }
        NSLayoutConstraint.activate([
            loose.topAnchor.constraint(equalTo: container.topAnchor, constant: 20),
            loose.widthAnchor.constraint(equalToConstant: 50), loose.heightAnchor.constraint(equalToConstant: 40),
            fixed.topAnchor.constraint(equalTo: container.topAnchor, constant: 100),
            fixed.leftAnchor.constraint(equalTo: container.leftAnchor, constant: 30),
            fixed.widthAnchor.constraint(equalToConstant: 50), fixed.heightAnchor.constraint(equalToConstant: 40),
        ])
        container.layoutIfNeeded()
        #expect(loose.hasAmbiguousLayout && !fixed.hasAmbiguousLayout)
        let before = loose.frame
        loose.exerciseAmbiguityInLayout()
        let moved = loose.frame
        #expect(moved.minX != before.minX, "the free x moves: \(before) → \(moved)")
        #expect(moved.minY == 20 && moved.size == CGSize(width: 50, height: 40), "what the constraints fix stays")
        loose.exerciseAmbiguityInLayout()
        #expect(loose.frame.minX != moved.minX, "the next call moves it the other way: \(loose.frame)")
        let fixedFrame = fixed.frame
        fixed.exerciseAmbiguityInLayout()
        #expect(fixed.frame == fixedFrame && fixedFrame == CGRect(x: 30, y: 100, width: 50, height: 40))
    }

    @Test("edgeInsets(for:) and layoutGuide(for:) give the safe area, the margins and the readable area")
    func layoutRegions() {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 1000, height: 400))
        view.layoutMargins = UIEdgeInsets(top: 8, left: 16, bottom: 8, right: 16)
        #expect(view.edgeInsets(for: .safeArea()) == .zero)
        #expect(view.edgeInsets(for: .margins()) == UIEdgeInsets(top: 8, left: 16, bottom: 8, right: 16))
        let readable = view.edgeInsets(for: .readableContent(cornerAdaptation: .horizontal))
        #expect(readable.left == 16 + (1000 - 32 - 672) / 2 && readable.left == readable.right)
        #expect(view.directionalEdgeInsets(for: .margins()).leading == 16)
        #expect(view.layoutGuide(for: .safeArea()) === view.safeAreaLayoutGuide)
        #expect(view.layoutGuide(for: .margins()) === view.layoutMarginsGuide)
        #expect(view.layoutGuide(for: .readableContent()) === view.readableContentGuide)
    }

    @Test("setNeedsUpdateProperties runs updateProperties once, before the next layout")
    func propertyUpdates() {
        let (screen, window) = layerStage()
        let view = WatchingView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        window.addSubview(view)
        screen.advance(by: 1.0 / 60)
        #expect(view.propertyUpdates == 0)
        view.setNeedsUpdateProperties()
        view.setNeedsUpdateProperties()
        screen.advance(by: 1.0 / 60)
        #expect(view.propertyUpdates == 1)
        view.setNeedsUpdateProperties()
        view.updatePropertiesIfNeeded()
        view.updatePropertiesIfNeeded()
        #expect(view.propertyUpdates == 2)
    }

    @Test("Stored-only members keep their values: motion effects, focus, large content, Smart Invert")
    func storedExtras() {
        let view = UIView()
        let effect = UIMotionEffect()
        view.addMotionEffect(effect)
        view.addMotionEffect(effect)
        #expect(view.motionEffects.count == 1)
        #expect(effect.keyPathsAndRelativeValues(forViewerOffset: UIOffset(horizontal: 1, vertical: 0)) == nil)
        view.removeMotionEffect(effect)
        #expect(view.motionEffects.isEmpty)
        #expect(!view.canBecomeFocused && !view.isFocused)
        #expect(view.forFirstBaselineLayout === view && view.forLastBaselineLayout === view)
        view.showsLargeContentViewer = true
        view.largeContentTitle = "Share"
        view.scalesLargeContentImage = true
        view.largeContentImageInsets = UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4)
        view.accessibilityIgnoresInvertColors = true
        view.focusGroupIdentifier = "sidebar"
        view.focusGroupPriority = .prioritized
        #expect(view.showsLargeContentViewer && view.largeContentTitle == "Share" && view.scalesLargeContentImage)
        #expect(view.largeContentImageInsets.right == 4 && view.largeContentImage == nil)
        #expect(view.accessibilityIgnoresInvertColors && view.focusGroupIdentifier == "sidebar")
        #expect(view.focusGroupPriority == .prioritized)
    }
}
