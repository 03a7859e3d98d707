import Foundation
import Testing
@testable import Showcase
import Tabula

@Suite("The headless gallery")
@MainActor
struct GalleryTests {
    /// How many of the filmstrip's frames differ from one another.
    private func distinctFrames(_ frames: [UIImage]) -> Int {
        Set(frames.compactMap { $0.cgImage?.pngData() }).count
    }

    /// Every scene's name (the arguments of a test are computed off the main actor).
    nonisolated static let sceneNames = ["home", "foundation", "rss", "plays", "control-row", "floating", "clouds", "pinch", "menu",
                             "appstore", "cards", "mail", "contacts", "settings", "row-animations", "contacts-store", "feed",
                             "refresh", "form", "pickers", "signup", "search", "symbols", "reading-list", "photos", "shelves", "list-settings", "storyboard"]

    @Test("the list of scenes tested is every scene")
    func everyScene() {
        #expect(Self.sceneNames == Scenes.all.map { $0.name })
    }

    @Test("every scene's filmstrip shows motion: its frames are not all alike", arguments: sceneNames)
    func filmstripsMove(_ name: String) throws {
        let type = try #require(Scenes.named(name))
        let frames = Gallery.film(type, fps: 4)
        let strip = Gallery.pick(8, of: frames)
        #expect(distinctFrames(strip) >= 4, "\(name): \(distinctFrames(strip)) different frames of \(strip.count)")
        // Every frame is the scene's size: nothing letterboxed onto a larger canvas.
        #expect(frames.allSatisfy { $0.size == type.size })
    }

    @Test("a frame of another shape (a rotation) is scaled to fit the scene's size, not letterboxed around it")
    func rotatedFramesFit() throws {
        let frames = Gallery.film(AppStoreScene.self, fps: 10)
        let size = AppStoreScene.size
        #expect(frames.allSatisfy { $0.size == size })
        // The landscape frames are there, shrunk to the width: bars above and below only.
        let letterboxed = frames.filter { frame in
            let bitmap = frame.cgImage!
            return bitmap.color(x: Int(size.width) / 2, y: 2).red < 0.2 && bitmap.color(x: Int(size.width) / 2, y: Int(size.height) / 2).red > 0.5
        }
        #expect(!letterboxed.isEmpty, "the rotation is in the film")
    }

    @Test("contacts-store's thumbnails arrive in the render, though they load on wall time")
    func thumbnailsArrive() throws {
        let scene = ContactsStoreScene()
        let screen = HeadlessScreen(size: ContactsStoreScene.size, scale: 1)
        Gallery.show(scene, on: screen)
        scene.settle(on: screen)
        let table = try #require(firstView(of: UITableView.self, in: scene.controller.view))
        let cells = table.visibleCells
        #expect(cells.count > 10)
        // The placeholder is a grey circle; a photo is coloured.
        let photos = cells.compactMap { $0.imageView?.image?.cgImage }.filter { bitmap in
            let c = bitmap.color(x: bitmap.width / 2, y: bitmap.height / 2 + 4)
            return abs(c.red - c.green) > 0.05 || abs(c.green - c.blue) > 0.05
        }
        #expect(photos.count == cells.count, "\(photos.count) of \(cells.count) rows show their photo")
    }
}
