import Testing
@testable import TabulaPortKit

@Suite("registerForTraitChanges with selectors")
struct TraitChangeTests {
    @Test("the action form calls the method on the trait environment; the target form captures the target weakly; arguments follow the method")
    func selectorFormsBecomeHandlers() throws {
        let result = try ported("""
            class ThemedController: UIViewController {
                let badge = UILabel()
                override func viewDidLoad() {
                    registerForTraitChanges([UITraitUserInterfaceStyle.self], action: #selector(updateColors))
                    registerForTraitChanges(traits, target: self, action: #selector(sizeChanged(_:previousTraitCollection:)))
                    badge.registerForTraitChanges([UITraitHorizontalSizeClass.self], target: model, action: #selector(Model.refresh))
                }
                @objc func updateColors() {}
                @objc func sizeChanged(_ environment: UITraitEnvironment, previousTraitCollection: UITraitCollection) {}
            }
            class Model { @objc func refresh() {} }
            """)
        let handler = "(traitEnvironment: Self, previousTraitCollection: UITraitCollection) in"
        #expect(result.source.contains(
            "registerForTraitChanges([UITraitUserInterfaceStyle.self]) { \(handler) traitEnvironment.updateColors() }"))
        #expect(result.source.contains("registerForTraitChanges(traits) { [weak self] \(handler) "
            + "self?.sizeChanged(traitEnvironment, previousTraitCollection: previousTraitCollection) }"))
        #expect(result.source.contains("badge.registerForTraitChanges([UITraitHorizontalSizeClass.self]) { [weak model] "
            + "(traitEnvironment: UILabel, previousTraitCollection: UITraitCollection) in model?.refresh() }"))
        #expect(!result.source.contains("#selector") && result.manualItems.isEmpty)
    }

    @Test("a receiver whose type the file does not declare is left for a person, with the reason")
    func unknownReceiver() throws {
        let result = try ported("""
            class C: UIViewController {
                func setUp() { someView().registerForTraitChanges([UITraitUserInterfaceStyle.self], action: #selector(C.go)) }
                @objc func go() {}
            }
            """)
        #expect(result.source.contains("#selector(C.go)"))
        #expect(result.manualItems.first?.message.contains("whose type is not declared in this file") == true)
    }
}
