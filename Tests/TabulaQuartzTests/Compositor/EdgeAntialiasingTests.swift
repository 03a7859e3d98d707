import Foundation
import Testing
@testable import TabulaQuartz

/// `CALayer.allowsEdgeAntialiasing`: Core Animation leaves a layer's edges aliased unless
/// it is set, so a layer whose edge falls inside a pixel covers it or not. Rows of
/// fractional height (246.94 points) then meet without a seam.
@MainActor
@Suite("Compositor: layer edges aliased unless allowsEdgeAntialiasing")
struct EdgeAntialiasingTests {
    /// The red channel of each pixel down column `x` from `top` to `bottom`.
    private func column(_ stage: LayerStage, x: Int, _ rows: ClosedRange<Int>) -> [UInt8] {
        let picture = stage.snapshot()
        return rows.map { picture.pixel(x: x, y: $0).red }
    }

    @Test("dark rows of fractional height on a white cell background meet without a light line; antialiased edges blend")
    func fractionalRowsMeetCleanly() {
        let stage = LayerStage(width: 100, height: 100, scale: 3)
        // Two rows 10.31 points tall, each a white cell background under a black content
        // view of the same frame: at 3x their shared edge (y = 20.31 points, 60.93 pixels)
        // falls inside a pixel.
        var contents: [CALayer] = []
        for i in 0 ..< 2 {
            let frame = CGRect(x: 5, y: 10 + CGFloat(i) * 10.31, width: 60, height: 10.31)
            let cell = solidLayer(frame, 1, 1, 1)
            let content = solidLayer(CGRect(origin: .zero, size: frame.size), 0, 0, 0)
            cell.addSublayer(content)
            stage.root.addSublayer(cell)
            contents.append(content)
        }
        runFrames(stage, 1)
        // Pixels 58 to 64 (points 19.3 to 21.3) are all black: no light line at the edge.
        let edge = column(stage, x: 60, 58 ... 64)
        #expect(edge.allSatisfy { $0 == 0 }, "\(edge)")
        // The outer edges land on the nearest pixel edge: 30 (10 points) and 92 (30.62 × 3 = 91.86).
        #expect(column(stage, x: 60, 29 ... 30) == [255, 0])
        #expect(column(stage, x: 60, 91 ... 92) == [0, 255], "\(column(stage, x: 60, 89 ... 93))")

        // A line a third of a pixel tall (a 3x hairline shown at 1x) still shows, one pixel tall.
        let hairline = solidLayer(CGRect(x: 70, y: 50, width: 20, height: 0.1), 0, 0, 0)
        stage.root.addSublayer(hairline)
        runFrames(stage, 1)
        #expect(column(stage, x: 240, 149 ... 151) == [255, 0, 255], "\(column(stage, x: 240, 148 ... 152))")
        hairline.removeFromSuperlayer()

        // Asked for, antialiased edges blend: the content's half-covered edge pixel is grey.
        for layer in stage.root.sublayers ?? [] { layer.allowsEdgeAntialiasing = true }
        for layer in contents { layer.allowsEdgeAntialiasing = true }
        runFrames(stage, 1)
        let smooth = column(stage, x: 60, 91 ... 92)
        #expect(smooth[0] > 0 && smooth[0] < 255, "\(smooth)")
    }
}
