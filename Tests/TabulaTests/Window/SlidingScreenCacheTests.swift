import Foundation
import Testing
@testable import TabulaUIKit
@testable import TabulaQuartz
@testable import TabulaTable

/// A push slides two whole screens. While their content holds still, each is kept as one
/// bitmap and copied into the frame; what shows must be what drawing every layer shows.
@MainActor
@Suite("Screens sliding in a push or pop are composited from a kept bitmap")
struct SlidingScreenCacheTests {
    let screen = HeadlessScreen(device: .iPhone15)

    /// A navigation controller on screen with a 40-row table at the root (its first frame run).
    func stack() -> (UINavigationController, NumberedTableController) {
        let root = NumberedTableController(style: .plain)
        root.title = "Root"
        let nav = UINavigationController(rootViewController: root)
        let window = UIWindow(frame: .zero)
        window.rootViewController = nav
        screen.show(window)
        screen.advance(by: 0.1)
        return (nav, root)
    }

    /// Composites the frame as it stands with the cache and with every layer drawn, and
    /// returns how many pixels differ (the cache is on again afterwards).
    func cachedAgainstDirect() -> (differing: Int, cached: FrameStatistics) {
        let (differing, cached, direct) = screen.cachedAgainstDirect()
        #expect(direct.rastersReused + direct.rastersDrawn == 0, "drawn layer by layer: \(direct)")
        return (differing, cached)
    }

    @Test("every frame of a push and of the pop back shows what drawing each layer shows")
    func samePixels() {
        let (nav, _) = stack()
        let detail = NumberedTableController(style: .insetGrouped)
        detail.title = "Detail"
        nav.pushViewController(detail, animated: true)
        var fromCache = 0
        for frame in 0 ..< 24 {
            screen.advance(by: 1.0 / 60)
            let (count, stats) = cachedAgainstDirect()
            #expect(count == 0, "push frame \(frame): \(count) pixels differ from drawing every layer")
            if stats.rastersReused + stats.rastersDrawn == 2 { fromCache += 1 }
        }
        #expect(fromCache >= 15, "most frames of the slide copy the two screens' bitmaps: \(fromCache) of 24")
        nav.popViewController(animated: true)
        for frame in 0 ..< 24 {
            screen.advance(by: 1.0 / 60)
            let (count, _) = cachedAgainstDirect()
            #expect(count == 0, "pop frame \(frame): \(count) pixels differ from drawing every layer")
        }
    }

    @Test("a slide draws each screen's bitmap once and copies it in the frames after; the bitmaps go when it ends")
    func drawnOnceThenCopied() {
        let (nav, root) = stack()
        let detail = NumberedTableController(style: .plain)
        nav.pushViewController(detail, animated: true)
        var drawn = 0, reused: [Int] = []
        for _ in 0 ..< 40 {
            screen.advance(by: 1.0 / 60)
            let stats = screen.renderFrame()
            drawn += stats.rastersDrawn
            reused.append(stats.rastersReused)
        }
        #expect(drawn == 2, "one bitmap per screen for the whole slide: \(drawn)")
        #expect(reused.filter { $0 == 2 }.count >= 15, "frames copying both bitmaps: \(reused)")
        #expect(reused.last == 0, "after the slide, the screen is drawn layer by layer again")
        #expect(!root.view.layer.cachesSubtreeWhileMoving && !detail.view.layer.cachesSubtreeWhileMoving)
        #expect(root.view.layer.composition.raster == nil && detail.view.layer.composition.raster == nil,
                "the bitmaps are let go when the slide ends")
    }

    @Test("content that changes mid-slide shows at once, and the bitmap is drawn again once it holds still")
    func changesMidSlide() throws {
        let (nav, _) = stack()
        let detail = NumberedTableController(style: .plain)
        nav.pushViewController(detail, animated: true)
        for _ in 0 ..< 6 { screen.advance(by: 1.0 / 60) }
        let cell = try #require(detail.tableView.cellForRow(at: IndexPath(row: 1, section: 0)))
        cell.textLabel?.text = "Changed in the middle"
        cell.backgroundColor = .systemYellow
        screen.advance(by: 1.0 / 60)
        let (count, stats) = cachedAgainstDirect()
        #expect(count == 0, "the changed cell shows in the frame after the change: \(count) pixels differ")
        #expect(stats.rastersReused < 2, "the changed screen is not copied from its old bitmap: \(stats)")
        var redrawn = 0
        for _ in 0 ..< 4 {
            screen.advance(by: 1.0 / 60)
            let (count, stats) = cachedAgainstDirect()
            redrawn += stats.rastersDrawn
            #expect(count == 0)
        }
        #expect(redrawn >= 1, "held still again, the screen is kept as a bitmap again")
    }

    @Test("a sheet and a full-screen presentation slide up from a kept bitmap of their card, and down again; a full-screen one over a kept bitmap of the screen behind",
          arguments: [UIModalPresentationStyle.pageSheet, .fullScreen])
    func presentation(style: UIModalPresentationStyle) {
        let (nav, _) = stack()
        let sheet = UINavigationController(rootViewController: NumberedTableController(style: .insetGrouped))
        sheet.modalPresentationStyle = style
        nav.present(sheet, animated: true)
        var copied = 0, bothCopied = 0
        let card = sheet.view.superview!
        for frame in 0 ..< 40 {
            screen.advance(by: 1.0 / 60)
            let stats = screen.renderFrame()
            copied += stats.rastersReused
            if stats.rastersReused >= 2 { bothCopied += 1 }
            let stray = strayDifferences(card: card)
            #expect(stray.isEmpty, "presenting, frame \(frame): pixels away from the card's corners differ: \(stray.prefix(5))")
        }
        #expect(copied >= 10, "the card is copied from its bitmap in most frames of the slide: \(copied)")
        if style == .fullScreen {
            #expect(bothCopied >= 8, "the screen behind, holding still, is copied too: \(bothCopied) frames copied both")
        } else {
            #expect(bothCopied == 0, "a page sheet's screen behind shrinks every frame: drawn layer by layer (\(bothCopied))")
        }
        #expect(!card.layer.cachesSubtreeWhileMoving, "the card is let go once up")
        #expect(!nav.view.layer.cachesSubtreeWhileMoving, "and the screen behind")
        sheet.dismiss(animated: true)
        for frame in 0 ..< 40 {
            screen.advance(by: 1.0 / 60)
            let stray = strayDifferences(card: card)
            #expect(stray.isEmpty, "dismissing, frame \(frame): pixels away from the card's corners differ: \(stray.prefix(5))")
        }
    }

    @Test("an alert appears and goes over a kept bitmap of the screen behind, copied with its dimming in one pass: every frame as drawing each layer shows")
    func alert() {
        let (nav, _) = stack()
        let saved = screen.compositor.bandThreads
        screen.compositor.bandThreads = 2
        defer { screen.compositor.bandThreads = saved }
        let alert = UIAlertController(title: "Delete the draft?", message: "It cannot be brought back.", preferredStyle: .alert)
        alert.addAction(UIAlertAction(title: "Cancel", style: .cancel))
        alert.addAction(UIAlertAction(title: "Delete", style: .destructive))
        nav.present(alert, animated: true)
        var copied = 0, dimmed = 0
        func compare(_ phase: String, frames: Int) {
            for frame in 0 ..< frames {
                screen.advance(by: 1.0 / 60)
                let stats = screen.renderFrame()
                let cached = screen.framePixels()
                Compositor.cachesMovingSubtrees = false
                Compositor.fusesDimmedRasters = false
                screen.compositeAgain()
                Compositor.cachesMovingSubtrees = true
                Compositor.fusesDimmedRasters = true
                let count = HeadlessScreen.differing(cached, screen.framePixels())
                #expect(count == 0, "\(phase), frame \(frame): \(count) pixels differ from drawing every layer")
                copied += stats.rastersReused
                dimmed += stats.dimmedRasterBands
            }
        }
        compare("appearing", frames: 24)
        #expect(copied >= 12, "the screen behind is copied from its bitmap while the alert appears: \(copied)")
        #expect(dimmed >= 24, "and dimmed in the same pass, in both bands: \(dimmed)")
        #expect(!nav.view.layer.cachesSubtreeWhileMoving, "the screen behind is let go once the alert is up")
        #expect(nav.view.layer.composition.raster == nil)
        copied = 0
        alert.dismiss(animated: true)
        compare("going", frames: 16)
        #expect(copied >= 8, "and while it goes: \(copied)")
        #expect(!nav.view.layer.cachesSubtreeWhileMoving)
    }

    @Test("an action sheet slides up and down as drawing each layer shows: its card blurs what is behind it, which a kept bitmap cannot follow")
    func actionSheet() {
        let (nav, _) = stack()
        let sheet = UIAlertController(title: "Share", message: nil, preferredStyle: .actionSheet)
        for way in ["Message", "Mail", "Copy Link"] { sheet.addAction(UIAlertAction(title: way, style: .default)) }
        sheet.addAction(UIAlertAction(title: "Cancel", style: .cancel))
        nav.present(sheet, animated: true)
        var copied = 0
        for frame in 0 ..< 30 {
            screen.advance(by: 1.0 / 60)
            let (count, stats) = cachedAgainstDirect()
            #expect(count == 0, "presenting, frame \(frame): \(count) pixels differ from drawing every layer")
            copied += stats.rastersReused
        }
        #expect(copied >= 10, "the screen behind is still copied from its bitmap: \(copied)")
        sheet.dismiss(animated: true)
        for frame in 0 ..< 30 {
            screen.advance(by: 1.0 / 60)
            let (count, _) = cachedAgainstDirect()
            #expect(count == 0, "dismissing, frame \(frame): \(count) pixels differ from drawing every layer")
        }
    }

    /// The pixels (x, y) where the frame composited with the cache and without it differ
    /// by more than 2 levels, other than at `card`'s rounded corners. There the two may
    /// differ: drawn directly, each of the card's layers is cut by the rounded clip and
    /// blended over what is behind in turn; from the bitmap, they are blended over
    /// nothing first and the corner's edge once, as Core Animation does for a
    /// rasterized layer.
    func strayDifferences(card: UIView) -> [(Int, Int)] {
        screen.renderFrame()
        let cached = screen.framePixels()
        Compositor.cachesMovingSubtrees = false
        defer { Compositor.cachesMovingSubtrees = true }
        screen.compositeAgain()
        let direct = screen.framePixels()
        guard HeadlessScreen.differing(cached, direct) > 0 else { return [] }
        let width = screen.withFramePixels { _, _, _, wordsPerRow in wordsPerRow }
        let scale = 3.0
        let frame = card.layer.presentation()?.frame ?? card.frame
        let reach = (card.layer.cornerRadius + 1) * scale
        let corners = [CGPoint(x: frame.minX, y: frame.minY), CGPoint(x: frame.maxX, y: frame.minY),
                       CGPoint(x: frame.minX, y: frame.maxY), CGPoint(x: frame.maxX, y: frame.maxY)]
            .map { CGPoint(x: $0.x * scale, y: $0.y * scale) }
        var stray: [(Int, Int)] = []
        for i in cached.indices where cached[i] != direct[i] && HeadlessScreen.differing([cached[i]], [direct[i]]) > 0 {
            let x = CGFloat(i % width), y = CGFloat(i / width)
            if !corners.contains(where: { abs($0.x - x) <= reach && abs($0.y - y) <= reach }) { stray.append((i % width, i / width)) }
        }
        return stray
    }

    @Test("a back swipe moves the two screens from their bitmaps while the finger drags")
    func backSwipe() {
        let (nav, _) = stack()
        nav.pushViewController(NumberedTableController(style: .plain), animated: false)
        screen.advance(by: 0.1)
        let id = screen.touchDown(at: CGPoint(x: 4, y: 400))
        screen.advance(by: 1.0 / 60)
        var reused = 0
        for i in 1 ... 12 {
            screen.moveTouch(id, to: CGPoint(x: 4 + CGFloat(i) * 15, y: 400))
            screen.advance(by: 1.0 / 60)
            let (count, stats) = cachedAgainstDirect()
            reused += stats.rastersReused
            #expect(count == 0, "swipe frame \(i)")
        }
        #expect(reused >= 12, "the dragged screens are copied, not composited again: \(reused)")
        screen.liftTouch(id)
        screen.advance(by: 0.6)
        #expect(nav.viewControllers.count == 1 || nav.viewControllers.count == 2)
        #expect(nav.viewControllers.allSatisfy { !($0.viewIfLoaded?.layer.cachesSubtreeWhileMoving ?? false) })
    }
}
