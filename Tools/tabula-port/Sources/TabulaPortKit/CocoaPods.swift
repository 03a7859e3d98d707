import Foundation

/// The modules an app gets from CocoaPods, read from its `Podfile` (and `Podfile.lock`,
/// which also lists the pods those pods bring), so that each `import` of one is reported:
/// a port builds with SwiftPM, which reads no Podfile, so nothing provides the module.
public enum CocoaPods {
    /// The module names the pods of `podfile` (a Podfile's text) give, with the line of
    /// each `pod` declaration. `pod 'Firebase/Analytics'` gives the module `Firebase`, and
    /// a name with characters a Swift identifier cannot hold has them as `_`
    /// (`pod 'lottie-ios'` → `lottie_ios`), as CocoaPods names modules by default.
    public static func modules(podfile: String) -> [String: Int] {
        var modules: [String: Int] = [:]
        for (offset, raw) in podfile.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            var rest = line.drop { $0 == " " || $0 == "\t" }
            guard rest.hasPrefix("pod") else { continue }
            rest = rest.dropFirst(3)
            guard let next = rest.first, next == " " || next == "(" || next == "\t" else { continue }
            rest = rest.drop { $0 == " " || $0 == "(" || $0 == "\t" }
            guard let quote = rest.first, quote == "'" || quote == "\"" else { continue }
            let name = rest.dropFirst().prefix { $0 != quote }
            if let module = moduleName(forPod: String(name)), modules[module] == nil { modules[module] = offset + 1 }
        }
        return modules
    }

    /// The module names of the pods a `Podfile.lock` lists under `PODS:`, with their lines.
    public static func modules(lockfile: String) -> [String: Int] {
        var modules: [String: Int] = [:]
        var inPods = false
        for (offset, line) in lockfile.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if !line.hasPrefix(" ") && !line.isEmpty { inPods = line.hasPrefix("PODS:") }
            // Top-level entries are `  - Name (1.0)` or `  - "Name (1.0)":`; dependencies are indented further.
            guard inPods, line.hasPrefix("  - ") else { continue }
            let entry = line.dropFirst(4).drop { $0 == "\"" }
            let name = entry.prefix { $0 != " " && $0 != "\"" && $0 != ":" }
            if let module = moduleName(forPod: String(name)), modules[module] == nil { modules[module] = offset + 1 }
        }
        return modules
    }

    /// The module a pod named `pod` (perhaps with a subspec) gives by default.
    static func moduleName(forPod pod: String) -> String? {
        guard let base = pod.split(separator: "/").first, !base.isEmpty else { return nil }
        var name = String(base.map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "_" })
        if name.first?.isNumber == true { name = "_" + name }
        return name
    }

    /// The pods' modules of the `Podfile` and `Podfile.lock` in `folder` or the nearest of
    /// its three closest parent folders that has one, each with where it is declared
    /// (`path:line`, the path as given by `folder`).
    public static func scanning(near folder: URL) -> [String: String] {
        var current = folder.standardizedFileURL
        for _ in 0 ..< 4 {
            let podfile = current.appendingPathComponent("Podfile")
            let lockfile = current.appendingPathComponent("Podfile.lock")
            let podText = try? String(contentsOf: podfile, encoding: .utf8)
            let lockText = try? String(contentsOf: lockfile, encoding: .utf8)
            if podText != nil || lockText != nil {
                var found: [String: String] = [:]
                for (module, line) in modules(lockfile: lockText ?? "") {
                    found[module] = "\(InterfaceBuilderProject.displayPath(lockfile)):\(line)"
                }
                for (module, line) in modules(podfile: podText ?? "") {
                    found[module] = "\(InterfaceBuilderProject.displayPath(podfile)):\(line)"
                }
                return found
            }
            let parent = current.deletingLastPathComponent()
            if parent.path == current.path { break }
            current = parent
        }
        return [:]
    }

    /// The note for `import module` of a pod declared at `place`.
    static func message(module: String, place: String) -> String {
        "\(module) comes from CocoaPods (\(place)): a Tabula port builds with SwiftPM, which reads no Podfile, so nothing "
            + "provides this module; add it as a SwiftPM dependency (.package(url:…) in Package.swift) if it has a "
            + "Package.swift and builds on Linux (a pod that imports UIKit needs porting too), or keep the code that uses "
            + "it under #if canImport(\(module))"
    }
}
