import Foundation
import Testing
@testable import Showcase
import Tabula
import TabulaTestSupport

@Suite("Photos scene")
@MainActor
struct PhotoGridSceneTests {
    private func show(dark: Bool = false) throws -> (PhotoGridScene, HeadlessScreen, UICollectionView) {
        let scene = PhotoGridScene()
        let screen = HeadlessScreen(device: PhotoGridScene.device(scale: 2))
        screen.userInterfaceStyle = dark ? .dark : .light
        Gallery.show(scene, on: screen)
        screen.advance(by: 0.5)
        return (scene, screen, try #require(scene.controller.grid))
    }

    @Test("tapping photos selects them, Delete takes them away animated, Add puts three at the top")
    func selectDeleteAdd() throws {
        let (scene, screen, grid) = try show()
        let today = { grid.numberOfItems(inSection: 0) }
        #expect(today() == 8)
        for item in [1, 4] {
            let cell = try #require(grid.cellForItem(at: IndexPath(item: item, section: 0)))
            screen.tap(at: cell.convert(CGPoint(x: cell.bounds.midX, y: cell.bounds.midY), to: nil))
            screen.advance(by: 0.3)
        }
        #expect(grid.indexPathsForSelectedItems == [IndexPath(item: 1, section: 0), IndexPath(item: 4, section: 0)])
        writeForLooking(screen.snapshot(), "photos-selected")
        let delete = try #require(centerOfLabel("Delete", in: grid.window!))
        screen.tap(at: delete)
        screen.advance(by: 0.1)
        writeForLooking(screen.snapshot(), "photos-deleting")
        screen.advance(by: 0.5)
        #expect(today() == 6 && grid.indexPathsForSelectedItems == nil)
        scene.controller.addPhotos()
        screen.advance(by: 0.6)
        #expect(today() == 9)
        #expect(grid.visibleCells.allSatisfy { $0.alpha == 1 && $0.superview === grid })
    }

    @Test("a long press on a photo shows its menu; Delete Photo deletes that photo only; the photo is not selected")
    func contextMenuDelete() throws {
        let (_, screen, grid) = try show()
        let cell = try #require(grid.cellForItem(at: IndexPath(item: 2, section: 0)))
        screen.longPress(at: cell.convert(CGPoint(x: cell.bounds.midX, y: cell.bounds.midY), to: nil), duration: 1)
        screen.advance(by: 0.5)
        #expect(grid.indexPathsForSelectedItems == nil)
        writeForLooking(screen.snapshot(), "photos-context-menu")
        try screen.buttons["Delete Photo"].tap()
        screen.advance(by: 0.8)
        #expect(grid.numberOfItems(inSection: 0) == 7)
        #expect((try? screen.buttons["Delete Photo"]) == nil, "the menu is gone")
    }

    @Test("the grid in dark mode: dark background and headers, the photos unchanged")
    func darkMode() throws {
        let (_, light, _) = try show()
        let (_, dark, grid) = try show(dark: true)
        let header = try #require(grid.supplementaryView(forElementKind: UICollectionView.elementKindSectionHeader,
                                                         at: IndexPath(item: 0, section: 0)))
        let point = header.convert(CGPoint(x: header.bounds.midX, y: 4), to: nil)
        let lightPixel = light.snapshot().cgImage!.color(x: Int(point.x * 2), y: Int(point.y * 2))
        let darkPixel = dark.snapshot().cgImage!.color(x: Int(point.x * 2), y: Int(point.y * 2))
        #expect(lightPixel.red > 0.9 && darkPixel.red < 0.15, "\(lightPixel) \(darkPixel)")
        writeForLooking(light.snapshot(), "photos-light")
        writeForLooking(dark.snapshot(), "photos-dark")
    }

    @Test("switching to dark mode reaches headers on screen and those that come back from the pool")
    func darkModeReachesPooledHeaders() throws {
        let (_, screen, grid) = try show()
        grid.contentOffset.y = 700
        screen.advance(by: 0.1)
        screen.userInterfaceStyle = .dark
        screen.advance(by: 0.1)
        grid.contentOffset.y = 0
        screen.advance(by: 0.1)
        let header = try #require(grid.supplementaryView(forElementKind: UICollectionView.elementKindSectionHeader,
                                                         at: IndexPath(item: 0, section: 0)))
        let point = header.convert(CGPoint(x: header.bounds.midX, y: 4), to: nil)
        let pixel = screen.snapshot().cgImage!.color(x: Int(point.x * 2), y: Int(point.y * 2))
        #expect(pixel.red < 0.15, "\(pixel)")
    }
}
