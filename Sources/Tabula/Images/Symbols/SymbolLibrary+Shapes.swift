import Foundation

// Shapes: star, heart, bolt, moon, sun, flag, tag, link, lock, play and pause, and the
// other symbols that are one outline, each with a filled form.

extension SymbolLibrary {
    /// `outline` stroked as `name` and filled as `name.fill`, with `details` stroked on the
    /// outline form and cut out of the filled one.
    static func outlined(_ name: String, box: CGSize, _ outline: Path, details: [Path] = [], detailWidth: CGFloat = 1,
                         into glyphs: inout [String: SymbolGlyph]) {
        var stroked = SymbolGlyph(width: box.width, height: box.height)
        stroked.stroke(outline)
        for detail in details { stroked.stroke(detail, width: detailWidth) }
        glyphs[name] = stroked
        var filled = SymbolGlyph(width: box.width, height: box.height)
        filled.fill(outline)
        for detail in details { filled.stroke(detail, width: detailWidth, role: .knockout) }
        glyphs[name + ".fill"] = filled
    }

    static func shapes(into glyphs: inout [String: SymbolGlyph]) {
        var star: [CGPoint] = []
        for i in 0 ..< 10 {
            star.append(polar(pt(0, 5), i.isMultiple(of: 2) ? 50 : 24, -90 + CGFloat(i) * 36))
        }
        outlined("star", box: CGSize(width: 106, height: 100), polygon(star), into: &glyphs)

        var heart = Path()
        heart.move(to: pt(0, 40))
        heart.addCurve(to: pt(-46, -10), control1: pt(-22, 24), control2: pt(-46, 8))
        heart.addCurve(to: pt(-24, -40), control1: pt(-46, -28), control2: pt(-36, -40))
        heart.addCurve(to: pt(0, -25), control1: pt(-12, -40), control2: pt(-4, -32))
        heart.addCurve(to: pt(24, -40), control1: pt(4, -32), control2: pt(12, -40))
        heart.addCurve(to: pt(46, -10), control1: pt(36, -40), control2: pt(46, -28))
        heart.addCurve(to: pt(0, 40), control1: pt(46, 8), control2: pt(22, 24))
        heart.closeSubpath()
        outlined("heart", box: CGSize(width: 100, height: 88), heart, into: &glyphs)

        outlined("bolt", box: CGSize(width: 70, height: 100),
                 polygon(pt(10, -48), pt(-28, 6), pt(-2, 6), pt(-10, 48), pt(28, -6), pt(2, -6)), into: &glyphs)

        // A crescent: the part of a disc outside a smaller disc up and to the right.
        let big = (c: pt(0, 0), r: CGFloat(42)), small = (c: pt(20, -18), r: CGFloat(34))
        let d = hypot(small.c.x - big.c.x, small.c.y - big.c.y)
        let along = (big.r * big.r - small.r * small.r + d * d) / (2 * d)
        let toward = atan2(small.c.y - big.c.y, small.c.x - big.c.x) * 180 / .pi
        let spread = acos(along / big.r) * 180 / .pi
        let p1 = polar(big.c, big.r, toward + spread), p2 = polar(big.c, big.r, toward - spread)
        // The inner edge runs back from p2 to p1 along the small circle, through the
        // side that faces the big circle's centre.
        let a1 = atan2(p1.y - small.c.y, p1.x - small.c.x) * 180 / .pi
        var a2 = atan2(p2.y - small.c.y, p2.x - small.c.x) * 180 / .pi
        while a2 < a1 { a2 += 360 }
        var moon = Path()
        moon.addArc(center: big.c, radius: big.r, from: toward + spread, to: toward - spread + 360)
        moon.addArc(center: small.c, radius: small.r, from: a2, to: a1)
        moon.closeSubpath()
        outlined("moon", box: CGSize(width: 92, height: 92), moon, into: &glyphs)

        var rays: [Path] = []
        for i in 0 ..< 8 {
            let a = CGFloat(i) * 45 - 90
            rays.append(polyline(polar(.zero, 34, a), polar(.zero, 46, a)))
        }
        var sun = SymbolGlyph(width: 108, height: 108)
        sun.stroke(circle(.zero, 19))
        for ray in rays { sun.stroke(ray) }
        glyphs["sun.max"] = sun
        var sunFill = SymbolGlyph(width: 108, height: 108)
        sunFill.fill(circle(.zero, 21))
        for ray in rays { sunFill.stroke(ray) }
        glyphs["sun.max.fill"] = sunFill

        var banner = Path()
        banner.move(to: pt(-30, -40))
        banner.addCurve(to: pt(38, -38), control1: pt(-8, -52), control2: pt(16, -26))
        banner.addLine(to: pt(38, 10))
        banner.addCurve(to: pt(-30, 8), control1: pt(16, 22), control2: pt(-8, -4))
        banner.closeSubpath()
        var flag = SymbolGlyph(width: 84, height: 100)
        flag.stroke(banner)
        flag.stroke(polyline(pt(-32, -44), pt(-32, 48)))
        glyphs["flag"] = flag
        var flagFill = SymbolGlyph(width: 84, height: 100)
        flagFill.fill(banner)
        flagFill.stroke(polyline(pt(-32, -44), pt(-32, 48)))
        glyphs["flag.fill"] = flagFill

        // A luggage tag lying along the diagonal, its point and hole to the upper left.
        let diagonal = CGAffineTransform(rotationAngle: .pi / 4)
        let tag = polygon(pt(-54, 0), pt(-30, -24), pt(48, -24), pt(48, 24), pt(-30, 24)).transformed(by: diagonal)
        let hole = circle(pt(-28, 0), 7).transformed(by: diagonal)
        var tagOutline = SymbolGlyph(width: 100, height: 100)
        tagOutline.stroke(tag)
        tagOutline.stroke(hole, width: 0.8)
        glyphs["tag"] = tagOutline
        var tagFill = SymbolGlyph(width: 100, height: 100)
        tagFill.fill(tag)
        tagFill.fill(hole, role: .knockout)
        glyphs["tag.fill"] = tagFill

        // Two links of a chain, overlapping along the rising diagonal.
        let rising = CGAffineTransform(rotationAngle: -.pi / 4)
        var link = SymbolGlyph(width: 100, height: 100)
        for x: CGFloat in [-24, 24] {
            link.stroke(roundedRect(x - 30, -15, 60, 30, 15).transformed(by: rising))
        }
        glyphs["link"] = link

        let lockBody = roundedRect(-32, -6, 64, 52, 9)
        var shackle = polyline(pt(-20, -6), pt(-20, -20))
        shackle.addArc(center: pt(0, -20), radius: 20, from: 180, to: 360)
        shackle.addLine(to: pt(20, -6))
        var lock = SymbolGlyph(width: 72, height: 100)
        lock.stroke(lockBody)
        lock.stroke(shackle)
        glyphs["lock"] = lock
        var lockFill = SymbolGlyph(width: 72, height: 100)
        lockFill.fill(lockBody)
        lockFill.stroke(shackle)
        glyphs["lock.fill"] = lockFill

        outlined("play", box: CGSize(width: 80, height: 90), polygon(pt(-26, -40), pt(38, 0), pt(-26, 40)), into: &glyphs)

        var pause = SymbolGlyph(width: 66, height: 88)
        pause.fill(roundedRect(-28, -38, 18, 76, 4))
        pause.fill(roundedRect(10, -38, 18, 76, 4))
        glyphs["pause.fill"] = pause

        for (name, direction) in [("forward.fill", CGFloat(1)), ("backward.fill", -1)] {
            var skip = SymbolGlyph(width: 104, height: 68)
            for start: CGFloat in [-46, 0] {
                skip.fill(polygon(pt(direction * start, -28), pt(direction * (start + 46), 0), pt(direction * start, 28)))
            }
            glyphs[name] = skip
        }
    }
}
