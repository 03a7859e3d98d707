import Foundation
import Testing
@testable import TabulaCore

@Suite("UIEdgeInsets")
struct UIEdgeInsetsTests {
    @Test("zero, init() and the per-axis totals")
    func basics() {
        #expect(UIEdgeInsets() == .zero)
        #expect(UIEdgeInsets.zero == UIEdgeInsets(top: 0, left: 0, bottom: 0, right: 0))
        let insets = UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4)
        #expect((insets.top, insets.left, insets.bottom, insets.right) == (1, 2, 3, 4))
        #expect(insets.horizontal == 6)
        #expect(insets.vertical == 4)
        #expect(insets != UIEdgeInsets(top: 4, left: 3, bottom: 2, right: 1))
        #expect(insets.description == "{1.0, 2.0, 3.0, 4.0}")
    }

    @Test("positive insets shrink a rect edge by edge")
    func positiveInsets() {
        let rect = CGRect(x: 10, y: 20, width: 100, height: 50)
        #expect(rect.inset(by: UIEdgeInsets(top: 5, left: 10, bottom: 15, right: 20))
                == CGRect(x: 20, y: 25, width: 70, height: 30))
        #expect(rect.inset(by: UIEdgeInsets(top: 0, left: 0, bottom: 0, right: 30)) == CGRect(x: 10, y: 20, width: 70, height: 50))
        #expect(rect.inset(by: UIEdgeInsets(top: 8, left: 0, bottom: 0, right: 0)) == CGRect(x: 10, y: 28, width: 100, height: 42))
        #expect(rect.inset(by: .zero) == rect)
    }

    @Test("negative insets grow the rect outwards")
    func negativeInsets() {
        let rect = CGRect(x: 10, y: 20, width: 100, height: 50)
        #expect(rect.inset(by: UIEdgeInsets(top: -5, left: -10, bottom: -15, right: -20))
                == CGRect(x: 0, y: 15, width: 130, height: 70))
        // Mixed: shift left edge in, right edge out.
        #expect(rect.inset(by: UIEdgeInsets(top: 0, left: 10, bottom: 0, right: -10)) == CGRect(x: 20, y: 20, width: 100, height: 50))
    }

    @Test("insetting then applying the opposite insets restores the rect; edges move independently")
    func grid() {
        let rect = CGRect(x: -40, y: 15, width: 300, height: 200)
        let values: [CGFloat] = [-25, -1, 0, 2.5, 30]
        for top in values {
            for left in values {
                for bottom in values {
                    for right in values {
                        let insets = UIEdgeInsets(top: top, left: left, bottom: bottom, right: right)
                        let r = rect.inset(by: insets)
                        #expect(r.minX == rect.minX + left && r.maxX == rect.maxX - right)
                        #expect(r.minY == rect.minY + top && r.maxY == rect.maxY - bottom)
                        let back = r.inset(by: UIEdgeInsets(top: -top, left: -left, bottom: -bottom, right: -right))
                        #expect(back == rect)
                    }
                }
            }
        }
    }

    @Test("insets larger than the rect give a negative size, as UIEdgeInsetsInsetRect does (no clamping)")
    func overInset() {
        let r = CGRect(x: 0, y: 0, width: 10, height: 10).inset(by: UIEdgeInsets(top: 8, left: 8, bottom: 8, right: 8))
        #expect(r.origin == CGPoint(x: 8, y: 8))
        #expect(r.size == CGSize(width: -6, height: -6))
    }
}
