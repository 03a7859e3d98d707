import Foundation

extension TextLayout {
    /// A layout of `text` with these attributes, shared with every other caller on this
    /// thread that asked for the same: shaped once while it stays among the recently used.
    ///
    /// Labels ask for their layouts here. The same words often show in several labels at
    /// once or again soon (a row scrolled away and back, a row inserted with the text of
    /// the row it pushes down, the same detail in many cells), and shaping them is most
    /// of what measuring a label costs. A layout never changes once made, so sharing one
    /// is safe; each thread keeps its own (Pango's font maps are per thread).
    ///
    /// A text longer than 512 bytes (UTF-8) is laid out on its own
    /// each time: long texts seldom come back word for word, and a few of them would hold
    /// more memory than hundreds of titles.
    ///
    /// The parameters are those of ``init(text:font:width:maximumNumberOfLines:lineBreakMode:alignment:runs:paragraph:)``.
    public static func shared(text: String, font: Font, width: CGFloat? = nil, maximumNumberOfLines: Int = 0,
                              lineBreakMode: LineBreakMode = .byTruncatingTail, alignment: TextAlignment = .natural,
                              runs: [TextRun] = [], paragraph: ParagraphAttributes = ParagraphAttributes()) -> TextLayout {
        guard text.utf8.count <= SharedLayouts.longestShared else {
            return TextLayout(text: text, font: font, width: width, maximumNumberOfLines: maximumNumberOfLines,
                              lineBreakMode: lineBreakMode, alignment: alignment, runs: runs, paragraph: paragraph)
        }
        let key = SharedLayouts.Key(text: text, font: font, width: width.map { $0.isFinite ? max(0, $0) : 0 },
                                    maximumNumberOfLines: max(0, maximumNumberOfLines), lineBreakMode: lineBreakMode,
                                    alignment: alignment, runs: runs, paragraph: paragraph)
        let kept = TextEngine.current.sharedLayouts
        if let layout = kept.layout(for: key) { return layout }
        let layout = TextLayout(text: text, font: font, width: width, maximumNumberOfLines: maximumNumberOfLines,
                                lineBreakMode: lineBreakMode, alignment: alignment, runs: runs, paragraph: paragraph)
        kept.keep(layout, for: key)
        return layout
    }
}

/// The layouts of one thread shared through ``TextLayout/shared(text:font:width:maximumNumberOfLines:lineBreakMode:alignment:runs:paragraph:)``:
/// at most ``capacity``, the least recently used let go first.
final class SharedLayouts {
    /// Everything a layout is made from.
    struct Key: Hashable {
        let text: String
        let font: Font
        let width: CGFloat?
        let maximumNumberOfLines: Int
        let lineBreakMode: LineBreakMode
        let alignment: TextAlignment
        let runs: [TextRun]
        let paragraph: ParagraphAttributes
    }

    /// How many layouts are kept: a few screens of labels.
    static let capacity = 256
    /// The longest text shared, in UTF-8 bytes: a few lines of a paragraph.
    static let longestShared = 512

    private var layouts: [Key: (layout: TextLayout, used: UInt64)] = [:]
    private var clock: UInt64 = 0

    /// How many layouts are kept now.
    var count: Int { layouts.count }

    func layout(for key: Key) -> TextLayout? {
        guard let index = layouts.index(forKey: key) else { return nil }
        clock &+= 1
        layouts.values[index].used = clock
        return layouts.values[index].layout
    }

    func keep(_ layout: TextLayout, for key: Key) {
        clock &+= 1
        layouts[key] = (layout, clock)
        guard layouts.count > Self.capacity else { return }
        // A quarter goes at once, the least recently used: sorting is paid once every
        // capacity / 4 layouts, not at each.
        let cutoff = layouts.values.map(\.used).sorted()[Self.capacity / 4]
        layouts = layouts.filter { $0.value.used >= cutoff }
    }

    /// Lets every layout go.
    func removeAll() { layouts.removeAll() }
}
