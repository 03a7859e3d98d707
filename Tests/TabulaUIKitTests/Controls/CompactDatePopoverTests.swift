import Foundation
import Testing
@testable import TabulaUIKit
import TabulaUIKitTestSupport

@MainActor
@Suite("UIDatePicker's compact popover")
struct CompactDatePopoverTests {
    let screen = HeadlessScreen(size: CGSize(width: 390, height: 844), scale: 2)
    let utc = TimeZone(identifier: "UTC")!

    func date(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 12, _ minute: Int = 0) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = utc
        return calendar.date(from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute))!
    }

    /// A compact date-and-time picker at `y`, right-aligned as in a form row, counting the
    /// events it sends.
    func showPicker(atY y: CGFloat) -> (UIDatePicker, UIWindow, Events) {
        let picker = UIDatePicker(frame: .zero)
        picker.calendar = Calendar(identifier: .gregorian)
        picker.locale = Locale(identifier: "en_US")
        picker.timeZone = utc
        picker.datePickerMode = .dateAndTime
        picker.preferredDatePickerStyle = .compact
        picker.date = date(2026, 12, 2, 9, 41)
        let size = picker.intrinsicContentSize
        picker.frame = CGRect(x: 390 - 16 - size.width, y: y, width: size.width, height: size.height)
        let events = Events()
        picker.addAction(UIAction { _ in events.began += 1 }, for: .editingDidBegin)
        picker.addAction(UIAction { _ in events.changed += 1 }, for: .valueChanged)
        picker.addAction(UIAction { _ in events.ended += 1 }, for: .editingDidEnd)
        let window = UIWindow(frame: .zero)
        window.backgroundColor = .systemGroupedBackground
        window.addSubview(picker)
        screen.show(window)
        screen.advance(by: 0.1)
        return (picker, window, events)
    }

    final class Events {
        var began = 0, changed = 0, ended = 0
    }

    /// The centre of a capsule on screen.
    func capsuleCentre(_ picker: UIDatePicker, _ part: CompactDatePopover.Part) throws -> CGPoint {
        let frame = try #require(picker.capsuleFrame(part, in: picker.window!))
        return CGPoint(x: frame.midX, y: frame.midY)
    }

    @Test("a tap on the date opens the month grid under it; a day picked moves the date at once; a tap outside closes it")
    func dateCapsuleOpensTheCalendar() throws {
        let (picker, window, events) = showPicker(atY: 120)
        screen.tap(at: try capsuleCentre(picker, .date))
        // Half-way through opening: the platter is on its way in, neither gone nor done.
        screen.advance(by: 0.06)
        let popover = try #require(picker.popover)
        let opening = popover.platter.layer.presentation()?.opacity ?? -1
        #expect(opening > 0.05 && opening < 0.95, "opacity mid-way: \(opening)")
        screen.advance(by: 0.5)
        #expect(popover.superview === window && events.began == 1 && events.ended == 0)
        #expect(popover.platter.layer.presentation()?.opacity == 1)
        let capsule = try #require(picker.capsuleFrame(.date, in: window))
        let platter = popover.platter.frame
        #expect(platter.minY >= capsule.maxY, "under the capsule: \(platter) below \(capsule)")
        #expect(window.bounds.contains(platter), "inside the window: \(platter)")
        #expect(platter.size == CGSize(width: 320, height: InlineCalendarView.height))
        #expect(picker.compactView.dateLabel.textColor == .tintColor, "the open capsule's text takes the tint")
        writeForLooking(screen.snapshot(), "date-picker-compact-popover-light")
        screen.userInterfaceStyle = .dark
        screen.advance(by: 0.1)
        writeForLooking(screen.snapshot(), "date-picker-compact-popover-dark")
        screen.userInterfaceStyle = .light
        screen.advance(by: 0.1)

        // 1 December 2026 is a Tuesday: the 17th is the third week's fifth cell.
        let grid = popover.picker.calendarView
        #expect(grid.title.text == "December 2026")
        let cellWidth = (grid.bounds.width - 2 * InlineCalendarView.inset) / 7
        let cell = 2 + 16
        let inGrid = CGPoint(x: InlineCalendarView.inset + (CGFloat(cell % 7) + 0.5) * cellWidth,
                             y: InlineCalendarView.inset + InlineCalendarView.headerHeight + InlineCalendarView.weekdayHeight
                                 + (CGFloat(cell / 7) + 0.5) * InlineCalendarView.rowHeight)
        screen.tap(at: grid.convert(inGrid, to: nil))
        screen.advance(by: 0.1)
        #expect(picker.date == date(2026, 12, 17, 9, 41), "the 17th, keeping the time of day")
        #expect(events.changed == 1)
        #expect(picker.popover === popover && popover.superview === window, "picking a day leaves it open")
        #expect(picker.compactView.dateLabel.text == "Dec 17, 2026")

        // A tap outside the platter closes it, fading.
        screen.tap(at: CGPoint(x: 30, y: 780))
        screen.advance(by: 0.05)
        #expect(picker.popover == nil && events.ended == 1)
        screen.advance(by: 0.5)
        #expect(popover.superview == nil)
        #expect(picker.compactView.dateLabel.textColor == .label)
        #expect(events.changed == 1, "closing changes nothing")
    }

    @Test("the time opens hour and minute wheels; near the bottom of the window the popover opens above")
    func timeCapsuleOpensWheelsAbove() throws {
        let (picker, window, events) = showPicker(atY: 760)
        screen.tap(at: try capsuleCentre(picker, .time))
        screen.advance(by: 0.5)
        let popover = try #require(picker.popover)
        #expect(popover.part == .time && popover.picker.datePickerStyle == .wheels && popover.picker.datePickerMode == .time)
        let capsule = try #require(picker.capsuleFrame(.time, in: window))
        #expect(popover.platter.frame.maxY <= capsule.minY, "above the capsule: \(popover.platter.frame) over \(capsule)")
        #expect(window.bounds.contains(popover.platter.frame))
        #expect(picker.compactView.timeLabel.textColor == .tintColor && picker.compactView.dateLabel.textColor == .label)
        // The date set in code while open shows in the wheels, sending nothing.
        picker.date = date(2026, 12, 2, 18, 5)
        #expect(popover.picker.date == picker.date && events.changed == 0)
        screen.advance(by: 0.1)
        writeForLooking(screen.snapshot(), "date-picker-compact-time-popover")
        // A tap on the minute below the middle turns the wheel there: the picker's date moves.
        let wheels = popover.picker.wheels
        let minutes = wheels.wheels[1].container
        let below = CGPoint(x: minutes.bounds.midX,
                            y: wheels.bounds.midY + wheels.geometry.radius * sin(32 / wheels.geometry.radius))
        screen.tap(at: CGPoint(x: minutes.convert(CGPoint(x: below.x, y: 0), to: nil).x, y: wheels.convert(CGPoint(x: 0, y: below.y), to: nil).y))
        screen.advance(by: 1)
        #expect(picker.date == date(2026, 12, 2, 18, 6) && events.changed == 1, "\(picker.date)")

        // Turned sideways while open: the platter stays inside the window.
        screen.rotate(to: .landscapeRight)
        screen.advance(by: 1)
        #expect(window.bounds.width > window.bounds.height)
        #expect(window.bounds.contains(popover.platter.frame), "\(popover.platter.frame) in \(window.bounds)")
        screen.rotate(to: .portrait)
        screen.advance(by: 1)

        // Taken out of its window while open: the popover goes at once, and editing ends.
        picker.removeFromSuperview()
        #expect(picker.popover == nil && popover.superview == nil && events.ended == 1)
    }

    @Test("a disabled picker opens nothing; a second tap on the open capsule's part keeps one popover")
    func disabledAndRepeated() throws {
        let (picker, window, events) = showPicker(atY: 120)
        picker.isEnabled = false
        screen.tap(at: try capsuleCentre(picker, .date))
        screen.advance(by: 0.5)
        #expect(picker.popover == nil && events.began == 0)
        picker.isEnabled = true
        picker.openPopover(.date)
        picker.openPopover(.date)
        screen.advance(by: 0.5)
        #expect(window.subviews.filter { $0 is CompactDatePopover }.count == 1 && events.began == 1)
        // Opening the other part closes the first.
        picker.openPopover(.time)
        screen.advance(by: 0.5)
        #expect(window.subviews.filter { $0 is CompactDatePopover }.count == 1 && picker.popover?.part == .time)
        #expect(events.began == 2 && events.ended == 1)
    }

    @Test("at the largest text sizes the capsules go one above the other in a narrow width, each inside the picker")
    func capsulesStackWhenNarrow() throws {
        let (picker, window, _) = showPicker(atY: 120)
        let standard = picker.sizeThatFits(CGSize(width: 300, height: 0))
        #expect(standard == picker.intrinsicContentSize, "side by side at the standard size: \(standard)")
        screen.preferredContentSizeCategory = .accessibilityExtraExtraExtraLarge
        screen.advance(by: 0.1)
        let wide = picker.intrinsicContentSize
        #expect(wide.width > 300, "side by side they need \(wide.width) points")
        let stacked = picker.sizeThatFits(CGSize(width: 300, height: 0))
        #expect(stacked.width <= 300 && stacked.height > wide.height * 1.8, "\(stacked) against \(wide)")
        picker.frame = CGRect(x: 60, y: 120, width: stacked.width, height: stacked.height)
        screen.advance(by: 0.1)
        let date = try #require(picker.capsuleFrame(.date, in: picker)), time = try #require(picker.capsuleFrame(.time, in: picker))
        #expect(picker.bounds.contains(date) && picker.bounds.contains(time), "\(date), \(time) in \(picker.bounds)")
        #expect(time.minY >= date.maxY, "the time under the date")
        #expect(window.subviews.contains(picker))
    }

    @Test("the popover follows the picker's settings while open and closes when its capsule goes; taken away by app code, it closes")
    func settingsChangedWhileOpen() throws {
        let (picker, window, events) = showPicker(atY: 120)
        var reports: [String] = []
        screen.onReport = { reports.append($0) }
        picker.openPopover(.date)
        screen.advance(by: 0.5)
        let popover = try #require(picker.popover)
        // New limits, locale and time zone show in the month grid at once.
        picker.minimumDate = date(2027, 1, 10)
        picker.locale = Locale(identifier: "fr_FR")
        screen.advance(by: 0.1)
        #expect(picker.date == date(2027, 1, 10) && popover.picker.date == picker.date)
        #expect(popover.picker.minimumDate == date(2027, 1, 10) && popover.picker.locale == picker.locale)
        #expect(popover.picker.calendarView.title.text == "janvier 2027", "\(popover.picker.calendarView.title.text ?? "-")")
        // Limits out of order are reported once, by the picker, and apply in neither.
        picker.maximumDate = date(2026, 1, 1)
        screen.advance(by: 0.1)
        #expect(reports.count == 1, "\(reports)")
        #expect(popover.picker.minimumDate == nil && popover.picker.maximumDate == nil)
        #expect(events.changed == 0, "settings set in code send nothing")

        // A date-only picker has no time capsule: the time popover closes, editing ends.
        picker.maximumDate = nil
        picker.openPopover(.time)
        screen.advance(by: 0.5)
        let timePopover = try #require(picker.popover)
        picker.datePickerMode = .date
        #expect(picker.popover == nil && timePopover.superview == nil && events.ended == 2)
        #expect(picker.compactView.timeLabel.textColor == .label)
        // The inline style shows the grid in place: the date popover closes.
        picker.openPopover(.date)
        screen.advance(by: 0.5)
        picker.preferredDatePickerStyle = .inline
        #expect(picker.popover == nil && events.ended == 3)
        #expect(window.subviews.filter { $0 is CompactDatePopover }.isEmpty)

        // Removed by app code (every subview of the window taken away): editing ends, and a
        // tap on the capsule opens it again.
        picker.preferredDatePickerStyle = .compact
        screen.advance(by: 0.1)
        picker.openPopover(.date)
        screen.advance(by: 0.5)
        picker.popover?.removeFromSuperview()
        #expect(picker.popover == nil && events.ended == 4 && picker.compactView.dateLabel.textColor == .label)
        screen.tap(at: try capsuleCentre(picker, .date))
        screen.advance(by: 0.5)
        #expect(picker.popover?.window === window && events.began == 5)
    }
}
