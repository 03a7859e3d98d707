import Testing
@testable import TabulaUIKit
import TabulaUIKitTestSupport

@MainActor
@Suite("Auto Layout: right-to-left layout and autoresizing-mask constraints", .serialized)
struct LayoutDirectionTests {
    static let frame: TimeInterval = 1.0 / 60

    /// A view placed by constraints (no intrinsic size) in `root`.
    func placed(in root: UIView) -> UIView {
        let view = UIView()
        view.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(view)
        return view
    }

    @Test("right to left, leading is the right edge and a positive constant moves toward the left")
    func leadingIsRightInRightToLeft() {
        let (screen, root) = makeScreen()
        let container = UIView(frame: root.bounds)
        root.addSubview(container)
        let first = placed(in: container), second = placed(in: container)
        NSLayoutConstraint.activate([
            first.leadingAnchor.constraint(equalTo: container.leadingAnchor, constant: 10),
            first.widthAnchor.constraint(equalToConstant: 30),
            second.leadingAnchor.constraint(equalTo: first.trailingAnchor, constant: 5),
            second.trailingAnchor.constraint(lessThanOrEqualTo: container.trailingAnchor, constant: -20),
            second.widthAnchor.constraint(equalToConstant: 200).withPriority(.defaultLow),
            first.topAnchor.constraint(equalTo: container.topAnchor), second.topAnchor.constraint(equalTo: container.topAnchor),
            first.heightAnchor.constraint(equalToConstant: 10), second.heightAnchor.constraint(equalToConstant: 10),
        ])
        screen.advance(by: Self.frame)
        #expect(first.frame == CGRect(x: 10, y: 0, width: 30, height: 10))
        #expect(second.frame == CGRect(x: 45, y: 0, width: 95, height: 10))

        container.semanticContentAttribute = .forceRightToLeft
        #expect(first.effectiveUserInterfaceLayoutDirection == .rightToLeft, "an unspecified view follows its superview")
        screen.advance(by: Self.frame)
        // Mirrored in the 160-point container: first ends 10 from the right edge.
        #expect(first.frame == CGRect(x: 120, y: 0, width: 30, height: 10))
        #expect(second.frame == CGRect(x: 20, y: 0, width: 95, height: 10))

        container.semanticContentAttribute = .unspecified
        screen.advance(by: Self.frame)
        #expect(first.frame == CGRect(x: 10, y: 0, width: 30, height: 10), "back to left to right")
    }

    @Test("left and right never flip; centerX beside leading mirrors with it")
    func leftRightAndCenter() {
        let (screen, root) = makeScreen()
        root.semanticContentAttribute = .forceRightToLeft
        let fixed = placed(in: root), centred = placed(in: root)
        NSLayoutConstraint.activate([
            fixed.leftAnchor.constraint(equalTo: root.leftAnchor, constant: 10),
            fixed.widthAnchor.constraint(equalToConstant: 20),
            centred.leadingAnchor.constraint(equalTo: root.centerXAnchor, constant: 6),
            centred.widthAnchor.constraint(equalToConstant: 20),
            fixed.topAnchor.constraint(equalTo: root.topAnchor), centred.topAnchor.constraint(equalTo: root.topAnchor),
            fixed.heightAnchor.constraint(equalToConstant: 4), centred.heightAnchor.constraint(equalToConstant: 4),
        ])
        screen.advance(by: Self.frame)
        #expect(fixed.frame.minX == 10)
        // Its leading (right) edge 6 points past the centre (80) toward the trailing side (left).
        #expect(centred.frame == CGRect(x: 54, y: 0, width: 20, height: 4))
    }

    @Test("playback and spatial content never flips; forced directions win over the superview")
    func semanticAttributes() {
        let parent = UIView(), child = UIView(), grandchild = UIView()
        parent.addSubview(child)
        child.addSubview(grandchild)
        #expect(grandchild.effectiveUserInterfaceLayoutDirection == .leftToRight)
        parent.semanticContentAttribute = .forceRightToLeft
        #expect(grandchild.effectiveUserInterfaceLayoutDirection == .rightToLeft)
        child.semanticContentAttribute = .playback
        #expect(child.effectiveUserInterfaceLayoutDirection == .leftToRight)
        #expect(grandchild.effectiveUserInterfaceLayoutDirection == .leftToRight)
        #expect(UIView.userInterfaceLayoutDirection(for: .spatial, relativeTo: .rightToLeft) == .leftToRight)
        #expect(UIView.userInterfaceLayoutDirection(for: .unspecified, relativeTo: .rightToLeft) == .rightToLeft)
        #expect(UIView.userInterfaceLayoutDirection(for: .forceRightToLeft) == .rightToLeft)
    }

    @Test("a horizontal stack view lays its arranged subviews out from the right, right to left")
    func stackViewFlips() {
        let (screen, root) = makeScreen(width: 170)
        let views = (0 ..< 3).map { _ in UIView() }
        let stack = UIStackView(arrangedSubviews: views)
        stack.spacing = 10
        stack.distribution = .fillEqually
        stack.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(stack)
        NSLayoutConstraint.activate([
            stack.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            stack.trailingAnchor.constraint(equalTo: root.trailingAnchor),
            stack.topAnchor.constraint(equalTo: root.topAnchor),
            stack.heightAnchor.constraint(equalToConstant: 20),
        ])
        screen.advance(by: Self.frame)
        #expect(views.map(\.frame.minX) == [0, 60, 120])
        stack.semanticContentAttribute = .forceRightToLeft
        screen.advance(by: Self.frame)
        #expect(views.map(\.frame.minX) == [120, 60, 0], "the first arranged subview is on the right")
        #expect(views.map(\.frame.width) == [50, 50, 50])
    }

    @Test("directional layout margins: leading is the right margin right to left")
    func directionalMargins() {
        let view = UIView()
        view.directionalLayoutMargins = NSDirectionalEdgeInsets(top: 1, leading: 20, bottom: 3, trailing: 4)
        #expect(view.layoutMargins == UIEdgeInsets(top: 1, left: 20, bottom: 3, right: 4))
        view.semanticContentAttribute = .forceRightToLeft
        #expect(view.directionalLayoutMargins.leading == 20, "margins assigned as leading and trailing follow the direction")
        #expect(view.layoutMargins == UIEdgeInsets(top: 1, left: 4, bottom: 3, right: 20))
        // Assigned as left and right, they stay where they are; their directional names swap.
        view.layoutMargins = UIEdgeInsets(top: 1, left: 20, bottom: 3, right: 4)
        view.semanticContentAttribute = .forceLeftToRight
        #expect(view.layoutMargins == UIEdgeInsets(top: 1, left: 20, bottom: 3, right: 4))
        view.semanticContentAttribute = .forceRightToLeft
        #expect(view.directionalLayoutMargins.leading == 4)
    }

    @Test("a view that translates its mask follows its solved superview in the same pass, as the mask says")
    func maskBecomesConstraints() {
        let (screen, root) = makeScreen()
        let container = placed(in: root)
        // A 100×50 container, then sized by a constraint whose constant changes.
        let width = container.widthAnchor.constraint(equalToConstant: 100)
        NSLayoutConstraint.activate([
            container.leftAnchor.constraint(equalTo: root.leftAnchor), container.topAnchor.constraint(equalTo: root.topAnchor),
            width, container.heightAnchor.constraint(equalToConstant: 50),
        ])
        screen.advance(by: Self.frame)
        let bar = UIView(frame: CGRect(x: 10, y: 5, width: 80, height: 10))
        bar.autoresizingMask = [.flexibleWidth]
        container.addSubview(bar)
        let badge = UIView(frame: CGRect(x: 70, y: 30, width: 20, height: 10))
        badge.autoresizingMask = [.flexibleLeftMargin]
        container.addSubview(badge)
        // A constrained view hangs under the bar's right end, pinned to the translated bar.
        let follower = placed(in: container)
        NSLayoutConstraint.activate([
            follower.trailingAnchor.constraint(equalTo: bar.trailingAnchor),
            follower.topAnchor.constraint(equalTo: bar.bottomAnchor),
            follower.widthAnchor.constraint(equalToConstant: 6), follower.heightAnchor.constraint(equalToConstant: 6),
        ])
        screen.advance(by: Self.frame)
        #expect(follower.frame == CGRect(x: 84, y: 15, width: 6, height: 6))

        width.constant = 160
        screen.advance(by: Self.frame)
        #expect(bar.frame == CGRect(x: 10, y: 5, width: 140, height: 10), "flexible width: the margins stay")
        #expect(badge.frame == CGRect(x: 130, y: 30, width: 20, height: 10), "flexible left margin: pinned right")
        #expect(follower.frame == CGRect(x: 144, y: 15, width: 6, height: 6), "solved with the bar where its mask puts it")
    }

    @Test("measuring a view whose translated subview has a flexible height counts the subview's fixed margins")
    func maskInMeasurement() {
        let content = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        let label = UILabel()
        label.text = "Measured"
        label.translatesAutoresizingMaskIntoConstraints = false
        content.addSubview(label)
        let backdrop = UIView(frame: CGRect(x: 0, y: 10, width: 200, height: 70))   // 10 above, 20 below
        backdrop.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        content.addSubview(backdrop)
        NSLayoutConstraint.activate([
            label.leadingAnchor.constraint(equalTo: content.leadingAnchor),
            label.topAnchor.constraint(equalTo: backdrop.topAnchor, constant: 4),
            label.bottomAnchor.constraint(equalTo: backdrop.bottomAnchor, constant: -4),
        ])
        let size = content.systemLayoutSizeFitting(CGSize(width: 200, height: 0), withHorizontalFittingPriority: .required,
                                                   verticalFittingPriority: .fittingSizeLevel)
        let labelHeight = label.intrinsicContentSize.height
        #expect(size.height == 10 + 4 + labelHeight + 4 + 20)
    }
}

extension NSLayoutConstraint {
    /// The constraint at `priority` (for building lists of constraints in tests).
    fileprivate func withPriority(_ priority: UILayoutPriority) -> NSLayoutConstraint {
        self.priority = priority
        return self
    }
}

@MainActor
@Suite("Labels, right to left")
struct LabelDirectionTests {
    @Test("a label with natural alignment draws its text at the right where it lays out right to left")
    func naturalAlignmentFollowsTheInterface() {
        let (screen, root) = makeScreen(width: 200, height: 40)
        root.backgroundColor = .white
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 200, height: 40))
        label.text = "Hi"
        root.addSubview(label)
        screen.advance(by: 1.0 / 60)
        func inkColumns() -> (left: Bool, right: Bool) {
            let bitmap = screen.snapshot().cgImage!
            var left = false, right = false
            for y in stride(from: 0, to: bitmap.height, by: 2) {
                for x in 0 ..< bitmap.width where bitmap.pixel(x: x, y: y).red < 128 {
                    if x < bitmap.width / 2 { left = true } else { right = true }
                }
            }
            return (left, right)
        }
        #expect(inkColumns() == (true, false))
        root.semanticContentAttribute = .forceRightToLeft
        screen.advance(by: 1.0 / 60)
        #expect(inkColumns() == (false, true), "the text moved to the right edge")
    }
}
