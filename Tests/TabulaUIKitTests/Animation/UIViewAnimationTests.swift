import Foundation
import Testing
@testable import TabulaUIKit
import TabulaUIKitTestSupport
@testable import TabulaQuartz

@MainActor
@Suite("Animation: UIView closure API, frame by frame")
struct UIViewAnimationTests {
    @Test("inside the block the model changes at once; the presentation moves frame by frame")
    func modelAndPresentation() {
        let (screen, view) = makeAnimationScreen()
        UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: {
            view.center = CGPoint(x: 150, y: 50)
            #expect(view.center == CGPoint(x: 150, y: 50), "reading the model inside the block gives the new value")
        })
        #expect(view.center == CGPoint(x: 150, y: 50))
        #expect(approx(view.shown.position, CGPoint(x: 50, y: 50)), "nothing has moved before the first frame")
        screen.advance(by: 0.25)
        #expect(approx(view.shown.position, CGPoint(x: 75, y: 50)))
        screen.advance(by: 0.25)
        #expect(approx(view.shown.position, CGPoint(x: 100, y: 50)))
        screen.advance(by: 0.5)
        #expect(approx(view.shown.position, CGPoint(x: 150, y: 50)))
        #expect(view.layer.animationKeys() == nil, "the animation is removed when it ends")
    }

    @Test("the default curve is ease-in-ease-out, evaluated exactly at frame times")
    func easeInOutCurve() {
        let (screen, view) = makeAnimationScreen()
        UIView.animate(withDuration: 0.5) { view.alpha = 0 }
        for frame in 1 ... 30 {
            screen.advance(by: 1.0 / 60)
            let t = Double(frame) / 30
            let expected = 1 - TimingCurve.easeInEaseOut.value(at: t)
            #expect(approx(Double(view.shown.opacity), expected, 1e-6), "frame \(frame)")
        }
    }

    @Test("completion runs once, at the end, with finished == true")
    func completionAtEnd() {
        let (screen, view) = makeAnimationScreen()
        var calls: [Bool] = []
        UIView.animate(withDuration: 0.5, animations: { view.alpha = 0.5 }, completion: { calls.append($0) })
        screen.advance(by: 0.49)
        #expect(calls.isEmpty)
        screen.advance(by: 0.02)
        #expect(calls == [true])
        screen.advance(by: 1)
        #expect(calls == [true])
    }

    @Test("a delay holds the start value, then the animation runs its full duration")
    func delay() {
        let (screen, view) = makeAnimationScreen()
        UIView.animate(withDuration: 0.5, delay: 0.5, options: .curveLinear, animations: {
            view.frame.origin.x = 100
        })
        screen.advance(by: 0.25)
        #expect(approx(view.shown.position.x, 50), "during the delay the old value shows")
        screen.advance(by: 0.5)
        #expect(approx(view.shown.position.x, 100), "halfway through the duration after the delay")
        screen.advance(by: 0.25)
        #expect(approx(view.shown.position.x, 150))
    }

    @Test("a duration of 0 changes at once; completion still runs, on the next frame")
    func zeroDuration() {
        let (screen, view) = makeAnimationScreen()
        var finished: Bool?
        UIView.animate(withDuration: 0, animations: { view.alpha = 0.25 }, completion: { finished = $0 })
        #expect(view.layer.animationKeys() == nil)
        #expect(approx(Double(view.shown.opacity), 0.25))
        #expect(finished == nil, "completion is never called from inside animate()")
        screen.advance(by: 1.0 / 60)
        #expect(finished == true)
    }

    @Test("a block that animates an on-screen view and a view on no screen that is then released completes, unfinished, when the on-screen one ends")
    func releasedOffscreenView() {
        let (screen, view) = makeAnimationScreen()
        var offscreen: UIView? = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        weak let gone = offscreen
        var calls: [Bool] = []
        UIView.animate(withDuration: 0.5, animations: {
            view.alpha = 0.5
            offscreen?.alpha = 0
        }, completion: { calls.append($0) })
        offscreen = nil
        #expect(gone == nil, "the view on no screen was released")
        screen.advance(by: 0.25)
        #expect(calls.isEmpty, "the on-screen view is still animating")
        screen.advance(by: 0.3)
        #expect(calls == [false], "the released view's animation never ran, so the block did not finish")
    }

    @Test("a block that changes nothing completes on the next frame")
    func emptyBlock() {
        let (screen, view) = makeAnimationScreen()
        var finished: Bool?
        UIView.animate(withDuration: 1, animations: { view.alpha = 1 }, completion: { finished = $0 })
        screen.advance(by: 1.0 / 60)
        #expect(finished == true)
    }

    @Test("the drop-in card: rotate −15° and offset (−20, −20), opacity 0.8, to identity and 1 in 0.4 s")
    func dropInCard() throws {
        let (screen, card) = makeAnimationScreen()
        let initial = CATransform3DTranslate(CATransform3DRotate(CATransform3DIdentity, -15 * .pi / 180, 0, 0, 1), -20, -20, 0)
        card.layer.transform = initial
        card.layer.opacity = 0.8
        UIView.animate(withDuration: 0.4) {
            card.layer.transform = CATransform3DIdentity
            card.layer.opacity = 1
        }
        #expect(card.layer.transform == CATransform3DIdentity)
        func angle(_ t: CATransform3D) -> Double { atan2(Double(t.m12), Double(t.m11)) * 180 / .pi }
        #expect(approx(angle(card.shown.transform), -15, 1e-6), "starts tilted")
        var previous = -15.0
        for step in 1 ... 24 {
            screen.advance(by: 1.0 / 60)
            let shown = card.shown.transform
            let f = TimingCurve.easeInEaseOut.value(at: Double(step) / 24)
            #expect(approx(angle(shown), -15 * (1 - f), 1e-6), "frame \(step): the rotation turns")
            // The upper 2×2 stays a rotation: no shrinking or shearing on the way.
            let det = Double(shown.m11 * shown.m22 - shown.m12 * shown.m21)
            #expect(approx(det, 1, 1e-9), "frame \(step)")
            #expect(approx(Double(card.shown.opacity), 0.8 + 0.2 * f, 1e-6))
            #expect(angle(shown) >= previous - 1e-9)
            previous = angle(shown)
        }
        #expect(card.shown.transform == CATransform3DIdentity)
        #expect(card.shown.opacity == 1)
    }

    @Test("the cloud background: a wide view moves left forever, linearly, repeating")
    func cloudBackground() {
        let (screen, _) = makeAnimationScreen()
        let clouds = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 100))
        screen.window!.addSubview(clouds)
        var completed = false
        UIView.animate(withDuration: 4, delay: 0, options: [.curveLinear, .repeat], animations: {
            clouds.frame.origin.x = -200
        }, completion: { _ in completed = true })
        let t0 = screen.currentTime
        for elapsed in [1.0, 2.0, 3.5, 4.5, 7.25, 41.0] {
            screen.advance(by: t0 + elapsed - screen.currentTime)
            let e = screen.currentTime - t0
            let cycle = e.truncatingRemainder(dividingBy: 4) / 4
            #expect(approx(Double(clouds.shown.position.x), 200 - 200 * cycle, 1e-6), "at \(e) s")
        }
        #expect(!completed, "a repeating animation never completes")
        #expect(clouds.layer.animationKeys() == ["position"])
    }

    @Test("views animated together, with other curves or queued between them, each show their own timing's value every frame")
    func sharedTimingsAcrossLayers() {
        let (screen, first) = makeAnimationScreen()
        let root = first.superview!
        let views = [first] + (1 ..< 7).map { _ in UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10)) }
        for view in views.dropFirst() { root.addSubview(view) }
        screen.advance(by: 1.0 / 60)
        // The frame visits layers in the order they were first animated. One block per view,
        // all beginning now, with three curves taking turns: equal timings come apart.
        let curves: [UIView.AnimationOptions] = [.curveEaseIn, .curveEaseOut, .curveLinear,
                                                 .curveEaseIn, .curveEaseOut, .curveEaseIn]
        for (view, curve) in zip(views, curves) {
            UIView.animate(withDuration: 1, delay: 0, options: curve, animations: { view.alpha = 0 })
        }
        // Then one block for views 5 and 6, visited one after the other: view 5 waits behind
        // its in-flight animation, and so the whole block begins when that one ends; until
        // then view 6 shows its start value.
        screen.advance(by: 0.25)
        UIView.animate(withDuration: 1, delay: 0, options: .curveEaseIn, animations: {
            views[5].alpha = 1
            views[6].alpha = 0.5
        })
        let t0 = screen.currentTime - 0.25
        for _ in 0 ..< 80 {
            screen.advance(by: 1.0 / 60)
            let f = min((screen.currentTime - t0) / 1, 1)
            let expected = [1 - TimingCurve.easeIn.value(at: f), 1 - TimingCurve.easeOut.value(at: f), 1 - f]
            for (i, timing) in [0, 1, 2, 0, 1].enumerated() {
                let drawn = Double(views[i].layer.renderProperties.opacity)
                #expect(approx(drawn, expected[timing], 1e-6), "view \(i) at \(f)")
            }
            let queued = Double(views[5].layer.renderProperties.opacity)
            let afterFirst = screen.currentTime - (t0 + 1)
            let second = afterFirst < 0 ? 0 : TimingCurve.easeIn.value(at: min(afterFirst, 1))
            #expect(approx(queued, afterFirst < 0 ? expected[0] : second, 1e-6), "the queued view at \(afterFirst)")
            let waiting = Double(views[6].layer.renderProperties.opacity)
            #expect(approx(waiting, 1 - 0.5 * second, 1e-6), "the view beside it at \(afterFirst)")
        }
    }
}
