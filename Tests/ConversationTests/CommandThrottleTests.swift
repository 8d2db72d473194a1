@testable import Conversation
import Foundation
import KopiykaTestSupport
import Testing

/// The token bucket as a value, then in the chat: twenty costly commands at once, one kind
/// answer, silence, and the bucket filling again with the clock.
@Suite struct CommandThrottleTests {
    let start = Date(timeIntervalSince1970: 1_795_248_000)

    let burst = Int(CommandThrottle.burst)

    @Test func aBurstAtOnceThenOneKindRefusalThenSilence() {
        var throttle = CommandThrottle()
        #expect(burst == 20)
        let verdicts = (0..<(burst + 4)).map { _ in throttle.admit(memberID: 1, at: start) }
        #expect(verdicts == Array(repeating: .allowed, count: burst) + [.refused, .dropped, .dropped, .dropped])
    }

    @Test func theBucketRefillsOneEveryThreeSecondsAndWarnsAgainAfter() {
        var throttle = CommandThrottle()
        for _ in 0..<burst { _ = throttle.admit(memberID: 1, at: start) }
        #expect(throttle.admit(memberID: 1, at: start.addingTimeInterval(2.9)) == .refused)
        #expect(throttle.admit(memberID: 1, at: start.addingTimeInterval(3.1)) == .allowed)
        #expect(throttle.admit(memberID: 1, at: start.addingTimeInterval(3.2)) == .refused, "a new burst is told once again")
        #expect(throttle.admit(memberID: 1, at: start.addingTimeInterval(3.3)) == .dropped)
        let later = start.addingTimeInterval(3.3 + 3 * CommandThrottle.burst)
        #expect((0..<burst).map { _ in throttle.admit(memberID: 1, at: later) } == Array(repeating: .allowed, count: burst))
    }

    @Test func membersHaveBucketsOfTheirOwnAndAClockSetBackGivesNothing() {
        var throttle = CommandThrottle()
        for _ in 0...burst { _ = throttle.admit(memberID: 1, at: start) }
        #expect(throttle.admit(memberID: 2, at: start) == .allowed)
        #expect(throttle.admit(memberID: 1, at: start.addingTimeInterval(-3_600)) == .dropped)
    }

    @Test func idleMembersAreForgotten() {
        var throttle = CommandThrottle()
        for member in 0...Int64(CommandThrottle.remembered) { _ = throttle.admit(memberID: member, at: start) }
        _ = throttle.admit(memberID: -1, at: start.addingTimeInterval(60))
        #expect(throttle.buckets.count == 1)
    }

    @Test func aBurstOfReportsIsAnsweredThenOnceKindlyAndOtherFamiliesAreNot() throws {
        let chat = try TestConversation()
        try chat.say("/start")
        try chat.say("/start", from: .taras)
        let answers = try (0..<(burst + 2)).map { _ in try chat.say("/report") }
        #expect(answers.prefix(burst).allSatisfy { $0.count == 1 && $0[0].contains("📊") }, "\(answers.prefix(burst))")
        #expect(answers[burst] == ["⏳ Забагато запитів поспіль. Спробуйте ще раз за хвилину."])
        #expect(answers[burst + 1].isEmpty)
        #expect(try chat.say("/report", from: .taras).first?.contains("📊") == true)
        #expect(try chat.say("кава 85").first?.contains("кава") == true, "entries are never throttled")
        chat.clock.advance(by: 3)
        #expect(try chat.say("/report").first?.contains("📊") == true)
    }
}
