import Foundation

/// A single line of editable text, drawn as iOS 17 draws it.
///
/// A tap makes the field first responder: it begins editing (asking its delegate), shows
/// a blinking caret in the tint colour, and the software keyboard slides up. Text comes
/// from the keyboard (``insertText(_:)``, ``deleteBackward()``), from a hardware
/// keyboard (arrows, Home/End, Shift to select, Option for words, Command or Control
/// with A, C, X, V), from an input method's composition (``UITextInput/setMarkedText(_:selectedRange:)``,
/// drawn underlined until committed), and from the clipboard. Every change is offered to
/// the delegate's `textField(_:shouldChangeCharactersIn:replacementString:)` first and
/// sends `.editingChanged`; Return asks `textFieldShouldReturn(_:)` and sends
/// `.editingDidEndOnExit`. A second tap moves the caret, two select a word, three all
/// of the text, and a drag selects from where it came down.
///
/// Text wider than the field scrolls sideways to keep the caret in view.
@preconcurrency @MainActor
open class UITextField: UIControl, UITextInput, TextEditingClient, UIContentSizeCategoryAdjusting {
    /// The border drawn around the field.
    public enum BorderStyle: Int, Sendable {
        /// No border.
        case none = 0
        /// A thin rectangle.
        case line = 1
        /// A bezel, as a grey frame.
        case bezel = 2
        /// iOS's rounded rectangle: a white field, a hairline border, corners of 5 points.
        case roundedRect = 3
    }

    /// When an overlay view (the clear button, ``leftView``, ``rightView``) is shown.
    public enum ViewMode: Int, Sendable {
        /// Never.
        case never = 0
        /// Only while editing.
        case whileEditing = 1
        /// Only while not editing.
        case unlessEditing = 2
        /// Always.
        case always = 3
    }

    /// Why editing ended (``UITextFieldDelegate/textFieldDidEndEditing(_:reason:)``).
    public enum DidEndEditingReason: Int, Sendable {
        /// The changes were accepted.
        case committed = 0
        /// The changes were abandoned.
        case cancelled = 1
    }

    lazy var editor = TextEditingController(client: self)

    public override init(frame: CGRect) {
        super.init(frame: frame)
        setUpField()
    }

    /// Creates the view from a storyboard or nib, as ``UIView/init(coder:)`` does; the
    /// file's text field properties are set before it returns.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUpField()
        InterfaceBuilderCoder.decode(coder, into: self, at: UITextField.self)
    }

    private func setUpField() {
        backgroundColor = nil
        isOpaque = false
        contentMode = .redraw
        contentVerticalAlignment = .center
        clipsToBounds = true
    }

    /// Creates a text field whose `primaryAction` runs when Return is typed.
    public convenience init(frame: CGRect, primaryAction: UIAction?) {
        self.init(frame: frame)
        if let primaryAction { addAction(primaryAction, for: .primaryActionTriggered) }
    }


    // MARK: Text

    /// The text; never nil when read (an empty field reads ""), and setting nil empties it.
    /// Setting it from code asks no delegate and sends no event, as in UIKit.
    open var text: String? {
        get { editor.state.text }
        set {
            editor.state.setText(newValue ?? "")
            textLayoutDidChange()
            editor.updateCaret(restartBlinking: false)
        }
    }

    /// The text with attributes. Fonts, colours, background colours, kerning, underline,
    /// strikethrough and baseline offsets are drawn (the paragraph style is not: a field
    /// has one line and its own ``textAlignment``) until the text is edited: an edit
    /// drops them (Tabula has no typing attributes). Reading it then, or after setting
    /// ``text``, gives the text in the field's font and colour. Attributes of the wrong
    /// type are reported once and left out, as for ``UILabel/attributedText``.
    open var attributedText: NSAttributedString? {
        get {
            TextAttributeProblems.shown(storedAttributedText, text: editor.state.text, font: effectiveFont,
                                        color: textColor ?? .label)
        }
        set {
            let copy = TextAttributeProblems.checkedCopy(newValue, owner: "UITextField.attributedText", view: self)
            text = copy?.string
            storedAttributedText = copy
            textLayoutDidChange()
        }
    }

    /// The attributed string set, drawn while the text is still its string.
    private var storedAttributedText: NSAttributedString?

    /// The attributes' runs within `window` (UTF-16 offsets of the text), shifted to start
    /// at its start; none once the text was edited, or for secure text.
    private func attributedRuns(in window: Range<Int>) -> [TextRun] {
        guard !isSecureTextEntry, let stored = storedAttributedText, stored.string == editor.state.text else { return [] }
        return AttributedTextRuns(stored, traits: traitCollection).runs.compactMap { run in
            let lower = max(run.range.lowerBound, window.lowerBound), upper = min(run.range.upperBound, window.upperBound)
            guard upper > lower else { return nil }
            var shifted = run
            shifted.range = (lower - window.lowerBound) ..< (upper - window.lowerBound)
            return shifted
        }
    }

    /// The grey text shown while the field is empty.
    open var placeholder: String? { didSet { setNeedsDisplay() } }
    /// The placeholder as an attributed string; its string is drawn in the placeholder colour.
    open var attributedPlaceholder: NSAttributedString? {
        get { placeholder.map { NSAttributedString(string: $0) } }
        set { placeholder = newValue?.string }
    }

    /// The font of the text (nil: the system font at 17 points). With
    /// ``adjustsFontForContentSizeCategory``, a text-style font set on a field in a window
    /// is scaled at once for the field's preferred text size.
    open var font: UIFont? {
        didSet {
            if adjustsFontForContentSizeCategory, window != nil, let font {
                self.font = font.adjusted(to: traitCollection.preferredContentSizeCategory)
            }
            textLayoutDidChange()
        }
    }

    /// Whether a text-style font (``UIFont/preferredFont(forTextStyle:)``,
    /// ``UIFontMetrics/scaledFont(for:)``) is re-scaled when the field's preferred text
    /// size changes; false by default.
    open var adjustsFontForContentSizeCategory = false {
        didSet {
            if adjustsFontForContentSizeCategory, !oldValue, window != nil {
                contentSizeCategoryDidChange(from: nil, to: traitCollection.preferredContentSizeCategory)
            }
        }
    }

    override func contentSizeCategoryDidChange(from previous: UIContentSizeCategory?, to category: UIContentSizeCategory) {
        guard adjustsFontForContentSizeCategory, let font else { return }
        let adjusted = font.adjusted(to: category)
        if adjusted != font {
            self.font = adjusted
            invalidateIntrinsicContentSize()
        }
    }
    /// The colour of the text (nil: `.label`).
    open var textColor: UIColor? { didSet { setNeedsDisplay() } }
    /// How the text is aligned.
    open var textAlignment: NSTextAlignment = .natural { didSet { textLayoutDidChange() } }
    /// The border; `.none` by default, as in UIKit.
    open var borderStyle: BorderStyle = .none { didSet { setNeedsDisplay(); setNeedsLayout() } }
    /// When the clear button (a grey circle with a cross) shows at the trailing edge.
    open var clearButtonMode: ViewMode = .never { didSet { setNeedsLayout(); setNeedsDisplay() } }
    /// Whether editing starts with the text removed.
    open var clearsOnBeginEditing = false
    /// Whether typing replaces the text (set for secure fields when editing begins again).
    open var clearsOnInsertion = false
    /// A view at the leading edge, shown as ``leftViewMode`` says.
    open var leftView: UIView? {
        didSet {
            if oldValue !== leftView { oldValue?.removeFromSuperview() }
            setNeedsLayout()
        }
    }
    /// When ``leftView`` shows.
    open var leftViewMode: ViewMode = .never { didSet { setNeedsLayout() } }
    /// A view at the trailing edge, shown as ``rightViewMode`` says (in place of the clear button).
    open var rightView: UIView? {
        didSet {
            if oldValue !== rightView { oldValue?.removeFromSuperview() }
            setNeedsLayout()
        }
    }
    /// When ``rightView`` shows.
    open var rightViewMode: ViewMode = .never { didSet { setNeedsLayout() } }
    /// Whether the text shrinks to fit the width (accepted; Tabula scrolls the text instead).
    open var adjustsFontSizeToFitWidth = false
    /// The smallest font size when shrinking (accepted).
    open var minimumFontSize: CGFloat = 0
    /// The object told of editing and asked for permission.
    open weak var delegate: UITextFieldDelegate?
    /// Whether the field is being edited (it is first responder).
    open private(set) var isEditing = false
    /// Set while ``UIView/endEditing(_:)`` forces the field to resign without asking.
    var forcingEndEditing = false
    private var trackingClearButton = false

    // MARK: UITextInputTraits

    /// The keyboard to show.
    open var keyboardType: UIKeyboardType = .default
    /// The return key's title on the software keyboard.
    open var returnKeyType: UIReturnKeyType = .default { didSet { reloadKeyboardIfEditing() } }
    /// When the software keyboard's shift turns on by itself.
    open var autocapitalizationType: UITextAutocapitalizationType = .sentences
    /// Accepted; nothing is corrected.
    open var autocorrectionType: UITextAutocorrectionType = .default
    /// Accepted; nothing is checked.
    open var spellCheckingType: UITextSpellCheckingType = .default
    /// Accepted; the keyboard is light.
    open var keyboardAppearance: UIKeyboardAppearance = .default
    /// Whether the return key is disabled while the field is empty.
    open var enablesReturnKeyAutomatically = false
    /// Whether the text is drawn as dots, and cannot be copied or cut.
    open var isSecureTextEntry = false { didSet { textLayoutDidChange() } }
    /// The kind of content expected (accepted).
    open var textContentType: UITextContentType!

    // MARK: Drawing

    /// The font the text is drawn in.
    var effectiveFont: UIFont { font ?? .systemFont(ofSize: 17) }

    private var cachedLayout: TextLayout?
    /// How far the text is scrolled to the left to keep the caret in view.
    private var horizontalScroll: CGFloat = 0

    func textLayoutDidChange() {
        cachedLayout = nil
        layoutWindowIsStale = true
        setNeedsDisplay()
        setNeedsLayout()
        invalidateIntrinsicContentSize()
    }

    /// Texts longer than this (UTF-16 units) are laid out only around the caret.
    static let longTextLength = 8_000
    /// How much text either side of the caret a long text lays out, and how close the
    /// caret may come to the window's edge before the window moves.
    static let windowReach = 3_000, windowMargin = 1_000

    /// The part of the text that is laid out: all of it, or for a long text (pasted
    /// megabytes) a window around the caret, so that each keystroke lays out a few
    /// thousand characters, not the whole text. A single line never shows more than a
    /// screenful, so nothing visible is lost.
    private var layoutWindow: Range<Int> = 0 ..< 0

    /// Set when the text changes: the window is placed again (its bounds were offsets of
    /// the old text).
    private var layoutWindowIsStale = true

    /// Moves the window around the caret after a change of text, or when the caret has
    /// come near its edge; returns whether it moved.
    private func updateLayoutWindow() -> Bool {
        let state = editor.state
        let length = state.length
        guard length > Self.longTextLength else {
            let whole = 0 ..< length
            layoutWindowIsStale = false
            defer { layoutWindow = whole }
            return layoutWindow != whole
        }
        let head = state.head, window = layoutWindow
        let farFromLower = window.lowerBound == 0 || head - window.lowerBound >= Self.windowMargin
        let farFromUpper = window.upperBound == length || window.upperBound - head >= Self.windowMargin
        if !layoutWindowIsStale, window.upperBound <= length, window.contains(head) || head == window.upperBound,
           farFromLower, farFromUpper {
            return false
        }
        layoutWindowIsStale = false
        let lower = state.boundary(atOrBefore: max(0, head - Self.windowReach))
        let upper = state.boundary(atOrAfter: min(length, head + Self.windowReach))
        layoutWindow = lower ..< upper
        return true
    }

    /// The text as displayed: the layout window's text, as dots for secure text.
    private var displayText: String {
        let window = editor.state.substring(layoutWindow)
        return isSecureTextEntry ? String(repeating: "•", count: window.count) : window
    }

    func editingLayout() -> (layout: TextLayout, origin: CGPoint) {
        if updateLayoutWindow() { cachedLayout = nil }
        let runs = storedAttributedText == nil ? [] : attributedRuns(in: layoutWindow)
        if let cached = cachedLayout, cached.runs != runs { cachedLayout = nil }
        let layout = cachedLayout ?? TextLayout(text: displayText, font: effectiveFont.font, maximumNumberOfLines: 1,
                                                lineBreakMode: .byClipping, alignment: .left, runs: runs)
        cachedLayout = layout
        let rect = isEditing ? editingRect(forBounds: bounds) : textRect(forBounds: bounds)
        let height = max(layout.size.height, effectiveFont.font.metrics.lineHeight)
        let y = rect.midY - height / 2
        let width = layout.size.width
        var x: CGFloat
        switch resolvedAlignment(rightToLeft: layout.isRightToLeft) {
        case .center: x = rect.midX - width / 2
        case .right: x = rect.maxX - width
        default: x = rect.minX
        }
        if width > rect.width { x = (layout.isRightToLeft ? rect.maxX - width : rect.minX) - horizontalScroll }
        return (layout, CGPoint(x: x, y: y))
    }

    private func resolvedAlignment(rightToLeft: Bool) -> NSTextAlignment {
        switch textAlignment {
        case .natural, .justified: rightToLeft ? .right : .left
        default: textAlignment
        }
    }

    /// Keeps the caret inside the text rectangle when the text is wider than it.
    func scrollCaretIntoView() {
        guard isEditing else { horizontalScroll = 0; return }
        let rect = editingRect(forBounds: bounds)
        let (layout, _) = editingLayout()
        guard layout.size.width > rect.width else { horizontalScroll = 0; return }
        let caretX = layout.caretRect(atUTF16Offset: displayOffset(editor.state.head)).minX
        let base = layout.isRightToLeft ? rect.maxX - layout.size.width : rect.minX
        let onScreen = base - horizontalScroll + caretX
        if onScreen > rect.maxX - 1 { horizontalScroll += onScreen - (rect.maxX - 1) }
        if onScreen < rect.minX + 1 { horizontalScroll -= (rect.minX + 1) - onScreen }
        horizontalScroll = min(max(horizontalScroll, layout.isRightToLeft ? -(layout.size.width - rect.width) : 0),
                               layout.isRightToLeft ? 0 : layout.size.width - rect.width + 2)
    }

    open override func draw(_ rect: CGRect) {
        guard let ctx = UIGraphicsGetCurrentContext() else { return }
        drawBorder(in: ctx)
        if showsClearButton { drawClearButton(in: ctx, rect: clearButtonRect(forBounds: bounds)) }
        ctx.saveGState()
        ctx.clip(to: isEditing ? editingRect(forBounds: bounds) : textRect(forBounds: bounds))
        editor.drawSelection(in: ctx, tint: tintColor)
        if editor.state.text.isEmpty {
            if editor.state.markedRange == nil { drawPlaceholder(in: placeholderRect(forBounds: bounds)) }
        } else {
            drawText(in: isEditing ? editingRect(forBounds: bounds) : textRect(forBounds: bounds))
        }
        ctx.restoreGState()
    }

    /// Draws the text; `rect` is the text rectangle (the layout places the text in it).
    open func drawText(in rect: CGRect) {
        guard let ctx = UIGraphicsGetCurrentContext() else { return }
        let (layout, origin) = editingLayout()
        let color = (textColor ?? .label).cgColor
        ctx.draw(layout, at: origin, color: isEnabled ? color : color.withAlpha(color.alpha * 0.45))
    }

    /// Draws the placeholder in `rect`, in the placeholder colour.
    open func drawPlaceholder(in rect: CGRect) {
        guard let ctx = UIGraphicsGetCurrentContext(), let placeholder, !placeholder.isEmpty else { return }
        let layout = TextLayout(text: placeholder, font: effectiveFont.font, width: rect.width, maximumNumberOfLines: 1,
                                alignment: textAlignment)
        let y = rect.midY - layout.size.height / 2
        ctx.draw(layout, at: CGPoint(x: rect.minX, y: y), color: UIColor.placeholderText.cgColor)
    }

    // MARK: Layout

    func shows(_ mode: ViewMode) -> Bool {
        switch mode {
        case .never: false
        case .always: true
        case .whileEditing: isEditing
        case .unlessEditing: !isEditing
        }
    }

    /// Whether the clear button shows: its mode allows it, there is text, and no right view replaces it.
    var showsClearButton: Bool {
        shows(clearButtonMode) && !editor.state.text.isEmpty && !(rightView != nil && shows(rightViewMode))
    }

    /// The padding inside a border: 7 points for a rounded rectangle, 2 for a line or bezel.
    var borderInset: CGFloat {
        switch borderStyle {
        case .none: 0
        case .roundedRect: 7
        case .line, .bezel: 2
        }
    }

    /// The rectangle the border is drawn in: the bounds.
    open func borderRect(forBounds bounds: CGRect) -> CGRect { bounds }

    /// Where the text is drawn while not editing: inside the border, clear of the overlay views.
    open func textRect(forBounds bounds: CGRect) -> CGRect {
        // Never the null rectangle, nor a negative width: a field squeezed to nothing
        // (mid-rotation, say) keeps a finite, empty text rect.
        var rect = bounds.insetWithin(dx: borderInset, dy: 0)
        if leftView != nil, shows(leftViewMode) {
            let left = leftViewRect(forBounds: bounds)
            rect.size.width = max(0, rect.width - max(0, left.maxX - rect.minX))
            rect.origin.x = max(rect.minX, left.maxX)
        }
        if rightView != nil && shows(rightViewMode) {
            rect.size.width = max(0, min(rect.width, rightViewRect(forBounds: bounds).minX - rect.minX))
        } else if showsClearButton {
            rect.size.width = max(0, min(rect.width, clearButtonRect(forBounds: bounds).minX - rect.minX))
        }
        rect.size.width = max(0, rect.width)
        return rect
    }

    /// Where the text is drawn while editing: the text rectangle.
    open func editingRect(forBounds bounds: CGRect) -> CGRect { textRect(forBounds: bounds) }

    /// Where the placeholder is drawn: the text rectangle.
    open func placeholderRect(forBounds bounds: CGRect) -> CGRect { textRect(forBounds: bounds) }

    /// The clear button's rectangle: 28 points wide at the trailing edge, full height.
    open func clearButtonRect(forBounds bounds: CGRect) -> CGRect {
        let width: CGFloat = 28
        return CGRect(x: bounds.maxX - width - max(0, borderInset - 5), y: bounds.minY, width: width, height: bounds.height)
    }

    /// The left view's rectangle: its own size, at the leading edge, centred vertically.
    open func leftViewRect(forBounds bounds: CGRect) -> CGRect {
        guard let leftView else { return .zero }
        let size = leftView.bounds.size == .zero ? leftView.sizeThatFits(bounds.size) : leftView.bounds.size
        return CGRect(x: bounds.minX, y: bounds.midY - size.height / 2, width: size.width, height: size.height)
    }

    /// The right view's rectangle: its own size, at the trailing edge, centred vertically.
    open func rightViewRect(forBounds bounds: CGRect) -> CGRect {
        guard let rightView else { return .zero }
        let size = rightView.bounds.size == .zero ? rightView.sizeThatFits(bounds.size) : rightView.bounds.size
        return CGRect(x: bounds.maxX - size.width, y: bounds.midY - size.height / 2, width: size.width, height: size.height)
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        for (view, mode, rect) in [(leftView, leftViewMode, leftViewRect(forBounds: bounds)),
                                   (rightView, rightViewMode, rightViewRect(forBounds: bounds))] {
            guard let view else { continue }
            if shows(mode) {
                if view.superview !== self { addSubview(view) }
                view.frame = rect
            } else {
                view.removeFromSuperview()
            }
        }
        scrollCaretIntoView()
        editor.updateCaret(restartBlinking: false)
    }

    /// The text's height plus 7 points above and below for a rounded rectangle (34 points
    /// with the default font); the width of the text or placeholder.
    open override var intrinsicContentSize: CGSize {
        let (layout, _) = editingLayout()
        let placeholderWidth = placeholder.map { TextLayout(text: $0, font: effectiveFont.font).size.width } ?? 0
        let height = effectiveFont.font.metrics.lineHeight.rounded(.up) + (borderStyle == .roundedRect ? 14 : 2 * borderInset)
        return CGSize(width: max(layout.size.width, placeholderWidth).rounded(.up) + 2 * borderInset, height: height)
    }

    open override func sizeThatFits(_ size: CGSize) -> CGSize { intrinsicContentSize }

    // MARK: Editing

    /// A text field can become first responder while enabled.
    open override var canBecomeFirstResponder: Bool { isEnabled }

    /// A view shown in the keyboard's place while the field is editing (a
    /// ``UIDatePicker``, say); nil shows the keyboard. A change while editing shows at
    /// ``UIResponder/reloadInputViews()``.
    open override var inputView: UIView? {
        get { customInputView }
        set { customInputView = newValue }
    }
    private var customInputView: UIView?

    /// A view shown above the ``inputView`` while the field is editing (a toolbar with a
    /// Done button, say); Tabula shows it above an input view, not above its keyboard.
    open override var inputAccessoryView: UIView? {
        get { customInputAccessoryView }
        set { customInputAccessoryView = newValue }
    }
    private var customInputAccessoryView: UIView?

    /// Begins editing: asks the delegate (`textFieldShouldBeginEditing`), becomes first
    /// responder, shows the caret at the end of the text, then tells the delegate, sends
    /// `.editingDidBegin` and posts ``textDidBeginEditingNotification``; the keyboard
    /// comes up after that.
    @discardableResult
    open override func becomeFirstResponder() -> Bool {
        guard !isFirstResponder else { return true }
        guard canBecomeFirstResponder, delegate?.textFieldShouldBeginEditing(self) ?? true else { return false }
        return changingFirstResponder {
            guard super.becomeFirstResponder() else { return false }
            isEditing = true
            if clearsOnBeginEditing { editor.state.setText("") }
            editor.state.moveCaret(to: editor.state.length)
            textLayoutDidChange()
            editor.isActive = true
            delegate?.textFieldDidBeginEditing(self)
            sendActions(for: .editingDidBegin)
            NotificationCenter.default.post(name: Self.textDidBeginEditingNotification, object: self)
            return true
        }
    }

    /// Ends editing: asks the delegate (`textFieldShouldEndEditing`), commits any
    /// composition, resigns, then tells the delegate, sends `.editingDidEnd` and posts
    /// ``textDidEndEditingNotification``.
    @discardableResult
    open override func resignFirstResponder() -> Bool {
        guard isFirstResponder else { return super.resignFirstResponder() }
        guard forcingEndEditing || (delegate?.textFieldShouldEndEditing(self) ?? true) else { return false }
        return changingFirstResponder {
            editor.unmarkText()
            _ = super.resignFirstResponder()
            isEditing = false
            editor.isActive = false
            textLayoutDidChange()
            delegate?.textFieldDidEndEditing(self, reason: .committed)
            sendActions(for: .editingDidEnd)
            NotificationCenter.default.post(name: Self.textDidEndEditingNotification, object: self,
                                            userInfo: [Self.didEndEditingReasonUserInfoKey: DidEndEditingReason.committed.rawValue])
            return true
        }
    }

    /// Editing keys from a hardware keyboard; other keys go up the responder chain.
    /// Keys edit the text while the field is editing; Tab and Shift-Tab move the keyboard
    /// to the next or previous text input in the window, as on iOS with a hardware
    /// keyboard. Other keys go up the responder chain.
    open override func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        guard isEditing, let key = presses.first?.key else { return super.pressesBegan(presses, with: event) }
        if editor.handleKey(key) { return }
        if key.keyCode == .keyboardTab, key.modifierFlags.isDisjoint(with: [.command, .control, .alternate]),
           window?.moveTextInputFocus(from: self, backward: key.modifierFlags.contains(.shift)) == true { return }
        super.pressesBegan(presses, with: event)
    }

    // MARK: UIKeyInput

    /// Whether the field has any text.
    open var hasText: Bool { !editor.state.text.isEmpty }

    /// Inserts `text` at the caret as if typed, replacing the selection or composition
    /// (asking the delegate). A line break is Return: it asks `textFieldShouldReturn`,
    /// sends `.editingDidEndOnExit` and `.primaryActionTriggered`, and inserts nothing.
    open func insertText(_ text: String) {
        if clearsOnInsertion, !text.isEmpty {
            editor.changeSelection { $0.selectAll() }
        }
        editor.insertText(text)
    }

    /// Deletes the selection, or the character (grapheme cluster) before the caret.
    open func deleteBackward() { editor.deleteBackward() }

    // MARK: Touches

    /// A touch on a field that is not editing begins editing when the finger lifts inside
    /// (a drag that scrolls the table instead does not). While editing, a touch places the
    /// caret, two select a word, three everything, and a drag selects.
    open override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        let point = touch.location(in: self)
        if showsClearButton, clearButtonRect(forBounds: bounds).contains(point) {
            trackingClearButton = true
            return true
        }
        trackingClearButton = false
        if isEditing { editor.touchBegan(at: point, tapCount: touch.tapCount) }
        return true
    }

    open override func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        if isEditing, !trackingClearButton, touch.tapCount == 1 { editor.touchMoved(to: touch.location(in: self)) }
        return true
    }

    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        guard let touch, bounds.insetBy(dx: -10, dy: -10).contains(touch.location(in: self)) else { return }
        if trackingClearButton {
            clearByButton()
        } else if !isEditing {
            // The caret goes where the finger was in the text as it was drawn: once editing
            // begins the text may move (a clear button appears beside right-aligned text),
            // and the same point would then fall inside another word.
            let offset = textOffset(at: touch.location(in: self))
            if becomeFirstResponder() { editor.changeSelection { $0.moveCaret(to: offset) } }
        }
    }

    private func clearByButton() {
        guard delegate?.textFieldShouldClear(self) ?? true else { return }
        if !isEditing { _ = becomeFirstResponder() }
        guard !editor.state.text.isEmpty else { return }
        editor.perform(editor.state.deletion(of: 0 ..< editor.state.length))
    }

    // MARK: TextEditingClient

    var allowsLineBreaks: Bool { false }
    var textIsRightToLeft: Bool { editingLayout().layout.isRightToLeft }

    func caretRect(forTextOffset offset: Int) -> CGRect {
        let (layout, origin) = editingLayout()
        return layout.caretRect(atUTF16Offset: displayOffset(offset)).offsetBy(dx: origin.x, dy: origin.y)
    }

    func textOffset(at point: CGPoint) -> Int {
        let (layout, origin) = editingLayout()
        return textOffset(fromDisplay: layout.utf16Offset(at: CGPoint(x: point.x - origin.x, y: point.y - origin.y)))
    }

    func selectionRects(forTextRange range: Range<Int>) -> [CGRect] {
        let (layout, origin) = editingLayout()
        let display = displayOffset(range.lowerBound) ..< displayOffset(range.upperBound)
        return layout.selectionRects(forUTF16Range: display).map { $0.offsetBy(dx: origin.x, dy: origin.y) }
    }

    /// One line: up goes to the start, down to the end.
    func textOffset(verticallyFrom offset: Int, lines: Int) -> Int {
        lines < 0 ? 0 : lines > 0 ? editor.state.length : offset
    }
    var allowsCopying: Bool { !isSecureTextEntry }

    /// The offset in the laid-out text (the layout window's, in dots for secure text) of
    /// an offset of the text.
    func displayOffset(_ offset: Int) -> Int {
        let window = layoutWindow
        let clamped = min(max(offset, window.lowerBound), window.upperBound)
        guard isSecureTextEntry else { return clamped - window.lowerBound }
        return editor.state.substring(window.lowerBound ..< clamped).count
    }

    /// The offset of the text of an offset in the laid-out text.
    func textOffset(fromDisplay offset: Int) -> Int {
        let window = layoutWindow
        guard isSecureTextEntry else { return window.lowerBound + min(max(0, offset), window.count) }
        let text = editor.state.substring(window)
        let index = text.index(text.startIndex, offsetBy: min(max(0, offset), text.count))
        return window.lowerBound + index.utf16Offset(in: text)
    }

    func shouldReplaceCharacters(in range: NSRange, with replacement: String) -> Bool {
        delegate?.textField(self, shouldChangeCharactersIn: range, replacementString: replacement) ?? true
    }

    func textDidChange() {
        textLayoutDidChange()
        scrollCaretIntoView()
        sendActions(for: .editingChanged)
        NotificationCenter.default.post(name: Self.textDidChangeNotification, object: self)
        delegate?.textFieldDidChangeSelection(self)
    }

    func selectionDidChange() {
        scrollCaretIntoView()
        setNeedsDisplay()
        delegate?.textFieldDidChangeSelection(self)
    }

    func returnKeyPressed() {
        _ = delegate?.textFieldShouldReturn(self)
        sendActions(for: [.editingDidEndOnExit, .primaryActionTriggered])
    }

    func reloadKeyboardIfEditing() { if isEditing { reloadInputViews() } }

    open override func tintColorDidChange() {
        super.tintColorDidChange()
        editor.updateCaret(restartBlinking: false)
        setNeedsDisplay()
    }
}

/// UIKit's name for the alignment of text.
public typealias NSTextAlignment = TextAlignment
/// UIKit's name for how lines break and truncate.
public typealias NSLineBreakMode = LineBreakMode
