import Foundation

/// The inline style's calendar, as iOS 17 draws it: the month and year with chevrons to
/// the previous and following month, the weekdays' initials, and the days in a grid of seven
/// columns, the picked day in a tinted circle and days outside the limits in grey. A tap
/// on a day picks it (keeping the time of day); the chevrons change the month shown.
@MainActor
final class InlineCalendarView: UIView {
    static let inset: CGFloat = 8
    static let headerHeight: CGFloat = 44
    static let weekdayHeight: CGFloat = 22
    static let rowHeight: CGFloat = 44
    /// The calendar's height: the header, the weekdays and six weeks, with the insets.
    static let height = 2 * inset + headerHeight + weekdayHeight + 6 * rowHeight

    let title = UILabel(frame: .zero)
    let previous = UILabel(frame: .zero)
    let following = UILabel(frame: .zero)
    private var weekdays: [UILabel] = []
    private var days: [UILabel] = []
    private let selection = UIView(frame: .zero)

    /// The first day of the month shown.
    private(set) var month = Date(timeIntervalSinceReferenceDate: 0)
    /// The days shown, by cell (nil: a cell before the first or after the last day).
    private var cellDates: [Date?] = Array(repeating: nil, count: 42)
    /// Picks a day (the date picker keeps the time of day and the limits).
    var onPick: ((Date) -> Void)?

    override init(frame: CGRect) {
        super.init(frame: frame)
        isOpaque = false
        backgroundColor = nil
        title.font = .systemFont(ofSize: 17, weight: .semibold)
        title.textColor = .label
        for (label, text, name) in [(previous, "‹", "Previous Month"), (following, "›", "Next Month")] {
            label.text = text
            // VoiceOver reads the chevrons as iOS names them, as buttons.
            label.accessibilityLabel = name
            label.accessibilityTraits = .button
            label.font = .systemFont(ofSize: 30, weight: .medium)
            label.textAlignment = .center
            label.textColor = .tintColor
        }
        selection.backgroundColor = UIColor.tintColor.withAlphaComponent(0.12)
        selection.isHidden = true
        addSubview(selection)
        for _ in 0 ..< 7 {
            let label = UILabel(frame: .zero)
            label.font = .systemFont(ofSize: 13, weight: .semibold)
            label.textColor = .tertiaryLabel
            label.textAlignment = .center
            weekdays.append(label)
            addSubview(label)
        }
        for _ in 0 ..< 42 {
            let label = UILabel(frame: .zero)
            label.textAlignment = .center
            days.append(label)
            addSubview(label)
        }
        [title, previous, following].forEach(addSubview)
        let tap = UITapGestureRecognizer()
        tap.addTarget { [unowned self] recognizer in
            if recognizer.state == .ended { self.tapped(at: recognizer.location(in: self)) }
        }
        addGestureRecognizer(tap)
    }

    required init?(coder: NSCoder) { return nil }

    private var cellWidth: CGFloat { max(0, (bounds.width - 2 * Self.inset) / 7) }
    private var gridTop: CGFloat { Self.inset + Self.headerHeight + Self.weekdayHeight }

    /// Shows the month that starts on `first`, with `date` picked if it is in it, in
    /// `calendar`, greying the days outside `lower`…`upper`.
    func show(month first: Date, picked date: Date, calendar: Calendar, lower: Date?, upper: Date?) {
        month = first
        let formatter = DateFormatter()
        formatter.calendar = calendar
        formatter.locale = calendar.locale
        formatter.timeZone = calendar.timeZone
        formatter.setLocalizedDateFormatFromTemplate("MMMMy")
        title.text = formatter.string(from: month)
        // Each day is a button VoiceOver reads with its weekday and month ("Sunday 20 December"),
        // as iOS's calendar's days are.
        formatter.setLocalizedDateFormatFromTemplate("EEEEMMMMd")
        let symbols = calendar.shortStandaloneWeekdaySymbols.count == 7
            ? calendar.shortStandaloneWeekdaySymbols : ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        for (column, label) in weekdays.enumerated() {
            label.text = symbols[(column + calendar.firstWeekday - 1) % 7].uppercased()
        }
        let weekday = calendar.component(.weekday, from: month)
        let lead = (weekday - calendar.firstWeekday + 7) % 7
        let count = calendar.range(of: .day, in: .month, for: month)?.count ?? 30
        selection.isHidden = true
        for cell in 0 ..< 42 {
            let day = cell - lead
            let label = days[cell]
            guard day >= 0, day < count, let dayDate = calendar.date(byAdding: .day, value: day, to: month) else {
                cellDates[cell] = nil
                label.text = nil
                label.accessibilityLabel = nil
                label.accessibilityTraits = .none
                continue
            }
            let outside = (lower.map { calendar.compare(dayDate, to: $0, toGranularity: .day) == .orderedAscending } ?? false)
                || (upper.map { calendar.compare(dayDate, to: $0, toGranularity: .day) == .orderedDescending } ?? false)
            let picked = calendar.isDate(dayDate, inSameDayAs: date)
            cellDates[cell] = outside ? nil : dayDate
            label.text = "\(day + 1)"
            label.font = .systemFont(ofSize: 20, weight: picked ? .semibold : .regular)
            label.textColor = outside ? .tertiaryLabel : picked ? .tintColor : .label
            label.accessibilityLabel = formatter.string(from: dayDate)
            label.accessibilityTraits = UIAccessibilityTraits.button
                .union(picked ? .selected : .none).union(outside ? .notEnabled : .none)
            if picked { selectedCell = cell; selection.isHidden = false }
        }
        setNeedsLayout()
    }

    private var selectedCell = 0

    override func layoutSubviews() {
        super.layoutSubviews()
        let inset = Self.inset
        title.frame = CGRect(x: inset + 8, y: inset, width: bounds.width - 120, height: Self.headerHeight)
        previous.frame = CGRect(x: bounds.width - inset - 88, y: inset, width: 44, height: Self.headerHeight)
        following.frame = CGRect(x: bounds.width - inset - 44, y: inset, width: 44, height: Self.headerHeight)
        let width = cellWidth
        for (column, label) in weekdays.enumerated() {
            label.frame = CGRect(x: inset + CGFloat(column) * width, y: inset + Self.headerHeight, width: width,
                                 height: Self.weekdayHeight)
        }
        for (cell, label) in days.enumerated() {
            label.frame = CGRect(x: inset + CGFloat(cell % 7) * width, y: gridTop + CGFloat(cell / 7) * Self.rowHeight,
                                 width: width, height: Self.rowHeight)
        }
        let circle = min(width, Self.rowHeight) - 2
        let cell = days[selectedCell].frame
        selection.frame = CGRect(x: cell.midX - circle / 2, y: cell.midY - circle / 2, width: circle, height: circle)
        selection.layer.cornerRadius = circle / 2
    }

    /// Shows the month `months` away from the one shown.
    var onTurnMonth: ((Int) -> Void)?

    private func tapped(at point: CGPoint) {
        if point.y < Self.inset + Self.headerHeight {
            if previous.frame.insetBy(dx: -4, dy: 0).contains(point) { onTurnMonth?(-1) }
            if following.frame.insetBy(dx: -4, dy: 0).contains(point) { onTurnMonth?(1) }
            return
        }
        guard point.y >= gridTop, cellWidth > 0 else { return }
        let column = Int((point.x - Self.inset) / cellWidth)
        let row = Int((point.y - gridTop) / Self.rowHeight)
        guard (0 ..< 7).contains(column), (0 ..< 6).contains(row), let date = cellDates[row * 7 + column] else { return }
        onPick?(date)
    }

}
