import CZlib

/// Writes the ZIP archives tests need, including broken ones: a part's CRC or declared size
/// can be set to lie.
struct ZipPart {
    var name: String
    var bytes: [UInt8]
    var deflate = true
    var crc: UInt32?
    var declaredSize: Int?
}

enum ZipWriter {
    static func archive(_ parts: [ZipPart]) -> [UInt8] {
        var out: [UInt8] = [], directory: [UInt8] = []
        for part in parts {
            let data = part.deflate ? rawDeflate(part.bytes) : part.bytes
            let crc = part.crc ?? crc32(part.bytes)
            let size = UInt32(part.declaredSize ?? part.bytes.count)
            let name = Array(part.name.utf8)
            let offset = UInt32(out.count)
            let method: UInt16 = part.deflate ? 8 : 0
            out += le32(0x0403_4B50) + le16(20) + le16(0) + le16(method) + le16(0) + le16(0x5B77)
            out += le32(crc) + le32(UInt32(data.count)) + le32(size) + le16(UInt16(name.count)) + le16(0) + name + data
            directory += le32(0x0201_4B50) + le16(20) + le16(20) + le16(0) + le16(method) + le16(0) + le16(0x5B77)
            directory += le32(crc) + le32(UInt32(data.count)) + le32(size) + le16(UInt16(name.count))
            directory += le16(0) + le16(0) + le16(0) + le16(0) + le32(0) + le32(offset) + name
        }
        let start = UInt32(out.count)
        out += directory
        out += le32(0x0605_4B50) + le16(0) + le16(0) + le16(UInt16(parts.count)) + le16(UInt16(parts.count))
        out += le32(UInt32(directory.count)) + le32(start) + le16(0)
        return out
    }

    /// zlib's `compress2` output without its 2-byte header and 4-byte Adler-32 trailer: the
    /// raw deflate stream a ZIP holds.
    static func rawDeflate(_ bytes: [UInt8]) -> [UInt8] {
        var length = compressBound(UInt(bytes.count))
        var out = [UInt8](repeating: 0, count: Int(length))
        let status = out.withUnsafeMutableBufferPointer { target in
            bytes.withUnsafeBufferPointer { compress2(target.baseAddress, &length, $0.baseAddress, UInt(bytes.count), 9) }
        }
        precondition(status == Z_OK)
        return Array(out[2..<(Int(length) - 4)])
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        UInt32(truncatingIfNeeded: bytes.withUnsafeBufferPointer { CZlib.crc32(0, $0.baseAddress, UInt32($0.count)) })
    }

    private static func le16(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
    private static func le32(_ value: UInt32) -> [UInt8] { le16(UInt16(value & 0xFFFF)) + le16(UInt16(value >> 16)) }
}

/// A workbook in PrivatBank's layout, built cell by cell.
enum XLSXWriter {
    enum Cell {
        case inline(String)
        /// A string from `xl/sharedStrings.xml`; its XML is written as given (runs, entities).
        case shared(String)
        case number(String)
    }

    static let header: [Cell] = ["Дата", "Категорія", "Картка", "Опис операції", "Сума в валюті картки", "Валюта картки",
                                 "Сума в валюті транзакції", "Валюта транзакції", "Залишок на кінець періоду", "Валюта залишку"]
        .map { .inline($0) }

    static let title: [Cell] = [.inline("Виписка з Ваших карток за період 01.10.2026 - 31.10.2026")]

    /// The sheet XML and the shared strings XML of `rows` (row 1 first).
    static func parts(_ rows: [[Cell]], prefix: String = "") -> (sheet: String, shared: String) {
        var shared: [String] = []
        var sheet = "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\n<\(prefix)worksheet><\(prefix)sheetData>"
        for (r, row) in rows.enumerated() {
            sheet += "<\(prefix)row r=\"\(r + 1)\">"
            for (c, cell) in row.enumerated() {
                let ref = String(UnicodeScalar(UInt8(65 + c))) + String(r + 1)
                switch cell {
                case .inline(let text): sheet += "<\(prefix)c r=\"\(ref)\" t=\"inlineStr\"><\(prefix)is><\(prefix)t>\(text)</\(prefix)t></\(prefix)is></\(prefix)c>"
                case .shared(let xml):
                    sheet += "<\(prefix)c r=\"\(ref)\" t=\"s\"><\(prefix)v>\(shared.count)</\(prefix)v></\(prefix)c>"
                    shared.append(xml)
                case .number(let text): sheet += "<\(prefix)c r=\"\(ref)\"><\(prefix)v>\(text)</\(prefix)v></\(prefix)c>"
                }
            }
            sheet += "</\(prefix)row>"
        }
        sheet += "</\(prefix)sheetData></\(prefix)worksheet>"
        let sst = "<sst count=\"\(shared.count)\">" + shared.map { "<si>\($0)</si>" }.joined() + "</sst>"
        return (sheet, sst)
    }

    static func workbook(_ rows: [[Cell]], deflate: Bool = true, prefix: String = "") -> [UInt8] {
        let (sheet, shared) = parts(rows, prefix: prefix)
        return ZipWriter.archive([
            ZipPart(name: "[Content_Types].xml", bytes: Array("<Types/>".utf8), deflate: deflate),
            ZipPart(name: "xl/worksheets/sheet1.xml", bytes: Array(sheet.utf8), deflate: deflate),
            ZipPart(name: "xl/sharedStrings.xml", bytes: Array(shared.utf8), deflate: deflate),
        ])
    }

    /// One ordinary row: a purchase of `amount` (a negative decimal) in hryvnias.
    static func purchase(_ date: String, _ amount: String, description: String = "Сільпо") -> [Cell] {
        [.inline(date), .inline("Продукти харчування"), .inline("5168 **** **** 4321"), .inline(description),
         .number(amount), .inline("грн"), .number(String(amount.drop { $0 == "-" })), .inline("грн")]
    }
}
