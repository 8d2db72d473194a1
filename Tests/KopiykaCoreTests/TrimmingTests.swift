import KopiykaCore
import Testing

@Suite struct TrimmingTests {
    @Test func trimsWhitespaceAndNewlinesAtBothEnds() {
        #expect("  кава 85 \n".trimmed == "кава 85")
        #expect("\t\n ".trimmed == "")
        #expect("a b".trimmed == "a b")
        #expect(" x "[...].trimmed == "x")
    }

    @Test func trimsWhatThePredicateMatches() {
        #expect("видалити!".trimming(while: \.isPunctuation) == "видалити")
        #expect("«del»".trimming(while: \.isPunctuation) == "del")
    }
}
