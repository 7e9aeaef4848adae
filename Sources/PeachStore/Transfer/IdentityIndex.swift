// IdentityIndex: the answers a merge already knows (the store's and the import's own), found by identity.

/// The identities a merge has seen: the store's, sorted (32 bytes each, searched by halving), and the new ones
/// the import has added so far. Lookups follow ``StoredRecord/Identity``'s rule for one answer: the same key,
/// and the same millisecond unless one of the two times is a whole second.
///
/// The new ones are kept as they came while they come in time order (an export is written in time order, so an
/// import nearly always is): every lookup then concerns the last second or two, found from the end of the list
/// by galloping back (in cache; no hashing). A record earlier than the one before it, or a second holding more
/// than ``crowdedSecond`` answers, moves them all into a hash table keyed by identity, which serves from then
/// on (what the index always did: the table's lookups, two per record, each a hash of 32 bytes and a cache miss
/// in a table of tens of megabytes, were a sixth of a million-record import).
struct IdentityIndex {
    private let stored: [StoredRecord.Identity]
    /// The new identities in the order they came, while that is time order (seconds never decreasing).
    private var inOrder: [StoredRecord.Identity] = []
    /// Whether ``inOrder`` serves; false once the new identities moved into ``new`` and ``more``.
    private var ordered = true
    /// Each new key with the first millisecond seen under it (once out of order).
    private var new: [StoredRecord.Identity: UInt16] = [:]
    /// Further milliseconds under a key (two answers with the same values in one second: rare).
    private var more: [StoredRecord.Identity: [UInt16]] = [:]
    private let expectedNew: Int

    /// More answers in one second than this, and the new identities move into the hash table (a scan of one
    /// second's answers per lookup must stay short).
    static let crowdedSecond = 32

    /// An index of the store's identities `stored` (sorted), with room for `expectedNew` more.
    init(sortedStored stored: [StoredRecord.Identity], expectedNew: Int) {
        self.stored = stored
        self.expectedNew = expectedNew
        inOrder.reserveCapacity(expectedNew)
    }

    /// Whether a known record is the same answer as one with `identity`.
    mutating func contains(_ identity: StoredRecord.Identity) -> Bool {
        if storedContains(identity) { return true }
        return newContains(identity)
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

    /// Whether one of the new records is the same answer as one with `identity`.
    private mutating func newContains(_ identity: StoredRecord.Identity) -> Bool {
        if ordered {
            // Later than every new one (in an import in time order, nearly every record, and the neighbour of a
            // time with milliseconds, one second on): none can be the same answer, and no search is made (two a
            // record were 1 % of an import).
            guard let last = inOrder.last, identity.seconds <= last.seconds else { return false }
            let first = firstInOrder(atOrAfter: identity.seconds)
            var index = first
            while index < inOrder.count, inOrder[index].seconds == identity.seconds {
                if identity.isSameAnswer(as: inOrder[index]) { return true }
                index += 1
            }
            guard index - first > Self.crowdedSecond else { return false }
            hashAll()
        }
        let key = identity.key
        guard let first = new[key] else { return false }
        let match = { StoredRecord.Identity.millisecondsMatch(identity.millisecond, $0) }
        return match(first) || (more[key]?.contains(where: match) ?? false)
    }

    /// The index of the first new identity in ``inOrder`` at or after `seconds`: galloping back from the end,
    /// where a merge in time order looks, then halving.
    private func firstInOrder(atOrAfter seconds: Int64) -> Int {
        var high = inOrder.count
        var step = 1
        var low = high - step
        while low > 0, inOrder[low].seconds >= seconds {
            high = low
            step *= 2
            low = max(0, high - step)
        }
        low = max(0, low)
        while low < high {
            let middle = (low + high) / 2
            if inOrder[middle].seconds < seconds { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Moves the new identities from ``inOrder`` into the hash table, which serves from then on.
    private mutating func hashAll() {
        ordered = false
        new = Dictionary(minimumCapacity: max(expectedNew, inOrder.count))
        for identity in inOrder { _ = insertHashed(identity) }
        inOrder = []
    }

    /// A millisecond no identity has: marks a key just added by ``insertHashed(_:)``'s one lookup.
    private static let absent = StoredRecord.Identity.wholeSecondOnly - 1

    /// ``contains(_:)`` and, when it is false, adds `identity`. Returns whether it was new.
    mutating func insertIfNew(_ identity: StoredRecord.Identity) -> Bool {
        if storedContains(identity) { return false }
        if ordered, let last = inOrder.last, identity.seconds < last.seconds { hashAll() }
        if ordered {
            if newContains(identity) { return false }
            if ordered {
                inOrder.append(identity)
                return true
            }
        }
        return insertHashed(identity)
    }

    /// Adds `identity` to the hash table unless it knows the answer, with one lookup of the key (each lookup
    /// hashes the identity). Returns whether it was new.
    private mutating func insertHashed(_ identity: StoredRecord.Identity) -> Bool {
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
