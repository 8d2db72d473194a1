import Foundation
import KopiykaTestSupport

/// `telegram-bench attacks [--binary PATH]`: issue 32's stall attacks, each on a fresh bot and
/// database. While one member (Оля) attacks, another family (Тарас) writes `кава 85`, waits
/// for its answer and writes again; each wait is timed from the moment the message was queued
/// at the fake to its reply's arrival (a bot too busy to poll is counted). Prints, per attack,
/// how long it took, the slowest and median of Тарас's waits against the 1 s target, and the
/// bot's peak RSS against the 100 MB target. Never asserts.
struct AttackBench {
    let binary: URL
    /// Only the attacks whose name holds it (`--only 20,000`); nil: all.
    var only: String?
    static let olha: Int64 = 20_001, taras: Int64 = 20_002

    struct Attack {
        let name: String
        /// Before the attack, beside the running bot: the database's path.
        var prepare: (_ databasePath: String) throws -> Void = { _ in }
        /// Sent as Оля (or a hung download).
        let start: (FakeBotAPI) async -> Void
        /// True once the attack has been answered; the number of Оля's messages before it.
        let done: (FakeBotAPI, Int) -> Bool
    }

    static func texts(_ fake: FakeBotAPI, _ chat: Int64) -> [String] {
        fake.sentMessages(chatID: chat).map { $0.text.replacingOccurrences(of: "\u{A0}", with: " ") }
    }

    static func answered(_ prefix: String) -> (FakeBotAPI, Int) -> Bool {
        { fake, _ in texts(fake, olha).contains { $0.hasPrefix(prefix) } }
    }

    static func document(_ name: String, _ data: Data) -> (FakeBotAPI) async -> Void {
        { fake in fake.enqueueDocument(chatID: olha, fileName: name, data: data, firstName: "Оля") }
    }

    static var attacks: [Attack] {
        let today = MonobankCSVFile.day(of: Date())
        var list = [
            Attack(name: "20,000-row CSV, imported", start: document("statement.csv", MonobankCSVFile.distinctPurchases(20_000)),
                   done: answered("📄 Виписка Монобанку")),
            Attack(name: "300,000-row CSV (9 MB), refused", start: document("statement.csv", MonobankCSVFile.coffees(300_000)),
                   done: answered("📄 Виписка задовга")),
            Attack(name: "3,000 typed кава 85 and their 3,000-row statement",
                   start: { fake in
                       let before = fake.sentMessages(chatID: olha).count
                       for _ in 0..<3_000 { fake.enqueueMessage(chatID: olha, text: "кава 85", firstName: "Оля") }
                       _ = await eventually(timeout: .seconds(120)) { fake.sentMessages(chatID: olha).count >= before + 3_000 }
                       await document("statement.csv", MonobankCSVFile.coffees(3_000, on: today))(fake)
                   },
                   done: answered("📄 Виписка Монобанку")),
        ]
        list += XLSXBomb.allCases.map { bomb in
            Attack(name: "XLSX bomb \(bomb.rawValue)", start: document("statement.xlsx", bomb.file), done: answered(bomb.answer))
        }
        let burst = Attack(name: "100 /report in a burst, 10,000 subscriptions",
                           prepare: { try Subscriptions.add(10_000, of: olha, databasePath: $0) },
                           start: { fake in for _ in 0..<100 { fake.enqueueMessage(chatID: olha, text: "/report", firstName: "Оля") } },
                           done: answered("⏳"))
        list.append(burst)
        for command in ["/subscriptions", "/report", "spotify 199 щомісяця"] {
            list.append(Attack(name: "\(command), 10,000 subscriptions",
                               prepare: { try Subscriptions.add(10_000, of: olha, databasePath: $0) },
                               start: { fake in fake.enqueueMessage(chatID: olha, text: command, firstName: "Оля") },
                               done: { fake, before in texts(fake, olha).count > before }))
        }
        list.append(Attack(name: "a hung statement download, and another family's statement",
                           start: { fake in
                               fake.enqueueDocument(chatID: olha, fileName: "statement.csv", data: MonobankCSVFile.coffees(40), hung: true)
                               fake.enqueueDocument(chatID: taras + 1, fileName: "statement.csv", data: MonobankCSVFile.distinctPurchases(43))
                           },
                           done: { fake, _ in texts(fake, taras + 1).contains { $0.hasPrefix("📄 Виписка Монобанку") } }))
        return list
    }

    func run() async throws {
        print("attack: time to its answer; another family's кава 85 meanwhile: count, median, slowest (target < 1 s); bot peak RSS (target < 100 MB)")
        for attack in Self.attacks where only.map(attack.name.contains) ?? true { try await measure(attack) }
    }

    func measure(_ attack: Attack) async throws {
        let fake = FakeBotAPI()
        try fake.start()
        defer { fake.stop() }
        let folder = TemporaryDirectory("attack-bench")
        let databasePath = folder.path("bench.sqlite")
        let bot = try KopiykaProcess.bot(against: fake, databasePath: databasePath, in: folder.url, executable: binary)
        for chat in [Self.olha, Self.taras, Self.taras + 1] { fake.enqueueMessage(chatID: chat, text: "/start", firstName: "Оля") }
        guard await eventually(timeout: .seconds(30), { [Self.olha, Self.taras, Self.taras + 1].allSatisfy { !fake.sentMessages(chatID: $0).isEmpty } })
        else { throw TelegramBench.Failure("no welcome; stderr: \(bot.stderr)") }
        try attack.prepare(databasePath)
        let olhaBefore = fake.sentMessages(chatID: Self.olha).count
        let started = ContinuousClock.now
        await attack.start(fake)
        var waits: [Duration] = []
        while !attack.done(fake, olhaBefore), waits.count < 1_000, ContinuousClock.now - started < .seconds(300) {
            waits.append(try await coffee(fake))
        }
        let took = ContinuousClock.now - started
        let peak = try BotProcessStats(pid: bot.pid).memoryMB("VmHWM")
        let sorted = waits.sorted()
        let median = sorted.isEmpty ? Duration.zero : sorted[sorted.count / 2]
        let slowest = sorted.last ?? .zero
        print(String(format: "%@: %.2f s; %d coffees, median %.3f s, slowest %.3f s%@; peak %.1f MB%@", attack.name, took.inSeconds,
                     waits.count, median.inSeconds, slowest.inSeconds, TelegramBench.verdict(slowest < .seconds(1)), peak,
                     TelegramBench.verdict(peak < 100)))
        bot.signal(SIGTERM)
        _ = await bot.termination(within: .seconds(10))
    }

    /// Тарас's `кава 85`, from its queueing to its reply.
    private func coffee(_ fake: FakeBotAPI) async throws -> Duration {
        let before = fake.timeline(chatID: Self.taras).sent.count
        let queued = ContinuousClock.now
        fake.enqueueMessage(chatID: Self.taras, text: "кава 85", firstName: "Тарас")
        guard await eventually(timeout: .seconds(60), { fake.timeline(chatID: Self.taras).sent.count > before }) else {
            throw TelegramBench.Failure("another family's coffee was not answered within 60 s")
        }
        return fake.timeline(chatID: Self.taras).sent[before] - queued
    }
}
