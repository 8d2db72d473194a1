import Testing
@testable import Localization

@Suite struct NumberFormatTests {
    @Test(arguments: [
        (0, "0", "0"), (7, "7", "7"), (999, "999", "999"),
        (1234, "1\u{00A0}234", "1,234"), (12345, "12\u{00A0}345", "12,345"),
        (1_000_000, "1\u{00A0}000\u{00A0}000", "1,000,000"), (-4321, "-4\u{00A0}321", "-4,321"),
    ])
    func integers(value: Int, slavic: String, english: String) {
        #expect(NumberFormat(.uk).string(value) == slavic)
        #expect(NumberFormat(.ru).string(value) == slavic)
        #expect(NumberFormat(.en).string(value) == english)
    }

    @Test(arguments: [
        ("1.5", "1,5", "1.5"), ("0.05", "0,05", "0.05"), ("21.0", "21,0", "21.0"),
        ("12345.25", "12\u{00A0}345,25", "12,345.25"), ("-0.5", "-0,5", "-0.5"),
    ])
    func decimals(text: String, slavic: String, english: String) {
        let value = DecimalNumber(text)!
        #expect(NumberFormat(.uk).string(value) == slavic)
        #expect(NumberFormat(.ru).string(value) == slavic)
        #expect(NumberFormat(.en).string(value) == english)
    }

    @Test func slavicGroupingIsANoBreakSpace() {
        #expect(Array(NumberFormat(.uk).string(12345).unicodeScalars.map(\.value))
            == [0x31, 0x32, 0xA0, 0x33, 0x34, 0x35])
    }
}
