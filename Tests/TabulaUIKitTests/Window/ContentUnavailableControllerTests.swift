import Foundation
import Testing
@testable import TabulaUIKit
import TabulaUIKitTestSupport

/// A list-like controller that shows an empty state while it has no items, as UIKit's
/// documentation shows: it sets its configuration in `updateContentUnavailableConfiguration(using:)`
/// and asks for an update when its items change.
@MainActor
private final class ItemsController: UIViewController {
    var items: [String] = [] { didSet { setNeedsUpdateContentUnavailableConfiguration() } }
    var states: [UIContentUnavailableConfigurationState] = []
    let list = UIView()

    override func viewDidLoad() {
        super.viewDidLoad()
        list.backgroundColor = .systemBlue
        view.addSubview(list)
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        list.frame = view.bounds.insetBy(dx: 20, dy: 100)
    }

    override func updateContentUnavailableConfiguration(using state: UIContentUnavailableConfigurationState) {
        states.append(state)
        if items.isEmpty {
            var empty = UIContentUnavailableConfiguration.empty()
            empty.text = "No Items"
            contentUnavailableConfiguration = empty
        } else {
            contentUnavailableConfiguration = nil
        }
    }
}

/// A controller that adds state of its own to `super`'s.
@MainActor
private final class OfflineController: UIViewController {
    static let offline = UIConfigurationStateCustomKey("com.example.offline")
    var seen: AnyHashable?

    override var contentUnavailableConfigurationState: UIContentUnavailableConfigurationState {
        var state = super.contentUnavailableConfigurationState
        state[Self.offline] = true
        return state
    }

    override func updateContentUnavailableConfiguration(using state: UIContentUnavailableConfigurationState) {
        seen = state[Self.offline]
    }
}

/// A controller whose search finds nothing: it shows `search()` while there is search text.
@MainActor
private final class FindController: UIViewController {
    var states: [UIContentUnavailableConfigurationState] = []

    override func updateContentUnavailableConfiguration(using state: UIContentUnavailableConfigurationState) {
        states.append(state)
        contentUnavailableConfiguration = (state.searchText ?? "").isEmpty ? nil : UIContentUnavailableConfiguration.search()
    }
}

/// A controller that filters its own list as its search results updater and decides its
/// empty state from what the filtering left, not from the state's search text, as apps
/// commonly do: it asks for an update only when a search finds something or nothing, not
/// when the search ends.
@MainActor
private final class FilterController: UIViewController, UISearchResultsUpdating {
    let names = ["alice", "bob", "carol"]
    var isSearching = false
    var filtered: [String] = []

    func updateSearchResults(for searchController: UISearchController) {
        let filter = searchController.searchBar.text ?? ""
        guard !filter.isEmpty else {
            isSearching = false
            return
        }
        isSearching = true
        filtered = names.filter { $0.contains(filter) }
        setNeedsUpdateContentUnavailableConfiguration()
    }

    override func updateContentUnavailableConfiguration(using state: UIContentUnavailableConfigurationState) {
        contentUnavailableConfiguration = isSearching && filtered.isEmpty ? UIContentUnavailableConfiguration.search() : nil
    }
}

@MainActor
@Suite("UIViewController.contentUnavailableConfiguration")
struct ContentUnavailableControllerTests {
    private func show(_ controller: UIViewController) -> HeadlessScreen {
        let screen = HeadlessScreen(device: .iPhone15)
        let window = UIWindow(frame: .zero)
        window.rootViewController = controller
        screen.show(window)
        screen.advance(by: 0.1)
        return screen
    }

    /// The content-unavailable view over `controller`'s view, if any.
    private func overlay(of controller: UIViewController) -> UIContentUnavailableView? {
        controller.view.subviews.compactMap { $0 as? UIContentUnavailableView }.first
    }

    @Test("setting a configuration puts its view over the whole view, in front; nil takes it away")
    func showsAndRemoves() throws {
        let controller = UIViewController()
        let screen = show(controller)
        let button = UIButton(type: .system)
        button.setTitle("Underneath", for: .normal)
        button.frame = CGRect(x: 100, y: 400, width: 200, height: 44)
        controller.view.addSubview(button)

        var search = UIContentUnavailableConfiguration.search()
        search.secondaryText = nil
        controller.contentUnavailableConfiguration = search
        let view = try #require(overlay(of: controller))
        #expect(view.frame == controller.view.bounds)
        screen.advance(by: 0.1)
        #expect(controller.view.subviews.last === view, "in front of the controller's own subviews")
        #expect(controller.view.hitTest(CGPoint(x: 200, y: 422), with: nil)?.isDescendant(of: view) == true,
                "it covers what is underneath")
        #expect(screen.staticTexts.labels.contains("No Results"))

        // A subview added later goes under it at the next layout.
        let late = UIView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        controller.view.addSubview(late)
        controller.view.setNeedsLayout()
        screen.advance(by: 0.1)
        #expect(controller.view.subviews.last === view)

        // The same kind of configuration is shown in place, by the same view.
        controller.contentUnavailableConfiguration = UIContentUnavailableConfiguration.loading()
        #expect(overlay(of: controller) === view)
        #expect(view.activityIndicator.isAnimating)

        controller.contentUnavailableConfiguration = nil
        #expect(view.superview == nil && overlay(of: controller) == nil)
        screen.advance(by: 0.1)
        #expect(!screen.staticTexts.labels.contains("Loading…"))
        #expect(controller.view.hitTest(CGPoint(x: 200, y: 422), with: nil) === button)
    }

    @Test("updateContentUnavailableConfiguration(using:) runs before the first frame, and once after setNeedsUpdate…")
    func updateCycle() throws {
        let controller = ItemsController()
        let screen = show(controller)
        // Once at the first layout, and once more if the traits changed as the window went
        // on screen (its display scale, here).
        let first = controller.states.count
        #expect(first >= 1)
        #expect(controller.states.last?.traitCollection.userInterfaceStyle == .light)
        #expect(controller.states.last?.traitCollection.displayScale == 3)
        #expect(controller.states.last?.searchText == nil)
        let empty = try #require(overlay(of: controller))
        #expect(empty.textLabel.text == "No Items")
        #expect(empty.frame == controller.view.bounds)

        controller.items = ["Milk"]
        #expect(controller.states.count == first, "not at once: at the next layout")
        screen.advance(by: 1.0 / 60)
        #expect(controller.states.count == first + 1)
        #expect(overlay(of: controller) == nil)

        // Several requests before a layout make one update.
        controller.items = []
        controller.items = ["Eggs"]
        controller.items = []
        screen.advance(by: 0.1)
        #expect(controller.states.count == first + 2)
        #expect(overlay(of: controller) != nil)
    }

    @Test("the view shows over the controller's content and covers it: the pixels under it are its own")
    func coversContent() {
        let controller = ItemsController()
        let screen = show(controller)
        writeForLooking(screen.snapshot(), "content-unavailable-controller")
        let picture = screen.snapshot().cgImage!
        // The blue list under the empty state still shows: the background is clear.
        let p = picture.color(x: Int(30 * screen.scale), y: Int(120 * screen.scale))
        #expect(p.blue > 0.8 && p.red < 0.2, "the clear background lets the content through: \(p)")
        controller.contentUnavailableConfiguration = {
            var c = UIContentUnavailableConfiguration.empty()
            c.text = "No Items"
            c.background.backgroundColor = .systemBackground
            return c
        }()
        screen.advance(by: 0.1)
        let covered = screen.snapshot().cgImage!.color(x: Int(30 * screen.scale), y: Int(120 * screen.scale))
        #expect(covered.blue > 0.95 && covered.red > 0.95, "a background colour covers it: \(covered)")
    }

    @Test("a change of appearance asks for an update with the new traits, and the view's colours follow")
    func traitsReachTheView() throws {
        let controller = ItemsController()
        let screen = show(controller)
        screen.userInterfaceStyle = .dark
        screen.advance(by: 0.1)
        #expect(controller.states.last?.traitCollection.userInterfaceStyle == .dark)
        let view = try #require(overlay(of: controller))
        #expect(view.traitCollection.userInterfaceStyle == .dark)
        #expect(view.textLabel.textColor.resolvedColor(with: view.traitCollection) == .white)
    }

    @Test("a configuration set before the view loads shows once it does; a configuration of any kind can be shown")
    func beforeLoadAndOtherKinds() throws {
        let controller = UIViewController()
        controller.contentUnavailableConfiguration = UIContentUnavailableConfiguration.loading()
        #expect(!controller.isViewLoaded)
        let screen = show(controller)
        #expect(overlay(of: controller)?.activityIndicator.isAnimating == true)

        var list = UIListContentConfiguration.cell()
        list.text = "Offline"
        controller.contentUnavailableConfiguration = list
        #expect(overlay(of: controller) == nil)
        let listView = try #require(controller.view.subviews.compactMap { $0 as? UIListContentView }.first)
        #expect(listView.frame == controller.view.bounds)
        screen.advance(by: 0.1)
        #expect(screen.staticTexts.labels.contains("Offline"))
        #expect(controller.contentUnavailableConfiguration is UIListContentConfiguration)
    }

    @Test("a subclass adds state of its own to super's, and the update gets it")
    func customState() {
        let controller = OfflineController()
        _ = show(controller)
        #expect(controller.seen == AnyHashable(true))
        #expect(controller.contentUnavailableConfigurationState[OfflineController.offline] == AnyHashable(true))
    }

    @Test("searching: the state has the search bar's text as it is typed, and search() names it; Cancel clears it")
    func searchText() throws {
        let controller = FindController()
        let search = UISearchController(searchResultsController: nil)
        search.obscuresBackgroundDuringPresentation = false
        controller.navigationItem.searchController = search
        let navigation = UINavigationController(rootViewController: controller)
        let screen = show(navigation)
        #expect(overlay(of: controller) == nil)
        #expect(controller.states.last?.searchText == "")

        let bar = search.searchBar
        screen.tap(at: bar.convert(CGPoint(x: 100, y: bar.bounds.midY), to: nil))
        #expect(search.isActive)
        screen.typeText("kiwi")
        screen.advance(by: 0.1)
        #expect(controller.contentUnavailableConfigurationState.searchText == "kiwi")
        #expect(controller.states.last?.searchText == "kiwi")
        let view = try #require(overlay(of: controller))
        #expect(view.textLabel.text == "No Results for “kiwi”")
        #expect((controller.contentUnavailableConfiguration as? UIContentUnavailableConfiguration)?.text == "No Results",
                "the configuration is kept as set; the view shows it updated for the state")
        screen.advance(by: 0.3)
        writeForLooking(screen.snapshot(), "content-unavailable-search-controller")
        // The keyboard is up: the content keeps above it, as the search text is typed.
        let keyboard = try #require(navigation.view.window?.softwareKeyboard.frame)
        let pieces = view.pieceFrames.values.map { view.convert($0, to: nil) }
        #expect(pieces.count == 3 && pieces.allSatisfy { $0.maxY <= keyboard.minY }, "\(pieces) above \(keyboard)")

        screen.typeText("\u{8}")
        screen.advance(by: 0.1)
        #expect(view.textLabel.text == "No Results for “kiw”", "the same view, updated in place")

        let cancel = try #require(bar.subviews.compactMap { $0 as? UIButton }.first)
        screen.tap(at: cancel.convert(CGPoint(x: cancel.bounds.midX, y: cancel.bounds.midY), to: nil))
        screen.advance(by: 0.1)
        #expect(controller.states.last?.searchText == "")
        #expect(overlay(of: controller) == nil)
    }

    @Test("Cancel ends the search before the update it asks for: an empty state set from the updater's results goes away")
    func cancelUpdatesAfterTheUpdater() throws {
        let controller = FilterController()
        let search = UISearchController(searchResultsController: nil)
        search.searchResultsUpdater = controller
        search.obscuresBackgroundDuringPresentation = false
        controller.navigationItem.searchController = search
        let screen = show(UINavigationController(rootViewController: controller))
        let bar = search.searchBar
        screen.tap(at: bar.convert(CGPoint(x: 100, y: bar.bounds.midY), to: nil))
        screen.typeText("zz")
        screen.advance(by: 0.5)
        #expect(overlay(of: controller) != nil, "nothing matches: No Results")

        let cancel = try #require(bar.subviews.compactMap { $0 as? UIButton }.first)
        screen.tap(at: cancel.convert(CGPoint(x: cancel.bounds.midX, y: cancel.bounds.midY), to: nil))
        screen.advance(by: 0.5)
        #expect(!search.isActive)
        #expect(!controller.isSearching)
        #expect(controller.contentUnavailableConfiguration == nil,
                "the update after Cancel sees the updater's answer to the empty text")
        #expect(overlay(of: controller) == nil, "the list shows again, and takes touches")
    }
}
