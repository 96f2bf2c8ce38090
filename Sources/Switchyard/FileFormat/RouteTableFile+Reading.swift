#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Android)
    import Android
#elseif canImport(Darwin)
    import Darwin
#else
    import Foundation
#endif

extension RouteTableFile {
    enum ReadFailure: Error {
        /// The operating system's message, such as `No such file or directory`.
        case system(String)
        case tooLarge
    }

    /// Reads a whole file, refusing files longer than `limit` bytes without reading past the limit.
    static func readFile(atPath path: String, limit: Int) -> Result<[UInt8], ReadFailure> {
        #if canImport(Glibc) || canImport(Musl) || canImport(Android) || canImport(Darwin)
            let descriptor = open(path, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { return .failure(.system(lastErrorMessage())) }
            defer { close(descriptor) }
            var contents: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 64 << 10)
            while true {
                let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count < 0 {
                    if errno == EINTR { continue }
                    return .failure(.system(lastErrorMessage()))
                }
                if count == 0 { return .success(contents) }
                guard contents.count + count <= limit else { return .failure(.tooLarge) }
                contents.append(contentsOf: chunk[..<count])
            }
        #else
            guard let data = FileManager.default.contents(atPath: path) else {
                return .failure(.system("cannot open the file"))
            }
            return data.count <= limit ? .success(Array(data)) : .failure(.tooLarge)
        #endif
    }

    #if canImport(Glibc) || canImport(Musl) || canImport(Android) || canImport(Darwin)
        private static func lastErrorMessage() -> String {
            String(cString: strerror(errno))
        }
    #endif
}
