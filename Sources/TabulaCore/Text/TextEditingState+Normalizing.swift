import Foundation

/// Ranges from outside the editor — an app's `UITextRange` kept from before the text
/// changed, an `NSRange` with a negative length or `NSNotFound`, a position in the middle
/// of an emoji — made into ranges an edit can use, without trapping and without
/// overflowing.
///
/// The rule, the same for every entry point (`replace(_:withText:)`, `setMarkedText`,
/// `selectedRange`, `selectedTextRange`, position arithmetic): a range is clamped to the
/// text, then widened to grapheme-cluster boundaries (its start down, its end up), as
/// UIKit accepts such ranges. Whether clamping was needed is reported to the caller
/// (``RangeRepair``), so that the view can tell the app its range was stale.
extension TextEditingState {
    /// What had to be done to a range to make it usable.
    public enum RangeRepair: Equatable, Sendable {
        /// The range lay inside the text (it may have been widened to cluster boundaries).
        case none
        /// Part or all of the range lay outside the text, or its bounds were out of order.
        case clamped
    }

    /// `range` clamped to the text and widened to grapheme-cluster boundaries.
    ///
    /// - Complexity: O(*n*) in the length of the text (finding a cluster boundary).
    public func snapped(_ range: Range<Int>) -> (range: Range<Int>, repair: RangeRepair) {
        let lower = boundary(atOrBefore: clamp(range.lowerBound))
        let upper = max(lower, boundary(atOrAfter: clamp(range.upperBound)))
        let inside = range.lowerBound >= 0 && range.upperBound <= length
        return (lower ..< upper, inside ? .none : .clamped)
    }

    /// `edit` made valid for this text: its range clamped and widened as ``snapped(_:)``
    /// does, the selection and composition it leaves moved with the start of its range
    /// and clamped to the text the edit leaves. An edit made by one of the commands is
    /// returned unchanged.
    public func normalized(_ edit: TextEdit) -> (edit: TextEdit, repair: RangeRepair) {
        let (range, repair) = snapped(edit.range)
        var result = edit
        result.range = range
        // Positions after the edit are written relative to the old start: move them with it.
        let shift = Self.saturating(range.lowerBound, minus: edit.range.lowerBound)
        let lengthAfter = length - range.count + edit.replacement.utf16.count
        func moved(_ offset: Int) -> Int {
            min(max(0, Self.saturating(offset, plus: shift)), lengthAfter)
        }
        func movedRange(_ r: Range<Int>) -> Range<Int> {
            let lower = moved(r.lowerBound), upper = moved(r.upperBound)
            return lower ..< max(lower, upper)
        }
        result.selectionAfter = movedRange(edit.selectionAfter)
        result.markedRangeAfter = edit.markedRangeAfter.map(movedRange)
        if let marked = result.markedRangeAfter {
            // The composition must still hold the selection.
            let s = result.selectionAfter
            let lower = min(max(s.lowerBound, marked.lowerBound), marked.upperBound)
            result.selectionAfter = lower ..< min(max(s.upperBound, lower), marked.upperBound)
        }
        return (result, repair)
    }

    /// `a + b`, or the nearest representable value where that overflows.
    package static func saturating(_ a: Int, plus b: Int) -> Int {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? (b > 0 ? .max : .min) : sum
    }

    /// `a - b`, or the nearest representable value where that overflows.
    package static func saturating(_ a: Int, minus b: Int) -> Int {
        let (difference, overflow) = a.subtractingReportingOverflow(b)
        return overflow ? (b < 0 ? .max : .min) : difference
    }

    /// The UTF-16 offsets of an `NSRange`-like `location` and `length`, with no
    /// arithmetic that can overflow: a negative length counts as 0, `NSNotFound` (or any
    /// location past `limit`) as `limit`, and the end is kept within `0 ... limit`.
    ///
    /// - Returns: the offsets, and whether the input had to be changed to get them.
    public static func offsets(location: Int, length: Int, limit: Int) -> (range: Range<Int>, repair: RangeRepair) {
        let lower = min(max(0, location), limit)
        let (end, overflow) = lower.addingReportingOverflow(max(0, length))
        let upper = overflow ? limit : min(end, limit)
        let exact = location >= 0 && location <= limit && length >= 0 && !overflow && end <= limit
        return (lower ..< upper, exact ? .none : .clamped)
    }

    /// The boundary `count` grapheme clusters after (`forward`) or before `offset`,
    /// stopping at the text's ends.
    ///
    /// - Complexity: O(*n*) in the length of the text, whatever `count` is.
    public func offset(movingClusters count: Int, from offset: Int, forward: Bool) -> Int {
        let start = index(boundary(atOrBefore: offset))
        let steps = max(0, count)
        let end = forward ? text.index(start, offsetBy: steps, limitedBy: text.endIndex) ?? text.endIndex
            : text.index(start, offsetBy: -steps, limitedBy: text.startIndex) ?? text.startIndex
        return self.offset(end)
    }

    /// The caret and the composition moved onto grapheme-cluster boundaries of the text
    /// they are in (an edit can join characters across its ends: "e" then a combining
    /// accent), the composition widened to hold the selection.
    public mutating func snapToClusterBoundaries() {
        let selection = snapped(selectedRange).range
        let forward = head >= anchor
        anchor = forward ? selection.lowerBound : selection.upperBound
        head = forward ? selection.upperBound : selection.lowerBound
        if let marked = markedRange {
            let m = snapped(marked).range
            markedRange = min(m.lowerBound, selection.lowerBound) ..< max(m.upperBound, selection.upperBound)
        }
    }
}
