import Banking
import Glibc
import Ledger
import TelegramClient

/// Faults only tests switch on, through `KOPIYKA_FAULT_INJECTION`, to prove on the real
/// binary that a crash costs one update or one job and never the bot:
///
/// - `trap-on-text:<marker>`: the process traps while handling a message whose text holds
///   the marker (after its attempt is counted, inside its transaction), or while storing a
///   Monobank feed row whose description holds it;
/// - `throw-on-text:<marker>`: handling it throws instead;
/// - `trap-in-job:<kind>`, `throw-in-job:<kind>`: the same in a scheduled job (`digest`,
///   `monthly`, `export`), in storing a Monobank feed window (`monobank`), or in parsing a
///   statement file on its own thread (`statement-parse`);
/// - `stall-in-job:statement-parse`: parsing a statement file takes 3 s longer.
///
/// The bot logs a warning at start while one is set.
public struct FaultInjection: Sendable, CustomStringConvertible {
    enum Action: String, Sendable {
        case trap
        case `throw`
        /// Sleeps 3 s where it strikes: on a thread of its own, never the bot's.
        case stall
    }

    enum Trigger: Sendable, Equatable {
        case text(String)
        case job(String)
    }

    let fault: (action: Action, trigger: Trigger)?

    public static let none = FaultInjection(fault: nil)

    private init(fault: (action: Action, trigger: Trigger)?) { self.fault = fault }

    /// nil for anything but the forms above.
    public init?(_ spec: String) {
        guard let colon = spec.firstIndex(of: ":") else { return nil }
        let argument = String(spec[spec.index(after: colon)...])
        let parts = spec[..<colon].split(separator: "-", maxSplits: 1).map(String.init)
        guard parts.count == 2, !argument.isEmpty, let action = Action(rawValue: parts[0]) else { return nil }
        switch parts[1] {
        case "on-text": fault = (action, .text(argument))
        case "in-job": fault = (action, .job(argument))
        default: return nil
        }
    }

    public var description: String {
        guard let fault else { return "none" }
        switch fault.trigger {
        case .text(let marker): return "\(fault.action.rawValue)-on-text:\(marker)"
        case .job(let kind): return "\(fault.action.rawValue)-in-job:\(kind)"
        }
    }

    func check(_ update: Update) throws {
        guard let fault, case .text(let marker) = fault.trigger else { return }
        let message: Message? = switch update.kind {
        case .message(let message), .editedMessage(let message): message
        default: nil
        }
        guard let text = message.flatMap({ $0.text ?? $0.caption }), text.contains(marker) else { return }
        try strike(fault.action, at: "update \(update.updateID)")
    }

    /// Strikes when a bank row's description holds the text marker: a feed item that crashes.
    func check(_ facts: [BankFact]) throws {
        guard let fault, case .text(let marker) = fault.trigger,
              let fact = facts.first(where: { $0.description.contains(marker) }) else { return }
        try strike(fault.action, at: "bank row \(fact.bankID.map { String($0.prefix(40)) } ?? "?")")
    }

    func check(_ job: AttemptKey) throws {
        guard let fault, case .job(let kind) = fault.trigger, job.kind == kind else { return }
        try strike(fault.action, at: job.description)
    }

    private func strike(_ action: Action, at place: String) throws {
        switch action {
        case .trap: fatalError("KOPIYKA_FAULT_INJECTION: trapping at \(place)")
        case .throw: throw InjectedFault(place: place)
        case .stall: usleep(3_000_000)
        }
    }
}

struct InjectedFault: Error, CustomStringConvertible {
    let place: String
    var description: String { "fault injected at \(place) (KOPIYKA_FAULT_INJECTION)" }
}
