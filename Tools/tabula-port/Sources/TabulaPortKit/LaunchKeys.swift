import Foundation

/// The keys of an app's `Info.plist` that say which storyboard it launches with
/// (`UIMainStoryboardFile`, `UIApplicationSceneManifest`), found under a folder that
/// `tabula-port` compiles.
///
/// On iOS, UIKit reads them from the app bundle's `Info.plist`. A SwiftPM executable has
/// no bundle of its own, so a port that launched from its storyboard showed nothing until
/// someone copied `Info.plist` beside the executable (by hand, and again after every clean
/// build). The generated `TabulaInterfaceBuilderFiles` carries these keys instead
/// (`InterfaceBuilderFileList.infoPlist`), and Tabula's launch reads them there.
public enum LaunchKeys {
    /// The keys copied, in the order they are looked for.
    static let names = ["UIMainStoryboardFile", "UIApplicationSceneManifest"]

    /// What was found under a folder.
    public struct Found: Sendable, Equatable {
        /// The keys as property list XML, or nil when no file under the folder names a storyboard.
        public var xml: String?
        /// Warnings, each `path:line: warning: message`.
        public var warnings: [String] = []
    }

    /// The launch keys of the app under `folder`: from the first `Info.plist` (by path) that
    /// has one; otherwise `INFOPLIST_KEY_UIMainStoryboardFile` of an Xcode project's build
    /// settings (Xcode 13 and later generate `Info.plist` from them). Another `Info.plist`
    /// with different launch keys (a second app target) is warned about.
    public static func find(under folder: URL) -> Found {
        var found = Found()
        var chosen: (path: String, keys: [String: Any])?
        for file in SourceWalker.files(under: folder, extensions: ["plist"]) where file.lastPathComponent == "Info.plist" {
            let path = InterfaceBuilderProject.displayPath(file)
            guard let data = try? Data(contentsOf: file) else { continue }
            guard let plist = try? PropertyListSerialization.propertyList(from: data, format: nil),
                  let info = plist as? [String: Any] else {
                found.warnings.append("\(path):1: warning: not a property list dictionary; its launch storyboard, if any, "
                                      + "was not copied")
                continue
            }
            let keys = info.filter { names.contains($0.key) }
            guard !keys.isEmpty else { continue }
            if let chosen {
                if !NSDictionary(dictionary: keys).isEqual(to: chosen.keys) {
                    found.warnings.append("\(path):1: warning: names another launch storyboard or scene manifest than "
                        + "\(chosen.path), whose keys \(InterfaceBuilderCompiler.registryFileName) carries; port each app "
                        + "target's folder on its own")
                }
                continue
            }
            chosen = (path, keys)
        }
        if chosen == nil, let name = buildSettingStoryboard(under: folder) {
            chosen = ("", ["UIMainStoryboardFile": name])
        }
        guard let keys = chosen?.keys,
              let data = try? PropertyListSerialization.data(fromPropertyList: keys, format: .xml, options: 0),
              let xml = String(data: data, encoding: .utf8) else { return found }
        found.xml = xml
        return found
    }

    /// `INFOPLIST_KEY_UIMainStoryboardFile` in the first Xcode project under `folder` that sets it.
    static func buildSettingStoryboard(under folder: URL) -> String? {
        for file in SourceWalker.files(under: folder, extensions: ["pbxproj"]) {
            guard let text = try? String(contentsOf: file, encoding: .utf8) else { continue }
            for line in text.split(separator: "\n") {
                let parts = line.trimmingCharacters(in: .whitespaces).split(separator: "=", maxSplits: 1)
                guard parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces) == "INFOPLIST_KEY_UIMainStoryboardFile"
                else { continue }
                let value = parts[1].trimmingCharacters(in: CharacterSet(charactersIn: " ;\"\t"))
                if !value.isEmpty { return value }
            }
        }
        return nil
    }
}
