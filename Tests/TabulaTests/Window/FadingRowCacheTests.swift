import Foundation
import Testing
@testable import TabulaUIKit
@testable import TabulaQuartz
@testable import TabulaTable

/// A row fading in or out of a batch update holds still inside: it is kept as one bitmap
/// and blended at its opacity, not drawn layer by layer into a group every frame. What
/// shows must be what drawing every layer shows, and the bitmaps go when the fade ends.
@MainActor
@Suite("Rows fading in or out of a batch update are composited from kept bitmaps")
struct FadingRowCacheTests {
    let screen = HeadlessScreen(device: .iPhone15)

    /// A 40-row table on screen (its first frame run).
    func table() -> NumberedTableController {
        let controller = NumberedTableController(style: .plain)
        let window = UIWindow(frame: .zero)
        window.rootViewController = controller
        screen.show(window)
        screen.advance(by: 0.1)
        return controller
    }

    /// The cells the compositor is asked to keep as bitmaps, and those holding one.
    func marked(_ table: UITableView) -> (marked: Int, holdingBitmaps: Int) {
        let cells = table.subviews.filter { $0 is UITableViewCell }
        return (cells.filter(\.layer.cachesSubtreeWhileMoving).count, cells.filter { $0.layer.composition.raster != nil }.count)
    }

    /// A row deleted and one inserted, both fading.
    func fadeTwoRows(_ table: UITableView) {
        table.performBatchUpdates {
            table.deleteRows(at: [IndexPath(row: 2, section: 0)], with: .fade)
            table.insertRows(at: [IndexPath(row: 5, section: 0)], with: .fade)
        }
    }

    @Test("every frame of a fade shows what drawing each layer shows; most blend the rows' bitmaps; none is left when it ends")
    func everyFrame() throws {
        let controller = table()
        let table = controller.tableView!
        fadeTwoRows(table)
        var reused = 0
        for frame in 0 ..< 24 {
            screen.advance(by: 1.0 / 60)
            if frame == 8 {
                // A row that changes while it fades shows the change in the next frame.
                let inserted = try #require(table.cellForRow(at: IndexPath(row: 5, section: 0)))
                inserted.textLabel?.text = "Changed while fading in"
                screen.advance(by: 1.0 / 60)
            }
            let (count, cached, direct) = screen.cachedAgainstDirect()
            #expect(count == 0, "frame \(frame): \(count) pixels differ from drawing every layer")
            #expect(direct.rastersReused + direct.rastersDrawn == 0)
            reused += cached.rastersReused
            if frame == 0 {
                #expect(cached.rastersDrawn == 2, "both rows are drawn into their bitmaps as they start to fade: \(cached)")
            }
            if frame == 5 {
                #expect(marked(table).marked == 2, "the two fading rows are marked mid-fade")
                // The row fading in was laid out before the fade: nothing inside it moves
                // (its separator is a hairline from the first frame, not a point thinning).
                let inserted = try #require(table.cellForRow(at: IndexPath(row: 5, section: 0)))
                var inside = inserted.subviews
                while let view = inside.popLast() {
                    #expect(view.layer.animationKeys() == nil, "\(type(of: view)) in the row fading in animates: \(view.layer.animationKeys() ?? [])")
                    inside += view.subviews
                }
            }
        }
        #expect(reused >= 20, "the two fading rows are blended from their bitmaps in most frames: \(reused)")
        screen.advance(by: 0.5)
        screen.renderFrame()
        #expect(marked(table) == (0, 0), "the bitmaps are let go when the fade ends")
    }

    @Test("an update over a fade, and a reload in the middle of one, leave no row marked")
    func interrupted() {
        let controller = table()
        let table = controller.tableView!
        fadeTwoRows(table)
        for _ in 0 ..< 5 { screen.advance(by: 1.0 / 60) }
        fadeTwoRows(table)
        for _ in 0 ..< 5 { screen.advance(by: 1.0 / 60) }
        #expect(marked(table).marked >= 2)
        table.reloadData()
        screen.advance(by: 1.0 / 60)
        screen.renderFrame()
        #expect(marked(table) == (0, 0), "a reload ends every fade and lets the bitmaps go")
        fadeTwoRows(table)
        for _ in 0 ..< 5 { screen.advance(by: 1.0 / 60) }
        fadeTwoRows(table)
        screen.advance(by: 1)
        screen.renderFrame()
        #expect(marked(table) == (0, 0), "updates that overlap let every bitmap go when the last ends")
    }

    @Test("a row fading in keeps its bitmap while the updates of later frames slide it down")
    func updatesOverAFade() {
        let controller = table()
        let table = controller.tableView!
        var drawn = 0, reused = 0
        for frame in 0 ..< 12 {
            // A live feed: a row comes in at the top every frame, each pushing down the
            // rows still fading in from the frames before.
            controller.rows += 1
            table.insertRows(at: [IndexPath(row: 1, section: 0)], with: .fade)
            screen.advance(by: 1.0 / 60)
            let (count, cached, _) = screen.cachedAgainstDirect()
            #expect(count == 0, "frame \(frame): \(count) pixels differ from drawing every layer")
            drawn += cached.rastersDrawn
            reused += cached.rastersReused
        }
        // Each row is drawn into its bitmap once, in its first frame (a faded row drawn
        // layer by layer would be drawn into a group bitmap anyway); from then on the
        // offsets the later updates add to it only move the bitmap (frame k blends the
        // k rows kept from the frames before: 66 in 12 frames).
        #expect(drawn <= 12, "each fading row's bitmap is drawn once, not again when a later update moves it: \(drawn)")
        #expect(reused >= 60, "rows pushed down while they fade are blended from their bitmaps: \(reused)")
    }

    @Test("a row's own animations that change what it draws keep it out of its bitmap, until each is removed or ends")
    func contentAnimationsOfTheRow() throws {
        let controller = table()
        let table = controller.tableView!
        let layer = try #require(table.cellForRow(at: IndexPath(row: 3, section: 0))).layer
        func slide(_ key: String) {
            let move = CABasicAnimation(keyPath: "position")
            move.isAdditive = true
            move.fromValue = CGPoint(x: 0, y: 20)
            move.toValue = CGPoint.zero
            move.duration = 0.2
            layer.add(move, forKey: key)
        }
        #expect(!Compositor.subtreeAnimates(layer, isRoot: true))
        // Moving and fading the row as a whole moves its bitmap.
        slide("slide.1")
        slide("slide.2")
        #expect(!Compositor.subtreeAnimates(layer, isRoot: true), "offsets only move the bitmap")
        // Its background changing is in the bitmap: drawn layer by layer while it does.
        let tint = CABasicAnimation(keyPath: "backgroundColor")
        tint.fromValue = UIColor.red.cgColor
        tint.toValue = UIColor.blue.cgColor
        tint.duration = 1
        layer.add(tint, forKey: "tint")
        let grow = CABasicAnimation(keyPath: "bounds")
        grow.fromValue = CGRect(x: 0, y: 0, width: 100, height: 20)
        grow.toValue = layer.bounds
        grow.duration = 0.1
        layer.add(grow, forKey: "grow")
        #expect(Compositor.subtreeAnimates(layer, isRoot: true))
        layer.removeAnimation(forKey: "tint")
        #expect(Compositor.subtreeAnimates(layer, isRoot: true), "the bounds animation still runs")
        // The bounds animation ends in a frame (and is removed on completion) while the
        // offsets still run.
        for _ in 0 ..< 9 { screen.advance(by: 1.0 / 60) }
        #expect(layer.animationKeys()?.contains("grow") == false)
        #expect(layer.animationKeys()?.contains("slide.2") == true)
        #expect(!Compositor.subtreeAnimates(layer, isRoot: true), "the offsets left only move the bitmap")
        // Replacing an animation under the same key counts once.
        layer.add(tint, forKey: "tint")
        layer.add(tint, forKey: "tint")
        layer.removeAnimation(forKey: "tint")
        #expect(!Compositor.subtreeAnimates(layer, isRoot: true))
        layer.add(tint, forKey: "tint")
        layer.removeAllAnimations()
        #expect(!Compositor.subtreeAnimates(layer, isRoot: true) && !layer.hasAnimations)
        layer.add(tint, forKey: "tint")
        #expect(Compositor.subtreeAnimates(layer, isRoot: true))
    }
}
