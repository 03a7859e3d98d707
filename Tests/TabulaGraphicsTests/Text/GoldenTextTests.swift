import Foundation
import Testing
import TabulaCore
@testable import TabulaGraphics
import TabulaTestBasics

@Suite("Text: golden images")
struct GoldenTextTests {
    @Test("Latin, Hebrew, Arabic and Devanagari are shaped and aligned")
    func scripts() throws {
        let ctx = canvas(width: 200, height: 132)
        let lines: [(String, TextAlignment)] = [
            ("Tabula — table views", .natural),
            ("שלום עולם", .natural),
            ("مرحبا بالعالم", .natural),
            ("नमस्ते दुनिया", .natural),
            ("Centred, bold", .center),
        ]
        var y: CGFloat = 4
        for (i, (text, alignment)) in lines.enumerated() {
            let font = i == 4 ? Font.system(size: 15, weight: .bold) : Font.system(size: 15)
            let layout = TextLayout(text: text, font: font, width: 192, alignment: alignment)
            ctx.draw(layout, at: CGPoint(x: 4, y: y), color: .black)
            y += 26
        }
        try GoldenImage.verify(ctx.bitmap, named: "text-scripts", goldenDirectory: goldenDirectory)
    }
}
