import Testing
@testable import TabulaUIKit
import TabulaUIKitTestSupport


@MainActor
@Suite("Auto Layout: constraints and anchors lay out views", .serialized)
struct AutoLayoutTests {
    static let frame: TimeInterval = 1.0 / 60

    /// A 160×120 root with one subview placed by constraints.
    func makeConstrained() -> (HeadlessScreen, UIView, UILabel) {
        let (screen, root) = makeScreen()
        let label = UILabel()
        label.text = "Pinned"
        label.translatesAutoresizingMaskIntoConstraints = false
        // The weakest priorities keep the label's own (intrinsic) size out of these tests
        // of the constraints they write; SizingTests covers intrinsic sizes.
        for axis in [NSLayoutConstraint.Axis.horizontal, .vertical] {
            label.setContentHuggingPriority(UILayoutPriority(1), for: axis)
            label.setContentCompressionResistancePriority(UILayoutPriority(1), for: axis)
        }
        root.addSubview(label)
        return (screen, root, label)
    }

    @Test("a label pinned to its superview's edges with insets gets that frame")
    func pinnedWithInsets() {
        let (screen, root, label) = makeConstrained()
        NSLayoutConstraint.activate([
            label.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 16),
            label.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -16),
            label.topAnchor.constraint(equalTo: root.topAnchor, constant: 8),
            label.bottomAnchor.constraint(equalTo: root.bottomAnchor, constant: -12),
        ])
        screen.advance(by: Self.frame)
        #expect(label.frame == CGRect(x: 16, y: 8, width: 128, height: 100))
        #expect(root.constraints.count == 4)
        #expect(label.constraints.isEmpty)
    }

    @Test("system spacing: 8 points times the multiplier after or below an anchor")
    func systemSpacing() {
        let (screen, root, label) = makeConstrained()
        NSLayoutConstraint.activate([
            label.leadingAnchor.constraint(equalToSystemSpacingAfter: root.leadingAnchor, multiplier: 2),
            label.topAnchor.constraint(equalToSystemSpacingBelow: root.topAnchor, multiplier: 1),
            root.trailingAnchor.constraint(greaterThanOrEqualToSystemSpacingAfter: label.trailingAnchor, multiplier: 3),
            label.heightAnchor.constraint(equalToConstant: 20),
        ])
        let wide = label.widthAnchor.constraint(equalToConstant: 200)
        wide.priority = UILayoutPriority(250)
        wide.isActive = true
        screen.advance(by: Self.frame)
        #expect(label.frame.origin == CGPoint(x: 16, y: 8))
        #expect(abs(label.frame.width - (160 - 16 - 24)) < 0.01, "as wide as the trailing space of 24 allows: \(label.frame.width)")
    }

    @Test("hasAmbiguousLayout: a view with no height constraint is ambiguous until one is added")
    func ambiguity() {
        let (screen, root, label) = makeConstrained()
        let box = UIView()
        box.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(box)
        NSLayoutConstraint.activate([
            box.leftAnchor.constraint(equalTo: root.leftAnchor, constant: 10),
            box.topAnchor.constraint(equalTo: root.topAnchor, constant: 10),
            box.widthAnchor.constraint(equalToConstant: 40),
            label.leftAnchor.constraint(equalTo: root.leftAnchor),
            label.topAnchor.constraint(equalTo: root.topAnchor),
            label.widthAnchor.constraint(equalToConstant: 40),
            label.heightAnchor.constraint(equalToConstant: 40),
        ])
        screen.advance(by: Self.frame)
        #expect(box.hasAmbiguousLayout, "nothing says how tall it is")
        #expect(!label.hasAmbiguousLayout)
        #expect(!root.hasAmbiguousLayout, "placed by its frame")
        box.heightAnchor.constraint(equalTo: box.widthAnchor).isActive = true
        #expect(!box.hasAmbiguousLayout)
    }

    @Test("a view centered in its superview with a fixed size")
    func centered() {
        let (screen, root, label) = makeConstrained()
        NSLayoutConstraint.activate([
            label.centerXAnchor.constraint(equalTo: root.centerXAnchor),
            label.centerYAnchor.constraint(equalTo: root.centerYAnchor, constant: 10),
            label.widthAnchor.constraint(equalToConstant: 60),
            label.heightAnchor.constraint(equalToConstant: 20),
        ])
        screen.advance(by: Self.frame)
        #expect(label.frame == CGRect(x: 50, y: 60, width: 60, height: 20))
        #expect(label.constraints.count == 2, "a constant width or height is installed on the view itself")
    }

    @Test("a width at least and at most: the higher priority wins, required bounds hold")
    func inequalitiesWithPriorities() {
        let (screen, root, label) = makeConstrained()
        let wish = label.widthAnchor.constraint(equalToConstant: 200)
        wish.priority = .defaultHigh
        let smaller = label.widthAnchor.constraint(equalToConstant: 10)
        smaller.priority = .defaultLow
        NSLayoutConstraint.activate([
            label.leftAnchor.constraint(equalTo: root.leftAnchor),
            label.topAnchor.constraint(equalTo: root.topAnchor),
            label.heightAnchor.constraint(equalToConstant: 20),
            label.widthAnchor.constraint(greaterThanOrEqualToConstant: 40),
            label.widthAnchor.constraint(lessThanOrEqualTo: root.widthAnchor, constant: -20),
            wish, smaller,
        ])
        screen.advance(by: Self.frame)
        #expect(label.frame.width == 140, "the ≤ superview − 20 bound holds; the 750 wish gets as close as it can")

        wish.priority = UILayoutPriority(200)
        screen.advance(by: Self.frame)
        #expect(label.frame.width == 40, "now the 250 wish for 10 wins, held up by the ≥ 40 bound")
    }

    @Test("changing constant lays the view out again at the next frame")
    func constantChangeRelaysOut() {
        let (screen, root, label) = makeConstrained()
        let top = label.topAnchor.constraint(equalTo: root.topAnchor, constant: 10)
        NSLayoutConstraint.activate([
            top,
            label.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            label.widthAnchor.constraint(equalTo: root.widthAnchor, multiplier: 0.5),
            label.heightAnchor.constraint(equalTo: label.widthAnchor, multiplier: 0.25, constant: 2),
        ])
        screen.advance(by: Self.frame)
        #expect(label.frame == CGRect(x: 0, y: 10, width: 80, height: 22))
        top.constant = 40
        #expect(label.frame.minY == 10, "frames change at the layout pass, not at once")
        screen.advance(by: Self.frame)
        #expect(label.frame.minY == 40)
        #expect(top.multiplier == 1)
    }

    @Test("a root resized lays its constrained subviews out again")
    func boundsChangeRelaysOut() {
        let (screen, root) = makeScreen()
        let box = UIView(frame: CGRect(x: 10, y: 10, width: 100, height: 80))
        root.addSubview(box)
        let inner = UIView()
        inner.translatesAutoresizingMaskIntoConstraints = false
        box.addSubview(inner)
        NSLayoutConstraint.activate([
            inner.trailingAnchor.constraint(equalTo: box.trailingAnchor, constant: -5),
            inner.bottomAnchor.constraint(equalTo: box.bottomAnchor, constant: -5),
            inner.widthAnchor.constraint(equalToConstant: 20),
            inner.heightAnchor.constraint(equalToConstant: 10),
        ])
        screen.advance(by: Self.frame)
        #expect(inner.frame == CGRect(x: 75, y: 65, width: 20, height: 10))
        box.frame = CGRect(x: 10, y: 10, width: 140, height: 100)
        screen.advance(by: Self.frame)
        #expect(inner.frame == CGRect(x: 115, y: 85, width: 20, height: 10))
    }

    @Test("deactivating a constraint frees the view for the others")
    func deactivateFrees() {
        let (screen, root, label) = makeConstrained()
        let wide = label.widthAnchor.constraint(equalToConstant: 100)
        let narrow = label.widthAnchor.constraint(equalToConstant: 30)
        narrow.priority = .defaultLow
        NSLayoutConstraint.activate([
            label.leftAnchor.constraint(equalTo: root.leftAnchor, constant: 5),
            label.topAnchor.constraint(equalTo: root.topAnchor, constant: 5),
            label.heightAnchor.constraint(equalToConstant: 10),
            wide, narrow,
        ])
        screen.advance(by: Self.frame)
        #expect(label.frame.width == 100)
        NSLayoutConstraint.deactivate([wide])
        #expect(!wide.isActive)
        screen.advance(by: Self.frame)
        #expect(label.frame.width == 30)
        label.removeConstraint(narrow)
        #expect(!narrow.isActive)
        #expect(label.constraints.count == 1, "only the height is left on the label")
    }

    @Test("conflicting required constraints are reported with their identifiers, and one is broken")
    func conflictReported() {
        let reports = ConstraintReports()
        defer { reports.restore() }
        let (screen, root, label) = makeConstrained()
        let hundred = label.widthAnchor.constraint(equalToConstant: 100)
        hundred.identifier = "label-100"
        let fifty = label.widthAnchor.constraint(equalToConstant: 50)
        fifty.identifier = "label-50"
        NSLayoutConstraint.activate([
            label.leftAnchor.constraint(equalTo: root.leftAnchor),
            label.topAnchor.constraint(equalTo: root.topAnchor),
            label.heightAnchor.constraint(equalToConstant: 10),
            hundred, fifty,
        ])
        screen.advance(by: Self.frame)
        #expect(reports.messages.count == 1)
        let message = reports.messages.first ?? ""
        #expect(message.hasPrefix("Unable to simultaneously satisfy constraints."))
        #expect(message.contains("'label-100' UILabel.width == 100"))
        #expect(message.contains("'label-50' UILabel.width == 50"))
        #expect(message.contains("Will attempt to recover by breaking constraint\n    <NSLayoutConstraint 'label-50'"))
        #expect(label.frame.width == 100, "the broken constraint yields to the one that held")
        screen.advance(by: Self.frame * 3)
        root.setNeedsLayout()
        screen.advance(by: Self.frame)
        #expect(reports.messages.count == 1, "reported once, not on every pass")
    }

    @Test("a constraint between views with no common ancestor is reported and stays inactive")
    func noCommonAncestor() {
        let reports = ConstraintReports()
        defer { reports.restore() }
        let a = UIView(), b = UIView()
        let constraint = a.leftAnchor.constraint(equalTo: b.leftAnchor)
        constraint.isActive = true
        #expect(!constraint.isActive)
        #expect(reports.messages.first?.contains("no common ancestor") == true)
    }

    @Test("leading and trailing are left and right (left to right)")
    func leadingIsLeft() {
        let (screen, root, label) = makeConstrained()
        let other = UIView()
        other.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(other)
        NSLayoutConstraint.activate([
            label.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 7),
            label.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -9),
            other.leftAnchor.constraint(equalTo: root.leftAnchor, constant: 7),
            other.rightAnchor.constraint(equalTo: root.rightAnchor, constant: -9),
            label.topAnchor.constraint(equalTo: root.topAnchor),
            other.topAnchor.constraint(equalTo: root.topAnchor),
            label.heightAnchor.constraint(equalToConstant: 5),
            other.heightAnchor.constraint(equalTo: label.heightAnchor),
        ])
        screen.advance(by: Self.frame)
        #expect(label.frame == other.frame)
        #expect(label.frame == CGRect(x: 7, y: 0, width: 144, height: 5))
    }

    @Test("the item/attribute initializer, nested constrained views, and a sibling with a fixed frame")
    func itemInitializerAndNesting() {
        let (screen, root) = makeScreen()
        let fixed = UIView(frame: CGRect(x: 10, y: 20, width: 30, height: 40))
        root.addSubview(fixed)
        let card = UIView()
        card.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(card)
        let badge = UIView()
        badge.translatesAutoresizingMaskIntoConstraints = false
        card.addSubview(badge)
        let below = NSLayoutConstraint(item: card, attribute: .top, relatedBy: .equal,
                                       toItem: fixed, attribute: .bottom, multiplier: 1, constant: 4)
        #expect(below.firstItem === card && below.secondItem === fixed)
        #expect(below.firstAttribute == .top && below.secondAttribute == .bottom && below.relation == .equal)
        root.addConstraint(below)
        root.addConstraints([
            NSLayoutConstraint(item: card, attribute: .left, relatedBy: .equal,
                               toItem: fixed, attribute: .left, multiplier: 1, constant: 0),
            NSLayoutConstraint(item: card, attribute: .width, relatedBy: .equal,
                               toItem: nil, attribute: .notAnAttribute, multiplier: 1, constant: 80),
            NSLayoutConstraint(item: card, attribute: .height, relatedBy: .equal,
                               toItem: fixed, attribute: .height, multiplier: 1, constant: 0),
        ])
        NSLayoutConstraint.activate([
            badge.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -70),
            badge.topAnchor.constraint(equalTo: card.topAnchor, constant: 2),
            badge.widthAnchor.constraint(equalToConstant: 8),
            badge.heightAnchor.constraint(equalToConstant: 8),
        ])
        screen.advance(by: Self.frame)
        #expect(card.frame == CGRect(x: 10, y: 64, width: 80, height: 40))
        #expect(badge.frame == CGRect(x: 72, y: 2, width: 8, height: 8), "in its superview's coordinates")
        #expect(fixed.frame == CGRect(x: 10, y: 20, width: 30, height: 40))
    }
}

@MainActor
@Suite("Auto Layout: constraints follow the views' lifetimes")
struct ConstraintLifetimeTests {
    @Test("removing a view deactivates the constraints tying it to its old superview, not those inside it")
    func removalDeactivates() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let card = UIView()
        card.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(card)
        let dot = UIView()
        dot.translatesAutoresizingMaskIntoConstraints = false
        card.addSubview(dot)
        let pin = card.topAnchor.constraint(equalTo: root.topAnchor)
        let inner = dot.topAnchor.constraint(equalTo: card.topAnchor)
        let width = card.widthAnchor.constraint(equalToConstant: 10)
        let dotToRoot = dot.leftAnchor.constraint(equalTo: root.leftAnchor)
        NSLayoutConstraint.activate([pin, inner, width, dotToRoot])
        #expect(pin.isActive && inner.isActive && width.isActive && dotToRoot.isActive)
        card.removeFromSuperview()
        #expect(!pin.isActive)
        #expect(!dotToRoot.isActive)
        #expect(inner.isActive && width.isActive)
        #expect(root.constraints.isEmpty)
    }

    @Test("a subtree moved to another superview carries its constraints, and lays out there")
    func movedSubtree() {
        let (screen, root) = makeScreen()
        let first = UIView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        let second = UIView(frame: CGRect(x: 60, y: 0, width: 90, height: 90))
        root.addSubview(first)
        root.addSubview(second)
        let card = UIView(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
        first.addSubview(card)
        let dot = UIView()
        dot.translatesAutoresizingMaskIntoConstraints = false
        card.addSubview(dot)
        NSLayoutConstraint.activate([
            dot.rightAnchor.constraint(equalTo: card.rightAnchor),
            dot.bottomAnchor.constraint(equalTo: card.bottomAnchor),
            dot.widthAnchor.constraint(equalTo: card.widthAnchor, multiplier: 0.25),
            dot.heightAnchor.constraint(equalTo: dot.widthAnchor),
        ])
        #expect(root.constraintsInSubtree == 4 && first.constraintsInSubtree == 4)
        screen.advance(by: 1.0 / 60)
        #expect(dot.frame == CGRect(x: 30, y: 30, width: 10, height: 10))
        second.addSubview(card)
        #expect(first.constraintsInSubtree == 0 && second.constraintsInSubtree == 4 && root.constraintsInSubtree == 4)
        card.frame = CGRect(x: 0, y: 0, width: 80, height: 80)
        screen.advance(by: 1.0 / 60)
        #expect(dot.frame == CGRect(x: 60, y: 60, width: 20, height: 20))
        card.removeFromSuperview()
        #expect(root.constraintsInSubtree == 0 && card.constraintsInSubtree == 4)
    }

    @Test("constraints of views that are gone no longer count as active")
    func releasedConstraintsUncounted() {
        let before = NSLayoutConstraint.activeCount
        do {
            let root = UIView()
            let child = UIView()
            root.addSubview(child)
            NSLayoutConstraint.activate([
                child.leftAnchor.constraint(equalTo: root.leftAnchor),
                child.widthAnchor.constraint(equalToConstant: 4),
            ])
            #expect(NSLayoutConstraint.activeCount == before + 2)
        }
        #expect(NSLayoutConstraint.activeCount == before)
    }

    @Test("the description names the identifier, the views' types, the relation and the priority")
    func description() {
        let root = UIView()
        let label = UILabel()
        root.addSubview(label)
        let c = label.widthAnchor.constraint(lessThanOrEqualTo: root.widthAnchor, multiplier: 0.5, constant: -8)
        c.identifier = "half"
        c.priority = .defaultHigh - 1
        #expect(c.description == "<NSLayoutConstraint 'half' UILabel.width <= 0.5 × UIView.width - 8.0 @749.0>")
        #expect(!c.isActive, "anchors make inactive constraints")
    }
}

@MainActor
@Suite("Auto Layout: bad input, switching modes, animation", .serialized)
struct AutoLayoutEdgeTests {
    static let frame: TimeInterval = 1.0 / 60

    @Test("a NaN constant is reported with the constraint's description and skipped; the rest lays out")
    func nanConstantSkipped() {
        let reports = ConstraintReports()
        defer { reports.restore() }
        let (screen, root) = makeScreen()
        let view = UIView()
        view.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(view)
        let bad = view.heightAnchor.constraint(equalToConstant: .nan)
        bad.identifier = "bad-height"
        NSLayoutConstraint.activate([
            view.leftAnchor.constraint(equalTo: root.leftAnchor, constant: 3),
            view.topAnchor.constraint(equalTo: root.topAnchor, constant: 4),
            view.widthAnchor.constraint(equalToConstant: 30),
            view.heightAnchor.constraint(equalToConstant: 20),
            bad,
        ])
        screen.advance(by: Self.frame)
        #expect(view.frame == CGRect(x: 3, y: 4, width: 30, height: 20))
        #expect(reports.messages.count == 1)
        #expect(reports.messages.first?.contains("'bad-height'") == true)
    }

    @Test("a view that translates its autoresizing mask keeps its frame; switching it off lets constraints place it")
    func switchingTranslation() {
        let (screen, root) = makeScreen()
        let view = UIView(frame: CGRect(x: 1, y: 2, width: 3, height: 4))
        root.addSubview(view)
        let follower = UIView()
        follower.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(follower)
        NSLayoutConstraint.activate([
            view.leftAnchor.constraint(equalTo: root.leftAnchor, constant: 50),
            follower.leftAnchor.constraint(equalTo: view.rightAnchor, constant: 10),
            follower.topAnchor.constraint(equalTo: view.topAnchor),
            follower.widthAnchor.constraint(equalTo: view.widthAnchor),
            follower.heightAnchor.constraint(equalTo: view.heightAnchor),
        ].map { c in c.priority = .defaultHigh; return c })
        screen.advance(by: Self.frame)
        #expect(view.frame == CGRect(x: 1, y: 2, width: 3, height: 4), "its frame is required; the 750 left edge yields")
        #expect(follower.frame == CGRect(x: 14, y: 2, width: 3, height: 4))
        view.translatesAutoresizingMaskIntoConstraints = false
        NSLayoutConstraint.activate([
            view.topAnchor.constraint(equalTo: root.topAnchor, constant: 6),
            view.widthAnchor.constraint(equalToConstant: 8),
            view.heightAnchor.constraint(equalToConstant: 9),
        ])
        screen.advance(by: Self.frame)
        #expect(view.frame == CGRect(x: 50, y: 6, width: 8, height: 9))
        #expect(follower.frame == CGRect(x: 68, y: 6, width: 8, height: 9))
    }

    @Test("a constant changed, then layoutIfNeeded inside an animation block, animates the frame")
    func animatedConstantChange() {
        let (screen, root) = makeScreen()
        let view = UIView()
        view.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(view)
        let left = view.leftAnchor.constraint(equalTo: root.leftAnchor, constant: 0)
        NSLayoutConstraint.activate([
            left,
            view.topAnchor.constraint(equalTo: root.topAnchor),
            view.widthAnchor.constraint(equalToConstant: 20),
            view.heightAnchor.constraint(equalToConstant: 20),
        ])
        screen.advance(by: Self.frame)
        #expect(view.frame.minX == 0)
        left.constant = 100
        UIView.animate(withDuration: 1, delay: 0, options: [.curveLinear], animations: { root.layoutIfNeeded() })
        #expect(view.frame.minX == 100, "the model frame is the end at once")
        screen.advance(by: 0.5)
        let shownX = view.layer.presentation()!.position.x - 10
        #expect(shownX > 30 && shownX < 70, "half way through, the view is shown about half way: \(shownX)")
        screen.advance(by: 0.6)
        #expect(view.layer.presentation()!.position.x - 10 == 100)
    }
}

@MainActor
@Suite("Auto Layout: constraints UIKit refuses", .serialized)
struct IllegalConstraintTests {
    @Test("positions against constants, across axes, against lengths, or times 0 are reported and stay inactive",
          arguments: [
            (NSLayoutConstraint.Attribute.left, NSLayoutConstraint.Attribute.notAnAttribute, 1.0, false, "constant"),
            (.left, .top, 1, true, "vertical"),
            (.centerY, .height, 1, true, "length"),
            (.top, .top, 0, true, "multiplier of 0"),
          ])
    func refused(first: NSLayoutConstraint.Attribute, second: NSLayoutConstraint.Attribute,
                 multiplier: Double, related: Bool, reason: String) {
        let reports = ConstraintReports()
        defer { reports.restore() }
        let root = UIView()
        let view = UIView()
        root.addSubview(view)
        let constraint = NSLayoutConstraint(item: view, attribute: first, relatedBy: .equal,
                                            toItem: related ? root : nil, attribute: second,
                                            multiplier: CGFloat(multiplier), constant: 5)
        constraint.isActive = true
        #expect(!constraint.isActive)
        #expect(reports.messages.count == 1)
        #expect(reports.messages.first?.contains(reason) == true, "\(reports.messages)")
        #expect(root.constraintsInSubtree == 0)
    }

    @Test("a width equal to a height, and a length times 0, are fine")
    func legal() {
        let root = UIView()
        let view = UIView()
        root.addSubview(view)
        let square = NSLayoutConstraint(item: view, attribute: .width, relatedBy: .equal,
                                        toItem: view, attribute: .height, multiplier: 1, constant: 0)
        let collapsed = NSLayoutConstraint(item: view, attribute: .height, relatedBy: .equal,
                                           toItem: root, attribute: .height, multiplier: 0, constant: 0)
        NSLayoutConstraint.activate([square, collapsed])
        #expect(square.isActive && collapsed.isActive)
    }
}
