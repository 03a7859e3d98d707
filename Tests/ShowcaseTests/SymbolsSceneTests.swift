import Foundation
import Testing
@testable import Showcase
import Tabula

@Suite("Symbols scene")
@MainActor
struct SymbolsSceneTests {
    @Test("the grid lists every symbol Tabula draws, once each, each tile showing its symbol over its name")
    func everySymbolListed() throws {
        let scene = SymbolsScene()
        let screen = HeadlessScreen(size: SymbolsScene.size, scale: 1)
        let window = UIWindow(frame: .zero)
        window.rootViewController = Scenes.rootViewController(for: scene)
        screen.show(window)
        screen.advance(by: 0.1)
        let listed = SymbolsController.sections.flatMap(\.names)
        #expect(listed.count == UIImage.tabulaSymbolNames.count)
        #expect(Set(listed) == Set(UIImage.tabulaSymbolNames))
        #expect(listed.count >= 300)
        let table = scene.controller.tableView!
        var shown: [String] = []
        for section in 0 ..< table.numberOfSections {
            for row in 0 ..< table.numberOfRows(inSection: section) {
                let cell = try #require(scene.controller.tableView(table, cellForRowAt: IndexPath(row: row, section: section))
                    as? SymbolTilesCell)
                for tile in cell.tiles {
                    guard let name = tile.label.text else {
                        #expect(tile.image.image == nil, "an empty tile shows no symbol")
                        continue
                    }
                    shown.append(name)
                    #expect(tile.image.image?.isSymbolImage == true, "\(name) shows its symbol")
                }
            }
        }
        #expect(shown == listed, "the rows show the names in order, none twice, none left out")
    }

    @Test("picking Black in the bar redraws the symbols on screen at black")
    func weights() throws {
        let scene = SymbolsScene()
        let screen = HeadlessScreen(size: SymbolsScene.size, scale: 1)
        let window = UIWindow(frame: .zero)
        window.rootViewController = Scenes.rootViewController(for: scene)
        screen.show(window)
        screen.advance(by: 0.1)
        let weights = try #require(scene.controller.weights)
        let width = weights.bounds.width / CGFloat(weights.numberOfSegments)
        screen.tap(at: weights.convert(CGPoint(x: width * 3.5, y: weights.bounds.midY), to: nil))
        screen.advance(by: 0.4)
        let cells = scene.controller.tableView.visibleCells.compactMap { $0 as? SymbolTilesCell }
        #expect(!cells.isEmpty)
        for cell in cells {
            for tile in cell.tiles where tile.image.image != nil {
                #expect(tile.image.image?.symbolConfiguration?.description.contains("black") == true,
                        "\(tile.label.text ?? "")")
            }
        }
    }
}
