import Foundation
import Testing
@testable import TabulaUIKit
import TabulaUIKitTestSupport

private func layerApprox(_ a: CGRect, _ b: CGRect, _ tolerance: CGFloat = 1e-6) -> Bool {
    abs(a.minX - b.minX) <= tolerance && abs(a.minY - b.minY) <= tolerance
        && abs(a.width - b.width) <= tolerance && abs(a.height - b.height) <= tolerance
}

private func layerApprox(_ a: CGSize, _ b: CGSize, _ tolerance: CGFloat = 1e-6) -> Bool {
    abs(a.width - b.width) <= tolerance && abs(a.height - b.height) <= tolerance
}

private func layerApprox(_ a: Color?, _ b: Color, _ tolerance: Double = 1e-9) -> Bool {
    guard let a else { return false }
    return abs(a.red - b.red) <= tolerance && abs(a.green - b.green) <= tolerance
        && abs(a.blue - b.blue) <= tolerance && abs(a.alpha - b.alpha) <= tolerance
}

private func layerApprox(_ a: CATransform3D, _ b: CATransform3D, _ tolerance: CGFloat = 1e-9) -> Bool {
    zip(a.entries, b.entries).allSatisfy { abs($0 - $1) <= tolerance }
}

/// Tells a shared log what an animation's delegate hears.
@MainActor
private final class LayerAnimationSpy: CAAnimationDelegate {
    let name: String
    let log: CallLog
    init(_ name: String, log: CallLog) { (self.name, self.log) = (name, log) }
    func animationDidStart(_ anim: CAAnimation) { log.add("\(name) start") }
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) { log.add("\(name) stop \(flag)") }
}

/// The animatable properties of a view, as the tests below change them.
enum AnimatedViewProperty: String, CaseIterable, Sendable {
    case frame, bounds, center, transform, alpha, backgroundColor, contentStretch
}

/// The animatable properties of a layer, as the tests below change them.
enum AnimatedLayerProperty: String, CaseIterable, Sendable {
    case position, bounds, opacity, transform, backgroundColor, cornerRadius
    case borderWidth, borderColor, shadowOpacity, shadowRadius, shadowOffset, shadowColor
}

@MainActor
@Suite("Animation: Core Animation layers, transactions and explicit animations")
struct LayerAnimationTests {
    // MARK: What animates

    @Test("each animatable UIView property shows its halfway value at 0.5 s of a 1 s linear block",
          arguments: AnimatedViewProperty.allCases)
    func viewPropertyHalfway(_ property: AnimatedViewProperty) {
        let (screen, view) = makeAnimationScreen()
        let fromColor = view.backgroundColor!.cgColor
        let toColor = Color(red: 1, green: 0.5, blue: 0, alpha: 0.4)
        let t0 = screen.currentTime
        UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: {
            switch property {
            case .frame: view.frame = CGRect(x: 50, y: 20, width: 150, height: 60)
            case .bounds: view.bounds = CGRect(x: 10, y: 20, width: 60, height: 40)
            case .center: view.center = CGPoint(x: 150, y: 100)
            case .transform: view.transform = CGAffineTransform(scaleX: 2, y: 3)
            case .alpha: view.alpha = 0.2
            case .backgroundColor: view.backgroundColor = UIColor(cgColor: toColor)
            case .contentStretch: view.contentStretch = CGRect(x: 0.25, y: 0.25, width: 0.5, height: 0.5)
            }
        })
        #expect(view.layer.animationKeys() != nil, "\(property) animates")
        runFrames(screen, 30)
        let f = screen.currentTime - t0
        #expect(approx(f, 0.5, 1e-9))
        let s = view.shown
        switch property {
        case .frame:
            #expect(layerApprox(s.frame, CGRect(x: 50 * f, y: 20 * f, width: 100 + 50 * f, height: 100 - 40 * f)))
            #expect(layerApprox(s.frame, CGRect(x: 25, y: 10, width: 125, height: 80)))
        case .bounds:
            #expect(layerApprox(s.bounds, CGRect(x: 10 * f, y: 20 * f, width: 100 - 40 * f, height: 100 - 60 * f)))
            #expect(approx(s.position, CGPoint(x: 50, y: 50)), "the center stays")
        case .center:
            #expect(approx(s.position, CGPoint(x: 50 + 100 * f, y: 50 + 50 * f)))
            #expect(approx(s.position, CGPoint(x: 100, y: 75)))
        case .transform:
            var expected = CATransform3D.identity
            expected.m11 = 1 + f
            expected.m22 = 1 + 2 * f
            #expect(layerApprox(s.transform, expected), "scales 1.5 × 2 halfway")
        case .alpha:
            #expect(approx(Double(s.opacity), 1 - 0.8 * f, 1e-6))
        case .backgroundColor:
            #expect(layerApprox(s.backgroundColor, fromColor.interpolated(to: toColor, fraction: f)),
                    "interpolated in premultiplied space")
        case .contentStretch:
            #expect(layerApprox(s.contentsCenter, CGRect(x: 0.25 * f, y: 0.25 * f, width: 1 - 0.5 * f, height: 1 - 0.5 * f)))
        }
        runFrames(screen, 30)
        #expect(view.layer.animationKeys() == nil, "\(property) ends after 1 s")
    }

    @Test("each animatable property of a view's layer shows its halfway value at 0.5 s of a 1 s linear block",
          arguments: AnimatedLayerProperty.allCases)
    func layerPropertyHalfway(_ property: AnimatedLayerProperty) {
        let (screen, view) = makeAnimationScreen()
        let layer = view.layer
        let fromColor = layer.backgroundColor!
        let toColor = Color(red: 0.2, green: 1, blue: 0.6, alpha: 0.7)
        let t0 = screen.currentTime
        UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: {
            switch property {
            case .position: layer.position = CGPoint(x: 150, y: 120)
            case .bounds: layer.bounds = CGRect(x: 0, y: 0, width: 40, height: 160)
            case .opacity: layer.opacity = 0.5
            case .transform: layer.transform = CATransform3DMakeScale(2, 2, 1)
            case .backgroundColor: layer.backgroundColor = toColor
            case .cornerRadius: layer.cornerRadius = 20
            case .borderWidth: layer.borderWidth = 8
            case .borderColor: layer.borderColor = toColor
            case .shadowOpacity: layer.shadowOpacity = 0.8
            case .shadowRadius: layer.shadowRadius = 13
            case .shadowOffset: layer.shadowOffset = CGSize(width: 10, height: 7)
            case .shadowColor: layer.shadowColor = toColor
            }
        })
        runFrames(screen, 30)
        let f = screen.currentTime - t0
        #expect(approx(f, 0.5, 1e-9))
        let s = view.shown
        switch property {
        case .position:
            #expect(approx(s.position, CGPoint(x: 50 + 100 * f, y: 50 + 70 * f)))
        case .bounds:
            #expect(layerApprox(s.bounds, CGRect(x: 0, y: 0, width: 100 - 60 * f, height: 100 + 60 * f)))
        case .opacity:
            #expect(approx(Double(s.opacity), 1 - 0.5 * f, 1e-6))
        case .transform:
            #expect(layerApprox(s.transform, CATransform3DMakeScale(1 + f, 1 + f, 1)))
        case .backgroundColor:
            #expect(layerApprox(s.backgroundColor, fromColor.interpolated(to: toColor, fraction: f)))
        case .cornerRadius:
            #expect(approx(Double(s.cornerRadius), 20 * f, 1e-9))
        case .borderWidth:
            #expect(approx(Double(s.borderWidth), 8 * f, 1e-9))
        case .borderColor:
            #expect(layerApprox(s.borderColor, Color.black.interpolated(to: toColor, fraction: f)))
        case .shadowOpacity:
            #expect(approx(Double(s.shadowOpacity), 0.8 * f, 1e-6))
        case .shadowRadius:
            #expect(approx(Double(s.shadowRadius), 3 + 10 * f, 1e-9))
        case .shadowOffset:
            #expect(layerApprox(s.shadowOffset, CGSize(width: 10 * f, height: -3 + 10 * f)))
        case .shadowColor:
            #expect(layerApprox(s.shadowColor, Color.black.interpolated(to: toColor, fraction: f)))
        }
        runFrames(screen, 30)
        #expect(layer.animationKeys() == nil)
    }

    @Test("an explicit animation takes UIColor values (the render engine knows them as colours): halfway at 0.5 s")
    func explicitAnimationTakesUIColor() {
        let (screen, view) = makeAnimationScreen()
        let from = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
        let to = UIColor(red: 0, green: 0, blue: 1, alpha: 1)
        let anim = CABasicAnimation(keyPath: "backgroundColor")
        anim.fromValue = from
        anim.toValue = to
        anim.duration = 1
        view.layer.add(anim, forKey: "tint")
        #expect(view.layer.animation(forKey: "tint") != nil, "added, not refused as a value of the wrong kind")
        let t0 = screen.currentTime
        runFrames(screen, 30)
        let f = screen.currentTime - t0
        #expect(layerApprox(view.shown.backgroundColor, from.cgColor.interpolated(to: to.cgColor, fraction: f)))
    }

    @Test("colours blend in premultiplied space: red fading to clear stays red while it fades")
    func premultipliedColour() {
        let (screen, view) = makeAnimationScreen()
        view.layer.backgroundColor = Color(red: 1, green: 0, blue: 0)
        let t0 = screen.currentTime
        UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: {
            view.layer.backgroundColor = .clear
        })
        for _ in 1 ... 4 {
            runFrames(screen, 12)
            let f = screen.currentTime - t0
            #expect(layerApprox(view.shown.backgroundColor, Color(red: 1, green: 0, blue: 0, alpha: 1 - f)),
                    "at \(f) s: the red does not darken on the way")
        }
    }

    @Test("a rotation turns through the intermediate angles: 0→90° is 45° halfway, and never shrinks")
    func rotationTurns() {
        let (screen, view) = makeAnimationScreen()
        let t0 = screen.currentTime
        UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: {
            view.transform = CGAffineTransform(rotationAngle: .pi / 2)
        })
        for frame in 1 ..< 60 {
            runFrames(screen, 1)
            let t = view.shown.transform
            let f = screen.currentTime - t0
            let angle = atan2(Double(t.m12), Double(t.m11))
            #expect(approx(angle, .pi / 2 * f, 1e-9), "frame \(frame)")
            #expect(approx(Double(t.m11 * t.m22 - t.m12 * t.m21), 1, 1e-12), "frame \(frame): a pure rotation")
            if frame == 30 { #expect(approx(angle * 180 / .pi, 45, 1e-6)) }
        }
    }

    // MARK: CATransaction and implicit animations

    /// A standalone 20×20 layer inside the animated view, on screen for one frame.
    private func makeStandaloneLayer() -> (HeadlessScreen, UIView, CALayer) {
        let (screen, view) = makeAnimationScreen()
        let sublayer = CALayer()
        sublayer.frame = CGRect(x: 10, y: 10, width: 20, height: 20)
        sublayer.backgroundColor = Color(red: 1, green: 0, blue: 0)
        view.layer.addSublayer(sublayer)
        runFrames(screen, 1)
        return (screen, view, sublayer)
    }

    @Test("the completion block waits for the explicit and UIView block animations added in the transaction, and runs after their own callbacks")
    func transactionCompletionWaitsForAllAnimations() {
        let (screen, view, sublayer) = makeStandaloneLayer()
        let log = CallLog()
        CATransaction.begin()
        CATransaction.setCompletionBlock { log.add("transaction done") }
        let explicit = CABasicAnimation(keyPath: "cornerRadius")
        explicit.toValue = 5
        explicit.duration = 0.25
        explicit.delegate = LayerAnimationSpy("explicit", log: log)
        sublayer.add(explicit, forKey: "corner")
        UIView.animate(withDuration: 0.5, animations: { view.alpha = 0.5 }, completion: { log.add("block done \($0)") })
        CATransaction.commit()
        runFrames(screen, 15)
        #expect(log.entries == ["explicit start", "explicit stop true"])
        runFrames(screen, 14)
        #expect(log.entries == ["explicit start", "explicit stop true"], "the block is still running")
        runFrames(screen, 1)
        #expect(log.entries == ["explicit start", "explicit stop true", "block done true", "transaction done"])
    }

    @Test("an animation is copied when added: changing the original afterwards does not affect the running one")
    func animationIsCopied() {
        let (screen, view) = makeAnimationScreen()
        let t0 = screen.currentTime
        let anim = CABasicAnimation(keyPath: "position.x")
        anim.fromValue = 0
        anim.toValue = 100
        anim.duration = 1
        view.layer.add(anim, forKey: "move")
        anim.toValue = 1000
        anim.duration = 10
        #expect(view.layer.animation(forKey: "move") !== anim)
        runFrames(screen, 30)
        #expect(approx(Double(view.shown.position.x), 100 * (screen.currentTime - t0), 1e-6))
    }

    @Test("a layer that leaves the screen drops its animations; their delegates hear finished == false")
    func leavingTheTreeStopsAnimations() {
        let (screen, view) = makeAnimationScreen()
        let log = CallLog()
        let anim = CABasicAnimation(keyPath: "opacity")
        anim.toValue = 0
        anim.duration = 1
        anim.delegate = LayerAnimationSpy("fade", log: log)
        view.layer.add(anim, forKey: "fade")
        runFrames(screen, 10)
        view.removeFromSuperview()
        runFrames(screen, 1)
        #expect(view.layer.animationKeys() == nil)
        #expect(log.entries == ["fade start", "fade stop false"])
        #expect(view.shown.opacity == 1)
    }

    @Test("a view's own layer does not animate implicitly outside a UIView animation block")
    func viewLayerNoImplicitAnimation() {
        let (screen, view) = makeAnimationScreen()
        runFrames(screen, 5)
        view.layer.opacity = 0.5
        view.layer.position = CGPoint(x: 120, y: 80)
        CATransaction.begin()
        view.layer.cornerRadius = 6
        CATransaction.commit()
        #expect(view.layer.animationKeys() == nil)
        #expect(view.shown.opacity == 0.5)
        #expect(view.shown.position == CGPoint(x: 120, y: 80))
        #expect(view.shown.cornerRadius == 6)
    }

    // MARK: CABasicAnimation

    @Test("fromValue/toValue animates the presentation only; the model is unchanged, and shows again after removal")
    func basicFromTo() {
        let (screen, view) = makeAnimationScreen()
        let t0 = screen.currentTime
        let anim = CABasicAnimation(keyPath: "opacity")
        anim.fromValue = 1.0
        anim.toValue = 0.0
        anim.duration = 1
        view.layer.add(anim, forKey: "fade")
        #expect(view.layer.animationKeys() == ["fade"])
        #expect(view.layer.opacity == 1, "the model is not changed by an explicit animation")
        for frame in 1 ..< 60 {
            runFrames(screen, 1)
            #expect(approx(Double(view.shown.opacity), 1 - (screen.currentTime - t0), 1e-6),
                    "frame \(frame): linear without a timing function")
        }
        #expect(view.layer.opacity == 1)
        runFrames(screen, 1)
        #expect(view.layer.animationKeys() == nil)
        #expect(view.shown.opacity == 1, "after removal the layer shows the model value")
    }

    @Test("fromValue with byValue goes from `from` to `from + by`")
    func basicFromBy() {
        let (screen, view) = makeAnimationScreen()
        let t0 = screen.currentTime
        let anim = CABasicAnimation(keyPath: "position")
        anim.fromValue = CGPoint(x: 20, y: 20)
        anim.byValue = CGPoint(x: 100, y: 40)
        anim.duration = 1
        view.layer.add(anim, forKey: nil)
        runFrames(screen, 1)
        var f = screen.currentTime - t0
        #expect(approx(view.shown.position, CGPoint(x: 20 + 100 * f, y: 20 + 40 * f)))
        runFrames(screen, 44)
        f = screen.currentTime - t0
        #expect(approx(view.shown.position, CGPoint(x: 20 + 100 * f, y: 20 + 40 * f)))
        #expect(approx(view.shown.position, CGPoint(x: 95, y: 50)))
        #expect(view.layer.position == CGPoint(x: 50, y: 50))
    }

    @Test("toValue alone animates from the current value")
    func basicToOnly() {
        let (screen, view) = makeAnimationScreen()
        let t0 = screen.currentTime
        let anim = CABasicAnimation(keyPath: "cornerRadius")
        anim.toValue = 30
        anim.duration = 0.5
        view.layer.add(anim, forKey: "corner")
        runFrames(screen, 15)
        #expect(approx(Double(view.shown.cornerRadius), 30 * (screen.currentTime - t0) / 0.5, 1e-9))
        #expect(approx(Double(view.shown.cornerRadius), 15, 1e-9))
    }

    @Test("key path components: position.x and bounds.size animate one part, the rest keeps the model")
    func componentKeyPaths() {
        let (screen, view) = makeAnimationScreen()
        let t0 = screen.currentTime
        let x = CABasicAnimation(keyPath: "position.x")
        x.fromValue = 0
        x.toValue = 100
        x.duration = 1
        view.layer.add(x, forKey: "x")
        let size = CABasicAnimation(keyPath: "bounds.size")
        size.fromValue = CGSize(width: 100, height: 100)
        size.toValue = CGSize(width: 200, height: 50)
        size.duration = 1
        view.layer.add(size, forKey: "size")
        runFrames(screen, 15)
        let f = screen.currentTime - t0
        #expect(approx(view.shown.position, CGPoint(x: 100 * f, y: 50)))
        #expect(layerApprox(view.shown.bounds, CGRect(x: 0, y: 0, width: 100 + 100 * f, height: 100 - 50 * f)))
        #expect(view.layer.position == CGPoint(x: 50, y: 50) && view.layer.bounds.size == CGSize(width: 100, height: 100))
    }

    @Test("transform.rotation.z from 0 to 2π spins a full turn, repeating like a spinner")
    func spinner() {
        let (screen, view) = makeAnimationScreen()
        let t0 = screen.currentTime
        let spin = CABasicAnimation(keyPath: "transform.rotation.z")
        spin.fromValue = 0
        spin.toValue = 2 * Double.pi
        spin.duration = 1
        spin.repeatCount = .infinity
        view.layer.add(spin, forKey: "spin")
        var angles: [Double] = []
        for frame in 1 ... 90 {
            runFrames(screen, 1)
            let e = screen.currentTime - t0
            var c = e.truncatingRemainder(dividingBy: 1)
            if c == 0 { c = 1 }
            let theta = 2 * Double.pi * c
            let t = view.shown.transform
            #expect(approx(Double(t.m11), cos(theta), 1e-9) && approx(Double(t.m12), sin(theta), 1e-9),
                    "frame \(frame): turned \(theta) rad")
            #expect(approx(Double(t.m11 * t.m22 - t.m12 * t.m21), 1, 1e-9))
            if frame % 15 == 0 { angles.append(atan2(Double(t.m12), Double(t.m11))) }
        }
        // Quarter turns: 90°, 180°, 270° (−90°), 360° (0°), then again.
        let expectedQuarters = [0.5, 1, -0.5, 0, 0.5, 1].map { $0 * Double.pi }
        for (a, b) in zip(angles, expectedQuarters) {
            #expect(approx(cos(a), cos(b), 1e-6) && approx(sin(a), sin(b), 1e-6))
        }
        #expect(view.layer.transform == CATransform3DIdentity)
        #expect(view.layer.animationKeys() == ["spin"], "a spinner never ends")
    }

    @Test("transform.scale scales all three axes")
    func scaleKeyPath() {
        let (screen, view) = makeAnimationScreen()
        let t0 = screen.currentTime
        let anim = CABasicAnimation(keyPath: "transform.scale")
        anim.fromValue = 1
        anim.toValue = 2
        anim.duration = 1
        view.layer.add(anim, forKey: nil)
        runFrames(screen, 30)
        let s = 1 + (screen.currentTime - t0)
        #expect(layerApprox(view.shown.transform, CATransform3DMakeScale(s, s, s)))
        #expect(approx(Double(s), 1.5, 1e-9))
    }

    @Test("a future beginTime: fillMode .backwards shows fromValue while waiting, .removed shows the model",
          arguments: [CAMediaTimingFillMode.backwards, .removed])
    func futureBeginTime(_ fill: CAMediaTimingFillMode) {
        let (screen, view) = makeAnimationScreen()
        let log = CallLog()
        let spy = LayerAnimationSpy("a", log: log)
        // Outside the screen's work CACurrentMediaTime() is 0: the screen's own clock says now.
        let begin = screen.currentTime + 0.5
        let anim = CABasicAnimation(keyPath: "opacity")
        anim.fromValue = 0.2
        anim.toValue = 0.6
        anim.duration = 0.5
        anim.beginTime = begin
        anim.fillMode = fill
        anim.delegate = spy
        view.layer.add(anim, forKey: "later")
        runFrames(screen, 1)
        #expect(approx(Double(view.shown.opacity), fill == .backwards ? 0.2 : 1, 1e-6))
        runFrames(screen, 28)
        #expect(approx(Double(view.shown.opacity), fill == .backwards ? 0.2 : 1, 1e-6))
        #expect(log.entries.isEmpty, "animationDidStart waits for the begin time")
        runFrames(screen, 1)
        #expect(log.entries == ["a start"], "the begin time has arrived")
        runFrames(screen, 15)
        #expect(approx(Double(view.shown.opacity), 0.2 + 0.4 * (screen.currentTime - begin) / 0.5, 1e-6))
        #expect(approx(Double(view.shown.opacity), 0.4, 1e-6))
        runFrames(screen, 15)
        #expect(log.entries == ["a start", "a stop true"])
        #expect(view.shown.opacity == 1)
    }

    @Test("fillMode .forwards with isRemovedOnCompletion = false keeps the end value, and the animation stays listed")
    func fillForwards() {
        let (screen, view) = makeAnimationScreen()
        let log = CallLog()
        let anim = CABasicAnimation(keyPath: "position.y")
        anim.toValue = 150
        anim.duration = 0.5
        anim.fillMode = .forwards
        anim.isRemovedOnCompletion = false
        anim.delegate = LayerAnimationSpy("hold", log: log)
        view.layer.add(anim, forKey: "drop")
        runFrames(screen, 30)
        #expect(view.shown.position.y == 150)
        #expect(log.entries == ["hold start", "hold stop true"], "it finished")
        runFrames(screen, 30)
        #expect(view.shown.position.y == 150, "the end value is held")
        #expect(view.layer.position.y == 50, "the model is unchanged")
        #expect(view.layer.animationKeys() == ["drop"])
        view.layer.removeAnimation(forKey: "drop")
        #expect(view.shown.position.y == 50, "after removal the model shows")
        runFrames(screen, 1)
        #expect(log.entries == ["hold start", "hold stop true"], "a stopped animation is not reported twice")
    }

    @Test("repeatCount with autoreverses runs there and back the given number of times")
    func repeatAndAutoreverse() {
        let (screen, view) = makeAnimationScreen()
        let t0 = screen.currentTime
        let anim = CABasicAnimation(keyPath: "position.x")
        anim.fromValue = 0
        anim.toValue = 100
        anim.duration = 0.25
        anim.autoreverses = true
        anim.repeatCount = 2
        view.layer.add(anim, forKey: "shake")
        for frame in 1 ..< 60 {
            runFrames(screen, 1)
            let e = screen.currentTime - t0
            var c = e.truncatingRemainder(dividingBy: 0.5)
            if c == 0 { c = 0.5 }
            let f = c <= 0.25 ? c / 0.25 : 2 - c / 0.25
            #expect(approx(Double(view.shown.position.x), 100 * f, 1e-6), "frame \(frame), \(e) s")
        }
        #expect(view.layer.animationKeys() == ["shake"])
        runFrames(screen, 1)
        #expect(view.layer.animationKeys() == nil, "two cycles of 0.25 s there and 0.25 s back")
        #expect(view.shown.position.x == 50)
    }

    @Test("removeAnimation(forKey:): the delegate hears finished == false on the next frame, not from inside the call")
    func removeAnimationTellsDelegateLater() {
        let (screen, view) = makeAnimationScreen()
        let log = CallLog()
        let anim = CABasicAnimation(keyPath: "opacity")
        anim.toValue = 0
        anim.duration = 1
        anim.delegate = LayerAnimationSpy("fade", log: log)
        view.layer.add(anim, forKey: "fade")
        #expect(log.entries.isEmpty)
        runFrames(screen, 1)
        #expect(log.entries == ["fade start"], "started on the first frame after it was added")
        runFrames(screen, 10)
        #expect(view.shown.opacity < 1)
        view.layer.removeAnimation(forKey: "fade")
        #expect(log.entries == ["fade start"], "not called re-entrantly")
        #expect(view.layer.animationKeys() == nil)
        #expect(view.shown.opacity == 1)
        runFrames(screen, 1)
        #expect(log.entries == ["fade start", "fade stop false"])
        runFrames(screen, 60)
        #expect(log.entries.count == 2)
    }

    @Test("adding an animation under a key in use replaces it; the old one's delegate hears finished == false")
    func sameKeyReplaces() {
        let (screen, view) = makeAnimationScreen()
        let oldLog = CallLog(), newLog = CallLog()
        let first = CABasicAnimation(keyPath: "position.x")
        first.toValue = 150
        first.duration = 1
        first.delegate = LayerAnimationSpy("first", log: oldLog)
        view.layer.add(first, forKey: "move")
        runFrames(screen, 10)
        let t1 = screen.currentTime
        let second = CABasicAnimation(keyPath: "position.x")
        second.fromValue = 0
        second.toValue = 10
        second.duration = 1
        second.delegate = LayerAnimationSpy("second", log: newLog)
        view.layer.add(second, forKey: "move")
        #expect(view.layer.animationKeys() == ["move"])
        #expect(oldLog.entries == ["first start"])
        runFrames(screen, 30)
        #expect(oldLog.entries == ["first start", "first stop false"])
        #expect(newLog.entries == ["second start"])
        #expect(approx(Double(view.shown.position.x), 10 * (screen.currentTime - t1), 1e-6), "only the new one runs")
    }

    // MARK: Keyframes

    @Test("CAKeyframeAnimation with keyTimes places each value at its time")
    func keyframesWithKeyTimes() {
        let (screen, view) = makeAnimationScreen()
        let t0 = screen.currentTime
        let anim = CAKeyframeAnimation(keyPath: "position.x")
        anim.values = [0, 100, 50]
        anim.keyTimes = [0, 0.2, 1]
        anim.duration = 1
        view.layer.add(anim, forKey: nil)
        for frame in 1 ..< 60 {
            runFrames(screen, 1)
            let e = screen.currentTime - t0
            let expected = e <= 0.2 ? 100 * e / 0.2 : 100 - 50 * (e - 0.2) / 0.8
            #expect(approx(Double(view.shown.position.x), expected, 1e-6), "frame \(frame)")
        }
    }

    @Test("CAKeyframeAnimation without keyTimes spaces the values evenly")
    func keyframesEvenlySpaced() {
        let (screen, view) = makeAnimationScreen()
        let t0 = screen.currentTime
        let anim = CAKeyframeAnimation(keyPath: "opacity")
        anim.values = [1, 0, 1, 0.5]
        anim.duration = 0.75
        view.layer.add(anim, forKey: nil)
        for frame in 1 ..< 45 {
            runFrames(screen, 1)
            let e = (screen.currentTime - t0) / 0.75 * 3     // segment index + fraction
            let expected = e <= 1 ? 1 - e : e <= 2 ? e - 1 : 1 - 0.5 * (e - 2)
            #expect(approx(Double(view.shown.opacity), expected, 1e-5), "frame \(frame)")
        }
    }

    @Test("timingFunctions pace each keyframe segment with its own curve")
    func keyframeTimingFunctions() {
        let (screen, view) = makeAnimationScreen()
        let t0 = screen.currentTime
        let anim = CAKeyframeAnimation(keyPath: "position.y")
        anim.values = [0, 100, 0]
        anim.timingFunctions = [CAMediaTimingFunction(name: .easeIn), CAMediaTimingFunction(name: .easeOut)]
        anim.duration = 1
        view.layer.add(anim, forKey: nil)
        for frame in 1 ..< 60 {
            runFrames(screen, 1)
            let e = screen.currentTime - t0
            let expected = e <= 0.5 ? 100 * TimingCurve.easeIn.value(at: e / 0.5)
                                    : 100 - 100 * TimingCurve.easeOut.value(at: (e - 0.5) / 0.5)
            #expect(approx(Double(view.shown.position.y), expected, 1e-6), "frame \(frame)")
        }
    }

    @Test("calculationMode .discrete holds each value for an equal share of the duration")
    func discreteKeyframes() {
        let (screen, view) = makeAnimationScreen()
        let t0 = screen.currentTime
        let anim = CAKeyframeAnimation(keyPath: "cornerRadius")
        anim.values = [0, 10, 20, 30]
        anim.calculationMode = .discrete
        anim.duration = 1
        view.layer.add(anim, forKey: nil)
        for frame in 1 ..< 60 {
            runFrames(screen, 1)
            let e = screen.currentTime - t0
            let r = Double(view.shown.cornerRadius)
            #expect([0, 10, 20, 30].contains(r), "frame \(frame): no value in between")
            if abs(e * 4 - (e * 4).rounded()) > 1e-9 {
                #expect(r == 10 * (e * 4).rounded(.down), "frame \(frame), \(e) s")
            }
        }
    }

    @Test("calculationMode .discrete takes one more keyTime than values: each value holds from its time to the next")
    func discreteKeyframesWithKeyTimes() {
        let (screen, view) = makeAnimationScreen()
        let t0 = screen.currentTime
        let anim = CAKeyframeAnimation(keyPath: "cornerRadius")
        anim.values = [20, 40, 60]
        anim.keyTimes = [0, 0.25, 0.75, 1]
        anim.calculationMode = .discrete
        anim.duration = 1
        let errors = capturingInvalidAnimations { view.layer.add(anim, forKey: "steps") }
        #expect(errors.isEmpty, "Core Animation's documented form for discrete mode: \(errors)")
        for frame in 1 ..< 60 {
            runFrames(screen, 1)
            let e = screen.currentTime - t0
            let r = Double(view.shown.cornerRadius)
            if abs(e - 0.25) < 1e-9 || abs(e - 0.75) < 1e-9 { continue }
            #expect(r == (e < 0.25 ? 20 : e < 0.75 ? 40 : 60), "frame \(frame), \(e) s")
        }
    }

    @Test("calculationMode .paced moves at a constant speed, ignoring keyTimes")
    func pacedKeyframes() {
        let (screen, view) = makeAnimationScreen()
        let t0 = screen.currentTime
        let anim = CAKeyframeAnimation(keyPath: "position.x")
        anim.values = [0, 100, 50]            // 150 points in all: 100 out, 50 back
        anim.keyTimes = [0, 0.9, 1]
        anim.calculationMode = .paced
        anim.duration = 1.5
        view.layer.add(anim, forKey: nil)
        for frame in 1 ..< 90 {
            runFrames(screen, 1)
            let e = screen.currentTime - t0                 // 100 points per second
            let expected = e <= 1 ? 100 * e : 100 - 100 * (e - 1)
            #expect(approx(Double(view.shown.position.x), expected, 1e-6), "frame \(frame)")
        }
    }

    // MARK: Springs

    @Test("CASpringAnimation follows the damped spring and settles at the target within its settling duration")
    func springAnimation() {
        let (screen, view) = makeAnimationScreen()
        let t0 = screen.currentTime
        let anim = CASpringAnimation(keyPath: "position.x")
        anim.fromValue = 0
        anim.toValue = 100
        anim.damping = 5
        anim.duration = anim.settlingDuration
        view.layer.add(anim, forKey: "spring")
        let curve = SpringCurve(mass: 1, stiffness: 100, damping: 5, initialVelocity: 0)
        #expect(anim.settlingDuration == curve.settlingDuration)
        let frames = Int((anim.duration * 60).rounded(.up))
        var highest = 0.0, last = 0.0
        for frame in 1 ..< frames {
            runFrames(screen, 1)
            let x = Double(view.shown.position.x)
            #expect(approx(x, 100 * curve.value(at: screen.currentTime - t0), 1e-6), "frame \(frame)")
            highest = max(highest, x)
            last = x
        }
        #expect(highest > 100, "an underdamped spring overshoots")
        #expect(abs(last - 100) < 0.1 + 1e-9, "and has settled when its settling duration is up")
        runFrames(screen, 1)
        #expect(view.layer.animationKeys() == nil)
        #expect(view.shown.position.x == 50, "then the model shows")
    }

    // MARK: Errors

    @Test("an unknown key path is reported, does not run, and its delegate hears finished == false")
    func unknownKeyPath() {
        let (screen, view) = makeAnimationScreen()
        let log = CallLog()
        let anim = CABasicAnimation(keyPath: "opactiy")
        anim.fromValue = 0
        anim.toValue = 1
        anim.delegate = LayerAnimationSpy("typo", log: log)
        let errors = capturingInvalidAnimations { view.layer.add(anim, forKey: "fade") }
        #expect(errors.count == 1)
        #expect(errors.first?.contains("\"opactiy\"") == true, "names the key path: \(errors)")
        #expect(errors.first?.contains("not an animatable key path") == true)
        #expect(view.layer.animationKeys() == nil)
        #expect(log.entries.isEmpty, "not told from inside add(_:forKey:)")
        runFrames(screen, 1)
        #expect(log.entries == ["typo stop false"])
        #expect(view.shown.opacity == 1)
    }

    @Test("a value of the wrong kind is reported with the key path and the kinds; the animation does not run")
    func wrongValueKind() {
        let (screen, view) = makeAnimationScreen()
        let log = CallLog()
        let anim = CABasicAnimation(keyPath: "opacity")
        anim.fromValue = CGPoint(x: 1, y: 1)
        anim.toValue = 0
        anim.delegate = LayerAnimationSpy("kind", log: log)
        let errors = capturingInvalidAnimations { view.layer.add(anim, forKey: nil) }
        #expect(errors.count == 1)
        #expect(errors.first?.contains("\"opacity\"") == true, "names the key path: \(errors)")
        #expect(errors.first?.contains("fromValue") == true)
        #expect(errors.first?.contains("must be a number") == true)
        #expect(errors.first?.contains("CGPoint") == true)
        #expect(view.layer.animationKeys() == nil)
        runFrames(screen, 1)
        #expect(log.entries == ["kind stop false"])
        #expect(view.shown.opacity == 1)
    }

    @Test("keyTimes of the wrong count are reported; the animation does not run")
    func wrongKeyTimesCount() {
        let (screen, view) = makeAnimationScreen()
        let log = CallLog()
        let anim = CAKeyframeAnimation(keyPath: "opacity")
        anim.values = [1, 0, 1]
        anim.keyTimes = [0, 1]
        anim.delegate = LayerAnimationSpy("times", log: log)
        let errors = capturingInvalidAnimations { view.layer.add(anim, forKey: "blink") }
        #expect(errors.count == 1)
        #expect(errors.first?.contains("keyTimes") == true, "\(errors)")
        #expect(errors.first?.contains("\"opacity\"") == true)
        #expect(errors.first?.contains("3") == true, "says how many are needed")
        #expect(view.layer.animationKeys() == nil)
        runFrames(screen, 1)
        #expect(log.entries == ["times stop false"])
        #expect(view.shown.opacity == 1)

        let discrete = CAKeyframeAnimation(keyPath: "opacity")
        discrete.values = [1, 0, 1]
        discrete.keyTimes = [0, 0.25, 0.5, 0.75, 1]
        discrete.calculationMode = .discrete
        let discreteErrors = capturingInvalidAnimations { view.layer.add(discrete, forKey: "blink") }
        #expect(discreteErrors.count == 1, "discrete mode takes one per value or one more, not two more")
        #expect(discreteErrors.first?.contains("keyTimes") == true)
        #expect(view.layer.animationKeys() == nil)
    }

    // MARK: Presentation

    @Test("presentation() of a layer without animations equals its model values")
    func presentationEqualsModel() {
        let (screen, view) = makeAnimationScreen()
        let layer = view.layer
        layer.anchorPoint = CGPoint(x: 0.25, y: 0.75)
        layer.position = CGPoint(x: 33, y: 44)
        layer.bounds = CGRect(x: 5, y: 6, width: 70, height: 80)
        layer.transform = CATransform3DMakeRotation(0.3, 0, 0, 1)
        layer.zPosition = 4
        layer.opacity = 0.6
        layer.backgroundColor = Color(red: 0.1, green: 0.2, blue: 0.3, alpha: 0.4)
        layer.cornerRadius = 7
        layer.contentsCenter = CGRect(x: 0.1, y: 0.2, width: 0.3, height: 0.4)
        runFrames(screen, 1)
        #expect(layer.animationKeys() == nil)
        let p = layer.presentation()!
        #expect(p.modelValues == layer.modelValues)
        #expect(p.position == layer.position && p.bounds == layer.bounds && p.anchorPoint == layer.anchorPoint)
        #expect(p.transform == layer.transform && p.zPosition == layer.zPosition && p.opacity == layer.opacity)
        #expect(p.backgroundColor == layer.backgroundColor && p.cornerRadius == layer.cornerRadius)
        #expect(p.contentsCenter == layer.contentsCenter && p.frame == layer.frame)

        let standalone = CALayer()
        standalone.opacity = 0.3
        standalone.position = CGPoint(x: 9, y: 9)
        #expect(standalone.presentation()!.modelValues == standalone.modelValues, "also off screen")
    }
}
