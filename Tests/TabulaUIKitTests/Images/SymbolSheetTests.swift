import Foundation
import Testing
@testable import TabulaUIKit
import TabulaUIKitTestSupport

@MainActor
@Suite("Symbol sheet")
struct SymbolSheetTests {
    /// Every symbol in image views, regular and bold, with its name: a sheet to look at.
    @Test("a sheet of every symbol at two weights, each in its image view's tint")
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
        for view in root.subviews.compactMap({ $0 as? UIImageView }) {
            let contents = try #require(view.layer.contents)
            #expect(isClose(try #require(solidInkColor(contents)), view.tintColor.cgColor))
        }
        let sheet = try #require(screen.snapshot().cgImage)
        writeBitmapForLooking(sheet, "symbols-sheet")
        // Quarters at full size, for a closer look.
        for (i, quarter) in [(0, 0), (1, 0), (0, 1), (1, 1)].enumerated() {
            let w = CGFloat(sheet.width) / 2, h = CGFloat(sheet.height) / 2
            writeBitmapForLooking(sheet.cropped(to: CGRect(x: CGFloat(quarter.0) * w, y: CGFloat(quarter.1) * h, width: w, height: h)),
                                  "symbols-sheet-\(i + 1)")
        }
    }

    @Test("no symbol is cut off by its image: drawn with room around it, it has the same ink", arguments: [
        UIImage.SymbolWeight.ultraLight, .regular, .black,
    ])
    func nothingClipped(_ weight: UIImage.SymbolWeight) throws {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 3
        for name in SymbolLibrary.names {
            let configuration = UIImage.SymbolConfiguration(weight: weight).withTraitCollection(UITraitCollection(displayScale: 3))
            let image = try #require(UIImage(systemName: name, withConfiguration: configuration))
            let inImage = inkCount(try #require(image.cgImage), threshold: 1)
            let size = image.size
            let roomy = UIGraphicsImageRenderer(size: CGSize(width: size.width + 20, height: size.height + 20), format: format).image { _ in
                image.draw(in: CGRect(x: 10, y: 10, width: size.width, height: size.height))
            }
            let withRoom = inkCount(try #require(roomy.cgImage), threshold: 1)
            #expect(withRoom <= inImage, "\(name) at \(weight): \(withRoom) pixels with room, \(inImage) in its image")
        }
    }
}
