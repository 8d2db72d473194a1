import KopiykaCore
import Testing
@testable import Localization

@Suite struct MessageTests {
    static let expensesUk = "{count, plural, one {# витрата} few {# витрати} many {# витрат} other {# витрати}}"

    @Test func plainTextAndPlaceholders() throws {
        let message = try Message("Привіт, {name}! Сьогодні {day}.")
        #expect(message.render(.uk, ["name": "Оля", "day": .text("середа")]) == "Привіт, Оля! Сьогодні середа.")
    }

    @Test func textIsInsertedVerbatim() throws {
        let message = try Message("<b>{name}</b>")
        #expect(message.render(.en, ["name": "<Tom & Jerry>"]) == "<b><Tom & Jerry></b>")
    }

    @Test func numbersAndMoneyInPlainPlaceholders() throws {
        let message = try Message("{n} · {d} · {m}")
        let args: [String: MessageArgument] = [
            "n": 12345, "d": .decimal(DecimalNumber(15, fractionDigits: 1)),
            "m": .money(Money(minorUnits: 8500, currency: .uah)),
        ]
        #expect(message.render(.uk, args) == "12\u{00A0}345 · 1,5 · 85\u{00A0}₴")
        #expect(message.render(.en, args) == "12,345 · 1.5 · ₴85")
    }

    @Test(arguments: [
        (1, "1 витрата"), (2, "2 витрати"), (4, "4 витрати"), (5, "5 витрат"), (11, "11 витрат"),
        (12, "12 витрат"), (21, "21 витрата"), (22, "22 витрати"), (25, "25 витрат"),
        (111, "111 витрат"), (0, "0 витрат"), (1001, "1\u{00A0}001 витрата"),
    ])
    func ukrainianPlural(count: Int, expected: String) throws {
        #expect(try Message(Self.expensesUk).render(.uk, ["count": .number(count)]) == expected)
    }

    @Test func decimalCountTakesOtherAndIsWrittenWithAComma() throws {
        let args: [String: MessageArgument] = ["count": .decimal(DecimalNumber("1.5")!)]
        #expect(try Message(Self.expensesUk).render(.uk, args) == "1,5 витрати")
        let en = try Message("{count, plural, one {# expense} other {# expenses}}")
        #expect(en.render(.en, args) == "1.5 expenses")
        #expect(en.render(.en, ["count": 1]) == "1 expense")
    }

    @Test func exactBranchWinsOverCategory() throws {
        let message = try Message("{n, plural, =0 {нічого} =1 {рівно одна} one {# одна} other {# інших}}")
        #expect(message.render(.uk, ["n": 0]) == "нічого")
        #expect(message.render(.uk, ["n": 1]) == "рівно одна")
        #expect(message.render(.uk, ["n": 21]) == "21 одна")
        #expect(message.render(.uk, ["n": .decimal(DecimalNumber("1.0")!)]) == "рівно одна")
        #expect(message.render(.uk, ["n": 7]) == "7 інших")
    }

    @Test func moneyCountsAsItsShownNumber() throws {
        let message = try Message("{sum, plural, one {# гривня} few {# гривні} other {# гривень}}")
        #expect(message.render(.uk, ["sum": .money(Money(major: 21, currency: .uah))]) == "21 гривня")
        #expect(message.render(.uk, ["sum": .money(Money(minorUnits: 250, currency: .uah))]) == "2,50 гривень")
    }

    @Test func selectWithNestedPluralAndPound() throws {
        let message = try Message(
            "{who, select, self {Ви додали {n, plural, one {# запис} other {# записів}}} other {{who} додав(ла) #}}")
        #expect(message.render(.uk, ["who": "self", "n": 1]) == "Ви додали 1 запис")
        #expect(message.render(.uk, ["who": "Оля", "n": 3]) == "Оля додав(ла) #")
    }

    @Test func poundInsideSelectInsidePluralIsTheCount() throws {
        let message = try Message("{n, plural, other {{g, select, f {# нових} other {# нові}}}}")
        #expect(message.render(.uk, ["n": 5, "g": "f"]) == "5 нових")
    }

    @Test func apostrophesQuoteLikeICU() throws {
        #expect(try Message("don't '{'x'}' it''s").render(.en) == "don't {x} it's")
        #expect(try Message("Звʼязок — '#'1").render(.uk) == "Звʼязок — '#'1")
        #expect(try Message("{n, plural, other {'#' #}}").render(.en, ["n": 2]) == "# 2")
    }

    @Test func missingArgumentsShowTheirNameAndPickOther() throws {
        #expect(try Message("Hi {name}").render(.en) == "Hi {name}")
        #expect(try Message("{n, plural, one {# one} other {# many}}").render(.en) == "{n} many")
    }

    @Test func placeholdersAndPluralBranchesAreReported() throws {
        let message = try Message("{a} {b, select, x {{c, plural, one {#} other {#}}} other {}}")
        #expect(message.placeholders == [
            .init(name: "a", kind: .plain), .init(name: "b", kind: .select), .init(name: "c", kind: .plural),
        ])
        #expect(message.pluralBranches.map(\.argument) == ["c"])
        #expect(message.pluralBranches.first?.categories == [.one, .other])
    }

    @Test(arguments: [
        ("{count", "unclosed '{' opened at character 0", 6),
        ("a }", "unmatched '}'", 2),
        ("{n, plural, one {x} other {y}", "unclosed '{' opened at character 0", 29),
        ("{n, plural, one {x} other {y", "unclosed '{' opened at character 26", 28),
        ("{}", "expected an argument name after '{'", 1),
        ("{n, number}", "unsupported argument type 'number' (only plural and select)", 10),
        ("{n, plural, one {x}}", "missing the 'other' branch", 0),
        ("{n, select, a {x}}", "missing the 'other' branch", 0),
        ("{n, plural, single {x} other {y}}", "unknown plural category 'single'", 12),
        ("{n, plural, one {x} one {y} other {z}}", "duplicate selector 'one'", 20),
        ("{n, plural, one x other {y}}", "expected '{' after selector 'one'", 16),
        ("'{oops", "unclosed quote", 0),
    ])
    func parseErrors(pattern: String, reason: String, offset: Int) {
        #expect(throws: MessageFormatError(reason: reason, offset: offset)) { try Message(pattern) }
    }
}
