// FakeSoundOutput: a SoundOutput over a FakeNotePlayer that counts its shutdowns.

import PeachCore
import PeachTraining

/// The fake ``SoundOutput``: plays into a ``FakeNotePlayer`` and records how often it was shut down.
@MainActor
public final class FakeSoundOutput: SoundOutput {
    /// The fake player (inspect its notes).
    public let fake = FakeNotePlayer()
    /// How often ``shutdown()`` was called.
    public private(set) var shutdownCount = 0
    /// The output's name.
    public let name: String

    /// The clicks, when the output has them.
    public let clicks: (any ClickPlayer)?
    /// Why timing cannot use the output: given, else none with clicks and ``ClicksUnavailable/Reason/noClicks``
    /// without.
    public var clicksUnavailable: ClicksUnavailable? {
        refusal ?? (clicks == nil ? ClicksUnavailable(output: name) : nil)
    }
    private let refusal: ClicksUnavailable?

    /// A fake output called `name`, with `clicks` for timing training, refusing timing with `refusal` if given.
    public init(name: String = "fake", clicks: (any ClickPlayer)? = nil, refusal: ClicksUnavailable? = nil) {
        self.name = name
        self.clicks = clicks
        self.refusal = refusal
    }

    /// The player.
    public var player: any NotePlayer { fake }

    /// Counts the call.
    public func shutdown() { shutdownCount += 1 }
}
