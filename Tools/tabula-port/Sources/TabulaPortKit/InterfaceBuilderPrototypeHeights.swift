extension IBGenerator {
    /// The row height of a table whose prototype cells give it one: its own row height is
    /// automatic (`-1`, or not written), and its prototypes have no constraints that could
    /// size them, so UIKit shows each at its storyboard height (the cell's custom row height,
    /// else the standard 44); when a prototype has a custom height and they all have one
    /// height, that is the table's. Tabula sizes a cell without constraints by its standard
    /// content instead, so without this line such rows would be 44 points.
    ///
    /// Tabula has no height per prototype: prototypes of different heights, or one with a
    /// custom height beside others that size themselves, give a warning and nil.
    func prototypeRowHeight(of table: IBElement) -> String? {
        let own = table["rowHeight"].flatMap(IBValues.number)
        guard own == nil || own == "-1", table["dataMode"] != "static" else { return nil }
        let cells = table.child("prototypes")?.children("tableViewCell") ?? []
        let custom = cells.map { cell -> String? in
            guard cell["customRowHeight"] != "NO", let height = IBValues.number(cell["rowHeight"]),
                  let value = Double(height), value > 0 else { return nil }
            return height
        }
        guard custom.contains(where: { $0 != nil }) else { return nil }
        let constrained = cells.map { cell in
            cell.descendantsAndSelf.contains { $0.name == "constraint" && $0["placeholder"] != "YES" }
        }
        let name = { (index: Int) in "\"\(cells[index]["reuseIdentifier"] ?? cells[index].id ?? "")\"" }
        if let sizing = constrained.firstIndex(of: true) {
            for index in cells.indices where custom[index] != nil && !constrained[index] {
                warn(cells[index], "prototype cell \(name(index)): its row height \(custom[index]!) is not carried over: Tabula has "
                    + "one row height per table, and prototype \(name(sizing)) sizes itself by its constraints; "
                    + "return it from tableView(_:heightForRowAt:)")
            }
            return nil
        }
        let heights = cells.indices.map { custom[$0] ?? "44" }
        guard Set(heights).count == 1 else {
            let list = cells.indices.map { "\(name($0)) \(heights[$0])" }.joined(separator: ", ")
            warn(table, "the prototype cells have different row heights (\(list)): Tabula has one row height per table, so "
                + "none is carried over; return them from tableView(_:heightForRowAt:)")
            return nil
        }
        return heights[0]
    }
}
