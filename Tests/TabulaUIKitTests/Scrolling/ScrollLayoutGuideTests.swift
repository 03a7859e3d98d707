import Foundation
import Testing
@testable import TabulaUIKit
import TabulaUIKitTestSupport

/// A form as apps write it: a scroll view filling the screen, a stack of rows in it
/// pinned to the content, as wide as the scroll view; no content size set by hand.
@MainActor
private final class FormController: UIViewController {
    enum Pinning { case guides, scrollViewEdges }
    let pinning: Pinning
    let scroll = UIScrollView()
    let stack = UIStackView()
    var rows: [UILabel] = []

    init(pinning: Pinning) {
        self.pinning = pinning
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { fatalError("not used") }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
        scroll.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(scroll)
        stack.axis = .vertical
        stack.spacing = 8
        stack.translatesAutoresizingMaskIntoConstraints = false
        scroll.addSubview(stack)
        for i in 0 ..< 30 {
            let row = UILabel()
            row.text = "Field \(i)"
            row.heightAnchor.constraint(equalToConstant: 44).isActive = true
            rows.append(row)
            stack.addArrangedSubview(row)
        }
        var constraints = [
            scroll.topAnchor.constraint(equalTo: view.topAnchor),
            scroll.bottomAnchor.constraint(equalTo: view.bottomAnchor),
            scroll.leadingAnchor.constraint(equalTo: view.leadingAnchor),
            scroll.trailingAnchor.constraint(equalTo: view.trailingAnchor),
        ]
        switch pinning {
        case .guides:
            let content = scroll.contentLayoutGuide
            constraints += [
                stack.topAnchor.constraint(equalTo: content.topAnchor, constant: 20),
                stack.bottomAnchor.constraint(equalTo: content.bottomAnchor, constant: -20),
                stack.leadingAnchor.constraint(equalTo: content.leadingAnchor, constant: 16),
                stack.trailingAnchor.constraint(equalTo: content.trailingAnchor, constant: -16),
                stack.widthAnchor.constraint(equalTo: scroll.frameLayoutGuide.widthAnchor, constant: -32),
            ]
        case .scrollViewEdges:
            // The way before iOS 11: the scroll view's edges mean its content; its width, its frame.
            constraints += [
                stack.topAnchor.constraint(equalTo: scroll.topAnchor, constant: 20),
                scroll.bottomAnchor.constraint(equalTo: stack.bottomAnchor, constant: 20),
                stack.leadingAnchor.constraint(equalTo: scroll.leadingAnchor, constant: 16),
                stack.trailingAnchor.constraint(equalTo: scroll.trailingAnchor, constant: -16),
                stack.widthAnchor.constraint(equalTo: scroll.widthAnchor, constant: -32),
            ]
        }
        NSLayoutConstraint.activate(constraints)
    }
}

@Suite("UIScrollView: content and frame layout guides")
@MainActor
struct ScrollLayoutGuideTests {
    /// The stack's height: 30 rows of 44 points, 8 apart.
    static let stackHeight: CGFloat = 30 * 44 + 29 * 8

    private func show(_ pinning: FormController.Pinning) -> (HeadlessScreen, FormController) {
        let screen = HeadlessScreen(device: .iPhone15)
        let form = FormController(pinning: pinning)
        let window = UIWindow(frame: .zero)
        window.rootViewController = form
        screen.show(window)
        screen.advance(by: 0.1)
        return (screen, form)
    }

    @Test("content pinned to the content guide sizes the content: the form scrolls, and its rows keep their place in it",
          arguments: [FormController.Pinning.guides, .scrollViewEdges])
    fileprivate func contentSizeFromConstraints(_ pinning: FormController.Pinning) {
        let (screen, form) = show(pinning)
        let scroll = form.scroll
        #expect(scroll.contentSize == CGSize(width: 393, height: Self.stackHeight + 40))
        #expect(form.stack.frame == CGRect(x: 16, y: 20, width: 361, height: Self.stackHeight))
        // A person drags the form up: it moves, and the rows stay where they are in the content.
        let before = scroll.contentOffset.y
        screen.drag(from: CGPoint(x: 200, y: 700), to: CGPoint(x: 200, y: 300), duration: 0.5)
        screen.advance(by: 3)
        #expect(scroll.contentOffset.y > before + 300, "the form scrolled: \(scroll.contentOffset.y)")
        scroll.layoutIfNeeded()
        form.view.layoutIfNeeded()
        #expect(form.stack.frame.origin == CGPoint(x: 16, y: 20), "in content coordinates, whatever the offset")
        let last = form.rows[29]
        let onScreen = last.convert(last.bounds, to: nil)
        #expect(onScreen.minY > 0 && onScreen.maxY < 852, "the last row can be brought on screen: \(onScreen)")
        // And back to the top.
        scroll.setContentOffset(CGPoint(x: 0, y: -scroll.adjustedContentInset.top), animated: false)
        form.view.layoutIfNeeded()
        #expect(form.rows[0].convert(form.rows[0].bounds, to: nil).minY == scroll.adjustedContentInset.top + 20)
    }

    @Test("the guides' frames: content at the content's corner with the content size; frame at the visible area")
    func guideFrames() {
        let (_, form) = show(.guides)
        let scroll = form.scroll
        scroll.contentOffset = CGPoint(x: 0, y: 250)
        form.view.layoutIfNeeded()
        #expect(scroll.contentLayoutGuide.layoutFrame == CGRect(origin: .zero, size: scroll.contentSize))
        #expect(scroll.frameLayoutGuide.layoutFrame == CGRect(x: 0, y: 250, width: 393, height: 852))
        #expect(scroll.layoutGuides.isEmpty, "the system's guides are not in layoutGuides")
        #expect(scroll.contentLayoutGuide === scroll.contentLayoutGuide)
        #expect(scroll.contentLayoutGuide.owningView === scroll && scroll.frameLayoutGuide.owningView === scroll)
    }

    @Test("a view pinned to the frame guide stays put on screen while the content scrolls under it")
    func floatingOverFrameGuide() {
        let (screen, form) = show(.guides)
        let scroll = form.scroll
        let badge = UIView()
        badge.backgroundColor = .systemRed
        badge.translatesAutoresizingMaskIntoConstraints = false
        scroll.addSubview(badge)
        NSLayoutConstraint.activate([
            badge.trailingAnchor.constraint(equalTo: scroll.frameLayoutGuide.trailingAnchor, constant: -16),
            badge.bottomAnchor.constraint(equalTo: scroll.frameLayoutGuide.bottomAnchor, constant: -50),
            badge.widthAnchor.constraint(equalToConstant: 56),
            badge.heightAnchor.constraint(equalToConstant: 56),
        ])
        screen.advance(by: 0.1)
        let expected = CGRect(x: 393 - 16 - 56, y: 852 - 50 - 56, width: 56, height: 56)
        #expect(badge.convert(badge.bounds, to: nil) == expected)
        screen.drag(from: CGPoint(x: 200, y: 600), to: CGPoint(x: 200, y: 300), duration: 0.4)
        screen.advance(by: 2)
        #expect(scroll.contentOffset.y > 200)
        let after = badge.convert(badge.bounds, to: nil)
        #expect(abs(after.minX - expected.minX) < 0.01 && abs(after.minY - expected.minY) < 0.01 && after.size == expected.size,
                "the badge did not move with the content: \(after)")
        #expect(form.stack.frame.minY == 20, "the content did")
        writeForLooking(screen.snapshot(), "scroll-form-floating-badge")
    }

    @Test("a scroll view placed through its frame guide stays where it is put as its content scrolls")
    func placedThroughFrameGuide() {
        let screen = HeadlessScreen(device: .iPhone15)
        let controller = UIViewController()
        let scroll = UIScrollView()
        scroll.translatesAutoresizingMaskIntoConstraints = false
        controller.view.addSubview(scroll)
        let content = UIView()
        content.translatesAutoresizingMaskIntoConstraints = false
        scroll.addSubview(content)
        let frame = scroll.frameLayoutGuide, area = scroll.contentLayoutGuide
        NSLayoutConstraint.activate([
            frame.topAnchor.constraint(equalTo: controller.view.topAnchor, constant: 300),
            frame.leadingAnchor.constraint(equalTo: controller.view.leadingAnchor),
            frame.trailingAnchor.constraint(equalTo: controller.view.trailingAnchor),
            frame.bottomAnchor.constraint(equalTo: controller.view.bottomAnchor),
            content.topAnchor.constraint(equalTo: area.topAnchor),
            content.bottomAnchor.constraint(equalTo: area.bottomAnchor),
            content.leadingAnchor.constraint(equalTo: area.leadingAnchor),
            content.trailingAnchor.constraint(equalTo: area.trailingAnchor),
            content.widthAnchor.constraint(equalTo: frame.widthAnchor),
            content.heightAnchor.constraint(equalToConstant: 2000),
        ])
        let window = UIWindow(frame: .zero)
        window.rootViewController = controller
        screen.show(window)
        screen.advance(by: 0.1)
        #expect(scroll.frame == CGRect(x: 0, y: 300, width: 393, height: 552))
        #expect(scroll.contentSize == CGSize(width: 393, height: 2000))
        scroll.contentOffset.y = 300
        controller.view.layoutIfNeeded()
        screen.advance(by: 0.1)
        #expect(scroll.frame == CGRect(x: 0, y: 300, width: 393, height: 552), "the scroll view did not move with its content")
        #expect(content.frame.minY == 0)
    }

    @Test("an axis the constraints leave open keeps the content size the app set")
    func openAxisKeepsAppContentSize() {
        let screen = HeadlessScreen(device: .iPhone15)
        let root = UIView()
        let scroll = UIScrollView(frame: CGRect(x: 0, y: 0, width: 393, height: 852))
        root.addSubview(scroll)
        let tile = UIView()
        tile.translatesAutoresizingMaskIntoConstraints = false
        scroll.addSubview(tile)
        NSLayoutConstraint.activate([
            tile.leadingAnchor.constraint(equalTo: scroll.contentLayoutGuide.leadingAnchor, constant: 10),
            tile.topAnchor.constraint(equalTo: scroll.contentLayoutGuide.topAnchor, constant: 10),
            tile.widthAnchor.constraint(equalToConstant: 100),
            tile.heightAnchor.constraint(equalToConstant: 100),
        ])
        scroll.contentSize = CGSize(width: 1000, height: 3000)
        let window = UIWindow(frame: .zero)
        window.addSubview(root)
        root.frame = CGRect(x: 0, y: 0, width: 393, height: 852)
        screen.show(window)
        screen.advance(by: 0.1)
        #expect(tile.frame == CGRect(x: 10, y: 10, width: 100, height: 100))
        #expect(scroll.contentSize == CGSize(width: 1000, height: 3000))
        // Widening the content from the constraints' side changes only that axis.
        tile.trailingAnchor.constraint(equalTo: scroll.contentLayoutGuide.trailingAnchor, constant: -10).isActive = true
        screen.advance(by: 0.1)
        #expect(scroll.contentSize == CGSize(width: 120, height: 3000))
    }

    @Test("a scroll view that is itself the layout root sizes its content from the constraints")
    func scrollViewAsLayoutRoot() {
        let screen = HeadlessScreen(device: .iPhone15)
        let scroll = UIScrollView(frame: CGRect(x: 0, y: 0, width: 393, height: 852))
        let content = UIView()
        content.translatesAutoresizingMaskIntoConstraints = false
        scroll.addSubview(content)
        NSLayoutConstraint.activate([
            content.topAnchor.constraint(equalTo: scroll.topAnchor),
            content.bottomAnchor.constraint(equalTo: scroll.bottomAnchor),
            content.leadingAnchor.constraint(equalTo: scroll.leadingAnchor),
            content.trailingAnchor.constraint(equalTo: scroll.trailingAnchor),
            content.widthAnchor.constraint(equalTo: scroll.widthAnchor),
            content.heightAnchor.constraint(equalToConstant: 2000),
        ])
        let window = UIWindow(frame: .zero)
        window.addSubview(scroll)
        screen.show(window)
        screen.advance(by: 0.1)
        #expect(scroll.contentSize == CGSize(width: 393, height: 2000))
        scroll.contentOffset = CGPoint(x: 0, y: 500)
        scroll.layoutIfNeeded()
        #expect(content.frame == CGRect(x: 0, y: 0, width: 393, height: 2000))
    }
}
