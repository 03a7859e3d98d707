import Tabula

/// The 2010 session's pinch: a pinch on the table resizes the row under the fingers
/// as they move (an empty update block with animations off); after the first pinch
/// the scene switches to resizing every row at once.
final class PinchRowsScene: Scene {
    static let name = "pinch"
    static let title = "Pinch Rows"
    static let summary = "Pinch to resize one row, then every row"
    static let seed = "WWDC 2010, Mastering Table Views (gesture recognizers: pinch)"
    static let tryIt = "Alt-drag (or Ctrl-drag) on a row to pinch it; tap the bar at the top to resize every row."
    let controller = PinchController(style: .plain)
    init() {}
    func makeRootViewController() -> UIViewController { controller }

    func play(on screen: HeadlessScreen) {
        let table = controller.tableView!
        screen.pinch(at: centerOfRow(1, in: table), scale: 2.4, duration: 0.8)
        screen.advance(by: 0.4)
        let bar = controller.modeBar.convert(controller.modeBar.bounds, to: nil)
        screen.tap(at: CGPoint(x: bar.midX, y: bar.midY))
        screen.advance(by: 0.2)
        screen.pinch(at: centerOfRow(4, in: table), scale: 1.5, duration: 0.8)
        screen.advance(by: 0.4)
    }
}

final class PinchController: UITableViewController {
    static let minimumHeight: CGFloat = 52
    var heights: [CGFloat] = Array(repeating: minimumHeight, count: SampleData.feeds.flatMap(\.stories).count)
    var everyRow: CGFloat?
    var resizesEveryRow = false
    var pinched: IndexPath?
    var initialHeight: CGFloat = 0
    let stories = SampleData.feeds.flatMap { feed in feed.stories.map { (feed.title, $0) } }
    let modeBar = UILabel(frame: CGRect(x: 0, y: 0, width: 390, height: 44))

    override func viewDidLoad() {
        tableView.register(StoryCell.self, forCellReuseIdentifier: "story")
        tableView.addGestureRecognizer(UIPinchGestureRecognizer { [weak self] pinch in self?.handlePinch(pinch) })
        modeBar.textAlignment = .center
        modeBar.backgroundColor = .systemGray6
        modeBar.textColor = .systemBlue
        modeBar.isUserInteractionEnabled = true
        modeBar.addGestureRecognizer(UITapGestureRecognizer { [weak self] _ in
            self?.resizesEveryRow.toggle()
            self?.updateModeBar()
        })
        updateModeBar()
        tableView.tableHeaderView = modeBar
    }

    func updateModeBar() {
        modeBar.text = resizesEveryRow ? "Pinching resizes every row (tap to change)" : "Pinching resizes one row (tap to change)"
    }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { stories.count }
    override func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
        everyRow ?? heights[indexPath.row]
    }
    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "story", for: indexPath)
        cell.textLabel?.text = stories[indexPath.row].1
        cell.detailTextLabel?.text = "\(stories[indexPath.row].0) — pinch me to read more of this story, which goes on for a while, as the session's stories did."
        return cell
    }

    /// The session's handlePinch: remember the row and its height when the pinch begins,
    /// then set the height from the scale as the fingers move.
    func handlePinch(_ pinch: UIPinchGestureRecognizer) {
        switch pinch.state {
        case .began:
            pinched = tableView.indexPathForRow(at: pinch.location(in: tableView))
            initialHeight = resizesEveryRow ? (everyRow ?? Self.minimumHeight) : pinched.map { everyRow ?? heights[$0.row] } ?? Self.minimumHeight
            update(scale: pinch.scale)
        case .changed:
            update(scale: pinch.scale)
        default:
            pinched = nil
        }
    }

    private func update(scale: CGFloat) {
        guard let pinched else { return }
        let height = min(220, max(Self.minimumHeight, initialHeight * scale))
        if resizesEveryRow {
            everyRow = height
        } else {
            if let all = everyRow { heights = heights.map { _ in all }; everyRow = nil }
            heights[pinched.row] = height
        }
        // As in the session: an empty update block, with animations off, as the fingers move.
        let enabled = UIView.areAnimationsEnabled
        UIView.setAnimationsEnabled(false)
        tableView.beginUpdates()
        tableView.endUpdates()
        UIView.setAnimationsEnabled(enabled)
    }
}

/// A story whose summary wraps onto as many lines as the row's height shows.
final class StoryCell: UITableViewCell {
    override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
        super.init(style: .subtitle, reuseIdentifier: reuseIdentifier)
        detailTextLabel?.numberOfLines = 0
        clipsToBounds = true
    }

    required init?(coder: NSCoder) { return nil }

    /// The title at the top, with room above it, and as many whole lines of the summary
    /// as the row's height leaves below it: a short row shows a line, a tall one the rest.
    override func layoutSubviews() {
        super.layoutSubviews()
        guard let title = textLabel, let detail = detailTextLabel else { return }
        let inset: CGFloat = 6, left = title.frame.minX
        let width = contentView.bounds.width - left - 16
        let titleHeight = title.sizeThatFits(CGSize(width: width, height: 0)).height
        title.frame = CGRect(x: left, y: inset, width: width, height: titleHeight)
        let lineHeight = detail.font.lineHeight
        let room = contentView.bounds.height - title.frame.maxY - 2 - inset
        let lines = max(1, Int(room / lineHeight))
        detail.numberOfLines = lines
        detail.frame = CGRect(x: left, y: title.frame.maxY + 2, width: width,
                              height: min(CGFloat(lines) * lineHeight + 1, max(lineHeight, room)))
    }
}
