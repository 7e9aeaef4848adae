// SessionStopReason: why a training session stopped.

/// Why a session stopped. Whatever the reason, the unfinished trial is discarded and sound stops.
public enum SessionStopReason: Sendable, Equatable, CustomStringConvertible {
    /// The user asked to stop (a `stop` control, `q`, the end of a scripted run).
    case userRequest
    /// A signal such as SIGINT, SIGTERM or SIGHUP.
    case signal(String)
    /// The controller the user answers with went away (named).
    case controllerDisconnected(String)
    /// Playing a note failed (the output device is gone, the synth does not answer).
    case audioFailure(any Error)
    /// The store could not keep an answer (a full disk): the answer is not acknowledged, and training stops
    /// rather than show results that would be lost.
    case storeFailure(any Error)

    /// The reason in English words, for logs.
    public var description: String {
        switch self {
        case .userRequest: "stopped by the user"
        case .signal(let name): "stopped by signal \(name)"
        case .controllerDisconnected(let name): "controller \(name) disconnected"
        case .audioFailure(let error): "audio failed: \(error)"
        case .storeFailure(let error): "an answer could not be stored: \(error)"
        }
    }

    /// Reasons are equal when they have the same case and text.
    public static func == (lhs: SessionStopReason, rhs: SessionStopReason) -> Bool {
        switch (lhs, rhs) {
        case (.userRequest, .userRequest): true
        case (.signal(let a), .signal(let b)): a == b
        case (.controllerDisconnected(let a), .controllerDisconnected(let b)): a == b
        case (.audioFailure(let a), .audioFailure(let b)), (.storeFailure(let a), .storeFailure(let b)):
            String(describing: a) == String(describing: b)
        default: false
        }
    }
}
