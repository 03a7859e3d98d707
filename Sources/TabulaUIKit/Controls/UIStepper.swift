import Foundation

/// Two buttons, − and +, that step a value down and up: 94 × 32 points on a grey
/// rounded track, as iOS draws it. A finger coming down on a half changes ``value`` by
/// ``stepValue`` within ``minimumValue``…``maximumValue`` (or around, with ``wraps``) and
/// sends `.valueChanged`; the half that cannot step further is greyed. Held down, the half
/// repeats (``autorepeat``): after half a second, then ten steps a second, twenty after
/// two seconds. With ``isContinuous`` false, `.valueChanged` is sent once, when the
/// finger lifts.
@preconcurrency @MainActor
open class UIStepper: UIControl {
    static let size = CGSize(width: 94, height: 32)

    /// Creates a stepper; its size is always 94 × 32 points.
    public override init(frame: CGRect) {
        super.init(frame: CGRect(origin: frame.origin, size: Self.size))
        setUpStepper()
    }

    /// Creates the stepper from a storyboard or nib, as ``UIView/init(coder:)`` does (94 × 32
    /// points, whatever size the file gives): the file's properties are set before it
    /// returns, so that a subclass in a file is made.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        frame.size = Self.size
        setUpStepper()
        InterfaceBuilderCoder.decode(coder, into: self, at: UIStepper.self)
    }

    private func setUpStepper() {
        isOpaque = false
        backgroundColor = .tertiarySystemFill
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
    /// The smallest value (default 0). It must be finite and less than ``maximumValue``:
    /// any other value (UIKit raises) is reported and the minimum stays as it was.
    open var minimumValue: Double = 0 {
        didSet {
            guard minimumValue.isFinite, minimumValue < maximumValue else {
                reportInvalidUse("UIStepper.minimumValue cannot be \(minimumValue): it must be finite and less than "
                    + "the maximum value \(maximumValue); it stays \(oldValue)")
                minimumValue = oldValue
                return
            }
            value = max(value, minimumValue)
            setNeedsDisplay()
        }
    }
    /// The largest value (default 100). It must be finite and greater than
    /// ``minimumValue``: any other value (UIKit raises) is reported and the maximum stays
    /// as it was.
    open var maximumValue: Double = 100 {
        didSet {
            guard maximumValue.isFinite, maximumValue > minimumValue else {
                reportInvalidUse("UIStepper.maximumValue cannot be \(maximumValue): it must be finite and greater than "
                    + "the minimum value \(minimumValue); it stays \(oldValue)")
                maximumValue = oldValue
                return
            }
            value = min(value, maximumValue)
            setNeedsDisplay()
        }
    }
    /// How much a tap changes the value (default 1). It must be finite and greater than
    /// 0: zero, a negative or a NaN step (UIKit raises) is reported and the step stays as
    /// it was.
    open var stepValue: Double = 1 {
        didSet {
            guard stepValue.isFinite, stepValue > 0 else {
                reportInvalidUse("UIStepper.stepValue cannot be \(stepValue): it must be finite and greater than 0; "
                    + "it stays \(oldValue)")
                stepValue = oldValue
                return
            }
        }
    }
    /// Whether stepping past one end goes round to the other (default false).
    open var wraps = false { didSet { setNeedsDisplay() } }
    /// Whether `.valueChanged` is sent with each step (true) or once when the finger lifts.
    open var isContinuous = true
    /// Whether holding a half down keeps stepping (default true).
    open var autorepeat = true

    /// The delay before a held half repeats, and the intervals between repeats (faster
    /// after ``fastRepeatAfter`` seconds of holding).
    static let repeatDelay: TimeInterval = 0.5
    static let repeatInterval: TimeInterval = 0.1
    static let fastRepeatInterval: TimeInterval = 0.05
    static let fastRepeatAfter: TimeInterval = 2

    override var primaryActionTriggeringEvent: Event? { .valueChanged }

    /// 94 × 32 points.
    open override func sizeThatFits(_ size: CGSize) -> CGSize { Self.size }
    /// 94 × 32 points.
    open override var intrinsicContentSize: CGSize { Self.size }

    private var pressedHalf: Int?
    /// Whether a step was made while the finger was down and not yet reported (not continuous).
    private var changedWhilePressed = false

    /// The finger came down on a half: it highlights and steps at once, and keeps stepping
    /// while held when ``autorepeat`` is on.
    open override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        let half = touch.location(in: self).x < bounds.midX ? 0 : 1
        pressedHalf = half
        changedWhilePressed = false
        setNeedsDisplay()
        step(half)
        if autorepeat { startRepeating(half) }
        return true
    }

    /// The finger lifted: the repeating stops; a stepper that is not continuous reports
    /// its change now.
    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        stopRepeating()
        pressedHalf = nil
        setNeedsDisplay()
        if !isContinuous, changedWhilePressed { sendActions(for: .valueChanged) }
        changedWhilePressed = false
    }

    /// Tracking was cancelled (a scroll took the touch): the repeating stops.
    open override func cancelTracking(with event: UIEvent?) {
        stopRepeating()
        pressedHalf = nil
        setNeedsDisplay()
        if !isContinuous, changedWhilePressed { sendActions(for: .valueChanged) }
        changedWhilePressed = false
    }

    /// One step of `half` (0: −, 1: +), if it can go further.
    private func step(_ half: Int) {
        guard canStep(half) else { return }
        var next = value + (half == 0 ? -stepValue : stepValue)
        if wraps {
            if next > maximumValue { next = minimumValue } else if next < minimumValue { next = maximumValue }
        }
        value = next
        if isContinuous { sendActions(for: .valueChanged) } else { changedWhilePressed = true }
    }

    /// Steps `half` on the host's clock while the finger stays down on it.
    private func startRepeating(_ half: Int) {
        let engine = FrameEngine.of(layer)
        let start = engine.clock.now
        var due = start + Self.repeatDelay
        engine.ticker.add(self) { [weak self] time in
            guard let self, self.pressedHalf == half else { return false }
            while time >= due - 1e-9 {
                if self.isTouchInside { self.step(half) }
                due += time - start >= Self.fastRepeatAfter ? Self.fastRepeatInterval : Self.repeatInterval
            }
            return true
        }
    }

    private func stopRepeating() { FrameEngine.removeFrameWork(of: self) }

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
@preconcurrency @MainActor
open class UIPageControl: UIControl {
    /// The ``AppearanceProxies/generation`` of the proxy settings last taken.
    var appearanceGeneration = -1

    /// Creates a page control.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        setUpPageControl()
    }

    /// Creates the page control from a storyboard or nib, as ``UIView/init(coder:)`` does:
    /// the file's properties are set before it returns, so that a subclass in a file is made.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUpPageControl()
        InterfaceBuilderCoder.decode(coder, into: self, at: UIPageControl.self)
    }

    private func setUpPageControl() {
        isOpaque = false
        backgroundColor = nil
        adoptAppearanceProxy()
    }

    /// Entering a window, the control takes an appearance proxy set since it took the proxy last.
    open override func didMoveToWindow() {
        super.didMoveToWindow()
        if window != nil, appearanceGeneration != AppearanceProxies.generation { adoptAppearanceProxy() }
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

    /// Whether a platter is drawn behind the dots.
    public enum BackgroundStyle: Int, Sendable {
        /// A platter only while the control is touched.
        case automatic = 0
        /// A platter always.
        case prominent = 1
        /// No platter.
        case minimal = 2
    }

    /// Whether a platter is drawn behind the dots (default `.automatic`): `.prominent` draws
    /// a translucent grey capsule around them always, `.automatic` while a finger is on the
    /// control, `.minimal` never.
    open var backgroundStyle: BackgroundStyle = .automatic { didSet { setNeedsDisplay() } }

    override var primaryActionTriggeringEvent: Event? { .valueChanged }

    static let dot: CGFloat = 8
    static let gap: CGFloat = 8

    /// The size the dots of `pageCount` pages need.
    open func size(forNumberOfPages pageCount: Int) -> CGSize {
        CGSize(width: CGFloat(max(pageCount, 0)) * (Self.dot + Self.gap) + 16, height: 26)
    }

    /// The dots' size for the pages there are.
    open override var intrinsicContentSize: CGSize { size(forNumberOfPages: numberOfPages) }

    /// The pages whose dots are drawn: all of them when they fit the width, else as many as
    /// fit, in a window around the current page (as iOS 14's control scrolls its dots), so
    /// that a huge `numberOfPages` (up to `Int.max`) costs no more than the dots shown.
    private func shownPages() -> Range<Int> {
        let fitting = max(1, Int(((bounds.width - 16 + Self.gap) / (Self.dot + Self.gap)).rounded(.down)))
        guard numberOfPages > fitting else { return 0 ..< numberOfPages }
        let first = min(max(0, currentPage - fitting / 2), numberOfPages - fitting)
        return first ..< first + fitting
    }

    /// The centres of the dots drawn, with their pages.
    private func dotCenters() -> [(page: Int, center: CGPoint)] {
        let pages = shownPages()
        let width = CGFloat(pages.count) * Self.dot + CGFloat(max(0, pages.count - 1)) * Self.gap
        let start = bounds.midX - width / 2 + Self.dot / 2
        return pages.map { (page: $0, center: CGPoint(x: start + CGFloat($0 - pages.lowerBound) * (Self.dot + Self.gap), y: bounds.midY)) }
    }

    /// Redraws, for an automatic platter, as a finger lands.
    open override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        setNeedsDisplay()
        return super.beginTracking(touch, with: event)
    }

    /// A tap goes back or forward one page, as the touch is left or right of the current dot.
    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        setNeedsDisplay()   // an automatic platter goes
        guard let touch, isTouchInside, numberOfPages > 1 else { return }
        guard let current = dotCenters().first(where: { $0.page == currentPage }) else { return }
        let x = touch.location(in: self).x
        let next = x < current.center.x ? currentPage - 1 : currentPage + 1
        guard (0 ..< numberOfPages).contains(next) else { return }
        currentPage = next
        sendActions(for: .valueChanged)
    }

    open override func draw(_ rect: CGRect) {
        guard let ctx = UIGraphicsGetCurrentContext() else { return }
        let dots = dotCenters()
        let centers = dots.map(\.center)
        if let first = centers.first, let last = centers.last,
           backgroundStyle == .prominent || (backgroundStyle == .automatic && isTracking) {
            // The platter: a capsule around the dots with a dot's margin, as iOS 14 draws it.
            let platter = CGRect(x: first.x - Self.dot * 1.5, y: bounds.midY - Self.dot * 1.5,
                                 width: last.x - first.x + Self.dot * 3, height: Self.dot * 3)
            ctx.setFillColor(UIColor(white: 0.5, alpha: 0.25).cgColor)
            ctx.fill(Path(roundedRect: platter, cornerRadius: platter.height / 2))
        }
        for (i, center) in dots {
            let color = i == currentPage ? (currentPageIndicatorTintColor ?? UIColor(white: 0.2, alpha: 1))
                : (pageIndicatorTintColor ?? UIColor(white: 0.2, alpha: 0.3))
            ctx.setFillColor(color.cgColor)
            ctx.fill(Path(ellipseIn: CGRect(x: center.x - Self.dot / 2, y: center.y - Self.dot / 2, width: Self.dot, height: Self.dot)))
        }
    }
}
