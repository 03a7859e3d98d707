import Foundation

/// A search field as iOS 17 draws it — a grey rounded field with a magnifying glass and
/// "Search" — with an optional Cancel button beside it and an optional scope bar (a
/// segmented control) under it.
///
/// Text edited in its ``searchTextField`` is reported to the ``delegate``
/// (`searchBar(_:textDidChange:)` after each change), Return is
/// `searchBarSearchButtonClicked(_:)`, Cancel `searchBarCancelButtonClicked(_:)`.
/// Standalone it is 56 points tall (100 with the scope bar); ``UIView/sizeToFit()`` sizes it.
@preconcurrency @MainActor
open class UISearchBar: UIView {
    /// How the bar is drawn.
    public enum Style: UInt, Sendable {
        /// The system's choice: `.prominent`.
        case `default` = 0
        /// A bar with a background.
        case prominent = 1
        /// No background: only the field.
        case minimal = 2
    }

    /// The field the text is edited in.
    public let searchTextField = UISearchTextField(frame: .zero)
    private lazy var fieldDelegate = SearchFieldDelegate(bar: self)
    private let cancelButton = UIButton(type: .system)
    private lazy var scopeControl = UISegmentedControl(items: [])

    /// The images set with ``setImage(_:for:state:)`` (see `UISearchBar+Icons.swift`).
    var iconImages: [IconKey: UIImage] = [:]

    /// The bar's height without and with the scope bar, and the field's.
    static let barHeight: CGFloat = 56
    static let scopeBarHeight: CGFloat = 44
    static let fieldHeight: CGFloat = 36

    public override init(frame: CGRect) {
        super.init(frame: frame)
        setUpSearchBar()
    }

    /// Creates a bar with the standard height.
    public convenience init() { self.init(frame: CGRect(x: 0, y: 0, width: 320, height: Self.barHeight)) }

    /// Creates the search bar from a storyboard or nib, as ``UIView/init(coder:)`` does: the
    /// file's properties are set before it returns, so that a subclass in a file is made.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUpSearchBar()
        InterfaceBuilderCoder.decode(coder, into: self, at: UISearchBar.self)
    }

    private func setUpSearchBar() {
        backgroundColor = nil
        isOpaque = false
        searchTextField.delegate = fieldDelegate
        searchTextField.addAction(UIAction { [weak self] _ in self?.fieldTextChanged() }, for: .editingChanged)
        addSubview(searchTextField)
        cancelButton.setTitle("Cancel", for: .normal)
        cancelButton.titleLabel?.font = .systemFont(ofSize: 17)
        cancelButton.addAction(UIAction { [weak self] _ in self?.cancelTapped() }, for: .touchUpInside)
        cancelButton.isHidden = true
        addSubview(cancelButton)
    }

    /// The object told of edits, Search and Cancel.
    open weak var delegate: UISearchBarDelegate?

    /// The search text ("" when empty).
    open var text: String? {
        get { searchTextField.text }
        set { searchTextField.text = newValue }
    }
    /// The grey text shown while empty: "Search" by default.
    open var placeholder: String? {
        get { searchTextField.placeholder }
        set { searchTextField.placeholder = newValue }
    }
    /// A line shown above the field (accepted; not drawn).
    open var prompt: String?
    /// How the bar is drawn.
    open var searchBarStyle: Style = .default { didSet { setNeedsDisplay() } }
    /// The bar's background colour (nil: the system's).
    open var barTintColor: UIColor? { didSet { setNeedsDisplay() } }
    /// Whether the background is translucent (accepted).
    open var isTranslucent = true

    /// The keyboard's return key title: "search".
    open var returnKeyType: UIReturnKeyType {
        get { searchTextField.returnKeyType }
        set { searchTextField.returnKeyType = newValue }
    }
    /// When the shift comes on by itself.
    open var autocapitalizationType: UITextAutocapitalizationType {
        get { searchTextField.autocapitalizationType }
        set { searchTextField.autocapitalizationType = newValue }
    }
    /// The keyboard to show.
    open var keyboardType: UIKeyboardType {
        get { searchTextField.keyboardType }
        set { searchTextField.keyboardType = newValue }
    }

    // MARK: Cancel button

    /// Whether the Cancel button shows beside the field.
    open var showsCancelButton: Bool {
        get { showsCancel }
        set { setShowsCancelButton(newValue, animated: false) }
    }
    private var showsCancel = false

    /// Shows or hides the Cancel button, sliding the field's end over 0.25 s when animated.
    open func setShowsCancelButton(_ showsCancelButton: Bool, animated: Bool) {
        guard showsCancelButton != showsCancel else { return }
        showsCancel = showsCancelButton
        if showsCancelButton { cancelButton.isHidden = false; cancelButton.alpha = animated ? 0 : 1 }
        let apply = {
            self.layoutFieldAndButtons()
            self.cancelButton.alpha = showsCancelButton ? 1 : 0
        }
        if animated, window != nil {
            UIView.animate(withDuration: 0.25, animations: apply) { _ in
                if !self.showsCancel { self.cancelButton.isHidden = true }
            }
        } else {
            UIView.performWithoutAnimation(apply)
            cancelButton.isHidden = !showsCancelButton
        }
    }

    // MARK: Scope bar

    /// The titles of the scope buttons; the scope bar shows when there are two or more and
    /// ``showsScopeBar`` is true.
    open var scopeButtonTitles: [String]? {
        didSet {
            scopeControl.removeAllSegments()
            for (i, title) in (scopeButtonTitles ?? []).enumerated() {
                scopeControl.insertSegment(withTitle: title, at: i, animated: false)
            }
            scopeControl.selectedSegmentIndex = (scopeButtonTitles ?? []).isEmpty ? UISegmentedControl.noSegment : 0
            setNeedsLayout()
        }
    }
    /// The selected scope button.
    open var selectedScopeButtonIndex: Int {
        get { max(0, scopeControl.selectedSegmentIndex) }
        set { scopeControl.selectedSegmentIndex = newValue }
    }
    /// Whether the scope bar shows under the field.
    open var showsScopeBar = false {
        didSet {
            guard showsScopeBar != oldValue else { return }
            installScopeControl()
            invalidateIntrinsicContentSize()
            setNeedsLayout()
            // In a navigation bar, the bar grows or shrinks by the scope bar's height.
            var view = superview
            while let candidate = view, !(candidate is UINavigationBar) { view = candidate.superview }
            (view as? UINavigationBar)?.searchRowDidChange()
        }
    }

    var scopeBarShown: Bool { showsScopeBar && (scopeButtonTitles?.count ?? 0) >= 2 }

    private func installScopeControl() {
        guard scopeControl.superview == nil else { return }
        scopeControl.addAction(UIAction { [weak self] _ in
            guard let self else { return }
            self.delegate?.searchBar(self, selectedScopeButtonIndexDidChange: self.selectedScopeButtonIndex)
            self.onScopeChange?()
        }, for: .valueChanged)
        addSubview(scopeControl)
    }

    // MARK: Icons (see UISearchBar+Icons.swift)

    /// Sets the image drawn for `icon` in `state` (`.normal` or `.disabled`, the field's
    /// enabled state); nil puts back the system's. The `.search` image replaces the
    /// magnifying glass and the `.clear` image the clear button, each drawn at its own size
    /// (scaled down to fit the field's height), centred where the system's is; a template
    /// image or a symbol is drawn in the secondary label colour, as the glass is. A
    /// disabled field without a `.disabled` image shows the `.normal` one. Tabula draws no
    /// bookmark or results list button, so their images are only kept for
    /// ``image(for:state:)``.
    open func setImage(_ iconImage: UIImage?, for icon: Icon, state: UIControl.State) {
        let key = IconKey(icon: icon, state: state.rawValue)
        guard iconImages[key] !== iconImage else { return }
        iconImages[key] = iconImage
        searchTextField.showIconImages(search: shownImage(for: .search), clear: shownImage(for: .clear))
    }

    /// The image set for `icon` in `state` with ``setImage(_:for:state:)``, or nil when
    /// the system's is drawn.
    open func image(for icon: Icon, state: UIControl.State) -> UIImage? {
        iconImages[IconKey(icon: icon, state: state.rawValue)]
    }

    // MARK: Layout and drawing

    /// 56 points tall, 100 with the scope bar.
    open override var intrinsicContentSize: CGSize {
        CGSize(width: UIView.noIntrinsicMetric, height: Self.barHeight + (scopeBarShown ? Self.scopeBarHeight : 0))
    }

    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        CGSize(width: size.width > 0 ? size.width : bounds.width, height: intrinsicContentSize.height)
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        layoutFieldAndButtons()
        scopeControl.isHidden = !scopeBarShown
        if scopeBarShown {
            scopeControl.frame = CGRect(x: 16, y: fieldRowHeight + 2, width: bounds.width - 32, height: 32)
        }
    }

    /// The height of the row with the field: the bar's height above the scope bar, 56 at most.
    private var fieldRowHeight: CGFloat {
        min(bounds.height - (scopeBarShown ? Self.scopeBarHeight : 0), Self.barHeight)
    }

    private func layoutFieldAndButtons() {
        let inset: CGFloat = 16
        let cancelWidth = ceil(cancelButton.sizeThatFits(bounds.size).width)
        let fieldWidth = bounds.width - 2 * inset - (showsCancel ? cancelWidth + 12 : 0)
        let rowHeight = fieldRowHeight
        searchTextField.frame = CGRect(x: inset, y: (rowHeight - Self.fieldHeight) / 2, width: max(0, fieldWidth),
                                       height: Self.fieldHeight)
        let cancelX = showsCancel ? inset + fieldWidth + 12 : bounds.width
        cancelButton.frame = CGRect(x: cancelX, y: 0, width: cancelWidth, height: rowHeight)
    }

    open override func draw(_ rect: CGRect) {
        guard searchBarStyle != .minimal, let ctx = UIGraphicsGetCurrentContext() else { return }
        if let barTintColor {
            ctx.setFillColor(barTintColor.cgColor)
            ctx.fill(bounds)
        }
    }

    // MARK: Editing, through the field

    private func fieldTextChanged() {
        delegate?.searchBar(self, textDidChange: searchTextField.text ?? "")
    }

    private func cancelTapped() {
        delegate?.searchBarCancelButtonClicked(self)
        onCancel?()
    }

    /// Told after the delegate when Cancel is tapped (a search controller ends the search).
    var onCancel: (() -> Void)?
    /// Told after the delegate when the scope changes (a search controller filters again).
    var onScopeChange: (() -> Void)?
    /// Told when the bar enters or leaves a window (a search controller shows or takes away
    /// what covers the content under it).
    var onWindowChange: (() -> Void)?

    /// Tells the search controller that owns the bar, if any, that the bar entered or left
    /// a window.
    open override func didMoveToWindow() {
        super.didMoveToWindow()
        onWindowChange?()
    }

    /// The search bar's field is first responder for it.
    open override var canBecomeFirstResponder: Bool { searchTextField.canBecomeFirstResponder }
    /// Begins editing in the field.
    @discardableResult
    open override func becomeFirstResponder() -> Bool { searchTextField.becomeFirstResponder() }
    /// Ends editing in the field.
    @discardableResult
    open override func resignFirstResponder() -> Bool { searchTextField.resignFirstResponder() }
}

/// The field of a ``UISearchBar``: a text field with a magnifying glass at its leading
/// edge, a grey rounded background (10-point corners), "Search" as its placeholder, a
/// clear button while editing and a Search return key.
@preconcurrency @MainActor
open class UISearchTextField: UITextField {
    public override init(frame: CGRect) {
        super.init(frame: frame)
        placeholder = "Search"
        clearButtonMode = .whileEditing
        returnKeyType = .search
        leftView = MagnifyingGlassView(frame: CGRect(x: 0, y: 0, width: 30, height: 36))
        leftViewMode = .always
        backgroundColor = UIColor(red: 118.0 / 255, green: 118.0 / 255, blue: 128.0 / 255, alpha: 0.12)
        layer.cornerRadius = 10
    }

    /// Returns `nil`: Tabula decodes no views (see ``UIView/init(coder:)``).
    public required init?(coder: NSCoder) { return nil }

    /// The image drawn in place of the clear button (``UISearchBar/setImage(_:for:state:)``).
    var clearImage: UIImage?

    /// A search bar's disabled icon images show while the field is disabled.
    open override var isEnabled: Bool {
        didSet {
            guard isEnabled != oldValue, let bar = superview as? UISearchBar, !bar.iconImages.isEmpty else { return }
            showIconImages(search: bar.shownImage(for: .search), clear: bar.shownImage(for: .clear))
        }
    }

    open override func textRect(forBounds bounds: CGRect) -> CGRect {
        var rect = super.textRect(forBounds: bounds)
        rect.size.width -= 4
        return rect
    }

    open override func leftViewRect(forBounds bounds: CGRect) -> CGRect {
        CGRect(x: bounds.minX + 2, y: bounds.midY - 18, width: 30, height: 36)
    }
}

/// The magnifying glass at the start of a search field: a circle with a handle.
@MainActor
final class MagnifyingGlassView: UIView {
    override init(frame: CGRect) {
        super.init(frame: frame)
        isOpaque = false
        backgroundColor = nil
        isUserInteractionEnabled = false
    }

    required init?(coder: NSCoder) { return nil }

    override func draw(_ rect: CGRect) {
        guard let ctx = UIGraphicsGetCurrentContext() else { return }
        let c = CGPoint(x: bounds.midX + 1, y: bounds.midY - 0.5)
        ctx.setStrokeColor(UIColor.secondaryLabel.cgColor)
        ctx.setLineWidth(1.8)
        ctx.setLineCap(.round)
        ctx.stroke(Path(ellipseIn: CGRect(x: c.x - 6.5, y: c.y - 6.5, width: 11, height: 11)))
        var handle = Path()
        handle.move(to: CGPoint(x: c.x + 3, y: c.y + 3))
        handle.addLine(to: CGPoint(x: c.x + 7, y: c.y + 7))
        ctx.stroke(handle)
    }
}

/// Turns the field's delegate messages into the search bar's.
@MainActor
private final class SearchFieldDelegate: UITextFieldDelegate {
    weak var bar: UISearchBar?
    init(bar: UISearchBar) { self.bar = bar }

    func textFieldShouldBeginEditing(_ textField: UITextField) -> Bool {
        guard let bar else { return true }
        return bar.delegate?.searchBarShouldBeginEditing(bar) ?? true
    }

    func textFieldDidBeginEditing(_ textField: UITextField) {
        guard let bar else { return }
        bar.delegate?.searchBarTextDidBeginEditing(bar)
    }

    func textFieldShouldEndEditing(_ textField: UITextField) -> Bool {
        guard let bar else { return true }
        return bar.delegate?.searchBarShouldEndEditing(bar) ?? true
    }

    func textFieldDidEndEditing(_ textField: UITextField) {
        guard let bar else { return }
        bar.delegate?.searchBarTextDidEndEditing(bar)
    }

    func textField(_ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String) -> Bool {
        guard let bar else { return true }
        return bar.delegate?.searchBar(bar, shouldChangeTextIn: range, replacementText: string) ?? true
    }

    func textFieldShouldReturn(_ textField: UITextField) -> Bool {
        guard let bar else { return true }
        bar.delegate?.searchBarSearchButtonClicked(bar)
        return true
    }
}
