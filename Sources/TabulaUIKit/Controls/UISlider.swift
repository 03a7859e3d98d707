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

    private let minimumTrack = UIImageView(frame: .zero)
    private let maximumTrack = UIImageView(frame: .zero)
    private let thumb = ThumbView(frame: .zero)
    /// Shows the thumb image for the state, when one is set, instead of the round thumb.
    private let thumbImageView = UIImageView(frame: .zero)
    private let minimumValueImageView = UIImageView(frame: .zero)
    private let maximumValueImageView = UIImageView(frame: .zero)
    private var thumbImages: [UInt: UIImage] = [:]
    private var minimumTrackImages: [UInt: UIImage] = [:]
    private var maximumTrackImages: [UInt: UIImage] = [:]

    /// Creates a slider (its height is always 34 points' worth of thumb and track).
    public override init(frame: CGRect) {
        super.init(frame: frame)
        setUpSlider()
    }

    /// Creates the slider from a storyboard or nib, as ``UIView/init(coder:)`` does: the
    /// file's properties are set before it returns, so that a subclass in a file is made.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUpSlider()
        InterfaceBuilderCoder.decode(coder, into: self, at: UISlider.self)
    }

    private func setUpSlider() {
        isOpaque = false
        backgroundColor = nil
        for track in [maximumTrack, minimumTrack] {
            track.layer.cornerRadius = Self.trackHeight / 2
            track.isUserInteractionEnabled = false
            addSubview(track)
        }
        for view in [minimumValueImageView, maximumValueImageView, thumbImageView] {
            view.isUserInteractionEnabled = false
            view.isHidden = true
            addSubview(view)
        }
        addSubview(thumb)
        bringSubviewToFront(thumbImageView)
        applyColors()
    }

    /// The value, between ``minimumValue`` and ``maximumValue`` (values outside are clamped).
    open var value: Float {
        get { storedValue }
        set { setValue(newValue, animated: false) }
    }
    private var storedValue: Float = 0

    /// The value at the left end (default 0). A NaN or infinite minimum is reported and
    /// the minimum stays as it was (otherwise ``value`` would read NaN).
    open var minimumValue: Float = 0 {
        didSet {
            guard minimumValue.isFinite else {
                reportInvalidUse("UISlider.minimumValue cannot be \(minimumValue): it must be finite; it stays \(oldValue)")
                minimumValue = oldValue
                return
            }
            setValue(storedValue, animated: false)
        }
    }
    /// The value at the right end (default 1). A NaN or infinite maximum is reported and
    /// the maximum stays as it was.
    open var maximumValue: Float = 1 {
        didSet {
            guard maximumValue.isFinite else {
                reportInvalidUse("UISlider.maximumValue cannot be \(maximumValue): it must be finite; it stays \(oldValue)")
                maximumValue = oldValue
                return
            }
            setValue(storedValue, animated: false)
        }
    }
    /// Whether `.valueChanged` is sent as the thumb moves (true, the default) or only when it stops.
    open var isContinuous = true

    /// The preferred behavioral style (Mac Catalyst's choice of look); kept, and without
    /// effect: Tabula draws the slider as iOS does.
    open var preferredBehavioralStyle: UIBehavioralStyle = .automatic
    /// The style the slider behaves in: always `.pad`, iOS's (see ``preferredBehavioralStyle``).
    open var behavioralStyle: UIBehavioralStyle { .pad }

    /// The colour of the track left of the thumb (nil: the tint colour).
    open var minimumTrackTintColor: UIColor? { didSet { applyColors() } }
    /// The colour of the track right of the thumb (nil: light grey).
    open var maximumTrackTintColor: UIColor? { didSet { applyColors() } }
    /// The colour of the thumb (nil: white).
    open var thumbTintColor: UIColor? { didSet { applyColors() } }

    // MARK: Images

    /// An image at the left end, before the track (which shortens to make room).
    open var minimumValueImage: UIImage? { didSet { applyImages() } }
    /// An image at the right end, after the track.
    open var maximumValueImage: UIImage? { didSet { applyImages() } }

    /// Sets the thumb's image in `state` (nil: fall back to `.normal`'s, then the round thumb).
    open func setThumbImage(_ image: UIImage?, for state: UIControl.State) {
        thumbImages[state.rawValue] = image
        applyImages()
    }
    /// The thumb image for `state` (falling back to `.normal`'s).
    open func thumbImage(for state: UIControl.State) -> UIImage? { lookup(thumbImages, state) }
    /// The thumb image shown now, if any.
    open var currentThumbImage: UIImage? { thumbImage(for: state) }
    /// Sets the image of the track before the thumb in `state` (stretched along the track;
    /// give it cap insets to keep its ends).
    open func setMinimumTrackImage(_ image: UIImage?, for state: UIControl.State) {
        minimumTrackImages[state.rawValue] = image
        applyImages()
    }
    /// The track image before the thumb for `state`.
    open func minimumTrackImage(for state: UIControl.State) -> UIImage? { lookup(minimumTrackImages, state) }
    /// The track image before the thumb shown now.
    open var currentMinimumTrackImage: UIImage? { minimumTrackImage(for: state) }
    /// Sets the image of the track after the thumb in `state`.
    open func setMaximumTrackImage(_ image: UIImage?, for state: UIControl.State) {
        maximumTrackImages[state.rawValue] = image
        applyImages()
    }
    /// The track image after the thumb for `state`.
    open func maximumTrackImage(for state: UIControl.State) -> UIImage? { lookup(maximumTrackImages, state) }
    /// The track image after the thumb shown now.
    open var currentMaximumTrackImage: UIImage? { maximumTrackImage(for: state) }

    /// The state's own value, else `.normal`'s.
    private func lookup(_ table: [UInt: UIImage], _ state: UIControl.State) -> UIImage? {
        table[state.rawValue] ?? (state.contains(.disabled) ? table[UIControl.State.disabled.rawValue] : nil)
            ?? (state.contains(.highlighted) ? table[UIControl.State.highlighted.rawValue] : nil)
            ?? table[UIControl.State.normal.rawValue]
    }

    private func applyImages() {
        minimumValueImageView.image = minimumValueImage
        minimumValueImageView.isHidden = minimumValueImage == nil
        maximumValueImageView.image = maximumValueImage
        maximumValueImageView.isHidden = maximumValueImage == nil
        let thumbImage = currentThumbImage
        thumbImageView.image = thumbImage
        thumbImageView.isHidden = thumbImage == nil
        thumb.isHidden = thumbImage != nil
        for (track, image) in [(minimumTrack, currentMinimumTrackImage), (maximumTrack, currentMaximumTrackImage)] {
            track.image = image
            track.layer.cornerRadius = image == nil ? Self.trackHeight / 2 : 0
        }
        applyColors()
        setNeedsLayout()
        placeThumb()
    }

    // MARK: Geometry

    /// Where the minimum value image goes: at the left end, its own size, centred
    /// vertically; empty without one.
    open func minimumValueImageRect(forBounds bounds: CGRect) -> CGRect {
        guard let size = minimumValueImage?.size else { return CGRect(x: bounds.minX, y: bounds.midY, width: 0, height: 0) }
        return CGRect(x: bounds.minX, y: bounds.midY - size.height / 2, width: size.width, height: size.height)
    }

    /// Where the maximum value image goes: at the right end; empty without one.
    open func maximumValueImageRect(forBounds bounds: CGRect) -> CGRect {
        guard let size = maximumValueImage?.size else { return CGRect(x: bounds.maxX, y: bounds.midY, width: 0, height: 0) }
        return CGRect(x: bounds.maxX - size.width, y: bounds.midY - size.height / 2, width: size.width, height: size.height)
    }

    /// The track: between the value images (8 points clear of each), as tall as a track
    /// image or 4 points, centred vertically.
    open func trackRect(forBounds bounds: CGRect) -> CGRect {
        let left = minimumValueImage == nil ? bounds.minX : minimumValueImageRect(forBounds: bounds).maxX + 8
        let right = maximumValueImage == nil ? bounds.maxX : maximumValueImageRect(forBounds: bounds).minX - 8
        let height = max(currentMinimumTrackImage?.size.height ?? 0, currentMaximumTrackImage?.size.height ?? 0, 0) > 0
            ? max(currentMinimumTrackImage?.size.height ?? 0, currentMaximumTrackImage?.size.height ?? 0) : Self.trackHeight
        return CGRect(x: left, y: bounds.midY - height / 2, width: max(0, right - left), height: height)
    }

    /// The thumb for `value` on the track `rect`: the thumb image's size (or 28 points),
    /// its centre travelling from half its width in from the track's left end to half its
    /// width in from the right.
    open func thumbRect(forBounds bounds: CGRect, trackRect rect: CGRect, value: Float) -> CGRect {
        let size = currentThumbImage?.size ?? CGSize(width: Self.thumbDiameter, height: Self.thumbDiameter)
        let span = maximumValue - minimumValue
        let fraction = span == 0 || !value.isFinite ? 0 : CGFloat(min(max((value - minimumValue) / span, 0), 1))
        let x = rect.minX + max(0, rect.width - size.width) * fraction
        return CGRect(x: x, y: rect.midY - size.height / 2, width: size.width, height: size.height)
    }

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

    /// Where the thumb is now (the round thumb or the thumb image).
    private var thumbFrame: CGRect { thumb.isHidden ? thumbImageView.frame : thumb.frame }

    private func placeThumb() {
        let track = trackRect(forBounds: bounds)
        let frame = thumbRect(forBounds: bounds, trackRect: track, value: storedValue)
        thumb.frame = frame
        thumbImageView.frame = frame
        minimumTrack.frame = CGRect(x: track.minX, y: track.minY, width: max(0, frame.midX - track.minX), height: track.height)
        maximumTrack.frame = CGRect(x: frame.midX, y: track.minY, width: max(0, track.maxX - frame.midX), height: track.height)
        minimumValueImageView.frame = minimumValueImageRect(forBounds: bounds)
        maximumValueImageView.frame = maximumValueImageRect(forBounds: bounds)
    }

    private func applyColors() {
        minimumTrack.backgroundColor = minimumTrack.image != nil ? nil
            : isEnabled ? (minimumTrackTintColor ?? tintColor) : .systemGray3
        maximumTrack.backgroundColor = maximumTrack.image != nil ? nil : maximumTrackTintColor ?? .systemFill
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
        applyImages()
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
        guard thumbFrame.insetBy(dx: -10, dy: -10).contains(p) else { return false }
        grab = p.x - thumbFrame.midX
        valueAtStart = storedValue
        return true
    }

    /// The thumb follows the finger; a continuous slider reports each change.
    open override func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        guard let grab else { return false }
        let center = touch.location(in: self).x - grab
        let track = trackRect(forBounds: bounds), width = thumbFrame.width
        let travel = max(0, track.width - width)
        let fraction = travel > 0 ? min(max((center - track.minX - width / 2) / travel, 0), 1) : 0
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
