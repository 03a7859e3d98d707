import Foundation
import Synchronization
import TabulaUIKit

/// A square image of one colour, `side` points at scale 1.
package func solidImage(side: Int, rgb: UInt32 = 0x34C759) -> UIImage {
    let bitmap = Bitmap(width: side, height: side, opaque: true)
    bitmap.clear(to: Color(rgb: rgb))
    return UIImage(cgImage: bitmap)
}

/// Collects the configuration reports of views on no screen, or on screens without a
/// handler, while `body` runs.
@MainActor
package func collectingConfigurationReports(_ body: () -> Void) -> [String] {
    let reports = Mutex<[String]>([])
    let previous = ProblemReports.unattributedHandler
    ProblemReports.unattributedHandler = { line in reports.withLock { $0.append(line) } }
    defer { ProblemReports.unattributedHandler = previous }
    body()
    return reports.withLock { $0 }
}

/// The share of pixels of `a` and `b` whose channels differ by more than `tolerance`.
package func differingFraction(_ a: UIImage, _ b: UIImage, tolerance: Int = 24) -> Double {
    guard let x = a.cgImage, let y = b.cgImage else { return 1 }
    let diff = x.difference(from: y, tolerance: tolerance)
    return diff.sizeMismatch ? 1 : diff.differingFraction
}
