import Foundation
import Testing
@testable import TabulaUIKit
@testable import TabulaTable
import TabulaTestSupport

/// Every view of type `T` under `view`, depth first.
@MainActor
func allViews<T: UIView>(of type: T.Type, in view: UIView) -> [T] {
    (view as? T).map { [$0] } ?? [] + view.subviews.flatMap { allViews(of: type, in: $0) }
}

@MainActor
@Suite("Symbols in cells, bars, buttons and swipe actions")
struct SymbolsInViewsTests {
    static let symbolRows: [(String, String)] = [
        ("star.fill", "Favourites"), ("heart", "Liked"), ("trash", "Recently Deleted"), ("gear", "Settings"),
        ("person.circle", "Account"), ("bell", "Notifications"), ("envelope", "Mail"), ("folder", "Files"),
        ("calendar", "Calendar"), ("chevron.right", "Next"), ("wifi", "Wi-Fi"), ("airplane", "Airplane Mode"),
    ]

    @Test("a default-style cell shows a symbol in the tint colour, centred in a 29-point column; the text lines up after it")
    func cellImage() throws {
        let source = TestTableSource(counts: [Self.symbolRows.count])
        source.configure = { cell, indexPath in
            let (symbol, title) = Self.symbolRows[indexPath.row]
            cell.imageView?.image = UIImage(systemName: symbol)
            cell.textLabel?.text = title
            cell.accessoryType = .disclosureIndicator
            if indexPath.row == 1 { cell.tintColor = .systemPink }
        }
        let table = UITableView(frame: .zero, style: .insetGrouped)
        table.dataSource = source
        table.delegate = source
        let screen = showTable(table, scale: 2)
        writeForLooking(screen.snapshot(), "symbols-table")
        let cells = table.visibleCells
        #expect(cells.count >= Self.symbolRows.count)
        var textStarts: Set<CGFloat> = []
        for cell in cells {
            let imageView = try #require(cell.imageView)
            let image = try #require(imageView.image)
            #expect(imageView.frame.size == image.size)
            #expect(abs(imageView.frame.midX - (16 + 14.5)) <= 0.5, "centred in the column: \(imageView.frame)")
            textStarts.insert(try #require(cell.textLabel).frame.minX)
        }
        #expect(textStarts.count == 1 && abs(textStarts.first! - (16 + 29 + 15)) < 0.01,
                "every row's text starts at the same place: \(textStarts.map { String(format: "%.4f", Double($0)) })")
        // The star of the first row is painted in the table's tint; the second row's heart in the cell's.
        let frame = try #require(screen.snapshot().cgImage)
        func ink(in view: UIView) -> Color? {
            let rect = view.convert(view.bounds, to: nil)
            let crop = frame.cropped(to: CGRect(x: rect.minX * 2, y: rect.minY * 2, width: rect.width * 2, height: rect.height * 2))
            var best: Color?
            var bestSaturation = 0.0
            for y in 0 ..< crop.height {
                for x in 0 ..< crop.width {
                    let c = crop.color(x: x, y: y)
                    let saturation = max(c.red, c.green, c.blue) - min(c.red, c.green, c.blue)
                    if saturation > bestSaturation { (best, bestSaturation) = (c, saturation) }
                }
            }
            return best
        }
        let star = try #require(cells[0].imageView), heart = try #require(cells[1].imageView)
        #expect(isClose(try #require(ink(in: star)), UIColor.systemBlue.cgColor))
        #expect(isClose(try #require(ink(in: heart)), UIColor.systemPink.cgColor))
        // A row with a symbol is as tall as one without: the symbol fits in 44 points.
        #expect(cells[0].bounds.height == 44 || table.rowHeight == UITableView.automaticDimension)
    }

    @Test("a bar button item with a symbol image draws it in the bar's tint, at the bar's size")
    func barItemImage() throws {
        let controller = UIViewController()
        controller.navigationItem.rightBarButtonItem = UIBarButtonItem(image: UIImage(systemName: "gearshape"))
        controller.navigationItem.leftBarButtonItem = UIBarButtonItem(systemItem: .add)
        let nav = UINavigationController(rootViewController: controller)
        let screen = HeadlessScreen(size: CGSize(width: 393, height: 200), scale: 2)
        let window = UIWindow(frame: .zero)
        window.rootViewController = nav
        screen.show(window)
        screen.advance(by: 0.1)
        writeForLooking(screen.snapshot(), "symbols-bar")
        let buttons = allViews(of: BarButtonView.self, in: nav.navigationBar)
        let gear = try #require(buttons.first { $0.image != nil })
        #expect(gear.label.isHidden)
        #expect(gear.image?.size == UIImage(systemName: "gearshape")?.size, "17 points, medium: the same as a system item's symbol")
        let frame = try #require(screen.snapshot().cgImage)
        let rect = gear.convert(gear.bounds, to: nil)
        var tinted = 0
        for y in Int(rect.minY * 2) ..< Int(rect.maxY * 2) {
            for x in Int(rect.minX * 2) ..< Int(rect.maxX * 2) where isClose(frame.color(x: x, y: y), UIColor.systemBlue.cgColor, tolerance: 0.05) {
                tinted += 1
            }
        }
        #expect(tinted > 60, "the gear is drawn in the tint: \(tinted) pixels")
        #expect(buttons.contains { $0.symbol == "plus" }, "the system item still draws its symbol")
    }

    @Test("a button with a symbol image shows it in its tint, sized to its title's font; grey when a system button is disabled")
    func buttonImage() throws {
        let (screen, root) = makeScreen(width: 200, height: 60, scale: 2)
        let button = UIButton(type: .system)
        button.setImage(UIImage(systemName: "star.fill"), for: .normal)
        button.setTitle("Favourite", for: .normal)
        button.tintColor = .systemOrange
        button.sizeToFit()
        button.frame.origin = CGPoint(x: 10, y: 10)
        root.addSubview(button)
        screen.advance(by: 1.0 / 60)
        writeForLooking(screen.snapshot(), "symbols-button")
        let imageView = try #require(button.imageView)
        let expected = try #require(UIImage(systemName: "star.fill", withConfiguration: UIImage.SymbolConfiguration(pointSize: 15)))
        #expect(imageView.intrinsicContentSize == expected.size, "the 15-point title font sizes the symbol")
        let contents = try #require(imageView.layer.contents)
        #expect(isClose(try #require(solidInkColor(contents)), UIColor.systemOrange.cgColor))
        button.isEnabled = false
        screen.advance(by: 1.0 / 60)
        let disabled = try #require(imageView.layer.contents)
        #expect(isClose(try #require(solidInkColor(disabled)), UIColor.systemGray.cgColor))
        button.setPreferredSymbolConfiguration(UIImage.SymbolConfiguration(pointSize: 30), forImageIn: .normal)
        #expect(imageView.intrinsicContentSize.width > expected.size.width * 1.8)
        #expect(button.preferredSymbolConfigurationForImage(in: .disabled) == UIImage.SymbolConfiguration(pointSize: 30),
                "a state without its own falls back to .normal's")
    }

    @Test("a filled configured button paints its symbol white, like its title")
    func configuredButton() throws {
        var configuration = UIButton.Configuration.filled()
        configuration.title = "Share"
        configuration.image = UIImage(systemName: "square.and.arrow.up")
        let button = UIButton(configuration: configuration)
        let (screen, root) = makeScreen(width: 200, height: 80, scale: 2)
        button.frame = CGRect(x: 10, y: 10, width: 160, height: 50)
        root.addSubview(button)
        screen.advance(by: 1.0 / 60)
        let contents = try #require(button.imageView?.layer.contents)
        #expect(isClose(try #require(solidInkColor(contents)), .white))
        #expect(button.imageView?.intrinsicContentSize == UIImage(systemName: "square.and.arrow.up")?.size,
                "the 17-point title font of a medium button")
    }

    @Test("a swipe action shows its image in white; the title goes under it only on a row 91 points tall or more")
    func swipeActionImage() throws {
        let action = UIContextualAction(style: .destructive, title: "Delete") { _, _, done in done(true) }
        action.image = UIImage(systemName: "trash")
        let button = SwipeActionButton(action: action)
        button.frame = CGRect(x: 0, y: 0, width: button.fittingWidth, height: 44)
        button.layoutIfNeeded()
        #expect(button.label.isHidden, "a 44-point row shows the image alone")
        #expect(abs(button.imageView.frame.midY - 22) <= 0.5)
        let white = try #require(button.imageView.layer.contents)
        #expect(isClose(try #require(solidInkColor(white)), .white))
        button.frame.size.height = 100
        button.layoutIfNeeded()
        #expect(!button.label.isHidden)
        #expect(button.label.frame.minY > button.imageView.frame.maxY, "the title under the image")
        let plain = SwipeActionButton(action: UIContextualAction(style: .normal, title: "Flag") { _, _, _ in })
        plain.frame = CGRect(x: 0, y: 0, width: 74, height: 44)
        plain.layoutIfNeeded()
        #expect(!plain.label.isHidden && plain.imageView.isHidden)
    }

    @Test("the info, add-contact and close buttons still draw their circled symbols")
    func systemButtons() throws {
        let (screen, root) = makeScreen(width: 160, height: 60, scale: 2)
        let buttons = [UIButton(type: .detailDisclosure), UIButton(type: .contactAdd), UIButton(type: .close)]
        for (i, button) in buttons.enumerated() {
            button.frame.origin = CGPoint(x: 8 + CGFloat(i) * 50, y: 8)
            root.addSubview(button)
        }
        screen.advance(by: 1.0 / 60)
        let frame = try #require(screen.snapshot().cgImage)
        writeForLooking(screen.snapshot(), "symbols-system-buttons")
        for button in buttons {
            let rect = button.frame
            let crop = frame.cropped(to: CGRect(x: rect.minX * 2, y: rect.minY * 2, width: rect.width * 2, height: rect.height * 2))
            var dark = 0
            for y in 0 ..< crop.height { for x in 0 ..< crop.width where crop.color(x: x, y: y).red < 0.95 { dark += 1 } }
            #expect(dark > 150, "\(button.buttonType): \(dark)")
        }
    }
}
