#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What tells one version of a file from another: its inode (a file renamed into place is
/// another), size and modification time (a file rewritten in place).
struct FileStamp: Sendable, Hashable {
    let device: UInt64
    let inode: UInt64
    let size: Int64
    let modifiedSeconds: Int64
    let modifiedNanoseconds: Int64

    /// The stamp of the file at `path` now.
    init(path: String) throws(GeoIPError) {
        var info = stat()
        guard stat(path, &info) == 0 else { throw GeoIPError(cannotRead: path, errno: errno) }
        self.init(info)
    }

    /// The stamp of the open file `descriptor`.
    init(descriptor: Int32, path: String) throws(GeoIPError) {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw GeoIPError(cannotRead: path, errno: errno) }
        self.init(info)
    }

    private init(_ info: stat) {
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        #if canImport(Darwin)
        modifiedSeconds = Int64(info.st_mtimespec.tv_sec)
        modifiedNanoseconds = Int64(info.st_mtimespec.tv_nsec)
        #else
        modifiedSeconds = Int64(info.st_mtim.tv_sec)
        modifiedNanoseconds = Int64(info.st_mtim.tv_nsec)
        #endif
    }
}

extension GeoIPError {
    /// `'PATH' cannot be read: No such file or directory`, from an `errno`.
    init(cannotRead path: String, errno code: Int32) {
        self.init(message: "'\(path)' cannot be read: \(String(cString: strerror(code)))")
    }
}
