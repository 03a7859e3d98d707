import Foundation
import Testing
@testable import TabulaUIKit
import TabulaUIKitTestSupport

@MainActor
@Suite("What a presented screen hides from VoiceOver")
struct SheetAccessibilityTests {
    /// A screen with a "Cancel" button at `y`.
    private func screen(withCancelAt y: CGFloat, tapped: @escaping () -> Void) -> UIViewController {
        let controller = UIViewController()
        let button = UIButton(type: .system)
        button.setTitle("Cancel", for: .normal)
        button.frame = CGRect(x: 20, y: y, width: 120, height: 44)
        button.addAction(UIAction { _ in tapped() }, for: .touchUpInside)
        controller.view.addSubview(button)
        return controller
    }

    @Test("a sheet and a full-screen cover hide the screen behind: a label finds the presented screen's button", arguments: [
        UIModalPresentationStyle.pageSheet, .overFullScreen,
    ])
    func presentedHidesBehind(style: UIModalPresentationStyle) throws {
        let screen = HeadlessScreen(device: .iPhone15)
        var behindTapped = 0, sheetTapped = 0
        let root = self.screen(withCancelAt: 120) { behindTapped += 1 }
        let window = UIWindow(frame: .zero)
        window.rootViewController = root
        screen.show(window)
        let sheet = self.screen(withCancelAt: 300) { sheetTapped += 1 }
        sheet.modalPresentationStyle = style
        root.present(sheet, animated: false)
        screen.advance(by: 0.2)
        let cancels = screen.elements(labelled: "Cancel")
        #expect(cancels.count == 1, "only the presented screen's Cancel: \(cancels.map(\.frame))")
        let cancel = try screen.element(labelled: "Cancel")
        screen.tap(at: CGPoint(x: cancel.frame.midX, y: cancel.frame.midY))
        screen.advance(by: 0.1)
        #expect(sheetTapped == 1 && behindTapped == 0)

        sheet.dismiss(animated: false)
        screen.advance(by: 0.2)
        #expect(screen.elements(labelled: "Cancel").count == 1, "dismissed, the screen behind reads again")
    }
}
