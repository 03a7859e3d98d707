import Testing
@testable import TabulaCore

@Suite("NSDiffableDataSourceSectionSnapshot")
struct SectionSnapshotTests {
    /// a ▸ (a1 ▸ (a1x), a2), b ▸ (b1), c
    private func tree() -> NSDiffableDataSourceSectionSnapshot<String> {
        var outline = NSDiffableDataSourceSectionSnapshot<String>()
        outline.append(["a", "b", "c"])
        outline.append(["a1", "a2"], to: "a")
        outline.append(["a1x"], to: "a1")
        outline.append(["b1"], to: "b")
        return outline
    }

    @Test("visible items are the roots and the children of expanded parents whose ancestors are expanded")
    func visibility() {
        var outline = tree()
        #expect(outline.items == ["a", "a1", "a1x", "a2", "b", "b1", "c"])
        #expect(outline.rootItems == ["a", "b", "c"])
        #expect(outline.visibleItems == ["a", "b", "c"])
        outline.expand(["a1"])
        #expect(outline.visibleItems == ["a", "b", "c"], "a1 is expanded but a is not")
        #expect(!outline.isVisible("a1x"))
        outline.expand(["a"])
        #expect(outline.visibleItems == ["a", "a1", "a1x", "a2", "b", "c"])
        #expect(outline.isVisible("a1x") && outline.isExpanded("a") && !outline.isExpanded("b"))
        outline.collapse(["a"])
        #expect(outline.visibleItems == ["a", "b", "c"])
        #expect(outline.level(of: "a1x") == 2 && outline.parent(of: "a1x") == "a1" && outline.parent(of: "a") == nil)
        #expect(outline.index(of: "a2") == 3 && outline.index(of: "zz") == nil)
        #expect(outline.problems.isEmpty)
    }

    @Test("insert before and after, delete with children, replace children, a subtree as its own snapshot")
    func editing() {
        var outline = tree()
        outline.insert(["a0"], before: "a1")
        outline.insert(["b2"], after: "b1")
        outline.insert(["d"], after: "c")
        #expect(outline.items == ["a", "a0", "a1", "a1x", "a2", "b", "b1", "b2", "c", "d"])
        outline.delete(["a1"])
        #expect(outline.items == ["a", "a0", "a2", "b", "b1", "b2", "c", "d"])
        #expect(!outline.contains("a1x"), "deleted with its parent")
        var children = NSDiffableDataSourceSectionSnapshot<String>()
        children.append(["n"])
        children.append(["n1"], to: "n")
        children.expand(["n"])
        outline.replace(childrenOf: "b", using: children)
        #expect(outline.items == ["a", "a0", "a2", "b", "n", "n1", "c", "d"])
        #expect(outline.isExpanded("n") && !outline.contains("b1"))
        let sub = outline.snapshot(of: "b")
        #expect(sub.rootItems == ["n"] && sub.items == ["n", "n1"] && sub.isExpanded("n"))
        let withParent = outline.snapshot(of: "b", includingParent: true)
        #expect(withParent.rootItems == ["b"] && withParent.items == ["b", "n", "n1"])
        var more = NSDiffableDataSourceSectionSnapshot<String>()
        more.append(["m", "z"])
        more.append(["m1"], to: "m")
        more.collapse(["m"])
        outline.insert(more, before: "c")
        outline.insert(more, after: "d")
        #expect(outline.items == ["a", "a0", "a2", "b", "n", "n1", "m", "m1", "z", "c", "d"])
        #expect(outline.parent(of: "m1") == "m" && outline.parent(of: "m") == nil)
        #expect(outline.problems.count == 1, "the second insert repeats the items: \(outline.problems)")
        outline.deleteAll()
        #expect(outline.items.isEmpty && outline.visibleItems.isEmpty)
    }

    @Test("duplicates and missing parents or anchors are recorded as problems, and nothing is changed by them")
    func problems() {
        var outline = tree()
        outline.append(["b1", "new"], to: "c")
        outline.append(["x"], to: "missing")
        outline.insert(["y"], before: "missing")
        outline.expand(["missing"])
        #expect(outline.problems.count == 4, "\(outline.problems)")
        #expect(outline.items == ["a", "a1", "a1x", "a2", "b", "b1", "c", "new"])
        #expect(outline.parent(of: "b1") == "b", "the duplicate stays where it was")
    }
}
