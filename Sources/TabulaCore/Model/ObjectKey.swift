/// An object's identity as the key of a set or a dictionary, hashed by one multiply-and-shift
/// mix of its address (``RowKey/mix(_:seed:)``) instead of the standard library's SipHash.
///
/// The table's item store, its updates, the view hierarchy and the animation driver look
/// up views and layers by identity hundreds of times a frame; SipHash of one word costs
/// several times the lookup around it. An address is not input an attacker chooses, so a
/// keyed hash buys nothing here. Equal exactly when the identities are.
public struct ObjectKey: Hashable, Sendable {
    /// The identity.
    public let id: ObjectIdentifier

    /// The key of `object`'s identity.
    @inlinable
    public init(_ object: AnyObject) { id = ObjectIdentifier(object) }

    /// Feeds the identity to `hasher`.
    @inlinable
    public func hash(into hasher: inout Hasher) { hasher.combine(id) }

    /// The hash sets and dictionaries use: the address and their seed, mixed.
    @inlinable
    public func _rawHashValue(seed: Int) -> Int {
        RowKey.mix(UInt64(UInt(bitPattern: id)), seed: seed)
    }
}
