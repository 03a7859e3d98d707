import Testing
@testable import TabulaUIKit
import TabulaUIKitTestSupport

/// The layout system kept from pass to pass must lay out exactly as one built afresh.
@MainActor
@Suite("Auto Layout: the system kept between passes matches one built afresh", .serialized)
struct IncrementalLayoutTests {
    static let frame: TimeInterval = 1.0 / 60

    /// Every frame under `layoutRoot`'s window root after `layoutRoot` is laid out by a
    /// system built for the purpose; the kept one is put back after.
    func framesFromFreshSystem(_ layoutRoot: UIView) -> [CGRect] {
        let kept = layoutRoot.layoutSystem
        layoutRoot.layoutSystem = nil
        layoutRoot.setNeedsLayout()
        layoutRoot.layoutIfNeeded()
        let result = subtreeFrames(layoutRoot.superview ?? layoutRoot)
        layoutRoot.layoutSystem = kept
        return result
    }

    @Test("random changes of constants, texts, sizes and priorities: every pass matches a fresh solve")
    func randomChanges() {
        let reports = ConstraintReports()
        defer { reports.restore() }
        let (screen, root) = makeScreen(width: 320, height: 240)
        let card = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 240))
        card.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        root.addSubview(card)
        let avatar = UIView(), title = UILabel(), body = UILabel(), badge = UILabel()
        body.numberOfLines = 0
        title.text = "Title"
        badge.text = "12"
        for view in [avatar, title, body, badge] {
            view.translatesAutoresizingMaskIntoConstraints = false
            card.addSubview(view)
        }
        let avatarSize = avatar.widthAnchor.constraint(equalToConstant: 40)
        let inset = avatar.leadingAnchor.constraint(equalTo: card.leadingAnchor, constant: 16)
        let gap = body.topAnchor.constraint(equalTo: title.bottomAnchor, constant: 4)
        let badgeGap = badge.leadingAnchor.constraint(greaterThanOrEqualTo: title.trailingAnchor, constant: 8)
        let preferredWidth = title.widthAnchor.constraint(equalToConstant: 120)
        // Not 250, the hugging priority: a tie leaves every width between the text's and
        // 120 equally good, and two solvers may well pick different ones.
        preferredWidth.priority = UILayoutPriority(300)
        let optional = body.heightAnchor.constraint(greaterThanOrEqualToConstant: 60)
        optional.priority = UILayoutPriority(600)
        NSLayoutConstraint.activate([
            inset, avatarSize, avatar.heightAnchor.constraint(equalTo: avatar.widthAnchor),
            avatar.topAnchor.constraint(equalTo: card.topAnchor, constant: 12),
            title.leadingAnchor.constraint(equalTo: avatar.trailingAnchor, constant: 12),
            title.topAnchor.constraint(equalTo: avatar.topAnchor), preferredWidth,
            badgeGap, badge.trailingAnchor.constraint(equalTo: card.trailingAnchor, constant: -16),
            badge.firstBaselineAnchor.constraint(equalTo: title.firstBaselineAnchor),
            gap, body.leadingAnchor.constraint(equalTo: title.leadingAnchor),
            body.trailingAnchor.constraint(equalTo: badge.trailingAnchor),
            body.bottomAnchor.constraint(lessThanOrEqualTo: card.bottomAnchor, constant: -12),
        ])
        screen.advance(by: Self.frame)
        // The card translates its mask, so it is the layout root that keeps the system.
        #expect(card.layoutSystem != nil)
        #expect(subtreeFrames(root) == framesFromFreshSystem(card))

        let words = ["Short.", "A line that wraps at the width of the card when it is long enough to wrap.",
                     "Two\nlines", "", "Émoji 🎉 and CJK 漢字 in a body that wraps around once or twice, perhaps."]
        var random = SeededRandom(seed: 2026)
        var reused = 0, steps = 0
        for step in 0 ..< 120 {
            let before = card.layoutSystem
            switch Int.random(in: 0 ..< 8, using: &random) {
            case 0: avatarSize.constant = CGFloat(Int.random(in: 10 ... 80, using: &random))
            case 1: inset.constant = CGFloat(Int.random(in: 0 ... 40, using: &random))
            case 2: gap.constant = CGFloat(Int.random(in: -10 ... 30, using: &random))
            case 3: body.text = words.randomElement(using: &random)
            case 4: title.text = words.randomElement(using: &random).map { String($0.prefix(18)) }
            case 5: root.bounds.size = CGSize(width: CGFloat(Int.random(in: 200 ... 400, using: &random)),
                                             height: CGFloat(Int.random(in: 120 ... 300, using: &random)))
            case 6: badgeGap.constant = CGFloat(Int.random(in: 0 ... 60, using: &random))
            default: optional.isActive.toggle()
            }
            screen.advance(by: Self.frame)
            let kept = subtreeFrames(root)
            if card.layoutSystem != nil && card.layoutSystem === before { reused += 1 }
            steps += 1
            let fresh = framesFromFreshSystem(card)
            #expect(kept == fresh, "step \(step)")
            if kept != fresh { break }
        }
        #expect(reused > steps / 2, "most changes move numbers in the kept system (\(reused) of \(steps))")
    }

    @Test("measuring a cell again and again with new text matches a fresh measurement")
    func repeatedMeasurement() {
        let content = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 44))
        let name = UILabel(), message = UILabel()
        message.numberOfLines = 0
        name.text = "Ada"
        for view in [name, message] {
            view.translatesAutoresizingMaskIntoConstraints = false
            content.addSubview(view)
        }
        NSLayoutConstraint.activate([
            name.leadingAnchor.constraint(equalTo: content.leadingAnchor, constant: 16),
            name.topAnchor.constraint(equalTo: content.topAnchor, constant: 12),
            message.leadingAnchor.constraint(equalTo: name.leadingAnchor),
            message.trailingAnchor.constraint(equalTo: content.trailingAnchor, constant: -16),
            message.topAnchor.constraint(equalTo: name.bottomAnchor, constant: 4),
            message.bottomAnchor.constraint(equalTo: content.bottomAnchor, constant: -12),
        ])
        func measure() -> CGSize {
            content.systemLayoutSizeFitting(CGSize(width: 320, height: 0), withHorizontalFittingPriority: .required,
                                            verticalFittingPriority: .fittingSizeLevel)
        }
        var heights = Set<CGFloat>()
        for n in 0 ..< 40 {
            message.text = String(repeating: "word \(n) ", count: (n % 9) * 4)
            let kept = measure()
            let system = content.measuringSystem
            content.measuringSystem = nil
            let fresh = measure()
            #expect(kept == fresh, "text \(n)")
            content.measuringSystem = system
            heights.insert(kept.height)
        }
        #expect(heights.count >= 4, "the text's lines show in the height")
        #expect(content.measuringSystem != nil, "the system is kept for the next measurement")
    }

    @Test("a constant changed so the required constraints conflict is reported, one is broken, and layout goes on")
    func conflictAfterChange() {
        let reports = ConstraintReports()
        defer { reports.restore() }
        let (screen, root) = makeScreen()
        let view = UIView()
        view.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(view)
        let width = view.widthAnchor.constraint(equalToConstant: 50)
        let limit = view.widthAnchor.constraint(lessThanOrEqualToConstant: 100)
        limit.identifier = "limit"
        NSLayoutConstraint.activate([
            width, limit, view.leftAnchor.constraint(equalTo: root.leftAnchor),
            view.topAnchor.constraint(equalTo: root.topAnchor), view.heightAnchor.constraint(equalToConstant: 10),
        ])
        screen.advance(by: Self.frame)
        #expect(view.frame.width == 50)
        #expect(reports.messages.isEmpty)
        width.constant = 140
        screen.advance(by: Self.frame)
        #expect(reports.messages.count == 1)
        #expect(reports.messages.first?.contains("Unable to simultaneously satisfy constraints") == true)
        #expect(reports.messages.first?.contains("limit") == true)
        #expect(view.frame.height == 10, "the rest of the layout still happens")
        width.constant = 80
        screen.advance(by: Self.frame)
        #expect(view.frame.width == 80, "once the conflict is gone, both hold again")
    }
}
