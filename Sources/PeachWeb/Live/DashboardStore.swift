// DashboardStore: the store as the dashboard shows it: followed read-only, and answers handed to live pages.

import Foundation
import PeachCore
import PeachStore
import PeachSystem
import ServiceLifecycle

/// The data folder's store as the dashboard shows it. It is read without the writer's lock (a
/// ``JournalFollower``: the snapshot, then only the lines added, never past a pending import), so `peach web`
/// runs beside `peach serve` or `peach train` and shows a state the store had. A page asks for ``current()``
/// (read again when older than ``freshness``); while live pages are open, ``run()`` looks at the journal every
/// ``pollInterval`` and hands each answer that arrived to them (``LiveEvent``). Looking costs one `stat` when
/// nothing was written.
actor DashboardStore: Service {
    /// What a page is shown from.
    struct View: Sendable {
        /// The store as last read.
        var contents: JournalContents
        /// Valid records in it.
        var recordCount: Int
        /// The last answers, newest last (the overview's live list): the journal's last when it was read, then
        /// each as it arrives.
        var recent: [StoredRecord]
        /// The store's last answer, whenever it was stored (``JournalFollower/latest``): what "in use" is told
        /// from, also on the first page after the dashboard started.
        var latest: StoredRecord?
        /// Why the store could not be read last time (what was read before is still shown), if it could not.
        var error: StoreError?
        /// Counts the store's changes (an answer stored, the store read anew): what was made from one
        /// generation holds until the next.
        var generation = 0
    }

    /// What a live page is told.
    enum LiveEvent: Sendable {
        /// Answers stored, oldest first, and the store's record count after them.
        case answers([StoredRecord], count: Int)
        /// The store was read anew (replaced, imported): its record count and its last answer.
        case reloaded(count: Int, last: StoredRecord?)
        /// Nothing happened for a while: a comment keeps proxies from closing the stream (and finds closed ones).
        case keepAlive
    }

    /// How old a read may be before a page reads again, seconds.
    static let freshness = 0.25
    /// How many arrived answers are kept for the overview.
    static let recentLimit = 10
    /// How often the journal is looked at while live pages are open, seconds.
    static let pollInterval = 0.5
    /// How often an idle live stream is sent a keep-alive, in polls (15 s).
    static let keepAlivePolls = 30

    private var follower: JournalFollower
    private var recent: [StoredRecord] = []
    private var generation = 0
    private var error: StoreError?
    private var readAt = -Double.infinity
    private var subscribers: [Int: AsyncStream<LiveEvent>.Continuation] = [:]
    private var nextSubscriber = 0
    private var idlePolls = 0
    private var stopped = false

    /// The store in `directory`.
    init(directory: String) { follower = JournalFollower(directory: directory, keepsTimeline: false) }

    /// The store, read again if the last read is older than ``freshness`` (what arrived goes to the live pages
    /// too, whoever asked).
    func current() -> View {
        if MonotonicTime.now() - readAt > Self.freshness { refresh() }
        return View(
            contents: follower.contents, recordCount: follower.recordCount, recent: recent,
            latest: follower.latest.last, error: error,
            generation: generation)
    }

    /// A stream of what happens to the store from now on, and its number for ``unsubscribe(_:)``. The store is
    /// read first, so what was stored before is not told as new.
    func subscribe() -> (id: Int, events: AsyncStream<LiveEvent>) {
        refresh()
        let (stream, continuation) = AsyncStream.makeStream(
            of: LiveEvent.self, bufferingPolicy: .bufferingNewest(64))
        if stopped {
            continuation.finish()
            return (-1, stream)
        }
        nextSubscriber += 1
        subscribers[nextSubscriber] = continuation
        return (nextSubscriber, stream)
    }

    /// Ends stream `id` (its page went away).
    func unsubscribe(_ id: Int) {
        subscribers.removeValue(forKey: id)?.finish()
    }

    /// Looks at the journal every ``pollInterval`` while live pages are open, until the server shuts down; then
    /// ends every live stream (so shutting down does not wait for open pages).
    func run() async throws {
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                try? await Task.sleep(for: .seconds(Self.pollInterval))
                await self.poll()
            }
        }
        stop()
    }

    /// One look: reads what was added (``refresh()`` tells the live pages), and now and then a keep-alive.
    func poll() {
        guard !subscribers.isEmpty else { return }
        switch refresh() {
        case .appended, .reloaded: idlePolls = 0
        case .unchanged, nil:
            idlePolls += 1
            if idlePolls >= Self.keepAlivePolls {
                idlePolls = 0
                broadcast(.keepAlive)
            }
        }
    }

    /// Ends every live stream; later subscribers get an ended one.
    func stop() {
        stopped = true
        for continuation in subscribers.values { continuation.finish() }
        subscribers.removeAll()
    }

    @discardableResult
    private func refresh() -> JournalFollower.Change? {
        readAt = MonotonicTime.now()
        do {
            let change = try follower.refresh()
            error = nil
            if case .unchanged = change {} else { generation += 1 }
            switch change {
            case .appended(let records):
                recent = Array((recent + records).suffix(Self.recentLimit))
                broadcast(.answers(records, count: follower.recordCount))
            case .reloaded:
                // The journal's last answers, so the overview's list is not empty until the next one comes.
                recent = Array(follower.latest.suffix(Self.recentLimit))
                broadcast(.reloaded(count: follower.recordCount, last: follower.latest.last))
            case .unchanged: break
            }
            return change
        } catch {
            self.error = error
            return nil
        }
    }

    private func broadcast(_ event: LiveEvent) {
        for continuation in subscribers.values { continuation.yield(event) }
    }
}
