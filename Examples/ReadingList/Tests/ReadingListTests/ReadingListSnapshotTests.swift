import Foundation
import SnapshotTesting
import Tabula
import TabulaSnapshotTesting
import Testing
@testable import ReadingList

/// The example app's screens against the PNGs in `__Snapshots__`, with the calls an iOS
/// snapshot suite makes: the same test file runs on iOS with UIKit.
@MainActor
@Suite("Reading list, snapshots")
struct ReadingListSnapshotTests {
    /// An iPhone 13's screen at 1x (small reference images), with its safe area and bars.
    func config(_ style: UIUserInterfaceStyle) -> Snapshotting<UIViewController, UIImage> {
        .image(on: .iPhone13, perceptualPrecision: 0.98,
               traits: UITraitCollection(traitsFrom: [
                   UITraitCollection(displayScale: 1), UITraitCollection(userInterfaceStyle: style),
               ]))
    }

    @Test("the list of books under a large title, light and dark")
    func bookList() throws {
        let list = UINavigationController(rootViewController: BooksViewController(library: try Library.sample()))
        assertSnapshot(of: list, as: config(.light), named: "light")
        assertSnapshot(of: list, as: config(.dark), named: "dark")
    }
}
