import Foundation

/// One wheel of a date picker and the values its rows stand for.
///
/// Months, days, hours and minutes go round: their wheels repeat the values
/// ``DatePickerColumn/loops`` times and start in the middle, so that they can be turned
/// either way for a long time, as iOS's do.
enum DatePickerColumn: Equatable {
    case month, day, year
    /// Weekday, month and day in one wheel (`.dateAndTime`): one row a day from ``dayZero``.
    case monthDay
    /// Hours of a 12-hour clock (1…12) or a 24-hour one (0…23).
    case hour(twelveHour: Bool)
    /// Minutes, in steps of `interval`.
    case minute(interval: Int)
    case meridiem
    /// A duration's hours (0…23) and minutes.
    case durationHours
    case durationMinutes(interval: Int)

    /// How many times a wheel that goes round repeats its values.
    static let loops = 200
    /// How many rows the `.monthDay` wheel has: a day each, from 1900 for 400 years.
    static let dayRows = 146_100

    /// The number of distinct values.
    var valueCount: Int {
        switch self {
        case .month: 12
        case .day: 31
        case .year: 9999
        case .monthDay: Self.dayRows
        case .hour(let twelve): twelve ? 12 : 24
        case .minute(let interval), .durationMinutes(let interval): 60 / interval
        case .meridiem: 2
        case .durationHours: 24
        }
    }

    /// Whether the wheel goes round.
    var cycles: Bool {
        switch self {
        case .month, .day, .hour, .minute, .durationMinutes: true
        case .year, .monthDay, .meridiem, .durationHours: false
        }
    }

    var rowCount: Int { cycles ? valueCount * Self.loops : valueCount }

    /// The value index (0 ..< valueCount) of `row`.
    func valueIndex(ofRow row: Int) -> Int { cycles ? ((row % valueCount) + valueCount) % valueCount : row }

    /// The row showing value `index` nearest to `row` (for a wheel that goes round, the
    /// copy of the value closest to where the wheel is, so that it turns the short way).
    func row(forValueIndex index: Int, near row: Int) -> Int {
        guard cycles else { return min(max(index, 0), valueCount - 1) }
        // Near either end (a wheel just made, or turned a very long way), start again from
        // the middle lap, so that there is always a copy of the value on either side.
        let centre = (valueCount ..< rowCount - valueCount).contains(row) ? row : rowCount / 2
        var best = centre / valueCount * valueCount + index
        for candidate in [best - valueCount, best + valueCount] where abs(candidate - centre) < abs(best - centre) {
            best = candidate
        }
        return best
    }

    /// The share of the picker's width the wheel takes.
    var widthShare: CGFloat {
        switch self {
        case .month: 0.42
        case .day: 0.18
        case .year: 0.28
        case .monthDay: 0.46
        case .hour, .minute, .meridiem: 0.17
        case .durationHours, .durationMinutes: 0.5
        }
    }
}

/// Answers a date picker's wheels for it (a picker's data source and delegate are weak,
/// and UIKit's date picker is neither).
@MainActor
final class DatePickerWheelSource: UIPickerViewDataSource, UIPickerViewDelegate {
    unowned let owner: UIDatePicker
    init(owner: UIDatePicker) { self.owner = owner }

    func numberOfComponents(in pickerView: UIPickerView) -> Int { owner.columns.count }
    func pickerView(_ pickerView: UIPickerView, numberOfRowsInComponent component: Int) -> Int {
        owner.columns.indices.contains(component) ? owner.columns[component].rowCount : 0
    }
    func pickerView(_ pickerView: UIPickerView, widthForComponent component: Int) -> CGFloat {
        owner.wheelWidth(forComponent: component, in: pickerView)
    }
    func pickerView(_ pickerView: UIPickerView, titleForRow row: Int, forComponent component: Int) -> String? {
        owner.wheelTitle(forRow: row, forComponent: component)
    }
    func pickerView(_ pickerView: UIPickerView, attributedTitleForRow row: Int,
                    forComponent component: Int) -> NSAttributedString? {
        owner.wheelTitleOutsideLimits(forRow: row, forComponent: component)
    }
    func pickerView(_ pickerView: UIPickerView, didSelectRow row: Int, inComponent component: Int) {
        owner.wheelDidSettle()
    }
}

extension UIDatePicker {
    /// The first day of the `.monthDay` wheel.
    var dayZero: Date {
        var parts = DateComponents()
        parts.year = 1900
        parts.month = 1
        parts.day = 1
        parts.hour = 12
        return effectiveCalendar.date(from: parts) ?? Date(timeIntervalSinceReferenceDate: -3_218_000_000)
    }

    /// Whether the locale uses a 12-hour clock (its hour format has an AM/PM marker).
    var usesTwelveHourClock: Bool {
        let format = DateFormatter.dateFormat(fromTemplate: "j", options: 0, locale: locale ?? Locale.current) ?? "h a"
        return format.contains("a")
    }

    /// The wheels for the mode and locale, in the locale's order.
    func makeColumns() -> [DatePickerColumn] {
        let twelve = usesTwelveHourClock
        let time: [DatePickerColumn] = [.hour(twelveHour: twelve), .minute(interval: minuteInterval)]
            + (twelve ? [.meridiem] : [])
        switch datePickerMode {
        case .time: return time
        case .dateAndTime: return [.monthDay] + time
        case .countDownTimer: return [.durationHours, .durationMinutes(interval: minuteInterval)]
        case .date, .yearAndMonth:
            let format = DateFormatter.dateFormat(fromTemplate: "yMMMMd", options: 0, locale: locale ?? Locale.current)
                ?? "MMMM d y"
            var order: [(String.Index, DatePickerColumn)] = []
            if let m = format.firstIndex(of: "M") ?? format.firstIndex(of: "L") { order.append((m, .month)) }
            if datePickerMode == .date, let d = format.firstIndex(of: "d") { order.append((d, .day)) }
            if let y = format.firstIndex(of: "y") { order.append((y, .year)) }
            let columns = order.sorted { $0.0 < $1.0 }.map(\.1)
            return columns.isEmpty ? [.month, .day, .year] : columns
        }
    }

    /// Builds the wheels again for the mode, locale, calendar or interval, and shows the date.
    func rebuildColumns() {
        columns = makeColumns()
        wheels.reloadAllComponents()
        syncWheels(animated: false)
        invalidateIntrinsicContentSize()
        setNeedsLayout()
        popoverSettingsDidChange()
    }

    // MARK: Data source and delegate

    /// The wheel's share of the width.
    func wheelWidth(forComponent component: Int, in pickerView: UIPickerView) -> CGFloat {
        guard columns.indices.contains(component) else { return 0 }
        let total = columns.map(\.widthShare).reduce(0, +)
        let available = pickerView.bounds.width - 2 * UIPickerView.sideInset
            - UIPickerView.componentSpacing * CGFloat(columns.count - 1)
        return max(0, (available * columns[component].widthShare / total).rounded(.down))
    }

    /// The row's title: a month name, a number, a weekday and date, AM or PM.
    func wheelTitle(forRow row: Int, forComponent component: Int) -> String? {
        guard columns.indices.contains(component) else { return nil }
        let column = columns[component]
        let index = column.valueIndex(ofRow: row)
        let calendar = effectiveCalendar
        switch column {
        case .month:
            let names = calendar.standaloneMonthSymbols
            return names.indices.contains(index) ? names[index] : "\(index + 1)"
        case .day: return wheelNumber(index + 1, of: .day, calendar)
        case .year: return wheelNumber(index + 1, of: .year, calendar)
        case .monthDay:
            guard let day = calendar.date(byAdding: .day, value: index, to: dayZero) else { return nil }
            // Today's row reads "Today", in the picker's language, as iOS's does.
            if calendar.isDate(day, inSameDayAs: Date()) { return Self.todayTitle(calendar) }
            return monthDayFormatter(calendar).string(from: day).replacingOccurrences(of: ",", with: "")
        case .hour(let twelve): return twelve ? "\(index == 0 ? 12 : index)" : String(format: "%02d", index)
        case .minute(let interval): return String(format: "%02d", index * interval)
        case .meridiem: return index == 0 ? calendar.amSymbol : calendar.pmSymbol
        case .durationHours: return index == 1 ? "1 hour" : "\(index) hours"
        case .durationMinutes(let interval): return "\(index * interval) min"
        }
    }

    /// The title of a row that would take the date outside the limits, in grey (as iOS
    /// draws the days before the minimum); nil for the rows inside, which are drawn plainly.
    func wheelTitleOutsideLimits(forRow row: Int, forComponent component: Int) -> NSAttributedString? {
        guard datePickerMode != .countDownTimer, let limits, limits.lower != nil || limits.upper != nil,
              columns.indices.contains(component), let title = wheelTitle(forRow: row, forComponent: component)
        else { return nil }
        let granularity: Calendar.Component
        switch columns[component] {
        case .year: granularity = .year
        case .month: granularity = .month
        case .day, .monthDay: granularity = .day
        case .hour: granularity = .hour
        default: granularity = .minute
        }
        let calendar = effectiveCalendar
        let date = composedDate(overriding: component, row: row)
        let early = limits.lower.map { calendar.compare(date, to: $0, toGranularity: granularity) == .orderedAscending }
        let late = limits.upper.map { calendar.compare(date, to: $0, toGranularity: granularity) == .orderedDescending }
        guard early == true || late == true else { return nil }
        return NSAttributedString(string: title, attributes: [.foregroundColor: UIColor.tertiaryLabel])
    }

    /// The user settled a wheel: the date (or duration) follows, within the limits, and
    /// `.valueChanged` is sent when it changed.
    func wheelDidSettle() {
        if datePickerMode == .countDownTimer {
            let duration = composedDuration()
            let changed = duration != countDownDuration
            countDownDuration = duration
            syncWheels(animated: true)
            if changed { sendActions(for: .valueChanged) }
            return
        }
        let picked = composedDate()
        let kept = clamped(picked)
        let changed = kept != storedDate
        storedDate = kept
        syncWheels(animated: true)
        if changed { wheels.reloadVisibleRows() }
        setNeedsLayout()
        if changed { sendActions(for: .valueChanged) }
    }

    /// "Today" in the calendar's locale ("Aujourd’hui", "Heute"…): a relative format of
    /// now, capitalized as a title.
    private static func todayTitle(_ calendar: Calendar) -> String {
        var style = Date.RelativeFormatStyle(presentation: .named, unitsStyle: .wide, locale: calendar.locale ?? .current,
                                             calendar: calendar, capitalizationContext: .beginningOfSentence)
        style.allowedFields = [.day]
        return style.format(Date())
    }

    /// A day or year wheel's row as the picker's language writes that number alone: "7"
    /// and "2026" in English, "7일" and "2026년" in Korean, "7日" and "2026年" in Japanese
    /// and Chinese, as iOS shows them.
    private func wheelNumber(_ value: Int, of unit: Calendar.Component, _ calendar: Calendar) -> String {
        var parts = DateComponents()
        parts.year = unit == .year ? value : 2001
        parts.month = 1
        parts.day = unit == .day ? value : 1
        parts.hour = 12
        guard let date = calendar.date(from: parts) else { return "\(value)" }
        let formatter = DateFormatter()
        formatter.calendar = calendar
        formatter.locale = calendar.locale
        formatter.timeZone = calendar.timeZone
        formatter.setLocalizedDateFormatFromTemplate(unit == .year ? "y" : "d")
        return formatter.string(from: date)
    }

    private func monthDayFormatter(_ calendar: Calendar) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.calendar = calendar
        formatter.locale = calendar.locale
        formatter.timeZone = calendar.timeZone
        formatter.setLocalizedDateFormatFromTemplate("EEEMMMd")
        return formatter
    }

    // MARK: Date ↔ rows

    /// Turns each wheel to the date's (or the duration's) value.
    func syncWheels(animated: Bool) {
        guard !columns.isEmpty, wheels.numberOfComponents == columns.count else { return }
        let calendar = effectiveCalendar
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: storedDate)
        let minutes = Int((countDownDuration / 60).rounded(.down))
        for (component, column) in columns.enumerated() {
            let index: Int
            switch column {
            case .month: index = (parts.month ?? 1) - 1
            case .day: index = (parts.day ?? 1) - 1
            case .year: index = (parts.year ?? 2001) - 1
            case .monthDay:
                let start = calendar.startOfDay(for: dayZero)
                index = calendar.dateComponents([.day], from: start, to: calendar.startOfDay(for: storedDate)).day ?? 0
            case .hour(let twelve): index = twelve ? (parts.hour ?? 0) % 12 : (parts.hour ?? 0)
            case .minute(let interval): index = (parts.minute ?? 0) / interval
            case .meridiem: index = (parts.hour ?? 0) >= 12 ? 1 : 0
            case .durationHours: index = minutes / 60
            case .durationMinutes(let interval): index = (minutes % 60) / interval
            }
            let current = wheels.selectedRow(inComponent: component)
            let row = column.row(forValueIndex: min(max(index, 0), column.valueCount - 1), near: current)
            if row != current || !animated { wheels.selectRow(row, inComponent: component, animated: animated) }
        }
    }

    /// The date the wheels show (a day past the month's end falls back to its last day).
    /// With `overriding` set, that wheel is taken to show `row` instead of its selected row.
    func composedDate(overriding: Int? = nil, row: Int = 0) -> Date {
        let calendar = effectiveCalendar
        var parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: storedDate)
        var hour12: Int?, afternoon: Bool?
        for (component, column) in columns.enumerated() {
            let shown = component == overriding ? row : wheels.selectedRow(inComponent: component)
            let index = column.valueIndex(ofRow: shown)
            switch column {
            case .month: parts.month = index + 1
            case .day: parts.day = index + 1
            case .year: parts.year = index + 1
            case .monthDay:
                if let day = calendar.date(byAdding: .day, value: index, to: dayZero) {
                    let picked = calendar.dateComponents([.year, .month, .day], from: day)
                    parts.year = picked.year
                    parts.month = picked.month
                    parts.day = picked.day
                }
            case .hour(let twelve): if twelve { hour12 = index } else { parts.hour = index }
            case .minute(let interval): parts.minute = index * interval
            case .meridiem: afternoon = index == 1
            case .durationHours, .durationMinutes: break
            }
        }
        if let hour12 { parts.hour = hour12 + ((afternoon ?? ((parts.hour ?? 0) >= 12)) ? 12 : 0) }
        else if let afternoon, let hour = parts.hour { parts.hour = hour % 12 + (afternoon ? 12 : 0) }
        // A day the month does not have (31 April) becomes the month's last day.
        var first = parts
        first.day = 1
        if let start = calendar.date(from: first), let days = calendar.range(of: .day, in: .month, for: start) {
            parts.day = min(parts.day ?? 1, days.upperBound - 1)
        }
        parts.second = 0
        return calendar.date(from: parts) ?? storedDate
    }

    /// The duration the count-down wheels show, at least a minute (as iOS keeps it).
    func composedDuration() -> TimeInterval {
        var minutes = 0
        for (component, column) in columns.enumerated() {
            let index = column.valueIndex(ofRow: wheels.selectedRow(inComponent: component))
            switch column {
            case .durationHours: minutes += index * 60
            case .durationMinutes(let interval): minutes += index * interval
            default: break
            }
        }
        return TimeInterval(max(minutes, 1) * 60)
    }
}
