import Foundation
import KopiykaTestSupport
import Testing

/// `kopiyka serve`, as systemd and Docker start it: without a token it must fail loudly with
/// 78 (which the unit does not restart on), never fall back to a console that reads an empty
/// stdin and exits 0.
@Suite struct ServeCommandTests {
    let folder = TemporaryDirectory("serve")

    func serve(_ environment: [String: String], envFile: String? = nil) throws -> KopiykaProcess.Outcome {
        if let envFile { try Data(envFile.utf8).write(to: URL(fileURLWithPath: folder.path("bot.env"))) }
        var settings = environment
        settings["DATABASE_PATH"] = folder.path("k.sqlite")
        return try KopiykaProcess(environment: settings, workingDirectory: folder.url).run(["serve"])
    }

    @Test(arguments: [nil, "", "   "])
    func aMissingOrEmptyTokenExits78WithOneClearLine(token: String?) throws {
        let outcome = try serve(token.map { ["BOT_TOKEN": $0] } ?? [:])
        #expect(outcome.status == 78)
        #expect(outcome.stderr.contains("BOT_TOKEN is missing or empty"))
        #expect(outcome.stdout.isEmpty, "no console under a service")
        #expect(!FileManager.default.fileExists(atPath: folder.path("k.sqlite")), "nothing starts without a token")
    }

    @Test func anEmptyTokenInTheEnvFileIsMissingToo() throws {
        let outcome = try serve([:], envFile: "BOT_TOKEN=\n")
        #expect(outcome.status == 78)
    }

    @Test func runWithoutATokenStillOpensTheConsole() throws {
        let outcome = try KopiykaProcess(environment: ["DATABASE_PATH": folder.path("k.sqlite"), "BOT_TOKEN": ""],
                                         workingDirectory: folder.url).run(["run"], stdin: "кава 85\n")
        #expect(outcome.status == 0)
        #expect(outcome.stdout.contains("85\u{A0}₴"))
    }

    /// The deployments start `serve`, so the rule above is what they get.
    @Test func systemdAndDockerStartServe() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let unit = try String(contentsOf: root.appendingPathComponent("deploy/kopiyka.service"), encoding: .utf8)
        let docker = try String(contentsOf: root.appendingPathComponent("deploy/Dockerfile"), encoding: .utf8)
        #expect(unit.contains("ExecStart=/usr/local/bin/kopiyka serve\n"))
        #expect(unit.contains("RestartPreventExitStatus=78"))
        #expect(docker.contains("CMD [\"serve\"]"))
    }
}
