import Foundation

// Foundation on Linux has `NSAttributedString` but not UIKit's attribute keys, paragraph
// styles or underline styles; they are declared here under UIKit's names and raw values.

extension NSAttributedString.Key {
    /// The font of the text (a ``UIFont``; default: the view's font).
    public static let font = NSAttributedString.Key("NSFont")
    /// The colour of the text (a ``UIColor``; default: the view's text colour).
    public static let foregroundColor = NSAttributedString.Key("NSColor")
    /// The colour behind the text (a ``UIColor``; default: none).
    public static let backgroundColor = NSAttributedString.Key("NSBackgroundColor")
    /// Extra space after each character, in points (a number).
    public static let kern = NSAttributedString.Key("NSKern")
    /// Alignment, line spacing, indents and line breaking (an ``NSParagraphStyle``).
    public static let paragraphStyle = NSAttributedString.Key("NSParagraphStyle")
    /// A line under the text (an ``NSUnderlineStyle`` raw value, `Int` or `NSNumber`; 0: none).
    public static let underlineStyle = NSAttributedString.Key("NSUnderline")
    /// The colour of the underline (a ``UIColor``; default: the text's).
    public static let underlineColor = NSAttributedString.Key("NSUnderlineColor")
    /// A line through the text (an ``NSUnderlineStyle`` raw value; 0: none).
    public static let strikethroughStyle = NSAttributedString.Key("NSStrikethrough")
    /// The colour of the strikethrough line (a ``UIColor``; default: the text's).
    public static let strikethroughColor = NSAttributedString.Key("NSStrikethroughColor")
    /// How far the glyphs are raised from the baseline, in points (a number; negative lowers).
    public static let baselineOffset = NSAttributedString.Key("NSBaselineOffset")
    /// A link (a `URL` or a `String`): a text view draws it in its tint colour; a label
    /// draws it like the text around it, as UIKit's does.
    public static let link = NSAttributedString.Key("NSLink")
}

/// The line under or through text: UIKit's `NSUnderlineStyle`, with its raw values.
public struct NSUnderlineStyle: OptionSet, Hashable, Sendable {
    /// The style's bits, as stored in an attributed string.
    public let rawValue: Int
    /// A style from its raw value.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// One thin line.
    public static let single = NSUnderlineStyle(rawValue: 0x01)
    /// One thick line (Tabula draws it as a single line).
    public static let thick = NSUnderlineStyle(rawValue: 0x02)
    /// Two thin lines.
    public static let double = NSUnderlineStyle(rawValue: 0x09)
    /// A solid line (the default pattern).
    public static let patternSolid = NSUnderlineStyle([])
    /// A dotted line (Tabula draws it solid).
    public static let patternDot = NSUnderlineStyle(rawValue: 0x0100)
    /// A dashed line (Tabula draws it solid).
    public static let patternDash = NSUnderlineStyle(rawValue: 0x0200)
    /// A dash-dot line (Tabula draws it solid).
    public static let patternDashDot = NSUnderlineStyle(rawValue: 0x0300)
    /// A dash-dot-dot line (Tabula draws it solid).
    public static let patternDashDotDot = NSUnderlineStyle(rawValue: 0x0400)
    /// Only words are underlined, not the spaces between them (Tabula underlines spaces too).
    public static let byWord = NSUnderlineStyle(rawValue: 0x8000)
}

/// How paragraphs are laid out: UIKit's `NSParagraphStyle` (immutable; see
/// ``NSMutableParagraphStyle``).
///
/// Tabula applies the paragraph style of an attributed string's first character to the
/// whole text (UIKit applies each paragraph's own). `paragraphSpacing`,
/// `paragraphSpacingBefore`, `minimumLineHeight` and `maximumLineHeight` are kept but not
/// drawn.
open class NSParagraphStyle: NSObject, NSCopying, NSMutableCopying, @unchecked Sendable {
    struct Values: Hashable {
        var alignment = NSTextAlignment.natural
        var lineBreakMode = NSLineBreakMode.byWordWrapping
        var lineSpacing: CGFloat = 0
        var paragraphSpacing: CGFloat = 0
        var paragraphSpacingBefore: CGFloat = 0
        var headIndent: CGFloat = 0
        var firstLineHeadIndent: CGFloat = 0
        var tailIndent: CGFloat = 0
        var lineHeightMultiple: CGFloat = 0
        var minimumLineHeight: CGFloat = 0
        var maximumLineHeight: CGFloat = 0
    }

    var values = Values()

    /// The default style: natural alignment, word wrapping, no spacing or indents.
    public class var `default`: NSParagraphStyle { NSParagraphStyle() }

    /// A style with the defaults.
    public override init() { super.init() }

    init(values: Values) {
        self.values = values
        super.init()
    }

    /// How lines are aligned.
    open var alignment: NSTextAlignment { values.alignment }
    /// How lines wrap and how text that does not fit is truncated.
    open var lineBreakMode: NSLineBreakMode { values.lineBreakMode }
    /// Extra space between lines, in points.
    open var lineSpacing: CGFloat { values.lineSpacing }
    /// Space after a paragraph, in points (kept, not drawn).
    open var paragraphSpacing: CGFloat { values.paragraphSpacing }
    /// Space before a paragraph, in points (kept, not drawn).
    open var paragraphSpacingBefore: CGFloat { values.paragraphSpacingBefore }
    /// The indent of lines after a paragraph's first, in points.
    open var headIndent: CGFloat { values.headIndent }
    /// The indent of a paragraph's first line, in points.
    open var firstLineHeadIndent: CGFloat { values.firstLineHeadIndent }
    /// Positive: where lines end, from the leading edge; zero or negative: how far in
    /// from the trailing edge they end.
    open var tailIndent: CGFloat { values.tailIndent }
    /// The line height as a multiple of the natural one (0: natural).
    open var lineHeightMultiple: CGFloat { values.lineHeightMultiple }
    /// The smallest line height (kept, not drawn).
    open var minimumLineHeight: CGFloat { values.minimumLineHeight }
    /// The largest line height (kept, not drawn).
    open var maximumLineHeight: CGFloat { values.maximumLineHeight }

    /// An immutable copy.
    open func copy(with zone: NSZone? = nil) -> Any { NSParagraphStyle(values: values) }
    /// A mutable copy (an ``NSMutableParagraphStyle``).
    open func mutableCopy(with zone: NSZone? = nil) -> Any { NSMutableParagraphStyle(values: values) }

    /// Whether `object` is a paragraph style with the same values.
    open override func isEqual(_ object: Any?) -> Bool {
        (object as? NSParagraphStyle)?.values == values
    }

    /// A hash consistent with ``isEqual(_:)``.
    open override var hash: Int { values.hashValue }
}

extension NSParagraphStyle {
    /// How lines break when text wraps: UIKit's `NSParagraphStyle.LineBreakStrategy`, with
    /// its raw values. Tabula keeps it (``UILabel/lineBreakStrategy``) but Pango breaks lines
    /// the same way whatever it says.
    public struct LineBreakStrategy: OptionSet, Hashable, Sendable {
        /// The strategy's bits.
        public let rawValue: UInt
        /// A strategy from its bits.
        public init(rawValue: UInt) { self.rawValue = rawValue }

        /// No strategy: break where the text stops fitting.
        public static let none = LineBreakStrategy([])
        /// Push words off the second-to-last line to avoid a single word on the last.
        public static let pushOut = LineBreakStrategy(rawValue: 1 << 0)
        /// Do not break between Hangul characters (break between words).
        public static let hangulWordPriority = LineBreakStrategy(rawValue: 1 << 1)
        /// The system's strategy, the same as for labels and text views.
        public static let standard = LineBreakStrategy(rawValue: 0xFFFF)
    }
}

/// A paragraph style whose values can be set: UIKit's `NSMutableParagraphStyle`.
open class NSMutableParagraphStyle: NSParagraphStyle, @unchecked Sendable {
    /// How lines are aligned.
    open override var alignment: NSTextAlignment {
        get { values.alignment }
        set { values.alignment = newValue }
    }
    /// How lines wrap and how text that does not fit is truncated.
    open override var lineBreakMode: NSLineBreakMode {
        get { values.lineBreakMode }
        set { values.lineBreakMode = newValue }
    }
    /// Extra space between lines, in points.
    open override var lineSpacing: CGFloat {
        get { values.lineSpacing }
        set { values.lineSpacing = newValue }
    }
    /// Space after a paragraph, in points (kept, not drawn).
    open override var paragraphSpacing: CGFloat {
        get { values.paragraphSpacing }
        set { values.paragraphSpacing = newValue }
    }
    /// Space before a paragraph, in points (kept, not drawn).
    open override var paragraphSpacingBefore: CGFloat {
        get { values.paragraphSpacingBefore }
        set { values.paragraphSpacingBefore = newValue }
    }
    /// The indent of lines after a paragraph's first, in points.
    open override var headIndent: CGFloat {
        get { values.headIndent }
        set { values.headIndent = newValue }
    }
    /// The indent of a paragraph's first line, in points.
    open override var firstLineHeadIndent: CGFloat {
        get { values.firstLineHeadIndent }
        set { values.firstLineHeadIndent = newValue }
    }
    /// Positive: where lines end, from the leading edge; zero or negative: how far in
    /// from the trailing edge they end.
    open override var tailIndent: CGFloat {
        get { values.tailIndent }
        set { values.tailIndent = newValue }
    }
    /// The line height as a multiple of the natural one (0: natural).
    open override var lineHeightMultiple: CGFloat {
        get { values.lineHeightMultiple }
        set { values.lineHeightMultiple = newValue }
    }
    /// The smallest line height (kept, not drawn).
    open override var minimumLineHeight: CGFloat {
        get { values.minimumLineHeight }
        set { values.minimumLineHeight = newValue }
    }
    /// The largest line height (kept, not drawn).
    open override var maximumLineHeight: CGFloat {
        get { values.maximumLineHeight }
        set { values.maximumLineHeight = newValue }
    }

    /// Copies every value of `other`.
    open func setParagraphStyle(_ other: NSParagraphStyle) { values = other.values }
}

/// What an attributed string's attributes become for a ``TextLayout``: runs with colours
/// resolved for some traits, the paragraph style of the first character, the ranges of
/// links, and a sentence for each attribute that could not be used (a value of the wrong
/// type, a number that is not finite), which is left out.
struct AttributedTextRuns {
    var runs: [TextRun] = []
    var paragraphStyle: NSParagraphStyle?
    var links: [Range<Int>] = []
    var problems: [String] = []

    /// The runs of `string`; colours resolve with `traits`, links take `linkColor` when
    /// they have no colour of their own (nil: drawn like the text around them). With
    /// `overridingColor`, every glyph takes it (a highlighted label); `alphaFactor`
    /// multiplies every colour's alpha (a disabled label).
    init(_ string: NSAttributedString, traits: UITraitCollection, linkColor: UIColor? = nil,
         overridingColor: Color? = nil, alphaFactor: Double = 1) {
        let text = string.string
        let length = text.utf16.count
        func color(_ value: UIColor) -> Color {
            var c = value.resolvedColor(with: traits).cgColor
            c.alpha *= alphaFactor
            return c
        }
        var problems: [String] = []
        var runs: [TextRun] = []
        var links: [Range<Int>] = []
        var paragraph: NSParagraphStyle?
        string.enumerateAttributes(in: NSRange(location: 0, length: string.length), options: []) { attributes, range, _ in
            guard let bounds = Self.scalarAligned(range, in: text, length: length) else { return }
            var run = TextRun(range: bounds)
            func problem(_ key: NSAttributedString.Key, _ value: Any, _ expected: String) {
                problems.append("the attribute \(key.rawValue) at \(range.location)..<\(range.location + range.length) "
                                + "is \(value) (\(type(of: value))); \(expected). The text there is drawn without it.")
            }
            func uiColor(_ key: NSAttributedString.Key) -> UIColor? {
                guard let value = attributes[key] else { return nil }
                if let c = value as? UIColor { return c }
                problem(key, value, "it must be a UIColor")
                return nil
            }
            func number(_ key: NSAttributedString.Key) -> CGFloat? {
                guard let value = attributes[key] else { return nil }
                if let n = Self.number(value), n.isFinite { return n }
                problem(key, value, "it must be a finite number")
                return nil
            }
            func decoration(_ key: NSAttributedString.Key, colorKey: NSAttributedString.Key) -> TextDecoration? {
                guard let value = attributes[key] else { return nil }
                let style: NSUnderlineStyle
                if let s = value as? NSUnderlineStyle {
                    style = s
                } else if let n = Self.number(value), n.isFinite, n == n.rounded() {
                    style = NSUnderlineStyle(rawValue: Int(n))
                } else {
                    problem(key, value, "it must be an NSUnderlineStyle raw value")
                    return nil
                }
                guard style.rawValue & 0xFF != 0 else { return nil }
                let lineStyle: TextDecoration.Style = style.contains(.double) ? .double
                    : style.contains(.thick) ? .thick : .single
                return TextDecoration(style: lineStyle, color: uiColor(colorKey).map(color))
            }
            if let value = attributes[.font] {
                if let font = value as? UIFont { run.font = font.font } else { problem(.font, value, "it must be a UIFont") }
            }
            if let c = uiColor(.foregroundColor) { run.foregroundColor = color(c) }
            if let c = uiColor(.backgroundColor) { run.backgroundColor = color(c) }
            run.kern = number(.kern)
            run.baselineOffset = number(.baselineOffset)
            run.underline = decoration(.underlineStyle, colorKey: .underlineColor)
            run.strikethrough = decoration(.strikethroughStyle, colorKey: .strikethroughColor)
            if let value = attributes[.link] {
                if value is URL || value is NSURL || value is String || value is NSString {
                    links.append(bounds)
                    if let linkColor, run.foregroundColor == nil { run.foregroundColor = color(linkColor) }
                } else {
                    problem(.link, value, "it must be a URL or a String")
                }
            }
            if let value = attributes[.paragraphStyle] {
                if let style = value as? NSParagraphStyle {
                    if range.location == 0 { paragraph = style }
                } else {
                    problem(.paragraphStyle, value, "it must be an NSParagraphStyle")
                }
            }
            if let overridingColor { run.foregroundColor = overridingColor }
            if !run.isEmpty { runs.append(run) }
        }
        if let style = paragraph {
            let v = style.values
            for (name, value) in [("lineSpacing", v.lineSpacing), ("headIndent", v.headIndent),
                                  ("firstLineHeadIndent", v.firstLineHeadIndent), ("tailIndent", v.tailIndent),
                                  ("lineHeightMultiple", v.lineHeightMultiple)]
            where !value.isFinite || (value < 0 && name != "tailIndent") {
                problems.append("the paragraph style's \(name) is \(value); it must be finite"
                                + (name == "tailIndent" ? "" : " and at least 0") + ". The text is drawn without it.")
            }
        }
        self.runs = runs
        self.links = links
        self.paragraphStyle = paragraph
        self.problems = problems
    }

    /// The paragraph style's spacing and indents for ``TextLayout``, unusable values left out.
    var paragraph: ParagraphAttributes {
        var p = ParagraphAttributes()
        guard let v = paragraphStyle?.values else { return p }
        func usable(_ x: CGFloat) -> CGFloat { x.isFinite && x >= 0 ? x : 0 }
        p.lineSpacing = usable(v.lineSpacing)
        p.lineHeightMultiple = usable(v.lineHeightMultiple)
        p.headIndent = usable(v.headIndent)
        p.firstLineHeadIndent = usable(v.firstLineHeadIndent)
        p.tailIndent = v.tailIndent.isFinite ? v.tailIndent : 0
        return p
    }

    /// `range` clamped to the text's `length` UTF-16 units, with ends inside a surrogate
    /// pair moved to the pair's start; nil when nothing is left.
    static func scalarAligned(_ range: NSRange, in text: String, length: Int) -> Range<Int>? {
        func align(_ offset: Int) -> Int {
            let clamped = min(max(0, offset), length)
            let index = String.Index(utf16Offset: clamped, in: text)
            return index.samePosition(in: text.unicodeScalars) == nil ? clamped - 1 : clamped
        }
        let lower = align(range.location), upper = align(range.location + range.length)
        return upper > lower ? lower ..< upper : nil
    }

    /// A number stored as any of the types Swift code puts in attribute dictionaries.
    static func number(_ value: Any) -> CGFloat? {
        switch value {
        case let v as CGFloat: v
        case let v as Double: CGFloat(v)
        case let v as Float: CGFloat(v)
        case let v as Int: CGFloat(v)
        case let v as NSNumber: CGFloat(v.doubleValue)
        default: nil
        }
    }
}

/// Where attributes that cannot be drawn are reported: once per string set on a view,
/// naming the view's property, the attribute, its range and its value, to the view's
/// screen (``HeadlessScreen/onReport``), or, for a view on no screen, to the handler of
/// reports that belong to no screen (see ``ProblemReports``).
@MainActor
enum TextAttributeProblems {
    /// Reports each of `problems` about `view`, prefixed with `owner` (`UILabel.attributedText`).
    static func report(_ problems: [String], owner: String, view: UIView) {
        for problem in problems { view.reportProblem("\(owner): \(problem)") }
    }
}

extension TextAttributeProblems {
    /// A copy of `string` for `view` to keep, its unusable attributes reported for `owner`.
    static func checkedCopy(_ string: NSAttributedString?, owner: String, view: UIView) -> NSAttributedString? {
        guard let string else { return nil }
        let copy = NSAttributedString(attributedString: string)
        report(AttributedTextRuns(copy, traits: view.traitCollection).problems, owner: owner, view: view)
        return copy
    }

    /// What an editable view's `attributedText` reads: the string set while `text` is
    /// still its string, else `text` in the view's font and colour.
    static func shown(_ stored: NSAttributedString?, text: String, font: UIFont, color: UIColor) -> NSAttributedString {
        if let stored, stored.string == text { return stored }
        return NSAttributedString(string: text, attributes: [.font: font, .foregroundColor: color])
    }
}
