/// An open-addressing hash set of offsets into a buffer of identifiers, used by
/// ``IdentifierDiff`` to match identifiers without a `Dictionary`.
///
/// The table stores offsets, not identifiers: the caller passes each identifier's hash and
/// a closure that compares the identifier at a stored offset with the one it is looking
/// for. Each slot is one `UInt64`: 0 when empty, otherwise the high 32 bits of the hash
/// (a tag that rejects most non-matching slots without touching the identifiers) over the
/// offset + 1. Linear probing keeps a lookup to one or two neighbouring slots, usually on
/// one cache line.
///
/// Invariants: the slot count is a power of two and more than 1.5 × the number of offsets
/// the table was made for, so the load stays under 2/3 and every probe sequence reaches an
/// empty slot. Nothing is ever removed.
///
/// The table owns manually allocated memory: whoever creates one calls `deallocate()`
/// (the diff does so with `defer`), and it never escapes the function that made it.
@usableFromInline
struct OffsetTable {
    @usableFromInline let slots: UnsafeMutableBufferPointer<UInt64>
    @usableFromInline let mask: Int

    /// An empty table with room for `count` offsets.
    @inlinable
    init(capacity count: Int) {
        var size = 16
        while size < count + count / 2 + 1 { size &<<= 1 }
        slots = .allocate(capacity: size)
        slots.initialize(repeating: 0)
        mask = size &- 1
    }

    @inlinable
    func deallocate() { slots.deallocate() }

    /// The high 32 bits of `hash`, in place, as stored in a slot.
    @inlinable
    static func tag(_ hash: Int) -> UInt64 { UInt64(UInt(bitPattern: hash)) & 0xFFFF_FFFF_0000_0000 }

    /// The stored offset whose identifier has `hash` and satisfies `matches`, or -1. Adds
    /// the number of slots it looked at after the first to `probes`.
    @inlinable
    func offset(hash: Int, probes: inout Int, where matches: (Int) -> Bool) -> Int {
        let tag = Self.tag(hash)
        var bucket = hash & mask
        var step = 0
        defer { probes &+= step }
        while true {
            let slot = slots[bucket]
            if slot == 0 { return -1 }
            if slot & 0xFFFF_FFFF_0000_0000 == tag {
                let offset = Int(truncatingIfNeeded: slot & 0xFFFF_FFFF) &- 1
                if matches(offset) { return offset }
            }
            bucket = (bucket &+ 1) & mask
            step &+= 1
        }
    }

    /// The first stored offset whose hash has the same tag as `hash` (the identifier there
    /// may or may not be the one looked for), or -1 if there is none; adds the number of
    /// slots it looked at after the first to `probes`. It reads no identifier, so that a
    /// caller can look up many before comparing any: ``offset(hash:probes:where:)``
    /// finds the same offset when the identifier there matches, and -1 when this is -1.
    @inlinable
    func candidate(hash: Int, probes: inout Int) -> Int {
        let tag = Self.tag(hash)
        var bucket = hash & mask
        var step = 0
        defer { probes &+= step }
        while true {
            let slot = slots[bucket]
            if slot == 0 { return -1 }
            if slot & 0xFFFF_FFFF_0000_0000 == tag { return Int(truncatingIfNeeded: slot & 0xFFFF_FFFF) &- 1 }
            bucket = (bucket &+ 1) & mask
            step &+= 1
        }
    }

    /// Stores `offset` in the first slot of `hash`'s search if that slot is empty. No stored
    /// offset can match an identifier whose first slot is empty (a search stops there), so
    /// this is ``insert(_:hash:probes:unlessMatching:)`` without reading any identifier:
    /// a caller stores a block of offsets this way first, in a tight loop that keeps many
    /// reads of slots in flight, then the others one at a time, their slots now in the
    /// cache.
    @inlinable
    func insertIfFirstSlotEmpty(_ offset: Int, hash: Int) {
        let bucket = hash & mask
        if slots[bucket] == 0 { slots[bucket] = Self.tag(hash) | UInt64(truncatingIfNeeded: offset &+ 1) }
    }

    /// Whether `offset` is stored in the first slot of `hash`'s search.
    @inlinable
    func holdsInFirstSlot(_ offset: Int, hash: Int) -> Bool {
        slots[hash & mask] == Self.tag(hash) | UInt64(truncatingIfNeeded: offset &+ 1)
    }

    /// Stores `offset` unless an offset whose identifier has `hash` and satisfies
    /// `matches` is already stored; returns that earlier offset, or -1 when `offset` was
    /// stored. Adds the number of slots it looked at after the first to `probes`.
    @inlinable
    func insert(_ offset: Int, hash: Int, probes: inout Int, unlessMatching matches: (Int) -> Bool) -> Int {
        let tag = Self.tag(hash)
        var bucket = hash & mask
        var step = 0
        defer { probes &+= step }
        while true {
            let slot = slots[bucket]
            if slot == 0 {
                slots[bucket] = tag | UInt64(truncatingIfNeeded: offset &+ 1)
                return -1
            }
            if slot & 0xFFFF_FFFF_0000_0000 == tag {
                let earlier = Int(truncatingIfNeeded: slot & 0xFFFF_FFFF) &- 1
                if matches(earlier) { return earlier }
            }
            bucket = (bucket &+ 1) & mask
            step &+= 1
        }
    }
}
