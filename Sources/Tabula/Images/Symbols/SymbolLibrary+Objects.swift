import Foundation

// Objects: the things of an app's rows and bars (trash, gear, person, folder, envelope …).

extension SymbolLibrary {
    static func objects(into glyphs: inout [String: SymbolGlyph]) {
        let can = polygon(pt(-31, -28), pt(31, -28), pt(27, 36), pt(22, 42), pt(-22, 42), pt(-27, 36))
        let lid = polyline(pt(-42, -30), pt(42, -30))
        let handle = polyline(pt(-14, -30), pt(-14, -42), pt(14, -42), pt(14, -30))
        let staves = [polyline(pt(-12, -14), pt(-11, 28)), polyline(pt(0, -14), pt(0, 28)), polyline(pt(12, -14), pt(11, 28))]
        var trash = SymbolGlyph(width: 90, height: 96)
        trash.stroke(polyline(pt(-31, -28), pt(-27, 36), pt(-22, 42), pt(22, 42), pt(27, 36), pt(31, -28)))
        trash.stroke(lid)
        trash.stroke(handle)
        for stave in staves { trash.stroke(stave, width: 0.8) }
        glyphs["trash"] = trash
        var trashFill = SymbolGlyph(width: 90, height: 96)
        trashFill.fill(can)
        trashFill.stroke(lid)
        trashFill.stroke(handle)
        for stave in staves { trashFill.stroke(stave, width: 0.8, role: .knockout) }
        glyphs["trash.fill"] = trashFill

        // A cog of eight teeth round a hole.
        var cog: [CGPoint] = []
        for tooth in 0 ..< 8 {
            let a = CGFloat(tooth) * 45
            cog += [polar(.zero, 36, a - 16), polar(.zero, 47, a - 9), polar(.zero, 47, a + 9), polar(.zero, 36, a + 16)]
        }
        var gear = SymbolGlyph(width: 100, height: 100)
        gear.stroke(polygon(cog))
        gear.stroke(circle(.zero, 14))
        glyphs["gear"] = gear
        glyphs["gearshape"] = gear
        var gearFill = SymbolGlyph(width: 100, height: 100)
        gearFill.fill(polygon(cog))
        gearFill.fill(circle(.zero, 14), role: .knockout)
        glyphs["gearshape.fill"] = gearFill

        var magnifier = SymbolGlyph(width: 96, height: 96)
        magnifier.stroke(circle(pt(-8, -8), 30))
        magnifier.stroke(polyline(pt(14, 14), pt(40, 40)), width: 1.3)
        glyphs["magnifyingglass"] = magnifier

        var shoulders = Path()
        shoulders.move(to: pt(-38, 44))
        shoulders.addCurve(to: pt(0, 10), control1: pt(-38, 22), control2: pt(-20, 10))
        shoulders.addCurve(to: pt(38, 44), control1: pt(20, 10), control2: pt(38, 22))
        shoulders.closeSubpath()
        var person = SymbolGlyph(width: 86, height: 100)
        person.stroke(circle(pt(0, -24), 18))
        person.stroke(shoulders)
        glyphs["person"] = person
        var personFill = SymbolGlyph(width: 86, height: 100)
        personFill.fill(circle(pt(0, -24), 20))
        personFill.fill(shoulders)
        glyphs["person.fill"] = personFill
        var bust = Path()
        bust.move(to: pt(-31, 32))
        bust.addCurve(to: pt(0, 12), control1: pt(-25, 19), control2: pt(-13, 12))
        bust.addCurve(to: pt(31, 32), control1: pt(13, 12), control2: pt(25, 19))
        circled("person.circle", [circle(pt(0, -12), 14), bust], into: &glyphs)

        let tray = polyline(pt(-14, -12), pt(-34, -12), pt(-34, 46), pt(34, 46), pt(34, -12), pt(14, -12))
        var share = SymbolGlyph(width: 80, height: 106)
        share.stroke(tray)
        share.stroke(polyline(pt(0, 22), pt(0, -48)))
        share.stroke(polyline(pt(-16, -32), pt(0, -48), pt(16, -32)))
        glyphs["square.and.arrow.up"] = share
        var save = SymbolGlyph(width: 80, height: 106)
        save.stroke(tray)
        save.stroke(polyline(pt(0, -48), pt(0, 20)))
        save.stroke(polyline(pt(-16, 4), pt(0, 20), pt(16, 4)))
        glyphs["square.and.arrow.down"] = save

        // A pencil along the rising diagonal: `tip` is its point, `length` its length.
        func pencil(tip: CGPoint, length: CGFloat, halfWidth: CGFloat) -> [Path] {
            let d = pt(1 / 2.squareRoot(), -1 / 2.squareRoot()), n = pt(1 / 2.squareRoot(), 1 / 2.squareRoot())
            func at(_ along: CGFloat, _ across: CGFloat) -> CGPoint {
                pt(tip.x + d.x * along + n.x * across, tip.y + d.y * along + n.y * across)
            }
            let cone = halfWidth * 1.8
            return [polygon(tip, at(cone, halfWidth), at(length, halfWidth), at(length, -halfWidth), at(cone, -halfWidth)),
                    polyline(at(length - halfWidth * 1.6, halfWidth), at(length - halfWidth * 1.6, -halfWidth))]
        }
        var compose = SymbolGlyph(width: 100, height: 96)
        compose.stroke(polyline(pt(6, -40), pt(-40, -40), pt(-40, 44), pt(44, 44), pt(44, -2)))
        for part in pencil(tip: pt(-10, 20), length: 64, halfWidth: 7) { compose.stroke(part, width: 0.85) }
        glyphs["square.and.pencil"] = compose
        var pencilGlyph = SymbolGlyph(width: 96, height: 96)
        for part in pencil(tip: pt(-42, 42), length: 116, halfWidth: 10) { pencilGlyph.stroke(part) }
        glyphs["pencil"] = pencilGlyph

        let folder = polygon(pt(-46, -32), pt(-12, -32), pt(-4, -22), pt(46, -22), pt(46, 38), pt(-46, 38))
        outlined("folder", box: CGSize(width: 100, height: 80), folder, details: [polyline(pt(-46, -10), pt(46, -10))],
                 into: &glyphs)

        let page = polygon(pt(-32, -46), pt(10, -46), pt(34, -22), pt(34, 46), pt(-32, 46))
        let fold = polyline(pt(10, -46), pt(10, -22), pt(34, -22))
        outlined("doc", box: CGSize(width: 76, height: 100), page, details: [fold], into: &glyphs)
        var text = SymbolGlyph(width: 76, height: 100)
        text.stroke(page)
        text.stroke(fold)
        for y: CGFloat in [-2, 14, 30] { text.stroke(polyline(pt(-16, y), pt(18, y)), width: 0.8) }
        glyphs["doc.text"] = text

        var book = SymbolGlyph(width: 104, height: 86)
        var leftPage = Path()
        leftPage.move(to: pt(0, -30))
        leftPage.addCurve(to: pt(-48, -37), control1: pt(-16, -43), control2: pt(-32, -43))
        leftPage.addLine(to: pt(-48, 34))
        leftPage.addCurve(to: pt(0, 42), control1: pt(-32, 29), control2: pt(-16, 29))
        book.stroke(polyline(pt(0, -30), pt(0, 42)))
        book.stroke(leftPage)
        book.stroke(leftPage.mirroredHorizontally)
        glyphs["book"] = book

        outlined("bookmark", box: CGSize(width: 64, height: 100),
                 polygon(pt(-27, -44), pt(27, -44), pt(27, 44), pt(0, 24), pt(-27, 44)), into: &glyphs)

        var bell = Path()
        bell.move(to: pt(-40, 28))
        bell.addCurve(to: pt(-30, 6), control1: pt(-34, 22), control2: pt(-30, 16))
        bell.addLine(to: pt(-30, -10))
        bell.addCurve(to: pt(0, -40), control1: pt(-30, -30), control2: pt(-16, -40))
        bell.addCurve(to: pt(30, -10), control1: pt(16, -40), control2: pt(30, -30))
        bell.addLine(to: pt(30, 6))
        bell.addCurve(to: pt(40, 28), control1: pt(30, 16), control2: pt(34, 22))
        bell.closeSubpath()
        var clapper = Path()
        clapper.move(to: pt(-11, 38))
        clapper.addCurve(to: pt(11, 38), control1: pt(-9, 48), control2: pt(9, 48))
        var bellGlyph = SymbolGlyph(width: 92, height: 100)
        bellGlyph.stroke(bell)
        bellGlyph.stroke(clapper)
        bellGlyph.stroke(polyline(pt(0, -40), pt(0, -46)))
        glyphs["bell"] = bellGlyph
        var bellFill = SymbolGlyph(width: 92, height: 100)
        bellFill.fill(bell)
        bellFill.stroke(clapper)
        bellFill.stroke(polyline(pt(0, -40), pt(0, -46)))
        glyphs["bell.fill"] = bellFill

        outlined("envelope", box: CGSize(width: 104, height: 78), roundedRect(-48, -34, 96, 68, 8),
                 details: [polyline(pt(-44, -28), pt(0, 6), pt(44, -28))], into: &glyphs)

        // A handset: a band round the corner, thicker at the ear and the mouth.
        let corner = pt(40, -40)
        var handset = Path()
        handset.addArc(center: corner, radius: 78, from: 180, to: 90)
        handset.addArc(center: corner, radius: 50, from: 90, to: 112)
        handset.addArc(center: corner, radius: 62, from: 118, to: 152)
        handset.addArc(center: corner, radius: 50, from: 158, to: 180)
        handset.closeSubpath()
        outlined("phone", box: CGSize(width: 96, height: 96), handset, into: &glyphs)

        let house = polygon(pt(-34, -10), pt(0, -40), pt(34, -10), pt(34, 40), pt(-34, 40))
        var houseGlyph = SymbolGlyph(width: 104, height: 96)
        houseGlyph.stroke(polyline(pt(-34, -10), pt(-34, 40), pt(34, 40), pt(34, -10)))
        houseGlyph.stroke(polyline(pt(-46, 0), pt(0, -42), pt(46, 0)))
        houseGlyph.stroke(polyline(pt(-10, 40), pt(-10, 14), pt(10, 14), pt(10, 40)))
        glyphs["house"] = houseGlyph
        var houseFill = SymbolGlyph(width: 104, height: 96)
        houseFill.fill(house)
        houseFill.stroke(polyline(pt(-46, 0), pt(0, -42), pt(46, 0)))
        houseFill.fill(roundedRect(-9, 15, 18, 30, 2), role: .knockout)
        glyphs["house.fill"] = houseFill

        var calendar = SymbolGlyph(width: 98, height: 92)
        calendar.stroke(roundedRect(-44, -38, 88, 80, 10))
        calendar.stroke(polyline(pt(-44, -18), pt(44, -18)))
        for (x, y) in [(-24, 0), (-8, 0), (8, 0), (24, 0), (-24, 20), (-8, 20), (8, 20)] as [(CGFloat, CGFloat)] {
            calendar.fill(circle(pt(x, y), 4.5))
        }
        glyphs["calendar"] = calendar

        let body = roundedRect(-48, -26, 96, 68, 10)
        let bump = polygon(pt(-20, -26), pt(-12, -40), pt(12, -40), pt(20, -26))
        var camera = SymbolGlyph(width: 104, height: 88)
        camera.stroke(body)
        camera.stroke(polyline(pt(-20, -26), pt(-12, -40), pt(12, -40), pt(20, -26)))
        camera.stroke(circle(pt(0, 8), 18))
        glyphs["camera"] = camera
        var cameraFill = SymbolGlyph(width: 104, height: 88)
        cameraFill.fill(body)
        cameraFill.fill(bump)
        cameraFill.stroke(circle(pt(0, 8), 18), role: .knockout)
        glyphs["camera.fill"] = cameraFill

        var photo = SymbolGlyph(width: 104, height: 84)
        photo.stroke(roundedRect(-48, -38, 96, 76, 9))
        photo.stroke(polyline(pt(-40, 30), pt(-14, 2), pt(6, 22), pt(18, 10), pt(40, 30)))
        photo.stroke(circle(pt(20, -16), 8), width: 0.9)
        glyphs["photo"] = photo

        let plane = polygon(pt(46, -44), pt(-46, -6), pt(-8, 8), pt(6, 46))
        outlined("paperplane", box: CGSize(width: 100, height: 100), plane, details: [polyline(pt(46, -44), pt(-8, 8))],
                 into: &glyphs)

        var cart = SymbolGlyph(width: 104, height: 92)
        cart.stroke(polyline(pt(-48, -38), pt(-36, -38), pt(-22, 18), pt(36, 18)))
        cart.stroke(polyline(pt(-32, -24), pt(44, -24), pt(37, 6), pt(-25, 6)))
        cart.fill(circle(pt(-16, 34), 7))
        cart.fill(circle(pt(30, 34), 7))
        glyphs["cart"] = cart

        var lines = SymbolGlyph(width: 90, height: 64)
        for y: CGFloat in [-24, 0, 24] { lines.stroke(polyline(pt(-40, y), pt(40, y))) }
        glyphs["line.3.horizontal"] = lines

        var list = SymbolGlyph(width: 98, height: 66)
        for y: CGFloat in [-24, 0, 24] {
            list.fill(circle(pt(-38, y), 5.5))
            list.stroke(polyline(pt(-16, y), pt(42, y)))
        }
        glyphs["list.bullet"] = list

        var grid = SymbolGlyph(width: 94, height: 94)
        var gridFill = SymbolGlyph(width: 94, height: 94)
        for (x, y) in [(-42, -42), (8, -42), (-42, 8), (8, 8)] as [(CGFloat, CGFloat)] {
            grid.stroke(roundedRect(x, y, 34, 34, 7))
            gridFill.fill(roundedRect(x, y, 34, 34, 7))
        }
        glyphs["square.grid.2x2"] = grid
        glyphs["square.grid.2x2.fill"] = gridFill

        var globe = SymbolGlyph(width: 100, height: 100)
        globe.stroke(circle(.zero, ringRadius))
        globe.stroke(Path(ellipseIn: CGRect(x: -19, y: -46, width: 38, height: 92)), width: 0.8)
        globe.stroke(polyline(pt(-46, 0), pt(46, 0)), width: 0.8)
        var northern = Path()
        northern.move(to: pt(-38, -24))
        northern.addCurve(to: pt(38, -24), control1: pt(-14, -16), control2: pt(14, -16))
        globe.stroke(northern, width: 0.8)
        globe.stroke(northern.mirroredVertically, width: 0.8)
        glyphs["globe"] = globe

        var wifi = SymbolGlyph(width: 100, height: 76)
        let base = pt(0, 25)
        wifi.fill(circle(base, 6))
        for radius: CGFloat in [21, 40, 59] { wifi.stroke(arc(base, radius, from: -135, to: -45)) }
        glyphs["wifi"] = wifi

        var airplane = SymbolGlyph(width: 100, height: 100)
        let upper: [CGPoint] = [pt(46, 0), pt(40, -5), pt(10, -6), pt(-8, -44), pt(-18, -44), pt(-6, -6), pt(-30, -6),
                                pt(-40, -20), pt(-47, -20), pt(-41, 0)]
        airplane.fill(polygon(upper + upper.dropFirst().dropLast().reversed().map { pt($0.x, -$0.y) }))
        glyphs["airplane"] = airplane

        let pinHead = roundedRect(-21, -46, 42, 14, 4)
        let pinBody = polygon(pt(-14, -32), pt(14, -32), pt(22, 6), pt(-22, 6))
        var pin = SymbolGlyph(width: 64, height: 100)
        var pinFill = SymbolGlyph(width: 64, height: 100)
        for part in [pinHead, pinBody] {
            pin.stroke(part)
            pinFill.fill(part)
        }
        pin.stroke(polyline(pt(0, 6), pt(0, 46)))
        pinFill.stroke(polyline(pt(0, 6), pt(0, 46)))
        glyphs["pin"] = pin
        glyphs["pin.fill"] = pinFill

        let boxLid = roundedRect(-47, -40, 94, 22, 5)
        let box = polygon(pt(-40, -18), pt(40, -18), pt(40, 40), pt(-40, 40))
        let slot = polyline(pt(-12, -2), pt(12, -2))
        var archive = SymbolGlyph(width: 100, height: 88)
        archive.stroke(boxLid)
        archive.stroke(polyline(pt(-40, -18), pt(-40, 40), pt(40, 40), pt(40, -18)))
        archive.stroke(slot)
        glyphs["archivebox"] = archive
        var archiveFill = SymbolGlyph(width: 100, height: 88)
        archiveFill.fill(boxLid)
        archiveFill.fill(box)
        archiveFill.stroke(slot, role: .knockout)
        glyphs["archivebox.fill"] = archiveFill
    }
}
