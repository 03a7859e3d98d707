import Foundation
import Testing
@testable import TabulaUIKit

/// A 300 × 200 box holding views named `a`, `b` and `c`, placed by constraints.
@MainActor
private struct Box {
    let box = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 200))
    let a = UIView(), b = UIView(), c = UIView()
    var views: [String: Any] { ["a": a, "b": b, "c": c] }

    init() {
        for view in [a, b, c] {
            view.translatesAutoresizingMaskIntoConstraints = false
            box.addSubview(view)
        }
    }

    func lay(_ formats: [String], options: NSLayoutConstraint.FormatOptions = [], metrics: [String: Any]? = nil) {
        for format in formats {
            NSLayoutConstraint.activate(NSLayoutConstraint.constraints(withVisualFormat: format, options: options,
                                                                       metrics: metrics, views: views))
        }
        box.layoutIfNeeded()
    }
}

@MainActor
@Suite("NSLayoutConstraint's visual format language")
struct VisualFormatTests {
    @Test("standard spaces, fixed and minimum sizes, equal sizes, touching views, H and V")
    func spacesAndSizes() {
        let box = Box()
        box.lay(["H:|-[a(100)]-[b(>=60)]-|", "H:|[c]|", "V:|-10-[a(30)][c(==a)]", "V:|-10-[b(==a)]"])
        #expect(box.a.frame == CGRect(x: 20, y: 10, width: 100, height: 30), "20 to the superview: \(box.a.frame)")
        #expect(box.b.frame == CGRect(x: 128, y: 10, width: 152, height: 30), "8 between views: \(box.b.frame)")
        #expect(box.c.frame == CGRect(x: 0, y: 40, width: 300, height: 30), "touching: \(box.c.frame)")
    }

    @Test("metrics and priorities: a space at priority 750 gives way to a required width")
    func metricsAndPriorities() {
        let box = Box()
        box.lay(["H:|-margin-[a]-(margin@750)-|", "H:[a(250)]", "V:|-(top)-[a(20)]"], metrics: ["margin": 12, "top": 4.5])
        // The top metric, 4.5, is half a point: outside a window frames are rounded to whole
        // points, the half up, as UIKit rounds them on a 1x screen.
        #expect(box.box.constraints.contains { $0.firstAttribute == .top && $0.constant == 4.5 })
        #expect(box.a.frame == CGRect(x: 12, y: 5, width: 250, height: 20), "\(box.a.frame)")
        let constraints = NSLayoutConstraint.constraints(withVisualFormat: "H:[a]-(>=8,<=40@500)-[b]", metrics: nil,
                                                         views: box.views)
        #expect(constraints.count == 2)
        #expect(constraints.allSatisfy { !$0.isActive }, "made, not activated")
        #expect(constraints.map(\.relation) == [.greaterThanOrEqual, .lessThanOrEqual])
        #expect(constraints.map(\.priority) == [.required, UILayoutPriority(500)])
        #expect(constraints[0].firstItem === box.b && constraints[0].firstAttribute == .leading
                    && constraints[0].secondItem === box.a && constraints[0].secondAttribute == .trailing)
    }

    @Test("options: alignment across the format, a right-to-left reading, baseline-to-baseline spaces")
    func options() {
        let box = Box()
        box.lay(["H:|-[a(50)]-[b(60)]-[c(70)]"], options: [.alignAllCenterY, .directionRightToLeft])
        box.lay(["V:|-[a(40)]", "V:[b(20)]", "V:[c(10)]"])
        #expect(box.a.frame == CGRect(x: 230, y: 20, width: 50, height: 40), "from the right edge: \(box.a.frame)")
        #expect(box.b.frame == CGRect(x: 162, y: 30, width: 60, height: 20), "left of a, centred with it: \(box.b.frame)")
        #expect(box.c.frame.maxX == 154 && box.c.frame.midY == 40)

        let baseline = NSLayoutConstraint.constraints(withVisualFormat: "V:[a]-[b]", options: .spacingBaselineToBaseline,
                                                      metrics: nil, views: Box().views)
        #expect(baseline.first?.firstAttribute == .firstBaseline && baseline.first?.secondAttribute == .lastBaseline)
    }

    @Test("a format it cannot read is reported with what and where, and gives no constraints")
    func badFormats() {
        var reports: [String] = []
        let previous = NSLayoutConstraint.reportHandler
        NSLayoutConstraint.reportHandler = { reports.append($0) }
        defer { NSLayoutConstraint.reportHandler = previous }
        let box = Box()
        let bad: [(String, String)] = [
            ("H:|-[a]-[missing]-|", "\"missing\" is not a key in the views dictionary"),
            ("H:|-[a(>=wide)]", "\"wide\" is neither a metric nor a view"),
            ("H:|-[a]-10", "a space must end with -"),
            ("X:[a]", "the orientation must be H or V"),
            ("H:[a]-(8@2000)-[b]", "a priority is from 1 to 1000"),
            ("V:|-[a]-|", ""),
            ("H:[a]|[b]", "unexpected"),
            ("H:[a(==b)]-(b)-[c]", "a space cannot be a view's size"),
            ("H:[a]-[b]", ""),
            ("V:[a][b]", ""),
            ("H:[a][b]", "left alignment runs along a horizontal format"),
        ]
        for (format, expected) in bad {
            reports.removeAll()
            let constraints = NSLayoutConstraint.constraints(withVisualFormat: format, options: format == "H:[a][b]" ? .alignAllLeft : [],
                                                             metrics: ["one": 1], views: box.views)
            if expected.isEmpty {
                #expect(!constraints.isEmpty && reports.isEmpty, "\(format) is a good format: \(reports)")
                continue
            }
            #expect(constraints.isEmpty, "\(format)")
            #expect(reports.count == 1 && reports.first?.contains(expected) == true, "\(format): \(reports)")
        }
        // Careless metrics: NaN is refused; Int.max is a number (the constraint solver
        // then reports what it cannot satisfy), never a trap.
        reports.removeAll()
        #expect(NSLayoutConstraint.constraints(withVisualFormat: "H:[a(w)]", metrics: ["w": Double.nan], views: box.views).isEmpty)
        #expect(reports.first?.contains("metrics[\"w\"] is not a finite number") == true, "\(reports)")
        #expect(NSLayoutConstraint.constraints(withVisualFormat: "H:[a(w)]", metrics: ["w": Int.max], views: box.views).count == 1)
        // A | next to a view without a superview.
        reports.removeAll()
        let loose = UIView()
        #expect(NSLayoutConstraint.constraints(withVisualFormat: "|-[v]", metrics: nil, views: ["v": loose]).isEmpty)
        #expect(reports.first?.contains("has no superview") == true, "\(reports)")
    }
}
