import Foundation

/// The frame statistics readout (``HeadlessScreen/showsFrameStatistics``), the
/// counterpart of the frame-rate figure the 2009 session read off Instruments' Core
/// Animation tool.
extension HeadlessScreen {
    /// The readout's lines for `stats`: the frame's work in milliseconds, the refresh
    /// rate, the hitch time ratio when a real-time host measures it, and layer counts.
    public func statisticsReadout(_ stats: FrameStatistics) -> [String] {
        let work = (stats.layoutTime + stats.displayTime + stats.animationTime + stats.compositeTime) * 1000
        // Frame time and hitch time, not an average frame rate: a screen that rests
        // between short animations presents few frames a second without any being late.
        var first = String(format: "%.1f ms a frame · %d Hz", work, framesPerSecond)
        if let hitches = hitchTimeRatio { first += String(format: " · hitches %.1f ms/s", hitches) }
        return [
            first,
            String(format: "layout %.2f · draw %.2f · anim %.2f · composite %.2f",
                   stats.layoutTime * 1000, stats.displayTime * 1000, stats.animationTime * 1000,
                   stats.compositeTime * 1000),
            "\(stats.layersComposited) layers · \(stats.layersBlended) blended · \(stats.layersOccluded) hidden · \(stats.backingStoresRedrawn) redrawn",
        ]
    }

    /// Draws the readout over the composited frame, in the top right corner below the
    /// status bar area.
    func drawStatisticsOverlay(_ stats: FrameStatistics) {
        let ctx = GraphicsContext(bitmap: frame)
        ctx.scaleBy(x: scale, y: scale)
        let font = Font.system(size: 10, weight: .medium)
        let layouts = statisticsReadout(stats).map { TextLayout(text: $0, font: font) }
        let width = (layouts.map(\.size.width).max() ?? 0) + 12
        let height = layouts.reduce(0) { $0 + $1.size.height } + 8
        let box = CGRect(x: size.width - width - 6, y: 6, width: width, height: height)
        ctx.setFillColor(Color(red: 0, green: 0, blue: 0, alpha: 0.72))
        ctx.fill(Path(roundedRect: box, cornerRadius: 6))
        var y = box.minY + 4
        for layout in layouts {
            ctx.draw(layout, at: CGPoint(x: box.minX + 6, y: y), color: Color(red: 0.55, green: 1, blue: 0.6))
            y += layout.size.height
        }
    }
}
