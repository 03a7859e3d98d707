import Foundation
import SnapshotTesting
import Tabula
import TabulaSnapshotTesting
import Testing
@testable import PortedPlays

/// The ported controller as an iOS team's snapshot suite would test it: the same
/// `assertSnapshot` calls, against the PNGs in `__Snapshots__`, in light and dark.
@MainActor
@Suite("The ported plays controller, snapshots")
struct PortedPlaysSnapshotTests {
    /// An iPhone 13's screen at 1x (small reference images), with its safe area and bars.
    func config(_ style: UIUserInterfaceStyle) -> Snapshotting<UIViewController, UIImage> {
        .image(on: .iPhone13, perceptualPrecision: 0.98,
               traits: UITraitCollection(traitsFrom: [
                   UITraitCollection(displayScale: 1), UITraitCollection(userInterfaceStyle: style),
               ]))
    }

    @Test("the plays list in a navigation controller, light and dark")
    func playsList() {
        let plays = UINavigationController(rootViewController: PlaysViewController(style: .plain))
        assertSnapshot(of: plays, as: config(.light), named: "light")
        assertSnapshot(of: plays, as: config(.dark), named: "dark")
    }
}
