import Foundation

/// A row of segments of which one is selected, drawn as iOS 13 and later draw it: a grey
/// capsule track with the selected segment raised in white, its title in medium weight.
/// Tapping a segment selects it — the white piece slides over — and sends `.valueChanged`
/// (and `.primaryActionTriggered`); a momentary control selects nothing lasting.
@preconcurrency @MainActor
open class UISegmentedControl: UIControl {
    /// The index meaning "no segment selected".
    public static let noSegment = -1

    private struct Segment {
        var title: String?
        var image: UIImage?
        var enabled = true
        var width: CGFloat = 0
        var action: UIAction?
    }

    private var segments: [Segment] = []
    private let selection = UIView(frame: .zero)
    private var labels: [UILabel] = []
    /// The image view of each segment that shows an image instead of a title.
    private var imageViews: [UIImageView?] = []
    /// The title attributes set for each state (by the state's raw value).
    private var titleAttributes: [UInt: [NSAttributedString.Key: Any]] = [:]

    /// The height of the control.
    static let height: CGFloat = 32

    /// Creates a control with a segment for each item: a `String` title or a `UIImage`.
    public init(items: [Any]?) {
        super.init(frame: .zero)
        setUp()
        for item in items ?? [] {
            if let title = item as? String {
                segments.append(Segment(title: title))
            } else if let image = item as? UIImage {
                segments.append(Segment(image: image))
            }
        }
        rebuild()
        bounds.size = sizeThatFits(.zero)
    }

    /// Creates a control with a segment for each action (titled by it); choosing a
    /// segment runs its action.
    public convenience init(frame: CGRect, actions: [UIAction]) {
        self.init(items: actions.map(\.title))
        for (i, action) in actions.enumerated() { segments[i].action = action }
        if frame != .zero { self.frame = frame }
    }

    /// Creates an empty control.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        setUp()
    }

    /// Creates the control from a storyboard or nib, as ``UIView/init(coder:)`` does: the
    /// file's properties are set before it returns, so that a subclass in a file is made.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUp()
        InterfaceBuilderCoder.decode(coder, into: self, at: UISegmentedControl.self)
    }

    private func setUp() {
        isOpaque = false
        backgroundColor = .tertiarySystemFill
        layer.cornerRadius = 8.9
        clipsToBounds = true
        selection.backgroundColor = Self.defaultSelectionColor
        selection.layer.cornerRadius = 6.9
        selection.isUserInteractionEnabled = false
        addSubview(selection)
        adoptAppearanceProxy()
    }

    /// The ``AppearanceProxies/generation`` of the proxy settings last taken.
    var appearanceGeneration = -1

    /// Entering a window, the control takes an appearance proxy set since it took the proxy last.
    open override func didMoveToWindow() {
        super.didMoveToWindow()
        if window != nil, appearanceGeneration != AppearanceProxies.generation { adoptAppearanceProxy() }
    }

    // MARK: Segments

    /// How many segments there are.
    open var numberOfSegments: Int { segments.count }

    /// The selected segment, or ``noSegment``; setting it moves the selection at once.
    /// An index that is not a segment's (UIKit raises) is reported to
    /// `UIViewController.onInvalidUse` and the selection stays as it was.
    open var selectedSegmentIndex: Int = UISegmentedControl.noSegment {
        didSet {
            if !(selectedSegmentIndex == Self.noSegment || segments.indices.contains(selectedSegmentIndex)) {
                reportInvalidUse("UISegmentedControl: selectedSegmentIndex \(selectedSegmentIndex) is out of range "
                    + "(\(segments.count) segments); the selection stays at \(oldValue)")
                selectedSegmentIndex = segments.indices.contains(oldValue) ? oldValue : Self.noSegment
                return
            }
            placeSelection(animated: selectingByTouch && window != nil)
        }
    }

    /// Set while a tap changes the selection, so that the selection slides.
    private var selectingByTouch = false

    /// Whether a tapped segment only flashes instead of staying selected (default false).
    open var isMomentary = false

    /// The colour of the selected segment (nil: white, a mid grey in dark mode).
    open var selectedSegmentTintColor: UIColor? {
        didSet { selection.backgroundColor = selectedSegmentTintColor ?? Self.defaultSelectionColor }
    }

    /// iOS's selected segment: white, and #636366 in dark mode (white there would hide
    /// the title, which turns white too).
    static let defaultSelectionColor = UIColor { traits in
        traits.userInterfaceStyle == .dark ? UIColor(red: 0x63 / 255, green: 0x63 / 255, blue: 0x66 / 255, alpha: 1) : .white
    }

    /// Whether segment widths follow their content (default false: equal widths).
    open var apportionsSegmentWidthsByContent = false { didSet { setNeedsLayout() } }

    /// Inserts a titled segment at `segment` (clamped).
    open func insertSegment(withTitle title: String?, at segment: Int, animated: Bool) {
        segments.insert(Segment(title: title), at: max(0, min(segment, segments.count)))
        if selectedSegmentIndex >= segment && selectedSegmentIndex != Self.noSegment { selectedSegmentIndex += 1 }
        rebuild()
    }

    /// Inserts a segment for `action` at `segment` (clamped); the selected segment stays
    /// selected, its index moving up when the new segment goes before it.
    open func insertSegment(action: UIAction, at segment: Int, animated: Bool) {
        var new = Segment(title: action.title)
        new.action = action
        segments.insert(new, at: max(0, min(segment, segments.count)))
        if selectedSegmentIndex >= segment && selectedSegmentIndex != Self.noSegment { selectedSegmentIndex += 1 }
        rebuild()
    }

    /// Removes the segment at `segment`; the selection goes when its segment does.
    open func removeSegment(at segment: Int, animated: Bool) {
        guard checkSegment(segment, in: "removeSegment(at:animated:)") else { return }
        segments.remove(at: segment)
        if selectedSegmentIndex == segment { selectedSegmentIndex = Self.noSegment }
        else if selectedSegmentIndex > segment { selectedSegmentIndex -= 1 }
        rebuild()
    }

    /// Removes every segment.
    open func removeAllSegments() {
        segments = []
        selectedSegmentIndex = Self.noSegment
        rebuild()
    }

    /// Sets the title of the segment at `segment`; a segment shows a title or an image,
    /// so the title takes the image's place.
    open func setTitle(_ title: String?, forSegmentAt segment: Int) {
        guard checkSegment(segment, in: "setTitle(_:forSegmentAt:)") else { return }
        segments[segment].title = title
        if title != nil { segments[segment].image = nil }
        rebuild()
    }

    /// Inserts a segment showing `image` at `segment` (clamped).
    open func insertSegment(with image: UIImage?, at segment: Int, animated: Bool) {
        segments.insert(Segment(image: image), at: max(0, min(segment, segments.count)))
        if selectedSegmentIndex >= segment && selectedSegmentIndex != Self.noSegment { selectedSegmentIndex += 1 }
        rebuild()
    }

    /// Sets the image of the segment at `segment`, centred in it and drawn in the title's
    /// colour when it is a template or a symbol; it takes the title's place.
    open func setImage(_ image: UIImage?, forSegmentAt segment: Int) {
        guard checkSegment(segment, in: "setImage(_:forSegmentAt:)") else { return }
        segments[segment].image = image
        if image != nil { segments[segment].title = nil }
        rebuild()
    }

    /// The image of the segment at `segment`, if it shows one.
    open func imageForSegment(at segment: Int) -> UIImage? { segments.indices.contains(segment) ? segments[segment].image : nil }

    /// Sets the attributes of the titles in `state` (`.normal`, `.selected`, `.disabled`):
    /// a font and a foreground colour are used; a state without its own takes `.normal`'s.
    open func setTitleTextAttributes(_ attributes: [NSAttributedString.Key: Any]?, for state: UIControl.State) {
        titleAttributes[state.rawValue] = attributes
        styleLabels()
        setNeedsLayout()
    }

    /// The title attributes set for `state`, if any.
    open func titleTextAttributes(for state: UIControl.State) -> [NSAttributedString.Key: Any]? {
        titleAttributes[state.rawValue]
    }

    /// The title of the segment at `segment`.
    open func titleForSegment(at segment: Int) -> String? { segments.indices.contains(segment) ? segments[segment].title : nil }

    /// Enables or disables the segment at `segment`.
    open func setEnabled(_ enabled: Bool, forSegmentAt segment: Int) {
        guard checkSegment(segment, in: "setEnabled(_:forSegmentAt:)") else { return }
        segments[segment].enabled = enabled
        rebuild()
    }

    /// Whether the segment at `segment` is enabled.
    open func isEnabledForSegment(at segment: Int) -> Bool { segments.indices.contains(segment) && segments[segment].enabled }

    /// Fixes the width of the segment at `segment` (0: automatic). A negative, NaN or
    /// infinite width is reported and the segment keeps its width: it would leave no room,
    /// or nowhere, for every segment after it.
    open func setWidth(_ width: CGFloat, forSegmentAt segment: Int) {
        guard checkSegment(segment, in: "setWidth(_:forSegmentAt:)") else { return }
        guard width.isFinite, width >= 0 else {
            return reportInvalidUse("UISegmentedControl.setWidth(_:forSegmentAt:): \(width) is not a width (0 or more points); "
                + "segment \(segment) keeps \(segments[segment].width)")
        }
        segments[segment].width = width
        setNeedsLayout()
    }

    /// The fixed width of the segment at `segment`, or 0.
    open func widthForSegment(at segment: Int) -> CGFloat { segments.indices.contains(segment) ? segments[segment].width : 0 }

    /// Whether `segment` is a segment's index; if not, reports the call (UIKit raises) and
    /// the call changes nothing.
    private func checkSegment(_ segment: Int, in call: String) -> Bool {
        guard !segments.indices.contains(segment) else { return true }
        reportInvalidUse("UISegmentedControl.\(call): segment \(segment) is out of range "
            + "(\(segments.count) segments); nothing changed")
        return false
    }

    // MARK: Layout and drawing

    private func rebuild() {
        for label in labels { label.removeFromSuperview() }
        for view in imageViews { view?.removeFromSuperview() }
        labels = segments.map { segment in
            let label = UILabel(frame: .zero)
            label.text = segment.title
            label.textAlignment = .center
            addSubview(label)
            return label
        }
        imageViews = segments.map { segment in
            guard let image = segment.image else { return nil }
            let view = UIImageView(image: image)
            view.contentMode = .center
            view.isUserInteractionEnabled = false
            addSubview(view)
            return view
        }
        styleLabels()
        setNeedsLayout()
    }

    /// Fonts and colours for each segment's state: the attributes set for it (else for
    /// `.normal`), else 13-point text, semibold when selected, in the label colour (grey
    /// when disabled).
    private func styleLabels() {
        for (i, label) in labels.enumerated() {
            let enabled = segments.indices.contains(i) && segments[i].enabled && isEnabled
            let state: UIControl.State = !enabled ? .disabled : i == selectedSegmentIndex ? .selected : .normal
            let attributes = titleAttributes[state.rawValue] ?? titleAttributes[UIControl.State.normal.rawValue] ?? [:]
            label.font = attributes[.font] as? UIFont
                ?? .systemFont(ofSize: 13, weight: i == selectedSegmentIndex ? .semibold : .regular)
            label.textColor = attributes[.foregroundColor] as? UIColor ?? (enabled ? .label : .systemGray)
            if imageViews.indices.contains(i), let view = imageViews[i] { view.tintColor = label.textColor }
        }
    }

    /// The frames of the segments, left to right.
    func segmentFrames() -> [CGRect] {
        guard !segments.isEmpty else { return [] }
        let fixed = segments.reduce(0) { $0 + $1.width }
        let automatic = segments.filter { $0.width <= 0 }
        var widths: [CGFloat]
        if apportionsSegmentWidthsByContent {
            let natural = labels.map { $0.sizeThatFits(.zero).width + 24 }
            let total = natural.reduce(0, +)
            widths = natural.map { $0 / max(total, 1) * bounds.width }
        } else {
            let each = automatic.isEmpty ? 0 : max(0, bounds.width - fixed) / CGFloat(automatic.count)
            widths = segments.map { $0.width > 0 ? $0.width : each }
        }
        var x: CGFloat = 0
        return widths.map { w in
            defer { x += w }
            return CGRect(x: x, y: 0, width: w, height: bounds.height)
        }
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        for (i, frame) in segmentFrames().enumerated() {
            labels[i].frame = frame.insetWithin(dx: 4, dy: 0)
            imageViews[i]?.frame = frame.insetWithin(dx: 4, dy: 4)
        }
        placeSelection(animated: false)
        setNeedsDisplay()
    }

    private func placeSelection(animated: Bool) {
        styleLabels()
        let frames = segmentFrames()
        guard frames.indices.contains(selectedSegmentIndex) else {
            selection.isHidden = true
            return
        }
        selection.isHidden = false
        let target = frames[selectedSegmentIndex].insetWithin(dx: 2, dy: 2)
        if animated {
            UIView.animate(withDuration: 0.25, delay: 0, usingSpringWithDamping: 1, initialSpringVelocity: 0,
                           options: [.beginFromCurrentState, .allowUserInteraction], animations: { self.selection.frame = target })
        } else {
            UIView.performWithoutAnimation { selection.frame = target }
        }
        setNeedsDisplay()
    }

    /// The hairlines between segments that are not beside the selection.
    open override func draw(_ rect: CGRect) {
        guard let ctx = UIGraphicsGetCurrentContext() else { return }
        ctx.setFillColor(UIColor(white: 0.5, alpha: 0.3).cgColor)
        for (i, frame) in segmentFrames().enumerated().dropFirst() where i != selectedSegmentIndex && i - 1 != selectedSegmentIndex {
            ctx.fill(CGRect(x: frame.minX - 0.5, y: 8, width: 1, height: bounds.height - 16))
        }
    }

    /// Fits the titles: each segment as wide as the widest title plus padding, 32 points high.
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        let widest = zip(labels, imageViews).map { label, image in
            max(label.sizeThatFits(.zero).width, image?.image?.size.width ?? 0)
        }.max() ?? 0
        return CGSize(width: (widest + 28) * CGFloat(max(segments.count, 1)), height: Self.height)
    }

    /// The size that fits the titles.
    open override var intrinsicContentSize: CGSize { sizeThatFits(.zero) }

    // MARK: Touches

    private var touchedSegment: Int?

    /// The finger came down on a segment.
    open override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        touchedSegment = segmentFrames().firstIndex { $0.contains(touch.location(in: self)) }
        return true
    }

    /// The finger lifted: the segment under it is selected (if it is enabled).
    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        defer { touchedSegment = nil }
        guard let touch, isTouchInside,
              let index = segmentFrames().firstIndex(where: { $0.contains(touch.location(in: self)) }),
              segments[index].enabled else { return }
        if isMomentary {
            segments[index].action.map { sendAction($0) }
            sendActions(for: .valueChanged)
            return
        }
        guard index != selectedSegmentIndex else { return }
        selectingByTouch = true
        selectedSegmentIndex = index
        selectingByTouch = false
        segments[index].action.map { sendAction($0) }
        sendActions(for: .valueChanged)
    }

    override var primaryActionTriggeringEvent: Event? { .valueChanged }
}
