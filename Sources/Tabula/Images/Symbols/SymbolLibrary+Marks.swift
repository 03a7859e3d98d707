import Foundation

// Marks: plus, minus, xmark, checkmark, the circled forms, the chevrons and arrows.

extension SymbolLibrary {
    /// The radius of the ring of a circled symbol, and of its disc when filled.
    static let ringRadius: CGFloat = 46
    static let discRadius: CGFloat = 48

    /// `inner` inside a ring (`name`), and knocked out of a disc (`name.fill`).
    static func circled(_ name: String, _ inner: [Path], width: CGFloat = 1, filledInner: [Path] = [],
                        into glyphs: inout [String: SymbolGlyph]) {
        var outline = SymbolGlyph(width: 100, height: 100)
        outline.stroke(circle(.zero, ringRadius))
        for path in inner { outline.stroke(path, width: width) }
        for path in filledInner { outline.fill(path) }
        glyphs[name] = outline
        var filled = SymbolGlyph(width: 100, height: 100)
        filled.fill(circle(.zero, discRadius), role: .secondary)
        for path in inner { filled.stroke(path, width: width, role: .knockout) }
        for path in filledInner { filled.fill(path, role: .knockout) }
        glyphs[name + ".fill"] = filled
    }

    static func marks(into glyphs: inout [String: SymbolGlyph]) {
        var plus = SymbolGlyph(width: 84, height: 84)
        plus.stroke(polyline(pt(-40, 0), pt(40, 0)))
        plus.stroke(polyline(pt(0, -40), pt(0, 40)))
        glyphs["plus"] = plus

        var minus = SymbolGlyph(width: 84, height: 20)
        minus.stroke(polyline(pt(-40, 0), pt(40, 0)))
        glyphs["minus"] = minus

        var xmark = SymbolGlyph(width: 74, height: 74)
        xmark.stroke(polyline(pt(-32, -32), pt(32, 32)))
        xmark.stroke(polyline(pt(32, -32), pt(-32, 32)))
        glyphs["xmark"] = xmark

        var checkmark = SymbolGlyph(width: 88, height: 80)
        checkmark.stroke(polyline(pt(-38, 4), pt(-12, 32), pt(38, -34)))
        glyphs["checkmark"] = checkmark

        var ring = SymbolGlyph(width: 100, height: 100)
        ring.stroke(circle(.zero, ringRadius))
        glyphs["circle"] = ring
        var disc = SymbolGlyph(width: 100, height: 100)
        disc.fill(circle(.zero, discRadius))
        glyphs["circle.fill"] = disc

        circled("plus.circle", [polyline(pt(-22, 0), pt(22, 0)), polyline(pt(0, -22), pt(0, 22))], into: &glyphs)
        circled("minus.circle", [polyline(pt(-22, 0), pt(22, 0))], into: &glyphs)
        circled("xmark.circle", [polyline(pt(-16, -16), pt(16, 16)), polyline(pt(16, -16), pt(-16, 16))], into: &glyphs)
        circled("checkmark.circle", [polyline(pt(-20, 2), pt(-6, 18), pt(21, -16))], into: &glyphs)
        circled("info.circle", [polyline(pt(-8, -6), pt(1, -6), pt(1, 24)), polyline(pt(-10, 24), pt(12, 24))],
                width: 0.95, filledInner: [circle(pt(0, -23), 5.5)], into: &glyphs)
        var question = Path()
        question.move(to: pt(-14, -11))
        question.addCurve(to: pt(0, -25), control1: pt(-14, -20), control2: pt(-8, -25))
        question.addCurve(to: pt(14, -12), control1: pt(8, -25), control2: pt(14, -20))
        question.addCurve(to: pt(2, 3), control1: pt(14, -3), control2: pt(4, -2))
        question.addLine(to: pt(1, 9))
        circled("questionmark.circle", [question], filledInner: [circle(pt(1, 24), 5.5)], into: &glyphs)
        circled("ellipsis.circle", [], filledInner: [-22, 0, 22].map { circle(pt($0, 0), 5) }, into: &glyphs)
        circled("clock", [polyline(pt(0, -30), pt(0, 0), pt(20, 12))], into: &glyphs)

        var ellipsis = SymbolGlyph(width: 90, height: 24)
        for x: CGFloat in [-32, 0, 32] { ellipsis.fill(circle(pt(x, 0), 7)) }
        glyphs["ellipsis"] = ellipsis

        var triangle = Path()
        triangle.move(to: pt(-6, -41))
        triangle.addCurve(to: pt(6, -41), control1: pt(-3, -46), control2: pt(3, -46))
        triangle.addLine(to: pt(49, 33))
        triangle.addCurve(to: pt(43, 43), control1: pt(52, 38), control2: pt(49, 43))
        triangle.addLine(to: pt(-43, 43))
        triangle.addCurve(to: pt(-49, 33), control1: pt(-49, 43), control2: pt(-52, 38))
        triangle.closeSubpath()
        var warning = SymbolGlyph(width: 108, height: 96)
        warning.stroke(triangle)
        warning.stroke(polyline(pt(0, -14), pt(0, 14)))
        warning.fill(circle(pt(0, 28), 5))
        glyphs["exclamationmark.triangle"] = warning
        var warningFill = SymbolGlyph(width: 108, height: 96)
        warningFill.fill(triangle)
        warningFill.stroke(polyline(pt(0, -14), pt(0, 14)), role: .knockout)
        warningFill.fill(circle(pt(0, 28), 5), role: .knockout)
        glyphs["exclamationmark.triangle.fill"] = warningFill
    }

    static func chevronsAndArrows(into glyphs: inout [String: SymbolGlyph]) {
        let chevron = polyline(pt(-13, -34), pt(15, 0), pt(-13, 34))
        var right = SymbolGlyph(width: 44, height: 80)
        right.stroke(chevron, width: 1.15)
        glyphs["chevron.right"] = right
        var left = SymbolGlyph(width: 44, height: 80)
        left.stroke(chevron.mirroredHorizontally, width: 1.15)
        glyphs["chevron.left"] = left
        var down = SymbolGlyph(width: 80, height: 44)
        down.stroke(chevron.turnedClockwise, width: 1.15)
        glyphs["chevron.down"] = down
        var up = SymbolGlyph(width: 80, height: 44)
        up.stroke(chevron.turnedClockwise.mirroredVertically, width: 1.15)
        glyphs["chevron.up"] = up
        // The layout-direction forms, for left-to-right text.
        glyphs["chevron.forward"] = right
        glyphs["chevron.backward"] = left

        // An arrow pointing up; the others are turned copies.
        let shaft = polyline(pt(0, 44), pt(0, -42))
        let head = polyline(pt(-32, -10), pt(0, -42), pt(32, -10))
        let turns: [(String, (Path) -> Path)] = [
            ("arrow.up", { $0 }),
            ("arrow.right", { $0.turnedClockwise }),
            ("arrow.down", { $0.mirroredVertically }),
            ("arrow.left", { $0.turnedClockwise.mirroredHorizontally }),
        ]
        for (name, turn) in turns {
            let upright = name == "arrow.up" || name == "arrow.down"
            var arrow = SymbolGlyph(width: upright ? 76 : 96, height: upright ? 96 : 76)
            arrow.stroke(turn(shaft))
            arrow.stroke(turn(head))
            glyphs[name] = arrow
        }

        // ↻: round from the upper right, the head at the top pointing into the gap.
        let centre = pt(0, 4)
        var clockwise = SymbolGlyph(width: 96, height: 100)
        clockwise.stroke(arc(centre, 40, from: -40, to: 270))
        clockwise.stroke(polyline(pt(-12, -52), pt(4, -36), pt(-12, -20)))
        glyphs["arrow.clockwise"] = clockwise
        var anticlockwise = SymbolGlyph(width: 96, height: 100)
        for element in clockwise.elements {
            if case .stroke(let path, let width) = element.paint { anticlockwise.stroke(path.mirroredHorizontally, width: width) }
        }
        glyphs["arrow.counterclockwise"] = anticlockwise

        var reply = SymbolGlyph(width: 100, height: 92)
        reply.stroke(polyline(pt(-20, -42), pt(-46, -15), pt(-20, 12)))
        var replyShaft = polyline(pt(-46, -15), pt(4, -15))
        replyShaft.addCurve(to: pt(46, 40), control1: pt(30, -15), control2: pt(46, 10))
        reply.stroke(replyShaft)
        glyphs["arrowshape.turn.up.left"] = reply
    }
}
