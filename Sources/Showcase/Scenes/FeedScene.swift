import Tabula

/// A feed of self-sizing cells laid out only with anchors and stack views: an avatar, a
/// name, a message that wraps, and a row of buttons. Tapping a post expands its message
/// (a constraint and a line limit change, and the row grows).
final class FeedScene: Scene {
    static let name = "feed"
    static let title = "Feed"
    static let summary = "Self-sizing cells built with anchors and stack views; tap a post to expand it"
    static let seed = "Auto Layout in table cells (automaticDimension, the successor of the 2009 session's sizeThatFits cells)"
    static let tryIt = "Scroll the feed; tap a post to expand or collapse its message; tap Like."
    let controller = FeedController(style: .plain)
    init() {}
    func makeRootViewController() -> UIViewController { controller }

    func play(on screen: HeadlessScreen) {
        guard let table = controller.tableView else { return }
        screen.tap(at: centerOfRow(0, in: table))
        screen.advance(by: 0.8)
        screen.tap(at: centerOfRow(2, in: table))
        screen.advance(by: 0.8)
        screen.tap(at: centerOfRow(0, in: table))
        screen.advance(by: 0.8)
        screen.drag(from: CGPoint(x: 200, y: 700), to: CGPoint(x: 200, y: 400), duration: 0.4)
        screen.advance(by: 1.2)
    }
}

struct Post {
    let author: String
    let handle: String
    let text: String
    var liked = false
    var expanded = false
}

final class FeedController: UITableViewController {
    var posts: [Post] = [
        Post(author: "Ada Lovelace", handle: "@ada", text: "The engine weaves algebraic patterns just as the Jacquard loom weaves flowers and leaves. Tables of numbers, computed and printed without a slip, are only the beginning of what it will do."),
        Post(author: "Grace Hopper", handle: "@grace", text: "A ship in port is safe, but that is not what ships are built for."),
        Post(author: "Edsger Dijkstra", handle: "@ewd", text: "Simplicity is prerequisite for reliability. Elegance is not a dispensable luxury but a factor that decides between success and failure."),
        Post(author: "Barbara Liskov", handle: "@liskov", text: "Subtypes must be substitutable for their base types."),
        Post(author: "Alan Kay", handle: "@alan", text: "The best way to predict the future is to invent it. Simple things should be simple, complex things should be possible."),
        Post(author: "Margaret Hamilton", handle: "@mhh", text: "There was no choice but to be pioneers; no time to be beginners."),
    ]

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.register(FeedCell.self, forCellReuseIdentifier: "post")
        tableView.rowHeight = UITableView.automaticDimension
        tableView.estimatedRowHeight = 140
    }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { posts.count }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "post", for: indexPath) as! FeedCell
        cell.show(posts[indexPath.row])
        cell.onLike = { [weak self] in
            guard let self else { return }
            self.posts[indexPath.row].liked.toggle()
            cell.show(self.posts[indexPath.row])
        }
        return cell
    }

    /// Expands or collapses the post: its cell changes its constraints, and the row is
    /// reloaded so that the table measures it again and animates the new height.
    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        posts[indexPath.row].expanded.toggle()
        tableView.performBatchUpdates({ tableView.reloadRows(at: [indexPath], with: .fade) })
        tableView.deselectRow(at: indexPath, animated: true)
    }
}

/// A post: avatar on the left; name and handle, message and buttons stacked on the right.
final class FeedCell: UITableViewCell {
    private let avatar = UILabel(frame: .zero)
    private let name = UILabel(frame: .zero)
    private let handle = UILabel(frame: .zero)
    private let message = UILabel(frame: .zero)
    private let like = UIButton(type: .system)
    private let reply = UIButton(type: .system)
    private let share = UIButton(type: .system)
    /// The space under the message: wider when the post is expanded.
    private var messageBottomGap: NSLayoutConstraint!
    var onLike: (() -> Void)?

    override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
        super.init(style: style, reuseIdentifier: reuseIdentifier)
        avatar.backgroundColor = .systemIndigo
        avatar.textColor = .white
        avatar.textAlignment = .center
        avatar.font = .systemFont(ofSize: 18, weight: .semibold)
        avatar.layer.cornerRadius = 22
        avatar.clipsToBounds = true
        name.font = .systemFont(ofSize: 16, weight: .semibold)
        handle.font = .systemFont(ofSize: 14)
        handle.textColor = .secondaryLabel
        message.font = .systemFont(ofSize: 15)
        message.numberOfLines = 2
        for (button, title) in [(like, "Like"), (reply, "Reply"), (share, "Share")] {
            button.setTitle(title, for: .normal)
            button.titleLabel?.font = .systemFont(ofSize: 14)
        }
        like.addAction(UIAction { [weak self] _ in self?.onLike?() }, for: .touchUpInside)

        let header = UIStackView(arrangedSubviews: [name, handle])
        header.spacing = 6
        header.alignment = .center
        handle.setContentHuggingPriority(UILayoutPriority(200), for: .horizontal)
        let buttons = UIStackView(arrangedSubviews: [like, reply, share])
        buttons.distribution = .equalSpacing
        let column = UIStackView(arrangedSubviews: [header, message, buttons])
        column.axis = .vertical
        column.spacing = 6
        column.setCustomSpacing(10, after: message)
        column.alignment = .fill

        for view in [avatar, column] {
            view.translatesAutoresizingMaskIntoConstraints = false
            contentView.addSubview(view)
        }
        messageBottomGap = column.bottomAnchor.constraint(equalTo: contentView.bottomAnchor, constant: -12)
        NSLayoutConstraint.activate([
            avatar.leadingAnchor.constraint(equalTo: contentView.leadingAnchor, constant: 16),
            avatar.topAnchor.constraint(equalTo: contentView.topAnchor, constant: 12),
            avatar.widthAnchor.constraint(equalToConstant: 44),
            avatar.heightAnchor.constraint(equalToConstant: 44),
            avatar.bottomAnchor.constraint(lessThanOrEqualTo: contentView.bottomAnchor, constant: -12),
            column.leadingAnchor.constraint(equalTo: avatar.trailingAnchor, constant: 12),
            column.trailingAnchor.constraint(equalTo: contentView.trailingAnchor, constant: -16),
            column.topAnchor.constraint(equalTo: contentView.topAnchor, constant: 12),
            messageBottomGap,
        ])
    }

    required init?(coder: NSCoder) { return nil }

    func show(_ post: Post) {
        avatar.text = String(post.author.prefix(1))
        name.text = post.author
        handle.text = post.handle
        message.text = post.text
        message.numberOfLines = post.expanded ? 0 : 2
        messageBottomGap.constant = post.expanded ? -20 : -12
        like.setTitle(post.liked ? "Liked" : "Like", for: .normal)
        like.setTitleColor(post.liked ? .systemPink : nil, for: .normal)
        message.invalidateIntrinsicContentSize()
    }
}
