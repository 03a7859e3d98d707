import Foundation
import Testing
@testable import Showcase
import Tabula

@Suite("The feed, mirrored right to left")
@MainActor
struct RightToLeftFeedTests {
    @Test("forcing the window right to left puts each post's avatar on the right and its text to the avatar's left")
    func feedMirrors() throws {
        let scene = FeedScene()
        let screen = HeadlessScreen(device: FeedScene.device(scale: 1))
        Gallery.show(scene, on: screen)
        let window = try #require(screen.window)
        window.semanticContentAttribute = .forceRightToLeft
        screen.advance(by: 0.5)
        let table = try #require(scene.controller.tableView)
        let cell = try #require(table.visibleCells.first as? FeedCell)
        let avatar = try #require(cell.contentView.subviews.first { $0.bounds.width == 44 })
        let column = try #require(cell.contentView.subviews.first { $0 is UIStackView })
        let width = cell.contentView.bounds.width
        #expect(avatar.frame.maxX == width - 16, "the avatar sits 16 points from the right edge")
        #expect(column.frame.maxX == avatar.frame.minX - 12, "the text column ends 12 points before the avatar")
        #expect(column.frame.minX == 16)
        // The buttons row (a horizontal stack) runs from the right: Like is rightmost.
        let buttons = try #require((column as? UIStackView)?.arrangedSubviews.last as? UIStackView)
        let titles = buttons.arrangedSubviews.compactMap { ($0 as? UIButton)?.title(for: .normal) }
        let byX = buttons.arrangedSubviews.sorted { $0.frame.minX > $1.frame.minX }.compactMap { ($0 as? UIButton)?.title(for: .normal) }
        #expect(byX == titles, "right to left, the first arranged subview is the rightmost")
        if let folder = ProcessInfo.processInfo.environment["TABULA_LOOK_DIR"], let data = screen.snapshot().pngData() {
            try? data.write(to: URL(fileURLWithPath: folder).appendingPathComponent("feed-rtl.png"))
        }
    }
}
