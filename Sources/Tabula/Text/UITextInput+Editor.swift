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
    /// The selection while editing (nil otherwise); setting it selects, clamped to the text.
    public var selectedTextRange: UITextRange? {
        get { isEditingText ? UITextRange(offsets: editor.state.selectedRange) : nil }
        set {
            guard let newValue else { return }
            editor.changeSelection { $0.select(newValue.offsets) }
        }
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

    /// The text in `range`.
    public func text(in range: UITextRange) -> String? { editor.state.substring(range.offsets) }

    /// Replaces the text in `range` (asking the delegate).
    public func replace(_ range: UITextRange, withText text: String) {
        let end = range.offsets.lowerBound + text.utf16.count
        editor.perform(TextEdit(range: range.offsets, replacement: text, selectionAfter: end ..< end))
    }

    /// The range between two positions, in either order; nil if either is outside the text.
    public func textRange(from fromPosition: UITextPosition, to toPosition: UITextPosition) -> UITextRange? {
        let length = editor.state.length
        guard (0 ... length).contains(fromPosition.offset), (0 ... length).contains(toPosition.offset) else { return nil }
        return UITextRange(offsets: min(fromPosition.offset, toPosition.offset) ..< max(fromPosition.offset, toPosition.offset))
    }

    /// The position `offset` UTF-16 units away, or nil outside the text.
    public func position(from position: UITextPosition, offset: Int) -> UITextPosition? {
        let target = position.offset + offset
        return (0 ... editor.state.length).contains(target) ? UITextPosition(offset: target) : nil
    }

    /// `offset` grapheme clusters left or right, or lines up or down, from `position`.
    public func position(from position: UITextPosition, in direction: UITextLayoutDirection, offset: Int) -> UITextPosition? {
        var state = editor.state
        state.moveCaret(to: position.offset)
        switch direction {
        case .left, .right:
            for _ in 0 ..< max(0, offset) { state.move(direction == .right ? .forward : .backward) }
            return UITextPosition(offset: state.head)
        case .up, .down:
            let lines = (direction == .down ? 1 : -1) * max(0, offset)
            return UITextPosition(offset: textOffset(verticallyFrom: position.offset, lines: lines))
        }
    }

    /// `toPosition`'s offset minus `from`'s.
    public func offset(from: UITextPosition, to toPosition: UITextPosition) -> Int { toPosition.offset - from.offset }

    /// Orders two positions by offset.
    public func compare(_ position: UITextPosition, to other: UITextPosition) -> ComparisonResult {
        position.offset < other.offset ? .orderedAscending : position.offset > other.offset ? .orderedDescending : .orderedSame
    }

    /// The caret's rectangle for `position`.
    public func caretRect(for position: UITextPosition) -> CGRect { editor.caretRect(forOffset: position.offset) }

    /// The first line's rectangle of `range` (the caret's for an empty range).
    public func firstRect(for range: UITextRange) -> CGRect {
        editor.selectionRects(for: range.offsets).first ?? editor.caretRect(forOffset: range.offsets.lowerBound)
    }

    /// The position nearest `point`.
    public func closestPosition(to point: CGPoint) -> UITextPosition? { UITextPosition(offset: editor.offset(at: point)) }
}
