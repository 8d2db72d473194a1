/// What a message that holds an amount is, before its amount is taken as money that moved:
/// a request (`купи 3 батони`, `скинь мені 300`), a question (`скільки вийде 320 + 145?`), a
/// plan (`зарплата буде 25-го`) or a state (`на моно лишилось 1 200`, `кава вже по 90`)
/// records nothing. Read from cue words in uk, ru and en and from a question mark; a word
/// addressed to the bot (`запиши`, `додай`, `add`) makes the message an entry whatever else it
/// says. Costs one table lookup per word, and only messages that hold an entry pay it.
enum MessageIntent: Equatable {
    case request, question, plan, state
}

/// What a message's words say before its amounts are read: its intent (nil for a record of
/// money that moved), and whether a word may tell money that came to the writer, which
/// `ReceivedMoney` then reads entry by entry. One table look-up per word, by bytes.
struct MessageCues {
    let intent: MessageIntent?
    let mayBeReceived: Bool

    init(_ scalars: [Unicode.Scalar], _ tokens: [Token]) {
        var found: MessageIntent? = nil, record = false, received = false
        for (i, token) in tokens.enumerated() where token.kind == .word {
            guard let cue = Self.cues[WordKey(token.text)] else { continue }
            received = received || cue.contains(.received)
            record = record || cue.contains(.record)
            // `не брала`, `не купив`: what was not bought was not spent.
            if cue.contains(.negatable), i > 0, Self.negations.contains(WordKey(tokens[i - 1].text)) { found = found ?? .state }
            found = found ?? cue.intent
        }
        intent = record ? nil : scalars.contains("?") ? .question : found
        mayBeReceived = received
    }

    private static let negations: Set<WordKey> = Set(["не", "not", "didnt"].map(WordKey.init))

    private struct Cue: OptionSet {
        let rawValue: UInt8
        static let record = Cue(rawValue: 1), negatable = Cue(rawValue: 2), request = Cue(rawValue: 4)
        static let plan = Cue(rawValue: 8), state = Cue(rawValue: 16), received = Cue(rawValue: 32)

        var intent: MessageIntent? {
            contains(.request) ? .request : contains(.plan) ? .plan : contains(.state) ? .state : nil
        }
    }

    /// Whole words, lower-cased with apostrophes dropped, as the tokenizer gives them: a cue is
    /// a form, never a stem, so `купи` asks while `купив` records.
    private static let words: [(Cue, String)] = [
        (.record, "запиши запишіть записати занотуй додай додайте запишите записать добавь добавьте внеси record add log"),
        (.negatable, "брала брав брали купила купив купили брал купил bought"),
        (.request, """
            купи купіть скинь скиньте скинеш скинете скинемось скинемося скинься оплати оплатіть заплати заплатіть \
            віддай віддайте переведи переведіть перекинь перекиньте позич позичиш позичте позичить позичите \
            нагадай нагадайте візьми візьміть принеси принесіть замов замовте здай здайте треба потрібно забудь \
            забудьте давайте дайте просить просять \
            купите скинешь скинемся оплатите заплатите отдай отдайте перекиньте займи займешь одолжи одолжишь \
            напомни напомните возьми возьмите закажи закажите сдай сдайте надо нужно просит просят \
            buy remind lend borrow lets need
            """),
        (.plan, """
            буде будуть будемо планую плануємо збираюсь збираюся збираємось хочу хочемо хоче відкладаємо \
            заплачу оплачу віддам куплю купимо наступного наступному наступної \
            будет будут будем планирую планируем собираюсь собираемся хотим хочет откладываем отдам купим \
            следующей следующем следующий \
            will ill gonna planning plan want wanna next
            """),
        (.state, """
            лишилось залишилось залишилося лишилося лишилася залишилась осталось осталося осталась \
            коштує коштують коштуватиме стоит стоят стоить ціна ціни цена цены price prices \
            подорожчав подорожчала подорожчало подорожчали піднялась піднявся піднялася підняли подорожало \
            подешевшало подешевшав подешевшала дешевше дорожче платять платят
            """),
    ]

    private static let cues: [WordKey: Cue] = (words + [(.received, ReceivedMoney.cueWords)]).reduce(into: [:]) { table, entry in
        for word in entry.1.split(whereSeparator: \.isWhitespace) { table[WordKey(String(word)), default: []].insert(entry.0) }
    }
}

extension MessageIntent {
    var failure: ParseFailure {
        switch self {
        case .request: .request
        case .question: .question
        case .plan: .plan
        case .state: .state
        }
    }
}
