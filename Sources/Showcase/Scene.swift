import Tabula

/// One demo: a window's content, the animation a person would play in it, and the
/// session or guide it comes from.
///
/// A scene is made fresh for each screen it is shown on, so it may keep state (its
/// view controller, its model) in stored properties.
@MainActor
protocol Scene: AnyObject {
    /// The command-line name, e.g. `rss`.
    static var name: String { get }
    /// One line for `Showcase list` and the gallery.
    static var summary: String { get }
    /// The session or guide the scene follows, e.g. "WWDC 2010, Mastering Table Views".
    static var seed: String { get }
    /// What to try in the window.
    static var tryIt: String { get }
    /// The title in the navigation bar and on the home menu, e.g. "RSS Reader".
    static var title: String { get }
    /// The phone the scene is shown on: its size, safe area and status bar.
    static var device: DeviceProfile { get }
    init()
    /// The root view controller to show.
    func makeRootViewController() -> UIViewController
    /// Lets the scene come to rest once shown on `screen`, before `render` takes its
    /// still and before it films ``play(on:)``; half a second by default.
    func settle(on screen: HeadlessScreen)
    /// Plays the scene's main animation on `screen` the way a person would — taps,
    /// drags, pinches, waiting — for `render` to film. The scene is already shown.
    /// Every scene moves here, so that its filmstrip shows motion.
    func play(on screen: HeadlessScreen)
    /// Called once the scene is on `screen`, for scenes that read its statistics.
    func attach(to screen: HeadlessScreen)
}

extension Scene {
    static var device: DeviceProfile { .iPhone15 }
    /// The screen size in points.
    static var size: CGSize { device.portraitSize }
    /// The device at `scale` pixels per point (a window at 1x, a still at 2x).
    static func device(scale: CGFloat) -> DeviceProfile {
        var profile = device
        profile.scale = scale
        return profile
    }
    static var tryIt: String { "Scroll, tap and drag." }
    func settle(on screen: HeadlessScreen) { screen.advance(by: 0.5) }
    func attach(to screen: HeadlessScreen) {}
}

@MainActor
enum Scenes {
    static let all: [any Scene.Type] = [
        HomeScene.self,
        FoundationScene.self,
        RSSReaderScene.self,
        PlaysSortScene.self,
        ControlRowScene.self,
        FloatingButtonScene.self,
        CloudBackgroundScene.self,
        PinchRowsScene.self,
        CellMenuScene.self,
        AppStoreScene.self,
        DropInCardsScene.self,
        MailSelectionScene.self,
        ContactsScene.self,
        SettingsScene.self,
        RowAnimationsScene.self,
        ContactsStoreScene.self,
        FeedScene.self,
        RefreshScene.self,
        FormScene.self,
        PickersScene.self,
        SignUpScene.self,
        SearchScene.self,
        SymbolsScene.self,
        ReadingListScene.self,
        PhotoGridScene.self,
        StoreShelvesScene.self,
        ListSettingsScene.self,
        StoryboardScene.self,
    ]

    static func named(_ name: String) -> (any Scene.Type)? {
        all.first { $0.name == name }
    }

    /// What a window shows for `scene`: its root view controller inside a navigation
    /// controller with the scene's title (a scene that makes its own navigation or tab bar
    /// controller keeps it).
    static func rootViewController(for scene: any Scene) -> UIViewController {
        let root = scene.makeRootViewController()
        if root is UINavigationController || root is UITabBarController { return root }
        if root.title == nil { root.title = type(of: scene).title }
        return UINavigationController(rootViewController: root)
    }
}

/// A point on the screen: the centre of a row of `table`, in window coordinates.
@MainActor
func centerOfRow(_ row: Int, section: Int = 0, in table: UITableView) -> CGPoint {
    let rect = table.convert(table.rectForRow(at: IndexPath(row: row, section: section)), to: nil)
    return CGPoint(x: rect.midX, y: rect.midY)
}

/// The centre, in window coordinates, of the first label in `view`'s hierarchy that
/// reads `text` (a bar button's title, say).
@MainActor
func centerOfLabel(_ text: String, in view: UIView) -> CGPoint? {
    if let label = view as? UILabel, label.text == text, !label.isHidden {
        let frame = label.convert(label.bounds, to: nil)
        return CGPoint(x: frame.midX, y: frame.midY)
    }
    for subview in view.subviews.reversed() {
        if let found = centerOfLabel(text, in: subview) { return found }
    }
    return nil
}

/// The first view of type `T` in `view`'s hierarchy, depth first.
@MainActor
func firstView<T: UIView>(of type: T.Type, in view: UIView?) -> T? {
    guard let view else { return nil }
    if let match = view as? T { return match }
    for subview in view.subviews { if let match = firstView(of: type, in: subview) { return match } }
    return nil
}

/// A cell of the `.subtitle` style for `register(_:forCellReuseIdentifier:)`, which
/// makes cells of the `.default` style.
final class SubtitleCell: UITableViewCell {
    override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
        super.init(style: .subtitle, reuseIdentifier: reuseIdentifier)
    }

    required init?(coder: NSCoder) { return nil }
}

extension UITableViewController {
    /// Keeps the rows `points` tall at the default text size and grows them with the
    /// person's text size (a fixed-height design that still fits larger text), as an app
    /// does with `UIFontMetrics`.
    func scaleRowHeight(from points: CGFloat) {
        func apply(_ controller: UITableViewController) {
            controller.tableView.rowHeight = UIFontMetrics.default.scaledValue(for: points, compatibleWith: controller.traitCollection)
        }
        apply(self)
        registerForTraitChanges([UITraitPreferredContentSizeCategory.self]) { (controller: UITableViewController, _) in
            apply(controller)
        }
    }
}
