import Foundation
import Testing
@testable import TabulaQuartz

/// A frame computes the progress of each timing once (``ProgressMemo``), keyed by the
/// number ``AnimationTimingIDs`` gives a timing as its animations are installed. Sharing a
/// number is only right for animations that move at the same progress at every time:
/// here animations with interleaved timings are checked against progress worked out
/// apart, from their own begin times and durations.
@MainActor
@Suite("Animation: timings numbered as installed; a frame shares progress only between equal timings")
struct TimingIDTests {
    private func offset(_ dy: CGFloat, duration: Double, begin: Double = 0) -> CABasicAnimation {
        let anim = CABasicAnimation(keyPath: "position")
        anim.isAdditive = true
        anim.fromValue = CGPoint(x: 0, y: dy)
        anim.toValue = CGPoint.zero
        anim.duration = duration
        anim.beginTime = begin
        anim.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        return anim
    }

    @Test("animations of one timing share a number; another duration, start or curve gets its own")
    func numbers() {
        let (stage, root) = layerStage()
        let layers = (0 ..< 4).map { _ in CALayer() }
        for layer in layers { root.addSublayer(layer) }
        runFrames(stage, 1)
        for layer in layers { layer.add(offset(10, duration: 0.3), forKey: "a") }
        let shared = layers.map { $0.animationCores[0].timingID }
        #expect(shared[0] != 0, "an installed animation has a number")
        #expect(Set(shared).count == 1, "one timing, one number: \(shared)")

        layers[0].add(offset(10, duration: 0.4), forKey: "longer")
        let later = offset(10, duration: 0.3, begin: stage.currentTime + 0.1)
        layers[1].add(later, forKey: "later")
        let linear = offset(10, duration: 0.3)
        linear.timingFunction = CAMediaTimingFunction(name: .linear)
        layers[2].add(linear, forKey: "linear")
        let others = [layers[0].animationCores[1].timingID, layers[1].animationCores[1].timingID,
                      layers[2].animationCores[1].timingID]
        #expect(Set(others + [shared[0]]).count == 4, "each other timing its own number: \(others), \(shared[0])")

        // The first timing again, after the others: still known by its number.
        layers[3].add(offset(5, duration: 0.3), forKey: "again")
        #expect(layers[3].animationCores[1].timingID == shared[0])
    }

    @Test("offsets with interleaved timings on many layers each move at their own progress, every frame")
    func interleavedTimingsEachTheirOwn() {
        let (stage, root) = layerStage()
        let layers = (0 ..< 12).map { i -> CALayer in
            let layer = CALayer()
            layer.frame = CGRect(x: 0, y: CGFloat(i) * 10, width: 50, height: 10)
            root.addSublayer(layer)
            return layer
        }
        runFrames(stage, 1)
        let curve = CAMediaTimingFunction(name: .easeInEaseOut).curve
        // What each layer carries: (begin, duration, offset).
        var carried = [[(Double, Double, Double)]](repeating: [], count: layers.count)
        for frame in 0 ..< 40 {
            if frame < 20 {
                // Three durations, and layers taking them in turn: neighbouring layers'
                // animations have different timings, and each timing recurs on every third.
                for (i, layer) in layers.enumerated() {
                    let duration = [0.2, 0.25, 0.35][(i + frame) % 3]
                    let dy = Double(i + 1) * (frame % 2 == 0 ? 3 : -2)
                    layer.add(offset(dy, duration: duration), forKey: "offset-\(frame)")
                    carried[i].append((stage.currentTime, duration, dy))
                }
            }
            runFrames(stage, 1)
            let t = stage.currentTime
            for (i, layer) in layers.enumerated() {
                var expected = Double(layer.position.y)
                for (begin, duration, dy) in carried[i] where t < begin + duration {
                    expected += dy * (1 - curve.value(at: min(max((t - begin) / duration, 0), 1)))
                }
                let shown = Double(layer.renderProperties.position.y)
                #expect(abs(shown - expected) < 1e-9, "frame \(frame), layer \(i): shown \(shown), expected \(expected)")
            }
        }
    }

    @Test("a timing moved later or hidden until later loses its number: its progress is computed on its own")
    func shiftedTimingLosesNumber() {
        let (stage, root) = layerStage()
        let layer = CALayer()
        root.addSublayer(layer)
        runFrames(stage, 1)
        layer.add(offset(10, duration: 0.3), forKey: "a")
        var core = layer.animationCores[0]
        let id = core.timingID
        core.shift(by: 0.1)
        #expect(core.timingID == 0, "a shifted timing is no longer the one numbered")
        core.hiddenUntil = 5
        #expect(core.timingID == 0)
        #expect(id != 0)
    }
}
