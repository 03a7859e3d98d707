import Foundation
import Testing
@testable import Showcase
@testable import TabulaUIKit
@testable import TabulaTable
import TabulaTestSupport

/// The RSS reader's disclosure chevron turns a quarter turn, the short way, in every frame,
/// for the header tapped and for the one that closes because of it.
@Suite("RSS reader: the header's disclosure chevron")
@MainActor
struct RSSHeaderTests {
    /// The chevron's presented rotation angle, in degrees.
    static func angle(of header: FeedHeaderView) -> Double {
        let chevron = header.contentView.subviews.compactMap { $0 as? UIImageView }.first!
        let t = (chevron.layer.presentation() ?? chevron.layer).transform.affineTransform
        return atan2(Double(t.b), Double(t.a)) * 180 / .pi
    }

    @Test("tapping headers turns each changed chevron one way only, within a quarter turn, ending at 0° or 90°")
    func chevronTurnsAQuarter() throws {
        let scene = RSSReaderScene()
        let screen = HeadlessScreen(device: RSSReaderScene.device(scale: 1))
        Gallery.show(scene, on: screen)
        scene.settle(on: screen)
        let controller = scene.controller
        let table = try #require(controller.tableView)
        // Open 0; open 2 (0 closes); close 2; open 1; open 0 (1 closes, below it).
        var open: Int?
        for target in [0, 2, 2, 1, 0] {
            let before = open
            open = before == target ? nil : target
            let rect = table.convert(table.rectForHeader(inSection: target), to: nil)
            screen.tap(at: CGPoint(x: rect.midX + 60, y: rect.midY))
            var angles: [Int: [Double]] = [:]
            var pictures: [UIImage] = []
            let looking = ProcessInfo.processInfo.environment["TABULA_LOOK_DIR"] != nil
            for _ in 0 ..< 24 {
                screen.advance(by: 1.0 / 60)
                if looking { pictures.append(screen.snapshot()) }
                for section in Set([before, open].compactMap { $0 }) {
                    guard let header = table.headerView(forSection: section) as? FeedHeaderView else { continue }
                    angles[section, default: []].append(Self.angle(of: header))
                }
            }
            if looking { writeForLooking(HeadlessScreen.filmstrip(pictures, columns: 12), "rss-chevron-\(target)") }
            #expect(angles.count == Set([before, open].compactMap { $0 }).count && angles.values.allSatisfy { $0.count == 24 },
                    "every changed header is on screen in every frame: \(angles.mapValues(\.count))")
            for (section, list) in angles {
                let opening = section == open
                let shown = list.map { Int($0.rounded()) }
                #expect(list == (opening ? list.sorted() : list.sorted(by: >)), "tap \(target), header \(section): \(shown)")
                #expect(list.allSatisfy { $0 >= -0.5 && $0 <= 90.5 }, "tap \(target), header \(section): \(shown)")
                #expect(abs(list.last! - (opening ? 90 : 0)) < 0.5, "tap \(target), header \(section): \(shown)")
            }
        }
    }
}

/// Writes `image` as NAME.png into TABULA_LOOK_DIR, when it is set.
func writeForLooking(_ image: UIImage, _ name: String) {
    guard let folder = ProcessInfo.processInfo.environment["TABULA_LOOK_DIR"], let data = image.pngData() else { return }
    try? data.write(to: URL(fileURLWithPath: folder).appendingPathComponent(name + ".png"))
}
