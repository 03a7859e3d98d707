import Foundation
import Testing
@testable import Showcase
import Tabula

@Suite("Settings scene")
@MainActor
struct SettingsSceneTests {
    @Test("a row with a chevron highlights while pressed and is deselected when the finger lifts")
    func chevronRowsHighlight() throws {
        let scene = SettingsScene()
        let screen = HeadlessScreen(size: SettingsScene.size, scale: 1)
        let window = UIWindow(frame: .zero)
        window.rootViewController = Scenes.rootViewController(for: scene)
        screen.show(window)
        screen.advance(by: 0.1)
        let table = try #require(scene.controller.table)
        let wifi = IndexPath(row: 1, section: 0)
        let cell = try #require(table.cellForRow(at: wifi))
        #expect(cell.accessoryType == .disclosureIndicator)
        let point = centerOfRow(1, section: 0, in: table)
        let before = screen.snapshot().cgImage!.color(x: 100, y: Int(point.y))
        let finger = screen.touchDown(at: point)
        screen.advance(by: 0.3)   // past the scroll view's wait for a drag
        #expect(cell.isHighlighted, "pressed")
        let pressed = screen.snapshot().cgImage!.color(x: 100, y: Int(point.y))
        #expect(pressed.red < before.red - 0.05, "the pressed row is drawn darker")
        screen.liftTouch(finger)
        screen.advance(by: 1)
        #expect(!cell.isHighlighted && !cell.isSelected, "deselected after the tap")
        #expect(scene.controller.opened == ["Wi-Fi"])
        let nav = try #require(scene.controller.navigationController)
        #expect(nav.viewControllers.count == 2, "Wi-Fi's screen was pushed")
        #expect((nav.topViewController as? SettingsDetailController)?.setting == "Wi-Fi")
        #expect(nav.navigationBar.backItem?.title == "Settings", "Back reads Settings")
    }

    @Test("at the largest standard text size, Wi-Fi and Bluetooth are as tall after turning to landscape and back, their detail on one line")
    func rowsKeepTheirHeightThroughARotation() throws {
        let scene = SettingsScene()
        // On a device's screen: a safe area, which the rows' content keeps clear of (a
        // screen of a bare size has none, and there the rows always kept their heights).
        let screen = HeadlessScreen(device: SettingsScene.device(scale: 1))
        Gallery.show(scene, on: screen)
        screen.preferredContentSizeCategory = .extraExtraExtraLarge
        screen.advance(by: 0.5)
        let table = try #require(scene.controller.table)
        let rows = [IndexPath(row: 1, section: 0), IndexPath(row: 2, section: 0)]
        func looks() -> [[CGRect]] {
            rows.map { path in
                let cell = table.cellForRow(at: path)
                return [table.rectForRow(at: path), cell?.textLabel?.frame ?? .null, cell?.detailTextLabel?.frame ?? .null]
            }
        }
        let before = looks()
        #expect(before.allSatisfy { $0[0].height == 50 && $0[2].height == 28 }, "one line each: \(before)")
        screen.rotate(to: .landscapeRight)
        screen.advance(by: 0.6)
        screen.rotate(to: .portrait)
        screen.advance(by: 0.6)
        #expect(looks() == before, "rows, titles and details where they were")
    }
}
