// LiveStream: the overview's live feed as Server-Sent Events: each answer as it is stored.

import Foundation
import HTTPTypes
import Hummingbird
import PeachStore
import PeachText

/// `GET /events`: a `text/event-stream` that sends an `answer` event for each answer stored (its line, the
/// store's count and whether the box is in use), a `store` event when the store was read anew, and a comment
/// every 15 s while nothing happens. It ends when the page goes away (the next write fails), the server stops,
/// or after ``lifetime`` (the browser's EventSource then opens a new one within two seconds).
enum LiveStream {
    /// How long one stream lasts (it ends at the first event after it).
    static let lifetime = Duration.seconds(600)

    /// The response streaming ``DashboardStore``'s events in `texts`' language.
    static func response(store: DashboardStore, pages: DashboardPages, texts: Texts) -> Response {
        let headers: HTTPFields = [
            .contentType: "text/event-stream; charset=utf-8", .cacheControl: "no-store",
        ]
        return Response(
            status: .ok, headers: headers,
            body: ResponseBody { writer in
                let (id, events) = await store.subscribe()
                do {
                    try await writer.write(ByteBuffer(string: "retry: 2000\n\n"))
                    let end = ContinuousClock.now + lifetime
                    for await event in events {
                        // A page that stays open is moved to a new stream now and then (EventSource reconnects
                        // after the `retry` above), so no connection is held for ever.
                        if ContinuousClock.now >= end { break }
                        let text = message(event, pages: pages, texts: texts, now: Date())
                        try await writer.write(ByteBuffer(string: text))
                    }
                    await store.unsubscribe(id)
                    try await writer.finish(nil)
                } catch {
                    await store.unsubscribe(id)
                    throw error
                }
            })
    }

    /// The event-stream text of `event`.
    static func message(
        _ event: DashboardStore.LiveEvent, pages: DashboardPages, texts: Texts, now: Date
    )
        -> String
    {
        switch event {
        case .answers(let records, let count):
            let state = pages.liveState(records.last, texts: texts, now: now)
            return records.map { record in
                let payload: [String: String] = [
                    "text": AnswerLine.text(record, texts: texts, timeZone: pages.timeZone),
                    "count": "\(count)",
                    "state": state,
                ]
                return "event: answer\ndata: \(json(payload))\n\n"
            }.joined()
        case .reloaded(let count, let last):
            let payload = ["count": "\(count)", "state": pages.liveState(last, texts: texts, now: now)]
            return "event: store\ndata: \(json(payload))\n\n"
        case .keepAlive:
            return ": still here\n\n"
        }
    }

    /// `payload` as one line of JSON (no newline can end an event early: JSON escapes them).
    static func json(_ payload: [String: String]) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(payload)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }
}
