import KopiykaCore

/// The category a bank's own record suggests for a fact. The caller lays our merchant
/// vocabulary and the household's learned rules over it; of the bank's two hints, the more
/// specific wins:
///
/// 1. income is recognised first (a refund, cashback, interest), since an MCC names the shop
///    and not the direction money went;
/// 2. an MCC naming a kind of shop (5411 groceries) beats PrivatBank's category, which the
///    bank derives from the same code but coarser (`Інше` for a parcel service);
/// 3. else PrivatBank's category name;
/// 4. else nil: transfers (4829), cash (6011) and unknown codes are not guessed.
///
/// Pure, a dictionary lookup or two per fact.
public enum BankCategories {
    public static func category(for fact: BankFact) -> CategoryKey? {
        if fact.amount.minorUnits > 0 { return income(fact) }
        if let mcc = fact.mcc, let category = MerchantCategoryCodes.expense(mcc) { return category }
        return fact.bankCategory.flatMap { privatBank[normalized($0)] }
    }

    /// The income category of a positive fact: cashback and interest by their words, a refund
    /// by a shop's MCC (a shop only pays back), nil for a transfer in (a salary, a gift, one's
    /// own money from another card: the reconciliation or the member decides).
    static func income(_ fact: BankFact) -> CategoryKey? {
        switch IncomeWords.kind(of: fact.description) {
        case .cashback?: return "cashback"
        case .interest?: return .otherIncome
        case .salary?: return "salary"
        case nil: break
        }
        if let mcc = fact.mcc, !MerchantCategoryCodes.movesMoney.contains(mcc) { return "refund" }
        if fact.bankCategory.map(normalized) == "повернення" { return "refund" }
        return nil
    }

    /// PrivatBank's category names (Privat24's statement export) onto ours. `Інше` and
    /// `Перекази` say nothing and are absent.
    static let privatBank: [String: CategoryKey] = [
        "продукти харчування": "groceries", "супермаркети": "groceries",
        "кафе, бари, ресторани": "cafe", "ресторани": "cafe", "фастфуд": "cafe",
        "аптеки": "health", "медицина": "health", "здоров'я": "health", "медичні послуги": "health",
        "таксі": "taxi", "транспорт": "transport", "азс": "fuel", "автозаправки": "fuel", "авто": "car",
        "мобільний зв'язок": "mobile", "комунальні послуги": "utilities", "інтернет": "utilities",
        "одяг та взуття": "clothing", "одяг": "clothing", "дитячі товари": "kids",
        "електроніка": "electronics", "побутова техніка": "electronics",
        "товари для дому": "home", "дім і сад": "home", "будівельні матеріали": "home",
        "освіта": "education", "книги": "education", "тварини": "pets", "зоотовари": "pets",
        "розваги": "entertainment", "кіно": "entertainment", "підписки": "subscriptions",
        "краса": "beauty", "салони краси": "beauty", "спорт": "sport",
        "подарунки": "gifts", "квіти": "gifts", "подорожі": "travel", "готелі": "travel", "авіаквитки": "travel",
        "благодійність": "donations", "податки": "taxes", "штрафи": "taxes",
    ]

    /// Lower case, one apostrophe (`'`, `’` and `ʼ` are all written), single spaces.
    static func normalized(_ name: String) -> String {
        name.lowercased().replacing("’", with: "'").replacing("ʼ", with: "'")
            .split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}

/// Words banks write on money they pay the customer.
enum IncomeWords {
    enum Kind { case cashback, interest, salary }

    static func kind(of description: String) -> Kind? {
        let text = description.lowercased()
        if ["кешбек", "кешбэк", "cashback", "cash back"].contains(where: text.contains) { return .cashback }
        if ["відсотк", "процент", "interest", "нарахування %"].contains(where: text.contains) { return .interest }
        if ["зарплат", "заробітн", "заработн", "salary", "payroll"].contains(where: text.contains) { return .salary }
        return nil
    }
}
