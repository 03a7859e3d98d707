import Foundation

/// Finds named images in a bundle's resources, as `UIImage(named:)` does: PNG files with
/// `@2x`/`@3x` (and `~iphone`) variants at the top of the resources, and image sets in
/// the Xcode asset catalogs (`*.xcassets`) among them, which SwiftPM copies as folders
/// on Linux.
///
/// Where it looks: a bundle's `resourcePath` and its `bundlePath` (Foundation on Linux
/// gives `Bundle.module` the `<Package>_<Target>.resources` folder for both, and
/// `Bundle.main` the executable's folder), and for the main bundle the
/// `<executable>.resources` folder, the executable's own target's resource bundle,
/// `<Package>_<executable>.resources`, and the app package's other targets' bundles,
/// beside the executable (``resourceFolders(besideExecutable:)``). Catalogs are
/// found up to three folders deep, not inside other bundles (`.resources`, `.bundle`,
/// `.build` …), so the main bundle does not see the packages' resources.
///
/// Asset catalogs come first, as in UIKit, then loose files. Every answer is cached, a
/// failure too, so that a broken file is reported once and read once.
final class ImageAssets: @unchecked Sendable {
    static let shared = ImageAssets()

    /// A decoded image, the scale of the file it came from, and whether its image set
    /// renders it as a template ("Render As: Template Image" in Xcode).
    struct Found {
        let bitmap: Bitmap
        let scale: CGFloat
        var isTemplate = false
        /// The image set's variant for dark appearance, when it has one (with its own
        /// vector document, when it is a PDF or an SVG).
        var dark: (bitmap: Bitmap, scale: CGFloat, vector: VectorImage.Source?)?
        /// The vector document the pixels were drawn from (a PDF or an SVG), for drawing
        /// again larger.
        var vector: VectorImage.Source?
    }

    private let lock = NSLock()
    private var answers: [String: Found?] = [:]
    private var catalogsByRoot: [String: Catalogs] = [:]
    /// The main bundle's folders beside the executable (``resourceFolders(besideExecutable:)``), once found.
    private var mainBundleFolders: [String]?
    private var colorAnswers: [String: ColorSet?] = [:]
    private var reportedFiles: Set<String> = []
    private var handler: @Sendable (UIImage.AssetError) -> Void = { error in
        FileHandle.standardError.write(Data("Tabula: \(error.description)\n".utf8))
    }

    var reportHandler: @Sendable (UIImage.AssetError) -> Void {
        get { lock.withLock { handler } }
        set { lock.withLock { handler = newValue } }
    }

    /// The image named `name` in `bundle` (nil: the main bundle), in the variant best
    /// for `scale`; nil when there is none, or when its file is unreadable (reported).
    func image(named name: String, in bundle: Bundle?, scale: CGFloat) -> Found? {
        guard !name.isEmpty else { return nil }
        let bundle = bundle ?? .main
        var errors: [UIImage.AssetError] = []
        let found: Found? = lock.withLock {
            let key = "\(bundle.bundlePath)\u{0}\(name)\u{0}\(scale)"
            if let answer = answers[key] { return answer }
            var answer: Found?
            for root in roots(of: bundle) {
                let result = look(for: name, in: root, scale: scale, errors: &errors)
                if result.exists {
                    answer = result.found
                    break
                }
            }
            answers[key] = .some(answer)
            return answer
        }
        report(errors)
        return found
    }

    /// Forgets every answer and catalog, so that files written since are seen.
    func reset() {
        lock.withLock {
            answers = [:]
            colorAnswers = [:]
            catalogsByRoot = [:]
            mainBundleFolders = nil
            reportedFiles = []
        }
    }

    // MARK: Searching (under the lock)

    private func roots(of bundle: Bundle) -> [String] {
        var roots: [String] = []
        for path in [bundle.resourcePath, bundle.bundlePath] {
            if let path, !roots.contains(path) { roots.append(path) }
        }
        if bundle === Bundle.main, let executable = bundle.executablePath {
            // Found once (a listing of the executable's folder, perhaps the build's
            // workspace state), not at every name looked up; `reset()` looks again.
            let folders = mainBundleFolders ?? Self.resourceFolders(besideExecutable: executable)
            mainBundleFolders = folders
            roots += folders
        }
        return roots
    }

    /// The folders beside `executable` that hold the app's own resources, as the main
    /// bundle's: `<executable>.resources`, the resource bundle SwiftPM makes for the
    /// executable's own target, `<Package>_<executable>.resources` (an app's
    /// `.process("Assets.xcassets")` lands there, and in iOS `UIImage(named:)` finds the
    /// app's catalog without naming a bundle), then the bundles of the app package's other
    /// targets, `<Package>_<Target>.resources`: an app whose code and images live in a
    /// library target, run by a small executable, finds them as an iOS app finds its own.
    /// The app's package is the one of the executable's own bundle, or the package named
    /// as the executable (`swift run MyApp` in the package `MyApp`); when neither has a
    /// bundle, every bundle beside the executable that is not one of the build's
    /// dependencies' (``dependencyPackages(near:)``). For `swift test`'s
    /// `<Package>PackageTests.xctest`, every `<Package>_<Target>.resources` of the package.
    /// Other packages' bundles are not the app's.
    static func resourceFolders(besideExecutable executable: String) -> [String] {
        let folder = (executable as NSString).deletingLastPathComponent
        let name = (executable as NSString).lastPathComponent
        guard !name.isEmpty, let entries = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return [] }
        let bundles = entries.filter { $0.hasSuffix(".resources") }.sorted()
        let own = name + ".resources", targetSuffix = "_" + name + ".resources"
        // `<executable>.resources` first, then the executable target's bundles in name order.
        let targetBundles = bundles.filter { $0.hasSuffix(targetSuffix) && $0 != targetSuffix }
        var chosen = bundles.filter { $0 == own } + targetBundles
        // The app's package: the executable target's (`<Package>_`), and the one named as
        // the executable; under `swift test` (`<Package>PackageTests.xctest`), the tested
        // package, as an iOS test finds its host app's images.
        var packages = targetBundles.map { String($0.dropLast(targetSuffix.count)) }
        let testSuffix = "PackageTests.xctest"
        if name.hasSuffix(testSuffix), name.count > testSuffix.count {
            packages.append(String(name.dropLast(testSuffix.count)))
        } else {
            packages.append(name)
        }
        for package in packages {
            let prefix = package + "_"
            chosen += bundles.filter { $0.hasPrefix(prefix) && $0.count > prefix.count + ".resources".count && !chosen.contains($0) }
        }
        // Neither says which package is the app's (an executable `Harness` of the package
        // `Trial` runs the library `App`, whose bundle is `Trial_App.resources`): every
        // bundle that is not a dependency's, as the build's workspace state lists them.
        if chosen.allSatisfy({ $0 == own }), let dependencies = dependencyPackages(near: folder) {
            chosen += bundles.filter { bundle in
                bundle.contains("_") && !bundle.hasSuffix("_.resources") && !chosen.contains(bundle)
                    && !dependencies.contains { bundle.hasPrefix($0 + "_") }
            }
        }
        return chosen.map { (folder as NSString).appendingPathComponent($0) }.filter { path in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue
        }
    }

    /// The names of the packages the build in which `folder` lies depends on, from the
    /// `workspace-state.json` SwiftPM keeps in the `.build` folder up to three folders
    /// above it; nil when there is none (an executable copied out of its build).
    static func dependencyPackages(near folder: String) -> [String]? {
        var candidate = folder
        for _ in 0 ..< 4 {
            let state = (candidate as NSString).appendingPathComponent("workspace-state.json")
            if let data = FileManager.default.contents(atPath: state),
               let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
               let object = json["object"] as? [String: Any],
               let dependencies = object["dependencies"] as? [[String: Any]] {
                return dependencies.compactMap { ($0["packageRef"] as? [String: Any])?["name"] as? String }
            }
            candidate = (candidate as NSString).deletingLastPathComponent
        }
        return nil
    }

    /// What `root` holds for `name`: whether something answers to it, and its image.
    private func look(for name: String, in root: String, scale: CGFloat,
                      errors: inout [UIImage.AssetError]) -> (exists: Bool, found: Found?) {
        let catalogs = catalogIndex(of: root, errors: &errors)
        if let imageSet = catalogs.imageSets[name] {
            return (true, loadImageSet(imageSet, name: name, scale: scale, errors: &errors))
        }
        return looseFile(name, in: root, scale: scale, errors: &errors)
    }

    /// A loose file named `name` (with or without its `.png`, with its `.jpg`), found as
    /// on a Mac: in a spelling of the name that is canonically equivalent, too (see
    /// ``file(named:in:)``; the folder is listed once, at the first name not found as spelt).
    private func looseFile(_ name: String, in root: String, scale: CGFloat,
                           errors: inout [UIImage.AssetError]) -> (exists: Bool, found: Found?) {
        var listing: [String]?
        func existing(_ filename: String) -> String? { Self.file(named: filename, in: root, listing: &listing) }
        let ext = (name as NSString).pathExtension.lowercased()
        if ext == "jpg" || ext == "jpeg" {
            // A JPEG is found by its whole name, as UIKit finds one.
            guard let path = existing(name) else { return (false, nil) }
            return (true, decode(path, scale: 1, name: name, errors: &errors))
        }
        if !ext.isEmpty && ext != "png" {
            // A file of another format, named with its extension: there, but unreadable.
            guard let path = existing(name) else { return (false, nil) }
            errors.append(.init(name: name, path: path, reason: "Tabula reads PNG and JPEG files (and PDF and SVG in asset catalogs) only, not .\(ext) files"))
            return (true, nil)
        }
        let stem = ext == "png" ? (name as NSString).deletingPathExtension : name
        var candidates: [(path: String, scale: CGFloat)] = []
        for (suffix, fileScale) in [("", CGFloat(1)), ("@2x", 2), ("@3x", 3)] {
            for device in ["~iphone", ""] {
                if let path = existing("\(stem)\(suffix)\(device).png") {
                    candidates.append((path, fileScale))
                    break
                }
            }
        }
        guard let best = Self.best(candidates, for: scale, scaleOf: { $0.scale }) else { return (false, nil) }
        return (true, decode(best.path, scale: best.scale, name: name, errors: &errors))
    }

    /// The file formats an image set or a loose file may be in.
    static let readableExtensions: Set<String> = ["png", "jpg", "jpeg"]

    /// Decodes the PNG or JPEG file at `path`; a JPEG turned upright as its EXIF
    /// orientation says (a photo taken sideways shows as it was taken).
    private func decode(_ path: String, scale: CGFloat, name: String, errors: inout [UIImage.AssetError]) -> Found? {
        do {
            let ext = (path as NSString).pathExtension.lowercased()
            guard ext == "jpg" || ext == "jpeg" else { return Found(bitmap: try Bitmap(contentsOfFile: path), scale: scale) }
            guard let data = FileManager.default.contents(atPath: path) else {
                errors.append(.init(name: name, path: path, reason: "the file cannot be read"))
                return nil
            }
            let jpeg = try Bitmap.decodeJPEG(data)
            let orientation = UIImage.Orientation(exifOrientation: jpeg.exifOrientation)
            return Found(bitmap: orientation == .up ? jpeg.bitmap : orientation.apply(to: jpeg.bitmap), scale: scale)
        } catch {
            errors.append(.init(name: name, path: path, reason: "\(error)"))
            return nil
        }
    }

    /// Of `candidates`, the one whose scale is `scale`, else the smallest above it (drawn
    /// smaller, still sharp), else the largest below it.
    static func best<T>(_ candidates: [T], for scale: CGFloat, scaleOf: (T) -> CGFloat) -> T? {
        if let exact = candidates.first(where: { scaleOf($0) == scale }) { return exact }
        let above = candidates.filter { scaleOf($0) > scale }.min { scaleOf($0) < scaleOf($1) }
        return above ?? candidates.max { scaleOf($0) < scaleOf($1) }
    }

    // MARK: Asset catalogs

    /// The image sets and colour sets of the asset catalogs under one root, by name (with
    /// their namespaces, as `Icons/gear`): the set's folder.
    struct Catalogs {
        var imageSets: [String: String] = [:]
        var colorSets: [String: String] = [:]
    }

    /// Every image set and colour set in the catalogs under `root`.
    private func catalogIndex(of root: String, errors: inout [UIImage.AssetError]) -> Catalogs {
        if let index = catalogsByRoot[root] { return index }
        var index = Catalogs()
        var visited = Set<String>()
        for catalog in catalogs(under: root, depth: 3) {
            indexFolder(catalog, namespace: "", into: &index, visited: &visited, errors: &errors)
        }
        catalogsByRoot[root] = index
        return index
    }

    /// Folder extensions that are other bundles or build products, not searched.
    private static let foreignFolders: Set<String> = [
        "resources", "bundle", "build", "xctest", "framework", "app", "swiftmodule", "dsym", "lproj", "xcassets",
    ]

    private func catalogs(under folder: String, depth: Int) -> [String] {
        guard depth > 0, let entries = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return [] }
        var found: [String] = []
        for entry in entries.sorted() where !entry.hasPrefix(".") {
            let path = (folder as NSString).appendingPathComponent(entry)
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else { continue }
            let ext = (entry as NSString).pathExtension.lowercased()
            if ext == "xcassets" {
                found.append(path)
            } else if !Self.foreignFolders.contains(ext) {
                found += catalogs(under: path, depth: depth - 1)
            }
        }
        return found
    }

    /// Indexes the sets in `folder` and its groups. `visited` holds the real paths (links
    /// resolved) of the folders indexed so far: a folder reached again — through a link
    /// to itself or to a folder above it — is not entered twice, so a cycle of links
    /// ends instead of recursing for ever.
    private func indexFolder(_ folder: String, namespace: String, into index: inout Catalogs,
                             visited: inout Set<String>, errors: inout [UIImage.AssetError]) {
        let real = URL(fileURLWithPath: folder).resolvingSymlinksInPath().path
        guard visited.insert(real).inserted else {
            errors.append(.init(name: namespace, path: folder,
                                reason: "is a link back to a folder of the catalog already read (a cycle of links); not followed"))
            return
        }
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for entry in entries.sorted() where !entry.hasPrefix(".") {
            let path = (folder as NSString).appendingPathComponent(entry)
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else { continue }
            let ext = (entry as NSString).pathExtension
            let base = (entry as NSString).deletingPathExtension
            if ext == "imageset" {
                index.imageSets[namespace + base] = index.imageSets[namespace + base] ?? path
            } else if ext == "colorset" {
                index.colorSets[namespace + base] = index.colorSets[namespace + base] ?? path
            } else if ext.isEmpty {
                // A group: a namespace when its Contents.json says so.
                let contents = (path as NSString).appendingPathComponent("Contents.json")
                var providesNamespace = false
                if FileManager.default.fileExists(atPath: contents) {
                    switch readJSON(contents) {
                    case .success(let json):
                        let properties = json["properties"] as? [String: Any]
                        providesNamespace = properties?["provides-namespace"] as? Bool ?? false
                    case .failure(let reason):
                        errors.append(.init(name: namespace + entry, path: contents, reason: reason.description))
                    }
                }
                indexFolder(path, namespace: providesNamespace ? namespace + entry + "/" : namespace, into: &index,
                            visited: &visited, errors: &errors)
            }
        }
    }

    /// The image of the image set in `folder` best for `scale`, per its Contents.json.
    private func loadImageSet(_ folder: String, name: String, scale: CGFloat, errors: inout [UIImage.AssetError]) -> Found? {
        let contents = (folder as NSString).appendingPathComponent("Contents.json")
        let json: [String: Any]
        switch readJSON(contents) {
        case .success(let value): json = value
        case .failure(let reason):
            errors.append(.init(name: name, path: contents, reason: reason.description))
            return nil
        }
        guard let images = json["images"] as? [[String: Any]] else {
            errors.append(.init(name: name, path: contents, reason: "has no \"images\" list of entries"))
            return nil
        }
        struct Entry { let filename: String; let scale: CGFloat; let idiom: String; let isDark: Bool }
        var entries: [Entry] = []
        for image in images {
            // Entries for other devices and other appearances (high contrast), and empty
            // slots, are skipped; dark ones are kept as the dark variant.
            guard let filename = image["filename"] as? String else { continue }
            let appearances = image["appearances"] as? [[String: Any]] ?? []
            let isDark = appearances.contains { $0["appearance"] as? String == "luminosity" && $0["value"] as? String == "dark" }
            guard appearances.allSatisfy({ $0["appearance"] as? String == "luminosity" }) else { continue }
            let idiom = image["idiom"] as? String ?? "universal"
            guard idiom == "universal" || idiom == "iphone" else { continue }
            let scaleText = (image["scale"] as? String ?? "1x").lowercased()
            guard let value = Double(scaleText.hasSuffix("x") ? String(scaleText.dropLast()) : scaleText), value > 0 else {
                errors.append(.init(name: name, path: contents, reason: "the entry for \(filename) has the scale \"\(scaleText)\"; expected 1x, 2x or 3x"))
                return nil
            }
            entries.append(Entry(filename: filename, scale: CGFloat(value), idiom: idiom, isDark: isDark))
        }
        // The phone's own entries win over universal ones at the same scale.
        func chosen(_ entries: [Entry]) -> Entry? {
            guard let chosenScale = Self.best(entries, for: scale, scaleOf: { $0.scale })?.scale else { return nil }
            return entries.first(where: { $0.scale == chosenScale && $0.idiom == "iphone" })
                ?? entries.first(where: { $0.scale == chosenScale })
        }
        // Light (or any) appearance first; a set with only dark entries shows them always.
        let light = entries.filter { !$0.isDark }, dark = entries.filter(\.isDark)
        guard let entry = chosen(light.isEmpty ? dark : light) else { return nil }
        let properties = json["properties"] as? [String: Any]
        let isTemplate = properties?["template-rendering-intent"] as? String == "template"
        var found = decodeEntry(entry.filename, scale: entry.scale, screenScale: scale, in: folder, name: name,
                                contents: contents, errors: &errors)
        found?.isTemplate = isTemplate
        if !light.isEmpty, let darkEntry = chosen(dark),
           let variant = decodeEntry(darkEntry.filename, scale: darkEntry.scale, screenScale: scale, in: folder, name: name,
                                     contents: contents, errors: &errors) {
            found?.dark = (variant.bitmap, variant.scale, variant.vector)
        }
        return found
    }

    /// Decodes the image set's file `filename`, reporting a missing or unreadable one. A
    /// vector image (PDF or SVG) is drawn at `screenScale`, whatever scale its entry has,
    /// as UIKit draws one that preserves its vector data: sharp at the screen's scale.
    private func decodeEntry(_ filename: String, scale: CGFloat, screenScale: CGFloat, in folder: String, name: String,
                             contents: String, errors: inout [UIImage.AssetError]) -> Found? {
        guard let path = Self.file(named: filename, in: folder) else {
            errors.append(.init(name: name, path: contents, reason: "names \"\(filename)\", which is not in the image set"))
            return nil
        }
        let ext = (filename as NSString).pathExtension.lowercased()
        if let kind = VectorImage.Kind(fileExtension: ext) {
            return drawVector(path, kind: kind, scale: screenScale, name: name, errors: &errors)
        }
        guard Self.readableExtensions.contains(ext) else {
            errors.append(.init(name: name, path: path, reason: "Tabula reads PNG, JPEG, PDF and SVG images only, not .\(ext) files"))
            return nil
        }
        return decode(path, scale: scale, name: name, errors: &errors)
    }

    /// The path of the file an image set's entry names, found as Xcode finds it on a Mac.
    ///
    /// A Mac's file systems compare names by Unicode canonical equivalence, so a catalog
    /// whose Contents.json spells a name in one normalization and whose file is stored in
    /// the other builds and shows for iOS; catalogs made on a Mac do that (Korean names
    /// written as decomposed jamo in Contents.json, the file's name in precomposed
    /// syllables). Linux compares bytes, so the exact name is tried first and then the
    /// folder's entries, which Swift's `==` compares canonically.
    static func file(named filename: String, in folder: String) -> String? {
        var listing: [String]?
        return file(named: filename, in: folder, listing: &listing)
    }

    /// ``file(named:in:)`` with the folder's entries listed at most once for several names:
    /// `listing` holds them once listed.
    static func file(named filename: String, in folder: String, listing: inout [String]?) -> String? {
        let exact = (folder as NSString).appendingPathComponent(filename)
        if FileManager.default.fileExists(atPath: exact) { return exact }
        if listing == nil { listing = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] }
        guard let entry = listing?.first(where: { $0 == filename }) else { return nil }
        return (folder as NSString).appendingPathComponent(entry)
    }

    /// Draws the vector image (PDF or SVG) at `path` at `scale` pixels a point (at least 1).
    private func drawVector(_ path: String, kind: VectorImage.Kind, scale: CGFloat, name: String,
                            errors: inout [UIImage.AssetError]) -> Found? {
        guard let data = FileManager.default.contents(atPath: path) else {
            errors.append(.init(name: name, path: path, reason: "the file cannot be read"))
            return nil
        }
        let drawingScale = scale.isFinite ? min(max(scale, 1), 16) : 1
        do {
            let drawn = try VectorImage(data: data, kind: kind, scale: drawingScale)
            return Found(bitmap: drawn.bitmap, scale: drawingScale, vector: drawn.source)
        } catch {
            errors.append(.init(name: name, path: path, reason: "\(error)"))
            return nil
        }
    }

    // MARK: Colour sets

    /// A colour set's colours: for any appearance, and for dark appearance if it has one.
    struct ColorSet {
        let any: UIColor
        let dark: UIColor?
    }

    /// The colour set named `name` in `bundle` (nil: the main bundle); nil when there is
    /// none, or when its Contents.json is not valid (reported).
    func colorSet(named name: String, in bundle: Bundle?) -> ColorSet? {
        guard !name.isEmpty else { return nil }
        let bundle = bundle ?? .main
        var errors: [UIImage.AssetError] = []
        let found: ColorSet? = lock.withLock {
            let key = "\(bundle.bundlePath)\u{0}\(name)"
            if let answer = colorAnswers[key] { return answer }
            var answer: ColorSet?
            for root in roots(of: bundle) {
                if let folder = catalogIndex(of: root, errors: &errors).colorSets[name] {
                    answer = loadColorSet(folder, name: name, errors: &errors)
                    break
                }
            }
            colorAnswers[key] = .some(answer)
            return answer
        }
        report(errors)
        return found
    }

    private func loadColorSet(_ folder: String, name: String, errors: inout [UIImage.AssetError]) -> ColorSet? {
        let contents = (folder as NSString).appendingPathComponent("Contents.json")
        func problem(_ reason: String) -> ColorSet? {
            errors.append(.init(name: name, path: contents, reason: reason, asset: .color))
            return nil
        }
        let json: [String: Any]
        switch readJSON(contents) {
        case .success(let value): json = value
        case .failure(let reason): return problem(reason.description)
        }
        guard let entries = json["colors"] as? [[String: Any]] else { return problem("has no \"colors\" list of entries") }
        var any: UIColor?, light: UIColor?, dark: UIColor?
        for (number, entry) in entries.enumerated() {
            let idiom = entry["idiom"] as? String ?? "universal"
            guard idiom == "universal" || idiom == "iphone" else { continue }
            // High-contrast entries (and other appearances) are not used: Tabula has no
            // Increase Contrast setting.
            var luminosity: String?
            var otherAppearance = false
            for appearance in entry["appearances"] as? [[String: Any]] ?? [] {
                if appearance["appearance"] as? String == "luminosity" {
                    luminosity = appearance["value"] as? String
                } else {
                    otherAppearance = true
                }
            }
            guard !otherAppearance else { continue }
            guard let colorJSON = entry["color"] as? [String: Any] else { continue }
            let color: UIColor
            switch Self.color(from: colorJSON) {
            case .success(let value): color = value
            case .failure(let reason): return problem("entry \(number + 1): \(reason.description)")
            }
            switch luminosity {
            case nil: if any == nil || idiom == "iphone" { any = color }
            case "light": light = color
            case "dark": dark = color
            default: continue
            }
        }
        guard let base = light ?? any else {
            return dark.map { ColorSet(any: $0, dark: nil) } ?? problem("has no colour for any appearance")
        }
        return ColorSet(any: base, dark: dark)
    }

    /// A colour from a colour set entry's `color` object: components in a colour space, or
    /// a reference to a system colour.
    private static func color(from json: [String: Any]) -> Result<UIColor, JSONProblem> {
        if let reference = json["reference"] as? String {
            guard let color = UIColor.systemColor(assetReference: reference) else {
                return .failure(JSONProblem(description: "refers to the system colour \"\(reference)\", which Tabula does not have"))
            }
            return .success(color)
        }
        guard let components = json["components"] as? [String: Any] else {
            return .failure(JSONProblem(description: "has neither \"components\" nor \"reference\""))
        }
        func component(_ key: String, isAlpha: Bool = false) -> Result<Double, JSONProblem> {
            guard let raw = components[key] else { return .failure(JSONProblem(description: "lacks the component \"\(key)\"")) }
            let text = "\(raw)".trimmingCharacters(in: .whitespaces).lowercased()
            // Xcode writes floats ("0.345"), 8-bit integers ("88") or hexadecimal ("0x58").
            if text.hasPrefix("0x"), let value = UInt8(text.dropFirst(2), radix: 16) { return .success(Double(value) / 255) }
            if !text.contains("."), let value = Int(text), (0...255).contains(value) {
                return .success(isAlpha && value <= 1 ? Double(value) : Double(value) / 255)
            }
            if let value = Double(text), value.isFinite { return .success(value) }
            return .failure(JSONProblem(description: "has the component \(key) \"\(raw)\", which is not a number"))
        }
        let space = json["color-space"] as? String ?? "srgb"
        let alpha: Double
        switch component("alpha", isAlpha: true) {
        case .success(let value): alpha = min(max(value, 0), 1)
        case .failure(let problem): return .failure(problem)
        }
        switch space {
        case "gray-gamma-22", "extended-gray":
            return component("white").map { UIColor(white: CGFloat($0), alpha: CGFloat(alpha)) }
        case "srgb", "extended-srgb", "display-p3", "extended-linear-srgb":
            var rgb: [Double] = []
            for key in ["red", "green", "blue"] {
                switch component(key) {
                case .success(let value): rgb.append(value)
                case .failure(let problem): return .failure(problem)
                }
            }
            switch space {
            case "display-p3":
                return .success(UIColor(displayP3Red: CGFloat(rgb[0]), green: CGFloat(rgb[1]), blue: CGFloat(rgb[2]), alpha: CGFloat(alpha)))
            case "extended-linear-srgb":
                let encoded = rgb.map { $0 <= 0.0031308 ? 12.92 * $0 : 1.055 * pow($0, 1 / 2.4) - 0.055 }
                return .success(UIColor(red: CGFloat(encoded[0]), green: CGFloat(encoded[1]), blue: CGFloat(encoded[2]), alpha: CGFloat(alpha)))
            default:
                return .success(UIColor(red: CGFloat(rgb[0]), green: CGFloat(rgb[1]), blue: CGFloat(rgb[2]), alpha: CGFloat(alpha)))
            }
        default:
            return .failure(JSONProblem(description: "has the colour space \"\(space)\"; Tabula reads srgb, extended-srgb, extended-linear-srgb, display-p3, gray-gamma-22 and extended-gray"))
        }
    }

    private struct JSONProblem: Error, CustomStringConvertible { let description: String }

    private func readJSON(_ path: String) -> Result<[String: Any], JSONProblem> {
        guard let data = FileManager.default.contents(atPath: path) else {
            return .failure(JSONProblem(description: "cannot be read"))
        }
        guard let object = try? JSONSerialization.jsonObject(with: data) else {
            return .failure(JSONProblem(description: "is not valid JSON"))
        }
        guard let dictionary = object as? [String: Any] else {
            return .failure(JSONProblem(description: "is not a JSON object"))
        }
        return .success(dictionary)
    }

    // MARK: Reporting

    /// Sends each error whose file has not been reported yet, outside the lock.
    private func report(_ errors: [UIImage.AssetError]) {
        guard !errors.isEmpty else { return }
        let (fresh, handler) = lock.withLock {
            let fresh = errors.filter { reportedFiles.insert($0.path).inserted }
            return (fresh, self.handler)
        }
        for error in fresh { handler(error) }
    }
}

extension UIImage {
    /// What was wrong with a file a named image or colour comes from: a PNG that does not
    /// decode, an asset catalog's `Contents.json` that is not valid, or a format Tabula
    /// cannot read. The image (or the colour of `UIColor(named:)`) is nil.
    public struct AssetError: Error, CustomStringConvertible, Sendable {
        /// The name the image was asked for by (or the group, for a group's Contents.json).
        public let name: String
        /// The file at fault.
        public let path: String
        /// What was wrong with it.
        public let reason: String
        /// Which initializer asked: `UIImage(named:)` or `UIColor(named:)`.
        let asset: AssetKind

        enum AssetKind: Sendable { case image, color }

        init(name: String, path: String, reason: String, asset: AssetKind = .image) {
            self.name = name
            self.path = path
            self.reason = reason
            self.asset = asset
        }

        /// Says which image or colour, which file and what was wrong, e.g.
        /// `UIImage(named: "star"): …/star.imageset/Contents.json is not valid JSON; no image`.
        public var description: String {
            let verb = ["is ", "has ", "names ", "cannot "].contains { reason.hasPrefix($0) }
            let call = asset == .color ? "UIColor" : "UIImage"
            let result = asset == .color ? "no colour" : "no image"
            return "\(call)(named: \"\(name)\"): \(path)\(verb ? " " : ": ")\(reason); \(result)"
        }
    }

    /// Receives each ``AssetError`` (of images and of `UIColor(named:)`'s colour sets),
    /// once per file for the life of the process; the
    /// default writes it to standard error. Tests replace it to collect the errors.
    /// It may be called on any thread that looks an image up.
    public static var onInvalidAsset: @Sendable (AssetError) -> Void {
        get { ImageAssets.shared.reportHandler }
        set { ImageAssets.shared.reportHandler = newValue }
    }
}
