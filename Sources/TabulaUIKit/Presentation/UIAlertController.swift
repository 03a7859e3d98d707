import Foundation

/// An action of an alert or action sheet: a button with a title, a style and a handler.
@preconcurrency @MainActor
open class UIAlertAction: NSObject {
    /// How an action looks and where it goes.
    public enum Style: Int, Sendable {
        /// A normal action.
        case `default` = 0
        /// The action that cancels: bold in an alert (unless another is preferred), in its
        /// own box at the bottom of an action sheet. At most one per alert.
        case cancel = 1
        /// An action that destroys something: red.
        case destructive = 2
    }

    /// The button's title.
    public private(set) var title: String?
    /// The action's style.
    public private(set) var style: Style
    /// Whether the button can be tapped (default true); a disabled one is grey.
    open var isEnabled = true { didSet { alert?.actionsDidChange() } }
    private(set) var handler: ((UIAlertAction) -> Void)?
    weak var alert: UIAlertController?

    /// An action with no title, of the default style, doing nothing: UIKit's designated
    /// initializer (NSObject's), under ``init(title:style:handler:)``.
    public override init() {
        title = nil
        style = .default
        handler = nil
        super.init()
    }

    /// Creates an action whose `handler` runs after the alert is dismissed.
    public convenience init(title: String?, style: Style, handler: ((UIAlertAction) -> Void)? = nil) {
        self.init()
        self.title = title
        self.style = style
        self.handler = handler
    }

    /// Returns `nil`: Tabula decodes no archived objects (see ``UIView/init(coder:)``); it
    /// is declared, as in UIKit, so that a subclass's `required init?(coder:)` compiles.
    public required init?(coder: NSCoder) { return nil }
}

/// An alert — a titled message with buttons in the middle of the screen — or an action
/// sheet — a list of choices sliding up from the bottom — presented with
/// `present(_:animated:completion:)`.
///
/// As on iOS 17: the alert is 270 points wide with rounded corners, a bold title and a
/// smaller message; two actions sit side by side (the cancel action on the left), three
/// or more are stacked with the cancel action last; it zooms in from 1.2× while fading in
/// over a dimmed screen. The action sheet lists its actions 57 points high, with the
/// cancel action in a box of its own below; a tap outside it cancels. A tapped action's
/// handler runs once the alert is gone.
///
/// An alert can ask for text: `addTextField(configurationHandler:)` adds fields under the
/// message, the first has the keyboard as the alert appears, and the card rises above the
/// keyboard. An action sheet takes no text fields (reported, not added, as UIKit refuses).
@preconcurrency @MainActor
open class UIAlertController: UIViewController {
    /// The two kinds of alert.
    public enum Style: Int, Sendable {
        /// A list of choices at the bottom of the screen.
        case actionSheet = 0
        /// A message with buttons in the middle of the screen.
        case alert = 1
    }

    /// The kind of alert, fixed at creation.
    public private(set) var preferredStyle: Style = .actionSheet
    /// The message under the title.
    open var message: String? { didSet { actionsDidChange() } }
    /// The actions, in the order added.
    public private(set) var actions: [UIAlertAction] = []
    /// The action drawn bold and run by Return (it must be one of ``actions``).
    open var preferredAction: UIAlertAction? { didSet { actionsDidChange() } }
    /// The text fields, in the order added; nil when there are none, as in UIKit.
    open var textFields: [UITextField]? { fields.isEmpty ? nil : fields }
    private var fields: [UITextField] = []

    /// Creates an alert or action sheet. Subclasses inherit it, as in UIKit.
    public convenience init(title: String?, message: String?, preferredStyle: Style) {
        self.init(nibName: nil, bundle: nil)
        self.preferredStyle = preferredStyle
        self.title = title
        self.message = message
    }

    /// Creates an empty action sheet (UIKit's `UIAlertController()`: the style's zero value);
    /// ``init(title:message:preferredStyle:)`` is the one to use. A nib name is reported and
    /// ignored, as for any view controller.
    public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
        modalPresentationStyle = .overFullScreen
    }

    /// Alerts are made with ``init(title:message:preferredStyle:)``; this makes an empty action sheet.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        modalPresentationStyle = .overFullScreen
    }

    /// Adds a button. A second `.cancel` action is reported and not added, as UIKit refuses it.
    open func addAction(_ action: UIAlertAction) {
        if action.style == .cancel, actions.contains(where: { $0.style == .cancel }) {
            reportInvalidUse("UIAlertController can only have one action with a style of UIAlertActionStyleCancel; \"\(action.title ?? "")\" not added")
            return
        }
        action.alert = self
        actions.append(action)
        actionsDidChange()
    }

    /// Adds a text field under the message, configured by `configurationHandler` before the
    /// alert is shown. Only alerts take text fields: on an action sheet this is reported
    /// and nothing is added.
    open func addTextField(configurationHandler: ((UITextField) -> Void)? = nil) {
        guard preferredStyle == .alert else {
            reportInvalidUse("Text fields can only be added to an alert controller of style UIAlertControllerStyleAlert; not added")
            return
        }
        let field = UITextField(frame: .zero)
        field.font = AlertView.font(.footnote)
        field.adjustsFontForContentSizeCategory = true
        field.borderStyle = .none
        field.backgroundColor = .clear
        configurationHandler?(field)
        fields.append(field)
        actionsDidChange()
    }

    /// The first text field takes the keyboard as the alert appears.
    open override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        _ = fields.first?.becomeFirstResponder()
    }

    /// The keyboard goes with the alert.
    open override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        for field in fields where field.isFirstResponder { _ = field.resignFirstResponder() }
    }

    /// The alert's view: the card (or the action sheet's boxes) with the title, message and buttons.
    lazy var alertView = AlertView(controller: self)

    /// The card the presentation shows: the alert view.
    open override func loadView() {
        view = alertView
    }

    func actionsDidChange() {
        if isViewLoaded { alertView.rebuild() }
    }

    /// Why this alert cannot be shown, if it cannot: UIKit's wording.
    var presentationProblem: String? {
        if preferredStyle == .actionSheet, actions.isEmpty {
            return "UIAlertController (action sheet) \"\(title ?? "")\" has no actions: an action sheet must have at least one action. Not presented."
        }
        if actions.isEmpty, (title ?? "").isEmpty, (message ?? "").isEmpty {
            return "UIAlertController must have a title, a message or an action to display. Not presented."
        }
        return nil
    }

    /// The width of an alert card.
    static let alertWidth: CGFloat = 270

    /// The action the user chose, whose handler runs when the alert is gone.
    private var chosen: UIAlertAction?

    /// A button was tapped: the alert goes, then the action's handler runs.
    func choose(_ action: UIAlertAction) {
        guard action.isEnabled, chosen == nil else { return }
        chosen = action
        dismiss(animated: true)
    }

    /// A tap outside an action sheet: its cancel action, if it has one.
    func tapOutside() {
        guard preferredStyle == .actionSheet, let cancel = actions.first(where: { $0.style == .cancel }) else { return }
        choose(cancel)
    }

    func dismissalDidFinish() {
        guard let action = chosen else { return }
        chosen = nil
        action.handler?(action)
    }
}

/// Draws an alert card or an action sheet's boxes and turns taps into actions.
@MainActor
final class AlertView: UIView {
    private unowned let controller: UIAlertController
    private var buttons: [(AlertButton, UIAlertAction)] = []
    private let group = UIView(frame: .zero)
    private let cancelBox = UIView(frame: .zero)
    private let titleLabel = UILabel(frame: .zero)
    private let messageLabel = UILabel(frame: .zero)
    /// The title, message and text fields, scrolling when the card cannot show them whole.
    private let headerScroll = UIScrollView(frame: .zero)
    /// The action rows of the card (not a sheet's cancel box), scrolling likewise.
    private let actionsScroll = UIScrollView(frame: .zero)

    init(controller: UIAlertController) {
        self.controller = controller
        super.init(frame: .zero)
        backgroundColor = nil
        isOpaque = false
        // The card is a material: what lies behind it, blurred, under a translucent tint.
        // A sheet's Cancel box is solid, as in iOS.
        group.layer.backdropMaterial = AlertColors.blur
        for box in [group, cancelBox] {
            box.backgroundColor = box === group ? AlertColors.material : AlertColors.box
            box.layer.cornerRadius = controller.preferredStyle == .alert ? 14 : 13
            box.clipsToBounds = true
            box.isOpaque = false
            addSubview(box)
        }
        for scroll in [headerScroll, actionsScroll] {
            scroll.backgroundColor = nil
            scroll.isOpaque = false
            scroll.showsHorizontalScrollIndicator = false
            scroll.alwaysBounceVertical = false
            group.addSubview(scroll)
        }
        for label in [titleLabel, messageLabel] {
            label.numberOfLines = 0
            label.textAlignment = .center
            label.adjustsFontForContentSizeCategory = true
            headerScroll.addSubview(label)
        }
        rebuild()
    }

    required init?(coder: NSCoder) { fatalError("not used") }

    private var isAlert: Bool { controller.preferredStyle == .alert }
    /// How the action rows stand at one width, measured once for a layout or a fitting.
    private struct ActionRows {
        /// The height of each row: 44 points for an alert and 57 for an action sheet, or
        /// more when a title at a large text size needs it (titles wrap there rather than
        /// being cut short).
        var row: CGFloat
        /// Whether an alert's two buttons sit side by side.
        var paired: Bool
        /// The rows in the card (a sheet's cancel action is apart).
        var inCard: CGFloat
        /// A sheet's separate cancel box with the gap above it (0 without one).
        var cancel: CGFloat
    }

    /// The action rows at `width`.
    private func actionRows(width: CGFloat) -> ActionRows {
        let paired = sideBySide(width: width)
        let labelWidth = (paired ? width / 2 : width) - 2 * AlertButton.titleInset
        var text: CGFloat = 0
        for (button, _) in buttons {
            text = max(text, button.label.sizeThatFits(CGSize(width: labelWidth, height: 0)).height)
        }
        let row = max(isAlert ? 44 : 57, (text + 22).rounded(.up))
        let inCard = paired ? row : CGFloat(buttons.filter { isAlert || $0.1.style != .cancel }.count) * row
        return ActionRows(row: row, paired: paired, inCard: inCard, cancel: cancelBox.isHidden ? 0 : 8 + row)
    }

    /// The text fields' rounded box, under the message.
    private let fieldBox = AlertFieldBox(frame: .zero)
    private var fields: [UITextField] { controller.textFields ?? [] }
    /// The height of one text field row: 30 points at the default text size, growing with
    /// the footnote style the fields' text has.
    private var fieldHeight: CGFloat {
        (UIFontMetrics(forTextStyle: .footnote).scaledValue(for: 30, compatibleWith: traitCollection)).rounded(.up)
    }

    /// Makes the buttons for the actions, in the order they are shown.
    func rebuild() {
        for (button, _) in buttons { button.removeFromSuperview() }
        buttons = []
        if fieldBox.superview == nil {
            fieldBox.backgroundColor = AlertColors.field
            fieldBox.layer.cornerRadius = 7
            fieldBox.layer.borderWidth = 0.5
            fieldBox.clipsToBounds = true
            headerScroll.addSubview(fieldBox)
        }
        for field in fields where field.superview !== fieldBox { fieldBox.addSubview(field) }
        fieldBox.isHidden = fields.isEmpty
        fieldBox.rows = fields.count
        titleLabel.text = controller.title
        messageLabel.text = controller.message
        titleLabel.font = Self.font(isAlert ? .headline : .footnote, weight: .semibold)
        titleLabel.textColor = isAlert ? .label : .secondaryLabel
        messageLabel.font = Self.font(.footnote)
        messageLabel.textColor = isAlert ? .label : .secondaryLabel
        let preferred = controller.preferredAction ?? (isAlert ? controller.actions.first { $0.style == .cancel } : nil)
        for action in orderedActions {
            let button = AlertButton(frame: .zero)
            button.label.text = action.title
            let bold = action === preferred || (!isAlert && action.style == .cancel)
            button.label.font = Self.font(buttonStyle, weight: bold ? .semibold : .regular)
            button.label.textColor = !action.isEnabled ? .systemGray : action.style == .destructive ? .systemRed : .systemBlue
            button.isEnabled = action.isEnabled
            button.addAction(UIAction { [weak self, weak action] _ in
                guard let self, let action else { return }
                self.controller.choose(action)
            }, for: .touchUpInside)
            let box = !isAlert && action.style == .cancel ? cancelBox : actionsScroll
            box.addSubview(button)
            buttons.append((button, action))
        }
        cancelBox.isHidden = isAlert || !controller.actions.contains { $0.style == .cancel }
        contentDidChange()
    }

    /// The system font of `style`'s size at `weight`, following the preferred text size:
    /// an alert's title is headline, its message footnote and its buttons body; an action
    /// sheet's title and message are footnote and its buttons title 3, as in iOS.
    static func font(_ style: UIFont.TextStyle, weight: UIFont.Weight = .regular) -> UIFont {
        let size = DynamicTypeScaling.defaultFont(for: style).size
        return UIFontMetrics(forTextStyle: style).scaledFont(for: .systemFont(ofSize: size, weight: weight))
    }

    /// The text style of the buttons' titles.
    private var buttonStyle: UIFont.TextStyle { isAlert ? .body : .title3 }

    /// The text grew or shrank: the card is laid out again and placed again at its new size.
    override func contentSizeCategoryDidChange(from previous: UIContentSizeCategory?, to category: UIContentSizeCategory) {
        super.contentSizeCategoryDidChange(from: previous, to: category)
        if previous != nil { contentDidChange() }
    }

    /// What the card shows changed (its text, its actions, their text size): it lays out
    /// again, and the presentation places it again at the size it now needs.
    private func contentDidChange() {
        setNeedsLayout()
        (superview as? PresentationContainerView)?.cardContentDidChange()
    }

    /// The actions as shown: an alert with two puts the cancel action first (on the
    /// left); otherwise the cancel action goes last.
    private var orderedActions: [UIAlertAction] {
        let actions = controller.actions
        let cancel = actions.filter { $0.style == .cancel }, others = actions.filter { $0.style != .cancel }
        if isAlert && actions.count == 2 { return cancel + others }
        return others + cancel
    }

    /// Whether an alert's two buttons sit side by side at `width`: when each title fits on
    /// one line in half the card; otherwise (long titles, large text) they stack, as in iOS.
    private func sideBySide(width: CGFloat) -> Bool {
        guard isAlert, controller.actions.count == 2, buttons.count == 2 else { return false }
        let half = width / 2 - 2 * AlertButton.titleInset
        return buttons.allSatisfy { $0.0.label.sizeThatFits(.zero).width <= half }
    }

    /// The header's height (title and message) at `width`.
    private func headerHeight(width: CGFloat) -> CGFloat {
        let inner = width - 32
        var height: CGFloat = 0
        let hasTitle = !(titleLabel.text ?? "").isEmpty, hasMessage = !(messageLabel.text ?? "").isEmpty
        guard hasTitle || hasMessage || !fields.isEmpty else { return 0 }
        height += isAlert ? 19 : 14
        if hasTitle { height += titleLabel.sizeThatFits(CGSize(width: inner, height: 0)).height }
        if hasTitle && hasMessage { height += isAlert ? 4 : 2 }
        if hasMessage { height += messageLabel.sizeThatFits(CGSize(width: inner, height: 0)).height }
        if !fields.isEmpty { height += (hasTitle || hasMessage ? 16 : 0) + CGFloat(fields.count) * fieldHeight }
        height += isAlert ? 19 : 14
        return height.rounded(.up)
    }

    /// The size of the card (or both boxes) at `width`, at most `maximumHeight` tall: a
    /// card whose title, message and actions do not fit scrolls them inside (see
    /// ``allot(header:actions:available:)``), so that every action can be reached.
    func fittingSize(width: CGFloat, maximumHeight: CGFloat = .greatestFiniteMagnitude) -> CGSize {
        let rows = actionRows(width: width)
        let natural = headerHeight(width: width) + rows.inCard
        let available = max(rows.row, maximumHeight - rows.cancel)
        return CGSize(width: width, height: min(natural, available) + rows.cancel)
    }

    /// How a card `available` points tall shares them between its header (title, message,
    /// fields) and its action rows, as iOS does: when both fit, each gets what it needs;
    /// otherwise a part that fits in half the card keeps its height and the other part
    /// scrolls in the rest, and when neither does, each scrolls in half.
    static func allot(header: CGFloat, actions: CGFloat, available: CGFloat) -> (header: CGFloat, actions: CGFloat) {
        guard header + actions > available else { return (header, actions) }
        let half = (available / 2).rounded(.down)
        if header <= half { return (header, available - header) }
        if actions <= half { return (available - actions, actions) }
        return (half, available - half)
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        // A layer's border colour is not dynamic: set for the appearance of each pass
        // (a change of appearance lays the view out again).
        fieldBox.layer.borderColor = AlertColors.separator.resolvedColor(with: traitCollection).cgColor
        let width = bounds.width
        let header = headerHeight(width: width)
        let rows = actionRows(width: width)
        let actions = rows.inCard, row = rows.row, paired = rows.paired, fieldHeight = fieldHeight
        let (shownHeader, shownActions) = Self.allot(header: header, actions: actions,
                                                     available: max(0, bounds.height - rows.cancel))
        UIView.performWithoutAnimation {
            headerScroll.frame = CGRect(x: 0, y: 0, width: width, height: shownHeader)
            headerScroll.contentSize = CGSize(width: width, height: header)
            actionsScroll.frame = CGRect(x: 0, y: shownHeader, width: width, height: shownActions)
            actionsScroll.contentSize = CGSize(width: width, height: actions)
        }
        var y: CGFloat = isAlert ? 19 : 14
        if header > 0 {
            let hasTitle = !(titleLabel.text ?? "").isEmpty, hasMessage = !(messageLabel.text ?? "").isEmpty
            if hasTitle {
                let h = titleLabel.sizeThatFits(CGSize(width: width - 32, height: 0)).height
                titleLabel.frame = CGRect(x: 16, y: y, width: width - 32, height: h)
                y += h
            }
            if hasMessage {
                if hasTitle { y += isAlert ? 4 : 2 }
                let h = messageLabel.sizeThatFits(CGSize(width: width - 32, height: 0)).height
                messageLabel.frame = CGRect(x: 16, y: y, width: width - 32, height: h)
                y += h
            }
            if !fields.isEmpty {
                if hasTitle || hasMessage { y += 16 }
                fieldBox.frame = CGRect(x: 16, y: y, width: width - 32, height: CGFloat(fields.count) * fieldHeight)
                for (i, field) in fields.enumerated() {
                    field.frame = CGRect(x: 6, y: CGFloat(i) * fieldHeight, width: fieldBox.bounds.width - 12,
                                         height: fieldHeight)
                }
            }
        }
        let inGroup = buttons.filter { $0.0.superview === actionsScroll }
        for (i, (button, _)) in inGroup.enumerated() {
            if paired {
                button.frame = CGRect(x: CGFloat(i) * width / 2, y: 0, width: width / 2, height: row)
                button.separators = i == 0 ? [.top, .right] : [.top]
            } else {
                button.frame = CGRect(x: 0, y: CGFloat(i) * row, width: width, height: row)
                button.separators = header > 0 || i > 0 ? [.top] : []
            }
        }
        let groupHeight = shownHeader + shownActions
        group.frame = CGRect(x: 0, y: 0, width: width, height: groupHeight)
        if !cancelBox.isHidden {
            cancelBox.frame = CGRect(x: 0, y: groupHeight + 8, width: width, height: row)
            for (button, action) in buttons where action.style == .cancel {
                button.frame = cancelBox.bounds
                button.separators = []
            }
        }
    }

    /// Taps outside the boxes (on the dim, which lies behind this view) reach the container;
    /// this view only takes the touches on its boxes.
    override func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
        group.frame.contains(point) || (!cancelBox.isHidden && cancelBox.frame.contains(point))
    }

    /// The labels of the buttons, in the order shown (for tests).
    var buttonTitles: [String] { buttons.map { $0.0.label.text ?? "" } }
    /// The button showing `title` (for tests).
    func button(titled title: String) -> AlertButton? { buttons.first { $0.0.label.text == title }?.0 }
}

/// One button of an alert: a label over a row that greys while pressed, with hairlines.
@MainActor
final class AlertButton: UIControl {
    let label = UILabel(frame: .zero)
    var separators: UIRectEdge = [] { didSet { setNeedsDisplay() } }

    override init(frame: CGRect) {
        super.init(frame: frame)
        isOpaque = false
        backgroundColor = nil
        label.textAlignment = .center
        label.numberOfLines = 0
        label.adjustsFontForContentSizeCategory = true
        addSubview(label)
    }

    /// The room left beside a button's title, on each side.
    static let titleInset: CGFloat = 8

    required init?(coder: NSCoder) { fatalError("not used") }

    override func layoutSubviews() {
        super.layoutSubviews()
        label.frame = bounds.insetBy(dx: Self.titleInset, dy: 0)
        setNeedsDisplay()
    }

    override func stateDidChange() {
        super.stateDidChange()
        backgroundColor = isHighlighted ? AlertColors.highlight : nil
    }

    override func draw(_ rect: CGRect) {
        guard let ctx = UIGraphicsGetCurrentContext() else { return }
        ctx.setFillColor(AlertColors.separator.resolvedColor(with: traitCollection).cgColor)
        let hairline = 1 / max(layer.contentsScale, 1)
        if separators.contains(.top) { ctx.fill(CGRect(x: 0, y: 0, width: bounds.width, height: hairline)) }
        if separators.contains(.right) { ctx.fill(CGRect(x: bounds.width - hairline, y: 0, width: hairline, height: bounds.height)) }
    }
}

/// The alert's and action sheet's colours in light and dark appearance: iOS 17's light
/// grey card with dark text, and its dark grey card with light text.
@MainActor
enum AlertColors {
    static let box = UIColor { traits in
        traits.userInterfaceStyle == .dark ? UIColor(red: 0.15, green: 0.15, blue: 0.15, alpha: 0.97)
            : UIColor(red: 0.96, green: 0.96, blue: 0.96, alpha: 0.97)
    }
    /// The tint of the card over its blurred backdrop.
    static let material = UIColor { traits in
        traits.userInterfaceStyle == .dark ? UIColor(red: 0.13, green: 0.13, blue: 0.13, alpha: 0.8)
            : UIColor(red: 0.96, green: 0.96, blue: 0.96, alpha: 0.8)
    }
    /// The blur under the card's tint.
    static let blur = BackdropMaterial(blurRadius: 20, saturation: 1.8)
    static let field = UIColor { traits in
        traits.userInterfaceStyle == .dark ? UIColor(rgb: 0x1C1C1E) : .white
    }
    static let separator = UIColor { traits in
        traits.userInterfaceStyle == .dark ? UIColor(white: 1, alpha: 0.16) : UIColor(white: 0, alpha: 0.2)
    }
    static let highlight = UIColor { traits in
        traits.userInterfaceStyle == .dark ? UIColor(white: 1, alpha: 0.1) : UIColor(white: 0, alpha: 0.08)
    }
}

/// The rounded box of an alert's text fields: one row a field, with a hairline between
/// rows, as iOS draws a name-and-password alert.
@MainActor
final class AlertFieldBox: UIView {
    var rows = 0 { didSet { if rows != oldValue { setNeedsDisplay() } } }

    override init(frame: CGRect) {
        super.init(frame: frame)
        contentMode = .redraw
    }

    required init?(coder: NSCoder) { return nil }

    override func draw(_ rect: CGRect) {
        guard rows > 1, let ctx = UIGraphicsGetCurrentContext() else { return }
        ctx.setFillColor(AlertColors.separator.resolvedColor(with: traitCollection).cgColor)
        let hairline = 1 / max(layer.contentsScale, 1)
        for row in 1 ..< rows {
            // One device pixel just above the boundary, on the pixel grid (crisp, not two
            // half-grey rows).
            let y = (CGFloat(row) * bounds.height / CGFloat(rows) / hairline).rounded() * hairline
            ctx.fill(CGRect(x: 0, y: y - hairline, width: bounds.width, height: hairline))
        }
    }
}
