import Foundation

/// The text of an editor with its selection and composition: what a text field or a text
/// view edits, as a value.
///
/// Positions are UTF-16 offsets, as in UIKit (`NSRange`, `UITextFieldDelegate`'s
/// `shouldChangeCharactersIn`), and every command keeps them on grapheme-cluster
/// boundaries: one step of an arrow or one delete covers a whole user-perceived character —
/// an emoji with its modifiers and joiners, a letter with its combining marks, a Hangul
/// syllable, a flag.
///
/// Commands never change the state themselves: each returns the ``TextEdit`` it would
/// make, so that a delegate can be asked first (`shouldChangeCharactersIn`) and the edit
/// applied only if it agrees (``apply(_:)``). Movement and selection change nothing but
/// the selection and are applied at once.
///
/// Invariants (checked by ``checkInvariants()`` in debug builds): the selection and the
/// marked range lie within the text, on grapheme boundaries; the marked range, when
/// there is one, contains the selection.
public struct TextEditingState: Sendable, Equatable {
    /// The text.
    public private(set) var text: String
    /// Where the selection started: the end that stays when a selection is extended.
    public internal(set) var anchor: Int
    /// Where the selection ends: the caret, and the end that moves when it is extended.
    public internal(set) var head: Int
    /// The text still being composed by an input method (shown underlined), if any.
    public internal(set) var markedRange: Range<Int>?

    /// `text` with the caret at its end.
    public init(text: String = "") {
        self.text = text
        anchor = text.utf16.count
        head = anchor
    }

    /// The selected range (empty: a caret), in UTF-16 offsets.
    public var selectedRange: Range<Int> { min(anchor, head) ..< max(anchor, head) }

    /// The length of the text in UTF-16 code units.
    public var length: Int { text.utf16.count }

    /// The selected text.
    public var selectedText: String { substring(selectedRange) }

    /// The text in `range` (UTF-16 offsets, clamped to the text).
    public func substring(_ range: Range<Int>) -> String {
        let lower = index(clamp(range.lowerBound)), upper = index(clamp(range.upperBound))
        return String(text[lower ..< upper])
    }

    // MARK: Replacing and selecting

    /// Replaces the whole text, putting the caret at its end and ending any composition.
    public mutating func setText(_ newText: String) {
        text = newText
        anchor = length
        head = anchor
        markedRange = nil
    }

    /// Selects `range` (clamped to the text, widened to grapheme boundaries); `head` is
    /// its upper bound. The composition ends.
    public mutating func select(_ range: Range<Int>) {
        let lower = boundary(atOrBefore: clamp(range.lowerBound))
        let upper = boundary(atOrAfter: clamp(range.upperBound))
        anchor = lower
        head = upper
        markedRange = nil
    }

    /// Puts the caret at `offset` or, when `extending`, moves the selection's head there
    /// and keeps its anchor.
    public mutating func moveCaret(to offset: Int, extending: Bool = false) {
        let target = nearestBoundary(clamp(offset))
        if !extending { anchor = target }
        head = target
        markedRange = nil
    }

    /// Selects the whole text.
    public mutating func selectAll() { select(0 ..< length) }

    /// Ends the composition, keeping its text as typed (UIKit's `unmarkText()`).
    public mutating func unmarkText() { markedRange = nil }

    /// Applies an edit made by one of the commands (or built by hand): replaces its range
    /// and sets the selection and composition it leaves.
    ///
    /// An edit whose range lies outside the text or inside a grapheme cluster is first
    /// made valid (``normalized(_:)``), so applying never traps.
    public mutating func apply(_ edit: TextEdit) {
        let edit = normalized(edit).edit
        let lower = index(clamp(edit.range.lowerBound)), upper = index(clamp(edit.range.upperBound))
        text.replaceSubrange(lower ..< upper, with: edit.replacement)
        markedRange = edit.markedRangeAfter.map { clamp($0.lowerBound) ..< clamp($0.upperBound) }
        let selection = edit.selectionAfter
        anchor = clamp(selection.lowerBound)
        head = clamp(selection.upperBound)
        snapToClusterBoundaries()
    }

    // MARK: Editing commands

    /// Typing or pasting `string`: it replaces the composition, else the selection, and
    /// the caret follows it.
    public func insertion(_ string: String) -> TextEdit {
        let range = markedRange ?? selectedRange
        let end = range.lowerBound + string.utf16.count
        return TextEdit(range: range, replacement: string, selectionAfter: end ..< end)
    }

    /// An input method's composition: `string` replaces the composition (else the
    /// selection) and is marked; `selectedRange` is the selection within it. An empty
    /// string ends the composition, removing its text.
    public func markedTextEdit(_ string: String, selectedRange: Range<Int>) -> TextEdit {
        let range = markedRange ?? self.selectedRange
        let count = string.utf16.count
        let lower = range.lowerBound + min(max(0, selectedRange.lowerBound), count)
        let upper = range.lowerBound + min(max(0, selectedRange.upperBound), count)
        return TextEdit(range: range, replacement: string, selectionAfter: lower ..< max(lower, upper),
                        markedRangeAfter: count == 0 ? nil : range.lowerBound ..< range.lowerBound + count)
    }

    /// The delete key: removes the selection, else the grapheme cluster before the caret;
    /// nil at the start of the text. `byWord` removes back to the start of the word
    /// (Option-Delete).
    public func backwardDeletion(byWord: Bool = false) -> TextEdit? {
        let selection = selectedRange
        guard selection.isEmpty else { return deletion(of: selection) }
        guard head > 0 else { return nil }
        let start = byWord ? wordBoundary(before: head) : boundary(before: head)
        return deletion(of: start ..< head)
    }

    /// The forward delete key: removes the selection, else the grapheme cluster after the
    /// caret; nil at the end of the text.
    public func forwardDeletion(byWord: Bool = false) -> TextEdit? {
        let selection = selectedRange
        guard selection.isEmpty else { return deletion(of: selection) }
        guard head < length else { return nil }
        let end = byWord ? wordBoundary(after: head) : boundary(after: head)
        return deletion(of: head ..< end)
    }

    /// Removing `range` (cut, or a delete key).
    public func deletion(of range: Range<Int>) -> TextEdit {
        TextEdit(range: range, replacement: "", selectionAfter: range.lowerBound ..< range.lowerBound)
    }

    // MARK: Offsets and boundaries

    /// `offset` kept within the text.
    func clamp(_ offset: Int) -> Int { min(max(0, offset), length) }

    /// The string index of a UTF-16 offset within the text.
    func index(_ offset: Int) -> String.Index { String.Index(utf16Offset: offset, in: text) }

    /// The UTF-16 offset of a string index.
    func offset(_ index: String.Index) -> Int { index.utf16Offset(in: text) }

    /// The grapheme boundary at `offset`, or the last one before it.
    public func boundary(atOrBefore offset: Int) -> Int {
        let i = index(clamp(offset))
        guard i != text.endIndex else { return length }
        // String rounds an index inside a cluster down to the cluster's start.
        let start = text.index(before: text.index(after: i))
        return self.offset(start)
    }

    /// The grapheme boundary at `offset`, or the first one after it.
    public func boundary(atOrAfter offset: Int) -> Int {
        let down = boundary(atOrBefore: offset)
        return down == clamp(offset) ? down : boundary(after: down)
    }

    /// The boundary nearest `offset` (down when it is inside a cluster: a tap in the
    /// middle of an emoji puts the caret before it).
    func nearestBoundary(_ offset: Int) -> Int { boundary(atOrBefore: offset) }

    /// The start of the grapheme cluster before the one at `offset`.
    public func boundary(before offset: Int) -> Int {
        let start = boundary(atOrBefore: offset)
        guard start > 0 else { return 0 }
        return self.offset(text.index(before: index(start)))
    }

    /// The start of the grapheme cluster after the one at `offset`.
    public func boundary(after offset: Int) -> Int {
        let start = boundary(atOrBefore: offset)
        guard start < length else { return length }
        return self.offset(text.index(after: index(start)))
    }

    /// Checks the invariants (the selection and composition within the text and on
    /// grapheme boundaries; the composition around the selection). Free in release builds.
    public func checkInvariants() {
        #if DEBUG
        precondition(anchor >= 0 && anchor <= length && head >= 0 && head <= length, "selection outside the text")
        precondition(boundary(atOrBefore: anchor) == anchor && boundary(atOrBefore: head) == head,
                     "selection inside a grapheme cluster")
        if let marked = markedRange {
            precondition(marked.lowerBound >= 0 && marked.upperBound <= length, "composition outside the text")
            precondition(marked.lowerBound <= selectedRange.lowerBound && selectedRange.upperBound <= marked.upperBound,
                         "selection outside the composition")
        }
        #endif
    }
}

/// One change to a ``TextEditingState``: `range` (UTF-16 offsets in the text before it)
/// replaced by `replacement`, leaving the selection and the composition given.
public struct TextEdit: Sendable, Equatable {
    /// The range replaced, in the text before the edit.
    public var range: Range<Int>
    /// What replaces it.
    public var replacement: String
    /// The selection after the edit, in the text after it.
    public var selectionAfter: Range<Int>
    /// The composition after the edit, if one goes on.
    public var markedRangeAfter: Range<Int>?

    /// An edit replacing `range` with `replacement`.
    public init(range: Range<Int>, replacement: String, selectionAfter: Range<Int>, markedRangeAfter: Range<Int>? = nil) {
        self.range = range
        self.replacement = replacement
        self.selectionAfter = selectionAfter
        self.markedRangeAfter = markedRangeAfter
    }

    /// The replaced range as UIKit's `NSRange` (what `shouldChangeCharactersIn` receives).
    public var nsRange: NSRange { NSRange(location: range.lowerBound, length: range.count) }
}
