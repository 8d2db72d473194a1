import Testing
@testable import Localization

@Suite struct LanguageTests {
    @Test(arguments: [
        ("uk", Language.uk), ("uk-UA", .uk), ("UK", .uk), ("uk_UA", .uk),
        ("ru", .ru), ("ru-RU", .ru), ("RU-ua", .ru),
        ("en", .en), ("en-GB", .en), ("pl", .en), ("be", .en), ("", .en), ("ukr", .en),
    ])
    func telegramCode(code: String, expected: Language) {
        #expect(Language(telegramCode: code) == expected)
    }

    @Test func missingTelegramCodeIsEnglish() {
        #expect(Language(telegramCode: nil) == .en)
    }
}
