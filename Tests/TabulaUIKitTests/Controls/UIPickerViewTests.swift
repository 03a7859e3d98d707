import Foundation
import Testing
@testable import TabulaUIKit
import TabulaUIKitTestSupport

/// A data source and delegate of `components` wheels of `rows` rows titled "c·r",
/// recording what it is asked.
@MainActor
final class RecordingPickerSource: UIPickerViewDataSource, UIPickerViewDelegate {
    var components = 2
    var rows = 30
    var titlesAsked: Set<String> = []
    var selections: [(row: Int, component: Int)] = []
    var rowHeight: CGFloat?
    var width: CGFloat?

    func numberOfComponents(in pickerView: UIPickerView) -> Int { components }
    func pickerView(_ pickerView: UIPickerView, numberOfRowsInComponent component: Int) -> Int { rows }
    func pickerView(_ pickerView: UIPickerView, titleForRow row: Int, forComponent component: Int) -> String? {
        titlesAsked.insert("\(component)·\(row)")
        return "Item \(row)"
    }
    func pickerView(_ pickerView: UIPickerView, didSelectRow row: Int, inComponent component: Int) {
        selections.append((row, component))
    }
    func pickerView(_ pickerView: UIPickerView, rowHeightForComponent component: Int) -> CGFloat {
        rowHeight ?? UIPickerView.defaultRowHeight
    }
    func pickerView(_ pickerView: UIPickerView, widthForComponent component: Int) -> CGFloat {
        width ?? pickerView.equalComponentWidth
    }
}

/// A delegate that gives views, counting how many it made and how many it reused.
@MainActor
final class ViewPickerSource: UIPickerViewDataSource, UIPickerViewDelegate {
    var made = 0, reused = 0
    func numberOfComponents(in pickerView: UIPickerView) -> Int { 1 }
    func pickerView(_ pickerView: UIPickerView, numberOfRowsInComponent component: Int) -> Int { 100 }
    func pickerView(_ pickerView: UIPickerView, viewForRow row: Int, forComponent component: Int,
                    reusing view: UIView?) -> UIView {
        if view != nil { reused += 1 } else { made += 1 }
        let label = view as? UILabel ?? UILabel(frame: .zero)
        label.text = "View \(row)"
        label.tag = row
        return label
    }
}

@MainActor
@Suite("UIPickerView")
struct UIPickerViewTests {
    let screen = HeadlessScreen(size: CGSize(width: 320, height: 300), scale: 2)
    let picker = UIPickerView(frame: CGRect(x: 0, y: 40, width: 320, height: 216))
    let source = RecordingPickerSource()

    func show() {
        picker.dataSource = source
        picker.delegate = source
        let window = UIWindow(frame: .zero)
        window.backgroundColor = .systemBackground
        window.addSubview(picker)
        screen.show(window)
        screen.advance(by: 0.1)
    }

    /// The centre of the picker's middle line in `component`, in window coordinates.
    func middle(of component: Int) -> CGPoint {
        let frame = picker.wheels[component].container.frame
        return CGPoint(x: frame.midX, y: picker.frame.minY + picker.bounds.midY)
    }

    @Test("asks the data source for components and rows, the delegate for the titles on screen; rows are 32 points")
    func dataSourceAndDelegate() {
        show()
        #expect(picker.numberOfComponents == 2)
        #expect(picker.numberOfRows(inComponent: 1) == 30)
        let size = picker.rowSize(forComponent: 0)
        #expect(size.height == 32)
        #expect(size.width == CGFloat(150), "(320 − 2 · 8 − 4) / 2")
        #expect(source.titlesAsked.contains("0·0") && source.titlesAsked.contains("1·4"))
        #expect(!source.titlesAsked.contains("0·12"), "rows round the back of the drum are not asked for")
        #expect(picker.selectedRow(inComponent: 0) == 0)
        #expect(picker.view(forRow: 0, forComponent: 0) == nil, "title rows: no delegate views")
        #expect(picker.intrinsicContentSize.height == 216)

        source.rows = 3
        picker.reloadComponent(1)
        #expect(picker.numberOfRows(inComponent: 1) == 3)
        #expect(picker.numberOfRows(inComponent: 0) == 30, "only the reloaded component is asked again")
        source.components = 1
        picker.reloadAllComponents()
        #expect(picker.numberOfComponents == 1)
        #expect(picker.rowSize(forComponent: 0).width == CGFloat(304))
    }

    @Test("the delegate's views are shown, reused as rows scroll away, and returned by view(forRow:forComponent:)")
    func delegateViews() {
        let views = ViewPickerSource()
        picker.dataSource = views
        picker.delegate = views
        let window = UIWindow(frame: .zero)
        window.addSubview(picker)
        screen.show(window)
        screen.advance(by: 0.1)
        let first = picker.view(forRow: 0, forComponent: 0)
        #expect(first?.tag == 0)
        #expect(first?.bounds.size == CGSize(width: 320 - 16, height: 32))
        #expect(picker.view(forRow: 50, forComponent: 0) == nil, "not on screen")
        picker.selectRow(50, inComponent: 0, animated: false)
        picker.layoutIfNeeded()
        #expect(picker.view(forRow: 50, forComponent: 0)?.tag == 50)
        #expect(views.reused > 0, "views of rows gone off screen are handed back")
    }

    @Test("selectRow centres the row at once, or springs there animated; neither calls didSelectRow")
    func selectFromCode() {
        show()
        picker.selectRow(7, inComponent: 1, animated: false)
        #expect(picker.selectedRow(inComponent: 1) == 7)
        #expect(picker.offset(ofComponent: 1) == CGFloat(7 * 32))
        picker.layoutIfNeeded()
        let label = picker.wheels[1].rows[7]
        #expect(label.map { $0.center.y } == picker.bounds.midY, "the selected row sits on the middle line")

        picker.selectRow(2, inComponent: 1, animated: true)
        #expect(picker.selectedRow(inComponent: 1) == 2)
        screen.advance(by: 0.1)
        let midway = picker.offset(ofComponent: 1)
        #expect(midway < 7 * 32 && midway > 2 * 32, "part way there: \(midway)")
        screen.advance(by: 1)
        #expect(picker.offset(ofComponent: 1) == CGFloat(2 * 32))
        #expect(source.selections.isEmpty)
    }

    @Test("a fling coasts, slowing, and comes to rest exactly on a row; didSelectRow is called once")
    func flingSettlesOnARow() {
        show()
        let start = middle(of: 0)
        screen.drag(from: CGPoint(x: start.x, y: start.y + 70), to: CGPoint(x: start.x, y: start.y - 50), duration: 0.1)
        let released = picker.offset(ofComponent: 0)
        var offsets: [CGFloat] = [released]
        var midFlingFrames: [CGFloat] = []
        for _ in 0 ..< 240 {
            screen.advance(by: 1.0 / 60)
            offsets.append(picker.offset(ofComponent: 0))
            if picker.wheels[0].isMoving, let view = picker.wheels[0].rows[picker.wheels[0].nearestRow(to: offsets.last!)] {
                midFlingFrames.append(view.center.y)
            }
        }
        let rest = offsets.last!
        #expect(rest > released + 32, "the fling carried the wheel on: \(released) → \(rest)")
        #expect(rest.truncatingRemainder(dividingBy: 32) == 0, "rests exactly on a row: \(rest)")
        #expect(zip(offsets, offsets.dropFirst()).allSatisfy { $1 >= $0 - 0.001 }, "never turns back")
        let steps = zip(offsets, offsets.dropFirst()).map { $1 - $0 }.filter { $0 > 0.01 }
        #expect(steps.count > 10 && steps.first! > steps.last!, "slows down as it goes")
        #expect(midFlingFrames.contains { abs($0 - picker.bounds.midY) > 1 }, "rows are seen between rows mid-fling")
        #expect(source.selections.count == 1)
        #expect(source.selections.first?.row == Int(rest / 32) && source.selections.first?.component == 0)
        #expect(picker.selectedRow(inComponent: 0) == Int(rest / 32))
        #expect(picker.selectedRow(inComponent: 1) == 0, "the other wheel did not move")
    }

    @Test("a slow drag springs to the nearest row; a drag past the end springs back to the last row")
    func slowDragAndEdges() {
        show()
        let start = middle(of: 1)
        let finger = screen.touchDown(at: start)
        for step in 1 ... 24 {
            screen.moveTouch(finger, to: CGPoint(x: start.x, y: start.y - CGFloat(step) * 2.5))
            screen.advance(by: 1.0 / 30)
        }
        screen.advance(by: 0.3)
        screen.liftTouch(finger)
        screen.advance(by: 1.5)
        #expect(picker.offset(ofComponent: 1) == CGFloat(64), "60 points up, 10 of them the pan's slop, settles on row 2 (1.56 rows)")
        #expect(source.selections.map(\.row) == [2])

        picker.selectRow(29, inComponent: 1, animated: false)
        let end = screen.touchDown(at: start)
        for step in 1 ... 10 {
            screen.moveTouch(end, to: CGPoint(x: start.x, y: start.y - CGFloat(step) * 10))
            screen.advance(by: 1.0 / 30)
        }
        #expect(picker.offset(ofComponent: 1) > 29 * 32 && picker.offset(ofComponent: 1) < 29 * 32 + 100,
                "pulled past the last row with a rubber band")
        screen.liftTouch(end)
        screen.advance(by: 1.5)
        #expect(picker.offset(ofComponent: 1) == CGFloat(29 * 32))
        #expect(source.selections.map(\.row) == [2, 29])
    }

    @Test("in a scroll view, a vertical drag on the picker turns the wheel and leaves the scroll view still")
    func insideScrollView() {
        let scroll = UIScrollView(frame: CGRect(x: 0, y: 0, width: 320, height: 300))
        scroll.contentSize = CGSize(width: 320, height: 2000)
        picker.dataSource = source
        picker.delegate = source
        scroll.addSubview(picker)
        let window = UIWindow(frame: .zero)
        window.addSubview(scroll)
        screen.show(window)
        screen.advance(by: 0.1)
        let start = middle(of: 0)
        screen.drag(from: CGPoint(x: start.x, y: start.y + 40), to: CGPoint(x: start.x, y: start.y - 40), duration: 0.5)
        screen.advance(by: 2)
        #expect(scroll.contentOffset.y == 0)
        #expect(picker.selectedRow(inComponent: 0) >= 2)
        #expect(source.selections.count == 1)
    }

    @Test("a tap on a row below the middle turns it to the middle and selects it")
    func tapSelectsRow() {
        show()
        let centre = middle(of: 0)
        // Row 2 is 64 points of arc down the drum: 108 · sin(64 / 108) ≈ 60 points below the middle.
        screen.tap(at: CGPoint(x: centre.x, y: centre.y + 60))
        screen.advance(by: 1)
        #expect(picker.selectedRow(inComponent: 0) == 2)
        #expect(picker.offset(ofComponent: 0) == 64)
        #expect(source.selections.count == 1)
    }

    @Test("Int.max rows: the wheel shows 2^40 (reported), selects the last, turns and flings without a trap; a tiny row height too")
    func hugeRowCounts() {
        var reports: [String] = []
        screen.onReport = { reports.append($0) }
        source.rows = Int.max
        show()
        #expect(picker.numberOfRows(inComponent: 0) == 1 << 40)
        #expect(reports.filter { $0.contains("returned 9223372036854775807") && $0.contains("at most 1099511627776 rows") }.count == 2,
                "once per component: \(reports)")
        // Before, these trapped converting the wheel's offset to a row.
        picker.selectRow(Int.max, inComponent: 0, animated: false)
        #expect(picker.selectedRow(inComponent: 0) == (1 << 40) - 1)
        picker.layoutIfNeeded()
        #expect(picker.wheels[0].rows[(1 << 40) - 1] != nil, "the last row is on the wheel")
        #expect(picker.offset(ofComponent: 0) == CGFloat((1 << 40) - 1) * 32, "exactly on its row")
        picker.selectRow(1000, inComponent: 1, animated: false)
        let start = middle(of: 1)
        screen.drag(from: CGPoint(x: start.x, y: start.y + 70), to: CGPoint(x: start.x, y: start.y - 50), duration: 0.1)
        screen.advance(by: 4)
        let flung = picker.selectedRow(inComponent: 1)
        #expect(flung > 1001 && flung < 1100, "a fling turns as far as on a short wheel: \(flung)")

        source.rows = 30
        source.rowHeight = 1e-300
        picker.reloadAllComponents()
        picker.selectRow(29, inComponent: 0, animated: false)
        picker.layoutIfNeeded()
        #expect(picker.selectedRow(inComponent: 0) == 29, "a row height far below a pixel is taken as it is, without a trap")
    }

    @Test("bad calls and bad sizes are reported once each and ignored or clamped")
    func badInput() {
        var reports: [String] = []
        screen.onReport = { reports.append($0) }
        source.rowHeight = .nan
        source.width = -40
        show()
        picker.layoutIfNeeded()
        #expect(picker.rowSize(forComponent: 0).height == 32)
        #expect(picker.rowSize(forComponent: 0).width == CGFloat(150))
        #expect(reports.filter { $0.contains("rowHeightForComponent") }.count == 2, "once per component: \(reports)")
        #expect(reports.filter { $0.contains("widthForComponent") }.count == 2)
        reports = []
        picker.setNeedsLayout()
        picker.layoutIfNeeded()
        _ = picker.rowSize(forComponent: 1)
        #expect(reports.isEmpty, "not again until a reload")

        picker.selectRow(3, inComponent: 5, animated: false)
        #expect(reports.count == 1 && reports[0].contains("component 5 does not exist"))
        picker.selectRow(99, inComponent: 0, animated: true)
        #expect(reports.count == 2 && reports[1].contains("row 99 is out of range"))
        #expect(picker.selectedRow(inComponent: 0) == 29)
        #expect(picker.selectedRow(inComponent: 9) == -1)
        #expect(picker.numberOfRows(inComponent: -1) == 0)
        #expect(picker.rowSize(forComponent: 2) == .zero)
        #expect(picker.view(forRow: 0, forComponent: 3) == nil)
        picker.reloadComponent(4)
        #expect(reports.count == 7)

        reports = []
        source.rows = -3
        source.rowHeight = nil
        source.width = nil
        picker.reloadAllComponents()
        #expect(picker.numberOfRows(inComponent: 0) == 0)
        #expect(picker.selectedRow(inComponent: 0) == -1)
        #expect(reports.count == 2 && reports.allSatisfy { $0.contains("cannot be negative") })
    }

    @Test("draws the grey selection band across the middle with the selected title in it, light and dark")
    func selectionBandPixels() throws {
        source.components = 1
        show()
        picker.selectRow(4, inComponent: 0, animated: false)
        for style in [UIUserInterfaceStyle.light, .dark] {
            screen.userInterfaceStyle = style
            screen.advance(by: 0.1)
            let image = screen.snapshot()
            writeForLooking(image, "picker-\(style == .dark ? "dark" : "light")")
            let pixels = try #require(image.cgImage)
            let scale = 2
            let middleY = Int(picker.frame.minY + picker.bounds.midY) * scale
            func lightness(_ x: CGFloat, _ y: Int) -> Int {
                let p = pixels.pixel(x: Int(x) * scale, y: y)
                return (Int(p.red) + Int(p.green) + Int(p.blue)) / 3
            }
            // The band (left of the text) differs from the background above and below it.
            let band = lightness(14, middleY)
            let outside = lightness(14, middleY + 40 * scale)
            #expect(abs(band - outside) >= 8 && abs(band - outside) <= 40, "\(style): band \(band), ground \(outside)")
            // The title is drawn in the middle of the band: ink of the label colour there.
            let ink = (130 ... 190).map { lightness(CGFloat($0), middleY) }
            if style == .light {
                #expect(ink.min()! < 90, "dark text in the band: \(ink.min()!)")
            } else {
                #expect(ink.max()! > 170, "light text in the band: \(ink.max()!)")
            }
        }
    }

    @Test("a larger text size makes the rows' font larger, up to a limit")
    func textSize() {
        source.components = 1
        show()
        let regular = (picker.wheels[0].rows[0] as? UILabel)?.font.pointSize ?? 0
        #expect(regular == 21)
        screen.preferredContentSizeCategory = .accessibilityExtraExtraExtraLarge
        screen.advance(by: 0.1)
        let large = (picker.wheels[0].rows[0] as? UILabel)?.font.pointSize ?? 0
        #expect(large > regular && large <= 28)
    }
}
