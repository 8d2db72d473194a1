import Testing

@testable import TelegramClient

@Suite struct SendPacerTests {
    let t0 = ContinuousClock.now

    /// Sends `count` messages to `chatID`, each as soon as the pacer allows; returns the offsets from t0.
    private func drive(_ pacer: inout SendPacer, chatID: Int64, count: Int, from start: Duration = .zero) -> [Duration] {
        var now = t0 + start
        var times: [Duration] = []
        for _ in 0..<count {
            now = max(now, pacer.nextSendTime(chatID: chatID, now: now))
            pacer.recordSend(chatID: chatID, at: now)
            times.append(now - t0)
        }
        return times
    }

    @Test func aPrivateChatBurstsThreeThenOnePerSecond() {
        var pacer = SendPacer()
        let times = drive(&pacer, chatID: 42, count: 6)
        #expect(times == [.zero, .zero, .zero, .seconds(1), .seconds(2), .seconds(3)])
    }

    @Test func theBurstRefillsWhileIdle() {
        var pacer = SendPacer()
        _ = drive(&pacer, chatID: 42, count: 3)
        #expect(pacer.nextSendTime(chatID: 42, now: t0 + .seconds(10)) == t0 + .seconds(10))
    }

    @Test func chatsDoNotSlowEachOtherDown() {
        var pacer = SendPacer()
        _ = drive(&pacer, chatID: 1, count: 3)
        #expect(pacer.nextSendTime(chatID: 2, now: t0) == t0)
    }

    @Test func aGroupGetsAtMostTwentyPerMinute() {
        var pacer = SendPacer()
        let times = drive(&pacer, chatID: -100_5, count: 41)
        for index in 20..<41 {
            #expect(times[index] - times[index - 20] >= .seconds(60))
        }
        #expect(times[20] == .seconds(60))
    }

    @Test func thirtyPerSecondOverall() {
        var pacer = SendPacer()
        var now = t0
        var sentInFirstSecond = 0
        for chat in 1...60 {
            now = max(now, pacer.nextSendTime(chatID: Int64(chat), now: now))
            pacer.recordSend(chatID: Int64(chat), at: now)
            if now - t0 < .seconds(1) { sentInFirstSecond += 1 }
        }
        #expect(sentInFirstSecond == 30)
        #expect(now - t0 >= .seconds(1))
    }

    @Test func retryAfterPushesOnlyThatChat() {
        var pacer = SendPacer()
        pacer.recordRetryAfter(chatID: 7, seconds: 30, now: t0)
        #expect(pacer.nextSendTime(chatID: 7, now: t0 + .seconds(5)) == t0 + .seconds(30))
        #expect(pacer.nextSendTime(chatID: 8, now: t0) == t0)
        // A shorter later retry_after does not shorten the first.
        pacer.recordRetryAfter(chatID: 7, seconds: 2, now: t0 + .seconds(1))
        #expect(pacer.nextSendTime(chatID: 7, now: t0 + .seconds(5)) == t0 + .seconds(30))
    }

    @Test func globalRetryAfterPushesEveryChat() {
        var pacer = SendPacer()
        pacer.recordRetryAfter(chatID: nil, seconds: 12, now: t0)
        #expect(pacer.nextSendTime(chatID: 1, now: t0) == t0 + .seconds(12))
        #expect(pacer.nextSendTime(chatID: -1, now: t0 + .seconds(13)) == t0 + .seconds(13))
    }

    @Test func unpacedSendsAtOnceButStillObeysRetryAfter() {
        var pacer = SendPacer(configuration: .unpaced)
        #expect(drive(&pacer, chatID: -9, count: 100).allSatisfy { $0 == .zero })
        pacer.recordRetryAfter(chatID: -9, seconds: 3, now: t0)
        #expect(pacer.nextSendTime(chatID: -9, now: t0) == t0 + .seconds(3))
    }

    @Test func aMigratedGroupKeepsItsPace() {
        var pacer = SendPacer()
        pacer.recordRetryAfter(chatID: -5, seconds: 20, now: t0)
        pacer.moveChat(from: -5, to: -100_5)
        #expect(pacer.nextSendTime(chatID: -100_5, now: t0) == t0 + .seconds(20))
        #expect(pacer.nextSendTime(chatID: -5, now: t0) == t0)
    }
}
