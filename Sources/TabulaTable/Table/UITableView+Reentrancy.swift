import Foundation
import TabulaUIKit
import TabulaCore

/// Calls back into the table from inside its data source.
///
/// While the table asks its data source or delegate for counts, heights or cells, it is
/// between two consistent states: a reload or a batch update made then (from
/// `numberOfRowsInSection`, `cellForRowAt`, `willDisplay` …) would change the rows out
/// from under the loop asking for them — a reload from `numberOfRowsInSection` recursed
/// until the stack ran out. Such a call is reported (`.reloadDuringLayout`) and turned
/// into a reload at the next layout, which asks everything again: the table ends
/// showing what the data source says, and nothing is applied halfway.
extension UITableView {
    /// Reports a reload or update asked for while the table was busy, and schedules the reload.
    func deferReload(because what: String) {
        report(TableUpdateError(.reloadDuringLayout,
            "\(what) while the table view was asking its data source or delegate for counts, heights or cells "
            + "(from inside numberOfRowsInSection, heightForRowAt, cellForRowAt or willDisplay); the table reloads "
            + "from its data source at the next layout instead."))
        phase.oweReload()
        setNeedsLayout()
    }
}
