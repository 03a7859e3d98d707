import Foundation

/// Told to update the results as the search text or scope changes.
@preconcurrency @MainActor
public protocol UISearchResultsUpdating: AnyObject {
    /// The search bar's text or scope changed, or the search began or ended: filter now.
    func updateSearchResults(for searchController: UISearchController)
}

/// Told as a search controller becomes active and inactive. Every member has a default.
@preconcurrency @MainActor
public protocol UISearchControllerDelegate: AnyObject {
    /// The search is about to become active.
    func willPresentSearchController(_ searchController: UISearchController)
    /// The search became active.
    func didPresentSearchController(_ searchController: UISearchController)
    /// The search is about to end.
    func willDismissSearchController(_ searchController: UISearchController)
    /// The search ended.
    func didDismissSearchController(_ searchController: UISearchController)
}

extension UISearchControllerDelegate {
    /// Does nothing.
    public func willPresentSearchController(_ searchController: UISearchController) {}
    /// Does nothing.
    public func didPresentSearchController(_ searchController: UISearchController) {}
    /// Does nothing.
    public func willDismissSearchController(_ searchController: UISearchController) {}
    /// Does nothing.
    public func didDismissSearchController(_ searchController: UISearchController) {}
}

/// Runs a search from its ``searchBar``: tapping the bar makes the search active (the
/// Cancel button slides in, the scope bar appears, the content below is dimmed or
/// covered by the results controller's view), every change of text or scope asks the
/// ``searchResultsUpdater`` to filter, and Cancel clears the text and ends the search.
///
/// Show the bar in a navigation bar (`navigationItem.searchController`) or anywhere
/// else, for example as a table's `tableHeaderView`. With no results controller, the
/// updater usually filters the table under the bar itself, which stays undimmed (set
/// ``obscuresBackgroundDuringPresentation`` to dim it until text is typed).
@preconcurrency @MainActor
open class UISearchController: UIViewController {
    /// The bar the search is typed in.
    public let searchBar = UISearchBar()
    /// The controller whose view shows the results over the content while the search is
    /// active, or nil to show them in the content itself.
    public let searchResultsController: UIViewController?
    /// The object asked to filter.
    open weak var searchResultsUpdater: UISearchResultsUpdating?
    /// The object told as the search begins and ends.
    open weak var delegate: UISearchControllerDelegate?
    /// Whether the content under the bar is dimmed while the search is active and no
    /// results show; a tap on the dimmed content ends the search. False by default, as
    /// since iOS 15 (it was true before; Apple's page names no default).
    open var obscuresBackgroundDuringPresentation = false
    /// Whether the navigation bar hides while searching (true by default): when the
    /// search bar is a navigation item's, the title, buttons and large title slide away
    /// and the search row moves up under the status bar until the search ends.
    open var hidesNavigationBarDuringPresentation = true
    /// Whether the Cancel button comes with an active search (true by default).
    open var automaticallyShowsCancelButton = true
    /// Whether the search controller shows and hides the scope bar at all (true by
    /// default); false leaves ``UISearchBar/showsScopeBar`` to you, as
    /// ``ScopeBarActivation-swift.enum/manual`` does. (Deprecated in iOS 16 for
    /// ``scopeBarActivation``.)
    open var automaticallyShowsScopeBar = true

    /// When the search controller shows and hides the scope bar.
    public enum ScopeBarActivation: Int, Sendable {
        /// As the system decides: on an iPhone, when the search becomes active, hidden
        /// again when it ends.
        case automatic = 0
        /// Never by itself: you set the search bar's ``UISearchBar/showsScopeBar``.
        case manual = 1
        /// When typing begins in the search field; hidden again when the search ends.
        case onTextEntry = 2
        /// When the search becomes active; hidden again when it ends.
        case onSearchActivation = 3
    }

    /// When the scope bar shows (default ``ScopeBarActivation-swift.enum/automatic``: when
    /// the search becomes active). The search bar shows it only with two or more
    /// ``UISearchBar/scopeButtonTitles``; with ``automaticallyShowsScopeBar`` false the
    /// controller leaves it alone whatever this says.
    open var scopeBarActivation: ScopeBarActivation = .automatic

    /// Where the navigation bar places the search bar, when a navigation item's
    /// ``UINavigationItem/searchController`` is this controller (see
    /// ``UINavigationItem/searchBarPlacement``); ``UINavigationItem/SearchBarPlacement-swift.enum/automatic``
    /// otherwise.
    open var searchBarPlacement: UINavigationItem.SearchBarPlacement {
        guard let item = searchingController?.navigationItem, item.searchController === self else { return .automatic }
        return item.searchBarPlacement
    }
    /// Whether the results controller shows even while the search text is empty.
    open var showsSearchResultsController = false { didSet { updateCover() } }

    /// The view controller whose navigation item holds this search controller: its
    /// content-unavailable state has the search text, so it updates as the text changes.
    weak var searchingController: UIViewController?

    /// Covers the content under the bar while active: the dimming or the results.
    private let cover = UIView(frame: .zero)

    /// A search controller showing its results in `searchResultsController`'s view
    /// (nil: in the content under the bar).
    public init(searchResultsController: UIViewController?) {
        self.searchResultsController = searchResultsController
        super.init(nibName: nil, bundle: nil)
        connectBar()
    }

    /// A search controller showing its results in the content under the bar, as UIKit's
    /// inherited `init(nibName:bundle:)` makes one (Tabula loads no nibs). With it,
    /// `UISearchController()` works too.
    public override convenience init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        self.init(searchResultsController: nil)
    }

    /// Tabula loads no archives: a search controller without a results controller.
    public required init?(coder: NSCoder) {
        searchResultsController = nil
        super.init(coder: coder)
        connectBar()
        InterfaceBuilderCoder.decode(coder, into: self, at: UISearchController.self)
    }

    /// A search controller showing its results in the content under the bar.
    public convenience init() { self.init(searchResultsController: nil) }

    private func connectBar() {
        let field = searchBar.searchTextField
        field.addAction(UIAction { [weak self] _ in self?.setActive(true) }, for: .editingDidBegin)
        field.addAction(UIAction { [weak self] _ in self?.textChanged() }, for: .editingChanged)
        searchBar.onCancel = { [weak self] in self?.cancel() }
        searchBar.onScopeChange = { [weak self] in self?.textChanged() }
        // A push takes the bar (in the navigation bar) out of the window: the dimming or the
        // results go with it, the search staying active, and come back with it.
        searchBar.onWindowChange = { [weak self] in self?.barWindowChanged() }
        cover.backgroundColor = UIColor(white: 0, alpha: 0.2)
        cover.addGestureRecognizer(UITapGestureRecognizer { [weak self] _ in self?.cancel() })
    }

    /// Whether the search is active; setting it begins or ends the search (ending it
    /// resigns the bar but keeps its text).
    open var isActive: Bool {
        get { active }
        set { setActive(newValue) }
    }
    private var active = false

    private func setActive(_ newValue: Bool) {
        guard newValue != active else { return }
        if newValue {
            delegate?.willPresentSearchController(self)
            active = true
            if automaticallyShowsCancelButton { searchBar.setShowsCancelButton(true, animated: true) }
            if managesScopeBar, scopeBarActivation != .onTextEntry || !(searchBar.text ?? "").isEmpty { showScopeBar() }
            if hidesNavigationBarDuringPresentation { setBarHidden(true) }
            updateCover()
            searchResultsUpdater?.updateSearchResults(for: self)
            searchingController?.setNeedsUpdateContentUnavailableConfiguration()
            delegate?.didPresentSearchController(self)
        } else {
            delegate?.willDismissSearchController(self)
            active = false
            searchBar.searchTextField.resignFirstResponder()
            if automaticallyShowsCancelButton { searchBar.setShowsCancelButton(false, animated: true) }
            if managesScopeBar { searchBar.showsScopeBar = false }
            setBarHidden(false)
            updateCover()
            searchResultsUpdater?.updateSearchResults(for: self)
            // Asked again after the updater: the layout above (the bar coming back) ran the
            // update Cancel asked for while the updater still had the old text's results.
            searchingController?.setNeedsUpdateContentUnavailableConfiguration()
            delegate?.didDismissSearchController(self)
        }
    }

    /// Hides or shows the rest of the navigation bar whose search row holds the bar
    /// (animated, as the Cancel button is); a search bar elsewhere hides nothing.
    private func setBarHidden(_ hidden: Bool) {
        var ancestor = searchBar.superview
        while let view = ancestor, !(view is UINavigationBar) { ancestor = view.superview }
        guard let bar = ancestor as? UINavigationBar, bar.searchHidesBar != hidden else { return }
        UIView.animate(withDuration: 0.3, delay: 0, options: [.curveEaseInOut, .beginFromCurrentState]) {
            bar.searchHidesBar = hidden
            bar.layoutIfNeeded()
            bar.superview?.layoutIfNeeded()
        }
    }

    /// Whether this controller shows and hides the scope bar (``scopeBarActivation``).
    private var managesScopeBar: Bool { automaticallyShowsScopeBar && scopeBarActivation != .manual }

    /// Shows the scope bar when there are scopes to show.
    private func showScopeBar() {
        if (searchBar.scopeButtonTitles?.count ?? 0) >= 2 { searchBar.showsScopeBar = true }
    }

    private func textChanged() {
        defer { searchingController?.setNeedsUpdateContentUnavailableConfiguration() }
        guard active else { return }
        if managesScopeBar, scopeBarActivation == .onTextEntry, !(searchBar.text ?? "").isEmpty { showScopeBar() }
        updateCover()
        searchResultsUpdater?.updateSearchResults(for: self)
    }

    private func cancel() {
        searchBar.text = ""
        searchingController?.setNeedsUpdateContentUnavailableConfiguration()
        setActive(false)
    }

    /// The bar left its window (a push): what covered the content goes at once. It came
    /// back (the pop) while the search is active: once the navigation controller's transition
    /// has ended, the bar hides again as activating hid it, and the dimming or the results
    /// come back under it.
    private func barWindowChanged() {
        guard active else { return }
        guard searchBar.window != nil else { return updateCover() }
        CADisplayLink { [weak self] link in
            guard let self, self.active, let window = self.searchBar.window else { return link.invalidate() }
            if self.searchingController?.navigationController?.isTransitioning == true { return }
            link.invalidate()
            if self.hidesNavigationBarDuringPresentation { self.setBarHidden(true) }
            window.layoutIfNeeded()
            self.updateCover()
        }.add(to: .main, forMode: .common)
    }

    /// Puts the dimming or the results view under the bar, over the rest of the window,
    /// or takes it away (also while the bar is in no window: pushed away, say).
    private func updateCover() {
        let showsResults = searchResultsController != nil && (showsSearchResultsController || !(searchBar.text ?? "").isEmpty)
        guard active, let window = searchBar.window, showsResults || obscuresBackgroundDuringPresentation else {
            cover.removeFromSuperview()
            searchResultsController?.viewIfLoaded?.removeFromSuperview()
            return
        }
        let barBottom = searchBar.convert(CGPoint(x: 0, y: searchBar.bounds.maxY), to: nil).y
        let frame = CGRect(x: 0, y: barBottom, width: window.bounds.width, height: max(0, window.bounds.height - barBottom))
        if showsResults, let results = searchResultsController {
            cover.removeFromSuperview()
            let view = results.view!
            view.frame = frame
            if view.superview !== window { window.addSubview(view) }
        } else {
            searchResultsController?.viewIfLoaded?.removeFromSuperview()
            cover.frame = frame
            if cover.superview !== window {
                window.addSubview(cover)
                cover.alpha = 0
                UIView.animate(withDuration: 0.25) { self.cover.alpha = 1 }
            }
        }
        // The keyboard stays above whatever covers the content.
        if window.softwareKeyboard.isVisible { window.bringSubviewToFront(window.softwareKeyboard.view) }
    }
}
