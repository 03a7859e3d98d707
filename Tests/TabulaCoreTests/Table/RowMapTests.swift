import Foundation
import Testing
@testable import TabulaCore

/// The packed row key and the map of rows a table keeps: index-path order, and index
/// paths that are not rows of a table (careless code asks for those) read as absent.
@Suite("RowKey and RowMap")
struct RowMapTests {
    @Test("a key keeps its section and row, and keys sort as their index paths do")
    func roundTripAndOrder() throws {
        var paths: [IndexPath] = []
        for section in [0, 1, 7, RowKey.maximumSection] {
            for row in [0, 1, 44, 1 << 32, RowKey.maximumRow] { paths.append(IndexPath(row: row, section: section)) }
        }
        for path in paths {
            let key = try #require(RowKey(path), "\(path)")
            #expect(key.indexPath == path && key.section == path.section && key.row == path.row)
        }
        let keys = paths.shuffled().compactMap(RowKey.init)
        #expect(keys.sorted().map(\.indexPath) == paths.sorted())
    }

    @Test("index paths that are not (section, row) of a table have no key")
    func badPathsHaveNoKey() {
        let bad = [IndexPath(), IndexPath(index: 3), IndexPath(indexes: [0, 1, 2]), IndexPath(row: -1, section: 0),
                   IndexPath(row: 0, section: -1), IndexPath(row: Int.max, section: 0), IndexPath(row: 0, section: Int.max),
                   IndexPath(row: RowKey.maximumRow + 1, section: 0), IndexPath(row: 0, section: RowKey.maximumSection + 1),
                   IndexPath(row: Int.min, section: Int.min)]
        for path in bad { #expect(RowKey(path) == nil, "\(path)") }
        #expect(RowKey(row: 3, section: -2) == nil)
    }

    @Test("a map reads and writes by index path; a path with no key reads as absent and removes nothing")
    func mapByIndexPath() {
        var map: RowMap<String> = [IndexPath(row: 2, section: 0): "two"]
        map[IndexPath(row: 0, section: 1)] = "first of one"
        #expect(map.count == 2 && map[IndexPath(row: 2, section: 0)] == "two")
        #expect(map[IndexPath(row: Int.max, section: 0)] == nil)
        #expect(map[IndexPath(index: 2)] == nil, "a one-index path is no row")
        #expect(map.removeValue(forKey: IndexPath(indexes: [0, 2, 0])) == nil)
        map[IndexPath(row: -5, section: 0)] = nil  // writing nothing for no row changes nothing
        #expect(map.count == 2)
        #expect(Set(map.keys) == [IndexPath(row: 2, section: 0), IndexPath(row: 0, section: 1)])
        #expect(map.removeValue(forKey: IndexPath(row: 2, section: 0)) == "two" && map.count == 1)
        let pairs = map.map { "\($0.key.section).\($0.key.row)=\($0.value)" }
        #expect(pairs == ["1.0=first of one"])
    }

    @Test("rows, headers and footers spread over a set's buckets: the low bits of their hashes differ")
    func hashesSpread() {
        // 64 sections of 64 rows: a hash that kept the row in its low bits, or the section
        // in its high ones, would put them in 64 buckets of 4,096. Random hashes fill
        // about 63 % of 4,096 buckets with 4,096 keys.
        func buckets(_ hashes: [Int]) -> Int { Set(hashes.map { $0 & 4095 }).count }
        var keys: [RowKey] = [], items: [TableItem] = []
        for section in 0 ..< 64 {
            for row in 0 ..< 64 {
                keys.append(RowKey(row: row, section: section)!)
                items.append(.row(IndexPath(row: row, section: section)))
            }
        }
        for seed in [0, 1, 0x5EED] {
            #expect(buckets(keys.map { $0._rawHashValue(seed: seed) }) > 2400, "row keys, seed \(seed)")
            #expect(buckets(items.map { $0._rawHashValue(seed: seed) }) > 2400, "table items, seed \(seed)")
        }
        let supplements = (0 ..< 4096).flatMap { [TableItem.header($0), .footer($0)] }
        #expect(buckets(supplements.map { $0._rawHashValue(seed: 7) }) > 2400, "headers and footers")
        #expect(Set(supplements.map { $0._rawHashValue(seed: 7) }).count == supplements.count, "no two alike")
        // Equal keys hash alike, and a set finds every one.
        #expect(RowKey(row: 5, section: 2)!._rawHashValue(seed: 3) == RowKey(row: 5, section: 2)!._rawHashValue(seed: 3))
        let set = Set(items)
        #expect(items.allSatisfy(set.contains) && set.count == items.count)
    }
}
