/// The depth limit of a tree of views or layers, shared by `UIView` and `CALayer`: each
/// walks its tree recursively (layout, display, compositing, hit testing), so each refuses
/// to grow a tree past a depth the stack can hold.
package enum TreeDepth {
    /// Whether adding `subtree` as a child of `parent` would put its deepest node more than
    /// `limit` levels down: the ancestors of `parent`, counted up to the root, plus the
    /// levels of `subtree`, counted from `subtree` itself, exceed `limit`.
    ///
    /// - Complexity: the depth of `parent` plus the size of `subtree`, without recursion.
    ///   Inlinable, so that each caller gets it specialized for its node type: every
    ///   `addSubview` and `addSublayer` asks, and the generic version, going through
    ///   metadata and witness tables, was a fifth of `insertSubview(_:at:)`.
    @inlinable
    package static func wouldExceed<Node>(_ limit: Int, adding subtree: Node, to parent: Node,
                                          parentOf: (Node) -> Node?, children: (Node) -> [Node]) -> Bool {
        var depth = 0
        var ancestor = parentOf(parent)
        while let a = ancestor {
            depth += 1
            ancestor = parentOf(a)
        }
        // A leaf (most views added) is one level, with no list to build.
        let below = children(subtree)
        if below.isEmpty { return depth + 1 > limit }
        depth += 1
        var level = below
        while !level.isEmpty {
            depth += 1
            if depth > limit { return true }
            level = level.flatMap(children)
        }
        return false
    }
}
