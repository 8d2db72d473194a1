/// Money that came to the writer from someone else is income whoever writes it: `мама дала
/// 500`, `клієнт скинув 2000`, `Ірина прислала сто євро`, `Оля віддала мені тисячу`, `отримала
/// передоплату 1 500`, `got paid 6 450 zł`. A giving verb counts when a person is its subject
/// (a kin or role word, or a capitalised name in its nominative) or when `мені`/`me` follows;
/// `заплатив` only for someone who pays the writer (a client, an employer), since a member who
/// paid a bill spent the family's money. One pass over the entry's words, no allocation.
enum ReceivedMoney {
    static func isReceived(_ scalars: [Unicode.Scalar], _ tokens: [Token], _ range: Range<Int>) -> Bool {
        for i in range where tokens[i].kind == .word {
            let word = tokens[i].text
            if received.contains(word) { return true }
            if word == "got", range.contains(where: { got.contains(tokens[$0].text) }) { return true }
            // `штука від діда`, `from grandma`: who the money came from.
            if from.contains(word), let next = range.contains(i + 1) ? tokens[i + 1] : nil,
               people.contains(next.text) || peopleGenitive.contains(next.text) { return true }
            let paid = paying.contains(word)
            guard paid || giving.contains(word) else { continue }
            // `скинула мені`, and a subject after its verb in uk or ru: `скинула хрещена` (in en
            // the word after the verb is whom it went to: `sent mom 100`).
            if let next = range.contains(i + 1) ? tokens[i + 1] : nil, next.kind == .word,
               toMe.contains(next.text) || (!paid && !word.utf8.allSatisfy({ $0 < 0x80 }) && people.contains(next.text)) {
                return true
            }
            guard i > range.lowerBound, tokens[i - 1].kind == .word else { continue }
            let subject = tokens[i - 1]
            if payers.contains(subject.text) || (!paid && (people.contains(subject.text) || isName(subject, scalars))) { return true }
        }
        return false
    }

    /// A capitalised word that is no pronoun and does not end as a dative does (`Олі`, `Петру`).
    private static func isName(_ token: Token, _ scalars: [Unicode.Scalar]) -> Bool {
        guard scalars.indices.contains(token.start), scalars[token.start].properties.isUppercase,
              token.text.unicodeScalars.count >= 3, let last = token.text.unicodeScalars.last else { return false }
        return !pronouns.contains(token.text) && !"іуюї".unicodeScalars.contains(last)
    }

    private static func set(_ words: String) -> Set<String> { Set(words.split(separator: " ").map(String.init)) }

    private static let received = set("""
        отримала отримав отримали отримую отримано получил получила получили получено заробив заробила заробили \
        заработал заработала заработали прийшла прийшло надійшла надійшли надійшло пришла пришло поступила \
        поступили поступило received earned
        """)
    private static let got = set("paid back refund refunded from")
    private static let giving = set("""
        дав дала дали дал скинув скинула скинули скинул перевів перевела перевели перевел переказав переказала \
        переказали прислав прислала прислали прислал надіслав надіслала надіслали віддав віддала віддали отдал \
        отдала отдали повернув повернула вернул вернула вернув подарував подарувала подарували подарил подарила \
        подарили закинув закинула закинули кинув кинула кинули перекинув перекинула перекинули sent gave returned \
        transferred
        """)
    private static let paying = set("заплатив заплатила заплатили заплатил заплатил оплатив оплатила оплатил paid")
    private static let toMe = set("мені мне нам me us")
    private static let payers = set("""
        клієнт клієнтка клієнти клиент клиентка клиенты замовник замовниця заказчик заказчица роботодавець \
        работодатель шеф бос начальник client customer employer boss
        """)
    private static let people = set("""
        мама мамка мати тато татко батя батько папа дід дідусь дед дедушка бабуля бабуся баба бабушка бабця брат \
        братик сестра сестричка хрещена хрещений крестная крестный кума кум тітка тьотя дядько тетя дядя син сын \
        донька дочка доця доча сусід сусідка сосед соседка друг подруга свекруха теща свекор тесть хтось кто-то \
        mom mum mother dad father grandma granny grandpa brother sister friend aunt uncle son daughter someone
        """)
    private static let from = set("від от from")
    private static let peopleGenitive = set("""
        мами тата батька баті діда дідуся бабусі бабулі бабці брата сестри хрещеної хрещеного тітки дядька сусіда \
        сусідки друга подруги клієнта клієнтки мамы папы отца деда дедушки бабушки бабули крестной крестного тети \
        дяди соседа соседки клиента клиентки
        """)
    private static let pronouns = set("я ми мы ти ты ви вы він вона он она воно вони они we you he she they")
}
