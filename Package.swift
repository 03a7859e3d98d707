// swift-tools-version:6.0
import PackageDescription

// Layers (one-way, enforced by target dependencies):
//   TabulaCore -> TabulaGraphics -> TabulaQuartz -> TabulaUIKit -> TabulaTable -> Tabula -> TabulaSDL -> Showcase
//   TabulaUIKit -> TabulaCollection -> Tabula
//   TabulaGraphics -> TabulaSymbols -> TabulaUIKit
//   Tabula -> TabulaData (SQLite through GRDB; nothing below it imports GRDB)
// Tabula is the module users import: it holds no code and re-exports TabulaUIKit and
// TabulaTable (each re-exports what is under it), so that one `import Tabula` brings all
// of UIKit's API. Those two are internal targets of the package, not products: what one
// uses of another is `package`, never `public` unless it is UIKit's API. TabulaTable is
// the table and what is built on it (UITabBarController: its More tab is a table view
// controller); where TabulaUIKit needs the table, it asks through package protocols that
// the table's types adopt (Views/UIView+ModuleHooks.swift, Window/TabBarHosting.swift).
// TabulaQuartz is the render engine, named after the framework that holds Core Animation
// on Apple's platforms (QuartzCore: CALayer, CAAnimation, CATransaction, CADisplayLink),
// so that each type lives where a UIKit developer expects it (a name such as TabulaRender
// or TabulaAnimation would cover only half of what is there). It holds layers, animation,
// transactions, the compositor and its renderer seam, and the frame engine the hosts
// drive; it knows no view. TabulaUIKit is UIKit on top of it and re-exports it, so
// `import Tabula` still brings everything.
// See DESIGN.md in the project's shared folder.
let package = Package(
    name: "Tabula",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "TabulaCore", targets: ["TabulaCore"]),
        .library(name: "TabulaGraphics", targets: ["TabulaGraphics"]),
        .library(name: "TabulaQuartz", targets: ["TabulaQuartz"]),
        .library(name: "Tabula", targets: ["Tabula"]),
        .library(name: "TabulaSDL", targets: ["TabulaSDL"]),
        .library(name: "TabulaData", targets: ["TabulaData"]),
        // Strategies for pointfreeco/swift-snapshot-testing (`assertSnapshot(of: controller, as: .image)`).
        .library(name: "TabulaSnapshotTesting", targets: ["TabulaSnapshotTesting"]),
        .executable(name: "Showcase", targets: ["Showcase"]),
        // The Showcase again, under the name that runs its monkey (`swift run AppMonkey --steps N --seed S`).
        .executable(name: "AppMonkey", targets: ["Showcase"]),
        .executable(name: "Benchmarks", targets: ["Benchmarks"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        // Only its SnapshotTesting product (no dependencies of its own) is used.
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.17.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CCairo", pkgConfig: "cairo",
            providers: [.apt(["libcairo2-dev"])]),
        .systemLibrary(
            name: "CPangoCairo", pkgConfig: "pangocairo",
            providers: [.apt(["libpango1.0-dev"])]),
        // JPEG encoding and decoding (UIImage.jpegData(compressionQuality:), UIImage(data:)).
        .systemLibrary(
            name: "CJPEG", pkgConfig: "libjpeg",
            providers: [.apt(["libjpeg-dev"])]),
        // Vector images in asset catalogs (Xcode's "Preserve Vector Data"): librsvg draws
        // SVG, Poppler draws PDF, both into Cairo.
        .systemLibrary(
            name: "CRSVG", pkgConfig: "librsvg-2.0",
            providers: [.apt(["librsvg2-dev"])]),
        .systemLibrary(
            name: "CPoppler", pkgConfig: "poppler-glib",
            providers: [.apt(["libpoppler-glib-dev"])]),
        .systemLibrary(
            name: "CSDL2", pkgConfig: "sdl2",
            providers: [.apt(["libsdl2-dev"])]),

        // Hints Swift cannot give the processor (read this memory ahead), inlined into Swift.
        .target(name: "CTabulaMemory"),
        .target(name: "TabulaCore", dependencies: ["CTabulaMemory"]),
        // Pixel loops Cairo has no fast path for (a shadow blended straight into a frame).
        .target(name: "CTabulaPixels"),
        .target(name: "TabulaGraphics",
                dependencies: ["TabulaCore", "CCairo", "CPangoCairo", "CJPEG", "CRSVG", "CPoppler", "CTabulaPixels"]),
        .target(name: "TabulaQuartz", dependencies: ["TabulaCore", "TabulaGraphics"]),
        // The symbols' drawings as data (Symbols.txt, read at first use), their parser and
        // their drawing: no view and no image, only paths and a graphics context.
        .target(
            name: "TabulaSymbols", dependencies: ["TabulaCore", "TabulaGraphics"],
            resources: [.copy("Symbols.txt")]),
        // UIKit but the table: views, controls, text and keyboard, images, layout, scrolling,
        // gestures, menus, bars, view controllers, navigation, presentation, the window and
        // the hosts. Internal to the package: users import Tabula.
        .target(
            name: "TabulaUIKit",
            dependencies: ["TabulaCore", "TabulaGraphics", "TabulaQuartz", "TabulaSymbols"]),
        // The table on top of it: UITableView, its cells and item store, UITableViewController,
        // the diffable data source, static tables, and UITabBarController (its More tab is a
        // table view controller).
        .target(name: "TabulaTable", dependencies: ["TabulaCore", "TabulaGraphics", "TabulaUIKit"]),
        // The collection view on top of TabulaUIKit: UICollectionView, its cells and reusable
        // views, UICollectionViewLayout and the flow layout. It shares the table's pure engine
        // in TabulaCore (UpdatePlan, UpdateOperations, the update errors), not its views; list
        // sections use TabulaTable's swipe-action types and accessory glyphs.
        .target(name: "TabulaCollection", dependencies: ["TabulaCore", "TabulaUIKit", "TabulaTable"]),
        // The window: SDLWindowHost shows a UIWindow in an SDL2 window (UIKit but the table
        // is all it needs to know).
        .target(name: "TabulaSDL", dependencies: ["TabulaUIKit", "CSDL2"]),
        // The module users import: it re-exports TabulaUIKit, TabulaTable and TabulaCollection,
        // holds the app's entry point (`@main` on an app delegate opens the window, so it
        // needs TabulaSDL) and the documentation catalog.
        .target(name: "Tabula", dependencies: ["TabulaUIKit", "TabulaTable", "TabulaCollection", "TabulaSDL"]),
        .target(
            name: "TabulaData",
            // GRDBSQLite is the SQLite C API GRDB itself uses: the incremental fetch asks it
            // where result columns come from and which collation a column declares.
            dependencies: ["Tabula", "TabulaCore", .product(name: "GRDB", package: "GRDB.swift"),
                           .product(name: "GRDBSQLite", package: "GRDB.swift")]),

        .executableTarget(
            name: "Showcase",
            dependencies: [
                "Tabula", "TabulaSDL", "TabulaData", "ReadingList", "StoryboardNotes",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        // Image and text strategies for swift-snapshot-testing, rendered by HeadlessScreen.
        .target(
            name: "TabulaSnapshotTesting",
            dependencies: ["Tabula", .product(name: "SnapshotTesting", package: "swift-snapshot-testing")]),
        // A seeded fuzzer of the table (batches, reloads, scrolling) and its runner.
        .target(name: "TableFuzzing", dependencies: ["Tabula", "TabulaTestSupport"]),
        .executableTarget(name: "TableFuzz", dependencies: ["TableFuzzing"]),
        .executableTarget(name: "Benchmarks", dependencies: ["Tabula", "TabulaCore", "TabulaGraphics", "TabulaData"]),

        // The example app (a reading list in SQLite), written once for iOS and Linux: its files
        // import UIKit where it exists and Tabula elsewhere. The Showcase shows it as a scene.
        .target(
            name: "ReadingList", dependencies: ["Tabula", "TabulaData"],
            path: "Examples/ReadingList/Sources/ReadingList"),
        // The same example as an app: @main on its app delegate, a scene delegate making
        // the window, as Xcode's template starts an iOS app.
        .executableTarget(
            name: "ReadingListApp", dependencies: ["ReadingList", "Tabula"],
            path: "Examples/ReadingList/Sources/ReadingListApp"),
        .testTarget(
            name: "ReadingListTests",
            dependencies: [
                "ReadingList", "ReadingListApp", "Tabula", "TabulaData", "TabulaSnapshotTesting",
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
            ],
            path: "Examples/ReadingList/Tests/ReadingListTests", exclude: ["__Snapshots__"]),

        // A UIKit controller as tabula-port ported it, unedited (Tools/tabula-port/Fixtures has
        // the original; the tool's tests check that porting it gives exactly this). Swift 5
        // mode, as many iOS projects still build.
        .target(
            name: "PortedPlays", dependencies: ["Tabula"], path: "Examples/PortedPlays/Sources/PortedPlays",
            swiftSettings: [.swiftLanguageMode(.v5)]),
        .testTarget(
            name: "PortedPlaysTests",
            dependencies: [
                "PortedPlays", "Tabula", "TabulaSnapshotTesting",
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
            ],
            path: "Examples/PortedPlays/Tests/PortedPlaysTests", exclude: ["__Snapshots__"]),

        // A storyboard app: UIKit controllers, storyboards and nibs of our own
        // (Tools/tabula-port/Fixtures/InterfaceBuilder has the originals), ported by tabula-port,
        // which also compiled each .storyboard and .xib into the .swift beside it. Its tests and
        // the Showcase's `storyboard` scene run it.
        .target(
            name: "StoryboardNotes", dependencies: ["Tabula"], path: "Examples/StoryboardNotes/Sources/StoryboardNotes",
            exclude: ["Main.storyboard", "Settings.storyboard", "Tabs.storyboard", "Gallery.storyboard",
                      "ProfileCell.xib", "ProfileHeaderView.xib"]),
        .testTarget(
            name: "StoryboardNotesTests",
            dependencies: [
                "StoryboardNotes", "Tabula", "TabulaSnapshotTesting",
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
            ],
            path: "Examples/StoryboardNotes/Tests/StoryboardNotesTests", exclude: ["__Snapshots__"]),

        // Code written as a Swift 5 iOS project writes it, before strict concurrency: types
        // and functions not marked @MainActor that make and change views. It builds without
        // a warning, as against the iOS SDK, because Tabula's UI types are
        // `@preconcurrency @MainActor` as UIKit's are imported.
        .target(
            name: "Swift5Client", dependencies: ["Tabula"], path: "Examples/Swift5Client/Sources/Swift5Client",
            swiftSettings: [.swiftLanguageMode(.v5)]),
        .testTarget(
            name: "Swift5ClientTests", dependencies: ["Swift5Client", "Tabula", "TabulaUIKit", "TabulaTable"],
            path: "Examples/Swift5Client/Tests/Swift5ClientTests"),

        // What the test targets share (package access: test code only), each re-exporting the
        // one below it: golden-image comparison and a seeded generator (no views); screens,
        // logs and pixel checks of views; showTable and the tables' test data sources.
        .target(name: "TabulaTestBasics", dependencies: ["TabulaGraphics"]),
        .target(name: "TabulaUIKitTestSupport", dependencies: ["TabulaUIKit", "TabulaGraphics", "TabulaTestBasics"]),
        .target(name: "TabulaTestSupport", dependencies: ["Tabula", "TabulaUIKitTestSupport", "TabulaGraphics"]),

        .testTarget(name: "TabulaCoreTests", dependencies: ["TabulaCore", "TabulaTestBasics"]),
        .testTarget(
            name: "TabulaGraphicsTests", dependencies: ["TabulaGraphics", "TabulaTestBasics"],
            exclude: ["Golden"]),
        // The symbol data on its own: every entry reads and draws, malformed ones are reported.
        .testTarget(name: "TabulaSymbolsTests", dependencies: ["TabulaSymbols", "TabulaGraphics"]),
        // The render engine on its own: no view, no Tabula.
        .testTarget(name: "TabulaQuartzTests", dependencies: ["TabulaQuartz"]),
        // Views, layers in views, animation, scrolling, text, controls, images, bars and
        // controllers (TabulaUIKit) on their own: no table.
        .testTarget(
            name: "TabulaUIKitTests",
            dependencies: ["TabulaUIKit", "TabulaQuartz", "TabulaGraphics", "TabulaSymbols", "TabulaUIKitTestSupport"],
            exclude: ["Golden"]),
        // The app together: controllers, bars, text and traits with tables in them.
        .testTarget(
            name: "TabulaTests",
            dependencies: ["Tabula", "TabulaUIKit", "TabulaTable", "TabulaQuartz", "TabulaTestSupport", "TableFuzzing",
                           "TabulaSnapshotTesting"]),
        // The table's own tests (TabulaTable): loading, updates and their animations,
        // editing, sizing, the item store and phase, diffable and static tables.
        .testTarget(
            name: "TabulaTableTests",
            dependencies: ["Tabula", "TabulaUIKit", "TabulaTable", "TabulaQuartz", "TabulaTestSupport", "TableFuzzing"],
            exclude: ["Golden"]),
        // The collection view's own tests (TabulaCollection): the flow layout's frames, reuse,
        // selection, batch updates, self-sizing, bad sizes.
        .testTarget(
            name: "TabulaCollectionTests",
            dependencies: ["Tabula", "TabulaUIKit", "TabulaCollection", "TabulaCore", "TabulaUIKitTestSupport"]),
        .testTarget(name: "TabulaSDLTests", dependencies: ["TabulaSDL"]),
        .testTarget(
            name: "TabulaDataTests",
            dependencies: ["TabulaData", "Tabula", "TabulaUIKit", "TabulaTable", "TabulaCore", "TabulaTestSupport"]),
        // The Showcase's scenes and command line, in process and as a person runs it.
        .testTarget(
            name: "ShowcaseTests",
            dependencies: ["Showcase", "Tabula", "TabulaUIKit", "TabulaTable", "TabulaQuartz", "TabulaTestSupport",
                           "TabulaSnapshotTesting"]),
        .testTarget(
            name: "TabulaSnapshotTestingTests",
            dependencies: ["TabulaSnapshotTesting", "Tabula", .product(name: "SnapshotTesting", package: "swift-snapshot-testing")],
            exclude: ["__Snapshots__"]),
        // The benchmarks' statistics (medians, ratios); no timed assertions.
        .testTarget(name: "BenchmarksTests", dependencies: ["Benchmarks"]),
    ],
    swiftLanguageModes: [.v6]
)
