import Foundation

/// A bar that fills as a task progresses: a 4-point rounded track, tinted up to
/// ``progress`` (0 to 1), as iOS draws `.default` progress views.
@preconcurrency @MainActor
open class UIProgressView: UIView {
    /// How a progress view looks.
    public enum Style: Int, Sendable {
        /// The standard bar.
        case `default` = 0
        /// The bar for a toolbar (the same look in Tabula).
        case bar = 1
    }

    /// The style, fixed at creation.
    open var progressViewStyle: Style = .default

    private let fill = UIView(frame: .zero)

    /// Creates a progress view of `style`, 4 points high.
    public convenience init(progressViewStyle style: Style) {
        self.init(frame: CGRect(x: 0, y: 0, width: 150, height: 4))
        progressViewStyle = style
    }

    /// Creates a progress view.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        setUpProgressView()
    }

    /// Creates the progress view from a storyboard or nib, as ``UIView/init(coder:)`` does: the
    /// file's properties are set before it returns, so that a subclass in a file is made.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUpProgressView()
        InterfaceBuilderCoder.decode(coder, into: self, at: UIProgressView.self)
    }

    private func setUpProgressView() {
        isOpaque = false
        backgroundColor = UIColor.systemFill
        layer.cornerRadius = 2
        clipsToBounds = true
        fill.isUserInteractionEnabled = false
        addSubview(fill)
        fill.backgroundColor = tintColor
    }

    /// The fraction done, 0 to 1 (values outside are clamped); setting it fills at once.
    open var progress: Float {
        get { storedProgress }
        set { setProgress(newValue, animated: false) }
    }
    private var storedProgress: Float = 0

    /// The colour of the filled part (nil: the tint colour).
    open var progressTintColor: UIColor? { didSet { fill.backgroundColor = progressTintColor ?? tintColor } }
    /// The colour of the unfilled track (nil: light grey).
    open var trackTintColor: UIColor? {
        didSet { backgroundColor = trackTintColor ?? UIColor.systemFill }
    }

    /// Sets the fraction done, filling over a quarter second when `animated`.
    open func setProgress(_ progress: Float, animated: Bool) {
        storedProgress = progress.isFinite ? min(max(progress, 0), 1) : 0
        guard animated, window != nil else {
            UIView.performWithoutAnimation { placeFill() }
            return
        }
        UIView.animate(withDuration: 0.25, delay: 0, options: [.curveEaseOut, .beginFromCurrentState], animations: { self.placeFill() })
    }

    private func placeFill() {
        fill.frame = CGRect(x: 0, y: 0, width: bounds.width * CGFloat(storedProgress), height: bounds.height)
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        placeFill()
    }

    open override func tintColorDidChange() {
        super.tintColorDidChange()
        if progressTintColor == nil { fill.backgroundColor = tintColor }
    }

    /// As wide as it is given, 4 points high.
    open override func sizeThatFits(_ size: CGSize) -> CGSize { CGSize(width: size.width, height: 4) }
    /// No intrinsic width, 4 points high.
    open override var intrinsicContentSize: CGSize { CGSize(width: UIView.noIntrinsicMetric, height: 4) }
}

/// The spinning activity indicator: eight rounded spokes fading around a circle, turning
/// one spoke an eighth of a second while it animates.
@preconcurrency @MainActor
open class UIActivityIndicatorView: UIView {
    /// The indicator's size.
    public enum Style: Int, Sendable {
        /// 20 × 20 points.
        case medium = 100
        /// 37 × 37 points.
        case large = 101
    }

    /// The size of the indicator (default `.medium`).
    open var style: Style = .medium {
        didSet {
            bounds.size = Self.size(for: style)
            setNeedsDisplay()
        }
    }
    /// The spokes' colour (default secondary grey).
    open var color: UIColor = .secondaryLabel { didSet { setNeedsDisplay() } }
    /// Whether the indicator hides while stopped (default true).
    open var hidesWhenStopped = true { didSet { if !isAnimating { isHidden = hidesWhenStopped } } }
    /// Whether the indicator is spinning.
    public private(set) var isAnimating = false
    /// How many spokes are drawn, clockwise from the top: fewer while a refresh control
    /// is pulled. With all eight the spokes fade going round; with fewer they are drawn
    /// evenly.
    var visibleSpokes = 8 {
        didSet { if visibleSpokes != oldValue { setNeedsDisplay() } }
    }

    private static func size(for style: Style) -> CGSize {
        style == .large ? CGSize(width: 37, height: 37) : CGSize(width: 20, height: 20)
    }

    /// Creates a stopped (and so hidden) indicator of `style`, sized for it. Designated,
    /// as in UIKit.
    public init(style: Style) {
        super.init(frame: CGRect(origin: .zero, size: Self.size(for: style)))
        setUp()
        self.style = style
    }

    /// Creates a stopped (and so hidden) indicator.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        setUp()
    }

    /// Creates a stopped (and so hidden) `.medium` indicator, as ``init(style:)`` does:
    /// Tabula decodes no views (see ``UIView/init(coder:)``). Unlike most views this
    /// initializer cannot fail, as UIKit declares it, so subclasses' `required init(coder:)`
    /// can call it.
    public required init(coder: NSCoder) {
        super.init(frame: CGRect(origin: .zero, size: Self.size(for: .medium)))
        setUp()
    }

    private func setUp() {
        isOpaque = false
        backgroundColor = nil
        isUserInteractionEnabled = false
        isHidden = true
    }

    /// Shows the indicator and starts it turning.
    open func startAnimating() {
        guard !isAnimating else { return }
        isAnimating = true
        isHidden = false
        let turn = CAKeyframeAnimation(keyPath: "transform.rotation.z")
        turn.values = (0 ... 8).map { Double($0) * .pi / 4 }
        turn.calculationMode = .discrete
        turn.duration = 1
        turn.repeatCount = .infinity
        layer.add(turn, forKey: "spin")
    }

    /// Stops the indicator (and hides it when ``hidesWhenStopped``).
    open func stopAnimating() {
        guard isAnimating else { return }
        isAnimating = false
        layer.removeAnimation(forKey: "spin")
        if hidesWhenStopped { isHidden = true }
    }

    /// The indicator's size for its style.
    open override var intrinsicContentSize: CGSize { Self.size(for: style) }
    /// The indicator's size for its style.
    open override func sizeThatFits(_ size: CGSize) -> CGSize { Self.size(for: style) }

    open override func draw(_ rect: CGRect) {
        guard let ctx = UIGraphicsGetCurrentContext() else { return }
        let c = CGPoint(x: bounds.midX, y: bounds.midY)
        let r = min(bounds.width, bounds.height) / 2
        let width = max(2, r * 0.22)
        ctx.setLineWidth(width)
        ctx.setLineCap(.round)
        let count = min(max(visibleSpokes, 0), 8)
        for i in 0 ..< count {
            let angle = CGFloat(i) * .pi / 4
            var spoke = Path()
            spoke.move(to: CGPoint(x: c.x + sin(angle) * r * 0.45, y: c.y - cos(angle) * r * 0.45))
            spoke.addLine(to: CGPoint(x: c.x + sin(angle) * (r - width / 2), y: c.y - cos(angle) * (r - width / 2)))
            // The spoke at the top is darkest; the others fade going round.
            let fade = count < 8 ? 0 : Double(i) * 0.11
            ctx.setStrokeColor(color.cgColor.withAlpha(color.cgColor.alpha * (1 - fade)))
            ctx.stroke(spoke)
        }
    }
}
