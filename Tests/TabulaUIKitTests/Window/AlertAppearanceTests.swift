import Foundation
import Testing
@testable import TabulaUIKit
import TabulaUIKitTestSupport

@Suite("Alerts in light and dark appearance")
@MainActor
struct AlertAppearanceTests {
    /// The luminance of a colour, 0 (black) to 1 (white).
    func luma(_ c: Color) -> Double { 0.2126 * c.red + 0.7152 * c.green + 0.0722 * c.blue }

    @Test("the alert card and the keyboard are light with dark text in light appearance, and dark with light text in dark, as on iOS 17")
    func cardFollowsAppearance() throws {
        let screen = HeadlessScreen(size: CGSize(width: 390, height: 844), scale: 1)
        let root = UIViewController()
        let window = UIWindow(frame: .zero)
        window.rootViewController = root
        screen.show(window)
        let alert = UIAlertController(title: "Delete the Book?", message: "It is removed from every list.", preferredStyle: .alert)
        alert.addTextField { $0.placeholder = "Reason" }
        alert.addAction(UIAlertAction(title: "Cancel", style: .cancel))
        alert.addAction(UIAlertAction(title: "Delete", style: .destructive))
        root.present(alert, animated: false)
        screen.advance(by: 0.5)
        let card = try #require(alert.view.superview.map { _ in alert.view.convert(alert.view.bounds, to: nil) })
        // A point of the card's background beside the title, and the title's darkest or lightest pixel.
        func sample(_ style: UIUserInterfaceStyle) throws -> (background: Double, title: Double) {
            screen.userInterfaceStyle = style
            screen.advance(by: 0.1)
            let image = screen.snapshot()
            writeForLooking(image, "alert-\(style == .dark ? "dark" : "light")")
            let bitmap = try #require(image.cgImage)
            let background = luma(bitmap.color(x: Int(card.minX + 8), y: Int(card.minY + 8)))
            var extreme = style == .dark ? 0.0 : 1.0
            for x in stride(from: Int(card.minX + 20), to: Int(card.maxX - 20), by: 1) {
                for y in Int(card.minY + 16) ..< Int(card.minY + 40) {
                    let l = luma(bitmap.color(x: x, y: y))
                    extreme = style == .dark ? max(extreme, l) : min(extreme, l)
                }
            }
            // The keyboard's first letter key (Q): its letter stands out from its key.
            let keyboard = try #require(screen.keyboardFrame)
            var lo = 1.0, hi = 0.0
            for x in Int(keyboard.minX + 6) ..< Int(keyboard.minX + 34) {
                for y in Int(keyboard.minY + 56) ..< Int(keyboard.minY + 92) {
                    let l = luma(bitmap.color(x: x, y: y))
                    lo = min(lo, l)
                    hi = max(hi, l)
                }
            }
            #expect(hi - lo > 0.5, "\(style == .dark ? "dark" : "light"): the Q key's letter is legible (\(lo)…\(hi))")
            let keyboardBackground = luma(bitmap.color(x: Int(keyboard.minX + 1), y: Int(keyboard.midY)))
            #expect(style == .dark ? keyboardBackground < 0.25 : keyboardBackground > 0.7, "keyboard background \(keyboardBackground)")
            return (background, extreme)
        }
        let light = try sample(.light)
        #expect(light.background > 0.85 && light.title < 0.2, "light: \(light)")
        let dark = try sample(.dark)
        #expect(dark.background < 0.25 && dark.title > 0.8, "dark: \(dark)")
    }
}
