import Foundation
import KopiykaCore
import KopiykaTestSupport
import Ledger
import TelegramBot
import Testing

extension AccessEndToEndTests {
    /// A reply to message `target` in a private chat.
    func reply(_ text: String, from user: Int64, to target: Int) {
        fake.enqueue(updateJSON: """
            {"update_id": 0, "message": {"message_id": \(Int.random(in: 1...1_000_000)), "date": 1795248000,
             "chat": {"id": \(user), "type": "private"}, "from": {"id": \(user), "is_bot": false, "first_name": "\(names[user] ?? "?")"},
             "text": "\(text)", "reply_to_message": {"message_id": \(target), "date": 1795248000,
             "chat": {"id": \(user), "type": "private"}, "from": {"id": 1, "is_bot": true, "first_name": "Kopiyka"}, "text": "…"}}}
            """)
    }

    /// Whether anything sent to `chat` after its first `count` messages shows Оля's family.
    func familyShown(in chat: Int64, after count: Int) -> Bool {
        texts(chat).dropFirst(count).contains { $0.contains("кава") || $0.contains("Оля") || $0.contains("85 ₴") }
    }

    /// Path 2: Тарас and Марко got lists of the family's entries while members. Once out,
    /// Оля's changes are not pushed into those lists, and their presses and replies under them
    /// pull nothing; a stranger and Ніна pressing the same data in their own chats get nothing
    /// either.
    @Test func formerMembersStopSeeingTheFamily() async throws {
        let bot = try await family()
        let confirmation = try await ask("кава 85", from: olha)
        let lists = try await [ask("/history", from: taras), ask("/history", from: marko)]
        #expect(lists.allSatisfy { $0.text.contains("кава") && !buttons($0).isEmpty })
        try await removeAndLeave()
        let seen = Dictionary(uniqueKeysWithValues: [taras, marko, nina, stranger].map { ($0, fake.sentMessages(chatID: $0).count) })
        let olhas = try #require(try household(of: olha))
        let entryID = try #require(try Ledger(path: path).entries.recent(householdID: olhas, limit: 1).first).id

        _ = try await press([(olha, confirmation.messageID, "cat:\(entryID):taxi", olha)])
        #expect(await eventually {
            fake.sentMessages(chatID: olha).first { $0.messageID == confirmation.messageID }?.text.contains("Таксі") == true
        })
        #expect(fake.sentMessages(chatID: taras).contains(lists[0]) && fake.sentMessages(chatID: marko).contains(lists[1]))

        var presses: [(chat: Int64, messageID: Int, data: String, from: Int64)] = []
        for (user, list) in zip([taras, marko], lists) { presses += buttons(list).map { (user, list.messageID, $0, user) } }
        for user in [nina, stranger] { presses += buttons(lists[0]).map { (user, 1, $0, user) } }
        let answers = try await press(presses)
        #expect(!answers.contains { ($0.parameters["text"] ?? "").contains("кава") })
        for (user, list) in zip([taras, marko], lists) { reply("видалити", from: user, to: list.messageID) }
        #expect(await eventually { texts(taras).count > seen[taras]! && texts(marko).count > seen[marko]! })
        try await Task.sleep(for: .milliseconds(300))
        #expect(fake.sentMessages(chatID: taras).contains(lists[0]) && fake.sentMessages(chatID: marko).contains(lists[1]))
        for (user, count) in seen { #expect(!familyShown(in: user, after: count), "\(names[user] ?? ""): \(texts(user))") }
        await bot.stop()
        #expect(try Ledger(path: path).entries.entry(id: entryID)?.category == "taxi")
        fake.stop()
    }

    /// Path 3: invitations made by Тарас and Марко stop working when they are out; Оля sees the
    /// open ones in `/family` and cancels them there, and nobody else can.
    @Test func invitationsDieWithTheirMaker() async throws {
        let bot = try await family()
        let fromTaras = try await invite(by: taras), fromMarko = try await invite(by: marko)
        let view = try await ask("/family", from: olha)
        #expect(view.text.contains("Чинні запрошення (2):"), "\(view.text)")
        #expect(buttons(view).contains("inv:rm:\(fromTaras.dropFirst(5))"))
        try await removeAndLeave()
        #expect(try await ask("/start \(fromTaras)", from: taras).text.contains("скасоване"))
        #expect(try await ask("/start \(fromMarko)", from: stranger).text.contains("скасоване"))

        let fromOlha = try await invite(by: olha)
        let code = String(fromOlha.dropFirst(5))
        _ = try await press([(nina, 1, "inv:rm:\(code)", nina), (nina, 1, "inv:rm:*", nina), (taras, 1, "inv:rm:\(code)", taras),
                             (group, view.messageID, "inv:rm:\(code)", stranger)])
        let open = try await ask("/family", from: olha)
        #expect(buttons(open).contains("inv:rm:\(code)"), "\(open.text)")
        let answers = try await press([(olha, open.messageID, "inv:rm:\(code)", olha)])
        #expect(answers.first?.parameters["text"] == "Запрошення скасовано.")
        #expect(try await ask("/start \(fromOlha)", from: stranger).text.contains("скасоване"))
        await bot.stop()
        #expect(try Ledger(path: path).families.members(householdID: try #require(try household(of: olha))).map(\.name) == ["Оля"])
        fake.stop()
    }

    /// Path 4 (and the scheduled post): each outsider removes the bot from the family group and
    /// adds it back. The group stays Оля's, paused: the outsider gets a hint, Оля hears of it
    /// in private, and neither her entries nor the 21:00 digest go there until she adds the
    /// bot back herself.
    @Test func aFamilyGroupCannotBeTakenOver() async throws {
        let bot = try await family()
        try await removeAndLeave()
        let family = try household(of: olha)
        for user in outsiders {
            let (inGroup, toOlha) = (texts(group).count, texts(olha).count)
            fake.enqueueBotMembership(chatID: group, status: "left", byID: user)
            fake.enqueueBotMembership(chatID: group, status: "member", byID: user)
            // Her chat's lane may still be sending an earlier reply: wait for the notice itself.
            #expect(await eventually {
                texts(group).count == inGroup + 1 && texts(olha).count > toOlha && texts(olha).last?.contains("хтось не з родини") == true
            })
            #expect(texts(group).last?.contains("однієї родини") == true, "\(texts(group))")
            #expect(texts(olha).last?.contains("хтось не з родини") == true, "\(texts(olha))")
            #expect(try Ledger(path: path).families.household(familyChatID: group)?.id == family)
        }
        let quiet = texts(group).count
        try await ask("кава 85", from: olha)
        #expect(try await ask("/report", from: nina, in: group).text.contains("однієї родини"))
        #expect(try await ask("/report", from: olha, in: group).text.contains("не з родини"))
        clock.set(Date(timeIntervalSince1970: 1_795_291_200))  // 21:00 in Kyiv: no digest there
        try await Task.sleep(for: .milliseconds(500))
        #expect(texts(group).count == quiet + 2 && !familyShown(in: group, after: quiet))

        fake.enqueueBotMembership(chatID: group, status: "left", byID: nina)
        fake.enqueueBotMembership(chatID: group, status: "member", byID: olha, firstName: "Оля")
        #expect(await eventually { texts(group).contains { $0.contains("Я знову тут") } })
        #expect(await eventually { texts(group).contains { $0.contains("Витрачено 85 ₴") } })
        #expect(await eventually { texts(olha).contains { $0.contains("знову додали") } })
        try await ask("таксі 120", from: olha)
        #expect(await eventually { texts(group).last?.contains("таксі") == true })
        await bot.stop()
        fake.stop()
    }

    /// Path 5: the bot is kicked (sends answer 403), then added back. Each outsider's re-add
    /// gets only the hint; a member's clears the mark, says so, and posts resume (the entries
    /// made while the bot was out are not posted late).
    @Test func aGroupTheBotWasKickedFromHearsAgainWhenAMemberAddsIt() async throws {
        let bot = try await family()
        try await removeAndLeave()
        fake.block(chatID: group)
        try await ask("кава 85", from: olha)
        #expect(await eventually { fake.requests(method: "sendMessage").contains { $0.parameters["chat_id"] == "\(group)" && $0.parameters["text"]?.contains("кава") == true } })
        fake.enqueueBotMembership(chatID: group, status: "kicked", byID: nina)
        #expect(await eventually { texts(olha).last?.contains("прибрали") == true })
        try await ask("таксі 120", from: olha)
        fake.unblock(chatID: group)
        for user in outsiders {
            let before = texts(group).count
            fake.enqueueBotMembership(chatID: group, status: "member", byID: user)
            #expect(await eventually { texts(group).count == before + 1 })
            #expect(texts(group).last?.contains("однієї родини") == true, "\(texts(group))")
            fake.enqueueBotMembership(chatID: group, status: "left", byID: user)
        }
        fake.enqueueBotMembership(chatID: group, status: "member", byID: olha, firstName: "Оля")
        #expect(await eventually { texts(group).last?.contains("Я знову тут") == true })
        try await ask("продукти 400", from: olha)
        #expect(await eventually { texts(group).last == "Оля · продукти · 400 ₴ · Продукти · картка" })
        #expect(!texts(group).contains { $0.hasPrefix("Оля · кава") || $0.contains("таксі") }, "\(texts(group))")
        await bot.stop()
        fake.stop()
    }

    /// Path 6: with a umask that would give everyone read access, the database and the files
    /// SQLite keeps beside it are the bot user's alone.
    @Test func theDatabaseIsReadableByItsOwnerOnly() async throws {
        let previous = umask(0)
        defer { umask(previous) }
        let bot = try await family()
        for file in [path, path + "-wal", path + "-shm"] {
            let mode = try #require(try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int)
            #expect(mode & 0o077 == 0, "\(file): \(String(mode, radix: 8))")
        }
        await bot.stop()
        fake.stop()
    }
}
