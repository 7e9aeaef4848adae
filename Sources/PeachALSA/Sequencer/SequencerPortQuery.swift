// SequencerPortQuery: walks ALSA's client and port lists and converts them to MIDIPortInfo.

import CALSA
import PeachMIDI

/// Reads every exported port of every sequencer client.
enum SequencerPortQuery {
    private static func has(_ bits: UInt32, _ flag: Int32) -> Bool { bits & UInt32(flag) == UInt32(flag) }

    /// The ports, in client and port order.
    static func ports(of handle: OpaquePointer) -> [MIDIPortInfo] {
        var clientInfo: OpaquePointer?
        var portInfo: OpaquePointer?
        guard snd_seq_client_info_malloc(&clientInfo) == 0, snd_seq_port_info_malloc(&portInfo) == 0 else {
            snd_seq_client_info_free(clientInfo)
            return []
        }
        defer {
            snd_seq_client_info_free(clientInfo)
            snd_seq_port_info_free(portInfo)
        }
        var result: [MIDIPortInfo] = []
        snd_seq_client_info_set_client(clientInfo, -1)
        while snd_seq_query_next_client(handle, clientInfo) >= 0 {
            let client = snd_seq_client_info_get_client(clientInfo)
            let clientName = snd_seq_client_info_get_name(clientInfo).map { String(cString: $0) } ?? ""
            let isKernel = snd_seq_client_info_get_type(clientInfo) == SND_SEQ_KERNEL_CLIENT
            snd_seq_port_info_set_client(portInfo, client)
            snd_seq_port_info_set_port(portInfo, -1)
            while snd_seq_query_next_port(handle, portInfo) >= 0 {
                let caps = snd_seq_port_info_get_capability(portInfo)
                let type = snd_seq_port_info_get_type(portInfo)
                guard !has(caps, SND_SEQ_PORT_CAP_NO_EXPORT) else { continue }
                let synthBits =
                    UInt32(SND_SEQ_PORT_TYPE_SYNTH) | UInt32(SND_SEQ_PORT_TYPE_SYNTHESIZER)
                    | UInt32(SND_SEQ_PORT_TYPE_DIRECT_SAMPLE) | UInt32(SND_SEQ_PORT_TYPE_SAMPLE)
                let hardwareBits = UInt32(SND_SEQ_PORT_TYPE_HARDWARE) | UInt32(SND_SEQ_PORT_TYPE_PORT)
                result.append(
                    MIDIPortInfo(
                        address: MIDIAddress(
                            client: Int(client), port: Int(snd_seq_port_info_get_port(portInfo))),
                        clientName: clientName,
                        portName: snd_seq_port_info_get_name(portInfo).map { String(cString: $0) } ?? "",
                        isReadable: has(caps, SND_SEQ_PORT_CAP_READ) && has(caps, SND_SEQ_PORT_CAP_SUBS_READ),
                        isWritable: has(caps, SND_SEQ_PORT_CAP_WRITE)
                            && has(caps, SND_SEQ_PORT_CAP_SUBS_WRITE),
                        isHardware: isKernel || type & hardwareBits != 0,
                        isSynth: type & synthBits != 0))
            }
        }
        return result
    }
}
