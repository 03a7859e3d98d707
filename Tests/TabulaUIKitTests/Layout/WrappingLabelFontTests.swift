import Foundation
import Testing
@testable import TabulaUIKit

/// A multi-line label placed by its leading and top edges only takes its text's width,
/// whatever font it is given later (port trial S: MVCTodo's titles broke into "Ga/mes" at
/// a larger text size and stayed broken after it came back).
@MainActor
@Suite("Wrapping labels follow their font")
struct WrappingLabelFontTests {
    let screen = HeadlessScreen(device: .iPhone15)

    /// A wrapping label showing `text` in `font`, pinned by its leading and top edges only.
    func show(_ text: String, _ font: UIFont, adjusts: Bool = false) -> UILabel {
        let controller = UIViewController()
        let label = UILabel()
        label.numberOfLines = 0
        label.text = text
        label.font = font
        label.adjustsFontForContentSizeCategory = adjusts
        label.translatesAutoresizingMaskIntoConstraints = false
        controller.view.addSubview(label)
        NSLayoutConstraint.activate([
            label.leadingAnchor.constraint(equalTo: controller.view.leadingAnchor, constant: 20),
            label.topAnchor.constraint(equalTo: controller.view.topAnchor, constant: 100),
        ])
        let window = UIWindow(frame: .zero)
        window.rootViewController = controller
        screen.show(window)
        screen.advance(by: 0.1)
        return label
    }

    @Test("a label with numberOfLines 0 pinned by leading and top: a larger font, then the old one, each on one line")
    func fontChanges() throws {
        let label = show("Games", .systemFont(ofSize: 34))
        func oneLine() -> Bool {
            let single = label.intrinsicContentSize
            return abs(label.frame.width - single.width) < 0.5 && abs(label.frame.height - single.height) < 0.5
        }
        let small = label.frame.size
        #expect(oneLine(), "at 34 points: \(label.frame) for \(label.intrinsicContentSize)")
        label.font = .systemFont(ofSize: 52)
        screen.advance(by: 0.1)
        #expect(oneLine(), "at 52 points: \(label.frame) for \(label.intrinsicContentSize)")
        #expect(label.frame.width > small.width)
        label.font = .systemFont(ofSize: 34)
        screen.advance(by: 0.1)
        #expect(oneLine() && label.frame.size == small, "back at 34 points: \(label.frame)")
    }

    @Test("the same through adjustsFontForContentSizeCategory: a larger text size and back")
    func textSizeChanges() throws {
        let label = show("Art", .preferredFont(forTextStyle: .largeTitle), adjusts: true)
        let normal = label.frame.size
        screen.preferredContentSizeCategory = .accessibilityExtraLarge
        screen.advance(by: 0.1)
        let large = label.intrinsicContentSize
        #expect(abs(label.frame.width - large.width) < 0.5 && abs(label.frame.height - large.height) < 0.5,
                "at the larger size: \(label.frame) for \(large)")
        screen.preferredContentSizeCategory = .large
        screen.advance(by: 0.1)
        #expect(label.frame.size == normal, "back: \(label.frame), was \(normal)")
    }
}
