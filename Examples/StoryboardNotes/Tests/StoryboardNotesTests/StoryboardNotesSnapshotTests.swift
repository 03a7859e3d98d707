import Foundation
import SnapshotTesting
import Tabula
import TabulaSnapshotTesting
import Testing
@testable import StoryboardNotes

/// The storyboard scenes as an iOS team's snapshot suite would test them, against the PNGs
/// in `__Snapshots__`, in light and dark.
@MainActor
@Suite("The storyboard app, snapshots")
struct StoryboardNotesSnapshotTests {
    init() { TabulaInterfaceBuilderFiles.register() }

    func config(_ style: UIUserInterfaceStyle) -> Snapshotting<UIViewController, UIImage> {
        .image(on: .iPhone13, perceptualPrecision: 0.98,
               traits: UITraitCollection(traitsFrom: [
                   UITraitCollection(displayScale: 1), UITraitCollection(userInterfaceStyle: style),
               ]))
    }

    @Test("Main.storyboard's list, light and dark")
    func list() throws {
        let main = try #require(UIStoryboard(name: "Main", bundle: nil).instantiateInitialViewController())
        assertSnapshot(of: main, as: config(.light), named: "light")
        assertSnapshot(of: main, as: config(.dark), named: "dark")
    }

    @Test("the detail scene, with its Auto Layout and custom label class, light and dark")
    func detail() throws {
        let detail: DetailViewController = UIStoryboard(name: "Main", bundle: nil).instantiateViewController(identifier: "Detail")
        detail.item = "Bread"
        let navigation = UINavigationController(rootViewController: detail)
        assertSnapshot(of: navigation, as: config(.light), named: "light")
        assertSnapshot(of: navigation, as: config(.dark), named: "dark")
    }

    @Test("Settings.storyboard's static cells, light and dark")
    func settings() throws {
        let settings = try #require(UIStoryboard(name: "Settings", bundle: nil).instantiateInitialViewController())
        assertSnapshot(of: settings, as: config(.light), named: "light")
        assertSnapshot(of: settings, as: config(.dark), named: "dark")
    }

    @Test("Tabs.storyboard's tab bar controller, light and dark")
    func tabs() throws {
        let tabs = try #require(UIStoryboard(name: "Tabs", bundle: nil).instantiateInitialViewController())
        assertSnapshot(of: tabs, as: config(.light), named: "light")
        assertSnapshot(of: tabs, as: config(.dark), named: "dark")
    }
}
