// CellTable: a few cells filed under names fixed in advance, a slot a name: found by index, not by hashing.

/// The cells of one of ``TimingHistory``'s tables (offset detection by band and direction, by pattern family, fill
/// the gap by band and step, the weeks, rhythm echo by family): every name a cell can be filed under is known in
/// advance (``TimingHistory/Keys``), so each has a slot and filing an answer costs an index. As dictionaries keyed
/// by the names, the tables' look-ups (a hash of the key each, three to seven an answer) were a tenth of what
/// reading a journal of timing answers cost. The snapshot keeps a table as it kept the dictionary: the count of
/// cells filed, then each name and cell in the names' order.
struct CellTable<Cell: Hashable & Sendable & SnapshotCodable>: Hashable, Sendable {
    /// A cell per slot: the empty cell where nothing was filed.
    private var cells: [Cell]
    /// Whether anything was filed in each slot.
    private var filed: [Bool]

    /// A table of `slots` slots, each holding `empty` until something is filed there.
    init(slots: Int, empty: Cell) {
        cells = Array(repeating: empty, count: slots)
        filed = Array(repeating: false, count: slots)
    }

    /// The cell in `slot`, nil when nothing was filed there.
    subscript(slot: Int) -> Cell? { filed[slot] ? cells[slot] : nil }

    /// Files into the cell in `slot` (the empty cell the first time), changed in place.
    /// Inlined with the closure its caller hands it (``TimingHistory``'s filing, once per table an answer).
    @inline(__always)
    mutating func file(_ slot: Int, _ change: (inout Cell) -> Void) {
        filed[slot] = true
        change(&cells[slot])
    }

    /// The cells filed, in slot order.
    var values: [Cell] { cells.indices.compactMap { self[$0] } }

    /// Writes the count of cells filed, then each one's name (`names[slot]`) and cell, by name.
    func write(to writer: inout SnapshotWriter, names: [String]) {
        let slots = cells.indices.filter { filed[$0] }.sorted { names[$0] < names[$1] }
        writer.write(slots.count)
        for slot in slots { writer.write(names[slot], cells[slot]) }
    }

    /// Reads a table written by ``write(to:names:)``, `empty` where nothing was filed, refusing a name that is
    /// not one of `names` or comes twice.
    init(from reader: inout SnapshotReader, names: [String], empty: Cell) throws(SnapshotReader.Malformed) {
        self.init(slots: names.count, empty: empty)
        for _ in 0..<(try reader.count()) {
            let name = try reader.string()
            guard let slot = names.firstIndex(of: name), !filed[slot] else {
                throw SnapshotReader.Malformed()
            }
            filed[slot] = true
            cells[slot] = try Cell(from: &reader)
        }
    }
}
