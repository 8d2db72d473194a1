import Banking
import Foundation
import KopiykaCore
import Testing

@Suite struct BankCategoriesTests {
    func fact(_ minor: Int64, mcc: Int? = nil, _ description: String = "Покупка", bank category: String? = nil) -> BankFact {
        BankFact(bank: .privatbank, account: "", time: Date(timeIntervalSince1970: 1_792_000_000),
                 amount: Money(minorUnits: minor, currency: .uah), mcc: mcc, description: description, bankCategory: category)
    }

    @Test func everyMonobankSampleRowGetsTheCategoryItsCodeNames() throws {
        let facts = try StatementReader.read(Fixtures.bytes(Fixtures.monobank), fileName: "m.csv").get().facts
        var seen: [String: CategoryKey?] = [:]
        for fact in facts { seen[fact.description] = BankCategories.category(for: fact) }
        let expected: [String: CategoryKey?] = [
            "АТБ": "groceries", "Сільпо": "groceries", "Епіцентр": "home", "Rozetka": "electronics",
            "Аптека Доброго Дня": "health", "Планета Кіно": "entertainment", "Uklon": "taxi", "Київстар": "mobile",
            "Netflix.com": "subscriptions", "Google": "subscriptions", "ДТЕК Київські електромережі": "utilities",
            "Glovo": "cafe", "Aroma Kava": "cafe", "OKKO": "fuel",
            "Rozetka, повернення": "refund", "Відсотки за жовтень": .otherIncome,
            "Від: ТОВ \"Ромашка\", зарплата за вересень": "salary",
            // Money moving, not spent: the reconciliation and the member decide.
            "На банку «Відпустка»": nil, "Банкомат ПриватБанк, Хрещатик 22": nil,
        ]
        #expect(seen == expected)
    }

    @Test func privatBanksOwnCategoriesAreReadButSayNothingWhenVague() throws {
        let facts = try StatementReader.read(Fixtures.bytes(Fixtures.privatbank), fileName: "p.xlsx").get().facts
        var seen: [String: CategoryKey?] = [:]
        for fact in facts { seen[fact.bankCategory ?? ""] = BankCategories.category(for: fact) }
        #expect(seen == ["Кафе, бари, ресторани": "cafe", "Інше": nil, "Аптеки": "health", "Продукти харчування": "groceries",
                         "Мобільний зв'язок": "mobile", "Подорожі": "travel", "Таксі": "taxi", "Комунальні послуги": "utilities",
                         "Перекази": nil])
    }

    @Test func aShopsCodeBeatsTheBanksCoarserNameAndAVagueCodeYieldsToIt() {
        #expect(BankCategories.category(for: fact(-100, mcc: 5411, bank: "Інше")) == "groceries")
        #expect(BankCategories.category(for: fact(-100, mcc: 5912, bank: "Продукти харчування")) == "health")
        #expect(BankCategories.category(for: fact(-100, mcc: 5999, bank: "Аптеки")) == "health")
        #expect(BankCategories.category(for: fact(-100, mcc: 3012, bank: nil)) == "travel", "an airline's own code")
        #expect(BankCategories.category(for: fact(-100, bank: "Мобільний  звʼязок")) == "mobile", "another apostrophe, two spaces")
        #expect(BankCategories.category(for: fact(-100, mcc: 4829, bank: "Перекази")) == nil)
    }

    @Test func incomeIsCashbackInterestARefundOrLeftToTheMember() {
        #expect(BankCategories.category(for: fact(5_000, mcc: 4829, "Виведення кешбеку")) == "cashback")
        #expect(BankCategories.category(for: fact(5_000, mcc: 4829, "Нарахування відсотків")) == .otherIncome)
        #expect(BankCategories.category(for: fact(5_000, mcc: 5651, "Zara")) == "refund")
        #expect(BankCategories.category(for: fact(5_000, mcc: 4829, "Від Оля К.")) == nil)
        #expect(BankCategories.category(for: fact(5_000, "Переказ зі своєї карти", bank: "Перекази")) == nil)
    }
}
