import Foundation
import Testing
@testable import TabulaUIKit
@testable import TabulaTable
import TabulaTestSupport

// A scene whose table shows a cell kept in Interface Builder's scene dock (beside the
// controller, outside the view hierarchy) only when a row is tapped: a date picker row in
// an edit form is the common case. The view loader is written in the shape `tabula-port`
// generates for such a scene.

@MainActor
final class DockedRowController: UITableViewController {
    // Weak, as Interface Builder's outlets are by default: only the controller's hold on
    // its scene's top-level objects keeps the cell.
    weak var stepperCell: UITableViewCell!
    weak var stepper: UIStepper!
    var showsStepper = false
    var stepped: [Double] = []

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { showsStepper ? 2 : 1 }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        if indexPath.row == 1 { return stepperCell }
        let cell = UITableViewCell(style: .value1, reuseIdentifier: nil)
        cell.textLabel?.text = "Copies"
        return cell
    }

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        tableView.deselectRow(at: indexPath, animated: true)
        guard indexPath.row == 0, !showsStepper else { return }
        showsStepper = true
        tableView.insertRows(at: [IndexPath(row: 1, section: 0)], with: .fade)
    }

    func steppedTo(_ sender: UIStepper) { stepped.append(sender.value) }
}

@MainActor
@Suite("A storyboard scene's docked views")
struct SceneDockTests {
    let screen = HeadlessScreen(size: CGSize(width: 393, height: 852), scale: 1)

    func makeController() -> DockedRowController {
        let controller = DockedRowController(style: .insetGrouped)
        InterfaceBuilder.setViewLoader(of: controller) { [unowned controller] _ in
            let table = UITableView(frame: CGRect(x: 0, y: 0, width: 393, height: 852), style: .insetGrouped)
            controller.tableView = table
            let cell = UITableViewCell(style: .default, reuseIdentifier: nil)
            cell.selectionStyle = .none
            let stepper = UIStepper(frame: CGRect(x: 20, y: 6, width: 94, height: 32))
            stepper.maximumValue = 10
            cell.contentView.addSubview(stepper)
            stepper.addAction(UIAction { [unowned controller, unowned stepper] _ in controller.steppedTo(stepper) },
                              for: .valueChanged)
            controller.stepperCell = cell
            controller.stepper = stepper
            InterfaceBuilder.keepAlive([cell], by: controller)
            return table
        }
        return controller
    }

    @Test("a docked cell outlives its view loader though its outlet is weak, and shows when the row is tapped")
    func dockedCellShown() throws {
        let controller = makeController()
        let window = UIWindow(frame: .zero)
        window.rootViewController = UINavigationController(rootViewController: controller)
        screen.show(window)
        let cell = try #require(controller.stepperCell as UITableViewCell?)
        #expect(cell.superview == nil)
        #expect(controller.tableView.numberOfRows(inSection: 0) == 1)

        try screen.element(labelContaining: "Copies").tap()
        screen.advance(by: 0.5)
        #expect(controller.tableView.cellForRow(at: IndexPath(row: 1, section: 0)) === cell)
        #expect(cell.window === window)

        let stepper = try #require(controller.stepper as UIStepper?)
        let plus = stepper.convert(CGPoint(x: stepper.bounds.maxX - 12, y: stepper.bounds.midY), to: window)
        screen.tap(at: plus)
        screen.advance(by: 0.1)
        #expect(controller.stepped == [1])
    }

    @Test("keepAlive holds its objects as long as the controller, and no longer")
    func heldForControllersLife() {
        var controller: UIViewController? = UIViewController()
        weak var docked: UIView?
        do {
            let view = UIView()
            InterfaceBuilder.keepAlive([view], by: controller!)
            docked = view
        }
        #expect(docked != nil)
        controller = nil
        #expect(docked == nil)
    }
}
