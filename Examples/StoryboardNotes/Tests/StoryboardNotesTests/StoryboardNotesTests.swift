import Foundation
import Tabula
import Testing
@testable import StoryboardNotes

/// The storyboard app as its iOS team would test it, through UIKit's storyboard API only:
/// everything on screen comes from the storyboards and nibs, through the Swift tabula-port
/// generated from them.
@MainActor
@Suite("A storyboard app, ported: scenes, segues, unwinds, static cells, nibs, tabs")
struct StoryboardNotesTests {
    let screen = HeadlessScreen(device: .iPhone15)

    init() { TabulaInterfaceBuilderFiles.register() }

    func show(_ controller: UIViewController) {
        let window = UIWindow(frame: .zero)
        window.rootViewController = controller
        screen.show(window)
        screen.advance(by: 0.1)
    }

    /// Main.storyboard's initial scene on the screen; returns its list.
    func showMain() throws -> (UINavigationController, ListViewController) {
        let initial = UIStoryboard(name: "Main", bundle: nil).instantiateInitialViewController()
        let navigation = try #require(initial as? UINavigationController)
        show(navigation)
        return (navigation, try #require(navigation.topViewController as? ListViewController))
    }

    @Test("the list: a navigation controller with a large title around the prototype cells, filled by the data source")
    func list() throws {
        let (navigation, list) = try showMain()
        #expect(navigation.navigationBar.prefersLargeTitles)
        #expect(list.navigationItem.title == "Items")
        let cell = try #require(list.tableView.cellForRow(at: IndexPath(row: 1, section: 0)))
        #expect(cell.reuseIdentifier == "ItemCell" && cell.style == .subtitle && cell.accessoryType == .disclosureIndicator)
        #expect(cell.textLabel?.text == "Bread" && cell.detailTextLabel?.text == "Row 2")
        #expect(try screen.element(labelContaining: "Coffee").frame.height > 0)
    }

    @Test("tapping a row performs the showDetail segue: prepare(for:sender:) hands over the item, the outlets show it, Done pops")
    func detail() throws {
        let (navigation, _) = try showMain()
        try screen.element(labelContaining: "Bread").tap()
        screen.advance(by: 0.7)
        let detail = try #require(navigation.topViewController as? DetailViewController)
        #expect(detail.titleLabel.text == "Bread")
        #expect(detail.badgeLabel.text == "NEW" && detail.badgeLabel.clipsToBounds)   // awakeFromNib ran
        let title = try screen.element(identifier: "detail.title")
        #expect(title.frame.minY >= detail.view.safeAreaInsets.top + 20 - 0.5)
        #expect(abs(title.frame.minX - 20) < 0.5)
        try screen.buttons["Done"].tap()
        // While it slides away the detail keeps its layout: its root view's safe area is the
        // place the navigation controller gives it, not the off-screen spot it moves to.
        screen.advance(by: 0.1)
        #expect(detail.titleLabel.frame.width == 353 && detail.view.safeAreaInsets.right == 0)
        #expect(detail.badgeLabel.frame.minY < 200)
        screen.advance(by: 0.6)
        #expect(navigation.topViewController is ListViewController)
    }

    @Test("+ presents the add sheet; Save unwinds to the list with the typed name; Cancel dismisses")
    func addAndUnwind() throws {
        let (_, list) = try showMain()
        try screen.buttons["Add"].tap()
        screen.advance(by: 0.8)
        let add = try #require(list.presentedViewController as? AddItemViewController)
        #expect(add.modalPresentationStyle == .formSheet)
        add.nameField.text = "Dates"
        try screen.buttons["Save"].tap()
        screen.advance(by: 0.8)
        #expect(list.presentedViewController == nil)
        #expect(list.items == ["Apples", "Bread", "Coffee", "Dates"])
        #expect(try screen.element(labelContaining: "Dates").frame.height > 0)

        try screen.buttons["Add"].tap()
        screen.advance(by: 0.8)
        try screen.buttons["Cancel"].tap()
        screen.advance(by: 0.8)
        #expect(list.presentedViewController == nil && list.items.count == 4)
    }

    @Test("Settings.storyboard: static sections with their titles; the switch's action and the subclass's selection run")
    func settings() throws {
        let initial = UIStoryboard(name: "Settings", bundle: nil).instantiateInitialViewController()
        let settings = try #require(initial as? SettingsViewController)
        show(UINavigationController(rootViewController: settings))
        let table = settings.tableView!
        #expect(table.numberOfSections == 2)
        #expect(settings.remindersSwitch != nil && settings.signOutCell != nil)
        UserDefaults.standard.removeObject(forKey: "reminders")
        settings.remindersSwitch.setOn(!settings.remindersSwitch.isOn, animated: false)
        settings.remindersSwitch.sendActions(for: .valueChanged)
        #expect(UserDefaults.standard.object(forKey: "reminders") as? Bool == settings.remindersSwitch.isOn)
        UserDefaults.standard.removeObject(forKey: "reminders")
    }

    @Test("Tabs.storyboard: a tab bar controller of two navigation controllers, tab items from the file")
    func tabs() throws {
        let tabs = try #require(UIStoryboard(name: "Tabs", bundle: nil).instantiateInitialViewController() as? UITabBarController)
        show(tabs)
        #expect(tabs.viewControllers?.count == 2)
        let home = try #require((tabs.viewControllers?.first as? UINavigationController)?.topViewController as? HomeViewController)
        #expect(home.welcomeLabel.text == "Welcome back")
        #expect(tabs.viewControllers?.compactMap { $0.tabBarItem.title }.count == 2)
        #expect(try screen.element(labelContaining: "Welcome back").frame.height > 0)
    }

    @Test("ProfileHeaderView.xib loads into its owner (outlets, an outlet collection, an action); ProfileCell.xib registers cells")
    func nibs() throws {
        let profile = ProfileViewController(style: .plain)
        show(UINavigationController(rootViewController: profile))
        #expect(profile.tableView.tableHeaderView === profile.headerView)
        #expect(profile.statLabels.count >= 2)
        let before = profile.followButton.title(for: .normal)
        profile.followButton.sendActions(for: .touchUpInside)
        #expect(profile.followButton.title(for: .normal) != before)
        let cell = try #require(profile.tableView.dequeueReusableCell(withIdentifier: "ProfileCell") as? ProfileCell)
        cell.configure(name: "Ada Lovelace", subtitle: "Analyst")
        #expect(cell.nameLabel.text == "Ada Lovelace" && cell.avatarView.tintColor == .systemGray)
    }

    @Test("Gallery.storyboard: prototype collection cells (a custom class with outlets, a plain one with a button), a custom segue on selection")
    func gallery() throws {
        let initial = UIStoryboard(name: "Gallery", bundle: nil).instantiateInitialViewController()
        let gallery = try #require(initial as? GalleryViewController)
        let navigation = UINavigationController(rootViewController: gallery)
        show(navigation)
        let cell = try #require(gallery.collectionView.cellForItem(at: IndexPath(item: 1, section: 0)) as? PhotoCell)
        #expect(cell.captionLabel.text == "Bread" && cell.photoView != nil)
        #expect(gallery.collectionView.cellForItem(at: IndexPath(item: 3, section: 0))?.reuseIdentifier == "AddCell")
        try screen.buttons["Add Photo"].tap()
        screen.advance(by: 0.1)
        #expect(gallery.photos.count == 4)
        try screen.element(labelContaining: "Coffee").tap()
        screen.advance(by: 0.1)
        let photo = try #require(navigation.topViewController as? PhotoViewController)
        let shown = try #require(photo.view.layer.presentation()?.opacity)
        #expect(shown > 0 && shown < 1, "FadeSegue's perform() runs: the view is fading in (\(shown))")
        screen.advance(by: 0.6)
        #expect(photo.view.alpha == 1 && photo.captionField.text == "Coffee")
    }

    @Test("Gallery.storyboard's section header is registered with the collection view, as UIKit registers it on load")
    func galleryHeader() throws {
        let gallery = try #require(UIStoryboard(name: "Gallery", bundle: nil).instantiateInitialViewController() as? GalleryViewController)
        show(gallery)
        var reports: [String] = []
        screen.onReport = { reports.append($0) }
        let header = gallery.collectionView.dequeueReusableSupplementaryView(
            ofKind: UICollectionView.elementKindSectionHeader, withReuseIdentifier: "Header", for: IndexPath(item: 0, section: 0))
        #expect(header.reuseIdentifier == "Header" && header.clipsToBounds)
        #expect(reports.isEmpty, "\(reports)")
    }

    @Test("Launched through its app delegate, the app shows Main.storyboard: tabula-port copied Info.plist's scene manifest into TabulaInterfaceBuilderFiles")
    func launchFromInfoPlist() throws {
        let launched = HeadlessScreen(device: .iPhone15)
        var reports: [String] = []
        launched.onReport = { reports.append($0) }
        launched.launch(AppDelegate())
        defer { launched.terminateApp() }
        // The manifest's delegate class ($(PRODUCT_MODULE_NAME).SceneDelegate) got the window
        // made from its storyboard, whose initial controller is the list.
        let sceneDelegate = try #require(launched.windowScene.delegate as? SceneDelegate)
        let window = try #require(sceneDelegate.window)
        #expect(launched.window === window)
        let navigation = try #require(window.rootViewController as? UINavigationController)
        #expect(navigation.topViewController is ListViewController)
        launched.advance(by: 0.1)
        #expect(try launched.element(labelContaining: "Coffee").frame.height > 0)
        #expect(reports.isEmpty, "\(reports)")
    }
}
