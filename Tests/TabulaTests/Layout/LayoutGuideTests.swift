import Foundation
import Testing
@testable import Tabula

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
        #expect(title.frame == CGRect(x: 8, y: 59 + 8, width: 393 - 16, height: 30))
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
