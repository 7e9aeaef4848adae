// BlockingWork: file and CPU work that blocks, kept off the threads Swift's tasks share.

import Dispatch

/// Runs blocking work (an export, a bcrypt check) on a dispatch thread, so it never holds one of the few threads
/// Swift's tasks share (as many as cores: two here, four on a Pi 4) while the server has requests to answer.
enum BlockingWork {
    /// `work`'s result, computed on a dispatch thread.
    static func run<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(with: Result<Value, any Error> { try work() })
            }
        }
    }
}
