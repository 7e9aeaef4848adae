// ALSAError: an ALSA call that failed, with the device, the call and ALSA's own text.

/// An ALSA call that failed. Carries the device (e.g. `hw:1,0`, `default`, `seq`), the function that failed and
/// ALSA's error code; ``alsaMessage`` is ALSA's own text. The command line turns it into a one-line message.
public struct ALSAError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The device or subsystem the call was about.
    public let device: String
    /// The ALSA function that failed, e.g. `snd_pcm_open`.
    public let function: String
    /// The negative error code ALSA returned.
    public let code: Int32

    /// Creates an error for `function` failing with `code` on `device`.
    public init(device: String, function: String, code: Int32) {
        self.device = device
        self.function = function
        self.code = code
    }

    /// ALSA's text for the code.
    public var alsaMessage: String { ALSALibrary.errorText(code) }

    /// `device: function failed: message`, in English.
    public var description: String { "\(device): \(function) failed: \(alsaMessage)" }

    /// Checks the result of an ALSA call: returns it when non-negative, throws otherwise.
    @discardableResult
    public static func check(_ result: Int32, device: String, function: String) throws(ALSAError) -> Int32 {
        guard result >= 0 else { throw ALSAError(device: device, function: function, code: result) }
        return result
    }
}
