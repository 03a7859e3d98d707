import Foundation

/// A view whose ``UITextInput`` members are answered by its ``TextEditingController``:
/// ``UITextField`` and ``UITextView``.
@MainActor
protocol EditorBackedTextInput: UITextInput, TextEditingClient {
    var editor: TextEditingController { get }
    var isEditingText: Bool { get }
}

extension UITextField: EditorBackedTextInput {
    var isEditingText: Bool { isEditing }
}

extension EditorBackedTextInput {
    /// The selection while editing (nil otherwise); setting it selects, widened to
    /// grapheme clusters. A range outside the text (kept from before it changed) is
    /// clamped to it and reported.
    public var selectedTextRange: UITextRange? {
        get { isEditingText ? UITextRange(offsets: editor.state.selectedRange) : nil }
        set {
            guard let newValue else { return }
            let range = checked(newValue, in: "selectedTextRange")
            editor.changeSelection { $0.select(range) }
        }
    }

    /// `range`'s offsets clamped to the text and widened to grapheme clusters; a range that
    /// reached outside the text is reported, naming `call`.
    func checked(_ range: UITextRange, in call: String) -> Range<Int> {
        let (snapped, repair) = editor.state.snapped(range.offsets)
        if repair == .clamped { editor.reportRange(range.offsets, in: call, used: snapped) }
        return snapped
    }

    /// `position`'s offset clamped to the text and moved to a grapheme boundary (the one
    /// before, inside a cluster).
    func checkedOffset(_ position: UITextPosition) -> Int {
        editor.state.boundary(atOrBefore: position.offset)
    }

    /// The composition, if an input method is composing.
    public var markedTextRange: UITextRange? { editor.state.markedRange.map { UITextRange(offsets: $0) } }

    /// Offset 0.
    public var beginningOfDocument: UITextPosition { UITextPosition(offset: 0) }
    /// The end of the text.
    public var endOfDocument: UITextPosition { UITextPosition(offset: editor.state.length) }

    /// Inserts `markedText` as a composition (asking the delegate), replacing the current
    /// composition or the selection; `selectedRange` is the selection within it.
    public func setMarkedText(_ markedText: String?, selectedRange: NSRange) {
        editor.setMarkedText(markedText, selectedRange: selectedRange)
    }

    /// Commits the composition as it stands.
    public func unmarkText() { editor.unmarkText() }

    /// The text in `range`, clamped to the text (nil when nothing of it is inside).
    public func text(in range: UITextRange) -> String? {
        let (snapped, repair) = editor.state.snapped(range.offsets)
        if repair == .clamped && snapped.isEmpty && !range.offsets.isEmpty { return nil }
        return editor.state.substring(snapped)
    }

    /// Replaces the text in `range` (asking the delegate), the caret after the new text.
    ///
    /// A range that lies partly or wholly outside the text — typically one kept from
    /// before the text changed — is clamped to the text and reported; one that starts or
    /// ends inside a grapheme cluster is widened to the whole cluster, as UIKit accepts
    /// such ranges. The delegate is asked about the range actually replaced.
    public func replace(_ range: UITextRange, withText text: String) {
        let end = TextEditingState.saturating(range.offsets.lowerBound, plus: text.utf16.count)
        editor.perform(TextEdit(range: range.offsets, replacement: text, selectionAfter: end ..< end),
                       call: "replace(_:withText:)")
    }

    /// The range between two positions, in either order; nil if either is outside the text.
    public func textRange(from fromPosition: UITextPosition, to toPosition: UITextPosition) -> UITextRange? {
        let length = editor.state.length
        guard (0 ... length).contains(fromPosition.offset), (0 ... length).contains(toPosition.offset) else { return nil }
        return UITextRange(offsets: min(fromPosition.offset, toPosition.offset) ..< max(fromPosition.offset, toPosition.offset))
    }

    /// The position `offset` UTF-16 units away, or nil outside the text (however large
    /// `offset` is).
    public func position(from position: UITextPosition, offset: Int) -> UITextPosition? {
        let (target, overflow) = position.offset.addingReportingOverflow(offset)
        return !overflow && (0 ... editor.state.length).contains(target) ? UITextPosition(offset: target) : nil
    }

    /// `offset` grapheme clusters left or right, or lines up or down, from `position`;
    /// an offset past the text's start or end stops there. The time taken grows with the
    /// text moved over, never with `offset` itself.
    public func position(from position: UITextPosition, in direction: UITextLayoutDirection, offset: Int) -> UITextPosition? {
        let start = checkedOffset(position)
        let steps = max(0, offset)
        switch direction {
        case .left, .right:
            let forward = direction == .right
            return UITextPosition(offset: editor.state.offset(movingClusters: steps, from: start, forward: forward))
        case .up, .down:
            // More lines than the text has lines of its length cannot be moved: cap the count.
            let lines = min(steps, editor.state.length + 1)
            return UITextPosition(offset: textOffset(verticallyFrom: start, lines: direction == .down ? lines : -lines))
        }
    }

    /// `toPosition`'s offset minus `from`'s.
    public func offset(from: UITextPosition, to toPosition: UITextPosition) -> Int {
        TextEditingState.saturating(toPosition.offset, minus: from.offset)
    }

    /// Orders two positions by offset.
    public func compare(_ position: UITextPosition, to other: UITextPosition) -> ComparisonResult {
        position.offset < other.offset ? .orderedAscending : position.offset > other.offset ? .orderedDescending : .orderedSame
    }

    /// The caret's rectangle for `position`.
    /// A position outside the text gives the caret at the nearer end.
    public func caretRect(for position: UITextPosition) -> CGRect { editor.caretRect(forOffset: checkedOffset(position)) }

    /// The first line's rectangle of `range` (the caret's for an empty range), clamped
    /// to the text.
    public func firstRect(for range: UITextRange) -> CGRect {
        let offsets = editor.state.snapped(range.offsets).range
        return editor.selectionRects(for: offsets).first ?? editor.caretRect(forOffset: offsets.lowerBound)
    }

    /// The position nearest `point`: a point beyond the text's edges, however far, gives
    /// the nearest end of a line; a point with a NaN coordinate is no place, and gives nil.
    public func closestPosition(to point: CGPoint) -> UITextPosition? {
        guard !point.x.isNaN, !point.y.isNaN else { return nil }
        // Far-off points are brought near the text first: layouts measure in 32-bit units.
        let limit: CGFloat = 1e6
        let near = CGPoint(x: min(max(point.x, -limit), limit), y: min(max(point.y, -limit), limit))
        return UITextPosition(offset: editor.offset(at: near))
    }
}
