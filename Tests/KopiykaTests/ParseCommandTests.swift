import Foundation
import KopiykaTestSupport
import Testing

/// `kopiyka parse` is a public contract: these are its exact bytes.
@Suite struct ParseCommandTests {
    let folder = TemporaryDirectory("parse")
    var kopiyka: KopiykaProcess { KopiykaProcess(environment: [:], workingDirectory: folder.url) }

    @Test func printsOneJSONObjectPerLine() throws {
        let outcome = try kopiyka.run(["parse", "--today", "2026-11-21"],
                                      stdin: "кава 85 грн картка\nпривіт\n+30000 зарплата\n")
        #expect(outcome.status == 0)
        let lines = outcome.stdout.split(separator: "\n").map(String.init)
        #expect(lines == [
            #"{"text": "кава 85 грн картка", "entries": [{"kind": "expense", "amount": "85.00", "currency": "UAH", "category": "cafe", "account": "card", "date": "2026-11-21", "note": "кава"}], "ask": null, "error": null, "kind": "entry"}"#,
            #"{"text": "привіт", "entries": [], "ask": null, "error": "no_amount", "kind": "chatter"}"#,
            #"{"text": "+30000 зарплата", "entries": [{"kind": "income", "amount": "30000.00", "currency": "UAH", "category": "salary", "account": null, "date": "2026-11-21", "note": "зарплата"}], "ask": null, "error": null, "kind": "entry"}"#,
        ])
    }

    @Test func everyLineIsValidJSON() throws {
        let outcome = try kopiyka.run(["parse", "--today", "2026-11-21"],
                                      stdin: "таксі 120 вчора\n\"лапки\" 5 \\ \t\n$20 netflix\n\n")
        for line in outcome.stdout.split(separator: "\n") {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            #expect(object?["text"] is String)
            #expect(object?["entries"] is [Any])
        }
        #expect(outcome.stdout.contains(#""date": "2026-11-20""#))
        #expect(outcome.stdout.contains(#""currency": "USD""#))
    }

    @Test func refusalsNameTheirReason() throws {
        let outcome = try kopiyka.run(["parse", "--today", "2026-11-21"],
                                      stdin: "кава 85 01.01.0001\nкава 18 446 744 073 709 551 701\nхліб і молоко 78\n")
        #expect(outcome.status == 0)
        #expect(outcome.stdout.split(separator: "\n").map(String.init) == [
            #"{"text": "кава 85 01.01.0001", "entries": [], "ask": null, "error": "date_out_of_range", "kind": "entry"}"#,
            #"{"text": "кава 18 446 744 073 709 551 701", "entries": [], "ask": null, "error": "amount_too_large", "kind": "entry"}"#,
            #"{"text": "хліб і молоко 78", "entries": [{"kind": "expense", "amount": "78.00", "currency": "UAH", "category": "groceries", "account": null, "date": "2026-11-21", "note": "хліб і молоко"}], "ask": null, "error": null, "kind": "entry"}"#,
        ])
    }

    /// The README's own example: two plausible amounts are asked in a private chat, never stored
    /// as the likeliest reading, and a tool can tell that from the line.
    @Test func twoPlausibleAmountsShowTheQuestion() throws {
        let outcome = try kopiyka.run(["parse", "--today", "2026-11-21"], stdin: "обід 250 300\nквиток 50 EUR 2200 грн\n")
        let lines = outcome.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        #expect(lines.first?.contains(#""ask": [{"amount": "250.00", "currency": "UAH"}, {"amount": "300.00", "currency": "UAH"}, {"amount": "250300.00", "currency": "UAH"}], "error": null, "kind": "entry"}"#) == true)
        #expect(lines.last?.contains(#""ask": [{"amount": "50.00", "currency": "EUR"}, {"amount": "2200.00", "currency": "UAH"}]"#) == true)
    }

    /// A tool tells recorded from asked from ignored, and why nothing was recorded.
    @Test func eachLineSaysWhatTheMessageIs() throws {
        let outcome = try kopiyka.run(["parse", "--today", "2026-11-21"], stdin: """
            купи 3 батони
            скільки вийде 320 + 145?
            скільки витратили на кафе цього місяця?
            зарплата буде 30 000
            на моно лишилось 1 200
            доброго ранку
            обід 250 300

            """)
        let kinds = outcome.stdout.split(separator: "\n").map { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["kind"] as? String
        }
        #expect(kinds == ["request", "question", "question", "plan", "state", "chatter", "entry"])
        #expect(outcome.stdout.split(separator: "\n").last?.contains(#""ask": [{"amount": "250.00""#) == true)
    }

    @Test func aBadDateIsAUsageError() throws {
        let outcome = try kopiyka.run(["parse", "--today", "21.11.2026"])
        #expect(outcome.status == 64)
        #expect(outcome.stderr.contains("YYYY-MM-DD"))
    }
}
