import Foundation
import Testing
@testable import TabulaPortKit

/// Ports `source` and returns the result; fails the test when porting throws.
func ported(_ source: String, context: ProjectContext = ProjectContext(),
            sourceLocation: SourceLocation = #_sourceLocation) throws -> PortResult {
    try Porter.port(source: source, context: context)
}

/// The code lines of `text` with surrounding whitespace trimmed and blank lines dropped,
/// so expectations can be written without repeating indentation.
func lines(_ text: String) -> [String] {
    text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
}
