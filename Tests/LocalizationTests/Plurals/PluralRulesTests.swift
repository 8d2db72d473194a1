import Testing
@testable import Localization

/// The sample lists of CLDR's plurals.xml (`ru uk` and `en`), ranges written out, plus a full
/// table of 0…200 typed by hand: none of it comes from the rules under test.
@Suite struct PluralRulesTests {
    static let slavicOneSamples = [1, 21, 31, 41, 51, 61, 71, 81, 101, 1001]
    static let slavicFewSamples = [
        2, 3, 4, 22, 23, 24, 32, 33, 34, 42, 43, 44, 52, 53, 54, 62, 102, 1002,
    ]
    static let slavicManySamples = [
        0, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 100, 1000, 10000, 100000,
        1000000,
    ]
    /// `@decimal 0.0~1.5, 10.0, 100.0, 1000.0, 10000.0, 100000.0, 1000000.0`, in both groups.
    static let decimalOtherSamples = [
        "0.0", "0.1", "0.2", "0.3", "0.4", "0.5", "0.6", "0.7", "0.8", "0.9", "1.0", "1.1",
        "1.2", "1.3", "1.4", "1.5", "10.0", "100.0", "1000.0", "10000.0", "100000.0",
        "1000000.0",
    ]
    static let englishOtherSamples = [
        0, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 100, 1000, 10000, 100000, 1000000,
    ]

    static let oneTo200: [Int] = [
        1, 21, 31, 41, 51, 61, 71, 81, 91, 101, 121, 131, 141, 151, 161, 171, 181, 191,
    ]
    static let fewTo200: [Int] = [
        2, 3, 4, 22, 23, 24, 32, 33, 34, 42, 43, 44, 52, 53, 54, 62, 63, 64, 72, 73, 74, 82, 83,
        84, 92, 93, 94, 102, 103, 104, 122, 123, 124, 132, 133, 134, 142, 143, 144, 152, 153, 154,
        162, 163, 164, 172, 173, 174, 182, 183, 184, 192, 193, 194,
    ]
    static let manyTo200: [Int] = [
        0, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 25, 26, 27, 28, 29, 30, 35,
        36, 37, 38, 39, 40, 45, 46, 47, 48, 49, 50, 55, 56, 57, 58, 59, 60, 65, 66, 67, 68, 69, 70,
        75, 76, 77, 78, 79, 80, 85, 86, 87, 88, 89, 90, 95, 96, 97, 98, 99, 100, 105, 106, 107,
        108, 109, 110, 111, 112, 113, 114, 115, 116, 117, 118, 119, 120, 125, 126, 127, 128, 129,
        130, 135, 136, 137, 138, 139, 140, 145, 146, 147, 148, 149, 150, 155, 156, 157, 158, 159,
        160, 165, 166, 167, 168, 169, 170, 175, 176, 177, 178, 179, 180, 185, 186, 187, 188, 189,
        190, 195, 196, 197, 198, 199, 200,
    ]

    static func decimal(_ text: String) -> PluralOperands {
        PluralOperands(DecimalNumber(text)!)
    }

    @Test(arguments: [Language.uk, .ru])
    func slavicCLDRSamples(language: Language) {
        for n in Self.slavicOneSamples { #expect(language.pluralCategory(n) == .one, "\(n)") }
        for n in Self.slavicFewSamples { #expect(language.pluralCategory(n) == .few, "\(n)") }
        for n in Self.slavicManySamples { #expect(language.pluralCategory(n) == .many, "\(n)") }
        for text in Self.decimalOtherSamples {
            #expect(language.pluralCategory(Self.decimal(text)) == .other, "\(text)")
        }
    }

    @Test func englishCLDRSamples() {
        #expect(Language.en.pluralCategory(1) == .one)
        for n in Self.englishOtherSamples { #expect(Language.en.pluralCategory(n) == .other, "\(n)") }
        for text in Self.decimalOtherSamples {
            #expect(Language.en.pluralCategory(Self.decimal(text)) == .other, "\(text)")
        }
    }

    @Test(arguments: [Language.uk, .ru])
    func slavicEveryIntegerTo200(language: Language) {
        let all = Set(Self.oneTo200 + Self.fewTo200 + Self.manyTo200)
        #expect(all == Set(0...200))
        #expect(Self.oneTo200.count + Self.fewTo200.count + Self.manyTo200.count == 201)
        for n in Self.oneTo200 { #expect(language.pluralCategory(n) == .one, "\(n)") }
        for n in Self.fewTo200 { #expect(language.pluralCategory(n) == .few, "\(n)") }
        for n in Self.manyTo200 { #expect(language.pluralCategory(n) == .many, "\(n)") }
    }

    @Test func englishEveryIntegerTo200() {
        for n in 0...200 { #expect(Language.en.pluralCategory(n) == (n == 1 ? .one : .other), "\(n)") }
    }

    @Test(arguments: ["0,5", "1,5", "2,5", "5,5", "21,0", "1,0", "11,5", "0,25", "-1,5"])
    func slavicFractionsAreOther(text: String) {
        #expect(Language.uk.pluralCategory(Self.decimal(text)) == .other)
        #expect(Language.ru.pluralCategory(Self.decimal(text)) == .other)
    }

    @Test func englishOneNeedsNoVisibleFraction() {
        #expect(Language.en.pluralCategory(Self.decimal("1.0")) == .other)
        #expect(Language.en.pluralCategory(Self.decimal("1")) == .one)
        #expect(Language.en.pluralCategory(Self.decimal("-1")) == .one)
    }

    @Test func negativesUseTheirMagnitude() {
        #expect(Language.uk.pluralCategory(-1) == .one)
        #expect(Language.uk.pluralCategory(-22) == .few)
        #expect(Language.ru.pluralCategory(-11) == .many)
    }

    @Test func operandsOfDecimals() {
        let a = Self.decimal("1.50")
        #expect((a.i, a.v, a.f, a.t) == (1, 2, 50, 5))
        let b = Self.decimal("21,0")
        #expect((b.i, b.v, b.f, b.t) == (21, 1, 0, 0))
        let c = PluralOperands(1234)
        #expect((c.i, c.v, c.f, c.t) == (1234, 0, 0, 0))
    }

    @Test(arguments: ["", "1.", ".5", "1,2,3", "a", "1.5x", "--1", "1 000"])
    func malformedDecimalsAreRejected(text: String) {
        #expect(DecimalNumber(text) == nil)
    }
}
