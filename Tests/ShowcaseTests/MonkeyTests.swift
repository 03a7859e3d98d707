import Foundation
import Testing
@testable import Showcase
@testable import TabulaUIKit
@testable import TabulaTable

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

    @Test("the Reading List walk that left an edge swipe's appearance transition open (a layout guide moved in the swipe's animation block) is clean")
    func readingListEdgeSwipe() {
        var random = SplitMix64(seed: 1, scene: ReadingListScene.name)
        let walk = MonkeyWalk(scene: ReadingListScene.self, seed: 1, trace: false, restEvery: 10)
        let problem = walk.run(steps: 10, random: &random)
        #expect(problem == nil, "\(problem ?? "")")
        #expect(walk.events.contains { $0.hasPrefix("edge swipe") }, "the walk still swipes back from the editor")
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

    @Test("an appearance transition left open, and an animation that does not end, are each caught at rest")
    func restChecksCatchProblems() throws {
        var random = SplitMix64(seed: 2)
        let walk = MonkeyWalk(scene: SettingsScene.self, seed: 2, trace: false, restEvery: 5)
        #expect(walk.run(steps: 2, random: &random) == nil)
        let root = try #require(walk.screen.window?.rootViewController)
        #expect(walk.appearanceProblem() == nil)
        #expect(walk.animationProblem() == nil)

        // A child shown without its callbacks ending: viewWillAppear without viewDidAppear.
        let child = UIViewController()
        root.addChild(child)
        child.beginAppearanceTransition(true, animated: false)
        root.view.addSubview(child.view)
        #expect(walk.appearanceProblem()?.contains("viewWillAppear but not viewDidAppear") == true)
        child.endAppearanceTransition()
        #expect(walk.appearanceProblem() == nil)
        // Taken out of the window without being told: it has appeared, but is nowhere.
        child.view.removeFromSuperview()
        #expect(walk.appearanceProblem()?.contains("in no window") == true)
        child.beginAppearanceTransition(false, animated: false)
        child.endAppearanceTransition()
        #expect(walk.appearanceProblem() == nil)

        // A spinner's animation repeats for ever and is allowed; a 1,000 s fade is not.
        let spinning = CABasicAnimation(keyPath: "transform.rotation.z")
        spinning.toValue = Double.pi * 2
        spinning.repeatCount = .infinity
        root.view.layer.add(spinning, forKey: "spin")
        walk.screen.advance(by: 0.1)
        #expect(walk.animationProblem() == nil)
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 0.0
        fade.toValue = 1.0
        fade.duration = 1000
        root.view.layer.add(fade, forKey: "slowFade")
        walk.screen.advance(by: 0.1)
        #expect(walk.animationProblem()?.contains("still animates 'slowFade'") == true)
    }
}
