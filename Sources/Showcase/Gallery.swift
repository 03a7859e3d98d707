import Foundation
import Tabula

/// Renders scenes to files and lays them out as a web page.
@MainActor
enum Gallery {
    struct Entry {
        var name: String, summary: String, seed: String, tryIt: String
        var still: String, filmstrip: String, animation: String
        var frameCount: Int
        var files: [String] { [still, filmstrip, animation] }
    }

    /// Writes `NAME.png` (the scene as first shown, at `scale`), and from a filming of
    /// its ``Scene/play(on:)`` at 1× and `fps`: `NAME-filmstrip.png` and
    /// `NAME-animated.png` (an APNG a browser plays). The filmstrip holds
    /// `filmstripFrames` frames spread evenly over the film.
    static func render(_ type: any Scene.Type, into folder: URL, scale: CGFloat, fps: Int,
                       filmstripFrames: Int = 8) throws -> Entry {
        let still = "\(type.name).png", strip = "\(type.name)-filmstrip.png", movie = "\(type.name)-animated.png"

        let stillScreen = HeadlessScreen(device: type.device(scale: scale))
        let stillScene = type.init()
        show(stillScene, on: stillScreen)
        stillScene.settle(on: stillScreen)
        try write(stillScreen.snapshot(), to: folder.appendingPathComponent(still))
        withExtendedLifetime(stillScene) {}

        let frames = film(type, fps: fps)
        let picked = pick(filmstripFrames, of: frames)
        try write(HeadlessScreen.filmstrip(picked, columns: min(8, picked.count), spacing: 6),
                  to: folder.appendingPathComponent(strip))
        try AnimatedPNG.data(frames: frames.compactMap(\.cgImage), frameDuration: 1 / Double(fps))
            .write(to: folder.appendingPathComponent(movie))
        return Entry(name: type.name, summary: type.summary, seed: type.seed, tryIt: type.tryIt,
                     still: still, filmstrip: strip, animation: movie, frameCount: frames.count)
    }

    /// The frames of `type` playing at 1× and `fps`, each fitted into the scene's size.
    static func film(_ type: any Scene.Type, fps: Int) -> [UIImage] {
        let screen = HeadlessScreen(device: type.device(scale: 1))
        let scene = type.init()
        show(scene, on: screen)
        scene.settle(on: screen)
        let recorded = screen.record(fps: fps) { scene.play(on: screen) }
        withExtendedLifetime(scene) {}
        return fitted(recorded, into: type.size).map { UIImage(cgImage: $0) }
    }

    static func show(_ scene: any Scene, on screen: HeadlessScreen) {
        let window = UIWindow(frame: .zero)
        window.rootViewController = Scenes.rootViewController(for: scene)
        screen.show(window)
        scene.attach(to: screen)
    }

    /// The frames on one canvas, the scene's size at 1×: a rotation changes the
    /// screen's size mid-film, so a frame of another shape is scaled down to fit and
    /// centred. (Letterboxing every frame onto the largest width and height instead
    /// left a portrait scene's frames mostly bars.)
    static func fitted(_ frames: [UIImage], into size: CGSize) -> [Bitmap] {
        let width = max(1, Int(size.width.rounded())), height = max(1, Int(size.height.rounded()))
        return frames.compactMap(\.cgImage).map { bitmap in
            guard bitmap.width != width || bitmap.height != height else { return bitmap }
            let canvas = Bitmap(width: width, height: height, opaque: true)
            canvas.clear(to: Color(white: 0.15))
            let fit = min(Double(width) / Double(bitmap.width), Double(height) / Double(bitmap.height))
            let w = Double(bitmap.width) * fit, h = Double(bitmap.height) * fit
            GraphicsContext(bitmap: canvas).draw(bitmap, in: CGRect(x: (Double(width) - w) / 2, y: (Double(height) - h) / 2,
                                                                    width: w, height: h))
            return canvas
        }
    }

    /// `count` frames spread evenly from the first to the last.
    static func pick(_ count: Int, of frames: [UIImage]) -> [UIImage] {
        guard frames.count > count, count > 1 else { return frames }
        return (0 ..< count).map { frames[$0 * (frames.count - 1) / (count - 1)] }
    }

    private static func write(_ image: UIImage, to url: URL) throws {
        guard let data = image.pngData() else { throw CocoaError(.fileWriteUnknown) }
        try data.write(to: url)
    }

    /// The gallery page: every scene with its still, its animation and its filmstrip.
    static func html(_ entries: [Entry]) -> String {
        func escape(_ s: String) -> String {
            s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
                .replacingOccurrences(of: ">", with: "&gt;")
        }
        let cards = entries.map { e in
            """
              <section id="\(e.name)">
                <h2>\(escape(e.name))</h2>
                <p>\(escape(e.summary))</p>
                <p class="seed">From: \(escape(e.seed)) · <code>Showcase run \(e.name)</code> · \(escape(e.tryIt))</p>
                <div class="pair">
                  <figure><img src="\(e.still)" width="260" alt="\(escape(e.name)), as first shown"><figcaption>As first shown</figcaption></figure>
                  <figure><img src="\(e.animation)" width="260" alt="\(escape(e.name)), animated"><figcaption>Its animation (\(e.frameCount) frames)</figcaption></figure>
                </div>
                <a href="\(e.filmstrip)"><img class="strip" src="\(e.filmstrip)" alt="\(escape(e.name)) filmstrip"></a>
              </section>
            """
        }.joined(separator: "\n")
        return """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <title>Tabula Showcase</title>
            <style>
              body { font: 15px/1.45 system-ui, sans-serif; margin: 2rem auto; max-width: 1100px; padding: 0 1rem; color: #1c1c1e; }
              nav a { margin-right: .8rem; }
              section { border-top: 1px solid #ddd; padding: 1rem 0 2rem; }
              .seed { color: #666; font-size: 13px; }
              .pair { display: flex; gap: 1.5rem; flex-wrap: wrap; }
              figure { margin: 0; } figcaption { color: #666; font-size: 13px; }
              img { border-radius: 8px; box-shadow: 0 1px 6px rgba(0,0,0,.2); }
              .strip { width: 100%; margin-top: 1rem; }
            </style>
            </head>
            <body>
            <h1>Tabula Showcase</h1>
            <p>Each scene is a demo from the WWDC table view sessions or the animation chapters, rendered headless by
            <code>Showcase render all</code>. The animation is filmed while the scene plays what a person would do.</p>
            <nav>\(entries.map { "<a href=\"#\($0.name)\">\($0.name)</a>" }.joined())</nav>
            \(cards)
            </body>
            </html>

            """
    }
}
