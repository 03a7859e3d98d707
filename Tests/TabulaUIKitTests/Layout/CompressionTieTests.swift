import Foundation
import Testing
@testable import TabulaUIKit

/// A label too long for its row, squeezed by a required chain of constraints to the
/// trailing edge (port trial S: MVCTodo's list rows, a long name beside a count).
@MainActor
@Suite("Required constraints hold against labels' compression resistance")
struct CompressionTieTests {
    @Test("a long label (resistance 750) beside a count pinned to the trailing edge is squeezed; the count stays on screen",
          arguments: [3, 8], [0, 1])
    func longNameBesideCount(repeats: Int, lines: Int) throws {
        let screen = HeadlessScreen(device: .iPhone15)
        var reports: [String] = []
        screen.onReport = { reports.append($0) }
        let controller = UIViewController()
        let name = UILabel(), count = UILabel()
        name.numberOfLines = lines
        name.text = String(repeating: "Very long list name ", count: repeats)
        count.text = "0"
        for label in [name, count] {
            label.translatesAutoresizingMaskIntoConstraints = false
            controller.view.addSubview(label)
            label.setContentHuggingPriority(UILayoutPriority(251), for: .horizontal)
        }
        NSLayoutConstraint.activate([
            name.leadingAnchor.constraint(equalTo: controller.view.leadingAnchor, constant: 20),
            name.topAnchor.constraint(equalTo: controller.view.topAnchor, constant: 100),
            count.centerYAnchor.constraint(equalTo: name.centerYAnchor),
            controller.view.trailingAnchor.constraint(equalTo: count.trailingAnchor, constant: 16),
            count.leadingAnchor.constraint(greaterThanOrEqualTo: name.trailingAnchor, constant: 8),
        ])
        let window = UIWindow(frame: .zero)
        window.rootViewController = controller
        screen.show(window)
        screen.advance(by: 0.1)

        #expect(abs(count.frame.maxX - 377) < 0.5, "the count is at \(count.frame)")
        #expect(count.frame.width >= count.intrinsicContentSize.width - 0.5)
        #expect(name.frame.maxX <= count.frame.minX - 8 + 0.5, "the name is at \(name.frame)")
        #expect(reports.isEmpty, "\(reports)")
    }

    @Test("a view whose intrinsic width is NaN or infinite beside a label breaks no tie and no frame: the label keeps its place")
    func carelessIntrinsicSize() throws {
        for careless in [CGFloat.nan, .infinity, -.infinity] {
            let screen = HeadlessScreen(device: .iPhone15)
            let controller = UIViewController()
            let odd = CarelessSizeView(width: careless), label = UILabel()
            label.text = "Count"
            for view in [odd, label] {
                view.translatesAutoresizingMaskIntoConstraints = false
                controller.view.addSubview(view)
            }
            NSLayoutConstraint.activate([
                odd.leadingAnchor.constraint(equalTo: controller.view.leadingAnchor, constant: 20),
                odd.topAnchor.constraint(equalTo: controller.view.topAnchor, constant: 100),
                label.leadingAnchor.constraint(greaterThanOrEqualTo: odd.trailingAnchor, constant: 8),
                controller.view.trailingAnchor.constraint(equalTo: label.trailingAnchor, constant: 16),
                label.centerYAnchor.constraint(equalTo: odd.centerYAnchor),
            ])
            let window = UIWindow(frame: .zero)
            window.rootViewController = controller
            screen.show(window)
            screen.advance(by: 0.1)
            #expect(abs(label.frame.maxX - 377) < 0.5, "\(careless): the label is at \(label.frame)")
            #expect([odd.frame, label.frame].allSatisfy { $0.minX.isFinite && $0.width.isFinite && $0.width >= 0 })
        }
    }
}

/// A view whose intrinsic width is whatever careless code returns.
private final class CarelessSizeView: UIView {
    let width: CGFloat
    init(width: CGFloat) {
        self.width = width
        super.init(frame: .zero)
    }
    required init?(coder: NSCoder) { nil }
    override var intrinsicContentSize: CGSize { CGSize(width: width, height: 20) }
}
