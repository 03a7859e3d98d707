/// Shows one or more lines of text, shaped by HarfBuzz through `TextLayout`.
///
/// Defaults as in UIKit: the system font at 17 points, `.label` colour, one line,
/// tail truncation, natural alignment, not opaque, `.redraw` content mode. The
/// text is centred vertically in the bounds.
@MainActor
open class UILabel: UIView {
    public override init(frame: CGRect) {
        super.init(frame: frame)
        isOpaque = false
        isUserInteractionEnabled = false
        contentMode = .redraw
    }

    /// The text shown; nil or empty shows nothing.
    open var text: String? { didSet { if text != oldValue { textDidChange() } } }
    /// The font of the text; the system font at 17 points by default.
    open var font: UIFont = .systemFont(ofSize: 17) { didSet { if font != oldValue { textDidChange() } } }
    /// The color of the text; `.label` by default.
    open var textColor: UIColor = .label { didSet { setNeedsDisplay() } }
    /// The colour while ``isHighlighted`` (a selected table cell's white text).
    open var highlightedTextColor: UIColor? { didSet { if isHighlighted { setNeedsDisplay() } } }
    /// Whether the text is drawn in ``highlightedTextColor`` (when set); a selected cell highlights its labels.
    open var isHighlighted = false { didSet { if isHighlighted != oldValue { setNeedsDisplay() } } }
    /// Whether the label looks enabled; a disabled label draws its text at 45 % of its color's alpha.
    open var isEnabled = true { didSet { setNeedsDisplay() } }
    /// How lines are aligned horizontally; `.natural` follows the text's writing direction.
    open var textAlignment: TextAlignment = .natural { didSet { textDidChange() } }
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

    /// ``textAlignment`` with `.natural` made right where the label lays out right to
    /// left (iOS aligns natural text by the interface's direction there); elsewhere
    /// `.natural` follows the text's own direction.
    private var resolvedAlignment: TextAlignment {
        textAlignment == .natural && effectiveUserInterfaceLayoutDirection == .rightToLeft ? .right : textAlignment
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
        let alignment = resolvedAlignment
        if let cached = cachedLayouts.first(where: { $0.width == width && $0.alignment == alignment }) { return cached }
        let layout = TextLayout(text: text ?? "", font: font.font, width: width,
                                maximumNumberOfLines: numberOfLines, lineBreakMode: lineBreakMode,
                                alignment: alignment)
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
