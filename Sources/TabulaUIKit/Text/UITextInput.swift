import Foundation

/// A position in the text of a ``UITextInput``: Tabula's text inputs count UTF-16 code
/// units from the start of the text, as `NSRange` does.
@preconcurrency @MainActor
open class UITextPosition: Hashable, CustomStringConvertible {
    /// The UTF-16 offset from the start of the text.
    let offset: Int

    init(offset: Int) { self.offset = offset }

    /// Whether two positions are at the same offset.
    public nonisolated static func == (a: UITextPosition, b: UITextPosition) -> Bool { a.offset == b.offset }
    /// Hashes the offset.
    public nonisolated func hash(into hasher: inout Hasher) { hasher.combine(offset) }
    /// "UITextPosition(offset)".
    public nonisolated var description: String { "UITextPosition(\(offset))" }
}

/// A range of the text of a ``UITextInput``, between two positions.
@preconcurrency @MainActor
open class UITextRange: Hashable, CustomStringConvertible {
    /// Where the range starts.
    open var start: UITextPosition { UITextPosition(offset: offsets.lowerBound) }
    /// Where the range ends.
    open var end: UITextPosition { UITextPosition(offset: offsets.upperBound) }
    /// Whether the range is empty: a caret.
    open var isEmpty: Bool { offsets.isEmpty }

    /// The UTF-16 offsets covered.
    let offsets: Range<Int>

    init(offsets: Range<Int>) { self.offsets = offsets }

    /// Whether two ranges cover the same offsets.
    public nonisolated static func == (a: UITextRange, b: UITextRange) -> Bool { a.offsets == b.offsets }
    /// Hashes the offsets.
    public nonisolated func hash(into hasher: inout Hasher) { hasher.combine(offsets) }
    /// "UITextRange(lower..<upper)".
    public nonisolated var description: String { "UITextRange(\(offsets.lowerBound)..<\(offsets.upperBound))" }
}

/// The direction of a layout-based position query.
public enum UITextLayoutDirection: Int, Sendable {
    /// Towards the right.
    case right = 2
    /// Towards the left.
    case left = 3
    /// Up a line.
    case up = 4
    /// Down a line.
    case down = 5
}

/// What an editor offers the text input system: positions and ranges, the selection,
/// composition (marked text) from input methods, and geometry. Tabula's
/// ``UITextField`` and ``UITextView`` adopt it.
///
/// The members are those of UIKit's protocol that code outside a text engine uses;
/// tokenizers, dictation and writing-direction setters are not part of it.
@preconcurrency @MainActor
public protocol UITextInput: UIKeyInput {
    /// The selection, or nil when the input is not being edited.
    var selectedTextRange: UITextRange? { get set }
    /// The text being composed by an input method, or nil.
    var markedTextRange: UITextRange? { get }
    /// The start of the text.
    var beginningOfDocument: UITextPosition { get }
    /// The end of the text.
    var endOfDocument: UITextPosition { get }
    /// Inserts `markedText` as a composition, replacing the current one or the selection;
    /// `selectedRange` is the selection within it.
    func setMarkedText(_ markedText: String?, selectedRange: NSRange)
    /// Ends the composition, keeping its text.
    func unmarkText()
    /// The text in `range`.
    func text(in range: UITextRange) -> String?
    /// Replaces the text in `range` with `text`.
    func replace(_ range: UITextRange, withText text: String)
    /// The range between two positions, or nil if either is outside the text.
    func textRange(from fromPosition: UITextPosition, to toPosition: UITextPosition) -> UITextRange?
    /// The position `offset` UTF-16 units from `position`, or nil outside the text.
    func position(from position: UITextPosition, offset: Int) -> UITextPosition?
    /// The position one step from `position` in a layout direction, `offset` times.
    func position(from position: UITextPosition, in direction: UITextLayoutDirection, offset: Int) -> UITextPosition?
    /// The number of UTF-16 units from one position to another.
    func offset(from: UITextPosition, to toPosition: UITextPosition) -> Int
    /// Orders two positions.
    func compare(_ position: UITextPosition, to other: UITextPosition) -> ComparisonResult
    /// Where the caret is drawn for `position`, in the input's coordinates.
    func caretRect(for position: UITextPosition) -> CGRect
    /// The first rectangle the text in `range` covers, in the input's coordinates.
    func firstRect(for range: UITextRange) -> CGRect
    /// The position nearest `point`, in the input's coordinates.
    func closestPosition(to point: CGPoint) -> UITextPosition?
}
