import Tabula

/// One demo: a window's content, an optional animation to film, and where it comes from.
@MainActor
protocol Scene {
    /// The command-line name, e.g. `views`.
    static var name: String { get }
    /// One line for `Showcase list`.
    static var summary: String { get }
    /// The screen size in points.
    static var size: CGSize { get }
    init()
    /// The root view controller to show.
    func makeRootViewController() -> UIViewController
}

extension Scene {
    static var size: CGSize { CGSize(width: 390, height: 844) }
}

@MainActor
enum Scenes {
    static let all: [any Scene.Type] = [FoundationScene.self]

    static func named(_ name: String) -> (any Scene.Type)? {
        all.first { $0.name == name }
    }
}
