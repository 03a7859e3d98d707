import Foundation

/// The compact style: the date and the time each in a grey rounded capsule, as iOS 17
/// shows them in a form row ("Dec 2, 2026", "9:41 AM"). A tap on a capsule opens its
/// popover (``CompactDatePopover``): the month grid or the time wheels.
@MainActor
final class CompactDateView: UIView {
    /// A capsule was tapped.
    var onTap: ((CompactDatePopover.Part) -> Void)?
    /// The capsules' labels: the date, then the time (either may be hidden for the mode).
    let dateLabel = UILabel(frame: .zero)
    let timeLabel = UILabel(frame: .zero)
    private let dateCapsule = UIView(frame: .zero)
    private let timeCapsule = UIView(frame: .zero)
    static let padding = CGSize(width: 11, height: 6)
    static let gap: CGFloat = 6

    override init(frame: CGRect) {
        super.init(frame: frame)
        isOpaque = false
        backgroundColor = nil
        for (part, capsule, label) in [(CompactDatePopover.Part.date, dateCapsule, dateLabel), (.time, timeCapsule, timeLabel)] {
            capsule.addGestureRecognizer(UITapGestureRecognizer { [weak self] tap in
                if tap.state == .ended { self?.onTap?(part) }
            })
            // VoiceOver reads each capsule's text as a button, as iOS's are.
            label.accessibilityTraits = .button
            capsule.backgroundColor = .tertiarySystemFill
            capsule.layer.cornerRadius = 6
            capsule.clipsToBounds = true
            label.font = UIFont.preferredFont(forTextStyle: .body)
            label.adjustsFontForContentSizeCategory = true
            label.textColor = .label
            capsule.addSubview(label)
            addSubview(capsule)
        }
    }

    required init?(coder: NSCoder) { return nil }

    /// The capsule of `part`, when it is shown.
    func capsule(_ part: CompactDatePopover.Part) -> UIView? {
        let (capsule, label) = part == .date ? (dateCapsule, dateLabel) : (timeCapsule, timeLabel)
        return label.isHidden ? nil : capsule
    }

    /// Shows the text of `part`'s capsule in the tint colour (its popover is open), the
    /// other's in the label colour; nil: both in the label colour.
    func highlight(_ part: CompactDatePopover.Part?) {
        dateLabel.textColor = part == .date ? .tintColor : .label
        timeLabel.textColor = part == .time ? .tintColor : .label
    }

    private var capsules: [(UIView, UILabel)] {
        [(dateCapsule, dateLabel), (timeCapsule, timeLabel)].filter { !$0.1.isHidden }
    }

    /// The capsules side by side, with their padding.
    var fittingSize: CGSize { fittingSize(width: .greatestFiniteMagnitude) }

    /// The capsules' size in `width`: side by side when they fit, else one above the other
    /// (at the largest text sizes), each no wider than `width`.
    func fittingSize(width available: CGFloat) -> CGSize {
        let sizes = capsules.map { capsuleSize(of: $0.1) }
        let sideBySide = sizes.reduce(0) { $0 + $1.width } + Self.gap * CGFloat(max(sizes.count - 1, 0))
        if sideBySide <= available || sizes.count < 2 {
            return CGSize(width: ceil(sideBySide), height: ceil(sizes.map(\.height).max() ?? 0))
        }
        let width = min(sizes.map(\.width).max() ?? 0, max(0, available))
        let height = sizes.reduce(0) { $0 + $1.height } + Self.gap * CGFloat(sizes.count - 1)
        return CGSize(width: ceil(width), height: ceil(height))
    }

    /// A capsule's size around `label`'s text, with its padding.
    private func capsuleSize(of label: UILabel) -> CGSize {
        let size = label.intrinsicContentSize
        return CGSize(width: ceil(size.width + 2 * Self.padding.width), height: ceil(size.height + 2 * Self.padding.height))
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        let sizes = capsules.map { capsuleSize(of: $0.1) }
        let sideBySide = sizes.reduce(0) { $0 + $1.width } + Self.gap * CGFloat(max(sizes.count - 1, 0)) <= bounds.width
            || sizes.count < 2
        let total = fittingSize(width: bounds.width)
        var x = bounds.width - total.width, y = (bounds.height - total.height) / 2
        for ((capsule, label), size) in zip(capsules, sizes) {
            // Right-aligned, each no wider than the picker (its text truncates).
            let width = min(size.width, bounds.width)
            let height = sideBySide ? total.height : size.height
            capsule.frame = CGRect(x: sideBySide ? x : bounds.width - width, y: y, width: width, height: height)
            let text = label.intrinsicContentSize
            label.frame = CGRect(x: Self.padding.width, y: (height - text.height) / 2,
                                 width: max(0, min(text.width, width - 2 * Self.padding.width)), height: text.height)
            if sideBySide { x += width + Self.gap } else { y += height + Self.gap }
        }
        dateCapsule.isHidden = dateLabel.isHidden
        timeCapsule.isHidden = timeLabel.isHidden
    }
}

extension UIDatePicker {
    /// Shows the date in the compact capsules, formatted for the locale and mode.
    func updateCompactLabels() {
        let calendar = effectiveCalendar
        func formatter(date: DateFormatter.Style, time: DateFormatter.Style) -> DateFormatter {
            let formatter = DateFormatter()
            formatter.calendar = calendar
            formatter.locale = calendar.locale
            formatter.timeZone = calendar.timeZone
            formatter.dateStyle = date
            formatter.timeStyle = time
            return formatter
        }
        compactView.dateLabel.text = formatter(date: .medium, time: .none).string(from: date)
        compactView.timeLabel.text = formatter(date: .none, time: .short).string(from: date)
        compactView.dateLabel.isHidden = datePickerMode == .time
        compactView.timeLabel.isHidden = datePickerMode == .date
        compactView.setNeedsLayout()
    }

    /// The capsules' size.
    var compactSize: CGSize {
        updateCompactLabels()
        return compactView.fittingSize
    }
}
