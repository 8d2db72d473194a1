import Foundation
import KopiykaCore
import KopiykaTestSupport
import Testing

@testable import TelegramClient

@Suite struct MessageSenderTests {
    @Test func sendsAndEdits() async throws {
        try await withFakeAPI { fake, api throws in
            let sender = MessageSender(api: api)
            let outcome = await sender.send(.text(chatID: 5, text: "<b>Кава</b> 85 &amp; булка"))
            guard case .sent(let id?) = outcome else {
                Issue.record("not sent: \(outcome)")
                return
            }
            #expect(await sender.send(.edit(chatID: 5, messageID: id, text: "<b>Кава</b> 90")) == .sent(messageID: id))
            // The same text again: Telegram says "not modified", which is success.
            #expect(await sender.send(.edit(chatID: 5, messageID: id, text: "<b>Кава</b> 90")) == .sent(messageID: id))
            #expect(fake.sentMessages(chatID: 5).first?.text == "<b>Кава</b> 90")
            #expect(await sender.send(.callbackAnswer(queryID: "1", text: nil)) == .sent(messageID: nil))
        }
    }

    @Test(arguments: [
        "a < b", "fish & chips", "<script>x</script>", "<b>open", "<b><i>x</b></i>", "</b>",
    ])
    func htmlIsRejectedTheWayTelegramRejectsIt(text: String) async throws {
        try await withFakeAPI { _, api throws in
            let outcome = await MessageSender(api: api).send(.text(chatID: 5, text: text))
            guard case .malformed(let reason) = outcome else {
                Issue.record("not refused as malformed: \(text) → \(outcome)")
                return
            }
            #expect(reason.contains("can't parse entities"))
        }
    }

    @Test func plainTextGoesWithoutParseMode() async throws {
        try await withFakeAPI { fake, api throws in
            let outcome = await MessageSender(api: api).send(.text(chatID: 5, text: "a < b & <i>", parseMode: nil))
            guard case .sent(let id?) = outcome else {
                Issue.record("\(outcome)")
                return
            }
            #expect(await MessageSender(api: api).send(.edit(chatID: 5, messageID: id, text: "fish & chips", parseMode: nil))
                == .sent(messageID: id))
            let stored = try #require(fake.sentMessages(chatID: 5).first)
            #expect(stored.text == "fish & chips")
            #expect(stored.parseMode == nil)
        }
    }

    @Test func escapedUserTextIsAccepted() async throws {
        try await withFakeAPI { fake, api throws in
            let user = "a < b && <script> \"x\""
            let outcome = await MessageSender(api: api).send(.text(chatID: 5, text: "<i>\(user.htmlEscaped)</i>"))
            #expect(outcome != .failedPermanently(reason: ""))
            guard case .sent = outcome else {
                Issue.record("\(outcome)")
                return
            }
            #expect(fake.sentMessages(chatID: 5).count == 1)
        }
    }

    @Test func theFourThousandNinetySixLimitAndSplitting() async throws {
        try await withFakeAPI { fake, api throws in
            let sender = MessageSender(api: api)
            let line = String(repeating: "ї", count: 99)
            let long = Array(repeating: line, count: 100).joined(separator: "\n")  // 9,999 units
            guard case .failedPermanently(let reason) = await sender.send(.text(chatID: 9, text: long)) else {
                Issue.record("a 9,999-unit text was accepted")
                return
            }
            #expect(reason.contains("message is too long"))
            #expect(await sender.send(.text(chatID: 9, text: String(repeating: "я", count: 4096))) != .failedPermanently(reason: ""))
            let pieces = OutgoingText.split(long)
            #expect(pieces.count == 3)
            for piece in pieces {
                guard case .sent = await sender.send(.text(chatID: 9, text: piece.htmlEscaped)) else {
                    Issue.record("a piece was refused")
                    return
                }
            }
            #expect(fake.sentMessages(chatID: 9).count == 4)
            #expect(fake.sentMessages(chatID: 9).suffix(3).map(\.text).joined(separator: "\n") == long)
        }
    }

    /// Telegram takes at most 100 buttons under a message and `callback_data` of 1–64 bytes; the
    /// fake refuses the rest as it does, so a list that grows with a family's data cannot pass
    /// a test that Telegram would refuse.
    @Test func aKeyboardTelegramWouldRefuseIsRefused() async throws {
        try await withFakeAPI { fake, api throws in
            let sender = MessageSender(api: api)
            func keyboard(_ count: Int, data: String = "x") -> InlineKeyboardMarkup {
                InlineKeyboardMarkup((0..<count).map { [InlineKeyboardButton(text: "\($0)", callbackData: data)] })
            }
            guard case .sent(let id?) = await sender.send(.text(chatID: 5, text: "100", replyMarkup: keyboard(100))) else {
                Issue.record("100 buttons were refused")
                return
            }
            let tooMany = await sender.send(.text(chatID: 5, text: "101", replyMarkup: keyboard(101)))
            #expect(Self.refusal(tooMany)?.contains("reply markup is too long") == true, "\(tooMany)")
            let editedTooMany = await sender.send(.edit(chatID: 5, messageID: id, text: "101", replyMarkup: keyboard(101)))
            #expect(Self.refusal(editedTooMany)?.contains("reply markup is too long") == true, "\(editedTooMany)")
            let longData = await sender.send(.text(chatID: 5, text: "65", replyMarkup: keyboard(1, data: String(repeating: "ї", count: 33))))
            #expect(Self.refusal(longData)?.contains("BUTTON_DATA_INVALID") == true, "\(longData)")
            #expect(fake.sentMessages(chatID: 5).count == 1)
            #expect(fake.refusedMarkups.count == 3)
        }
    }

    static func refusal(_ outcome: SendOutcome) -> String? {
        if case .failedPermanently(let reason) = outcome { reason } else { nil }
    }

    @Test func emptyTextIsRefused() async throws {
        try await withFakeAPI { _, api throws in
            guard case .failedPermanently(let reason) = await MessageSender(api: api).send(.text(chatID: 1, text: " ")) else {
                Issue.record("accepted")
                return
            }
            #expect(reason.contains("message text is empty"))
        }
    }

    @Test func failuresAreClassified() async throws {
        try await withFakeAPI { fake, api throws in
            let sender = MessageSender(api: api)
            fake.inject(.tooManyRequests(retryAfter: 4), into: "sendMessage")
            #expect(await sender.send(.text(chatID: 1, text: "x")) == .retryAfter(seconds: 4))
            fake.migrate(chatID: -44, to: -100_44)
            #expect(await sender.send(.text(chatID: -44, text: "x")) == .chatMigrated(newChatID: -100_44))
            fake.block(chatID: 3)
            #expect(await sender.send(.text(chatID: 3, text: "x")) == .blocked)
            fake.inject(.serverErrorHTML, into: "sendMessage")
            guard case .transient(let reason) = await sender.send(.text(chatID: 1, text: "x")) else {
                Issue.record("not transient")
                return
            }
            #expect(!reason.contains(fake.token))
            fake.inject(.dropConnection, into: "sendMessage", times: 2)
            guard case .transient(let dropped) = await sender.send(.text(chatID: 1, text: "x")) else {
                Issue.record("not transient")
                return
            }
            #expect(!dropped.contains(fake.token))
            #expect(await sender.send(.edit(chatID: 1, messageID: 999_999, text: "x"))
                == .failedPermanently(reason: "Bad Request: message to edit not found"))
        }
    }

    @Test func sendsADocument() async throws {
        try await withFakeAPI { fake, api throws in
            let csv = Data("date,amount\n2025-06-01,85\n".utf8)
            let outcome = await MessageSender(api: api).send(
                .document(chatID: 2, fileName: "червень.csv", data: csv, caption: "Звіт"))
            guard case .sent(let id?) = outcome else {
                Issue.record("\(outcome)")
                return
            }
            let stored = try #require(fake.sentMessages(chatID: 2).first)
            #expect(stored.messageID == id)
            #expect(stored.document?.fileName == "червень.csv")
            #expect(stored.document?.data == csv)
        }
    }
}
