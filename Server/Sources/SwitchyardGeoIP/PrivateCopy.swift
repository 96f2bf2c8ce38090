import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A copy of a database file in the temporary folder, made for libmaxminddb to map.
///
/// libmaxminddb maps the file it opens. An operator who rewrites the database in place, rather
/// than renaming a new file into place, would change (or truncate: SIGBUS) the bytes under running
/// lookups; a private copy never changes. The caller unlinks it once opened, so the mapping is the
/// copy's last reference and the space is freed when the database is closed.
struct PrivateCopy {
    /// Where the copy is.
    let path: String
    /// The version of the original that was copied (taken from the open file, so it matches the bytes).
    let stamp: FileStamp

    /// Copies the file at `original`.
    init(of original: String) throws(GeoIPError) {
        let source = open(original, O_RDONLY | O_CLOEXEC)
        guard source >= 0 else { throw GeoIPError(cannotRead: original, errno: errno) }
        defer { close(source) }
        stamp = try FileStamp(descriptor: source, path: original)

        let folder = FileManager.default.temporaryDirectory
        var template = Array(folder.appendingPathComponent("switchyard-geoip-XXXXXX").path.utf8CString)
        let target = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard target >= 0 else { throw GeoIPError(cannotCopy: original, errno: errno) }
        defer { close(target) }
        path = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        do throws(GeoIPError) {
            try Self.copy(from: source, to: target, original: original)
        } catch {
            unlink(path)
            throw error
        }
    }

    private static func copy(from source: Int32, to target: Int32, original: String) throws(GeoIPError) {
        let size = 1 << 20
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
        defer { buffer.deallocate() }
        while true {
            let count = read(source, buffer, size)
            if count == 0 { return }
            if count < 0 {
                if errno == EINTR { continue }
                throw GeoIPError(cannotRead: original, errno: errno)
            }
            var written = 0
            while written < count {
                let step = write(target, buffer + written, count - written)
                if step < 0 {
                    if errno == EINTR { continue }
                    throw GeoIPError(cannotCopy: original, errno: errno)
                }
                written += step
            }
        }
    }
}

extension GeoIPError {
    /// `'PATH' could not be copied to the temporary folder: No space left on device`, from an `errno`.
    init(cannotCopy path: String, errno code: Int32) {
        self.init(message: "'\(path)' could not be copied to the temporary folder: \(String(cString: strerror(code)))")
    }
}
