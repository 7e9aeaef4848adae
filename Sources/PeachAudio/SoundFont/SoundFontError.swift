// SoundFontError: why a SoundFont could not be read or a preset not played: the file and what is wrong with it.

import PeachSystem

/// A SoundFont that cannot be used: the file and what is wrong, never English prose (the command line words it).
public struct SoundFontError: Error, Hashable, Sendable {
    /// What is wrong.
    public enum Problem: Hashable, Sendable {
        /// The file could not be opened or read.
        case unreadable(FileError)
        /// The file does not start with a RIFF `sfbk` header: not a SoundFont 2.
        case notSoundFont
        /// The file ends inside chunk `chunk` (a download cut short).
        case truncated(chunk: String)
        /// A chunk the format requires is missing.
        case missingChunk(String)
        /// Chunk `chunk` has a size its records do not fit, or is larger than Peach reads.
        case badChunk(String)
        /// Chunk `chunk` points outside the records it indexes, or its indices run backwards.
        case badIndex(String)
        /// Sample `name` lies outside the sample data or has an impossible sample rate.
        case badSample(String)
        /// Sample `name` is compressed (SoundFont 3, Ogg Vorbis), which Peach does not decode.
        case compressedSample(String)
        /// The preset's samples would take more memory than Peach allows for one instrument.
        case tooLarge
        /// No preset of this name or `bank:program`.
        case noSuchPreset(String)
        /// The file has no presets at all.
        case noPresets
        /// The preset has no zone with a playable sample.
        case emptyPreset(String)
    }

    /// The SoundFont's path.
    public let path: String
    /// What is wrong.
    public let problem: Problem

    /// An error about the SoundFont at `path`.
    public init(path: String, problem: Problem) {
        self.path = path
        self.problem = problem
    }
}
