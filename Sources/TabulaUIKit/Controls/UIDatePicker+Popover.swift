import Foundation

/// What a tap on a compact date picker's capsule opens, as iOS 17 shows it: over the
/// window, with what is behind dimmed a little, a rounded platter with a soft shadow next
/// to the capsule (under it when there is room, else over it) holds the month grid for the
/// date capsule, or hour and minute wheels for the time capsule. The capsule's text takes
/// the tint colour while it is open.
///
/// A day picked or a wheel settled moves the picker's date at once and sends its
/// `.valueChanged`; the popover stays open. A tap outside the platter closes it. Opening
/// sends the picker's `.editingDidBegin`, closing its `.editingDidEnd`. The popover closes
/// at once, without an animation, when the picker leaves its window, when its capsule is no
/// longer shown (a new mode or style) or when app code takes it out of the window; a change
/// of the picker's limits, locale, calendar, time zone or minute interval shows in it at once.
@MainActor
final class CompactDatePopover: UIView {
    /// The capsule a popover belongs to.
    enum Part { case date, time }

    private(set) weak var owner: UIDatePicker?
    let part: Part
    /// The picker inside: the month grid (`.inline`, `.date`) or the time wheels.
    let picker = UIDatePicker(frame: .zero)
    private let dimming = UIView(frame: .zero)
    let platter = UIView(frame: .zero)
    private(set) var isClosing = false

    static let margin: CGFloat = 8
    static let gap: CGFloat = 8
    static let cornerRadius: CGFloat = 13
    static let dimColor = UIColor { traits in
        UIColor(white: 0, alpha: traits.userInterfaceStyle == .dark ? 0.3 : 0.1)
    }

    init(part: Part, owner: UIDatePicker, window: UIWindow) {
        self.owner = owner
        self.part = part
        super.init(frame: window.bounds)
        autoresizingMask = [.flexibleWidth, .flexibleHeight]
        isOpaque = false
        accessibilityViewIsModal = true
        dimming.backgroundColor = Self.dimColor
        dimming.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        dimming.frame = bounds
        dimming.addGestureRecognizer(UITapGestureRecognizer { [weak self] tap in
            if tap.state == .ended { self?.close(animated: true) }
        })
        addSubview(dimming)
        platter.backgroundColor = .secondarySystemGroupedBackground
        platter.layer.cornerRadius = Self.cornerRadius
        platter.layer.shadowColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
        platter.layer.shadowOpacity = 0.18
        platter.layer.shadowRadius = 18
        platter.layer.shadowOffset = CGSize(width: 0, height: 6)
        addSubview(platter)
        configurePicker(like: owner)
        picker.addAction(UIAction { [weak self] _ in self?.pickerChanged() }, for: .valueChanged)
        platter.addSubview(picker)
    }

    required init?(coder: NSCoder) { return nil }

    /// The inner picker shows what `owner` shows, with its limits, in its calendar.
    private func configurePicker(like owner: UIDatePicker) {
        picker.datePickerMode = part == .date ? .date : .time
        picker.preferredDatePickerStyle = part == .date ? .inline : .wheels
        picker.calendar = owner.calendar
        picker.locale = owner.locale
        picker.timeZone = owner.timeZone
        picker.minuteInterval = owner.minuteInterval
        // The limits in force (none while the owner's are out of order, which the owner
        // reported), cleared first so that no step between the old and new ones crosses.
        picker.minimumDate = nil
        picker.maximumDate = nil
        picker.minimumDate = owner.limits?.lower
        picker.maximumDate = owner.limits?.upper
        picker.date = owner.date
        picker.tintColor = owner.tintColor
    }

    /// The owner's settings changed while open: the inner picker takes them, sending nothing.
    func ownerSettingsDidChange() {
        guard let owner, !isClosing else { return }
        configurePicker(like: owner)
        setNeedsLayout()
    }

    /// Taken out of the window by app code (not by closing): closed, so that the owner ends
    /// editing and its capsule opens a popover again.
    override func didMoveToWindow() {
        super.didMoveToWindow()
        if window == nil && !isClosing { close(animated: false) }
    }

    /// The owner's date moved in code while open: the inner picker follows, sending nothing.
    func ownerDateDidChange() {
        guard let owner, picker.date != owner.date else { return }
        picker.date = owner.date
    }

    private func pickerChanged() {
        guard let owner, !isClosing else { return }
        owner.pick(fromPopover: picker.date)
    }

    /// The platter's size for its part: the month grid's, or wheels a little wider than
    /// their columns; never wider than the window allows.
    private var platterSize: CGSize {
        let width = part == .date ? CGFloat(320) : 240
        let height = part == .date ? InlineCalendarView.height : UIPickerView.defaultHeight
        return CGSize(width: max(0, min(width, bounds.width - 2 * Self.margin)), height: height)
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        dimming.frame = bounds
        let size = platterSize
        let area = bounds.inset(by: safeAreaInsets).insetBy(dx: Self.margin, dy: Self.margin)
        let source = owner.flatMap { $0.capsuleFrame(part, in: self) } ?? CGRect(x: bounds.midX, y: bounds.midY, width: 0, height: 0)
        var x = source.midX - size.width / 2
        x = max(area.minX, min(x, area.maxX - size.width))
        var y: CGFloat
        if source.maxY + Self.gap + size.height <= area.maxY {
            y = source.maxY + Self.gap
        } else if source.minY - Self.gap - size.height >= area.minY {
            y = source.minY - Self.gap - size.height
        } else {
            y = source.midY - size.height / 2
        }
        // Always on screen, even when the capsule is not (the window turned under it, say):
        // at the top of the safe area when the platter is taller than it.
        y = max(area.minY, min(y, area.maxY - size.height))
        // The platter's transform (while it opens) leaves its frame alone: place it by centre.
        platter.bounds = CGRect(origin: .zero, size: size)
        platter.center = CGPoint(x: (x + size.width / 2).rounded(), y: (y + size.height / 2).rounded())
        picker.frame = platter.bounds
        platter.layer.shadowPath = Path(roundedRect: platter.bounds, cornerRadius: Self.cornerRadius)
    }

    /// Grows out of the capsule and fades in, the dimming with it.
    func animateIn() {
        layoutIfNeeded()
        platter.alpha = 0
        platter.transform = CGAffineTransform(scaleX: 0.9, y: 0.9)
        dimming.alpha = 0
        UIView.animate(withDuration: 0.3, delay: 0, usingSpringWithDamping: 0.85, initialSpringVelocity: 0,
                       options: [.allowUserInteraction], animations: {
            self.platter.alpha = 1
            self.platter.transform = .identity
            self.dimming.alpha = 1
        })
    }

    /// Closes the popover (fading out when `animated`) and tells the owner.
    func close(animated: Bool) {
        guard !isClosing else { return }
        isClosing = true
        owner?.popoverDidClose(self)
        guard animated, window != nil else { return removeFromSuperview() }
        isUserInteractionEnabled = false
        UIView.animate(withDuration: 0.2, animations: {
            self.platter.alpha = 0
            self.platter.transform = CGAffineTransform(scaleX: 0.95, y: 0.95)
            self.dimming.alpha = 0
        }, completion: { _ in self.removeFromSuperview() })
    }
}

extension UIDatePicker {
    /// Opens the popover of the capsule `part` in the picker's window (closing any other
    /// of its own first). Nothing opens when the picker is in no window.
    func openPopover(_ part: CompactDatePopover.Part) {
        guard let window, isEnabled else { return }
        if let open = popover {
            guard open.part != part else { return }
            open.close(animated: false)
        }
        let popover = CompactDatePopover(part: part, owner: self, window: window)
        self.popover = popover
        window.addSubview(popover)
        compactView.highlight(part)
        popover.animateIn()
        sendActions(for: .editingDidBegin)
    }

    /// After a change of mode, style, limits, locale, calendar, time zone or minute interval:
    /// an open popover whose capsule is no longer shown closes at once; one still shown takes
    /// the new settings.
    func popoverSettingsDidChange() {
        guard let popover else { return }
        guard showsCapsule(popover.part) else { return popover.close(animated: false) }
        popover.ownerSettingsDidChange()
    }

    /// Whether the capsule of `part` is shown: both in the compact style (as the mode
    /// allows), the time's under the month grid of an inline date-and-time picker.
    private func showsCapsule(_ part: CompactDatePopover.Part) -> Bool {
        switch datePickerStyle {
        case .compact: return part == .date ? datePickerMode != .time : datePickerMode != .date
        case .inline: return part == .time && datePickerMode == .dateAndTime
        default: return false
        }
    }

    /// The popover closed (a tap outside it, the picker leaving its window).
    func popoverDidClose(_ closed: CompactDatePopover) {
        guard popover === closed else { return }
        popover = nil
        compactView.highlight(nil)
        sendActions(for: .editingDidEnd)
    }

    /// A date picked in the popover: the picker shows it and tells its targets.
    func pick(fromPopover picked: Date) {
        let kept = clamped(picked)
        guard kept != storedDate else { return }
        storedDate = kept
        calendarMonth = nil
        syncWheels(animated: false)
        setNeedsLayout()
        invalidateIntrinsicContentSize()
        sendActions(for: .valueChanged)
    }

    /// Where the capsule of `part` is, in `view`'s coordinates (nil when it is not shown).
    func capsuleFrame(_ part: CompactDatePopover.Part, in view: UIView) -> CGRect? {
        layoutIfNeeded()
        guard let capsule = compactView.capsule(part) else { return nil }
        return capsule.convert(capsule.bounds, to: view)
    }
}
