import Foundation
import Testing
@testable import TabulaUIKit
import TabulaUIKitTestSupport

@MainActor
@Suite("Layout guides: your own, the margins, the safe area, the readable width")
struct LayoutGuideTests {
    @Test("a guide between two views spaces them; it is not a subview and draws nothing")
    func ownGuide() {
        let screen = HeadlessScreen(size: CGSize(width: 400, height: 200))
        let window = UIWindow(frame: .zero)
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 200))
        window.addSubview(root)
        screen.show(window)
        let a = UIView(frame: .zero), b = UIView(frame: .zero)
        for v in [a, b] { v.translatesAutoresizingMaskIntoConstraints = false; root.addSubview(v) }
        let gap = UILayoutGuide()
        gap.identifier = "gap"
        root.addLayoutGuide(gap)
        #expect(root.layoutGuides.count == 1 && gap.owningView === root)
        #expect(root.subviews.count == 2, "a guide is not a subview")
        NSLayoutConstraint.activate([
            a.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            a.widthAnchor.constraint(equalToConstant: 100),
            gap.leadingAnchor.constraint(equalTo: a.trailingAnchor),
            gap.widthAnchor.constraint(equalToConstant: 50),
            b.leadingAnchor.constraint(equalTo: gap.trailingAnchor),
            b.trailingAnchor.constraint(equalTo: root.trailingAnchor),
            a.topAnchor.constraint(equalTo: root.topAnchor), a.heightAnchor.constraint(equalToConstant: 10),
            b.topAnchor.constraint(equalTo: root.topAnchor), b.heightAnchor.constraint(equalToConstant: 10),
            gap.topAnchor.constraint(equalTo: root.topAnchor), gap.heightAnchor.constraint(equalToConstant: 10),
        ])
        root.layoutIfNeeded()
        #expect(b.frame.minX == 150 && b.frame.width == 250)
        #expect(gap.layoutFrame == CGRect(x: 100, y: 0, width: 50, height: 10))
        root.removeLayoutGuide(gap)
        #expect(root.layoutGuides.isEmpty)
    }

    @Test("margin attributes of the item/attribute initializer are the margins: they follow layoutMargins and right to left")
    func marginAttributes() {
        let screen = HeadlessScreen(size: CGSize(width: 400, height: 200))
        let window = UIWindow(frame: .zero)
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 200))
        window.addSubview(root)
        screen.show(window)
        let box = UIView(frame: .zero)
        box.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(box)
        func pin(_ a: NSLayoutConstraint.Attribute, _ b: NSLayoutConstraint.Attribute) -> NSLayoutConstraint {
            NSLayoutConstraint(item: box, attribute: a, relatedBy: .equal, toItem: root, attribute: b, multiplier: 1, constant: 0)
        }
        let constraints = [pin(.leading, .leadingMargin), pin(.trailing, .trailingMargin),
                           pin(.top, .topMargin), pin(.bottom, .bottomMargin)]
        NSLayoutConstraint.activate(constraints)
        #expect(constraints.allSatisfy { $0.isActive })
        #expect(constraints[0].secondAttribute == .leadingMargin && constraints[0].secondItem === root,
                "the constraint keeps the item and attribute it was made with")
        root.layoutIfNeeded()
        #expect(box.frame == CGRect(x: 8, y: 8, width: 384, height: 184))
        root.directionalLayoutMargins = NSDirectionalEdgeInsets(top: 10, leading: 30, bottom: 20, trailing: 5)
        root.layoutIfNeeded()
        #expect(box.frame == CGRect(x: 30, y: 10, width: 365, height: 170))
        let tag = UIView(frame: .zero)
        tag.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(tag)
        NSLayoutConstraint.activate([
            NSLayoutConstraint(item: tag, attribute: .leading, relatedBy: .equal, toItem: root, attribute: .leadingMargin,
                               multiplier: 1, constant: 0),
            tag.topAnchor.constraint(equalTo: root.topAnchor), tag.widthAnchor.constraint(equalToConstant: 20),
            tag.heightAnchor.constraint(equalToConstant: 4),
        ])
        screen.advance(by: 1.0 / 60)
        #expect(tag.frame.minX == 30)
        // Right to left, the directional margins swap sides, and leading is the right margin.
        root.semanticContentAttribute = .forceRightToLeft
        screen.advance(by: 1.0 / 60)
        #expect(root.layoutMargins.left == 5 && root.layoutMargins.right == 30)
        #expect(root.directionalLayoutMargins.leading == 30)
        #expect(box.frame == CGRect(x: 5, y: 10, width: 365, height: 170))
        #expect(abs(tag.frame.maxX - 370) < 0.001, "leading is the right margin: \(tag.frame)")
        let centred = UIView(frame: .zero)
        centred.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(centred)
        NSLayoutConstraint.activate([
            NSLayoutConstraint(item: centred, attribute: .centerX, relatedBy: .equal, toItem: root,
                               attribute: .centerXWithinMargins, multiplier: 1, constant: 0),
            NSLayoutConstraint(item: centred, attribute: .centerY, relatedBy: .equal, toItem: root,
                               attribute: .centerYWithinMargins, multiplier: 1, constant: 0),
            centred.widthAnchor.constraint(equalToConstant: 10), centred.heightAnchor.constraint(equalToConstant: 10),
        ])
        root.layoutIfNeeded()
        // The margins' centre is 5 + 365 / 2 = 187.5, which puts the 10-point view's left edge
        // at 182.5: on this 1x screen its edges round to whole points (halves up), as UIKit's do.
        #expect(centred.center == CGPoint(x: 5 + 365.0 / 2 + 0.5, y: 10 + 85))
    }

    @Test("a margin attribute of a layout guide is refused with a report: a guide has no margins")
    func marginOfGuideRefused() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 200))
        let guide = UILayoutGuide()
        root.addLayoutGuide(guide)
        var reports: [String] = []
        let saved = NSLayoutConstraint.reportHandler
        NSLayoutConstraint.reportHandler = { reports.append($0) }
        defer { NSLayoutConstraint.reportHandler = saved }
        let constraint = NSLayoutConstraint(item: guide, attribute: .leadingMargin, relatedBy: .equal, toItem: root,
                                            attribute: .leading, multiplier: 1, constant: 0)
        constraint.isActive = true
        #expect(!constraint.isActive)
        #expect(reports.count == 1 && reports[0].contains("has no margins"), "\(reports)")
    }

    @Test("a guide moved inside an animation block lands at once, and the block's completion still runs (it waited for ever on the guide, so an edge swipe back never finished)")
    func guideInsideAnimationBlock() {
        let screen = HeadlessScreen(size: CGSize(width: 400, height: 200))
        let window = UIWindow(frame: .zero)
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 200))
        window.addSubview(root)
        screen.show(window)
        let box = UIView(frame: .zero)
        box.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(box)
        let guide = UILayoutGuide()
        root.addLayoutGuide(guide)
        let left = guide.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 10)
        NSLayoutConstraint.activate([
            left, guide.widthAnchor.constraint(equalToConstant: 50),
            guide.topAnchor.constraint(equalTo: root.topAnchor), guide.heightAnchor.constraint(equalToConstant: 20),
            box.leadingAnchor.constraint(equalTo: guide.trailingAnchor),
            box.topAnchor.constraint(equalTo: root.topAnchor),
            box.widthAnchor.constraint(equalToConstant: 30), box.heightAnchor.constraint(equalToConstant: 30),
        ])
        root.layoutIfNeeded()
        screen.advance(by: 0.1)
        var finished: Bool?
        left.constant = 110
        UIView.animate(withDuration: 0.3, animations: { root.layoutIfNeeded() }, completion: { finished = $0 })
        #expect(guide.layoutFrame.minX == 110, "a guide's frame is where layout put it, at once")
        screen.advance(by: 0.15)
        let midway = box.layer.presentation()?.frame.minX ?? 0
        #expect(midway > 60 && midway < 160, "the view placed by the guide still moves smoothly (at \(midway))")
        #expect(finished == nil)
        screen.advance(by: 0.3)
        #expect(finished == true, "the completion ran once the view's animation ended")
        #expect(box.frame.minX == 160)
    }

    @Test("the margins guide follows layoutMargins; the safe area guide follows the safe area; margins start from it")
    func marginsAndSafeArea() {
        let screen = HeadlessScreen(device: .iPhone15)
        let window = UIWindow(frame: .zero)
        let controller = UIViewController()
        window.rootViewController = controller
        screen.show(window)
        let root = controller.view!
        let content = UIView(frame: .zero), title = UIView(frame: .zero)
        for v in [content, title] { v.translatesAutoresizingMaskIntoConstraints = false; root.addSubview(v) }
        NSLayoutConstraint.activate([
            content.leadingAnchor.constraint(equalTo: root.safeAreaLayoutGuide.leadingAnchor),
            content.trailingAnchor.constraint(equalTo: root.safeAreaLayoutGuide.trailingAnchor),
            content.topAnchor.constraint(equalTo: root.safeAreaLayoutGuide.topAnchor),
            content.bottomAnchor.constraint(equalTo: root.safeAreaLayoutGuide.bottomAnchor),
            title.leadingAnchor.constraint(equalTo: root.layoutMarginsGuide.leadingAnchor),
            title.trailingAnchor.constraint(equalTo: root.layoutMarginsGuide.trailingAnchor),
            title.topAnchor.constraint(equalTo: root.layoutMarginsGuide.topAnchor),
            title.heightAnchor.constraint(equalToConstant: 30),
        ])
        screen.advance(by: 0.05)
        #expect(content.frame == CGRect(x: 0, y: 59, width: 393, height: 852 - 59 - 34))
        #expect(title.frame == CGRect(x: 16, y: 59, width: 393 - 32, height: 30),
                "a root view's margins are the system minimum: 16 points at the sides, none below the safe area's top")
        root.directionalLayoutMargins = NSDirectionalEdgeInsets(top: 10, leading: 20, bottom: 10, trailing: 20)
        screen.advance(by: 0.05)
        #expect(title.frame == CGRect(x: 20, y: 69, width: 353, height: 30))
        root.insetsLayoutMarginsFromSafeArea = false
        screen.advance(by: 0.05)
        #expect(title.frame.minY == 10)
        screen.rotate(to: .landscapeRight, duration: 0)
        screen.advance(by: 0.05)
        #expect(content.frame == CGRect(x: 59, y: 0, width: 852 - 118, height: 393 - 21), "the safe area turned with the screen")
    }

    @Test("the readable content guide is at most 672 points wide, centred, within the margins")
    func readable() {
        let screen = HeadlessScreen(size: CGSize(width: 1000, height: 400))
        let window = UIWindow(frame: .zero)
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 1000, height: 400))
        window.addSubview(root)
        screen.show(window)
        let text = UIView(frame: .zero)
        text.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(text)
        NSLayoutConstraint.activate([
            text.leadingAnchor.constraint(equalTo: root.readableContentGuide.leadingAnchor),
            text.trailingAnchor.constraint(equalTo: root.readableContentGuide.trailingAnchor),
            text.topAnchor.constraint(equalTo: root.topAnchor), text.heightAnchor.constraint(equalToConstant: 10),
        ])
        root.layoutIfNeeded()
        #expect(text.frame.width == 672 && text.frame.midX == 500)
        root.frame.size.width = 400
        root.layoutIfNeeded()
        #expect(text.frame.minX == 8 && text.frame.width == 384, "narrow: the margins decide")
    }
}
