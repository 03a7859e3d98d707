// swift-tools-version:6.0
import PackageDescription

// tabula-port: rewrites UIKit source so that it builds both for iOS and, with Tabula, on
// Linux. A package of its own so that the library's build never pays for swift-syntax.
let package = Package(
    name: "tabula-port",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "tabula-port", targets: ["tabula-port"]),
        .library(name: "TabulaPortKit", targets: ["TabulaPortKit"]),
    ],
    dependencies: [
        .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        .target(
            name: "TabulaPortKit",
            dependencies: [
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
                .product(name: "SwiftParserDiagnostics", package: "swift-syntax"),
                .product(name: "SwiftSyntaxBuilder", package: "swift-syntax"),
            ]),
        .executableTarget(
            name: "tabula-port",
            dependencies: [
                "TabulaPortKit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        .testTarget(name: "TabulaPortKitTests", dependencies: ["TabulaPortKit"]),
    ]
)
