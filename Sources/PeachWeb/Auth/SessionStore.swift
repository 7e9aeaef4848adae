// SessionStore: who has signed in to the dashboard, their anti-forgery tokens, and sign-in attempts by client.

import PeachSystem

/// The dashboard's sessions (in memory: a restart signs everyone out) and its guard against guessing.
///
/// A session is a random 256-bit id in a cookie (HttpOnly, SameSite=Strict) with its own random CSRF token,
/// which every state-changing request must carry; it ends after ``idleLimit`` without use or ``lifetime`` in
/// all. A client (by IP address) that fails ``attemptsAllowed`` sign-ins within ``attemptWindow`` is refused for
/// ``lockout``; and only one password is checked at a time, so bcrypt's cost cannot be turned against the box.
/// Beside each address's budget there is one for all of them, since an attacker may have many addresses: after
/// ``globalAllowed`` failures from anyone within ``attemptWindow``, one sign-in is checked every
/// ``globalSpacing`` seconds, from anyone (the owner waits half a minute at most; guessing drops to 120 an hour).
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
    /// Failed sign-ins from all clients within ``attemptWindow`` after which checks are spaced.
    static let globalAllowed = 20
    /// The time between two checks once the global budget is spent, seconds.
    static let globalSpacing = 30.0
    /// Failed sign-ins within ``attemptWindow`` worth a line each in the box's log (then one line that sign-ins
    /// are slowed), so guessing cannot push the box's own lines out of its log.
    static let failuresLogged = 10

    /// What a failed sign-in is worth telling the owner.
    enum FailureNotice: Equatable, Sendable {
        /// Nothing more: this window's lines are written.
        case none
        /// This failure, in a line.
        case failed
        /// This failure spent the global budget: sign-ins are slowed from now on.
        case slowed
    }

    private let now: @Sendable () -> Double
    private var sessions: [String: Session] = [:]
    private var failures: [String: (count: Int, since: Double, blockedUntil: Double)] = [:]
    private var checking = false
    private var recentFailures: [Double] = []
    private var lastCheck = -Double.infinity
    private var loggedSince = -Double.infinity
    private var logged = 0

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
        recentFailures.removeAll { time - $0 > Self.attemptWindow }
        if recentFailures.count >= Self.globalAllowed, time - lastCheck < Self.globalSpacing {
            return Self.globalSpacing - (time - lastCheck)
        }
        checking = true
        lastCheck = time
        return nil
    }

    /// Ends the check ``beginAttempt(client:)`` allowed: a failure counts against `client` and all; a success
    /// clears `client`'s. What of a failure to tell the owner.
    @discardableResult
    func finishAttempt(client: String, succeeded: Bool) -> FailureNotice {
        checking = false
        guard !succeeded else {
            failures[client] = nil
            return .none
        }
        let time = now()
        recentFailures.removeAll { time - $0 > Self.attemptWindow }
        recentFailures.append(time)
        if recentFailures.count > Self.globalAllowed { recentFailures.removeFirst() }
        defer { recordFailure(client, at: time) }
        if time - loggedSince > Self.attemptWindow { (loggedSince, logged) = (time, 0) }
        if recentFailures.count == Self.globalAllowed, logged <= Self.failuresLogged {
            logged = Self.failuresLogged + 1
            return .slowed
        }
        guard logged < Self.failuresLogged else { return .none }
        logged += 1
        return .failed
    }

    private func recordFailure(_ client: String, at time: Double) {
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
