import Foundation
@testable import TabulaPortKit

/// The Interface Builder fixtures: `Fixtures/InterfaceBuilder`, with the Swift classes they name.
enum IBFixtures {
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/InterfaceBuilder")

    /// The fixtures' storyboards and nibs, by name.
    static let documents = ["Main.storyboard", "Settings.storyboard", "Tabs.storyboard", "Gallery.storyboard", "ProfileCell.xib", "ProfileHeaderView.xib"]

    /// The declarations of the fixtures' Swift files (not the generated ones, which live in the example).
    static let symbols: ProjectSymbols = {
        var symbols = ProjectSymbols()
        let files = (try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)) ?? []
        for file in files.sorted(by: { $0.path < $1.path }) where file.pathExtension == "swift" {
            if let text = try? String(contentsOf: file, encoding: .utf8) { symbols.add(source: text) }
        }
        return symbols
    }()

    /// The example that builds the fixtures on Linux: their ported Swift and generated files.
    static let exampleFolder = folder.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Examples/StoryboardNotes/Sources/StoryboardNotes")

    /// A file of the example.
    static func example(_ name: String) throws -> String {
        try String(contentsOf: exampleFolder.appendingPathComponent(name), encoding: .utf8)
    }

    static func text(_ name: String) throws -> String {
        try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
    }

    /// Compiles a fixture with the fixtures' Swift declarations.
    static func compile(_ name: String) throws -> IBCompileResult {
        try InterfaceBuilderCompiler.compile(xml: text(name), fileName: name, symbols: symbols)
    }
}

/// A minimal storyboard around one view controller's root view content.
func storyboard(view content: String, controller: String = "DetailViewController", extra: String = "") -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="vc">
        <scenes>
            <scene sceneID="s1">
                <objects>
                    <viewController id="vc" customClass="\(controller)" sceneMemberID="viewController">
                        <view key="view" contentMode="scaleToFill" id="root">
                            <rect key="frame" x="0.0" y="0.0" width="393" height="852"/>
    \(content)
                        </view>
    \(extra)
                    </viewController>
                    <placeholder placeholderIdentifier="IBFirstResponder" id="fr" sceneMemberID="firstResponder"/>
                </objects>
            </scene>
        </scenes>
    </document>
    """
}
