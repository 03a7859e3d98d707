import Foundation

/// Two buttons, − and +, that step a value down and up: 94 × 32 points on a grey
/// rounded track, as iOS draws it. A tap on a half changes ``value`` by ``stepValue``
/// within ``minimumValue``…``maximumValue`` (or around, with ``wraps``) and sends
/// `.valueChanged`; the half that cannot step further is greyed. Holding a half down does
/// not repeat yet.
@MainActor
open class UIStepper: UIControl {
    static let size = CGSize(width: 94, height: 32)

    /// Creates a stepper; its size is always 94 × 32 points.
    public override init(frame: CGRect) {
        super.init(frame: CGRect(origin: frame.origin, size: Self.size))
        isOpaque = false
        backgroundColor = UIColor(red: 118 / 255, green: 118 / 255, blue: 128 / 255, alpha: 0.12)
        layer.cornerRadius = 8
        clipsToBounds = true
    }

    /// The value (default 0).
    open var value: Double = 0 {
        didSet {
            let clamped = min(max(value.isFinite ? value : minimumValue, minimumValue), maximumValue)
            if clamped != value { value = clamped }
            setNeedsDisplay()
        }
    }
    /// The smallest value (default 0).
    open var minimumValue: Double = 0 { didSet { value = max(value, minimumValue); setNeedsDisplay() } }
    /// The largest value (default 100).
    open var maximumValue: Double = 100 { didSet { value = min(value, maximumValue); setNeedsDisplay() } }
    /// How much a tap changes the value (default 1).
    open var stepValue: Double = 1
    /// Whether stepping past one end goes round to the other (default false).
    open var wraps = false { didSet { setNeedsDisplay() } }
    /// Whether `.valueChanged` is sent at once (always, in Tabula: a step is one change).
    open var isContinuous = true

    override var primaryActionTriggeringEvent: Event? { .valueChanged }

    /// 94 × 32 points.
    open override func sizeThatFits(_ size: CGSize) -> CGSize { Self.size }
    /// 94 × 32 points.
    open override var intrinsicContentSize: CGSize { Self.size }

    private var pressedHalf: Int?

    /// The finger came down on a half: it highlights.
    open override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        pressedHalf = touch.location(in: self).x < bounds.midX ? 0 : 1
        setNeedsDisplay()
        return true
    }

    /// The finger lifted inside: the value steps down (left) or up (right).
    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        defer { pressedHalf = nil; setNeedsDisplay() }
        guard let half = pressedHalf, isTouchInside, canStep(half) else { return }
        var next = value + (half == 0 ? -stepValue : stepValue)
        if wraps {
            if next > maximumValue { next = minimumValue } else if next < minimumValue { next = maximumValue }
        }
        value = next
        sendActions(for: .valueChanged)
    }

    /// Tracking was cancelled: nothing changes.
    open override func cancelTracking(with event: UIEvent?) {
        pressedHalf = nil
        setNeedsDisplay()
    }

    private func canStep(_ half: Int) -> Bool {
        wraps || (half == 0 ? value > minimumValue : value < maximumValue)
    }

    open override func draw(_ rect: CGRect) {
        guard let ctx = UIGraphicsGetCurrentContext() else { return }
        let half = bounds.width / 2
        if let pressedHalf {
            ctx.setFillColor(UIColor(white: 0, alpha: 0.08).cgColor)
            ctx.fill(CGRect(x: CGFloat(pressedHalf) * half, y: 0, width: half, height: bounds.height))
        }
        ctx.setFillColor(UIColor(white: 0.5, alpha: 0.3).cgColor)
        ctx.fill(CGRect(x: half - 0.5, y: 8, width: 1, height: bounds.height - 16))
        ctx.setLineWidth(2)
        ctx.setLineCap(.round)
        let mid = bounds.midY
        for side in 0 ..< 2 {
            let enabled = isEnabled && canStep(side)
            ctx.setStrokeColor((enabled ? UIColor.label : UIColor.systemGray3).cgColor)
            let cx = CGFloat(side) * half + half / 2
            var glyph = Path()
            glyph.move(to: CGPoint(x: cx - 7, y: mid))
            glyph.addLine(to: CGPoint(x: cx + 7, y: mid))
            if side == 1 {
                glyph.move(to: CGPoint(x: cx, y: mid - 7))
                glyph.addLine(to: CGPoint(x: cx, y: mid + 7))
            }
            ctx.stroke(glyph)
        }
    }
}

/// A row of dots, one per page, the current one darker. A tap left of the current dot
/// goes back a page, right of it forward, and sends `.valueChanged`.
@MainActor
open class UIPageControl: UIControl {
    /// Creates a page control.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        isOpaque = false
        backgroundColor = nil
    }

    /// How many pages (dots) there are (default 0).
    open var numberOfPages = 0 {
        didSet {
            numberOfPages = max(0, numberOfPages)
            currentPage = min(currentPage, max(0, numberOfPages - 1))
            isHidden = hidesForSinglePage && numberOfPages <= 1
            setNeedsDisplay()
        }
    }
    /// The current page (clamped to the pages there are).
    open var currentPage = 0 {
        didSet {
            let clamped = min(max(0, currentPage), max(0, numberOfPages - 1))
            if clamped != currentPage { currentPage = clamped }
            setNeedsDisplay()
        }
    }
    /// Whether the control hides when there is one page or none (default false).
    open var hidesForSinglePage = false { didSet { isHidden = hidesForSinglePage && numberOfPages <= 1 } }
    /// The colour of the other pages' dots (nil: translucent grey).
    open var pageIndicatorTintColor: UIColor? { didSet { setNeedsDisplay() } }
    /// The colour of the current page's dot (nil: dark grey).
    open var currentPageIndicatorTintColor: UIColor? { didSet { setNeedsDisplay() } }

    override var primaryActionTriggeringEvent: Event? { .valueChanged }

    static let dot: CGFloat = 8
    static let gap: CGFloat = 8

    /// The size the dots of `pageCount` pages need.
    open func size(forNumberOfPages pageCount: Int) -> CGSize {
        CGSize(width: CGFloat(max(pageCount, 0)) * (Self.dot + Self.gap) + 16, height: 26)
    }

    /// The dots' size for the pages there are.
    open override var intrinsicContentSize: CGSize { size(forNumberOfPages: numberOfPages) }

    private func dotCenters() -> [CGPoint] {
        let width = CGFloat(numberOfPages) * Self.dot + CGFloat(max(0, numberOfPages - 1)) * Self.gap
        let start = bounds.midX - width / 2 + Self.dot / 2
        return (0 ..< numberOfPages).map { CGPoint(x: start + CGFloat($0) * (Self.dot + Self.gap), y: bounds.midY) }
    }

    /// A tap goes back or forward one page, as the touch is left or right of the current dot.
    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        guard let touch, isTouchInside, numberOfPages > 1 else { return }
        let centers = dotCenters()
        let x = touch.location(in: self).x
        let next = x < centers[currentPage].x ? currentPage - 1 : currentPage + 1
        guard (0 ..< numberOfPages).contains(next) else { return }
        currentPage = next
        sendActions(for: .valueChanged)
    }

    open override func draw(_ rect: CGRect) {
        guard let ctx = UIGraphicsGetCurrentContext() else { return }
        for (i, center) in dotCenters().enumerated() {
            let color = i == currentPage ? (currentPageIndicatorTintColor ?? UIColor(white: 0.2, alpha: 1))
                : (pageIndicatorTintColor ?? UIColor(white: 0.2, alpha: 0.3))
            ctx.setFillColor(color.cgColor)
            ctx.fill(Path(ellipseIn: CGRect(x: center.x - Self.dot / 2, y: center.y - Self.dot / 2, width: Self.dot, height: Self.dot)))
        }
    }
}
