import Foundation
import Testing

@testable import JSON

/// The reader's own contract; what the Bot API, the outbox and the NBU read with it is proved
/// against `JSONDecoder` in their modules' tests.
@Suite struct JSONReaderTests {
    private func reading<T>(_ json: String, _ body: (inout JSONReader) -> T?) -> T? {
        JSONReader.read(Array(json.utf8), body)
    }

    @Test func numbersKeepTheirTextAndFollowTheGrammar() {
        for text in ["0", "-0", "41.2345", "1.05E-4", "2e+3", "-12.5e7", "9999999999999999999999"] {
            #expect(reading(text) { $0.number() } == text)
        }
        for text in ["01", "1.", ".5", "+1", "-", "1e", "1e+", "--1", "0x10", "1.2.3"] {
            #expect(reading(text) { $0.number() } == nil, "\(text)")
        }
        #expect(reading("-9223372036854775807") { $0.int64() } == -9_223_372_036_854_775_807)
        #expect(reading("9223372036854775808") { $0.int64() } == nil)
        #expect(reading("1.0") { $0.int64() } == nil)
    }

    @Test func stringsUndoTheirEscapesAndRefuseWhatIsNotText() {
        #expect(reading(#""кава \"85\"\n\u0441\ud83d\ude00 \/""#) { $0.string() } == "кава \"85\"\nс😀 /")
        for bad in [#""\ud83d""#, #""\x""#, "\"a\u{1}\"", #""open"#] {
            #expect(reading(bad) { $0.string() } == nil, "\(bad)")
        }
        #expect(JSONReader.read([0x22, 0xC0, 0xAF, 0x22]) { $0.string() } == nil)
    }

    /// `object` compares keys as bytes and leaves an escaped one to its caller's fallback;
    /// stepping over a value takes any JSON.
    @Test func anEscapedKeyIsReadOnlyWhenSkipped() {
        let json = #"{"a\u0062":[1,{"x\"y":null}],"c":"d"}"#
        #expect(reading(json) { $0.object { reader, _ in reader.skipValue() } ? true : nil } == nil)
        #expect(reading(json) { $0.skipValue() ? true : nil } == true)
        #expect(JSONReader.isWellFormed(Array(json.utf8), maxDepth: 3))
        #expect(!JSONReader.isWellFormed(Array(json.utf8), maxDepth: 2))
    }

    @Test func kindsAndTheRestOfTheInput() {
        var kinds: [JSONReader.Kind?] = []
        _ = reading(#"[{}, [], "s", 1, true, null]"#) { reader in
            reader.array { element in
                kinds.append(element.nextKind())
                return element.skipValue()
            } ? true : nil
        }
        #expect(kinds == [.object, .array, .string, .number, .bool, .null])
        #expect(reading("true false") { $0.bool() } == nil, "what is left unread fails the read")
        #expect(!JSONReader.isWellFormed(Array("[1,]".utf8), maxDepth: 4))
        #expect(!JSONReader.isWellFormed(Array("{\"a\" 1}".utf8), maxDepth: 4))
        #expect(JSONReader.isWellFormed(Array(" {\"a\" : [ 1 , 2.5e3 , null ] } ".utf8), maxDepth: 4))
    }

    @Test func utf8IsCheckedAsTheStandardLibraryChecksIt() {
        var generator = SystemRandomNumberGenerator()
        let interesting: [UInt8] = [0x00, 0x41, 0x7F, 0x80, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xED, 0xEF, 0xF0, 0xF4, 0xF5, 0xFF, 0x9F, 0xA0]
        for _ in 0..<20_000 {
            let bytes = (0..<Int.random(in: 0...6, using: &generator)).map { _ in
                Bool.random(using: &generator) ? interesting.randomElement(using: &generator)! : UInt8.random(in: 0...255, using: &generator)
            }
            let expected = String(validating: bytes, as: UTF8.self) != nil
            #expect(bytes.withUnsafeBufferPointer(UTF8Check.isValid) == expected, "\(bytes)")
        }
    }
}
