import Foundation
import Testing
@testable import TabulaUIKit
@testable import TabulaTable
import TabulaTestSupport

/// `UISearchBar.setImage(_:for:state:)`, `UISearchController.scopeBarActivation` and
/// `UINavigationItem.preferredSearchBarPlacement`.
@MainActor
@Suite("Search bar icons, scope bar activation and search bar placement")
struct SearchBarIconAndScopeTests {
    /// A square of `color`, `side` points, drawn as is (or as a template).
    func square(_ color: UIColor, side: CGFloat = 14) -> UIImage {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        return UIGraphicsImageRenderer(size: CGSize(width: side, height: side), format: format).image { _ in
            color.setFill()
            UIRectFill(CGRect(x: 0, y: 0, width: side, height: side))
        }
    }

    /// A standalone search bar across a 320-point screen at scale 2 (tall enough for the
    /// keyboard below it when `height` is).
    func shownBar(height: CGFloat = 120) -> (HeadlessScreen, UISearchBar) {
        let (screen, root) = makeScreen(width: 320, height: height, scale: 2)
        let bar = UISearchBar(frame: CGRect(x: 0, y: 20, width: 320, height: 56))
        root.addSubview(bar)
        screen.advance(by: 0.1)
        return (screen, bar)
    }

    /// The colour drawn at the centre of the search icon's place.
    func iconColor(_ screen: HeadlessScreen, _ bar: UISearchBar) throws -> Color {
        let field = bar.searchTextField
        let rect = field.leftViewRect(forBounds: field.bounds)
        let p = field.convert(CGPoint(x: rect.midX, y: rect.midY), to: nil)
        return try #require(screen.snapshot().cgImage).color(x: Int(p.x * 2), y: Int(p.y * 2))
    }

    func isRed(_ c: Color) -> Bool { c.red > 0.9 && c.green < 0.15 && c.blue < 0.15 }

    @Test("a search image replaces the magnifying glass; nil puts the glass back")
    func searchIcon() throws {
        let (screen, bar) = shownBar()
        #expect(bar.image(for: .search, state: .normal) == nil)
        #expect(!isRed(try iconColor(screen, bar)))
        let red = square(.red)
        bar.setImage(red, for: .search, state: .normal)
        #expect(bar.image(for: .search, state: .normal) === red)
        screen.advance(by: 0.1)
        let drawn = try iconColor(screen, bar)
        #expect(isRed(drawn), "the custom image where the glass was: \(drawn)")
        writeForLooking(screen.snapshot(), "search-custom-icon")
        // No glass stroke left: the pixels around the square are the field's grey.
        let field = bar.searchTextField
        #expect(!(field.leftView is MagnifyingGlassView))

        bar.setImage(nil, for: .search, state: .normal)
        screen.advance(by: 0.1)
        #expect(bar.image(for: .search, state: .normal) == nil)
        #expect(field.leftView is MagnifyingGlassView, "the system's glass again")
        #expect(!isRed(try iconColor(screen, bar)))
    }

    @Test("a template image is drawn in the glass's grey; a disabled field shows the disabled image")
    func templateAndDisabled() throws {
        let (screen, bar) = shownBar()
        bar.setImage(square(.red).withRenderingMode(.alwaysTemplate), for: .search, state: .normal)
        screen.advance(by: 0.1)
        let grey = try iconColor(screen, bar)
        writeForLooking(screen.snapshot(), "search-template-icon")
        #expect(!isRed(grey) && abs(grey.red - grey.blue) < 0.1 && grey.red < 0.8, "drawn grey: \(grey)")
        bar.setImage(square(.blue), for: .search, state: .disabled)
        bar.searchTextField.isEnabled = false
        screen.advance(by: 0.1)
        let blue = try iconColor(screen, bar)
        #expect(blue.blue > 0.9 && blue.red < 0.15, "the disabled image: \(blue)")
        bar.searchTextField.isEnabled = true
        screen.advance(by: 0.1)
        #expect(!(try iconColor(screen, bar)).isBlue)
    }

    @Test("a clear image replaces the clear button while the field has text")
    func clearIcon() throws {
        let (screen, bar) = shownBar(height: 600)
        bar.setImage(square(.red), for: .clear, state: .normal)
        bar.searchTextField.becomeFirstResponder()
        screen.typeText("pears")
        screen.advance(by: 0.1)
        let field = bar.searchTextField
        let rect = field.clearButtonRect(forBounds: field.bounds)
        let p = field.convert(CGPoint(x: rect.midX, y: rect.midY), to: nil)
        let image = try #require(screen.snapshot().cgImage)
        let drawn = image.color(x: Int(p.x * 2), y: Int(p.y * 2))
        #expect(isRed(drawn), "the custom clear image: \(drawn)")
        writeForLooking(screen.snapshot(), "search-custom-clear")
        // The bookmark and results list images are kept, though nothing draws them.
        let mark = square(.green)
        bar.setImage(mark, for: .bookmark, state: .normal)
        #expect(bar.image(for: .bookmark, state: .normal) === mark && bar.image(for: .resultsList, state: .normal) == nil)
        bar.setImage(nil, for: .clear, state: .normal)
        screen.advance(by: 0.1)
        let back = try #require(screen.snapshot().cgImage).color(x: Int(p.x * 2), y: Int(p.y * 2))
        #expect(!isRed(back), "the system's clear button again: \(back)")
    }

    // MARK: Scope bar and placement

    /// A table with a search controller with two scopes in its navigation item.
    func shownSearch(_ activation: UISearchController.ScopeBarActivation) -> (HeadlessScreen, UISearchController, UIViewController) {
        let screen = HeadlessScreen(device: .iPhone15)
        let table = UITableViewController(style: .plain)
        let search = UISearchController(searchResultsController: nil)
        search.obscuresBackgroundDuringPresentation = false
        search.searchBar.scopeButtonTitles = ["All", "Short"]
        search.scopeBarActivation = activation
        table.navigationItem.searchController = search
        let window = UIWindow(frame: .zero)
        window.rootViewController = UINavigationController(rootViewController: table)
        screen.show(window)
        screen.advance(by: 0.1)
        return (screen, search, table)
    }

    func tapBar(_ screen: HeadlessScreen, _ search: UISearchController) {
        screen.tap(at: search.searchBar.convert(CGPoint(x: 100, y: 26), to: nil))
        screen.advance(by: 0.5)
    }

    @Test("scope bar activation: automatic and onSearchActivation show it as the search begins, onTextEntry once typing begins, manual never")
    func scopeBarActivation() {
        #expect(UISearchController().scopeBarActivation == .automatic)
        for activation in [UISearchController.ScopeBarActivation.automatic, .onSearchActivation] {
            let (screen, search, _) = shownSearch(activation)
            tapBar(screen, search)
            #expect(search.isActive && search.searchBar.showsScopeBar, "\(activation)")
            search.isActive = false
            screen.advance(by: 0.5)
            #expect(!search.searchBar.showsScopeBar, "hidden when the search ends: \(activation)")
        }
        let (screen, search, _) = shownSearch(.onTextEntry)
        tapBar(screen, search)
        #expect(search.isActive && !search.searchBar.showsScopeBar, "not before typing")
        screen.typeText("a")
        #expect(search.searchBar.showsScopeBar, "typing begins: the scopes show")
        search.isActive = false
        screen.advance(by: 0.5)
        #expect(!search.searchBar.showsScopeBar)

        let (manualScreen, manual, _) = shownSearch(.manual)
        tapBar(manualScreen, manual)
        manualScreen.typeText("a")
        #expect(manual.isActive && !manual.searchBar.showsScopeBar, "manual: left to the app")
        manual.searchBar.showsScopeBar = true
        manual.isActive = false
        #expect(manual.searchBar.showsScopeBar, "manual: the app's scope bar stays")
    }

    @Test("search bar placement: the preference is kept; on an iPhone the bar is stacked under the title")
    func placement() throws {
        let (_, search, table) = shownSearch(.automatic)
        let item = table.navigationItem
        #expect(item.preferredSearchBarPlacement == .automatic)
        #expect(item.searchBarPlacement == .stacked && search.searchBarPlacement == .stacked)
        let stackedFrame = search.searchBar.convert(search.searchBar.bounds, to: nil)
        item.preferredSearchBarPlacement = .inline
        #expect(item.preferredSearchBarPlacement == .inline)
        #expect(item.searchBarPlacement == .stacked, "compact width stacks an inline preference")
        #expect(search.searchBar.convert(search.searchBar.bounds, to: nil) == stackedFrame)
        #expect(UINavigationItem(title: "None").searchBarPlacement == .automatic, "no search controller")
        #expect(UISearchController().searchBarPlacement == .automatic)
        #expect(UINavigationItem.SearchBarPlacement(rawValue: 2) == .stacked)
    }
}

private extension Color {
    var isBlue: Bool { blue > 0.9 && red < 0.15 }
}
