import Foundation
import Testing
@testable import TabulaUIKit
import TabulaUIKitTestSupport

@MainActor
@Suite("UIProgressView and UIActivityIndicatorView")
struct ProgressAndActivityTests {
    let screen = HeadlessScreen(size: CGSize(width: 240, height: 100), scale: 2)

    @Test("progress fills its track up to the fraction, clamped, and animates when asked")
    func progress() throws {
        let bar = UIProgressView(progressViewStyle: .default)
        bar.frame = CGRect(x: 20, y: 40, width: 200, height: 4)
        let window = UIWindow(frame: .zero)
        window.backgroundColor = .white
        window.addSubview(bar)
        screen.show(window)
        bar.progress = 0.25
        let fill = try #require(bar.subviews.first)
        #expect(fill.frame.width == 50)
        bar.setProgress(2, animated: true)
        #expect(bar.progress == 1, "clamped")
        screen.advance(by: 0.1)
        let midway = fill.layer.presentation()!.bounds.width
        #expect(midway > 50 && midway < 200, "filling: \(midway)")
        screen.advance(by: 0.3)
        #expect(fill.frame.width == 200)
    }

    @Test("an activity indicator is hidden while stopped, turns an eighth at a time while animating")
    func activity() {
        let spinner = UIActivityIndicatorView(style: .large)
        spinner.center = CGPoint(x: 120, y: 50)
        let window = UIWindow(frame: .zero)
        window.addSubview(spinner)
        screen.show(window)
        #expect(spinner.isHidden && !spinner.isAnimating && spinner.bounds.size == CGSize(width: 37, height: 37))
        spinner.startAnimating()
        #expect(!spinner.isHidden && spinner.isAnimating)
        screen.advance(by: 0.3)
        let angle = atan2(spinner.layer.presentation()!.transform.m12, spinner.layer.presentation()!.transform.m11)
        let eighths = angle / (.pi / 4)
        #expect(abs(eighths - eighths.rounded()) < 0.01 && abs(eighths) >= 1, "a whole number of eighths: \(eighths)")
        writeForLooking(screen.snapshot(), "spinner")
        spinner.stopAnimating()
        #expect(spinner.isHidden && !spinner.isAnimating)
    }
}
