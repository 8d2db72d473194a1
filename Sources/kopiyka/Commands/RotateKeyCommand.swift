import FoundationEssentials
import Ledger

/// `kopiyka rotate-key`: every Monobank token sealed again under a new key
/// (`Ledger.rotateMonobankKey`), with the bot stopped. Prints counts, never a token.
struct RotateKeyCommand {
    init(options: [String]) throws(ExitError) {
        _ = try CommandLineInterface.arguments(options, of: "rotate-key")
    }

    func run() throws(ExitError) {
        let app = App(configuration: try loadConfiguration())
        let rotation: KeyRotation
        do {
            let lock = try DatabaseLock.acquire(databasePath: app.configuration.databasePath, purpose: "kopiyka rotate-key")
            let ledger = try app.openLedger()
            rotation = try withExtendedLifetime(lock) { try ledger.rotateMonobankKey() }
        } catch let error as ExitError {
            throw error
        } catch {
            throw ExitError("rotate-key refused: \(error); the key and the tokens are as they were")
        }
        print("sealed \(rotation.resealed) Monobank tokens under a new key in \(rotation.keyPath); the old key is gone")
        if rotation.unreadable > 0 {
            print("\(rotation.unreadable) tokens could not be opened with the old key: those members connect Monobank again")
        }
        print("backups made before now hold tokens only the old key opened: after restoring one, members connect Monobank again")
    }
}
