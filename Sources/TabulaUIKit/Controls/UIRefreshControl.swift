import Foundation

/// A control that starts the refreshing of a scroll view's contents when the user pulls
/// the content down past its top: pull to refresh.
///
/// Attach it with ``UIScrollView/refreshControl`` (or a table view controller's
/// ``UITableViewController/refreshControl``) and add an action for `.valueChanged`:
///
/// ```swift
/// let refresh = UIRefreshControl()
/// refresh.addAction(UIAction { [unowned self] _ in self.reload() }, for: .valueChanged)
/// tableView.refreshControl = refresh
/// // … when the new data is in:
/// refresh.endRefreshing()
/// ```
///
/// As on iOS 17:
/// - The control sits behind the content, in the gap a pull opens between the top of the
///   view (or the navigation bar, or above a large title) and the content's top. While
///   the content is pulled, the spinner's eight spokes appear one by one in proportion to
///   the distance, all of them at ``triggerDistance``.
/// - When a finger pulls the content ``triggerDistance`` (130 points) past where it rests,
///   the control begins refreshing while the finger is still down: the spinner turns,
///   ``isRefreshing`` becomes true and `.valueChanged` is sent, once per pull. On release
///   the content comes to rest with the control's height (60 points, 80 with a title)
///   added to the scroll view's `adjustedContentInset`, so the spinner stays in view.
/// - ``endRefreshing()`` takes that inset away: the content slides back up over 0.35 s
///   while the spinner, still turning, fades with the closing gap, and stops. Another
///   pull can begin a refresh once the gap has closed.
///
/// The spinner is centred in the gap while it is shorter than the control and stays at
/// the gap's top beyond that; while refreshing, a shorter gap shows the spinner's lower
/// part, moving with the content. The control never takes touches: a drag that starts
/// on it scrolls the content.
@preconcurrency @MainActor
open class UIRefreshControl: UIControl {
    /// How far past its resting place the content must be pulled for a refresh to
    /// begin: 130 points, within the 120–140 points iOS 17 asks for.
    public static let triggerDistance: CGFloat = 130
    /// The height a refreshing control keeps open above the content without a title.
    static let height: CGFloat = 60
    /// The height with an ``attributedTitle`` below the spinner.
    static let titledHeight: CGFloat = 80

    /// Where the control is in its cycle.
    enum Phase: Equatable {
        /// Waiting for a pull; the spinner shows the pull's progress.
        case idle
        /// Refreshing: the spinner turns and the inset is open.
        case refreshing
        /// Refreshing ended; the spinner turns and fades until the gap has closed, and no
        /// pull begins a refresh before then.
        case ending
    }

    /// Where the control is in its cycle.
    private(set) var phase = Phase.idle
    /// The scroll view the control is attached to.
    private(set) weak var scrollView: UIScrollView?
    /// The spinner, centred in the control's top 60 points.
    let spinner = UIActivityIndicatorView(style: .medium)
    /// The ``attributedTitle``'s string, under the spinner.
    let titleLabel = UILabel(frame: .zero)
    /// The pull distance last reported by the scroll view (see `UIScrollView+Refresh.swift`).
    private(set) var pullDistance: CGFloat = 0
    private var gapBottom: CGFloat = 0
    private var explicitTintColor: UIColor?

    /// Creates a control of the standard height, to attach to a scroll view; the scroll
    /// view it is attached to sets its frame. The designated initializer, as in UIKit, so
    /// subclasses override it and call `super.init()`.
    public init() {
        super.init(frame: CGRect(x: 0, y: 0, width: 320, height: Self.height))
        isOpaque = false
        backgroundColor = nil
        // The control shows only the part of itself the pull has revealed.
        clipsToBounds = true
        spinner.hidesWhenStopped = false
        spinner.visibleSpokes = 0
        spinner.isHidden = false
        spinner.color = tintColor
        addSubview(spinner)
        titleLabel.font = .systemFont(ofSize: 13)
        titleLabel.textAlignment = .center
        titleLabel.textColor = tintColor
        titleLabel.isHidden = true
        addSubview(titleLabel)
    }

    /// Creates a control with `frame` (UIKit inherits `init(frame:)` as a convenience
    /// initializer; it calls ``init()``).
    public convenience override init(frame: CGRect) {
        self.init()
        self.frame = frame
    }

    /// Returns `nil`: Tabula decodes no views (see ``UIView/init(coder:)``).
    public required init?(coder: NSCoder) { return nil }

    // MARK: Appearance

    /// The colour of the spinner and the title: grey (`secondaryLabel`) unless set.
    /// Setting nil brings the grey back.
    open override var tintColor: UIColor! {
        get { explicitTintColor ?? .secondaryLabel }
        set {
            explicitTintColor = newValue
            super.tintColor = newValue
        }
    }

    open override func tintColorDidChange() {
        super.tintColorDidChange()
        spinner.color = tintColor
        titleLabel.textColor = tintColor
    }

    /// Text shown under the spinner (nil by default). Tabula draws the string with the
    /// control's font (13-point system) and ``tintColor``: the string's own attributes
    /// are not drawn, since Foundation on Linux has no font or colour attributes.
    open var attributedTitle: NSAttributedString? {
        didSet {
            titleLabel.text = attributedTitle?.string
            titleLabel.isHidden = attributedTitle == nil
            if isRefreshing { scrollView?.setRefreshInset(refreshingHeight, animated: window != nil) }
            layoutForPull()
        }
    }

    /// The height kept open above the content while refreshing.
    var refreshingHeight: CGFloat { attributedTitle == nil ? Self.height : Self.titledHeight }

    // MARK: Refreshing

    /// Whether a refresh has begun — by a pull or ``beginRefreshing()`` — and not ended.
    public var isRefreshing: Bool { phase == .refreshing }

    /// Tells the control that a refresh began from code (a timer, a notification): the
    /// spinner turns and the scroll view adds the control's height to its top inset. It
    /// sends no `.valueChanged`. Does nothing while refreshing.
    ///
    /// Content resting at its top slides down to show the spinner (Tabula's choice: the
    /// rule that resting content follows its top inset applies here too); content
    /// scrolled away stays where it is, as in UIKit, and shows the spinner once scrolled
    /// back to the top.
    open func beginRefreshing() {
        guard phase != .refreshing else { return }
        phase = .refreshing
        spinner.visibleSpokes = 8
        spinner.startAnimating()
        scrollView?.setRefreshInset(refreshingHeight, animated: window != nil)
        layoutForPull()
    }

    /// Tells the control that the refresh is over: the scroll view takes the control's
    /// inset away, sliding the content back up (animated on screen), and the spinner
    /// fades and stops. Does nothing when not refreshing.
    open func endRefreshing() {
        guard phase == .refreshing else { return }
        phase = scrollView != nil && pullDistance > 0 ? .ending : .idle
        if phase == .idle { stopSpinner() }
        scrollView?.setRefreshInset(0, animated: window != nil)
        layoutForPull()
    }

    /// A finger pulled the content past ``triggerDistance``.
    private func beginRefreshingFromPull() {
        beginRefreshing()
        sendActions(for: .valueChanged)
    }

    private func stopSpinner() {
        spinner.stopAnimating()
        spinner.visibleSpokes = 0
        spinner.alpha = 1
    }

    // MARK: The scroll view's side

    /// Attaches the control to `scrollView`, as a subview behind the content.
    func attach(to scrollView: UIScrollView) {
        self.scrollView = scrollView
        if superview !== scrollView { scrollView.insertRefreshControl(self) }
    }

    /// Detaches the control from its scroll view (which has already let it go).
    func detach() {
        let old = scrollView
        scrollView = nil
        if let old, superview === old { removeFromSuperview() }
    }

    /// Adding the control to a scroll view as a subview (the iOS 6 way) attaches it;
    /// removing it from its scroll view detaches it.
    open override func didMoveToSuperview() {
        super.didMoveToSuperview()
        if let old = scrollView, superview !== old {
            scrollView = nil
            if old.refreshControl === self { old.refreshControl = nil }
        }
        if let newScrollView = superview as? UIScrollView, newScrollView.refreshControl !== self {
            newScrollView.refreshControl = self
        }
    }

    /// The control never takes a touch: the scroll view under it drags.
    open override func point(inside point: CGPoint, with event: UIEvent?) -> Bool { false }

    /// The scroll view moved: `pull` is how far its content is below where it rests
    /// without a refresh inset, `gapBottom` where (in the scroll view's content
    /// coordinates) the gap above the content ends.
    func scrollViewDidMove(pull: CGFloat, gapBottom: CGFloat) {
        pullDistance = pull
        self.gapBottom = gapBottom
        switch phase {
        case .idle:
            if pull >= Self.triggerDistance, isEnabled, scrollView?.isDragging == true {
                beginRefreshingFromPull()
                return
            }
        case .ending:
            if pull <= 0 {
                phase = .idle
                stopSpinner()
            }
        case .refreshing:
            break
        }
        layoutForPull()
    }

    /// Fills the gap with the control and places the spinner and title in it.
    private func layoutForPull() {
        guard let scrollView else { return }
        let height = refreshingHeight
        let visible = max(0, pullDistance)
        frame = CGRect(x: scrollView.bounds.minX, y: gapBottom - visible, width: scrollView.bounds.width, height: visible)
        // The top of the control's content (spinner and title) in the gap.
        let top: CGFloat
        if visible >= height {
            top = 0
        } else if phase == .idle {
            top = (visible - height) / 2
        } else {
            top = visible - height
        }
        let spinnerCenterY = attributedTitle == nil ? height / 2 : 28
        spinner.center = CGPoint(x: bounds.midX, y: top + spinnerCenterY)
        titleLabel.frame = CGRect(x: 16, y: top + 46, width: max(0, bounds.width - 32), height: 18)
        switch phase {
        case .idle:
            let progress = min(max(pullDistance / Self.triggerDistance, 0), 1)
            spinner.visibleSpokes = Int(progress * 8)
            spinner.alpha = 1
            titleLabel.alpha = min(max(visible / height, 0), 1)
        case .refreshing:
            spinner.alpha = 1
            titleLabel.alpha = 1
        case .ending:
            spinner.alpha = min(max(visible / height, 0), 1)
            titleLabel.alpha = spinner.alpha
        }
    }
}
