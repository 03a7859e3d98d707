import Foundation
import TabulaGraphics

/// Compares a rendered bitmap with a golden PNG kept next to the tests.
///
/// Set `TABULA_RECORD_GOLDEN=1` to (re)write the golden files instead of
/// comparing. On a mismatch the actual image is written to the temporary
/// directory and its path is part of the failure message, so that a person
/// can look at it; nothing is written when the images match.
public enum GoldenImage {
    /// The failure of ``verify(_:named:goldenDirectory:tolerance:maximumDifferingFraction:)``.
    public struct Mismatch: Error, CustomStringConvertible {
        /// What differed, and where the actual rendering was written.
        public let description: String
    }

    /// Compares `bitmap` with the golden image `name`.png in `directory`, or records it
    /// there when the environment sets `TABULA_RECORD_GOLDEN=1`.
    ///
    /// - Parameters:
    ///   - name: the golden file's name without extension.
    ///   - directory: the `Golden` folder of the calling test target (pass `#filePath`'s folder).
    ///   - tolerance: per-channel difference (0…255) at or below which pixels count as equal.
    ///   - maximumDifferingFraction: the share of pixels allowed to exceed the tolerance.
    /// - Throws: ``Mismatch`` when the golden image is missing, its size differs, or too
    ///   many pixels differ; the error of any PNG reading or writing that fails.
    public static func verify(
        _ bitmap: Bitmap, named name: String, goldenDirectory directory: URL,
        tolerance: Int = 24, maximumDifferingFraction: Double = 0.002
    ) throws {
        let url = directory.appendingPathComponent(name + ".png")
        if ProcessInfo.processInfo.environment["TABULA_RECORD_GOLDEN"] == "1" {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try bitmap.writePNG(to: url)
            return
        }
        guard let data = FileManager.default.contents(atPath: url.path) else {
            let actual = try writeActual(bitmap, name: name)
            throw Mismatch(description: "no golden image \(name).png; the rendering is at \(actual.path) "
                + "(run with TABULA_RECORD_GOLDEN=1 to record it)")
        }
        let golden = try Bitmap(pngData: data)
        let diff = bitmap.difference(from: golden, tolerance: tolerance)
        if diff.sizeMismatch || diff.differingFraction > maximumDifferingFraction {
            let actual = try writeActual(bitmap, name: name)
            throw Mismatch(description: "\(name): \(diff) (\(golden.width)×\(golden.height) golden, "
                + "\(bitmap.width)×\(bitmap.height) actual); the rendering is at \(actual.path)")
        }
    }

    private static func writeActual(_ bitmap: Bitmap, name: String) throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tabula-golden-failures")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let url = dir.appendingPathComponent(name + ".actual.png")
        try bitmap.writePNG(to: url)
        return url
    }
}
