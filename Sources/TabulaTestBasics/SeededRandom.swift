/// SplitMix64: a small seeded generator, so that "random" test cases are the same on
/// every run and on every machine (the standard library's generator is seeded afresh
/// each run).
public struct SeededRandom: RandomNumberGenerator, Sendable {
    /// The generator's whole state; the next value depends on it alone.
    public var state: UInt64

    /// A generator whose values are determined by `seed`.
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
