import Foundation
import Testing
@testable import TabulaUIKit
import TabulaUIKitTestSupport

@MainActor
@Suite("UIDatePicker")
struct UIDatePickerTests {
    let screen = HeadlessScreen(size: CGSize(width: 320, height: 300), scale: 2)
    let utc = TimeZone(identifier: "UTC")!

    func date(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 12, _ minute: Int = 0) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = utc
        return calendar.date(from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute))!
    }

    func makePicker(_ mode: UIDatePicker.Mode, locale: String = "en_US") -> UIDatePicker {
        let picker = UIDatePicker(frame: CGRect(x: 0, y: 40, width: 320, height: 216))
        picker.calendar = Calendar(identifier: .gregorian)
        picker.locale = Locale(identifier: locale)
        picker.timeZone = utc
        picker.datePickerMode = mode
        picker.preferredDatePickerStyle = .wheels
        return picker
    }

    func show(_ picker: UIDatePicker) {
        let window = UIWindow(frame: .zero)
        window.backgroundColor = .systemBackground
        window.addSubview(picker)
        screen.show(window)
        screen.advance(by: 0.1)
    }

    /// Taps the row `rows` below (negative: above) the middle of wheel `component`.
    func tapRow(_ rows: Int, ofWheel component: Int, in picker: UIDatePicker) {
        let wheels = picker.wheels
        let frame = wheels.wheels[component].container.frame
        let y = wheels.geometry.radius * sin(CGFloat(rows) * 32 / wheels.geometry.radius)
        screen.tap(at: CGPoint(x: frame.midX, y: picker.frame.minY + wheels.bounds.midY + y))
        screen.advance(by: 1)
    }

    @Test("each mode has its wheels, in the locale's order and clock, titled in its language")
    func wheelsPerMode() {
        let picker = makePicker(.date)
        picker.date = date(2026, 3, 14)
        #expect(picker.columns == [.month, .day, .year])
        let wheels = picker.wheels
        let month = wheels.selectedRow(inComponent: 0)
        #expect(wheels.delegate?.pickerView(wheels, titleForRow: month, forComponent: 0) == "March")
        #expect(wheels.delegate?.pickerView(wheels, titleForRow: wheels.selectedRow(inComponent: 2), forComponent: 2) == "2026")
        picker.locale = Locale(identifier: "en_GB")
        #expect(picker.columns == [.day, .month, .year])
        picker.locale = Locale(identifier: "en_US")
        picker.datePickerMode = .time
        #expect(picker.columns == [.hour(twelveHour: true), .minute(interval: 1), .meridiem])
        picker.locale = Locale(identifier: "de_DE")
        #expect(picker.columns == [.hour(twelveHour: false), .minute(interval: 1)])
        picker.datePickerMode = .dateAndTime
        #expect(picker.columns.first == .monthDay && picker.columns.count == 3)
        picker.datePickerMode = .countDownTimer
        #expect(picker.columns == [.durationHours, .durationMinutes(interval: 1)])
        picker.datePickerMode = .yearAndMonth
        #expect(picker.columns.count == 2)
    }

    @Test("the day and year wheels write their numbers as the language does: 7일 and 2026년 in Korean, 7日 and 2026年 in Japanese, bare in English (trial R)")
    func dayAndYearWords() throws {
        func titles(_ locale: String) -> [String?] {
            let picker = makePicker(.date, locale: locale)
            picker.date = date(2026, 12, 7)
            let wheels = picker.wheels
            return [DatePickerColumn.month, .day, .year].map { column in
                guard let component = picker.columns.firstIndex(of: column) else { return nil }
                return wheels.delegate?.pickerView(wheels, titleForRow: wheels.selectedRow(inComponent: component),
                                                   forComponent: component)
            }
        }
        #expect(titles("ko_KR") == ["12월", "7일", "2026년"])
        #expect(titles("ja_JP") == ["12月", "7日", "2026年"])
        #expect(titles("en_US") == ["December", "7", "2026"])
        #expect(titles("de_DE") == ["Dezember", "7", "2026"])
        // Drawn, the longer titles fit their wheels (TABULA_LOOK_DIR to look).
        let picker = makePicker(.date, locale: "ko_KR")
        picker.date = date(2026, 12, 7)
        show(picker)
        let frames = try ["2026년", "12월", "7일"].map { try screen.element(labelContaining: $0).frame }
        #expect(frames[0].maxX <= frames[1].minX && frames[1].maxX <= frames[2].minX, "the wheels overlap: \(frames)")
        #expect(frames.allSatisfy { $0.minX >= picker.frame.minX && $0.maxX <= picker.frame.maxX })
        if let folder = ProcessInfo.processInfo.environment["TABULA_LOOK_DIR"], let data = screen.snapshot().pngData() {
            try data.write(to: URL(fileURLWithPath: folder).appendingPathComponent("date-wheels-ko.png"))
        }
    }

    @Test("in date and time mode, today's row reads Today in the picker's language; other days show weekday and date")
    func todayRow() {
        let picker = makePicker(.dateAndTime)
        picker.locale = Locale(identifier: "en_US")
        picker.date = Date()
        let wheels = picker.wheels
        let today = wheels.selectedRow(inComponent: 0)
        func title(_ row: Int) -> String? { wheels.delegate?.pickerView(wheels, titleForRow: row, forComponent: 0) }
        #expect(title(today) == "Today")
        let tomorrow = title(today + 1) ?? ""
        #expect(tomorrow != "Today" && tomorrow.count >= 8, "the next day shows its weekday and date: \(tomorrow)")
        picker.locale = Locale(identifier: "de_DE")
        #expect(title(wheels.selectedRow(inComponent: 0)) == "Heute")
    }

    @Test("the style drawn: compact for automatic dates, wheels for a count-down; datePickerStyle follows")
    func styles() {
        let picker = UIDatePicker(frame: .zero)
        #expect(picker.datePickerMode == .dateAndTime)
        #expect(picker.preferredDatePickerStyle == .automatic && picker.datePickerStyle == .compact)
        picker.preferredDatePickerStyle = .wheels
        #expect(picker.datePickerStyle == .wheels && picker.intrinsicContentSize.height == 216)
        picker.preferredDatePickerStyle = .compact
        picker.datePickerMode = .countDownTimer
        #expect(picker.datePickerStyle == .wheels)
        picker.datePickerMode = .date
        #expect(picker.datePickerStyle == .compact)
        #expect(picker.intrinsicContentSize.height < 60)
    }

    @Test("a date set outside the limits is clamped; the wheels show it; no action is sent")
    func clampingFromCode() {
        let picker = makePicker(.date)
        var changes = 0
        picker.addAction(UIAction { _ in changes += 1 }, for: .valueChanged)
        picker.minimumDate = date(2026, 1, 10)
        picker.maximumDate = date(2026, 12, 20)
        picker.date = date(2025, 6, 1)
        #expect(picker.date == date(2026, 1, 10))
        picker.setDate(date(2030, 1, 1), animated: true)
        #expect(picker.date == date(2026, 12, 20))
        show(picker)
        screen.advance(by: 1)
        let wheels = picker.wheels
        #expect(wheels.selectedRow(inComponent: 0) % 12 == 11 && wheels.selectedRow(inComponent: 1) % 31 == 19)
        #expect(changes == 0)
        picker.maximumDate = date(2026, 5, 1)
        #expect(picker.date == date(2026, 5, 1), "a new maximum pulls the date in")
    }

    @Test("turning a wheel changes the date and sends valueChanged once; past a limit it springs back")
    func turningWheels() {
        let picker = makePicker(.date)
        picker.date = date(2026, 1, 31)
        picker.minimumDate = date(2026, 1, 30)
        var changes: [Date] = []
        picker.addAction(UIAction { action in changes.append((action.sender as! UIDatePicker).date) }, for: .valueChanged)
        show(picker)
        tapRow(1, ofWheel: 0, in: picker)
        #expect(picker.date == date(2026, 2, 28), "31 February becomes the 28th")
        #expect(changes == [date(2026, 2, 28)])
        #expect(picker.wheels.selectedRow(inComponent: 1) % 31 == 27, "the day wheel springs back to 28")
        tapRow(-1, ofWheel: 0, in: picker)
        #expect(picker.date == date(2026, 1, 30), "the 28th of January is before the minimum")
        #expect(changes.count == 2)
        tapRow(-1, ofWheel: 1, in: picker)
        #expect(picker.date == date(2026, 1, 30), "the 29th is before the minimum: back to the 30th")
        #expect(changes.count == 2, "nothing changed, nothing sent")
    }

    @Test("rows that would take the date past a limit are drawn in grey; the limit's own day is not")
    func greyRowsOutsideLimits() {
        let picker = makePicker(.date)
        picker.minimumDate = date(2026, 3, 10)
        picker.date = date(2026, 3, 14)
        let wheels = picker.wheels
        let day = wheels.selectedRow(inComponent: 1)
        let before = wheels.delegate?.pickerView(wheels, attributedTitleForRow: day - 5, forComponent: 1)
        #expect(before?.string == "9")
        #expect(before?.attribute(.foregroundColor, at: 0, effectiveRange: nil) as? UIColor === UIColor.tertiaryLabel)
        #expect(wheels.delegate?.pickerView(wheels, attributedTitleForRow: day - 4, forComponent: 1) == nil)
        #expect(wheels.delegate?.pickerView(wheels, attributedTitleForRow: day + 1, forComponent: 1) == nil)
        let month = wheels.selectedRow(inComponent: 0)
        #expect(wheels.delegate?.pickerView(wheels, attributedTitleForRow: month - 1, forComponent: 0) != nil,
                "February is before the minimum")
    }

    @Test("the inline style draws the month as a grid: a tap on a day picks it, the chevrons turn the month")
    func inlineCalendar() throws {
        let picker = makePicker(.date)
        picker.preferredDatePickerStyle = .inline
        picker.date = date(2026, 12, 2, 9, 41)
        picker.minimumDate = date(2026, 11, 20)
        picker.frame = CGRect(origin: CGPoint(x: 0, y: 0), size: picker.intrinsicContentSize)
        #expect(picker.datePickerStyle == .inline && picker.frame.height == InlineCalendarView.height)
        var changes = 0
        picker.addAction(UIAction { _ in changes += 1 }, for: .valueChanged)
        let window = UIWindow(frame: .zero)
        window.backgroundColor = .systemBackground
        window.addSubview(picker)
        let screen = HeadlessScreen(size: CGSize(width: 320, height: 360), scale: 2)
        screen.show(window)
        screen.advance(by: 0.1)
        #expect(picker.calendarView.title.text == "December 2026")
        #expect(picker.wheels.isHidden && !picker.calendarView.isHidden)
        for style in [UIUserInterfaceStyle.light, .dark] {
            screen.userInterfaceStyle = style
            screen.advance(by: 0.1)
            writeForLooking(screen.snapshot(), "date-picker-inline-\(style == .dark ? "dark" : "light")")
        }
        screen.userInterfaceStyle = .light
        // 1 December 2026 is a Tuesday: the first week's third cell (Sunday first, en_US).
        let cellWidth = (320 - 2 * InlineCalendarView.inset) / 7
        func cell(_ index: Int) -> CGPoint {
            CGPoint(x: InlineCalendarView.inset + (CGFloat(index % 7) + 0.5) * cellWidth,
                    y: InlineCalendarView.inset + InlineCalendarView.headerHeight + InlineCalendarView.weekdayHeight
                        + (CGFloat(index / 7) + 0.5) * InlineCalendarView.rowHeight)
        }
        screen.tap(at: cell(2 + 16))
        screen.advance(by: 0.1)
        #expect(picker.date == date(2026, 12, 17, 9, 41), "the 17th, at the same time")
        #expect(changes == 1)
        screen.tap(at: picker.calendarView.previous.center)
        screen.advance(by: 0.1)
        #expect(picker.calendarView.title.text == "November 2026")
        #expect(changes == 0 + 1, "turning the month picks nothing")
        // 1 November 2026 is a Sunday; the 10th is before the minimum and cannot be picked.
        screen.tap(at: cell(9))
        screen.advance(by: 0.1)
        #expect(picker.date == date(2026, 12, 17, 9, 41) && changes == 1)
        screen.tap(at: cell(24))
        screen.advance(by: 0.1)
        #expect(picker.date == date(2026, 11, 25, 9, 41) && changes == 2)
    }

    @Test("the inline calendar's days and chevrons are buttons VoiceOver can read and activate, as on iOS")
    func inlineCalendarAccessibility() throws {
        let picker = makePicker(.date)
        picker.preferredDatePickerStyle = .inline
        picker.date = date(2026, 12, 2, 9, 41)
        picker.minimumDate = date(2026, 12, 1)
        picker.frame = CGRect(origin: .zero, size: picker.intrinsicContentSize)
        var changes = 0
        picker.addAction(UIAction { _ in changes += 1 }, for: .valueChanged)
        let window = UIWindow(frame: .zero)
        window.addSubview(picker)
        let screen = HeadlessScreen(size: CGSize(width: 320, height: 360), scale: 2)
        screen.show(window)
        screen.advance(by: 0.1)
        let picked = try screen.element(labelled: "Wednesday, December 2")
        #expect(picked.traits.contains(.button) && picked.traits.contains(.selected))
        let day = try screen.element(labelled: "Sunday, December 20")
        #expect(day.traits.contains(.button) && !day.traits.contains(.selected))
        day.tap()
        screen.advance(by: 0.1)
        #expect(picker.date == date(2026, 12, 20, 9, 41) && changes == 1)
        #expect(try screen.element(labelled: "Sunday, December 20").traits.contains(.selected))
        try screen.element(labelled: "Previous Month").tap()
        screen.advance(by: 0.1)
        #expect(picker.calendarView.title.text == "November 2026")
        // Days before the minimum are there, but not enabled.
        #expect(try screen.element(labelled: "Monday, November 30").traits.contains(.notEnabled))
        try screen.element(labelled: "Next Month").tap()
        screen.advance(by: 0.1)
        #expect(picker.calendarView.title.text == "December 2026")
    }

    @Test("time wheels: hour, minute and AM/PM make the time; the minute interval steps the minutes")
    func timeWheels() {
        let picker = makePicker(.time)
        picker.date = date(2026, 7, 4, 9, 41)
        var changes = 0
        picker.addAction(UIAction { _ in changes += 1 }, for: .valueChanged)
        show(picker)
        tapRow(1, ofWheel: 2, in: picker)
        #expect(picker.date == date(2026, 7, 4, 21, 41), "PM")
        tapRow(-2, ofWheel: 0, in: picker)
        #expect(picker.date == date(2026, 7, 4, 19, 41))
        #expect(changes == 2)
        picker.minuteInterval = 15
        #expect(picker.columns[1] == .minute(interval: 15))
        #expect(picker.wheels.numberOfRows(inComponent: 1) % 4 == 0)
    }

    @Test("the count-down timer's wheels set countDownDuration")
    func countDown() {
        let picker = makePicker(.countDownTimer)
        picker.countDownDuration = 90 * 60
        show(picker)
        #expect(picker.wheels.selectedRow(inComponent: 0) == 1)
        tapRow(1, ofWheel: 0, in: picker)
        #expect(picker.countDownDuration == 150 * 60)
        picker.countDownDuration = 100_000
        #expect(picker.countDownDuration == 86_340)
    }

    @Test("a minimum after the maximum, a bad minute interval and a NaN duration are reported once and ignored")
    func badLimits() {
        var reports: [String] = []
        screen.onReport = { reports.append($0) }
        let picker = makePicker(.date)
        show(picker)
        picker.minimumDate = date(2026, 9, 1)
        picker.maximumDate = date(2026, 3, 1)
        #expect(reports.count == 1 && reports[0].contains("is after the maximum date"))
        picker.date = date(2026, 6, 1)
        #expect(picker.date == date(2026, 6, 1), "neither limit applies")
        picker.minuteInterval = 7
        #expect(picker.minuteInterval == 1 && reports.count == 2)
        picker.countDownDuration = .nan
        #expect(picker.countDownDuration == 0 && reports.count == 3)
    }

    @Test("after a rotation the input view stays along the window's bottom edge, as wide as the window")
    func inputViewFollowsRotation() {
        let screen = HeadlessScreen(device: .iPhone15)
        let window = UIWindow(frame: .zero)
        let controller = UIViewController()
        window.rootViewController = controller
        let field = UITextField(frame: CGRect(x: 20, y: 200, width: 300, height: 34))
        let picker = makePicker(.date)
        field.inputView = picker
        controller.view.addSubview(field)
        screen.show(window)
        #expect(field.becomeFirstResponder())
        screen.advance(by: 0.5)
        screen.rotate(to: .landscapeLeft)
        screen.advance(by: 1)
        let shown = picker.convert(picker.bounds, to: nil)
        let keyboard = window.softwareKeyboard.frame
        #expect(field.isFirstResponder && picker.window === window)
        #expect(keyboard?.width == 852 && keyboard?.maxY == 393)
        #expect(shown.maxY == 393 - window.safeAreaInsets.bottom, "along the bottom edge, above the home indicator")
        #expect(shown.minY >= 393 - (keyboard?.height ?? 0) && shown.width == 852)
    }

    @Test("popping the controller whose field shows an input view takes the input view away, by Back and by the edge swipe")
    func inputViewLeavesWithItsController() {
        for swipe in [false, true] {
            let screen = HeadlessScreen(device: .iPhone15)
            let root = UIViewController()
            let nav = UINavigationController(rootViewController: root)
            let window = UIWindow(frame: .zero)
            window.rootViewController = nav
            screen.show(window)
            let form = UIViewController()
            let field = UITextField(frame: CGRect(x: 20, y: 200, width: 300, height: 34))
            let picker = makePicker(.date)
            field.inputView = picker
            form.view.addSubview(field)
            nav.pushViewController(form, animated: false)
            screen.advance(by: 0.1)
            #expect(field.becomeFirstResponder())
            screen.advance(by: 0.5)
            #expect(picker.window === window)
            if swipe {
                screen.drag(from: CGPoint(x: 2, y: 400), to: CGPoint(x: 330, y: 400), duration: 0.3)
            } else {
                nav.popViewController(animated: true)
            }
            screen.advance(by: 1)
            #expect(nav.topViewController === root, "swipe: \(swipe)")
            #expect(!field.isFirstResponder, "swipe: \(swipe)")
            #expect(picker.window == nil && window.softwareKeyboard.frame == nil, "swipe: \(swipe)")
        }
    }

    @Test("as a text field's inputView it slides up in the keyboard's place, with the keyboard's notifications")
    func inputView() {
        let screen = HeadlessScreen(device: .iPhone15)
        let window = UIWindow(frame: .zero)
        window.backgroundColor = .systemBackground
        let field = UITextField(frame: CGRect(x: 20, y: 100, width: 300, height: 34))
        field.borderStyle = .roundedRect
        let other = UITextField(frame: CGRect(x: 20, y: 150, width: 300, height: 34))
        let picker = makePicker(.date)
        picker.frame = .zero
        picker.date = date(2026, 12, 2)
        field.inputView = picker
        #expect(field.inputView === picker)
        window.addSubview(field)
        window.addSubview(other)
        screen.show(window)
        let shown = NotificationCount()
        let token = NotificationCenter.default.addObserver(forName: UIResponder.keyboardWillShowNotification,
                                                           object: nil, queue: nil) { _ in shown.add() }
        defer { NotificationCenter.default.removeObserver(token) }
        screen.tap(at: CGPoint(x: 60, y: 117))
        screen.advance(by: 0.5)
        #expect(field.isFirstResponder)
        #expect(shown.count == 1)
        #expect(picker.window === window)
        #expect(firstView(of: KeyboardView.self, in: window) == nil, "no keys")
        let frame = picker.convert(picker.bounds, to: nil)
        #expect(frame.height == 216 && frame.width == window.bounds.width)
        #expect(frame.maxY == window.bounds.height - window.safeAreaInsets.bottom)
        #expect(window.softwareKeyboard.frame?.height == 216 + window.safeAreaInsets.bottom)
        writeForLooking(screen.snapshot(), "date-picker-input-view")

        screen.tap(at: CGPoint(x: 60, y: 167))
        screen.advance(by: 0.5)
        #expect(other.isFirstResponder)
        #expect(picker.window == nil, "the keys take its place")
        #expect(firstView(of: KeyboardView.self, in: window) != nil)
        other.resignFirstResponder()
        screen.advance(by: 0.5)
        #expect(window.softwareKeyboard.frame == nil)
    }

    /// The first view of type `T` in `view`'s hierarchy.
    func firstView<T: UIView>(of type: T.Type, in view: UIView) -> T? {
        if let match = view as? T { return match }
        for subview in view.subviews { if let match = firstView(of: type, in: subview) { return match } }
        return nil
    }
}

/// Counts notifications posted on any thread.
final class NotificationCount: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    var count: Int { lock.withLock { value } }
    func add() { lock.withLock { value += 1 } }
}
