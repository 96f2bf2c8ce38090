import Foundation

/// MaxMind-format country databases the tests write with a tool from the package registries
/// (PyPI's mmdb-writer, through `scripts/geoip-fixture`, which installs it when missing).
package enum GeoIPFixture {
    /// The script, in the repository.
    static let script = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("scripts/geoip-fixture")

    /// Writes a database at `path` mapping each network (`81.2.69.0/24`) to its country (`GB`);
    /// `registered` ones carry only `registered_country`.
    package static func write(to path: String, _ networks: [String: String], registered: [String: String] = [:]) throws {
        var arguments = [script.path, path] + networks.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        if !registered.isEmpty { arguments += ["--registered"] + registered.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" } }
        let run = try Switchyard.run(Array(arguments.dropFirst()), executable: URL(fileURLWithPath: arguments[0]))
        guard run.status == 0 else {
            throw FixtureError(description: "scripts/geoip-fixture failed (\(run.status)): \(run.standardError)")
        }
    }

    struct FixtureError: Error, CustomStringConvertible {
        let description: String
    }
}
