// swift-tools-version:6.0
// Linux: the bot reads /proc and the tz database and calls glibc directly.
import PackageDescription

#if canImport(Glibc)
import Glibc
#endif

// The folder tree is the architecture: an update comes in through `TelegramClient` (or the
// offline console), `EntryParsing` turns its text into entries, `Ledger` stores them in SQLite,
// and `Conversation` decides what to answer, in words from `Localization`.
let package = Package(
    name: "Kopiyka",
    products: [
        .executable(name: "kopiyka", targets: ["kopiyka"]),
    ],
    targets: [
        // System libraries, found through pkg-config; the Makefile installs their -dev packages.
        .systemLibrary(
            name: "CSQLite", pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]),
        .systemLibrary(
            name: "CCurl", pkgConfig: "libcurl",
            providers: [.apt(["libcurl4-openssl-dev"]), .brew(["curl"])]),
        // zlib's inflate, for the XLSX statements banks export (a ZIP of XML parts).
        .systemLibrary(
            name: "CZlib", pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]),
        // OpenSSL's libcrypto (already linked by libcurl): AES-256-GCM for secrets kept at rest.
        .systemLibrary(
            name: "CCrypto", pkgConfig: "libcrypto",
            providers: [.apt(["libssl-dev"]), .brew(["openssl"])]),
        // glibc's malloc tuning (`mallopt`), which the Glibc module does not export.
        .systemLibrary(name: "CMalloc"),

        // Plain values shared by every layer: money, dates, category and account keys.
        .target(name: "KopiykaCore"),
        // Text → entries. Pure functions over word tables; no I/O.
        .target(name: "EntryParsing", dependencies: ["KopiykaCore", "Recurring"]),
        // Banks' own records: statement files read into facts, and facts matched with typed entries.
        // Pure functions over bytes and values; no I/O.
        .target(name: "Banking", dependencies: ["KopiykaCore", "CZlib"]),
        // Charts as PNG pictures: a small rasterizer, a bitmap font for numbers, zlib for the file.
        // Pure functions from values to bytes; no I/O.
        .target(name: "Charts", dependencies: ["KopiykaCore", "CZlib"]),
        // Payments that come back: schedules, their next dates, subscriptions found in history.
        // Plain values; no I/O.
        .target(name: "Recurring", dependencies: ["KopiykaCore"]),
        // Locales/*.json, ICU plural rules, money as each language writes it.
        .target(name: "Localization", dependencies: ["KopiykaCore"]),
        // A small, strict wrapper over the system SQLite.
        .target(name: "SQLite", dependencies: ["CSQLite"]),
        // Households, members, accounts and entries on SQLite, with migrations.
        .target(name: "Ledger", dependencies: ["KopiykaCore", "SQLite", "Banking", "CCrypto", "Recurring"]),
        // libcurl HTTP, Bot API types, the long poller and the outbox sender.
        .target(name: "TelegramClient", dependencies: ["CCurl", "KopiykaCore"]),
        // Monobank's personal API: the client (statements as bank facts) and the poll planner that
        // keeps to its limits. Talks HTTP only through TelegramClient's `HTTPClient`.
        .target(name: "Monobank", dependencies: ["KopiykaCore", "Banking", "TelegramClient"]),
        // Monthly reports and budgets: plain values built from month totals, then rendered.
        .target(name: "Reports", dependencies: ["KopiykaCore", "Ledger", "Localization", "Recurring"]),
        // What the bot says to a message: parse → ledger → localized reply.
        .target(
            name: "Conversation",
            dependencies: ["KopiykaCore", "EntryParsing", "Localization", "Ledger", "Reports", "Banking", "Charts", "Recurring"]),
        // Figures for `kopiyka bench`: printed, never asserted.
        .target(
            name: "Benchmarks",
            dependencies: ["KopiykaCore", "Ledger", "Reports", "Localization", "Banking", "Conversation", "Charts"]),
        // The running bot: updates from the poller into the conversation, the outbox out to
        // Telegram with pacing, start-up and shutdown.
        .target(
            name: "TelegramBot",
            dependencies: ["TelegramClient", "Conversation", "Ledger", "KopiykaCore", "Localization", "Monobank", "Banking"]),
        .executableTarget(
            name: "kopiyka",
            dependencies: [
                "CMalloc", "KopiykaCore", "EntryParsing", "Localization", "SQLite", "Ledger", "Banking",
                "TelegramClient", "TelegramBot", "Conversation", "Reports", "Benchmarks",
            ],
            linkerSettings: releaseLinking),

        // Helpers every test speaks: temp databases, fixed clocks, the fake Bot API.
        .target(
            name: "KopiykaTestSupport",
            dependencies: [
                "KopiykaCore", "SQLite", "Ledger", "Localization", "TelegramClient", "TelegramBot", "Conversation", "CZlib",
                "Recurring",
            ],
            path: "Tests/KopiykaTestSupport"),
        // `make bench`: the release binary against the fake Bot API; figures printed, never asserted.
        .executableTarget(name: "telegram-bench", dependencies: ["KopiykaTestSupport"], path: "Tests/TelegramBench"),
        .testTarget(name: "KopiykaCoreTests", dependencies: ["KopiykaCore"]),
        .testTarget(
            name: "EntryParsingTests", dependencies: ["EntryParsing", "KopiykaCore", "KopiykaTestSupport", "Recurring", "CCrypto"],
            resources: [.copy("Fixtures")]),
        .testTarget(
            name: "LocalizationTests",
            dependencies: ["Localization", "KopiykaCore", "KopiykaTestSupport"]),
        .testTarget(
            name: "ReportsTests",
            dependencies: ["Reports", "Ledger", "KopiykaCore", "Localization", "KopiykaTestSupport"]),
        .testTarget(
            name: "BankingTests",
            dependencies: ["Banking", "CZlib", "KopiykaCore", "KopiykaTestSupport"],
            resources: [.copy("Fixtures")]),
        .testTarget(
            name: "MonobankTests",
            dependencies: ["Monobank", "Banking", "TelegramClient", "KopiykaCore", "KopiykaTestSupport"]),
        .testTarget(name: "RecurringTests", dependencies: ["Recurring", "KopiykaCore"]),
        .testTarget(name: "ChartsTests", dependencies: ["Charts", "KopiykaCore", "KopiykaTestSupport"]),
        .testTarget(name: "SQLiteTests", dependencies: ["SQLite", "KopiykaTestSupport"]),
        .testTarget(name: "LedgerTests", dependencies: ["Ledger", "KopiykaCore", "KopiykaTestSupport"]),
        .testTarget(
            name: "TelegramClientTests",
            dependencies: ["TelegramClient", "KopiykaCore", "KopiykaTestSupport"],
            resources: [.copy("Fixtures")]),
        .testTarget(
            name: "TelegramBotTests",
            dependencies: ["TelegramBot", "TelegramClient", "Conversation", "Ledger", "KopiykaCore", "KopiykaTestSupport"]),
        .testTarget(
            name: "ConversationTests",
            dependencies: ["Conversation", "Ledger", "Localization", "Banking", "KopiykaTestSupport"],
            resources: [.copy("Fixtures")]),
        .testTarget(
            name: "KopiykaTests",
            dependencies: [
                "kopiyka", "KopiykaTestSupport", "KopiykaCore", "Ledger", "SQLite", "TelegramBot", "Conversation",
            ]),
    ],
    swiftLanguageModes: [.v6]
)

// A file sees only the members of the modules it imports, not of whatever else is linked in:
// three types named `Message` live in the graph, and a file names the one it means.
for target in package.targets where target.type != .system {
    target.swiftSettings = (target.swiftSettings ?? []) + [.enableUpcomingFeature("MemberImportVisibility")]
}

/// How the release binary is linked, for its memory (telegram-bench's peak RSS in brackets):
/// - its own symbols not exported: the static standard library's link arguments export them
///   all (`-export-dynamic`), 5,250 entries that every library's symbol lookup at start-up
///   goes through and nothing looks up (-0.5 MB);
/// - its ~42,000 relative relocations packed (DT_RELR, 8 KB) instead of a 1 MB `.rela.dyn`
///   that the loader reads at start-up and that stays resident (-0.9 MB). Needs lld (shipped
///   with the toolchain) and a glibc of 2.36 or later to load the binary, so only when the
///   glibc building it, which `make run` and deploy/ run it on, is one.
var releaseLinking: [LinkerSetting] {
    var flags = ["-Xlinker", "--no-export-dynamic"]
    #if canImport(Glibc)
    var name = [CChar](repeating: 0, count: 64)  // "glibc 2.36"
    if confstr(Int32(_CS_GNU_LIBC_VERSION), &name, name.count) > 0 {
        let text = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let version = text.split(separator: " ").last?.split(separator: ".").compactMap { Int($0) } ?? []
        if version.count >= 2, (version[0], version[1]) >= (2, 36) {
            flags += ["-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs"]
        }
    }
    #endif
    return [.unsafeFlags(flags, .when(platforms: [.linux], configuration: .release))]
}
