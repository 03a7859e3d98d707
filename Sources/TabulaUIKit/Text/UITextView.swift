import Foundation

/// Scrolling, multi-line, editable text.
///
/// Text wraps at the view's width less ``textContainerInset`` and 5 points of padding a
/// side (UIKit's line fragment padding); the content size follows it, so the text scrolls.
/// Editing is a text field's (the same keys, composition, clipboard, caret and delegate
/// questions), with Return inserting a line break, the up and down arrows moving by
/// line, and the caret kept in view as the text changes.
///
/// Long texts stay quick: the text is laid out paragraph by paragraph, a long paragraph in
/// chunks of a few thousand characters (each chunk starts a new line, so the line before a
/// cut may end short of the width), an edit lays out again only the paragraph or chunk it
/// touches, and only the segments in view are drawn.
@preconcurrency @MainActor
open class UITextView: UIScrollView, EditorBackedTextInput, ForcedEndEditing, UIContentSizeCategoryAdjusting {
    lazy var editor = TextEditingController(client: self)
    /// The text laid out in segments (internal for the tests that count its work).
    lazy var paragraphs = ParagraphLayout(font: effectiveFont.font, width: wrapWidth, alignment: textAlignment)
    /// Draws the text in view; it stays over the visible part of the content.
    private let textCanvas = TextViewCanvas(frame: .zero)

    /// The padding a side inside the text container (UIKit's `lineFragmentPadding`).
    static let lineFragmentPadding: CGFloat = 5

    public override init(frame: CGRect) {
        super.init(frame: frame)
        setUpTextView()
    }

    /// Creates the view from a storyboard or nib, as ``UIView/init(coder:)`` does; the
    /// file's text view properties (text, font, colour, alignment, editable, selectable,
    /// text input traits) are set before it returns, so that a subclass in a nib can be made.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUpTextView()
        InterfaceBuilderCoder.decode(coder, into: self, at: UITextView.self)
    }

    private func setUpTextView() {
        contentSizeFollowsConstraints = false
        backgroundColor = .systemBackground
        alwaysBounceVertical = true
        textCanvas.textView = self
        textCanvas.isUserInteractionEnabled = false
        insertSubview(textCanvas, at: 0)
    }

    // MARK: Text

    /// The text; an empty view reads "". Setting it asks no delegate and sends nothing.
    open var text: String! {
        get { editor.state.text }
        set {
            dropAttributes()
            editor.state.setText(newValue ?? "")
            paragraphs.setText(editor.state.text)
            textLayoutDidChange()
        }
    }

    /// The text with attributes: fonts, colours, background colours, kerning, underline,
    /// strikethrough, baseline offsets and the first character's paragraph style (line
    /// spacing and indents; the alignment is ``textAlignment``'s) are drawn, and links in
    /// ``linkTextAttributes`` (the tint colour), until the text is edited: an edit drops
    /// the attributes (Tabula has no typing attributes). Reading it then, or after setting
    /// ``text``, gives the text in the view's font and colour. Attributes of the wrong type
    /// are reported once and left out, as for ``UILabel/attributedText``.
    open var attributedText: NSAttributedString! {
        get {
            TextAttributeProblems.shown(storedAttributedText, text: editor.state.text, font: effectiveFont,
                                        color: textColor ?? .label)
        }
        set {
            let copy = TextAttributeProblems.checkedCopy(newValue, owner: "UITextView.attributedText", view: self)
            text = copy?.string
            storedAttributedText = copy
            updateAttributedRuns()
        }
    }

    /// How links are drawn: `.foregroundColor` (default: the tint colour) and
    /// `.underlineStyle` are used.
    open var linkTextAttributes: [NSAttributedString.Key: Any]! {
        didSet { updateAttributedRuns() }
    }

    /// The attributed string set, drawn while the text is still its string.
    private var storedAttributedText: NSAttributedString?

    /// The text changes: its attributes go (an edit has no typing attributes here).
    private func dropAttributes() {
        storedAttributedText = nil
        paragraphs.runs = []
        paragraphs.paragraph = ParagraphAttributes()
    }

    /// Gives the paragraphs the attributes' runs for the current traits and tint; none
    /// once the text was edited.
    private func updateAttributedRuns() {
        guard let stored = storedAttributedText, stored.string == editor.state.text else {
            if !paragraphs.runs.isEmpty || paragraphs.paragraph != ParagraphAttributes() {
                paragraphs.runs = []
                paragraphs.paragraph = ParagraphAttributes()
                textLayoutDidChange()
            }
            return
        }
        let linkColor = linkTextAttributes?[.foregroundColor] as? UIColor ?? tintColor ?? .systemBlue
        var attributed = AttributedTextRuns(stored, traits: traitCollection, linkColor: linkColor)
        if let underline = linkTextAttributes?[.underlineStyle].flatMap(AttributedTextRuns.number), underline != 0 {
            for i in attributed.runs.indices where attributed.links.contains(attributed.runs[i].range) {
                attributed.runs[i].underline = TextDecoration()
            }
        }
        if paragraphs.runs != attributed.runs || paragraphs.paragraph != attributed.paragraph {
            paragraphs.runs = attributed.runs
            paragraphs.paragraph = attributed.paragraph
            textLayoutDidChange()
        }
    }

    /// The font (nil: the system font at 12 points, UIKit's default for a text view).
    ///
    /// With ``adjustsFontForContentSizeCategory``, a text-style font set on a text view in
    /// a window is scaled at once for its preferred text size.
    open var font: UIFont? {
        didSet {
            if adjustsFontForContentSizeCategory, window != nil, let font {
                self.font = font.adjusted(to: traitCollection.preferredContentSizeCategory)
            }
            paragraphs.font = effectiveFont.font
            textLayoutDidChange()
        }
    }
    /// The colour of the text (nil: `.label`).
    open var textColor: UIColor? { didSet { textCanvas.setNeedsDisplay() } }

    /// Whether a text-style font (``UIFont/preferredFont(forTextStyle:)``,
    /// ``UIFontMetrics/scaledFont(for:)``) is re-scaled when the text view's preferred text
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
        if adjusted != font { self.font = adjusted }
    }
    /// How the text is aligned.
    open var textAlignment: NSTextAlignment = .natural {
        didSet {
            paragraphs.alignment = textAlignment
            textLayoutDidChange()
        }
    }
    /// Whether the user can change the text (true by default).
    open var isEditable = true
    /// Whether the user can select the text (true by default).
    open var isSelectable = true
    /// The inset of the text from the view's edges: 8 points above and below by default.
    open var textContainerInset = UIEdgeInsets(top: 8, left: 0, bottom: 8, right: 0) { didSet { textLayoutDidChange() } }
    /// The selection (UTF-16), settable as in UIKit. A range that reaches past the text,
    /// has a negative length or overflows is clamped to the text and reported; one inside a
    /// grapheme cluster is widened to the cluster.
    open var selectedRange: NSRange {
        get {
            let r = editor.state.selectedRange
            return NSRange(location: r.lowerBound, length: r.count)
        }
        set {
            let range = checkedOffsets(newValue, in: "selectedRange")
            editor.changeSelection { $0.select(range) }
        }
    }

    /// The offsets of `range`, clamped to the text; a range that had to be clamped is
    /// reported, naming `call`.
    private func checkedOffsets(_ range: NSRange, in call: String) -> Range<Int> {
        let (offsets, repair) = TextEditingState.offsets(location: range.location, length: range.length,
                                                         limit: editor.state.length)
        if repair == .clamped {
            reportProblem("UITextView.\(call): the range {\(range.location), \(range.length)} lies outside the text "
                          + "(\(editor.state.length) UTF-16 units); \(offsets.lowerBound)..<\(offsets.upperBound) is used")
        }
        return offsets
    }
    /// Whether the view is being edited (it is first responder).
    private(set) var isEditingText = false
    var forcingEndEditing = false

    // MARK: UITextInputTraits

    /// The keyboard to show.
    open var keyboardType: UIKeyboardType = .default
    /// The return key's title.
    open var returnKeyType: UIReturnKeyType = .default
    /// When the shift turns on by itself.
    open var autocapitalizationType: UITextAutocapitalizationType = .sentences
    /// Accepted.
    open var autocorrectionType: UITextAutocorrectionType = .default
    /// Accepted.
    open var spellCheckingType: UITextSpellCheckingType = .default
    /// Accepted.
    open var keyboardAppearance: UIKeyboardAppearance = .default
    /// Whether the return key is disabled while there is no text.
    open var enablesReturnKeyAutomatically = false
    /// Whether the text is hidden (accepted; a text view draws its text).
    open var isSecureTextEntry = false
    /// Accepted.
    open var textContentType: UITextContentType!

    private var textViewDelegate: UITextViewDelegate? { delegate as? UITextViewDelegate }

    // MARK: Layout

    var effectiveFont: UIFont { font ?? .systemFont(ofSize: 12) }

    /// The width the text wraps at.
    private var wrapWidth: CGFloat {
        max(1, bounds.width - textContainerInset.left - textContainerInset.right - 2 * Self.lineFragmentPadding)
    }

    /// Where the text's origin is in content coordinates.
    var textOrigin: CGPoint {
        CGPoint(x: textContainerInset.left + Self.lineFragmentPadding, y: textContainerInset.top)
    }

    private func textLayoutDidChange() {
        if !isScrollEnabled { invalidateIntrinsicContentSize() }
        setNeedsLayout()
        textCanvas.setNeedsDisplay()
        editor.updateCaret(restartBlinking: false)
    }

    open override func layoutSubviews() {
        paragraphs.width = wrapWidth
        let height = paragraphs.height + textContainerInset.top + textContainerInset.bottom
        let size = CGSize(width: bounds.width, height: height.rounded(.up))
        if contentSize != size { contentSize = size }
        super.layoutSubviews()
        UIView.performWithoutAnimation {
            textCanvas.frame = CGRect(origin: CGPoint(x: 0, y: contentOffset.y), size: bounds.size)
        }
        editor.updateCaret(restartBlinking: false)
    }

    open override var contentOffset: CGPoint {
        didSet { if contentOffset.y != oldValue.y { setNeedsLayout(); textCanvas.setNeedsDisplay() } }
    }

    /// Draws the text, the selection and the composition in `rect` (content coordinates).
    func drawText(in ctx: CGContext, rect: CGRect) {
        if storedAttributedText != nil { updateAttributedRuns() }
        editor.drawSelection(in: ctx, tint: tintColor)
        let origin = textOrigin
        let color = (textColor ?? .label).cgColor
        for i in paragraphs.segments(inBand: rect.minY - origin.y, rect.maxY - origin.y) {
            guard !paragraphs.segments[i].range.isEmpty else { continue }
            ctx.draw(paragraphs.layout(i), at: CGPoint(x: origin.x, y: origin.y + paragraphs.top(i)), color: color)
        }
    }

    /// Scrolls so that the text in `range` is in view.
    open func scrollRangeToVisible(_ range: NSRange) {
        layoutIfNeeded()
        let caret = editor.caretRect(forOffset: checkedOffsets(range, in: "scrollRangeToVisible(_:)").upperBound)
        scrollRectToVisible(caret.insetBy(dx: 0, dy: -textContainerInset.bottom), animated: false)
    }

    /// Whether the text view scrolls its text. With scrolling off, the text view sizes
    /// itself to its text under Auto Layout (see ``intrinsicContentSize``), as UIKit's does.
    open override var isScrollEnabled: Bool {
        didSet { if isScrollEnabled != oldValue { invalidateIntrinsicContentSize() } }
    }

    /// With scrolling off, the size of the text on unbounded lines: its widest line and
    /// its height, plus ``textContainerInset`` and the line fragment padding. Under Auto
    /// Layout the text then wraps at the width the view is given and the height follows
    /// (a non-scrolling text view in a stack view or a self-sizing cell grows with its
    /// text). With scrolling on, none: the view is as large as its constraints make it.
    open override var intrinsicContentSize: CGSize {
        guard !isScrollEnabled else { return super.intrinsicContentSize }
        return textSize(wrappedAt: nil)
    }

    /// The text laid out to wrap at `width` less the insets and padding (on unbounded lines
    /// when nil): as wide as its widest line, as tall as its lines, insets and padding added.
    func textSize(wrappedAt width: CGFloat?) -> CGSize {
        if storedAttributedText != nil { updateAttributedRuns() }
        let horizontal = textContainerInset.left + textContainerInset.right + 2 * Self.lineFragmentPadding
        // Lines are laid out left-aligned: the widest is measured, not where it would sit.
        let probe = ParagraphLayout(font: effectiveFont.font, width: width.map { max(1, $0 - horizontal) } ?? Self.unboundedWidth,
                                    alignment: .left)
        probe.runs = paragraphs.runs
        probe.paragraph = paragraphs.paragraph
        probe.setText(editor.state.text)
        var widest: CGFloat = 0
        for i in probe.segments.indices where !probe.segments[i].range.isEmpty {
            widest = max(widest, probe.layout(i).size.width)
        }
        return CGSize(width: (widest + horizontal).rounded(.up),
                      height: (probe.height + textContainerInset.top + textContainerInset.bottom).rounded(.up))
    }

    /// A wrapping width no line reaches: text measured on unbounded lines.
    private static let unboundedWidth: CGFloat = 100_000

    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        let width = size.width > 0 && size.width.isFinite ? size.width : bounds.width
        let probe = ParagraphLayout(font: effectiveFont.font,
                                    width: max(1, width - textContainerInset.left - textContainerInset.right - 2 * Self.lineFragmentPadding),
                                    alignment: textAlignment)
        probe.runs = paragraphs.runs
        probe.paragraph = paragraphs.paragraph
        probe.setText(editor.state.text)
        return CGSize(width: width, height: (probe.height + textContainerInset.top + textContainerInset.bottom).rounded(.up))
    }

    // MARK: Editing

    /// A text view can become first responder while it is editable or selectable.
    open override var canBecomeFirstResponder: Bool { isEditable || isSelectable }

    /// Begins editing, asking the delegate; the keyboard comes up for an editable view.
    @discardableResult
    open override func becomeFirstResponder() -> Bool {
        guard !isFirstResponder else { return true }
        guard canBecomeFirstResponder, textViewDelegate?.textViewShouldBeginEditing(self) ?? true else { return false }
        return changingFirstResponder {
            guard super.becomeFirstResponder() else { return false }
            isEditingText = true
            editor.isActive = true
            textCanvas.setNeedsDisplay()
            textViewDelegate?.textViewDidBeginEditing(self)
            NotificationCenter.default.post(name: Self.textDidBeginEditingNotification, object: self)
            return true
        }
    }

    /// Ends editing, asking the delegate unless forced.
    @discardableResult
    open override func resignFirstResponder() -> Bool {
        guard isFirstResponder else { return super.resignFirstResponder() }
        guard forcingEndEditing || (textViewDelegate?.textViewShouldEndEditing(self) ?? true) else { return false }
        return changingFirstResponder {
            editor.unmarkText()
            _ = super.resignFirstResponder()
            isEditingText = false
            editor.isActive = false
            textCanvas.setNeedsDisplay()
            textViewDelegate?.textViewDidEndEditing(self)
            NotificationCenter.default.post(name: Self.textDidEndEditingNotification, object: self)
            return true
        }
    }

    open override func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        guard isEditingText, let key = presses.first?.key, editor.handleKey(key) else {
            return super.pressesBegan(presses, with: event)
        }
    }

    /// Whether there is any text.
    open var hasText: Bool { !editor.state.text.isEmpty }
    /// Inserts `text` as typed (a line break for "\n"); nothing when not editable.
    open func insertText(_ text: String) {
        guard isEditable else { return }
        editor.insertText(text)
    }
    /// Deletes the selection or the character before the caret; nothing when not editable.
    open func deleteBackward() {
        guard isEditable else { return }
        editor.deleteBackward()
    }

    // MARK: Touches

    private var touchMovedSelection = false

    /// A tap begins editing (the caret goes where it fell); while editing, taps place the
    /// caret, two select a word, three the line, and a press that moves without scrolling
    /// selects.
    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = touches.first else { return }
        touchMovedSelection = false
        if isEditingText { editor.touchBegan(at: touch.location(in: self), tapCount: touch.tapCount) }
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard isEditingText, let touch = touches.first, touch.tapCount == 1 else { return }
        touchMovedSelection = true
        editor.touchMoved(to: touch.location(in: self))
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = touches.first, !isEditingText, !touchMovedSelection else { return }
        if becomeFirstResponder() { editor.touchBegan(at: touch.location(in: self), tapCount: 1) }
    }

    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {}

    // MARK: TextEditingClient

    var allowsLineBreaks: Bool { true }
    var allowsCopying: Bool { true }
    var textIsRightToLeft: Bool {
        let i = paragraphs.segmentIndex(containing: editor.state.head)
        return paragraphs.layout(i).isRightToLeft
    }

    func caretRect(forTextOffset offset: Int) -> CGRect {
        paragraphs.caretRect(atOffset: offset).offsetBy(dx: textOrigin.x, dy: textOrigin.y)
    }

    func textOffset(at point: CGPoint) -> Int {
        paragraphs.offset(at: CGPoint(x: point.x - textOrigin.x, y: point.y - textOrigin.y))
    }

    func selectionRects(forTextRange range: Range<Int>) -> [CGRect] {
        paragraphs.selectionRects(for: range).map { $0.offsetBy(dx: textOrigin.x, dy: textOrigin.y) }
    }

    func textOffset(verticallyFrom offset: Int, lines: Int) -> Int {
        let caret = paragraphs.caretRect(atOffset: offset)
        return paragraphs.offset(at: CGPoint(x: caret.minX, y: caret.midY + CGFloat(lines) * caret.height))
    }

    func shouldReplaceCharacters(in range: NSRange, with replacement: String) -> Bool {
        textViewDelegate?.textView(self, shouldChangeTextIn: range, replacementText: replacement) ?? true
    }

    /// The edit about to be made, so that only its paragraphs are laid out again.
    func textWillChange(_ edit: TextEdit) {
        pendingEdit = edit
    }
    private var pendingEdit: TextEdit?

    func textDidChange() {
        dropAttributes()
        if let edit = pendingEdit {
            paragraphs.replace(edit.range, in: editor.state.text, replacementLength: edit.replacement.utf16.count)
            pendingEdit = nil
        } else {
            paragraphs.setText(editor.state.text)
        }
        textLayoutDidChange()
        scrollRangeToVisible(selectedRange)
        textViewDelegate?.textViewDidChange(self)
        NotificationCenter.default.post(name: Self.textDidChangeNotification, object: self)
    }

    func selectionDidChange() {
        textCanvas.setNeedsDisplay()
        scrollRangeToVisible(selectedRange)
        textViewDelegate?.textViewDidChangeSelection(self)
    }

    func returnKeyPressed() {}
}

/// The part of a text view's content in view: it draws the paragraphs there.
@MainActor
final class TextViewCanvas: UIView {
    weak var textView: UITextView?

    override init(frame: CGRect) {
        super.init(frame: frame)
        isOpaque = false
        backgroundColor = nil
        contentMode = .redraw
    }

    required init?(coder: NSCoder) { return nil }

    override func draw(_ rect: CGRect) {
        guard let ctx = UIGraphicsGetCurrentContext(), let textView else { return }
        ctx.saveGState()
        ctx.translateBy(x: -frame.minX, y: -frame.minY)
        textView.drawText(in: ctx, rect: frame)
        ctx.restoreGState()
    }
}
