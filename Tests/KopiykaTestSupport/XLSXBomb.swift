import CZlib
import Foundation

/// Issue 32's XLSX bombs: small files whose one sheet inflates to tens of megabytes, each
/// with what the bot answers its member.
public enum XLSXBomb: String, CaseIterable, Sendable {
    /// 49 MB of blanks, its size declared: refused before it unpacks.
    case declared49MB
    /// The same 49 MB declared as 31 MB: read as it unpacks, refused where it outgrows that.
    case lying49MB
    /// 5 million `<row/>` (30 MB): refused at twice the rows a statement may have.
    case emptyRows
    /// A million rows of one cell (26 MB): refused at the rows a statement may have.
    case millionRows
    /// 5 million nested elements (15 MB): no sheet's layout.
    case nested

    /// The start of the member's answer (Ukrainian).
    public var answer: String {
        switch self {
        case .declared49MB: "📄 Файл завеликий"
        case .lying49MB, .nested: "📄 Файл пошкоджений"
        case .emptyRows, .millionRows: "📄 Виписка задовга"
        }
    }

    /// The file, built in a second or two.
    public var file: Data {
        let (body, declared): (String, Int?) = switch self {
        case .declared49MB: (String(repeating: " ", count: 49 << 20), nil)
        case .lying49MB: (String(repeating: " ", count: 49 << 20), 31 << 20)
        case .emptyRows: (String(repeating: "<row/>", count: 5_000_000), nil)
        case .millionRows: (String(repeating: "<row><c><v>1</v></c></row>", count: 1_000_000), nil)
        case .nested: (String(repeating: "<a>", count: 5_000_000), nil)
        }
        let sheet = Array(("<worksheet><sheetData>" + body + "</sheetData></worksheet>").utf8)
        return Data(Self.zip(name: "xl/worksheets/sheet1.xml", sheet, declaredSize: declared ?? sheet.count))
    }

    /// A one-part ZIP, deflated, its size as `declaredSize` says.
    static func zip(name: String, _ bytes: [UInt8], declaredSize: Int) -> [UInt8] {
        var length = compressBound(UInt(bytes.count))
        var deflated = [UInt8](repeating: 0, count: Int(length))
        let status = deflated.withUnsafeMutableBufferPointer { target in
            bytes.withUnsafeBufferPointer { compress2(target.baseAddress, &length, $0.baseAddress, UInt(bytes.count), 9) }
        }
        precondition(status == Z_OK)
        let data = Array(deflated[2..<(Int(length) - 4)])  // zlib's header and Adler-32 off: raw deflate.
        let crc = UInt32(truncatingIfNeeded: bytes.withUnsafeBufferPointer { CZlib.crc32(0, $0.baseAddress, UInt32($0.count)) })
        func le16(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)] }
        func le32(_ value: Int) -> [UInt8] { le16(value & 0xFFFF) + le16(value >> 16 & 0xFFFF) }
        let nameBytes = Array(name.utf8)
        let sizes = le32(Int(crc)) + le32(data.count) + le32(declaredSize) + le16(nameBytes.count)
        let local = le32(0x0403_4B50) + le16(20) + le16(0) + le16(8) + le32(0) + sizes + le16(0) + nameBytes
        let central = le32(0x0201_4B50) + le16(20) + le16(20) + le16(0) + le16(8) + le32(0) + sizes
            + le16(0) + le16(0) + le16(0) + le16(0) + le32(0) + le32(0) + nameBytes
        let start = local.count + data.count
        return local + data + central + le32(0x0605_4B50) + le32(0) + le16(1) + le16(1) + le32(central.count) + le32(start) + le16(0)
    }
}
