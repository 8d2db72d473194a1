import KopiykaCore

/// Money that came to the writer from someone else is income whoever writes it: `мама дала
/// 500`, `клієнт скинув 2000`, `Ірина прислала сто євро`, `Оля віддала мені тисячу`, `отримала
/// передоплату 1 500`, `got paid 6 450 zł`. A giving verb counts when a person is its subject
/// (a kin or role word, or a capitalised name in its nominative) or when `мені`/`me` follows;
/// `заплатив` only for someone who pays the writer (a client, an employer), since a member who
/// paid a bill spent the family's money. Tips are the writer's when given to them (`чаєві 340
/// накидали`, `got 25 bucks tip`), spending when left (`залишила чайові 50`). One table look-up per word (by bytes: `WordKey`), no
/// allocation.
enum ReceivedMoney {
    static func isReceived(_ scalars: [Unicode.Scalar], _ tokens: [Token], _ range: Range<Int>, meanings: [Meaning?]) -> Bool {
        func role(_ k: Int) -> Role { range.contains(k) && tokens[k].kind == .word ? roles[WordKey(tokens[k].text)] ?? [] : [] }
        // `отримав штраф 340`, `таксі від мами 150`: a bill or a purchase is spending whoever
        // it came with.
        let spent = range.contains { k in
            if role(k).contains(.bill) { return true }
            // `чаєві 340 накидали`: tips the writer was given are no purchase of theirs.
            if role(k).contains(.tip) { return false }
            if case .category(let category)? = meanings[k] { return category.kind == .expense }
            return false
        }
        func afterAmount(_ k: Int) -> Bool {
            guard range.contains(k - 1) else { return false }
            if tokens[k - 1].kind == .number || tokens[k - 1].kind == .currencySymbol { return true }
            if case .currency? = meanings[k - 1] { return true }
            return false
        }
        var got = false, gotWith = false
        for i in range where tokens[i].kind == .word {
            let word = role(i)
            if word.isEmpty { continue }
            if word.contains(.received), !spent { return true }
            got = got || word.contains(.got)
            // `got 250 zł back`, not `got back from the store` or `on the way back`.
            gotWith = gotWith || word.contains(.gotWith) && !(word.contains(.back) && !afterAmount(i))
            if got && gotWith { return true }
            // `штука від діда`, `from grandma`: who the money came from.
            if word.contains(.from), !spent, !role(i + 1).isDisjoint(with: [.person, .genitive]) || isName(i + 1, tokens, scalars, range) {
                return true
            }
            // `купив у мене`, `bought from me`: sold by the writer.
            if word.contains(.bought), range.contains(i + 2), role(i + 1).contains(.sellerMark), role(i + 2).contains(.seller) {
                return true
            }
            let paid = word.contains(.paying)
            guard paid || word.contains(.giving) else { continue }
            // `скинула мені`, and a subject after its verb in uk or ru: `скинула хрещена` (in en
            // the word after the verb is whom it went to: `sent mom 100`).
            let next = role(i + 1)
            if next.contains(.toMe) || (!paid && next.contains(.person) && !tokens[i].text.utf8.allSatisfy({ $0 < 0x80 })) {
                return true
            }
            let subject = role(i - 1)
            if subject.contains(.payer) || (!paid && (subject.contains(.person) || isName(i - 1, tokens, scalars, range))) {
                return true
            }
        }
        return false
    }

    /// A capitalised word that is no pronoun or adverb (`Вже`, `Today`) and does not end as a
    /// dative does (`Олі`, `Петру`, `Маме`).
    static func isName(_ k: Int, _ tokens: [Token], _ scalars: [Unicode.Scalar], _ range: Range<Int>) -> Bool {
        guard range.contains(k), tokens[k].kind == .word, scalars.indices.contains(tokens[k].start),
              scalars[tokens[k].start].properties.isUppercase, tokens[k].text.unicodeScalars.count >= 3,
              let last = tokens[k].text.unicodeScalars.last else { return false }
        return (roles[WordKey(tokens[k].text)] ?? []).isDisjoint(with: [.pronoun, .adverb]) && !"іуюїе".unicodeScalars.contains(last)
    }

    struct Role: OptionSet {
        let rawValue: UInt32
        static let received = Role(rawValue: 1), got = Role(rawValue: 2), gotWith = Role(rawValue: 4)
        static let giving = Role(rawValue: 8), paying = Role(rawValue: 16), toMe = Role(rawValue: 32)
        static let payer = Role(rawValue: 64), person = Role(rawValue: 128), genitive = Role(rawValue: 256)
        static let from = Role(rawValue: 512), pronoun = Role(rawValue: 1024), adverb = Role(rawValue: 2048)
        static let bill = Role(rawValue: 4096), back = Role(rawValue: 8192)
        static let bought = Role(rawValue: 16384), sellerMark = Role(rawValue: 32768)
        static let seller = Role(rawValue: 65536), tip = Role(rawValue: 131_072)
    }

    private static let words: [(Role, String)] = [
        (.received, """
            отримала отримав отримали отримую отримано получил получила получили получено заробив заробила заробили \
            заработал заработала заработали received earned \
            прийшла прийшло прийшов надійшла надійшло надійшли зарахували нарахували перерахували \
            пришла пришло пришел пришёл поступила поступило поступили зачислили начислили перечислили \
            przyszła przyszedł przyszło wpłynęła wpłynęło wpłynął came arrived credited \
            накидали накидав накидала накинули накинув накинула bekommen erhalten
            """),
        (.got, "got"),
        (.gotWith, "paid refund refunded tip tips"),
        (.tip, "чаєві чайові чаєвих чайових чаевые чаевых tip tips"),
        ([.gotWith, .back], "back"),
        (.giving, """
            дав дала дали дал скинув скинула скинули скинул перевів перевела перевели перевел переказав переказала \
            переказали прислав прислала прислали прислал надіслав надіслала надіслали віддав віддала віддали отдал \
            отдала отдали повернув повернула вернул вернула вернув подарував подарувала подарували подарил подарила \
            подарили закинув закинула закинули кинув кинула кинули перекинув перекинула перекинули sent gave returned \
            transferred
            """),
        (.paying, "заплатив заплатила заплатили заплатил оплатив оплатила оплатил paid"),
        (.toMe, "мені мне нам me us"),
        (.payer, """
            клієнт клієнтка клієнти клиент клиентка клиенты замовник замовниця заказчик заказчица роботодавець \
            работодатель шеф бос начальник client customer employer boss
            """),
        (.person, """
            мама мамка мати тато татко батя батько папа дід дідусь дед дедушка бабуля бабуся баба бабушка бабця брат \
            братик сестра сестричка хрещена хрещений крестная крестный кума кум тітка тьотя дядько тетя дядя син сын \
            донька дочка доця доча сусід сусідка сосед соседка друг подруга свекруха теща свекор тесть хтось кто-то \
            mom mum mother dad father grandma granny grandpa brother sister friend aunt uncle son daughter someone \
            батьки родители parents
            """),
        (.genitive, """
            мами тата батька баті діда дідуся бабусі бабулі бабці брата сестри хрещеної хрещеного тітки дядька сусіда \
            сусідки друга подруги клієнта клієнтки мамы папы отца деда дедушки бабушки бабули крестной крестного тети \
            дяди соседа соседки клиента клиентки батьків родителей
            """),
        (.from, "від от from"),
        (.bought, "купив купила купили купил bought"),
        (.sellerMark, "у в from"),
        (.seller, "мене меня нас me us"),
        (.pronoun, "я ми мы ти ты ви вы він вона он она воно вони они we you he she they"),
        (.adverb, """
            вже уже потім потом ранком зранку вранці увечері ввечері сьогодні вчора сегодня вчера утром вечером щойно \
            тільки только недавно нещодавно \
            тоді тогда знову снова ще еще також тоже today yesterday then also again just
            """),
        (.bill, """
            штраф штрафу штрафи посилку посилка посылку посылка доставка доставку рахунок счет счёт квитанцію \
            квитанцию комуналка комуналку коммуналка коммуналку платіжка платіжку платежка платежку fine bill invoice \
            parcel delivery
            """),
    ]

    /// The words that may start a reading (`MessageCues.mayBeReceived`).
    static let cueWords = words.filter { !$0.0.isDisjoint(with: [.received, .got, .giving, .paying, .from, .bought]) }
        .map(\.1).joined(separator: " ")

    private static let roles: [WordKey: Role] = words.reduce(into: [:]) { table, entry in
        for word in entry.1.split(whereSeparator: \.isWhitespace) { table[WordKey(String(word)), default: []].insert(entry.0) }
    }
}
