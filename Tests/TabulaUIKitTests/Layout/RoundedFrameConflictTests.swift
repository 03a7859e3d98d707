import Testing
@testable import TabulaUIKit
import TabulaUIKitTestSupport

/// A view whose own height constraint holds a length between pixels (a bar whose height is
/// worked out from data, as in a chart cell) gets a frame rounded to the screen's pixels.
/// UIKit rounds only the frame it sets, never what the constraints hold: laying the view
/// out again must not find its rounded frame in conflict with its own height constraint.
@MainActor
@Suite("Auto Layout: a rounded frame is not a conflict with the view's own constraints", .serialized)
struct RoundedFrameConflictTests {
    static let frame = 1.0 / 60

    @Test("a bar pinned to the bottom of a cell placed in code, its height off the pixel grid and changed, breaks nothing")
    func barHeightBetweenPixels() {
        let reports = ConstraintReports()
        defer { reports.restore() }
        let (screen, root) = makeScreen(width: 160, height: 400, scale: 3)
        // The cell is placed in code (as a collection view places its cells).
        let cell = UIView(frame: CGRect(x: 10, y: 10, width: 20, height: 350))
        root.addSubview(cell)
        // As a cell's content view: it fills the cell by its autoresizing mask, and the
        // bar inside it is pinned to the cell.
        let content = UIView(frame: cell.bounds)
        content.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        cell.addSubview(content)
        let bar = UIView()
        bar.translatesAutoresizingMaskIntoConstraints = false
        content.addSubview(bar)
        let height = bar.heightAnchor.constraint(equalToConstant: 208)
        NSLayoutConstraint.activate([
            bar.leadingAnchor.constraint(equalTo: cell.leadingAnchor),
            cell.trailingAnchor.constraint(equalTo: bar.trailingAnchor),
            cell.bottomAnchor.constraint(equalTo: bar.bottomAnchor),
            height,
        ])
        screen.advance(by: Self.frame)
        for constant in [282.51, 249.66, 72.27, 321.93] {
            height.constant = constant
            cell.frame.size.height = 349.9 - constant / 100
            bar.setNeedsLayout()
            screen.advance(by: Self.frame)
            #expect(abs(bar.frame.height - constant) <= 1.0 / 3, "\(bar.frame) for \(constant)")
        }
        #expect(!reports.messages.contains { $0.contains("Unable to simultaneously satisfy constraints") }, "\(reports.messages)")
    }
}
