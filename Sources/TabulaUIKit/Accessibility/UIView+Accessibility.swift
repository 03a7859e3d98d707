import Foundation

/// The accessibility properties a view was given; nil means "use the default".
struct AccessibilityStore {
    var isElement: Bool?
    var label: String?
    var value: String?
    var hint: String?
    var traits: UIAccessibilityTraits?
    var identifier: String?
    var frame: CGRect?
    var activationPoint: CGPoint?
    var elements: [Any]?
    var elementsHidden = false
    var viewIsModal: Bool?
    var groupsChildren = false
    var customActions: [UIAccessibilityCustomAction]?
}

/// What UIKit's own views answer when the app set nothing.
package struct BuiltInAccessibility {
    package var isElement = false
    package var label: String?
    package var value: String?
    package var traits: UIAccessibilityTraits = []
    var viewIsModal = false
    /// Where a tap or VoiceOver's double-tap lands, in window coordinates, when not the
    /// middle of the frame (a row read as its switch lands on the switch).
    package var activationPoint: CGPoint?
    /// Whether the element is, or is read as, a switch (`HeadlessScreen.switches`).
    package var isSwitch = false
}

/// A view of a module above this one (the table's cells, headers and swipe buttons) that
/// gives its own defaults: they are written beside the view, since this module cannot
/// name it.
@MainActor
package protocol BuiltInAccessibilityProviding: UIView {
    func provideBuiltInAccessibility(_ result: inout BuiltInAccessibility)
}

/// The defaults live in one table, keyed by the kind of view, rather than in overrides in
/// each class: Swift cannot override from an extension, and one table keeps the choices
/// (which follow what VoiceOver reads on iOS) side by side. A subclass that overrides a
/// property wins over the table, as in UIKit.
extension UIView {
    var builtInAccessibility: BuiltInAccessibility {
        var result = BuiltInAccessibility()
        switch self {
        case let label as UILabel:
            result.isElement = !(label.text ?? "").isEmpty
            result.label = label.text
            // A navigation bar's title is the heading of the screen.
            result.traits = label.superview is UINavigationBar.ContentView ? .header : .staticText
            if !label.isEnabled { result.traits.insert(.notEnabled) }
        case let button as UIButton:
            result.isElement = true
            // An image-only button reads its symbol's name, as iOS does.
            result.label = button.currentTitle ?? button.currentImage?.symbol?.name
            result.traits = .button
            if button.isSelected { result.traits.insert(.selected) }
        case let toggle as UISwitch:
            // iOS 17 reads a switch with a private toggle trait; `.button` is the public one.
            result.isElement = true
            result.value = toggle.isOn ? "1" : "0"
            result.traits = .button
            result.isSwitch = true
        case let slider as UISlider:
            result.isElement = true
            result.value = Self.percent(slider.value, from: slider.minimumValue, to: slider.maximumValue)
            result.traits = .adjustable
        case let progress as UIProgressView:
            result.isElement = true
            result.value = Self.percent(progress.progress, from: 0, to: 1)
            result.traits = .updatesFrequently
        case let pages as UIPageControl:
            result.isElement = pages.numberOfPages > 0
            result.value = "page \(pages.currentPage + 1) of \(pages.numberOfPages)"
            result.traits = .adjustable
        case let field as UITextField:
            result.isElement = true
            result.label = field.placeholder
            result.value = (field.text ?? "").isEmpty ? nil : field.text
            result.traits = field is UISearchTextField ? .searchField : []
        case let textView as UITextView:
            // Its text is the value, as a text field's; one that cannot be edited reads as text.
            result.isElement = true
            result.value = textView.text.isEmpty ? nil : textView.text
            result.traits = textView.isEditable ? [] : .staticText
        case let button as AlertButton:
            result.isElement = true
            result.label = button.label.text
            result.traits = .button
        case let bar as BarButtonView:
            result.isElement = bar.customView == nil
            // An item made from an action without a title has "" for one: it reads its image.
            let title = bar.item?.displayedTitle.flatMap { $0.isEmpty ? nil : $0 }
            result.label = bar.item?.accessibilityLabel
                ?? ((bar.label.text ?? "").isEmpty ? (title ?? bar.symbol ?? bar.image?.symbol?.name
                                                      ?? (bar.showsChevron ? "Back" : nil))
                    : bar.label.text)
            result.traits = .button
            if bar.item?.isEnabled == false { result.traits.insert(.notEnabled) }
        case let view as any BuiltInAccessibilityProviding:
            view.provideBuiltInAccessibility(&result)
        case let image as UIImageView:
            result.traits = .image
            result.label = image.image?.symbol?.name
        case let container as PresentationContainerView:
            // Whatever it presents hides what is behind from VoiceOver, a sheet too, as in
            // UIKit — but for a sheet resting at an undimmed detent, whose screen behind
            // still takes touches.
            result.viewIsModal = !container.passesTouchesBehind
        default:
            break
        }
        if let control = self as? UIControl, !control.isEnabled { result.traits.insert(.notEnabled) }
        return result
    }

    /// Elements a view provides in place of its subviews: a segmented control's segments,
    /// a stepper's two buttons.
    var builtInAccessibilityElements: [Any]? {
        switch self {
        case let segmented as UISegmentedControl:
            return zip(segmented.segmentFrames(), 0...).map { frame, index in
                let element = UIAccessibilityElement(accessibilityContainer: segmented)
                element.accessibilityLabel = segmented.titleForSegment(at: index)
                element.accessibilityFrameInContainerSpace = frame
                var traits: UIAccessibilityTraits = .button
                if index == segmented.selectedSegmentIndex { traits.insert(.selected) }
                if !segmented.isEnabled || !segmented.isEnabledForSegment(at: index) { traits.insert(.notEnabled) }
                element.accessibilityTraits = traits
                return element
            }
        case let stepper as UIStepper:
            let half = stepper.bounds.width / 2
            let buttons: [(String, CGFloat, Bool)] = [
                ("Decrement", 0, stepper.wraps || stepper.value > stepper.minimumValue),
                ("Increment", half, stepper.wraps || stepper.value < stepper.maximumValue),
            ]
            return buttons.map { title, x, enabled in
                let element = UIAccessibilityElement(accessibilityContainer: stepper)
                element.accessibilityLabel = title
                element.accessibilityValue = Self.number(stepper.value)
                element.accessibilityFrameInContainerSpace = CGRect(x: x, y: 0, width: half, height: stepper.bounds.height)
                element.accessibilityTraits = enabled && stepper.isEnabled ? .button : [.button, .notEnabled]
                return element
            }
        default:
            return nil
        }
    }

    /// Moves an adjustable control one step, as VoiceOver's swipe up (+1) or down (−1)
    /// does, and sends its value-changed actions.
    func adjustBuiltInValue(by direction: Float) {
        switch self {
        case let slider as UISlider where slider.isEnabled:
            let step = (slider.maximumValue - slider.minimumValue) / 10
            slider.setValue(slider.value + direction * step, animated: false)
            slider.sendActions(for: .valueChanged)
        case let stepper as UIStepper where stepper.isEnabled:
            stepper.value += Double(direction) * stepper.stepValue
            stepper.sendActions(for: .valueChanged)
        case let pages as UIPageControl where pages.isEnabled:
            let page = pages.currentPage + Int(direction)
            guard page >= 0, page < pages.numberOfPages else { return }
            pages.currentPage = page
            pages.sendActions(for: .valueChanged)
        default:
            break
        }
    }

    static func percent(_ value: Float, from low: Float, to high: Float) -> String {
        let fraction = high > low ? (value - low) / (high - low) : 0
        return "\(Int((fraction * 100).rounded()))%"
    }

    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    /// The text of the visible labels inside `view`, top to bottom, joined as VoiceOver
    /// reads a cell: "Hamlet, Tragedy".
    package static func joinedText(of view: UIView) -> String? {
        var labels: [(UILabel, CGRect)] = []
        func visit(_ v: UIView) {
            guard !v.isHidden, v.alpha > 0.01 else { return }
            if let label = v as? UILabel, let text = label.text, !text.isEmpty {
                labels.append((label, label.convert(label.bounds, to: view)))
            }
            v.subviews.forEach(visit)
        }
        visit(view)
        let ordered = labels.sorted { ($0.1.minY, $0.1.minX) < ($1.1.minY, $1.1.minX) }
        let text = ordered.compactMap { $0.0.accessibilityLabel ?? $0.0.text }.joined(separator: ", ")
        return text.isEmpty ? nil : text
    }
}

extension UIView {
    /// Whether a text field or text view is in `view`'s hierarchy.
    package static func containsTextInput(_ view: UIView) -> Bool {
        view is UITextField || view is UITextView || view.subviews.contains { containsTextInput($0) }
    }
}
