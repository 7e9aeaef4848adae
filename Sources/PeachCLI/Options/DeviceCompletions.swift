// DeviceCompletions: the devices this machine has, as --midi-in, --audio-out and --output values for completion.

import PeachALSA
import PeachJACK
import PeachMIDI
import PeachSystem

/// The values shell completion offers for the options that name a device, from what Peach sees now: the
/// sequencer's ports, the raw MIDI devices in `/dev/snd` and ALSA's playable outputs. A port is offered by its
/// address (`seq:24:0`) and, where its client's name has no space, by that name (`seq:Launchkey`): a completion
/// cannot carry a space through every shell. Nothing here opens a device for more than a look; with no
/// sequencer only the fixed words are offered.
enum DeviceCompletions {
    /// `--midi-in`: `keyboard`, `seq` (every controller), each readable port, each raw MIDI device.
    static func midiInputs() -> [String] {
        var values = ["keyboard", "seq"]
        values += sequencerPorts().filter { $0.isReadable && $0.address.client != 0 }.flatMap(seqNames)
        values += rawMIDIDevices().map { "rawmidi:" + $0 }
        if jackClientAvailable { values.append("jack") }
        return values
    }

    /// `--output`: `synth`, `midi`, each writable port as `midi:…`, each raw MIDI device.
    static func midiOutputs() -> [String] {
        var values = ["synth", "midi"]
        values += sequencerPorts().filter { $0.isWritable && $0.address.client != 0 }.flatMap {
            seqNames($0).map { "midi:" + $0.dropFirst("seq:".count) }
        }
        values += rawMIDIDevices().map { "rawmidi:" + $0 }
        return values
    }

    /// `--audio-out`: each playable ALSA output as `alsa:NAME`, `jack` where a JACK server runs, `null` and
    /// `wav:` (a file name follows).
    static func audioOutputs() -> [String] {
        var values = ALSADeviceList.playableOutputs().map { "alsa:" + $0.name }.filter { !$0.contains(" ") }
        if jackClientAvailable { values.append("jack") }
        return values + ["null", "wav:"]
    }

    private static func seqNames(_ port: MIDIPortInfo) -> [String] {
        let address = "seq:\(port.address.client):\(port.address.port)"
        return port.clientName.contains(" ") || port.clientName.isEmpty
            ? [address] : [address, "seq:" + port.clientName]
    }

    private static func sequencerPorts() -> [MIDIPortInfo] {
        guard ALSASequencer.isAvailable, let sequencer = try? ALSASequencer(clientName: "Peach completion"),
            let ports = try? sequencer.ports()
        else { return [] }
        return ports.filter { $0.address.client != sequencer.clientNumber }
    }

    /// Whether Peach's JACK client can play and listen now: libjack is installed and a server runs.
    static var jackClientAvailable: Bool { JACKSink.libraryIsInstalled && SoundServers.jackIsRunning }

    /// The raw MIDI devices in `/dev/snd` (`/dev/snd/midiC1D0`), sorted (`peach devices` lists them too).
    static func rawMIDIDevices() -> [String] {
        FileSystem.entries(of: "/dev/snd").filter { $0.hasPrefix("midiC") }.sorted().map { "/dev/snd/" + $0 }
    }
}
