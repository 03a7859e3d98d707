import Foundation
import Testing
@testable import TabulaUIKit
import TabulaUIKitTestSupport

@MainActor
@Suite("UITraitCollection.userInterfaceIdiom")
struct TraitIdiomTests {
    @Test("a view's traits carry its screen's device idiom: a phone's or a tablet's; traits merge and compare with it")
    func idiomFromScreen() {
        for (device, idiom) in [(DeviceProfile.iPhone15, UIUserInterfaceIdiom.phone), (.iPadPro11, .pad)] {
            let screen = HeadlessScreen(device: device)
            let window = UIWindow(frame: .zero)
            let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
            window.addSubview(view)
            screen.show(window)
            #expect(view.traitCollection.userInterfaceIdiom == idiom)
        }
        let merged = UITraitCollection(traitsFrom: [UITraitCollection(userInterfaceIdiom: .pad), UITraitCollection(displayScale: 2)])
        #expect(merged.userInterfaceIdiom == .pad && merged.displayScale == 2)
        #expect(merged.containsTraits(in: UITraitCollection(userInterfaceIdiom: .pad)))
        #expect(!merged.containsTraits(in: UITraitCollection(userInterfaceIdiom: .phone)))
        #expect(merged != UITraitCollection(displayScale: 2))
        #expect(UITraitCollection().userInterfaceIdiom == .unspecified)
    }
}
