// RecordingClicks: the VM timing tests' click player that keeps every time the real one gives.

import PeachAudio
import PeachCore
import PeachLive

extension TimingKernelTests {
    /// A click player that keeps every time the real one gives, whether it was accented, and which trial placed it
    /// (a test that counts trials sets ``trial``; cancelling drops the current trial's clicks still to come).
    @MainActor
    final class RecordingClicks: ClickPlayer {
        let inner: SynthClickPlayer
        var trial = 0
        var placed: [(trial: Int, time: Double, accent: Bool)] = []

        init(_ inner: SynthClickPlayer) { self.inner = inner }

        var now: Double { inner.now }
        var leadTime: Double { inner.leadTime }
        var isExact: Bool { inner.isExact }
        var dropoutCount: Int { inner.dropoutCount }
        var settlesIn: Double { inner.settlesIn }

        func click(at time: Double, accent: Bool) throws -> Double {
            let heard = try inner.click(at: time, accent: accent)
            placed.append((trial, heard, accent))
            return heard
        }

        func cancelClicks() {
            let now = inner.now
            placed.removeAll { $0.trial == trial && $0.time > now }
            inner.cancelClicks()
        }
    }
}
