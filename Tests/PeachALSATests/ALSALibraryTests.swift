// ALSALibraryTests: the linked alsa-lib answers with its version and error texts.

import PeachALSA
import Testing

@Suite("ALSALibrary")
struct ALSALibraryTests {
    @Test("reports a 1.x version")
    func version() {
        #expect(ALSALibrary.version.hasPrefix("1."))
    }

    @Test("errors carry ALSA's own text and the device")
    func errors() {
        #expect(ALSALibrary.errorText(-2) == "No such file or directory")
        #expect(throws: ALSAError(device: "hw:9", function: "snd_pcm_open", code: -2)) {
            try ALSAError.check(-2, device: "hw:9", function: "snd_pcm_open")
        }
        #expect((try? ALSAError.check(3, device: "seq", function: "snd_seq_open")) == 3)
        #expect(
            ALSAError(device: "hw:9", function: "snd_pcm_open", code: -16).description
                == "hw:9: snd_pcm_open failed: Device or resource busy")
    }
}
