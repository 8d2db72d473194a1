import Foundation
import KopiykaTestSupport
import Testing

@testable import kopiyka

/// The usage text is the list of what runs: every command and benchmark suite the real
/// binary's help names is one it runs, and every one it runs is named.
@Suite struct CommandLineTests {
    let folder = TemporaryDirectory("command-line")
    var kopiyka: KopiykaProcess { KopiykaProcess(environment: [:], workingDirectory: folder.url) }

    /// The commands the usage lists: the first word of each line indented by two spaces.
    func listedCommands(_ usage: String) -> [String] {
        usage.split(separator: "\n").compactMap { line in
            guard line.hasPrefix("  "), !line.hasPrefix("   ") else { return nil }
            return line.split(separator: " ").first.map(String.init)
        }
    }

    @Test func everyListedCommandRunsAndEveryCommandIsListed() throws {
        let help = try kopiyka.run(["--help"])
        #expect(help.status == 0)
        let listed = listedCommands(help.stdout)
        #expect(listed == CommandLineInterface.commands.map(\.name))
        for name in listed where name != "help" {
            let outcome = try kopiyka.run([name, "--no-such-option"])
            #expect(outcome.status == 64, "\(name)")
            #expect(outcome.stderr.contains("\(name): unexpected argument --no-such-option"), "\(outcome.stderr)")
            #expect(outcome.stderr.contains("usage: kopiyka \(name)"), "\(outcome.stderr)")
        }
        let unknown = try kopiyka.run(["no-such-command"])
        #expect(unknown.status == 64)
        #expect(unknown.stderr.contains("unknown command no-such-command"))
    }

    /// The suites in `bench [a|b|…]` are the ones `kopiyka bench` knows when refusing one.
    @Test func theHelpListsEveryBenchmarkSuite() throws {
        let help = try kopiyka.run(["help"]).stdout
        let line = try #require(help.split(separator: "\n").first { $0.hasPrefix("  bench ") })
        let brackets = try #require(line.firstRange(of: "[")?.upperBound)
        let closing = try #require(line[brackets...].firstIndex(of: "]"))
        let listed = line[brackets..<closing].split(separator: "|").map(String.init)
        let refused = try kopiyka.run(["bench", "no-such-suite"])
        #expect(refused.status == 64)
        let known = try #require(refused.stderr.firstRange(of: "known: ").map { refused.stderr[$0.upperBound...] })
        #expect(listed == known.prefix { $0 != "\n" }.split(separator: ", ").map(String.init))
        #expect(listed.count == BenchCommand.Suite.allCases.count)
    }

    @Test func optionsAreReadOneWay() throws {
        #expect(try kopiyka.run(["parse", "--today"]).stderr.contains("parse: --today needs a value"))
        #expect(try kopiyka.run(["restore"]).stderr.contains("restore: missing argument"))
        #expect(try kopiyka.run(["backup", "a", "b"]).stderr.contains("backup: unexpected argument b"))
        #expect(try kopiyka.run(["bench", "--entries", "0"]).stderr.contains("bench: --entries takes a whole number above 0, not 0"))
    }
}
