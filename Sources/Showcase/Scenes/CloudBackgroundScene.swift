import Tabula

/// The 2011 session's background view: a sky whose clouds drift behind the table
/// forever (a linear, repeating UIView animation of the image's frame), seen through
/// cells with a clear background.
final class CloudBackgroundScene: Scene {
    static let name = "clouds"
    static let title = "Clouds"
    static let summary = "A cloud background drifting forever behind the table's rows"
    static let seed = "WWDC 2011, What's New in Table Views (tips: background views)"
    static let tryIt = "Watch the clouds; scroll the quotes over them."
    let controller = CloudController(style: .plain)
    init() {}
    func makeRootViewController() -> UIViewController { controller }

    func play(on screen: HeadlessScreen) {
        screen.advance(by: 1.5)
        screen.drag(from: CGPoint(x: 200, y: 600), to: CGPoint(x: 200, y: 450), duration: 0.4)
        screen.advance(by: 1.5)
    }
}

final class CloudController: UITableViewController {
    let sky = UIView()
    let clouds = CloudsView()

    override func viewDidLoad() {
        scaleRowHeight(from: 64)
        tableView.separatorStyle = .none
        tableView.register(SubtitleCell.self, forCellReuseIdentifier: "quote")
        sky.backgroundColor = UIColor(rgb: 0x6CB4EE)
        sky.clipsToBounds = true
        sky.addSubview(clouds)
        tableView.backgroundView = sky
    }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        drift()
    }

    /// As in the session: one linear animation, repeating forever, that moves the image by its
    /// own width; the image is drawn twice side by side so that the loop has no seam.
    func drift() {
        let width: CGFloat = 600
        clouds.frame = CGRect(x: 0, y: 0, width: width * 2, height: 844)
        UIView.animate(withDuration: 12, delay: 0, options: [.curveLinear, .repeat], animations: {
            self.clouds.frame.origin.x = -width
        })
    }

    /// The 2009 session's rule: a cell's background colour is set here, after the
    /// table has set its own.
    override func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath) {
        cell.backgroundColor = .clear
    }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { SampleData.quotes.count * 2 }
    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "quote", for: indexPath)
        let quote = SampleData.quotes[indexPath.row % SampleData.quotes.count]
        cell.textLabel?.text = quote.quote
        cell.textLabel?.textColor = .white
        // A soft shadow keeps white text readable where it passes over a white cloud.
        cell.textLabel?.shadowColor = UIColor(white: 0, alpha: 0.45)
        cell.textLabel?.shadowOffset = CGSize(width: 0, height: 1)
        cell.textLabel?.font = .systemFont(ofSize: 18, weight: .semibold)
        cell.detailTextLabel?.text = quote.play
        cell.detailTextLabel?.textColor = UIColor(white: 1, alpha: 0.85)
        cell.detailTextLabel?.shadowColor = UIColor(white: 0, alpha: 0.45)
        cell.detailTextLabel?.shadowOffset = CGSize(width: 0, height: 1)
        return cell
    }
}

/// Soft clouds, drawn once into the backing store, repeating every 600 points.
final class CloudsView: UIView {
    override init(frame: CGRect) {
        super.init(frame: frame)
        isOpaque = false
        contentMode = .redraw
    }

    required init?(coder: NSCoder) { return nil }

    override func draw(_ rect: CGRect) {
        guard let ctx = UIGraphicsGetCurrentContext() else { return }
        let puffs: [(x: CGFloat, y: CGFloat, r: CGFloat)] = [
            (80, 120, 38), (120, 104, 48), (170, 122, 36), (380, 300, 44), (430, 282, 56), (490, 304, 40),
            (150, 520, 50), (210, 500, 62), (275, 526, 44), (470, 700, 36), (515, 684, 46), (560, 706, 34),
        ]
        for copy in 0 ..< 2 {
            for puff in puffs {
                let x = puff.x + CGFloat(copy) * 600
                ctx.setFillColor(Color(red: 1, green: 1, blue: 1, alpha: 0.7))
                ctx.fill(Path(ellipseIn: CGRect(x: x - puff.r, y: puff.y - puff.r * 0.7, width: puff.r * 2, height: puff.r * 1.4)))
            }
        }
    }
}
