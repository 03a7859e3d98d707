import Foundation

/// A continuous value chosen by dragging a thumb along a track, drawn as iOS 17's: a
/// 4-point rounded track, tinted (``minimumTrackTintColor``, system blue) up to a white
/// 28-point thumb and grey after it. Dragging the thumb changes ``value`` and sends
/// `.valueChanged` as it moves (or only when the finger lifts, when ``isContinuous`` is
/// false); a touch on the track away from the thumb does nothing, as in UIKit.
@preconcurrency @MainActor
open class UISlider: UIControl {
    private static let thumbDiameter: CGFloat = 28
    private static let trackHeight: CGFloat = 4

    private let minimumTrack = UIView(frame: .zero)
    private let maximumTrack = UIView(frame: .zero)
    private let thumb = ThumbView(frame: .zero)

    /// Creates a slider (its height is always 34 points' worth of thumb and track).
    public override init(frame: CGRect) {
        super.init(frame: frame)
        isOpaque = false
        backgroundColor = nil
        for track in [maximumTrack, minimumTrack] {
            track.layer.cornerRadius = Self.trackHeight / 2
            track.isUserInteractionEnabled = false
            addSubview(track)
        }
        addSubview(thumb)
        applyColors()
    }

    /// Returns `nil`: Tabula decodes no views (see ``UIView/init(coder:)``).
    public required init?(coder: NSCoder) { return nil }

    /// The value, between ``minimumValue`` and ``maximumValue`` (values outside are clamped).
    open var value: Float {
        get { storedValue }
        set { setValue(newValue, animated: false) }
    }
    private var storedValue: Float = 0

    /// The value at the left end (default 0).
    open var minimumValue: Float = 0 { didSet { setValue(storedValue, animated: false) } }
    /// The value at the right end (default 1).
    open var maximumValue: Float = 1 { didSet { setValue(storedValue, animated: false) } }
    /// Whether `.valueChanged` is sent as the thumb moves (true, the default) or only when it stops.
    open var isContinuous = true

    /// The colour of the track left of the thumb (nil: the tint colour).
    open var minimumTrackTintColor: UIColor? { didSet { applyColors() } }
    /// The colour of the track right of the thumb (nil: light grey).
    open var maximumTrackTintColor: UIColor? { didSet { applyColors() } }
    /// The colour of the thumb (nil: white).
    open var thumbTintColor: UIColor? { didSet { applyColors() } }

    /// Sets the value, moving the thumb over a quarter second when `animated`. Sends nothing.
    open func setValue(_ value: Float, animated: Bool) {
        let low = min(minimumValue, maximumValue), high = max(minimumValue, maximumValue)
        storedValue = value.isFinite ? min(max(value, low), high) : low
        guard animated, window != nil else {
            UIView.performWithoutAnimation { placeThumb() }
            return
        }
        UIView.animate(withDuration: 0.25, delay: 0, options: [.curveEaseOut, .beginFromCurrentState], animations: { self.placeThumb() })
    }

    override var primaryActionTriggeringEvent: Event? { .valueChanged }
    override var tracksHorizontalDrags: Bool { true }

    /// As wide as it is given, 34 points high.
    open override func sizeThatFits(_ size: CGSize) -> CGSize { CGSize(width: max(size.width, 100), height: 34) }
    /// No intrinsic width, 34 points high.
    open override var intrinsicContentSize: CGSize { CGSize(width: UIView.noIntrinsicMetric, height: 34) }

    // MARK: Layout

    /// The value as a fraction of the way from the minimum to the maximum.
    private var fraction: CGFloat {
        let span = maximumValue - minimumValue
        return span == 0 ? 0 : CGFloat((storedValue - minimumValue) / span)
    }

    /// The distance the thumb's centre travels.
    private var travel: CGFloat { max(0, bounds.width - Self.thumbDiameter) }

    private func placeThumb() {
        let d = Self.thumbDiameter
        let x = travel * fraction
        thumb.frame = CGRect(x: x, y: (bounds.height - d) / 2, width: d, height: d)
        let trackY = (bounds.height - Self.trackHeight) / 2
        minimumTrack.frame = CGRect(x: 0, y: trackY, width: x + d / 2, height: Self.trackHeight)
        maximumTrack.frame = CGRect(x: x + d / 2, y: trackY, width: max(0, bounds.width - x - d / 2), height: Self.trackHeight)
    }

    private func applyColors() {
        minimumTrack.backgroundColor = isEnabled ? (minimumTrackTintColor ?? tintColor) : .systemGray3
        maximumTrack.backgroundColor = maximumTrackTintColor ?? .systemFill
        thumb.color = thumbTintColor ?? .white
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        placeThumb()
    }

    open override func tintColorDidChange() {
        super.tintColorDidChange()
        applyColors()
    }

    override func stateDidChange() {
        super.stateDidChange()
        applyColors()
    }

    // MARK: Tracking

    /// Where the finger was on the thumb when it came down, so the thumb does not jump.
    private var grab: CGFloat?
    private var valueAtStart: Float = 0

    /// Tracking starts only on the thumb (with a little room around it).
    open override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        // Where the finger came down: a slider in a scroll view gets its touches late,
        // once the scroll view has seen the finger move sideways.
        let p = convert(touch.initialLocationInWindow, from: nil)
        guard thumb.frame.insetBy(dx: -10, dy: -10).contains(p) else { return false }
        grab = p.x - thumb.frame.midX
        valueAtStart = storedValue
        return true
    }

    /// The thumb follows the finger; a continuous slider reports each change.
    open override func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        guard let grab else { return false }
        let center = touch.location(in: self).x - grab
        let fraction = travel > 0 ? min(max((center - Self.thumbDiameter / 2) / travel, 0), 1) : 0
        let new = minimumValue + Float(fraction) * (maximumValue - minimumValue)
        guard new != storedValue else { return true }
        setValue(new, animated: false)
        if isContinuous { sendActions(for: .valueChanged) }
        return true
    }

    /// The finger lifted: a slider that is not continuous reports the change now.
    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        grab = nil
        if !isContinuous && storedValue != valueAtStart { sendActions(for: .valueChanged) }
    }

    /// Tracking was cancelled: the thumb stays where it is.
    open override func cancelTracking(with event: UIEvent?) { endTracking(nil, with: event) }
}
