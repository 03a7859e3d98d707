@testable import TabulaUIKit
import TabulaUIKitTestSupport

/// A container with `count` views in a row, 40 × 20 and 8 points apart from x = 8, y = 10
/// (each with four constraints, its link to the one before first), laid out.
@MainActor
func makeViewChain(_ count: Int) -> (container: UIView, views: [UIView], links: [NSLayoutConstraint]) {
    let container = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
    var views: [UIView] = [], links: [NSLayoutConstraint] = []
    for _ in 0 ..< count { appendChainView(to: container, &views, &links) }
    container.layoutIfNeeded()
    return (container, views, links)
}

/// Adds a view after the last of `views`, with its four constraints activated.
@MainActor
func appendChainView(to container: UIView, _ views: inout [UIView], _ links: inout [NSLayoutConstraint]) {
    let view = UIView(frame: .zero)
    view.translatesAutoresizingMaskIntoConstraints = false
    container.addSubview(view)
    let link = view.leadingAnchor.constraint(equalTo: views.last?.trailingAnchor ?? container.leadingAnchor, constant: 8)
    NSLayoutConstraint.activate([
        link,
        view.topAnchor.constraint(equalTo: container.topAnchor, constant: 10),
        view.widthAnchor.constraint(equalToConstant: 40),
        view.heightAnchor.constraint(equalToConstant: 20),
    ])
    views.append(view)
    links.append(link)
}

/// Every view's frame in `root`'s subtree, in order.
@MainActor
func subtreeFrames(_ root: UIView) -> [CGRect] {
    var result: [CGRect] = []
    func walk(_ view: UIView) {
        result.append(view.frame)
        view.subviews.forEach(walk)
    }
    walk(root)
    return result
}
