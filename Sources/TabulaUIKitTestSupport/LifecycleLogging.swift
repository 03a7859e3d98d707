import Foundation
import TabulaUIKit

/// A shared log of callbacks, in the order they came.
@MainActor
package final class CallbackLog {
    package var entries: [String] = []
    package init() {}
}

/// Logs its lifecycle and containment callbacks; a parent is named "nav" when it is a
/// navigation controller.
@MainActor
package final class StackController: UIViewController {
    package let name: String
    package let log: CallbackLog

    package init(_ name: String, log: CallbackLog, title: String? = nil) {
        self.name = name
        self.log = log
        super.init(nibName: nil, bundle: nil)
        self.title = title ?? name
    }

    required init?(coder: NSCoder) { fatalError("not used") }

    private func note(_ event: String) { log.entries.append("\(name).\(event)") }
    private func parentName(_ parent: UIViewController?) -> String {
        switch parent {
        case nil: "nil"
        case is UINavigationController: "nav"
        case let p as StackController: p.name
        default: "?"
        }
    }

    override package func viewDidLoad() { super.viewDidLoad(); note("viewDidLoad") }
    override package func viewWillAppear(_ animated: Bool) { super.viewWillAppear(animated); note("viewWillAppear") }
    override package func viewIsAppearing(_ animated: Bool) { super.viewIsAppearing(animated); note("viewIsAppearing") }
    override package func viewDidAppear(_ animated: Bool) { super.viewDidAppear(animated); note("viewDidAppear") }
    override package func viewWillDisappear(_ animated: Bool) { super.viewWillDisappear(animated); note("viewWillDisappear") }
    override package func viewDidDisappear(_ animated: Bool) { super.viewDidDisappear(animated); note("viewDidDisappear") }
    override package func willMove(toParent parent: UIViewController?) { note("willMove(\(parentName(parent)))") }
    override package func didMove(toParent parent: UIViewController?) { note("didMove(\(parentName(parent)))") }
}

/// Whether two lists hold the same view controllers (identity), in the same order.
@MainActor
package func === (a: [UIViewController]?, b: [UIViewController]) -> Bool {
    guard let a else { return false }
    return a.count == b.count && zip(a, b).allSatisfy { $0 === $1 }
}
