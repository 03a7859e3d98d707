import Foundation
import TabulaSymbols

extension SymbolCatalog {
    /// Tabula's symbols, read from TabulaSymbols' resources the first time they are asked
    /// for; each problem in the data is reported once (see ``ProblemReports``).
    static let shared = loaded(from: shippedText(), report: ProblemReports.reportUnattributed)
}
