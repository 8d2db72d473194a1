import KopiykaCore
import Testing

@Suite struct HTMLEscapingTests {
    @Test func onlyTheFourCharactersTelegramKnowsAreEscaped() {
        #expect("кава 85 ₴".htmlEscaped == "кава 85 ₴")
        #expect("fish & chips <3 \"x\" > y".htmlEscaped == "fish &amp; chips &lt;3 &quot;x&quot; &gt; y")
        #expect("a&b".dropFirst().htmlEscaped == "&amp;b")
        #expect("'ʼ’ e\u{301}".htmlEscaped == "'ʼ’ e\u{301}")
        #expect("".htmlEscaped == "")
    }
}
