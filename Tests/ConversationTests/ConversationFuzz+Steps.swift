import Conversation
import Foundation
import KopiykaCore
import KopiykaTestSupport

/// One thing that happens to the bot. Its description is what a failure prints.
enum FuzzStep: CustomStringConvertible {
    /// A message; a reply to the bot's message `replyTo` when set.
    case say(person: Int, chat: ChatRef, text: String, replyTo: Int64?)
    case edit(person: Int, chat: ChatRef, messageID: Int64, text: String)
    case press(person: Int, chat: ChatRef?, messageID: Int64?, data: String)
    /// The clock moves on, then the schedule runs (digest, monthly report).
    case advance(seconds: TimeInterval)
    case linkGroup(Int64, by: Int)
    case unlinkGroup(Int64)
    /// The group became a supergroup with a new id.
    case migrateGroup(index: Int, to: Int64)
    case block(person: Int, Bool)
    /// A voice note, a picture, a sticker or a file.
    case nonText(person: Int, chat: ChatRef, kind: NonTextMessage.Kind)

    /// Whether it may add, move or remove a member or link a group: only then do the
    /// audiences of the leak check need a fresh look.
    var mayChangeHouseholds: Bool {
        switch self {
        case .say(_, _, let text, _): text.hasPrefix("/start") || text.hasPrefix("/leave")
        case .press(_, _, _, let data): data.hasPrefix("fam:rm") || data == "fam:unlink" || data.hasPrefix("leave:")
        case .linkGroup, .unlinkGroup, .migrateGroup: true
        case .edit, .advance, .block, .nonText: false
        }
    }

    var description: String {
        switch self {
        case .say(let person, let chat, let text, let replyTo):
            "person \(person) in \(chat.id)\(replyTo.map { " replying to \($0)" } ?? ""): \(text.debugDescription)"
        case .edit(let person, let chat, let messageID, let text):
            "person \(person) edits \(messageID) in \(chat.id): \(text.debugDescription)"
        case .press(let person, let chat, let messageID, let data):
            "person \(person) presses \(data.debugDescription) under \(messageID.map(String.init) ?? "nil")"
                + " in \(chat.map { String($0.id) } ?? "nil")"
        case .advance(let seconds): "clock +\(Int(seconds)) s, schedule runs"
        case .linkGroup(let group, let person): "person \(person) adds the bot to \(group)"
        case .unlinkGroup(let group): "the bot is removed from \(group)"
        case .migrateGroup(let index, let id): "group \(index) becomes supergroup \(id)"
        case .block(let person, let blocked): "person \(person) \(blocked ? "blocks" : "unblocks") the bot"
        case .nonText(let person, let chat, let kind): "person \(person) in \(chat.id) sends \(kind)"
        }
    }
}

extension FuzzWorld {
    static let commands: [(names: [String], arguments: [String], weight: Int)] = [
        (["start"], ["", "hello", "join_", "join_AAAAAAAAAAAA", "join_\u{0}"], 2),
        (["help"], [""], 1),
        (["report", "zvit", "otchet"], ["", "минулий", "last", "прошлый", "2026", "2025", "2026-10", "2026-11", "2026-12",
                                        "2027-01", "жовтень", "October", "грудня", "1999", "2100", "2101", "9999-12",
                                        "2026-13", "2026-00", "-1", "abc", "2026 10", "２０２６", "0000-12", "1999-12", "0001-01"], 4),
        (["budget", "biudzhet"], ["", "кафе 100", "5000", "кафе 0", "таксі 1 000", "продукти 999999999", "0", "unknown 5",
                                  "usd 5", "50 usd", "кафе", "кафе -5", "кафе 12345678901", "40 000", "Кафе 2,5к"], 3),
        (["rate"], ["usd 41,5", "eur 45.25", "pln 10", "gbp 52", "usd 0", "usd -1", "usd abc", "uah 1", "xyz 5",
                    "usd 0,000001", "usd", "USD 41.123456", "usd 1e3", "usd 41.1234567", "pln 0.5",
                    "usd 999999", "usd 999999,999999", "eur 123456.7"], 2),
        (["undo"], [""], 3),
        (["history"], ["", "0", "-5", "3", "20", "100", "99999999999999999999", "abc", "1"], 3),
        (["today"], [""], 2),
        (["week"], [""], 2),
        (["export"], ["", "month", "year", "all", "жовтень", "2026-10", "2026", "garbage", "все", "рік", "0001-01", "9999-12"], 1),
        (["rules"], [""], 2),
        (["lang", "language", "mova"], ["", "uk", "ru", "en", "de", "UK", "xx"], 1),
        (["family", "simia", "semia"], [""], 3),
        (["invite"], [""], 2),
        (["leave"], [""], 1),
        (["nonsense", "REPORT", "report_", "репорт", "reprot", "bugdet", "отчет", "звіт", "hist"], [""], 1),
    ]
    static let garbageData = ["", ":", "cat:", "cat:abc", "cat:-1", "cat:9223372036854775807", "cat:99999999999999999999",
                              "del:0", "undel:-9", "back:", "lang:xx", "lang:", "fam:rm:", "fam:rm:1", "fam:own:2",
                              "fam:mode:", "fam:mode:weird", "fam:mode:instant", "fam:mode:digest", "rule:rm:1",
                              "rule:rm:x", "cat:1:home", "cat:1:salary", "cat:2:*", "cat:3:zzz", "cat:4:", "del:1:2",
                              "fam:unlink", "fam:unlink:1", "inv:rm:", "inv:rm:*", "inv:rm:AAAAAAAAAAAA", "inv:rm:\u{0}",
                              "rec:", "rec:list", "rec:open:0", "rec:paid:1:20261399", "rec:paid:1:00000000", "rec:mk:-1",
                              "rec:delok:9223372036854775807", "rec:other:1:2026112", "rec:pass:1:20261121:1"]

    func nextStep() -> FuzzStep {
        let person = rng.below(people.count)
        let marker = people[person].marker
        switch rng.below(100) {
        case 0..<28:
            let text = FuzzText.entries(marker: marker, secret: people[person].secret, &rng)
            return .say(person: person, chat: privateChat(person), text: text, replyTo: nil)
        case 28, 29:
            let kind = rng.pick([NonTextMessage.Kind.voice, .picture, .sticker, .document(caption: nil),
                                 .document(caption: FuzzText.entries(marker: marker, &rng)), .document(caption: "виписка")])
            return .nonText(person: person, chat: rng.chance(0.8) ? privateChat(person) : groupChat(person), kind: kind)
        case 30..<36:
            let text = rng.chance(0.7) ? FuzzText.entries(marker: marker, &rng) : FuzzText.noise(&rng)
            return .say(person: person, chat: groupChat(person), text: rng.chance(0.2) ? "/add " + text : text, replyTo: nil)
        case 36..<60:
            let chat = rng.chance(0.8) ? privateChat(person) : groupChat(person)
            return .say(person: person, chat: chat, text: command(marker: marker), replyTo: nil)
        case 60..<76: return press(person)
        case 76..<83:
            let chat = rng.chance(0.8) ? privateChat(person) : groupChat(person)
            let target = botMessages[chat.id].map { rng.pick($0).id } ?? Int64(rng.below(50))
            return .say(person: person, chat: chat, text: FuzzText.correction(marker: marker, &rng), replyTo: target)
        case 83..<88: return edit(person)
        case 88..<95: return .advance(seconds: advance())
        case 95..<98:
            let code = inviteCodes.isEmpty || rng.chance(0.1) ? "join_" + rng.digits(12)
                : rng.chance(0.6) ? inviteCodes[inviteCodes.count - 1] : rng.pick(inviteCodes)
            return .say(person: person, chat: privateChat(person), text: "/start " + code, replyTo: nil)
        default:
            switch rng.below(10) {
            case 0..<5: return .linkGroup(rng.pick(groups), by: person)
            case 5, 6: return .unlinkGroup(rng.pick(groups))
            case 7: return .migrateGroup(index: rng.below(groups.count), to: -1_000_000_000_000 - newID())
            default: return .block(person: person, rng.chance(0.7))
            }
        }
    }

    /// The person's family group mostly; any group sometimes, as an outsider there.
    func groupChat(_ person: Int) -> ChatRef {
        let own = audiences.indices.contains(person) ? audiences[person].first { $0 < 0 } : nil
        let id = own.flatMap { rng.chance(0.75) ? $0 : nil } ?? rng.pick(groups)
        return ChatRef(id: id, kind: .group, threadID: rng.chance(0.05) ? 7 : nil)
    }

    func command(marker: String) -> String {
        let total = Self.commands.map(\.weight).reduce(0, +)
        var roll = rng.below(total + 3)
        guard roll < total else { return "/" + rng.pick(["add", "dodaty", "dobavit"]) + " " + FuzzText.entries(marker: marker, &rng) }
        let command = Self.commands.first { roll -= $0.weight; return roll < 0 } ?? Self.commands[0]
        let suffix = rng.chance(0.9) ? "" : rng.pick(["@kopiyka_bot", "@KOPIYKA_BOT", "@other_bot"])
        let argument = rng.chance(0.05) ? FuzzText.noise(&rng) : rng.pick(command.arguments)
        return "/" + rng.pick(command.names) + suffix + (argument.isEmpty ? "" : " " + argument)
    }

    /// Real data under the person's own messages, under a group's, anyone's under the person's
    /// own messages (stale or foreign), or garbage.
    func press(_ person: Int) -> FuzzStep {
        var chat: ChatRef? = privateChat(person)
        var messageID: Int64?
        var data: String
        let roll = rng.below(10)
        if roll < 7 {
            if roll >= 5 { chat = groupChat(person) }
            let buttoned = (botMessages[chat?.id ?? 0] ?? []).filter { !$0.data.isEmpty }
            guard !buttoned.isEmpty else { return .press(person: person, chat: chat, messageID: 1, data: rng.pick(Self.garbageData)) }
            let message = rng.pick(buttoned)
            (messageID, data) = (message.id, rng.pick(message.data))
        } else {
            messageID = botMessages[chat?.id ?? 0].map { rng.pick($0).id } ?? 1
            let garbage = Self.garbageData + ["cat:\(rng.below(400))", "del:\(rng.below(400))", "undel:\(rng.below(400))",
                                              "rec:\(rng.pick(["open", "pause", "resume", "skip", "amt", "auto", "bill", "delok", "mk", "no"])):\(rng.below(20))",
                                              "rec:\(rng.pick(["paid", "other", "pass"])):\(rng.below(20)):2026112\(rng.below(10))"]
            data = roll < 9 && !buttonPool.isEmpty ? rng.pick(buttonPool) : rng.pick(garbage)
        }
        if rng.chance(0.03) { (chat, messageID) = (nil, nil) }
        return .press(person: person, chat: chat, messageID: messageID, data: data)
    }

    /// The person's own earlier message mostly, sometimes someone else's; an edit that holds
    /// other entries, no entry at all, or `/add`.
    func edit(_ person: Int) -> FuzzStep {
        let own = written.filter { $0.person == person }
        guard let target = own.isEmpty || rng.chance(0.1) ? written.randomElement(using: &rng) : rng.pick(own) else {
            return .say(person: person, chat: privateChat(person), text: FuzzText.noise(&rng), replyTo: nil)
        }
        let marker = people[person].marker
        // Private words only where they were written privately: a group sees its own messages.
        let secret = target.chat.kind == .privateChat ? people[person].secret : nil
        let text = switch rng.below(10) {
        case 0..<7: FuzzText.entries(marker: marker, secret: secret, &rng)
        case 7..<9: FuzzText.noise(&rng)
        default: "/add " + FuzzText.entries(marker: marker, &rng)
        }
        return .edit(person: person, chat: target.chat, messageID: target.id, text: text)
    }

    /// Minutes or hours mostly; just past the next 21:00, a day, or past 09:00 on the next 1st
    /// (rarely: 10,000 steps span about five months).
    func advance() -> TimeInterval {
        let now = chat.clock.now
        let secondOfDay = Int(now.timeIntervalSince1970) + kyiv.offset(at: now)
        let sinceMidnight = TimeInterval(((secondOfDay % 86_400) + 86_400) % 86_400)
        switch rng.below(200) {
        case 0..<120: return TimeInterval(1 + rng.below(600))
        case 120..<170: return TimeInterval(3_600 * (1 + rng.below(6)))
        case 170..<190:
            let toDigest = (21 * 3_600 - sinceMidnight + 86_400).truncatingRemainder(dividingBy: 86_400)
            return toDigest + TimeInterval(1 + rng.below(120))
        case 190..<199: return 86_400
        default:
            let today = LocalDate(now, in: kyiv)
            let daysLeft = YearMonth(today).dayCount - today.day + 1
            return TimeInterval(daysLeft * 86_400) - sinceMidnight + 9 * 3_600 + TimeInterval(1 + rng.below(120))
        }
    }
}
