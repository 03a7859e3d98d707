import Testing
@testable import TabulaUIKit
import TabulaUIKitTestSupport

/// Constraints installed above a nested layout root that name views inside it: Xcode's
/// collection and table view cells pin the content view's subviews to the cell itself,
/// while the content view (which translates its autoresizing mask) lays out its own.
@MainActor
@Suite("Auto Layout: a view inside a nested root pinned to a view above it")
struct NestedRootConstraintTests {
    /// A 100×300 "cell" whose "content view" fills it by its autoresizing mask, with a bar
    /// in the content view pinned to the cell's leading, trailing and bottom edges and 100
    /// high, and a label in the content view 8 points above the bar.
    @MainActor struct Cell {
        let cell = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 300))
        let content = UIView()
        let bar = UIView()
        let label = UIView()
        let barHeight: NSLayoutConstraint

        init() {
            content.frame = cell.bounds
            content.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            cell.addSubview(content)
            for view in [bar, label] {
                view.translatesAutoresizingMaskIntoConstraints = false
                content.addSubview(view)
            }
            barHeight = bar.heightAnchor.constraint(equalToConstant: 100)
            NSLayoutConstraint.activate([
                // As Interface Builder writes them: the cell first, the bar second.
                cell.trailingAnchor.constraint(equalTo: bar.trailingAnchor),
                cell.bottomAnchor.constraint(equalTo: bar.bottomAnchor),
                bar.leadingAnchor.constraint(equalTo: cell.leadingAnchor),
                barHeight,
                label.leadingAnchor.constraint(equalTo: content.leadingAnchor, constant: 10),
                label.trailingAnchor.constraint(equalTo: bar.trailingAnchor, constant: -10),
                label.bottomAnchor.constraint(equalTo: bar.topAnchor, constant: -8),
                label.heightAnchor.constraint(equalToConstant: 20),
            ])
        }
    }

    @Test("laid out alone, the bar takes every constraint on it, and the label inside follows the bar")
    func alone() {
        let c = Cell()
        #expect(c.cell.constraints.count == 3 && c.content.constraints.count == 3)
        c.cell.layoutIfNeeded()
        #expect(c.bar.frame == CGRect(x: 0, y: 200, width: 100, height: 100),
                "the content view's own pass would have made it 0 wide at the top")
        #expect(c.label.frame == CGRect(x: 10, y: 172, width: 80, height: 20))
    }

    @Test("in a window, resized, a constant changed inside the content view, and the pins moved to the content view")
    func followsChanges() {
        let (screen, root) = makeScreen()
        let c = Cell()
        root.addSubview(c.cell)
        screen.advance(by: 1.0 / 60)
        #expect(c.bar.frame == CGRect(x: 0, y: 200, width: 100, height: 100))

        c.cell.frame.size = CGSize(width: 140, height: 260)
        screen.advance(by: 1.0 / 60)
        #expect(c.bar.frame == CGRect(x: 0, y: 160, width: 140, height: 100))
        #expect(c.label.frame == CGRect(x: 10, y: 132, width: 120, height: 20))

        // A constraint of the content view's: the cell's pass solves it too and must hear of it.
        c.barHeight.constant = 60
        screen.advance(by: 1.0 / 60)
        #expect(c.bar.frame == CGRect(x: 0, y: 200, width: 140, height: 60))
        #expect(c.label.frame == CGRect(x: 10, y: 172, width: 120, height: 20))

        // Pinned to the content view instead: the content view's pass places it alone again.
        NSLayoutConstraint.deactivate(c.cell.constraints)
        NSLayoutConstraint.activate([
            c.bar.leadingAnchor.constraint(equalTo: c.content.leadingAnchor, constant: 5),
            c.bar.trailingAnchor.constraint(equalTo: c.content.trailingAnchor, constant: -5),
            c.bar.topAnchor.constraint(equalTo: c.content.topAnchor, constant: 50),
        ])
        screen.advance(by: 1.0 / 60)
        #expect(c.bar.frame == CGRect(x: 5, y: 50, width: 130, height: 60))
        #expect(c.label.frame == CGRect(x: 10, y: 22, width: 115, height: 20))
    }
}
