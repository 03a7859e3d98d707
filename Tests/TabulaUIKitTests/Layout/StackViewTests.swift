import Foundation
import Testing
@testable import TabulaUIKit
import TabulaUIKitTestSupport

/// A view with a fixed intrinsic size.
@MainActor
final class SizedView: UIView {
    let size: CGSize
    init(_ width: CGFloat, _ height: CGFloat) {
        size = CGSize(width: width, height: height)
        super.init(frame: .zero)
        backgroundColor = .systemOrange
    }
    required init?(coder: NSCoder) { fatalError("not used") }
    override var intrinsicContentSize: CGSize { size }
}

@MainActor
@Suite("UIStackView")
struct StackViewTests {
    let screen = HeadlessScreen(size: CGSize(width: 400, height: 400), scale: 1)

    /// A 300 × 100 stack of views 40, 60 and 80 wide and 20, 30 and 40 tall, configured by `configure`.
    func stack(_ configure: (UIStackView) -> Void = { _ in }) -> (UIStackView, [SizedView]) {
        let views = [SizedView(40, 20), SizedView(60, 30), SizedView(80, 40)]
        let stack = UIStackView(arrangedSubviews: views)
        stack.frame = CGRect(x: 50, y: 50, width: 300, height: 100)
        configure(stack)
        let window = UIWindow(frame: .zero)
        window.addSubview(stack)
        screen.show(window)
        stack.layoutIfNeeded()
        return (stack, views)
    }

    func widths(_ views: [UIView]) -> [CGFloat] { views.map { $0.frame.width.rounded() } }
    func xs(_ views: [UIView]) -> [CGFloat] { views.map { $0.frame.minX.rounded() } }

    @Test("fill: the view that hugs least takes what is left; the others keep their sizes")
    func fill() {
        let (_, v) = stack { s in
            s.spacing = 10
        }
        v[0].setContentHuggingPriority(UILayoutPriority(251), for: .horizontal)
        v[1].setContentHuggingPriority(UILayoutPriority(249), for: .horizontal)
        v[2].setContentHuggingPriority(UILayoutPriority(251), for: .horizontal)
        v[0].superview!.layoutIfNeeded()
        #expect(widths(v) == [40, 300 - 40 - 80 - 20, 80])
        #expect(xs(v) == [0, 50, 220])
        #expect(v.allSatisfy { $0.frame.minY == 0 && $0.frame.height == 100 }, "alignment .fill stretches them")
    }

    @Test("the stack's constraints carry UIKit's identifiers, so a conflict report names what each one does")
    func constraintIdentifiers() {
        let (stack, v) = stack { $0.distribution = .fillEqually; $0.alignment = .center; $0.spacing = 10 }
        v[1].isHidden = true
        stack.layoutIfNeeded()
        let mine = (stack.constraints + v.flatMap(\.constraints)).filter { $0.identifier?.hasPrefix("UISV-") == true }
        func named(_ identifier: String) -> [NSLayoutConstraint] { mine.filter { $0.identifier == identifier } }
        #expect(named("UISV-canvas-connection").count == 2 + 3, "the ends of the chain, and each view's centre")
        #expect(named("UISV-spacing").count == 2)
        #expect(named("UISV-hiding").map { $0.firstItem as? UIView } == [v[1]])
        #expect(named("UISV-fill-equally").count == 1, "the two views shown, equal")
        #expect(named("UISV-spanning-boundary").count == 3)
        #expect(named("UISV-spanning-fit").count == 1)
        #expect(Set(mine.compactMap(\.identifier)) == ["UISV-canvas-connection", "UISV-spacing", "UISV-hiding",
                                                        "UISV-fill-equally", "UISV-spanning-boundary", "UISV-spanning-fit"])
    }

    @Test("margins given after the arranged subviews move them, when the arrangement is relative to the margins")
    func marginsAfterArrangedSubviews() {
        let (stack, v) = stack { $0.isLayoutMarginsRelativeArrangement = true; $0.axis = .vertical; $0.alignment = .leading }
        stack.layoutMargins = UIEdgeInsets(top: 20, left: 20, bottom: 20, right: 20)
        stack.layoutIfNeeded()
        #expect(v[0].frame.origin == CGPoint(x: 20, y: 20), "\(v[0].frame)")
        stack.directionalLayoutMargins = NSDirectionalEdgeInsets(top: 4, leading: 30, bottom: 4, trailing: 30)
        stack.layoutIfNeeded()
        #expect(v[0].frame.origin == CGPoint(x: 30, y: 4), "\(v[0].frame)")
    }

    @Test("fillEqually and fillProportionally")
    func equalAndProportional() {
        let (_, equal) = stack { $0.distribution = .fillEqually; $0.spacing = 15 }
        #expect(widths(equal) == [90, 90, 90])
        #expect(xs(equal) == [0, 105, 210])
        let (_, proportional) = stack { $0.distribution = .fillProportionally }
        #expect(widths(proportional) == [67, 100, 133], "40 : 60 : 80 of 300")
    }

    @Test("equalSpacing and equalCentering")
    func equalGaps() {
        let (_, spaced) = stack { $0.distribution = .equalSpacing }
        #expect(widths(spaced) == [40, 60, 80], "intrinsic sizes")
        #expect(xs(spaced) == [0, 100, 220], "two equal gaps of 60")
        let (_, centered) = stack { $0.distribution = .equalCentering }
        let centers = centered.map { $0.frame.midX.rounded() }
        #expect(centers[1] - centers[0] == centers[2] - centers[1], "\(centers)")
        #expect(centered[0].frame.minX == 0 && centered[2].frame.maxX == 300)
    }

    @Test("alignment across the axis, and a vertical stack")
    func alignment() {
        let (_, top) = stack { $0.alignment = .top }
        #expect(top.map { $0.frame.minY } == [0, 0, 0] && top.map { $0.frame.height } == [20, 30, 40])
        let (_, center) = stack { $0.alignment = .center }
        #expect(center.map { $0.frame.midY } == [50, 50, 50])
        let (_, bottom) = stack { $0.alignment = .bottom }
        #expect(bottom.map { $0.frame.maxY } == [100, 100, 100])
        let (_, vertical) = stack { s in
            s.axis = .vertical
            s.alignment = .leading
            s.distribution = .equalSpacing
        }
        #expect(vertical.map { $0.frame.minX } == [0, 0, 0])
        #expect(vertical.map { $0.frame.height } == [20, 30, 40])
        #expect(vertical[0].frame.minY == 0 && vertical[2].frame.maxY == 100)
    }

    @Test("custom spacing, layout margins, adding, inserting and removing")
    func editing() {
        let (s, v) = stack { s in
            s.spacing = 10
            s.alignment = .top
            s.isLayoutMarginsRelativeArrangement = true
            s.layoutMargins = UIEdgeInsets(top: 5, left: 20, bottom: 5, right: 20)
        }
        s.setCustomSpacing(30, after: v[0])
        v[1].setContentHuggingPriority(UILayoutPriority(200), for: .horizontal)
        s.layoutIfNeeded()
        #expect(v[0].frame.minX == 20 && v[0].frame.minY == 5)
        #expect(v[1].frame.minX == 90, "20 + 40 + 30")
        #expect(v[2].frame.maxX == 280)
        #expect(s.customSpacing(after: v[1]) == UIStackView.spacingUseDefault)
        let extra = SizedView(10, 10)
        s.insertArrangedSubview(extra, at: 0)
        s.layoutIfNeeded()
        #expect(s.arrangedSubviews.first === extra && extra.frame.minX == 20)
        s.removeArrangedSubview(extra)
        #expect(extra.superview === s, "still a subview")
        extra.removeFromSuperview()
        v[2].removeFromSuperview()
        #expect(s.arrangedSubviews.count == 2, "removing from the superview stops arranging")
    }

    @Test("hiding an arranged subview collapses it, animated with layoutIfNeeded in a block")
    func hidingCollapses() {
        let (s, v) = stack { $0.spacing = 10; $0.distribution = .fillEqually }
        // 93.33 points each; on this 1x screen each edge rounds to a whole point (0–93,
        // 103–197, 207–300), so the middle view is a point wider, as in UIKit.
        #expect(widths(v) == [93, 94, 93])
        UIView.animate(withDuration: 0.4) {
            v[1].isHidden = true
            s.layoutIfNeeded()
        }
        #expect(v[1].frame.width == 0)
        #expect(widths([v[0], v[2]]) == [145, 145], "two views share 300 with one 10-point gap")
        screen.advance(by: 0.2)
        let midway = v[0].layer.presentation()!.bounds.width
        #expect(midway > 95 && midway < 143, "growing: \(midway)")
        screen.advance(by: 0.4)
        v[1].isHidden = false
        s.layoutIfNeeded()
        #expect(widths(v) == [93, 94, 93])
    }

    @Test("a wrapping label left free by a centre-aligned stack lays new text out at the new text's width, not the old's")
    func newTextInFreeWidthLabel() {
        let (screen, root) = makeScreen(width: 320, height: 240)
        defer { withExtendedLifetime(screen) {} }
        let name = UILabel()
        name.numberOfLines = 3
        name.textAlignment = .center
        name.font = .systemFont(ofSize: 15)
        let stack = UIStackView(arrangedSubviews: [name])
        stack.axis = .vertical
        stack.alignment = .center
        stack.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(stack)
        NSLayoutConstraint.activate([
            stack.topAnchor.constraint(equalTo: root.topAnchor, constant: 8),
            stack.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 8),
            stack.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -8),
            name.widthAnchor.constraint(lessThanOrEqualTo: stack.widthAnchor),
        ])
        // As in a reused cell: a short name first, then others.
        for text in ["Li", "Jo\nAnne", "Maximilian von Habsburg", "Zo", String(repeating: "Wide words ", count: 30)] {
            name.text = text
            root.layoutIfNeeded()
            let wanted = name.sizeThatFits(CGSize(width: 304, height: 0))
            #expect(abs(name.bounds.width - min(wanted.width, 304)) < 1, "\(text.prefix(20)): \(name.bounds.width) wide, wants \(wanted.width)")
            let fits = name.sizeThatFits(CGSize(width: name.bounds.width, height: 1000)).height
            #expect(fits <= name.bounds.height + 0.5, "\(text.prefix(20)): its lines fit (\(fits) in \(name.bounds.height))")
        }
    }
}
