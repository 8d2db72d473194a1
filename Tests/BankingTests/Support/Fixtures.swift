import Foundation

/// The invented statements copied from shared/bank-statements; tests never read outside the package.
enum Fixtures {
    static func bytes(_ name: String) throws -> [UInt8] {
        let url = Bundle.module.resourceURL!.appendingPathComponent("Fixtures").appendingPathComponent(name)
        return [UInt8](try Data(contentsOf: url))
    }

    static let monobank = "monobank-black-uah-2026-10.csv"
    /// The same statement opened in Excel with Ukrainian settings and saved as "CSV
    /// (розділювач — кома)": Windows-1251, `;`, CRLF, decimal commas, balances grouped by a
    /// no-break space (`18 830,87`), the details with quotes quoted.
    static let monobankExcel = "monobank-black-uah-2026-10-excel-uk.csv"
    static let privatbank = "privatbank-card-2026-10.xlsx"
}
