/// Thrown by ``IdentifierDiff`` when an identifier occurs more than once in the old or in
/// the new sequence.
///
/// A diff by identity needs every identifier to name one item: if "x" occurs twice in the
/// old sequence, nothing says which of the two the "x" in the new sequence is. UIKit's
/// `NSDiffableDataSourceSnapshot` rejects the same mistake.
///
/// The error lists the first few duplicated identifiers with the offsets where they occur,
/// so that the message points at the data that is wrong.
public struct DuplicateIdentifierError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The sequence that holds a duplicate.
    public enum Side: String, Sendable, Equatable {
        /// The sequence before the change.
        case old
        /// The sequence after the change.
        case new
    }

    /// One identifier that occurs more than once on one side.
    public struct Duplicate: Sendable, Equatable {
        /// The sequence in which the identifier repeats.
        public var side: Side
        /// The identifier, as `String(describing:)` shows it.
        public var identifier: String
        /// Its first ``DuplicateIdentifierError/offsetLimit`` offsets on that side, ascending.
        public var offsets: [Int]
        /// How many times it occurs on that side (``offsets`` may list fewer).
        public var occurrences: Int
    }

    /// The most identifiers listed in ``duplicates``.
    public static let identifierLimit = 5
    /// The most offsets listed for one duplicate.
    public static let offsetLimit = 8

    /// The first duplicated identifiers (at most ``identifierLimit``): those of `old`, then
    /// those of `new`, each side in order of first occurrence.
    public let duplicates: [Duplicate]
    /// How many identifiers occur more than once, counting each side separately and
    /// including those beyond ``duplicates``.
    public let duplicatedIdentifierCount: Int

    /// Finds every repeated identifier in `old` and in `new`.
    ///
    /// Only called once a repeat has been noticed, so it favours exact reporting over speed.
    @usableFromInline
    init<ID: Hashable>(old: UnsafeBufferPointer<ID>, new: UnsafeBufferPointer<ID>) {
        var duplicates: [Duplicate] = []
        var count = 0
        for (side, identifiers) in [(Side.old, old), (Side.new, new)] {
            var firstOffsets: [ID: Int] = [:]
            var repeats: [Int: [Int]] = [:]  // the later offsets, by first offset
            for (offset, identifier) in identifiers.enumerated() {
                if let first = firstOffsets[identifier] {
                    repeats[first, default: []].append(offset)
                } else {
                    firstOffsets[identifier] = offset
                }
            }
            count += repeats.count
            for first in repeats.keys.sorted().prefix(Self.identifierLimit - duplicates.count) {
                let offsets = [first] + repeats[first, default: []]
                duplicates.append(Duplicate(side: side, identifier: String(describing: identifiers[first]),
                                            offsets: Array(offsets.prefix(Self.offsetLimit)),
                                            occurrences: offsets.count))
            }
        }
        self.duplicates = duplicates
        duplicatedIdentifierCount = count
    }

    /// A message naming each listed duplicate, the side it is on and its offsets, and how many more there are.
    public var description: String {
        var parts = duplicates.map { duplicate in
            var offsets = duplicate.offsets.map(String.init).joined(separator: ", ")
            let unlisted = duplicate.occurrences - duplicate.offsets.count
            if unlisted > 0 { offsets += " and \(unlisted) more" }
            return "\"\(duplicate.identifier)\" occurs \(duplicate.occurrences) times in \(duplicate.side), "
                + "at offsets \(offsets)"
        }
        if duplicatedIdentifierCount > duplicates.count {
            parts.append("\(duplicatedIdentifierCount - duplicates.count) more identifiers occur more than once")
        }
        return "Identifiers must be unique in the old and in the new sequence, but "
            + parts.joined(separator: "; ") + "."
    }
}
