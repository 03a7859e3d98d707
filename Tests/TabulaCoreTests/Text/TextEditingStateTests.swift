import Foundation
import Testing
@testable import TabulaCore
import TabulaTestBasics

/// Typing, deleting and moving as a person does with a keyboard, checked on text where a
/// user-perceived character spans several UTF-16 units.
@Suite struct TextEditingStateTests {
    /// Clusters of one to eleven UTF-16 units: a family emoji (joiners), a flag (two
    /// regional indicators), e + combining acute, a Hangul syllable, Devanagari with a
    /// vowel sign, a thumbs up with a skin tone.
    static let clusters = ["a", "👨‍👩‍👧", "🇫🇷", "e\u{301}", "한", "कि", "👍🏽", "z"]

    private func typed(_ text: String) -> TextEditingState {
        var state = TextEditingState()
        for character in text {
            state.apply(state.insertion(String(character)))
        }
        return state
    }

    @Test func typingAppendsAndKeepsTheCaretAfterIt() {
        let state = typed("Hello")
        #expect(state.text == "Hello")
        #expect(state.selectedRange == 5 ..< 5)
        state.checkInvariants()
    }

    @Test func deleteRemovesOneWholeClusterAtATime() {
        var state = typed(Self.clusters.joined())
        var remaining = Self.clusters
        while let edit = state.backwardDeletion() {
            state.apply(edit)
            remaining.removeLast()
            #expect(state.text == remaining.joined())
            state.checkInvariants()
        }
        #expect(remaining.isEmpty)
        #expect(state.backwardDeletion() == nil)
    }

    @Test func forwardDeleteFromEveryClusterBoundaryRemovesTheNextCluster() {
        let text = Self.clusters.joined()
        for k in 0 ..< Self.clusters.count {
            var state = TextEditingState(text: text)
            let offset = Self.clusters[..<k].joined().utf16.count
            state.moveCaret(to: offset)
            let edit = try! #require(state.forwardDeletion())
            state.apply(edit)
            var expected = Self.clusters
            expected.remove(at: k)
            #expect(state.text == expected.joined())
            #expect(state.selectedRange == offset ..< offset)
        }
    }

    @Test func arrowsStepOverWholeClustersBothWays() {
        var state = TextEditingState(text: Self.clusters.joined())
        var offsets = [state.head]
        while state.head > 0 {
            state.move(.backward)
            offsets.append(state.head)
        }
        let expected = (0 ... Self.clusters.count).reversed().map { Self.clusters[..<$0].joined().utf16.count }
        #expect(offsets == expected)
        for k in 1 ... Self.clusters.count {
            state.move(.forward)
            #expect(state.head == expected.reversed()[k])
        }
        state.move(.forward)
        #expect(state.head == state.length)
    }

    @Test func aCaretPlacedInsideAClusterGoesToItsStart() {
        var state = TextEditingState(text: "a👨‍👩‍👧b")
        for offset in 2 ..< 9 {
            state.moveCaret(to: offset)
            #expect(state.head == 1, "offset \(offset)")
        }
        state.select(2 ..< 3)
        #expect(state.selectedRange == 1 ..< 9)
    }

    @Test func shiftArrowsExtendFromTheAnchorAndPlainArrowsCollapse() {
        var state = TextEditingState(text: "abcdef")
        state.moveCaret(to: 3)
        state.move(.forward, extending: true)
        state.move(.forward, extending: true)
        #expect(state.selectedRange == 3 ..< 5)
        state.move(.backward, extending: true)
        state.move(.backward, extending: true)
        state.move(.backward, extending: true)
        #expect(state.selectedRange == 2 ..< 3)
        #expect(state.anchor == 3)
        state.move(.forward)
        #expect(state.selectedRange == 3 ..< 3)
        state.selectAll()
        state.move(.backward)
        #expect(state.selectedRange == 0 ..< 0)
    }

    @Test func typingReplacesTheSelection() {
        var state = TextEditingState(text: "hello world")
        state.select(6 ..< 11)
        state.apply(state.insertion("there"))
        #expect(state.text == "hello there")
        #expect(state.selectedRange == 11 ..< 11)
        state.select(0 ..< 5)
        state.apply(state.backwardDeletion()!)
        #expect(state.text == " there")
    }

    @Test func wordsForOptionArrowsOptionDeleteAndDoubleTap() {
        var state = TextEditingState(text: "one two,  three")
        state.move(.wordBackward)
        #expect(state.head == 10)
        state.move(.wordBackward)
        #expect(state.head == 4)
        state.move(.wordForward)
        #expect(state.head == 7)
        state.moveCaret(to: 15)
        state.apply(state.backwardDeletion(byWord: true)!)
        #expect(state.text == "one two,  ")
        #expect(state.wordRange(at: 5) == 4 ..< 7)
        #expect(state.wordRange(at: 7) == 4 ..< 7, "just after a word takes the word")
        #expect(state.wordRange(at: 9) == 8 ..< 10, "a run of spaces")
        #expect(TextEditingState(text: "").wordRange(at: 0) == 0 ..< 0)
    }

    @Test func compositionReplacesItselfAndCommitsAsTyped() {
        // Typing "nihao" with a Chinese input method, then choosing 你好.
        var state = TextEditingState(text: "Say ")
        var marked = ""
        for letter in "nihao" {
            marked.append(letter)
            state.apply(state.markedTextEdit(marked, selectedRange: marked.utf16.count ..< marked.utf16.count))
            #expect(state.text == "Say " + marked)
            #expect(state.markedRange == 4 ..< 4 + marked.utf16.count)
            state.checkInvariants()
        }
        state.apply(state.insertion("你好"))
        #expect(state.text == "Say 你好")
        #expect(state.markedRange == nil)
        #expect(state.selectedRange == 6 ..< 6)
    }

    @Test func anEmptyCompositionRemovesWhatWasMarked() {
        var state = TextEditingState(text: "ab")
        state.apply(state.markedTextEdit("ㅎ", selectedRange: 1 ..< 1))
        state.apply(state.markedTextEdit("하", selectedRange: 1 ..< 1))
        #expect(state.text == "ab하")
        state.apply(state.markedTextEdit("", selectedRange: 0 ..< 0))
        #expect(state.text == "ab")
        #expect(state.markedRange == nil)
        state.apply(state.markedTextEdit("x", selectedRange: 5 ..< 9))
        #expect(state.selectedRange == 3 ..< 3, "a selection past the marked text is clamped to it")
    }

    @Test func unmarkKeepsTheComposedText() {
        var state = TextEditingState()
        state.apply(state.markedTextEdit("かな", selectedRange: 2 ..< 2))
        state.unmarkText()
        #expect(state.text == "かな")
        #expect(state.markedRange == nil)
        state.apply(state.insertion("!"))
        #expect(state.text == "かな!")
    }

    @Test func editsReportUIKitRanges() {
        var state = TextEditingState(text: "🇫🇷x")
        state.moveCaret(to: 4)
        let edit = state.backwardDeletion()!
        #expect(edit.nsRange == NSRange(location: 0, length: 4))
        #expect(edit.replacement.isEmpty)
    }

    @Test func lineRangeStopsAtLineBreaks() {
        let state = TextEditingState(text: "first\nsecond line\nthird")
        #expect(state.lineRange(at: 8) == 6 ..< 17)
        #expect(state.lineRange(at: 0) == 0 ..< 5)
        #expect(state.lineRange(at: 23) == 18 ..< 23)
    }

    @Test func randomCommandsKeepTheInvariants() {
        var random = SeededRandom(seed: 0x7E47)
        let pieces = Self.clusters + [" ", "\n", ",", "é"]
        for _ in 0 ..< 200 {
            var state = TextEditingState(text: (0 ..< 6).map { _ in pieces.randomElement(using: &random)! }.joined())
            for _ in 0 ..< 40 {
                switch Int.random(in: 0 ..< 8, using: &random) {
                case 0: state.apply(state.insertion(pieces.randomElement(using: &random)!))
                case 1: if let e = state.backwardDeletion(byWord: Bool.random(using: &random)) { state.apply(e) }
                case 2: if let e = state.forwardDeletion() { state.apply(e) }
                case 3: state.move([.backward, .forward, .wordBackward, .wordForward].randomElement(using: &random)!,
                                   extending: Bool.random(using: &random))
                case 4: state.moveCaret(to: Int.random(in: -2 ... state.length + 2, using: &random))
                case 5: state.select(Int.random(in: 0 ... state.length, using: &random) ..< state.length)
                case 6: state.apply(state.markedTextEdit("ka", selectedRange: 2 ..< 2))
                default: state.unmarkText()
                }
                state.checkInvariants()
                #expect(state.boundary(atOrBefore: state.head) == state.head)
            }
        }
    }
}
