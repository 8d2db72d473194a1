/// What a message that holds an amount is, before its amount is taken as money that moved:
/// a request (`купи 3 батони`, `скинь мені 300`), a question (`скільки вийде 320 + 145?`), a
/// plan (`зарплата буде 25-го`) or a state (`на моно лишилось 1 200`, `кава вже по 90`)
/// records nothing. Read from cue words in uk, ru and en and from a question mark; a word
/// addressed to the bot (`запиши`, `додай`, `add`) makes the message an entry whatever else it
/// says. Costs one table lookup per word, and only messages that hold an entry pay it.
enum MessageIntent: Equatable {
    case request, question, plan, state

    /// Nil for a record of money that moved.
    static func of(_ scalars: [Unicode.Scalar], _ tokens: [Token]) -> MessageIntent? {
        var found: MessageIntent? = nil
        for (i, token) in tokens.enumerated() where token.kind == .word {
            guard let cue = cues[WordKey(token.text)] else { continue }
            if cue == .record { return nil }
            // `не брала`, `не купив`: what was not bought was not spent.
            if cue == .negatable {
                if i > 0, tokens[i - 1].text == "не" || tokens[i - 1].text == "not" || tokens[i - 1].text == "didnt" {
                    found = found ?? .state
                }
                continue
            }
            found = found ?? cue.intent
        }
        if scalars.contains("?") { return .question }
        return found
    }

    private enum Cue: Equatable {
        case record, negatable, said(MessageIntent)

        var intent: MessageIntent? {
            if case .said(let intent) = self { return intent }
            return nil
        }
    }

    /// Whole words, lower-cased with apostrophes dropped, as the tokenizer gives them: a cue is
    /// a form, never a stem, so `купи` asks while `купив` records.
    private static let words: [(Cue, String)] = [
        (.record, "запиши запишіть записати занотуй додай додайте запишите записать добавь добавьте внеси record add log"),
        (.negatable, "брала брав брали купила купив купили брал купил bought"),
        (.said(.request), """
            купи купіть скинь скиньте скинеш скинете скинемось скинемося скинься оплати оплатіть заплати заплатіть \
            віддай віддайте переведи переведіть перекинь перекиньте позич позичиш позичте позичить позичите \
            нагадай нагадайте візьми візьміть принеси принесіть замов замовте здай здайте треба потрібно забудь \
            забудьте давайте дайте просить просять \
            купите скинешь скинемся оплатите заплатите отдай отдайте перекиньте займи займешь одолжи одолжишь \
            напомни напомните возьми возьмите закажи закажите сдай сдайте надо нужно просит просят \
            buy remind lend borrow lets need
            """),
        (.said(.plan), """
            буде будуть будемо планую плануємо збираюсь збираюся збираємось хочу хочемо хоче відкладаємо \
            заплачу оплачу віддам куплю купимо наступного наступному наступної \
            будет будут будем планирую планируем собираюсь собираемся хотим хочет откладываем отдам купим \
            следующей следующем следующий \
            will ill gonna planning plan want wanna next
            """),
        (.said(.state), """
            лишилось залишилось залишилося лишилося лишилася залишилась осталось осталося осталась \
            коштує коштують коштуватиме стоит стоят стоить ціна ціни цена цены price prices \
            подорожчав подорожчала подорожчало подорожчали піднялась піднявся піднялася підняли подорожало \
            подешевшало подешевшав подешевшала дешевше дорожче платять платят
            """),
    ]

    private static let cues: [WordKey: Cue] = words.reduce(into: [:]) { table, entry in
        for word in entry.1.split(whereSeparator: \.isWhitespace) { table[WordKey(String(word))] = entry.0 }
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
