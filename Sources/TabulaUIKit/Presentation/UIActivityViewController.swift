import Foundation

/// A service the share sheet offers for some items: UIKit's abstract `UIActivity`, which an
/// app subclasses to add its own actions to a ``UIActivityViewController``.
///
/// The sheet asks ``canPerform(withActivityItems:)`` before it lists the activity, and when
/// the person picks it, ``prepare(withActivityItems:)``; then it presents
/// ``activityViewController`` if there is one, or closes and calls ``perform()``. Either
/// way the activity ends by calling ``activityDidFinish(_:)``, which tells the sheet's
/// `completionWithItemsHandler`.
@preconcurrency @MainActor
open class UIActivity: NSObject {
    /// Which kind of activity: an action (listed as a row) or a way to share (also listed as a row here: no app icons on Linux).
    public enum Category: Int, Sendable {
        /// Acts on the items: copy, print, add to a list.
        case action = 0
        /// Sends the items somewhere.
        case share = 1
    }

    /// An activity's identifier (UIKit's string-backed `UIActivity.ActivityType`).
    public struct ActivityType: RawRepresentable, Hashable, Sendable {
        /// The identifier, reverse-DNS by convention.
        public let rawValue: String
        /// The type named `rawValue`.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The type named `rawValue`.
        public init(_ rawValue: String) { self.rawValue = rawValue }

        /// Copies the items to the general pasteboard: the one system activity Tabula performs.
        public static let copyToPasteboard = ActivityType("com.apple.UIKit.activity.CopyToPasteboard")
        /// Posts to Facebook (not offered on Linux).
        public static let postToFacebook = ActivityType("com.apple.UIKit.activity.PostToFacebook")
        /// Posts to Twitter (not offered on Linux).
        public static let postToTwitter = ActivityType("com.apple.UIKit.activity.PostToTwitter")
        /// Posts to Weibo (not offered on Linux).
        public static let postToWeibo = ActivityType("com.apple.UIKit.activity.PostToWeibo")
        /// Sends a message (not offered on Linux).
        public static let message = ActivityType("com.apple.UIKit.activity.Message")
        /// Sends a mail (not offered on Linux).
        public static let mail = ActivityType("com.apple.UIKit.activity.Mail")
        /// Prints (not offered on Linux).
        public static let print = ActivityType("com.apple.UIKit.activity.Print")
        /// Assigns an image to a contact (not offered on Linux).
        public static let assignToContact = ActivityType("com.apple.UIKit.activity.AssignToContact")
        /// Saves an image to the photo library (not offered on Linux).
        public static let saveToCameraRoll = ActivityType("com.apple.UIKit.activity.SaveToCameraRoll")
        /// Adds a URL to Safari's reading list (not offered on Linux).
        public static let addToReadingList = ActivityType("com.apple.UIKit.activity.AddToReadingList")
        /// Posts to Flickr (not offered on Linux).
        public static let postToFlickr = ActivityType("com.apple.UIKit.activity.PostToFlickr")
        /// Posts to Vimeo (not offered on Linux).
        public static let postToVimeo = ActivityType("com.apple.UIKit.activity.PostToVimeo")
        /// Posts to Tencent Weibo (not offered on Linux).
        public static let postToTencentWeibo = ActivityType("com.apple.UIKit.activity.TencentWeibo")
        /// Sends by AirDrop (not offered on Linux).
        public static let airDrop = ActivityType("com.apple.UIKit.activity.AirDrop")
        /// Opens in Books (not offered on Linux).
        public static let openInIBooks = ActivityType("com.apple.UIKit.activity.OpenInIBooks")
        /// Marks up as PDF (not offered on Linux).
        public static let markupAsPDF = ActivityType("com.apple.UIKit.activity.MarkupAsPDF")
    }

    /// The category of this class's activities; `.action` unless a subclass says otherwise.
    open class var activityCategory: Category { .action }

    /// The identifier the sheet's completion handler reports; nil unless a subclass gives one.
    open var activityType: ActivityType? { nil }
    /// The row's title; a subclass gives it (an activity without one is not listed).
    open var activityTitle: String? { nil }
    /// The row's icon (a template image, drawn in the label colour); nil for none.
    open var activityImage: UIImage? { nil }

    /// Creates an activity.
    public override init() { super.init() }

    /// Whether the activity can act on `activityItems`; the default is false (a subclass says yes).
    open func canPerform(withActivityItems activityItems: [Any]) -> Bool { false }
    /// Called with the items once the person picked the activity, before it runs.
    open func prepare(withActivityItems activityItems: [Any]) {}
    /// A controller the sheet presents to run the activity (a compose screen, say); nil to
    /// run ``perform()`` instead.
    open var activityViewController: UIViewController? { nil }
    /// Runs the activity; it must call ``activityDidFinish(_:)`` when done.
    open func perform() { activityDidFinish(false) }

    /// Tells the sheet that the activity ended, and whether it completed.
    open func activityDidFinish(_ completed: Bool) {
        let sheet = owner
        owner = nil
        sheet?.activity(self, didFinish: completed)
    }

    /// The sheet running this activity, between the person's pick and ``activityDidFinish(_:)``.
    weak var owner: UIActivityViewController?
}

/// The share sheet: UIKit's `UIActivityViewController`, presented as a sheet.
///
/// It lists, under a preview of the first item, **Copy** (strings, URLs and the text of
/// attributed strings go to ``UIPasteboard/general``) and each application activity whose
/// ``UIActivity/canPerform(withActivityItems:)`` says yes, leaving out
/// ``excludedActivityTypes``. The system's other services (Messages, Mail, AirDrop…) do
/// not exist on Linux and are never listed. When the sheet goes away —
/// after an activity, by its close button, or swiped down — `completionWithItemsHandler`
/// is called once, with the activity's type and whether it completed (nil and false when
/// the person closed it).
@preconcurrency @MainActor
open class UIActivityViewController: UIViewController {
    /// Told once, when the sheet is done: the activity (nil if none ran), whether it
    /// completed, the items it returned (none here) and its error (none here).
    public typealias CompletionWithItemsHandler = (UIActivity.ActivityType?, Bool, [Any]?, (any Error)?) -> Void

    /// The services not to list.
    open var excludedActivityTypes: [UIActivity.ActivityType]? { didSet { if isViewLoaded { rebuildRows() } } }
    /// Called once when the sheet is done (see ``CompletionWithItemsHandler``).
    open var completionWithItemsHandler: CompletionWithItemsHandler?
    /// Whether the app's first activity is shown apart (iOS 15.4); kept, with no effect on this layout.
    open var allowsProminentActivity = false

    /// The items the activities act on.
    let activityItems: [Any]
    /// The app's own activities.
    let applicationActivities: [UIActivity]

    private let card = UIView(frame: .zero)
    private let preview = UIImageView(frame: .zero)
    private let itemTitle = UILabel(frame: .zero)
    private let itemSubtitle = UILabel(frame: .zero)
    private let closeButton = UIButton(type: .system)
    private var rows: [ActivityRow] = []
    private var separators: [UIView] = []
    /// Whether the completion handler has been called (it is called once).
    private var finished = false

    /// Creates a share sheet for `activityItems` (strings, URLs, images…) offering the
    /// system's Copy and `applicationActivities`.
    public init(activityItems: [Any], applicationActivities: [UIActivity]?) {
        self.activityItems = activityItems
        self.applicationActivities = applicationActivities ?? []
        super.init(nibName: nil, bundle: nil)
        modalPresentationStyle = .pageSheet
        sheetPresentationController?.detents = [.medium(), .large()]
    }

    /// Not available: a share sheet is made in code, as in UIKit.
    public required init?(coder: NSCoder) { return nil }

    // MARK: What is offered

    /// One row the sheet offers: Copy (no activity object), or one of the app's activities.
    struct Offer {
        let title: String
        let image: UIImage?
        let type: UIActivity.ActivityType?
        let activity: UIActivity?
    }

    /// The rows, in order: Copy (when the items hold something to copy), then the app's
    /// activities that can act on the items; less what is excluded.
    var offered: [Offer] {
        let excluded = Set(excludedActivityTypes ?? [])
        var result: [Offer] = []
        if !excluded.contains(.copyToPasteboard), !copiedStrings.isEmpty {
            result.append(Offer(title: "Copy", image: UIImage(systemName: "doc.on.doc"), type: .copyToPasteboard, activity: nil))
        }
        for activity in applicationActivities {
            guard let title = activity.activityTitle, !title.isEmpty,
                  !(activity.activityType.map(excluded.contains) ?? false),
                  activity.canPerform(withActivityItems: activityItems) else { continue }
            result.append(Offer(title: title, image: activity.activityImage, type: activity.activityType, activity: activity))
        }
        return result
    }

    /// What Copy puts on the pasteboard: each string, URL and attributed string's text.
    private var copiedStrings: [String] {
        activityItems.compactMap { item in
            switch item {
            case let string as String: string
            case let url as URL: url.absoluteString
            case let attributed as NSAttributedString: attributed.string
            default: nil
            }
        }
    }

    // MARK: The view

    open override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemGroupedBackground
        preview.contentMode = .center
        preview.backgroundColor = .secondarySystemGroupedBackground
        preview.layer.cornerRadius = 10
        preview.clipsToBounds = true
        preview.tintColor = .secondaryLabel
        itemTitle.font = .systemFont(ofSize: 15, weight: .semibold)
        itemSubtitle.font = .systemFont(ofSize: 13)
        itemSubtitle.textColor = .secondaryLabel
        closeButton.setImage(UIImage(systemName: "xmark.circle.fill"), for: .normal)
        closeButton.tintColor = .tertiaryLabel
        closeButton.accessibilityLabel = "Close"
        closeButton.addAction(UIAction { [weak self] _ in self?.close() }, for: .touchUpInside)
        card.backgroundColor = .secondarySystemGroupedBackground
        card.layer.cornerRadius = 10
        card.clipsToBounds = true
        for subview in [preview, itemTitle, itemSubtitle, closeButton, card] { view.addSubview(subview) }
        describeItems()
        rebuildRows()
    }

    private func describeItems() {
        let first = activityItems.first
        switch first {
        case let url as URL:
            itemTitle.text = url.host ?? url.absoluteString
            itemSubtitle.text = url.absoluteString
            preview.image = UIImage(systemName: "link")
        case let image as UIImage:
            itemTitle.text = "Image"
            itemSubtitle.text = "\(Int(image.size.width)) × \(Int(image.size.height))"
            preview.image = image
            preview.contentMode = .scaleAspectFill
        default:
            let text = copiedStrings.first ?? ""
            itemTitle.text = text.isEmpty ? "\(activityItems.count) Items" : text
            itemSubtitle.text = text.isEmpty ? nil : "Plain Text"
            preview.image = UIImage(systemName: "doc.text")
        }
        itemTitle.lineBreakMode = .byTruncatingTail
    }

    private func rebuildRows() {
        for old in rows { old.removeFromSuperview() }
        for old in separators { old.removeFromSuperview() }
        rows = offered.map { entry in
            let row = ActivityRow(title: entry.title, image: entry.image)
            row.addAction(UIAction { [weak self] _ in self?.pick(entry.type, entry.activity) }, for: .touchUpInside)
            card.addSubview(row)
            return row
        }
        separators = rows.dropFirst().map { _ in
            let line = UIView(frame: .zero)
            line.backgroundColor = .separator
            card.addSubview(line)
            return line
        }
        card.isHidden = rows.isEmpty
        view.setNeedsLayout()
    }

    open override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        let insets = view.safeAreaInsets
        let left = insets.left + 16, width = max(0, view.bounds.width - insets.left - insets.right - 32)
        let top = max(insets.top, 0) + 20
        preview.frame = CGRect(x: left, y: top, width: 44, height: 44)
        closeButton.frame = CGRect(x: left + width - 30, y: top + 7, width: 30, height: 30)
        let textX = left + 56, textWidth = max(0, width - 56 - 40)
        itemTitle.frame = CGRect(x: textX, y: top + 3, width: textWidth, height: 20)
        itemSubtitle.frame = CGRect(x: textX, y: top + 24, width: textWidth, height: 17)
        let rowHeight = max(50, ceil(UIFont.preferredFont(forTextStyle: .body).lineHeight + 28))
        card.frame = CGRect(x: left, y: top + 64, width: width, height: rowHeight * CGFloat(rows.count))
        for (i, row) in rows.enumerated() {
            row.frame = CGRect(x: 0, y: rowHeight * CGFloat(i), width: width, height: rowHeight)
        }
        let hairline = 1 / max(view.traitCollection.displayScale, 1)
        for (i, line) in separators.enumerated() {
            line.frame = CGRect(x: 16, y: rowHeight * CGFloat(i + 1) - hairline / 2, width: max(0, width - 16), height: hairline)
        }
    }

    // MARK: Running an activity

    private func pick(_ type: UIActivity.ActivityType?, _ activity: UIActivity?) {
        guard !finished, running == nil else { return }
        guard let activity else {
            // Copy.
            UIPasteboard.general.strings = copiedStrings
            finish(type, completed: true)
            return
        }
        running = activity
        activity.owner = self
        activity.prepare(withActivityItems: activityItems)
        if let controller = activity.activityViewController {
            present(controller, animated: true)
        } else if presentingViewController != nil {
            dismiss(animated: true) { activity.perform() }
        } else {
            activity.perform()
        }
    }

    /// The activity the person picked, until it finishes.
    private var running: UIActivity?

    func activity(_ activity: UIActivity, didFinish completed: Bool) {
        guard !finished, running === activity else { return }
        running = nil
        // Closes the activity's own screen and the sheet under it (if still shown); the
        // handler runs once they are gone.
        finish(activity.activityType, completed: completed)
    }

    private func close() { finish(nil, completed: false) }

    /// Calls the handler once, after closing the sheet if it is still presented.
    private func finish(_ type: UIActivity.ActivityType?, completed: Bool) {
        guard !finished else { return }
        finished = true
        let handler = completionWithItemsHandler
        if let presenter = presentingViewController {
            presenter.dismiss(animated: true) { handler?(type, completed, nil, nil) }
        } else {
            handler?(type, completed, nil, nil)
        }
    }

    open override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        // Gone without a pick (swiped down, or dismissed by the app): no activity ran.
        if running == nil, presentingViewController == nil { finish(nil, completed: false) }
    }
}

/// One row of the share sheet: the title on the left, the icon on the right, highlighted
/// while pressed.
@MainActor
final class ActivityRow: UIControl {
    let titleLabel = UILabel(frame: .zero)
    let icon = UIImageView(frame: .zero)

    init(title: String, image: UIImage?) {
        super.init(frame: .zero)
        titleLabel.text = title
        titleLabel.font = .preferredFont(forTextStyle: .body)
        titleLabel.adjustsFontForContentSizeCategory = true
        icon.image = image
        icon.tintColor = .label
        icon.contentMode = .center
        addSubview(titleLabel)
        addSubview(icon)
        isAccessibilityElement = true
        accessibilityLabel = title
        accessibilityTraits = .button
    }

    required init?(coder: NSCoder) { return nil }

    override var isHighlighted: Bool {
        didSet { backgroundColor = isHighlighted ? .systemFill : nil }
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        let b = bounds
        icon.frame = CGRect(x: b.width - 16 - 28, y: (b.height - 28) / 2, width: 28, height: 28)
        titleLabel.frame = CGRect(x: 16, y: 0, width: max(0, b.width - 16 - 28 - 24), height: b.height)
    }
}
