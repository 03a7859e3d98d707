import Foundation
import Testing
@testable import Showcase
import Tabula

@Suite("App Store scene")
@MainActor
struct AppStoreSceneTests {
    private func show() -> (AppStoreScene, HeadlessScreen) {
        let scene = AppStoreScene()
        let screen = HeadlessScreen(size: AppStoreScene.size, scale: 1)
        let window = UIWindow(frame: .zero)
        window.rootViewController = scene.makeRootViewController()
        screen.show(window)
        scene.attach(to: screen)
        screen.advance(by: 0.1)
        return (scene, screen)
    }

    @Test("hybrid cells are drawn again at their new width after a rotation", arguments: [
        AppStoreController.Mode.composite, .hybrid,
    ])
    func redrawnAfterRotation(_ mode: AppStoreController.Mode) throws {
        let (scene, screen) = show()
        scene.controller.mode = mode
        screen.advance(by: 0.1)
        screen.rotate(to: .landscapeLeft)
        screen.advance(by: 1)
        let table = scene.controller.tableView!
        #expect(table.bounds.width == AppStoreScene.size.height)
        // Row 1 is a shaded row: its drawing fills the whole row with grey, past the
        // portrait width too, up to the price.
        let row = table.convert(table.rectForRow(at: IndexPath(row: 1, section: 0)), to: nil)
        let frame = screen.snapshot().cgImage!
        let y = Int(row.midY)
        let near = frame.color(x: 300, y: y), far = frame.color(x: 600, y: y)
        #expect(abs(near.red - 0.93) < 0.02, "\(near)")
        #expect(abs(far.red - 0.93) < 0.02, "beyond the portrait width: \(far)")
    }

    @Test("the comparison of frame times fits on the bar in portrait")
    func readoutFits() throws {
        let (scene, screen) = show()
        defer { withExtendedLifetime(screen) {} }
        for mode in AppStoreController.Mode.allCases { scene.controller.frameTimes[mode] = [12.34, 12.34, 12.34] }
        scene.controller.updateBar()
        screen.advance(by: 0.1)
        let readout = scene.controller.readout
        let text = try #require(readout.text)
        #expect(text.contains("Hybrid 12.34 ms"))
        let layout = TextLayout(text: text, font: readout.font.font, width: readout.bounds.width,
                                maximumNumberOfLines: readout.numberOfLines, lineBreakMode: .byTruncatingTail)
        #expect(!layout.isTruncated, "\(text)")
        #expect(layout.size.height <= readout.bounds.height)
        #expect(readout.frame.maxY <= scene.controller.bar.bounds.height)
    }
}
