/// How far an arrow key moves the caret in the text's logical order.
public enum TextMovement: Sendable, Equatable {
    /// One grapheme cluster back.
    case backward
    /// One grapheme cluster on.
    case forward
    /// To the start of the word before the caret (Option-Left).
    case wordBackward
    /// To the end of the word after the caret (Option-Right).
    case wordForward
    /// To the start of the text (Home, Command-Up).
    case documentStart
    /// To the end of the text (End, Command-Down).
    case documentEnd
}

extension TextEditingState {
    /// Moves the caret by `movement`, or when `extending` (Shift held) moves only the
    /// selection's head. Without `extending`, a one-step move from a selection collapses it
    /// to the end it moves towards, as on every Apple platform.
    public mutating func move(_ movement: TextMovement, extending: Bool = false) {
        let selection = selectedRange
        if !extending, !selection.isEmpty {
            switch movement {
            case .backward: return moveCaret(to: selection.lowerBound)
            case .forward: return moveCaret(to: selection.upperBound)
            default: break
            }
        }
        let target = switch movement {
        case .backward: boundary(before: head)
        case .forward: boundary(after: head)
        case .wordBackward: wordBoundary(before: head)
        case .wordForward: wordBoundary(after: head)
        case .documentStart: 0
        case .documentEnd: length
        }
        moveCaret(to: target, extending: extending)
    }

    /// Whether a character belongs to a word: letters, digits, marks and the connector `_`.
    static func isWordCharacter(_ c: Character) -> Bool {
        c.isLetter || c.isNumber || c == "_" || c.unicodeScalars.first.map { $0.properties.generalCategory == .nonspacingMark } == true
    }

    /// The start of the word before `offset`: back over what is not a word, then over the word.
    public func wordBoundary(before offset: Int) -> Int {
        var i = index(boundary(atOrBefore: offset))
        while i > text.startIndex, !Self.isWordCharacter(text[text.index(before: i)]) { i = text.index(before: i) }
        while i > text.startIndex, Self.isWordCharacter(text[text.index(before: i)]) { i = text.index(before: i) }
        return self.offset(i)
    }

    /// The end of the word after `offset`: on over what is not a word, then over the word.
    public func wordBoundary(after offset: Int) -> Int {
        var i = index(boundary(atOrBefore: offset))
        while i < text.endIndex, !Self.isWordCharacter(text[i]) { i = text.index(after: i) }
        while i < text.endIndex, Self.isWordCharacter(text[i]) { i = text.index(after: i) }
        return self.offset(i)
    }

    /// The word at `offset`, as a double tap selects it: the run of word characters around
    /// it, or else the run of spaces or the single punctuation mark there.
    public func wordRange(at offset: Int) -> Range<Int> {
        guard length > 0 else { return 0 ..< 0 }
        var at = index(boundary(atOrBefore: offset))
        if at == text.endIndex { at = text.index(before: at) }
        // At the end of a word (the caret after its last letter) a double tap takes that word.
        if !Self.isWordCharacter(text[at]), at > text.startIndex, Self.isWordCharacter(text[text.index(before: at)]) {
            at = text.index(before: at)
        }
        let kind: (Character) -> Bool
        if Self.isWordCharacter(text[at]) {
            kind = Self.isWordCharacter
        } else if text[at].isWhitespace {
            kind = { $0.isWhitespace }
        } else {
            return self.offset(at) ..< self.offset(text.index(after: at))
        }
        var lower = at, upper = text.index(after: at)
        while lower > text.startIndex, kind(text[text.index(before: lower)]) { lower = text.index(before: lower) }
        while upper < text.endIndex, kind(text[upper]) { upper = text.index(after: upper) }
        return self.offset(lower) ..< self.offset(upper)
    }

    /// The line (paragraph) around `offset`: from after the previous line break to before
    /// the next one. A triple tap selects it; Home and End in a text view go to its ends.
    public func lineRange(at offset: Int) -> Range<Int> {
        let at = index(clamp(offset))
        var lower = at, upper = at
        while lower > text.startIndex, !text[text.index(before: lower)].isNewline { lower = text.index(before: lower) }
        while upper < text.endIndex, !text[upper].isNewline { upper = text.index(after: upper) }
        return self.offset(lower) ..< self.offset(upper)
    }
}
