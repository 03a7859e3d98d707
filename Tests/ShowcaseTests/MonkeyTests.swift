import Foundation
import Testing
@testable import Showcase
@testable import Tabula

/// The monkey itself: the same seed sends the same events, a clean walk finds nothing,
/// and its checks catch what they are there to catch.
@Suite("AppMonkey")
@MainActor
struct MonkeyTests {
    @Test("a short walk of the settings scene is clean, and the same seed sends the same events")
    func sameSeedSameWalk() {
        var first = SplitMix64(seed: 42), second = SplitMix64(seed: 42)
        let a = MonkeyWalk(scene: SettingsScene.self, seed: 42, trace: false, restEvery: 5)
        let b = MonkeyWalk(scene: SettingsScene.self, seed: 42, trace: false, restEvery: 5)
        #expect(a.run(steps: 20, random: &first) == nil)
        #expect(b.run(steps: 20, random: &second) == nil)
        #expect(a.events == b.events && a.events.count == 20)
    }

    @Test("cells out of place at rest, and a report, are each caught")
    func checksCatchProblems() throws {
        var random = SplitMix64(seed: 1)
        let walk = MonkeyWalk(scene: PlaysSortScene.self, seed: 1, trace: false, restEvery: 5)
        #expect(walk.run(steps: 3, random: &random) == nil)
        let window = try #require(walk.screen.window)
        #expect(walk.check(atRest: true) == nil)

        let table = try #require(walk.scene.makeRootViewController().view as? UITableView)
        let cell = try #require(table.visibleCells.first)
        let saved = cell.frame
        cell.frame.origin.y += 7
        #expect(walk.check(atRest: true)?.contains("at rest") == true)
        cell.frame = saved

        window.addSubview(window)   // a view added to itself: reported
        #expect(walk.check(atRest: false)?.contains("reported") == true)
    }
}
