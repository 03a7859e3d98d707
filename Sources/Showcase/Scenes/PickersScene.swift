import Foundation
import Tabula

/// A form with pickers: a coffee order on a three-wheel `UIPickerView`, a `UIDatePicker` in
/// the wheels style, a text field whose `inputView` is a date picker, shown in the
/// keyboard's place with a Done toolbar above it, and a reminder row with a compact date
/// picker, whose capsules open the month grid and the time wheels in a popover.
final class PickersScene: Scene {
    static let name = "pickers"
    static let title = "Pickers"
    static let summary = "A picker's wheels (drag, fling, tap a row), a date picker, a date picker as a text field's keyboard, and a compact date picker"
    static let seed = "UIKit documentation, UIPickerView and UIDatePicker (iOS 17's wheels)"
    static let tryIt = "Drag or fling a wheel: it comes to rest on a row. Tap a row to turn it to the middle. "
        + "Tap the Date field: a date picker slides up in the keyboard's place. "
        + "Tap the reminder's date or time: a calendar or time wheels open over the form; tap outside to close."

    let controller = PickersController()
    init() {}
    func makeRootViewController() -> UIViewController { controller }

    /// Flings the drink wheel, taps a row of the date wheels, then opens the date field's
    /// picker, turns its month and closes it with Done.
    func play(on screen: HeadlessScreen) {
        controller.view.layoutIfNeeded()
        let coffee = controller.coffee
        let drink = coffee.convert(CGPoint(x: coffee.bounds.midX, y: coffee.bounds.midY), to: nil)
        screen.drag(from: CGPoint(x: drink.x, y: drink.y + 60), to: CGPoint(x: drink.x, y: drink.y - 30), duration: 0.12)
        screen.advance(by: 1.5)
        let wheels = controller.wheels
        let hour = wheels.convert(CGPoint(x: wheels.bounds.width * 0.62, y: wheels.bounds.midY + 31), to: nil)
        screen.tap(at: hour)
        screen.advance(by: 0.8)
        let field = controller.field
        screen.tap(at: field.convert(CGPoint(x: 60, y: field.bounds.midY), to: nil))
        screen.advance(by: 0.6)
        let input = controller.fieldPicker
        if input.window != nil {
            let month = input.convert(CGPoint(x: input.bounds.width * 0.25, y: input.bounds.midY + 31), to: nil)
            screen.tap(at: month)
            screen.advance(by: 0.8)
        }
        field.resignFirstResponder()
        screen.advance(by: 0.6)
    }
}

final class PickersController: UIViewController, UIPickerViewDataSource, UIPickerViewDelegate {
    let options = [["Small", "Medium", "Large"],
                   ["Espresso", "Americano", "Cappuccino", "Flat White", "Latte", "Mocha", "Macchiato", "Cortado",
                    "Filter", "Cold Brew", "Iced Latte", "Chai Latte"],
                   ["Whole", "Skimmed", "Oat", "Almond", "Soy", "None"]]
    let coffee = UIPickerView(frame: .zero)
    let wheels = UIDatePicker(frame: .zero)
    let field = UITextField(frame: .zero)
    let fieldPicker = UIDatePicker(frame: .zero)
    let summary = UILabel(frame: .zero)
    /// A form row with a compact date picker at its trailing end.
    let reminderRow = UIView(frame: .zero)
    let reminderLabel = UILabel(frame: .zero)
    let reminder = UIDatePicker(frame: .zero)
    /// Holds the form, so that it scrolls where the screen is shorter than it (landscape).
    let scroller = UIScrollView(frame: .zero)
    private let headings = [UILabel(frame: .zero), UILabel(frame: .zero)]
    private let start: Date = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar.date(from: DateComponents(year: 2026, month: 12, day: 2, hour: 9, minute: 40))!
    }()

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemGroupedBackground
        scroller.contentInsetAdjustmentBehavior = .never
        scroller.alwaysBounceVertical = true
        view.addSubview(scroller)
        for (label, text) in zip(headings, ["COFFEE", "PICK-UP TIME"]) {
            label.text = text
            label.font = .preferredFont(forTextStyle: .footnote)
            label.textColor = .secondaryLabel
            scroller.addSubview(label)
        }
        field.borderStyle = .roundedRect
        field.placeholder = "Date"
        field.backgroundColor = .secondarySystemGroupedBackground
        fieldPicker.datePickerMode = .date
        fieldPicker.preferredDatePickerStyle = .wheels
        reminder.datePickerMode = .dateAndTime
        reminder.preferredDatePickerStyle = .compact
        for picker in [wheels, fieldPicker, reminder] {
            picker.locale = Locale(identifier: "en_US")
            picker.timeZone = TimeZone(identifier: "UTC")
            picker.date = start
        }
        fieldPicker.addAction(UIAction { [unowned self] _ in self.showFieldDate() }, for: .valueChanged)
        field.inputView = fieldPicker
        let toolbar = UIToolbar(frame: CGRect(x: 0, y: 0, width: 320, height: 44))
        toolbar.items = [UIBarButtonItem(systemItem: .flexibleSpace),
                         UIBarButtonItem(systemItem: .done, primaryAction: UIAction { [unowned self] _ in
                             self.field.resignFirstResponder()
                         })]
        field.inputAccessoryView = toolbar
        showFieldDate()
        scroller.addSubview(field)

        coffee.dataSource = self
        coffee.delegate = self
        coffee.selectRow(1, inComponent: 0, animated: false)
        coffee.selectRow(2, inComponent: 1, animated: false)
        coffee.selectRow(2, inComponent: 2, animated: false)
        scroller.addSubview(coffee)
        wheels.datePickerMode = .dateAndTime
        wheels.preferredDatePickerStyle = .wheels
        wheels.minuteInterval = 5
        wheels.minimumDate = start
        wheels.addAction(UIAction { [unowned self] _ in self.showSummary() }, for: .valueChanged)
        scroller.addSubview(wheels)
        summary.font = .preferredFont(forTextStyle: .footnote)
        summary.textColor = .secondaryLabel
        summary.numberOfLines = 2
        scroller.addSubview(summary)
        showSummary()
        reminderRow.backgroundColor = .secondarySystemGroupedBackground
        reminderRow.layer.cornerRadius = 10
        reminderLabel.text = "Remind me"
        reminderLabel.font = .preferredFont(forTextStyle: .body)
        reminderLabel.adjustsFontForContentSizeCategory = true
        reminderRow.addSubview(reminderLabel)
        reminderRow.addSubview(reminder)
        scroller.addSubview(reminderRow)
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        // Inside the safe area: clear of a landscape iPhone's sensor housing too.
        let insets = view.safeAreaInsets
        scroller.frame = view.bounds
        let left = insets.left, full = max(0, view.bounds.width - insets.left - insets.right)
        let width = max(0, full - 32)
        var y = insets.top + 12
        field.frame = CGRect(x: left + 16, y: y, width: width, height: 36)
        y += 52
        headings[0].frame = CGRect(x: left + 32, y: y, width: width - 16, height: 18)
        y += 24
        coffee.frame = CGRect(x: left, y: y, width: full, height: 216)
        y += 224
        headings[1].frame = CGRect(x: left + 32, y: y, width: width - 16, height: 18)
        y += 24
        wheels.frame = CGRect(x: left, y: y, width: full, height: 216)
        y += 220
        summary.frame = CGRect(x: left + 32, y: y, width: width - 16, height: 36)
        y += 48
        // The label and the capsules side by side; at large text sizes, where they do not
        // fit, the capsules go on a line of their own under the label, as iOS's forms do.
        var pickerSize = reminder.intrinsicContentSize
        let labelSize = reminderLabel.intrinsicContentSize
        let sideBySide = 16 + labelSize.width + 12 + pickerSize.width + 16 <= width
        if !sideBySide { pickerSize = reminder.sizeThatFits(CGSize(width: max(1, width - 32), height: 0)) }
        let labelHeight = max(52, labelSize.height + 16)
        let rowHeight = sideBySide ? max(labelHeight, pickerSize.height + 12) : labelHeight + pickerSize.height + 12
        reminderRow.frame = CGRect(x: left + 16, y: y, width: width, height: rowHeight)
        let pickerWidth = min(pickerSize.width, max(0, width - 32))
        reminder.frame = CGRect(x: width - 16 - pickerWidth,
                                y: sideBySide ? ((rowHeight - pickerSize.height) / 2).rounded() : labelHeight,
                                width: pickerWidth, height: pickerSize.height)
        reminderLabel.frame = CGRect(x: 16, y: 0, width: sideBySide ? max(0, reminder.frame.minX - 28) : width - 32,
                                     height: sideBySide ? rowHeight : labelHeight)
        y += rowHeight
        scroller.contentSize = CGSize(width: view.bounds.width, height: y + insets.bottom + 12)
    }

    private func showFieldDate() {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateStyle = .long
        field.text = formatter.string(from: fieldPicker.date)
    }

    private func showSummary() {
        let order = (0 ..< 3).map { options[$0][coffee.selectedRow(inComponent: $0)] }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateStyle = .medium
        formatter.timeStyle = .short
        summary.text = "\(order[0]) \(order[1]), \(order[2].lowercased()) milk — at \(formatter.string(from: wheels.date))"
    }

    func numberOfComponents(in pickerView: UIPickerView) -> Int { options.count }
    func pickerView(_ pickerView: UIPickerView, numberOfRowsInComponent component: Int) -> Int {
        options[component].count
    }
    func pickerView(_ pickerView: UIPickerView, titleForRow row: Int, forComponent component: Int) -> String? {
        options[component][row]
    }
    func pickerView(_ pickerView: UIPickerView, widthForComponent component: Int) -> CGFloat {
        // Never negative, even before the picker has its width.
        let width = max(0, pickerView.bounds.width - 16 - 8)
        return [0.27, 0.43, 0.3][component] * width
    }
    func pickerView(_ pickerView: UIPickerView, didSelectRow row: Int, inComponent component: Int) {
        showSummary()
    }
}
