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
    var fittingSize: CGSize {
        var width: CGFloat = 0, height: CGFloat = 0
        for (_, label) in capsules {
            let size = label.intrinsicContentSize
            width += size.width + 2 * Self.padding.width
            height = max(height, size.height + 2 * Self.padding.height)
        }
        width += Self.gap * CGFloat(max(capsules.count - 1, 0))
        return CGSize(width: ceil(width), height: ceil(height))
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        let total = fittingSize
        var x = bounds.width - total.width
        for (capsule, label) in capsules {
            let size = label.intrinsicContentSize
            let width = ceil(size.width + 2 * Self.padding.width)
            capsule.frame = CGRect(x: x, y: (bounds.height - total.height) / 2, width: width, height: total.height)
            label.frame = CGRect(x: Self.padding.width, y: (total.height - size.height) / 2, width: size.width,
                                 height: size.height)
            x += width + Self.gap
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
