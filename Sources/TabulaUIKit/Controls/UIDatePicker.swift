import Foundation

/// The ways a date picker can look.
public enum UIDatePickerStyle: Int, Sendable {
    /// The style the picker chooses for its mode: compact for dates and times, wheels for
    /// a count-down timer and for years and months.
    case automatic = 0
    /// Spinning wheels, as a ``UIPickerView`` draws them.
    case wheels = 1
    /// A grey rounded label per part (date, time); tapping one opens the month grid or
    /// the time wheels in a popover over the window.
    case compact = 2
    /// A month grid with chevrons to the other months, for dates (and for dates and times,
    /// with the time under it in a capsule); wheels for times and durations.
    case inline = 3
}

/// A control for picking a date, a time of day, both, or a duration, drawn as wheels:
/// month, day and year; hour, minute and AM/PM as the ``locale`` orders and formats them.
///
/// The picker keeps ``date`` within ``minimumDate``…``maximumDate``: a wheel turned past
/// either springs back, and a date set outside is clamped. Each time the user settles a
/// wheel on a new value the picker sends `.valueChanged` to its targets and actions, once;
/// setting ``date`` from code sends nothing, as in UIKit.
///
/// Set it as a text field's `inputView` to show it in the keyboard's place.
///
/// Limits that cannot be met — ``minimumDate`` after ``maximumDate``, a ``minuteInterval``
/// that does not divide an hour, a NaN ``countDownDuration`` — are reported once, when
/// set, and ignored.
@preconcurrency @MainActor
open class UIDatePicker: UIControl {
    /// What a date picker picks.
    public enum Mode: Int, Sendable {
        /// Hour, minute and, where the locale uses a 12-hour clock, AM/PM.
        case time = 0
        /// Month, day and year, in the locale's order.
        case date = 1
        /// Weekday, month and day in one wheel, then hour, minute and AM/PM.
        case dateAndTime = 2
        /// Hours and minutes of a duration (``countDownDuration``).
        case countDownTimer = 3
        /// Month and year.
        case yearAndMonth = 4
    }

    /// The wheels, for the wheels and inline styles.
    let wheels = UIPickerView(frame: .zero)
    /// The capsules, for the compact style.
    let compactView = CompactDateView(frame: .zero)
    /// The month grid, for the inline style of dates.
    let calendarView = InlineCalendarView(frame: .zero)
    /// The first day of the month the grid shows, when the chevrons moved it away from
    /// the date's month.
    var calendarMonth: Date?
    /// The columns the wheels show for the mode and locale.
    var columns: [DatePickerColumn] = []
    /// Answers the wheels.
    private lazy var wheelSource = DatePickerWheelSource(owner: self)
    /// The date and limits as set, kept exact.
    var storedDate: Date
    /// The compact style's popover, while one is open.
    var popover: CompactDatePopover?
    private var storedCalendar: Calendar?

    /// Creates a date picker showing the current date and time, in the `.dateAndTime` mode.
    public override init(frame: CGRect) {
        storedDate = Date()
        super.init(frame: frame)
        setUpDatePicker()
    }

    /// Creates the date picker from a storyboard or nib, as ``UIView/init(coder:)`` does: the
    /// file's properties are set before it returns, so that a subclass in a file is made.
    public required init?(coder: NSCoder) {
        storedDate = Date()
        super.init(coder: coder)
        setUpDatePicker()
        InterfaceBuilderCoder.decode(coder, into: self, at: UIDatePicker.self)
    }

    private func setUpDatePicker() {
        isOpaque = false
        backgroundColor = nil
        wheels.dataSource = wheelSource
        wheels.delegate = wheelSource
        addSubview(wheels)
        addSubview(compactView)
        addSubview(calendarView)
        calendarView.onPick = { [unowned self] day in self.pickDay(day) }
        calendarView.onTurnMonth = { [unowned self] months in self.turnCalendar(by: months) }
        compactView.onTap = { [unowned self] part in self.openPopover(part) }
        rebuildColumns()
        styleDidChange()
    }

    // MARK: Configuration

    /// What the picker picks (default `.dateAndTime`).
    open var datePickerMode: Mode = .dateAndTime { didSet { if datePickerMode != oldValue { rebuildColumns() } } }

    /// The style you would like; ``datePickerStyle`` is the one drawn (default `.automatic`).
    open var preferredDatePickerStyle: UIDatePickerStyle = .automatic {
        didSet { styleDidChange() }
    }

    /// The style drawn: the preferred one where the mode allows it. A count-down timer and
    /// years-and-months are always wheels; `.automatic` is compact for the other modes.
    open var datePickerStyle: UIDatePickerStyle {
        if datePickerMode == .countDownTimer || datePickerMode == .yearAndMonth { return .wheels }
        return preferredDatePickerStyle == .automatic ? .compact : preferredDatePickerStyle
    }

    /// The locale whose names, order and clock the picker uses (nil: the current locale).
    open var locale: Locale? { didSet { rebuildColumns() } }

    /// The calendar of the wheels (setting nil goes back to the current calendar).
    open var calendar: Calendar! {
        get { storedCalendar ?? Calendar.current }
        set { storedCalendar = newValue; rebuildColumns() }
    }

    /// The time zone the date is shown in (nil: the calendar's).
    open var timeZone: TimeZone? { didSet { rebuildColumns() } }

    /// The date shown (the current date when the picker was made). Setting it clamps it to
    /// ``minimumDate``…``maximumDate`` and turns the wheels at once, sending no action.
    /// Ignored in the `.countDownTimer` mode.
    open var date: Date {
        get { storedDate }
        set { setDate(newValue, animated: false) }
    }

    /// Shows `date` (clamped to the limits), turning the wheels to it, animated or not.
    open func setDate(_ date: Date, animated: Bool) {
        storedDate = clamped(date)
        calendarMonth = nil
        syncWheels(animated: animated)
        wheels.reloadVisibleRows()
        setNeedsLayout()
        invalidateIntrinsicContentSize()
        popover?.ownerDateDidChange()
    }

    /// A popover open for the picker closes, at once, when the picker leaves its window.
    open override func didMoveToWindow() {
        super.didMoveToWindow()
        if window == nil || popover?.window !== window { popover?.close(animated: false) }
    }

    /// The earliest date that can be picked (nil: none).
    open var minimumDate: Date? { didSet { limitsDidChange("minimumDate") } }
    /// The latest date that can be picked (nil: none).
    open var maximumDate: Date? { didSet { limitsDidChange("maximumDate") } }

    /// The duration, in seconds, shown in the `.countDownTimer` mode (default 0; 0 to
    /// 23 hours 59 minutes, clamped; shown to the minute).
    open var countDownDuration: TimeInterval = 0 {
        didSet {
            if !countDownDuration.isFinite {
                reportProblem("UIDatePicker.countDownDuration cannot be \(countDownDuration); "
                    + "it stays \(oldValue)")
                countDownDuration = oldValue
                return
            }
            let limited = min(max(countDownDuration, 0), 86_340)
            if limited != countDownDuration { countDownDuration = limited; return }
            if datePickerMode == .countDownTimer { syncWheels(animated: false) }
        }
    }

    /// The step of the minute wheel, in minutes: 1 (the default) to 30, dividing 60. Other
    /// values are reported and ignored.
    open var minuteInterval: Int = 1 {
        didSet {
            guard minuteInterval != oldValue else { return }
            if minuteInterval < 1 || minuteInterval > 30 || 60 % minuteInterval != 0 {
                reportProblem("UIDatePicker.minuteInterval cannot be \(minuteInterval): it must divide 60 and lie "
                    + "between 1 and 30; it stays \(oldValue)")
                minuteInterval = oldValue
                return
            }
            rebuildColumns()
        }
    }

    /// Whether the date is rounded to the minute interval when the interval changes
    /// (default true; accepted: the wheels always show the nearest step).
    open var roundsToMinuteInterval = true

    override var primaryActionTriggeringEvent: Event? { .valueChanged }

    // MARK: Limits

    /// The limits in force: nil when the minimum is after the maximum.
    var limits: (lower: Date?, upper: Date?)? {
        if let lower = minimumDate, let upper = maximumDate, lower > upper { return nil }
        return (minimumDate, maximumDate)
    }

    func clamped(_ date: Date) -> Date {
        guard let limits else { return date }
        if let lower = limits.lower, date < lower { return lower }
        if let upper = limits.upper, date > upper { return upper }
        return date
    }

    private func limitsDidChange(_ property: String) {
        wheels.reloadVisibleRows()
        defer { popoverSettingsDidChange() }
        if let lower = minimumDate, let upper = maximumDate, lower > upper {
            reportProblem("UIDatePicker.\(property): the minimum date \(lower) is after the maximum date \(upper); "
                + "neither limit applies until they are in order")
            return
        }
        let kept = clamped(storedDate)
        if kept != storedDate {
            storedDate = kept
            syncWheels(animated: false)
            setNeedsLayout()
        }
    }

    // MARK: The calendar in use

    /// The calendar with the picker's locale and time zone.
    var effectiveCalendar: Calendar {
        var calendar = self.calendar ?? Calendar.current
        calendar.locale = locale ?? Locale.current
        if let timeZone { calendar.timeZone = timeZone }
        return calendar
    }

    private func styleDidChange() {
        popoverSettingsDidChange()
        showStyle()
        invalidateIntrinsicContentSize()
        setNeedsLayout()
    }

    // MARK: Size and layout

    /// Whether the inline style's month grid is shown (for dates, and dates and times).
    var showsCalendar: Bool {
        datePickerStyle == .inline && (datePickerMode == .date || datePickerMode == .dateAndTime)
    }

    /// 320 × 216 points for wheels, 320 × 346 for the month grid (with a time row under it
    /// for dates and times); the labels' size for the compact style.
    open override var intrinsicContentSize: CGSize {
        if datePickerStyle == .compact { return compactSize }
        return CGSize(width: 320, height: ownHeight)
    }

    private var ownHeight: CGFloat {
        guard showsCalendar else { return UIPickerView.defaultHeight }
        return InlineCalendarView.height + (datePickerMode == .dateAndTime ? 52 : 0)
    }

    /// The picker's own size (as `intrinsicContentSize`), as wide as offered for wheels and
    /// the month grid; for the compact style, the capsules one above the other when they
    /// do not fit side by side in the width offered.
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        if datePickerStyle == .compact {
            // Narrower than the capsules side by side (the largest text sizes): one above the other.
            updateCompactLabels()
            return compactView.fittingSize(width: size.width > 0 && size.width.isFinite ? size.width : .greatestFiniteMagnitude)
        }
        return CGSize(width: size.width > 0 && size.width.isFinite ? size.width : 320, height: ownHeight)
    }

    private func showStyle() {
        let compact = datePickerStyle == .compact, calendar = showsCalendar
        wheels.isHidden = compact || calendar
        calendarView.isHidden = !calendar
        compactView.isHidden = !compact && !(calendar && datePickerMode == .dateAndTime)
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        showStyle()
        wheels.frame = bounds
        if showsCalendar {
            calendarView.frame = CGRect(x: 0, y: 0, width: bounds.width, height: InlineCalendarView.height)
            let calendar = effectiveCalendar
            let month = calendarMonth ?? calendar.date(from: calendar.dateComponents([.year, .month], from: date)) ?? date
            calendarView.show(month: month, picked: date, calendar: calendar, lower: limits?.lower, upper: limits?.upper)
            // The time of a date-and-time picker, in a capsule on a row under the grid.
            compactView.frame = CGRect(x: 0, y: InlineCalendarView.height, width: bounds.width - 16, height: 52)
        } else {
            compactView.frame = bounds
        }
        if !compactView.isHidden { updateCompactLabels() }
        if showsCalendar { compactView.dateLabel.isHidden = true }
    }

    /// A day tapped in the month grid: the date moves to it, keeping the time of day.
    private func pickDay(_ day: Date) {
        let calendar = effectiveCalendar
        var parts = calendar.dateComponents([.year, .month, .day], from: day)
        let time = calendar.dateComponents([.hour, .minute, .second], from: date)
        parts.hour = time.hour
        parts.minute = time.minute
        parts.second = time.second
        let picked = clamped(calendar.date(from: parts) ?? day)
        calendarMonth = nil
        guard picked != storedDate else { return setNeedsLayout() }
        storedDate = picked
        syncWheels(animated: false)
        setNeedsLayout()
        sendActions(for: .valueChanged)
    }

    /// The chevrons: the grid shows the month `months` away, without picking a day.
    private func turnCalendar(by months: Int) {
        let calendar = effectiveCalendar
        if let month = calendar.date(byAdding: .month, value: months, to: calendarView.month) {
            calendarMonth = month
            setNeedsLayout()
        }
    }

    /// A change of text size changes the compact labels' size.
    open override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
        super.traitCollectionDidChange(previousTraitCollection)
        invalidateIntrinsicContentSize()
        setNeedsLayout()
    }
}
