import Foundation
import Testing
@testable import TabulaUIKit
@testable import TabulaTable
import TabulaTestSupport

/// A post-like self-sizing cell: a 44-point badge held 12 points from the top and at least
/// 12 from the bottom (so the row is never under 68), and a message whose lines the
/// row's state chooses.
@MainActor
private final class PostCell: UITableViewCell {
    let badge = UILabel(frame: .zero)
    let message = UILabel(frame: .zero)
    private var gap: NSLayoutConstraint!

    override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
        super.init(style: style, reuseIdentifier: reuseIdentifier)
        badge.text = "P"
        message.font = .systemFont(ofSize: 15)
        for view in [badge, message] {
            view.translatesAutoresizingMaskIntoConstraints = false
            contentView.addSubview(view)
        }
        gap = message.bottomAnchor.constraint(equalTo: contentView.bottomAnchor, constant: -12)
        NSLayoutConstraint.activate([
            badge.leadingAnchor.constraint(equalTo: contentView.leadingAnchor, constant: 16),
            badge.topAnchor.constraint(equalTo: contentView.topAnchor, constant: 12),
            badge.widthAnchor.constraint(equalToConstant: 44),
            badge.heightAnchor.constraint(equalToConstant: 44),
            badge.bottomAnchor.constraint(lessThanOrEqualTo: contentView.bottomAnchor, constant: -12),
            message.leadingAnchor.constraint(equalTo: badge.trailingAnchor, constant: 12),
            message.trailingAnchor.constraint(equalTo: contentView.trailingAnchor, constant: -16),
            message.topAnchor.constraint(equalTo: contentView.topAnchor, constant: 12),
            gap,
        ])
    }

    required init?(coder: NSCoder) { return nil }

    func show(lines: Int) {
        message.numberOfLines = lines
        message.text = String(repeating: "Simple things should be simple; complex things should be possible. ", count: 6)
        gap.constant = lines == 0 ? -20 : -12
        message.invalidateIntrinsicContentSize()
    }
}

/// Rows of `PostCell`, each expanded (every line) or not (two), reloaded when tapped as
/// the feed scene does.
@MainActor
private final class PostSource: NSObject, UITableViewDataSource, UITableViewDelegate {
    var expanded = Array(repeating: false, count: 16)

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { expanded.count }
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "post") as? PostCell ?? PostCell(style: .default, reuseIdentifier: "post")
        cell.show(lines: expanded[indexPath.row] ? 0 : 2)
        return cell
    }
}

/// A self-sizing row measures the same whatever its cell is doing: a cell stopped mid-way
/// through a height animation (a second update cutting into the first) was measured from
/// two layouts at once, and rows got heights under their constraints' minimum (41 points
/// for a row that needs 68), which the monkey (seed 12, feed) saw as a false "Unable to
/// simultaneously satisfy constraints".
@MainActor
@Suite("Table: self-sizing measures what the constraints say", .serialized)
struct SelfSizingMeasureTests {
    @Test("a cell resized without a layout since (stopped mid-animation) measures what it measures at rest")
    func cellStoppedMidAnimation() {
        let cell = PostCell(style: .default, reuseIdentifier: nil)
        cell.show(lines: 0)
        let target = CGSize(width: 393, height: UIView.layoutFittingCompressedSize.height)
        func measure() -> CGFloat {
            cell.systemLayoutSizeFitting(target, withHorizontalFittingPriority: .required,
                                         verticalFittingPriority: .fittingSizeLevel).height
        }
        let atRest = measure()
        #expect(atRest > 68)
        // Laid out tall, then stopped at a shorter height (no layout since), as the table
        // freezes a growing row where it is drawn when a second update begins.
        cell.frame = CGRect(x: 0, y: 0, width: 393, height: atRest + 200)
        cell.layoutIfNeeded()
        cell.frame.size.height = 90
        #expect(measure() == atRest)
        cell.frame.size.height = atRest + 300
        #expect(measure() == atRest)
    }

    @Test("taps 1/15 s apart reload rows while others slide on growing: every row has its measured height in every frame, no constraint report")
    func reloadCutIntoReload() {
        let source = PostSource()
        let table = UITableView(frame: CGRect(x: 0, y: 0, width: 393, height: 852), style: .plain)
        table.rowHeight = UITableView.automaticDimension
        table.estimatedRowHeight = 140
        table.dataSource = source
        table.delegate = source
        let reports = ConstraintReports()
        defer { reports.restore() }
        // The first row starts expanded: collapsing it brings rows on screen whose heights
        // were estimates (140), so they slide on growing or shrinking to their measured
        // heights, and each later tap stops them mid-way and measures every row on screen.
        source.expanded[0] = true
        table.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        let screen = showTable(table, size: CGSize(width: 393, height: 852))
        screen.advance(by: 1.0 / 60)
        // Turned and turned back (every height measured again at each width), then tapped
        // while it turns back (the feed scene's monkey walk).
        screen.rotate(to: .landscapeLeft)
        screen.advance(by: 0.5)
        screen.rotate(to: .portrait)
        screen.advance(by: 1.0 / 15)
        func measure(_ path: IndexPath) -> CGFloat {
            let fresh = PostCell(style: .default, reuseIdentifier: nil)
            fresh.show(lines: source.expanded[path.row] ? 0 : 2)
            return fresh.systemLayoutSizeFitting(CGSize(width: table.bounds.width, height: 0), withHorizontalFittingPriority: .required,
                                                 verticalFittingPriority: .fittingSizeLevel).height
        }
        var wrong: [String] = []
        for row in [0, 0, 1, 0, 2] {
            source.expanded[row].toggle()
            table.performBatchUpdates({ table.reloadRows(at: [IndexPath(row: row, section: 0)], with: .fade) })
            for _ in 0 ..< 4 {
                screen.advance(by: 1.0 / 60)
                // Every row on screen has the height its content measures, also mid-way.
                for path in table.indexPathsForVisibleRows ?? [] where table.rectForRow(at: path).height != measure(path) {
                    wrong.append("row \(path.row): \(table.rectForRow(at: path).height), not \(measure(path)), after tapping row \(row)")
                }
            }
        }
        #expect(wrong.prefix(4) == [], "\(wrong.count) wrong heights")
        screen.advance(by: 1)
        #expect(reports.messages == [])
        for cell in table.visibleCells {
            guard let path = table.indexPath(for: cell) else { continue }
            let measured = measure(path)
            #expect(table.rectForRow(at: path).height == measured, "row \(path.row)")
            #expect(cell.frame.height == measured, "row \(path.row)")
        }
    }
}
