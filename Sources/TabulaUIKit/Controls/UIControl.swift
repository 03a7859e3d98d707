import Foundation

/// A view that turns touches into events — buttons, switches, sliders — and sends
/// actions for them.
///
/// A control tracks one finger from the moment it comes down: ``beginTracking(_:with:)``,
/// ``continueTracking(_:with:)`` for each move, and ``endTracking(_:with:)`` or
/// ``cancelTracking(with:)``. Meanwhile it is highlighted while the finger is inside
/// (its bounds grown by 70 points, UIKit's allowance for a moving finger) and sends the
/// touch events: `.touchDown` (and `.touchDownRepeat` for a second quick tap),
/// `.touchDragInside` / `.touchDragOutside` for moves, `.touchDragEnter` / `.touchDragExit`
/// when it crosses the edge, `.touchUpInside` / `.touchUpOutside` when it lifts, and
/// `.touchCancel` when a scroll view takes the touch. A disabled control tracks nothing.
///
/// Actions are `UIAction`s (``addAction(_:for:)``), as UIKit has them since iOS 14. For
/// target–action there are no selectors on Linux: ``addTarget(_:action:for:)`` takes a
/// closure with the control as sender, as Tabula's gesture recognizers do.
@preconcurrency @MainActor
open class UIControl: UIView {
    /// The state of a control, as a set of flags (UIKit's values).
    public struct State: OptionSet, Hashable, Sendable {
        /// The flags.
        public let rawValue: UInt
        /// Creates a state from its flags.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// Enabled, not selected or highlighted.
        public static let normal: State = []
        /// The finger is on the control.
        public static let highlighted = State(rawValue: 1 << 0)
        /// The control is disabled.
        public static let disabled = State(rawValue: 1 << 1)
        /// The control is selected.
        public static let selected = State(rawValue: 1 << 2)
        /// The control has the focus.
        public static let focused = State(rawValue: 1 << 3)
        /// Flags for the app's own use.
        public static let application = State(rawValue: 0x00FF_0000)
        /// Flags reserved for the framework.
        public static let reserved = State(rawValue: 0xFF00_0000)
    }

    /// What happens to a control, as a set of flags (UIKit's values).
    public struct Event: OptionSet, Hashable, Sendable {
        /// The flags.
        public let rawValue: UInt
        /// Creates a set of events from its flags.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// A finger came down on the control.
        public static let touchDown = Event(rawValue: 1 << 0)
        /// A finger came down again quickly (the touch's `tapCount` is above 1).
        public static let touchDownRepeat = Event(rawValue: 1 << 1)
        /// The finger moved inside the control's bounds.
        public static let touchDragInside = Event(rawValue: 1 << 2)
        /// The finger moved outside the control's bounds.
        public static let touchDragOutside = Event(rawValue: 1 << 3)
        /// The finger moved from outside to inside.
        public static let touchDragEnter = Event(rawValue: 1 << 4)
        /// The finger moved from inside to outside.
        public static let touchDragExit = Event(rawValue: 1 << 5)
        /// The finger lifted inside: a tap.
        public static let touchUpInside = Event(rawValue: 1 << 6)
        /// The finger lifted outside.
        public static let touchUpOutside = Event(rawValue: 1 << 7)
        /// The touch was cancelled (a scroll view took it).
        public static let touchCancel = Event(rawValue: 1 << 8)
        /// The control's value changed.
        public static let valueChanged = Event(rawValue: 1 << 12)
        /// The control's primary action happened (a button's tap, a switch's change).
        public static let primaryActionTriggered = Event(rawValue: 1 << 13)
        /// An action of the control's menu ran.
        public static let menuActionTriggered = Event(rawValue: 1 << 14)
        /// Editing began in a text field.
        public static let editingDidBegin = Event(rawValue: 1 << 16)
        /// The text changed while editing.
        public static let editingChanged = Event(rawValue: 1 << 17)
        /// Editing ended in a text field.
        public static let editingDidEnd = Event(rawValue: 1 << 18)
        /// Editing ended with the Return key.
        public static let editingDidEndOnExit = Event(rawValue: 1 << 19)
        /// Every touch event.
        public static let allTouchEvents = Event(rawValue: 0x0000_0FFF)
        /// Every editing event.
        public static let allEditingEvents = Event(rawValue: 0x000F_0000)
        /// Events for the app's own use.
        public static let applicationReserved = Event(rawValue: 0x0F00_0000)
        /// Events reserved for the framework.
        public static let systemReserved = Event(rawValue: 0xF000_0000)
        /// Every event.
        public static let allEvents = Event(rawValue: 0xFFFF_FFFF)
    }

    /// Where the content sits vertically in the bounds.
    public enum ContentVerticalAlignment: Int, Sendable {
        /// Centred.
        case center = 0
        /// At the top.
        case top = 1
        /// At the bottom.
        case bottom = 2
        /// Stretched to fill the height.
        case fill = 3
    }

    /// Where the content sits horizontally in the bounds.
    public enum ContentHorizontalAlignment: Int, Sendable {
        /// Centred.
        case center = 0
        /// At the left.
        case left = 1
        /// At the right.
        case right = 2
        /// Stretched to fill the width.
        case fill = 3
        /// At the leading edge.
        case leading = 4
        /// At the trailing edge.
        case trailing = 5
    }

    /// Creates a control.
    public override init(frame: CGRect) {
        super.init(frame: frame)
    }

    /// Creates a control whose `primaryAction` runs for `.primaryActionTriggered`.
    public convenience init(frame: CGRect, primaryAction: UIAction?) {
        self.init(frame: frame)
        if let primaryAction { addAction(primaryAction, for: .primaryActionTriggered) }
    }

    /// Creates the view from a storyboard or nib, as ``UIView/init(coder:)`` does; the
    /// file's control properties are set before it returns.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        InterfaceBuilderCoder.decode(coder, into: self, at: UIControl.self)
    }

    // MARK: State

    /// Whether the control responds to touches (default true); a disabled one is drawn dimmed.
    open var isEnabled = true { didSet { if isEnabled != oldValue { stateDidChange() } } }
    /// Whether the control is selected (default false).
    open var isSelected = false { didSet { if isSelected != oldValue { stateDidChange() } } }
    /// Whether the control is highlighted: set while a finger is on it.
    open var isHighlighted = false { didSet { if isHighlighted != oldValue { stateDidChange() } } }

    /// The state flags of ``isEnabled``, ``isSelected`` and ``isHighlighted``.
    open var state: State {
        var state: State = []
        if isHighlighted { state.insert(.highlighted) }
        if !isEnabled { state.insert(.disabled) }
        if isSelected { state.insert(.selected) }
        return state
    }

    /// Called when ``state`` changes: Tabula's controls draw themselves anew. (Your own
    /// subclasses observe `isHighlighted` and the others by overriding them, as in UIKit.)
    func stateDidChange() { setNeedsDisplay() }

    /// Where the content sits vertically (default `.center`).
    open var contentVerticalAlignment: ContentVerticalAlignment = .center { didSet { setNeedsLayout() } }
    /// Where the content sits horizontally (default `.center`).
    open var contentHorizontalAlignment: ContentHorizontalAlignment = .center { didSet { setNeedsLayout() } }
    /// The horizontal alignment with leading and trailing resolved (left to right: left and right).
    open var effectiveContentHorizontalAlignment: ContentHorizontalAlignment {
        let rightToLeft = effectiveUserInterfaceLayoutDirection == .rightToLeft
        return switch contentHorizontalAlignment {
        case .leading: rightToLeft ? .right : .left
        case .trailing: rightToLeft ? .left : .right
        case let other: other
        }
    }

    // MARK: Tracking

    /// Whether a finger is being tracked.
    open private(set) var isTracking = false
    /// Whether the tracked finger is inside the control (its bounds grown by 70 points).
    open private(set) var isTouchInside = false

    /// How far outside the bounds a moving finger still counts as inside.
    static let touchSlop: CGFloat = 70

    /// A finger came down on the control: return whether to go on tracking it (default true).
    open func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool { true }
    /// The tracked finger moved: return whether to go on tracking it (default true).
    open func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool { true }
    /// The tracked finger lifted (nil when tracking stopped otherwise); the default does nothing.
    open func endTracking(_ touch: UITouch?, with event: UIEvent?) {}
    /// Tracking was cancelled (a scroll view took the touch); the default does nothing.
    open func cancelTracking(with event: UIEvent?) {}

    private weak var trackedTouch: UITouch?

    private func isInside(_ touch: UITouch) -> Bool {
        bounds.insetBy(dx: -Self.touchSlop, dy: -Self.touchSlop).contains(touch.location(in: self))
    }

    /// Starts tracking the first finger, unless the control is disabled or tracks one already.
    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard isEnabled, trackedTouch == nil, let touch = touches.first else { return }
        trackedTouch = touch
        isTouchInside = true
        isTracking = beginTracking(touch, with: event)
        isHighlighted = true
        var events: Event = .touchDown
        if touch.tapCount > 1 { events.insert(.touchDownRepeat) }
        sendActions(for: events)
    }

    /// Follows the tracked finger: highlight, drag events, ``continueTracking(_:with:)``.
    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = trackedTouch, touches.contains(touch) else { return }
        let inside = isInside(touch)
        var events: Event = inside ? .touchDragInside : .touchDragOutside
        if inside != isTouchInside { events.insert(inside ? .touchDragEnter : .touchDragExit) }
        isTouchInside = inside
        isHighlighted = inside
        if isTracking { isTracking = continueTracking(touch, with: event) }
        sendActions(for: events)
    }

    /// The finger lifted: ``endTracking(_:with:)``, then `.touchUpInside` or `.touchUpOutside`.
    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = trackedTouch, touches.contains(touch) else { return }
        let inside = isInside(touch)
        trackedTouch = nil
        isTouchInside = inside
        isHighlighted = false
        if isTracking { endTracking(touch, with: event) }
        isTracking = false
        sendActions(for: inside ? .touchUpInside : .touchUpOutside)
    }

    /// The touch was taken (a scroll view began scrolling): ``cancelTracking(with:)``, then `.touchCancel`.
    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = trackedTouch, touches.contains(touch) else { return }
        trackedTouch = nil
        isHighlighted = false
        isTouchInside = false
        if isTracking { cancelTracking(with: event) }
        isTracking = false
        sendActions(for: .touchCancel)
    }

    // MARK: Actions

    /// An action or a target's closure, with the events it runs for.
    private struct Handler {
        var action: UIAction?
        var target: Handle?
        var events: Event
    }

    /// A target–action pair: the target (weakly) and its closure.
    private final class Handle {
        weak var target: AnyObject?
        let hasTarget: Bool
        let run: (UIControl) -> Void
        init(target: AnyObject?, run: @escaping (UIControl) -> Void) {
            self.target = target
            hasTarget = target != nil
            self.run = run
        }
    }

    private var handlers: [Handler] = []

    /// The event that, besides its own actions, triggers `.primaryActionTriggered`:
    /// a button's `.touchUpInside`, a switch's `.valueChanged`. None for a plain control.
    var primaryActionTriggeringEvent: Event? { nil }
    /// Whether a sideways drag moves the control (a slider's thumb, a switch): a scroll
    /// view that cannot scroll sideways leaves such a drag to it.
    var tracksHorizontalDrags: Bool { false }

    /// Runs `action` whenever any of `controlEvents` happens (its `sender` is the control).
    /// An action with the same identifier already added for those events is replaced.
    open func addAction(_ action: UIAction, for controlEvents: UIControl.Event) {
        if let i = handlers.firstIndex(where: { $0.action?.identifier == action.identifier }) {
            handlers[i].events.formUnion(controlEvents)
            handlers[i].action = action
        } else {
            handlers.append(Handler(action: action, target: nil, events: controlEvents))
        }
    }

    /// Stops `action` running for `controlEvents`.
    open func removeAction(_ action: UIAction, for controlEvents: UIControl.Event) {
        removeAction(identifiedBy: action.identifier, for: controlEvents)
    }

    /// Stops the action with `actionIdentifier` running for `controlEvents`.
    open func removeAction(identifiedBy actionIdentifier: UIAction.Identifier, for controlEvents: UIControl.Event) {
        for i in handlers.indices where handlers[i].action?.identifier == actionIdentifier {
            handlers[i].events.subtract(controlEvents)
        }
        handlers.removeAll { $0.events.isEmpty }
    }

    /// Runs `action` for `controlEvents` with the control as sender, as long as `target` is
    /// alive (nil: always). Linux has no selectors: this is UIKit's
    /// `addTarget(_:action:for:)` with a closure where the selector was.
    ///
    /// ```swift
    /// // UIKit: toggle.addTarget(self, action: #selector(toggled(_:)), for: .valueChanged)
    /// toggle.addTarget(self, action: { [unowned self] sender in self.toggled(sender) }, for: .valueChanged)
    /// ```
    open func addTarget(_ target: AnyObject?, action: @escaping (UIControl) -> Void, for controlEvents: UIControl.Event) {
        handlers.append(Handler(action: nil, target: Handle(target: target, run: action), events: controlEvents))
    }

    /// Removes the closures added for `target` (every target's when nil) for `controlEvents`.
    open func removeTarget(_ target: AnyObject?, for controlEvents: UIControl.Event) {
        for i in handlers.indices {
            guard let handle = handlers[i].target, target == nil || handle.target === target else { continue }
            handlers[i].events.subtract(controlEvents)
        }
        handlers.removeAll { $0.events.isEmpty }
    }

    /// The events for which something runs.
    open var allControlEvents: Event { handlers.reduce(into: []) { $0.formUnion($1.events) } }

    /// Runs what is registered for any of `controlEvents`, in the order added (and, when
    /// they include the control's primary triggering event, what is registered for
    /// `.primaryActionTriggered`). A disabled action does not run.
    open func sendActions(for controlEvents: UIControl.Event) {
        var events = controlEvents
        if let primary = primaryActionTriggeringEvent, !events.isDisjoint(with: primary) { events.insert(.primaryActionTriggered) }
        // Handlers may add or remove others: run the ones registered now.
        for handler in handlers where !handler.events.isDisjoint(with: events) {
            if let action = handler.action {
                sendAction(action)
            } else if let handle = handler.target, !handle.hasTarget || handle.target != nil {
                handle.run(self)
            }
        }
    }

    /// Runs `action` with the control as sender (unless the action is disabled).
    open func sendAction(_ action: UIAction) {
        guard !action.attributes.contains(.disabled) else { return }
        action.performWithSender(self, target: nil)
    }

    /// Calls `iterator` for each action and each target closure with the events it runs
    /// for; set the last argument to true to stop. Target closures come with a nil
    /// action and nil for the target–selector pair (there are no selectors on Linux).
    open func enumerateEventHandlers(_ iterator: (UIAction?, (target: Any?, action: Selector)?, UIControl.Event, inout Bool) -> Void) {
        var stop = false
        for handler in handlers {
            iterator(handler.action, nil, handler.events, &stop)
            if stop { return }
        }
    }
}

/// How a control behaves and looks: as on iOS and iPadOS (`.pad`), or as on macOS in a Mac
/// Catalyst app with the Mac idiom (`.mac`). Tabula draws every control as iOS does; a
/// control's `behavioralStyle` is always `.pad`.
public enum UIBehavioralStyle: UInt, Sendable {
    /// The system's choice for the platform.
    case automatic = 0
    /// The iOS and iPadOS look and behaviour.
    case pad = 1
    /// The macOS look and behaviour (Mac Catalyst only).
    case mac = 2
}
