import Testing
@testable import TabulaPortKit

@Suite("Bad input and output")
struct BadInputTests {
    @Test("A file that does not parse is reported with its first syntax error's line and column")
    func syntaxError() {
        #expect(throws: PortError.self) { try Porter.port(source: "import UIKit\nclass C {\n    func f( {\n}\n") }
        do {
            _ = try Porter.port(source: "import UIKit\nclass C {\n    func f( {\n}\n")
        } catch let PortError.syntaxError(line, _, message) {
            #expect(line == 3)
            #expect(!message.isEmpty)
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }

    @Test("The unified diff of --dry-run shows the changed lines with context and correct hunk ranges")
    func diff() {
        let old = "a\nb\nc\nd\ne\nf\ng\nh\ni\nj\nk\nl\nm\nn\n"
        let new = "a\nb\nc\nD\ne\nf\ng\nh\ni\nj\nk\nl\nm\nn\no\n"
        #expect(UnifiedDiff.make(old: old, new: new, path: "F.swift") == """
            --- a/F.swift
            +++ b/F.swift
            @@ -1,7 +1,7 @@
             a
             b
             c
            -d
            +D
             e
             f
             g
            @@ -12,4 +12,5 @@
             l
             m
             n
            +o
             \n
            """)
        #expect(UnifiedDiff.make(old: old, new: old, path: "F.swift").isEmpty)
    }
}
