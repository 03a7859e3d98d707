import Foundation
import Testing
import Tabula
@testable import TabulaUIKit
import TabulaTestSupport

/// Apple's "Implementing Modern Collection Views" sample, as it is written for UIKit: it
/// must compile unchanged.
private final class SampleListController: UIViewController {
    var reselected = 0
    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        if let coordinator = self.transitionCoordinator {
            coordinator.animate(alongsideTransition: { context in
                // e.g. deselect a row alongside the pop
            }, completion: { context in
                if context.isCancelled { self.reselected += 1 }
            })
        }
    }

    // Apple's parameter type.
    override func viewWillTransition(to size: CGSize, with coordinator: any UIViewControllerTransitionCoordinator) {
        super.viewWillTransition(to: size, with: coordinator)
    }
}

/// Logs what its appearance callbacks see of `transitionCoordinator`, and animates a marker
/// view's alpha to 0.2 alongside the transitions it appears in.
private final class Coordinated: UIViewController {
    let name: String
    let log: CallbackLog
    let marker = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
    /// The coordinator `viewWillAppear` or `viewWillDisappear` saw last.
    var seen: (any UIViewControllerTransitionCoordinator)?

    init(_ name: String, log: CallbackLog) {
        self.name = name
        self.log = log
        super.init(nibName: nil, bundle: nil)
        title = name
    }

    required init?(coder: NSCoder) { fatalError("not used") }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
        view.addSubview(marker)
    }

    private func note(_ event: String) {
        log.entries.append("\(name).\(event)(\(transitionCoordinator == nil ? "nil" : "coordinator"))")
    }

    private func coordinate(_ callback: String, alongside: @escaping () -> Void) {
        guard let coordinator = transitionCoordinator else { return }
        seen = coordinator
        coordinator.animate(alongsideTransition: { _ in
            self.log.entries.append("\(self.name).alongside")
            alongside()
        }, completion: { context in
            self.log.entries.append("\(self.name).completion" + (context.isCancelled ? "(cancelled)" : ""))
        })
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        note("viewWillAppear")
        coordinate("viewWillAppear") { self.marker.alpha = 0.2 }
    }

    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        note("viewWillDisappear")
        coordinate("viewWillDisappear") {}
    }

    override func viewDidAppear(_ animated: Bool) { super.viewDidAppear(animated); note("viewDidAppear") }
    override func viewDidDisappear(_ animated: Bool) { super.viewDidDisappear(animated); note("viewDidDisappear") }
}

/// The opacity `view` shows on screen now.
@MainActor private func shownAlpha(_ view: UIView) -> Float {
    view.layer.presentation()?.opacity ?? view.layer.opacity
}

@MainActor
@Suite("Transition coordinator: pushes, pops, the back swipe, presentations")
struct TransitionCoordinatorTests {
    let log = CallbackLog()
    let screen = HeadlessScreen(size: CGSize(width: 320, height: 480))

    /// A navigation controller on screen with A at its root (log cleared).
    private func navigation() -> (UINavigationController, Coordinated) {
        let a = Coordinated("A", log: log)
        let nav = UINavigationController(rootViewController: a)
        let window = UIWindow(frame: .zero)
        window.rootViewController = nav
        screen.show(window)
        screen.advance(by: 0.1)
        log.entries = []
        return (nav, a)
    }

    @Test("UIKit's code that deselects alongside a pop compiles, and its completion runs when the push ends")
    func sampleCompiles() {
        let (nav, _) = navigation()
        let list = SampleListController()
        nav.pushViewController(list, animated: true)
        #expect(list.transitionCoordinator != nil)
        screen.advance(by: 0.5)
        #expect(list.transitionCoordinator == nil)
        #expect(list.reselected == 0, "a push is not cancelled")
    }

    @Test("an animated push: both controllers see one coordinator, the alongside change animates with the slide, the completion runs once before viewDidAppear")
    func animatedPush() throws {
        let (nav, a) = navigation()
        #expect(a.transitionCoordinator == nil, "no transition: nil")
        let b = Coordinated("B", log: log)
        let child = UIViewController()
        b.addChild(child)
        child.didMove(toParent: b)
        nav.pushViewController(b, animated: true)
        #expect(log.entries == ["A.viewWillDisappear(coordinator)", "B.viewWillAppear(coordinator)", "A.alongside", "B.alongside"])
        let coordinator = try #require(b.seen)
        #expect(a.seen === coordinator && nav.transitionCoordinator === coordinator, "one coordinator for the push")
        #expect(child.transitionCoordinator === coordinator, "a child gets its parent's")
        #expect(coordinator.isAnimated && !coordinator.isInteractive && !coordinator.isCancelled)
        #expect(coordinator.transitionDuration == 0.35)
        #expect(coordinator.presentationStyle == .none)
        #expect(coordinator.viewController(forKey: .from) === a && coordinator.viewController(forKey: .to) === b)
        #expect(coordinator.view(forKey: .to) === b.view && coordinator.containerView === nav.view)

        screen.advance(by: 0.15)
        let midway = shownAlpha(b.marker)
        #expect(midway > 0.25 && midway < 0.95, "the marker fades with the slide: \(midway)")
        #expect(!log.entries.contains { $0.hasSuffix("completion") }, "not before the end")
        #expect(b.transitionCoordinator != nil)

        screen.advance(by: 0.4)
        #expect(Array(log.entries.dropFirst(4)) == ["A.completion", "B.completion",
                                                   "A.viewDidDisappear(nil)", "B.viewDidAppear(nil)"])
        #expect(abs(shownAlpha(b.marker) - 0.2) < 0.001)
        #expect(a.transitionCoordinator == nil && b.transitionCoordinator == nil && nav.transitionCoordinator == nil
                && child.transitionCoordinator == nil, "nil once the transition is over")
        screen.advance(by: 1)
        #expect(log.entries.filter { $0.hasSuffix("completion") }.count == 2, "each completion once")
    }

    @Test("a push without animation still has a coordinator in viewWillAppear, not animated; all is done at once")
    func pushWithoutAnimation() throws {
        let (nav, _) = navigation()
        let b = Coordinated("B", log: log)
        nav.pushViewController(b, animated: false)
        #expect(log.entries == ["A.viewWillDisappear(coordinator)", "B.viewWillAppear(coordinator)", "A.alongside",
                                "B.alongside", "A.completion", "B.completion", "A.viewDidDisappear(nil)", "B.viewDidAppear(nil)"])
        let coordinator = try #require(b.seen)
        #expect(!coordinator.isAnimated && coordinator.transitionDuration == 0)
        #expect(abs(b.marker.alpha - 0.2) < 0.001, "the alongside change is made at once")
        #expect(b.transitionCoordinator == nil)
    }

    @Test("an animated pop: the uncovered controller's alongside animation and completion, not cancelled")
    func animatedPop() {
        let (nav, a) = navigation()
        let b = Coordinated("B", log: log)
        nav.pushViewController(b, animated: false)
        log.entries = []
        a.marker.alpha = 1
        nav.popViewController(animated: true)
        #expect(log.entries == ["B.viewWillDisappear(coordinator)", "A.viewWillAppear(coordinator)", "B.alongside", "A.alongside"])
        #expect(a.seen?.viewController(forKey: .from) === b)
        screen.advance(by: 0.15)
        let midway = shownAlpha(a.marker)
        #expect(midway > 0.25 && midway < 0.95, "the marker fades with the slide: \(midway)")
        screen.advance(by: 0.4)
        #expect(Array(log.entries.dropFirst(4)) == ["B.completion", "A.completion",
                                                   "B.viewDidDisappear(nil)", "A.viewDidAppear(nil)"])
        #expect(nav.transitionCoordinator == nil && a.transitionCoordinator == nil)
    }

    /// Puts a finger down at the left edge and moves it right to `x` over a few frames.
    /// A navigation controller with A under B (pushed without animation), the log emptied
    /// and A's marker opaque: ready for a back swipe.
    private func coveredByB() -> (UINavigationController, Coordinated, Coordinated) {
        let (nav, a) = navigation()
        let b = Coordinated("B", log: log)
        nav.pushViewController(b, animated: false)
        screen.advance(by: 0.1)
        log.entries = []
        a.marker.alpha = 1
        return (nav, a, b)
    }

    private func dragFromEdge(to x: CGFloat) -> Int {
        let id = screen.touchDown(at: CGPoint(x: 4, y: 240))
        screen.advance(by: 1.0 / 60)
        for i in 1 ... 8 {
            screen.moveTouch(id, to: CGPoint(x: 4 + (x - 4) * CGFloat(i) / 8, y: 240))
            screen.advance(by: 1.0 / 60)
        }
        return id
    }

    @Test("a back swipe released early is cancelled: the alongside change follows the finger and goes back, the completion says cancelled")
    func cancelledBackSwipe() throws {
        let (nav, a, b) = coveredByB()
        let finger = dragFromEdge(to: 100)
        let coordinator = try #require(a.seen)
        #expect(coordinator === nav.transitionCoordinator && coordinator.isInteractive && coordinator.initiallyInteractive)
        var interactionEnded: [(interactive: Bool, cancelled: Bool)] = []
        coordinator.notifyWhenInteractionChanges { interactionEnded.append(($0.isInteractive, $0.isCancelled)) }
        let progress = coordinator.percentComplete
        #expect(progress > 0.2 && progress < 0.4, "about 30 % of the way: \(progress)")
        // The marker shows as far along as the finger: 1 → 0.2 scrubbed by the progress.
        let scrubbed = shownAlpha(a.marker)
        #expect(abs(scrubbed - Float(1 - 0.8 * progress)) < 0.05, "scrubbed with the finger: \(scrubbed) at \(progress)")
        screen.advance(by: 0.3)
        screen.liftTouch(finger)
        screen.advance(by: 1.0 / 60)
        #expect(interactionEnded.count == 1 && interactionEnded.first?.interactive == false
                && interactionEnded.first?.cancelled == true, "told once that the finger lifted, cancelled")
        screen.advance(by: 0.6)
        #expect(nav.viewControllers.last === b, "the pop did not happen")
        // The completions given at the start and those given by the callbacks of the way back
        // (B's viewWillAppear, A's viewWillDisappear): each once, each told it was cancelled.
        #expect(log.entries.filter { $0.contains("completion") }
                == ["B.completion(cancelled)", "A.completion(cancelled)", "B.completion(cancelled)", "A.completion(cancelled)"])
        #expect(log.entries.filter { $0.hasSuffix("alongside") } == ["B.alongside", "A.alongside"],
                "nothing new animates on the way back")
        #expect(log.entries.suffix(2) == ["B.viewDidAppear(nil)", "A.viewDidDisappear(nil)"])
        #expect(abs(shownAlpha(a.marker) - 1) < 0.001, "the alongside change went back with the swipe")
        #expect(nav.transitionCoordinator == nil && b.transitionCoordinator == nil)
    }

    @Test("a back swipe carried through completes the pop, not cancelled")
    func completedBackSwipe() throws {
        let (nav, a, _) = coveredByB()
        let finger = dragFromEdge(to: 240)
        screen.advance(by: 0.3)
        screen.liftTouch(finger)
        screen.advance(by: 0.6)
        #expect(nav.viewControllers === [a])
        #expect(log.entries.filter { $0.contains("completion") } == ["B.completion", "A.completion"])
        #expect(abs(shownAlpha(a.marker) - 0.2) < 0.001, "the alongside change is complete")
        #expect(a.transitionCoordinator == nil)
    }

    /// A on screen as the window's root (log cleared).
    private func shownRoot() -> Coordinated {
        let a = Coordinated("A", log: log)
        let window = UIWindow(frame: .zero)
        window.rootViewController = a
        screen.show(window)
        screen.advance(by: 0.1)
        log.entries = []
        return a
    }

    @Test("a full-screen presentation and its dismissal: both controllers see the coordinator, completions before the did-callbacks")
    func presentationAndDismissal() throws {
        let a = shownRoot()
        let b = Coordinated("B", log: log)
        b.modalPresentationStyle = .fullScreen
        a.present(b, animated: true)
        #expect(log.entries == ["A.viewWillDisappear(coordinator)", "B.viewWillAppear(coordinator)", "A.alongside", "B.alongside"])
        let presenting = try #require(b.seen)
        #expect(a.seen === presenting && a.transitionCoordinator === presenting)
        #expect(presenting.presentationStyle == .fullScreen && presenting.isAnimated)
        #expect(presenting.viewController(forKey: .to) === b && presenting.viewController(forKey: .from) === a)
        screen.advance(by: 0.2)
        let midway = shownAlpha(b.marker)
        #expect(midway > 0.25 && midway < 0.95, "the marker fades as the view slides up: \(midway)")
        screen.advance(by: 0.5)
        #expect(Array(log.entries.dropFirst(4)) == ["A.completion", "B.completion",
                                                   "A.viewDidDisappear(nil)", "B.viewDidAppear(nil)"])
        #expect(b.transitionCoordinator == nil && a.transitionCoordinator == nil)

        log.entries = []
        b.dismiss(animated: true)
        let dismissing = try #require(b.seen)
        #expect(dismissing !== presenting)
        #expect(dismissing.viewController(forKey: .from) === b && dismissing.viewController(forKey: .to) === a)
        #expect(b.transitionCoordinator === dismissing && a.transitionCoordinator === dismissing)
        screen.advance(by: 0.7)
        #expect(log.entries.filter { $0.contains("completion") } == ["B.completion", "A.completion"])
        #expect(log.entries.suffix(2) == ["B.viewDidDisappear(nil)", "A.viewDidAppear(nil)"])
        #expect(b.transitionCoordinator == nil && a.transitionCoordinator == nil)
    }

    @Test("a sheet swiped down a little and let go springs back: its coordinator was interactive and is cancelled")
    func cancelledSheetSwipe() throws {
        let screen = HeadlessScreen(device: .iPhone15)
        let a = Coordinated("A", log: log)
        let window = UIWindow(frame: .zero)
        window.rootViewController = a
        screen.show(window)
        let b = Coordinated("B", log: log)
        a.present(b, animated: false)
        screen.advance(by: 0.1)
        #expect(b.transitionCoordinator == nil)
        log.entries = []
        let finger = screen.touchDown(at: CGPoint(x: 200, y: 300))
        for y in stride(from: CGFloat(310), through: 400, by: 10) {
            screen.moveTouch(finger, to: CGPoint(x: 200, y: y))
            screen.advance(by: 1.0 / 60)
        }
        let coordinator = try #require(b.transitionCoordinator)
        #expect(coordinator.isInteractive && coordinator.presentationStyle == .pageSheet)
        #expect(coordinator.viewController(forKey: .from) === b)
        screen.advance(by: 0.3)
        screen.liftTouch(finger)
        screen.advance(by: 0.6)
        #expect(a.presentedViewController === b, "still presented")
        #expect(log.entries.contains("B.completion(cancelled)"))
        #expect(log.entries.last == "B.viewDidAppear(nil)")
        #expect(b.transitionCoordinator == nil)
    }
}
