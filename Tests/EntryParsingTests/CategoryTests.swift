import EntryParsing
import FoundationEssentials
import KopiykaCore
import Testing

/// `message => category` rows: only the category is checked.
private func categories(_ table: String) -> [(String, String)] {
    table.split(separator: "\n").compactMap { line in
        let halves = line.components(separatedBy: " => ")
        return halves.count == 2 ? (halves[0].trimmingPrefixSpaces, halves[1]) : nil
    }
}

private func category(of message: String) -> String? {
    guard case .success(let entries) = EntryParser().parse(message, today: today) else { return nil }
    return entries[0].category.rawValue
}

@Suite struct CategoryTests {
    static let forms = categories("""
    кава 85 => cafe
    каву 85 => cafe
    кави 85 => cafe
    кавою 85 => cafe
    КАВА 85 => cafe
    за оренду 12000 => housing
    оренда 12000 => housing
    в аптеці 300 => health
    аптека 300 => health
    купив продуктів 450 => groceries
    на заправке 1200 => fuel
    на заправці 1200 => fuel
    в кафе 300 => cafe
    в ресторані 900 => cafe
    у кав'ярні 95 => cafe
    у кавʼярні 95 => cafe
    шаурму 150 => cafe
    шаурма 150 => cafe
    таксі 120 => taxi
    такси 120 => taxi
    taxi 12 => taxi
    taxis 12 => taxi
    подарунок мамі 500 => gifts
    подарунки 500 => gifts
    корм коту 300 => pets
    ліки 200 => health
    лекарства 200 => health
    комуналка 2100 => utilities
    за світло 800 => utilities
    стрижка 400 => beauty
    кросівки 2500 => clothing
    кросовки 2500 => clothing
    навушники 1500 => electronics
    підписка 100 => subscriptions
    квитки в кіно 300 => entertainment
    спортзал 900 => sport
    садочок 1500 => kids
    репетитор 600 => education
    готель 3000 => travel
    єдиний податок 1500 => taxes
    ЄСВ 1760 => taxes
    донат 200 => donations
    """)

    @Test(arguments: forms) func grammaticalForms(_ row: (String, String)) {
        #expect(category(of: row.0) == row.1, "\(row.0)")
    }

    static let merchants = categories("""
    Сільпо 456 => groceries
    сільпо 456 => groceries
    Silpo 456 => groceries
    АТБ 230 => groceries
    Novus 800 => groceries
    Фора 150 => groceries
    Ашан 1200 => groceries
    Varus 640 => groceries
    Glovo 380 => cafe
    Bolt Food 320 => cafe
    Bolt 150 => taxi
    Uber 200 => taxi
    Uklon 140 => taxi
    McDonald's 230 => cafe
    McDonalds 230 => cafe
    Пузата хата 280 => cafe
    у Пузатій хаті 280 => cafe
    ОККО 1500 => fuel
    WOG 1500 => fuel
    SOCAR 1500 => fuel
    Київстар 200 => mobile
    Vodafone 200 => mobile
    lifecell 150 => mobile
    Нова пошта 80 => other
    кросівки Нова пошта 2500 => clothing
    Rozetka 3000 => electronics
    Епіцентр 900 => home
    Netflix 300 => subscriptions
    Spotify 150 => subscriptions
    Megogo 200 => subscriptions
    «Повернись живим» 1000 => donations
    Повернись живим 1000 => donations
    донат на ЗСУ 500 => donations
    """)

    @Test(arguments: merchants) func merchantNames(_ row: (String, String)) {
        #expect(category(of: row.0) == row.1, "\(row.0)")
    }

    static let typos = categories("""
    ресторн 900 => cafe
    ресторанн 900 => cafe
    рестораааан 900 => other
    аптекка 300 => health
    коммуналка 2100 => utilities
    продуктв 450 => groceries
    netflx 300 => subscriptions
    spotfy 150 => subscriptions
    groceris 40 => groceries
    """)

    @Test(arguments: typos) func oneTypoInLongerWords(_ row: (String, String)) {
        #expect(category(of: row.0) == row.1, "\(row.0)")
    }

    @Test func shortWordsNeedExactSpelling() {
        #expect(category(of: "кавв 85") == "other")
    }

    @Test func unknownWordsAreOther() {
        #expect(category(of: "щось 85") == "other")
        #expect(category(of: "+85 щось") == "other_income")
        #expect(category(of: "85") == "other")
    }

    @Test func incomeCategoriesAgreeWithTheKind() throws {
        let salary = try EntryParser().parse("зарплата 30000", today: today).get()[0]
        #expect(salary.kind == .income && salary.category == "salary")
        let plusCoffee = try EntryParser().parse("+85 кава", today: today).get()[0]
        #expect(plusCoffee.kind == .income && plusCoffee.category == .otherIncome)
    }

    struct Household: CategoryRules {
        let table: [String: CategoryKey]
        func category(forStems stems: [String]) -> CategoryKey? {
            stems.lazy.compactMap { table[$0] }.first
        }
    }

    @Test func householdRulesBeatTheTables() throws {
        let rules = Household(table: ["шаурм": "groceries", "сільп": "home"])
        let parser = EntryParser()
        #expect(try parser.parse("шаурму 150", today: today, rules: rules).get()[0].category == "groceries")
        #expect(try parser.parse("Сільпо 150", today: today, rules: rules).get()[0].category == "home")
        #expect(try parser.parse("кава 50", today: today, rules: rules).get()[0].category == "cafe")
    }

    @Test func stemsAsRulesAreKeyed() {
        #expect(categoryStems(of: "шаурму") == categoryStems(of: "Шаурма"))
        #expect(categoryStems(of: "кавʼярня") == categoryStems(of: "кав'ярня"))
        #expect(categoryStems(of: "Кава з молоком") == ["кав", "з", "молок"])
    }

    static let named = categories("""
    кафе => cafe
    кава => cafe
    cafe => cafe
    Cafe => cafe
    продукти => groceries
    продуктів => groceries
    таксі => taxi
    такси => taxi
    зарплата => salary
    salary => salary
    other_income => other_income
    інше => other
    комуналка => utilities
    """)

    @Test(arguments: named) func categoryNamedByAPerson(_ row: (String, String)) {
        #expect(EntryParser().category(named: row.0)?.rawValue == row.1, "\(row.0)")
    }

    @Test func unknownCategoryNameIsNil() {
        #expect(EntryParser().category(named: "абракадабра") == nil)
        #expect(EntryParser().category(named: "") == nil)
    }

    @Test func everyBuiltInKeyNamesItself() {
        for key in CategoryKey.builtIn {
            #expect(EntryParser().category(named: key.rawValue) == key)
        }
    }
}
