import Foundation

/// The reference pictures of the table's golden tests, beside these tests.
let goldenDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")
