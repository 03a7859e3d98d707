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
}
