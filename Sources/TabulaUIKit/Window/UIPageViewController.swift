import Foundation

/// Gives a page view controller the pages on each side of the one shown.
@preconcurrency @MainActor
public protocol UIPageViewControllerDataSource: AnyObject {
    /// The page before `viewController`, or nil at the first.
    func pageViewController(_ pageViewController: UIPageViewController,
                            viewControllerBefore viewController: UIViewController) -> UIViewController?
    /// The page after `viewController`, or nil at the last.
    func pageViewController(_ pageViewController: UIPageViewController,
                            viewControllerAfter viewController: UIViewController) -> UIViewController?
    /// How many pages the page indicator shows. Implement it with
    /// ``presentationIndex(for:)`` to show one (a scrolling, horizontal page view
    /// controller only); the default, 0, shows none.
    func presentationCount(for pageViewController: UIPageViewController) -> Int
    /// The page the indicator marks after ``UIPageViewController/setViewControllers(_:direction:animated:completion:)``.
    func presentationIndex(for pageViewController: UIPageViewController) -> Int
}

extension UIPageViewControllerDataSource {
    /// No page indicator.
    public func presentationCount(for pageViewController: UIPageViewController) -> Int { 0 }
    /// The first page.
    public func presentationIndex(for pageViewController: UIPageViewController) -> Int { 0 }
}

/// Hears a page view controller's transitions made by a person's swipe.
@preconcurrency @MainActor
public protocol UIPageViewControllerDelegate: AnyObject {
    /// A swipe began to bring `pendingViewControllers` in.
    func pageViewController(_ pageViewController: UIPageViewController,
                            willTransitionTo pendingViewControllers: [UIViewController])
    /// A swipe's animation ended: `completed` when the new page stays, false when the
    /// old one came back; `previousViewControllers` were shown before it.
    func pageViewController(_ pageViewController: UIPageViewController, didFinishAnimating finished: Bool,
                            previousViewControllers: [UIViewController], transitionCompleted completed: Bool)
    /// Where the spine is for `orientation` (page curl); the default keeps it where it is.
    func pageViewController(_ pageViewController: UIPageViewController,
                            spineLocationFor orientation: UIInterfaceOrientation) -> UIPageViewController.SpineLocation
}

extension UIPageViewControllerDelegate {
    /// Does nothing.
    public func pageViewController(_ pageViewController: UIPageViewController,
                                   willTransitionTo pendingViewControllers: [UIViewController]) {}
    /// Does nothing.
    public func pageViewController(_ pageViewController: UIPageViewController, didFinishAnimating finished: Bool,
                                   previousViewControllers: [UIViewController], transitionCompleted completed: Bool) {}
    /// The spine location the page view controller has now.
    public func pageViewController(_ pageViewController: UIPageViewController,
                                   spineLocationFor orientation: UIInterfaceOrientation) -> UIPageViewController.SpineLocation {
        pageViewController.spineLocation
    }
}

/// A container that shows one page (a child view controller) at a time, and pages to its
/// neighbours with a swipe, as onboarding flows and readers do: UIKit's
/// `UIPageViewController`.
///
/// The pages come from ``dataSource`` (the one before and after the page shown) or from
/// ``setViewControllers(_:direction:animated:completion:)``. A swipe drags the pages
/// along; let go past half a page, or flicked, it settles on the neighbour, and
/// ``delegate`` hears `willTransitionTo` and `didFinishAnimating`. With a data source that
/// gives ``UIPageViewControllerDataSource/presentationCount(for:)``, a scrolling,
/// horizontal page view controller shows a page indicator at its bottom.
///
/// Only the page shown is a child view controller (its view in the hierarchy, appearance
/// callbacks forwarded); a neighbour joins when a swipe begins and leaves if it does not
/// stay. The `.pageCurl` style pages as `.scroll` does (a slide, not a curl), with one
/// page per spread.
@preconcurrency @MainActor
open class UIPageViewController: UIViewController {
    /// How pages change: a curl, or a slide (both slide in Tabula).
    public enum TransitionStyle: Int, Sendable {
        /// Pages turn as a page of a book curls (slides in Tabula).
        case pageCurl = 0
        /// Pages slide past.
        case scroll = 1
    }

    /// The axis pages change along.
    public enum NavigationOrientation: Int, Sendable {
        /// Pages change side to side.
        case horizontal = 0
        /// Pages change top to bottom.
        case vertical = 1
    }

    /// Where the spine of a curl's spread is.
    public enum SpineLocation: Int, Sendable {
        /// No spine (a scrolling page view controller).
        case none = 0
        /// At the leading (or top) edge.
        case min = 1
        /// In the middle: two pages a spread.
        case mid = 2
        /// At the trailing (or bottom) edge.
        case max = 3
    }

    /// Which way a programmatic change goes: to the next page or the previous one.
    public enum NavigationDirection: Int, Sendable {
        /// To the next page.
        case forward = 0
        /// To the previous page.
        case reverse = 1
    }

    /// The keys of the `options` of ``init(transitionStyle:navigationOrientation:options:)``.
    public struct OptionsKey: Hashable, RawRepresentable, Sendable {
        /// The key's name, as UIKit's.
        public let rawValue: String
        /// The key named `rawValue`.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// A ``SpineLocation`` (or its raw value) for a page curl.
        public static let spineLocation = OptionsKey(rawValue: "UIPageViewControllerOptionSpineLocationKey")
        /// The points between two pages as they slide (a number).
        public static let interPageSpacing = OptionsKey(rawValue: "UIPageViewControllerOptionInterPageSpacingKey")
    }

    /// How pages change, fixed at creation.
    public private(set) var transitionStyle: TransitionStyle
    /// The axis pages change along, fixed at creation.
    public private(set) var navigationOrientation: NavigationOrientation
    /// Where the spine of a page curl is (`.min` unless the options say otherwise).
    public private(set) var spineLocation: SpineLocation
    /// Whether a page curl shows content on the back of pages (kept; Tabula slides).
    open var isDoubleSided = false
    /// Hears the transitions a swipe makes.
    open weak var delegate: (any UIPageViewControllerDelegate)?
    /// Gives the pages before and after the one shown; nil allows no swipe.
    open weak var dataSource: (any UIPageViewControllerDataSource)? {
        didSet { if current != nil { findNeighbours(); layoutPages() } }
    }
    /// The page shown (one view controller), or nil before the first is set.
    open var viewControllers: [UIViewController]? { current.map { [$0] } }
    /// The recognizers that turn pages: the pager's pan.
    open var gestureRecognizers: [UIGestureRecognizer] { [pager.panGestureRecognizer] }

    /// The space between two pages as they slide.
    private let interPageSpacing: CGFloat
    private let pager = UIScrollView()
    private let pageControl = UIPageControl()
    private lazy var pagerDelegate = PagerDelegate(owner: self)
    /// The page shown, and the ones the data source gives on each side of it.
    private var current: UIViewController?
    private var before: UIViewController?, after: UIViewController?
    /// Whether the neighbours are children now (from the start of a swipe to its end).
    private var neighboursAttached = false
    /// The neighbour a swipe was announced for (`willTransitionTo`).
    private var announced: UIViewController?
    /// A programmatic animated change on its way: the page coming, and the completion.
    private var arriving: (controller: UIViewController, completion: ((Bool) -> Void)?)?

    /// A page view controller of `style` paging along `navigationOrientation`; `options`
    /// may give the ``OptionsKey/spineLocation`` and the ``OptionsKey/interPageSpacing``.
    public init(transitionStyle style: TransitionStyle, navigationOrientation: NavigationOrientation,
                options: [OptionsKey: Any]? = nil) {
        transitionStyle = style
        self.navigationOrientation = navigationOrientation
        let spine = options?[.spineLocation]
        spineLocation = (spine as? SpineLocation) ?? (spine as? Int).flatMap(SpineLocation.init(rawValue:)) ?? .min
        let spacing = options?[.interPageSpacing]
        let points = (spacing as? CGFloat) ?? (spacing as? Double).map { CGFloat($0) } ?? (spacing as? Int).map { CGFloat($0) } ?? 0
        interPageSpacing = points.isFinite ? max(0, points) : 0
        super.init(nibName: nil, bundle: nil)
    }

    /// A page view controller from a storyboard: the transition style, orientation and
    /// spine location the file gives (`"UIPageViewControllerTransitionStyle"`,
    /// `"UIPageViewControllerNavigationOrientation"`, `"UIPageViewControllerSpineLocation"`,
    /// as `tabula-port` writes them), else a horizontal page curl, Interface Builder's default.
    public required init?(coder: NSCoder) {
        transitionStyle = InterfaceBuilderCoder.value("UIPageViewControllerTransitionStyle", in: coder) as? TransitionStyle
            ?? .pageCurl
        navigationOrientation = InterfaceBuilderCoder.value("UIPageViewControllerNavigationOrientation", in: coder)
            as? NavigationOrientation ?? .horizontal
        spineLocation = InterfaceBuilderCoder.value("UIPageViewControllerSpineLocation", in: coder) as? SpineLocation ?? .min
        interPageSpacing = 0
        super.init(coder: coder)
    }

    open override func loadView() {
        let container = PageContainerView(frame: UIScreen.main.bounds)
        container.owner = self
        container.backgroundColor = .clear
        pager.isPagingEnabled = true
        pager.showsHorizontalScrollIndicator = false
        pager.showsVerticalScrollIndicator = false
        pager.contentInsetAdjustmentBehavior = .never
        pager.scrollsToTop = false
        pager.delegate = pagerDelegate
        container.addSubview(pager)
        pageControl.isUserInteractionEnabled = false
        pageControl.isHidden = true
        container.addSubview(pageControl)
        view = container
    }

    /// Shows `viewControllers` (one page): at once, or sliding in from the side
    /// `direction` says when `animated`; `completion` runs when it is done (true). A nil
    /// or empty list is reported and changes nothing. So is a page that cannot be a child
    /// here: the page view controller itself or a controller that contains or presents it
    /// (UIKit raises), or one that is already another container's child (a navigation
    /// stack's) or presented, which would leave it listed in two places. The delegate hears
    /// nothing of it, as in UIKit: only swipes are announced.
    open func setViewControllers(_ viewControllers: [UIViewController]?, direction: NavigationDirection, animated: Bool,
                                 completion: ((Bool) -> Void)? = nil) {
        guard let page = viewControllers?.first else {
            reportInvalidUse("setViewControllers: no view controller given; the page shown stays")
            return
        }
        if let problem = reasonNotToAdopt(page) {
            reportInvalidUse("setViewControllers: \(problem); the page shown stays")
            return
        }
        if (viewControllers?.count ?? 0) > 1 {
            reportInvalidUse("setViewControllers: \(viewControllers!.count) view controllers for a one-page spread; the first is shown")
        }
        loadViewIfNeeded()
        finishArriving(completed: false)
        guard animated, let old = current, old !== page, view.window != nil, pageLength > 0 else {
            show(page)
            completion?(true)
            return
        }
        // The new page goes beside the old one, on the side it comes from, and the pager
        // slides to it.
        detachNeighbours()
        attach(page)
        before = direction == .reverse ? page : nil
        after = direction == .forward ? page : nil
        arriving = (page, completion)
        layoutPages()
        // From the old page's place (the new page may have taken the first slot) to the new one's.
        pager.contentOffset = offset(ofSlot: slot(of: old))
        pager.setContentOffset(offset(ofSlot: slot(of: page)), animated: true)
    }

    // MARK: Pages

    private var horizontal: Bool { navigationOrientation == .horizontal }
    private var pageLength: CGFloat { horizontal ? view.bounds.width : view.bounds.height }
    private var pageStride: CGFloat { pageLength + interPageSpacing }

    /// The slots of the pages laid out now, in order along the axis.
    private var slots: [UIViewController] { [before, current, after].compactMap { $0 } }

    private func slot(of controller: UIViewController) -> Int { slots.firstIndex { $0 === controller } ?? 0 }

    private func offset(ofSlot slot: Int) -> CGPoint {
        let along = CGFloat(slot) * pageStride
        return horizontal ? CGPoint(x: along, y: 0) : CGPoint(x: 0, y: along)
    }

    /// Makes `page` the page shown, at once: the old one leaves, the neighbours are found.
    private func show(_ page: UIViewController) {
        detachNeighbours()
        if let old = current, old !== page { detach(old) }
        current = page
        attach(page)
        // The indicator is asked before the neighbours, as UIKit asks: a data source that
        // notes the page it last handed out in `viewControllerAfter` (a common shortcut)
        // still reports the page shown.
        let count = dataSource?.presentationCount(for: self) ?? 0
        pageControl.numberOfPages = max(0, count)
        pageControl.currentPage = dataSource?.presentationIndex(for: self) ?? 0
        pageControl.isHidden = !(count > 0 && transitionStyle == .scroll && horizontal)
        findNeighbours()
        layoutPages()
        pager.contentOffset = offset(ofSlot: slot(of: page))
    }

    private func findNeighbours() {
        guard let current, let dataSource else {
            before = nil
            after = nil
            return
        }
        before = adoptableNeighbour(dataSource.pageViewController(self, viewControllerBefore: current), "viewControllerBefore")
        after = adoptableNeighbour(dataSource.pageViewController(self, viewControllerAfter: current), "viewControllerAfter")
        if before === current { before = nil }
        if after === current || after === before { after = nil }
    }

    /// The data source's `neighbour`, or nil (reported) when it cannot be a page here: a
    /// swipe would take it from the container that has it, or make a cycle.
    private func adoptableNeighbour(_ neighbour: UIViewController?, _ method: String) -> UIViewController? {
        guard let neighbour, neighbour !== current, let problem = reasonNotToAdopt(neighbour) else { return neighbour }
        reportInvalidUse("UIPageViewController: the data source's \(method) gave a page that cannot be shown here: "
            + "\(problem); no page on that side")
        return nil
    }

    private func attach(_ page: UIViewController) {
        if page.parent !== self {
            addChild(page)
            pager.addSubview(page.view)
            page.didMove(toParent: self)
        } else if page.view.superview !== pager {
            pager.addSubview(page.view)
        }
    }

    private func detach(_ page: UIViewController) {
        guard page.parent === self else { return }
        page.willLeaveParent()
        page.view.removeFromSuperview()
        page.removeFromParent()
    }

    private func attachNeighbours() {
        guard !neighboursAttached else { return }
        neighboursAttached = true
        for page in [before, after].compactMap({ $0 }) { attach(page) }
        layoutPages()
    }

    private func detachNeighbours() {
        guard neighboursAttached else { return }
        neighboursAttached = false
        for page in [before, after].compactMap({ $0 }) where page !== current { detach(page) }
    }

    /// Places the pages in their slots and sizes the pager's content to them.
    func layoutPages() {
        guard let container = viewIfLoaded else { return }
        let bounds = container.bounds
        pager.frame = horizontal ? CGRect(x: 0, y: 0, width: bounds.width + interPageSpacing, height: bounds.height)
            : CGRect(x: 0, y: 0, width: bounds.width, height: bounds.height + interPageSpacing)
        let pages = slots
        for (index, page) in pages.enumerated() where page.viewIfLoaded?.superview === pager {
            let origin = offset(ofSlot: index)
            page.view.frame = CGRect(origin: origin, size: bounds.size)
        }
        let extent = CGFloat(pages.count) * pageStride
        pager.contentSize = horizontal ? CGSize(width: extent, height: bounds.height) : CGSize(width: bounds.width, height: extent)
        let indicator = pageControl.sizeThatFits(CGSize(width: bounds.width, height: 0))
        pageControl.frame = CGRect(x: 0, y: bounds.height - container.safeAreaInsets.bottom - max(indicator.height, 26),
                                   width: bounds.width, height: max(indicator.height, 26))
        if arriving == nil, !pager.isDragging, !pager.isDecelerating, let current {
            pager.contentOffset = offset(ofSlot: slot(of: current))
        }
    }

    // MARK: Swipes

    /// A swipe began: the neighbours join, to be dragged in.
    fileprivate func swipeBegan() {
        guard arriving == nil else { return }
        announced = nil
        attachNeighbours()
    }

    /// The pager moved: the first move towards a neighbour announces it.
    fileprivate func pagerMoved() {
        guard arriving == nil, announced == nil, pager.isDragging || pager.isDecelerating, let current else { return }
        let home = offset(ofSlot: slot(of: current))
        let moved = horizontal ? pager.contentOffset.x - home.x : pager.contentOffset.y - home.y
        guard abs(moved) > 0.5, let pending = moved > 0 ? after : before else { return }
        announced = pending
        delegate?.pageViewController(self, willTransitionTo: [pending])
    }

    /// The pager came to rest: the page under it is the page shown.
    fileprivate func pagerSettled() {
        if arriving != nil {
            finishArriving(completed: true)
            return
        }
        guard let old = current, pageStride > 0 else { return }
        let along = horizontal ? pager.contentOffset.x : pager.contentOffset.y
        let index = Int((along / pageStride).rounded())
        let pages = slots
        let landed = pages.indices.contains(index) ? pages[index] : old
        let wasAnnounced = announced
        announced = nil
        if landed === old {
            detachNeighbours()
            layoutPages()
            if wasAnnounced != nil {
                delegate?.pageViewController(self, didFinishAnimating: true, previousViewControllers: [old],
                                             transitionCompleted: false)
            }
            return
        }
        let forward = landed === after
        // The page landed on stays; the old one and the other neighbour leave.
        neighboursAttached = false
        for page in [before, after, old].compactMap({ $0 }) where page !== landed { detach(page) }
        current = landed
        findNeighbours()
        layoutPages()
        pager.contentOffset = offset(ofSlot: slot(of: landed))
        if pageControl.numberOfPages > 0 {
            pageControl.currentPage = max(0, min(pageControl.numberOfPages - 1, pageControl.currentPage + (forward ? 1 : -1)))
        }
        delegate?.pageViewController(self, didFinishAnimating: true, previousViewControllers: [old], transitionCompleted: true)
    }

    /// Ends a programmatic animated change: the new page is the page shown (also when
    /// another change or a layout cuts the slide short).
    private func finishArriving(completed: Bool) {
        guard let (page, completion) = arriving else { return }
        arriving = nil
        show(page)
        completion?(completed)
    }

    /// The pager's delegate: tells the page view controller of swipes and rests.
    private final class PagerDelegate: UIScrollViewDelegate {
        unowned let owner: UIPageViewController
        init(owner: UIPageViewController) { self.owner = owner }
        func scrollViewWillBeginDragging(_ scrollView: UIScrollView) { owner.swipeBegan() }
        func scrollViewDidScroll(_ scrollView: UIScrollView) { owner.pagerMoved() }
        func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {
            if !decelerate { owner.pagerSettled() }
        }
        func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) { owner.pagerSettled() }
        func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) { owner.pagerSettled() }
    }

    /// The page view controller's view: lays the pages out when its size changes.
    private final class PageContainerView: UIView {
        weak var owner: UIPageViewController?
        override func layoutSubviews() {
            super.layoutSubviews()
            owner?.layoutPages()
        }
    }
}
