import Foundation
import Testing
@testable import TabulaPortKit

@Suite("CocoaPods")
struct CocoaPodsTests {
    @Test("A Podfile's pods give their modules, with the line of each")
    func podfile() {
        let modules = CocoaPods.modules(podfile: """
            platform :ios, '15.0'
            use_frameworks!

            target 'Notes' do
              pod 'SnapKit', '~> 5.6'
              pod "Kingfisher"
              pod('Alamofire', '5.8')
              pod 'Firebase/Analytics'
              pod 'lottie-ios'
              # pod 'Realm'
              podspec_thing 'NotAPod'
              pod 'SwiftLint' # a tool, still a pod
            end
            """)
        #expect(modules == ["SnapKit": 5, "Kingfisher": 6, "Alamofire": 7, "Firebase": 8, "lottie_ios": 9, "SwiftLint": 12])
    }

    @Test("A Podfile.lock's pods, top-level entries only")
    func lockfile() {
        let modules = CocoaPods.modules(lockfile: """
            PODS:
              - Alamofire (5.8.1)
              - "GoogleUtilities/Environment (7.12.0)":
                - PromisesObjC (< 3.0, >= 1.2)
              - SnapKit (5.6.0)

            DEPENDENCIES:
              - Alamofire
              - OtherThing
            """)
        #expect(modules == ["Alamofire": 2, "GoogleUtilities": 3, "SnapKit": 5])
    }

    @Test("An import of a pod's module is a warning naming the module, the Podfile line and what to do")
    func podImport() throws {
        let result = try ported("""
            import UIKit
            import SnapKit
            @testable import Alamofire
            import Foundation
            #if canImport(Kingfisher)
            import Kingfisher
            #endif
            """, context: ProjectContext(pods: ["SnapKit": "Podfile:5", "Alamofire": "Podfile.lock:2", "Kingfisher": "Podfile:6"]))
        let pods = result.manualItems.filter { $0.message.contains("comes from CocoaPods") }
        #expect(pods.map(\.line) == [2, 3])
        #expect(pods[0].column == 1)
        #expect(pods[0].message.hasPrefix("SnapKit comes from CocoaPods (Podfile:5): a Tabula port builds with SwiftPM"))
        #expect(pods[0].message.contains("add it as a SwiftPM dependency"))
        #expect(pods[0].message.hasSuffix("keep the code that uses it under #if canImport(SnapKit)"))
        #expect(pods[1].message.hasPrefix("Alamofire comes from CocoaPods (Podfile.lock:2)"))
        #expect(lines(result.source).contains("import SnapKit"))
    }

    @Test("The Podfile is found in the folder given or a folder above it; the Podfile's line wins over the lock's")
    func scanning() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("pods-\(UUID().uuidString)")
        let sources = root.appendingPathComponent("Notes/Sources")
        try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(CocoaPods.scanning(near: sources).isEmpty)
        try "target 'Notes' do\n  pod 'SnapKit'\nend\n".write(to: root.appendingPathComponent("Podfile"), atomically: true, encoding: .utf8)
        try "PODS:\n  - SnapKit (5.6.0)\n  - Then (3.0.0)\n".write(to: root.appendingPathComponent("Podfile.lock"),
                                                            atomically: true, encoding: .utf8)
        let pods = CocoaPods.scanning(near: sources)
        #expect(Set(pods.keys) == ["SnapKit", "Then"])
        #expect(pods["SnapKit"]?.hasSuffix("Podfile:2") == true)
        #expect(pods["Then"]?.hasSuffix("Podfile.lock:3") == true)
    }
}
