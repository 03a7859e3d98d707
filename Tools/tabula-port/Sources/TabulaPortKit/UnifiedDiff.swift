/// A unified diff of two texts, as `diff -u` prints it, for `--dry-run`.
public enum UnifiedDiff {
    private enum Line {
        case keep(old: Int, new: Int)
        case remove(old: Int)
        case insert(new: Int)

        var isChange: Bool {
            if case .keep = self { return false }
            return true
        }
    }

    /// The diff of `old` against `new`, labelled with `path`; empty when they are equal.
    public static func make(old: String, new: String, path: String, context: Int = 3) -> String {
        let oldLines = old.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let newLines = new.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let difference = newLines.difference(from: oldLines)
        guard !difference.isEmpty else { return "" }
        let script = editScript(old: oldLines.count, new: newLines.count, difference: difference)

        // How many old and new lines come before each step of the script.
        var oldBefore: [Int] = [], newBefore: [Int] = []
        var oldSeen = 0, newSeen = 0
        for line in script {
            oldBefore.append(oldSeen)
            newBefore.append(newSeen)
            switch line {
            case .keep: oldSeen += 1; newSeen += 1
            case .remove: oldSeen += 1
            case .insert: newSeen += 1
            }
        }

        let changed = script.indices.filter { script[$0].isChange }
        var output = path.hasPrefix("/") ? "--- \(path)\n+++ \(path)\n" : "--- a/\(path)\n+++ b/\(path)\n"
        var first = 0
        while first < changed.count {
            var last = first
            while last + 1 < changed.count, changed[last + 1] - changed[last] <= 2 * context + 1 { last += 1 }
            let low = max(0, changed[first] - context)
            let high = min(script.count - 1, changed[last] + context)
            var oldCount = 0, newCount = 0, body = ""
            for line in script[low...high] {
                switch line {
                case let .keep(old, _):
                    oldCount += 1; newCount += 1
                    body += " \(oldLines[old])\n"
                case let .remove(old):
                    oldCount += 1
                    body += "-\(oldLines[old])\n"
                case let .insert(new):
                    newCount += 1
                    body += "+\(newLines[new])\n"
                }
            }
            let oldStart = oldBefore[low] + (oldCount > 0 ? 1 : 0)
            let newStart = newBefore[low] + (newCount > 0 ? 1 : 0)
            output += "@@ -\(oldStart),\(oldCount) +\(newStart),\(newCount) @@\n" + body
            first = last + 1
        }
        return output
    }

    /// Kept, removed and inserted lines in order, from a difference of the two line arrays.
    private static func editScript(old: Int, new: Int, difference: CollectionDifference<String>) -> [Line] {
        var removed = Set<Int>(), inserted = Set<Int>()
        for change in difference {
            switch change {
            case .remove(let offset, _, _): removed.insert(offset)
            case .insert(let offset, _, _): inserted.insert(offset)
            }
        }
        var script: [Line] = []
        var i = 0, j = 0
        while i < old || j < new {
            if i < old, removed.contains(i) {
                script.append(.remove(old: i)); i += 1
            } else if j < new, inserted.contains(j) {
                script.append(.insert(new: j)); j += 1
            } else {
                script.append(.keep(old: i, new: j)); i += 1; j += 1
            }
        }
        return script
    }
}
