// SessionStore: who has signed in to the dashboard, their anti-forgery tokens, and sign-in attempts by client.

import PeachSystem

/// The dashboard's sessions (in memory: a restart signs everyone out) and its guard against guessing.
///
/// A session is a random 256-bit id in a cookie (HttpOnly, SameSite=Strict) with its own random CSRF token,
/// which every state-changing request must carry; it ends after ``idleLimit`` without use or ``lifetime`` in
/// all. A client (by IP address) that fails ``attemptsAllowed`` sign-ins within ``attemptWindow`` is refused for
/// ``lockout``; and only one password is checked at a time, so bcrypt's cost cannot be turned against the box.
actor SessionStore {
    /// A signed-in browser.
    struct Session: Sendable {
        /// The token its forms and uploads must send back.
        let csrf: String
        let created: Double
        var lastUsed: Double
    }

    /// A session ends this long after its last use, seconds (30 minutes).
    static let idleLimit = 30.0 * 60
    /// A session ends this long after sign-in whatever happens, seconds (12 hours).
    static let lifetime = 12.0 * 3600
    /// At most this many sessions; the oldest go first.
    static let maximumSessions = 32
    /// Failed sign-ins a client may make within ``attemptWindow``.
    static let attemptsAllowed = 5
    /// The window failed sign-ins are counted in, seconds.
    static let attemptWindow = 15.0 * 60
    /// How long a client that used up its attempts is refused, seconds.
    static let lockout = 15.0 * 60

    private let now: @Sendable () -> Double
    private var sessions: [String: Session] = [:]
    private var failures: [String: (count: Int, since: Double, blockedUntil: Double)] = [:]
    private var checking = false

    /// Sessions timed by `now` (seconds; the monotonic clock unless a test gives its own).
    init(now: @escaping @Sendable () -> Double = MonotonicTime.now) { self.now = now }

    /// The session of cookie value `id`, if it is one and still valid (its use is noted).
    func session(_ id: String?) -> Session? {
        guard let id, var session = sessions[id] else { return nil }
        let time = now()
        guard time - session.lastUsed < Self.idleLimit, time - session.created < Self.lifetime else {
            sessions[id] = nil
            return nil
        }
        session.lastUsed = time
        sessions[id] = session
        return session
    }

    /// A new session and its id.
    func create() -> (id: String, session: Session) {
        let time = now()
        sessions = sessions.filter { time - $0.value.lastUsed < Self.idleLimit }
        if sessions.count >= Self.maximumSessions,
            let oldest = sessions.min(by: { $0.value.lastUsed < $1.value.lastUsed })
        {
            sessions[oldest.key] = nil
        }
        let id = Self.token()
        let session = Session(csrf: Self.token(), created: time, lastUsed: time)
        sessions[id] = session
        return (id, session)
    }

    /// Ends session `id`.
    func end(_ id: String?) {
        if let id { sessions[id] = nil }
    }

    /// Seconds `client` must wait before trying again (nil: it may try now, and the check is its own until
    /// ``finishAttempt(client:succeeded:)``). Another check under way counts as a wait of one second.
    func beginAttempt(client: String) -> Double? {
        let time = now()
        if let record = failures[client] {
            if record.blockedUntil > time { return record.blockedUntil - time }
            if time - record.since > Self.attemptWindow { failures[client] = nil }
        }
        guard !checking else { return 1 }
        checking = true
        return nil
    }

    /// Ends the check ``beginAttempt(client:)`` allowed: a failure counts against `client`; a success clears it.
    func finishAttempt(client: String, succeeded: Bool) {
        checking = false
        guard !succeeded else {
            failures[client] = nil
            return
        }
        let time = now()
        var record = failures[client] ?? (0, time, 0)
        record.count += 1
        if record.count >= Self.attemptsAllowed {
            record = (0, time, time + Self.lockout)
        }
        failures[client] = record
        if failures.count > 4096 { failures = failures.filter { $0.value.blockedUntil > time } }
    }

    /// 32 random bytes (the system's generator: `getrandom`), in hex.
    static func token() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<4).map { _ in
            let value = generator.next()
            let hex = String(value, radix: 16)
            return String(repeating: "0", count: 16 - hex.count) + hex
        }.joined()
    }
}
