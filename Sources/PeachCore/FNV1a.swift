// FNV1a: a 64-bit FNV-1a hash folded a word or a byte at a time, the same in every run.

/// A 64-bit FNV-1a hash, folded a word (or a text's bytes) at a time: a few instructions a step and the same
/// value in every run (Swift's `Hasher` is seeded per process). What a record's identity folds its notes and
/// onsets into, and what a timing cell's name is looked up by.
public struct FNV1a: Sendable {
    /// The hash of what was folded so far (FNV's offset basis before anything).
    public var value: UInt64 { state }

    /// The running hash (set only by folding; `@usableFromInline` so a fold inlines across modules).
    @usableFromInline var state: UInt64 = 0xcbf2_9ce4_8422_2325

    /// A hash of nothing yet.
    @inlinable
    public init() {}

    /// Folds in one word: xor, then multiply by FNV's 64-bit prime.
    @inlinable
    public mutating func fold(_ word: UInt64) { state = (state ^ word) &* 0x100_0000_01b3 }

    /// Folds in each byte of `text`'s UTF-8, one at a time.
    @inlinable
    public mutating func fold(bytesOf text: String) {
        for byte in text.utf8 { fold(UInt64(byte)) }
    }
}
