import Foundation
import Testing
@testable import TabulaUIKit
import TabulaUIKitTestSupport

/// A view that sets its width constraint in updateConstraints, as UIKit recommends.
@MainActor
final class UpdatingView: UIView {
    var log: [String]
    var wide = false { didSet { setNeedsUpdateConstraints() } }
    private lazy var width = widthAnchor.constraint(equalToConstant: 50)
    var keepsAsking = false

    init(log: [String]) {
        self.log = log
        super.init(frame: .zero)
        translatesAutoresizingMaskIntoConstraints = false
    }
    required init?(coder: NSCoder) { fatalError("not used") }

    override class var requiresConstraintBasedLayout: Bool { true }

    override func updateConstraints() {
        log.append("update \(wide ? "wide" : "narrow")")
        width.constant = wide ? 200 : 50
        width.isActive = true
        if keepsAsking { setNeedsUpdateConstraints() }
        super.updateConstraints()
    }

    override func layoutSubviews() {
        log.append("layout")
        super.layoutSubviews()
    }
}

@MainActor
@Suite("updateConstraints: the constraints pass before layout")
struct UpdateConstraintsTests {
    @Test("updateConstraints runs before layout, once per request, and requiresConstraintBasedLayout asks at first")
    func order() {
        let screen = HeadlessScreen(size: CGSize(width: 300, height: 300))
        let window = UIWindow(frame: .zero)
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        window.addSubview(root)
        let view = UpdatingView(log: [])
        #expect(view.needsUpdateConstraints(), "requiresConstraintBasedLayout asks at once")
        root.addSubview(view)
        NSLayoutConstraint.activate([
            view.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            view.topAnchor.constraint(equalTo: root.topAnchor),
            view.heightAnchor.constraint(equalToConstant: 20),
        ])
        screen.show(window)
        #expect(view.log.first == "update narrow")
        #expect(view.log.contains("layout"))
        #expect(view.frame.width == 50)
        view.log = []
        view.wide = true
        #expect(view.needsUpdateConstraints())
        screen.advance(by: 1.0 / 60)
        #expect(view.log.first == "update wide" && view.log.last == "layout", "constraints, then layout: \(view.log)")
        #expect(view.log.filter { $0.hasPrefix("update") }.count == 1)
        #expect(view.frame.width == 200)
        view.wide = false
        view.updateConstraintsIfNeeded()
        #expect(!view.needsUpdateConstraints())
    }

    @Test("an updateConstraints that keeps asking is cut off and reported; layout still happens")
    func cycleCutOff() {
        var reports: [String] = []
        let saved = NSLayoutConstraint.reportHandler
        NSLayoutConstraint.reportHandler = { reports.append($0) }
        defer { NSLayoutConstraint.reportHandler = saved }
        let screen = HeadlessScreen(size: CGSize(width: 300, height: 300))
        let window = UIWindow(frame: .zero)
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        window.addSubview(root)
        let view = UpdatingView(log: [])
        view.keepsAsking = true
        root.addSubview(view)
        NSLayoutConstraint.activate([
            view.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            view.topAnchor.constraint(equalTo: root.topAnchor),
            view.heightAnchor.constraint(equalToConstant: 20),
        ])
        screen.show(window)
        #expect(view.log.filter { $0.hasPrefix("update") }.count >= UIView.maximumConstraintUpdateRounds)
        #expect(reports.contains { $0.contains("kept asking") })
        #expect(view.frame.width == 50, "the layout went on")
        view.keepsAsking = false
        screen.advance(by: 1.0 / 60)
    }
}
