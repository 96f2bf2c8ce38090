import Foundation

/// The folders a test binary may have been built into: the running executable's folder on Linux
/// (`.build/<triple>/debug/`), the `.xctest` bundle's folder on macOS.
enum BuildFolder {
    static let candidates: [URL] = {
        var folders: [URL] = []
        if let own = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            folders.append(URL(fileURLWithPath: own).deletingLastPathComponent())
        }
        folders += Bundle.allBundles.map(\.bundleURL).filter { $0.pathExtension == "xctest" }
            .map { $0.deletingLastPathComponent() }
        folders.append(
            URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent())
        return folders
    }()

    /// The first candidate folder (or its `subfolder`) holding `name`.
    static func find(_ name: String, in subfolders: [String] = ["."]) -> URL? {
        for folder in candidates {
            for subfolder in subfolders {
                let url = folder.appendingPathComponent(subfolder).appendingPathComponent(name)
                if FileManager.default.fileExists(atPath: url.path) { return url }
            }
        }
        return nil
    }
}
