import Foundation
import Testing
@testable import TabulaUIKit
import TabulaUIKitTestSupport

/// A container whose `layoutSubviews` gives its one subview the left half of its bounds.
private final class HalfWidthContainer: UIView {
    let child = UIView(frame: .zero)
    var layoutCount = 0

    override init(frame: CGRect) {
        super.init(frame: frame)
        addSubview(child)
    }

    required init?(coder: NSCoder) { return nil }

    override func layoutSubviews() {
        layoutCount += 1
        child.frame = CGRect(x: 0, y: 0, width: bounds.width / 2, height: bounds.height)
    }
}

@MainActor
@Suite("Animation: UIView closure API options, springs and keyframes")
struct AnimationOptionsTests {
    // MARK: Repeating

    @Test(".repeat cycles the value forever and never calls the completion")
    func repeatForever() {
        let (screen, view) = makeAnimationScreen()
        let t0 = screen.currentTime
        var completions: [Bool] = []
        UIView.animate(withDuration: 0.5, delay: 0, options: [.repeat, .curveLinear], animations: {
            view.center.x = 150
        }, completion: { completions.append($0) })
        for frames in [6, 15, 29, 31, 45, 64, 130, 300] {
            runFrames(screen, frames - Int(((screen.currentTime - t0) * 60).rounded()))
            let e = screen.currentTime - t0
            var cycle = e.truncatingRemainder(dividingBy: 0.5) / 0.5
            if cycle == 0 { cycle = 1 }
            #expect(approx(Double(view.shown.position.x), 50 + 100 * cycle, 1e-6), "at \(e) s")
        }
        #expect(completions.isEmpty, "a repeating animation never completes")
        #expect(view.layer.animationKeys() == ["position"])
    }

    @Test(".autoreverse with .repeat goes to the target and back, over and over")
    func autoreverseRepeat() {
        let (screen, view) = makeAnimationScreen()
        let t0 = screen.currentTime
        var completions: [Bool] = []
        UIView.animate(withDuration: 0.5, delay: 0, options: [.repeat, .autoreverse, .curveLinear], animations: {
            view.alpha = 0
        }, completion: { completions.append($0) })
        #expect(view.alpha == 0)
        var lowest = 1.0, highestAfterLowest = 0.0
        for frame in 1 ... 150 {
            runFrames(screen, 1)
            let e = screen.currentTime - t0
            var c = e.truncatingRemainder(dividingBy: 1)
            if c == 0 { c = 1 }
            let f = c <= 0.5 ? c / 0.5 : 2 - c / 0.5
            let shown = Double(view.shown.opacity)
            #expect(approx(shown, 1 - f, 1e-6), "frame \(frame), \(e) s")
            if frame <= 30 { lowest = min(lowest, shown) } else if frame <= 60 { highestAfterLowest = max(highestAfterLowest, shown) }
        }
        #expect(approx(lowest, 0, 1e-6), "fades out in the first half second")
        #expect(approx(highestAfterLowest, 1, 1e-6), "and back in during the second")
        #expect(completions.isEmpty)
    }

    // MARK: Curves

    @Test("the curve options pace the block with the named curves",
          arguments: [UIView.AnimationOptions.curveEaseInOut, .curveEaseIn, .curveEaseOut, .curveLinear])
    func curveOptions(_ option: UIView.AnimationOptions) {
        let expected: TimingCurve = switch option {
        case .curveEaseIn: .easeIn
        case .curveEaseOut: .easeOut
        case .curveLinear: .linear
        default: .easeInEaseOut
        }
        let (screen, view) = makeAnimationScreen()
        let t0 = screen.currentTime
        UIView.animate(withDuration: 1, delay: 0, options: option, animations: { view.center.y = 150 })
        for frame in 1 ..< 60 {
            runFrames(screen, 1)
            let f = expected.value(at: screen.currentTime - t0)
            #expect(approx(Double(view.shown.position.y), 50 + 100 * f, 1e-9), "\(option.rawValue) frame \(frame)")
        }
        runFrames(screen, 1)
        #expect(view.shown.position.y == 150)
        #expect(view.layer.animationKeys() == nil)
    }

    // MARK: User interaction

    @Test("without .allowUserInteraction hit testing skips the animating view until the animation ends")
    func noInteractionWhileAnimating() {
        let (screen, view) = makeAnimationScreen()
        let window = screen.window!
        let root = window.rootViewController!.view!
        let point = CGPoint(x: 50, y: 50)
        #expect(window.hitTest(point, with: nil) === view)
        UIView.animate(withDuration: 0.5, delay: 0, options: [], animations: { view.alpha = 0.5 })
        #expect(window.hitTest(point, with: nil) === root, "the touch goes to the view behind")
        runFrames(screen, 15)
        #expect(window.hitTest(point, with: nil) === root)
        runFrames(screen, 15)
        #expect(view.layer.animationKeys() == nil)
        #expect(window.hitTest(point, with: nil) === view, "after the animation it takes touches again")
    }

    @Test("with .allowUserInteraction the animating view keeps receiving touches")
    func interactionWhileAnimating() {
        let (screen, view) = makeAnimationScreen()
        let window = screen.window!
        let point = CGPoint(x: 50, y: 50)
        UIView.animate(withDuration: 0.5, delay: 0, options: .allowUserInteraction, animations: { view.alpha = 0.5 })
        #expect(window.hitTest(point, with: nil) === view)
        runFrames(screen, 15)
        #expect(view.layer.animationKeys() == ["opacity"])
        #expect(window.hitTest(point, with: nil) === view)
        runFrames(screen, 15)
        #expect(window.hitTest(point, with: nil) === view)
    }

    // MARK: Layout

    /// A half-width container in the 200×200 root view, laid out once.
    private func makeContainer() -> (HeadlessScreen, HalfWidthContainer) {
        let (screen, _) = makeAnimationScreen()
        let container = HalfWidthContainer(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        screen.window!.rootViewController!.view.addSubview(container)
        runFrames(screen, 1)
        #expect(container.child.frame == CGRect(x: 0, y: 0, width: 50, height: 100))
        return (screen, container)
    }

    @Test(".layoutSubviews lays out inside the block, so the subviews placed by layoutSubviews animate too")
    func layoutSubviewsOption() {
        let (screen, container) = makeContainer()
        let t0 = screen.currentTime
        UIView.animate(withDuration: 1, delay: 0, options: [.layoutSubviews, .curveLinear], animations: {
            container.frame = CGRect(x: 0, y: 0, width: 200, height: 100)
        })
        #expect(container.child.frame == CGRect(x: 0, y: 0, width: 100, height: 100), "laid out before the block ends")
        runFrames(screen, 30)
        let f = screen.currentTime - t0
        #expect(approx(Double(container.shown.bounds.width), 100 + 100 * f, 1e-6))
        #expect(approx(Double(container.child.shown.bounds.width), 50 + 50 * f, 1e-6), "the subview grows with it")
        #expect(approx(Double(container.child.shown.position.x), 25 + 25 * f, 1e-6))
        #expect(approx(Double(container.child.shown.bounds.width), 75, 1e-6))
        runFrames(screen, 30)
        #expect(container.child.shown.bounds.width == 100)
    }

    @Test("without .layoutSubviews the layout runs on the next frame, outside the block: the subview jumps")
    func withoutLayoutSubviewsOption() {
        let (screen, container) = makeContainer()
        UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: {
            container.frame = CGRect(x: 0, y: 0, width: 200, height: 100)
        })
        #expect(container.child.frame.width == 50, "not laid out yet")
        runFrames(screen, 1)
        #expect(container.child.frame.width == 100)
        #expect(container.child.layer.animationKeys() == nil)
        #expect(container.child.shown.bounds.width == 100, "the subview is at its new size at once")
        #expect(container.shown.bounds.width < 102, "while the container is still growing")
    }

    @Test("layoutIfNeeded() inside a plain block animates the subviews that layoutSubviews moves")
    func layoutIfNeededInsideBlock() {
        let (screen, container) = makeContainer()
        let t0 = screen.currentTime
        UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: {
            container.frame = CGRect(x: 0, y: 0, width: 200, height: 100)
            container.layoutIfNeeded()
        })
        #expect(container.child.layer.animationKeys() == ["bounds", "position"])
        runFrames(screen, 30)
        let f = screen.currentTime - t0
        #expect(approx(Double(container.child.shown.bounds.width), 50 + 50 * f, 1e-6))
        #expect(approx(Double(container.child.shown.position.x), 25 + 25 * f, 1e-6))
    }

    // MARK: Nesting

    @Test("a nested closure block inherits the enclosing block's duration and curve")
    func nestedInherits() {
        let (screen, view) = makeAnimationScreen()
        let t0 = screen.currentTime
        UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: {
            view.center.x = 150
            UIView.animate(withDuration: 0.25, delay: 0, options: .curveEaseIn, animations: {
                view.alpha = 0
            })
        })
        for frame in 1 ..< 60 {
            runFrames(screen, 1)
            let e = screen.currentTime - t0
            #expect(approx(Double(view.shown.opacity), 1 - e, 1e-6), "frame \(frame): 1 s, linear, like the parent")
        }
    }

    @Test(".overrideInheritedDuration keeps the nested block's own duration (the curve is still inherited)")
    func nestedOverrideDuration() {
        let (screen, view) = makeAnimationScreen()
        let t0 = screen.currentTime
        UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: {
            view.center.x = 150
            UIView.animate(withDuration: 0.25, delay: 0, options: [.overrideInheritedDuration, .curveEaseIn], animations: {
                view.alpha = 0
            })
        })
        for frame in 1 ..< 15 {
            runFrames(screen, 1)
            let e = screen.currentTime - t0
            #expect(approx(Double(view.shown.opacity), 1 - e / 0.25, 1e-6), "frame \(frame): 0.25 s, linear")
        }
        runFrames(screen, 1)
        #expect(view.shown.opacity == 0)
        #expect(view.layer.animationKeys() == ["position"])
    }

    @Test(".overrideInheritedCurve keeps the nested block's own curve (the duration is still inherited)")
    func nestedOverrideCurve() {
        let (screen, view) = makeAnimationScreen()
        let t0 = screen.currentTime
        UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: {
            view.center.x = 150
            UIView.animate(withDuration: 0.25, delay: 0, options: [.overrideInheritedCurve, .curveEaseIn], animations: {
                view.alpha = 0
            })
        })
        for frame in 1 ..< 60 {
            runFrames(screen, 1)
            let e = screen.currentTime - t0
            #expect(approx(Double(view.shown.opacity), 1 - TimingCurve.easeIn.value(at: e), 1e-6),
                    "frame \(frame): 1 s, ease-in")
            #expect(approx(Double(view.shown.position.x), 50 + 100 * e, 1e-6))
        }
    }

    // MARK: Springs

    @Test("a spring with damping 1 never overshoots and ends at the target")
    func criticallyDampedSpring() {
        let (screen, view) = makeAnimationScreen()
        let t0 = screen.currentTime
        var completions: [Bool] = []
        UIView.animate(withDuration: 1, delay: 0, usingSpringWithDamping: 1, initialSpringVelocity: 0, options: [],
                       animations: { view.center.x = 150 }, completion: { completions.append($0) })
        let spring = SpringCurve(dampingRatio: 1, initialVelocity: 0, duration: 1)
        var previous = 50.0
        for frame in 1 ..< 60 {
            runFrames(screen, 1)
            let x = Double(view.shown.position.x)
            #expect(approx(x, 50 + 100 * spring.value(at: screen.currentTime - t0), 1e-6), "frame \(frame)")
            #expect(x <= 150, "frame \(frame): no overshoot")
            #expect(x >= previous, "frame \(frame): it only moves towards the target")
            previous = x
        }
        #expect(previous > 149.8, "nearly there one frame before the end")
        #expect(completions.isEmpty)
        runFrames(screen, 1)
        #expect(view.shown.position.x == 150)
        #expect(completions == [true])
    }

    @Test("a spring with damping 0.3 overshoots, swings back, and settles; completion at the duration with true")
    func underdampedSpring() {
        let (screen, view) = makeAnimationScreen()
        let t0 = screen.currentTime
        var completions: [Bool] = []
        UIView.animate(withDuration: 1, delay: 0, usingSpringWithDamping: 0.3, initialSpringVelocity: 0, options: [],
                       animations: { view.center.x = 150 }, completion: { completions.append($0) })
        let spring = SpringCurve(dampingRatio: 0.3, initialVelocity: 0, duration: 1)
        var highest = 50.0, lowestAfterPeak = 1000.0, last = 0.0
        for frame in 1 ..< 60 {
            runFrames(screen, 1)
            let x = Double(view.shown.position.x)
            #expect(approx(x, 50 + 100 * spring.value(at: screen.currentTime - t0), 1e-6), "frame \(frame)")
            if x > highest { highest = x; lowestAfterPeak = x } else { lowestAfterPeak = min(lowestAfterPeak, x) }
            last = x
        }
        #expect(highest > 150 + 10, "it overshoots the target")
        #expect(lowestAfterPeak < 150, "then swings back below it")
        #expect(abs(last - 150) < 0.1 + 1e-9, "and has settled by the end")
        #expect(completions.isEmpty)
        runFrames(screen, 1)
        #expect(view.shown.position.x == 150)
        #expect(completions == [true])
    }

    // MARK: Keyframes

    @Test("animateKeyframes: keyframe 0–0.5 moves x, keyframe 0.5–1 moves y; the overall pace is linear")
    func keyframes() {
        let (screen, view) = makeAnimationScreen()
        let t0 = screen.currentTime
        var completions: [Bool] = []
        UIView.animateKeyframes(withDuration: 1, delay: 0, options: [], animations: {
            UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.5) { view.center.x = 100 }
            UIView.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) { view.center.y = 100 }
        }, completion: { completions.append($0) })
        #expect(view.center == CGPoint(x: 100, y: 100))
        for frame in 1 ..< 60 {
            runFrames(screen, 1)
            let e = screen.currentTime - t0
            let expected = e <= 0.5 ? CGPoint(x: 50 + 50 * e / 0.5, y: 50)
                                    : CGPoint(x: 100, y: 50 + 50 * (e - 0.5) / 0.5)
            #expect(approx(view.shown.position, expected, 1e-6), "frame \(frame), \(e) s")
        }
        runFrames(screen, 1)
        #expect(view.shown.position == CGPoint(x: 100, y: 100))
        #expect(completions == [true])
    }

    @Test("animateKeyframes with .calculationModeDiscrete jumps from value to value")
    func discreteKeyframes() {
        let (screen, view) = makeAnimationScreen()
        let t0 = screen.currentTime
        UIView.animateKeyframes(withDuration: 1, delay: 0, options: .calculationModeDiscrete, animations: {
            UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.5) { view.center.x = 100 }
            UIView.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) { view.center.y = 100 }
        })
        var seen: Set<CGFloat> = []
        for frame in 1 ..< 60 {
            runFrames(screen, 1)
            let e = screen.currentTime - t0
            let p = view.shown.position
            seen.insert(p.x)
            #expect(p.y == 50, "frame \(frame): y jumps only at the end")
            if e < 0.5 - 1e-9 { #expect(p.x == 50, "frame \(frame)") }
            if e > 0.5 + 1e-9 { #expect(p.x == 100, "frame \(frame)") }
        }
        #expect(seen == [50, 100], "no value in between is ever shown")
        runFrames(screen, 1)
        #expect(view.shown.position == CGPoint(x: 100, y: 100))
    }

    @Test("addKeyframe outside animateKeyframes is reported and makes its change without animation")
    func addKeyframeOutsideKeyframes() {
        let (screen, view) = makeAnimationScreen()
        let outside = capturingInvalidAnimations {
            UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 1) { view.alpha = 0.5 }
        }
        #expect(outside.count == 1)
        #expect(outside.first?.contains("addKeyframe") == true)
        #expect(outside.first?.contains("animateKeyframes") == true)
        #expect(view.alpha == 0.5 && view.layer.animationKeys() == nil)

        var inPlainBlock: [String] = []
        UIView.animate(withDuration: 1, animations: {
            view.center.x = 150
            inPlainBlock = capturingInvalidAnimations {
                UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 1) { view.alpha = 1 }
            }
        })
        #expect(inPlainBlock.count == 1, "a plain animate block is not a keyframe block")
        #expect(view.layer.animationKeys() == ["position"], "the keyframe's change is not animated")
        runFrames(screen, 1)
        #expect(view.shown.opacity == 1)
    }

    // MARK: Without animation

    @Test("performWithoutAnimation inside a block makes its change at once while the rest of the block animates")
    func performWithoutAnimationInsideBlock() {
        let (screen, view) = makeAnimationScreen()
        UIView.animate(withDuration: 1, animations: {
            view.center.x = 150
            UIView.performWithoutAnimation {
                #expect(!UIView.areAnimationsEnabled)
                view.alpha = 0.5
            }
            #expect(UIView.areAnimationsEnabled)
            view.layer.cornerRadius = 8
        })
        #expect(view.layer.animationKeys() == ["position", "cornerRadius"])
        #expect(view.shown.opacity == 0.5)
        runFrames(screen, 1)
        #expect(view.shown.opacity == 0.5)
        #expect(view.shown.position.x > 50 && view.shown.position.x < 150)
        #expect(view.shown.cornerRadius > 0 && view.shown.cornerRadius < 8)
    }

    @Test("inheritedAnimationDuration is the enclosing block's duration inside a block and 0 outside")
    func inheritedDuration() {
        let (_, view) = makeAnimationScreen()
        #expect(UIView.inheritedAnimationDuration == 0)
        var inside: [TimeInterval] = []
        UIView.animate(withDuration: 0.7, animations: {
            inside.append(UIView.inheritedAnimationDuration)
            UIView.animate(withDuration: 0.3, animations: {
                inside.append(UIView.inheritedAnimationDuration)
            })
            UIView.animate(withDuration: 0.3, delay: 0, options: .overrideInheritedDuration, animations: {
                inside.append(UIView.inheritedAnimationDuration)
            })
            view.alpha = 0.5
        })
        UIView.beginAnimations(nil, context: nil)
        UIView.setAnimationDuration(0.4)
        inside.append(UIView.inheritedAnimationDuration)
        UIView.commitAnimations()
        #expect(inside == [0.7, 0.7, 0.3, 0.4])
        #expect(UIView.inheritedAnimationDuration == 0)
    }
}
