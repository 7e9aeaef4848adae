// SoundFontCommandTests: `peach sounds`, `--soundfont`/`--preset` on tone and train, the settings, the fallback.

import Foundation
import PeachTestSupport
import Testing

@Suite("SoundFonts on the command line")
struct SoundFontCommandTests {
    /// A folder with `soundfonts/test.sf2` (a 440 Hz sine, looped, presets "Looped Sine" 0:0 and "Quiet" 0:7) and
    /// `broken.sf2` (cut short), used as `XDG_DATA_HOME`.
    final class Folder {
        let path = NSTemporaryDirectory() + "peach-sf-\(UUID().uuidString)"

        init() throws {
            try FileManager.default.createDirectory(
                atPath: path + "/soundfonts", withIntermediateDirectories: true)
            let bytes = SoundFontBuilder.loopedSine(presets: [("Looped Sine", 0), ("Quiet", 7)]).bytes()
            try Data(bytes).write(to: URL(fileURLWithPath: path + "/soundfonts/test.sf2"))
            try Data(bytes.prefix(bytes.count / 2)).write(to: URL(fileURLWithPath: path + "/broken.sf2"))
        }

        deinit { try? FileManager.default.removeItem(atPath: path) }

        var environment: [String: String] { ["XDG_DATA_HOME": path, "XDG_CONFIG_HOME": path + "/config"] }
    }

    static func pitch(ofWAV path: String) throws -> Double {
        let samples = WAVSamples.floats(in: try Data(contentsOf: URL(fileURLWithPath: path)))
        return Measure.frequency(samples, sampleRate: 48_000, from: 0.05, to: 0.9)
    }

    @Test(
        "peach sounds lists the timbres and each SoundFont's presets; a broken one named is one line, exit 1")
    func sounds() throws {
        let folder = try Folder()
        let all = try PeachBinary.run(["sounds"], environment: folder.environment)
        #expect(all.status == 0, "\(all.standardError)")
        #expect(all.standardOutput.contains("Timbres of the internal synth: sine, piano or organ"))
        #expect(all.standardOutput.contains(folder.path + "/soundfonts/test.sf2 (Test Font, 2 presets)"))
        // Grouped as General MIDI numbers them: programs 0-7 are the pianos.
        #expect(all.standardOutput.contains("  Piano  0:0 Looped Sine · 0:7 Quiet"), "\(all.standardOutput)")
        let named = try PeachBinary.run(["sounds", "test"], environment: folder.environment)
        #expect(named.status == 0 && named.standardOutput.contains("Looped Sine"))
        let broken = try PeachBinary.run(
            ["sounds", folder.path + "/broken.sf2"], environment: folder.environment)
        #expect(broken.status == 1)
        #expect(
            broken.standardError
                == "peach: \(folder.path)/broken.sf2: the file ends inside its 'LIST' chunk (cut short?); "
                + "download or copy it again.\n")
    }

    @Test("tone plays the preset at the exact pitch; the setting chooses it too")
    func tone() throws {
        let folder = try Folder()
        let wav = folder.path + "/tone.wav"
        let result = try PeachBinary.run(
            [
                "tone", "A4", "--cents", "12.3", "--soundfont", "test", "--preset", "0:7", "--audio-out",
                "wav:" + wav,
            ],
            environment: folder.environment)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("(Quiet, 0.0 dB)"))
        #expect(abs(1200 * log2(try Self.pitch(ofWAV: wav) / 440) - 12.3) < 0.01)
        // From the settings.
        let set = try PeachBinary.run(
            ["settings", "set", "soundfont", "test"], environment: folder.environment)
        #expect(set.status == 0, "\(set.standardError)")
        let get = try PeachBinary.run(["settings", "get", "soundfont"], environment: folder.environment)
        #expect(get.standardOutput == "test\n")
        let fromSetting = try PeachBinary.run(
            ["tone", "C4", "--audio-out", "wav:" + wav], environment: folder.environment)
        #expect(fromSetting.standardOutput.contains("(Looped Sine, 0.0 dB)"), "\(fromSetting.standardOutput)")
    }

    @Test("a broken SoundFont or an unknown preset: one line, and the timbre plays instead")
    func fallback() throws {
        let folder = try Folder()
        let wav = folder.path + "/tone.wav"
        let broken = try PeachBinary.run(
            ["tone", "A4", "--soundfont", folder.path + "/broken.sf2", "--audio-out", "wav:" + wav],
            environment: folder.environment)
        #expect(broken.status == 0)
        #expect(broken.standardError.hasSuffix("download or copy it again (playing the sine instead).\n"))
        #expect(broken.standardOutput.contains("(sine, 0.0 dB)"))
        #expect(abs(try Self.pitch(ofWAV: wav) - 440) < 0.01)
        let unknown = try PeachBinary.run(
            ["tone", "A4", "--soundfont", "test", "--preset", "Tuba", "--audio-out", "null"],
            environment: folder.environment)
        #expect(
            unknown.standardError
                == "peach: \(folder.path)/soundfonts/test.sf2: no preset 'Tuba'; 'peach sounds' lists them "
                + "(playing the sine instead).\n")
    }
}
