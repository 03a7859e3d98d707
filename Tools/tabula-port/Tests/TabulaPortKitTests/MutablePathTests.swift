import Foundation
import Testing
@testable import TabulaPortKit

/// `CGMutablePath` is a class in Core Graphics and a value type (`Path`) in Tabula, whose
/// Core Graphics methods are `mutating`: a path built in a `let` must become a `var`.
@Suite("CGMutablePath as a value type")
struct MutablePathTests {
    @Test("A local let path = CGMutablePath() mutated later becomes var, with a note about iOS's warning")
    func local() throws {
        let result = try ported("""
            func triangle(in rect: CGRect) -> CGPath {
                let path = CGMutablePath()
                path.move(to: CGPoint(x: rect.midX, y: rect.minY))
                path.addLine(to: CGPoint(x: rect.maxX, y: rect.maxY))
                path.closeSubpath()
                return path
            }
            """)
        #expect(result.source.contains("    var path = CGMutablePath()\n    path.move("), "\(result.source)")
        let note = try #require(result.conversions.first { $0.line == 2 })
        #expect(note.message.hasPrefix("let path → var path: CGMutablePath is a value type in Tabula"))
        #expect(note.message.contains("move(to:)"))
        #expect(note.message.contains("never mutated"))
        #expect(result.manualItems.isEmpty, "\(result.manualItems)")
    }

    @Test("A type annotation, arguments, mutableCopy() and optional chaining count; a path never mutated stays let")
    func forms() throws {
        let result = try ported("""
            func shapes(base: CGPath, rect: CGRect) -> [CGPath] {
                let a: CGMutablePath = CGMutablePath()
                a.addRect(rect)
                let b = CGMutablePath(rect: rect, transform: nil)
                b.addEllipse(in: rect.insetBy(dx: 4, dy: 4))
                let c = base.mutableCopy()
                c?.addArc(center: .zero, radius: 3, startAngle: 0, endAngle: .pi, clockwise: true)
                let d = base.mutableCopy()!
                items.forEach { d.addQuadCurve(to: $0, control: .zero) }
                let untouched = CGMutablePath()
                let other = UIBezierPath()
                other.addLine(to: .zero)
                return [a, b, c!, d, untouched]
            }
            """)
        let output = lines(result.source)
        #expect(output.contains("var a: CGMutablePath = CGMutablePath()"), "\(result.source)")
        #expect(output.contains("var b = CGMutablePath(rect: rect, transform: nil)"))
        #expect(output.contains("var c = base.mutableCopy()"))
        #expect(output.contains("var d = base.mutableCopy()!"))
        #expect(output.contains("let untouched = CGMutablePath()"))
        #expect(output.contains("let other = UIBezierPath()"))
        #expect(result.conversions.map(\.line) == [2, 4, 6, 8], "\(result.notes)")
    }

    @Test("A mutation before the declaration, or of another variable of the same name elsewhere, does not count")
    func scope() throws {
        let result = try ported("""
            func one() {
                let path = CGMutablePath()
                layer.path = path
            }
            func two(path: inout CGMutablePath) {
                path.addLine(to: .zero)
            }
            """)
        #expect(lines(result.source).contains("let path = CGMutablePath()"), "\(result.source)")
        #expect(result.notes.isEmpty, "\(result.notes)")
    }

    @Test("if let / guard let of a mutable copy become var when the copy is mutated in their scope")
    func optionalBinding() throws {
        let result = try ported("""
            func outline(_ base: CGPath) -> CGPath? {
                if let copy = base.mutableCopy() {
                    copy.addRect(.zero)
                }
                guard let other = base.mutableCopy() else { return nil }
                other.closeSubpath()
                if let kept = base.mutableCopy() { return kept }
                return other
            }
            """)
        let output = lines(result.source)
        #expect(output.contains("if var copy = base.mutableCopy() {"), "\(result.source)")
        #expect(output.contains("guard var other = base.mutableCopy() else { return nil }"))
        #expect(output.contains("if let kept = base.mutableCopy() { return kept }"))
        #expect(result.conversions.map(\.line) == [2, 5], "\(result.notes)")
    }

    @Test("A class's stored let path mutated in its methods (or through self) becomes var: a class's methods may mutate it")
    func classProperty() throws {
        let result = try ported("""
            final class Sketch: UIView {
                private let path = CGMutablePath()
                let untouched = CGMutablePath()
                func add(_ point: CGPoint) {
                    self.path.addLine(to: point)
                }
            }
            final class Trail {
                let path: CGMutablePath
                init() { path = CGMutablePath() }
            }
            extension Trail {
                func extend(to point: CGPoint) { path.addLine(to: point) }
            }
            """)
        let output = lines(result.source)
        #expect(output.contains("private var path = CGMutablePath()"), "\(result.source)")
        #expect(output.contains("let untouched = CGMutablePath()"))
        #expect(output.contains("var path: CGMutablePath"))
        let note = try #require(result.conversions.first { $0.line == 2 })
        #expect(note.message.contains("stored property mutated through its methods (addLine(to:)) must be a var"))
        #expect(note.message.contains("without `mutating`"))
        #expect(result.conversions.map(\.line) == [2, 9], "\(result.notes)")
        #expect(result.manualItems.isEmpty, "\(result.manualItems)")
    }

    @Test("A struct's stored let path mutated in its methods is left, with a note about var and mutating")
    func structProperty() throws {
        let result = try ported("""
            struct Builder {
                let path = CGMutablePath()
                func add(_ rect: CGRect) { path.addRect(rect) }
            }
            """)
        #expect(lines(result.source).contains("let path = CGMutablePath()"), "\(result.source)")
        let note = try #require(result.manualItems.first)
        #expect(note.line == 2)
        #expect(note.message.contains("must be a var, and the methods of Builder that do it must be `mutating`"))
    }

    @Test("A CGMutablePath parameter mutated in its function is noted: inout would change the call sites")
    func parameter() throws {
        let result = try ported("""
            func addStar(to path: CGMutablePath, at center: CGPoint) {
                path.move(to: center)
                path.addLine(to: .zero)
            }
            func measure(_ path: CGMutablePath) -> CGRect { path.boundingBox }
            """)
        #expect(!result.changed)
        #expect(result.manualItems.count == 1, "\(result.notes)")
        let note = try #require(result.manualItems.first)
        #expect(note.line == 1)
        #expect(note.message.hasPrefix("path: CGMutablePath is a value type in Tabula"))
        #expect(note.message.contains("move(to:)"))
        #expect(note.message.contains("`inout`"))
    }

    @Test("A path at a file's top level becomes var, with a note that a global var needs isolation in Swift 6")
    func topLevel() throws {
        let result = try ported("""
            let outline = CGMutablePath()
            func grow() { outline.addRect(.zero) }
            """)
        #expect(result.source.hasPrefix("var outline = CGMutablePath()"), "\(result.source)")
        let note = try #require(result.conversions.first)
        #expect(note.message.contains("global"))
        let local = try ported("func f() {\n    let p = CGMutablePath()\n    p.closeSubpath()\n}")
        #expect(!(local.conversions.first?.message.contains("global") ?? true))
    }
}
