import Foundation
import Testing
import Swift5Client
@testable import TabulaUIKit
@testable import TabulaTable

@Suite("A Swift 5 client, built without concurrency annotations")
@MainActor
struct Swift5ClientTests {
    @Test("its nonisolated helpers and data source fill a real table on a screen")
    func fillsATable() {
        let screen = HeadlessScreen(size: CGSize(width: 320, height: 480))
        let controller = ContactsViewController(style: .plain)
        let window = UIWindow(frame: .zero)
        window.rootViewController = UINavigationController(rootViewController: controller)
        screen.show(window)
        screen.advance(by: 0.1)
        let titles = controller.tableView.visibleCells.compactMap { ($0.contentConfiguration as? UIListContentConfiguration)?.text }
        #expect(titles == ["Ada", "Grace", "Katherine"])
        #expect((controller.navigationItem.titleView as? UILabel)?.text == "Contacts")
    }

    @Test("its nonisolated Core Animation, drawing and measuring helpers work as on iOS")
    func animationAndDrawing() throws {
        let layer = CALayer()
        layer.add(Shimmer.pulse(duration: 0.8), forKey: "pulse")
        #expect(layer.animation(forKey: "pulse")?.duration == 0.8)
        let outline = Shimmer.outline(CGRect(x: 0, y: 0, width: 60, height: 30))
        #expect(outline.frame.size == CGSize(width: 60, height: 30) && outline.path != nil)
        #expect(outline.animationKeys() == ["pulse"])
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        let image = UIGraphicsImageRenderer(size: CGSize(width: 40, height: 40), format: format).image { _ in
            Shimmer.strokeBorder(CGRect(x: 4, y: 4, width: 32, height: 32), color: .red)
        }
        #expect(try #require(image.cgImage).color(x: 20, y: 4).red > 0.5, "the border's top edge")
        let one = Shimmer.height(of: "Ada", width: 200, font: .systemFont(ofSize: 17))
        let several = Shimmer.height(of: String(repeating: "Katherine Johnson ", count: 10), width: 200,
                                     font: .systemFont(ofSize: 17))
        #expect(one > 0 && several > 3 * one)
    }
}
