import Tabula

/// Shakespeare's quotes, searched live from a search bar under the large title: each
/// letter typed filters the table, the scope bar picks comedies or tragedies, and Cancel
/// brings every quote back.
final class SearchScene: Scene {
    static let name = "search"
    static let title = "Quotes"
    static let summary = "A search controller in the navigation bar filtering a table live, with scope buttons"
    static let seed = "UIKit's UISearchController (iOS 8 and later), over the quotes of the 2011 session's plays"
    static let tryIt = "Tap the search field and type; pick a scope; Cancel ends the search."

    let controller = QuoteSearchController(style: .plain)
    init() {}
    func makeRootViewController() -> UIViewController { controller }

    /// Taps the search field, types "the", picks Tragedies, then cancels.
    func play(on screen: HeadlessScreen) {
        let bar = controller.search.searchBar
        screen.tap(at: bar.convert(CGPoint(x: 120, y: 26), to: nil))
        screen.advance(by: 0.4)
        for character in "the" {
            screen.typeText(String(character))
            screen.advance(by: 0.15)
        }
        screen.advance(by: 0.5)
        if let scope = bar.subviews.compactMap({ $0 as? UISegmentedControl }).first, !scope.isHidden {
            let third = scope.bounds.width / 3
            screen.tap(at: scope.convert(CGPoint(x: third * 2.5, y: scope.bounds.midY), to: nil))
        }
        screen.advance(by: 0.6)
        if let cancel = bar.subviews.compactMap({ $0 as? UIButton }).first {
            screen.tap(at: cancel.convert(CGPoint(x: cancel.bounds.midX, y: cancel.bounds.midY), to: nil))
        }
        screen.advance(by: 0.5)
    }
}

final class QuoteSearchController: UITableViewController, UISearchResultsUpdating {
    static let tragedies: Set<String> = ["Macbeth", "Hamlet", "Julius Caesar", "King Lear", "Othello", "Romeo and Juliet"]
    let all = SampleData.quotes
    private(set) var shown = SampleData.quotes
    let search = UISearchController(searchResultsController: nil)

    override func viewDidLoad() {
        super.viewDidLoad()
        navigationController?.navigationBar.prefersLargeTitles = true
        search.searchResultsUpdater = self
        search.obscuresBackgroundDuringPresentation = false
        search.searchBar.placeholder = "Search Quotes"
        search.searchBar.scopeButtonTitles = ["All", "Comedies", "Tragedies"]
        navigationItem.searchController = search
        tableView.keyboardDismissMode = .onDrag
    }

    func updateSearchResults(for searchController: UISearchController) {
        let text = searchController.searchBar.text ?? ""
        let scope = searchController.isActive ? searchController.searchBar.selectedScopeButtonIndex : 0
        shown = all.filter { quote in
            let matches = text.isEmpty || quote.quote.localizedCaseInsensitiveContains(text)
                || quote.play.localizedCaseInsensitiveContains(text)
            let tragedy = Self.tragedies.contains(quote.play)
            return matches && (scope == 0 || (scope == 2) == tragedy)
        }
        tableView.reloadData()
    }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { shown.count }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "quote") ?? UITableViewCell(style: .subtitle, reuseIdentifier: "quote")
        cell.textLabel?.text = shown[indexPath.row].quote
        cell.detailTextLabel?.text = shown[indexPath.row].play
        return cell
    }
}
