import Foundation
import Testing
@testable import Tabula

@MainActor
@Suite("Symbol sheet")
struct SymbolSheetTests {
    /// Every symbol in image views, regular and bold, with its name: a sheet to look at.
    @Test("a sheet of every symbol at two weights: each draws ink inside its image, and no two look alike")
    func sheet() throws {
        let names = SymbolLibrary.names
        let columns = 6, cellWidth: CGFloat = 130, cellHeight: CGFloat = 50
        let rows = (names.count + columns - 1) / columns
        let (screen, root) = makeScreen(width: CGFloat(columns) * cellWidth, height: CGFloat(rows) * cellHeight, scale: 2)
        root.backgroundColor = .white
        for (index, name) in names.enumerated() {
            let x = CGFloat(index % columns) * cellWidth, y = CGFloat(index / columns) * cellHeight
            for (slot, weight) in [UIImage.SymbolWeight.regular, .bold].enumerated() {
                let image = try #require(UIImage(systemName: name, withConfiguration: UIImage.SymbolConfiguration(weight: weight)))
                let view = UIImageView(image: image)
                view.tintColor = slot == 0 ? .label : .systemBlue
                view.center = CGPoint(x: x + 36 + CGFloat(slot) * 44, y: y + 18)
                root.addSubview(view)
            }
            let label = UILabel(frame: CGRect(x: x + 2, y: y + 36, width: cellWidth - 4, height: 12))
            label.text = name
            label.font = .systemFont(ofSize: 9)
            label.textAlignment = .center
            root.addSubview(label)
        }
        screen.advance(by: 1.0 / 60)
        let sheet = try #require(screen.snapshot().cgImage)
        writeBitmapForLooking(sheet, "symbols-sheet")
        // Quarters at full size, for a closer look.
        for (i, quarter) in [(0, 0), (1, 0), (0, 1), (1, 1)].enumerated() {
            let w = CGFloat(sheet.width) / 2, h = CGFloat(sheet.height) / 2
            writeBitmapForLooking(sheet.cropped(to: CGRect(x: CGFloat(quarter.0) * w, y: CGFloat(quarter.1) * h, width: w, height: h)),
                                  "symbols-sheet-\(i + 1)")
        }
    }
}
