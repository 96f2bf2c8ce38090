import Foundation
@testable import SwitchyardService
import Testing

@Suite struct CSVReaderTests {
    func records(_ text: String) throws -> [CSVReader.Record] {
        var reader = CSVReader(source: ByteSource(text: text))
        var records: [CSVReader.Record] = []
        while let record = try reader.next() { records.append(record) }
        return records
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let text: String
        let expected: [CSVReader.Record]
        var testDescription: String { text.debugDescription }
    }

    static let cases: [Case] = [
        Case(text: "a,b\n1,2\n", expected: [.fields(["a", "b"], line: 1), .fields(["1", "2"], line: 2)]),
        Case(text: "a,b\r\n1,2\r\n", expected: [.fields(["a", "b"], line: 1), .fields(["1", "2"], line: 2)]),
        Case(text: "a,b\r\n1,2", expected: [.fields(["a", "b"], line: 1), .fields(["1", "2"], line: 2)]),
        Case(text: "\u{FEFF}Short Link,Long Link\n", expected: [.fields(["Short Link", "Long Link"], line: 1)]),
        Case(text: #""a,b","say ""hi""",""\#n"#, expected: [.fields(["a,b", "say \"hi\"", ""], line: 1)]),
        Case(text: "\"two\r\nlines\",x\nnext,y\n", expected: [.fields(["two\r\nlines", "x"], line: 1), .fields(["next", "y"], line: 3)]),
        Case(text: ",\n", expected: [.fields(["", ""], line: 1)]),
        Case(text: "ok,1\nbad\"quote,2\nok,3\n", expected: [
            .fields(["ok", "1"], line: 1),
            .failure("a quote inside an unquoted field (quote the field and write the quote as \"\")", line: 2),
            .fields(["ok", "3"], line: 3)]),
        Case(text: "\"closed\"then,1\nok,2\n", expected: [
            .failure("text after a closing quote (a quote inside a field must be written \"\")", line: 1),
            .fields(["ok", "2"], line: 2)]),
        Case(text: "ok,1\n\"never closed,2\nstill,3\n", expected: [
            .fields(["ok", "1"], line: 1), .failure("a quoted field is never closed (missing '\"')", line: 2)]),
    ]

    @Test(arguments: cases)
    func readsRFC4180(case: Case) throws {
        #expect(try records(`case`.text) == `case`.expected)
    }

    @Test func invalidUTF8IsAFailureOfItsRecord() throws {
        var bytes = Array("ok,1\nbad,".utf8)
        bytes += [0xFF, 0xFE]
        bytes += Array("\nok,3\n".utf8)
        var reader = CSVReader(source: ByteSource(bytes: bytes))
        var records: [CSVReader.Record] = []
        while let record = try reader.next() { records.append(record) }
        #expect(records == [.fields(["ok", "1"], line: 1), .failure("the record is not UTF-8", line: 2), .fields(["ok", "3"], line: 3)])
    }

    @Test func aFileIsReadInChunksAcrossRecordBoundaries() throws {
        // Records that straddle the 64 KB chunks, with quoted fields and CRLF at the seams.
        let row = "\"https://example.page.link/abc\",\"https://example.page.link/?link=https%3A%2F%2Fshop.example.com%2Fx&st=a,b\"\r\n"
        let count = 3 * ByteSource.chunkSize / row.utf8.count + 7
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("csv-\(UUID().uuidString).csv")
        try Data(String(repeating: row, count: count).utf8).write(to: scratch)
        defer { try? FileManager.default.removeItem(at: scratch) }
        var reader = CSVReader(source: try ByteSource(path: scratch.path))
        var read = 0
        while let record = try reader.next() {
            guard case .fields(let fields, let line) = record else { Issue.record("failure \(record)"); return }
            #expect(fields == ["https://example.page.link/abc", "https://example.page.link/?link=https%3A%2F%2Fshop.example.com%2Fx&st=a,b"])
            #expect(line == read + 1)
            read += 1
        }
        #expect(read == count)
        #expect(reader.bytesRead == count * row.utf8.count)
    }
}
