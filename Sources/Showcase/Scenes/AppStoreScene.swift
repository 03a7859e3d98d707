import Foundation
import Tabula

/// The 2009 session's App Store cells, drawn three ways — many subviews, one composite
/// view that draws everything, and the hybrid (composite plus a price label) — with
/// each way's measured frame time while scrolling, and the rotation that shows why the
/// composite cell sets `contentStretch`: the cell draws at once at its new size, and
/// while its frame animates from the old size, that drawing stretches only in the empty
/// gap between the rating and the price.
final class AppStoreScene: Scene {
    static let name = "appstore"
    static let title = "App Store"
    static let summary = "App Store cells drawn three ways, with measured frame times and contentStretch on rotation"
    static let seed = "WWDC 2009, Perfecting Your iPhone Table Views (fast cells, contentStretch)"
    static let tryIt = "Tap Subviews / Composite / Hybrid, scroll each, compare the times; Ctrl-R rotates; Ctrl-B shows blending."
    let controller = AppStoreController(style: .plain)
    init() {}
    func makeRootViewController() -> UIViewController { controller }
    func attach(to screen: HeadlessScreen) { controller.screen = screen }

    func play(on screen: HeadlessScreen) {
        for mode in AppStoreController.Mode.allCases {
            controller.mode = mode
            screen.advance(by: 0.1)
            screen.drag(from: CGPoint(x: 200, y: 700), to: CGPoint(x: 200, y: 300), duration: 0.4)
            screen.advance(by: 0.4)
            screen.drag(from: CGPoint(x: 200, y: 300), to: CGPoint(x: 200, y: 700), duration: 0.4)
            screen.advance(by: 0.4)
        }
        // The composite cell through a rotation: only the gap before the price stretches.
        controller.mode = .composite
        screen.advance(by: 0.1)
        screen.rotate(to: .landscapeLeft)
        screen.advance(by: 0.7)
        screen.rotate(to: .portrait)
        screen.advance(by: 0.7)
    }
}

final class AppStoreController: UITableViewController {
    enum Mode: Int, CaseIterable {
        case subviews, composite, hybrid
        var title: String { ["Subviews", "Composite", "Hybrid"][rawValue] }
        var identifier: String { ["subviews", "composite", "hybrid"][rawValue] }
    }
    weak var screen: HeadlessScreen?
    var mode = Mode.subviews {
        didSet {
            updateBar()
            tableView.reloadData()
        }
    }
    /// Milliseconds of frame work (layout, drawing, compositing) per frame while scrolling, per mode.
    var frameTimes: [Mode: [Double]] = [:]
    let bar = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 90))
    private var tabs: [UILabel] = []
    let readout = UILabel()
    let apps = (0 ..< 6).flatMap { _ in SampleData.apps }

    override func viewDidLoad() {
        tableView.rowHeight = 76
        tableView.register(SubviewsAppCell.self, forCellReuseIdentifier: Mode.subviews.identifier)
        tableView.register(CompositeAppCell.self, forCellReuseIdentifier: Mode.composite.identifier)
        tableView.register(HybridAppCell.self, forCellReuseIdentifier: Mode.hybrid.identifier)
        bar.backgroundColor = .systemGray6
        bar.autoresizingMask = [.flexibleWidth]
        for m in Mode.allCases {
            let tab = UILabel()
            tab.text = m.title
            tab.textAlignment = .center
            tab.font = .systemFont(ofSize: 15, weight: .semibold)
            tab.isUserInteractionEnabled = true
            tab.addGestureRecognizer(UITapGestureRecognizer { [weak self] _ in self?.mode = m })
            tabs.append(tab)
            bar.addSubview(tab)
        }
        readout.font = .systemFont(ofSize: 12)
        // Two lines: the three times on one line of their own fit a portrait screen.
        readout.numberOfLines = 2
        readout.textColor = .secondaryLabel
        readout.textAlignment = .center
        bar.addSubview(readout)
        tableView.tableHeaderView = bar
        updateBar()
    }

    override func viewDidLayoutSubviews() {
        let w = bar.bounds.width / 3
        for (i, tab) in tabs.enumerated() { tab.frame = CGRect(x: CGFloat(i) * w, y: 6, width: w, height: 36) }
        readout.frame = CGRect(x: 8, y: 46, width: bar.bounds.width - 16, height: 40)
    }

    func updateBar() {
        for (i, tab) in tabs.enumerated() {
            tab.textColor = i == mode.rawValue ? .white : .systemBlue
            tab.backgroundColor = i == mode.rawValue ? .systemBlue : .clear
        }
        let parts = Mode.allCases.map { m -> String in
            guard let times = frameTimes[m], !times.isEmpty else { return "\(m.title) –" }
            let sorted = times.sorted()
            return String(format: "%@ %.2f ms", m.title, sorted[sorted.count / 2])
        }
        readout.text = "Median frame work while scrolling\n" + parts.joined(separator: " · ")
    }

    /// Each scroll step records the last composited frame's work for the current mode.
    override func scrollViewDidScroll(_ scrollView: UIScrollView) {
        guard let stats = screen?.lastFrameStatistics, stats.compositeTime > 0 else { return }
        let work = (stats.layoutTime + stats.displayTime + stats.compositeTime) * 1000
        frameTimes[mode, default: []].append(work)
        if frameTimes[mode]!.count % 10 == 0 { updateBar() }
    }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { apps.count }
    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: mode.identifier, for: indexPath)
        (cell as? AppShowing)?.show(apps[indexPath.row], dark: indexPath.row % 2 == 1)
        return cell
    }
}

typealias App = (name: String, publisher: String, price: String, rating: Int, color: UInt32)

@MainActor
protocol AppShowing { func show(_ app: App, dark: Bool) }

/// A row's background: every other row shaded, in either appearance (dynamic colours, so
/// that dark mode gives dark rows under the light text the labels then have).
private func rowColor(shaded: Bool) -> UIColor { shaded ? .secondarySystemBackground : .systemBackground }

private func stars(_ rating: Int) -> String { String(repeating: "★", count: rating) + String(repeating: "☆", count: 5 - rating) }

/// Slow on purpose: five subviews, the labels translucent, the icon rounded.
final class SubviewsAppCell: UITableViewCell, AppShowing {
    let icon = UIView(), name = UILabel(), publisher = UILabel(), rating = UILabel(), price = UILabel()

    override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
        super.init(style: .default, reuseIdentifier: reuseIdentifier)
        icon.frame = CGRect(x: 12, y: 10, width: 56, height: 56)
        icon.layer.cornerRadius = 12
        name.frame = CGRect(x: 80, y: 10, width: 200, height: 22)
        name.font = .systemFont(ofSize: 16, weight: .semibold)
        publisher.frame = CGRect(x: 80, y: 32, width: 200, height: 18)
        publisher.font = .systemFont(ofSize: 13)
        rating.frame = CGRect(x: 80, y: 50, width: 100, height: 18)
        rating.font = .systemFont(ofSize: 13)
        rating.textColor = .systemOrange
        price.frame = CGRect(x: contentView.bounds.width - 90, y: 26, width: 78, height: 24)
        price.textAlignment = .right
        price.font = .systemFont(ofSize: 15, weight: .semibold)
        price.autoresizingMask = [.flexibleLeftMargin]
        for view in [icon, name, publisher, rating, price] { contentView.addSubview(view) }
    }

    required init?(coder: NSCoder) { return nil }

    func show(_ app: App, dark: Bool) {
        icon.backgroundColor = UIColor(rgb: app.color)
        name.text = app.name
        publisher.text = app.publisher
        rating.text = stars(app.rating)
        price.text = app.price
        contentView.backgroundColor = rowColor(shaded: dark)
    }
}

/// Everything drawn by one opaque view. Its `contentStretch` is the empty gap between
/// the rating and the price, so that while a rotation animates the frame, only the gap
/// stretches (the 2009 session's fix, set without animation).
final class AppCellView: UIView {
    var app: App?
    var dark = false
    var drawsPrice = true

    override init(frame: CGRect) {
        super.init(frame: frame)
        isOpaque = true
        // Drawn again at each new size, at once: during a rotation the new drawing is
        // what stretches from the old frame, within `contentStretch`.
        contentMode = .redraw
    }

    required init?(coder: NSCoder) { return nil }

    override var frame: CGRect {
        didSet {
            guard frame.width > 0 else { return }
            UIView.performWithoutAnimation {
                let gapStart: CGFloat = 200, gapEnd = frame.width - 96
                contentStretch = CGRect(x: gapStart / frame.width, y: 0,
                                        width: max(0, gapEnd - gapStart) / frame.width, height: 1)
            }
        }
    }

    override func draw(_ rect: CGRect) {
        guard let ctx = UIGraphicsGetCurrentContext(), let app else { return }
        // Drawn again when the appearance changes: the colours resolve for the traits now.
        func resolved(_ color: UIColor) -> Color { color.resolvedColor(with: traitCollection).cgColor }
        ctx.setFillColor(resolved(rowColor(shaded: dark)))
        ctx.fill(bounds)
        ctx.setFillColor(Color(rgb: app.color))
        ctx.fill(Path(roundedRect: CGRect(x: 12, y: 10, width: 56, height: 56), cornerRadius: 12))
        ctx.draw(TextLayout(text: app.name, font: .system(size: 16, weight: .semibold)), at: CGPoint(x: 80, y: 10), color: resolved(.label))
        ctx.draw(TextLayout(text: app.publisher, font: .system(size: 13)), at: CGPoint(x: 80, y: 32), color: resolved(.secondaryLabel))
        ctx.draw(TextLayout(text: stars(app.rating), font: .system(size: 13)), at: CGPoint(x: 80, y: 50), color: Color(rgb: 0xFF9500))
        if drawsPrice {
            let price = TextLayout(text: app.price, font: .system(size: 15, weight: .semibold), width: 78, alignment: .right)
            ctx.draw(price, at: CGPoint(x: bounds.width - 90, y: 28), color: resolved(.label))
        }
    }
}

/// The fast cell: one composite view.
final class CompositeAppCell: UITableViewCell, AppShowing {
    let drawing = AppCellView()

    override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
        super.init(style: .default, reuseIdentifier: reuseIdentifier)
        drawing.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        drawing.frame = contentView.bounds
        contentView.addSubview(drawing)
    }

    required init?(coder: NSCoder) { return nil }

    func show(_ app: App, dark: Bool) {
        drawing.app = app
        drawing.dark = dark
        drawing.setNeedsDisplay()
    }
}

/// The hybrid: the composite view draws all but the price, which is an opaque label
/// that keeps to the right edge by its autoresizing mask.
final class HybridAppCell: UITableViewCell, AppShowing {
    let drawing = AppCellView()
    let price = UILabel()

    override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
        super.init(style: .default, reuseIdentifier: reuseIdentifier)
        drawing.drawsPrice = false
        drawing.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        // Drawn again at each new size, as in the composite cell (the session's hybrid view is
        // "exactly the same code"); the price is not in the drawing, so the stretch of
        // the gap while a rotation animates leaves nothing distorted.
        drawing.frame = contentView.bounds
        contentView.addSubview(drawing)
        price.frame = CGRect(x: contentView.bounds.width - 90, y: 26, width: 78, height: 24)
        price.autoresizingMask = [.flexibleLeftMargin]
        price.textAlignment = .right
        price.font = .systemFont(ofSize: 15, weight: .semibold)
        contentView.addSubview(price)
    }

    required init?(coder: NSCoder) { return nil }

    func show(_ app: App, dark: Bool) {
        drawing.app = app
        drawing.dark = dark
        drawing.setNeedsDisplay()
        price.text = app.price
        price.backgroundColor = rowColor(shaded: dark)
    }
}
