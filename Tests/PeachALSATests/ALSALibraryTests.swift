// ALSALibraryTests: the linked alsa-lib answers with its version and error texts.

import Glibc
import PeachCore
import Testing

@testable import PeachALSA

@Suite("ALSALibrary")
struct ALSALibraryTests {
    @Test("reports a 1.x version")
    func version() {
        #expect(ALSALibrary.version.hasPrefix("1."))
    }

    @Test("a failed call becomes a DeviceError: the device, the operation, a kind decided here, ALSA's text")
    func errors() {
        #expect(ALSALibrary.errorText(-2) == "No such file or directory")
        #expect(
            throws: DeviceError(
                device: "alsa:hw:9", operation: .openPCM, kind: .noSuchDevice,
                systemText: "No such file or directory")
        ) {
            try ALSAError.check(-2, device: "alsa:hw:9", operation: .openPCM, function: "snd_pcm_open")
        }
        #expect(
            (try? ALSAError.check(3, device: "seq", operation: .openSequencer, function: "snd_seq_open")) == 3
        )
        #expect(
            ALSAError.make(-EBUSY, device: "alsa:hw:9", operation: .openPCM, function: "snd_pcm_open").kind
                == .busy)
    }

    @Test(
        "the kind of each failure",
        arguments: [
            (ENOENT, DeviceError.Operation.openPCM, "snd_pcm_open", DeviceError.Kind.noSuchDevice),
            (ENOENT, .openSequencer, "snd_seq_open", .noSuchDevice),
            (EACCES, .openPCM, "snd_pcm_open", .permissionDenied),
            (EINVAL, .configurePCM, "snd_pcm_hw_params_set_format", .formatUnsupported),
            (EIO, .writePCM, "snd_pcm_writei", .stalled),
            (ENODEV, .writePCM, "snd_pcm_writei", .deviceLost),
            (ENODEV, .receive, "snd_seq_event_input", .deviceLost),
            (EINVAL, .configurePCM, "snd_pcm_hw_params_set_rate_near", .failed),
        ])
    func kinds(code: Int32, operation: DeviceError.Operation, function: String, kind: DeviceError.Kind) {
        #expect(ALSAError.kind(of: code, operation: operation, function: function) == kind)
    }
}
