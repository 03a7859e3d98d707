import Foundation
import TabulaCore

/// A view whose bounds origin — the content offset — moves to show different parts of
/// content larger than itself.
///
/// Scrolling is nothing more than changing `bounds.origin`: subviews stay where they are
/// in content coordinates and appear to move (the "machinery of scrolling" of WWDC 2011, What's New in Table Views).
/// Every change of offset calls the delegate's `scrollViewDidScroll(_:)` and lays the
/// view out again.
///
/// Motion — deceleration, bouncing, animated scrolling — runs frame by frame on the
/// host's clock, so tests step it exactly. See `UIScrollView+Motion.swift`.
@preconcurrency @MainActor
open class UIScrollView: UIView {
    public override init(frame: CGRect) {
        super.init(frame: frame)
        clipsToBounds = true
        installIndicators()
        installPanning()
    }

    /// Creates the view from a storyboard or nib, as ``UIView/init(coder:)`` does; the
    /// file's scroll view properties are set before it returns.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        clipsToBounds = true
        installIndicators()
        installPanning()
        InterfaceBuilderCoder.decode(coder, into: self, at: UIScrollView.self)
    }

    // MARK: Touches (see UIScrollView+Panning.swift)

    /// The recognizer that drags the content; it cancels the content's touches when it begins.
    public let panGestureRecognizer = UIPanGestureRecognizer()
    /// Holds the content's `touchesBegan` back for a moment, so that a drag never highlights.
    let contentTouchDelay = ContentTouchDelayRecognizer()
    /// Whether touches reach the content only after a short wait (0.15 s) in which a drag
    /// may begin instead. A quick tap is delivered as soon as the finger lifts.
    open var delaysContentTouches = true { didSet { contentTouchDelay.isEnabled = delaysContentTouches } }
    /// Whether a drag that begins takes the touches from the content (it gets `touchesCancelled`).
    open var canCancelContentTouches = true { didSet { panGestureRecognizer.cancelsTouchesInView = canCancelContentTouches } }
    /// The pan's translation when the drag began (the slop is not scrolled).
    var dragTranslationOrigin: CGPoint = .zero

    /// Asked before a touch reaches `view` in the content: return false to keep it from the
    /// view (the default lets every touch through).
    open func touchesShouldBegin(_ touches: Set<UITouch>, with event: UIEvent?, in view: UIView) -> Bool { true }

    /// Asked when a drag begins on content that already has the touch: return true to
    /// take it (the view gets `touchesCancelled` and the content scrolls), false to leave it
    /// with the view and not scroll. The default takes it from any view but a `UIControl`,
    /// as in UIKit; a table view takes it from controls too, so a drag that starts on a
    /// button in a cell scrolls. Not asked when ``canCancelContentTouches`` is false.
    open func touchesShouldCancel(in view: UIView) -> Bool { !(view is UIControl) }

    open override func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        guard gestureRecognizer === panGestureRecognizer else { return true }
        return panShouldBegin()
    }

    /// How far the vertical indicator's track stays from the edges, on top of the safe
    /// area when ``automaticallyAdjustsScrollIndicatorInsets`` is on. The content inset
    /// does not move the indicators: keyboard code sets both, as in UIKit.
    open var verticalScrollIndicatorInsets = UIEdgeInsets.zero { didSet { setNeedsLayout() } }
    /// How far the horizontal indicator's track stays from the edges.
    open var horizontalScrollIndicatorInsets = UIEdgeInsets.zero { didSet { setNeedsLayout() } }
    /// Both indicators' insets (reads the vertical one's), as before iOS 13.
    open var scrollIndicatorInsets: UIEdgeInsets {
        get { verticalScrollIndicatorInsets }
        set {
            verticalScrollIndicatorInsets = newValue
            horizontalScrollIndicatorInsets = newValue
        }
    }
    /// Whether the indicators keep clear of the safe area (and the bars) by themselves (default true).
    open var automaticallyAdjustsScrollIndicatorInsets = true { didSet { setNeedsLayout() } }

    /// How dragging the content dismisses the keyboard.
    public enum KeyboardDismissMode: Int, Sendable {
        /// Dragging does not dismiss it.
        case none = 0
        /// The keyboard goes when a drag begins.
        case onDrag = 1
        /// On iOS the keyboard follows the finger down; Tabula dismisses it when a drag
        /// begins, as `.onDrag` does.
        case interactive = 2
        /// As `.onDrag`, with the input accessory view (not shown by Tabula).
        case onDragWithAccessory = 3
        /// As `.interactive`, with the input accessory view.
        case interactiveWithAccessory = 4
    }

    /// Whether a drag that begins in this scroll view ends editing in it (resigning the
    /// text input, so the keyboard goes down); `.none` by default.
    open var keyboardDismissMode: KeyboardDismissMode = .none

    /// The object told as the content scrolls, drags, decelerates and scrolls to the top.
    open weak var delegate: UIScrollViewDelegate?

    // MARK: Zooming (see UIScrollView+Zooming.swift)

    /// The smallest scale the content can be zoomed to (default 1). Zooming needs a
    /// delegate that returns a view from `viewForZooming(in:)` and a maximum larger than the
    /// minimum. A scale that is not a positive finite number is reported and the limit
    /// stays as it was; while the minimum is above the maximum, zooming goes to the maximum.
    open var minimumZoomScale: CGFloat = 1 {
        didSet {
            guard checkedZoomLimit(minimumZoomScale, "minimumZoomScale") else { return minimumZoomScale = oldValue }
            updatePinchRecognizer()
        }
    }
    /// The largest scale the content can be zoomed to (default 1). A scale that is not a
    /// positive finite number is reported and the limit stays as it was.
    open var maximumZoomScale: CGFloat = 1 {
        didSet {
            guard checkedZoomLimit(maximumZoomScale, "maximumZoomScale") else { return maximumZoomScale = oldValue }
            updatePinchRecognizer()
        }
    }
    /// The scale of the zoomed view (default 1). Setting it zooms at once, about the
    /// middle of the visible content, clamped to the minimum and maximum.
    open var zoomScale: CGFloat {
        get { currentZoomScale }
        set { setZoomScale(newValue, animated: false) }
    }
    var currentZoomScale: CGFloat = 1

    /// Zooms to `scale` (clamped to the limits), keeping the middle of the visible content
    /// in the middle; animated over 0.3 s when `animated`. Without a zoom view, nothing happens.
    open func setZoomScale(_ scale: CGFloat, animated: Bool) { zoomScaleRequested(scale, animated: animated) }

    /// Zooms so that `rect` (in the zoom view's own coordinates) fills the view as far as
    /// the limits allow, centred. Without a zoom view, nothing happens.
    open func zoom(to rect: CGRect, animated: Bool) { zoomRequested(to: rect, animated: animated) }
    /// Whether a pinch can zoom past the limits, and the content springs back to them
    /// when the fingers lift (default true). When false, the scale stops at the limits.
    open var bouncesZoom = true
    /// True while the fingers pinch the content.
    public internal(set) var isZooming = false
    /// True while the content springs back to a zoom limit after a pinch went past it.
    public internal(set) var isZoomBouncing = false
    /// The recognizer that zooms the content: present once the maximum zoom scale exceeds the minimum.
    public internal(set) var pinchGestureRecognizer: UIPinchGestureRecognizer?
    /// The pinch in progress: the zoom view's point under the fingers (unscaled) and the scale it began at.
    var pinchAnchor: (point: CGPoint, scale: CGFloat)?
    /// The animated zoom in progress (a bounce back, or an animated `setZoomScale`/`zoom(to:)`).
    var zoomAnimation: ZoomAnimation?

    /// Whether a drag that starts mostly along one axis moves only along that axis
    /// (default false). A drag that starts diagonally moves freely, as in UIKit.
    open var isDirectionalLockEnabled = false
    /// The axis the current drag is locked to, decided when it begins.
    var dragLock: DragLock = .free

    // MARK: Refreshing (see UIScrollView+Refresh.swift)

    /// The pull-to-refresh control shown above the content, or nil (the default). Setting
    /// one makes it a subview behind the content; replacing or removing a refreshing
    /// control takes its inset away.
    open var refreshControl: UIRefreshControl? {
        didSet { refreshControlDidChange(from: oldValue) }
    }
    /// What a refreshing control adds to the top of ``adjustedContentInset``: its height,
    /// or 0 when none refreshes.
    var refreshInset: CGFloat = 0
    /// The part of the top safe-area inset that a navigation bar's large title fills. The
    /// title moves down with pulled content, so a refresh control appears above it.
    var largeTitleInset: CGFloat = 0 {
        didSet { if largeTitleInset != oldValue { layoutRefreshControl() } }
    }
    /// Whether the animated scroll in progress takes a refresh inset away (or shows a new
    /// one): it ends without `scrollViewDidEndScrollingAnimation(_:)`, which UIKit keeps
    /// for `setContentOffset` and `scrollRectToVisible`.
    var isSettlingRefreshInset = false

    // MARK: Content

    /// The point of the content shown at the top-left corner (the bounds origin).
    open var contentOffset: CGPoint {
        get { bounds.origin }
        set { setContentOffset(newValue, animated: false) }
    }

    /// The size of the content; with the insets it sets how far the view scrolls.
    open var contentSize: CGSize = .zero {
        didSet {
            guard contentSize.width.isFinite, contentSize.height.isFinite else {
                reportProblem("\(type(of: self)).contentSize cannot be \(contentSize): a NaN or infinite size cannot be "
                              + "scrolled through; the content size was not changed")
                return contentSize = oldValue
            }
            guard contentSize != oldValue else { return }
            setNeedsLayout()
            // Whether an axis scrolls decides its adjustment under these behaviours.
            if contentInsetAdjustmentBehavior == .scrollableAxes || contentInsetAdjustmentBehavior == .automatic {
                updateAdjustedContentInset()
            }
        }
    }

    /// The content area as a layout guide: its top-left corner is the content's, and its
    /// size is ``contentSize``.
    ///
    /// Pin the content to its edges and give the content a size (a width equal to
    /// ``frameLayoutGuide``'s for a form that scrolls vertically), and Auto Layout sets
    /// ``contentSize``: the form scrolls with no code. A view pinned to it keeps its
    /// place in the content as it scrolls. Constraints between the scroll view's own
    /// leading, trailing, top or bottom edge and a view inside it mean this guide's edges
    /// too, as in UIKit; its width, height and centre mean its frame.
    ///
    /// An axis the constraints leave open keeps the content size the app set. A table,
    /// collection or text view sizes its content itself: there this guide follows the
    /// content size, and the constraints do not change it.
    open var contentLayoutGuide: UILayoutGuide {
        if let guide = systemGuides.scrollContent { return guide }
        let guide = ScrollAreaGuide(.content, of: self)
        systemGuides.scrollContent = guide
        return guide
    }

    /// The scroll view's own frame as a layout guide, in its coordinates: it does not
    /// scroll. Match the content's width to its width for content that scrolls only
    /// vertically; a view pinned to its edges stays put on screen while the content
    /// scrolls under it.
    open var frameLayoutGuide: UILayoutGuide {
        if let guide = systemGuides.scrollFrame { return guide }
        let guide = ScrollAreaGuide(.frame, of: self)
        systemGuides.scrollFrame = guide
        return guide
    }

    /// Whether constraints on ``contentLayoutGuide`` decide ``contentSize`` (a plain scroll
    /// view), or the view sizes its content itself (a table, a collection or text view).
    package var contentSizeFollowsConstraints = true

    /// Whether `proxy` stands for one of this view's own guides (margins, safe area,
    /// readable width, keyboard, frame or content), which are not content.
    func isSystemGuide(_ proxy: LayoutGuideProxy) -> Bool {
        guard let guides = systemGuideStorage else { return false }
        return guides.all.contains { $0.proxy === proxy }
    }

    /// Extra space around the content, beyond the safe area (see ``adjustedContentInset``).
    /// A NaN or infinite inset is reported and the insets stay as they were.
    open var contentInset: UIEdgeInsets = .zero {
        didSet {
            let i = contentInset
            guard i.top.isFinite, i.left.isFinite, i.bottom.isFinite, i.right.isFinite else {
                reportProblem("\(type(of: self)).contentInset cannot be \(i): a NaN or infinite inset leaves no edge "
                              + "to scroll to; the insets were not changed")
                return contentInset = oldValue
            }
            if contentInset != oldValue { updateAdjustedContentInset() }
        }
    }

    /// How the safe area is added to ``contentInset`` to make ``adjustedContentInset``.
    public enum ContentInsetAdjustmentBehavior: Int, Sendable {
        /// Top and bottom always (a scroll view's content scrolls vertically under the
        /// bars); left and right when the content scrolls horizontally. The default.
        case automatic = 0
        /// Each axis along which the content scrolls: larger than the view, or
        /// ``alwaysBounceVertical`` / ``alwaysBounceHorizontal``.
        case scrollableAxes = 1
        /// None: the content insets are ``contentInset`` alone.
        case never = 2
        /// Every edge, always.
        case always = 3
    }

    /// Whether and where the safe area insets (a navigation bar, the status bar, the
    /// home indicator) are added to ``contentInset``. Default `.automatic`.
    open var contentInsetAdjustmentBehavior: ContentInsetAdjustmentBehavior = .automatic {
        didSet { if contentInsetAdjustmentBehavior != oldValue { updateAdjustedContentInset() } }
    }

    /// The insets scrolling uses: ``contentInset`` plus the safe area insets that
    /// ``contentInsetAdjustmentBehavior`` lets in. A table under a navigation bar starts
    /// below the bar and scrolls under it. When it changes while the content rests at its
    /// top (or left) edge, the content stays at the new edge.
    open var adjustedContentInset: UIEdgeInsets { storedAdjustedContentInset }
    private var storedAdjustedContentInset = UIEdgeInsets.zero

    /// Called when ``adjustedContentInset`` changes; the default does nothing.
    open func adjustedContentInsetDidChange() {}

    /// Works ``adjustedContentInset`` out again (the content inset, the behaviour, the
    /// safe area, the content size or a refresh control's inset changed). Content resting
    /// at its top or left edge follows the edge, unless `followsEdge` is false (a refresh
    /// inset animates the offset itself); content under a finger stays where it is.
    func updateAdjustedContentInset(followsEdge: Bool = true) {
        let safe = safeAreaInsets
        let vertical: Bool, horizontal: Bool
        switch contentInsetAdjustmentBehavior {
        case .never: (vertical, horizontal) = (false, false)
        case .always: (vertical, horizontal) = (true, true)
        case .automatic: (vertical, horizontal) = (true, contentSize.width > bounds.width || alwaysBounceHorizontal)
        case .scrollableAxes:
            (vertical, horizontal) = (contentSize.height > bounds.height || alwaysBounceVertical,
                                      contentSize.width > bounds.width || alwaysBounceHorizontal)
        }
        var adjusted = contentInset
        if vertical { adjusted.top += safe.top; adjusted.bottom += safe.bottom }
        if horizontal { adjusted.left += safe.left; adjusted.right += safe.right }
        // A refreshing control's height is part of the adjusted inset, as in UIKit.
        adjusted.top += refreshInset
        let old = storedAdjustedContentInset
        guard adjusted != old else { return }
        let (oldMinimum, oldMaximum) = (minimumContentOffset, maximumContentOffset)
        storedAdjustedContentInset = adjusted
        if isDragging {
            keepDraggedContent(oldMinimum: oldMinimum, oldMaximum: oldMaximum)
        } else if followsEdge, !isTracking, motion == nil {
            // Content resting at its leading edge stays there (a table appearing under a bar).
            var offset = contentOffset
            if offset.y == -old.top { offset.y = -adjusted.top }
            if offset.x == -old.left { offset.x = -adjusted.left }
            if offset != contentOffset { contentOffset = offset }
        }
        setNeedsLayout()
        layoutRefreshControl()
        adjustedContentInsetDidChange()
        delegate?.scrollViewDidChangeAdjustedContentInset(self)
    }

    // MARK: Behaviour

    /// Whether the user can scroll by dragging; when false the pan recognizer is disabled.
    /// Code can still set the offset.
    open var isScrollEnabled = true { didSet { panGestureRecognizer.isEnabled = isScrollEnabled } }
    /// Whether the content can be pulled past its edges (rubber banding) and springs back;
    /// when false, dragging and deceleration stop at the edges.
    ///
    /// Setting it sets ``bouncesHorizontally`` and ``bouncesVertically``, as in UIKit;
    /// reading it is true when either axis bounces.
    open var bounces: Bool {
        get { bouncesHorizontally || bouncesVertically }
        set {
            bouncesHorizontally = newValue
            bouncesVertically = newValue
        }
    }
    /// Whether the content bounces at the left and right ends of its horizontal axis
    /// (default true): a drag past them bands and springs back; when false, dragging and
    /// deceleration stop there.
    open var bouncesHorizontally = true
    /// Whether the content bounces at the top and bottom ends of its vertical axis
    /// (default true).
    open var bouncesVertically = true
    /// Whether vertical dragging moves and bounces the content even when it is no taller than the view.
    open var alwaysBounceVertical = false
    /// Whether horizontal dragging moves and bounces the content even when it is no wider than the view.
    open var alwaysBounceHorizontal = false
    /// Whether a drag comes to rest on a page: a multiple of the view's width or height.
    /// The content moves at most one page per gesture — to the next one when the finger
    /// lifts moving that way, or past half a page; back otherwise — and settles there at
    /// the `.fast` rate.
    open var isPagingEnabled = false
    /// Whether ``scrollToTop()`` (a tap on the status bar, in UIKit) scrolls this view.
    open var scrollsToTop = true
    /// Whether the vertical indicator shows while scrolling, when the content is taller than the view.
    open var showsVerticalScrollIndicator = true
    /// Whether the horizontal indicator shows while scrolling, when the content is wider than the view.
    open var showsHorizontalScrollIndicator = true
    /// The colour of the scroll indicators: `.default` and `.black` draw a black bar at 35 %
    /// opacity (Tabula does not switch `.default` to white in dark mode), `.white` a white one.
    open var indicatorStyle: IndicatorStyle = .default {
        didSet {
            let color = indicatorStyle == .white ? UIColor(white: 1, alpha: 0.35) : UIColor(white: 0, alpha: 0.35)
            verticalIndicator.backgroundColor = color
            horizontalIndicator.backgroundColor = color
        }
    }

    /// The colours of the scroll indicators, for ``indicatorStyle``.
    public enum IndicatorStyle: Int, Sendable {
        /// The standard indicator (black in Tabula, in both appearances).
        case `default`
        /// A black indicator, for light content.
        case black
        /// A white indicator, for dark content.
        case white
    }

    /// How fast a fling slows: the fraction of velocity kept per millisecond.
    public struct DecelerationRate: RawRepresentable, Hashable, Sendable {
        /// The fraction of velocity kept per millisecond.
        public var rawValue: CGFloat
        /// Creates a rate from the fraction of velocity kept per millisecond.
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        /// 0.998, UIKit's default.
        public static let normal = DecelerationRate(rawValue: 0.998)
        /// 0.99, for paging-like lists.
        public static let fast = DecelerationRate(rawValue: 0.99)
    }

    /// How quickly the content slows after the finger lifts; `.normal` by default.
    open var decelerationRate: DecelerationRate = .normal

    // MARK: State

    /// The user has touched the content (the finger may not have moved yet).
    public internal(set) var isTracking = false
    /// The user has started moving the content with a finger.
    public internal(set) var isDragging = false
    /// The content is moving on after the finger lifted (including bouncing back).
    public internal(set) var isDecelerating = false

    /// What moves the content now, when not the finger.
    package var motion: Motion?

    /// Called when a deceleration or an animated scroll ends. A scroll view leaves the
    /// offset where the motion put it; a table brings it back inside its content, which
    /// may have shrunk under the motion.
    func scrollDidComeToRest() { (self as? any ScrollMotionSettling)?.scrollMotionDidComeToRest() }
    var dragStartOffset: CGPoint = .zero
    /// The page a paging deceleration is headed for: it ends exactly there.
    var pageRestingTarget: CGPoint?
    var scrollingToTop = false
    package let verticalIndicator = ScrollIndicator(axis: .vertical)
    package let horizontalIndicator = ScrollIndicator(axis: .horizontal)

    // MARK: Limits

    /// The smallest content offset without bouncing.
    public var minimumContentOffset: CGPoint {
        CGPoint(x: -adjustedContentInset.left, y: -adjustedContentInset.top)
    }

    /// The largest content offset without bouncing (never less than the minimum).
    public var maximumContentOffset: CGPoint {
        let inset = adjustedContentInset, min = minimumContentOffset
        return CGPoint(x: Swift.max(min.x, contentSize.width + inset.right - bounds.width),
                       y: Swift.max(min.y, contentSize.height + inset.bottom - bounds.height))
    }

    /// `offset` moved inside the minimum and maximum.
    public func clampedContentOffset(_ offset: CGPoint) -> CGPoint {
        let lo = minimumContentOffset, hi = maximumContentOffset
        return CGPoint(x: Swift.min(Swift.max(offset.x, lo.x), hi.x), y: Swift.min(Swift.max(offset.y, lo.y), hi.y))
    }

    var canScrollVertically: Bool {
        maximumContentOffset.y > minimumContentOffset.y || alwaysBounceVertical
    }

    var canScrollHorizontally: Bool {
        maximumContentOffset.x > minimumContentOffset.x || alwaysBounceHorizontal
    }

    // MARK: Setting the offset

    /// Moves the content to `contentOffset`, at once or with an animation of 0.3 s
    /// (which calls `scrollViewDidScroll(_:)` every frame, then
    /// `scrollViewDidEndScrollingAnimation(_:)`). Any deceleration stops.
    ///
    /// Offsets past the edges are allowed, as in UIKit. An animated scroll to an offset
    /// farther than the view's size beyond them would show nothing but blank space for as
    /// long as it takes to bounce back, so it is reported and aimed at the edge instead.
    /// Non-finite offsets are reported and ignored.
    open func setContentOffset(_ contentOffset: CGPoint, animated: Bool) {
        guard contentOffset.x.isFinite, contentOffset.y.isFinite else {
            return reportProblem("\(type(of: self)).setContentOffset(_:animated:): \(contentOffset) is not a finite "
                                 + "offset; the offset was not changed")
        }
        let contentOffset = animated ? checkedOffset(contentOffset) : contentOffset
        if animated && window != nil && contentOffset != self.contentOffset {
            startAnimatedScroll(to: contentOffset)
        } else {
            if motion != nil { stopMotion(notify: false) }
            applyContentOffset(contentOffset)
        }
    }

    /// `offset`, or, when it lies farther than the view's size beyond the scrollable range,
    /// the nearest offset in that range (reported).
    private func checkedOffset(_ offset: CGPoint) -> CGPoint {
        let lo = minimumContentOffset, hi = maximumContentOffset
        let slackX = Swift.max(bounds.width, 1), slackY = Swift.max(bounds.height, 1)
        guard offset.x < lo.x - slackX || offset.x > hi.x + slackX || offset.y < lo.y - slackY || offset.y > hi.y + slackY
        else { return offset }
        let clamped = clampedContentOffset(offset)
        reportProblem("\(type(of: self)).setContentOffset(_:animated:): \(offset) lies far outside the content "
                      + "(offsets from \(lo) to \(hi)); \(clamped) is used")
        return clamped
    }

    /// Moves the bounds origin; every path that scrolls comes through here.
    package func applyContentOffset(_ offset: CGPoint) {
        guard offset != bounds.origin else { return }
        var b = bounds
        b.origin = offset
        bounds = b
        setNeedsLayout()
        // Views pinned to the frame guide stay put on screen: its layout root places them again.
        if systemGuideStorage?.scrollFrame != nil { constraintLayoutRoot.setNeedsLayout() }
        updateIndicators()
        contentOffsetObserver?(self)
        layoutRefreshControl()
        delegate?.scrollViewDidScroll(self)
    }

    /// Told of every change of offset before the delegate: a navigation controller
    /// watching whether content is under its bar.
    var contentOffsetObserver: ((UIScrollView) -> Void)?

    /// Scrolls the least distance that shows `rect` (in content coordinates) in the part
    /// of the view its adjusted content insets leave visible (clear of bars and the keyboard).
    /// A rectangle with a NaN or infinite value (a null one too) is reported and nothing scrolls.
    open func scrollRectToVisible(_ rect: CGRect, animated: Bool) {
        guard rect.minX.isFinite, rect.minY.isFinite, rect.width.isFinite, rect.height.isFinite else {
            return reportProblem("\(type(of: self)).scrollRectToVisible: \(rect) is not a rectangle of finite numbers; "
                                 + "there is nothing to scroll to, and the offset stays where it is")
        }
        // The visible part excludes the insets: what a bar or the keyboard covers.
        let inset = adjustedContentInset
        var target = contentOffset
        if rect.maxY > target.y + bounds.height - inset.bottom { target.y = rect.maxY - bounds.height + inset.bottom }
        if rect.minY < target.y + inset.top { target.y = rect.minY - inset.top }
        if rect.maxX > target.x + bounds.width - inset.right { target.x = rect.maxX - bounds.width + inset.right }
        if rect.minX < target.x + inset.left { target.x = rect.minX - inset.left }
        setContentOffset(clampedContentOffset(target), animated: animated)
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        layoutIndicators()
        layoutRefreshControl()
    }
}
