import Foundation
import Testing
@testable import Localization

@Suite struct CatalogLoadingTests {
    /// A fresh directory with the given files, removed by the caller.
    static func directory(_ files: [String: String]) throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("kopiyka-locales-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        for (name, text) in files {
            try Data(text.utf8).write(to: url.appendingPathComponent(name))
        }
        return url
    }

    static let valid = #"{"hello": "Hi {name}"}"#

    @Test func loadsAllThreeFiles() throws {
        let url = try Self.directory([
            "uk.json": #"{"hello": "Привіт, {name}"}"#, "ru.json": #"{"hello": "Привет, {name}"}"#,
            "en.json": Self.valid,
        ])
        defer { try? FileManager.default.removeItem(at: url) }
        let catalog = try Catalog(directory: url)
        #expect(catalog[.ru]("hello", ["name": "Оля"]) == "Привет, Оля")
        #expect(catalog.keys(in: .uk) == ["hello"])
    }

    @Test func badJSONNamesTheFile() throws {
        let url = try Self.directory(["uk.json": "{\"hello\": ", "ru.json": Self.valid, "en.json": Self.valid])
        defer { try? FileManager.default.removeItem(at: url) }
        let error = #expect(throws: LocalizationError.self) { try Catalog(directory: url) }
        guard case .invalidJSON(let path, _) = error else { Issue.record("\(String(describing: error))"); return }
        #expect(path.hasSuffix("/uk.json"))
    }

    @Test func badMessageNamesTheFileAndKey() throws {
        let url = try Self.directory([
            "uk.json": Self.valid, "en.json": Self.valid,
            "ru.json": #"{"hello": "Hi", "count.days": "{count, plural, one {# день} other {# дня}"}"#,
        ])
        defer { try? FileManager.default.removeItem(at: url) }
        let error = #expect(throws: LocalizationError.self) { try Catalog(directory: url) }
        guard case .invalidMessage(let path, let key, let reason) = error else {
            Issue.record("\(String(describing: error))"); return
        }
        #expect(path.hasSuffix("/ru.json"))
        #expect(key == "count.days")
        #expect(reason.reason == "unclosed '{' opened at character 0")
        #expect(error?.description.contains("ru.json: key 'count.days': at character") == true)
    }

    @Test func nonStringValueNamesTheKey() throws {
        let url = try Self.directory(["uk.json": Self.valid, "ru.json": Self.valid, "en.json": #"{"n": 5}"#])
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(throws: LocalizationError.notAString(path: url.appendingPathComponent("en.json").path, key: "n")) {
            try Catalog(directory: url)
        }
    }

    @Test func missingFileIsAnError() throws {
        let url = try Self.directory(["uk.json": Self.valid, "en.json": Self.valid])
        defer { try? FileManager.default.removeItem(at: url) }
        let error = #expect(throws: LocalizationError.self) { try Catalog(directory: url) }
        guard case .unreadableFile(let path, _) = error else { Issue.record("\(String(describing: error))"); return }
        #expect(path.hasSuffix("/ru.json"))
    }

    @Test func candidatesInOrder() {
        let candidates = Catalog.localeCandidates(
            environment: ["KOPIYKA_LOCALES": "/etc/kopiyka/Locales"],
            executable: URL(fileURLWithPath: "/opt/kopiyka/bin/kopiyka"),
            workingDirectory: URL(fileURLWithPath: "/srv/bot"),
            sourceFile: "/home/me/kopiyka/Sources/Localization/Catalog/LocalesLocation.swift")
        #expect(candidates.map(\.path) == [
            "/etc/kopiyka/Locales", "/opt/kopiyka/share/kopiyka/Locales", "/opt/kopiyka/bin/Locales",
            "/srv/bot/Locales", "/home/me/kopiyka/Locales",
        ])
    }

    @Test func emptyVariableIsSkipped() {
        let candidates = Catalog.localeCandidates(
            environment: ["KOPIYKA_LOCALES": ""], executable: nil,
            workingDirectory: URL(fileURLWithPath: "/srv/bot"), sourceFile: "/x/Sources/A/B.swift")
        #expect(candidates.map(\.path) == ["/srv/bot/Locales", "/x/Locales"])
    }

    @Test func firstDirectoryWithEnglishWins() throws {
        let empty = try Self.directory([:])
        let full = try Self.directory(["en.json": Self.valid])
        defer { for url in [empty, full] { try? FileManager.default.removeItem(at: url) } }
        #expect(try Catalog.firstExisting([empty, full]) == full)
    }

    @Test func nothingFoundListsEveryPlaceTried() {
        let places = [URL(fileURLWithPath: "/nonexistent/a"), URL(fileURLWithPath: "/nonexistent/b")]
        #expect(throws: LocalizationError.localesNotFound(tried: ["/nonexistent/a", "/nonexistent/b"])) {
            try Catalog.firstExisting(places)
        }
        let text = LocalizationError.localesNotFound(tried: ["/nonexistent/a"]).description
        #expect(text.contains("/nonexistent/a"))
    }

    @Test func locateFindsTheRepositoryLocales() throws {
        let url = try Catalog.locate()
        #expect(url.lastPathComponent == "Locales")
        #expect(FileManager.default.fileExists(atPath: url.appendingPathComponent("uk.json").path))
    }
}
