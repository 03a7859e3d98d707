import Foundation
import Testing
@testable import TabulaUIKit
@testable import TabulaTable
import TabulaTestSupport

/// WWDC 2010's signature demo: a row's height changed by an empty `beginUpdates()` /
/// `endUpdates()` animates, and the cell lays its content out inside the animation, so
/// that in every frame the rows touch and the row's label stays inside its row.
@MainActor
@Suite("Table: animated height changes")
struct HeightChangeAnimationTests {
    struct Frame {
        var rows: [CGRect]       // presented frames of rows 0...3, in the table
        var label: CGRect        // row 1's label, presented, in the table
        var inkHeight: Int       // how many pixel rows of row 1 hold dark text
    }

    /// The number of pixel rows inside `rect` (screen points at scale 1) with dark ink.
    static func inkRows(_ image: UIImage, in rect: CGRect) -> Int {
        guard let bitmap = image.cgImage else { return 0 }
        var count = 0
        for y in max(0, Int(rect.minY.rounded(.up))) ..< min(bitmap.height, Int(rect.maxY)) {
            let dark = (Int(rect.minX) ..< min(bitmap.width, Int(rect.maxX))).contains { x in
                let p = bitmap.pixel(x: x, y: y)
                return Int(p.red) + Int(p.green) + Int(p.blue) < 240
            }
            if dark { count += 1 }
        }
        return count
    }

    func film(from: CGFloat, to: CGFloat) -> (frames: [Frame], screen: HeadlessScreen) {
        let source = InteractionSource.rows(8)
        var tall = from
        source.rowHeight = { $0.row == 1 ? tall : 44 }
        source.sections = [(0 ..< 8).map { $0 == 1 ? "The row that changes height" : "Row \($0)" }]
        let (screen, table) = interactionTable(source)
        screen.advance(by: 1.0 / 60)
        tall = to
        table.beginUpdates()
        table.endUpdates()
        var frames: [Frame] = []
        var pictures: [UIImage] = []
        let looking = ProcessInfo.processInfo.environment["TABULA_LOOK_DIR"] != nil
        defer {
            if looking { writeForLooking(HeadlessScreen.filmstrip(pictures, columns: 8), "height-change-\(Int(from))-\(Int(to))") }
        }
        for _ in 0 ..< 24 {
            screen.advance(by: 1.0 / 60)
            let rows = (0 ..< 4).map { row -> CGRect in
                let cell = table.cellForRow(at: IndexPath(row: row, section: 0))!
                return (cell.layer.presentation() ?? cell.layer).frame
            }
            let cell = table.cellForRow(at: IndexPath(row: 1, section: 0))!
            let picture = screen.snapshot()
            if looking { pictures.append(picture) }
            frames.append(Frame(rows: rows, label: presentedFrame(of: cell.textLabel!, in: table),
                                inkHeight: Self.inkRows(picture, in: rows[1].insetBy(dx: 0, dy: 1))))
        }
        return (frames, screen)
    }

    /// `view`'s presented frame in `table`'s coordinates, through its presented ancestors.
    func presentedFrame(of view: UIView, in table: UITableView) -> CGRect {
        var rect = (view.layer.presentation() ?? view.layer).frame
        var parent = view.superview
        while let p = parent, p !== table {
            let presented = p.layer.presentation() ?? p.layer
            rect = rect.offsetBy(dx: presented.frame.minX - presented.bounds.minX, dy: presented.frame.minY - presented.bounds.minY)
            parent = p.superview
        }
        return rect
    }

    @Test("growing and shrinking, every frame: rows touch, the row's label lies inside its row, heights move steadily",
          arguments: [(44.0, 120.0), (120.0, 44.0)])
    func everyFrame(from: Double, to: Double) {
        let (frames, _) = film(from: from, to: to)
        var heights: [CGFloat] = []
        for (i, frame) in frames.enumerated() {
            for r in 0 ..< 3 {
                #expect(abs(frame.rows[r].maxY - frame.rows[r + 1].minY) < 0.5, "frame \(i): rows \(r) and \(r + 1) touch")
            }
            let row = frame.rows[1]
            #expect(frame.label.minY >= row.minY - 0.5 && frame.label.maxY <= row.maxY + 0.5,
                    "frame \(i): the label \(frame.label) lies inside its row \(row)")
            #expect(abs(frame.label.midY - row.midY) < 1, "frame \(i): the label stays centred in its row")
            heights.append(row.height)
        }
        let growing = to > from
        #expect(heights == (growing ? heights.sorted() : heights.sorted(by: >)), "steadily: \(heights)")
        #expect(heights.contains { $0 > min(from, to) + 5 && $0 < max(from, to) - 5 }, "middle frames: \(heights)")
        #expect(heights.last == CGFloat(to))
        let restingInk = frames.last!.inkHeight
        #expect(restingInk >= 8, "the label's text is drawn: \(restingInk) rows of ink")
        for (i, frame) in frames.enumerated() {
            #expect(abs(frame.inkHeight - restingInk) <= 2,
                    "frame \(i): the text keeps its height (\(frame.inkHeight) rows of ink, \(restingInk) at rest)")
        }
    }
}
