import Foundation

/// What a view that edits text tells its ``TextEditingController``: where its text is
/// laid out, whether a change may be made, and what to do once it is. Geometry is in
/// the client's coordinates and offsets are offsets of the text (UTF-16).
@MainActor
protocol TextEditingClient: UIView {
    /// Whether Return inserts a line break (a text view) or ends editing (a text field).
    var allowsLineBreaks: Bool { get }
    /// Whether the text reads right to left (the left arrow then moves on through it).
    var textIsRightToLeft: Bool { get }
    /// The caret for `offset`: a zero-width rectangle as tall as its line.
    func caretRect(forTextOffset offset: Int) -> CGRect
    /// The offset of the caret position nearest `point`.
    func textOffset(at point: CGPoint) -> Int
    /// The rectangles the text in `range` covers.
    func selectionRects(forTextRange range: Range<Int>) -> [CGRect]
    /// The offset `lines` lines below (above, when negative) `offset`, nearest the same x.
    func textOffset(verticallyFrom offset: Int, lines: Int) -> Int
    /// Asks the delegate whether `range` may be replaced with `replacement`.
    func shouldReplaceCharacters(in range: NSRange, with replacement: String) -> Bool
    /// The edit about to be applied (after the delegate agreed).
    func textWillChange(_ edit: TextEdit)
    /// The text changed: redraw, send `.editingChanged`, tell the delegate, post.
    func textDidChange()
    /// The selection changed (without a change of text).
    func selectionDidChange()
    /// Return was typed in a view that does not take line breaks.
    func returnKeyPressed()
    /// Whether the text may be copied (false for secure text, as in UIKit).
    var allowsCopying: Bool { get }
}

extension TextEditingClient {
    func textWillChange(_ edit: TextEdit) {}
}

/// The editing shared by ``UITextField`` and ``UITextView``: the text and its selection
/// (a ``TextEditingState``), keys, typed and composed text, the clipboard, and the caret,
/// which blinks — solid for half a second after each change, then on and off once a second.
///
/// Every change of text goes through ``perform(_:)``, which asks the client (its
/// delegate) first: a change the delegate refuses leaves the text, the selection and the
/// composition exactly as they were.
@MainActor
final class TextEditingController {
    unowned let client: any TextEditingClient
    var state = TextEditingState()
    /// The caret, a 2-point bar in the tint colour, shown while editing with nothing selected.
    let caret = UIView(frame: .zero)

    init(client: any TextEditingClient) {
        self.client = client
        caret.isUserInteractionEnabled = false
        caret.layer.cornerRadius = 1
        caret.isHidden = true
    }

    static let caretWidth: CGFloat = 2

    /// Whether the caret and selection are shown (the view is being edited).
    var isActive = false {
        didSet { updateCaret(restartBlinking: true) }
    }

    // MARK: Changes

    /// Makes `edit` if the client agrees; returns whether it was made.
    ///
    /// The edit is first made valid for the text as it is now (``TextEditingState/normalized(_:)``):
    /// its range clamped to the text and widened to grapheme-cluster boundaries, so the
    /// delegate is only ever asked about a range inside the text. A range that lay outside
    /// it (one kept from before the text changed) is reported, naming `call`.
    @discardableResult
    func perform(_ edit: TextEdit, call: String? = nil) -> Bool {
        let edit = normalizedReporting(edit, call: call)
        guard client.shouldReplaceCharacters(in: edit.nsRange, with: edit.replacement) else { return false }
        client.textWillChange(edit)
        state.apply(edit)
        state.checkInvariants()
        client.textDidChange()
        updateCaret(restartBlinking: true)
        if let keyboard = client.window?.softwareKeyboard, keyboard.isVisible { keyboard.view.inputTextDidChange() }
        return true
    }

    private func normalizedReporting(_ edit: TextEdit, call: String?) -> TextEdit {
        let (normalized, repair) = state.normalized(edit)
        if repair == .clamped {
            reportRange(edit.range, in: call ?? "replace(_:withText:)", used: normalized.range)
        }
        return normalized
    }

    /// Reports that `range` lay outside the text and `used` was taken instead.
    func reportRange(_ range: Range<Int>, in call: String, used: Range<Int>) {
        client.reportProblem("\(type(of: client)).\(call): the range \(range.lowerBound)..<\(range.upperBound) lies outside "
                             + "the text (\(state.length) UTF-16 units; a range kept from before the text changed?); "
                             + "\(used.lowerBound)..<\(used.upperBound) is used")
    }

    /// Typed or pasted text. In a view without line breaks, Return ends editing instead
    /// and line breaks in pasted text become spaces.
    func insertText(_ text: String) {
        if !client.allowsLineBreaks {
            if text == "\n" || text == "\r" { return client.returnKeyPressed() }
            let flattened = String(text.map { $0.isNewline ? " " : $0 })
            perform(state.insertion(flattened))
        } else {
            perform(state.insertion(text))
        }
    }

    func deleteBackward(byWord: Bool = false) {
        if let edit = state.backwardDeletion(byWord: byWord) { perform(edit) }
    }

    /// An input method's composition. `selectedRange` is within `text`; `NSNotFound`
    /// puts the caret at the composition's start, and a range outside `text` is clamped
    /// to it and reported.
    func setMarkedText(_ text: String?, selectedRange: NSRange) {
        let text = text ?? ""
        let count = text.utf16.count
        var range = 0 ..< 0
        if selectedRange.location != NSNotFound {
            let (clamped, repair) = TextEditingState.offsets(location: selectedRange.location, length: selectedRange.length,
                                                             limit: count)
            if repair == .clamped {
                client.reportProblem("\(type(of: client)).setMarkedText(_:selectedRange:): the selected range "
                                     + "{\(selectedRange.location), \(selectedRange.length)} lies outside the marked text "
                                     + "(\(count) UTF-16 units); \(clamped.lowerBound)..<\(clamped.upperBound) is used")
            }
            range = clamped
        }
        perform(state.markedTextEdit(text, selectedRange: range), call: "setMarkedText(_:selectedRange:)")
    }

    func unmarkText() {
        guard state.markedRange != nil else { return }
        state.unmarkText()
        client.setNeedsDisplay()
    }

    /// Changes the selection (no text changes), telling the client.
    func changeSelection(_ change: (inout TextEditingState) -> Void) {
        let before = state
        change(&state)
        guard state != before else { return }
        client.selectionDidChange()
        client.setNeedsDisplay()
        updateCaret(restartBlinking: true)
    }

    // MARK: Keys

    /// Carries out an editing key; returns false for keys that do not edit, which go on
    /// up the responder chain.
    func handleKey(_ key: UIKey) -> Bool {
        let flags = key.modifierFlags
        let extending = flags.contains(.shift)
        let shortcut = flags.contains(.command) || flags.contains(.control)
        switch key.keyCode {
        case .keyboardDeleteOrBackspace:
            if shortcut, state.selectedRange.isEmpty {
                // Command-Delete: back to the start of the line.
                let start = client.allowsLineBreaks ? state.lineRange(at: state.head).lowerBound : 0
                if start < state.head { perform(state.deletion(of: start ..< state.head)) }
            } else {
                deleteBackward(byWord: flags.contains(.alternate))
            }
        case .keyboardDeleteForward:
            if let edit = state.forwardDeletion(byWord: flags.contains(.alternate)) { perform(edit) }
        case .keyboardLeftArrow, .keyboardRightArrow:
            // In a right-to-left paragraph the left arrow moves on through the text.
            let forward = (key.keyCode == .keyboardRightArrow) != client.textIsRightToLeft
            let movement: TextMovement = if shortcut { forward ? .documentEnd : .documentStart }
                else if flags.contains(.alternate) { forward ? .wordForward : .wordBackward }
                else { forward ? .forward : .backward }
            if shortcut && client.allowsLineBreaks {
                let line = state.lineRange(at: state.head)
                changeSelection { $0.moveCaret(to: forward ? line.upperBound : line.lowerBound, extending: extending) }
            } else {
                changeSelection { $0.move(movement, extending: extending) }
            }
        case .keyboardUpArrow, .keyboardDownArrow:
            let down = key.keyCode == .keyboardDownArrow
            if client.allowsLineBreaks && !shortcut {
                let target = verticalOffset(lines: down ? 1 : -1)
                changeSelection { $0.moveCaret(to: target, extending: extending) }
            } else {
                changeSelection { $0.move(down ? .documentEnd : .documentStart, extending: extending) }
            }
        case .keyboardHome, .keyboardEnd:
            let end = key.keyCode == .keyboardEnd
            if client.allowsLineBreaks && !shortcut {
                let line = state.lineRange(at: state.head)
                changeSelection { $0.moveCaret(to: end ? line.upperBound : line.lowerBound, extending: extending) }
            } else {
                changeSelection { $0.move(end ? .documentEnd : .documentStart, extending: extending) }
            }
        case .keyboardReturnOrEnter:
            unmarkText()
            insertText("\n")
        case .keyboardTab where client.allowsLineBreaks && !shortcut && flags.isDisjoint(with: [.shift, .alternate]):
            // A text view takes a tab character; in a text field Tab moves to the next field.
            unmarkText()
            insertText("\t")
        case .keyboardA where shortcut:
            changeSelection { $0.selectAll() }
        case .keyboardC where shortcut:
            copy()
        case .keyboardX where shortcut:
            cut()
        case .keyboardV where shortcut:
            paste()
        default:
            guard !shortcut, !key.characters.isEmpty, key.keyCode != .keyboardEscape, key.keyCode != .keyboardTab
            else { return false }
            insertText(key.characters)
        }
        return true
    }

    /// The text offset a line above or below the caret, at the caret's horizontal position.
    private func verticalOffset(lines: Int) -> Int {
        client.textOffset(verticallyFrom: state.head, lines: lines)
    }

    // MARK: Clipboard

    func copy() {
        let selection = state.selectedRange
        guard !selection.isEmpty, client.allowsCopying else { return }
        UIPasteboard.general.string = state.substring(selection)
    }

    func cut() {
        let selection = state.selectedRange
        guard !selection.isEmpty, client.allowsCopying else { return }
        let text = state.substring(selection)
        if perform(state.deletion(of: selection)) { UIPasteboard.general.string = text }
    }

    func paste() {
        guard let text = UIPasteboard.general.string, !text.isEmpty else { return }
        insertText(text)
    }

    // MARK: Touches

    /// The text offset nearest `point` (the client's coordinates).
    func offset(at point: CGPoint) -> Int { client.textOffset(at: point) }

    /// A finger came down at `point` while editing: one tap places the caret, two select
    /// the word, three the line (all of a text field).
    func touchBegan(at point: CGPoint, tapCount: Int) {
        unmarkText()
        let offset = offset(at: point)
        switch tapCount {
        case 1: changeSelection { $0.moveCaret(to: offset) }
        case 2: changeSelection { $0.select($0.wordRange(at: offset)) }
        default:
            changeSelection { state in
                state.select(self.client.allowsLineBreaks ? state.lineRange(at: offset) : 0 ..< state.length)
            }
        }
    }

    /// The finger moved while pressed: the selection runs from where it came down.
    func touchMoved(to point: CGPoint) {
        let offset = offset(at: point)
        changeSelection { $0.moveCaret(to: offset, extending: true) }
    }

    // MARK: Geometry and drawing

    /// The caret's rectangle in the client's coordinates.
    func caretRect(forOffset offset: Int) -> CGRect {
        var rect = client.caretRect(forTextOffset: offset)
        rect.origin.x -= Self.caretWidth / 2
        rect.size.width = Self.caretWidth
        return rect
    }

    /// The selection's rectangles in the client's coordinates.
    func selectionRects(for range: Range<Int>) -> [CGRect] { client.selectionRects(forTextRange: range) }

    /// Draws the selection's highlight (the tint colour at 20 %) and the composition's
    /// underline, under the text.
    func drawSelection(in ctx: CGContext, tint: UIColor) {
        guard isActive else { return }
        let selection = state.selectedRange
        if !selection.isEmpty {
            ctx.setFillColor(tint.cgColor.withAlpha(0.2))
            for rect in selectionRects(for: selection) { ctx.fill(rect) }
        }
        if let marked = state.markedRange {
            ctx.setFillColor(tint.cgColor.withAlpha(0.12))
            for rect in selectionRects(for: marked) {
                ctx.fill(rect)
                ctx.fill(CGRect(x: rect.minX, y: rect.maxY - 1, width: rect.width, height: 1))
            }
        }
    }

    /// Places the caret view, shows it only for an empty selection while editing, and
    /// restarts its blinking so that it stays solid while the user types.
    func updateCaret(restartBlinking: Bool) {
        let visible = isActive && state.selectedRange.isEmpty
        caret.isHidden = !visible
        guard visible else {
            caret.layer.removeAnimation(forKey: "blink")
            return
        }
        if caret.superview !== client { client.addSubview(caret) }
        caret.backgroundColor = client.tintColor
        UIView.performWithoutAnimation { caret.frame = caretRect(forOffset: state.head) }
        guard restartBlinking else { return }
        let blink = CAKeyframeAnimation(keyPath: "opacity")
        blink.values = [1, 1, 0, 0, 1] as [Float]
        blink.keyTimes = [0, 0.5, 0.6, 0.9, 1]
        blink.duration = 1
        blink.repeatCount = .infinity
        caret.layer.add(blink, forKey: "blink")
    }
}
