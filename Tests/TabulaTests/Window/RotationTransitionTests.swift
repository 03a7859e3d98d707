import Foundation
import Testing
import Tabula
@testable import TabulaUIKit
import TabulaTestSupport

/// Notes what it hears of size and trait transitions, and what `transitionCoordinator`
/// is meanwhile.
private final class SizeListener: UIViewController {
    var sizes: [CGSize] = []
    var newTraits: [UITraitCollection] = []
    var hadCoordinator: [Bool] = []
    var alongside = 0
    var completions = 0

    override func viewWillTransition(to size: CGSize, with coordinator: any UIViewControllerTransitionCoordinator) {
        super.viewWillTransition(to: size, with: coordinator)
        sizes.append(size)
        hadCoordinator.append(transitionCoordinator != nil)
        coordinator.animate(alongsideTransition: { _ in self.alongside += 1 }, completion: { _ in self.completions += 1 })
    }

    override func willTransition(to newCollection: UITraitCollection, with coordinator: any UIViewControllerTransitionCoordinator) {
        super.willTransition(to: newCollection, with: coordinator)
        newTraits.append(newCollection)
    }
}

/// A container that gives its only child the left half of its view.
private final class HalfContainer: UIViewController {
    var childSizeChanges = 0
    override func size(forChildContentContainer container: any UIContentContainer,
                       withParentContainerSize parentSize: CGSize) -> CGSize {
        CGSize(width: parentSize.width / 2, height: parentSize.height)
    }
    override func preferredContentSizeDidChange(forChildContentContainer container: any UIContentContainer) {
        childSizeChanges += 1
    }
}

@MainActor
@Suite("A turn of the screen reaches every view controller on it, with a coordinator")
struct RotationTransitionTests {
    private func show(_ root: UIViewController) -> HeadlessScreen {
        let screen = HeadlessScreen(device: .iPhone15)
        let window = UIWindow(frame: .zero)
        window.rootViewController = root
        screen.show(window)
        screen.advance(by: 0.05)
        return screen
    }

    @Test("a screen inside a navigation controller hears the new size; its transitionCoordinator is there until the turn ends")
    func childOfNavigationController() {
        let listener = SizeListener()
        let screen = show(UINavigationController(rootViewController: listener))
        screen.rotate(to: .landscapeRight, duration: 0.3)
        #expect(listener.sizes == [CGSize(width: 852, height: 393)])
        #expect(listener.hadCoordinator == [true])
        #expect(listener.alongside == 1, "the alongside animation ran with the turn")
        #expect(listener.completions == 0)
        #expect(listener.transitionCoordinator != nil, "mid-turn")
        screen.advance(by: 0.5)
        #expect(listener.completions == 1)
        #expect(listener.transitionCoordinator == nil, "the turn is over")
        #expect(listener.view.bounds.size == CGSize(width: 852, height: 393))
    }

    @Test("the children of a tab bar controller hear it too; a turn that makes the height compact announces the new traits first")
    func tabChildrenAndTraits() {
        let first = SizeListener(), second = SizeListener()
        let tabs = UITabBarController()
        tabs.viewControllers = [first, second]
        let screen = show(tabs)
        screen.rotate(to: .landscapeLeft, duration: 0)
        #expect(first.sizes == [CGSize(width: 852, height: 393)])
        #expect(second.sizes == [CGSize(width: 852, height: 393)], "a tab not shown hears it too (its view not loaded)")
        #expect(first.newTraits.map(\.verticalSizeClass) == [.compact])
        #expect(first.traitCollection.verticalSizeClass == .compact)

        screen.rotate(to: .landscapeRight, duration: 0)
        #expect(first.sizes.count == 1, "a half turn keeps the size: a child whose view has it already is not told")
        #expect(first.newTraits.count == 1, "the traits did not change: no willTransition")
    }

    @Test("a container's size(forChildContentContainer:) gives the child its size; a child whose view has that size already hears nothing")
    func customContainer() {
        let container = HalfContainer()
        let child = SizeListener()
        container.addChild(child)
        container.view.addSubview(child.view)
        child.didMove(toParent: container)
        let screen = show(container)
        child.view.frame = CGRect(x: 0, y: 0, width: 426, height: 393)
        screen.rotate(to: .landscapeRight, duration: 0)
        #expect(child.sizes.isEmpty, "already 426 × 393")
        screen.rotate(to: .portrait, duration: 0)
        #expect(child.sizes == [CGSize(width: 196.5, height: 852)])

        child.preferredContentSize = CGSize(width: 100, height: 100)
        child.preferredContentSize = CGSize(width: 100, height: 100)
        #expect(container.childSizeChanges == 1, "the parent hears of a new preferred size once")
    }

    @Test("a view controller presented full screen hears the screen's size; one in a sheet the sheet's")
    func presented() {
        let root = SizeListener()
        let screen = show(root)
        let full = SizeListener()
        full.modalPresentationStyle = .fullScreen
        root.present(full, animated: false)
        let sheet = SizeListener()
        full.present(sheet, animated: false)
        screen.advance(by: 0.05)
        screen.rotate(to: .landscapeRight, duration: 0.3)
        #expect(root.sizes == [CGSize(width: 852, height: 393)])
        #expect(full.sizes == [CGSize(width: 852, height: 393)])
        #expect(sheet.hadCoordinator == [true])
        screen.advance(by: 0.5)
        #expect(sheet.sizes == [sheet.view.bounds.size], "the size it was told is the size it got")
        #expect(sheet.completions == 1)
        #expect(full.completions == 1)
        #expect(root.completions == 1)
    }
}
