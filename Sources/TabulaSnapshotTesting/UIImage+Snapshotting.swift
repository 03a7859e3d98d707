import Foundation
import SnapshotTesting
import Synchronization
import Tabula

/// The pixels per point of a snapshot whose traits leave the display scale unspecified.
///
/// On iOS the library uses the simulator's screen scale; a Linux test has no such screen,
/// so Tabula fixes one: 2, sharp enough to read text in the PNGs and half the pixels of 3x.
/// Pass `traits: UITraitCollection(displayScale: 3)` for 3x pictures.
let defaultSnapshotScale: CGFloat = 2

extension Diffing where Value == UIImage {
    /// A pixel-diffing strategy for images which requires a 100% match.
    public static var image: Diffing { .image() }

    /// A pixel-diffing strategy for images that allows customizing how precise the matching must be.
    ///
    /// On a failure it writes a picture of the difference — the reference washed out to
    /// grey, failing pixels red, pixels within the tolerance yellow — and the new image into
    /// the folder `SNAPSHOT_ARTIFACTS` names (else the temporary folder), in a
    /// `TabulaSnapshotTesting` subfolder, and names both files in the failure message
    /// (Xcode's attachments do not exist on Linux).
    ///
    /// - Parameters:
    ///   - precision: The percentage of pixels that must match.
    ///   - perceptualPrecision: The percentage a pixel must match the source pixel to be considered a
    ///     match: a pixel matches when its CIE94 ΔE from the reference is at most
    ///     `(1 - perceptualPrecision) × 100`. 98-99% mimics the precision of the human eye.
    ///   - scale: Scale to use when loading the reference image from disk. If `nil` or `0`, 2
    ///     (Tabula's default snapshot scale) is used. Only the sizes in points that failure
    ///     messages print depend on it; images are compared pixel by pixel.
    /// - Returns: A new diffing strategy.
    public static func image(precision: Float = 1, perceptualPrecision: Float = 1, scale: CGFloat? = nil) -> Diffing {
        let imageScale = scale.flatMap { $0 > 0 ? $0 : nil } ?? defaultSnapshotScale
        return .diff(
            toData: { $0.pngData() ?? Data() },
            fromData: { UIImage(data: $0, scale: imageScale) ?? UIImage(cgImage: Bitmap(width: 0, height: 0), scale: imageScale) }
        ) { old, new in
            guard let (message, pictures) = compareImages(old, new, precision: precision,
                                                          perceptualPrecision: perceptualPrecision)
            else { return nil }
            let files = pictures.map { (name: $0.0, data: $0.1.pngData()) }
            let written = FailureArtifacts.write(files).map { "\($0.name): \"\($0.url.absoluteString)\"" }
            let attachments = [DiffAttachment.data(old.pngData() ?? Data(), name: "reference.png")]
                + files.map { DiffAttachment.data($0.data, name: "\($0.name).png") }
            return (([message] + written).joined(separator: "\n"), attachments)
        }
    }
}

extension Snapshotting where Value == UIImage, Format == UIImage {
    /// A snapshot strategy for comparing images based on pixel equality.
    public static var image: Snapshotting { .image() }

    /// A snapshot strategy for comparing images based on pixel equality.
    ///
    /// - Parameters:
    ///   - precision: The percentage of pixels that must match.
    ///   - perceptualPrecision: The percentage a pixel must match the source pixel to be considered a
    ///     match (CIE94 ΔE at most `(1 - perceptualPrecision) × 100`). 98-99% mimics the
    ///     precision of the human eye.
    ///   - scale: The scale of the reference image stored on disk.
    public static func image(precision: Float = 1, perceptualPrecision: Float = 1, scale: CGFloat? = nil) -> Snapshotting {
        Snapshotting(pathExtension: "png",
                     diffing: .image(precision: precision, perceptualPrecision: perceptualPrecision, scale: scale))
    }
}

/// Compares `new` with the reference `old`: nil when they match, else the message and the
/// pictures to write ("failure", "difference").
func compareImages(_ old: UIImage, _ new: UIImage, precision: Float, perceptualPrecision: Float)
    -> (String, [(String, Bitmap)])? {
    guard let reference = old.cgImage, reference.width > 0, reference.height > 0 else {
        return ("Reference image could not be loaded.", [])
    }
    guard let taken = new.cgImage else { return ("Newly-taken snapshot could not be loaded.", []) }
    guard taken.width > 0, taken.height > 0 else { return ("Newly-taken snapshot is empty.", []) }
    guard reference.width == taken.width, reference.height == taken.height else {
        return ("Newly-taken snapshot@\(new.size) does not match reference@\(old.size) "
                    + "(\(taken.width)×\(taken.height) pixels against \(reference.width)×\(reference.height)).",
                [("failure", taken), ("difference", ImageComparison.sizeMismatchImage(reference: reference, new: taken))])
    }
    // The reference went through PNG; so must the new image, for translucent pixels to
    // round the same way (Cairo stores them premultiplied).
    let roundTripped = (try? Bitmap(pngData: taken.pngData())) ?? taken
    let comparison = ImageComparison(reference: reference, new: roundTripped, perceptualPrecision: perceptualPrecision)
    guard let message = comparison.failure(precision: precision, perceptualPrecision: perceptualPrecision) else {
        return nil
    }
    return (message, [("failure", taken), ("difference", comparison.differenceImage(reference: reference))])
}

/// Where the pictures of a failed image comparison go: `$SNAPSHOT_ARTIFACTS` (the folder
/// swift-snapshot-testing writes failed snapshots to) or the temporary folder, in a
/// `TabulaSnapshotTesting` subfolder.
enum FailureArtifacts {
    private static let counter = Atomic<Int>(0)

    /// The folder, made on first use.
    static var directory: URL {
        let base = ProcessInfo.processInfo.environment["SNAPSHOT_ARTIFACTS"] ?? NSTemporaryDirectory()
        return URL(fileURLWithPath: base, isDirectory: true).appendingPathComponent("TabulaSnapshotTesting", isDirectory: true)
    }

    /// Writes each file as `<process>-<n>-<name>.png`, with one number `n` for the set,
    /// and returns those written (none when the folder cannot be made).
    static func write(_ files: [(name: String, data: Data)]) -> [(name: String, url: URL)] {
        let n = counter.add(1, ordering: .relaxed).newValue
        let folder = directory
        guard (try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)) != nil else {
            return []
        }
        return files.compactMap { file in
            let url = folder.appendingPathComponent("\(ProcessInfo.processInfo.processIdentifier)-\(n)-\(file.name).png")
            return (try? file.data.write(to: url)) != nil ? (file.name, url) : nil
        }
    }
}
