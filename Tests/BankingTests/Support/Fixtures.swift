import Foundation

/// The invented statements copied from shared/bank-statements; tests never read outside the package.
enum Fixtures {
    static func bytes(_ name: String) throws -> [UInt8] {
        let url = Bundle.module.resourceURL!.appendingPathComponent("Fixtures").appendingPathComponent(name)
        return [UInt8](try Data(contentsOf: url))
    }

    static let monobank = "monobank-black-uah-2026-10.csv"
    static let privatbank = "privatbank-card-2026-10.xlsx"
}
