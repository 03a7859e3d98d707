import Foundation
import Testing
@testable import TabulaCore
import TabulaTestBasics

@Suite("IndexPath for tables")
struct IndexPathTests {
    @Test("IndexPath(row:section:) stores [section, row]")
    func rowAndSection() {
        for section in [0, 1, 7, 1000] {
            for row in [0, 3, 42] {
                let path = IndexPath(row: row, section: section)
                #expect(path.row == row)
                #expect(path.section == section)
                #expect(path.item == row)
                #expect(path.count == 2)
                #expect(Array(path) == [section, row])
                #expect(path == IndexPath(indexes: [section, row]))
            }
        }
        #expect(IndexPath(row: 1, section: 2) != IndexPath(row: 2, section: 1))
    }

    @Test("row, section and item are settable")
    func setters() {
        var path = IndexPath(row: 1, section: 2)
        path.row = 5
        #expect(path == IndexPath(row: 5, section: 2))
        path.section = 9
        #expect(path == IndexPath(row: 5, section: 9))
        path.item = 0
        #expect(path.row == 0 && path.section == 9)
    }

    @Test("paths sort by section first, then by row")
    func sorting() {
        #expect(IndexPath(row: 99, section: 0) < IndexPath(row: 0, section: 1))
        #expect(IndexPath(row: 1, section: 3) < IndexPath(row: 2, section: 3))
        #expect(!(IndexPath(row: 2, section: 3) < IndexPath(row: 2, section: 3)))
        let ordered = (0..<4).flatMap { section in (0..<5).map { row in IndexPath(row: row, section: section) } }
        var rng = SeededRandom(seed: 40)
        for _ in 0..<20 {
            #expect(ordered.shuffled(using: &rng).sorted() == ordered)
        }
    }

    @Test("paths hash by value")
    func hashing() {
        let set: Set = [IndexPath(row: 1, section: 0), IndexPath(row: 0, section: 1), IndexPath(row: 1, section: 0)]
        #expect(set.count == 2)
        #expect(set.contains(IndexPath(row: 0, section: 1)))
    }
}
