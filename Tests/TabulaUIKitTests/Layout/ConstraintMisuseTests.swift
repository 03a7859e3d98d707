import Foundation
import Testing
import TabulaUIKitTestSupport
@testable import TabulaUIKit

/// Constraints that cannot be solved (NaN or infinite numbers, priorities outside
/// 1...1000) are reported, and what `isActive` reads says what the layout does with them.
@MainActor
@Suite("Auto Layout: constraints that cannot be solved", .serialized)
struct ConstraintMisuseTests {
    func pair() -> (UIView, UIView) {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        let child = UIView()
        child.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(child)
        return (root, child)
    }

    @Test("a constraint with a NaN or infinite constant or multiplier, or priority 0 or 1001, stays inactive",
          arguments: [(CGFloat.nan, CGFloat(1), Float(1000)), (.infinity, 1, 1000), (10, .nan, 1000),
                      (10, -.infinity, 1000), (10, 1, 0), (10, 1, 1001), (10, 1, .nan)])
    func unusableConstraintsReadInactive(constant: CGFloat, multiplier: CGFloat, priority: Float) {
        let reports = ConstraintReports()
        defer { reports.restore() }
        let (root, child) = pair()
        let c = NSLayoutConstraint(item: child, attribute: .width, relatedBy: .equal, toItem: root, attribute: .width,
                                   multiplier: multiplier, constant: constant)
        c.priority = UILayoutPriority(priority)
        c.isActive = true
        #expect(!c.isActive)
        #expect(reports.messages.count == 1)
        #expect(reports.messages.first?.contains("Unable to activate") == true)
        root.layoutIfNeeded()
        #expect(child.frame.width.isFinite)
    }

    @Test("NSLayoutConstraint() is an empty placeholder: activating it is reported; replaced by a real one, layout goes on")
    func emptyPlaceholder() {
        let reports = ConstraintReports()
        defer { reports.restore() }
        let (root, child) = pair()
        var width = NSLayoutConstraint()
        #expect(width.firstItem == nil && width.secondItem == nil && width.firstAttribute == .notAnAttribute)
        #expect(width.multiplier == 1 && width.constant == 0 && width.priority == .required)
        width.isActive = true
        #expect(!width.isActive)
        #expect(reports.messages.count == 1 && reports.messages.first?.contains("first item is not a view") == true,
                "\(reports.messages)")
        width.isActive = false
        width = child.widthAnchor.constraint(equalToConstant: 120)
        NSLayoutConstraint.activate([width, child.heightAnchor.constraint(equalToConstant: 30)])
        root.layoutIfNeeded()
        #expect(child.frame.size == CGSize(width: 120, height: 30))
    }

    @Test("an active constraint keeps its constant and priority when given unusable ones, and stays active")
    func activeConstraintRefusesUnusableValues() {
        let reports = ConstraintReports()
        defer { reports.restore() }
        let (root, child) = pair()
        let width = child.widthAnchor.constraint(equalToConstant: 40)
        NSLayoutConstraint.activate([width, child.heightAnchor.constraint(equalToConstant: 20),
                                     child.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                                     child.topAnchor.constraint(equalTo: root.topAnchor)])
        root.layoutIfNeeded()
        width.constant = .nan
        width.constant = -.infinity
        width.priority = UILayoutPriority(0)
        width.priority = UILayoutPriority(5000)
        #expect(width.constant == 40 && width.priority == .required && width.isActive)
        #expect(reports.messages.count == 4, "\(reports.messages)")
        root.layoutIfNeeded()
        #expect(child.frame.width == 40)
        width.constant = 60
        root.layoutIfNeeded()
        #expect(child.frame.width == 60)
    }
}
