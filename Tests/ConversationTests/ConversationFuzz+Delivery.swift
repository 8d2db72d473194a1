import Foundation
import Glibc
import Ledger

/// A delivered outbox row as the fuzz reads it: the bytes as queued (HTML, a caption and its
/// file), where, and under which message id. The leak check looks for words, which HTML
/// escaping leaves alone, so it skips the console's HTML-to-text pass (a tenth of the run).
struct FuzzRow {
    enum Kind { case message, edit, answer, document }

    let chatID: Int64
    let kind: Kind
    let bytes: [UInt8]
    let buttonData: [String]
    /// The message this row is or edits, numbered as `ConsoleDelivery` numbers them.
    let messageID: Int64
    let outboxID: Int64
    var text: String { String(decoding: bytes, as: UTF8.self) }
}

extension Ledger {
    /// Marks every pending row sent, as `ConsoleDelivery.deliver` does, and returns them with
    /// the query ids of the callback answers among them.
    func deliverForFuzz() throws -> (rows: [FuzzRow], answered: Set<String>) {
        var rows: [FuzzRow] = []
        var answered: Set<String> = []
        for item in try outbox.pending(limit: 10_000) {
            var messageID = item.id
            switch item.content {
            case .message(let html, _, let buttons):
                rows.append(FuzzRow(chatID: item.chatID, kind: .message, bytes: Array(html.utf8),
                                    buttonData: buttons.flatMap { $0 }.map(\.data), messageID: item.id, outboxID: item.id))
            case .edit(let target, let ofOutboxID, let html, let buttons):
                messageID = try target ?? ofOutboxID.flatMap { try outbox.sentMessageID(outboxID: $0) } ?? item.id
                rows.append(FuzzRow(chatID: item.chatID, kind: .edit, bytes: Array(html.utf8),
                                    buttonData: buttons.flatMap { $0 }.map(\.data), messageID: messageID, outboxID: item.id))
            case .callbackAnswer(let queryID, let text):
                answered.insert(queryID)
                rows.append(FuzzRow(chatID: item.chatID, kind: .answer, bytes: Array((text ?? "").utf8), buttonData: [],
                                    messageID: item.id, outboxID: item.id))
            case .document(let fileName, let data, let caption), .photo(let fileName, let data, let caption):
                rows.append(FuzzRow(chatID: item.chatID, kind: .document, bytes: Array((fileName + (caption ?? "")).utf8) + data,
                                    buttonData: [], messageID: item.id, outboxID: item.id))
            case .delete:
                break
            }
            try outbox.complete(item, with: .sent(messageID: messageID))
        }
        return (rows, answered)
    }
}

extension [UInt8] {
    /// Whether `word` occurs: `memchr` and `memcmp`, as the generic search is slow in a debug
    /// build and this runs for every person on every row the fuzz delivers.
    func contains(_ word: [UInt8]) -> Bool {
        word.withUnsafeBufferPointer { needle in
            withUnsafeBufferPointer { haystack in
                guard let first = needle.first, let start = needle.baseAddress, let base = haystack.baseAddress,
                      needle.count <= haystack.count else { return false }
                let last = haystack.count - needle.count
                var offset = 0
                while offset <= last, let hit = memchr(base + offset, Int32(first), last - offset + 1) {
                    if memcmp(hit, start, needle.count) == 0 { return true }
                    offset = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(hit)) + 1
                }
                return false
            }
        }
    }
}
