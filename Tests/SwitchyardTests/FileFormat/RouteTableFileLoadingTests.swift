import Foundation
import Switchyard
import Testing

@Suite struct RouteTableFileLoadingTests {
    /// A fresh directory per test, removed when the test ends.
    final class TemporaryDirectory {
        let url: URL
        init() throws {
            url = FileManager.default.temporaryDirectory.appendingPathComponent("switchyard-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
        }
        deinit { try? FileManager.default.removeItem(at: url) }

        func write(_ name: String, _ contents: Data) throws -> String {
            let file = url.appendingPathComponent(name)
            try contents.write(to: file)
            return file.path
        }
    }

    @Test func loadsTheDesignExampleFromDisk() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("routes.json", Data(RouteTableFileParsingTests.designExample.utf8))
        let configuration = try RouteTableFile.load(path: path)
        #expect(configuration == (try RouteTableFile.parse(RouteTableFileParsingTests.designExample, fileName: "x")))
        #expect(configuration.routes.count == 4)
        #expect(configuration.apps.android.first?.package == "com.example.shop")
    }

    @Test func errorsInAFileOnDiskNameThePath() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write(
            "bad.json", Data("{\"routes\": [\n  {\"pattern\": \"a\", \"name\": true}\n]}".utf8))
        let error = #expect(throws: RouteTableFileError.self) { try RouteTableFile.load(path: path) }
        #expect(error?.description == "\(path): route 1 ('a'): 'name' must be a string")
    }

    @Test func missingFileIsACannotReadError() throws {
        let directory = try TemporaryDirectory()
        let path = directory.url.appendingPathComponent("routes.json").path
        let error = #expect(throws: RouteTableFileError.self) { try RouteTableFile.load(path: path) }
        #expect(error?.description == "\(path): cannot read file: No such file or directory")
        #expect(error?.code == .cannotReadFile)
    }

    @Test func directoryIsACannotReadError() throws {
        let directory = try TemporaryDirectory()
        let error = #expect(throws: RouteTableFileError.self) { try RouteTableFile.load(path: directory.url.path) }
        #expect(error?.description == "\(directory.url.path): cannot read file: Is a directory")
    }

    @Test func fileOverTheLimitIsRejectedAndOneAtTheLimitIsRead() throws {
        let directory = try TemporaryDirectory()
        let limit = RouteTableFile.maximumFileSize
        #expect(limit == 16 * 1024 * 1024)
        let document = Array(#"{"routes": ["a"]}"#.utf8)
        // Pad with whitespace, which JSON allows, to exactly the limit and one byte beyond it.
        let atLimit = try directory.write(
            "at.json", Data(document + Array(repeating: 0x20, count: limit - document.count)))
        #expect(try RouteTableFile.load(path: atLimit).routes == [RouteDefinition("a")])

        let over = try directory.write(
            "over.json", Data(document + Array(repeating: 0x20, count: limit - document.count + 1)))
        let error = #expect(throws: RouteTableFileError.self) { try RouteTableFile.load(path: over) }
        #expect(error?.description == "\(over): file is larger than 16 MiB")
        #expect(error?.code == .fileTooLarge)
    }

    @Test func emptyFileIsASyntaxError() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("empty.json", Data())
        let error = #expect(throws: RouteTableFileError.self) { try RouteTableFile.load(path: path) }
        #expect(error?.description == "\(path): line 1, column 1: unexpected end of input, expected a value")
    }
}
