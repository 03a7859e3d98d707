import Foundation
import TabulaUIKit

/// The pixels of `bitmap` whose alpha is at least `threshold` (0…255): how much ink.
package func inkCount(_ bitmap: Bitmap, threshold: UInt8 = 128) -> Int {
    var count = 0
    for y in 0 ..< bitmap.height {
        for x in 0 ..< bitmap.width where bitmap.pixel(x: x, y: y).alpha >= threshold { count += 1 }
    }
    return count
}

/// The smallest rectangle, in pixels, holding every pixel of `bitmap` with alpha at
/// least `threshold`; nil for a blank bitmap.
package func inkBounds(_ bitmap: Bitmap, threshold: UInt8 = 128) -> CGRect? {
    var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
    for y in 0 ..< bitmap.height {
        for x in 0 ..< bitmap.width where bitmap.pixel(x: x, y: y).alpha >= threshold {
            minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
        }
    }
    guard maxX >= 0 else { return nil }
    return CGRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
}

/// The average un-premultiplied colour of the pixels of `bitmap` whose alpha is at
/// least 250 (the solid ink).
package func solidInkColor(_ bitmap: Bitmap) -> Color? {
    var r = 0.0, g = 0.0, b = 0.0, n = 0.0
    for y in 0 ..< bitmap.height {
        for x in 0 ..< bitmap.width {
            let p = bitmap.pixel(x: x, y: y)
            guard p.alpha >= 250 else { continue }
            r += Double(p.red); g += Double(p.green); b += Double(p.blue); n += 1
        }
    }
    guard n > 0 else { return nil }
    return Color(red: r / n / 255, green: g / n / 255, blue: b / n / 255)
}

/// Writes `bitmap` as a PNG into `TABULA_LOOK_DIR` (when set), to look at.
package func writeBitmapForLooking(_ bitmap: Bitmap, _ name: String) {
    guard let folder = ProcessInfo.processInfo.environment["TABULA_LOOK_DIR"] else { return }
    try? bitmap.pngData().write(to: URL(fileURLWithPath: folder).appendingPathComponent(name + ".png"))
}

/// Whether two colours are within `tolerance` on every channel.
package func isClose(_ a: Color, _ b: Color, tolerance: Double = 0.03) -> Bool {
    abs(a.red - b.red) <= tolerance && abs(a.green - b.green) <= tolerance && abs(a.blue - b.blue) <= tolerance
}
