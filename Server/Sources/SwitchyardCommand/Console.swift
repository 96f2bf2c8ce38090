import Foundation

/// Where the commands write: standard output for results, standard error for failures.
enum Console {
    /// Writes one line to standard output.
    static func line(_ text: String) {
        print(text)
    }

    /// Writes one line to standard error, unbuffered.
    static func errorLine(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}
