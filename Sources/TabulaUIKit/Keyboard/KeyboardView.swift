import Foundation

/// The software keyboard, drawn as iOS 17's light keyboard: white letter keys and grey
/// function keys with a soft shadow on a light grey ground, a suggestions bar above them
/// and, on a phone with a home indicator, the globe and microphone below. Tapping a key
/// types into the first responder (its ``UIKeyInput``): letters, space, Return (a line
/// break, which a text field turns into its return action), and delete. Shift capitalizes
/// the next letter (and comes on by itself at the start of empty text that
/// capitalizes), "123" switches to digits and punctuation. Number and phone pad types
/// show a pad of digits.
@MainActor
final class KeyboardView: UIView {
    enum Key: Equatable {
        case character(String), shift, delete, numbers, letters, space, returnKey
    }

    enum Page { case letters, numbers, pad }

    /// The text input the keys type into.
    weak var input: (any UIKeyInput)? {
        didSet {
            page = input.map { Self.usesPad($0.keyboardType) ? .pad : .letters } ?? .letters
            shift = input.map { $0.autocapitalizationType != .none && !$0.hasText } ?? false
            setNeedsDisplay()
        }
    }

    /// The input's text changed (typed on any keyboard): shift follows auto-capitalization
    /// again, on at the start of empty text and off after it.
    func inputTextDidChange() {
        let capitalize = input.map { $0.autocapitalizationType != .none && !$0.hasText } ?? false
        if shift != capitalize { shift = capitalize }
    }

    private var page = Page.letters { didSet { setNeedsDisplay() } }
    private var shift = false { didSet { setNeedsDisplay() } }
    private var pressed: Key? { didSet { if pressed != oldValue { setNeedsDisplay() } } }

    // The keyboard's colours, light and dark: iOS 17's grey keyboard with white letter
    // keys, and its near-black one with grey keys and white letters.
    static let background = dynamic(light: (209, 211, 217), dark: (43, 43, 45))
    static let letterKey = dynamic(light: (255, 255, 255), dark: (108, 108, 112))
    static let functionKey = dynamic(light: (171, 176, 186), dark: (70, 70, 74))
    static let keyShadow = dynamic(light: (137, 138, 141), dark: (16, 16, 17))
    static let stripInk = dynamic(light: (80, 82, 87), dark: (200, 200, 204))

    private static func dynamic(light: (Int, Int, Int), dark: (Int, Int, Int)) -> UIColor {
        func color(_ c: (Int, Int, Int)) -> UIColor {
            UIColor(red: CGFloat(c.0) / 255, green: CGFloat(c.1) / 255, blue: CGFloat(c.2) / 255, alpha: 1)
        }
        let (l, d) = (color(light), color(dark))
        return UIColor { traits in traits.userInterfaceStyle == .dark ? d : l }
    }

    /// `color` for this view's appearance.
    private func resolved(_ color: UIColor) -> CGColor { color.resolvedColor(with: traitCollection).cgColor }

    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = Self.background
        isOpaque = true
        contentMode = .redraw
        isMultipleTouchEnabled = false
    }

    required init?(coder: NSCoder) { return nil }

    private static func usesPad(_ type: UIKeyboardType) -> Bool {
        [.numberPad, .phonePad, .decimalPad, .asciiCapableNumberPad].contains(type)
    }

    // MARK: Layout

    /// The height of the suggestions bar over the keys.
    private var barHeight: CGFloat { bounds.width < bounds.height * 1.6 ? 44 : 0 }
    /// The strip under the keys with the globe and the microphone (phones with a home indicator).
    private var bottomStrip: CGFloat { bounds.height >= 330 ? 80 : 4 }

    /// Every key with its rectangle, for the current page.
    func keys() -> [(key: Key, rect: CGRect)] {
        let top = barHeight + 8
        let rowGap: CGFloat = 12
        let rowHeight = max(20, (bounds.height - top - bottomStrip - 3 * rowGap) / 4)
        func rowY(_ row: Int) -> CGFloat { top + CGFloat(row) * (rowHeight + rowGap) }
        if page == .pad { return padKeys(top: top, rowHeight: rowHeight) }

        let margin: CGFloat = 3, gap: CGFloat = 6
        let keyWidth = (bounds.width - 2 * margin - 9 * gap) / 10
        var result: [(Key, CGRect)] = []
        func row(_ characters: [String], _ row: Int, inset: CGFloat) {
            for (i, c) in characters.enumerated() {
                let x = margin + inset + CGFloat(i) * (keyWidth + gap)
                result.append((.character(c), CGRect(x: x, y: rowY(row), width: keyWidth, height: rowHeight)))
            }
        }
        let rows: [[String]] = page == .letters
            ? [Array("qwertyuiop"), Array("asdfghjkl"), Array("zxcvbnm")].map { $0.map { shift ? $0.uppercased() : String($0) } }
            : [Array("1234567890"), Array("-/:;()$&@\""), Array(".,?!'")].map { $0.map(String.init) }
        row(rows[0], 0, inset: 0)
        row(rows[1], 1, inset: rows[1].count == 9 ? (keyWidth + gap) / 2 : 0)
        let sideWidth = keyWidth * 1.28
        let third = CGFloat(rows[2].count) * keyWidth + CGFloat(rows[2].count - 1) * gap
        row(rows[2], 2, inset: (bounds.width - 2 * margin - third) / 2)
        if page == .letters {
            result.append((.shift, CGRect(x: margin, y: rowY(2), width: sideWidth, height: rowHeight)))
        }
        result.append((.delete, CGRect(x: bounds.width - margin - sideWidth, y: rowY(2), width: sideWidth, height: rowHeight)))
        let wide = keyWidth * 2.6
        result.append((page == .letters ? .numbers : .letters, CGRect(x: margin, y: rowY(3), width: wide, height: rowHeight)))
        result.append((.returnKey, CGRect(x: bounds.width - margin - wide, y: rowY(3), width: wide, height: rowHeight)))
        result.append((.space, CGRect(x: margin + wide + gap, y: rowY(3), width: bounds.width - 2 * (margin + wide + gap),
                                      height: rowHeight)))
        return result
    }

    private func padKeys(top: CGFloat, rowHeight: CGFloat) -> [(key: Key, rect: CGRect)] {
        let margin: CGFloat = 6, gap: CGFloat = 6
        let width = (bounds.width - 2 * margin - 2 * gap) / 3
        let labels: [Key] = (1 ... 9).map { .character(String($0)) }
            + [input?.keyboardType == .decimalPad ? .character(".") : .space, .character("0"), .delete]
        return labels.enumerated().compactMap { i, key in
            if key == .space { return nil }
            let x = margin + CGFloat(i % 3) * (width + gap), y = top + CGFloat(i / 3) * (rowHeight + 12)
            return (key, CGRect(x: x, y: y, width: width, height: rowHeight))
        }
    }

    private func key(at point: CGPoint) -> Key? {
        let all = keys()
        // A touch between keys goes to the nearest key on its row, as on iOS.
        if let hit = all.first(where: { $0.rect.insetBy(dx: -3, dy: -6).contains(point) }) { return hit.key }
        return nil
    }

    // MARK: Touches

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        pressed = touches.first.flatMap { key(at: $0.location(in: self)) }
    }

    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        pressed = touches.first.flatMap { key(at: $0.location(in: self)) }
    }

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        defer { pressed = nil }
        guard let key = pressed else { return }
        type(key)
    }

    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { pressed = nil }

    /// Types `key` into the input.
    func type(_ key: Key) {
        switch key {
        case .character(let c):
            input?.insertText(c)
            if shift { shift = false }
        case .space: input?.insertText(" ")
        case .returnKey: input?.insertText("\n")
        case .delete: input?.deleteBackward()
        case .shift: shift.toggle()
        case .numbers: page = .numbers
        case .letters: page = .letters
        }
    }

    // MARK: Drawing

    override func draw(_ rect: CGRect) {
        guard let ctx = UIGraphicsGetCurrentContext() else { return }
        if barHeight > 0 { drawSuggestionsBar(ctx) }
        for (key, rect) in keys() { drawKey(key, in: rect, ctx: ctx) }
        if bottomStrip > 40 { drawBottomStrip(ctx) }
    }

    private func drawSuggestionsBar(_ ctx: CGContext) {
        ctx.setFillColor(resolved(UIColor { $0.userInterfaceStyle == .dark ? UIColor(white: 1, alpha: 0.15) : UIColor(white: 0, alpha: 0.15) }))
        for i in 1 ... 2 {
            let x = bounds.width * CGFloat(i) / 3
            ctx.fill(CGRect(x: x - 0.5, y: 10, width: 1, height: barHeight - 20))
        }
    }

    private func isFunction(_ key: Key) -> Bool {
        switch key {
        case .character, .space: false
        case .returnKey: input?.returnKeyType ?? .default == .default
        default: true
        }
    }

    private func drawKey(_ key: Key, in rect: CGRect, ctx: CGContext) {
        let isPressed = pressed == key
        var fill = isFunction(key) ? Self.functionKey : Self.letterKey
        if key == .returnKey, (input?.returnKeyType ?? .default) != .default { fill = .systemBlue }
        if key == .shift, shift { fill = Self.letterKey }
        if isPressed { fill = isFunction(key) ? Self.letterKey : Self.functionKey }
        ctx.setFillColor(resolved(Self.keyShadow))
        ctx.fill(Path(roundedRect: rect.offsetBy(dx: 0, dy: 1), cornerRadius: 5))
        ctx.setFillColor(resolved(fill))
        ctx.fill(Path(roundedRect: rect, cornerRadius: 5))
        let ink: UIColor = key == .returnKey && (input?.returnKeyType ?? .default) != .default ? .white : .label
        switch key {
        case .character(let c):
            let size: CGFloat = page == .pad ? 25 : (c.first?.isLowercase == true ? 23 : 21)
            drawLabel(c, size: size, weight: .regular, in: rect.offsetBy(dx: 0, dy: c.first?.isLowercase == true ? -2 : 0), ctx: ctx, color: ink)
        case .space: drawLabel("space", size: 16, weight: .regular, in: rect, ctx: ctx, color: ink)
        case .returnKey: drawLabel((input?.returnKeyType ?? .default).title, size: 16, weight: .regular, in: rect, ctx: ctx, color: ink)
        case .numbers: drawLabel("123", size: 16, weight: .regular, in: rect, ctx: ctx, color: ink)
        case .letters: drawLabel("ABC", size: 16, weight: .regular, in: rect, ctx: ctx, color: ink)
        case .shift: drawShiftGlyph(in: rect, filled: shift, ctx: ctx)
        case .delete: drawDeleteGlyph(in: rect, ctx: ctx)
        }
    }

    private func drawLabel(_ text: String, size: CGFloat, weight: UIFont.Weight, in rect: CGRect, ctx: CGContext, color: UIColor) {
        let layout = TextLayout(text: text, font: .system(size: size, weight: weight))
        let s = layout.size
        ctx.draw(layout, at: CGPoint(x: rect.midX - s.width / 2, y: rect.midY - s.height / 2), color: resolved(color))
    }

    /// An upward arrow: a triangle head on a short stem, outlined (filled while shift is on).
    private func drawShiftGlyph(in rect: CGRect, filled: Bool, ctx: CGContext) {
        let c = CGPoint(x: rect.midX, y: rect.midY)
        var arrow = Path()
        arrow.move(to: CGPoint(x: c.x, y: c.y - 9))
        arrow.addLine(to: CGPoint(x: c.x + 9, y: c.y + 1))
        arrow.addLine(to: CGPoint(x: c.x + 4, y: c.y + 1))
        arrow.addLine(to: CGPoint(x: c.x + 4, y: c.y + 8))
        arrow.addLine(to: CGPoint(x: c.x - 4, y: c.y + 8))
        arrow.addLine(to: CGPoint(x: c.x - 4, y: c.y + 1))
        arrow.addLine(to: CGPoint(x: c.x - 9, y: c.y + 1))
        arrow.closeSubpath()
        ctx.setLineWidth(1.5)
        ctx.setLineJoin(.round)
        ctx.setFillColor(resolved(.label))
        ctx.setStrokeColor(resolved(.label))
        if filled { ctx.fill(arrow) } else { ctx.stroke(arrow) }
    }

    /// A key cap pointing left with a cross in it.
    private func drawDeleteGlyph(in rect: CGRect, ctx: CGContext) {
        let c = CGPoint(x: rect.midX + 1, y: rect.midY)
        var cap = Path()
        cap.move(to: CGPoint(x: c.x - 12, y: c.y))
        cap.addLine(to: CGPoint(x: c.x - 5, y: c.y - 7.5))
        cap.addLine(to: CGPoint(x: c.x + 11, y: c.y - 7.5))
        cap.addLine(to: CGPoint(x: c.x + 11, y: c.y + 7.5))
        cap.addLine(to: CGPoint(x: c.x - 5, y: c.y + 7.5))
        cap.closeSubpath()
        var cross = Path()
        cross.move(to: CGPoint(x: c.x - 1, y: c.y - 3.5))
        cross.addLine(to: CGPoint(x: c.x + 6, y: c.y + 3.5))
        cross.move(to: CGPoint(x: c.x + 6, y: c.y - 3.5))
        cross.addLine(to: CGPoint(x: c.x - 1, y: c.y + 3.5))
        ctx.setLineWidth(1.5)
        ctx.setLineJoin(.round)
        ctx.setLineCap(.round)
        ctx.setStrokeColor(resolved(.label))
        ctx.stroke(cap)
        ctx.stroke(cross)
    }

    /// The globe (a circle with a meridian and parallels) and the microphone under the keys.
    private func drawBottomStrip(_ ctx: CGContext) {
        let y = bounds.height - bottomStrip + 30
        let ink = resolved(Self.stripInk)
        ctx.setStrokeColor(ink)
        ctx.setLineWidth(1.5)
        let globe = CGRect(x: 27, y: y - 11, width: 22, height: 22)
        ctx.stroke(Path(ellipseIn: globe))
        ctx.stroke(Path(ellipseIn: globe.insetBy(dx: 6, dy: 0)))
        var lines = Path()
        lines.move(to: CGPoint(x: globe.minX, y: globe.midY))
        lines.addLine(to: CGPoint(x: globe.maxX, y: globe.midY))
        lines.move(to: CGPoint(x: globe.minX + 3, y: globe.minY + 6))
        lines.addLine(to: CGPoint(x: globe.maxX - 3, y: globe.minY + 6))
        lines.move(to: CGPoint(x: globe.minX + 3, y: globe.maxY - 6))
        lines.addLine(to: CGPoint(x: globe.maxX - 3, y: globe.maxY - 6))
        ctx.stroke(lines)
        let micX = bounds.width - 38
        ctx.setFillColor(ink)
        ctx.fill(Path(roundedRect: CGRect(x: micX - 4.5, y: y - 11, width: 9, height: 15), cornerRadius: 4.5))
        var stand = Path()
        stand.move(to: CGPoint(x: micX - 7.5, y: y - 2))
        stand.addCurve(to: CGPoint(x: micX + 7.5, y: y - 2), control1: CGPoint(x: micX - 7.5, y: y + 9),
                       control2: CGPoint(x: micX + 7.5, y: y + 9))
        stand.move(to: CGPoint(x: micX, y: y + 6))
        stand.addLine(to: CGPoint(x: micX, y: y + 11))
        ctx.stroke(stand)
    }
}
