import Foundation
import Testing
@testable import TabulaUIKit
@testable import TabulaTable
import TabulaTestSupport

/// A cell laid out only with anchors: an avatar square, a name, and a wrapping message.
@MainActor
final class MessageCell: UITableViewCell {
    let avatar = UIView(frame: .zero)
    let name = UILabel(frame: .zero)
    let message = UILabel(frame: .zero)

    override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
        super.init(style: style, reuseIdentifier: reuseIdentifier)
        avatar.backgroundColor = .systemTeal
        avatar.layer.cornerRadius = 20
        name.font = .systemFont(ofSize: 17, weight: .semibold)
        message.numberOfLines = 0
        message.font = .systemFont(ofSize: 15)
        message.textColor = .secondaryLabel
        for view in [avatar, name, message] {
            view.translatesAutoresizingMaskIntoConstraints = false
            contentView.addSubview(view)
        }
        NSLayoutConstraint.activate([
            avatar.leadingAnchor.constraint(equalTo: contentView.leadingAnchor, constant: 16),
            avatar.topAnchor.constraint(equalTo: contentView.topAnchor, constant: 12),
            avatar.widthAnchor.constraint(equalToConstant: 40),
            avatar.heightAnchor.constraint(equalToConstant: 40),
            avatar.bottomAnchor.constraint(lessThanOrEqualTo: contentView.bottomAnchor, constant: -12),
            name.leadingAnchor.constraint(equalTo: avatar.trailingAnchor, constant: 12),
            name.trailingAnchor.constraint(equalTo: contentView.trailingAnchor, constant: -16),
            name.topAnchor.constraint(equalTo: contentView.topAnchor, constant: 12),
            message.leadingAnchor.constraint(equalTo: name.leadingAnchor),
            message.trailingAnchor.constraint(equalTo: name.trailingAnchor),
            message.topAnchor.constraint(equalTo: name.bottomAnchor, constant: 4),
            message.bottomAnchor.constraint(equalTo: contentView.bottomAnchor, constant: -12),
        ])
    }

    required init?(coder: NSCoder) { return nil }
}

@MainActor
final class MessagesController: UITableViewController {
    let messages: [(String, String)] = [
        ("Ada", "Short."),
        ("Grace", "A longer message that wraps onto a second line in a phone-sized table, and then a third one too, because it goes on."),
        ("Linus", "Two lines: enough words here to need the second one at this width."),
    ]
    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.register(MessageCell.self, forCellReuseIdentifier: "message")
        tableView.rowHeight = UITableView.automaticDimension
        tableView.estimatedRowHeight = 80
    }
    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { messages.count }
    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "message", for: indexPath) as! MessageCell
        cell.name.text = messages[indexPath.row].0
        cell.message.text = messages[indexPath.row].1
        return cell
    }
}

@MainActor
@Suite("Auto Layout sizing: intrinsic sizes, priorities, fitting, self-sizing cells")
struct SizingTests {
    let screen = HeadlessScreen(size: CGSize(width: 390, height: 844), scale: 2)

    func container() -> UIView {
        let window = UIWindow(frame: .zero)
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        window.addSubview(root)
        screen.show(window)
        return root
    }

    @Test("a label placed by its top-left corner takes its intrinsic size")
    func intrinsicSize() {
        let root = container()
        let label = UILabel(frame: .zero)
        label.text = "Hello, constraints"
        label.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(label)
        NSLayoutConstraint.activate([
            label.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 20),
            label.topAnchor.constraint(equalTo: root.topAnchor, constant: 30),
        ])
        root.layoutIfNeeded()
        #expect(label.frame.origin == CGPoint(x: 20, y: 30))
        #expect(label.frame.size == label.intrinsicContentSize)
        label.text = "Hello, constraints — and a longer text"
        label.invalidateIntrinsicContentSize()
        root.layoutIfNeeded()
        #expect(label.frame.width == label.intrinsicContentSize.width, "invalidating re-solves with the new size")
    }

    @Test("between two labels in a row, the one that hugs less stretches; the one that resists compression less shrinks")
    func huggingAndCompression() {
        let root = container()
        let left = UILabel(frame: .zero), right = UILabel(frame: .zero)
        left.text = "Title"
        right.text = "Detail"
        for label in [left, right] {
            label.translatesAutoresizingMaskIntoConstraints = false
            root.addSubview(label)
        }
        NSLayoutConstraint.activate([
            left.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 16),
            right.leadingAnchor.constraint(equalTo: left.trailingAnchor, constant: 8),
            right.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -16),
            left.topAnchor.constraint(equalTo: root.topAnchor),
            right.topAnchor.constraint(equalTo: root.topAnchor),
        ])
        left.setContentHuggingPriority(UILayoutPriority(251), for: .horizontal)
        root.layoutIfNeeded()
        #expect(left.frame.width == left.intrinsicContentSize.width, "the left one hugs harder: it keeps its size")
        #expect(right.frame.maxX == 374 && right.frame.width > right.intrinsicContentSize.width)
        // Squeeze: a long right text; the left resists compression more.
        right.text = String(repeating: "Detail ", count: 20)
        right.setContentCompressionResistancePriority(UILayoutPriority(749), for: .horizontal)
        root.layoutIfNeeded()
        #expect(left.frame.width == left.intrinsicContentSize.width, "the left one resists compression harder")
        #expect(right.frame.maxX == 374)
    }

    @Test("systemLayoutSizeFitting: compressed and expanded sizes, and a wrapping label's height at a fixed width")
    func fitting() {
        let box = UIView(frame: .zero)
        let label = UILabel(frame: .zero)
        label.numberOfLines = 0
        label.text = "A message long enough to wrap onto several lines when the box is narrow."
        label.translatesAutoresizingMaskIntoConstraints = false
        box.addSubview(label)
        NSLayoutConstraint.activate([
            label.leadingAnchor.constraint(equalTo: box.leadingAnchor, constant: 10),
            label.trailingAnchor.constraint(equalTo: box.trailingAnchor, constant: -10),
            label.topAnchor.constraint(equalTo: box.topAnchor, constant: 10),
            label.bottomAnchor.constraint(equalTo: box.bottomAnchor, constant: -10),
        ])
        let narrow = box.systemLayoutSizeFitting(CGSize(width: 200, height: 0), withHorizontalFittingPriority: .required,
                                                 verticalFittingPriority: .fittingSizeLevel)
        let wrapped = label.sizeThatFits(CGSize(width: 180, height: 0)).height
        #expect(narrow.width == 200)
        #expect(abs(narrow.height - (wrapped + 20)) < 0.5, "\(narrow) vs \(wrapped)")
        let compressed = box.systemLayoutSizeFitting(UIView.layoutFittingCompressedSize)
        #expect(abs(compressed.width - (label.intrinsicContentSize.width + 20)) < 0.5, "one line at its natural width: \(compressed)")
        let lone = UIView(frame: CGRect(x: 0, y: 0, width: 33, height: 44))
        #expect(lone.systemLayoutSizeFitting(UIView.layoutFittingCompressedSize) == CGSize(width: 33, height: 44),
                "no constraints: its own size")
    }

    @Test("self-sizing cells: each row as tall as its constraints make it at the table's width")
    func selfSizingCells() throws {
        let window = UIWindow(frame: .zero)
        let controller = MessagesController(style: .plain)
        window.rootViewController = controller
        screen.show(window)
        screen.advance(by: 0.1)
        let table = controller.tableView!
        let short = table.rectForRow(at: IndexPath(row: 0, section: 0))
        let long = table.rectForRow(at: IndexPath(row: 1, section: 0))
        let cell = try #require(table.cellForRow(at: IndexPath(row: 1, section: 0)) as? MessageCell)
        let first = try #require(table.cellForRow(at: IndexPath(row: 0, section: 0)) as? MessageCell)
        #expect(short.height == 12 + first.name.frame.height + 4 + first.message.frame.height + 12,
                "the name and one line of message, with their margins: \(short.height)")
        #expect(short.height >= 64, "never less than the avatar and its margins")
        let expected = 12 + cell.name.frame.height + 4 + cell.message.frame.height + 12
        #expect(abs(long.height - expected) < 1, "\(long.height) vs \(expected)")
        #expect(cell.message.frame.height > 3 * 15, "the message wraps onto three lines or more: \(cell.message.frame)")
        #expect(long.minY == short.maxY, "the next row starts where this one ends")
        writeForLooking(screen.snapshot(), "self-sizing")
    }

    @Test("changing a constant and laying out in an animation block animates the frames")
    func animatedConstant() {
        let root = container()
        let bar = UIView(frame: .zero)
        bar.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(bar)
        let width = bar.widthAnchor.constraint(equalToConstant: 100)
        NSLayoutConstraint.activate([
            bar.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            bar.topAnchor.constraint(equalTo: root.topAnchor),
            bar.heightAnchor.constraint(equalToConstant: 10), width,
        ])
        root.layoutIfNeeded()
        width.constant = 300
        UIView.animate(withDuration: 1) { root.layoutIfNeeded() }
        #expect(bar.frame.width == 300, "the model is at the end at once")
        screen.advance(by: 0.5)
        let midway = bar.layer.presentation()!.bounds.width
        #expect(midway > 120 && midway < 290, "\(midway)")
        screen.advance(by: 0.6)
        #expect(bar.layer.presentation()!.bounds.width == 300)
    }
}
