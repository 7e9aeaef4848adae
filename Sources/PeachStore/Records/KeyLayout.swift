// KeyLayout: the keys of the objects scanned last, as they stood, so that one laid out alike is scanned fast.

/// The keys of the objects a scanner read last (one of each layout), each as the bytes that stood from its
/// opening quote to its value's first byte (`"answer": `), so that the next object, which another tool wrote
/// with the same keys in the same order (Python's `json.dumps(…, sort_keys=True)`, every record of one kind
/// alike), is read key by key as one comparison of four words instead of a search for the key's end, the colon
/// and the value. Up to four layouts are kept, one for each kind of record a file mixes, chosen by the object's
/// first key.
///
/// A key is taken from memory only where its bytes are those remembered, to the letter: a remembered key has no
/// escape, so the same bytes are the same key, closed by its quote and followed by the colon. An object whose
/// every key was found so, as many as the last one read with its layout, is ``repeated``: its keys are that
/// object's, in the same places, and a reader may name them as it named those
/// (``RecordCodec/decodeFields(_:using:path:)``).
/// Importing 100,000 records in another key order, naming the keys and searching for them was a fifth of the
/// work.
struct KeyLayout {
    /// One place's key: its bytes from the opening quote to the value (at most 32) as four words, zeros past
    /// them, and the masks that keep only those bytes of four loaded words; `length` 0 where none is kept.
    struct Entry {
        var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        var masks: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        /// The bytes from the key's opening quote to its value's first byte.
        var length = 0
        /// The key's own bytes, without its quotes.
        var keyLength = 0
    }

    /// The most bytes a kept key spans, quote to value: four words.
    static let span = 32
    /// How many layouts are kept: a store's records come in a few kinds, mixed (a comparison, a rhythm
    /// record, a pitch matching), each kind with its own keys. A layout is chosen by an object's first key.
    static let layouts = 4

    /// The places kept of each layout; a larger object's later keys are searched for.
    let places: Int
    /// The entries, layout after layout, `places` each; made at the first scan (a journal's reader, whose lines
    /// are nearly all read in one pass, seldom scans one).
    var entries: [Entry] = []
    /// How many keys each layout's object (the one scanned last with it) had; -1 when its scan failed (its
    /// entries may be half changed) or none was scanned.
    var counts = [Int](repeating: -1, count: layouts)
    /// The layout the object scanned last was read with; -1 for none (an empty object, a scan that failed).
    var current = -1
    /// Whether the object scanned last had every key as the object before it with the same layout had it, and
    /// as many: the same keys in the same places.
    var repeated = false
    /// The layout given up next for an object whose first key no layout has.
    var next = 0

    /// Layouts keeping the keys of the first `places` places (64 by default: a record has fewer); with 0, none.
    init(places: Int = 64) {
        self.places = places
    }

    /// The entry for the key whose opening quote is at `quote` and whose value starts at `value`, read from
    /// `base` (32 bytes readable from `quote`); none when the key holds an escape or spans more than 32 bytes.
    @inline(__always)
    static func entry(
        _ base: UnsafePointer<UInt8>, quote: Int, value: Int, keyLength: Int, escaped: Bool
    ) -> Entry {
        let length = value &- quote
        guard !escaped, length <= span else { return Entry() }
        @inline(__always) func mask(_ index: Int) -> UInt64 {
            let kept = length &- index &* 8
            if kept >= 8 { return .max }
            if kept <= 0 { return 0 }
            return (1 << UInt64(kept &* 8)) &- 1
        }
        let masks = (mask(0), mask(1), mask(2), mask(3))
        let words = (
            ByteLanes.load(base, quote) & masks.0, ByteLanes.load(base, quote &+ 8) & masks.1,
            ByteLanes.load(base, quote &+ 16) & masks.2, ByteLanes.load(base, quote &+ 24) & masks.3
        )
        return Entry(words: words, masks: masks, length: length, keyLength: keyLength)
    }

    /// Whether the 32 bytes at `base + start` open with the bytes `entry` keeps (it keeps some).
    @inline(__always)
    static func matches(_ entry: Entry, _ base: UnsafePointer<UInt8>, _ start: Int) -> Bool {
        let differences =
            ((ByteLanes.load(base, start) & entry.masks.0) ^ entry.words.0)
            | ((ByteLanes.load(base, start &+ 8) & entry.masks.1) ^ entry.words.1)
            | ((ByteLanes.load(base, start &+ 16) & entry.masks.2) ^ entry.words.2)
            | ((ByteLanes.load(base, start &+ 24) & entry.masks.3) ^ entry.words.3)
        return differences == 0
    }
}
