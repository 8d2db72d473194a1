import KopiykaCore

/// What a message that holds an amount is, when it is not money that moved: a request (`купи
/// 3 батони`, `скинь мені 300`), a question (`скільки вийде 320 + 145?`), a plan (`зарплата
/// буде 30 000`) or a state (`на моно лишилось 1 200`, `кава вже коштує 90`) records nothing.
/// Read by `MessageCues` from cue words in uk, ru and en and from a question mark.
enum MessageIntent: Equatable {
    case request, question, plan, state
}

/// What a message's words say before its amounts are read: where a request, plan or state is
/// said (its comma-part then records nothing: `кава 50, на карті лишилось 300` is the coffee),
/// whether a word makes the whole message an entry (`запиши`, or money spent in the past tense),
/// and whether a word may tell money that came to the writer, which `ReceivedMoney` then reads
/// entry by entry. One table look-up per word, by bytes; nothing allocated unless a cue is found.
struct MessageCues {
    let mayBeReceived: Bool
    /// A word of correction is said (`ні, не двісті`): `SelfCorrection` may have work.
    let mayCorrect: Bool
    private let record: Bool
    /// Where a cue was said: a cue word, a negated purchase, or the last token before a
    /// question mark.
    private struct Mark {
        /// `ownPartOrClosing`: its own part, or an earlier one when nothing with a number lies between.
        enum Reach { case ownPart, ownPartOrLater, ownPartOrEarlier, ownPartOrClosing, nearby, message }
        var token: Int
        var intent: MessageIntent
        var reach: Reach
        /// `на картці 340` is a balance, `кава на картці 85` a purchase paid by card.
        var unlessAPurchaseIsNamed = false
    }

    private let marks: [Mark]
    /// Where money spent was told in the past tense: the parts it reaches are entries.
    private let spent: [Mark]

    init(_ scalars: [Unicode.Scalar], _ tokens: [Token]) {
        var marks: [Mark] = [], spent: [Mark] = [], record = false, received = false, correct = false
        for (i, token) in tokens.enumerated() where token.kind == .word {
            guard let cue = Self.cues[WordKey(token.text)] else { continue }
            received = received || cue.contains(.received)
            correct = correct || cue.contains(.correction)
            // `у мене 340 до зарплати`, `на картці 23 грн`, `7,96 за куб`, `189 за кіло`, `курс євро
            // 48,2`: what there is, or a price.
            if cue.contains(.afterHead), i > 0, tokens[i - 1].kind == .word,
               let heads = Self.stateAfter[WordKey(token.text)], heads.contains(WordKey(tokens[i - 1].text)) {
                let price = Self.firmHeads.contains(WordKey(tokens[i - 1].text))
                marks.append(Mark(token: i, intent: .state, reach: .ownPartOrLater, unlessAPurchaseIsNamed: !price))
            }
            // `не брала`, `не купив`: what was not bought was not spent.
            let negated = i > 0 && Self.negations.contains(WordKey(tokens[i - 1].text))
            if cue.contains(.negatable), negated { marks.append(Mark(token: i, intent: .state, reach: .ownPartOrEarlier)) }
            // A word to the bot makes the whole message an entry; money spent in the past tense
            // only its own part and the parts without a number around it (`купила ліки 320, бо
            // треба`), so `оплатила садок 1800, наступного місяця буде 2000` is the 1800 alone.
            record = record || cue.contains(.record)
            if cue.contains(.spent), !negated { spent.append(Mark(token: i, intent: .state, reach: .nearby)) }
            if let intent = cue.intent {
                // `в АТБ гречка по 45, беріть`: an offer after the price speaks for it too.
                let reach: Mark.Reach = cue.contains(.advert) || cue.contains(.heading) ? .message : cue.contains(.closing) ? .nearby : .ownPartOrLater
                marks.append(Mark(token: i, intent: intent, reach: reach))
            }
        }
        var k = 0
        for (q, scalar) in scalars.enumerated() where scalar == "?" {
            while k < tokens.count, tokens[k].start < q { k += 1 }
            // `бачила куртку за 2400, брати?` asks about the clause before; `Сільпо 450, а хто
            // брав молоко?` asks something else, with a question word of its own.
            guard k > 0 else { continue }
            marks.append(Mark(token: k - 1, intent: .question, reach: Self.standsAlone(tokens, before: k) ? .ownPart : .ownPartOrClosing))
        }
        self.marks = marks
        self.spent = spent
        self.record = record
        mayBeReceived = received
        mayCorrect = correct
    }

    /// What the comma-part of the message that holds an entry's amount says it is; nil for a
    /// record of money that moved. A cue in that part counts; so does one in the parts without
    /// a number just before it (`свинина подорожчала, вже 240`), and a purchase denied just
    /// after it (`кава по 90, я не брала`); an afterthought does not (`молоко 45, знову
    /// подорожчало`), nor another entry's question.
    func intent(of part: Range<Int>, in tokens: [Token], meanings: [Meaning?]) -> MessageIntent? {
        guard !record, !marks.isEmpty else { return nil }
        func numberless(_ range: Range<Int>) -> Bool { !tokens[range].contains { $0.kind == .number } }
        let named = part.contains { k in if case .category(let category)? = meanings[k] { category.kind == .expense } else { false } }
        func reaches(_ mark: Mark) -> Bool {
            if part.contains(mark.token) { return true }
            let later = mark.token < part.lowerBound && numberless(mark.token..<part.lowerBound)
            let earlier = mark.token >= part.upperBound && numberless(part.upperBound..<mark.token)
            switch mark.reach {
            case .ownPart: return false
            case .ownPartOrLater: return later
            case .ownPartOrEarlier: return mark.token >= part.upperBound && numberless(part.upperBound..<tokens.count)
            case .ownPartOrClosing: return earlier
            case .nearby: return later || earlier
            case .message: return true
            }
        }
        guard !spent.contains(where: reaches) else { return nil }
        return marks.first { mark in !(mark.unlessAPurchaseIsNamed && named) && reaches(mark) }?.intent
    }

    private static let negations: Set<WordKey> = Set(["не", "not", "didnt"].map(WordKey.init))

    /// Whether the clause that ends before token `end` (at a comma or a line's start) has a
    /// question word or a number of its own.
    private static func standsAlone(_ tokens: [Token], before end: Int) -> Bool {
        var k = end - 1
        while k >= 0, tokens[k].kind != .comma, tokens[k].kind != .lineBreak {
            if tokens[k].kind == .number || (tokens[k].kind == .word && questionWords.contains(WordKey(tokens[k].text))) { return true }
            k -= 1
        }
        return false
    }

    private static let questionWords: Set<WordKey> = Set("""
        хто що шо де коли куди звідки скільки чому навіщо нащо як який яка яке які чий чия чиє кто что где когда куда \
        откуда сколько почему зачем как какой какая какое какие чей чья who what where when why how which whose
        """.split(whereSeparator: \.isWhitespace).map { WordKey(String($0)) })

    private struct Cue: OptionSet {
        let rawValue: UInt16
        static let record = Cue(rawValue: 1), negatable = Cue(rawValue: 2), request = Cue(rawValue: 4)
        static let plan = Cue(rawValue: 8), state = Cue(rawValue: 16), received = Cue(rawValue: 32)
        static let spent = Cue(rawValue: 64), advert = Cue(rawValue: 128), afterHead = Cue(rawValue: 256)
        static let correction = Cue(rawValue: 512), heading = Cue(rawValue: 1024), closing = Cue(rawValue: 2048)

        var intent: MessageIntent? {
            contains(.request) ? .request : contains(.plan) ? .plan : contains(.state) || contains(.advert) ? .state : nil
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
            следующей следующем следующий беремо візьмемо берем возьмём возьмем \
            думаю думаємо думаем домовилась домовився домовились домовилися договорилась договорился договорились \
            will gonna planning thinking want wanna next can could would paying due owe owes
            """),
        (.state, """
            лишилось залишилось залишилося лишилося лишилася залишилась осталось осталося осталась \
            коштує коштують коштуватиме стоит стоят стоить ціна ціни цена цены \
            подорожчав подорожчала подорожчало подорожчали піднялась піднявся піднялася підняли подорожало \
            подешевшало подешевшав подешевшала дешевше дорожче платять платят ціні цене тариф тарифи тарифу тарифы \
            тарифа каже кажуть говорить говорят сказав сказала сказали сказал пише пишет zostało zostalo zostały \
            тиск давление температура температуру \
            tariff says said costs pressure temperature
            """),
    ]

    /// Heads that make a price or a rate whatever is named beside it (`курс` is also a course).
    private static let firmHeads: Set<WordKey> = Set(["за", "per", "курс", "курсу", "курса"].map(WordKey.init))

    /// A word after one of its heads (`у мене`, `на картці`, `за куб`) tells a state or a price.
    private static let stateAfter: [WordKey: Set<WordKey>] = {
        let pairs: [(String, String)] = [
            ("в у", "мене меня"),
            ("на", "карті картці карте картке рахунку счету счёте koncie"),
            ("за", "куб кубометр кубу квт кіловат киловатт kwh кіло кілограм кг кило килограмм літр литр"),
            ("per", "kg kilo kilogram pound lb litre liter"),
            ("курс курсу курса", "долара долар доллара доллар євро евро злотого злотий фунта"),
            ("dollar euro exchange", "rate"),
            ("до", "зп зарплати зарплаты получки"), ("till until", "payday"),
        ]
        var table: [WordKey: Set<WordKey>] = [:]
        for (heads, words) in pairs {
            let keys = Set(heads.split(separator: " ").map { WordKey(String($0)) })
            for word in words.split(separator: " ") { table[WordKey(String(word)), default: []].formUnion(keys) }
        }
        return table
    }()

    /// Money spent, told in the past tense; also what a family group takes for an entry.
    static let spendingVerbs = """
        купив купила купили купил заплатив заплатила заплатили заплатил оплатив оплатила оплатили оплатил скинув \
        скинула скинул здала здав сдала сдал витратив витратила витратили потратив потратила потратил віддав віддала \
        отдал отдала заправив заправила заправився заправилась заправился заправилась bought paid spent
        """

    /// An advertised price (`в АТБ акція, олія 79`, `Знижки до -50%! Ціни від 399 грн`) speaks
    /// for the whole message. Not one discount (`черевички 1200 знижка 300` is a purchase).
    private static let adverts = "акція акции акция розпродаж распродажа знижки знижок скидки скидок promo sale"

    private static let cues: [WordKey: Cue] = (words + [
        (.received, ReceivedMoney.cueWords), (.spent, spendingVerbs), (.advert, adverts),
        (.afterHead, stateAfter.keys.map(\.text).joined(separator: " ")), (.correction, SelfCorrection.words),
        ([.plan, .heading], "план плани планы plan"), ([.request, .closing], "беріть бери берите grab"),
    ]).reduce(into: [:]) { table, entry in
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
