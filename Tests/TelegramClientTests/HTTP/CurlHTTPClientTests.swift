import Foundation
import HTTP
import Synchronization
import KopiykaTestSupport
import Testing

@testable import TelegramClient

@Suite struct CurlHTTPClientTests {
    @Test func getUpdatesHonoursOffsetAndLimit() async throws {
        try await withFakeAPI { fake, api throws in
            let ids = (1...5).map { fake.enqueueMessage(chatID: 42, text: "кава \($0)") }
            let first = try await api.getUpdates(offset: nil, timeout: 0, limit: 3)
            #expect(first.map(\.updateID) == Array(ids.prefix(3)))
            let rest = try await api.getUpdates(offset: first.last!.updateID + 1, timeout: 0)
            #expect(rest.map(\.updateID) == Array(ids.suffix(2)))
            _ = try await api.getUpdates(offset: ids.last! + 1, timeout: 0)
            #expect(fake.pendingUpdateCount == 0)
            #expect(fake.confirmedOffset == ids.last! + 1)
        }
    }

    /// Timed on the fake's side: the update is queued by a thread of its own and the fake notes
    /// when it hands it out. A test's own tasks can wait a minute for a thread of the two-core
    /// pool (CI saw it), which made a stopwatch around the call fail with the update held.
    @Test func aLongPollIsHeldUntilAnUpdateArrives() async throws {
        try await withFakeAPI { fake, api throws in
            let queuedAt = Mutex<ContinuousClock.Instant?>(nil)
            Thread.detachNewThread {
                Thread.sleep(forTimeInterval: 0.3)
                queuedAt.withLock { $0 = .now }
                fake.enqueueMessage(chatID: 1, text: "hi")
            }
            let updates = try await api.getUpdates(offset: nil, timeout: 50)
            #expect(updates.count == 1)
            // Handed out as it came, not when the 50 s poll ran out.
            let handedOut = try #require(fake.timeline(chatID: 1).handedOut.first)
            let queued = try #require(queuedAt.withLock { $0 })
            #expect(handedOut - queued < .seconds(10), "\(handedOut - queued)")
        }
    }

    @Test func anEmptyLongPollReturnsAfterItsTimeout() async throws {
        try await withFakeAPI { _, api throws in
            var updates: [Update] = [Update(updateID: 0, kind: .unknown(fields: []))]
            let elapsed = try await Duration.measure {
                updates = try await api.getUpdates(offset: nil, timeout: 1)
            }
            #expect(updates.isEmpty)
            // Empty at the poll's end, not at once. A hang until the HTTP timeout (poll + 15 s)
            // throws instead, so no upper bound is needed: one flaked on a starved machine.
            #expect(elapsed >= .milliseconds(900))
        }
    }

    @Test func rateLimitCarriesRetryAfter() async throws {
        try await withFakeAPI { fake, api throws in
            fake.inject(.tooManyRequests(retryAfter: 3), into: "sendMessage")
            let error = await #expect(throws: BotAPIError.self) { try await api.sendMessage(chatID: 5, text: "x") }
            #expect(error?.retryAfter == 3)
            #expect(error.map(BotAPIFailure.init) == .retryAfter(seconds: 3))
            // The fault was used up: the next send goes through.
            #expect(try await api.sendMessage(chatID: 5, text: "x").messageID > 0)
        }
    }

    @Test func serverErrorWithHTMLBodyIsTransient() async throws {
        try await withFakeAPI { fake, api throws in
            fake.inject(.serverErrorHTML, into: "getMe")
            let error = await #expect(throws: BotAPIError.self) { try await api.getMe() }
            #expect(error?.errorCode == 500)
            #expect(error.map(BotAPIFailure.init) == .transient)
        }
    }

    @Test func aDroppedConnectionIsATypedTransientError() async throws {
        try await withFakeAPI { fake, api throws in
            fake.inject(.dropConnection, into: "getMe", times: 2)
            let error = await #expect(throws: HTTPClientError.self) { try await api.getMe() }
            #expect(error?.kind == .connectionDropped)
            #expect(error?.curlCode == 52)
            #expect(error.map(BotAPIFailure.init) == .transient)
            #expect(error?.description.contains(fake.token) == false)
            #expect(error?.description.contains("/bot***/getMe") == true)
        }
    }

    @Test func aSlowAnswerTimesOut() async throws {
        try await withFakeAPI(requestTimeout: .milliseconds(400)) { fake, api throws in
            fake.inject(.delay(.seconds(2)), into: "getMe")
            let error = await #expect(throws: HTTPClientError.self) { try await api.getMe() }
            #expect(error?.kind == .timedOut)
            #expect(error?.description.contains(fake.token) == false)
            fake.inject(.delay(.milliseconds(100)), into: "getMe")
            #expect(try await api.getMe().username == fake.botUsername)
        }
    }

    @Test func aWrongTokenIsUnauthorized() async throws {
        let fake = FakeBotAPI()
        try fake.start()
        defer { fake.stop() }
        let api = BotAPI(token: "999:wrong", baseURL: fake.baseURL, http: CurlHTTPClient(maxConnections: 1))
        let error = await #expect(throws: BotAPIError.self) { try await api.getMe() }
        #expect(error?.errorCode == 401)
        #expect(error?.description == "Unauthorized")
        #expect(error.map(BotAPIFailure.init) == .unauthorized)
    }

    @Test func cancellingAHeldLongPollReturnsPromptly() async throws {
        try await withFakeAPI { _, api throws in
            let poll = Task { try await api.getUpdates(offset: nil, timeout: 30) }
            try await Task.sleep(for: .milliseconds(300))
            let elapsed = await awakeTime {
                poll.cancel()
                let result = await poll.result
                #expect(throws: CancellationError.self) { try result.get() }
            }
            #expect(elapsed < .seconds(5))  // "a few seconds", not the poll's 30
        }
    }

    @Test func sendDocumentUploadsMultipart() async throws {
        try await withFakeAPI { fake, api throws in
            let bytes = Data((0..<200_000).map { UInt8($0 % 251) })
            let message = try await api.sendDocument(
                chatID: -100123, fileName: "kopiyka-2025-06.csv", data: bytes, caption: "Червень <b>2025</b>")
            #expect(fake.sentMessages(chatID: -100123).first?.messageID == message.messageID)
            let request = try #require(fake.requests(method: "sendDocument").first)
            #expect(request.parameters["chat_id"] == "-100123")
            let file = try #require(request.files["document"])
            #expect(file.fileName == "kopiyka-2025-06.csv")
            #expect(file.data == bytes)
            #expect(fake.sentMessages(chatID: -100123).first?.document?.data == bytes)
        }
    }

    @Test func sendPhotoUploadsTheImageWithItsType() async throws {
        try await withFakeAPI { fake, api throws in
            let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
            let sent = try await api.sendPhoto(chatID: 42, fileName: "chart.png", contentType: "image/png", data: png, caption: "Листопад")
            let request = try #require(fake.requests(method: "sendPhoto").first)
            #expect(request.files["photo"]?.data == png)
            #expect(request.files["photo"]?.contentType == "image/png")
            #expect(fake.sentMessages(chatID: 42).first?.messageID == sent.messageID)
        }
    }

    @Test func jsonParametersArriveAsTelegramSeesThem() async throws {
        try await withFakeAPI { fake, api throws in
            let keyboard = InlineKeyboardMarkup([[InlineKeyboardButton(text: "Так", callbackData: "yes")]])
            let sent = try await api.sendMessage(
                chatID: -1001, text: "Витрата <b>85</b>", replyMarkup: keyboard, messageThreadID: 7, replyToMessageID: 12)
            let stored = try #require(fake.sentMessages(chatID: -1001).first)
            #expect(stored.messageID == sent.messageID)
            #expect(stored.parseMode == "HTML")
            #expect(stored.messageThreadID == 7)
            #expect(stored.replyToMessageID == 12)
            #expect(stored.replyMarkup == #"{"inline_keyboard":[[{"callback_data":"yes","text":"Так"}]]}"#)
            try await api.setMyCommands([BotCommand(command: "start", description: "Почати")], languageCode: "uk")
            #expect(fake.commands(languageCode: "uk")?.contains("Почати") == true)
            #expect(try await api.getWebhookInfo().url == "")
            #expect(try await api.answerCallbackQuery(id: "q1", text: "Готово"))
        }
    }

    /// The loop is woken only when it waits in poll: a request that finds it idle still goes
    /// out at once, not at the poll's 1 s limit, and requests that come while it works are
    /// all taken.
    @Test func aRequestWakesAnIdleLoopAndBurstsAreAllTaken() async throws {
        try await withFakeAPI { fake, api throws in
            var asked: [ContinuousClock.Instant] = []
            for index in 0..<20 {
                try await Task.sleep(for: .milliseconds(5))  // The loop goes back to its poll.
                asked.append(.now)
                _ = try await api.sendMessage(chatID: 5, text: "idle \(index)")
            }
            // From the ask to the fake's receipt, both before the test's task waits for a thread
            // again. A lost wake-up makes every one of them wait the poll's second.
            let fastest = zip(asked, fake.timeline(chatID: 5).sent).map { $1 - $0 }.min()
            #expect(fastest.map { $0 < .milliseconds(500) } == true, "\(String(describing: fastest))")
            try await withThrowingTaskGroup(of: Void.self) { group in
                for index in 0..<100 { group.addTask { _ = try await api.sendMessage(chatID: Int64(index), text: "burst") } }
                try await group.waitForAll()
            }
            #expect(fake.requests(method: "sendMessage").count == 120)
        }
    }

    @Test func keepAliveServesManyRequests() async throws {
        try await withFakeAPI { fake, api throws in
            for index in 0..<200 { fake.enqueueMessage(chatID: Int64(index + 1), text: "t") }
            var offset: Int64? = nil
            var received = 0
            while received < 200 {
                let batch = try await api.getUpdates(offset: offset, timeout: 0, limit: 7)
                received += batch.count
                offset = batch.last.map { $0.updateID + 1 } ?? offset
            }
            #expect(received == 200)
        }
    }
}
