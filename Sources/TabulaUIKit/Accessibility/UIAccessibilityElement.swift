import Foundation

/// An accessibility element that is not a view: a part of a view that draws several
/// things (a segment, a bar in a chart), listed in the container's
/// ``UIView/accessibilityElements``.
@preconcurrency @MainActor
open class UIAccessibilityElement {
    /// The view (or element) that lists this element.
    open weak var accessibilityContainer: AnyObject?
    /// Whether assistive technologies see this element; true by default.
    open var isAccessibilityElement = true
    /// A short word or phrase that names the element.
    open var accessibilityLabel: String?
    /// The element's current value, if it has one.
    open var accessibilityValue: String?
    /// What activating the element does, when the label does not say.
    open var accessibilityHint: String?
    /// What the element is and what state it is in.
    open var accessibilityTraits: UIAccessibilityTraits = []
    /// A string that identifies the element for tests and automation.
    open var accessibilityIdentifier: String?
    /// Actions offered besides activation.
    open var accessibilityCustomActions: [UIAccessibilityCustomAction]?
    /// The elements inside this one, if it is itself a container.
    open var accessibilityElements: [Any]?
    /// Whether this element and those inside it are hidden from assistive technologies.
    open var accessibilityElementsHidden = false

    /// The element's frame in its container view's coordinates; it follows the container
    /// when the container moves or scrolls.
    open var accessibilityFrameInContainerSpace: CGRect = .zero

    private var fixedFrame: CGRect?
    private var fixedActivationPoint: CGPoint?

    /// Creates an element inside `container` (a view, usually).
    public init(accessibilityContainer container: Any) {
        accessibilityContainer = container as AnyObject
    }

    /// The element's frame in screen (window) coordinates: its frame in container space
    /// converted from the container view, unless set.
    open var accessibilityFrame: CGRect {
        get {
            if let fixedFrame { return fixedFrame }
            if let view = containerView { return view.convert(accessibilityFrameInContainerSpace, to: nil) }
            return accessibilityFrameInContainerSpace
        }
        set { fixedFrame = newValue }
    }

    /// Where a tap lands, in screen (window) coordinates: the middle of the frame unless set.
    open var accessibilityActivationPoint: CGPoint {
        get {
            if let fixedActivationPoint { return fixedActivationPoint }
            let frame = accessibilityFrame
            return CGPoint(x: frame.midX, y: frame.midY)
        }
        set { fixedActivationPoint = newValue }
    }

    /// Performs the element's default action without a touch; false (tap instead) by default.
    open func accessibilityActivate() -> Bool { false }
    /// Raises an adjustable element's value; does nothing by default.
    open func accessibilityIncrement() {}
    /// Lowers an adjustable element's value; does nothing by default.
    open func accessibilityDecrement() {}

    /// The nearest view among the containers; nil when there is none, or when the chain
    /// of elements does not reach one within 1,000 steps (elements that contain each other).
    var containerView: UIView? {
        var container: AnyObject? = accessibilityContainer
        for _ in 0 ..< 1000 {
            guard let current = container else { return nil }
            if let view = current as? UIView { return view }
            container = (current as? UIAccessibilityElement)?.accessibilityContainer
        }
        return nil
    }
}
