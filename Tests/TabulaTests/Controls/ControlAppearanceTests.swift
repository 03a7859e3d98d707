import Foundation
import Testing
@testable import TabulaUIKit
import TabulaUIKitTestSupport

/// `UIPageControl.appearance()`, `UISwitch.appearance()` and `UISegmentedControl.appearance()`,
/// as an app sets them once at launch. Before, they did not exist: a port had to leave them
/// out (a port trial's onboarding pages lost their dot colours).
///
/// The proxies belong to the process: each test sets them and clears them within one
/// synchronous body, so no other test's controls see them.
@MainActor
@Suite("Control appearance proxies")
struct ControlAppearanceTests {
    /// The colour of the pixel at `point` (points, at 1x) of `view` shown alone.
    func pixels(of view: UIView, size: CGSize) -> (HeadlessScreen, UIView) {
        let (screen, root) = makeScreen(width: size.width, height: size.height, scale: 1)
        root.addSubview(view)
        screen.advance(by: 0.5)
        screen.renderFrame()
        return (screen, root)
    }

    @Test("a page control made after the proxy is set draws the proxy's dot colours; its own settings win")
    func pageControl() {
        defer { AppearanceProxies.pageControl = nil }
        UIPageControl.appearance().currentPageIndicatorTintColor = .systemRed
        UIPageControl.appearance().pageIndicatorTintColor = .systemBlue
        let control = UIPageControl(frame: CGRect(x: 0, y: 0, width: 200, height: 30))
        control.numberOfPages = 3
        #expect(control.currentPageIndicatorTintColor == .systemRed && control.pageIndicatorTintColor == .systemBlue)
        let (screen, _) = pixels(of: control, size: CGSize(width: 200, height: 30))
        var red = 0, blue = 0
        for y in 0 ..< 30 {
            for x in 0 ..< 200 {
                let p = screen.frame.pixel(x: x, y: y)
                if p.red > 200 && p.green < 100 && p.blue < 100 { red += 1 }
                if p.blue > 200 && p.red < 100 { blue += 1 }
            }
        }
        #expect(red > 10 && blue > 20, "one red dot and two blue: \(red) red, \(blue) blue pixels")
        let own = UIPageControl(frame: .zero)
        own.currentPageIndicatorTintColor = .systemGreen
        #expect(own.currentPageIndicatorTintColor == .systemGreen)
    }

    @Test("a switch takes the proxy's on tint, made after it or entering a window after it was set")
    func switchControl() {
        defer { AppearanceProxies.switchControl = nil }
        let before = UISwitch(frame: .zero)
        #expect(before.onTintColor == nil)
        UISwitch.appearance().onTintColor = .systemPurple
        UISwitch.appearance().thumbTintColor = .systemYellow
        let after = UISwitch(frame: .zero)
        #expect(after.onTintColor == .systemPurple && after.thumbTintColor == .systemYellow)
        after.isOn = true
        let (screen, root) = pixels(of: after, size: CGSize(width: 60, height: 40))
        let track = screen.frame.pixel(x: 8, y: 15)
        #expect(track.red > 150 && track.blue > 150 && track.green < 120, "the purple track: \(track)")
        // Made before the proxy: it takes it when it enters a window.
        root.addSubview(before)
        #expect(before.onTintColor == .systemPurple)
    }

    @Test("a segmented control takes the proxy's selected tint and title attributes")
    func segmentedControl() {
        defer { AppearanceProxies.segmentedControl = nil }
        UISegmentedControl.appearance().selectedSegmentTintColor = .systemOrange
        UISegmentedControl.appearance().setTitleTextAttributes([.foregroundColor: UIColor.white], for: .selected)
        let control = UISegmentedControl(items: ["One", "Two"])
        #expect(control.selectedSegmentTintColor == .systemOrange)
        #expect(control.titleTextAttributes(for: .selected)?[.foregroundColor] as? UIColor == .white)
        #expect(control.titleTextAttributes(for: .normal) == nil)
        control.selectedSegmentIndex = 0
        control.frame = CGRect(x: 0, y: 0, width: 200, height: 32)
        let (screen, _) = pixels(of: control, size: CGSize(width: 200, height: 32))
        let selection = screen.frame.pixel(x: 10, y: 16)
        #expect(selection.red > 200 && selection.green > 100 && selection.green < 200 && selection.blue < 80,
                "the orange selection: \(selection)")
    }
}
