import Foundation
import Testing
@testable import Showcase
import Tabula

@Suite("Showcase scenes in dark appearance")
@MainActor
struct DarkSceneTests {
    @Test("the settings scene turns dark: a black background and dark grey groups, and light again after")
    func settingsDark() throws {
        let scene = SettingsScene()
        let screen = HeadlessScreen(device: SettingsScene.device(scale: 1))
        Gallery.show(scene, on: screen)
        screen.advance(by: 0.5)
        screen.userInterfaceStyle = .dark
        screen.advance(by: 0.5)
        let dark = try #require(screen.snapshot().cgImage)
        // Near the left edge, below the bars: the grouped background; further in, the Wi-Fi row.
        let background = dark.pixel(x: 4, y: 256), group = dark.pixel(x: 200, y: 256)
        #expect(background.red < 20 && background.green < 20 && background.blue < 20, "\(background)")
        #expect(group.red > 20 && group.red < 50, "a #1C1C1E group: \(group)")
        if let folder = ProcessInfo.processInfo.environment["TABULA_LOOK_DIR"], let data = screen.snapshot().pngData() {
            try? data.write(to: URL(fileURLWithPath: folder).appendingPathComponent("settings-dark.png"))
        }
        screen.userInterfaceStyle = .light
        screen.advance(by: 0.5)
        let light = try #require(screen.snapshot().cgImage)
        #expect(light.pixel(x: 200, y: 256).red > 240)
    }

    @Test("the status bar's default style draws light content in dark appearance")
    func statusBar() throws {
        let scene = SettingsScene()
        let screen = HeadlessScreen(device: SettingsScene.device(scale: 1))
        Gallery.show(scene, on: screen)
        screen.userInterfaceStyle = .dark
        screen.advance(by: 0.5)
        let image = try #require(screen.snapshot().cgImage)
        let top = screen.safeAreaInsets.top
        var brightest: UInt8 = 0
        for y in 0 ..< Int(top) { for x in 0 ..< image.width { brightest = max(brightest, image.pixel(x: x, y: y).red) } }
        #expect(brightest > 200, "the time and symbols are light on the dark bar")
    }
}
