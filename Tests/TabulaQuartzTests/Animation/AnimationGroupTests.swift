import Foundation
import Testing
@testable import TabulaQuartz

/// `CAAnimationGroup`: members run on the group's clock. Core Animation's documentation:
/// a member's `beginTime` counts from the start of the group, its effect is cut to the
/// group's duration, and the group's own timing (repeats, fill) and delegate apply; the
/// members' delegates and `isRemovedOnCompletion` are not used.
@MainActor
@Suite("Animation: groups run their members on the group's clock")
struct AnimationGroupTests {
    private func basic(_ keyPath: String, from: Any, to: Any, begin: Double = 0, duration: Double) -> CABasicAnimation {
        let anim = CABasicAnimation(keyPath: keyPath)
        anim.fromValue = from
        anim.toValue = to
        anim.beginTime = begin
        anim.duration = duration
        return anim
    }

    private func square(on stage: LayerStage) -> CALayer {
        let layer = solidLayer(CGRect(x: 50, y: 50, width: 40, height: 40), 1, 0, 0)
        stage.root.addSublayer(layer)
        runFrames(stage, 1)
        return layer
    }

    @Test("a skeleton shimmer: light to dark, then dark to light, repeated forever")
    func shimmerRepeatsForever() throws {
        let stage = LayerStage()
        let layer = square(on: stage)
        let light = Color(red: 0.2, green: 0.2, blue: 0.2), dark = Color(red: 0.8, green: 0.8, blue: 0.8)
        let group = CAAnimationGroup()
        group.animations = [basic("backgroundColor", from: light, to: dark, duration: 1.5),
                            basic("backgroundColor", from: dark, to: light, begin: 1.5, duration: 1.5)]
        group.duration = 3
        group.repeatCount = .greatestFiniteMagnitude
        group.isRemovedOnCompletion = false
        let start = stage.currentTime
        layer.add(group, forKey: "shimmer")
        #expect(layer.animationKeys() == ["shimmer"])
        #expect(layer.animation(forKey: "shimmer") is CAAnimationGroup)

        func shown(at t: Double) throws -> Color {
            runFrames(stage, Int(((start + t - stage.currentTime) * 60).rounded()))
            return try #require(layer.presentation()?.backgroundColor)
        }
        #expect(close(try shown(at: 0.75), 0.5, 0.5, 0.5, tolerance: 0.02))   // halfway to dark
        #expect(close(try shown(at: 1.5), 0.8, 0.8, 0.8, tolerance: 0.02))    // dark
        #expect(close(try shown(at: 2.25), 0.5, 0.5, 0.5, tolerance: 0.02))   // halfway back
        #expect(close(try shown(at: 3.5), 0.4, 0.4, 0.4, tolerance: 0.02))    // the second cycle
        #expect(close(try shown(at: 30.75), 0.5, 0.5, 0.5, tolerance: 0.02))  // still going
        let pixel = stage.snapshot().pixel(x: 70, y: 70)
        #expect(abs(Int(pixel.red) - 128) <= 8 && abs(Int(pixel.green) - 128) <= 8)
    }

    @Test("a member that begins later has no effect before it, and none past the group's duration")
    func membersAreCutToTheGroup() throws {
        let stage = LayerStage()
        let layer = square(on: stage)
        let log = CallLog()
        let group = CAAnimationGroup()
        group.animations = [basic("position.x", from: 0.0, to: 100.0, duration: 1),
                            basic("opacity", from: 0.0, to: 1.0, begin: 0.5, duration: 1)]
        group.duration = 1
        group.delegate = AnimationSpy("group", log: log)
        let start = stage.currentTime
        layer.add(group, forKey: "enter")
        func at(_ t: Double) -> CALayer? {
            runFrames(stage, Int(((start + t - stage.currentTime) * 60).rounded()))
            return layer.presentation()
        }
        let early = try #require(at(0.25))
        #expect(approx(Double(early.position.x), 25, 0.5))
        #expect(early.opacity == 1)                       // the model: the fade has not begun
        let late = try #require(at(0.75))
        #expect(approx(Double(late.position.x), 75, 0.5))
        #expect(approx(Double(late.opacity), 0.25, 0.02))
        let after = try #require(at(1.25))
        #expect(after.position.x == 70)                    // the model again: the group ended
        #expect(after.opacity == 1)
        #expect(layer.animationKeys() == nil)
        runFrames(stage, 1)
        #expect(log.entries == ["group start", "group stop true"])
    }

    @Test("removing the group's key removes every member")
    func removingTheKeyRemovesAll() {
        let stage = LayerStage()
        let layer = square(on: stage)
        let group = CAAnimationGroup()
        group.animations = [basic("position.x", from: 0.0, to: 100.0, duration: 1),
                            basic("opacity", from: 0.0, to: 1.0, duration: 1)]
        group.duration = 1
        layer.add(group, forKey: "enter")
        runFrames(stage, 6)
        layer.removeAnimation(forKey: "enter")
        #expect(layer.animationKeys() == nil)
        let shown = layer.presentation()
        #expect(shown?.position.x == 70)
        #expect(shown?.opacity == 1)
    }

    @Test("a group or an animation added under a group's key replaces every member of it")
    func replacingAGroupReplacesAll() {
        let stage = LayerStage()
        let layer = square(on: stage)
        func enter() -> CAAnimationGroup {
            let group = CAAnimationGroup()
            group.animations = [basic("position.x", from: 0.0, to: 100.0, duration: 1),
                                basic("opacity", from: 0.0, to: 1.0, duration: 1)]
            group.duration = 1
            return group
        }
        layer.add(enter(), forKey: "enter")
        layer.add(enter(), forKey: "enter")
        runFrames(stage, 30)
        #expect(layer.animationKeys() == ["enter"])
        #expect(approx(Double(layer.presentation()?.opacity ?? -1), 0.5, 0.02))
        // A plain animation under the key: the group's fade goes too, not only its first member.
        layer.add(basic("position.x", from: 0.0, to: 10.0, duration: 1), forKey: "enter")
        runFrames(stage, 1)
        #expect(layer.animationKeys() == ["enter"])
        #expect(layer.presentation()?.opacity == 1)
    }

    @Test("a member that is not a property animation is reported and the group does not run")
    func badMemberIsReported() {
        let stage = LayerStage()
        var problems: [String] = []
        stage.problemHandler = { problems.append($0) }
        let layer = square(on: stage)
        let group = CAAnimationGroup()
        group.animations = [basic("opacity", from: 0.0, to: 1.0, duration: 1), CAAnimation()]
        layer.add(group, forKey: "broken")
        #expect(layer.animationKeys() == nil)
        #expect(problems.count == 1)
        #expect(problems.first?.contains("animations[1] of a CAAnimationGroup") == true)
    }

    @Test("a group inside a group: the inner group's timing applies inside the outer one's, as in Core Animation")
    func nestedGroups() throws {
        let stage = LayerStage()
        var problems: [String] = []
        stage.problemHandler = { problems.append($0) }
        let layer = square(on: stage)
        // Outer: 4 s. Inner: begins at 1 s into the outer, lasts 2 s, and holds a fade that
        // begins 1 s into the inner and lasts 1 s; beside it, a move over the whole inner group.
        let inner = CAAnimationGroup()
        inner.animations = [basic("opacity", from: 0.0, to: 1.0, begin: 1, duration: 1),
                            basic("position.x", from: 0.0, to: 200.0, duration: 2)]
        inner.beginTime = 1
        inner.duration = 2
        let outer = CAAnimationGroup()
        outer.animations = [inner, basic("position.y", from: 0.0, to: 400.0, duration: 4)]
        outer.duration = 4
        let start = stage.currentTime
        layer.add(outer, forKey: "nested")
        #expect(problems.isEmpty, "\(problems)")
        #expect(layer.animationKeys() == ["nested"])
        func shown(at t: Double) throws -> (opacity: Float, x: CGFloat, y: CGFloat) {
            runFrames(stage, Int(((start + t - stage.currentTime) * 60).rounded()))
            let p = try #require(layer.presentation())
            return (p.opacity, p.position.x, p.position.y)
        }
        // Before the inner group begins: no fade and no move across yet; the outer move goes on.
        var p = try shown(at: 0.5)
        #expect(p.opacity == 1 && p.x == 70 && abs(p.y - 50) < 2, "\(p)")
        // 0.75 s into the inner group: the move across is three eighths along; the fade not begun.
        p = try shown(at: 1.75)
        #expect(p.opacity == 1 && abs(p.x - 75) < 2 && abs(p.y - 175) < 2, "\(p)")
        // Halfway through the fade (2.5 s in the outer, 1.5 s in the inner).
        p = try shown(at: 2.5)
        #expect(abs(p.opacity - 0.5) < 0.03 && abs(p.x - 150) < 2, "\(p)")
        // Past the inner group: its effect is gone; the outer's move still runs.
        p = try shown(at: 3.5)
        #expect(p.opacity == 1 && p.x == 70 && abs(p.y - 350) < 2, "\(p)")
        // Past the outer group: removed.
        _ = try shown(at: 4.2)
        #expect(layer.animationKeys() == nil)
        #expect(problems.isEmpty, "\(problems)")
    }

    @Test("careless groups: one that holds itself, 10,000 deep, NaN and infinite timing, 10,000 members: reported or run, never a trap or a hang")
    func carelessGroups() {
        let stage = LayerStage()
        var problems: [String] = []
        stage.problemHandler = { problems.append($0) }
        let layer = square(on: stage)
        // A group that holds itself: reported as nested too deep, and nothing recurses.
        let cycle = CAAnimationGroup()
        cycle.animations = [basic("opacity", from: 0.0, to: 1.0, duration: 1), cycle]
        layer.add(cycle, forKey: "cycle")
        #expect(layer.animationKeys() == nil)
        #expect(problems.count == 1)
        #expect(problems.last?.contains("nested more than 16 deep (or a group that holds itself)") == true, "\(problems)")
        // 10,000 groups deep.
        var deep = CAAnimationGroup()
        for _ in 0 ..< 10_000 {
            let outer = CAAnimationGroup()
            outer.animations = [deep]
            deep = outer
        }
        layer.add(deep, forKey: "deep")
        #expect(layer.animationKeys() == nil)
        #expect(problems.count == 2)
        // NaN and infinite timing on the group and on a member: the frame goes on, and the
        // layer shows finite values.
        let odd = CAAnimationGroup()
        let member = basic("opacity", from: 0.0, to: 1.0, begin: .nan, duration: .infinity)
        odd.animations = [member, basic("position.x", from: 0.0, to: 100.0, duration: .nan)]
        odd.duration = .nan
        odd.speed = .nan
        odd.repeatCount = .infinity
        layer.add(odd, forKey: "odd")
        runFrames(stage, 3)
        let shown = layer.presentation()
        #expect(shown.map { $0.opacity.isFinite && $0.position.x.isFinite } == true)
        #expect(problems.contains { $0.contains("the animation's speed nan (1 is used)") })
        #expect(problems.contains { $0.contains("animations[0]'s beginTime nan (now is used)") })
        layer.removeAnimation(forKey: "odd")
        // The same values on a lone animation: reported, and the layer shows finite values.
        let lone = basic("opacity", from: 0.0, to: 1.0, begin: .nan, duration: 1)
        lone.speed = .nan
        let reported = problems.count
        layer.add(lone, forKey: "lone")
        runFrames(stage, 3)
        #expect(problems.count == reported + 2)
        #expect(layer.presentation().map { $0.opacity.isFinite && $0.opacity > 0 } == true)
        layer.removeAnimation(forKey: "lone")
        // 10,000 members of one key path: each runs on the group's clock; the last wins.
        let many = CAAnimationGroup()
        many.animations = (0 ..< 10_000).map { i in basic("opacity", from: 0.0, to: Double(i % 2), duration: 1) }
        many.duration = 1
        layer.add(many, forKey: "many")
        #expect(layer.animationKeys() == ["many"])
        runFrames(stage, 2)
        layer.removeAnimation(forKey: "many")
        #expect(layer.animationKeys() == nil)
    }
}

