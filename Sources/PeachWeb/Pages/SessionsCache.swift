// SessionsCache: the sessions page's sessions, read from the journal once per change of the store.

import Synchronization

/// The practice sessions of the store's last generation (``DashboardStore/View/generation``): the sessions page
/// and a session's page read the journal's end only when an answer was stored or the store read anew since, not
/// once a request (at a million answers that read cost 8–9 ms of CPU a page).
final class SessionsCache: Sendable {
    private let kept = Mutex<(generation: Int, sessions: PracticeSessions)?>(nil)

    /// An empty cache.
    init() {}

    /// The sessions of `generation`: those kept when they are of it and `enough` for the page asked (or all
    /// there are), else `read()`'s, kept (the deepest read of a generation is kept, so paging back reads once).
    /// - Throws: `read`'s error (nothing is kept then).
    func sessions(
        generation: Int, enough: @Sendable (PracticeSessions) -> Bool = { _ in true },
        read: @Sendable () async throws -> PracticeSessions
    ) async rethrows -> PracticeSessions {
        if let known = kept.withLock({ $0 }), known.generation == generation,
            !known.sessions.hasOlder || enough(known.sessions)
        {
            return known.sessions
        }
        let sessions = try await read()
        kept.withLock { kept in
            if let known = kept, known.generation == generation,
                known.sessions.sittings.count > sessions.sittings.count
            {
                return
            }
            kept = (generation, sessions)
        }
        return sessions
    }
}
