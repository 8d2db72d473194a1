import Foundation
import KopiykaTestSupport
import Ledger
import TelegramClient
import Testing

@testable import TelegramBot

/// The outbox row's lifecycle as a value: every transition, no I/O.
@Suite struct OutboxItemLifecycleTests {
    func item(_ content: OutboxContent = .message(html: "кава"), attempts: Int = 0, piecesSent: Int = 0) -> OutboxItem {
        OutboxItem(id: 7, chatID: 5, threadID: nil, content: content, attempts: attempts, notBefore: nil, piecesSent: piecesSent)
    }

    @Test func aShortTextIsSentInOneRequest() {
        var lifecycle = OutboxItemLifecycle(item: item(), pieceCount: 1)
        #expect(lifecycle.start() == .sending(piece: 0, format: .html))
        #expect(lifecycle.received(.sent(messageID: 42), at: testNow) == .finished(.sent(messageID: 42)))
    }

    @Test func aLongTextGoesPieceByPieceAndResumesAfterWhatWentOut() {
        var lifecycle = OutboxItemLifecycle(item: item(piecesSent: 1), pieceCount: 3)
        #expect(lifecycle.start() == .sending(piece: 1, format: .html))
        #expect(lifecycle.received(.sent(messageID: 1), at: testNow) == .sending(piece: 2, format: .html))
        #expect(lifecycle.received(.sent(messageID: 2), at: testNow) == .finished(.sent(messageID: 2)))
    }

    @Test func refusedHTMLIsTriedOnceAsPlainTextThenTheNextPieceIsHTMLAgain() {
        var lifecycle = OutboxItemLifecycle(item: item(), pieceCount: 2)
        _ = lifecycle.start()
        #expect(lifecycle.received(.malformed(reason: "can't parse entities"), at: testNow) == .sending(piece: 0, format: .plainText))
        #expect(lifecycle.received(.sent(messageID: 1), at: testNow) == .sending(piece: 1, format: .html))
        #expect(lifecycle.received(.malformed(reason: "x"), at: testNow) == .sending(piece: 1, format: .plainText))
        #expect(lifecycle.received(.malformed(reason: "still"), at: testNow) == .finished(.failed(reason: "still")))
    }

    @Test func onlyTextsFallBackToPlainText() {
        var document = OutboxItemLifecycle(item: item(.document(fileName: "a.csv", data: Data(), caption: "<b")), pieceCount: 1)
        _ = document.start()
        #expect(document.received(.malformed(reason: "caption"), at: testNow) == .finished(.failed(reason: "caption")))
        var edit = OutboxItemLifecycle(item: item(.edit(messageID: 3, ofOutboxID: nil, html: "a & b")), pieceCount: 1)
        _ = edit.start()
        #expect(edit.received(.malformed(reason: "x"), at: testNow) == .sending(piece: 0, format: .plainText))
    }

    @Test func transientFailuresBackOffThenGiveUp() {
        for (attempts, delay) in [(0, 1.0), (1, 2.0), (3, 8.0), (8, 256.0)] {
            var lifecycle = OutboxItemLifecycle(item: item(attempts: attempts), pieceCount: 1)
            _ = lifecycle.start()
            #expect(lifecycle.received(.transient(reason: "500"), at: testNow) == .finished(.retry(at: testNow.addingTimeInterval(delay))))
        }
        var last = OutboxItemLifecycle(item: item(attempts: OutboxItemLifecycle.maxAttempts - 1), pieceCount: 1)
        _ = last.start()
        #expect(last.received(.transient(reason: "500"), at: testNow) == .finished(.failed(reason: "500")))
    }

    @Test func telegramsOtherAnswersEndTheRow() {
        let cases: [(SendOutcome, OutboxResult)] = [
            (.retryAfter(seconds: 7), .retry(at: testNow.addingTimeInterval(7))),
            (.chatMigrated(newChatID: -100), .chatMigrated(to: -100)),
            (.blocked, .chatBlocked),
            (.failedPermanently(reason: "chat not found"), .failed(reason: "chat not found")),
        ]
        for (outcome, result) in cases {
            var lifecycle = OutboxItemLifecycle(item: item(), pieceCount: 3)
            _ = lifecycle.start()
            #expect(lifecycle.received(outcome, at: testNow) == .finished(result))
        }
    }

    @Test func aRowWithNothingLeftToSendIsDone() {
        var empty = OutboxItemLifecycle(item: item(.message(html: " ")), pieceCount: 0)
        #expect(empty.start() == .finished(.sent(messageID: nil)))
        #expect(empty.received(.sent(messageID: 1), at: testNow) == .finished(.sent(messageID: nil)))
    }
}
