import Foundation
import Testing
@testable import TabulaCore

/// Edits and ranges made from outside the editor, checked on every small case: whatever
/// range an app hands in, applying it keeps the invariants (selection inside the text, on
/// cluster boundaries, inside the composition) and never traps.
@Suite struct TextEditingStateRepairTests {
    /// A text whose clusters span 1, 2 (surrogate pair), 2 (combining mark) and 8 units.
    static let text = "a😀e\u{301}👨‍👩‍👧z"

    @Test("every range from -3 to 3 past the text, applied as an edit, leaves a valid state")
    func everyRangeApplies() {
        let base = TextEditingState(text: Self.text)
        let n = base.length
        for lower in -3 ... n + 3 {
            for upper in lower ... n + 3 {
                var state = base
                let (edit, repair) = state.normalized(TextEdit(range: lower ..< upper, replacement: "X",
                                                               selectionAfter: lower + 1 ..< lower + 1))
                #expect(repair == ((lower < 0 || upper > n) ? .clamped : .none))
                #expect(edit.range.lowerBound >= 0 && edit.range.upperBound <= n)
                #expect(base.boundary(atOrBefore: edit.range.lowerBound) == edit.range.lowerBound)
                #expect(base.boundary(atOrBefore: edit.range.upperBound) == edit.range.upperBound)
                #expect(edit.range.lowerBound <= max(0, min(lower, n)) && edit.range.upperBound >= min(max(upper, 0), n))
                state.apply(edit)
                #expect(state.selectedRange == edit.range.lowerBound + 1 ..< edit.range.lowerBound + 1,
                        "the caret follows the replacement: \(lower)..<\(upper)")
                state.checkInvariants()
            }
        }
    }

    @Test("an edit applied without normalizing first is normalized by apply itself")
    func applyNormalizes() {
        var state = TextEditingState(text: Self.text)
        state.apply(TextEdit(range: 2 ..< 3, replacement: "", selectionAfter: 2 ..< 2))   // inside 😀
        #expect(state.text == "ae\u{301}👨‍👩‍👧z")
        #expect(state.selectedRange == 1 ..< 1)
        state.checkInvariants()
        state.apply(TextEdit(range: 90 ..< 100, replacement: "!", selectionAfter: 91 ..< 91))
        #expect(state.text == "ae\u{301}👨‍👩‍👧z!")
        #expect(state.head == state.length)
        state.checkInvariants()
    }

    @Test("a combining mark typed after a letter joins it: the caret stays after the cluster")
    func editThatJoinsClusters() {
        var state = TextEditingState(text: "ab")
        state.moveCaret(to: 1)
        state.apply(state.insertion("\u{301}"))
        #expect(state.text == "a\u{301}b")
        #expect(state.head == 2)
        state.checkInvariants()
    }

    @Test("NSRange-like numbers become offsets without overflow", arguments: [
        (2, -5, 2 ..< 2, true), (Int.max, Int.max, 10 ..< 10, true), (1, Int.max, 1 ..< 10, true),
        (-4, 3, 0 ..< 3, true), (3, 4, 3 ..< 7, false), (10, 0, 10 ..< 10, false), (Int.min, Int.min, 0 ..< 0, true),
    ])
    func nsRangeOffsets(location: Int, length: Int, expected: Range<Int>, clamped: Bool) {
        let (range, repair) = TextEditingState.offsets(location: location, length: length, limit: 10)
        #expect(range == expected)
        #expect((repair == .clamped) == clamped)
    }

    @Test("moving by Int.max clusters stops at the ends, in either direction")
    func movingFar() {
        let state = TextEditingState(text: Self.text)
        #expect(state.offset(movingClusters: Int.max, from: 0, forward: true) == state.length)
        #expect(state.offset(movingClusters: Int.max, from: state.length, forward: false) == 0)
        #expect(state.offset(movingClusters: 2, from: 0, forward: true) == 3)
        #expect(state.offset(movingClusters: 1, from: 2, forward: true) == 3, "from inside 😀: its start, then one on")
    }

    @Test("a composition edit with a stale selection keeps the selection inside the composition")
    func markedEditWithStaleSelection() {
        var state = TextEditingState(text: "abc")
        let edit = TextEdit(range: 50 ..< 60, replacement: "かな", selectionAfter: 52 ..< 70,
                            markedRangeAfter: 50 ..< 52)
        state.apply(edit)
        #expect(state.text == "abcかな")
        #expect(state.markedRange == 3 ..< 5)
        #expect(state.selectedRange == 5 ..< 5)
        state.checkInvariants()
    }
}
