import Dispatch
import Foundation

/// One call of the ``LayerRenderer`` seam, kept to be carried out later, on any thread,
/// by a ``CairoCanvas``: shadows come already placed (the ``ShadowCache`` lives on the main
/// actor), everything else as the compositor gave it.
enum RenderCommand {
    case fill([CGRect], Color)
    case layer(LayerPaint, PlacedShadow?, PlacedBackdrop?)
    case border(Path, ProjectiveTransform, Color, opacity: Double)
    case pushClip(Path, ProjectiveTransform)
    case popClip
    case beginGroup(CGRect?)
    case endGroup(opacity: Double)
    case vector(VectorContent, ProjectiveTransform, opacity: Double)
    case beginMaskedGroup
    case beginMask
    case endMaskedGroup(opacity: Double)
    case raster(Bitmap, CGRect, ProjectiveTransform, opacity: Double)

    /// Carries the call out on `canvas`.
    func run(on canvas: CairoCanvas) {
        switch self {
        case .fill(let rects, let color): canvas.fill(rects, with: color)
        case .layer(let paint, let shadow, let backdrop): canvas.drawLayer(paint, shadow: shadow, backdrop: backdrop)
        case .border(let ring, let map, let color, let opacity): canvas.drawBorder(ring, map: map, color: color, opacity: opacity)
        case .pushClip(let shape, let map): canvas.pushClip(shape, map: map)
        case .popClip: canvas.popClip()
        case .beginGroup(let box): canvas.beginGroup(within: box)
        case .endGroup(let opacity): canvas.endGroup(opacity: opacity)
        case .vector(let content, let map, let opacity): canvas.drawVector(content, map: map, opacity: opacity)
        case .beginMaskedGroup: canvas.beginMaskedGroup()
        case .beginMask: canvas.beginMask()
        case .endMaskedGroup(let opacity): canvas.endMaskedGroup(opacity: opacity)
        case .raster(let bitmap, let rect, let map, let opacity): canvas.drawRaster(bitmap, in: rect, map: map, opacity: opacity)
        }
    }
}

/// A ``LayerRenderer`` that draws nothing yet: it keeps the frame's calls, so that they can
/// be carried out afterwards on several bands of the frame at once.
@MainActor
final class RecordingRenderer: LayerRenderer {
    let pixelBounds: CGRect
    private let shadows: ShadowCache
    private let blursBefore: Int
    /// The calls, in order.
    private(set) var commands: [RenderCommand] = []
    /// The commands of layers that read back what is drawn behind them (a backdrop blur on
    /// the frame): bands must all have drawn everything before such a layer when its
    /// backdrop is read, as each band would read pixels its neighbours draw.
    private(set) var readBacks: [Int] = []

    /// A recorder for a frame of `pixelBounds`, placing shadows through `shadowCache`.
    init(pixelBounds: CGRect, shadowCache: ShadowCache) {
        self.pixelBounds = pixelBounds
        shadows = shadowCache
        blursBefore = shadowCache.blursComputed
    }

    var drawingFailure: String? { nil }
    var shadowsBlurred: Int { shadows.blursComputed - blursBefore }

    func fill(_ rects: [CGRect], with color: Color) { commands.append(.fill(rects, color)) }
    func drawLayer(_ paint: LayerPaint) {
        if paint.backdrop != nil, paint.map.isAffine,
           paint.shape.boundingBox.applying(paint.map.affineTransform).intersects(pixelBounds) {
            readBacks.append(commands.count)
        }
        let shadow = paint.map.isAffine ? paint.shadow.flatMap { shadows.place($0, of: paint) } : nil
        commands.append(.layer(paint, shadow, nil))
    }
    func drawBorder(_ ring: Path, map: ProjectiveTransform, color: Color, opacity: Double) {
        commands.append(.border(ring, map, color, opacity: opacity))
    }
    func pushClip(_ shape: Path, map: ProjectiveTransform) { commands.append(.pushClip(shape, map)) }
    func popClip() { commands.append(.popClip) }
    func beginGroup(within box: CGRect?) { commands.append(.beginGroup(box)) }
    func endGroup(opacity: Double) { commands.append(.endGroup(opacity: opacity)) }
    func drawVector(_ content: VectorContent, map: ProjectiveTransform, opacity: Double) {
        commands.append(.vector(content, map, opacity: opacity))
    }
    func beginMaskedGroup() { commands.append(.beginMaskedGroup) }
    func beginMask() { commands.append(.beginMask) }
    func endMaskedGroup(opacity: Double) { commands.append(.endMaskedGroup(opacity: opacity)) }
    func drawRaster(_ bitmap: Bitmap, in rect: CGRect, map: ProjectiveTransform, opacity: Double) {
        commands.append(.raster(bitmap, rect, map, opacity: opacity))
    }
}

/// A frame's recorded calls and the canvases of its bands, handed to the threads that
/// draw them.
///
/// Not `Sendable` by its types (bitmaps and paths are classes and buffers): it is safe to
/// share because nothing changes it while the bands are drawn. The main thread waits for
/// every band; each thread draws through its own canvas (its own Cairo context) into its
/// own rows; the bitmaps the commands read (backing stores, cached shadows and rasters)
/// are only read.
private final class BandWork: @unchecked Sendable {
    /// The calls; the main thread fills in read-back backdrops between runs.
    var commands: [RenderCommand]
    let canvases: [CairoCanvas]

    /// Per band, the rasters drawn with their dimming in one pass (each band writes only
    /// its own count).
    let dimmedRasters: UnsafeMutableBufferPointer<Int>

    init(commands: [RenderCommand], canvases: [CairoCanvas]) {
        self.commands = commands
        self.canvases = canvases
        dimmedRasters = .allocate(capacity: canvases.count)
        dimmedRasters.initialize(repeating: 0)
    }

    deinit { dimmedRasters.deallocate() }

    /// Draws `range` of the commands into band `index`.
    ///
    /// An opaque raster followed by a translucent fill over all of it (the screen behind
    /// an alert under its dimming) is drawn in one pass over the pixels.
    func draw(band index: Int, _ range: Range<Int>) {
        let canvas = canvases[index]
        var i = range.lowerBound
        while i < range.upperBound {
            if Compositor.fusesDimmedRasters, i + 1 < range.upperBound,
               case .raster(let bitmap, let rect, let map, let opacity) = commands[i], opacity >= 1,
               case .layer(let dimming, .none, .none) = commands[i + 1],
               canvas.drawRaster(bitmap, in: rect, map: map, under: dimming) {
                dimmedRasters[index] += 1
                i += 2
                continue
            }
            commands[i].run(on: canvas)
            i += 1
        }
    }
}

extension Compositor {
    /// Whether a kept screen and the dimming over it are drawn in one pass (true); tests
    /// turn it off to compare with drawing them one after the other.
    package nonisolated(unsafe) static var fusesDimmedRasters = true

    /// How many bands a frame of `height` rows is drawn in, on as many threads: one per
    /// core up to ``bandThreads``, and none for frames too small to gain from it.
    ///
    /// Too small is under a million pixels. Drawing in bands costs a recording of the
    /// calls and a wait for another thread to wake, about 0.06 ms a frame on the 2-core
    /// development machine, which only a large frame's pixels repay: a 390 × 844 table
    /// fling (1x) composited in 0.20 ms in one pass and 0.26 ms in two bands; at 1.5x,
    /// 0.26 and 0.29; at 2x, 0.40 in either; at 3x (1170 × 2532), 0.70 in one pass and
    /// 0.55 in two, and a frame of shadowed cards 1.9 and 1.0.
    static func bandCount(forHeight height: Int, width: Int, threads: Int) -> Int {
        guard threads > 1, width * height >= 1024 * 1024 else { return 1 }
        return min(threads, max(1, height / 128))
    }

    /// Composites `root` into `bitmap` in `bands` horizontal bands drawn at the same time:
    /// the layer tree is walked once on the main actor, recording the renderer's calls
    /// (and placing shadows through the cache); then each band carries them all out on its
    /// own thread, Cairo cutting away what falls outside its rows. The pixels are the same
    /// as those of one pass. At a layer with a backdrop blur every band waits for the
    /// others, the backdrop is read back from the whole frame, and the bands go on.
    func renderInBands(_ root: CALayer, into bitmap: Bitmap, scale: CGFloat, background: Color,
                       bands: Int) -> FrameStatistics {
        let watch = Stopwatch()
        let bounds = CGRect(x: 0, y: 0, width: bitmap.width, height: bitmap.height)
        let recorder = RecordingRenderer(pixelBounds: bounds, shadowCache: shadowCache)
        var statistics = render(root, to: recorder, scale: scale, background: background)
        let rows = (0 ..< bands).map { i in (bitmap.height * i / bands) ..< (bitmap.height * (i + 1) / bands) }
        let canvases = rows.map { CairoCanvas(bitmap: bitmap.band(rows: $0)) }
        let work = BandWork(commands: recorder.commands, canvases: canvases)
        // Run to each backdrop, wait for every band, read the backdrop back from the whole
        // frame, then go on: a band's blur needs its neighbours' pixels.
        var start = 0
        for end in recorder.readBacks + [work.commands.count] {
            let range = start ..< end
            DispatchQueue.concurrentPerform(iterations: canvases.count) { work.draw(band: $0, range) }
            bitmap.endBands()
            if end < work.commands.count, case .layer(let paint, let shadow, _) = work.commands[end],
               let material = paint.backdrop {
                let backdrop = CairoCanvas.placeBackdrop(material, of: paint, from: bitmap, bounds: bounds)
                work.commands[end] = .layer(paint, shadow, backdrop)
            }
            start = end
        }
        statistics.readBackBarriers = recorder.readBacks.count
        statistics.dimmedRasterBands = work.dimmedRasters.reduce(0, +)
        statistics.drawingFailure = canvases.compactMap(\.drawingFailure).first
        statistics.bandsDrawn = canvases.count
        statistics.compositeTime = watch.elapsed
        return statistics
    }
}
