import Foundation

/// A table row's index path packed in one word: the key of the maps a table keeps of its
/// rows on screen.
///
/// An `IndexPath` hashes its length and each index through a full `Hasher`, and compares
/// through its storage enum: a table that updates every frame looks its rows up a hundred
/// times a frame, and those lookups cost more than the rest of the maps' work. This key
/// hashes as one mixed word (``mix(_:seed:)``) and compares as one.
///
/// A section takes the high 24 bits and a row the low 40: the table's limits (10,000,000
/// sections, 10^12 rows) fit with room to spare. Only a two-index path with both indexes
/// in range has a key.
@frozen
public struct RowKey: Hashable, Sendable, Comparable {
    /// The section in bits 40 to 63, the row in bits 0 to 39.
    public let bits: UInt64

    /// The largest section and row a key holds.
    public static let maximumSection = (1 << 24) - 1, maximumRow = (1 << 40) - 1

    /// The key of row `row` of `section`, or nil when either is negative or above what a
    /// key holds.
    @inlinable
    public init?(row: Int, section: Int) {
        guard row >= 0, section >= 0, row <= Self.maximumRow, section <= Self.maximumSection else { return nil }
        bits = UInt64(truncatingIfNeeded: section) << 40 | UInt64(truncatingIfNeeded: row)
    }

    /// The key of `indexPath`, or nil when it is not a (section, row) path a key holds.
    @inlinable
    public init?(_ indexPath: IndexPath) {
        guard indexPath.count == 2 else { return nil }
        self.init(row: indexPath[1], section: indexPath[0])
    }

    /// The section.
    @inlinable public var section: Int { Int(truncatingIfNeeded: bits >> 40) }
    /// The row.
    @inlinable public var row: Int { Int(truncatingIfNeeded: bits & UInt64(Self.maximumRow)) }
    /// The index path the key stands for.
    @inlinable public var indexPath: IndexPath { IndexPath(row: row, section: section) }

    /// Feeds the packed word to `hasher`.
    @inlinable
    public func hash(into hasher: inout Hasher) { hasher.combine(bits) }

    /// The hash sets and dictionaries use: the packed word and the table's seed, mixed
    /// by ``mix(_:seed:)``.
    @inlinable
    public func _rawHashValue(seed: Int) -> Int { Self.mix(bits, seed: seed) }

    /// A word and a set's or dictionary's seed mixed into a hash: SplitMix64's finalizer
    /// (two multiplications and three shifts), whose every output bit depends on every
    /// input bit, so that the low bits a table's buckets use spread rows and sections
    /// alike.
    ///
    /// Not the standard library's SipHash: a table's keys are its own rows, not input an
    /// attacker chooses, and an update hashes the rows on screen into its sets and maps
    /// several hundred times (SipHash of one word costs six times this).
    @inlinable
    public static func mix(_ word: UInt64, seed: Int) -> Int {
        var x = word ^ UInt64(truncatingIfNeeded: seed)
        x = (x ^ (x &>> 30)) &* 0xBF58_476D_1CE4_E5B9
        x = (x ^ (x &>> 27)) &* 0x94D0_49BB_1331_11EB
        return Int(truncatingIfNeeded: x ^ (x &>> 31))
    }

    /// Index-path order: by section, then by row.
    @inlinable
    public static func < (a: RowKey, b: RowKey) -> Bool { a.bits < b.bits }
}

/// A map from a table's rows to values (the cells on screen, say), read and written by
/// index path as a dictionary is, keyed inside by ``RowKey``.
///
/// An index path that is not a row of a table (another length, a negative or huge index)
/// is in no map: reading it gives nil, and writing it changes nothing (the table writes
/// only rows of its geometry; debug builds stop there).
public struct RowMap<Value> {
    @usableFromInline var storage: [RowKey: Value]

    /// An empty map.
    @inlinable public init() { storage = [:] }

    /// An empty map with room for `capacity` rows.
    @inlinable public init(minimumCapacity capacity: Int) { storage = Dictionary(minimumCapacity: capacity) }

    /// The value of row `indexPath`, if any.
    @inlinable
    public subscript(indexPath: IndexPath) -> Value? {
        get { RowKey(indexPath).flatMap { storage[$0] } }
        set {
            guard let key = RowKey(indexPath) else {
                assert(newValue == nil, "RowMap: \(indexPath) is not a (section, row) index path of a table")
                return
            }
            storage[key] = newValue
        }
    }

    /// The value of the row `key` names, if any.
    @inlinable
    public subscript(key: RowKey) -> Value? {
        get { storage[key] }
        set { storage[key] = newValue }
    }

    /// Removes row `indexPath`'s value and returns it.
    @inlinable @discardableResult
    public mutating func removeValue(forKey indexPath: IndexPath) -> Value? {
        guard let key = RowKey(indexPath) else { return nil }
        return storage.removeValue(forKey: key)
    }

    /// How many rows have a value.
    @inlinable public var count: Int { storage.count }
    /// Whether no row has a value.
    @inlinable public var isEmpty: Bool { storage.isEmpty }
    /// The rows with a value, in no particular order.
    @inlinable public var keys: LazyMapSequence<Dictionary<RowKey, Value>.Keys, IndexPath> {
        storage.keys.lazy.map(\.indexPath)
    }
    /// The rows with a value, as keys, in no particular order.
    @inlinable public var rowKeys: Dictionary<RowKey, Value>.Keys { storage.keys }
    /// The values, in no particular order.
    @inlinable public var values: Dictionary<RowKey, Value>.Values { storage.values }

    /// Reserves room for `capacity` rows.
    @inlinable public mutating func reserveCapacity(_ capacity: Int) { storage.reserveCapacity(capacity) }
}

extension RowMap: Sequence {
    /// Each row with its value, in no particular order.
    public struct Iterator: IteratorProtocol {
        @usableFromInline var base: Dictionary<RowKey, Value>.Iterator
        @inlinable init(_ base: Dictionary<RowKey, Value>.Iterator) { self.base = base }
        /// The next row and its value, or nil after the last.
        @inlinable
        public mutating func next() -> (key: IndexPath, value: Value)? {
            base.next().map { (key: $0.key.indexPath, value: $0.value) }
        }
    }

    /// An iterator over the rows and their values.
    @inlinable public func makeIterator() -> Iterator { Iterator(storage.makeIterator()) }
    /// The number of rows with a value.
    @inlinable public var underestimatedCount: Int { storage.count }
}

extension RowMap: ExpressibleByDictionaryLiteral {
    /// A map of the rows given (each a (section, row) path of a table).
    public init(dictionaryLiteral elements: (IndexPath, Value)...) {
        self.init(minimumCapacity: elements.count)
        for (path, value) in elements { self[path] = value }
    }
}

extension RowMap: Sendable where Value: Sendable {}
