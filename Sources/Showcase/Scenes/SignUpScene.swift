import Tabula

/// A sign-up form as apps build it since iOS 11: a plain `UIScrollView` holding a stack
/// view pinned to its `contentLayoutGuide` and as wide as its `frameLayoutGuide`, so that
/// Auto Layout sets the content size; the scroll view ends at the keyboard layout guide,
/// so the form stays scrollable above the keyboard; a help button pinned to the frame
/// guide floats over the content while it scrolls. No frame and no content size is set
/// by hand.
final class SignUpScene: Scene {
    static let name = "signup"
    static let title = "Sign Up"
    static let summary = "A form in a scroll view laid out by Auto Layout: the content guide sizes it, a help button floats on the frame guide"
    static let seed = "UIKit documentation, UIScrollView's contentLayoutGuide and frameLayoutGuide; UIKeyboardLayoutGuide"
    static let tryIt = "Scroll the form: the round help button stays put. Tap a field and type: the form shrinks "
        + "above the keyboard and still scrolls to the Create button. Text size grows the form."

    let controller = SignUpController()
    init() {}
    func makeRootViewController() -> UIViewController { controller }

    /// Scrolls to the bottom and back, then taps the email field and types an address.
    func play(on screen: HeadlessScreen) {
        screen.drag(from: CGPoint(x: 200, y: 700), to: CGPoint(x: 200, y: 250), duration: 0.4)
        screen.advance(by: 1.2)
        screen.drag(from: CGPoint(x: 200, y: 250), to: CGPoint(x: 200, y: 750), duration: 0.4)
        screen.advance(by: 1.2)
        let field = controller.fields[1]
        screen.tap(at: field.convert(CGPoint(x: 40, y: field.bounds.midY), to: nil))
        screen.advance(by: 0.4)
        for character in "ada@example.com" {
            screen.typeText(String(character))
            screen.advance(by: 0.04)
        }
        screen.advance(by: 0.3)
    }
}

/// The help sheet: questions and answers in a list, at half height first; drag it up for
/// all of them.
final class SignUpHelpController: UITableViewController {
    let entries = [("Why an account?", "Your reading list follows you to every device."),
                   ("Is it free?", "Yes. Family and Pro add shared shelves and offline copies."),
                   ("What is my password for?", "Only for signing in; it is never shown to anyone."),
                   ("Can I delete the account?", "At any time, in Settings."),
                   ("Do you read my books?", "No. The list holds titles and where you stopped."),
                   ("Is there a web version?", "Not yet."),
                   ("Who made this?", "A small team that likes tidy shelves."),
                   ("How do I get in touch?", "Write to help@example.com."),
                   ("Can I import a list?", "From a file of titles, one a line."),
                   ("What about my privacy?", "Nothing leaves your devices but the list itself.")]

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Help"
        navigationItem.rightBarButtonItem = UIBarButtonItem(systemItem: .done, primaryAction: UIAction { [unowned self] _ in
            self.dismiss(animated: true)
        })
    }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { entries.count }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = UITableViewCell(style: .subtitle, reuseIdentifier: nil)
        var content = cell.defaultContentConfiguration()
        content.text = entries[indexPath.row].0
        content.secondaryText = entries[indexPath.row].1
        cell.contentConfiguration = content
        return cell
    }
}

final class SignUpController: UIViewController {
    /// Presents the help sheet at the medium detent, with a grabber to drag it to the large one.
    func showHelp() {
        let navigation = UINavigationController(rootViewController: SignUpHelpController(style: .insetGrouped))
        if let sheet = navigation.sheetPresentationController {
            sheet.detents = [.medium(), .large()]
            sheet.prefersGrabberVisible = true
        }
        present(navigation, animated: true)
    }

    let scroll = UIScrollView()
    let stack = UIStackView()
    let help = UIButton(type: .system)
    let create = UIButton(configuration: .filled())
    private(set) var fields: [UITextField] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemGroupedBackground
        scroll.alwaysBounceVertical = true
        scroll.keyboardDismissMode = .interactive
        scroll.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(scroll)

        stack.axis = .vertical
        stack.spacing = 12
        stack.translatesAutoresizingMaskIntoConstraints = false
        scroll.addSubview(stack)

        let intro = UILabel()
        intro.text = "Make an account to keep your reading list on every device. It takes a minute."
        intro.numberOfLines = 0
        intro.font = .preferredFont(forTextStyle: .body)
        intro.adjustsFontForContentSizeCategory = true
        intro.textColor = .secondaryLabel
        stack.addArrangedSubview(intro)
        stack.setCustomSpacing(24, after: intro)

        let specs: [(String, String, UIKeyboardType, Bool)] = [
            ("Name", "Ada Lovelace", .default, false), ("Email", "ada@example.com", .emailAddress, false),
            ("Password", "At least 8 characters", .default, true), ("Confirm password", "Again", .default, true),
            ("Phone", "Optional", .phonePad, false), ("Company", "Optional", .default, false),
            ("Website", "Optional", .URL, false), ("City", "Optional", .default, false),
        ]
        for (title, placeholder, keyboard, secure) in specs {
            let label = UILabel()
            label.text = title.uppercased()
            label.font = .preferredFont(forTextStyle: .footnote)
            label.adjustsFontForContentSizeCategory = true
            label.textColor = .secondaryLabel
            let field = UITextField()
            field.placeholder = placeholder
            field.borderStyle = .roundedRect
            field.keyboardType = keyboard
            field.isSecureTextEntry = secure
            field.font = .preferredFont(forTextStyle: .body)
            field.adjustsFontForContentSizeCategory = true
            field.heightAnchor.constraint(greaterThanOrEqualToConstant: 44).isActive = true
            fields.append(field)
            let group = UIStackView(arrangedSubviews: [label, field])
            group.axis = .vertical
            group.spacing = 6
            stack.addArrangedSubview(group)
        }

        let plan = UISegmentedControl(items: ["Free", "Family", "Pro"])
        plan.selectedSegmentIndex = 0
        stack.addArrangedSubview(plan)

        let terms = UILabel()
        terms.text = "By creating an account you agree to keep your books tidy, return what you borrow, "
            + "and tell your friends about the good ones. You can delete the account at any time in Settings."
        terms.numberOfLines = 0
        terms.font = .preferredFont(forTextStyle: .footnote)
        terms.adjustsFontForContentSizeCategory = true
        terms.textColor = .secondaryLabel
        stack.addArrangedSubview(terms)

        var configuration = UIButton.Configuration.filled()
        configuration.title = "Create Account"
        configuration.image = UIImage(systemName: "arrow.right")
        configuration.imagePlacement = .trailing
        configuration.imagePadding = 8
        configuration.buttonSize = .large
        configuration.cornerStyle = .large
        create.configuration = configuration
        create.heightAnchor.constraint(greaterThanOrEqualToConstant: 50).isActive = true
        stack.addArrangedSubview(create)

        help.setImage(UIImage(systemName: "questionmark"), for: .normal)
        help.addAction(UIAction { [unowned self] _ in self.showHelp() }, for: .primaryActionTriggered)
        help.backgroundColor = .secondarySystemGroupedBackground
        help.layer.cornerRadius = 24
        help.layer.shadowOpacity = 0.2
        help.layer.shadowRadius = 6
        help.layer.shadowOffset = CGSize(width: 0, height: 2)
        help.translatesAutoresizingMaskIntoConstraints = false
        scroll.addSubview(help)

        let content = scroll.contentLayoutGuide, frame = scroll.frameLayoutGuide
        NSLayoutConstraint.activate([
            scroll.topAnchor.constraint(equalTo: view.topAnchor),
            scroll.leadingAnchor.constraint(equalTo: view.leadingAnchor),
            scroll.trailingAnchor.constraint(equalTo: view.trailingAnchor),
            scroll.bottomAnchor.constraint(equalTo: view.keyboardLayoutGuide.topAnchor),

            stack.topAnchor.constraint(equalTo: content.topAnchor, constant: 16),
            stack.bottomAnchor.constraint(equalTo: content.bottomAnchor, constant: -24),
            stack.leadingAnchor.constraint(equalTo: content.leadingAnchor, constant: 20),
            stack.trailingAnchor.constraint(equalTo: content.trailingAnchor, constant: -20),
            stack.widthAnchor.constraint(equalTo: frame.widthAnchor, constant: -40),

            help.widthAnchor.constraint(equalToConstant: 48),
            help.heightAnchor.constraint(equalToConstant: 48),
            help.trailingAnchor.constraint(equalTo: frame.trailingAnchor, constant: -20),
            help.bottomAnchor.constraint(equalTo: frame.bottomAnchor, constant: -24),
        ])
    }
}
