/// Shows one or more lines of text, shaped by HarfBuzz through `TextLayout`.
///
/// Defaults as in UIKit: the system font at 17 points, `.label` colour, one line,
/// tail truncation, natural alignment, not opaque, `.left` content mode (drawn again
/// whenever its size changes, and not stretched while a size animates). The
/// text is centred vertically in the bounds. With ``adjustsFontSizeToFitWidth`` text that
/// does not fit shrinks (down to ``minimumScaleFactor``) before it is truncated.
@preconcurrency @MainActor
open class UILabel: UIView, UIContentSizeCategoryAdjusting {
    public override init(frame: CGRect) {
        super.init(frame: frame)
        setUpLabel()
    }

    /// Creates the view from a storyboard or nib, as ``UIView/init(coder:)`` does; the
    /// file's label properties are set before it returns.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUpLabel()
        InterfaceBuilderCoder.decode(coder, into: self, at: UILabel.self)
    }

    private func setUpLabel() {
        isOpaque = false
        isUserInteractionEnabled = false
        // As in UIKit, a label's content sits at its leading edge rather than stretching
        // (its layer's contents gravity is the text's direction), and it is drawn again
        // for each new size: while an animation changes the label's size, the text drawn
        // for the final size keeps its proportions instead of being squeezed.
        contentMode = .left
        layer.needsDisplayOnBoundsChange = true
    }


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
            return NSAttributedString(string: text, attributes: [.font: storedFont, .foregroundColor: storedTextColor,
                                                                 .paragraphStyle: style])
        }
        set {
            let copy = TextAttributeProblems.checkedCopy(newValue, owner: "UILabel.attributedText", view: self)
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

    /// The font of the text; the system font at 17 points by default. Setting nil
    /// restores that default (UIKit declares it `UIFont!`, null-resettable).
    ///
    /// With ``adjustsFontForContentSizeCategory``, a text-style font set on a label in a
    /// window is scaled at once for the label's preferred text size.
    open var font: UIFont! {
        get { storedFont }
        set {
            let oldValue = storedFont
            storedFont = newValue ?? Self.defaultFont
            if adjustsFontForContentSizeCategory, window != nil {
                storedFont = storedFont.adjusted(to: traitCollection.preferredContentSizeCategory)
            }
            applyToAttributedText(.font, storedFont)
            if storedFont != oldValue || storedAttributedText != nil { textDidChange() }
        }
    }

    /// The font, never nil.
    private var storedFont: UIFont = UILabel.defaultFont
    /// The font a label starts with and returns to when its font is set to nil.
    private static let defaultFont = UIFont.systemFont(ofSize: 17)

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
    /// The color of the text; `.label` by default. Setting nil restores that default
    /// (UIKit declares it `UIColor!`, null-resettable).
    open var textColor: UIColor! {
        get { storedTextColor }
        set {
            storedTextColor = newValue ?? .label
            applyToAttributedText(.foregroundColor, storedTextColor)
            setNeedsDisplay()
        }
    }

    /// The text colour, never nil.
    private var storedTextColor: UIColor = .label
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

    /// Whether text that does not fit the bounds is drawn in a smaller font, down to
    /// ``minimumScaleFactor`` of the font's size, before it is truncated (false by default).
    ///
    /// With one line, the text shrinks until it fits the width; with more (or no limit),
    /// until its lines fit the width and the height and the line limit. The text is drawn
    /// at the largest size that fits (Tabula searches to within 0.5 % of the size), every
    /// font of attributed text scaled alike; the intrinsic size stays that of the full-size
    /// text, as in UIKit. A minimum scale factor of 0 (the default) means no shrinking,
    /// as Apple documents.
    open var adjustsFontSizeToFitWidth = false { didSet { if adjustsFontSizeToFitWidth != oldValue { fittingDidChange() } } }

    /// The smallest multiple of the font's size that ``adjustsFontSizeToFitWidth`` shrinks
    /// text to; 0 (the default) shrinks nothing. Values are clamped to 0…1; NaN is 0.
    open var minimumScaleFactor: CGFloat = 0 {
        didSet {
            minimumScaleFactor = minimumScaleFactor.isNaN ? 0 : min(1, max(0, minimumScaleFactor))
            if minimumScaleFactor != oldValue { fittingDidChange() }
        }
    }

    /// Whether a single line that is slightly too wide has its letters drawn closer
    /// together before it is truncated (false by default).
    ///
    /// Tabula tightens when the text is at most 5 % wider than the label (AppKit's default
    /// tightening factor), by just enough negative letter spacing to fit; wider text is
    /// truncated as usual. It applies after any ``adjustsFontSizeToFitWidth`` shrinking, to
    /// labels of one line only (as Apple intends it).
    open var allowsDefaultTighteningForTruncation = false {
        didSet { if allowsDefaultTighteningForTruncation != oldValue { fittingDidChange() } }
    }

    /// Where a single line of text shrunk by ``adjustsFontSizeToFitWidth`` sits vertically:
    /// on the baseline the full-size text would have had (`.alignBaselines`, the default),
    /// centred (`.alignCenters`), or with its top where the full-size text's top was
    /// (`.none`). Text that did not shrink, and text of several lines, is centred.
    open var baselineAdjustment: UIBaselineAdjustment = .alignBaselines {
        didSet { if baselineAdjustment != oldValue { setNeedsDisplay() } }
    }

    /// The colour of the text's shadow; nil (the default) draws none.
    ///
    /// The shadow is the text drawn again in this colour, under it, moved by
    /// ``shadowOffset``, without blur (as UIKit's label draws it); attributed text's own
    /// colours, backgrounds and decoration colours give way to it there. A disabled label
    /// draws its shadow at 45 % of the colour's alpha, like its text.
    open var shadowColor: UIColor? { didSet { setNeedsDisplay() } }

    /// How far the shadow is moved from the text, in points: (0, −1) by default, one point
    /// above the text. It has an effect only with a ``shadowColor``.
    open var shadowOffset = CGSize(width: 0, height: -1) { didSet { setNeedsDisplay() } }

    /// How lines break when the text wraps (`.standard` by default). Stored only: Pango
    /// breaks lines at word and cluster boundaries whatever the strategy, so `.pushOut`
    /// (avoiding a lone word on the last line) and `.hangulWordPriority` change nothing drawn.
    open var lineBreakStrategy: NSParagraphStyle.LineBreakStrategy = .standard

    /// Whether the full text of a truncated label appears when the pointer hovers over it
    /// (false by default). Stored only: Tabula shows no hover expansion text.
    open var showsExpansionTextWhenTruncated = false

    /// Whether the text takes on a vibrant look over materials (`.none` by default, as
    /// outside visionOS). Stored only: Tabula has no vibrancy effects, so the text is drawn
    /// in its colour either way.
    open var preferredVibrancy: UILabelVibrancy = .none

    /// The layouts made lately, newest first: measuring asks for the unbounded one (the
    /// intrinsic width), drawing for the one at the label's width and, when the text
    /// shrinks, the full-size one it is placed by.
    private var cachedLayouts: [TextLayout] = []

    /// Shrinking or tightening changed: new layouts and a redraw (the intrinsic size,
    /// which is that of the full-size text, stays).
    private func fittingDidChange() {
        // Layouts are shared between labels (``TextLayout/shared``): the full-size one
        // comes back the same, so the last fitting answer, kept by it, goes too.
        cachedLayouts = []
        lastFit = nil
        lastTruncation = nil
        setNeedsDisplay()
    }

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
            font = storedFont.adjusted(to: category)
            textDidChange()
        } else {
            font = storedFont.adjusted(to: category)
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
        lastFit = nil
        lastTruncation = nil
        setNeedsDisplay()
        invalidateIntrinsicContentSize()
    }

    /// The layout for `width` (nil for unbounded), reused while nothing changed: the text
    /// at `scale` times its fonts' sizes, letters `kern` points further apart (negative:
    /// tighter). Layouts made while searching for a size are not kept (`cache` false).
    func layout(forWidth width: CGFloat?, scale: CGFloat = 1, kern: CGFloat = 0, lines: Int? = nil,
                cache: Bool = true) -> TextLayout {
        let attributed = attributedRuns()
        let alignment = resolvedAlignment(attributed)
        var runs = attributed?.runs ?? []
        let paragraph = attributed?.paragraph ?? ParagraphAttributes()
        var font = storedFont.font
        if scale != 1 {
            font = font.withSize(font.size * scale)
            runs = runs.map { run in
                var scaled = run
                scaled.font = run.font.map { $0.withSize($0.size * scale) }
                return scaled
            }
        }
        if kern != 0 {
            var tight = TextRun(range: 0 ..< (text ?? "").utf16.count)
            tight.kern = kern
            runs.insert(tight, at: 0)
        }
        func cached(at width: CGFloat?) -> TextLayout? {
            cachedLayouts.first {
                $0.width == width && $0.alignment == alignment && $0.font == font && $0.runs == runs && $0.paragraph == paragraph
            }
        }
        if lines == nil, let layout = cached(at: width) { return layout }
        if lines == nil, let width, numberOfLines == 1, let unbounded = cached(at: nil), Self.serves(unbounded, inBoxOfWidth: width) {
            return unbounded
        }
        let lineBreakMode = attributed?.paragraphStyle?.lineBreakMode ?? lineBreakMode
        guard cache, lines == nil else {
            return TextLayout(text: text ?? "", font: font, width: width, maximumNumberOfLines: lines ?? numberOfLines,
                              lineBreakMode: lineBreakMode, alignment: alignment, runs: runs, paragraph: paragraph)
        }
        // Shared with other labels showing the same text the same way (a row inserted
        // with the words of the row it pushes down, a row scrolled back on screen).
        let layout = TextLayout.shared(text: text ?? "", font: font, width: width, maximumNumberOfLines: numberOfLines,
                                       lineBreakMode: lineBreakMode, alignment: alignment, runs: runs, paragraph: paragraph)
        cachedLayouts = [layout] + cachedLayouts.prefix(3)
        return layout
    }

    /// Whether `unbounded`, a one-line label's layout on an unbounded line (made when it was
    /// measured), also serves for a box `width` wide: one whole line that fits the box,
    /// starting at the box's left edge (left-aligned, or natural or justified left-to-right
    /// text, without indents), is shaped and placed the same in the box as on an unbounded
    /// line. A one-line label (a cell's title) is measured unbounded and then drawn at its
    /// width: so its text is shaped once, not twice.
    private static func serves(_ unbounded: TextLayout, inBoxOfWidth width: CGFloat) -> Bool {
        // The box as Pango wraps at it: whole 1/1024ths of a point, rounded down.
        let wrapWidth = (width * 1024).rounded(.down) / 1024
        guard unbounded.paragraph == ParagraphAttributes(), !unbounded.isTruncated,
              unbounded.size.width <= wrapWidth else { return false }
        switch unbounded.alignment {
        case .left: return true
        case .natural, .justified: return !unbounded.isRightToLeft
        case .center, .right: return false
        }
    }

    /// What is drawn in a box of `size`: the layout at the box's width, after any
    /// shrinking (``adjustsFontSizeToFitWidth``) and tightening
    /// (``allowsDefaultTighteningForTruncation``), with the scale it was shrunk by.
    /// Text whose lines are taller than the box is cut to the whole lines that fit
    /// (at least one), the last truncated as ``lineBreakMode`` says: UIKit truncates text
    /// that does not fit the bounding rectangle, whatever ``numberOfLines`` allows.
    func fittedLayout(in size: CGSize) -> (layout: TextLayout, scale: CGFloat) {
        let (layout, scale) = shrunkLayout(in: size)
        return (truncated(layout, toHeight: size.height, scale: scale), scale)
    }

    /// `layout` with as many whole lines as fit `height`, the last truncated, when it has
    /// several lines, is taller, and its line break mode truncates; `layout` otherwise.
    private func truncated(_ layout: TextLayout, toHeight height: CGFloat, scale: CGFloat) -> TextLayout {
        let lines = layout.visibleLineCount
        guard lines > 1, layout.size.height > height + 0.5,
              [.byTruncatingTail, .byTruncatingHead, .byTruncatingMiddle].contains(layout.lineBreakMode)
        else { return layout }
        if let last = lastTruncation, last.full === layout, last.height == height { return last.layout }
        // Lines of one font are one height; start there and step down past taller ones.
        var count = max(1, min(lines - 1, Int((height + 0.5) / (layout.size.height / CGFloat(lines)))))
        var result = self.layout(forWidth: layout.width, scale: scale, lines: count)
        while count > 1, result.size.height > height + 0.5 {
            count -= 1
            result = self.layout(forWidth: layout.width, scale: scale, lines: count)
        }
        lastTruncation = (layout, height, result)
        return result
    }

    /// The last answer of ``truncated(_:toHeight:scale:)`` that cut lines.
    private var lastTruncation: (full: TextLayout, height: CGFloat, layout: TextLayout)?

    /// ``fittedLayout(in:)`` before cutting lines to the height.
    private func shrunkLayout(in size: CGSize) -> (layout: TextLayout, scale: CGFloat) {
        let width = size.width
        let natural = layout(forWidth: width)
        func fits(_ candidate: TextLayout) -> Bool {
            !candidate.isTruncated && (numberOfLines == 1 || candidate.size.height <= size.height + 0.5)
        }
        guard !fits(natural) else { return (natural, 1) }
        // The same text in the same box, or (several lines) in the box of the text fitted
        // before, as `drawText(in:)` gets it from `textRect(forBounds:…)`: the same answer.
        if let last = lastFit, last.natural === natural, last.width == width,
           numberOfLines == 1 || last.height == size.height
           || (last.layout.size.height <= size.height + 0.5 && size.height <= last.height) {
            return (last.layout, last.scale)
        }
        let result = searchFittingLayout(natural: natural, size: size, fits: fits)
        lastFit = (natural, width, size.height, result.layout, result.scale)
        return result
    }

    /// The last answer of ``fittedLayout(in:)`` that had to shrink or tighten.
    private var lastFit: (natural: TextLayout, width: CGFloat, height: CGFloat, layout: TextLayout, scale: CGFloat)?

    /// Shrinks, then tightens, `natural` (which does not fit `size`).
    private func searchFittingLayout(natural: TextLayout, size: CGSize,
                                     fits: (TextLayout) -> Bool) -> (layout: TextLayout, scale: CGFloat) {
        let width = size.width
        var scale: CGFloat = 1
        var fitted = natural
        if adjustsFontSizeToFitWidth, minimumScaleFactor > 0, minimumScaleFactor < 1 {
            let smallest = layout(forWidth: width, scale: minimumScaleFactor, cache: false)
            if fits(smallest) {
                // The largest scale that fits, by bisection (sizes grow with the scale).
                var low = minimumScaleFactor, high: CGFloat = 1
                while high - low > 0.005 {
                    let middle = (low + high) / 2
                    if fits(layout(forWidth: width, scale: middle, cache: false)) { low = middle } else { high = middle }
                }
                scale = low
            } else {
                scale = minimumScaleFactor
            }
            fitted = layout(forWidth: width, scale: scale)
        }
        if allowsDefaultTighteningForTruncation, numberOfLines == 1, !fits(fitted) {
            fitted = tightened(fitted, width: width, scale: scale) ?? fitted
        }
        return (fitted, scale)
    }

    /// `layout` (one line, too wide for `width`) with its letters just close enough to
    /// fit, or nil when that would take more than 5 % of the width.
    private func tightened(_ layout: TextLayout, width: CGFloat, scale: CGFloat) -> TextLayout? {
        let unbounded = self.layout(forWidth: nil, scale: scale, cache: false).size.width
        guard unbounded > width, unbounded <= width * 1.05 else { return nil }
        // How much one point of letter spacing narrows the line, measured.
        let narrowed = self.layout(forWidth: nil, scale: scale, kern: -1, cache: false).size.width
        let perPoint = unbounded - narrowed
        guard perPoint > 0 else { return nil }
        let kern = -((unbounded - width) / perPoint + 0.01)
        let candidate = self.layout(forWidth: width, scale: scale, kern: kern)
        return candidate.isTruncated ? nil : candidate
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

    /// Where the text is drawn within `bounds`: full width, vertically centred. Text shrunk
    /// to fit on one line is placed as ``baselineAdjustment`` says.
    ///
    /// One line taller than the bounds (a label sized shorter than its font's line) stays
    /// centred, reaching past the top and bottom alike, as in UIKit: what is cut is the
    /// line's spare room above and below its letters, not the bottom of the letters.
    /// Several lines taller than the bounds start at the top, so that the first are whole.
    open func textRect(forBounds bounds: CGRect, limitedToNumberOfLines lines: Int) -> CGRect {
        let (layout, scale) = fittedLayout(in: bounds.size)
        func shown(_ layout: TextLayout) -> CGFloat {
            layout.visibleLineCount > 1 ? min(layout.size.height, bounds.height) : layout.size.height
        }
        let height = shown(layout)
        var y = bounds.midY - height / 2
        if scale < 1, numberOfLines == 1, baselineAdjustment != .alignCenters {
            let natural = self.layout(forWidth: bounds.width)
            let naturalTop = bounds.midY - shown(natural) / 2
            y = baselineAdjustment == .none ? naturalTop : naturalTop + natural.firstBaseline - layout.firstBaseline
        }
        return CGRect(x: bounds.minX, y: y, width: bounds.width, height: height)
    }

    /// Draws the text, laid out at the width of `rect` (shrunk and tightened to fit it as
    /// the label asks), with its top-left at `rect`'s origin, over its shadow when it has a
    /// ``shadowColor``. Subclasses override it to change how the text is drawn.
    open func drawText(in rect: CGRect) {
        guard let ctx = UIGraphicsGetCurrentContext(), let text, !text.isEmpty else { return }
        let layout = fittedLayout(in: rect.size).layout
        if let shadowColor {
            let resolved = shadowColor.cgColor
            let color = isEnabled ? resolved : resolved.withAlpha(resolved.alpha * 0.45)
            let origin = CGPoint(x: rect.minX + shadowOffset.width, y: rect.minY + shadowOffset.height)
            ctx.draw(Self.shadowLayout(of: layout), at: origin, color: color)
        }
        let color = isHighlighted ? (highlightedTextColor ?? storedTextColor) : storedTextColor
        let textColor = isEnabled ? color.cgColor : color.cgColor.withAlpha(color.cgColor.alpha * 0.45)
        ctx.draw(layout, at: rect.origin, color: textColor)
    }

    /// `layout` with every colour of its runs removed, so that all of it draws in one
    /// colour (the shadow's); the same layout when it has no colours of its own.
    private static func shadowLayout(of layout: TextLayout) -> TextLayout {
        let plain = layout.runs.map { run in
            var copy = run
            copy.foregroundColor = nil
            copy.backgroundColor = nil
            copy.underline?.color = nil
            copy.strikethrough?.color = nil
            return copy
        }
        guard plain != layout.runs else { return layout }
        return TextLayout(text: layout.text, font: layout.font, width: layout.width,
                          maximumNumberOfLines: layout.maximumNumberOfLines, lineBreakMode: layout.lineBreakMode,
                          alignment: layout.alignment, runs: plain, paragraph: layout.paragraph)
    }

    open override func draw(_ rect: CGRect) {
        drawText(in: textRect(forBounds: bounds, limitedToNumberOfLines: numberOfLines))
    }
}

/// How a label places a line of text it shrank to fit (UIKit's `UIBaselineAdjustment`,
/// with its raw values); see ``UILabel/baselineAdjustment``.
public enum UIBaselineAdjustment: Int, Sendable {
    /// The shrunk text sits on the baseline the full-size text would have had.
    case alignBaselines = 0
    /// The shrunk text is centred where the full-size text was.
    case alignCenters = 1
    /// The shrunk text's top stays where the full-size text's top was.
    case none = 2
}

/// Whether a label's text takes on a vibrant look (UIKit's `UILabelVibrancy`, with its raw
/// values); see ``UILabel/preferredVibrancy``. Tabula has no vibrancy, so both cases draw alike.
public enum UILabelVibrancy: Int, Sendable {
    /// No vibrancy (the default outside visionOS).
    case none = 0
    /// Vibrancy where the label is over a material (visionOS's default).
    case automatic = 1
}
