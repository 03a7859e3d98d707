/// Shows one or more lines of text, shaped by HarfBuzz through `TextLayout`.
///
/// Defaults as in UIKit: the system font at 17 points, `.label` colour, one line,
/// tail truncation, natural alignment, not opaque, `.redraw` content mode. The
/// text is centred vertically in the bounds.
@MainActor
open class UILabel: UIView, UIContentSizeCategoryAdjusting {
    public override init(frame: CGRect) {
        super.init(frame: frame)
        isOpaque = false
        isUserInteractionEnabled = false
        contentMode = .redraw
    }

    /// Returns `nil`: Tabula decodes no views (see ``UIView/init(coder:)``).
    public required init?(coder: NSCoder) { return nil }

    /// The text shown; nil or empty shows nothing. Setting it drops the attributes of
    /// ``attributedText``, as in UIKit.
    open var text: String? {
        didSet {
            if !settingAttributedText, storedAttributedText != nil {
                storedAttributedText = nil
                textDidChange()
            } else if text != oldValue {
                textDidChange()
            }
        }
    }

    /// The text with attributes: fonts, colours, background colours, kerning, underline and
    /// strikethrough (with their colours), baseline offsets, and the paragraph style of
    /// the first character (alignment, line break mode, line spacing, head, first-line and
    /// tail indents) for the whole text. Links are drawn like the text around them, as in
    /// a UIKit label. Ranges without a font or colour take ``font`` and ``textColor``.
    ///
    /// The string is copied. An attribute whose value has the wrong type (a `String` for
    /// `.font`) or is not finite is reported once, when set, naming it and its range, and
    /// the text is drawn without it. Reading it after setting ``text`` gives the text
    /// with the label's font, colour, alignment and line break mode. Setting ``font``,
    /// ``textColor`` or ``textAlignment`` afterwards applies to the whole string, as in UIKit.
    open var attributedText: NSAttributedString? {
        get {
            if let storedAttributedText { return storedAttributedText }
            guard let text else { return nil }
            let style = NSMutableParagraphStyle()
            style.alignment = textAlignment
            style.lineBreakMode = lineBreakMode
            return NSAttributedString(string: text, attributes: [.font: font, .foregroundColor: textColor,
                                                                 .paragraphStyle: style])
        }
        set {
            let copy = TextAttributeProblems.checkedCopy(newValue, owner: "UILabel.attributedText", traits: traitCollection)
            settingAttributedText = true
            defer { settingAttributedText = false }
            storedAttributedText = copy
            text = copy?.string
            textDidChange()
        }
    }

    /// The attributed string set, until ``text`` is set.
    private var storedAttributedText: NSAttributedString?
    /// While ``attributedText`` sets ``text``, which then keeps the attributes.
    private var settingAttributedText = false

    /// Sets `key` to `value` over the whole attributed text (a style property set after it).
    private func applyToAttributedText(_ key: NSAttributedString.Key, _ value: Any) {
        guard let stored = storedAttributedText, !settingAttributedText else { return }
        let mutable = NSMutableAttributedString(attributedString: stored)
        mutable.addAttribute(key, value: value, range: NSRange(location: 0, length: mutable.length))
        storedAttributedText = mutable
    }

    /// The font of the text; the system font at 17 points by default.
    ///
    /// With ``adjustsFontForContentSizeCategory``, a text-style font set on a label in a
    /// window is scaled at once for the label's preferred text size.
    open var font: UIFont = .systemFont(ofSize: 17) {
        didSet {
            if adjustsFontForContentSizeCategory, window != nil {
                font = font.adjusted(to: traitCollection.preferredContentSizeCategory)
            }
            applyToAttributedText(.font, font)
            if font != oldValue || storedAttributedText != nil { textDidChange() }
        }
    }

    /// Whether a font from ``UIFont/preferredFont(forTextStyle:)`` or
    /// ``UIFontMetrics/scaledFont(for:)`` is re-scaled when the label's preferred text size
    /// changes (false by default, as in UIKit): the text is laid out again and the
    /// intrinsic size invalidated, so self-sizing rows grow. Other fonts keep their size.
    open var adjustsFontForContentSizeCategory = false {
        didSet {
            if adjustsFontForContentSizeCategory, !oldValue, window != nil {
                contentSizeCategoryDidChange(from: nil, to: traitCollection.preferredContentSizeCategory)
            }
        }
    }
    /// The color of the text; `.label` by default.
    open var textColor: UIColor = .label {
        didSet {
            applyToAttributedText(.foregroundColor, textColor)
            setNeedsDisplay()
        }
    }
    /// The colour while ``isHighlighted`` (a selected table cell's white text).
    open var highlightedTextColor: UIColor? { didSet { if isHighlighted { setNeedsDisplay() } } }
    /// Whether the text is drawn in ``highlightedTextColor`` (when set); a selected cell highlights its labels.
    open var isHighlighted = false { didSet { if isHighlighted != oldValue { setNeedsDisplay() } } }
    /// Whether the label looks enabled; a disabled label draws its text at 45 % of its color's alpha.
    open var isEnabled = true { didSet { setNeedsDisplay() } }
    /// How lines are aligned horizontally; `.natural` follows the text's writing direction.
    open var textAlignment: TextAlignment = .natural {
        didSet {
            if let stored = storedAttributedText, !settingAttributedText {
                let style = (stored.length > 0 ? stored.attribute(.paragraphStyle, at: 0, effectiveRange: nil) : nil)
                    .flatMap { ($0 as? NSParagraphStyle)?.mutableCopy() as? NSMutableParagraphStyle }
                    ?? NSMutableParagraphStyle()
                style.alignment = textAlignment
                applyToAttributedText(.paragraphStyle, style)
            }
            textDidChange()
        }
    }
    /// The maximum number of lines; 0 means no limit.
    open var numberOfLines = 1 { didSet { textDidChange() } }
    /// How lines wrap and how text that does not fit is truncated; tail truncation by default.
    open var lineBreakMode: LineBreakMode = .byTruncatingTail { didSet { textDidChange() } }

    /// The width that `sizeThatFits` and the intrinsic size wrap at when the label has
    /// no width yet (UIKit's `preferredMaxLayoutWidth`).
    open var preferredMaxLayoutWidth: CGFloat = 0

    /// The last two layouts made, newest first: measuring asks for the unbounded one (the
    /// intrinsic width) and the one at the label's width in turn.
    private var cachedLayouts: [TextLayout] = []

    /// The alignment (the paragraph style's, with attributed text that has one) with
    /// `.natural` made right where the label lays out right to left (iOS aligns natural
    /// text by the interface's direction there); elsewhere `.natural` follows the text's
    /// own direction.
    private func resolvedAlignment(_ runs: AttributedTextRuns?) -> TextAlignment {
        let alignment = runs?.paragraphStyle?.alignment ?? textAlignment
        return alignment == .natural && effectiveUserInterfaceLayoutDirection == .rightToLeft ? .right : alignment
    }

    override func contentSizeCategoryDidChange(from previous: UIContentSizeCategory?, to category: UIContentSizeCategory) {
        guard adjustsFontForContentSizeCategory else { return }
        if let stored = storedAttributedText {
            // Fonts of the string that follow a text style re-scale; the others stay.
            let mutable = NSMutableAttributedString(attributedString: stored)
            stored.enumerateAttribute(.font, in: NSRange(location: 0, length: stored.length), options: []) { value, range, _ in
                if let font = value as? UIFont, font.scaling != nil {
                    mutable.addAttribute(.font, value: font.adjusted(to: category), range: range)
                }
            }
            settingAttributedText = true
            defer { settingAttributedText = false }
            storedAttributedText = mutable
            font = font.adjusted(to: category)
            textDidChange()
        } else {
            font = font.adjusted(to: category)
        }
    }

    /// The attributed text's runs for the label's traits and state (nil for plain text).
    private func attributedRuns() -> AttributedTextRuns? {
        guard let stored = storedAttributedText else { return nil }
        let traits = traitCollection
        let highlighted = isHighlighted ? highlightedTextColor.map { $0.resolvedColor(with: traits).cgColor } : nil
        return AttributedTextRuns(stored, traits: traits, overridingColor: highlighted.map {
            isEnabled ? $0 : $0.withAlpha($0.alpha * 0.45)
        }, alphaFactor: isEnabled ? 1 : 0.45)
    }

    /// The text, font or wrapping changed: a new layout, a redraw, and (as in UIKit) a new
    /// intrinsic size, so constraints lay the label out again.
    private func textDidChange() {
        cachedLayouts = []
        setNeedsDisplay()
        invalidateIntrinsicContentSize()
    }

    /// The layout for `width` (nil for unbounded), reused while nothing changed.
    func layout(forWidth width: CGFloat?) -> TextLayout {
        let attributed = attributedRuns()
        let alignment = resolvedAlignment(attributed)
        let runs = attributed?.runs ?? [], paragraph = attributed?.paragraph ?? ParagraphAttributes()
        if let cached = cachedLayouts.first(where: {
            $0.width == width && $0.alignment == alignment && $0.runs == runs && $0.paragraph == paragraph
        }) { return cached }
        let layout = TextLayout(text: text ?? "", font: font.font, width: width,
                                maximumNumberOfLines: numberOfLines,
                                lineBreakMode: attributed?.paragraphStyle?.lineBreakMode ?? lineBreakMode,
                                alignment: alignment, runs: runs, paragraph: paragraph)
        cachedLayouts = [layout] + cachedLayouts.prefix(1)
        return layout
    }

    /// The size of the text wrapped at `size.width` (unbounded when it is 0 or infinite),
    /// rounded up to whole points as UIKit does.
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        guard let text, !text.isEmpty else { return .zero }
        let width: CGFloat? = size.width > 0 && size.width.isFinite ? size.width : nil
        let measured = layout(forWidth: numberOfLines == 1 ? nil : width).size
        var result = CGSize(width: measured.width.rounded(.up), height: measured.height.rounded(.up))
        if let width, numberOfLines == 1 { result.width = min(result.width, width) }
        return result
    }

    open override var intrinsicContentSize: CGSize {
        sizeThatFits(CGSize(width: preferredMaxLayoutWidth, height: 0))
    }

    /// Where the text is drawn within `bounds`: full width, vertically centred.
    open func textRect(forBounds bounds: CGRect, limitedToNumberOfLines lines: Int) -> CGRect {
        let layout = layout(forWidth: bounds.width)
        let height = min(layout.size.height, bounds.height)
        return CGRect(x: bounds.minX, y: bounds.midY - height / 2, width: bounds.width, height: height)
    }

    /// Draws the text, laid out at the width of `rect`, with its top-left at `rect`'s origin.
    /// Subclasses override it to change how the text is drawn.
    open func drawText(in rect: CGRect) {
        guard let ctx = UIGraphicsGetCurrentContext(), let text, !text.isEmpty else { return }
        let layout = layout(forWidth: rect.width)
        let color = isHighlighted ? (highlightedTextColor ?? textColor) : textColor
        let textColor = isEnabled ? color.cgColor : color.cgColor.withAlpha(color.cgColor.alpha * 0.45)
        ctx.draw(layout, at: rect.origin, color: textColor)
    }

    open override func draw(_ rect: CGRect) {
        drawText(in: textRect(forBounds: bounds, limitedToNumberOfLines: numberOfLines))
    }
}
