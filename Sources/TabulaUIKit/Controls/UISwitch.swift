import Foundation

/// An on/off switch, drawn and animated as iOS 17's: a 51 × 31 point capsule that turns
/// green (``onTintColor``) when on, with a white thumb that slides across. While the
/// finger is down the thumb stretches toward the middle; a tap toggles the switch, and a
/// drag moves the thumb with the finger, the switch ending on the side the thumb is
/// nearer. A change the user makes sends `.valueChanged` (and `.primaryActionTriggered`);
/// ``setOn(_:animated:)`` from code sends nothing, as in UIKit.
@preconcurrency @MainActor
open class UISwitch: UIControl {
    /// The switch's fixed size.
    static let size = CGSize(width: 51, height: 31)
    private static let thumbDiameter: CGFloat = 27
    private static let stretchedThumbWidth: CGFloat = 34

    private let track = UIView(frame: .zero)
    private let thumb = ThumbView(frame: .zero)

    /// Creates a switch; its size is always 51 × 31 points (the frame's origin is kept).
    public override init(frame: CGRect) {
        super.init(frame: CGRect(origin: frame.origin, size: Self.size))
        setUpSwitch()
    }

    /// Creates the view from a storyboard or nib, as ``UIView/init(coder:)`` does; the
    /// file's switch properties are set before it returns.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        bounds.size = Self.size
        setUpSwitch()
        InterfaceBuilderCoder.decode(coder, into: self, at: UISwitch.self)
    }

    private func setUpSwitch() {
        backgroundColor = nil
        isOpaque = false
        track.isUserInteractionEnabled = false
        track.layer.cornerRadius = Self.size.height / 2
        addSubview(track)
        addSubview(thumb)
        applyAppearance(thumbPosition: 0)
        adoptAppearanceProxy()
    }

    /// The ``AppearanceProxies/generation`` of the proxy settings last taken.
    var appearanceGeneration = -1

    /// Entering a window, the switch takes an appearance proxy set since it took the proxy last.
    open override func didMoveToWindow() {
        super.didMoveToWindow()
        if window != nil, appearanceGeneration != AppearanceProxies.generation { adoptAppearanceProxy() }
    }

    /// Creates a switch whose `primaryAction` runs when the user turns it on or off.
    public convenience init(frame: CGRect, primaryAction: UIAction?) {
        self.init(frame: frame)
        if let primaryAction { addAction(primaryAction, for: .primaryActionTriggered) }
    }


    /// Whether the switch is on; setting it moves the thumb at once.
    open var isOn: Bool {
        get { on }
        set { setOn(newValue, animated: false) }
    }
    private var on = false

    /// The colour of the track when on (nil: system green).
    open var onTintColor: UIColor? { didSet { applyAppearance(thumbPosition: on ? 1 : 0) } }
    /// The colour of the thumb (nil: white).
    open var thumbTintColor: UIColor? { didSet { thumb.setNeedsDisplay() } }

    /// Turns the switch on or off, sliding the thumb over a quarter second when `animated`.
    open func setOn(_ on: Bool, animated: Bool) {
        self.on = on
        guard animated, window != nil else {
            UIView.performWithoutAnimation { applyAppearance(thumbPosition: on ? 1 : 0) }
            return
        }
        UIView.animate(withDuration: 0.25, delay: 0, options: [.curveEaseOut, .beginFromCurrentState, .allowUserInteraction],
                       animations: { self.applyAppearance(thumbPosition: on ? 1 : 0) })
    }

    override var primaryActionTriggeringEvent: Event? { .valueChanged }
    override var tracksHorizontalDrags: Bool { true }

    /// The switch is always 51 × 31 points.
    open override func sizeThatFits(_ size: CGSize) -> CGSize { Self.size }
    /// 51 × 31 points.
    open override var intrinsicContentSize: CGSize { Self.size }

    // MARK: Tracking

    private var pressed = false
    private var dragStartX: CGFloat?
    private var dragPosition: CGFloat?

    /// The finger came down: the thumb stretches toward the middle.
    open override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        pressed = true
        dragStartX = touch.location(in: self).x
        dragPosition = nil
        animate { self.applyAppearance(thumbPosition: self.on ? 1 : 0) }
        return true
    }

    /// A horizontal move of more than a few points drags the thumb with the finger.
    open override func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        guard let start = dragStartX else { return true }
        let dx = touch.location(in: self).x - start
        if dragPosition != nil || abs(dx) > 4 {
            let travel = Self.size.width - Self.stretchedThumbWidth - 4
            dragPosition = min(max((on ? 1 : 0) + dx / travel, 0), 1)
            UIView.performWithoutAnimation { applyAppearance(thumbPosition: dragPosition!) }
        }
        return true
    }

    /// The finger lifted: a tap toggles; a drag ends on the nearer side.
    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        pressed = false
        let newValue: Bool
        if let position = dragPosition {
            newValue = position >= 0.5
        } else {
            newValue = isTouchInside ? !on : on
        }
        finish(newValue)
    }

    /// Tracking was cancelled: the thumb goes back where it was.
    open override func cancelTracking(with event: UIEvent?) {
        pressed = false
        finish(on)
    }

    private func finish(_ newValue: Bool) {
        dragStartX = nil
        dragPosition = nil
        let changed = newValue != on
        setOn(newValue, animated: true)
        if changed { sendActions(for: .valueChanged) }
    }

    private func animate(_ changes: @escaping () -> Void) {
        UIView.animate(withDuration: 0.2, delay: 0, options: [.curveEaseOut, .beginFromCurrentState, .allowUserInteraction],
                       animations: changes)
    }

    // MARK: Drawing

    /// Places the thumb at `position` (0 off, 1 on), stretched while pressed, and colours the track.
    private func applyAppearance(thumbPosition position: CGFloat) {
        let size = Self.size
        track.frame = CGRect(origin: .zero, size: size)
        let onColor = onTintColor ?? .systemGreen
        track.backgroundColor = position >= 0.5 || (on && dragPosition == nil)
            ? (isEnabled ? onColor : onColor.withAlphaComponent(0.5))
            : UIColor.secondarySystemFill
        let width = pressed ? Self.stretchedThumbWidth : Self.thumbDiameter
        let travel = size.width - width - 4
        thumb.frame = CGRect(x: 2 + travel * position, y: 2, width: width, height: Self.thumbDiameter)
        thumb.color = thumbTintColor ?? .white
        thumb.alpha = isEnabled ? 1 : 0.6
    }

    override func stateDidChange() {
        super.stateDidChange()
        if !isTracking { applyAppearance(thumbPosition: on ? 1 : 0) }
    }
}

/// The switch's thumb: a white capsule with a faint outline (Tabula draws no shadows yet).
@MainActor
final class ThumbView: UIView {
    var color: UIColor = .white { didSet { setNeedsDisplay() } }

    override init(frame: CGRect) {
        super.init(frame: frame)
        isOpaque = false
        backgroundColor = nil
        isUserInteractionEnabled = false
        contentMode = .redraw
    }

    required init?(coder: NSCoder) { fatalError("not used") }

    override func draw(_ rect: CGRect) {
        guard let ctx = UIGraphicsGetCurrentContext() else { return }
        let shape = Path(roundedRect: bounds.insetBy(dx: 0.5, dy: 0.5), cornerRadius: (bounds.height - 1) / 2)
        ctx.setFillColor(color.cgColor)
        ctx.fill(shape)
        ctx.setStrokeColor(UIColor(white: 0, alpha: 0.12).cgColor)
        ctx.setLineWidth(0.5)
        ctx.stroke(shape)
    }
}
