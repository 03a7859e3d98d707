import Foundation
import Testing
@testable import TabulaUIKit
import TabulaUIKitTestSupport

@MainActor
@Suite("View transitions: transition(with:) and transition(from:to:)")
struct ViewTransitionTests {
    /// A 100×100 red card at (50, 50) of a white 200×200 screen (scale 1), with a label.
    func cardScreen() -> (HeadlessScreen, UIView, UIView) {
        let (screen, root) = makeScreen(width: 200, height: 200, scale: 1)
        let card = UIView(frame: CGRect(x: 50, y: 50, width: 100, height: 100))
        card.backgroundColor = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
        root.addSubview(card)
        screen.advance(by: 1.0 / 60)
        return (screen, root, card)
    }

    @Test("cross dissolve: half-way every pixel is half old, half new; completion runs once")
    func crossDissolve() {
        let (screen, _, card) = cardScreen()
        var completions: [Bool] = []
        UIView.transition(with: card, duration: 1, options: [.transitionCrossDissolve, .curveLinear], animations: {
            card.backgroundColor = UIColor(red: 0, green: 0, blue: 1, alpha: 1)
        }, completion: { completions.append($0) })
        #expect(card.backgroundColor == UIColor(red: 0, green: 0, blue: 1, alpha: 1), "the model changes at once")
        let frames = screen.record(duration: 1, fps: 10)
        writeForLooking(HeadlessScreen.filmstrip(frames, columns: 11), "transition-cross-dissolve")
        let middle = frames[5].cgImage!.color(x: 100, y: 100)
        #expect(abs(middle.red - 0.5) < 0.06 && abs(middle.blue - 0.5) < 0.06, "\(middle)")
        let early = frames[2].cgImage!.color(x: 100, y: 100)
        #expect(early.red > 0.7 && early.blue < 0.3)
        screen.advance(by: 0.5)
        let end = screen.currentFrame.color(x: 100, y: 100)
        #expect(end.blue > 0.99 && end.red < 0.01)
        #expect(completions == [true])
        #expect(card.layer.animation(forKey: ViewTransition.hideKey) == nil)
        #expect(card.superview?.subviews.last === card, "the overlay is gone")
    }

    @Test("flips: the old side turns away, at 90° nothing shows, then the new side turns in", arguments: [
        ("left", UIView.AnimationOptions.transitionFlipFromLeft), ("right", .transitionFlipFromRight),
        ("top", .transitionFlipFromTop), ("bottom", .transitionFlipFromBottom),
    ])
    func flip(_ name: String, _ option: UIView.AnimationOptions) {
        let (screen, _, card) = cardScreen()
        var completions = 0
        UIView.transition(with: card, duration: 1, options: [option, .curveLinear], animations: {
            card.backgroundColor = UIColor(red: 0, green: 0, blue: 1, alpha: 1)
        }, completion: { _ in completions += 1 })
        let frames = screen.record(duration: 1, fps: 10)
        writeForLooking(HeadlessScreen.filmstrip(frames, columns: 11), "transition-flip-\(name)")
        let horizontal = name == "left" || name == "right"
        // Off the axis by a quarter of the card: covered at the start and the end, bare at 90°.
        let probe = horizontal ? (x: 75, y: 100) : (x: 100, y: 75)
        let quarter = frames[2].cgImage!.color(x: 100, y: 100)
        #expect(quarter.red > 0.99 && quarter.blue < 0.01, "before half-way the old (red) side shows")
        let half = frames[5].cgImage!.color(x: probe.x, y: probe.y)
        #expect(half.red > 0.99 && half.green > 0.99 && half.blue > 0.99, "edge-on at 90°: the white root shows, \(half)")
        let threeQuarters = frames[8].cgImage!.color(x: 100, y: 100)
        #expect(threeQuarters.blue > 0.99 && threeQuarters.red < 0.01, "after half-way the new (blue) side shows")
        // Narrower than the card while turning (the old side at 36°).
        let outside = frames[2].cgImage!.color(x: horizontal ? 53 : 100, y: horizontal ? 100 : 53)
        #expect(outside.green > 0.99, "the turned side no longer reaches the card's edge")
        screen.advance(by: 0.5)
        #expect(completions == 1)
        #expect(screen.currentFrame.color(x: 100, y: 100).blue > 0.99)
    }

    @Test("curls: the page lifts from the bottom (up) or comes down from the top (down)")
    func curls() {
        for (name, option) in [("up", UIView.AnimationOptions.transitionCurlUp), ("down", .transitionCurlDown)] {
            let (screen, _, card) = cardScreen()
            var completions = 0
            UIView.transition(with: card, duration: 1, options: [option, .curveLinear], animations: {
                card.backgroundColor = UIColor(red: 0, green: 0, blue: 1, alpha: 1)
            }, completion: { _ in completions += 1 })
            let frames = screen.record(duration: 1, fps: 10)
            writeForLooking(HeadlessScreen.filmstrip(frames, columns: 11), "transition-curl-\(name)")
            // Half-way the fold is at the card's middle: old above it in curl up (new below it),
            // new above it in curl down (old below), and the flap lies over the top half.
            let top = frames[5].cgImage!.color(x: 100, y: 52), bottom = frames[5].cgImage!.color(x: 100, y: 140)
            if name == "up" {
                #expect(bottom.blue > 0.99 && bottom.red < 0.01, "curl up uncovers the new content at the bottom")
            } else {
                #expect(bottom.red > 0.99 && bottom.blue < 0.01, "curl down has not yet covered the bottom")
            }
            #expect(top.green > 0.5, "the page's pale back covers the top half: \(top)")
            screen.advance(by: 0.5)
            #expect(completions == 1)
            #expect(screen.currentFrame.color(x: 100, y: 100).blue > 0.99)
        }
    }

    @Test("transition(from:to:) puts the new view in the old one's place; showHideTransitionViews hides and shows instead")
    func fromTo() {
        let (screen, root, card) = cardScreen()
        let green = UIView(frame: card.frame)
        green.backgroundColor = UIColor(red: 0, green: 1, blue: 0, alpha: 1)
        let sibling = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        root.addSubview(sibling)
        var completions: [Bool] = []
        UIView.transition(from: card, to: green, duration: 0.5, options: .transitionCrossDissolve) { completions.append($0) }
        #expect(card.superview == nil)
        #expect(green.superview === root)
        #expect(root.subviews.firstIndex { $0 === green }! < root.subviews.firstIndex { $0 === sibling }!, "in the old view's place")
        screen.advance(by: 0.25)
        let mixed = screen.currentFrame.color(x: 100, y: 100)
        #expect(mixed.red > 0.2 && mixed.green > 0.2, "mid-way both show: \(mixed)")
        screen.advance(by: 0.5)
        #expect(completions == [true])
        #expect(screen.currentFrame.color(x: 100, y: 100).green > 0.99)

        // Hide and show: both stay, one hidden.
        UIView.transition(from: green, to: card, duration: 0.5, options: [.transitionFlipFromLeft, .showHideTransitionViews]) {
            completions.append($0)
        }
        #expect(green.superview === root && green.isHidden)
        #expect(card.superview === root && !card.isHidden)
        screen.advance(by: 0.6)
        #expect(completions == [true, true])
        #expect(screen.currentFrame.color(x: 100, y: 100).red > 0.99)
    }

    @Test("a second transition of the same view cuts the first: its completion gets false, once")
    func interrupted() {
        let (screen, _, card) = cardScreen()
        var log: [String] = []
        UIView.transition(with: card, duration: 1, options: .transitionFlipFromLeft, animations: {
            card.backgroundColor = .blue
        }, completion: { log.append("first \($0)") })
        screen.advance(by: 0.2)
        UIView.transition(with: card, duration: 0.3, options: .transitionCrossDissolve, animations: {
            card.backgroundColor = .green
        }, completion: { log.append("second \($0)") })
        #expect(log == ["first false"])
        screen.advance(by: 1.5)
        #expect(log == ["first false", "second true"])
    }

    @Test("bad input: from a view outside any hierarchy nothing changes and the mistake is reported; off screen it is immediate")
    func badInput() {
        let saved = UIViewController.onInvalidUse
        var reports: [String] = []
        UIViewController.onInvalidUse = { reports.append($0) }
        defer { UIViewController.onInvalidUse = saved }
        let loose = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10)), other = UIView()
        var completions: [Bool] = []
        UIView.transition(from: loose, to: other, duration: 0.3, options: .transitionCrossDissolve) { completions.append($0) }
        #expect(reports.count == 1 && reports[0].contains("no superview"))
        #expect(completions == [false])
        #expect(other.superview == nil)
        // Not in a window: the changes happen, completion at once.
        UIView.transition(with: loose, duration: 0.3, options: .transitionCurlUp, animations: { loose.alpha = 0.5 },
                          completion: { completions.append($0) })
        #expect(loose.alpha == 0.5)
        #expect(completions == [false, true])
    }
}
