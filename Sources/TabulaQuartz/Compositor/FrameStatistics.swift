/// What one composited frame cost, as Instruments' Core Animation tool reports it.
public struct FrameStatistics: Sendable, Equatable, CustomStringConvertible {
    /// Layers that put pixels on screen (a background, contents, or both).
    public var layersComposited = 0
    /// Of those, the layers that had to be blended with what was behind them
    /// (translucent, non-opaque content, rounded, or transformed off the pixel grid).
    /// The advice of WWDC 2009, Perfecting Your iPhone Table Views: keep this number low while scrolling.
    public var layersBlended = 0
    /// Layers skipped because opaque layers in front of them covered them.
    public var layersOccluded = 0
    /// Layer shadows blurred this frame; a shadow whose shape, radius and scale did not
    /// change since an earlier frame is taken from the cache and not counted.
    public var shadowsBlurred = 0
    /// Bitmaps of rasterized layers (`shouldRasterize`) drawn again this frame, because
    /// their subtree changed or animates.
    public var rastersDrawn = 0
    /// Rasterized layers composited from the bitmap kept from an earlier frame.
    public var rastersReused = 0
    /// Bands in which a kept bitmap was copied with the translucent fill over it blended
    /// in the same pass (the screen behind an alert under its dimming): one pass over
    /// those pixels instead of two.
    public var dimmedRasterBands = 0
    /// Horizontal bands the frame was drawn in, each on its own thread at the same time
    /// (1 when drawn in one pass; 0 when the frame was not composited into a bitmap).
    public var bandsDrawn = 0
    /// Times the bands of a frame drawn in bands waited for each other, so that a backdrop
    /// blur could read back what all of them drew behind it.
    public var readBackBarriers = 0
    /// Backing stores redrawn (views' `draw(_:)` calls) since the previous frame.
    public var backingStoresRedrawn = 0
    /// Time spent in layout (layoutSubviews) this frame, in seconds.
    public var layoutTime: TimeInterval = 0
    /// Time spent redrawing backing stores this frame, in seconds.
    public var displayTime: TimeInterval = 0
    /// Time spent compositing the layer tree into the frame, in seconds.
    public var compositeTime: TimeInterval = 0
    /// Time spent evaluating animations (presentation values, starts and stops) in
    /// the most recent frame, in seconds.
    public var animationTime: TimeInterval = 0
    /// Why Cairo failed while drawing this frame, or nil when nothing failed. The screen
    /// replaces a frame bitmap that failed and composites once more, so the failure shows
    /// here rather than as a black screen from then on.
    public var drawingFailure: String?

    /// Creates statistics with every count and time at zero.
    public init() {}

    /// The counts and times on one line, times in milliseconds.
    public var description: String {
        String(format: "%d composited, %d blended, %d occluded, %d redrawn; layout %.3f ms, display %.3f ms, animation %.3f ms, composite %.3f ms",
               layersComposited, layersBlended, layersOccluded, backingStoresRedrawn,
               layoutTime * 1000, displayTime * 1000, animationTime * 1000, compositeTime * 1000)
    }
}

/// A monotonic stopwatch for statistics only; no behaviour depends on it.
package struct Stopwatch {
    private let start = DispatchTime.now().uptimeNanoseconds
    /// Starts timing now.
    package init() {}
    /// Seconds since the stopwatch was made.
    package var elapsed: TimeInterval { Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 }
}
