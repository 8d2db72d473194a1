/// A cell's content as the sheet stores it.
enum SheetCell: Equatable {
    case text(String)
    /// A number as the XML writes it (`-223.22`, `45930.5`, `1.5E-2`): read exactly later.
    case number(String)

    var text: String {
        switch self {
        case .text(let text), .number(let text): text
        }
    }
}

/// One `<row>` of a worksheet: its number and its cells by column (A = 0).
struct SheetRow {
    var number: Int
    var cells: [Int: SheetCell] = [:]
}

/// The two XLSX parts a statement needs: the shared strings and the first worksheet.
///
/// Read as the part unpacks (`XMLScanner`), and bounded whatever the part holds: rows with
/// cells past `StatementReader.maximumRows` (and a few title rows), `<row>` elements past twice
/// that, cells past `maximumCells` and strings past `maximumStrings` are `.tooManyRows`, found
/// as soon as the cap is passed, with nothing after it inflated; a cell's text past
/// `XMLScanner.maximumToken` is `.damaged(.layout)`. An empty row costs no allocation.
enum SheetXML {
    /// Rows above the statement's own: a title and a header, with room to spare.
    static let headerRows = 10
    /// Why 50 a row: a statement has 10 columns; a sheet of a million cells in a few rows is
    /// no statement, and each cell read is a dictionary entry.
    static let maximumCells = 50 * StatementReader.maximumRows
    /// Why 25 a row: at most one distinct string per cell of the ten, with room to spare.
    static let maximumStrings = 25 * StatementReader.maximumRows

    /// `xl/sharedStrings.xml`: each `<si>`'s text, rich-text runs (`<r><t>`) joined, phonetic
    /// hints (`<rPh>`) left out.
    static func sharedStrings(_ part: XMLScanner) throws(StatementProblem) -> [String] {
        var scanner = part
        var strings: [String] = []
        var current: [UInt8] = [], inText = false, phonetic = 0
        while let event = try scanner.next() {
            switch event {
            case .open(let name, _, let selfClosing):
                if name.elementsEqual("si".utf8) {
                    current = []
                    guard strings.count < maximumStrings else { throw .tooManyRows(limit: StatementReader.maximumRows) }
                    if selfClosing { strings.append("") }
                } else if name.elementsEqual("rPh".utf8), !selfClosing {
                    phonetic += 1
                } else if name.elementsEqual("t".utf8) {
                    inText = !selfClosing
                }
            case .close(let name):
                if name.elementsEqual("si".utf8) { strings.append(XMLText.decode(current[...])) }
                else if name.elementsEqual("rPh".utf8) { phonetic = max(0, phonetic - 1) }
                else if name.elementsEqual("t".utf8) { inText = false }
            case .text(let raw):
                if inText, phonetic == 0 { current += raw }
                guard current.count <= XMLScanner.maximumToken else { throw .damaged(.layout) }
            case .cdata(let raw):
                // Taken literally: escape the one character `decode` would read.
                if inText, phonetic == 0 { current += Array(String(decoding: raw, as: UTF8.self).replacing("&", with: "&amp;").utf8) }
            }
        }
        return strings
    }

    /// The rows of a worksheet with their cells; a shared-string index outside `shared` leaves
    /// the cell out. Formulas give their cached value.
    static func rows(_ part: XMLScanner, shared: [String]) throws(StatementProblem) -> [SheetRow] {
        var scanner = part
        var rows: [SheetRow] = []
        var row: SheetRow?
        var column = 0, type = "", value: [UInt8] = [], capturing = false, phonetic = 0
        var lastNumber = 0, elements = 0, cells = 0
        func keep(_ finished: SheetRow) throws(StatementProblem) {
            lastNumber = finished.number
            guard !finished.cells.isEmpty else { return }
            guard rows.count < StatementReader.maximumRows + headerRows else { throw .tooManyRows(limit: StatementReader.maximumRows) }
            rows.append(finished)
        }
        while let event = try scanner.next() {
            switch event {
            case .open(let name, let attributes, let selfClosing):
                if name.elementsEqual("row".utf8) {
                    elements += 1
                    guard elements <= 2 * StatementReader.maximumRows + headerRows else { throw .tooManyRows(limit: StatementReader.maximumRows) }
                    let number = XMLScanner.attribute("r", in: attributes).flatMap { Int($0) } ?? lastNumber + 1
                    column = 0
                    if selfClosing { try keep(SheetRow(number: number)) } else { row = SheetRow(number: number) }
                } else if name.elementsEqual("c".utf8) {
                    column = XMLScanner.attribute("r", in: attributes).flatMap(columnIndex) ?? column
                    type = XMLScanner.attribute("t", in: attributes) ?? ""
                    value = []
                    if selfClosing { column += 1 }
                } else if name.elementsEqual("rPh".utf8), !selfClosing {
                    phonetic += 1
                } else if name.elementsEqual("v".utf8) || name.elementsEqual("t".utf8) {
                    capturing = !selfClosing
                }
            case .close(let name):
                if name.elementsEqual("row".utf8), let finished = row {
                    try keep(finished)
                    row = nil
                } else if name.elementsEqual("c".utf8) {
                    if row != nil, let cell = cell(type: type, value: XMLText.decode(value[...]), shared: shared) {
                        cells += 1
                        guard cells <= maximumCells else { throw .tooManyRows(limit: StatementReader.maximumRows) }
                        row?.cells[column] = cell
                    }
                    column += 1
                } else if name.elementsEqual("rPh".utf8) {
                    phonetic = max(0, phonetic - 1)
                } else if name.elementsEqual("v".utf8) || name.elementsEqual("t".utf8) {
                    capturing = false
                }
            case .text(let raw):
                if capturing, phonetic == 0 { value += raw }
                guard value.count <= XMLScanner.maximumToken else { throw .damaged(.layout) }
            case .cdata(let raw):
                if capturing, phonetic == 0 { value += Array(String(decoding: raw, as: UTF8.self).replacing("&", with: "&amp;").utf8) }
            }
        }
        return rows
    }

    private static func cell(type: String, value: String, shared: [String]) -> SheetCell? {
        switch type {
        case "s":
            guard let index = Int(value), shared.indices.contains(index) else { return nil }
            return .text(shared[index])
        case "inlineStr", "str":
            return .text(value)
        case "e":
            return nil
        default:
            return value.isEmpty ? nil : .number(value)
        }
    }

    /// `B3` → 1: the column letters of a cell reference, at most three (`XFD` is Excel's last).
    static func columnIndex(_ reference: String) -> Int? {
        let letters = reference.utf8.prefix { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }
        guard (1...3).contains(letters.count) else { return nil }
        return letters.reduce(0) { $0 * 26 + Int($1 - UInt8(ascii: "A")) + 1 } - 1
    }
}
