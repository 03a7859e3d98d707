import CTabulaMemory
import Foundation

/// How ``IdentifierMatching`` hashes and compares identifiers: with their own `Hashable`
/// conformance (``StandardHashing``), or, for `String` identifiers, with the faster
/// ``ASCIIStringHashing``, which may give up.
///
/// A hashing must agree with `==`: identifiers that are equal have equal hashes. One that
/// meets an identifier it cannot hash that way sets ``gaveUp`` (and returns any value); one
/// whose hashes could be made to collide on purpose sets ``limitsProbes``. In either case
/// the matching stops and starts over with ``StandardHashing``, which never gives up.
@usableFromInline
protocol IdentifierHashing<ID> {
    associatedtype ID
    /// The hash of `id`.
    mutating func hash(_ id: ID) -> Int
    /// Whether `a` and `b` are the same identifier.
    func equal(_ a: ID, _ b: ID) -> Bool
    /// Whether an identifier was hashed that this hashing cannot hash consistently with
    /// `==`.
    var gaveUp: Bool { get }
    /// Whether the matching should give up when its hash table probes far more slots than
    /// a table with well-spread hashes would: true for a hash without the standard
    /// library's protection against inputs chosen to collide.
    static var limitsProbes: Bool { get }
    /// Asks the processor to start reading the identifiers at `range` of `ids` from memory,
    /// without waiting, for identifiers whose bytes live elsewhere (a `String`'s on the
    /// heap): the hashing and comparing that follow find them in the cache instead of
    /// waiting for each in turn.
    mutating func prefetch(_ ids: UnsafeBufferPointer<ID>, _ range: Range<Int>)
    /// Whether the identifiers' bytes live outside the buffers being matched (a long
    /// `String`'s, on the heap), so that the matching hashes the old ones only a little
    /// ahead of the new ones it compares them with (see ``IdentifierMatching``).
    var readsStorageElsewhere: Bool { get }
}

extension IdentifierHashing {
    /// Nothing to read ahead: the identifiers are in the buffer.
    @inlinable
    mutating func prefetch(_ ids: UnsafeBufferPointer<ID>, _ range: Range<Int>) {}

    /// False: identifiers in the buffer are as quick to read again as to read once.
    @inlinable
    var readsStorageElsewhere: Bool { false }
}

/// The identifiers' own `hashValue` and `==`: SipHash, seeded per process, for the standard
/// library's types.
@usableFromInline
struct StandardHashing<ID: Hashable>: IdentifierHashing {
    @inlinable init() {}
    @inlinable func hash(_ id: ID) -> Int { id.hashValue }
    @inlinable func equal(_ a: ID, _ b: ID) -> Bool { a == b }
    @inlinable var gaveUp: Bool { false }
    @inlinable static var limitsProbes: Bool { false }
}

/// Asks for the first and last UTF-8 bytes of the `String` at `string` without waiting
/// for them and without retaining it, as the diff does for the identifiers it is about to
/// read (``ASCIIStringHashing/prefetchBytes(ofStringAt:)``): the Benchmarks' floor under the
/// String diff reads the same strings the same way.
@inlinable
package func prefetchUTF8(ofStringAt string: UnsafePointer<String>) {
    ASCIIStringHashing.prefetchBytes(ofStringAt: UnsafeRawPointer(string))
}

/// A hash of `String` identifiers made of ASCII characters: the identifiers of most lists
/// (database keys, UUID strings, slugs). It is much faster than `String.hashValue`, which
/// feeds every byte through SipHash: 100,000 UUID strings hash in 0.4 ms here, against
/// 2.5 ms.
///
/// It reads a string's UTF-8 bytes eight at a time and folds each pair of words into a
/// 64-bit state with one 128-bit multiplication, keyed by two words drawn from the
/// standard library's per-process hash seed (so its hashes change from run to run, as
/// `hashValue`'s do, and stay fixed when `SWIFT_DETERMINISTIC_HASHING` is set).
///
/// Why ASCII only: `String`'s `==` is canonical equivalence, so "K" equals "\u{212A}"
/// (KELVIN SIGN) and "é" equals "e\u{301}", while their bytes differ. Two ASCII strings
/// are equal exactly when their bytes are, so a hash of the bytes, and a comparison of
/// them, agree with `==` on ASCII strings. The hash watches every byte it reads and gives
/// up at the first one outside ASCII. Identifiers that are never hashed (a new identifier
/// that the matching finds by comparing it with the one after the previous match) need no
/// such care: a byte comparison that fails sends them to be hashed, and one that succeeds
/// is `==` too.
///
/// Why it is safe: SipHash's seed makes collisions impossible to plan; this hash is keyed
/// too but makes no such promise. So the matching counts the slots it probes and, past a
/// few times what evenly spread hashes need, gives up and starts over with SipHash: hashes
/// chosen to collide cost a bounded amount of extra work, never quadratic time.
@usableFromInline
struct ASCIIStringHashing: IdentifierHashing {
    /// The two key words.
    @usableFromInline let key0: UInt64
    @usableFromInline let key1: UInt64
    /// Every word read so far, ORed: a byte outside ASCII leaves its top bit set.
    @usableFromInline var seen: UInt64 = 0
    /// Whether a string's bytes were not available in contiguous memory (native and small
    /// strings always are; this hashing does not copy the others).
    @usableFromInline var unreadable = false

    /// Keys from the standard library's per-process seed.
    @usableFromInline
    static let processKey: (UInt64, UInt64) = {
        var first = Hasher()
        first.combine(0x5461_6275_6C61 as UInt64)
        var second = Hasher()
        second.combine(0x4B65_7931 as UInt64)
        return (UInt64(bitPattern: Int64(first.finalize())), UInt64(bitPattern: Int64(second.finalize())))
    }()

    @inlinable
    init(key: (UInt64, UInt64) = processKey) {
        key0 = key.0
        key1 = key.1
    }

    /// A hashing for matching `old` with another sequence; see ``readsStorageElsewhere``.
    @inlinable
    init(surveying old: UnsafeBufferPointer<String>, key: (UInt64, UInt64) = processKey) {
        self.init(key: key)
        readsStorageElsewhere = old.prefix(16).contains { $0.utf8.count > 15 }
    }

    @inlinable
    var gaveUp: Bool { unreadable || seen & 0x8080_8080_8080_8080 != 0 }

    @inlinable
    static var limitsProbes: Bool { true }

    /// Whether the strings are long enough to be stored on the heap (more than 15 UTF-8
    /// bytes on 64-bit platforms; shorter ones are stored in the `String` itself), judged
    /// by the first few old ones. Short keys gain nothing from reading ahead, and lose to
    /// its extra pass and to the lookups that hashing the old ones late makes twice.
    @usableFromInline var readsStorageElsewhere = true

    /// Asks for the first and the last byte of each string (they may be on two cache
    /// lines) without waiting for them. The matching asks for the strings
    /// ``IdentifierMatching/prefetchDistance`` ahead of the one it hashes or compares, so
    /// the reads of the next few dozen are in flight while it works on this one, and each
    /// string's bytes are in the cache by the time it gets there. (Reading the bytes a
    /// block ahead in a tight loop, as this did before, kept many reads in flight too, but
    /// the loop waited for them with nothing else to do: 1.84 times the Int diff in the
    /// 100k UUID-string benchmark, against 1.42 to 1.48 now.)
    @inlinable
    mutating func prefetch(_ ids: UnsafeBufferPointer<String>, _ range: Range<Int>) {
        guard readsStorageElsewhere else { return }
        guard let base = ids.baseAddress else { return }
        for i in range { Self.prefetchBytes(ofStringAt: UnsafeRawPointer(base + i)) }
    }

    /// Asks for the cache lines of the first and last UTF-8 bytes of the `String` stored at
    /// `string`, reading nothing but the `String` itself (see ``heapBytes(ofStringAt:)``).
    @inlinable @inline(__always)
    static func prefetchBytes(ofStringAt string: UnsafeRawPointer) {
        guard let (start, count) = heapBytes(ofStringAt: string) else { return }
        tabula_prefetch(start)
        if count > 1 { tabula_prefetch(start + (count &- 1)) }
    }

    /// Where the UTF-8 bytes of the `String` stored at `string` start, and how many there
    /// are, from the `String`'s own bits; nil for a small string, whose bytes are in the
    /// `String` itself.
    ///
    /// The bits are read as the standard library lays out a string on 64-bit platforms:
    /// its storage object's address in the low 60 bits of the second word (bit 61 set for
    /// a small string), the bytes 32 bytes into the object, the count in the low 48 bits
    /// of the first word. Going through the `String` value instead
    /// (`utf8.withContiguousStorageIfAvailable`, even `unsafeBitCast`) retains it, which
    /// writes to its storage and so waits for it: the very wait a prefetch avoids. The
    /// result is only ever a prefetch's address, which cannot fault: a string laid out
    /// otherwise would cost a useless hint, nothing more (tests check the layout).
    @inlinable @inline(__always)
    static func heapBytes(ofStringAt string: UnsafeRawPointer) -> (start: UnsafeRawPointer, count: Int)? {
        #if arch(x86_64) || arch(arm64)
        guard MemoryLayout<String>.size == 16 else { return nil }
        let countAndFlags = string.load(as: UInt64.self), object = string.load(fromByteOffset: 8, as: UInt64.self)
        guard object & (1 << 61) == 0,
              let start = UnsafeRawPointer(bitPattern: UInt((object & 0x0FFF_FFFF_FFFF_FFFF) &+ 32)) else { return nil }
        return (start, Int(truncatingIfNeeded: countAndFlags & 0xFFFF_FFFF_FFFF))
        #else
        return nil
        #endif
    }

    @inlinable
    mutating func hash(_ id: String) -> Int {
        let (key0, key1) = (key0, key1)
        var seen = seen
        let hash = id.utf8.withContiguousStorageIfAvailable { bytes in
            Self.hash(UnsafeRawBufferPointer(bytes), key0: key0, key1: key1, seen: &seen)
        }
        self.seen = seen
        guard let hash else {
            unreadable = true
            return 0
        }
        return hash
    }

    /// Byte equality: `==` for two ASCII strings, and never true for strings that are not
    /// `==` (see the type's discussion for why a false negative is harmless).
    ///
    /// Two `String` values with the same bits are the same string: the same short string
    /// stored inline, or the same storage on the heap (identifiers copied from one model
    /// into both snapshots). That is checked first, without reading any bytes, as `==`
    /// itself does.
    @inlinable
    func equal(_ a: String, _ b: String) -> Bool {
        if MemoryLayout<String>.size == MemoryLayout<(UInt64, UInt64)>.size {
            let bitsA = unsafeBitCast(a, to: (UInt64, UInt64).self), bitsB = unsafeBitCast(b, to: (UInt64, UInt64).self)
            if bitsA == bitsB { return true }
        }
        let equal = a.utf8.withContiguousStorageIfAvailable { a in
            b.utf8.withContiguousStorageIfAvailable { b in
                Self.bytesEqual(UnsafeRawBufferPointer(a), UnsafeRawBufferPointer(b))
            }
        }
        return (equal ?? nil) ?? (a == b)
    }

    /// One 64 × 64 → 128-bit multiplication, folded: each output bit depends on many bits
    /// of both inputs.
    @inlinable @inline(__always)
    static func fold(_ a: UInt64, _ b: UInt64) -> UInt64 {
        let product = a.multipliedFullWidth(by: b)
        return product.high ^ product.low
    }

    /// The hash of `bytes`; ORs every word it reads into `seen`.
    ///
    /// Every byte is read at least once: longer strings 16 bytes at a time, then their last
    /// 16; up to 16 bytes as a word and the rest. The length is mixed in, so overlapping
    /// reads of strings of different lengths do not meet.
    ///
    /// No read of a string of up to 16 bytes crosses its eighth byte: such a string is
    /// usually stored inline and reaches here as two 8-byte words just written to the
    /// stack, and a read that straddles two writes waits for both to reach the cache
    /// (this made hashing short keys twice as slow).
    @inlinable
    static func hash(_ bytes: UnsafeRawBufferPointer, key0: UInt64, key1: UInt64, seen: inout UInt64) -> Int {
        let count = bytes.count
        var state = key0 ^ (UInt64(truncatingIfNeeded: count) &* 0x9E37_79B9_7F4A_7C15)
        let a: UInt64, b: UInt64
        if count > 16 {
            let start = bytes.baseAddress!
            var offset = 0
            while offset &+ 16 < count {
                let first = start.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                let second = start.loadUnaligned(fromByteOffset: offset &+ 8, as: UInt64.self)
                seen |= first | second
                state = fold(first ^ key1, second ^ state)
                offset &+= 16
            }
            a = start.loadUnaligned(fromByteOffset: count &- 16, as: UInt64.self)
            b = start.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
        } else if count >= 8 {
            let start = bytes.baseAddress!
            a = start.loadUnaligned(as: UInt64.self)
            b = count == 8 ? 0 : Self.short(UnsafeRawBufferPointer(rebasing: bytes[8...]))
        } else {
            a = Self.short(bytes)
            b = 0
        }
        seen |= a | b
        state = fold(a ^ key1, b ^ state)
        return Int(truncatingIfNeeded: fold(state ^ key0, 0x9FB2_1C65_1E98_DF25))
    }

    /// Up to 8 bytes as one word that determines them (given their count): two 4-byte reads
    /// that overlap, or up to three single bytes, each byte at the bottom of its own 8-bit
    /// lane so that `seen` checks it.
    @inlinable @inline(__always)
    static func short(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        let count = bytes.count
        if count >= 4 {
            let start = bytes.baseAddress!
            return UInt64(start.loadUnaligned(as: UInt32.self)) << 32
                | UInt64(start.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self))
        }
        guard count > 0 else { return 0 }
        return UInt64(bytes[0]) << 16 | UInt64(bytes[count >> 1]) << 8 | UInt64(bytes[count &- 1])
    }

    /// Whether the two byte sequences are the same, compared a word at a time.
    ///
    /// The words' differences are ORed and tested once, not word by word: two strings a
    /// guess compares (most of them equal) take one predictable branch instead of one per
    /// word, and the bytes of both are in the cache by then. Up to 16 bytes are read as
    /// ``hash(_:key0:key1:seen:)`` reads them, never across the eighth byte.
    @inlinable
    static func bytesEqual(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool {
        let count = a.count
        guard count == b.count else { return false }
        guard count > 8 else { return short(a) == short(b) }
        let p = a.baseAddress!, q = b.baseAddress!
        @inline(__always)
        func difference(at offset: Int) -> UInt64 {
            p.loadUnaligned(fromByteOffset: offset, as: UInt64.self) ^ q.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
        }
        if count <= 16 {
            let rest = short(UnsafeRawBufferPointer(rebasing: a[8...])) ^ short(UnsafeRawBufferPointer(rebasing: b[8...]))
            return difference(at: 0) | rest == 0
        }
        var different = difference(at: count &- 8)
        var offset = 0
        while offset &+ 8 < count {
            different |= difference(at: offset)
            offset &+= 8
        }
        return different == 0
    }
}
