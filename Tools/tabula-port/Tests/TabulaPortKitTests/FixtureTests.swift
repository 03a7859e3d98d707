import Foundation
import Testing
@testable import TabulaPortKit

/// The UIKit controller in `Fixtures/`, ported, is what `Examples/PortedPlays` builds and
/// tests on Linux: if the tool's output changes, this fails until the example is
/// regenerated (`tabula-port Examples/PortedPlays/Sources/PortedPlays` on a fresh copy).
@Suite("The ported example")
struct FixtureTests {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    @Test("Porting Fixtures/PlaysViewController.swift gives Examples/PortedPlays, converting everything and leaving nothing")
    func fixtureMatchesExample() throws {
        let fixture = try String(contentsOf: Self.repository.appendingPathComponent(
            "Tools/tabula-port/Fixtures/PlaysViewController.swift"), encoding: .utf8)
        let example = try String(contentsOf: Self.repository.appendingPathComponent(
            "Examples/PortedPlays/Sources/PortedPlays/PlaysViewController.swift"), encoding: .utf8)
        let support = try String(contentsOf: Self.repository.appendingPathComponent(
            "Examples/PortedPlays/Sources/PortedPlays/\(SupportFile.name)"), encoding: .utf8)
        let result = try Porter.port(source: fixture)
        #expect(result.source == example)
        #expect(result.manualItems.isEmpty)
        #expect(result.conversions.count == 13)
        #expect(result.needsSupportFile)
        #expect(support == SupportFile.contents)
        #expect(!fixture.contains("#if canImport(UIKit)"), "the fixture is plain UIKit code")
    }
}
