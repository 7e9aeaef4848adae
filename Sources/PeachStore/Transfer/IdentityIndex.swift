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
        if storedContains(identity) { return true }
        let key = identity.key
        guard let first = new[key] else { return false }
        let match = { StoredRecord.Identity.millisecondsMatch(identity.millisecond, $0) }
        return match(first) || (more[key]?.contains(where: match) ?? false)
    }

    /// Whether one of the store's records is the same answer as one with `identity`.
    private func storedContains(_ identity: StoredRecord.Identity) -> Bool {
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
        return false
    }

    /// A millisecond no identity has: marks a key just added by ``insertIfNew(_:)``'s one lookup.
    private static let absent = StoredRecord.Identity.wholeSecondOnly - 1

    /// ``contains(_:)`` and, when it is false, adds `identity`, with one lookup of the key (an import asks both of
    /// every record: each lookup hashes the identity). Returns whether it was new.
    mutating func insertIfNew(_ identity: StoredRecord.Identity) -> Bool {
        if storedContains(identity) { return false }
        let key = identity.key
        let millisecond = identity.millisecond
        var first = Self.absent
        Self.take(&new[key, default: Self.absent]) { slot in
            first = slot
            if slot == Self.absent { slot = millisecond }
        }
        if first == Self.absent { return true }
        let match = { StoredRecord.Identity.millisecondsMatch(millisecond, $0) }
        if match(first) || (more[key]?.contains(where: match) ?? false) { return false }
        more[key, default: []].append(millisecond)
        return true
    }

    private static func take(_ value: inout UInt16, _ body: (inout UInt16) -> Void) { body(&value) }
}
