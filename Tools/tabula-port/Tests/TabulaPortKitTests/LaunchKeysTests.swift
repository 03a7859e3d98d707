import Foundation
import SwiftParser
import Testing
@testable import TabulaPortKit

/// An app's launch storyboard reaches the generated `TabulaInterfaceBuilderFiles`: a SwiftPM
/// executable has no `Info.plist`, so without it a storyboard app launched to no window
/// (port trial Q copied `Info.plist` into `.build` by hand, which a clean build wipes).
@Suite("The launch keys of Info.plist go into TabulaInterfaceBuilderFiles")
struct LaunchKeysTests {
    /// A folder holding a one-scene storyboard and the files given (name → text).
    func project(_ files: [String: String]) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("launch-keys-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try storyboard(view: "").write(to: folder.appendingPathComponent("Main.storyboard"), atomically: true, encoding: .utf8)
        try "class DetailViewController: UIViewController {}".write(
            to: folder.appendingPathComponent("DetailViewController.swift"), atomically: true, encoding: .utf8)
        for (name, text) in files {
            let file = folder.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: file, atomically: true, encoding: .utf8)
        }
        return folder
    }

    func plist(_ body: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \(body)
        </dict>
        </plist>
        """
    }

    /// The registry a run on `folder` writes, and the run's warnings.
    func registry(_ folder: URL) throws -> (text: String, warnings: [String]) {
        let run = InterfaceBuilderProject(paths: [folder.path])
        let output = try #require(run.outputs.first { $0.file.lastPathComponent == InterfaceBuilderCompiler.registryFileName })
        return (output.text, run.warnings)
    }

    /// The property list the registry's `infoPlist` returns, read back.
    func embedded(_ registry: String) throws -> [String: Any]? {
        guard let start = registry.range(of: "#\"\"\"\n"), let end = registry.range(of: "\"\"\"#") else { return nil }
        let xml = registry[start.upperBound ..< end.lowerBound].split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.hasPrefix("        ") ? $0.dropFirst(8) : $0 }.joined(separator: "\n")
        return try PropertyListSerialization.propertyList(from: Data(xml.utf8), format: nil) as? [String: Any]
    }

    @Test("UIMainStoryboardFile is copied, and nothing else of the file (build settings, bundle names)")
    func mainStoryboard() throws {
        let folder = try project(["App/Info.plist": plist("""
            <key>CFBundleIdentifier</key><string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>
            <key>UIMainStoryboardFile</key><string>Main</string>
            <key>UILaunchStoryboardName</key><string>LaunchScreen</string>
            """)])
        let (text, warnings) = try registry(folder)
        #expect(warnings.isEmpty, "\(warnings)")
        let info = try #require(try embedded(text))
        #expect(info.keys.sorted() == ["UIMainStoryboardFile"])
        #expect(info["UIMainStoryboardFile"] as? String == "Main")
        #expect(Porter.firstError(in: Parser.parse(source: text)) == nil)
    }

    @Test("A scene manifest is copied whole: its configurations, delegate class and storyboard")
    func sceneManifest() throws {
        let folder = try project(["Info.plist": plist("""
            <key>UIApplicationSceneManifest</key>
            <dict>
                <key>UISceneConfigurations</key>
                <dict>
                    <key>UIWindowSceneSessionRoleApplication</key>
                    <array><dict>
                        <key>UISceneConfigurationName</key><string>Default Configuration</string>
                        <key>UISceneDelegateClassName</key><string>$(PRODUCT_MODULE_NAME).SceneDelegate</string>
                        <key>UISceneStoryboardFile</key><string>Main</string>
                    </dict></array>
                </dict>
            </dict>
            """)])
        let info = try #require(try embedded(try registry(folder).text))
        let manifest = try #require(info["UIApplicationSceneManifest"] as? [String: Any])
        let roles = try #require(manifest["UISceneConfigurations"] as? [String: Any])
        let entry = try #require((roles["UIWindowSceneSessionRoleApplication"] as? [[String: Any]])?.first)
        #expect(entry["UISceneStoryboardFile"] as? String == "Main")
        #expect(entry["UISceneDelegateClassName"] as? String == "$(PRODUCT_MODULE_NAME).SceneDelegate")
    }

    @Test("Without an Info.plist, Xcode's build setting INFOPLIST_KEY_UIMainStoryboardFile names the storyboard")
    func buildSetting() throws {
        let folder = try project(["App.xcodeproj/project.pbxproj": """
            buildSettings = {
                GENERATE_INFOPLIST_FILE = YES;
                INFOPLIST_KEY_UIMainStoryboardFile = Main;
            };
            """])
        let info = try #require(try embedded(try registry(folder).text))
        #expect(info["UIMainStoryboardFile"] as? String == "Main")
    }

    @Test("An app without launch keys gets no infoPlist; a broken Info.plist and a second app's are warned about")
    func noneAndConflicts() throws {
        let plain = try project(["Info.plist": plist("<key>CFBundleName</key><string>App</string>")])
        let (text, warnings) = try registry(plain)
        #expect(!text.contains("infoPlist") && warnings.isEmpty)

        let broken = try project(["Info.plist": "<plist><dict><key>UIMainStoryboardFile</key>"])
        let brokenRun = try registry(broken)
        #expect(!brokenRun.text.contains("infoPlist"))
        #expect(brokenRun.warnings.count == 1 && brokenRun.warnings[0].contains("Info.plist:1: warning: not a property list"))

        let two = try project([
            "A/Info.plist": plist("<key>UIMainStoryboardFile</key><string>Main</string>"),
            "B/Info.plist": plist("<key>UIMainStoryboardFile</key><string>Other</string>"),
        ])
        let twoRun = try registry(two)
        #expect(try embedded(twoRun.text)?["UIMainStoryboardFile"] as? String == "Main")
        #expect(twoRun.warnings.count == 1 && twoRun.warnings[0].contains("B/Info.plist:1: warning: names another launch storyboard"))
    }
}
