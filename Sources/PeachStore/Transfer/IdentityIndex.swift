// IdentityIndex: the answers a merge already knows (the store's and the import's own), found by identity.

/// The identities a merge has seen: the store's, sorted (32 bytes each, searched by halving), and the new ones
/// the import has added so far, hashed by key. Lookups follow ``StoredRecord/Identity``'s rule for one answer:
/// the same key, and the same millisecond unless one of the two times is a whole second.
struct IdentityIndex {
    private let stored: [StoredRecord.Identity]
    /// Each new key with the first millisecond seen under it.
    private var new: [StoredRecord.Identity: UInt16]
    /// Further milliseconds under a key (two answers with the same values in one second: rare).
    private var more: [StoredRecord.Identity: [UInt16]] = [:]

    /// An index of the store's identities `stored` (sorted), with room for `expectedNew` more.
    init(sortedStored stored: [StoredRecord.Identity], expectedNew: Int) {
        self.stored = stored
        new = Dictionary(minimumCapacity: expectedNew)
    }

    /// Whether a known record is the same answer as one with `identity`.
    func contains(_ identity: StoredRecord.Identity) -> Bool {
        let key = identity.key
        var low = 0
        var high = stored.count
        while low < high {
            let middle = (low + high) / 2
            if stored[middle] < key { low = middle + 1 } else { high = middle }
        }
        while low < stored.count, stored[low].isSameKey(as: identity) {
            if identity.isSameAnswer(as: stored[low]) { return true }
            low += 1
        }
        guard let first = new[key] else { return false }
        let match = { StoredRecord.Identity.millisecondsMatch(identity.millisecond, $0) }
        return match(first) || (more[key]?.contains(where: match) ?? false)
    }

    /// Adds a new record's identity.
    mutating func insert(_ identity: StoredRecord.Identity) {
        let key = identity.key
        if new[key] == nil {
            new[key] = identity.millisecond
        } else {
            more[key, default: []].append(identity.millisecond)
        }
    }
}
