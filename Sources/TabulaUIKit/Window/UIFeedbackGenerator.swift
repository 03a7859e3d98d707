import Foundation

/// The base of the haptic feedback generators: UIKit's `UIFeedbackGenerator`.
///
/// There is no Taptic Engine on Linux. Each request is recorded, in order, on the screen
/// that shows the generator's view (or, for a generator made without a view, the screen
/// that showed a window last), in ``HeadlessScreen/feedbackRequests``, so a test can check
/// that a control asked for the feedback iOS users feel — as accessibility announcements
/// are kept in ``UIAccessibility/postedNotifications``. A request made while no screen
/// shows a window is dropped.
@preconcurrency @MainActor
open class UIFeedbackGenerator: NSObject {
    /// The view whose screen hears the feedback; nil for the screen that showed a window last.
    public private(set) weak var view: UIView?

    /// Creates a generator for the screen that showed a window last.
    public override init() { super.init() }

    /// Creates a generator whose feedback belongs to `view`'s screen (iOS 17.5).
    public init(view: UIView) {
        self.view = view
        super.init()
    }

    /// Readies the (absent) hardware; recorded as ``HeadlessScreen/FeedbackRequest/Kind/prepare``.
    open func prepare() { record(.prepare, at: nil) }

    func record(_ kind: HeadlessScreen.FeedbackRequest.Kind, at location: CGPoint?) {
        let screen = (view?.window?.layer.host as? HeadlessScreen) ?? HostRegistry.mostRecentScreen
        guard let screen else { return }
        screen.feedbackRequests.append(HeadlessScreen.FeedbackRequest(kind: kind, time: screen.currentTime,
                                                                      location: location))
    }
}

/// Feedback for a physical impact: a view snapping into place, a collision.
@preconcurrency @MainActor
open class UIImpactFeedbackGenerator: UIFeedbackGenerator {
    /// How heavy the impact feels.
    public enum FeedbackStyle: Int, Sendable {
        /// A light impact.
        case light = 0
        /// A moderate impact.
        case medium = 1
        /// A heavy impact.
        case heavy = 2
        /// A soft, flexible impact.
        case soft = 3
        /// A hard, rigid impact.
        case rigid = 4
    }

    /// The style given at creation.
    public let style: FeedbackStyle

    /// Creates a generator of `.medium` impacts.
    public override convenience init() { self.init(style: .medium) }

    /// Creates a generator of impacts of `style`.
    public init(style: FeedbackStyle) {
        self.style = style
        super.init()
    }

    /// Creates a generator of impacts of `style` for `view`'s screen (iOS 17.5).
    public init(style: FeedbackStyle, view: UIView) {
        self.style = style
        super.init(view: view)
    }

    /// Asks for an impact at full intensity.
    open func impactOccurred() { impactOccurred(intensity: 1) }

    /// Asks for an impact at `intensity`, from 0 to 1; values outside are clamped and NaN
    /// counts as 1, as the hardware would play them.
    open func impactOccurred(intensity: CGFloat) { impact(intensity: intensity, at: nil) }

    /// Asks for an impact at a point in the view's coordinates (iOS 17.5).
    open func impactOccurred(at location: CGPoint) { impact(intensity: 1, at: location) }

    /// Asks for an impact at `intensity` at a point in the view's coordinates (iOS 17.5).
    open func impactOccurred(intensity: CGFloat, at location: CGPoint) { impact(intensity: intensity, at: location) }

    private func impact(intensity: CGFloat, at location: CGPoint?) {
        let clamped = intensity.isNaN ? 1 : min(1, max(0, intensity))
        record(.impact(style, intensity: clamped), at: location)
    }
}

/// Feedback for a task's outcome: success, warning, error.
@preconcurrency @MainActor
open class UINotificationFeedbackGenerator: UIFeedbackGenerator {
    /// The outcome.
    public enum FeedbackType: Int, Sendable {
        /// A task succeeded.
        case success = 0
        /// A task produced a warning.
        case warning = 1
        /// A task failed.
        case error = 2
    }

    /// Asks for the feedback of `notificationType`.
    open func notificationOccurred(_ notificationType: FeedbackType) {
        record(.notification(notificationType), at: nil)
    }

    /// Asks for the feedback of `notificationType` at a point in the view's coordinates (iOS 17.5).
    open func notificationOccurred(_ notificationType: FeedbackType, at location: CGPoint) {
        record(.notification(notificationType), at: location)
    }
}

/// Feedback for a change of selection: a picker's wheel passing a row, a segment chosen.
@preconcurrency @MainActor
open class UISelectionFeedbackGenerator: UIFeedbackGenerator {
    /// Asks for the tick of a changed selection.
    open func selectionChanged() { record(.selection, at: nil) }

    /// Asks for the tick of a changed selection at a point in the view's coordinates (iOS 17.5).
    open func selectionChanged(at location: CGPoint) { record(.selection, at: location) }
}

extension HeadlessScreen {
    /// One request for haptic feedback, as ``feedbackRequests`` keeps it.
    public struct FeedbackRequest: Equatable, Sendable {
        /// What was asked for.
        public enum Kind: Equatable, Sendable {
            /// ``UIFeedbackGenerator/prepare()``.
            case prepare
            /// An impact of a style, at an intensity from 0 to 1.
            case impact(UIImpactFeedbackGenerator.FeedbackStyle, intensity: CGFloat)
            /// A task's outcome.
            case notification(UINotificationFeedbackGenerator.FeedbackType)
            /// A changed selection.
            case selection
        }
        /// What was asked for.
        public var kind: Kind
        /// The screen's time of the request (``HeadlessScreen/currentTime``).
        public var time: TimeInterval
        /// The point given with the request, in the generator's view's coordinates; nil when none.
        public var location: CGPoint?
    }
}
