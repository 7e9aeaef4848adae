// ALSAError: turns a failed ALSA call into a DeviceError, deciding the operation and the kind here, in PeachALSA.

import PeachCore

#if canImport(Glibc)
    import Glibc
#endif

/// Checks ALSA results and classifies failures. Only this module knows ALSA's function names and codes; what
/// leaves it is a ``DeviceError`` with an operation and a kind.
enum ALSAError {
    /// Returns `result` when non-negative; otherwise throws the ``DeviceError`` for `operation` on `device`.
    @discardableResult
    static func check(
        _ result: Int32, device: String, operation: DeviceError.Operation, function: String
    ) throws(DeviceError) -> Int32 {
        guard result >= 0 else {
            throw make(result, device: device, operation: operation, function: function)
        }
        return result
    }

    /// The ``DeviceError`` for ALSA's negative `code` from `function` during `operation`.
    static func make(
        _ code: Int32, device: String, operation: DeviceError.Operation, function: String
    ) -> DeviceError {
        let diagnostic = ALSALibrary.takeDiagnostic()
        var kind = kind(of: -code, operation: operation, function: function)
        // ENOENT from opening the sequencer while /dev/snd/seq is there: alsa-lib's configuration failed to load
        // (a broken asound.conf, ALSA_CONFIG_PATH), and its own diagnostic says why; "no sequencer" would be false.
        if kind == .noSuchDevice, operation == .openSequencer, access("/dev/snd/seq", F_OK) == 0 {
            kind = .failed
        }
        let text = ALSALibrary.errorText(code)
        // A busy sound card: who holds it, from the kernel's account (a sound server most often).
        let holder =
            kind == .busy && operation != .openSequencer && operation != .connect
            ? ALSADeviceList.playbackHolders().first : nil
        return DeviceError(
            device: device, operation: operation, kind: kind,
            systemText: kind == .failed ? diagnostic.map { "\(text): \($0)" } ?? text : text,
            holder: holder)
    }

    /// What kind of failure `errno` value `code` is, during `operation` (by `function`).
    static func kind(of code: Int32, operation: DeviceError.Operation, function: String) -> DeviceError.Kind {
        if function == "snd_pcm_hw_params_set_format" { return .formatUnsupported }
        switch (operation, code) {
        case (.openPCM, ENOENT), (.openPCM, ENODEV), (.openPCM, ENXIO), (.openSequencer, ENOENT),
            (.openSequencer, ENODEV), (.openSequencer, ENXIO), (.connect, ENOENT), (.connect, ENXIO),
            (.connect, EINVAL):
            return .noSuchDevice
        case (_, EBUSY): return .busy
        case (_, EACCES), (_, EPERM): return .permissionDenied
        case (.writePCM, EIO): return .stalled
        case (.writePCM, _), (_, ENODEV), (_, ENXIO), (_, EBADFD), (_, ESTRPIPE), (_, ESHUTDOWN):
            return .deviceLost
        default: return .failed
        }
    }
}
