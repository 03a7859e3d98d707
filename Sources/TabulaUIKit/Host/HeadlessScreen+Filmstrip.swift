extension HeadlessScreen {
    /// Lays `frames` out left to right, top to bottom, on one image: a filmstrip of an
    /// animation recorded with ``record(duration:fps:)``, for documentation and review.
    ///
    /// - Parameters:
    ///   - frames: images of equal size and scale (the first one's size is used).
    ///   - columns: frames per row (default: all in one row).
    ///   - spacing: points between frames and around the edge.
    ///   - background: the colour between frames.
    public static func filmstrip(_ frames: [UIImage], columns: Int? = nil, spacing: CGFloat = 4,
                                 background: UIColor = UIColor(white: 0.15, alpha: 1)) -> UIImage {
        guard let first = frames.first, let firstBitmap = first.cgImage else {
            return UIImage(cgImage: Bitmap(width: 1, height: 1, opaque: true))
        }
        let scale = first.scale
        let columns = max(1, min(columns ?? frames.count, frames.count))
        let rows = (frames.count + columns - 1) / columns
        let gap = Int((spacing * scale).rounded())
        let cellWidth = firstBitmap.width, cellHeight = firstBitmap.height
        let strip = Bitmap(width: columns * cellWidth + (columns + 1) * gap,
                           height: rows * cellHeight + (rows + 1) * gap, opaque: true)
        strip.clear(to: background.cgColor)
        let ctx = GraphicsContext(bitmap: strip)
        for (i, frame) in frames.enumerated() {
            guard let bitmap = frame.cgImage else { continue }
            let x = gap + (i % columns) * (cellWidth + gap)
            let y = gap + (i / columns) * (cellHeight + gap)
            ctx.draw(bitmap, in: CGRect(x: x, y: y, width: cellWidth, height: cellHeight))
        }
        return UIImage(cgImage: strip, scale: scale)
    }
}
