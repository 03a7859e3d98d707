/// A weak reference, for lists that must not keep their elements alive.
package struct Weak<Object: AnyObject> {
    /// The object, while something else keeps it alive.
    package weak var object: Object?
    /// Refers to `object` without retaining it.
    package init(_ object: Object) { self.object = object }
}
