import Foundation
import TabulaUIKit

/// A screen showing a 100×100 view at (0, 0) in a 200×200 window (scale 1: fast).
@MainActor
package func makeAnimationScreen() -> (HeadlessScreen, UIView) {
    let screen = HeadlessScreen(size: CGSize(width: 200, height: 200), scale: 1)
    let window = UIWindow(frame: .zero)
    window.rootViewController = UIViewController()
    screen.show(window)
    let view = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
    view.backgroundColor = .systemBlue
    window.rootViewController!.view.addSubview(view)
    screen.advance(by: 1.0 / 60)
    return (screen, view)
}

@MainActor
extension UIView {
    /// The view's presentation values now.
    package var shown: CALayer { layer.presentation()! }
}

package func approx(_ a: Double, _ b: Double, _ tolerance: Double = 1e-6) -> Bool { abs(a - b) <= tolerance }
package func approx(_ a: CGFloat, _ b: CGFloat, _ tolerance: CGFloat = 1e-6) -> Bool { abs(a - b) <= tolerance }
package func approx(_ a: CGPoint, _ b: CGPoint, _ tolerance: CGFloat = 1e-6) -> Bool {
    abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
}

/// Runs `n` whole frames of `screen`.
@MainActor
package func runFrames(_ screen: HeadlessScreen, _ n: Int) {
    screen.advance(by: Double(n) / 60)
}

/// Replaces `CALayer.onInvalidAnimation` while `body` runs and returns the reported messages.
@MainActor
package func capturingInvalidAnimations(_ body: () -> Void) -> [String] {
    let saved = CALayer.onInvalidAnimation
    let log = CallLog()
    CALayer.onInvalidAnimation = { log.add($0.description) }
    defer { CALayer.onInvalidAnimation = saved }
    body()
    return log.entries
}

/// Records the order of callbacks.
@MainActor
package final class CallLog {
    package var entries: [String] = []
    package init() {}
    package func add(_ s: String) { entries.append(s) }
}
