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
                   stats.compositeTime * 1000) + rendererNote(stats),
            "\(stats.layersComposited) layers · \(stats.layersBlended) blended · \(stats.layersOccluded) hidden · \(stats.backingStoresRedrawn) redrawn",
        ]
    }

    /// Which renderer drew the frame: " · GPU" or " · Cairo" (with its bands when more than one).
    private func rendererNote(_ stats: FrameStatistics) -> String {
        if stats.bandsDrawn == 0 { return gpuRenderer == nil ? "" : " · GPU" }
        return stats.bandsDrawn > 1 ? " · Cairo ×\(stats.bandsDrawn)" : " · Cairo"
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

/// The status bar a ``HeadlessScreen`` draws over each frame when its device has one:
/// the time on the left (in the middle on a phone with a home button, with the date at
/// the leading edge on a tablet), signal,
/// Wi-Fi and battery on the right, dark or light as the window's root view controller
/// asks (`preferredStatusBarStyle`). Drawn by the host, like the real one, over the app.
extension HeadlessScreen {
    /// The time the status bar shows: Apple's keynote time, so that pictures never change.
    static let statusBarTime = "9:41"
    /// The date a tablet's status bar shows beside the time: the keynote's, likewise.
    static let statusBarDate = "Tue Jan 9"

    func drawStatusBar() {
        guard device.showsStatusBar(in: interfaceOrientation), let window, !window.statusBarHidden else { return }
        let height = device.safeAreaInsets(for: interfaceOrientation).top
        guard height > 0 else { return }
        let ctx = GraphicsContext(bitmap: frame)
        ctx.scaleBy(x: scale, y: scale)
        // `.default` contrasts with the appearance: dark content in light mode, light in dark.
        let light = switch window.statusBarStyle {
        case .lightContent: true
        case .darkContent: false
        case .default: window.traitCollection.userInterfaceStyle == .dark
        }
        let color: Color = light ? .white : .black
        ctx.setFillColor(color)
        ctx.setStrokeColor(color)
        // A phone with a sensor island puts the time and the symbols in the "ears" either
        // side of it; a phone with a home button has a 20-point bar with the time centred.
        // A tablet has a 24-point bar with the time and date at the leading edge.
        let island = height >= 44
        let pad = device.userInterfaceIdiom == .pad
        let midY = island ? height * 0.55 : height / 2
        let time = TextLayout(text: pad ? Self.statusBarTime + " " + Self.statusBarDate : Self.statusBarTime,
                              font: .system(size: island ? 17 : pad ? 13 : 12, weight: .semibold))
        let timeX = island ? max(16, size.width * 0.17 - time.size.width / 2)
            : pad ? 20 : (size.width - time.size.width) / 2
        ctx.draw(time, at: CGPoint(x: timeX, y: midY - time.size.height / 2), color: color)

        let unit: CGFloat = island ? 1 : pad ? 0.9 : 0.8
        var x = size.width - (island ? max(16, size.width * 0.17 - 34) : pad ? 18 : 6)
        // Battery: a rounded outline, its charge, and the terminal nub.
        let battery = CGRect(x: x - 27 * unit, y: midY - 6.5 * unit, width: 25 * unit, height: 13 * unit)
        ctx.fill(Path(roundedRect: CGRect(x: battery.maxX + 1 * unit, y: midY - 2 * unit, width: 1.5 * unit, height: 4 * unit),
                      cornerRadius: 0.75 * unit))
        ctx.setLineWidth(1)
        ctx.setStrokeColor(color.withAlpha(0.4))
        ctx.stroke(Path(roundedRect: battery.insetBy(dx: 0.5, dy: 0.5), cornerRadius: 4 * unit))
        ctx.fill(Path(roundedRect: battery.insetBy(dx: 2 * unit, dy: 2 * unit), cornerRadius: 2.5 * unit))
        x = battery.minX - 6 * unit
        // Wi-Fi: three arcs over a dot, as a fan of wedges drawn from the bottom point.
        let fanBottom = CGPoint(x: x - 8 * unit, y: midY + 5.5 * unit)
        for radius in [CGFloat(4), 8, 12] {
            var wedge = Path()
            let r = radius * unit, inner = max(0, r - 2.6 * unit)
            let spread = CGFloat.pi / 4
            wedge.move(to: CGPoint(x: fanBottom.x - inner * sin(spread), y: fanBottom.y - inner * cos(spread)))
            wedge.addLine(to: CGPoint(x: fanBottom.x - r * sin(spread), y: fanBottom.y - r * cos(spread)))
            wedge.addArcApproximation(center: fanBottom, radius: r, from: -spread, to: spread)
            wedge.addLine(to: CGPoint(x: fanBottom.x + inner * sin(spread), y: fanBottom.y - inner * cos(spread)))
            if inner > 0 { wedge.addArcApproximation(center: fanBottom, radius: inner, from: spread, to: -spread) }
            wedge.closeSubpath()
            ctx.fill(wedge)
        }
        x = fanBottom.x - 12 * unit - 6 * unit
        // Signal: four bars of rising height.
        for bar in 0 ..< 4 {
            let h = (4 + CGFloat(bar) * 2.6) * unit
            let bx = x - CGFloat(3 - bar) * 4.5 * unit - 3 * unit
            ctx.fill(Path(roundedRect: CGRect(x: bx, y: midY + 5.5 * unit - h, width: 3 * unit, height: h), cornerRadius: 1 * unit))
        }
    }
}

extension Path {
    /// Appends an arc about `center` from angle `start` to `end` (radians measured from
    /// straight up, clockwise), as cubic segments of at most a quarter turn.
    mutating func addArcApproximation(center: CGPoint, radius: CGFloat, from start: CGFloat, to end: CGFloat) {
        let point = { (a: CGFloat) in CGPoint(x: center.x + radius * sin(a), y: center.y - radius * cos(a)) }
        let pieces = max(1, Int((abs(end - start) / (.pi / 2)).rounded(.up)))
        let step = (end - start) / CGFloat(pieces)
        for i in 0 ..< pieces {
            let a0 = start + CGFloat(i) * step, a1 = a0 + step
            let k = 4.0 / 3.0 * tan((a1 - a0) / 4) * radius
            let p0 = point(a0), p1 = point(a1)
            // Tangents: the derivative of point(a) is (cos a, sin a) · radius.
            let c1 = CGPoint(x: p0.x + k * cos(a0), y: p0.y + k * sin(a0))
            let c2 = CGPoint(x: p1.x - k * cos(a1), y: p1.y - k * sin(a1))
            addLine(to: p0)
            addCurve(to: p1, control1: c1, control2: c2)
        }
    }
}
