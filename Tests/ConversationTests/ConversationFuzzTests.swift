import Conversation
import Foundation
import KopiykaCore
import KopiykaTestSupport
import Ledger
import Testing

/// Random steps through the whole conversation on a real SQLite file: entries, every command,
/// buttons with real, stale and foreign data, corrections, edits, the clock and its schedule,
/// from three households, their groups and an outsider. Properties: no trap (a trap ends the
/// test run: the seed printed first replays it), no step throws, every private message and
/// every press is answered, callback data fits Telegram's 64 bytes, month totals equal the
/// sum of entries (`kopiyka totals`'s check) every 500 steps and at the end, and nobody's
/// name or notes reach a chat outside their household.
///
/// `KOPIYKA_FUZZ_SEED` replays a seed together with `SWIFT_DETERMINISTIC_HASHING=1`: Swift's
/// hash seed, random per process, steers a run too (the order of sets and dictionaries), so
/// without it one seed takes a different path each time. `KOPIYKA_FUZZ_STEPS` changes the
/// number of steps, `KOPIYKA_FUZZ_TRACE=1` prints every step and what it delivered as it runs
/// (to find the step before a trap).
@Suite struct ConversationFuzzTests {
    static let defaultSeed: UInt64 = 2026_11_21
    static let defaultSteps = 10_000

    @Test func randomStepsKeepTheBotUpTotalsExactAndHouseholdsApart() async throws {
        try await offThePool(Self.fuzz)
    }

    static func fuzz() throws {
        let environment = ProcessInfo.processInfo.environment
        let seed = environment["KOPIYKA_FUZZ_SEED"].flatMap { UInt64($0) } ?? defaultSeed
        let count = environment["KOPIYKA_FUZZ_STEPS"].flatMap { Int($0) } ?? defaultSteps
        ConversationFuzz.log("ConversationFuzz: seed \(seed), \(count) steps (KOPIYKA_FUZZ_SEED, KOPIYKA_FUZZ_STEPS to change)")
        let fuzz = try ConversationFuzz(seed: seed, trace: environment["KOPIYKA_FUZZ_TRACE"] == "1")
        try fuzz.setUp()
        for number in 1...max(count, 1) where fuzz.failure == nil {
            fuzz.run(fuzz.world.nextStep())
            if number % 500 == 0 { fuzz.checkTotals() }
        }
        fuzz.checkTotals()
        ConversationFuzz.log(try fuzz.summary())
        if let failure = fuzz.failure { Issue.record("\(failure)") }
    }
}

/// Runs steps, checks the properties after each, and keeps the last steps for a failure report.
final class ConversationFuzz {
    let world: FuzzWorld
    let seed: UInt64
    let trace: Bool
    private(set) var recent: [String] = []
    private(set) var failure: String?
    private(set) var stepCount = 0
    private var delivered: [FuzzRow.Kind: Int] = [:]

    init(seed: UInt64, trace: Bool) throws {
        world = try FuzzWorld(seed: seed)
        self.seed = seed
        self.trace = trace
    }

    var chat: TestConversation { world.chat }

    /// Owners register, invite their families by real links, and two groups are linked.
    func setUp() throws {
        try world.refreshAudiences()
        for (owner, invitees) in [(0, [1, 2]), (3, [4]), (5, [6])] {
            run(.say(person: owner, chat: world.privateChat(owner), text: "/start", replyTo: nil))
            for invitee in invitees {
                run(.say(person: owner, chat: world.privateChat(owner), text: "/invite", replyTo: nil))
                let code = try #require(world.inviteCodes.last)
                run(.say(person: invitee, chat: world.privateChat(invitee), text: "/start " + code, replyTo: nil))
            }
        }
        run(.linkGroup(world.groups[0], by: 0))
        run(.linkGroup(world.groups[1], by: 4))
        let households = try Set(world.people.prefix(7).map { person in
            try #require(try chat.ledger.families.member(telegramUserID: person.sender.id)).householdID
        })
        #expect(households.count == 3, "setup: \(households)")
    }

    func run(_ step: FuzzStep) {
        guard failure == nil else { return }
        stepCount += 1
        recent.append("\(stepCount). \(step)")
        if recent.count > 20 { recent.removeFirst() }
        if trace { Self.log(recent[recent.count - 1]) }
        do {
            let before = world.audiences
            let rows = try apply(step)
            if step.mayChangeHouseholds { try world.refreshAudiences() }
            world.harvest(rows)
            for row in rows { delivered[row.kind, default: 0] += 1 }
            if trace { for row in rows { Self.log("   → \(row.chatID) \(row.kind): \(row.text.prefix(160).debugDescription)") } }
            let leaks = world.leaks(in: rows, before: before)
            if !leaks.isEmpty { fail("a household's words reached another chat:\n" + leaks.joined(separator: "\n")) }
            if case .say(_, let chat, _, _) = step, chat.kind == .privateChat, !rows.contains(where: { $0.chatID == chat.id }) {
                fail("a private message got no answer")
            }
            if case .nonText(_, let chat, _) = step, (chat.kind == .privateChat) != rows.contains(where: { $0.chatID == chat.id }) {
                fail(chat.kind == .privateChat ? "a private voice note, picture or file got no answer" : "a group's voice note got an answer")
            }
            if let long = rows.flatMap(\.buttonData).first(where: { $0.utf8.count > 64 }) { fail("callback data over 64 bytes: \(long)") }
        } catch {
            fail("step threw \(error)")
        }
    }

    func checkTotals() {
        guard failure == nil else { return }
        do {
            let mismatches = try chat.ledger.entries.monthTotalsMismatches()
            if mismatches != 0 { fail("\(mismatches) month-total rows differ from the sum of their entries") }
        } catch {
            fail("the totals check threw \(error)")
        }
    }

    /// What the run covered, for the log.
    func summary() throws -> String {
        let ledger = chat.ledger
        let households = try ledger.families.households()
        let entries = try households.map { try ledger.entries.count(householdID: $0.id) }.reduce(0, +)
        let days = Int(chat.clock.now.timeIntervalSince(testNow) / 86_400)
        return "ConversationFuzz: \(stepCount) steps, \(households.count) households, \(entries) entries kept, "
            + "\(days) days on the clock; delivered \(delivered[.message] ?? 0) messages, \(delivered[.edit] ?? 0) edits, "
            + "\(delivered[.answer] ?? 0) button answers, \(delivered[.document] ?? 0) files"
    }

    private func fail(_ what: String) {
        let hashing = ProcessInfo.processInfo.environment["SWIFT_DETERMINISTIC_HASHING"] == nil
            ? "; this run's hash seed was random, so the replay may take another path" : ""
        failure = "ConversationFuzz failed (seed \(seed), replay with SWIFT_DETERMINISTIC_HASHING=1 KOPIYKA_FUZZ_SEED=\(seed)\(hashing)): "
            + "\(what)\nlast steps:\n"
            + recent.joined(separator: "\n")
        Self.log(failure ?? "")
    }

    /// Unbuffered, so what was written survives a trap.
    static func log(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    /// Applies a step as Telegram would deliver it, and everything it queued, delivered.
    private func apply(_ step: FuzzStep) throws -> [FuzzRow] {
        let people = world.people
        var query: String?
        switch step {
        case .say(let person, let chat, let text, let replyTo):
            let id = world.newID()
            world.written.append((person, chat, id))
            if world.written.count > 300 { world.written.removeFirst(100) }
            try handle(.message(IncomingMessage(chat: chat, sender: people[person].sender, text: text, updateID: id, messageID: id,
                                                replyToMessageID: replyTo, isReplyToBot: replyTo != nil)))
        case .edit(let person, let chat, let messageID, let text):
            try handle(.edited(IncomingMessage(chat: chat, sender: people[person].sender, text: text,
                                               updateID: world.newID(), messageID: messageID)))
        case .press(let person, let chat, let messageID, let data):
            let id = "q\(world.newID())"
            query = id
            try handle(.callback(CallbackPress(queryID: id, data: data, sender: people[person].sender, chat: chat, messageID: messageID)))
        case .advance(let seconds):
            self.chat.clock.advance(by: seconds)
            try self.chat.ledger.transaction { try self.chat.handler.runSchedule() }
        case .linkGroup(let group, let person):
            try handle(.addedToGroup(ChatRef(id: group, kind: .group), by: people[person].sender))
        case .unlinkGroup(let group):
            try handle(.removedFromGroup(chatID: group))
        case .migrateGroup(let index, let id):
            try handle(.chatMigrated(from: world.groups[index], to: id))
            world.groups[index] = id
        case .block(let person, let blocked):
            try handle(.blocked(chatID: people[person].sender.id, blocked))
        case .nonText(let person, let chat, let kind):
            try handle(.nonText(NonTextMessage(chat: chat, sender: people[person].sender, kind: kind, updateID: world.newID(),
                                               messageID: world.newID())))
        }
        while try self.chat.ledger.transaction({ try self.chat.handler.runExportStep() }) {}
        let (rows, answered) = try self.chat.ledger.deliverForFuzz()
        if let query, !answered.contains(query) { fail("the press was not answered") }
        return rows
    }

    private func handle(_ event: ConversationEvent) throws {
        try chat.handler.handle(event)
    }
}
