import Conversation
import Foundation
import KopiykaCore
import KopiykaTestSupport
import Ledger

/// A person in the fuzz. Their first name and `marker` (a word only their notes use) are what
/// the leak check looks for in chats that are not their household's. A marker ends in a vowel
/// the stemmer cuts off: a family keeps the rules it learned from a member's notes (as stems)
/// when that member leaves, which is not a leak.
struct FuzzPerson {
    let sender: Sender
    let marker: String
    /// The word of their private entries (`#приватно`), for their own private chat only.
    let secret: String
    var markers: [String] { [sender.firstName, marker] }
}

/// Three households of two or three, joined through real `/invite` links; two family groups
/// (one linked by a member who is not the owner) and a group nobody linked; and an outsider
/// who has not written yet. Also what the steps harvest from the bot's replies: messages with
/// their buttons, invitation codes, and people's own earlier messages to edit.
final class FuzzWorld {
    let chat: TestConversation
    var rng: SplitMix64
    let people: [FuzzPerson] = [
        FuzzPerson(sender: Sender(id: 101, firstName: "Ярослава", languageCode: "uk"), marker: "шпулька", secret: "шушулька"),
        FuzzPerson(sender: Sender(id: 102, firstName: "Любомир", languageCode: "ru"), marker: "кокарда", secret: "мармизка"),
        FuzzPerson(sender: Sender(id: 103, firstName: "Северин", languageCode: "en"), marker: "торбинка", secret: "кукурібка"),
        FuzzPerson(sender: Sender(id: 201, firstName: "Богдана", languageCode: "uk"), marker: "вербозілля", secret: "пищавка"),
        FuzzPerson(sender: Sender(id: 202, firstName: "Остап", languageCode: nil), marker: "калабаня", secret: "цюцюрка"),
        FuzzPerson(sender: Sender(id: 301, firstName: "Ingrid", languageCode: "en-GB"), marker: "мережка", secret: "шелестуха"),
        FuzzPerson(sender: Sender(id: 302, firstName: "Злата", languageCode: "ru"), marker: "бандурка", secret: "ляскавка"),
        FuzzPerson(sender: Sender(id: 901, firstName: "Мирон", languageCode: "uk"), marker: "цяцянка", secret: "шкрябалка"),
    ]
    /// Their ids change when one becomes a supergroup.
    var groups: [Int64] = [-100_001, -100_002, -100_003]

    /// Recent bot messages per chat: their id and their buttons' data.
    var botMessages: [Int64: [(id: Int64, data: [String])]] = [:]
    /// Button data seen anywhere, newest last.
    var buttonPool: [String] = []
    var inviteCodes: [String] = []
    /// People's own messages that may be edited.
    var written: [(person: Int, chat: ChatRef, id: Int64)] = []
    lazy var markerBytes = people.map { $0.markers.map { Array($0.utf8) } }
    lazy var secretBytes = people.map { Array($0.secret.utf8) }
    /// For each person, the chats allowed to see their markers (as of the last refresh).
    var audiences: [Set<Int64>] = []
    /// Every chat that was ever in a person's audience: rows held for a blocked chat go out
    /// when it is unblocked, steps after they were written.
    var everAudiences: [Set<Int64>] = []
    /// For each person, everyone who ever shared a household with them.
    var everShared: [Set<Int>] = []
    /// The newest outbox row delivered before this step: older rows were held, not new.
    var watermark: Int64 = 0
    private var nextID: Int64 = 1_000_000

    init(seed: UInt64) throws {
        chat = try TestConversation(botUsername: "kopiyka_bot")
        rng = SplitMix64(seed: seed)
    }

    func newID() -> Int64 {
        nextID += 1
        return nextID
    }

    func privateChat(_ person: Int) -> ChatRef { ChatRef(id: people[person].sender.id, kind: .privateChat) }

    /// Remembers what a step's delivery showed: messages, their buttons, invitation codes.
    func harvest(_ rows: [FuzzRow]) {
        for row in rows where row.kind == .message || row.kind == .edit {
            var messages = botMessages[row.chatID, default: []]
            if let index = messages.firstIndex(where: { $0.id == row.messageID }) {
                messages[index].data = row.buttonData
            } else {
                messages.append((row.messageID, row.buttonData))
                if messages.count > 40 { messages.removeFirst() }
            }
            botMessages[row.chatID] = messages
            buttonPool += row.buttonData
            if row.bytes.contains(Array("join_".utf8)), let code = row.text.firstMatch(of: /join_[A-Za-z0-9]{12}/) {
                inviteCodes.append(String(code.output))
            }
        }
        if buttonPool.count > 600 { buttonPool.removeFirst(300) }
    }

    /// Who may see each person's markers now: the members and family group of their household
    /// and of those they left, whose history keeps what they wrote there.
    func refreshAudiences() throws {
        let ledger = chat.ledger
        audiences = try people.map { person in
            var chats: Set<Int64> = [person.sender.id]
            guard let member = try ledger.families.member(telegramUserID: person.sender.id) else { return chats }
            for id in try [member.householdID] + ledger.families.householdsLeft(by: member.id) {
                guard let household = try ledger.families.household(id: id) else { continue }
                for other in try ledger.families.members(householdID: household.id) { chats.insert(other.telegramUserID) }
                if let group = household.familyChatID { chats.insert(group) }
            }
            return chats
        }
        everAudiences = everAudiences.isEmpty ? audiences : zip(everAudiences, audiences).map { $0.union($1) }
        let households = try people.map { try ledger.families.member(telegramUserID: $0.sender.id)?.householdID }
        everShared = people.indices.map { index in
            let now = households[index].map { household in people.indices.filter { households[$0] == household } } ?? []
            return (everShared.isEmpty ? [index] : everShared[index]).union(now)
        }
    }

    /// Whether person `index`'s marker reached `chat` in an entry of the chat's household
    /// written by someone who shared a household with them, as it may: an entry moves with its
    /// author, with the note it took from them (a bill of theirs he paid, a quick tap on their words).
    func carried(_ index: Int, to chat: Int64) -> Bool {
        let ledger = self.chat.ledger
        guard let first = LocalDate(year: 1, month: 1, day: 1), let last = LocalDate(year: 9999, month: 12, day: 31),
              let households = try? ledger.families.households() else { return false }
        return households.contains { household in
            let members = (try? ledger.families.members(householdID: household.id)) ?? []
            guard household.familyChatID == chat || members.contains(where: { $0.telegramUserID == chat }) else { return false }
            let entries = (try? ledger.entries.list(householdID: household.id, dates: first...last)) ?? []
            return entries.contains { entry in
                guard entry.note.contains(people[index].marker),
                      let author = try? ledger.families.member(id: entry.memberID),
                      let other = people.firstIndex(where: { $0.sender.id == author.telegramUserID })
                else { return false }
                return other != index && everShared[index].contains(other)
            }
        }
    }

    /// Rows that show a person's name or marker in a chat outside their audience before or
    /// after the step (or ever, for a row that was held).
    func leaks(in rows: [FuzzRow], before: [Set<Int64>]) -> [String] {
        defer { watermark = max(watermark, rows.map(\.outboxID).max() ?? 0) }
        let secrets = rows.flatMap { row in
            people.indices.filter { row.chatID != people[$0].sender.id && row.bytes.contains(secretBytes[$0]) }
                .map { "private «\(people[$0].secret)» of \(people[$0].sender.firstName) in chat \(row.chatID): \(row.text.prefix(300))" }
        }
        return secrets + rows.flatMap { row -> [String] in
            people.indices.compactMap { index in
                guard !before[index].contains(row.chatID), !audiences[index].contains(row.chatID),
                      row.outboxID > watermark || !everAudiences[index].contains(row.chatID),
                      let marker = markerBytes[index].first(where: row.bytes.contains).map({ String(decoding: $0, as: UTF8.self) }),
                      marker != people[index].marker || !carried(index, to: row.chatID)
                else { return nil }
                return "«\(marker)» of \(people[index].sender.firstName) in chat \(row.chatID): \(row.text.prefix(300))"
            }
        }
    }
}
